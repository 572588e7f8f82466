"""A document's analysis: text -> CST -> per-unit diagnostics and IR, kept up to date per edit
(`document.py`; units, findings and verification in the modules beside it)."""
from .document import MAX_ANALYSED_BYTES, DocumentAnalysis, Settings
from .units import CONTAINER_OPS, PerUnit, Unit

__all__ = ["CONTAINER_OPS", "DocumentAnalysis", "MAX_ANALYSED_BYTES", "PerUnit", "Settings", "Unit"]
