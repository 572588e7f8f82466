"""The cute-ir tree-sitter grammar: `language()` returns the PyCapsule for tree_sitter.Language."""
import os as _os

from ._binding import language

__all__ = ["language", "query_source"]


def query_source(name: str) -> str:
    """Text of one of the grammar's queries (highlights, locals, folds, tags)."""
    # A path beside this file, not importlib.resources: that import costs the language server's
    # first publish more than reading the queries does.
    with open(_os.path.join(_os.path.dirname(__file__), "queries", f"{name}.scm"), encoding="utf-8") as file:
        return file.read()
