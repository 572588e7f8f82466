"""The examples' lowered IR is real MLIR: each examples/*.ir the default pipeline lowers to
upstream dialects only goes through Debian trixie's `mlir-opt-22 --convert-to-llvm`,
`mlir-translate-22 --mlir-to-llvmir` and `llc-22 -march=nvptx64`, and ptxas assembles the PTX
LLVM wrote, with one instruction for each op of the example that applies an atom (the
companion of tests/passes/test_inline_asm.py's cases; skipped when the tools are absent).

The others keep ops or types of the project's dialects after the pipeline, for the reason
`NOT_LOWERED` gives; the test holds that list to what the pipeline leaves, so an example that
becomes lowerable joins the proof."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.lowered import lower
from cute_ir.ir.lift import lift
from cute_ir.ir.printer import print_ops
from cute_ir.syntax.parser import parse
from tests.conftest import REPO
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble
from tests.passes.test_inline_asm import PEER, TOOLS

EXAMPLES = sorted((REPO / "examples").glob("*.ir"))
# What the project's dialects leave in IR: an op, a type or an attribute of theirs.
PROJECT_DIALECT = re.compile(r"[\"!#]?\b(?:cute|cute_nvgpu|nv_tileas|nv_tileaa|cuda)\.\w")

# Examples whose lowered IR keeps the project's dialects, and why.
NOT_LOWERED = {
    "cute_dsl_dump.ir": "a CuTe DSL dump: `cute.kernel`, `!cute.memref` and the DSL's arch ops have no lowering here",
    "mistakes.ir": "its mistakes stop the pipeline: the ops they are on stay as written",
    "sm100_umma.ir": "the UMMA's operands keep their `!cute_nvgpu.smem_desc_view` types in the function's signature",
    "sm90_gemm_mainloop.ir": "`!cute_nvgpu.smem_desc_view` operands in the signature, and its TMA descriptor "
                             "(`nv_tileas.make_tiled_tma_desc`) stays",
    "tileas_atomics.ir": "a TileAS kernel: its per-thread atomics become PTX in emit/tileas_kernel.py",
    "tileas_copy.ir": "a TileAS kernel: its async TMA ops and descriptors become PTX in emit/tileas_kernel.py, "
                      "not LLVM IR",
    "tileas_epilogue.ir": "a TileAS kernel (emit/tileas_kernel.py writes its PTX)",
    "tileas_matmul.ir": "a TileAS kernel (emit/tileas_kernel.py writes its PTX)",
    "tileas_memops.ir": "TileAS memops in a function with no kernel spec: nothing lowers them",
    "tileas_reduce.ir": "a TileAS kernel (emit/tileas_kernel.py writes its PTX)",
    "tileas_tma_mainloop.ir": "a TileAS kernel (emit/tileas_kernel.py writes its PTX)",
    "tileas_tmem_copy.ir": "a TileAS kernel: `nv_tileas.copy` becomes tcgen05 / matrix copies in emit/tileas_kernel.py",
}


def _lowered(path: Path) -> tuple[str, str]:
    """(the IR after the default pipeline, the target) of an example, checked for the target it
    declares (else the default)."""
    analysis = DocumentAnalysis(path.as_uri(), path.read_text())
    return lower(analysis).stages[-1].text, analysis.target_arch


def _device_module(text: str) -> str:
    """The device code LLVM compiles: the body of the example's `gpu.module` as a module of its
    own (what `gpu-module-to-binary` hands the NVPTX backend), else the whole module."""
    modules = [op for top in lift(parse(text.encode()).root).operations for op in top.walk() if op.name == "gpu.module"]
    if not modules:
        return text
    [module] = modules
    return print_ops(module.regions[0].blocks[0].operations)


def test_the_examples_left_unlowered_are_those_the_list_gives():
    kept = {path.name for path in EXAMPLES if PROJECT_DIALECT.search(_lowered(path)[0])}
    assert kept == set(NOT_LOWERED)


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.name not in NOT_LOWERED], ids=lambda p: p.name)
def test_llvm_compiles_a_lowered_example_and_ptxas_assembles_what_it_writes(tmp_path, path):
    if not all(tool.exists() for tool in TOOLS.values()):
        pytest.skip(f"MLIR 22 tools not found under {PEER} (../shared/bench/setup_mlir_peer.sh unpacks them)")
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    text, arch = _lowered(path)
    source = tmp_path / "lowered.mlir"
    source.write_text(_device_module(text))

    def run(*argv: object) -> None:
        done = subprocess.run(list(map(str, argv)), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr

    run(TOOLS["mlir-opt"], source, "--expand-strided-metadata", "--convert-to-llvm", "--reconcile-unrealized-casts",
        "-o", tmp_path / "llvm.mlir")
    run(TOOLS["mlir-translate"], "--mlir-to-llvmir", tmp_path / "llvm.mlir", "-o", tmp_path / "k.ll")
    run(TOOLS["llc"], "-march=nvptx64", f"-mcpu={arch}", "-mattr=+ptx87", tmp_path / "k.ll", "-o", tmp_path / "k.ptx")
    ptx = (tmp_path / "k.ptx").read_text()
    applied = len(re.findall(r"\bcute_nvgpu\.(?:mma|copy) ", path.read_text()))
    assert applied and len(re.findall(r"^\s*(?:mma\.|cp\.async\.|ldmatrix\.|stmatrix\.|tcgen05\.)", ptx, re.M)) == applied
    accepted, said = assemble(ptx, arch)
    assert accepted, said
