"""A bounded slice of the burst fuzzer (tests/fuzz/burst_fuzz.py) with a fixed seed."""
from __future__ import annotations

import random

from .burst_fuzz import Edit, apply, random_edit, run


def test_burst_fuzz_slice(tmp_path):
    assert run(21, seconds=3.0, lines=600, batch=30, hang=30.0, out=tmp_path) > 0


def test_edits_apply_in_utf16_columns_as_the_server_applies_them():
    text = "a\U0001d11eb = c\nsecond"
    assert apply(text, Edit(0, 3, 1, "X")) == "a\U0001d11eX = c\nsecond"   # the clef is two code units
    assert apply(text, Edit(0, 1, 2, "")) == "ab = c\nsecond"
    rng = random.Random(5)
    for _ in range(200):
        edit = random_edit(text, rng)
        text = apply(text, edit)
    assert isinstance(text, str)
