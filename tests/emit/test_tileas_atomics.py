"""TileAS atomics TMA does not reduce: per-thread `red.global` / `atom.global` (emit/tileas_tiles.py
`atomic_global`, tables/atomics.py). The example's kernels are assembled by ptxas and run, a CTA's
threads one after another, by the PTX model: every element of the tile is combined once, at its
place, and nothing else in memory moves."""
from __future__ import annotations

import random
import re
import struct

import pytest

from cute_ir.emit.tileas_kernel import emit_tileas_kernel
from cute_ir.ir.lift import lift
from cute_ir.syntax.parser import parse
from cute_ir.tables.atomics import HALF_MODES, AtomicForm, atomic_form, memory_order
from cute_ir.verify import tileas_memops
from tests.conftest import REPO
from tests.emit import ptx_model
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble
from tests.emit.test_tileas_kernel import _kernels

ATOMICS = REPO / "examples" / "tileas_atomics.ir"
LIT = REPO / "tests" / "lit" / "per-thread-atomics.mlir"
ATOMIC = r"^\s*(?:@%\w+ )?((?:red|atom)\.[\w.:]+) "


def _instructions(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for found in re.finditer(ATOMIC, text, re.M):
        counts[found[1]] = counts.get(found[1], 0) + 1
    return counts


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_the_example_s_atomics_are_red_or_atom_per_element_and_ptxas_assembles_them(arch):
    kernels = _kernels(ATOMICS.read_text(), arch)
    # 64 x 64 f32 over 128 threads: 32 elements a thread; 32 x 64 i32: 16; f16 in pairs: 16.
    assert {name: _instructions(text) for name, text in kernels.items()} == {
        "split_k_red": {"red.relaxed.gpu.global.add.f32": 32},
        "max_and_previous": {"atom.acq_rel.gpu.global.max.s32": 16},
        "max_f16": {"red.relaxed.gpu.global.max.noftz.v2.f16": 16},
        "edge_add_bf16": {"red.relaxed.gpu.global.add.noftz.bf16": 32},
    }
    # Out of bounds each element is predicated on the view (100 columns).
    assert len(re.findall(r"@%in\d+ red\.", kernels["edge_add_bf16"])) == 32
    assert kernels["max_and_previous"].count("st.global.v4.b32") == 4
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    for name, text in kernels.items():
        accepted, said = assemble(text, arch)
        assert accepted, (name, said)


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_the_lit_test_s_kernels_assemble(arch):
    text = LIT.read_text()
    cases = [case for case in text.split("// -----") if "@refused" not in case]
    for case in cases:
        for name, ptx in _kernels(case, arch).items():
            if PTXAS is None:
                pytest.skip(SKIP_REASON)
            accepted, said = assemble(ptx, arch)
            assert accepted, (name, said)


# ------------------------------------------------------------------ running a CTA
_FORMAT = {"f32": "<f", "i32": "<i", "f16": "<e"}
_SIZE = {"f32": 4, "i32": 4, "f16": 2, "bf16": 2}


def _encode(value: float, element: str) -> bytes:
    if element == "bf16":
        return (ptx_model._bf16_bits(value, "rn")).to_bytes(2, "little")
    return struct.pack(_FORMAT[element], value)


def _decode(data: bytes, element: str) -> float:
    if element == "bf16":
        return struct.unpack("<f", b"\0\0" + data)[0]
    return struct.unpack(_FORMAT[element], data)[0]


class _Tensor:
    """A row-major tensor of rows `cols` wide at `base` in the model's byte memory, the elements
    of `rows` x `columns` set (the rest is not there: reading it is an error)."""

    def __init__(self, memory: dict[int, int], base: int, cols: int, element: str, values,
                 rows: range, columns: range):
        self.memory, self.base, self.cols, self.element = memory, base, cols, element
        self.size = _SIZE[element]
        self.held = [(r, c) for r in rows for c in columns]
        for at in self.held:
            self[at] = values(*at)

    def __setitem__(self, at: tuple[int, int], value: float) -> None:
        address = self.base + (at[0] * self.cols + at[1]) * self.size
        for n, byte in enumerate(_encode(value, self.element)):
            self.memory[address + n] = byte

    def __getitem__(self, at: tuple[int, int]) -> float:
        address = self.base + (at[0] * self.cols + at[1]) * self.size
        return _decode(bytes(self.memory[address + n] for n in range(self.size)), self.element)


def _run_cta(ptx: str, params: dict[str, int], memory: dict[int, int], block: tuple[int, int]) -> None:
    for tid in range(128):
        ptx_model.run(ptx, params, memory, special={"%tid.x": tid, "%ctaid.x": block[0], "%ctaid.y": block[1]})


def test_a_cta_adds_each_element_of_its_tile_once_where_it_lies():
    ptx = _kernels(ATOMICS.read_text(), "sm_90a")["split_k_red"]
    # Block (1, 2): rows 128 .. 191, columns 64 .. 127 of the 4096-wide tensors, and a margin
    # around it in C that must not change.
    memory: dict[int, int] = {}
    rng = random.Random(7)
    partial = _Tensor(memory, 0x1000_0000, 4096, "f32", lambda r, c: float(rng.randint(-8, 8)),
                      range(128, 192), range(64, 128))
    c = _Tensor(memory, 0x2000_0000, 4096, "f32", lambda r, c: float(rng.randint(-8, 8)),
                range(127, 193), range(63, 129))
    before = {at: c[at] for at in c.held}
    _run_cta(ptx, {"p0_partial": partial.base, "p1_c": c.base}, memory, (1, 2))
    for (r, k), old in before.items():
        want = old + partial[r, k] if 128 <= r < 192 and 64 <= k < 128 else old
        assert c[r, k] == want, (r, k)


def test_the_old_values_of_an_atom_are_the_result_tile_placed_as_a_load_s():
    ptx = _kernels(ATOMICS.read_text(), "sm_90a")["max_and_previous"]
    memory: dict[int, int] = {}
    rng = random.Random(11)
    rows, columns = range(96, 128), range(64)           # block 3's tile of the 1024-wide tensors
    src = _Tensor(memory, 0x1000_0000, 1024, "i32", lambda r, c: rng.randint(-50, 50), rows, columns)
    top = _Tensor(memory, 0x2000_0000, 1024, "i32", lambda r, c: rng.randint(-50, 50), rows, columns)
    previous = _Tensor(memory, 0x3000_0000, 1024, "i32", lambda r, c: 999, range(95, 129), range(65))
    expected = {(r, c): (top[r, c], max(top[r, c], src[r, c])) for r in rows for c in columns}
    _run_cta(ptx, {"p0_src": src.base, "p1_max": top.base, "p2_previous": previous.base}, memory, (3, 0))
    for (r, c), (old, new) in expected.items():
        assert (previous[r, c], top[r, c]) == (old, new), (r, c)
    assert all(previous[at] == 999 for at in previous.held if at not in expected)


@pytest.mark.parametrize("kernel, element, width, combine", [
    ("max_f16", "f16", 4096, max),
    ("edge_add_bf16", "bf16", 100, lambda a, b: a + b),
])
def test_16_bit_atomics_combine_a_register_s_pair_or_each_element_inside_the_view_alone(kernel, element, width,
                                                                                      combine):
    ptx = _kernels(ATOMICS.read_text(), "sm_90a")[kernel]
    memory: dict[int, int] = {}
    rng = random.Random(5)
    # Block (1, 0): rows 0 .. 63, columns 64 .. 127; bf16's view ends at column 100 (its next
    # row's first columns follow in memory and must not change).
    columns = range(64, min(128, width))
    src = _Tensor(memory, 0x1000_0000, width, element, lambda r, c: float(rng.randint(-16, 16)), range(64), columns)
    dst = _Tensor(memory, 0x2000_0000, width, element, lambda r, c: float(rng.randint(-16, 16)), range(65),
                  range(0, min(129, width)))
    before = {at: dst[at] for at in dst.held}
    params = {"p0_src": src.base, ("p1_max" if kernel == "max_f16" else "p1_sum"): dst.base}
    _run_cta(ptx, params, memory, (1, 0))
    for (r, c), old in before.items():
        want = combine(old, src[r, c]) if r < 64 and c in columns else old
        assert dst[r, c] == want, (r, c)


# ------------------------------------------------------------------ the table
def test_the_table_gives_each_mode_and_element_its_instruction_or_says_why_not():
    assert atomic_form("add", "f32", 32, True, 90) == AtomicForm(".add", ".f32", 20)
    assert atomic_form("add", "i64", 64, True, 90).type == ".u64"            # red has no .add.s64
    assert atomic_form("max", "i32", 32, True, 90).type == ".s32"            # signless compares signed
    assert atomic_form("umin", "i64", 64, True, 90).type == ".u64"
    assert atomic_form("add", "bf16", 16, False, 90) == AtomicForm(".add.noftz", ".bf16", 90)
    assert atomic_form("max", "f16", 16, True, 90) == AtomicForm(".max.noftz", ".v2.f16", 90, halves=True)
    assert atomic_form("max", "f32", 32, True, 90) == \
        "`red` / `atom` have no `max` of f32 (they have it for i32, i64, f16, bf16 elements)"
    assert atomic_form("max", "bf16", 16, False, 90) == (
        "`red` / `atom` have `.max` of bf16 only for two elements at once (`.v2.bf16`), and this atomic's "
        "elements move one at a time: say its tile is in bounds (`in_bounds`)")
    assert atomic_form("add", "bf16", 16, False, 80) == "`red` / `atom` `.add.noftz.bf16` needs sm_90 or later"
    assert atomic_form("fadd", "f32", 32, True, 90) == "`red` / `atom` have no `fadd` of f32"


def test_red_takes_relaxed_and_release_only_so_other_orders_are_an_atom_whose_value_is_discarded():
    add = atomic_form("add", "f32", 32, True, 90)
    assert memory_order(None, None) == ".relaxed.gpu"
    assert add.instruction(False, memory_order("release", "cluster")) == "red.release.cluster.global.add.f32"
    assert add.instruction(False, memory_order("acquire", "gpu")) == "atom.acquire.gpu.global.add.f32"
    assert add.instruction(True, memory_order("relaxed", "sys")) == "atom.relaxed.sys.global.add.f32"


def test_the_memop_verifier_s_16_bit_float_modes_are_the_table_s():
    assert tileas_memops._F16_MODES is HALF_MODES == {"add", "min", "max"}


def test_the_emitter_refuses_an_atomic_with_no_instruction_in_the_lowering_s_words():
    text = LIT.read_text().split("// -----")[-1]
    [kernel] = [op for top in lift(parse(text.encode()).root).operations for op in top.walk() if op.name == "func.func"]
    module = emit_tileas_kernel(kernel, "sm_90a")
    assert not module.ok
    assert module.message == ("`refused`: `nv_tileas.tiled_atomic_rmw` has no per-thread atomic: `red` / `atom` have "
                              "no `max` of f32 (they have it for i32, i64, f16, bf16 elements)")
