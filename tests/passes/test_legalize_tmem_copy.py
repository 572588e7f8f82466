"""tileas-legalize-tmem-copy (passes/legalize_tmem_copy.py): the dispatch table, the two layout
inferences and their verbatim messages at the copy, what the editor shows, and ptxas on every
instruction the pass can name. The IR-in / IR-out cases are tests/lit/legalize-tmem-copy.mlir."""
from __future__ import annotations

import itertools

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Span
from cute_ir.features.lowered import lower
from cute_ir.ir.shaped import shaped
from cute_ir.passes import DEFAULT_PIPELINE, REGISTRY
from cute_ir.passes.legalize_tmem_copy import Hop, LegalizeTmemCopy, register_layout, source_layout
from cute_ir.tables.atoms import Residency
from cute_ir.tables.tiers import parse_target
from cute_ir.text.positions import Position
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble

PIPELINE = "builtin.module(tileas-legalize-tmem-copy)"


def analyse(text: str, arch: str = "sm_100a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///tmem.ir", text, settings=Settings(target_arch=arch))


def copy_function(src: str, dst: str) -> str:
    return (f"func.func @f(%src: {src}, %dst: {dst}) {{\n"
            f"  nv_tileas.copy %src, %dst : {src}, {dst}\n"
            f"  return\n}}\n")


def copy_span(text: str) -> Span:
    start = text.index("nv_tileas.copy")
    return Span(start, text.index("\n", start))


def test_the_pass_is_registered_and_in_the_default_pipeline():
    assert LegalizeTmemCopy in list(REGISTRY)
    assert "tileas-legalize-tmem-copy," in DEFAULT_PIPELINE


@pytest.mark.parametrize("dims, element, load, expected", [
    ((128, 32), "f32", True, Hop("tcgen05.ld.sync.aligned.32x32b.x32.b32", 4)),
    ((32, 1), "f32", False, Hop("tcgen05.st.sync.aligned.32x32b.x1.b32", 1)),
    ((96, 128), "i32", True, Hop("tcgen05.ld.sync.aligned.32x32b.x128.b32", 3)),
    ((64, 16), "bf16", True, Hop("tcgen05.ld.sync.aligned.32x32b.x8.pack::16b.b32", 2)),
    ((64, 16), "f16", False, Hop("tcgen05.st.sync.aligned.32x32b.x8.unpack::16b.b32", 2)),
])
def test_register_layout_one_tcgen05_access_per_warp(dims, element, load, expected):
    tile = shaped(f"memref<{'x'.join(map(str, dims))}x{element}, 6>")
    assert register_layout(tile, load) == expected


@pytest.mark.parametrize("type_text, why", [
    ("memref<128xf32, 6>", "static shape of lanes x columns"),
    ("memref<?x32xf32, 6>", "static shape of lanes x columns"),
    ("memref<100x32xf32, 6>", "has 100 lanes"),
    ("memref<256x32xf32, 6>", "has 256 lanes"),
    ("memref<128x32xf8E4M3FN, 6>", "whole 32-bit registers"),
    ("memref<128x3xf16, 6>", "whole 32-bit registers"),
    ("memref<128x24xf32, 6>", "holds 24 registers"),
    ("memref<128x256xf32, 6>", "holds 256 registers"),
])
def test_register_layout_says_why_a_tile_has_none(type_text, why):
    reason = register_layout(shaped(type_text), True)
    assert isinstance(reason, str) and why in reason


def test_source_layout_needs_the_same_tile_and_stmatrix_matrices_in_shared_memory():
    tmem = shaped("memref<128x64xf16, 6>")
    assert source_layout(tmem, shaped("memref<128x64xf16>"), Residency.RMEM, True) is None
    assert source_layout(tmem, shaped("memref<128x64xf16, 3>"), Residency.SMEM, True) == \
        Hop("stmatrix.sync.aligned.m8n8.x4.shared.b16", 32)
    assert source_layout(tmem, shaped("memref<128x64xf16, 3>"), Residency.SMEM, False) == \
        Hop("ldmatrix.sync.aligned.m8n8.x4.shared.b16", 32)
    assert "same static tile" in source_layout(tmem, shaped("memref<128x32xf16>"), Residency.RMEM, True)
    assert "same static tile" in source_layout(tmem, shaped("memref<128x64xbf16>"), Residency.RMEM, True)
    f32 = shaped("memref<128x32xf32, 6>")
    assert "16-bit elements" in source_layout(f32, shaped("memref<128x32xf32, 3>"), Residency.SMEM, True)


@pytest.mark.parametrize("src, dst, code, message", [
    ("memref<100x32xf32, 6>", "memref<100x32xf32>", "tileas.tmem-copy.register-layout",
     "failed to infer register layout from tmem layout"),
    ("memref<128x32xf32>", "memref<128x24xf32, 6>", "tileas.tmem-copy.register-layout",
     "failed to infer register layout from tmem layout"),
    ("memref<128x32xf32, 6>", "memref<128x32xf32, 3>", "tileas.tmem-copy.source-layout",
     "failed to infer source layout from tmem layout"),
    ("memref<128x4xf16, 3>", "memref<128x4xf16, 6>", "tileas.tmem-copy.source-layout",
     "failed to infer source layout from tmem layout"),
])
def test_check_and_the_editor_show_the_message_at_the_copy_with_why(src, dst, code, message):
    text = copy_function(src, dst)
    shown = [d for d in analyse(text).diagnostics() if d.code.startswith("tileas.tmem-copy")]
    assert [(d.code, d.message, d.span) for d in shown] == [(code, message, copy_span(text))]
    assert shown[0].source.value == "lower"
    assert len(shown[0].related) == 1 and shown[0].related[0].span == copy_span(text)


def test_a_legal_copy_reports_nothing_and_an_edit_to_it_matches_a_fresh_analysis():
    good = copy_function("memref<128x64xf16, 6>", "memref<128x64xf16, 3>")
    analysis = analyse(good)
    assert not analysis.diagnostics()
    # Type a lane count no warp layout has: the error appears, as on a fresh analysis.
    at = good.index("128x64xf16, 6>")      # on the first line
    analysis.update([(Position(0, at), Position(0, at + 3), "100")], 1)
    bad = good[:at] + "100" + good[at + 3:]
    assert [d.code for d in analysis.diagnostics()] == [d.code for d in analyse(bad).diagnostics()] \
        == ["tileas.tmem-copy.register-layout"]


@pytest.mark.parametrize("arch", ["sm_90a", "sm_120a"])
def test_without_tensor_memory_a_copy_across_it_is_an_error_at_the_copy_and_stays(arch):
    """No instruction reaches tensor memory on these targets: the copy is left as the page's
    walk leaves it, and `check` says why `--emit ptx` could not write it."""
    text = copy_function("memref<100x32xf32, 6>", "memref<100x32xf32>")
    message = (f"this copy reaches tensor memory, which {arch} does not have: `tcgen05.ld` / `tcgen05.st` run on "
               "sm_100f (sm_100a/sm_100f/sm_103a/sm_103f) or sm_110f (sm_110a/sm_110f)")
    assert [(d.code, d.span, d.message) for d in analyse(text, arch).diagnostics()] == \
        [("lower.tmem-target", copy_span(text), message)]
    result = lower(analyse(text, arch), PIPELINE)
    assert not result.ok and not result.stages[0].changed
    # A copy that does not cross the boundary is legal there.
    assert not analyse(copy_function("memref<100x32xf32, 3>", "memref<100x32xf32>"), arch).diagnostics()


def test_the_rewrite_keeps_the_user_s_location_and_names_the_pass():
    text = copy_function("memref<128x64xf16, 6>", "memref<128x64xf16, 3>")
    result = lower(analyse(text), PIPELINE)
    stage = result.stages[0]
    assert stage.changed and stage.text.count('"nv_tileas.copy"') == 2
    lines = stage.text.split("\n")
    hops = [n for n, line in enumerate(lines) if '"nv_tileas.copy"' in line or "memref.alloca" in line]
    spans = dict(stage.line_spans)
    assert all(spans.get(n) == copy_span(text) for n in hops)


def _kernel(instruction: str, target: str) -> str:
    """A PTX kernel issuing `instruction` once, with as many registers as its shape takes."""
    if instruction.startswith("tcgen05."):
        registers = int(instruction.split(".x")[1].split(".")[0])
        regs = "{" + ", ".join(f"%r{i}" for i in range(registers)) + "}"
        body = (f"{instruction} {regs}, [%taddr];\n  tcgen05.wait::ld.sync.aligned;"
                if ".ld." in instruction else
                f"{instruction} [%taddr], {regs};\n  tcgen05.wait::st.sync.aligned;")
    else:
        regs = "{%r0, %r1, %r2, %r3}"
        body = (f"{instruction} {regs}, [%taddr];" if instruction.startswith("ldmatrix")
                else f"{instruction} [%taddr], {regs};")
    version = parse_target(target).ptx_version
    return (f".version {version}\n.target {target}\n.address_size 64\n\n"
            f".visible .entry k()\n{{\n  .reg .b32 %r<128>;\n  .reg .b32 %taddr;\n"
            f"  mov.b32 %taddr, 0;\n" + "".join(f"  mov.b32 %r{i}, 0;\n" for i in range(128)) +
            f"  {body}\n  ret;\n}}\n")


def _every_instruction() -> list[str]:
    """Every instruction the pass can write: each lane count, width and direction it legalizes."""
    found: set[str] = set()
    for lanes, columns, element in itertools.product((32, 128), (1, 2, 8, 16, 64, 128, 256), ("f32", "f16")):
        tmem = shaped(f"memref<{lanes}x{columns}x{element}, 6>")
        for load in (True, False):
            hop = register_layout(tmem, load)
            if isinstance(hop, Hop):
                found.add(hop.instruction)
            smem = source_layout(tmem, shaped(f"memref<{lanes}x{columns}x{element}, 3>"), Residency.SMEM, load)
            if isinstance(smem, Hop):
                found.add(smem.instruction)
    return sorted(found)


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
def test_ptxas_accepts_every_instruction_the_pass_names():
    instructions = _every_instruction()
    assert any("pack::16b" in i for i in instructions) and any(i.startswith("stmatrix") for i in instructions)
    for instruction in instructions:
        accepted, output = assemble(_kernel(instruction, "sm_100a"), "sm_100a")
        assert accepted, f"{instruction}: {output}"
