"""Syntax stage: the project's tree-sitter grammar, incremental parsing, CST helpers."""
from .parser import LANGUAGE, WIDE_NODE, SyntaxTree, apply_edit, captures, parse, parse_range, parse_ranges, query, wide_nodes
from .errors import syntax_diagnostics

__all__ = ["LANGUAGE", "WIDE_NODE", "SyntaxTree", "apply_edit", "captures", "parse", "parse_range", "parse_ranges", "query", "syntax_diagnostics",
           "wide_nodes"]
