"""`loc(...)` read with MLIR's location grammar (syntax/location.py): the first mistake, in MLIR's
words, at the token MLIR's location parser stops at, and nothing else of the grammar's on that
line; well-formed locations get nothing. Each case is also run through mlir-opt 22 when here."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from tests.mlir_oracle import assert_mlir_opt_agrees, needs_mlir_opt


def _wrap(location: str) -> str:
    return "func.func @f() {\n  return " + location + "\n}\n"


# Each location with the token MLIR stops at between `⟨` and `⟩` (empty: MLIR ran out of the
# location, and the diagnostic sits right after its last token), then MLIR's message.
CASES = [
    ("loc⟨⟩)", "expected '(' in location"),
    ("loc(unknown⟨⟩", "expected ')' in location"),
    ("loc(⟨)⟩", "expected location instance"),
    ('loc("foo"(unknown⟨]⟩)', "expected ')' after child location of NameLoc"),
    ("loc(callsite ⟨unknown⟩", "expected '(' in callsite location"),
    ("loc(callsite( ⟨at⟩ )", "expected location instance"),
    ("loc(callsite(unknown ⟨unknown⟩)", "expected 'at' in callsite location"),
    ("loc(callsite(unknown at ⟨)⟩", "expected location instance"),
    ("loc(callsite( unknown at unknown⟨⟩", "expected ')' in callsite location"),
    ("loc(fused<true ⟨[⟩unknown])", "expected '>' after fused location metadata"),
    ("loc(fused<⟨)⟩", "expected attribute value"),
    ("loc(fused<true>⟨unknown⟩])", "expected '[' in fused location"),
    ("loc(fused[unknown⟨)⟩", "expected ']' in fused location"),
]

WELL_FORMED = [
    "loc(unknown)", 'loc("f.py":1:2)', 'loc("a"("b":3:4))', 'loc(callsite("a" at "b":1:2))',
    'loc(fused["a":1:2, unknown])', 'loc(fused<{k = [1, 2]}>[unknown])',
    'loc(callsite(callsite("x" at unknown) at fused[unknown]))',
    # fused metadata that is itself bracketed or a location
    'loc(fused<loc("nested")>["t.mlir":10:8])',
    'loc(fused<memref<1xi32, affine_map<(d0) -> (d0)>>>["t.mlir":10:8])',
]


def test_loc_as_an_affine_symbol() -> None:
    """`loc` is a location only where an op's location may stand: in a map it is a symbol."""
    text = "#m = affine_map<(d0, d1)[step, loc] -> (step - d0, loc - d1)>\n"
    assert DocumentAnalysis("file:///loc.mlir", text).diagnostics() == []


def test_dialect_location() -> None:
    """A dialect's own location attribute (mlir-opt needs its dialect, so it is not asked)."""
    text = _wrap('loc(#d.custom_location<"foo.mlir" * 1234>)')
    assert DocumentAnalysis("file:///loc.mlir", text).diagnostics() == []


@pytest.mark.parametrize(("marked", "message"), CASES)
def test_location_mistake(marked: str, message: str) -> None:
    location = marked.replace("⟨", "").replace("⟩", "")
    text = _wrap(location)
    begin = text.index(location) + marked.index("⟨")
    end = begin + marked.index("⟩") - marked.index("⟨") - 1
    diagnostics = DocumentAnalysis("file:///loc.mlir", text).diagnostics()
    assert [(d.message, d.span.start, d.span.end) for d in diagnostics] == [(message, begin, end)]


@pytest.mark.parametrize("location", WELL_FORMED)
def test_well_formed_location(location: str) -> None:
    assert DocumentAnalysis("file:///loc.mlir", _wrap(location)).diagnostics() == []


@needs_mlir_opt
def test_mlir_opt_agrees() -> None:
    assert_mlir_opt_agrees([(marked.replace("⟨", "").replace("⟩", ""), message) for marked, message in CASES],
                           [_wrap(location) for location in WELL_FORMED], wrap=_wrap)
