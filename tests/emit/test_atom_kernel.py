"""An atom's own kernel in the PTX preview comes from the lowering (features/atom_kernel.py): for
an op that builds a copy atom (tcgen05's included) or a register / warpgroup MMA atom or a
tcgen05.mma atom (a tcgen05.mma or tcgen05.cp, of one CTA or a CTA pair, in tensor memory its
function allocates), the kernel of the smallest function applying it, after the pipeline and the
function writer; other atoms keep the kernel built from their configuration."""
from __future__ import annotations

import re

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.emit.ptx import ATOM_LINE_MARK, hand_built
from cute_ir.features import atom_kernel as AK
from cute_ir.features import preview as PV
from cute_ir.tables.legality import AtomConfig, supported_targets
from cute_ir.verify.atom_sites import document_sites
from tests.conftest import REPO
from tests.tcgen05_order import check_one_warp_allocates_and_one_thread_issues

from ptxas_runner import PTXAS, SKIP_REASON, assemble


def _analysis(body: str, arch: str = "sm_90a") -> DocumentAnalysis:
    return DocumentAnalysis("file:///atoms.ir", f"func.func @atoms() {{\n{body}  return\n}}\n",
                            settings=Settings(target_arch=arch))


def _kernel(preview: PV.Preview, name: str) -> list[str]:
    lines = preview.ptx_text.split("\n")
    start = next(n for n, line in enumerate(lines) if line.startswith(f".visible .entry {name}("))
    return lines[start:lines.index("}", start) + 1]


COPIES = [
    # (the atom's type, the instruction the preview marks as the atom's)
    ("!cute_nvgpu.atom.universal_copy<f32, 128 b>", ["ld.global.v4.b32", "st.global.v4.b32"]),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128>", ["ld.global.v4.b32"]),
    ("!cute_nvgpu.atom.r2s<f16 copy_bits = 128>", ["st.shared.v4.b32"]),
    ("!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>",
     ["cp.async.cg.shared.global", "cp.async.commit_group;", "cp.async.wait_group"]),
    ('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 4, n>',
     ["ldmatrix.sync.aligned.m8n8.x4.shared.b16"]),
    ('!cute_nvgpu.atom.stsm<f16, mode = <"(8,8)">, num_matrices = 4, n>', ["stmatrix.sync.aligned.m8n8.x4.shared.b16"]),
    # 8-bit matrices (sm_100 / sm_120): the row's registers, two an .m16n16 matrix.
    ('!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,16)">, sz_pattern = u8, num_matrices = 1, t>',
     ["ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8"]),
    ('!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(8,16)">, sz_pattern = u4x16p64to8, num_matrices = 4, n>',
     ["ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64"]),
    ('!cute_nvgpu.atom.stsm<i8, mode = <"(16,8)">, num_matrices = 2, t>', ["stmatrix.sync.aligned.m16n8.x2.trans.shared.b8"]),
    # tcgen05's copies (sm_100): tensor memory by its 32-bit address; a load or store waits for itself.
    ("!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x2>",
     ["tcgen05.ld.sync.aligned.32x32b.x2.b32", "tcgen05.wait::ld.sync.aligned;"]),
    ("!cute_nvgpu.atom.tmem_store<f16, 16 DP, 64 bit, x1, unpack::16b>",
     ["tcgen05.st.sync.aligned.16x64b.x1.unpack::16b.b32", "tcgen05.wait::st.sync.aligned;"]),
    ("!cute_nvgpu.atom.s2t_copy<f8E4M3FN, 128 DP, 256 bit, 1 cta>", ["tcgen05.cp.cta_group::1.128x256b"]),
]


@pytest.mark.parametrize("atom,instructions", COPIES, ids=[a.split("<")[0] for a, _ in COPIES])
def test_a_copy_atom_built_and_never_applied_gets_the_kernel_of_a_function_applying_it(atom, instructions):
    # A tcgen05.cp's function allocates the tensor memory it copies into: its parameters are the
    # descriptor, the allocation's slot and the mbarrier its commit arrives at.
    params = ["p0", "p1", "p2"] if "s2t_copy" in atom else ["p0", "p1"]
    _check_atom_kernel(f"%c = cute.make_atom() : () -> {atom}", instructions, "sm_100a", params)


MMAS = [
    # (the op, the target, the instructions the preview marks as the atom's, its parameters)
    # The universal FMA: one element of each fragment (D, which is C too, A and B).
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} "
     ": !cute_nvgpu.atom.universal_fma", "sm_80", ["fma.rn.f32"], ["p0", "p1", "p2"]),
    ("%c = cute.make_atom() : () -> !cute_nvgpu.atom.universal_fma<1x1x1, (f16, f16) -> f16>", "sm_70",
     ["fma.rn.f16"], ["p0", "p1", "p2"]),
    ("%c = cute.make_atom() : () -> !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32) >", "sm_80",
     ["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"], ["p0", "p1", "p2"]),
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = f8E4M3FN, b_type = f8E5M2, c_type = f32} "
     ": !cute_nvgpu.sm89.mma", "sm_90a", ["mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"], ["p0", "p1", "p2"]),
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 32], a_type = i8, b_type = i8, c_type = i32} "
     ": !cute_nvgpu.sm80.mma", "sm_80", ["mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"], ["p0", "p1", "p2"]),
    # Sparse: the metadata word is a parameter of its own.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} "
     ": !cute_nvgpu.sm80.sparse_mma", "sm_80", ["mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"],
     ["p0", "p1", "p2", "p3"]),
    # Block-scaled: a word of scale factors for A and one for B.
    ("%c = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 64], vec_size = 16, a_type = f4E2M1FN, b_type = f4E2M1FN, "
     "c_type = f32, sf_type = f8E4M3FN} : !cute_nvgpu.SM120.mma_bs", "sm_120a",
     ["mma.sync.aligned.kind::mxf4nvf4.block_scale.scale_vec::4X.m16n8k64.row.col.f32.e2m1.e2m1.f32.ue4m3"],
     ["p0", "p1", "p2", "p3", "p4"]),
    # wgmma: A and B shared-memory descriptors; the fence, the wait and the predicate scale-D
    # are the atom's own lines too (its inline assembly's).
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32} "
     ": !cute_nvgpu.sm90.mma", "sm_90a",
     ["setp.ne.b32", "wgmma.fence.sync.aligned;", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
      "wgmma.commit_group.sync.aligned;", "wgmma.wait_group.sync.aligned"], ["p0", "p1", "p2"]),
    # tcgen05.mma of one CTA: D in tensor memory its function allocates, A and B shared-memory
    # descriptors, then the allocation's slot and the mbarrier its commit arrives at; the
    # predicate enable-input-D is the atom's inline assembly's too.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = f16, b_type = f16, c_type = f32, "
     "cta_group = 1} : !cute_nvgpu.sm100.mma", "sm_100a",
     ["setp.ne.b32", "tcgen05.mma.cta_group::1.kind::f16.collector::a::discard"], ["p0", "p1", "p2", "p3"]),
    # Sparse: the metadata in the allocated tensor memory too.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 32], a_type = f16, b_type = f16, c_type = f32} "
     ": !cute_nvgpu.sm100.mma_sp", "sm_100a",
     ["setp.ne.b32", "tcgen05.mma.sp.cta_group::1.kind::f16.collector::a::discard"], ["p0", "p1", "p2", "p3"]),
    # Block-scaled: the scale factors in tensor memory.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 64], a_type = f4E2M1FN, b_type = f4E2M1FN, "
     "c_type = f32, vec_size = 16, sf_type = f8E4M3FN} : !cute_nvgpu.sm100.mma_bs", "sm_103f",
     ["setp.ne.b32", "tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard"],
     ["p0", "p1", "p2", "p3"]),
]


@pytest.mark.parametrize("op,arch,instructions,params", MMAS, ids=[o.split(": ")[-1].split("<")[0].split("!")[-1]
                                                                  for o, *_ in MMAS])
def test_an_mma_atom_built_and_never_applied_gets_the_kernel_of_a_function_applying_it(op, arch, instructions, params):
    _check_atom_kernel(op, instructions, arch, params)


def _check_atom_kernel(op_text: str, instructions: list[str], arch: str, params: list[str]) -> None:
    analysis = _analysis(f"  {op_text}\n", arch)
    preview = PV.preview_module(analysis)
    [site] = document_sites(analysis)
    [name] = preview.kernels
    kernel = _kernel(preview, name)
    written = AK.atom_kernel(op_text, site.config, name, arch)
    assert written is not None and written.module.kernels == (name,)
    # The function's parameters, as the writer passes a memref or a descriptor: its pointer, its 64 bits.
    assert kernel[0] == f".visible .entry {name}(" + ", ".join(f".param .u64 {p}" for p in params) + ")"
    assert "\n".join(kernel) in written.module.text
    assert [line.split(ATOM_LINE_MARK)[0].split()[0] for line in kernel if ATOM_LINE_MARK in line] == \
        [i.split()[0] for i in instructions]
    marked = [line.split(ATOM_LINE_MARK)[0].strip() for line in kernel if ATOM_LINE_MARK in line]
    assert all(line.startswith(i) for line, i in zip(marked, instructions))
    assert all(line.endswith(f"{ATOM_LINE_MARK}%c") for line in kernel if ATOM_LINE_MARK in line)
    # Every line of it maps to the op that built the atom.
    first = preview.ptx_text.split("\n").index(kernel[0])
    mapped = dict(preview.line_map)
    assert {mapped[n] for n in range(first, first + len(kernel))} == {site.span}
    if PTXAS is not None:
        accepted, said = assemble(preview.ptx_text, preview.ptxas_arch)
        assert accepted, said


PAIRS = [
    # (the op, the instruction the preview marks as the atom's)
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [256, 256, 16], a_type = f16, b_type = f16, c_type = f32, "
     "cta_group = 2} : !cute_nvgpu.sm100.mma", "tcgen05.mma.cta_group::2.kind::f16.collector::a::discard"),
    # Sparse, A in tensor memory: D, A and the metadata each at its column of the allocation.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [256, 256, 32], a_type = bf16, b_type = bf16, c_type = f32, "
     'cta_group = 2, a_source = "tmem"} : !cute_nvgpu.sm100.mma_sp', "tcgen05.mma.sp.cta_group::2.kind::f16"),
    ("%c = cute.make_atom() : () -> !cute_nvgpu.atom.s2t_copy<f8E4M3FN, 128 DP, 256 bit, 2 cta>",
     "tcgen05.cp.cta_group::2.128x256b"),
]
ONE_CTA = [
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [128, 256, 16], a_type = f16, b_type = f16, c_type = f32} "
     ": !cute_nvgpu.sm100.mma", "tcgen05.mma.cta_group::1.kind::f16.collector::a::discard"),
    # A in tensor memory: D and A each at its column of the allocation.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [128, 64, 8], a_type = tf32, b_type = tf32, c_type = f32, "
     'a_source = "tmem"} : !cute_nvgpu.sm100.mma', "tcgen05.mma.cta_group::1.kind::tf32"),
    # Block-scaled: the scale factors in the allocation too.
    ("%c = cute_nvgpu.make_mma_atom {shape_MNK = [128, 128, 64], a_type = f4E2M1FN, b_type = f4E2M1FN, "
     "c_type = f32, vec_size = 16, sf_type = f8E4M3FN} : !cute_nvgpu.sm100.mma_bs",
     "tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16"),
    ("%c = cute.make_atom() : () -> !cute_nvgpu.atom.s2t_copy<f8E4M3FN, 128 DP, 256 bit, 1 cta>",
     "tcgen05.cp.cta_group::1.128x256b"),
]

# The kernel around a tcgen05.mma or tcgen05.cp, of each CTA group: the tensor memory allocated,
# the mbarrier initialised for one arrival, the work committed to it (a pair's to both CTAs'
# mbarriers, one CTA's to its own), its phase 0 waited for, the memory freed.
_SCAFFOLDING = {group: [f"tcgen05.alloc.cta_group::{group}.sync.aligned.shared::cta.b32",
                        f"tcgen05.relinquish_alloc_permit.cta_group::{group}",
                        "mbarrier.init.shared::cta.b64", "fence.mbarrier_init.release.cluster;",
                        "tcgen05.fence::before_thread_sync", "tcgen05.fence::after_thread_sync", None,
                        f"tcgen05.commit.cta_group::{group}.mbarrier::arrive::one.shared::cluster."
                        f"{'multicast::cluster.' if group == 2 else ''}b64",
                        "mbarrier.try_wait.parity.shared::cta.b64", "tcgen05.fence::after_thread_sync",
                        "tcgen05.fence::before_thread_sync", "tcgen05.fence::after_thread_sync",
                        f"tcgen05.dealloc.cta_group::{group}.sync.aligned.b32"]
                for group in (1, 2)}
_SCAFFOLDING_LINES = ("tcgen05.", "mbarrier.", "fence.mbarrier")
# The mbarrier of its init, its commit and its wait: one register.
_MBARRIERS = re.compile(r"mbarrier\.init\.shared::cta\.b64 \[(%\w+)\], 1;.*tcgen05\.commit\.[^\[]*\[\1\].*"
                        r"mbarrier\.try_wait\.parity\.shared::cta\.b64 %\w+, \[\1\], 0, 10000000;", re.S)


@pytest.mark.parametrize("op,instruction,group", [(*p, 2) for p in PAIRS] + [(*o, 1) for o in ONE_CTA],
                         ids=["pair-umma", "pair-umma-sp-ts", "pair-s2t", "umma", "umma-ts", "umma-bs", "s2t"])
def test_tcgen05_work_runs_in_tensor_memory_its_function_allocates(op, instruction, group):
    """A tcgen05.mma or tcgen05.cp, of one CTA or a CTA pair, has its kernel from the lowering on
    every target that runs it: the function allocates the tensor memory its operands lie in,
    commits the work to an mbarrier (a pair's of both CTAs) it initialised for that one arrival,
    waits for that mbarrier's phase 0 (the work is asynchronous: nothing may touch its memory
    before it completes) and frees the memory (MLIR's NVVM ops, which the function writer writes
    with the PTX builder); one path, of the atom's CTA group. Correct with any number of warps:
    warp 0 alone allocates and frees, thread 0 alone initialises the mbarrier, one thread (of a
    pair, in its even CTA alone) issues the work and the commit after the CTA's (the cluster's)
    barrier; every thread waits. ptxas accepts the kernel on every such target."""
    analysis = _analysis(f"  {op}\n", "sm_100a")
    [site] = document_sites(analysis)
    assert not hand_built(site.config) and site.config.cta_group == group
    for target in supported_targets(site.config):
        kernel = AK.atom_kernel(op, site.config, "k", target)
        assert kernel is not None and kernel.module.ok, target
        text = kernel.module.text
        body = [line.strip() for line in text.split("\n") if line.strip().startswith(_SCAFFOLDING_LINES)]
        expected = [instruction if step is None else step for step in _SCAFFOLDING[group]]
        assert _MBARRIERS.search(text), text
        check_one_warp_allocates_and_one_thread_issues(text, instruction, group)
        assert text.count("tcgen05.commit") == 1, text
        assert [line for line in body if any(line.startswith(e) for e in expected)] == body
        assert [next(e for e in expected if line.startswith(e)) for line in body] == expected, body
        assert f"cta_group::{3 - group}" not in text
        # The atom's own lines are its inline assembly's; the scaffolding is the function's.
        assert [line.split(ATOM_LINE_MARK)[0].strip() for line in text.split("\n")
                if ATOM_LINE_MARK in line and "tcgen05." in line][0].startswith(instruction)
        assert not any(ATOM_LINE_MARK in line for line in text.split("\n") if "tcgen05.commit" in line)
        if PTXAS is not None:
            accepted, said = assemble(text, kernel.module.ptxas_arch)
            assert accepted, (target, said)
    # The document's preview shows it: the function writer's parameters (`pN`).
    preview = PV.preview_module(analysis)
    [name] = preview.kernels
    assert re.search(r"\.param \.u64 p0", _kernel(preview, name)[0])


def test_every_tcgen05_mma_and_copy_configuration_is_ordered_for_any_number_of_warps():
    """Every tcgen05.mma and tcgen05.cp configuration the tables hold, of one CTA or a CTA pair,
    on the first target that runs it: its kernel (built from the configuration, as the table-wide
    ptxas sweep assembles it) has warp 0 alone allocate and free, thread 0 alone initialise the
    mbarrier, the CTA's (the cluster's) barrier before the slot is read, one thread (of a pair,
    of the even CTA) issue the work and the commit, every thread wait."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic == "atom.s2t_copy" or (c.mnemonic or "").startswith("sm100.")]
    assert {c.cta_group for c in configs} == {1, 2} and len(configs) > 50
    for config in configs:
        instruction = "tcgen05.cp." if config.mnemonic == "atom.s2t_copy" else "tcgen05.mma."
        # The scaffolding is the target's to assemble, not to order: the first target that runs
        # the atom (the forms above are ordered on each).
        target = supported_targets(config)[0]
        kernel = AK.config_kernel(config, "k", target)
        assert kernel is not None and kernel.module.ok, (config.label(), target)
        check_one_warp_allocates_and_one_thread_issues(kernel.module.text, instruction, config.cta_group,
                                                       multicast=config.commit_multicast is not False)


def test_a_cta_pair_commits_as_the_document_does():
    """A document whose own commit arrives at one mbarrier (CUTLASS's umma_arrive_2x1SM) gets the
    CTA pair's kernel that commits so, and waits for it in the leader CTA alone."""
    op = PAIRS[0][0]
    body = (f"  {op}\n  %bar = llvm.mlir.zero : !llvm.ptr<3>\n"
            "  nvvm.tcgen05.commit %bar {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>\n")
    analysis = _analysis(body, "sm_100a")
    [site] = document_sites(analysis)
    assert site.config.commit_multicast is False
    kernel = AK.atom_kernel(op, site.config, "k", "sm_100a")
    [commit] = [line.strip() for line in kernel.module.text.split("\n") if "tcgen05.commit" in line]
    assert re.fullmatch(r"tcgen05\.commit\.cta_group::2\.mbarrier::arrive::one\.shared::cluster\.b64 \[%\w+\];", commit)
    # Its one arrival is at the leader CTA's mbarrier: the leader's threads alone wait on it, the
    # peer's at the cluster barrier after it.
    check_one_warp_allocates_and_one_thread_issues(kernel.module.text, PAIRS[0][1], 2, multicast=False)
    if PTXAS is not None:
        accepted, said = assemble(kernel.module.text, kernel.module.ptxas_arch)
        assert accepted, said


def test_the_function_applying_an_atom_is_the_atom_s_own():
    """The function is the atom's only when its own atom site is the op's configuration."""
    op = "%c = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>"
    analysis = _analysis(f"  {op}\n")
    [site] = document_sites(analysis)
    assert AK.application(op, site.config, "k", "sm_90a") == (
        "func.func @k(%src: memref<4xf32, 1>, %dst: memref<4xf32, 1>) {\n"
        "  %atom = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 128 b>\n"
        "  cute_nvgpu.copy %atom, %src, %dst : (!cute_nvgpu.atom.universal_copy<f32, 128 b>, memref<4xf32, 1>, "
        "memref<4xf32, 1>)\n  return\n}\n")
    other = _analysis("  %c = cute.make_atom() : () -> !cute_nvgpu.atom.universal_copy<f32, 64 b>\n")
    [wider] = document_sites(other)
    assert AK.atom_kernel(op, wider.config, "k", "sm_90a") is None


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
@pytest.mark.parametrize("path", sorted((REPO / "tests" / "corpus" / "cutedsl").glob("*/raw.mlir")),
                         ids=lambda p: p.parent.name)
def test_each_dump_s_preview_with_kernels_from_the_lowering_assembles_on_each_target(path):
    for arch in ("sm_90a", "sm_100a", "sm_120a"):
        analysis = DocumentAnalysis(path.resolve().as_uri(), path.read_bytes(), settings=Settings(target_arch=arch))
        preview = PV.preview_module(analysis)
        accepted, said = assemble(preview.ptx_text, preview.ptxas_arch)
        assert accepted, (arch, said)


@pytest.mark.parametrize("op,arch,instructions,params", MMAS, ids=[o.split(": ")[-1].split("<")[0].split("!")[-1]
                                                                  for o, *_ in MMAS])
def test_an_mma_atom_s_configuration_builds_it_again(op, arch, instructions, params):
    """`builder_text` writes an op building the very atom of a configuration (the preview's
    kernel for an MMA atom the document does not build alone)."""
    [site] = document_sites(_analysis(f"  {op}\n", arch))
    built = AK.builder_text(site.config)
    assert built is not None and built.startswith("%atom = cute_nvgpu.make_")
    [again] = document_sites(_analysis(f"  {built}\n", arch))
    assert again.config == site.config


def test_an_mma_atom_through_an_alias_or_applied_in_a_function_not_written_gets_its_kernel_from_the_lowering():
    text = ("!wg = !cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32), frag_kind = ss>\n"
            "func.func @alias() {\n  %w = cute.make_atom() : () -> !wg\n  return\n}\n"
            # The universal FMA of values stays as written (a value binds no register): the function
            # is not written, and its MMA and its FMA keep their own kernels, from the lowering too.
            "func.func @unwritten(%d: memref<4xf32>, %a: memref<8xf16>, %b: memref<4xf16>, %x: f32) {\n"
            "  %m = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} "
            ": !cute_nvgpu.sm80.mma\n"
            "  cute_nvgpu.mma %m, %d, %a, %b, %d : (!cute_nvgpu.sm80.mma, memref<4xf32>, memref<8xf16>, memref<4xf16>, "
            "memref<4xf32>)\n"
            "  %fma = cute_nvgpu.make_mma_atom {shape_MNK = [1, 1, 1], a_type = f32, b_type = f32, c_type = f32} "
            ": !cute_nvgpu.atom.universal_fma\n"
            "  cute_nvgpu.mma %fma, %x, %x, %x, %x : (!cute_nvgpu.atom.universal_fma, f32, f32, f32, f32)\n"
            "  return\n}\n")
    analysis = DocumentAnalysis("file:///atoms.ir", text, settings=Settings(target_arch="sm_90a"))
    preview = PV.preview_module(analysis)
    entries = {line.split("(")[0].split()[-1]: line for line in preview.ptx_text.split("\n")
               if line.startswith(".visible .entry k")}
    lowered = {name for name, line in entries.items() if ".param .u64 p0" in line}
    assert lowered == set(entries)
    # The op that builds it, the op that applies it.
    assert len([n for n in lowered if "sm80_mma" in n]) == len([n for n in lowered if "universal_fma" in n]) == 2
    marks = [line.split(ATOM_LINE_MARK)[1] for line in preview.ptx_text.split("\n") if ATOM_LINE_MARK in line]
    assert {"%w", "%m", "%fma"} <= set(marks)
    if PTXAS is not None:
        accepted, said = assemble(preview.ptx_text, "sm_90a")
        assert accepted, said


# The instruction descriptor of a tcgen05.mma is an immediate of its inline assembly, as the
# configuration gives it (ue4m3 scales: bit 23 clear; M 128, N 128).
TCGEN05 = [
    (AtomConfig("sm100.mma_bs", (128, 128, 64), "e2m1", "e2m1", "f32", block_scale="mxf4nvf4", vec_size=16,
                sf_type="ue4m3", a_source="smem_desc"), 0x08200480,
     r"tcgen05\.mma\.cta_group::1\.kind::mxf4nvf4\.block_scale\.block16\.collector::a::discard \[%v\d+\], %v\d+, %v\d+, "
     r"%c\d+, \[%v\d+\], \[%v\d+\], enable_d;"),
    # A from tensor memory (its address), the default descriptor otherwise.
    (AtomConfig("sm100.mma", (128, 64, 8), "tf32", "tf32", "f32", a_source="tmem"), None,
     r"kind::tf32\.collector::a::discard \[%v\d+\], \[%v\d+\], %v\d+, %c\d+, enable_d;"),
    (AtomConfig("sm100.mma_bs_sp", (128, 128, 128), "e2m1", "e2m1", "f32", sparse=True, block_scale="mxf4", vec_size=32,
                sf_type="ue8m0", a_source="smem_desc"), None,
     r"tcgen05\.mma\.sp\.cta_group::1\.kind::mxf4\.block_scale\.block32\.collector::a::discard \[%v\d+\], %v\d+, "
     r"%v\d+, \[%v\d+\], %c\d+, \[%v\d+\], \[%v\d+\], enable_d;"),
]


@pytest.mark.parametrize("config,descriptor,instruction", TCGEN05, ids=["mxf4nvf4", "ts", "sparse-mxf4"])
def test_a_tcgen05_mma_of_one_cta_is_the_lowering_s_on_every_target_that_runs_it(config, descriptor, instruction):
    """Built from its configuration's attributes, applied by a function the lowering writes; each
    operand of its own (a sparse block-scaled atom's scales after its metadata)."""
    assert not hand_built(config)
    for target in supported_targets(config):
        kernel = AK.config_kernel(config, "k", target)
        assert kernel is not None, target
        text = kernel.module.text
        [line] = [line for line in text.split("\n") if "tcgen05.mma" in line]
        assert re.search(instruction, line), line
        registers = re.findall(r"\[(%v\d+)\]|(%v\d+)", line.split(ATOM_LINE_MARK)[0].split(" ", 1)[1])
        names = [a or b for a, b in registers]
        assert len(names) == len(set(names))            # one parameter each
        if descriptor is not None:
            assert f", {descriptor};" in text
        if PTXAS is not None:
            accepted, said = assemble(text, kernel.module.ptxas_arch)
            assert accepted, (target, said)


def test_every_tcgen05_copy_configuration_is_the_lowering_s():
    """tcgen05.ld / tcgen05.st of every row and tcgen05.cp of one CTA or a CTA pair: built from the
    configuration (the DSL's spelling), applied by a function the lowering writes (the table-wide
    ptxas sweep assembles them all)."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic in ("atom.tmem_load", "atom.tmem_store", "atom.s2t_copy")]
    assert not any(hand_built(c) for c in configs)
    assert {c.cta_group for c in configs if c.mnemonic == "atom.s2t_copy"} == {1, 2}
    for config in configs[::7]:
        [site] = document_sites(_analysis(f"  {AK.builder_text(config)}\n", "sm_100a"))
        assert site.config == config
        assert AK.config_kernel(config, "k", "sm_100a") is not None, config.label()


def test_a_tcgen05_ld_or_st_kernel_is_launched_as_the_one_warp_whose_lanes_it_reaches():
    """tcgen05.ld / tcgen05.st are a warp's collective instructions that reach the 32 lanes of
    tensor memory of the warp's index mod 4 alone; every thread gives the tile's start, lane 0:
    each kernel is launched as one warp, `.reqntid 32, 1, 1` exactly (the table-wide ptxas sweep
    assembles every one on every target)."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic in ("atom.tmem_load", "atom.tmem_store")]
    assert {c.mnemonic for c in configs} == {"atom.tmem_load", "atom.tmem_store"}
    for config in configs:
        kernel = AK.config_kernel(config, "k", "sm_100a")
        assert kernel is not None and _directives(kernel.module.text) == [".reqntid 32, 1, 1"], config.label()


UNIVERSAL_ALIASES = [
    # (the alias's type, the instructions the preview marks as the atom's)
    ("!cute_nvgpu.atom.universal_copy<f32, 128 b>", ["ld.global.v4.b32", "st.global.v4.b32"]),
    ("!cute_nvgpu.atom.universal_copy<f16, 64 b, mem_order=acquire, mem_scope=gpu>",
     ["ld.acquire.gpu.global.b64", "st.global.b64"]),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 l2_prefetch_size = size_128b l1_cache_evict_priority = evict_last>",
     ["ld.global.L1::evict_last.L2::128B.v4.b32"]),
    ("!cute_nvgpu.atom.s2r<f16 copy_bits = 128 mem_order = acquire mem_scope = cluster shared_space = cluster>",
     ["ld.acquire.cluster.shared::cluster.v4.b32"]),
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 32 mem_order = mmio>", ["st.mmio.relaxed.sys.global.b32"]),
]


@pytest.mark.parametrize("atom,instructions", UNIVERSAL_ALIASES, ids=[a.split("<")[0] for a, _ in UNIVERSAL_ALIASES])
def test_a_universal_copy_through_an_alias_gets_the_kernel_of_a_function_applying_it(atom, instructions):
    """Read alone, the op's text does not name the atom: the kernel is that of the atom built from
    its configuration (`builder_text`), marked as the document's op's."""
    text = f"!u = {atom}\nfunc.func @atoms() {{\n  %c = cute.make_atom() : () -> !u\n  return\n}}\n"
    analysis = DocumentAnalysis("file:///atoms.ir", text, settings=Settings(target_arch="sm_100a"))
    preview = PV.preview_module(analysis)
    [site] = document_sites(analysis)
    [name] = preview.kernels
    kernel = _kernel(preview, name)
    assert ".param .u64 p0" in kernel[0]
    assert [line.split(ATOM_LINE_MARK)[0].split()[0] for line in kernel if ATOM_LINE_MARK in line] == instructions
    assert all(line.endswith(f"{ATOM_LINE_MARK}%c") for line in kernel if ATOM_LINE_MARK in line)
    first = preview.ptx_text.split("\n").index(kernel[0])
    assert {dict(preview.line_map)[n] for n in range(first, first + len(kernel))} == {site.span}
    if PTXAS is not None:
        accepted, said = assemble(preview.ptx_text, preview.ptxas_arch)
        assert accepted, said


def test_every_universal_copy_configuration_is_the_lowering_s():
    """A generic universal copy of each width and memory order, and the DSL's SIMT copies of each
    option, shared-memory side and `.mmio`: built again from the configuration (the table-wide
    ptxas sweep assembles the kernel of each)."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic == "atom.universal_copy"]
    assert configs and not any(hand_built(c) for c in configs)
    for config in configs:
        built = AK.builder_text(config)
        assert built is not None, config.label()
        [site] = document_sites(_analysis(f"  {built}\n", "sm_100a"))
        assert site.config == config, built


# A cp.async through an alias (or with no cache operator written): the kernel of the atom built
# again from its configuration, `cache = always | global` as the DSL spells `.ca` / `.cg`.
CP_ASYNC_ALIASES = [
    ("!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 128 b>", "cp.async.cg.shared.global [%v2], [%p0], 16;"),
    ("!cute_nvgpu.atom.simt_async_copy<i8, cache = always, 32 b>", "cp.async.ca.shared.global [%v2], [%p0], 4;"),
    # No cache operator: the row's for 16 bytes, `.cg`.
    ("!cute_nvgpu.atom.simt_async_copy<16>", "cp.async.cg.shared.global [%v2], [%p0], 16;"),
]


@pytest.mark.parametrize("atom,instruction", CP_ASYNC_ALIASES, ids=["cg16", "ca4", "default16"])
def test_a_cp_async_through_an_alias_gets_the_kernel_of_a_function_applying_it(atom, instruction):
    """No kernel is built from a cp.async's configuration any more: the preview's is the lowering's,
    the global side a parameter, the shared side its address, the group committed and waited for."""
    marked = _aliased_atom_kernel(atom, "sm_80")
    assert marked == [instruction, "cp.async.commit_group;", "cp.async.wait_group 0;"]


def _aliased_atom_kernel(atom: str, arch: str) -> list[str]:
    """The atom's lines of the preview's kernel of an op building `atom` through an alias, a
    kernel only the lowering writes, of two parameters (assembled by ptxas when it is here)."""
    text = f"!m = {atom}\nfunc.func @f() {{\n  %c = cute.make_atom() : () -> !m\n  return\n}}\n"
    analysis = DocumentAnalysis("file:///atoms.ir", text, settings=Settings(target_arch=arch))
    [site] = document_sites(analysis)
    assert hand_built(site.config) is False
    preview = PV.preview_module(analysis)
    [name] = preview.kernels
    kernel = _kernel(preview, name)
    assert kernel[0] == f".visible .entry {name}(.param .u64 p0, .param .u64 p1)"
    if PTXAS is not None:
        accepted, said = assemble(preview.ptx_text, preview.ptxas_arch)
        assert accepted, said
    return [line.split(ATOM_LINE_MARK)[0].strip() for line in kernel if ATOM_LINE_MARK in line]


def test_every_cp_async_configuration_is_the_lowering_s():
    """Each cache operator and width: built again from the configuration (the table-wide ptxas
    sweep assembles the kernel of each on every target)."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic == "atom.simt_async_copy"]
    assert configs and not any(hand_built(c) for c in configs)
    for config in configs + [AtomConfig("atom.simt_async_copy", copy_bytes=8)]:
        built = AK.builder_text(config)
        assert built is not None, config.label()
        [site] = document_sites(_analysis(f"  {built}\n", "sm_80"))
        assert site.config == config, built
        assert AK.config_kernel(config, "k", "sm_80") is not None, config.label()


# An ldmatrix / stmatrix through an alias: the kernel of the atom built again from its
# configuration, in the DSL's `ldsm` / `stsm` spelling (a fragment parameter and a shared tile).
MATRIX_ALIASES = [
    ('!cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pattern = u16, num_matrices = 2, t>', "sm_90a",
     "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16"),
    ("!cute_nvgpu.atom.stsm<m8n8.x4>", "sm_90a", "stmatrix.sync.aligned.m8n8.x4.shared.b16"),
    # The DSL's 16x8 ldmatrix is half an .m16n16 one: built again as the (16,16) mode.
    ('!cute_nvgpu.atom.ldsm<val_type = i8, mode = <"(16,8)">, sz_pattern = u6x16p32to8, num_matrices = 4, t>',
     "sm_100a", "ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8x16.b6x16_p32"),
    ('!cute_nvgpu.atom.stsm<f16, mode = <"(16,8)">, num_matrices = 1, t>', "sm_120a",
     "stmatrix.sync.aligned.m16n8.x2.trans.shared.b8"),
]


@pytest.mark.parametrize("atom,arch,instruction", MATRIX_ALIASES, ids=["ldsm", "stsm", "ldsm16x8", "stsm16x8"])
def test_a_matrix_copy_through_an_alias_gets_the_kernel_of_a_function_applying_it(atom, arch, instruction):
    """No kernel is built from an ldmatrix / stmatrix configuration any more: the preview's is the
    lowering's, the fragment and the shared-memory tile the function's parameters."""
    [marked] = _aliased_atom_kernel(atom, arch)
    assert marked.startswith(instruction + " ")


def test_every_matrix_copy_configuration_is_the_lowering_s():
    """Each ldmatrix / stmatrix row's configuration is built again from itself, on its first
    and last target (the table-wide ptxas sweep assembles the kernel of each on every target)."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic in ("atom.ldsm", "atom.stsm")]
    assert len(configs) == 27 and not any(hand_built(c) for c in configs)
    for config in configs:
        built = AK.builder_text(config)
        assert built is not None, config.label()
        targets = supported_targets(config)
        [site] = document_sites(_analysis(f"  {built}\n", targets[0]))
        assert site.config == config, built
        for target in (targets[0], targets[-1]):
            assert AK.config_kernel(config, "k", target) is not None, (config.label(), target)


# The CTAs a multicast load may feed: its CTA mask is 16 bits (`.multicast::cluster`'s ctaMask).
MULTICAST_CTAS = range(2, 17)


def _tma_configs() -> list[AtomConfig]:
    """The TMA transfers the table-wide ptxas sweep covers, a multicast load over each count of
    CTAs it may feed."""
    from dataclasses import replace

    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic in AK._TMA_TRANSFERS]
    return [variant for c in configs
            for variant in ([replace(c, multicast_ctas=n) for n in MULTICAST_CTAS] if c.multicast else [c])]


def test_every_tma_transfer_the_table_allows_has_the_lowering_s_kernel():
    """Each TMA configuration of the sweep, a multicast load over 2 to 16 CTAs, on the first and
    last target that runs it: its chain's tile gives each CTA the 128 bytes the verifier requires
    (a rank-1 run of a wider element when f16 would not fit one box), so the lowering writes a kernel."""
    configs = _tma_configs()
    assert {c.mnemonic for c in configs} == set(AK._TMA_TRANSFERS) and any(c.tma_rank == 1 and c.multicast for c in configs)
    missing = [(c.label(), c.multicast_ctas, target) for c in configs
               for target in dict.fromkeys(supported_targets(c)[::len(supported_targets(c)) - 1 or 1])
               if AK.config_kernel(c, "k", target) is None]
    assert missing == []


@pytest.mark.parametrize("ctas,bits,run", [(2, 16, 128), (4, 16, 256), (5, 32, 160), (8, 32, 256), (16, 64, 256)])
def test_a_rank_1_multicast_load_s_run_gives_each_cta_its_128_bytes_in_one_box(ctas, bits, run):
    config = AtomConfig("atom.tma_load", tma_rank=1, multicast=True, multicast_ctas=ctas)
    assert AK._tma_tile(config) == (bits, [run])
    kernel = AK.config_kernel(config, "k", "sm_90a")
    assert kernel is not None
    # The CTA mask of `ctas` CTAs, the multicast operand.
    assert re.search(rf"mov\.b16 (%\w+), {(1 << ctas) - 1};\n(.*\n)*.*\.multicast::cluster.*\], \1, %\w+;",
                     kernel.module.text), kernel.module.text
    if PTXAS is not None:
        accepted, said = assemble(kernel.module.text, kernel.module.ptxas_arch)
        assert accepted, said


def _directives(text: str) -> list[str]:
    """The directives between a kernel's parameters and its body."""
    found = re.search(r"^\.visible \.entry \w+\([^)]*\)\n((?:\.\w+[^\n]*\n)*)\{", text, re.M)
    assert found, text
    return found.group(1).splitlines()


# (a TMA load's configuration, the CTAs along x of the cluster its kernel is launched in): a
# multicast load's cluster is the CTAs its mask names, ranks 0 to n - 1; a CTA pair's load's the
# pair, or the mask's CTAs with the peer of each (an even count).
_CLUSTERED_LOADS = (
    [(AtomConfig("atom.tma_load", tma_rank=2, multicast=True, multicast_ctas=n), n) for n in MULTICAST_CTAS]
    + [(AtomConfig("atom.tma_load", tma_rank=2, cta_group=2), 2)]
    + [(AtomConfig("atom.tma_load", tma_rank=2, multicast=True, multicast_ctas=n, cta_group=2), n + n % 2)
       for n in MULTICAST_CTAS])


def test_a_tma_load_to_other_ctas_fixes_the_cluster_its_mask_names():
    """A multicast TMA load's kernel is launched in clusters of the CTAs its CTA mask names
    (`.explicitcluster`, `.reqnctapercluster n, 1, 1`: the mask's ranks 0 to n - 1), a CTA
    pair's load's in clusters of the pair (of the mask's CTAs and their peers, an even count):
    exactly those directives, on every target that runs the load, and ptxas accepts each kernel
    there. The kernel fixes no thread count (every thread issues the transfer)."""
    for config, ctas in _CLUSTERED_LOADS:
        for target in supported_targets(config):
            kernel = AK.config_kernel(config, "k", target)
            assert kernel is not None, (config.label(), target)
            assert _directives(kernel.module.text) == [".explicitcluster", f".reqnctapercluster {ctas}, 1, 1"], \
                (config.label(), config.multicast_ctas, target)
    _lowered_kernels_assemble([config for config, _ in _CLUSTERED_LOADS])


def test_a_tma_transfer_of_its_own_cta_alone_has_no_launch_directive():
    """A load that neither multicasts nor signals a CTA pair, a store and a reduction move this
    CTA's tile alone: no cluster, and no thread count."""
    for config in (AtomConfig("atom.tma_load", tma_rank=2), AtomConfig("atom.tma_store", tma_rank=2),
                   AtomConfig("atom.tma_reduce", tma_rank=2, reduce_op="add")):
        kernel = AK.config_kernel(config, "k", "sm_90a")
        assert kernel is not None and _directives(kernel.module.text) == [], config.label()


def test_every_tf32_mma_configuration_is_written_by_the_lowering():
    """A tf32 fragment is loaded into the `.b32` registers the instruction takes (the function
    writer's tf32, 32 bits in memory), so every tf32 mma.sync and wgmma (A in registers or a
    descriptor) has the lowering's kernel on every target that runs it, which ptxas accepts."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.a_type == "tf32" and hand_built(c)]
    assert len(configs) == 66
    _lowered_kernels_assemble(configs)


def _lowered_kernels_assemble(configs: list[AtomConfig], holding: str = "") -> None:
    """The lowering writes each configuration's kernel on every target that runs it (its text
    holding `holding`), and ptxas accepts them, one module a target."""
    from cute_ir.tables import tiers as T
    by_target: dict[str, list[str]] = {}
    for index, config in enumerate(configs):
        for target in supported_targets(config):
            kernel = AK.config_kernel(config, f"k{index}", target)
            assert kernel is not None and kernel.module.ok, (config.label(), target)
            assert holding in kernel.module.text, (config.label(), target)
            lines = kernel.module.text.split("\n")
            by_target.setdefault(target, []).extend(lines[next(n for n, line in enumerate(lines)
                                                               if line.startswith(".visible")):])
    if PTXAS is not None:
        for target, kernels in by_target.items():
            t = T.parse_target(target)
            text = "\n".join([f".version {t.ptx_version}", f".target {t.name}", ".address_size 64", ""] + kernels)
            accepted, said = assemble(text, t.ptxas_arch)
            assert accepted, (target, said)


def test_every_f6_mma_configuration_is_written_by_the_lowering():
    """An f6 fragment (e2m3 / e3m2 A or B of kind::mxf8f6f4) is loaded four elements to a `.b32`
    register, each in its 8-bit container with its two padding bits cleared, so each of the 16
    configurations has the lowering's kernel on every target that runs it, which ptxas accepts."""
    from cute_ir.emit.ptx import enumerate_configs
    f6 = {"e2m3", "e3m2"}
    configs = [c for c in enumerate_configs() if f6 & {c.a_type, c.b_type} and hand_built(c)]
    assert len(configs) == 16
    _lowered_kernels_assemble(configs, "0x3f3f3f3f;")


# A SM120 block-scaled fragment's bytes in memory (its elements packed as the function writer keeps
# them: an e2m1 four bits, an f6 a byte, an f8 a byte) and the registers the instruction reads. Of
# kind::mxf8f6f4 (m16n8k32) every element takes a byte of the register, four to a register, so an
# e2m1 A of 16 elements is 8 bytes in memory and 4 registers; of kind::mxf4 / mxf4nvf4 (m16n8k64)
# eight e2m1 pack a register, so A's 32 elements are 16 bytes and 4 registers.
_SM120_BYTES = {"e2m1": 4, "e2m3": 8, "e3m2": 8, "e4m3": 8, "e5m2": 8}
_SM120_FRAGMENTS = {32: {"A": (16, 4), "B": (8, 2)}, 64: {"A": (32, 4), "B": (16, 2)}}   # K: elements, registers
_LOAD = re.compile(r"^\s*ld\.(?:b|u|f)(\d+) %\w+, \[%p(\d)(?:\+(\d+))?\];")


def test_a_sm120_block_scaled_fragment_is_loaded_at_its_own_size_into_the_registers_of_its_kind():
    """Each SM120 block-scaled MMA configuration's lowered kernel reads A and B from exactly their
    fragments' bytes (an e2m1 of kind::mxf8f6f4 packed in memory, 8 bytes of A: not the 16 its
    four registers hold) and passes the instruction the registers its kind takes; an e2m1 of
    kind::mxf8f6f4 is moved into the middle of its byte (0b00ABCD00, CUTLASS's fp4_shift_A / B),
    nibble k from bit 4k to bit 8k + 2. ptxas accepts every kernel on every target."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic == "SM120.mma_bs" and c.label() != _MXF4NVF4_2X]
    assert len(configs) == 27
    for config in configs:
        kernel = AK.config_kernel(config, "k", "sm_120a")
        assert kernel is not None, config.label()
        text = kernel.module.text
        loaded: dict[int, list[tuple[int, int]]] = {}
        for line in text.split("\n"):
            found = _LOAD.match(line)
            if found:
                loaded.setdefault(int(found[2]), []).append((int(found[3] or 0), int(found[1]) // 8))
        [mma] = [line for line in text.split("\n") if "mma.sync" in line]
        groups = re.findall(r"\{([^}]*)\}", mma)
        for role, param, element, group in (("A", 1, config.a_type, groups[1]), ("B", 2, config.b_type, groups[2])):
            elements, registers = _SM120_FRAGMENTS[config.shape[2]][role]
            size = elements * _SM120_BYTES[element] // 8
            spans = sorted(loaded[param])
            # Contiguous, from the fragment's first byte to its last, and no further.
            assert spans[0][0] == 0 and all(a + n == b for (a, n), (b, _) in zip(spans, spans[1:])), (config.label(), role)
            assert spans[-1][0] + spans[-1][1] == size, (config.label(), role, spans)
            assert len(group.split(",")) == registers, (config.label(), role)
        contained = config.shape[2] == 32 and "e2m1" in (config.a_type, config.b_type)
        # Each nibble's mask and shift, folded into the `and` / `shl` as immediates.
        shifts = [int(n) for n in re.findall(r"(?:and|shl)\.b32 %i\d+, %\w+, (\d+);", text)]
        assert (shifts[:8] == [0xF, 2, 0xF0, 6, 0xF00, 10, 0xF000, 14]) is contained, config.label()
    _lowered_kernels_assemble(configs)


# kind::mxf4nvf4 scale_vec::2X with ue8m0 scales: the atom's attributes (K 64, vec_size 32) read as
# kind::mxf4, so no op builds it and the lowering writes no kernel of it (the card says so:
# tests/features/test_cards.py).
_MXF4NVF4_2X = "SM120_mma_bs_m16n8k64_e2m1_e2m1_f32_mxf4nvf4_ue8m0_v32"
# The register MMA rows of SM70 (m8n8k4): no op of the dialect builds them.
_SM70 = {"f16": "AtomConfig(mnemonic=None, shape=(8, 8, 4), a_type='f16', b_type='f16', c_type='f16'",
         "f32": "AtomConfig(mnemonic=None, shape=(8, 8, 4), a_type='f16', b_type='f16', c_type='f32'"}


def test_each_register_mma_configuration_without_the_lowering_s_kernel_says_why():
    """Of the register MMA configurations (mma.sync, sparse and block-scaled, on the first and the
    last target each runs on), the lowering writes a kernel for all but three, and each of those
    three tells the user why where the user meets it: the two SM70 m8n8k4 rows are built by no op
    (a document writing the shape gets the lattice's error and the preview's note); kind::mxf4nvf4
    2X with ue8m0 is selected by no attribute (the card says so, and the preview writes the
    kind::mxf4 kernel the attributes select). sm80.mma's m16n8k8 rows run on sm_75 in PTX, but
    the atom needs sm_80, which the configurations' targets (`supported_targets`) and the verifier
    agree on: on sm_75 the verifier's error, and the preview's `not lowered:` note."""
    from cute_ir.emit.ptx import enumerate_configs
    register = {"sm80.mma", "sm80.sparse_mma", "sm89.mma", "SM120.mma_bs", None}
    configs = [c for c in enumerate_configs() if c.mnemonic in register]
    missing = []
    for config in configs:
        targets = supported_targets(config)
        for target in dict.fromkeys((targets[0], targets[-1])):
            if AK.config_kernel(config, "k", target) is None:
                missing.append((config.label() if config.mnemonic else repr(config)[:len(_SM70["f16"])], target))
    assert len(configs) == 98
    assert sorted(missing) == sorted([(_SM70["f16"], "sm_70"), (_SM70["f16"], "sm_121f"),
                                      (_SM70["f32"], "sm_70"), (_SM70["f32"], "sm_121f"),
                                      (_MXF4NVF4_2X, "sm_120a"), (_MXF4NVF4_2X, "sm_121f")])
    said = {}
    for arch, op in [("sm_75", "%c = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 8], a_type = f16, b_type = f16, "
                               "c_type = f32} : !cute_nvgpu.sm80.mma"),
                     ("sm_80", "%c = cute_nvgpu.make_mma_atom {shape_MNK = [8, 8, 4], a_type = f16, b_type = f16, "
                               "c_type = f32} : !cute_nvgpu.sm80.mma")]:
        analysis = _analysis(f"  {op}\n", arch)
        [error] = [d.message for d in analysis.diagnostics()]
        assert f"//   not lowered: {error}" in PV.preview_module(analysis).ptx_text.split("\n")
        said[arch] = error
    assert said["sm_75"] == "atom `sm80.mma` needs sm_80 or later, but the target is sm_75 (spec minimum tier: SM80)"
    assert said["sm_80"].startswith("shape 8x8x4 is not in the `sm80.mma` lattice")
    analysis = _analysis("  %c = cute_nvgpu.make_sm120_mma_bs {shape_MNK = [16, 8, 64], vec_size = 32, a_type = f4E2M1FN, "
                         "b_type = f4E2M1FN, c_type = f32, sf_type = f8E8M0FNU} : !cute_nvgpu.SM120.mma_bs\n", "sm_120a")
    assert "mma.sync.aligned.kind::mxf4.block_scale.scale_vec::2X.m16n8k64" in PV.preview_module(analysis).ptx_text


def test_a_b1_wgmma_with_a_in_registers_says_why_the_lowering_writes_no_kernel():
    """The 18 b1 wgmma configurations with A in registers: the lowering binds A's memref of `i1`s
    (a byte each) by `vector.load`s of 32 lanes, which the function writer holds as a predicate
    register per lane, and no cast packs them into the `.b32` registers wgmma reads. The preview
    of a function applying such an atom says so, where it said the vector had "no register here
    (an argument ..., or an op's result this emitter does not know)"; the atom's own kernel is
    the one built from its configuration."""
    from cute_ir.emit.ptx import enumerate_configs
    configs = [c for c in enumerate_configs() if c.mnemonic == "sm90.mma" and c.a_type == "b1" and c.a_source == "rmem"]
    assert len(configs) == 18
    assert all(AK.config_kernel(c, "k", "sm_90a") is None for c in configs)
    text, _ = AK._applied(AK.builder_text(configs[0]), configs[0], "f", "sm_90a")
    analysis = DocumentAnalysis("file:///b1.ir", text, settings=Settings(target_arch="sm_90a"))
    assert [d.message for d in analysis.diagnostics()] == []
    lines = PV.preview_module(analysis).ptx_text.split("\n")
    assert ("//   not emitted: `f`: `arith.bitcast` of vector<32xi1>: a vector of `i1`s is a predicate register per "
            "lane here, and no cast packs its lanes into an integer register (a b1 fragment's `.b32` registers); "
            "each atom's own kernel above shows its instructions") in lines
    assert any(line.strip().startswith("wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc")
               and line.endswith(f"{ATOM_LINE_MARK}%atom") for line in lines)
