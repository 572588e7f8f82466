"""Diagnostic records and the catalogue of verbatim spec messages."""
from .diagnostic import Diagnostic, Related, Severity, Source, Span

__all__ = ["Diagnostic", "Related", "Severity", "Source", "Span"]
