"""The preview's kernel of a function whose atoms the lowering pipeline turned into inline
assembly (emit/lowered_kernel.py): written from the lowered IR, the very text `cute-ir lower`
prints, each line mapped to the op the user wrote that it came from; ptxas accepts it."""
from __future__ import annotations

import re

import pytest

from cute_ir import cli
from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.emit import tileas_kernel
from cute_ir.emit.builder import passes_descriptor
from cute_ir.emit.lowered_kernel import lowered_kernels
from cute_ir.lowering_facts.tileas import view_offset, view_strides
from cute_ir.features.preview import preview_module
from tests.conftest import REPO
from tests.tcgen05_order import check_one_warp_allocates_and_one_thread_issues
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble


def _written(ir: str):
    """The one kernel the function writer makes of `ir` for sm_90a, written, and its PTX."""
    [kernel] = lowered_kernels(ir, "sm_90a")
    assert kernel.module.ok, kernel.module.message
    return kernel, kernel.module.text


EXAMPLES = REPO / "examples"
FIXTURES = REPO / "tests" / "emit" / "fixtures"
_ENTRY = re.compile(r"^\.visible \.entry (\w+)\(.*?^\}", re.S | re.M)
# (example, target, function, a line of its atoms' instructions, the op that line maps to)
LOWERED = {
    "umma": (EXAMPLES / "sm100_umma.ir", "sm_100a", "umma", "tcgen05.mma.cta_group::1.kind::f16",
             "cute_nvgpu.mma %umma, %d, %a, %b, %d"),
    "tmem load": (EXAMPLES / "sm100_umma.ir", "sm_100a", "umma", "tcgen05.ld.sync.aligned.32x32b.x32.b32",
                  "cute_nvgpu.copy %ld, %rows, %frag"),
    "nvfp4": (EXAMPLES / "sm120_nvfp4.ir", "sm_120a", "nvfp4", "mma.sync.aligned.kind::mxf4nvf4.block_scale",
              "cute_nvgpu.mma %mma, %d, %a, %b, %d, %sfa, %sfb"),
    "main loop": (FIXTURES / "atom_mainloop.ir", "sm_90a", "mainloop", "mma.sync.aligned.m16n8k16.row.col.f32.f16",
                  "cute_nvgpu.mma %mma, %d, %a, %b, %d"),
    # The descriptor the function builds is an appended tensor map (below).
    "gemm main loop": (EXAMPLES / "sm90_gemm_mainloop.ir", "sm_90a", "gemm_mainloop",
                       "cp.async.bulk.tensor.2d.shared::cta.global.tile", "cute_nvgpu.atom.tma_load %exec"),
    # A guard of cf branches, a float epilogue and an i1 store around the atom.
    "guarded epilogue": (FIXTURES / "atom_epilogue.ir", "sm_90a", "epilogue", "setp.lt.f32",
                         "%neg = arith.cmpf olt, %v, %zero"),
    "flag store": (FIXTURES / "atom_epilogue.ir", "sm_90a", "epilogue", "st.u8", "memref.store %neg, %clamped"),
    "dynamic row": (FIXTURES / "atom_epilogue.ir", "sm_90a", "epilogue", "mul.lo.s64", "memref.store %relu, %c[%tid"),
    "wgmma": (EXAMPLES / "sm90_gemm_mainloop.ir", "sm_90a", "gemm_mainloop", "wgmma.mma_async.sync.aligned.m64n128k16",
              "cute_nvgpu.mma %wgmma, %acc, %a, %b, %acc"),
}
LIT = REPO / "tests" / "lit"
# Each target the function writer's own tests assemble for.
ARCHES = ("sm_90a", "sm_100a", "sm_120a")


def _preview(path, arch):
    analysis = DocumentAnalysis(path.resolve().as_uri(), path.read_bytes(), settings=Settings(target_arch=arch))
    return analysis, preview_module(analysis)


@pytest.mark.parametrize("case", LOWERED)
def test_a_function_s_kernel_is_written_from_what_lower_prints_and_maps_to_the_op(case, capsys):
    path, arch, name, instruction, op = LOWERED[case]
    analysis, preview = _preview(path, arch)
    shown = {m.group(1): m.group(0) for m in _ENTRY.finditer(preview.ptx_text)}
    # The same kernel as the one written from `cute-ir lower`'s output.
    cli.main(["lower", str(path), "--arch", arch])
    [written] = lowered_kernels(capsys.readouterr().out, arch)
    assert written.module.ok and written.name == name and name in preview.kernels
    assert shown[name] == _ENTRY.search(written.module.text).group(0)
    # The atom's instruction, its `$n` bound to the kernel's registers, maps to the op.
    lines = preview.ptx_text.split("\n")
    start = lines.index(next(line for line in lines if line.startswith(f".visible .entry {name}(")))
    at = next(n for n in range(start, len(lines)) if lines[n].strip().startswith(instruction))
    assert "$" not in lines[at]
    [span] = preview.spans_for_line(at)
    assert bytes(analysis.document.data[span.start:span.end]).decode().startswith(op)
    # From the op, the cursor finds that line too (and the comment in place of its own kernel).
    assert at in preview.lines_for_offset(span.start + 1)
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(written.module.text, arch)
    assert accepted, said


# The tcgen05 targets: datacenter Blackwell and its successors, `a` and `f` forms.
_UMMA_ARCHES = ("sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f")


@pytest.mark.parametrize("arch", _UMMA_ARCHES)
def test_a_umma_s_accumulator_is_read_only_after_its_commit_s_mbarrier_phase_completes(arch, capsys):
    """examples/sm100_umma.ir is correct for a CTA of any number of warps and launched as one
    warpgroup (`.reqntid 128, 1, 1`): warp 0 alone allocates the tensor memory (and frees it at
    the end, after the CTA's barrier), thread 0 alone initialises the mbarrier for one arrival, the
    CTA's barrier (between tcgen05 fences) comes before any thread reads the allocation's slot,
    thread 0 alone issues the UMMA and commits it to that mbarrier, and every thread waits for its
    phase 0 (`nvvm.mbarrier.try_wait.parity`, a `mbarrier.try_wait.parity` loop with the
    suspend-time hint) before its warp's TMEM loads read D at the lanes the warp may access (lane
    32 x (warp mod 4): bits 16 on of the address), 32 columns a load. The epilogue is per thread:
    thread t stores the 32 values of each load to its own row of %out (the row's address, %out's
    plus t x 1024 bytes, plus the load's columns x 4), each at its own offset: no two threads
    store to one address. ptxas accepts it on each tcgen05 target."""
    cli.main(["lower", str(EXAMPLES / "sm100_umma.ir"), "--arch", arch])
    [kernel] = lowered_kernels(capsys.readouterr().out, arch)
    assert kernel.module.ok, kernel.module.message
    text = kernel.module.text
    check_one_warp_allocates_and_one_thread_issues(text, "tcgen05.mma.cta_group::1.kind::f16", 1)
    found = re.search(r"mbarrier\.init\.shared::cta\.b64 \[(%\w+)\], 1;\n  fence\.mbarrier_init\.release\.cluster;\n"
                      r".*tcgen05\.mma\.cta_group::1.*"
                      r"tcgen05\.commit\.cta_group::1\.mbarrier::arrive::one\.shared::cluster\.b64 \[\1\];\n"
                      r"  ENDIF_\d+:\n"
                      r"  (WAIT_\d+):\n  mbarrier\.try_wait\.parity\.shared::cta\.b64 (%\w+), \[\1\], 0, 10000000;\n"
                      r"  @!\3 bra \2;\n  tcgen05\.fence::after_thread_sync;\n"
                      # The warp's lanes: (warp mod 4) << 21 added to the allocation's address.
                      r"  rem\.u64 (%\w+), (%\w+), 4;\n  cvt\.u32\.u64 (%\w+), \4;\n  shl\.b32 (%\w+), \6, 21;\n"
                      r"  add\.s32 (%\w+), (%\w+), \7;\n"
                      # Thread t's row of %out: t x 1024 bytes past its start.
                      r"  mul\.lo\.s64 (%\w+), (%\w+), 1024;\n  add\.s64 (%\w+), %p0, \10;\n"
                      # Each load's 32 columns: the column added to the lanes' address, and x 4
                      # bytes to the row's.
                      r".*?  LOOP_\d+:\n  cvt\.u32\.u64 (%\w+), (%\w+);\n  add\.s32 (%\w+), \8, \13;\n"
                      r"  mul\.lo\.s64 (%\w+), \14, 4;\n  add\.s64 (%\w+), \12, \16;\n"
                      r"  tcgen05\.ld\.sync\.aligned\.32x32b\.x32\.b32 \{([^}]*)\}, \[\15\];\n"
                      r"  tcgen05\.wait::ld\.sync\.aligned;\n((?:  (?:mov\.b32|st\.f32) [^\n]*\n)+)",
                      text, re.S)
    assert found, text
    assert re.search(rf"div\.u64 {re.escape(found.group(5))}, %\w+, 32;", text)
    assert re.search(rf"cvt\.u64\.u32 {re.escape(found.group(11))}, %\w+;", text)
    assert re.search(r"mov\.u32 %\w+, %tid\.x;", text)
    assert re.search(rf"ld\.b32 {re.escape(found.group(9))}, \[%p\d+\];", text)
    assert re.search(rf"tcgen05\.dealloc\.cta_group::1\.sync\.aligned\.b32 {re.escape(found.group(9))}, 256;", text)
    # Each of the 32 values the load gives is stored once, at its own offset of the thread's row.
    stores = re.findall(r"st\.f32 \[(%\w+)(?:\+(\d+))?\], %\w+;", found.group(19))
    assert [(base, int(offset or 0)) for base, offset in stores] == [(found.group(17), 4 * k) for k in range(32)]
    assert len(found.group(18).split(",")) == 32
    assert "st.f32" not in text.replace(found.group(19), "")
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(text, arch)
    assert accepted, said


_COPY_BODY = ("  %a = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>\n"
              "  cute_nvgpu.copy %a, %src, %dst : (!cute_nvgpu.atom.universal_copy<f32, 128 b>, "
              "memref<4xf32, 1>, memref<4xf32, 1>)\n  return\n}\n")


@pytest.mark.parametrize("attributes,directives", [
    ("nvvm.reqntid = array<i32: 128, 1, 1>", [".reqntid 128, 1, 1"]),
    ("nvvm.maxntid = array<i32: 256>", [".maxntid 256"]),
    ("nvvm.reqntid = array<i32: 64, 2>, nvvm.cluster_dim = array<i32: 2, 1, 1>",
     [".reqntid 64, 2", ".explicitcluster", ".reqnctapercluster 2, 1, 1"]),
    ("nvvm.cluster_dim = array<i32: 2, 2>", [".explicitcluster", ".reqnctapercluster 2, 2"]),
])
def test_a_kernel_s_launch_is_the_directives_its_nvvm_attributes_give(attributes, directives, tmp_path, capsys):
    """MLIR's NVVM launch attributes on the function are the kernel's directives, as LLVM's NVPTX
    backend writes them (PTX ISA 11.4.2 / 11.4.3, 11.7.1 / 11.7.2): `nvvm.reqntid` / `nvvm.maxntid`
    `.reqntid` / `.maxntid` of the extents given, `nvvm.cluster_dim` `.explicitcluster` and
    `.reqnctapercluster`. ptxas accepts them."""
    path = tmp_path / "launch.ir"
    path.write_text("func.func @launch(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) "
                    f"attributes {{{attributes}}} {{\n" + _COPY_BODY)
    cli.main(["lower", str(path), "--arch", "sm_90a", "--emit", "ptx"])
    text = capsys.readouterr().out
    header = re.search(r"^\.visible \.entry launch\([^)]*\)\n((?:\.\w+[^\n]*\n)*)\{", text, re.M)
    assert header and header.group(1).splitlines() == directives, text
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(text, "sm_90a")
    assert accepted, said


@pytest.mark.parametrize("attributes,arches,directives", [
    ("nvvm.maxntid = array<i32: 128, 1, 1>, nvvm.minctasm = 2 : i32, nvvm.maxnreg = 64 : i32",
     ("sm_80", *ARCHES), [".maxntid 128, 1, 1", ".minnctapersm 2", ".maxnreg 64"]),
    # LLVM's order, whatever the attributes' own; an integer of another type, or in hex, is one.
    ("nvvm.maxnreg = 255, nvvm.minctasm = 0x10 : i64, nvvm.reqntid = array<i32: 256>",
     ("sm_80", *ARCHES), [".reqntid 256", ".minnctapersm 16", ".maxnreg 255"]),
    ("nvvm.reqntid = array<i32: 128>, nvvm.maxnreg = 128 : i32, nvvm.cluster_max_blocks = 8 : i32",
     ARCHES, [".reqntid 128", ".maxnreg 128", ".maxclusterrank 8"]),
    # ptxas takes `.maxclusterrank 0`, and the largest count it takes of each.
    ("nvvm.maxntid = array<i32: 64>, nvvm.minctasm = 4294967295 : i64, nvvm.cluster_max_blocks = 0 : i32",
     ARCHES, [".maxntid 64", ".minnctapersm 4294967295", ".maxclusterrank 0"]),
    # Blocks as clusters: `.blocksareclusters` after `.reqnctapercluster`, no `.explicitcluster`.
    ("nvvm.blocksareclusters, nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.reqntid = array<i32: 128, 1, 1>",
     ARCHES, [".reqntid 128, 1, 1", ".reqnctapercluster 2, 1, 1", ".blocksareclusters"]),
])
def test_a_kernel_s_counts_are_the_directives_its_nvvm_attributes_give(attributes, arches, directives, tmp_path, capsys):
    """`nvvm.minctasm`, `nvvm.maxnreg` and `nvvm.cluster_max_blocks` (an integer each) are the
    kernel's `.minnctapersm`, `.maxnreg` and `.maxclusterrank`, after the thread counts and the
    cluster's directives last, as LLVM's NVPTX backend writes them (NVVMToLLVMIRTranslation ->
    NVPTXAsmPrinter::emitKernelFunctionDirectives), and `nvvm.blocksareclusters`
    `.blocksareclusters`. ptxas accepts them on each target."""
    path = tmp_path / "launch.ir"
    path.write_text("func.func @launch(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) "
                    f"attributes {{{attributes}}} {{\n" + _COPY_BODY)
    for arch in arches:
        cli.main(["lower", str(path), "--arch", arch, "--emit", "ptx"])
        text = capsys.readouterr().out
        header = re.search(r"^\.visible \.entry launch\([^)]*\)\n((?:\.\w+[^\n]*\n)*)\{", text, re.M)
        assert header and header.group(1).splitlines() == directives, text
        if PTXAS is not None:
            accepted, said = assemble(text, arch)
            assert accepted, (arch, said)
    if PTXAS is None:
        pytest.skip(SKIP_REASON)


@pytest.mark.parametrize("attributes,arch,why", [
    ("nvvm.reqntid = array<i32: 128>, nvvm.maxntid = array<i32: 256>", "sm_90a",
     "both `nvvm.reqntid` and `nvvm.maxntid` (PTX takes `.reqntid` or `.maxntid`, not both)"),
    ("nvvm.cluster_dim = array<i32: 2, 1, 1>", "sm_80", "`nvvm.cluster_dim` needs sm_90 or later, not sm_80"),
    ("nvvm.reqntid = array<i64: 128>", "sm_90a",
     "`nvvm.reqntid` is not an `array<i32: ...>` of one to three positive extents"),
    ("nvvm.cluster_dim = array<i32: 2, 1, 1, 1>", "sm_90a",
     "`nvvm.cluster_dim` is not an `array<i32: ...>` of one to three positive extents"),
    ("nvvm.maxntid = array<i32: 0>", "sm_90a",
     "`nvvm.maxntid` is not an `array<i32: ...>` of one to three positive extents"),
    # ptxas: "Feature '.maxclusterrank' requires .target sm_90 or higher" (LLVM drops it there).
    ("nvvm.cluster_max_blocks = 8 : i32", "sm_80", "`nvvm.cluster_max_blocks` needs sm_90 or later, not sm_80"),
    # ptxas: "Conflicting directives: .reqnctapercluster and .maxclusterrank cannot both be specified".
    ("nvvm.cluster_dim = array<i32: 2>, nvvm.cluster_max_blocks = 8 : i32", "sm_90a",
     "both `nvvm.cluster_dim` and `nvvm.cluster_max_blocks` (PTX takes `.reqnctapercluster` or "
     "`.maxclusterrank`, not both)"),
    # ptxas: "Positive non-zero value expected for minnctapersm" / "... for maxnreg".
    ("nvvm.maxntid = array<i32: 128>, nvvm.minctasm = 0 : i32", "sm_90a",
     "`nvvm.minctasm` is not an integer from 1 to 4294967295"),
    ("nvvm.maxnreg = 0 : i32", "sm_90a", "`nvvm.maxnreg` is not an integer from 1 to 4294967295"),
    # ptxas: "Constant overflow"; LLVM writes a negative count unsigned (18446744073709551615).
    ("nvvm.cluster_max_blocks = 4294967296 : i64", "sm_90a",
     "`nvvm.cluster_max_blocks` is not an integer from 0 to 4294967295"),
    ("nvvm.maxnreg = -1 : i32", "sm_90a", "`nvvm.maxnreg` is not an integer from 1 to 4294967295"),
    ("nvvm.minctasm = \"2\"", "sm_90a", "`nvvm.minctasm` is not an integer from 1 to 4294967295"),
    # ptxas: ".reqntid and .reqnctapercluster directive(s) required for directive '.blocksareclusters'".
    ("nvvm.blocksareclusters, nvvm.reqntid = array<i32: 128>", "sm_90a",
     "`nvvm.blocksareclusters` without both `nvvm.reqntid` and `nvvm.cluster_dim` (PTX's `.blocksareclusters` "
     "needs `.reqntid` and `.reqnctapercluster`)"),
    ("nvvm.blocksareclusters, nvvm.reqntid = array<i32: 128>", "sm_80",
     "`nvvm.blocksareclusters` needs sm_90 or later, not sm_80"),
])
def test_a_launch_attribute_ptx_has_no_directive_for_is_refused_by_name(attributes, arch, why, tmp_path, capsys):
    path = tmp_path / "launch.ir"
    path.write_text("func.func @launch(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) "
                    f"attributes {{{attributes}}} {{\n" + _COPY_BODY)
    cli.main(["lower", str(path), "--arch", arch, "--emit", "ptx"])
    assert capsys.readouterr().err == f"{path}: error: --emit ptx: `launch`: {why}\n"


_EXTENTS = "is not an `array<i32: ...>` of one to three positive extents"


@pytest.mark.parametrize("entry,name,why", [
    ("nvvm.reqntid = array<i64: 128>", "nvvm.reqntid", _EXTENTS),
    ("nvvm.cluster_dim = array<i32: 2, 1, 1, 1>", "nvvm.cluster_dim", _EXTENTS),
    ("nvvm.maxntid = array<i32: 0>", "nvvm.maxntid", _EXTENTS),
    ("nvvm.reqntid = array<i32>", "nvvm.reqntid", _EXTENTS),
    ("nvvm.maxntid = [128 : i32]", "nvvm.maxntid", _EXTENTS),
    ("nvvm.minctasm = 0 : i32", "nvvm.minctasm", "is not an integer from 1 to 4294967295"),
    ("nvvm.maxnreg = \"boo\"", "nvvm.maxnreg", "is not an integer from 1 to 4294967295"),
    ("nvvm.maxnreg = array<i32: 64>", "nvvm.maxnreg", "is not an integer from 1 to 4294967295"),
    ("nvvm.cluster_max_blocks = -2 : i32", "nvvm.cluster_max_blocks", "is not an integer from 0 to 4294967295"),
])
def test_check_reports_a_launch_attribute_of_another_form_at_it_in_the_writer_s_words(entry, name, why, tmp_path,
                                                                                      capsys):
    """NVVMDialect verifies each launch attribute's form (a `DenseI32ArrayAttr` of one to three
    extents; an integer) on any function: `check` reports one the writer would refuse at the
    attribute, in the words of `--emit ptx`'s refusal; a well-formed one gets nothing."""
    head = "func.func @launch(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) attributes {"
    text = head + f"nvvm.reqntid = array<i32: 32>, {entry}}} {{\n" + _COPY_BODY if name != "nvvm.reqntid" \
        else head + f"{entry}}} {{\n" + _COPY_BODY
    path = tmp_path / "launch.ir"
    path.write_text(text)
    why = f"`{name}` {why}"
    cli.main(["lower", str(path), "--arch", "sm_90a", "--emit", "ptx"])
    assert capsys.readouterr().err == f"{path}: error: --emit ptx: `launch`: {why}\n"
    assert cli.main(["check", str(path), "--arch", "sm_90a"]) == 1
    column = text.index(entry) + 1
    assert [line for line in capsys.readouterr().out.splitlines() if ": error: " in line] == [
        f"{path}:1:{column}: error: {why} [verify:verify.op]"]
    [error] = [d for d in DocumentAnalysis("file:///launch.ir", text, settings=Settings(target_arch="sm_90a"))
               .diagnostics() if d.severity.name == "ERROR"]
    assert (error.message, text[error.span.start:error.span.end]) == (why, entry)
    path.write_text(head + "nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.cluster_dim = array<i32: 2, 1, 1>, "
                    "nvvm.minctasm = 2 : i32, nvvm.maxnreg = 64} {\n" + _COPY_BODY)
    assert cli.main(["check", str(path), "--arch", "sm_90a"]) == 0
    capsys.readouterr()


def test_a_cluster_s_ops_before_sm_90_are_refused_by_name(tmp_path, capsys):
    """`nvvm.cluster.arrive` (`barrier.cluster.arrive`) has no PTX before sm_90, which has clusters."""
    path = tmp_path / "cluster.ir"
    path.write_text("func.func @cluster(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) {\n"
                    "  nvvm.cluster.arrive\n"
                    "  %a = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>\n"
                    "  cute_nvgpu.copy %a, %src, %dst : (!cute_nvgpu.atom.universal_copy<f32, 128 b>, "
                    "memref<4xf32, 1>, memref<4xf32, 1>)\n  return\n}\n")
    cli.main(["lower", str(path), "--arch", "sm_80", "--emit", "ptx"])
    assert capsys.readouterr().err == (f"{path}: error: --emit ptx: `cluster`: `nvvm.cluster.arrive` needs sm_90 "
                                       "or later, not sm_80\n")
    cli.main(["lower", str(path), "--arch", "sm_90a", "--emit", "ptx"])
    assert "  barrier.cluster.arrive;\n" in capsys.readouterr().out


def test_a_function_with_an_op_the_writer_does_not_know_keeps_the_atoms_kernels(tmp_path):
    path = tmp_path / "unknown.ir"
    path.write_text((FIXTURES / "atom_mainloop.ir").read_text().replace(
        "    %c0 = arith.constant 0 : index\n", "    %c0 = arith.constant 0 : index\n    %u = llvm.mlir.undef : i32\n"))
    analysis, preview = _preview(path, "sm_90a")
    assert ("//   not emitted: `mainloop`: `llvm.mlir.undef` has no PTX here (the lowering "
            "left it); each atom's own kernel above shows its instructions") in preview.ptx_text
    assert "mainloop" not in preview.kernels and preview.kernels


def test_a_function_applying_one_cta_and_cta_pair_atoms_keeps_the_atoms_kernels(tmp_path):
    """ptxas refuses a function whose tcgen05 instructions name both `.cta_group::1` and
    `::2`: such a function gets no kernel of its own, each atom's kernel stands for it, and
    the preview assembles."""
    path = tmp_path / "pair.ir"
    path.write_text("".join((REPO / "tests" / "corpus" / "verify" / "mma-sm_100a.ir").read_text()
                            .partition("// -----")[0]))
    analysis, preview = _preview(path, "sm_100a")
    assert ("//   not emitted: `umma`: its tcgen05 instructions name `.cta_group::1` and `.cta_group::2`, and "
            "one kernel names one CTA group (ptxas refuses both in a function); each atom's own kernel above "
            "shows its instructions") in preview.ptx_text
    assert "umma" not in preview.kernels
    assert any("_cta2_" in name for name in preview.kernels) and any("_cta1_" in name for name in preview.kernels)
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(preview.ptx_text, "sm_100a")
    assert accepted, said


def test_a_descriptor_the_function_builds_is_a_hidden_tensor_map_the_bulk_copy_reads(capsys):
    """A descriptor built from the function's arguments: the host builds it, as for a TileAS
    kernel whose descriptor attach-tma-descriptor-args appends; its lines map to its builder."""
    path = LIT / "function-writer.mlir"
    analysis, preview = _preview(path, "sm_90a")
    cli.main(["lower", str(path), "--arch", "sm_90a"])
    [kernel] = lowered_kernels(capsys.readouterr().out, "sm_90a")
    text = kernel.module.text
    assert text.split("\n")[4].endswith(", .param .u64 p9, .hidden .param .align 64 .b8 tma0[128])")
    address = re.search(r"mov\.b64 (%tma0_param), tma0;\n  cvta\.param\.u64 (%tma0), \1;", text)
    assert address and re.search(rf"cp\.async\.bulk\.tensor\.2d\S+ \[%v\d+\], \[{address.group(2)}, ", text)
    lines = preview.ptx_text.split("\n")
    at = next(n for n, line in enumerate(lines) if line.strip() == "mov.b64 %tma0_param, tma0;")
    [span] = preview.spans_for_line(at)
    assert bytes(analysis.document.data[span.start:span.end]).decode().startswith("%desc = nv_tileas.make_tiled_tma_desc")
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for arch in ARCHES:
        [kernel] = lowered_kernels(_lowered(path, arch, capsys), arch)
        accepted, said = assemble(kernel.module.text, arch)
        assert accepted, (arch, said)


def assemble_on_each_arch(ir_text: str) -> None:
    """ptxas accepts the kernel written from `ir_text` for each of ARCHES."""
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for arch in ARCHES:
        [kernel] = lowered_kernels(ir_text, arch)
        accepted, said = assemble(kernel.module.text, arch)
        assert accepted, (arch, said)


def _mapped(kernel, ir_text: str) -> dict[str, str]:
    """Each PTX line of `kernel` (stripped) -> the lowered IR line of the op it maps to."""
    lines, ir_lines = kernel.module.text.split("\n"), ir_text.split("\n")
    return {lines[n].strip(): ir_lines[k].strip() for n, k in kernel.line_ops}


def _lowered(path, arch, capsys) -> str:
    cli.main(["lower", str(path), "--arch", arch])
    return capsys.readouterr().out


DEVICE_DESCRIPTOR_IR = """\
module {
  func.func @device(%sizes: memref<2xi64, 1>, %t: memref<?x?xf16, 1>, %k: index, %s: index) {
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %l = "memref.load"(%sizes, %0) : (memref<2xi64, 1>, index) -> i64
    %m = "arith.index_cast"(%l) : (i64) -> index
    %desc = nv_tileas.make_tiled_tma_desc %t shapes(%m, %k) strides(%s) paddings() {elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
    %1 = "builtin.unrealized_conversion_cast"(%desc) : (!cute_nvgpu.tma_descriptor_tiled) -> i64
    "llvm.inline_asm"(%1) <{asm_string = "prefetch.tensormap [$0];", constraints = "l", has_side_effects}> : (i64) -> ()
    return
  }
}
"""


def test_a_descriptor_of_what_the_kernel_computes_is_refused_named():
    [kernel] = lowered_kernels(DEVICE_DESCRIPTOR_IR, "sm_90a")
    assert kernel.module.message == (
        "`device`: `nv_tileas.make_tiled_tma_desc` of values the kernel computes or a loop or branch chooses: a "
        "descriptor the host cannot build before launch")
    # Built from the arguments, the same descriptor is the appended tensor map.
    [kernel] = lowered_kernels(DEVICE_DESCRIPTOR_IR.replace("shapes(%m, %k)", "shapes(%k, %k)"), "sm_90a")
    assert kernel.module.ok and ".hidden .param .align 64 .b8 tma0[128]" in kernel.module.text
    assert "prefetch.tensormap [%tma0]" in kernel.module.text


LOWERED_IR = """\
module {
  func.func @bound(%p: memref<4xi32, 1>, %q: memref<2xf32>, %i: index) {
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "memref.load"(%p, %0) : (memref<4xi32, 1>, index) -> i32
    %2 = "memref.load"(%p, %i) : (memref<4xi32, 1>, index) -> i32
    %3 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %4 = "llvm.inline_asm"(%1, %2, %3) <{asm_string = "add.s32 $0, $2, $3;\\nadd.s32 $1, $0, $4;", constraints = "=r,=r,0,r,n", has_side_effects}> : (i32, i32, i32) -> !llvm.struct<(i32, i32)>
    %5 = "llvm.extractvalue"(%4) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i32)>) -> i32
    %6 = "llvm.bitcast"(%5) : (i32) -> f32
    "memref.store"(%6, %q, %0) : (f32, memref<2xf32>, index) -> ()
    %7 = "arith.index_cast"(%i) : (index) -> i32
    return
  }
}
"""


def test_inline_assembly_binds_outputs_tied_inputs_registers_and_immediates():
    kernel, body = _written(LOWERED_IR)
    # $0 / $1 the outputs; $2 tied to output 0 (moved into it), $3 a register, $4 the immediate.
    assert re.search(r"ld\.b32 (%ld\d+), \[%p0\+4\];", body) and "mad.lo.s64" in body
    tied = re.search(r"mov\.b32 (%out\d+), (%ld\d+);\n  add\.s32 \1, \1, (%ld\d+);\n  add\.s32 (%out\d+), \1, 7;", body)
    assert tied, body
    assert re.search(r"st\.f32 \[%p1\+4\], %v\d+;", body) and "cvt.u32.u64" in body
    # Each body line maps to the lowered op that wrote it (the module's line, the IR's line).
    lines, ir_lines = body.split("\n"), LOWERED_IR.split("\n")
    mapped = {lines[n].strip(): ir_lines[k] for n, k in kernel.line_ops}
    assert "llvm.inline_asm" in mapped["add.s32 %s, %s, 7;" % (tied.group(4), tied.group(1))]
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(body, "sm_90a")
    assert accepted, said


# Tensor memory's life in MLIR's NVVM ops, with a (dummy) inline assembly for the writer to take the
# function: the columns a register, the group left out (cta_1), a commit to one mbarrier.
TENSOR_MEMORY_IR = """func.func @tmem(%slot: memref<1xi32, 3>, %mbar: memref<1xi64, 3>, %n: i32) {
  %c0 = arith.constant 0 : index
  %si = memref.extract_aligned_pointer_as_index %slot : memref<1xi32, 3> -> index
  %s32 = arith.index_cast %si : index to i32
  %sp = builtin.unrealized_conversion_cast %s32 : i32 to !llvm.ptr<3>
  nvvm.tcgen05.alloc %sp, %n : !llvm.ptr<3>, i32
  nvvm.tcgen05.relinquish_alloc_permit
  %t = memref.load %slot[%c0] : memref<1xi32, 3>
  nvvm.tcgen05.fence #nvvm.tcgen05_fence<after_thread_sync>
  "llvm.inline_asm"(%t) <{asm_string = "tcgen05.wait::st.sync.aligned;", constraints = "r", has_side_effects}> : (i32) -> ()
  %mi = memref.extract_aligned_pointer_as_index %mbar : memref<1xi64, 3> -> index
  %m32 = arith.index_cast %mi : index to i32
  %mp = builtin.unrealized_conversion_cast %m32 : i32 to !llvm.ptr<3>
  nvvm.tcgen05.commit %mp : !llvm.ptr<3>
  nvvm.tcgen05.fence #nvvm.tcgen05_fence<before_thread_sync>
  %tp = builtin.unrealized_conversion_cast %t : i32 to !llvm.ptr<6>
  nvvm.tcgen05.dealloc %tp, %n : !llvm.ptr<6>, i32
  return
}
"""


def test_tensor_memory_s_nvvm_ops_are_the_builder_s_instructions():
    [kernel] = lowered_kernels(TENSOR_MEMORY_IR, "sm_100a")
    assert kernel.module.ok, kernel.module.message
    body = kernel.module.text
    lines = [line.strip() for line in body.split("\n") if line.strip().startswith("tcgen05.")]
    assert [re.sub(r"%\w+", "%r", line) for line in lines] == [
        "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r], %r;",
        "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;", "tcgen05.fence::after_thread_sync;",
        "tcgen05.wait::st.sync.aligned;",
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r];",
        "tcgen05.fence::before_thread_sync;", "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r, %r;"]
    # The address freed is the one read back from the slot (the cast to !llvm.ptr<6> propagated away).
    loaded = re.search(r"ld\.b32 (%\w+), \[%p0\];", body)
    assert loaded and f"tcgen05.dealloc.cta_group::1.sync.aligned.b32 {loaded[1]}, %p2;" in body
    if PTXAS is not None:
        accepted, said = assemble(body, "sm_100a")
        assert accepted, said
    # A CTA group the PTX has no form of, and an operand of another type, are named.
    [refused] = lowered_kernels(TENSOR_MEMORY_IR.replace("nvvm.tcgen05.relinquish_alloc_permit",
                                                         "nvvm.tcgen05.relinquish_alloc_permit {group = #nvvm.cta_group<cta_4>}"),
                                "sm_100a")
    assert refused.module.message == "`tmem`: `nvvm.tcgen05.relinquish_alloc_permit` of CTA group `cta_4`"


def test_an_op_the_writer_does_not_know_is_named():
    text = LOWERED_IR.replace('"arith.index_cast"(%i) : (index) -> i32', '"math.absi"(%3) : (i32) -> i32')
    [kernel] = lowered_kernels(text, "sm_90a")
    assert kernel.module.message == "`bound`: `math.absi` has no PTX here (the lowering left it)"


def test_a_main_loop_is_a_counted_loop_whose_body_maps_to_its_ops():
    """`scf.for` (what the pipeline leaves of a loop): the counter compared signed against the
    upper bound before the first iteration and after each, the carried count in a register of
    its own, and the atom's instruction inside; the loop's own lines map to the `scf.for`."""
    path = FIXTURES / "atom_mainloop.ir"
    analysis, preview = _preview(path, "sm_90a")
    # One kernel: the atoms' ops point to it rather than show their instructions again.
    assert preview.kernels == ("mainloop",) and preview.ptx_text.count(".visible .entry ") == 1
    assert preview.ptx_text.count("//   in the kernel of function `mainloop` below, from the lowered IR") == 2
    text = _ENTRY.search(preview.ptx_text[preview.ptx_text.index(".visible .entry mainloop("):]).group(0)
    # The bounds, the step and the count's increment are constants, folded into the instructions.
    loop = re.search(r"mov\.b64 (%carried\d+), 0;\n  mov\.b64 (%iv\d+), 0;\n"
                     r"  setp\.lt\.s64 (%more\d+), \2, %p3;\n  @!\3 bra (LOOP_END_\d+);\n  (LOOP_\d+):\n"
                     r"(?P<body>.*?)"
                     r"  add\.s64 \2, \2, 1;\n  setp\.lt\.s64 \3, \2, %p3;\n  @\3 bra \5;\n  \4:\n", text, re.S)
    assert loop, text
    body = loop.group("body")
    assert "mma.sync.aligned.m16n8k16" in body and re.search(rf"add\.s64 (%i\d+), {loop.group(1)}, 1;", body)
    assert re.search(rf"add\.s64 (%i\d+), {loop.group(1)}, 1;\n  mov\.b64 {loop.group(1)}, \1;", body)
    # After the loop its result is the carried register: cut to 32 bits and stored.
    assert re.search(rf"cvt\.u32\.u64 %v\d+, {loop.group(1)};", text)
    lines = preview.ptx_text.split("\n")
    source = bytes(analysis.document.data).decode()
    for label, op in ((loop.group(5) + ":", "%steps = scf.for"), ("add.s64 " + loop.group(2), "%steps = scf.for"),
                      ("mma.sync.aligned.m16n8k16", "cute_nvgpu.mma %mma")):
        at = max(n for n, line in enumerate(lines) if line.strip().startswith(label))
        [span] = preview.spans_for_line(at)
        assert source[span.start:span.end].startswith(op), (label, source[span.start:span.end][:40])


LOOP_IR = """\
module {
  func.func @swap(%p: memref<2xi32>, %n: i32) {
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "arith.constant"() <{value = 1 : index}> : () -> index
    %4:2 = scf.for %i = %0 to %n step %1 iter_args(%x = %0, %y = %1) -> (i32, i32) : i32 {
      %5 = "llvm.inline_asm"(%x, %y) <{asm_string = "add.s32 $0, $1, $2;", constraints = "=r,r,r", has_side_effects}> : (i32, i32) -> i32
      scf.yield %y, %5 : i32, i32
    }
    "memref.store"(%4#0, %p, %2) : (i32, memref<2xi32>, index) -> ()
    "memref.store"(%4#1, %p, %3) : (i32, memref<2xi32>, index) -> ()
    return
  }
}
"""


def test_a_loop_over_i32_yields_its_carried_values_through_temporaries():
    """A yield that swaps: every yielded value is read before any carried register is written."""
    kernel, body = _written(LOOP_IR)
    assert re.search(r"setp\.lt\.s32 %more\d+, %iv\d+, %p1;", body) and "add.s32 %iv" in body
    # The yielded values are read before the carried registers they set are written; the
    # temporaries that ensure it go where nothing writes a value between.
    swap = re.search(r"mov\.b32 (%carried\d+), (%carried\d+);\n  mov\.b32 \2, %out\d+;", body)
    assert swap and swap.group(1) != swap.group(2), body
    assert re.search(rf"st\.b32 \[%p0\], {swap.group(1)};", body) and re.search(rf"st\.b32 \[%p0\+4\], {swap.group(2)};", body)
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(body, "sm_90a")
    assert accepted, said


BRANCH_IR = """\
module {
  func.func @pick(%p: memref<2xi32>, %n: i32, %w: i64) {
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %neg = arith.cmpi slt, %n, %0 : i32
    %r = scf.if %neg -> (i32) {
      %a = "llvm.inline_asm"(%n) <{asm_string = "neg.s32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
      scf.yield %a : i32
    } else {
      scf.yield %n : i32
    }
    "memref.store"(%r, %p, %1) : (i32, memref<2xi32>, index) -> ()
    %big = "arith.cmpi"(%w, %w) <{predicate = 8 : i64}> : (i64, i64) -> i1
    scf.if %big {
      "memref.store"(%n, %p, %2) : (i32, memref<2xi32>, index) -> ()
    }
    return
  }
}
"""


def test_scf_if_branches_past_its_then_region_and_yields_into_its_results():
    """`scf.if` with an else-region and a result, then one without either; `arith.cmpi` in the
    custom form (its keyword) and the generic (its enum case's number, 8: ugt)."""
    kernel, body = _written(BRANCH_IR)
    branch = re.search(r"setp\.lt\.s32 (%cmp\d+), %p1, 0;\n  @!\1 bra (ELSE_\d+);\n"
                       r"  neg\.s32 (%out\d+), %p1;\n  mov\.b32 (%if\d+), \3;\n"
                       r"  bra\.uni (ENDIF_\d+);\n  \2:\n  mov\.b32 \4, %p1;\n  \5:\n"
                       r"  st\.b32 \[%p0\], \4;\n", body)
    assert branch, body
    assert re.search(r"setp\.gt\.u64 (%cmp\d+), %p2, %p2;\n  @!\1 bra (ENDIF_\d+);\n  st\.b32 \[%p0\+4\], %p1;\n  \2:\n"
                     r"  ret;", body), body
    # The branch's own lines map to the `scf.if`, its regions' to their ops.
    mapped = _mapped(kernel, BRANCH_IR)
    assert mapped[f"bra.uni {branch.group(5)};"].startswith("%r = scf.if %neg")
    assert mapped[f"neg.s32 {branch.group(3)}, %p1;"].startswith('%a = "llvm.inline_asm"')
    assemble_on_each_arch(BRANCH_IR)


def test_a_condition_no_comparison_computed_is_named():
    text = BRANCH_IR.replace("%neg = arith.cmpi slt, %n, %0 : i32", '%neg = "arith.constant"() <{value = true}> : () -> i1')
    [kernel] = lowered_kernels(text, "sm_90a")
    assert kernel.module.message.startswith("`pick`: `arith.constant`")


FLAG_IR = """\
module {
  func.func @flagged(%p: memref<2xi32>, %n: i32, %on: i1) {
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    scf.if %on {
      %a = "llvm.inline_asm"(%n) <{asm_string = "neg.s32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
      "memref.store"(%a, %p, %0) : (i32, memref<2xi32>, index) -> ()
    }
    return
  }
  func.func @choose(%on: i1, %n: i32) -> i32 {
    %r = scf.if %on -> (i32) {
      %a = "llvm.inline_asm"(%n) <{asm_string = "neg.s32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
      scf.yield %a : i32
    } else {
      scf.yield %n : i32
    }
    return %r : i32
  }
}
"""


def test_an_i1_argument_is_a_byte_parameter_whose_low_bit_is_the_predicate():
    """PTX has no predicate parameter: an `i1` is passed as a byte (as LLVM's NVPTX backend
    passes one), in a kernel and in a device function alike, its low bit tested into the
    predicate an `scf.if` branches on."""
    kernel, device = lowered_kernels(FLAG_IR, "sm_90a")
    assert kernel.module.ok and device.module.ok, (kernel.module.message, device.module.message)
    assert ".visible .entry flagged(.param .u64 p0, .param .u32 p1, .param .u8 p2)" in kernel.module.text
    assert ".visible .func (.param .b32 func_retval0) choose(.param .u8 p0, .param .u32 p1)" in device.module.text
    for module, flag in ((kernel.module, "p2"), (device.module, "p0")):
        test = re.search(rf"ld\.param\.u8 (%{flag}_byte\d+), \[{flag}\];\n  and\.b16 (%{flag}_bit\d+), \1, 1;\n"
                         rf"  setp\.ne\.b16 %{flag}, \2, 0;\n", module.text)
        assert test, module.text
        assert re.search(rf"@!%{flag} bra (ELSE|ENDIF)_\d+;", module.text), module.text
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for arch in ARCHES:
        for written in lowered_kernels(FLAG_IR, arch):
            accepted, said = assemble(written.module.text, arch)
            assert accepted, (arch, written.name, said)


WHILE_IR = """\
module {
  func.func @count(%p: memref<2xi32>, %n: i32) {
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %zero = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %r:2 = scf.while (%i = %zero, %acc = %n) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi slt, %i, %n : i32
      scf.condition(%more) %acc, %i : i32, i32
    } do {
    ^bb0(%a: i32, %j: i32):
      %d = "llvm.inline_asm"(%a) <{asm_string = "add.s32 $0, $1, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
      %k = arith.addi %j, %one : i32
      scf.yield %k, %d : i32, i32
    }
    "memref.store"(%r#0, %p, %c0) : (i32, memref<2xi32>, index) -> ()
    return
  }
}
"""


def test_scf_while_runs_its_before_region_leaves_unless_the_condition_holds_and_loops_through_the_after_region():
    """The condition passes the carried values swapped, so the after-region's arguments (and the
    loop's results) are registers of their own, not the carried ones (one the after-region alone
    reads goes); the yield swaps them back, with no temporary where nothing writes what it reads."""
    kernel, body = _written(WHILE_IR)
    loop = re.search(r"mov\.b32 (%carried\d+), (0);\n  mov\.b32 (%carried\d+), %p1;\n  (WHILE_\d+):\n"
                     r"  setp\.lt\.s32 (%cmp\d+), \1, %p1;\n  mov\.b32 (%passed\d+), \3;\n"
                     r"  @!\5 bra (WHILE_END_\d+);\n  add\.s32 (%out\d+), \6, \6;\n  add\.s32 (%i\d+), \1, 1;\n"
                     r"  mov\.b32 \1, \9;\n  mov\.b32 \3, \8;\n"
                     r"  bra\.uni \4;\n  \7:\n  st\.b32 \[%p0\], \6;\n  ret;", body)
    assert loop, body
    # The loop's own lines map to the `scf.while`, the exit to the `scf.condition`.
    mapped = _mapped(kernel, WHILE_IR)
    expected = {f"bra.uni {loop.group(4)};": "%r:2 = scf.while", f"@!{loop.group(5)} bra {loop.group(7)};":
                "scf.condition(%more)", f"add.s32 {loop.group(8)}, {loop.group(6)}, {loop.group(6)};": "%d = "}
    assert {line: mapped[line][:len(op)] for line, op in expected.items()} == expected
    assemble_on_each_arch(WHILE_IR)


def test_a_while_whose_before_region_has_no_condition_is_named():
    text = WHILE_IR.replace("scf.condition(%more) %acc, %i : i32, i32", "")
    [kernel] = lowered_kernels(text, "sm_90a")
    assert kernel.module.message == ("`count`: `scf.while` whose arguments, initial values, condition and results "
                                     "do not match")


STRIDED_IR = """\
module {
  func.func @strided(%p: memref<?x8xf32>, %q: memref<4x4xf32, strided<[8, 1], offset: 2>>, %i: index) {
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "arith.constant"() <{value = 3 : index}> : () -> index
    %2 = "memref.load"(%p, %i, %1) : (memref<?x8xf32>, index, index) -> f32
    %3 = "llvm.inline_asm"(%2) <{asm_string = "add.f32 $0, $1, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    "memref.store"(%3, %q, %0, %1) : (f32, memref<4x4xf32, strided<[8, 1], offset: 2>>, index, index) -> ()
    "memref.store"(%3, %q, %i, %0) : (f32, memref<4x4xf32, strided<[8, 1], offset: 2>>, index, index) -> ()
    return
  }
}
"""


def test_a_memref_of_static_strides_is_addressed_by_them_whatever_its_outermost_extent():
    """Row-major over static inner extents (the outermost dynamic), or `strided<[...], offset:
    N>`: element (i, j) at the aligned pointer + (offset + i x stride0 + j x stride1) x bytes."""
    kernel, body = _written(STRIDED_IR)
    assert re.search(r"mad\.lo\.s64 (%addr\d+), %p2, 32, %p0;\n  ld\.f32 %ld\d+, \[\1\+12\];", body), body
    assert re.search(r"st\.f32 \[%p1\+52\], %out\d+;", body)           # (2 + 1 x 8 + 3) x 4
    assert re.search(r"mad\.lo\.s64 (%addr\d+), %p2, 32, %p1;\n  st\.f32 \[\1\+12\], %out\d+;", body)   # (2 + 1) x 4
    # Its inner extent dynamic too, the memref is passed as its descriptor, whose stride the
    # address reads (tests/emit/test_function_writer_forms.py).
    dynamic = STRIDED_IR.replace("memref<?x8xf32>", "memref<?x?xf32>")
    [written] = lowered_kernels(dynamic, "sm_90a")
    assert re.search(r"mul\.lo\.s64 (%elements\d+), %p2, %p0_stride0;\n  mad\.lo\.s64 (%addr\d+), \1, 4, %p0;\n"
                     r"  ld\.f32 %ld\d+, \[\2\+12\];", written.module.text), written.module.text
    assemble_on_each_arch(STRIDED_IR)


WIDE_IR = """\
module {
  func.func @wide(%src: memref<?x64xf16, 1>, %dst: memref<64x64xf16, 3>, %i: index) {
    %0 = "arith.constant"() <{value = 8 : index}> : () -> index
    %1 = "vector.load"(%src, %i, %0) : (memref<?x64xf16, 1>, index, index) -> vector<8xf16>
    "vector.store"(%1, %dst, %i, %0) : (vector<8xf16>, memref<64x64xf16, 3>, index, index) -> ()
    %2 = "memref.extract_aligned_pointer_as_index"(%dst) : (memref<64x64xf16, 3>) -> index
    %3 = "arith.index_cast"(%2) : (index) -> i32
    "llvm.inline_asm"(%3) <{asm_string = "fence.proxy.async.shared::cta;", constraints = "r", has_side_effects}> : (i32) -> ()
    return
  }
}
"""


def test_a_128_bit_vector_moves_as_four_registers_at_an_address_a_multiple_of_16():
    kernel, body = _written(WIDE_IR)
    load = re.search(r"mad\.lo\.s64 (%addr\d+), %p2, 128, %p0;\n  ld\.v4\.b32 \{(%ldv\d+), (%ldv\d+), (%ldv\d+), (%ldv\d+)\}, "
                     r"\[\1\+16\];", body)
    assert load, body
    assert re.search(rf"st\.v4\.b32 \[%addr\d+\+16\], \{{{', '.join(load.group(n) for n in range(2, 6))}\}};", body)
    # At column 4 (byte 8 of the row) no 16-byte access may go: refused, named.
    [misaligned] = lowered_kernels(WIDE_IR.replace("value = 8 : index", "value = 4 : index"), "sm_90a")
    assert misaligned.module.message == ("`wide`: `vector.load` of memref<?x64xf16, 1> at byte 8, which a 16-byte "
                                         "access cannot take: it must be a multiple of its size")
    [odd_rows] = lowered_kernels(WIDE_IR.replace("memref<?x64xf16, 1>", "memref<?x60xf16, 1>"), "sm_90a")
    assert odd_rows.module.message == ("`wide`: `vector.load` of memref<?x60xf16, 1> at a dynamic index whose stride "
                                       "(60 x 16 bits) is not whole 16-byte accesses")
    assemble_on_each_arch(WIDE_IR)


ABI_IR = """\
module {
  func.func @abi(%p: MEMREF, %i: index) {
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "memref.load"(%p, %i, %0) : (MEMREF, index, index) -> f32
    %2 = "llvm.inline_asm"(%1) <{asm_string = "add.f32 $0, $1, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    "memref.store"(%2, %p, %0, %i) : (f32, MEMREF, index, index) -> ()
    return
  }
}
"""
_DESCRIPTOR = ("p0_allocated", "p0", "p0_offset", "p0_size0", "p0_size1", "p0_stride0", "p0_stride1")


@pytest.mark.parametrize("memref,fields", [
    ("memref<8x8xf32>", ("p0",)), ("memref<8x8xf32, strided<[16, 1], offset: 4>>", ("p0",)),
    ("memref<?x8xf32>", _DESCRIPTOR), ("memref<8x?xf32, 1>", _DESCRIPTOR),
    ("memref<8x8xf32, strided<[?, 1]>>", _DESCRIPTOR), ("memref<8x8xf32, strided<[8, 1], offset: ?>>", _DESCRIPTOR)])
def test_a_memref_argument_is_passed_by_the_rule_a_tileas_kernel_s_follows(memref, fields):
    """One rule for every kernel the backend writes (emit/builder.passes_descriptor, which the
    TileAS writer asks too): a memref whose type leaves an extent, a stride or its offset
    dynamic is MLIR's memref descriptor, one whose type fixes them all its aligned pointer. A
    descriptor whose strides and offset the type fixes is addressed as a static memref: only
    its aligned pointer is read."""
    assert tileas_kernel.passes_descriptor is passes_descriptor
    assert passes_descriptor(memref) == (fields == _DESCRIPTOR)
    ir = ABI_IR.replace("MEMREF", memref)
    kernel, body = _written(ir)
    assert re.search(r"\.entry abi\((.*)\)", body)[1] == \
        ", ".join(f".param .u64 {name}" for name in (*fields, "p1"))
    static = None not in view_strides(memref) and view_offset(memref) is not None
    assert ("ld.param.u64 %p0_stride0" in body or "ld.param.u64 %p0_offset" in body) is not static
    assemble_on_each_arch(ir)


IDS_IR = """\
module {
  func.func @ids(%p: memref<?xi32>) {
    %t = gpu.thread_id x
    %b = gpu.block_id y
    %n = gpu.block_dim x
    %0 = "arith.muli"(%b, %n) : (index, index) -> index
    %1 = "arith.addi"(%0, %t) : (index, index) -> index
    %2 = "arith.index_cast"(%1) : (index) -> i32
    %3 = "llvm.inline_asm"(%2) <{asm_string = "mov.b32 $0, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    "memref.store"(%3, %p, %1) : (i32, memref<?xi32>, index) -> ()
    return
  }
}
"""


def test_block_and_thread_ids_are_the_special_registers_as_indices():
    kernel, body = _written(IDS_IR)
    for special, stem in (("%tid.x", "thread_id"), ("%ctaid.y", "block_id"), ("%ntid.x", "block_dim")):
        assert re.search(rf"mov\.u32 (%{stem}\d+), {re.escape(special)};\n  cvt\.u64\.u32 %id\d+, \1;", body), special
    assert re.search(r"cvt\.u32\.u64 (%v\d+), %i\d+;\n  mad\.lo\.s64 (%addr\d+), %i\d+, 4, %p0;\n  st\.b32 \[\2\], \1;", body)
    assemble_on_each_arch(IDS_IR)


RETURNING_IR = """\
module {
  func.func @twice(%x: i32, %y: f32) -> (i32, f32) {
    %0 = "llvm.inline_asm"(%x) <{asm_string = "add.s32 $0, $1, $1;", constraints = "=r,r", has_side_effects}> : (i32) -> i32
    %1 = "llvm.inline_asm"(%y) <{asm_string = "add.f32 $0, $1, $1;", constraints = "=f,f", has_side_effects}> : (f32) -> f32
    return %0, %1 : i32, f32
  }
}
"""


def test_a_device_function_takes_no_launch_directive():
    """A function that returns values is a `.func`; `.reqntid` is a kernel's (`.entry`) directive."""
    [kernel] = lowered_kernels(RETURNING_IR.replace("-> (i32, f32) {", "-> (i32, f32) attributes "
                                                    "{nvvm.reqntid = array<i32: 32>} {"), "sm_90a")
    assert kernel.module.message == ("`twice`: a function that returns values is a device function (`.func`), "
                                     "and `.reqntid` is a kernel's (`.entry`) directive")


def test_a_function_that_returns_values_is_a_device_function_storing_them_into_its_return_parameters():
    kernel, body = _written(RETURNING_IR)
    # Two values: one aggregate, as LLVM's NVPTX backend returns a struct (several return
    # parameters have no ABI: ptxas says so).
    assert ".visible .func (.param .align 4 .b8 func_retval0[8]) twice(.param .u32 p0, .param .f32 p1)" in body
    stored = re.search(r"add\.s32 (%out\d+), %p0, %p0;\n(?:.*\n)*?  st\.param\.b32 \[func_retval0\+0\], \1;\n"
                       r"  st\.param\.b32 \[func_retval0\+4\], %out\d+;\n  ret;\n\}", body)
    assert stored, body
    # Its lines map to the lowered ops as a kernel's do.
    lines, ir_lines = body.split("\n"), RETURNING_IR.split("\n")
    mapped = {lines[n].strip(): ir_lines[k].strip() for n, k in kernel.line_ops}
    assert mapped[f"st.param.b32 [func_retval0+0], {stored.group(1)};"].startswith("return %0, %1")
    single = RETURNING_IR.replace("return %0, %1 : i32, f32", "return %1 : f32").replace("-> (i32, f32)", "-> f32")
    [one] = lowered_kernels(single, "sm_90a")
    assert ".visible .func (.param .b32 func_retval0) twice(" in one.module.text
    assert re.search(r"st\.param\.b32 \[func_retval0\], %out\d+;\n  ret;", one.module.text)
    # A tensor map by value is a kernel's parameter only.
    with_map = RETURNING_IR.replace("%y: f32) -> (i32, f32) {", "%y: f32, %t: !cute_nvgpu.tma_descriptor_tiled) -> (i32, f32) {") \
        .replace('constraints = "=f,f", has_side_effects}> : (f32) -> f32',
                 'constraints = "=f,f", has_side_effects}> : (f32) -> f32\n    %2 = "builtin.unrealized_conversion_cast"(%t) : '
                 '(!cute_nvgpu.tma_descriptor_tiled) -> i64')
    [refused] = lowered_kernels(with_map, "sm_90a")
    assert refused.module.message == ("`twice`: a function that returns values is a device function (`.func`), which "
                                      "takes no tensor map by value: `cvta.param` reads a kernel's parameters only")
    assemble_on_each_arch(RETURNING_IR)
    assemble_on_each_arch(single)


def test_the_preview_shows_a_function_that_returns_a_value_as_a_device_function(tmp_path):
    path = tmp_path / "returning.ir"
    path.write_text((FIXTURES / "atom_mainloop.ir").read_text()
                    .replace("%out: memref<1xi32>) {", "%out: memref<1xi32>) -> i32 {")
                    .replace("    return\n", "    return %s : i32\n"))
    analysis, preview = _preview(path, "sm_90a")
    assert preview.kernels == ("mainloop",)
    lines = preview.ptx_text.split("\n")
    assert any(line.startswith(".visible .func (.param .b32 func_retval0) mainloop(") for line in lines)
    at = next(n for n, line in enumerate(lines) if line.strip().startswith("st.param.b32 [func_retval0]"))
    [span] = preview.spans_for_line(at)
    assert bytes(analysis.document.data[span.start:span.end]).decode().startswith("return %s : i32")
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(preview.ptx_text, "sm_90a")
    assert accepted, said
