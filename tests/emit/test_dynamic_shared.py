"""A kernel's shared memory beyond the 48 KB a kernel may declare statically becomes dynamic
shared memory (emit/builder.py, `_dynamic_shared`): one `.extern .shared` allocation its buffers
are placed in, and the bytes the host must opt into and launch with."""
from __future__ import annotations

import pytest

from cute_ir.emit.builder import DYNAMIC_SHARED, STATIC_SHARED_LIMIT, PtxBuilder, render
from cute_ir.tables import tiers as T
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble


def kernel(tile_bytes: int) -> PtxBuilder:
    """Two mbarriers and two tiles, each taken by its address register, as the emitters write them."""
    k = PtxBuilder("k")
    for name, decl in (("bar", ".shared .align 8 .b64 bar[2];"), ("a", f".shared .align 1024 .b8 a[{tile_bytes}];"),
                       ("slot", ".shared .align 16 .b32 slot;"), ("b", f".shared .align 1024 .b8 b[{tile_bytes}];")):
        k.shared(decl)
        k.reg("b32", f"%{name}")
        k.emit(f"mov.u32 %{name}, {name};")
    k.emit("st.shared.b32 [%a], %b;")
    k.emit("st.shared.b32 [%slot], %bar;")
    return k


def test_shared_memory_within_the_static_limit_stays_static():
    module = render([(kernel(16384), None)], T.parse_target("sm_90"))
    assert ".shared .align 1024 .b8 a[16384];" in module.text and DYNAMIC_SHARED not in module.text
    assert module.dynamic_shared == ()


def test_shared_memory_beyond_the_static_limit_is_dynamic_the_most_aligned_first():
    module = render([(kernel(32768), None)], T.parse_target("sm_90"))
    text = module.text
    assert f"\n.extern .shared .align 1024 .b8 {DYNAMIC_SHARED}[];\n" in text and "\n  .shared" not in text
    # Each declaration stays as a comment saying where its buffer is.
    assert "  // .shared .align 8 .b64 bar[2]; at dynamic_smem+65544\n" in text
    # The tiles first (1024-byte aligned), then the slot and the mbarriers at their alignment.
    for line in ("mov.u32 %a, dynamic_smem;", "mov.u32 %b, dynamic_smem;\n  add.u32 %b, %b, 32768;",
                 "mov.u32 %slot, dynamic_smem;\n  add.u32 %slot, %slot, 65536;",
                 "mov.u32 %bar, dynamic_smem;\n  add.u32 %bar, %bar, 65544;"):
        assert line in text
    assert module.dynamic_shared == (("k", 65560),)
    assert (f"// 65560 bytes of dynamic shared memory (more than the {STATIC_SHARED_LIMIT} a kernel may declare "
            f"statically): the host sets CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES to 65560 and launches "
            f"with sharedMemBytes = 65560") in text


def test_a_buffer_used_other_than_by_its_address_register_stays_static():
    k = kernel(32768)
    k.emit("mov.u32 %a, b;")        # a use the placement does not rewrite
    assert DYNAMIC_SHARED not in render([(k, None)], T.parse_target("sm_90a")).text


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
def test_ptxas_refuses_the_static_form_on_a_plain_target_and_accepts_the_dynamic_one():
    # The same buffers declared statically (what the emitter wrote before): ptxas refuses them.
    static = render([(kernel(16384), None)], T.parse_target("sm_90")).text.replace("a[16384]", "a[49152]")
    accepted, said = assemble(static, "sm_90")
    assert not accepted and "uses too much shared data" in said
    for arch in ("sm_90", "sm_90a", "sm_100a", "sm_120a"):
        accepted, said = assemble(render([(kernel(32768), None)], T.parse_target(arch)).text, arch)
        assert accepted, (arch, said)
