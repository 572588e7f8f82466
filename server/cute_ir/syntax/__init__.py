"""Syntax stage: the project's tree-sitter grammar, incremental parsing, CST helpers."""
from .parser import LANGUAGE, SyntaxTree, apply_edit, parse, parse_range, query
from .errors import syntax_diagnostics

__all__ = ["LANGUAGE", "SyntaxTree", "apply_edit", "parse", "parse_range", "query", "syntax_diagnostics"]
