"""Bracket-aware splitting of a piece of MLIR text (a type's or an attribute's parameters)."""
from __future__ import annotations


def top_level_parameters(text: str) -> list[str]:
    """`a, b<c, d>, e` split at the commas outside brackets.

    The `>` of an arrow (`(i32) -> i32`, a function type among the parameters) closes nothing.
    """
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch == ">" and i > 0 and text[i - 1] == "-":
            continue
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts
