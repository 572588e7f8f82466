"""attach-tma-descriptor-args and separate-host-tma (passes/attach_tma_descriptor_args.py,
passes/separate_host_tma.py) and the capture walk they share (lowering_facts/descriptor_capture.py).
The IR-in / IR-out cases are tests/lit/tma-descriptor-abi.mlir and separate-host-tma.mlir; the
messages as the editor shows them, tests/corpus/verify/tileas_descriptor_abi.ir."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis
from cute_ir.features.lowered import lower
from cute_ir.ir.lift import lift
from cute_ir.lowering_facts.descriptor_capture import (DEPENDS_ON_SCF, DEVICE, HOST, MATH_UNSUPPORTED,
                                               MULTIPLE_CAPTURES, capture)
from cute_ir.syntax.parser import parse

SPEC = "attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>}"
KERNEL = (f"func.func @k(%view: memref<128x256xf16, 1>, %out: memref<128x256xf16, 1>, %i: index) {SPEC} {{\n"
          "  %a = nv_tileas.tiled_load %view coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true, "
          "copy_atom = #nv_tileas.copy_atom<tma_load>} : memref<128x256xf16, 1> -> tensor<64x128xf16>\n"
          "  %s = nv_tileas.tiled_store %a, %out coords(%i, %i) offsets() {tileSize = array<i64: 64, 128>, allow_tma = true, "
          "copy_atom = #nv_tileas.copy_atom<tma_store>} : memref<128x256xf16, 1> -> !nv_tileaa.mem_token\n"
          "  return\n}\n")
BUILDER = ("nv_tileas.make_tiled_tma_desc %t, %l shapes({shape}, %n) strides(%n) paddings() "
           "{{mode = #cute_nvgpu.tma_load_mode<tiled>, elementBitWidth = 16, tmaIdx = 0 : i32}} : !cute_nvgpu.tma_descriptor_tiled")
PARAMETERS = '%t: memref<?x?xf16, 1>, %l: !cute.layout<"(64,128):(1,64)">, %n: index, %w: i64, %m: memref<4xindex, 1>'


def lowered(text: str, pipeline: str | None = None):
    analysis = DocumentAnalysis("file:///abi.ir", text)
    return lower(analysis, pipeline) if pipeline else lower(analysis)


def _capture_of(body: str):
    source = f"func.func @k({PARAMETERS}) {{\n{body}\n  return\n}}\n"
    [function] = lift(parse(source.encode()).root).operations
    builder = next(op for op in function.walk() if op.name == "nv_tileas.make_tiled_tma_desc")
    return capture(builder.operands, function, builder)


@pytest.mark.parametrize("body, side, problem", [
    (f"  %d = {BUILDER.format(shape='%n')}", HOST, None),
    (f"  %c = arith.constant 8 : index\n  %e = arith.muli %c, %n : index\n  %d = {BUILDER.format(shape='%e')}", HOST, None),
    (f"  %c0 = arith.constant 0 : index\n  %e = memref.load %m[%c0] : memref<4xindex, 1>\n  %d = {BUILDER.format(shape='%e')}",
     DEVICE, None),
    (f"  %x = math.absi %w : i64\n  %e = arith.index_cast %x : i64 to index\n  %d = {BUILDER.format(shape='%e')}",
     HOST, MATH_UNSUPPORTED),
    (f"  %c0 = arith.constant 0 : index\n  scf.for %iv = %c0 to %n step %n {{\n    %d = {BUILDER.format(shape='%iv')}\n  }}",
     HOST, MULTIPLE_CAPTURES),
    (f"  %e = scf.execute_region -> index {{\n    scf.yield %n : index\n  }}\n  %d = {BUILDER.format(shape='%e')}",
     HOST, DEPENDS_ON_SCF),
])
def test_the_capture_walk_says_where_a_descriptor_is_built_and_what_the_host_cannot_replay(body, side, problem):
    found = _capture_of(body)
    assert found.side == side
    assert (found.problem.code if found.problem else None) == problem


def test_the_closure_is_in_program_order_with_the_parameters_it_reads():
    found = _capture_of(f"  %c = arith.constant 8 : index\n  %e = arith.muli %c, %n : index\n  %d = {BUILDER.format(shape='%e')}")
    assert [op.name for op in found.closure] == ["arith.constant", "arith.muli"]
    assert [p.name_hint for p in found.parameters] == ["t", "l", "n"]


def test_the_default_pipeline_gives_a_kernel_its_descriptor_arguments_and_a_host_twin_and_checks_clean():
    result = lowered(KERNEL)
    assert result.ok
    stages = {s.argument: s for s in result.stages}
    assert stages["attach-tma-descriptor-args"].changed and stages["separate-host-tma"].changed
    final = result.stages[-1].text
    assert "%tma_host0: !cute_nvgpu.tma_descriptor_tiled {cute_nvgpu.grid_constant}" in final
    assert '"nv_tileas.num-host-tmas" = 2 : i32' in final
    assert 'func.func @k.host_tma(' in final and '{"nv_tileas.host-code"}' in final
    assert final.count("nv_tileas.make_tiled_tma_desc") == 2          # both in the twin
    again = DocumentAnalysis("file:///again.ir", final)
    assert [d.message for d in again.diagnostics() if d.severity.label == "error"] == []


def test_attaching_twice_changes_nothing_the_second_time():
    once = lowered(KERNEL, "builtin.module(lower-tma-load-store-to-async,attach-tma-descriptor-args)")
    twice = lowered(KERNEL, "builtin.module(lower-tma-load-store-to-async,attach-tma-descriptor-args,"
                            "attach-tma-descriptor-args)")
    assert twice.ok and not twice.stages[-1].changed
    assert twice.stages[-1].text == once.stages[-1].text


def test_a_function_without_a_kernel_spec_is_left_alone():
    text = KERNEL.replace(SPEC + " ", "").replace("allow_tma = true, ", "")
    result = lowered(text)
    assert result.ok and not any(s.changed for s in result.stages[:3])
