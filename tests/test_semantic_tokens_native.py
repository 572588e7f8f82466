"""The semantic tokens' C encoder (`tree_sitter_cute_ir._tokens`, grammar/bindings/python) gives
exactly the tokens of the Python path it replaces, and no input crashes it.

The extension is optional (setup.py): where it was not built `tokens.native` is None, the
server encodes in Python, and these tests are skipped (the Python path is what every other
semantic tokens test then checks)."""
from __future__ import annotations

import random
import struct
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features import tokens
from cute_ir.lsp import semantic
from cute_ir.text.positions import Encoding

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from generate_ir import generate  # noqa: E402

pytestmark = pytest.mark.skipif(tokens.native is None, reason="the C encoder was not built")

SOURCES = sorted((ROOT / "examples").glob("*.ir")) + sorted(
    p for p in (ROOT / "tests" / "corpus").rglob("*") if p.suffix in (".ir", ".mlir"))
# What mutations insert: brackets, quotes and comment starts that break the parse, line ends of
# every kind, a NUL, characters of 2, 3 and 4 UTF-8 bytes (one or two UTF-16 units), and a lone
# surrogate (which the document stores as "?").
PIECES = ["{", "}", "(", ")", "<", ">", "\"", "//", "// -----\n", "\n", "\r\n", "\r", "\x00", "%x",
          "é", "€", "\U0001d11e", "\ud800", " ", "=", ":", "!cute_nvgpu.", "#", "@f", "^bb0:", "x"]
ROW = struct.Struct("qqiiii")   # tokens.c's Row


def _both(text: str, encoding: Encoding = Encoding.UTF16) -> tuple[str, str]:
    """The whole-document tokens of `text` (as the server writes them) by the C encoder and by
    the Python path, each from an analysis of its own (pieces are kept per analysis)."""
    out = []
    native = tokens.native
    for use in (native, None):
        tokens.native = use
        try:
            analysis = DocumentAnalysis("file:///t.ir", text, encoding=encoding, verify_budget=0)
            out.append(semantic.full_tokens_json(analysis))
        finally:
            tokens.native = native
    return out[0], out[1]


def _ranges(text: str, encoding: Encoding, spans: list[tuple[int, int]]) -> tuple[list, list]:
    native = tokens.native
    out = []
    for use in (native, None):
        tokens.native = use
        try:
            analysis = DocumentAnalysis("file:///t.ir", text, encoding=encoding, verify_budget=0)
            out.append([semantic.range_tokens(analysis, lo, hi) for lo, hi in spans])
        finally:
            tokens.native = native
    return out[0], out[1]


def _mutated(text: str, rng: random.Random, edits: int) -> str:
    for _ in range(edits):
        at = rng.randrange(len(text) + 1)
        if rng.random() < 0.4 and text:
            text = text[:at] + text[at + rng.randrange(1, 12):]
        else:
            text = text[:at] + rng.choice(PIECES) + text[at:]
    return text


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_same_tokens_as_the_python_path_for_every_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    for encoding in (Encoding.UTF16, Encoding.UTF8, Encoding.UTF32):
        native, python = _both(text, encoding)
        assert native == python


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_same_tokens_after_random_mutations(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    rng = random.Random(f"native {path.name}")
    for round_ in range(6):
        mutated = _mutated(text, rng, 1 + round_ * 3)
        encoding = (Encoding.UTF16, Encoding.UTF8, Encoding.UTF32)[round_ % 3]
        native, python = _both(mutated, encoding)
        assert native == python, (round_, encoding)
        size = len(mutated.encode("utf-8", errors="replace"))
        spans = [(0, size)] + [tuple(sorted((rng.randrange(size + 1), rng.randrange(size + 1)))) for _ in range(3)]
        native_ranges, python_ranges = _ranges(mutated, encoding, spans)
        assert native_ranges == python_ranges, (round_, encoding)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_level_of_reading_gives_the_query_tokens_for_every_file(path: Path) -> None:
    """Each unit of every example and corpus file at each level `lexed_rows` reads it at (the
    default path takes the highest only)."""
    _compare_units(path.read_text(encoding="utf-8", errors="replace"))


def test_the_same_tokens_for_a_generated_file_and_its_mutations() -> None:
    text = generate(1500)
    assert _both(text)[0] == _both(text)[1]
    rng = random.Random("generated")
    for round_ in range(4):
        native, python = _both(_mutated(text, rng, 5), (Encoding.UTF16, Encoding.UTF8)[round_ % 2])
        assert native == python


# Pieces of statements: every kind of token `lexed_rows` finds, in the shapes the grammar
# gives them, next to those that hold the same characters (strings, comments, symbols, block
# names, a dialect body's `/x`), and the neighbours that decide a longest match.
FRAGMENTS = ["%a", "%a-b.c$", "%0#1", "%x:2", "=", "->", "\"s\"", "\"a\\\"b=%->\"", "\"é𝄞\"", "!x", "!x$1",
             "!x.y.z", "!cute_nvgpu.atom.ldsm<m8n8.x4>", "!cute_nvgpu.sm90.mma", "#a", "#d.attr", "#d.attr<1>",
             "#d<1 / 2>", "!d<\"x\">", "#cute.layout<(4, 8):(1, 4)>", "!cute.layout<\"(4,8):(1,4)\">",
             "!cute.layoutx<1>", "#cute.composed_layout<\"S<3,4,3> o 0 o (1,2):(1,1)\">", "i32", "f16",
             "memref<4x?xf32>", "4x8", "-1", "1.0e-5", "(", ")", "[", "]", "{a = 1, \"b\" = %x}", "@sym",
             "@\"q s=%\"", "@-x->", "^bb0", "^bb-1", "// c %x = -> \"\n", "<", ">", ":", ",", "loc(\"f\":1:2)",
             "dense<[1, 2]>", "{", "}", "/", "!", "#", "%", "==", "<=", "x", "unit", "1@0"]


def _statements(rng: random.Random, count: int) -> str:
    lines = ["func.func @f(%arg0: i32) {"]
    for _ in range(count):
        body = " ".join(rng.choice(FRAGMENTS) for _ in range(rng.randrange(1, 9)))
        lines.append(f"  %r{rng.randrange(9)} = test.op {body}" if rng.random() < 0.5 else f"  test.op {body}")
        if rng.random() < 0.2:
            lines.append(f"^bb{rng.randrange(3)}(%z: {rng.choice(FRAGMENTS)}, %w-1: !x.y):")
    lines.append("  return\n}")
    return "\n".join(lines) + "\n"


def test_what_is_read_from_the_text_is_what_the_query_finds() -> None:
    """Unit by unit, the rows of the lexed path (`native_unit_rows`: `lexed_rows` and the query
    without their patterns) against the full query's (`native_rows`), over random statements
    made of the tokens it reads and their neighbours; enough of them parse without an error
    for the lexed path to answer."""
    rng = random.Random("lexed")
    lexed_units = typed_units = 0
    for _ in range(300):
        text = "\n".join(_statements(rng, rng.randrange(1, 4)) for _ in range(2))
        read = _compare_units(text)
        lexed_units += read[0]
        typed_units += read[1]
    assert lexed_units >= 100 and typed_units >= 30, (lexed_units, typed_units)
    print("units read from the text:", lexed_units, "with numbers and types:", typed_units)


def _compare_units(text: str) -> list[int]:
    """Asserts that every unit of `text` has the same tokens by the lexed path, at each level
    `lexed_rows` reads it at, as by the full query; how many units were read at each level (the
    patterns of `_LEXED_PATTERNS`; with numbers and types; every token)."""
    analysis = DocumentAnalysis("file:///t.ir", text, verify_budget=0)
    source = analysis.document.data
    read = [0, 0, 0]
    for unit in analysis.units:
        trees = analysis.trees_over(unit.start, unit.end)
        intact = len(trees) == 1 and not trees[0][0].has_error
        full = tokens.native.encode_rows(source, tokens.native_rows(analysis, unit.start, unit.end),
                                         unit.start, unit.end, 0, 0, 0, 16)
        for level in range(3):
            if intact and tokens.native.lexed_rows(source, unit.start, unit.end,
                                                               tokens._lexed_query(level)[1]) is not None:
                read[level] += 1
            # Compared as tokens: a block argument's second capture is in the query's rows only.
            lexed = tokens.native.encode_rows(source, tokens.native_unit_rows(analysis, unit.start, unit.end, (level,)),
                                              unit.start, unit.end, 0, 0, 0, 16)
            assert lexed == full, (level, bytes(source[unit.start:unit.end]))
    return read


# Numbers and builtin types in every bracket that decides them, next to their near misses: a
# shape `4x8` (a dialect body's; elsewhere an integer and a word), dimension lists (right
# after `memref<` `tensor<` `vector<` only), scaled bases (a layout's), hexadecimal integers
# and floats (`0x10` ties with a shape), exponents with no digits, type words where a key,
# an op name or `mem_order`'s value stands, words that only begin like a type (`i32x`), the
# shaped types' keywords with and without their `<`, a `<` after a blank or after `>`.
NUMBERS_AND_TYPES = [
    "4x8", "?x4", "4x?x8", "4x", "x4", "?", "0x10", "0x1F", "-0x1F", "0x1p3", "-0x.8p-2", "0xp1", "1.", "1.5e", "1.5e+3",
    "-2.5E-3", "1e5", "-7", "- 7", "007", "12ab", "1@0", "4@0@1", "1@", "i32", "si8", "ui16", "i1", "i", "i32x",
    "i32.x", "f16", "bf16", "tf32", "f8E4M3FN", "f8E4M3FNUZ", "f8E4", "index", "none", "index_cast", "memref",
    "memref<4 x ?xf32>", "memref<*xf32>", "tensor<* x f32>", "tensor<4x?xi8, #enc>", "vector<[4]x8xf32>",
    "vector<4x[4]xi8>", "memref<4xf32, strided<[1, ?], offset: ?>>", "memref<4xf32, 3>", "memref< 2x f16>",
    "complex<f32>", "!d.t<memref  <8xf32>>", "!d.t<tensor\n<4xi8>>", "!d.t<quantile <i8>>", "tuple<i32, f16>", "tuple<>", "quantile<ui4:f16, {-1.0,0.0,1.0}>", "array<i32: 1, 2>",
    "dense<4x8>", "dense<[1.5, 2]> : tensor<2xf32>", "affine_map<(d0)[s0] -> (d0 + s0)>", "!d.a<4x8, i32, ?x?, 0x1F>",
    "!d.a <4>", "!d.a<1><2>", "!cute_nvgpu.i4<divby 2>", "!d.t<divby 4x8>", "!d.t<mem_order = i32>",
    "!d.t<mem_scope = f16, mem_order = relaxed>", "!d.t<i32 = 1, {f16}, [index], (none)>", "<{a = 1}>", "{i32 = f16, index}",
    "{a = memref<4xf32>, b = 1 : i64, c = (i32) -> f16}", "{a b}", "{a, i32}", "distinct[0]<1>",
    "#cute.layout<(4@0, 32@1):(1@0, -1)>", "#cute.layout<(?, 8):(1, ?)>", "#cute.composed_layout<\"S<3,4,3> o 0 o (1,2):(1,1)\">",
    "%0#1", "%x:2", "loc(\"f\":1:2)", "1 : i32", ": index", "-> i32", "(i32, f16) -> none", "x 4", "4 x 8",
]
_WRAPS = ["{}", "!d.t<{}>", "({})", "[{}]", "{{k = {}}}", "{{{}}}", "dense<{}>", "#cute.layout<{}>", "memref<{}>",
          "<{}>", "{{\n  {}\n}}", "{} ,\n {}"]


def _typed_statement(rng: random.Random) -> str:
    body = " ".join(rng.choice(NUMBERS_AND_TYPES) for _ in range(rng.randrange(1, 5)))
    for _ in range(rng.randrange(0, 3)):
        body = rng.choice(_WRAPS).format(body, body)
    return f"  %r = test.op {body} : i32" if rng.random() < 0.5 else f"  test.op {body}"


def test_numbers_and_types_read_from_the_text_are_what_the_query_finds() -> None:
    """Each new rule of `lexed_rows` (numbers, builtin types, the brackets that decide them)
    against the full query, in every bracket, over statements built of them and their near
    misses; enough of them parse without an error and are read with numbers and types for the
    rules to be the ones compared."""
    rng = random.Random("numbers and types")
    typed_units = 0
    for _ in range(250):
        lines = ["func.func @f(%arg0: i32) {", "  %c = arith.constant 0 : i32"] + [
            _typed_statement(rng) for _ in range(rng.randrange(1, 4))]
        typed_units += _compare_units("\n".join(lines + ["  return\n}"]) + "\n")[1]
    for fragment in NUMBERS_AND_TYPES:   # each alone as well, in the places it stands in a real file
        for line in (f"  test.op {fragment}", f"  %v = test.op {{k = {fragment}}} : !d.t<{fragment}>",
                     f"  test.op ({fragment}) -> {fragment}"):
            typed_units += _compare_units(f"func.func @f() {{\n  %c = arith.constant 0 : i32\n{line}\n  return\n}}\n")[1]
    assert typed_units >= 150, typed_units


def test_a_valid_file_is_read_from_the_text() -> None:
    """Every unit of a generated file takes the lexed path: were highlights.scm to spell those
    patterns otherwise, `_lexed_query` would be None and the query would find every token
    again, the same tokens only slower."""
    analysis = DocumentAnalysis("file:///t.ir", generate(300), verify_budget=0)
    q, kinds = tokens._lexed_query()
    source = analysis.document.data
    assert all(tokens.native.lexed_rows(source, unit.start, unit.end, kinds) is not None
               and not analysis.trees_over(unit.start, unit.end)[0][0].has_error for unit in analysis.units)
    # With numbers and builtin types too, but for the module's own lines, whose brackets the
    # unit does not close (`module attributes {...} {` and its `}`).
    # Its kernels with every token, but for its alias definitions, whose values are an
    # attribute's (read with numbers and types).
    kernels = [unit for unit in analysis.units if source[unit.start:unit.end].count(b"{") == source[unit.start:unit.end].count(b"}")]
    assert len(kernels) >= len(analysis.units) - 2
    for unit in kernels:
        level = 1 if source[unit.start] in b"#!" else 2
        assert tokens.native.lexed_rows(source, unit.start, unit.end, tokens._lexed_query(level)[1]) is not None


# Every other token, which `lexed_rows` reads too when given every kind (no query left):
# words where an op's name, a keyword, a key (a dictionary's, a dialect body's before `=`,
# `mem_order`'s), a builtin attribute's kind, a boolean, `unit`, the swizzle's `S` and `o`
# stand, and what only looks like them (`dense <1>`, `128 b = 1`, `true = 1`, keys named like
# keywords); comments (`//` alone, `// --`); labels, symbols, results' indexes.
WORDS = ["true", "false", "unit", "x", "b", "bit", "DP", "128 b", "4 bit", "o", "S", "loc", "attributes", "else",
         "to", "return", "dense", "dense <1>", "array<i32: 1>", "affine_map<(d0) -> (d0)>", "!d.t<x = 1, y = i32>",
         "!d.t<mem_order = relaxed, mem_scope = cta>", "!d.t<true = 1>", "!d.t<128 b = 1>", "!d.t<unit = 2>",
         "!d.t<dense <1>>", "!d.t<key\n = 1>", "!d.t<a b c>", "!d.t<S<1,2,3>>", "!d.t<o = 1>", "{true, unit = unit}",
         "{a = true, b = unit, c = loc(\"f\":1:2)}", "{\"s\" = 1, t}", "{a = foo}", "{a = [true, 1]}", "{a = 1, b  true, c \"d\", e}",
         "#cute.composed_layout<\"S<3,4,3> o 0 o (1,2):(1,1)\">", "@a::@b", "@\"q s\"", "@-x", "%0#1",
         "^bb1(%a : i32)", "loc(callsite(\"a\" at \"b\"))", "// note", "//", "// --", "mem_order", "distinct",
         "!d.t<D^bb0:P ^i32 ^4x8 ^a->b>", "test.br ^bb1(%a : i32)"]
_BLOCKS = [
    "  {}",
    "  %r, %s:2 = test.op {}",
    "  %r = \"test.op\"(%a) ({{\n  ^bb0(%z: i32):\n    test.y {}\n  }}) {{k = {}}} : (i32) -> i32",
    "  test.op {} {{\n    test.inner {}\n  }} else {{\n    %q = test.e {}\n  }}",
    "  test.op {},\n    {}",
    "  test.op {} :\n    i32",
    "  test.op\n  {}",
    "  %r =\n    test.op {}",
    "  ^bb1:\n    test.op {}",
    "  ^bb2(%b: i32):  // a comment\n    test.op {}",
    "  test.op {{ %i = test.x {} }}",
    "  test.op {{\n    scf.yield\n  }} {}",
    "  \"test.g\"() : () -> ()\n  test.op {}",
    "  \"test.g\"()\n  test.op {}",
]


def _word_statement(rng: random.Random) -> str:
    pieces = [" ".join(rng.choice(WORDS + NUMBERS_AND_TYPES) for _ in range(rng.randrange(1, 4))) for _ in range(3)]
    return rng.choice(_BLOCKS).format(*pieces)


def test_every_token_read_from_the_text_is_what_the_query_finds() -> None:
    """`lexed_rows` with every kind (op names found where the scanner starts statements, words,
    comments, labels, symbols) against the full query, over statements and blocks built of
    them and their near misses; enough of them read at that level for its rules to be the ones
    compared."""
    rng = random.Random("every token")
    read = [0, 0, 0]
    for _ in range(300):
        lines = ["func.func @f(%arg0: i32) {", "  %c = arith.constant 0 : i32"] + [
            _word_statement(rng) for _ in range(rng.randrange(1, 4))]
        for level, count in enumerate(_compare_units("\n".join(lines + ["  return\n}"]) + "\n")):
            read[level] += count
    for fragment in WORDS:
        for line in (f"  test.op {fragment}", f"  %v = test.op {{k = {fragment}}} : !d.t<{fragment}>",
                     f"  test.op ({fragment}) -> {fragment}", f"  test.op\n  {fragment}"):
            for level, count in enumerate(_compare_units(f"func.func @f() {{\n  %c = arith.constant 0 : i32\n{line}\n"
                                                         "  return\n}\n")):
                read[level] += count
    assert read[2] >= 150, read
    print("units read at each level:", read)


_UNITS = {Encoding.UTF16: lambda s: len(s.encode("utf-16-le")) // 2,
          Encoding.UTF8: lambda s: len(s.encode("utf-8")), Encoding.UTF32: len}


def test_columns_count_the_negotiated_units_of_non_ascii_text() -> None:
    # "é" is one UTF-16 unit (two UTF-8 bytes), "𝄞" two (four bytes): every token after them on
    # the line is as many units further as the encoding counts.
    line = '  %v = "x"() {s = "é𝄞"} : () -> i32 loc("é𝄞":1:2)'
    text = f"func.func @f() {{\n{line}\n}}\n"
    for encoding, units in _UNITS.items():
        analysis = DocumentAnalysis("file:///t.ir", text, encoding=encoding, verify_budget=0)
        data = semantic.full_tokens(analysis)
        found, at_line, column = set(), 0, 0
        for i in range(0, len(data), 5):
            delta_line, delta_char, length, type_index, _ = data[i:i + 5]
            column = column + delta_char if delta_line == 0 else delta_char
            at_line += delta_line
            found.add((at_line, column, length, tokens.TOKEN_TYPES[type_index]))
        string = line.index('"é')
        assert (1, units(line[:string]), units('"é𝄞"'), "string") in found
        assert (1, units(line[:line.index("i32")]), 3, "type") in found
        assert (1, units(line[:line.rindex('"é')]), units('"é𝄞"'), "string") in found
        assert _both(text, encoding)[0] == _both(text, encoding)[1]


_FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_FUZZ
@given(source=st.binary(max_size=300), rows=st.binary(max_size=400),
       lo=st.integers(-2**40, 2**40), hi=st.integers(-2**40, 2**40), base=st.integers(-2**40, 2**40),
       anchor=st.integers(-2**40, 2**40), anchor_line=st.integers(-2**40, 2**40),
       encoding=st.sampled_from([8, 16, 32]))
def test_encode_rows_takes_any_bytes_and_any_rows(source, rows, lo, hi, base, anchor, anchor_line, encoding) -> None:
    out = tokens.native.encode_rows(source, rows, lo, hi, base, anchor, anchor_line, encoding)
    assert out is None or (out[0] % 5 == 0 and isinstance(out[5], str))


@_FUZZ
@given(source=st.binary(max_size=300) | st.lists(st.sampled_from(FRAGMENTS + NUMBERS_AND_TYPES + WORDS + [" ", "\n"])).map(
           lambda f: "".join(f).encode()),
       lo=st.integers(-2**40, 400), hi=st.integers(-5, 2**40))
def test_lexed_rows_takes_any_bytes(source, lo, hi) -> None:
    kinds = tuple((k, k, 0) for k in range((9, 12, 21)[len(source) % 3]))   # at each level
    rows = tokens.native.lexed_rows(source, lo, hi, kinds)
    if rows is not None:
        assert len(rows) % ROW.size == 0
        for start, end, *_ in ROW.iter_unpack(rows):
            assert max(lo, 0) <= start < end <= min(hi, len(source))
        tokens.native.encode_rows(source, rows, lo, hi, 0, 0, 0, 16)


@_FUZZ
@given(rows=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(0, 3), st.integers(0, 3),
                               st.integers(0, 1)), max_size=60), runs=st.integers(1, 6), encoding=st.sampled_from([8, 16, 32]))
def test_encode_rows_sorts_rows_in_any_order(rows, runs, encoding) -> None:
    """The rows come as runs each in order (capture names' nodes, lexed rows) or in none: the
    tokens are those of the rows sorted beforehand."""
    source = ("ab\ncd é\n" * 10).encode()
    pack = lambda part: b"".join(ROW.pack(s, e, r, t, m, 0) for s, e, r, t, m in part)  # noqa: E731
    cut = len(rows) // runs or 1
    in_runs = b"".join(pack(sorted(rows[at:at + cut])) for at in range(0, len(rows), cut))
    expected = tokens.native.encode_rows(source, pack(sorted(rows)), 0, len(source), 0, 0, 0, encoding)
    assert tokens.native.encode_rows(source, in_runs, 0, len(source), 0, 0, 0, encoding) == expected
    assert tokens.native.encode_rows(source, pack(rows), 0, len(source), 0, 0, 0, encoding) == expected


class _Node:
    def __init__(self, start: int, end: int) -> None:
        self.start_byte, self.end_byte = start, end


@_FUZZ
@given(source=st.binary(max_size=300),
       spans=st.lists(st.tuples(st.integers(-2**62, 2**62), st.integers(-2**62, 2**62)), max_size=40),
       encoding=st.sampled_from([8, 16, 32]))
def test_capture_rows_clamps_any_offsets(source, spans, encoding) -> None:
    rows = tokens.native.capture_rows(source, [([_Node(s, e) for s, e in spans], 0, 1, 0)], 20_000)
    assert len(rows) % ROW.size == 0
    for start, end, *_ in ROW.iter_unpack(rows):
        assert 0 <= start < end <= len(source)
    tokens.native.encode_rows(source, rows, 0, len(source), 0, 0, 0, encoding)


def test_huge_line_and_unterminated_text_encode() -> None:
    long_line = "%a = arith.constant 1 : i32 " * 5000   # one line of 140,000 bytes
    for text in (long_line, '"' + "x" * 30000, "// " + "é" * 40000, "\x00\r\r\n" * 1000 + '%x = "'):
        native, python = _both(text)
        assert native == python


def test_bad_arguments_raise_instead_of_crashing() -> None:
    with pytest.raises(TypeError):
        tokens.native.capture_rows(b"abc", [("not a list", 0, 0, 0)], 10)
    with pytest.raises(AttributeError):
        tokens.native.capture_rows(b"abc", [([object()], 0, 0, 0)], 10)
    with pytest.raises(ValueError):
        tokens.native.encode_rows(b"abc", b"", 0, 1, 0, 0, 0, 7)
    with pytest.raises(ValueError):
        tokens.native.lexed_rows(b"abc", 0, 3, ((0, 0, 0),))
    with pytest.raises(ValueError):
        tokens.native.lexed_rows(b"abc", 0, 3, tuple((0, 0, 0) for _ in range(10)))
    with pytest.raises(ValueError):
        tokens.native.lexed_rows(b"abc", 0, 3, tuple((0, 0, 0) for _ in range(20)))
    with pytest.raises(TypeError):
        tokens.native.lexed_rows(b"abc", 0, 3, tuple(("x", 0, 0) for _ in range(9)))
    with pytest.raises(TypeError):
        tokens.native.encode_rows("text", b"", 0, 1, 0, 0, 0, 16)
