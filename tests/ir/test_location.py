"""Derived locations lead back to the user's text and name the passes in between."""
from cute_ir.diagnostics import Span
from cute_ir.text.location import UNKNOWN, FusedLoc, NameLoc, SourceLoc, derived, provenance, source_span


def test_a_derived_chain_leads_back_to_the_source_and_lists_its_passes() -> None:
    user = SourceLoc(Span(5, 9))
    twice = derived("second", derived("first", NameLoc("alias", user)))
    assert source_span(twice) == Span(5, 9)
    assert provenance(twice) == ["second", "first"]


def test_unknown_and_plain_fused_locations() -> None:
    assert source_span(UNKNOWN) is None and provenance(UNKNOWN) == []
    fused = FusedLoc((UNKNOWN, SourceLoc(Span(1, 2))), "not a pass")
    assert source_span(fused) == Span(1, 2) and provenance(fused) == []


def test_long_chains_do_not_recurse() -> None:
    location = SourceLoc(Span(0, 1))
    for i in range(50_000):
        location = derived(f"p{i}", location)
    assert source_span(location) == Span(0, 1)
    assert len(provenance(location)) == 50_000
