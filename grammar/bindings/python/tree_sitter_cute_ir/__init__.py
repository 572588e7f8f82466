"""The cute-ir tree-sitter grammar: `language()` returns the PyCapsule for tree_sitter.Language."""
from importlib.resources import files as _files

from ._binding import language

__all__ = ["language", "query_source"]


def query_source(name: str) -> str:
    """Text of one of the grammar's queries (highlights, locals, folds, tags)."""
    return (_files(__package__) / "queries" / f"{name}.scm").read_text(encoding="utf-8")
