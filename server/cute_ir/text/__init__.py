"""Documents, positions (LSP UTF-16 <-> UTF-8 bytes) and edits."""
from .document import Document, TextEdit
from .positions import LineIndex, Position, Range

__all__ = ["Document", "LineIndex", "Position", "Range", "TextEdit"]
