"""The CuTe DSL's whole atom type vocabulary (tests/corpus/cutedsl/vocabulary.json, written by
`make corpus` with tools/corpus/vocabulary.py): every copy and MMA atom type the DSL builds, with
every option value it accepts.

For every entry, opened as a user opens a DSL dump (no target given, none declared):

* no error and no warning, except where the DSL builds a type no instruction runs
  (`HARDWARE_HAS_NO_SUCH_ATOM`, each with the error cute-ir gives and why) and the false
  errors not fixed yet (`KNOWN_GAPS`, a list that may only shrink);
* the printer gives the text back unchanged;
* hover says what every written parameter means (tables/type_parameters.py).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.dialects.cute_nvgpu import parse_type_node, print_type
from cute_ir.features.cards import parameter_rows
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_DEFAULT
from cute_ir.syntax import parse

CATALOGUE_PATH = Path(__file__).parent / "corpus" / "cutedsl" / "vocabulary.json"
CATALOGUE = json.loads(CATALOGUE_PATH.read_text())
ENTRIES = [e["type"] for e in CATALOGUE["entries"]]

# Types the DSL builds (it checks little when it makes an atom type) that no instruction runs:
# (pattern over the type text, the one error cute-ir gives, why). Each is the DSL accepting an
# option value its instruction does not have; cute-ir's error is the right answer.
_CP_ASYNC_MODES = ("cp.async has only the .ca and .cg cache operators (PTX ISA, cp.async); the "
                   "DSL's CopyG2SOp takes any LoadCacheMode")
HARDWARE_HAS_NO_SUCH_ATOM: tuple[tuple[re.Pattern, str, str], ...] = tuple(
    (re.compile(pattern), message, why) for pattern, message, why in (
        *((rf"simt_async_copy<\w+, cache = {mode},",
           f"`atom.simt_async_copy` cache policy must be ca or cg (the DSL's always or global), "
           f"got `{mode}`", _CP_ASYNC_MODES) for mode in ("streaming", "last_use", "none")),
        *((rf"simt_async_copy<\w+, cache = global, {bits} b>",
           f"cache policy cg (cp.async.cg) copies 16 bytes only, but this `atom.simt_async_copy` "
           f"copies {bits // 8} bytes; use ca", "cp.async.cg moves 16 bytes only (ptxas: "
           "'expected to be 16'; hardware-facts 11)") for bits in (32, 64)),
        (r"simt_async_copy<f64, cache = \w+, 32 b>",
         "`atom.simt_async_copy` copies 4 bytes, which is not a whole number of f64 elements "
         "(64 bits each)", "a 4-byte copy cannot move an 8-byte element"),
        (r"universal_copy<f16, 8 b>",
         "`atom.universal_copy` copies 8 bits, which is not a whole number of f16 elements "
         "(16 bits each)", "a 1-byte copy cannot move a 2-byte element"),
        *((rf"^!cute_nvgpu\.{atom}<.*elem_type = \(bf16, bf16, f16\)",
           f"`{atom}` has no tile for element types (bf16, bf16, f16)",
           "tcgen05.mma .kind::f16 accumulates bf16 in f32 only (PTX ISA, tcgen05.mma kinds)")
          for atom in ("sm100.mma", "sm100.mma_sp")),
        *((rf"^!cute_nvgpu\.atom\.{atom}<(val_type = )?f6E2M3FN, mode = <\"\(8,8\)\">",
           f"`atom.{atom}` moves 16-bit units, but the value type f6E2M3FN is 6 bits: its elements "
           f"neither pack into a unit nor fill whole units",
           "6-bit elements straddle ldmatrix / stmatrix's 16-bit units (docs/spec-deviations.md, B19)")
          for atom in ("ldsm", "stsm")),
        # The `.b8` shapes (`mode` other than (8,8)) move bytes: 6-bit elements straddle them,
        # except where `sz_pattern = u6x16p32to8` widens 6-bit values into them.
        *((rf'^!cute_nvgpu\.atom\.{atom}<(val_type = )?f6E2M3FN, mode = <"\((16,16|16,8|8,16)\)">'
           rf'(, sz_pattern = u8)?, num_matrices',
           f"`atom.{atom}` moves 8-bit units, but the value type f6E2M3FN is 6 bits: its elements "
           f"neither pack into a unit nor fill whole units",
           "6-bit elements straddle the bytes of ldmatrix / stmatrix's .b8 shapes (docs/spec-deviations.md, "
           "B19); the DSL's own compile of one cannot partition the tile")
          for atom in ("ldsm", "stsm")),
        # The DSL's 16x8 stmatrix counts matrices of its values, each of a 16- / 32- / 64-bit
        # value type 2 / 4 / 8 byte matrices: past x4 its own compile fails in its NVVM backend.
        *((rf'^!cute_nvgpu\.atom\.stsm<{val}, mode = <"\(16,8\)">, num_matrices = {num}, t>$',
           f"`atom.stsm` with `mode = (16,8)` stores each 16x8 matrix of {val} as {bits // 8} byte "
           f"matrices (`.m16n8`), so `num_matrices = {num}` needs `.x{num * bits // 8}`, but the "
           f"instruction has x1, x2, x4",
           "stmatrix.m16n8 stores at most 4 matrices (PTX ISA); the DSL's compile of these fails "
           "(docs/spec-deviations.md, B22)")
          for val, bits in (("bf16", 16), ("f16", 16), ("i16", 16), ("f32", 32), ("i32", 32), ("f64", 64))
          for num in (1, 2, 4) if num * bits // 8 > 4),
        (r'^!cute_nvgpu\.atom\.ldsm<val_type = f6E2M3FN, mode = <"\(\d+,\d+\)">, sz_pattern = u4x16p64to8,',
         "`atom.ldsm` with `sz_pattern = u4x16p64to8` widens 4-bit values into 8-bit units, but the "
         "value type f6E2M3FN is 6 bits: its elements are not 4-bit values, and neither pack into a "
         "unit nor fill whole units",
         "`.b8x16.b4x16_p64` unpacks 4-bit values (PTX ISA, ldmatrix): 6-bit ones are not those"),
        *((rf"^!cute_nvgpu\.atom\.{atom}<f16 copy_bits = 128 mem_order = {order}>$",
           f"`atom.{atom}` is a {what} (`{ins}`), which has no `{order}` memory order; it takes {takes}",
           f"PTX has no `{ins}.{order}` (ptxas 13.0: \"Illegal modifier\"); the DSL's own compile of "
           f"this atom fails in ptxas")
          for atom, what, ins, takes, orders in (
              *((a, "load", "ld", "weak, constant, volatile, relaxed, acquire, mmio",
                 ("release", "acq_rel", "sc")) for a in ("g2r", "s2r")),
              *((a, "store", "st", "weak, constant, volatile, relaxed, release, mmio",
                 ("acquire", "acq_rel", "sc")) for a in ("r2g", "r2s")))
          for order in orders),
        *((rf"^!cute_nvgpu\.atom\.{atom}<f16 copy_bits = 128 mem_order = mmio>$",
           f"`atom.{atom}` with `mem_order = mmio` copies 128 bits at once, but an `.mmio` {what} is "
           f"one scalar of at most 64 bits",
           "ptxas 13.0: \"Modifier '.mmio' cannot be combined with modifier '.v4'\"")
          for atom, what in (("g2r", "load"), ("s2r", "load"), ("r2g", "store"), ("r2s", "store"))),
        *((rf"^!cute_nvgpu\.atom\.{atom}<\w+ copy_bits = 256",
           f"`atom.{atom}` copies 256 bits at once, but one access to shared memory moves at most "
           f"128 bits", "ptxas 13.0: '256 bit wide load/store' needs the global state space")
          for atom in ("s2r", "r2s")),
    ))

# False errors on real DSL types that remain, kind by kind: (pattern, the error given). The list
# may only shrink: an entry that checks clean fails the test until it is removed from here.
KNOWN_GAPS: tuple[tuple[re.Pattern, str], ...] = tuple(
    (re.compile(pattern), message) for pattern, message in (
    ))


def _expected(text: str) -> list[str]:
    """The errors of every option value of `text` no instruction has, in the order given."""
    return [message for pattern, message, _why in HARDWARE_HAS_NO_SUCH_ATOM if pattern.search(text)]


def _gap(text: str) -> re.Pattern | None:
    return next((re.compile(message) for pattern, message in KNOWN_GAPS if pattern.search(text)), None)


def _document(types: list[str]) -> str:
    lines = ["func.func @vocabulary() {"]
    lines += [f"  %a{i} = cute.make_atom() : () -> {t}" for i, t in enumerate(types)]
    return "\n".join(lines + ["  return", "}"]) + "\n"


def _type_nodes(data: bytes):
    stack = [parse(data).root]
    while stack:
        node = stack.pop()
        if node.type == "cute_nvgpu_type":
            yield node
        else:
            stack.extend(node.named_children)


def test_the_catalogue_names_its_generator():
    assert CATALOGUE["generator"]["package"] == "nvidia-cutlass-dsl"
    assert CATALOGUE["generator"]["version"] == "4.8.1"
    assert (Path(__file__).parents[1] / CATALOGUE["generator"]["script"]).is_file()
    assert len(ENTRIES) == len(set(ENTRIES)) > 2000


def test_the_catalogue_holds_the_options_users_write():
    """The spellings real dumps were seen with (and the false errors they drew once)."""
    text = "\n".join(ENTRIES)
    for spelling in ("r2g<f16 copy_bits = 128 l1_cache_evict_priority = evict_first>",
                     "r2g<f16 copy_bits = 128 store_cache_mode = streaming>",
                     "s2r<f16 copy_bits = 128 shared_space = cluster>",
                     'ldsm<val_type = f4E2M1FN, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>'):
        assert spelling in text


# The entries, in chunks of one mnemonic each: one document per chunk keeps the run short.
def _chunks() -> list[tuple[str, list[str]]]:
    by_mnemonic: dict[str, list[str]] = {}
    for text in ENTRIES:
        by_mnemonic.setdefault(text.split("<", 1)[0], []).append(text)
    return sorted(by_mnemonic.items())


CHUNKS = _chunks()


@pytest.mark.parametrize("mnemonic,types", CHUNKS, ids=[m for m, _ in CHUNKS])
def test_every_entry_checks_clean_for_the_target_it_needs(mnemonic, types):
    problems, closed = [], []
    for text in types:
        data = _document([text]).encode()
        analysis = DocumentAnalysis("file:///vocabulary.mlir", data,
                                    settings=Settings(target_from=FROM_DEFAULT))
        found = [d.message for d in analysis.diagnostics()
                 if d.severity in (Severity.ERROR, Severity.WARNING)]
        gap = _gap(text)
        if gap is not None:
            if not found:
                closed.append(text)
            elif not all(gap.search(m) for m in found):
                problems.append((text, analysis.target_arch, found))
        elif found != _expected(text):
            problems.append((text, analysis.target_arch, found))
    assert problems == []
    assert closed == [], "checks clean now: remove its pattern from KNOWN_GAPS"


@pytest.mark.parametrize("mnemonic,types", CHUNKS, ids=[m for m, _ in CHUNKS])
def test_every_entry_prints_back_as_written(mnemonic, types):
    data = _document(types).encode()
    printed = []
    for node in _type_nodes(data):
        ty, _ = parse_type_node(node)
        printed.append(print_type(ty))
    assert sorted(printed) == sorted(types)


@pytest.mark.parametrize("mnemonic,types", CHUNKS, ids=[m for m, _ in CHUNKS])
def test_every_parameter_is_explained(mnemonic, types):
    unexplained = set()
    for node in _type_nodes(_document(types).encode()):
        ty, _ = parse_type_node(node)
        unexplained |= {(ty.mnemonic, text) for text, meaning in parameter_rows(ty)
                        if meaning == "not described"}
    assert unexplained == set()


# Clean entries the preview gives no kernel, and why: (pattern over the type text, the note's start).
NO_KERNEL_OF_ITS_OWN: tuple[tuple[re.Pattern, str], ...] = tuple(
    (re.compile(pattern), note) for pattern, note in (
        # A non-executing TMA atom describes a transfer; the executable atom `make_exec_tma`
        # makes of it is what issues one.
        *((rf"^!cute_nvgpu\.atom\.non_exec_tiled_tma_{kind}<",
           f"`atom.non_exec_tiled_tma_{kind}` has no instruction of its own to preview")
          for kind in ("load", "store", "reduce")),
        # No load or store moves less than a byte (the DSL copies sub-byte partitions wider).
        (r"^!cute_nvgpu\.atom\.universal_copy<(f[46]E\w+|i[14])>$", "`atom.universal_copy` copies one "),
        # The enum's reserved encoding is no PTX prefetch size.
        (r"l2_prefetch_size = reserved", "`atom.g2r`: `l2_prefetch_size = reserved` has no PTX spelling"),
    ))


@pytest.mark.parametrize("mnemonic,types", CHUNKS, ids=[m for m, _ in CHUNKS])
def test_every_clean_entry_previews_its_instruction(mnemonic, types):
    """What checks clean has PTX: the preview gives each entry a kernel, or says why it cannot
    (`NO_KERNEL_OF_ITS_OWN`)."""
    from cute_ir.features.preview import preview_module

    unexpected = []
    for text in types:
        data = _document([text]).encode()
        analysis = DocumentAnalysis("file:///vocabulary.mlir", data, settings=Settings(target_from=FROM_DEFAULT))
        if any(d.severity is Severity.ERROR for d in analysis.diagnostics()):
            continue
        notes = re.findall(r"^//   (?:no kernel|not lowered)[^:]*: (.*)$", preview_module(analysis).ptx_text, re.M)
        allowed = [note for pattern, note in NO_KERNEL_OF_ITS_OWN if pattern.search(text)]
        if [n for n in notes if not any(n.startswith(a) for a in allowed)]:
            unexpected.append((text, notes))
    assert unexpected == []


def test_hover_shows_each_parameter_and_its_meaning():
    text = "!cute_nvgpu.atom.r2g<f16 copy_bits = 128 store_cache_mode = streaming>"
    source = _document([text])
    analysis = DocumentAnalysis("file:///vocabulary.mlir", source.encode(), settings=Settings())
    card = hover(analysis, source.index("store_cache_mode")).markdown
    assert "| `copy_bits = 128` | bits one copy moves |" in card
    assert ("| `store_cache_mode = streaming` | cache operator of the store: `.cs`: streaming, "
            "likely accessed once |") in card
    assert "unexpected parameter" not in card
