"""The project's own dialects' ops against the operand groups of their records, in ODS's words
(`expected 3 operands, but found 2`, `expected 2 or more operands, but found 1`, `requires a
single operand`, an optional group's `operand group starting at #N requires 0 or 1 element`),
in the custom form as in the generic one; the CuTe DSL's form of an op is its own op's, and
an atom's builders and appliers keep their own verifiers' messages."""
from __future__ import annotations

import json

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from tests.conftest import REPO

HEADER = """\
func.func @f(%t: memref<4096x4096xf16, 1>, %l: !cute.layout<"(64,128):(1,4096)">, %tile: !cute.layout<"S<3,4,3> o 0 o (64,8):(8,1)">,
             %m: !cute.layout<"(64,8):(1,64)">, %mbar: memref<1xi64, 3>, %smem: memref<512xf16, 3>, %mask: i16) {
  %desc = nv_tileas.make_tiled_tma_desc %t, %l shapes() strides() paddings() {elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
  %load = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %m
"""

CASES = [
    ("%short = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile",
     "'cute_nvgpu.atom.non_exec_tiled_tma_load' op expected 3 or more operands, but found 2"),
    ("%exec = cute_nvgpu.atom.make_exec_tma %load",
     "'cute_nvgpu.atom.make_exec_tma' op expected 2 or more operands, but found 1"),
    ("%exec = cute_nvgpu.atom.make_exec_tma %load, %mbar, %mask, %mask",
     "'cute_nvgpu.atom.make_exec_tma' op operand group starting at #2 requires 0 or 1 element, but found 2"),
    ("%p = cute_nvgpu.atom.tma_partition %load, %tile, %m",
     "'cute_nvgpu.atom.tma_partition' op expected 4 operands, but found 3"),
    ("cute_nvgpu.prefetch_tma_desc %desc, %desc",
     "'cute_nvgpu.prefetch_tma_desc' op requires a single operand"),
    ('"cute_nvgpu.prefetch_tma_desc"() : () -> ()',
     "'cute_nvgpu.prefetch_tma_desc' op requires a single operand"),
]


def _errors(text: str) -> list[tuple[int, str]]:
    analysis = DocumentAnalysis("file:///counts.ir", text, settings=Settings(target_arch="sm_90a"))
    return [(d.span.start, d.message) for d in analysis.diagnostics() if d.severity is Severity.ERROR]


@pytest.mark.parametrize("line,message", CASES, ids=[m.split(" op ")[1] for _, m in CASES])
def test_an_op_with_operands_its_record_does_not_have_gets_ods_s_message_at_its_name(line, message):
    text = HEADER + "  " + line + "\n  return\n}\n"
    # At the op's name (a generic form's: at its opening quote).
    name = message.split("'")[1]
    at = text.index(name, len(HEADER)) - (text[text.index(name, len(HEADER)) - 1] == '"')
    assert _errors(text) == [(at, message)]


def test_the_right_counts_and_the_dsl_s_forms_check_clean():
    text = HEADER + """\
  %exec = cute_nvgpu.atom.make_exec_tma %load, %mbar
  %multicast = cute_nvgpu.atom.make_exec_tma %load, %mbar, %mask
  %p = cute_nvgpu.atom.tma_partition %load, %tile, %l, %m
  cute_nvgpu.prefetch_tma_desc %desc
  return
}
"""
    assert _errors(text) == []


KERNELS = json.loads((REPO / "tests" / "corpus" / "cutedsl" / "manifest.json").read_text())["kernels"]


@pytest.mark.parametrize("path", [REPO / "tests" / "corpus" / "cutedsl" / k / s for k in KERNELS
                                  for s in ("raw.mlir", "canonical.mlir")], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_dump_gets_an_operand_count_error(path):
    # (The DSL writes make_exec_tma with its atom alone and tma_partition with five operands.)
    analysis = DocumentAnalysis(path.as_uri(), path.read_bytes())
    assert [d.message for d in analysis.diagnostics() if "operand" in d.message and d.severity is Severity.ERROR] == []
