"""Splitting a type's or an attribute's parameters at their top-level commas."""
from __future__ import annotations

import pytest

from cute_ir.text.brackets import top_level_parameters


@pytest.mark.parametrize(("text", "parts"), [
    ("a, b<c, d>, e", ["a", "b<c, d>", "e"]),
    # The `>` of an arrow closes no bracket: the comma after a function type still splits.
    ("(i32) -> i32, f32", ["(i32) -> i32", "f32"]),
    ("!llvm.func<i32 (i32)>, (f32) -> (f32, f16), index", ["!llvm.func<i32 (i32)>", "(f32) -> (f32, f16)", "index"]),
    ("x<(i8) -> i8, i1>, y", ["x<(i8) -> i8, i1>", "y"]),
])
def test_top_level_parameters(text: str, parts: list[str]) -> None:
    assert top_level_parameters(text) == parts
