"""The diagnostic catalogue against the spec pages it transcribes.

Messages are a byte-for-byte contract, so these tests read the spec text itself rather than a
copy: every row must be findable on the page it names, and every message-like quoted string on
a page must be a catalogue row (or be listed below as deliberately not a diagnostic).
"""
from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import pytest

from cute_ir.diagnostics import Diagnostic, Related, Severity, Source, Span
from cute_ir.diagnostics.catalogue import (
    CALLBACK_FORMATS,
    CATALOGUE,
    PAGES,
    by_page,
    get,
    literal_fragments,
    make,
)

SPEC_DIR = Path(__file__).parents[2].parent / "shared" / "spec"

needs_spec = pytest.mark.skipif(
    not SPEC_DIR.is_dir(), reason=f"spec pages not found at {SPEC_DIR}"
)

# The page renders the unknown-type example with one space ("unknown type `<mnem>`") while its
# prose states that the literal has two; the catalogue follows the prose. For this row the
# page check compares with whitespace runs collapsed.
WHITESPACE_COLLAPSED_ON_PAGE = {"types.unknown-type"}

# Quoted strings that look like messages but are not diagnostics. Identifiers without spaces
# (pass CLI names such as "tileas-legalize-tmem-copy", attribute keys such as
# "nv_tileas.num-device-tmas") never pass the scan's heuristic, so they need no entry.
NOT_DIAGNOSTICS = {
    # Pseudocode's printf spelling of types.unknown-type (single space, dialect inlined).
    "unknown type `%.*s` in dialect `cute_nvgpu`",
    # Prose: the question a pass asks of each atom.
    "do you support prefetch?",
    # Pass description strings registered with the pass infrastructure.
    "lowering TiledLoad or TiledStore which with tma atom to async tiled load or tiled store",
    "Attach TMA descriptor arguments and separate host TMA bookkeeping",
    # Prose paraphrasing the ABI change AttachTMADescriptorArgs makes.
    "the device builds every descriptor",
    "the host or runtime passes descriptor pointers to the kernel.",
}


@cache
def page_text(page: str) -> str:
    return (SPEC_DIR / f"{page}.txt").read_text(encoding="utf-8")


def quoted_strings(page: str) -> list[str]:
    """Every double-quoted string on a page (quotes pair per line, so a stray one stays local)."""
    found: list[str] = []
    for line in page_text(page).splitlines():
        found.extend(re.findall(r'"([^"]*)"', line))
    return found


def fragments_in_order_on_one_line(fragments: list[str], text: str) -> bool:
    for line in text.splitlines():
        position = 0
        for fragment in fragments:
            position = line.find(fragment, position)
            if position < 0:
                break
            position += len(fragment)
        else:
            return True
    return False


def collapse_whitespace(text: str) -> str:
    return re.sub(r"[ \t]+", " ", text)


def template_regex(template: str) -> re.Pattern[str]:
    """A template as a regex in which each placeholder matches any non-empty text."""
    pattern = "".join(
        re.escape(literal) + (".+?" if name is not None else "")
        for literal, name, _, _ in string.Formatter().parse(template)
    )
    return re.compile(pattern, re.DOTALL)


def literal_text(message) -> str:
    """The message's text with its placeholders removed."""
    if message.kind == "template":
        return "".join(literal_fragments(message.template))
    return message.template


# --------------------------------------------------------------------------- structure


def test_codes_and_templates_unique():
    messages = list(CATALOGUE.values())
    assert len({m.code for m in messages}) == len(messages)
    templates = [m.template for m in messages]
    duplicates = {t for t in templates if templates.count(t) > 1}
    assert not duplicates


def test_codes_are_lowercase_dotted():
    for code in CATALOGUE:
        assert re.fullmatch(r"[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+", code), code


def test_every_page_has_messages_and_counts_add_up():
    primary = sum(sum(1 for m in by_page(p) if m.page == p) for p in PAGES)
    assert primary == len(CATALOGUE)
    for page in PAGES:
        assert by_page(page), page


def test_placeholders_are_positional_and_in_order():
    for message in CATALOGUE.values():
        if message.kind != "template":
            continue
        names = re.findall(r"(?<!\{)\{([^{}]*)\}", message.template)
        assert names == [str(i) for i in range(len(names))], message.code


def test_sources_are_stage_values():
    for message in CATALOGUE.values():
        assert message.source in (Source.TYPES, Source.VERIFY, Source.LOWER), message.code


def test_composed_rows_are_exactly_their_parts():
    for message in CATALOGUE.values():
        if not message.parts:
            continue
        parts = [get(code) for code in message.parts]
        assert all(not p.parts for p in parts), message.code
        assert literal_text(message) == "".join(literal_text(p) for p in parts), message.code
        assert all(p.page == message.page for p in parts), message.code


# --------------------------------------------------------------------------- against the spec


@needs_spec
@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_message_is_verbatim_on_its_pages(code):
    message = CATALOGUE[code]
    if message.parts:
        return  # checked through its parts by test_composed_rows_are_exactly_their_parts
    for page in (message.page, *message.also_on):
        text = page_text(page)
        if message.kind != "template":
            # Fragments and whole messages are quoted on the page, trailing spaces included.
            assert f'"{message.template}"' in text, (code, page)
        elif message.template in text:
            continue  # the page itself uses {0}-style placeholders
        else:
            # The page writes its own placeholders (<mnem>, <N>); the literal text between
            # them must still appear in order.
            fragments = [f for f in literal_fragments(message.template) if f]
            if code in WHITESPACE_COLLAPSED_ON_PAGE:
                fragments = [collapse_whitespace(f) for f in fragments]
            assert fragments_in_order_on_one_line(fragments, text), (code, page)


@needs_spec
def test_unknown_type_double_space_is_stated_by_the_page():
    assert "two spaces between unknown and type" in page_text("asm-printer-and-type-mnemonics")
    assert "unknown  type" in get("types.unknown-type").template


@needs_spec
def test_strings_quoted_on_several_pages_name_them_all():
    for message in CATALOGUE.values():
        if message.kind == "template":
            continue
        quoted_on = {p for p in PAGES if f'"{message.template}"' in page_text(p)}
        assert quoted_on == {message.page, *message.also_on}, message.code


@needs_spec
def test_callback_formats_are_verbatim():
    for callback in CALLBACK_FORMATS:
        assert f'"{callback.template}"' in page_text(callback.page), callback.name
    assert not {c.template for c in CALLBACK_FORMATS} & {m.template for m in CATALOGUE.values()}


def _catalogued(quoted: str) -> bool:
    for message in CATALOGUE.values():
        if quoted == message.template:
            return True
        if message.kind == "template" and template_regex(message.template).fullmatch(quoted):
            return True
    return any(quoted == c.template for c in CALLBACK_FORMATS)


@needs_spec
@pytest.mark.parametrize("page", PAGES)
def test_every_quoted_message_is_catalogued(page):
    # Heuristic for "looks like a message": starts with a letter, longer than 12 characters,
    # contains a space. Leading-space fragments are covered by the verbatim test instead.
    missing = [
        s
        for s in quoted_strings(page)
        if s[:1].isalpha() and len(s) > 12 and " " in s
        and s not in NOT_DIAGNOSTICS and not _catalogued(s)
    ]
    assert not missing


# Leading-space fragments that are not message text of their own.
NOT_DIAGNOSTIC_FRAGMENTS = {
    # Separator the partition verifier's printing helper puts between operands.
    " and ",
}


@needs_spec
@pytest.mark.parametrize("page", PAGES)
def test_every_quoted_fragment_is_catalogued(page):
    # Fragments streamed after other text (" != ", ", but found ") are quoted with their
    # leading space or comma; each must be a row or lie inside one.
    templates = [literal_text(m) for m in CATALOGUE.values()]
    missing = [
        s
        for s in quoted_strings(page)
        if s[:1] in (" ", ",") and s.strip() and s not in NOT_DIAGNOSTIC_FRAGMENTS
        and not any(s in t for t in templates)
    ]
    assert not missing


@needs_spec
def test_allow_lists_are_not_stale():
    everything = {s for page in PAGES for s in quoted_strings(page)}
    assert NOT_DIAGNOSTICS <= everything
    assert NOT_DIAGNOSTIC_FRAGMENTS <= everything


# --------------------------------------------------------------------------- rendering


def test_unknown_type_rendering():
    assert get("types.unknown-type").render("foo", "cute_nvgpu") == (
        "unknown  type `foo` in dialect `cute_nvgpu`"
    )


@pytest.mark.parametrize(
    ("code", "args", "expected"),
    [
        ("verify.mma.expects-operand-a-element-type", ("f16", "bf16"),
         "expects operand a with element type f16, but get bf16."),
        ("verify.mma.expects-operand-c-element-type", ("f32", "f16"),
         "expects operand c with element type f32, but get f16."),
        ("verify.mma.expects-operand-a-residency", ("memref<4xf16>",),
         "expects memref/smem_desc_view for operand A, but gets A:memref<4xf16>."),
        ("verify.mma.expects-operand-b-residency", ("memref<4xf16>",),
         "expects smem_desc_view for operand B, but gets B: memref<4xf16>."),
        ("verify.mma.expects-operand-d-residency", ("i32",),
         "expects memref for operand D, but gets D: i32."),
        ("verify.mma.invalid-operand-layouts", ("(1,2)", "(3,4)", "(5,6)"),
         "invalid layout of A/B/D. A: (1,2), B: (3,4), D:(5,6)"),
        ("verify.mma.layouts-not-gemm", ("a", "b", "d"),
         "layoutA, layoutB and layoutD fail to form a gemm. A: a, B: b, D: d"),
        ("verify.mma.expects-atom-layout", ("(4,8):(8,1)",),
         "expects Mma atom layout of (4,8):(8,1)"),
        ("verify.mma.expects-rmem-operands", ("!t", ", B: ", "!u"),
         "expects rmem for input operands, but got A: !t, B: !u"),
        ("verify.layout.composed-unsupported-abd", ("x", "y", "z"),
         "doesn't support composed layout for A/B/D, but got: A: x, B: y, D:z"),
        ("verify.copy.cannot-vectorize-unit-stride", ("memref<8xf16>", 4),
         "'memref<8xf16>' cannot vectorize copy to 4 elements (static strides must be 1)"),
        ("verify.copy.cannot-vectorize-matching-stride", ("src", 2),
         "'src' cannot vectorize copy to 2 elements (static strides must match)"),
        ("tma.partition.invalid-operand-types", ("!a", ", ", "!b", ", and ", "!c"),
         "invalid operand types, got !a, !b, and !c"),
        ("tma.partition.num-multicast-value", (2,), "got num_multicast of 2"),
        ("tileas.memops.coordinate-count", (3, 2), "expects 3 coordinates, but got 2"),
        ("tileas.memops.operand-group-size", (3, 2),
         "operand group starting at #3 requires 0 or 1 element, but found 2"),
        ("tileas.memops.result-group-size", (1, 4),
         "result group starting at #1 requires 0 or 1 element, but found 4"),
        ("tileas.memops.in-bounds-count", (2, 3),
         "incorrect number of in_bounds elements: expected 2, but found 3"),
        ("tileas.memops.element-type-mismatch-pair", ("f16", "f32"),
         "view elementType not equal with tensor element type: f16 != f32"),
        ("tileas.host-tma.multiple-captures", ("%arg0",),
         "values depended by MakeTiledTMADescOp are not supportedbecause %arg0 matches more than 1 "
         "captured values."),
        ("tileas.tile.too-large", (16777216,), "tile would exceed the maximum of 16777216"),
        ("tileas.tma-desc.unsupported-load-mode", ("foo", "'"), "unsupported tma load mode 'foo'"),
        ("tileas.host-tma.math-dialect-unsupported", (),
         "math dialect not suppourt in separateHostTMA pass in the moment."),
        ("tma.partition.invalid-num-multicast", (),
         "missing or invalid num_multicast for a multicast TMA load"),
    ],
)
def test_rendering_spot_checks(code, args, expected):
    assert get(code).render(*args) == expected


def test_render_rejects_wrong_arity():
    with pytest.raises(TypeError):
        get("types.unknown-type").render("foo")
    with pytest.raises(TypeError):
        get("tileas.memops.requires-zero-regions").render("extra")


def test_get_unknown_code():
    with pytest.raises(KeyError):
        get("no.such.code")
    with pytest.raises(KeyError):
        by_page("no-such-page")


def test_by_page_includes_shared_messages():
    tileas_codes = {m.code for m in by_page("tileas-tma-and-memops")}
    assert "tma.partition.invalid-num-multicast" in tileas_codes
    assert "verify.layout.composed-unsupported" in tileas_codes
    assert "tma.partition.invalid-num-multicast" in {m.code for m in by_page("tma-atoms")}


# --------------------------------------------------------------------------- make()


def test_make_builds_diagnostic_from_entry():
    span = Span(10, 24)
    related = [Related(Span(0, 4), "atom defined here")]
    diagnostic = make("verify.mma.expects-operand-b-element-type", span, "f16", "f32",
                      related=related)
    assert diagnostic == Diagnostic(
        code="verify.mma.expects-operand-b-element-type",
        span=span,
        severity=Severity.ERROR,
        source=Source.VERIFY,
        message="expects operand b with element type f16, but get f32.",
        related=tuple(related),
    )


def test_make_uses_entry_source_and_given_severity():
    diagnostic = make(
        "types.unknown-type", Span(3, 6), "bad", "cute_nvgpu", severity=Severity.WARNING
    )
    assert diagnostic.source is Source.TYPES
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.span == Span(3, 6)
    lowered = make("tileas.tmem-copy.register-layout", Span(0, 1))
    assert lowered.source is Source.LOWER
    assert lowered.message == "failed to infer register layout from tmem layout"
