"""The editor's PTX preview is what `cute-ir lower` gives: its TileAS kernels, and the kernels of
functions whose atoms became inline assembly, are the modules `cute-ir lower --emit ptx` prints
(the preview emits them from the unit after the same default pipeline, analysis/pipeline.py's
`lowered_unit`), and the instructions of each atom's inline
assembly `cute-ir lower` puts in the IR (`llvm.inline_asm`) are those the preview shows for an
op, on the spec's TMA worked example, the examples and every corpus dump."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cute_ir import cli
from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.preview import preview_module
from cute_ir.emit.ptx import ATOM_LINE_MARK
from cute_ir.features.lowered import lower
from tests.conftest import REPO
from tests.emit.test_preview import TMA_PAGE

from ptxas_runner import PTXAS, SKIP_REASON, assemble

CORPUS = REPO / "tests" / "corpus" / "cutedsl"
KERNELS = json.loads((CORPUS / "manifest.json").read_text())["kernels"]

# tma-atoms, "Worked Example", with the values it names declared as a function's arguments.
TMA_WORKED_EXAMPLE = TMA_PAGE

_ENTRY = re.compile(r"^\.visible \.entry (\w+)\(.*?^\}", re.S | re.M)


def _entries(ptx: str) -> dict[str, str]:
    return {m.group(1): m.group(0) for m in _ENTRY.finditer(ptx)}


def _cli_kernels(path: Path, arch: str, capsys) -> dict[str, str]:
    cli.main(["lower", str(path), "--emit", "ptx", "--arch", arch])
    return _entries(capsys.readouterr().out)


def _opcodes(lines) -> tuple[str, ...]:
    return tuple(line.split()[0].rstrip(";") for line in lines if line.strip())


# What an inline assembly adds around the instructions to bind its operands: braces, scratch
# registers, a predicate tested from a register.
_SCAFFOLDING = ("{", "}", ".reg", "setp.ne.b32")


def _shows(lowered: tuple[str, ...], preview: tuple[str, ...]) -> bool:
    """Whether an inline assembly's instructions are the preview's for an op, in order (the
    preview's kernel may complete an instruction the IR completes itself: a tcgen05.commit)."""
    rest = iter(preview)
    return all(opcode in rest for opcode in lowered if opcode not in _SCAFFOLDING)


def _preview_instructions(preview) -> set[tuple[str, ...]]:
    """The opcodes of the instruction lines the preview shows for each op: an atom's own
    kernel's (marked), or those of a function's kernel from the lowered IR mapped to it."""
    lines = preview.ptx_text.split("\n")
    in_function, inside = set(), False
    for number, line in enumerate(lines):
        inside = bool(line.strip()) and (inside or bool(re.match(r"// line \d+: function `", line)))
        if inside and not line.startswith("//"):
            in_function.add(number)
    by_op: dict = {}
    for number, span in preview.line_map:
        if ATOM_LINE_MARK in lines[number] or number in in_function:
            by_op.setdefault(span, []).append(lines[number].split(ATOM_LINE_MARK, 1)[0].strip())
    return {_opcodes(found) for found in by_op.values()}


_ASM = re.compile(r'"?llvm\.inline_asm"?.*?asm_string = "((?:[^"\\]|\\.)*)"')


def _lowered_instructions(analysis: DocumentAnalysis) -> list[tuple[str, ...]]:
    """The opcodes of each `llvm.inline_asm` `cute-ir lower` leaves in the IR."""
    result = lower(analysis, texts="last")
    text = result.output.text if result.output is not None else ""
    return [_opcodes(m.group(1).replace("\\n", "\n").split("\n")) for m in _ASM.finditer(text)]


CASES = ([(REPO / "examples" / p.name, "sm_90a") for p in sorted((REPO / "examples").glob("*.ir"))]
         + [(REPO / "examples" / p.name, t) for p in sorted((REPO / "examples").glob("tileas_*.ir"))
            for t in ("sm_100a", "sm_120a")]
         # Functions whose atoms become inline assembly on their own targets.
         + [(REPO / "examples" / "sm100_umma.ir", "sm_100a"), (REPO / "examples" / "sm120_nvfp4.ir", "sm_120a")]
         + [(CORPUS / k / stage, e["arch"]) for k, e in KERNELS.items() for stage in ("raw.mlir", "canonical.mlir")])


@pytest.mark.parametrize("path,arch", CASES, ids=[f"{p.parent.name}/{p.name}-{a}" for p, a in CASES])
def test_the_preview_shows_what_lower_gives(path: Path, arch: str, capsys):
    analysis = DocumentAnalysis(path.resolve().as_uri(), path.read_bytes(), settings=Settings(target_arch=arch))
    preview = preview_module(analysis)
    emitted = set(re.findall(r"^// line \d+: (?:TileAS kernel|function) `(\w+)`", preview.ptx_text, re.M)) & \
        set(preview.kernels)
    if emitted:
        assert {n: t for n, t in _entries(preview.ptx_text).items() if n in emitted} == _cli_kernels(path, analysis.target_arch, capsys)
    shown = _preview_instructions(preview)
    for instructions in _lowered_instructions(analysis):
        assert any(_shows(instructions, shown_for_op) for shown_for_op in shown), instructions


def test_the_worked_example_s_load_is_the_instruction_the_preview_shows(tmp_path, capsys):
    path = tmp_path / "worked.ir"
    path.write_text(TMA_WORKED_EXAMPLE)
    analysis = DocumentAnalysis(path.as_uri(), TMA_WORKED_EXAMPLE, settings=Settings(target_arch="sm_90a"))
    preview = preview_module(analysis)
    lowered = _lowered_instructions(analysis)
    load = ("cp.async.bulk.tensor.3d.shared::cta.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint",)
    assert lowered == [load] and load in _preview_instructions(preview)
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(preview.ptx_text, "sm_90a")
    assert accepted, said


def test_a_tileas_kernel_s_preview_is_lower_s_ptx_for_every_target(capsys):
    path = REPO / "examples" / "tileas_copy.ir"
    for arch in ("sm_90a", "sm_100a", "sm_120a"):
        analysis = DocumentAnalysis(path.as_uri(), path.read_bytes(), settings=Settings(target_arch=arch))
        preview = preview_module(analysis)
        cli_kernels = _cli_kernels(path, arch, capsys)
        assert set(cli_kernels) == set(preview.kernels) == {"copy_tma", "copy_dynamic", "copy_registers", "copy_dynamic_registers", "copy_async"}
        assert {n: t for n, t in _entries(preview.ptx_text).items() if n in cli_kernels} == cli_kernels
        if PTXAS is not None:
            accepted, said = assemble(preview.ptx_text, arch)
            assert accepted, said


def test_an_edit_previews_the_kernel_as_lower_gives_it_after_the_edit(capsys, tmp_path):
    """The lowered units are cached: after an edit the preview shows the edited kernel."""
    text = (REPO / "examples" / "tileas_copy.ir").read_text()
    analysis = DocumentAnalysis("file:///copy.ir", text, settings=Settings(target_arch="sm_90a"))
    before = _entries(preview_module(analysis).ptx_text)["copy_registers"]
    at = text.index("num_warps = 4>} {\n    %bx = gpu.block_id x\n    %by = gpu.block_id y\n    %c64 = arith.constant 64 : index\n"
                    "    %m = arith.muli %by, %c64 : index\n    %n = arith.muli %bx, %c64 : index\n    %tile, %loaded = "
                    "nv_tileas.tiled_load %src coords(%m, %n) offsets() {tileSize = array<i64: 64, 64>, in_bounds")
    from cute_ir.text.positions import Position
    position = analysis.document.position(at + len("num_warps = "))
    analysis.update([(position, Position(position.line, position.character + 1), "8")], 2)
    after = _entries(preview_module(analysis).ptx_text)["copy_registers"]
    edited = tmp_path / "copy.ir"
    edited.write_bytes(bytes(analysis.document.data))
    assert after != before and ".reqntid 256, 1, 1" in after
    assert after == _cli_kernels(edited, "sm_90a", capsys)["copy_registers"]
