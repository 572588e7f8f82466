"""PTX preview: pure functions from an atom configuration + target to a complete PTX module.

Every module is self-contained and assembles with ``ptxas -arch=<tiers.ptxas_arch(target)>``:
``.version`` / ``.target`` / ``.address_size 64``, one ``.visible .entry`` kernel per atom
configuration, its parameters and register declarations, the atom's instruction(s), and stores
of every result so nothing is dead. Instruction lines that implement the atom carry
``// @op <origin>`` when the caller passes an origin id; `PtxModule.line_origins` maps those
(1-based) line numbers back to the origin.

Legality is the tables' (`tables/legality.py`, which the verifier asks too): a configuration
gets the row it lowers to, or the target cannot run it and the result is an `EmitError`
(returned, never raised). Kernels are written with the one PTX builder
(`emit/builder.py`), which TileAS kernels share. The atom's instruction with its operands bound
by constraints (`inline_asm`, what the atom lowering puts in the IR) is the lowering's own
(emit/atom_instruction.py), filled from the same rows with the same template fills.

What the PTX preview shows of an atom comes from the lowering where it can (features/atom_kernel.py:
a function applying the atom, after the pipeline and the function writer): an op that builds a
universal copy, cp.async, ldmatrix / stmatrix (every shape and format), register MMA (the universal
FMA, `mma.sync`, `mma.sp`, block-scaled `mma.sync`), wgmma or tcgen05.mma atom from nothing of the
document (and any op of a copy atom, universal FMA, register, warpgroup or tcgen05 MMA atom, from an
op built from its configuration). Every universal copy, cp.async, ldmatrix, stmatrix and universal
FMA, every tcgen05.mma,
tcgen05.cp, tcgen05.ld and tcgen05.st atom (a tcgen05.mma or tcgen05.cp, of one CTA or a CTA pair,
in the tensor memory its function allocates, with the `tcgen05.commit` that tracks it) and every TMA load, store
and reduction (the function of its chain: descriptor, non-exec atom, `make_exec_tma`, transfer)
have their kernel from the lowering alone (`hand_built`; the table-wide ptxas sweep assembles them
so too). The kernels here are the register MMAs' and wgmma's: the preview's for an op the lowering
cannot take alone and that no op built from its configuration stands for, and for an op the
pipeline does not erase; the table-wide ptxas sweep of every row (`enumerate_configs`, which keeps
`_mma_register_kernel` and `_wgmma_kernel` proving every table row of those families assembles), and
`atom_instructions`, the universal copy's instructions the hover card shows.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from cute_ir.tables import atoms as A
from cute_ir.tables import tiers as T
from cute_ir.tables.legality import AtomConfig, a_residency, legality

from .atom_instruction import UNIVERSAL_WIDTHS, AsmOperand, InlineAsm, braces, inline_asm

from .builder import ATOM_LINE_MARK, PtxBuilder, PtxModule, render

__all__ = ["EMIT_CODE", "PtxModule", "EmitError", "emit_ptx", "emit_module", "inline_asm", "InlineAsm", "AsmOperand",
           "enumerate_configs", "ATOM_LINE_MARK", "atom_lines", "atom_instructions", "hand_built", "kernel_name"]

R = A.Residency

# The code of a diagnostic that says PTX cannot be emitted: an atom's (the PTX preview) or a
# function's (the function writer's refusal, joined to the editor's pipeline check).
EMIT_CODE = "lower.emit"


@dataclass(frozen=True)
class EmitError:
    message: str
    config: AtomConfig | None = None
    target: str | None = None

    @property
    def ok(self) -> bool:
        return False


# --------------------------------------------------------------------------------------------
# Per-family kernel bodies
# --------------------------------------------------------------------------------------------

def _frag_reg_type(type_name: str) -> str:
    return "f32" if type_name == "f32" else "b32"


def _mma_register_kernel(k: PtxBuilder, c: AtomConfig, row: A.MmaShapeRow) -> None:
    out = k.param("u64", "out", "%out")
    regs = A.register_counts(row, c.shape, c.a_type, c.b_type, c.c_type)
    ra = k.regs("b32", "%a", regs["A"])
    rb = k.regs("b32", "%b", regs["B"])
    ctype = _frag_reg_type(c.c_type)
    rc = k.regs(ctype, "%c", regs["C"])
    rd = k.regs(ctype, "%d", regs["C"])
    k.init("b32", ra + rb)
    k.init(ctype, rc)
    fill = dict(M=c.shape[0], N=c.shape[1], K=c.shape[2], d=c.c_type, a=c.a_type,
                b=c.b_type, c=c.c_type, sat="satfinite." if c.saturate else "",
                D=braces(rd), A=braces(ra), B=braces(rb), C=braces(rc))
    if row.sparse:
        fill.update(E=k.reg("b32", "%e"), F=str(c.sparse_selector))
        k.init("b32", ["%e"])
    if row.block_scale:
        sfa, sfb = k.reg("b32", "%sfa"), k.reg("b32", "%sfb")
        ids = [k.reg("b16", n) for n in ("%sfa_bid", "%sfa_tid", "%sfb_bid", "%sfb_tid")]
        # 0x7f is 1.0 in ue8m0; the assembler accepts any scale bytes.
        k.emit(f"mov.b32 {sfa}, 0x7f7f7f7f;")
        k.emit(f"mov.b32 {sfb}, 0x7f7f7f7f;")
        k.init("b16", ids)
        fill.update(A.mma_qualifiers(row, c.sf_type), SFA=sfa, SFB=sfb, SFA_BID=ids[0], SFA_TID=ids[1], SFB_BID=ids[2],
                    SFB_TID=ids[3])
    k.op(row.template_for(R.RMEM).format(**fill))
    k.store(out, ctype, rd)


def _wgmma_kernel(k: PtxBuilder, c: AtomConfig, row: A.MmaShapeRow) -> None:
    out = k.param("u64", "out", "%out")
    a_res = a_residency(c, row)
    adesc = k.param("u64", "a_desc", "%adesc") if a_res is R.SMEM_DESC else None
    bdesc = k.param("u64", "b_desc", "%bdesc")
    regs = A.register_counts(row, c.shape, c.a_type, c.b_type, c.c_type, a_res)
    dtype = _frag_reg_type(c.c_type)
    rd = k.regs(dtype, "%d", regs["C"])
    k.init(dtype, rd)
    if a_res is R.RMEM:
        ra = k.regs("b32", "%a", regs["A"])
        k.init("b32", ra)
        a_operand = braces(ra)
    else:
        a_operand = adesc
    scale_d = k.reg("pred", "%scale_d")
    k.emit(f"setp.ne.b64 {scale_d}, {bdesc}, 0;")
    k.op("wgmma.fence.sync.aligned;")
    k.op(row.template_for(a_res).format(
        M=c.shape[0], N=c.shape[1], K=c.shape[2], sat="satfinite." if c.saturate else "",
        d=c.c_type, a=c.a_type, b=c.b_type, D=braces(rd), A=a_operand, B=bdesc,
        SCALE_D=scale_d))
    k.op("wgmma.commit_group.sync.aligned;")
    k.op("wgmma.wait_group.sync.aligned 0;")
    k.store(out, dtype, rd)


def _universal_copy_lines(c: AtomConfig, row: A.CopyShapeRow) -> tuple[str, ...]:
    """A universal copy's instructions, its registers named as a hover card shows them (`%v0`,
    `[%src]`; `[%smem]` for a side in shared memory): a g2r / s2r atom's load, an r2g / r2s atom's
    store (the other side only moves the registers in or out), a generic copy's load and store."""
    vec, t, _, n = UNIVERSAL_WIDTHS[c.copy_bits]
    regs = [f"%v{i}" for i in range(n)]
    fill = dict(VEC=vec, T=t, R=braces(regs) if n > 1 else regs[0], LOAD=c.load, STORE=c.store,
                SRC="%smem" if ".shared" in c.load else "%src", DST="%smem" if ".shared" in c.store else "%dst")
    load, store = row.ptx.split("\n")
    return tuple(line.format(**fill) for line, side in ((load, "ld"), (store, "st")) if c.atom_side in ("", side))


# The atoms whose kernel is the lowering's alone, of any configuration: tcgen05's (tcgen05.mma and
# tcgen05.cp in the tensor memory its function allocates, committed), TMA
# transfers, universal copies, cp.async, ldmatrix / stmatrix and universal FMAs.
_LOWERED_ATOMS = frozenset({"atom.tma_load", "atom.tma_reduce", "atom.tma_store", "atom.tmem_load", "atom.tmem_store",
                            "atom.s2t_copy", "atom.universal_copy", "atom.universal_fma", "atom.simt_async_copy",
                            "atom.ldsm", "atom.stsm"}
                           | {r.atom for r in A.MMA_LATTICE if r.instruction.startswith("tcgen05")})


def hand_built(config: AtomConfig) -> bool:
    """Whether this module builds the kernel of an atom of `config`. Every tcgen05.mma, tcgen05.cp,
    tcgen05.ld / tcgen05.st atom, TMA transfer, universal copy, cp.async, ldmatrix / stmatrix and universal FMA
    has its kernel from the
    lowering alone (features/atom_kernel.py: a function applying it; tcgen05.mma and tcgen05.cp
    work in tensor memory the function allocates, with the commit that tracks it)."""
    return config.mnemonic not in _LOWERED_ATOMS


# The kernel each MMA instruction this module still builds from its row.
_KERNELS = {"mma.sync": _mma_register_kernel, "mma.sp": _mma_register_kernel,
            "mma.sync.block_scale": _mma_register_kernel, "wgmma": _wgmma_kernel}


def _build_kernel(name: str, c: AtomConfig, row: A.MmaShapeRow) -> PtxBuilder:
    k = PtxBuilder(name)
    _KERNELS[row.instruction](k, c, row)
    return k


# --------------------------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------------------------

def kernel_name(index: int, config: AtomConfig) -> str:
    """The name of the kernel of the `index`th atom of a module (`emit_module`'s, the preview's)."""
    return f"k{index}_{config.label()}"


def emit_module(items: Sequence[tuple[AtomConfig, str | None]],
                target: str, names: Sequence[str] | None = None) -> PtxModule | EmitError:
    """One module with one kernel per (config, origin) item, named `names` (default:
    `kernel_name` of each); the first illegal config wins, and a config this module does not
    build (`hand_built`) is an error too."""
    t = T.parse_target(target)
    if t is None:
        return EmitError(f"unknown SM target {target!r}", None, target)
    kernels = []
    for index, (config, origin) in enumerate(items):
        row = legality(config, t)
        if isinstance(row, str):
            return EmitError(row, config, target)
        if not hand_built(config):
            return EmitError(f"`{config.label()}`: its kernel is the lowering's (a function applying the atom)",
                             config, target)
        name = names[index] if names is not None else kernel_name(index, config)
        kernels.append((_build_kernel(name, config, row), origin))
    return render(kernels, t)


def emit_ptx(config: AtomConfig, target: str, origin: str | None = None
             ) -> PtxModule | EmitError:
    """A complete PTX module exercising `config` on `target`, or why it cannot exist."""
    return emit_module([(config, origin)], target)


def atom_lines(lines: Iterable[str]) -> list[str]:
    """The lines of an emitted kernel that are its atom's own instructions (those `render`
    marks), without the mark."""
    return [line.split(ATOM_LINE_MARK, 1)[0].strip() for line in lines if ATOM_LINE_MARK in line]


@lru_cache(maxsize=512)
def atom_instructions(config: AtomConfig, target: str) -> tuple[str, ...]:
    """The instructions of a universal copy atom of `config` on `target` (those the PTX preview
    marks as the atom's, the lowering's, with the registers a card names); () for another atom or
    when the target does not run it."""
    t = T.parse_target(target)
    row = legality(config, t) if t is not None else None
    if not isinstance(row, A.CopyShapeRow) or row.atom != "atom.universal_copy":
        return ()
    return _universal_copy_lines(config, row)


# --------------------------------------------------------------------------------------------
# Enumeration of everything the emitter can produce
# --------------------------------------------------------------------------------------------

def _mma_configs(row: A.MmaShapeRow) -> Iterable[AtomConfig]:
    type_combos = list(itertools.product(row.a_types, row.b_types, row.c_types))
    shapes = list(row.shapes())
    scale_types = row.block_scale.scale_types if row.block_scale else (None,)
    if row.instruction.startswith("tcgen05"):
        # M, N, the element types and the scale type only reach the instruction-descriptor
        # immediate, never the instruction's spelling: one of each covers every form.
        type_combos, shapes, scale_types = type_combos[:1], shapes[:1], scale_types[:1]
    sources = [r.value for r in row.a_residencies]
    selectors = row.sparse_selectors if row.instruction == "mma.sp" else (0,)
    saturate = (False, True) if row.satfinite else (False,)
    for (a, b, cty), shape, src, sf, sel, sat in itertools.product(
            type_combos, shapes, sources, scale_types, selectors, saturate):
        yield AtomConfig(row.atom, shape, a, b, cty, sparse=row.sparse,
                         block_scale=row.block_scale.kind if row.block_scale else None,
                         vec_size=row.block_scale.vec_size if row.block_scale else None,
                         sf_type=sf, cta_group=row.cta_group or 1, a_source=src,
                         saturate=sat, sparse_selector=sel)


def _copy_configs(row: A.CopyShapeRow) -> Iterable[AtomConfig]:
    m = row.atom
    if m in ("atom.ldsm", "atom.stsm"):
        yield AtomConfig(m, num_matrices=row.params["num"], transpose=row.params["trans"],
                         matrix=row.params["shape"], matrix_format=row.params["format"])
    elif m == "atom.simt_async_copy":
        yield AtomConfig(m, cache=row.params["cache"], copy_bytes=row.params["bytes"])
    elif m in ("atom.tmem_load", "atom.tmem_store"):
        for num, pack in itertools.product(row.repeats, (False, True)):
            yield AtomConfig(m, tmem_shape=row.variant, repeat=num, pack=pack)
    elif m == "atom.s2t_copy":
        for cta in (1, 2):
            yield AtomConfig(m, cp_shape=row.variant, cta_group=cta)
    elif m in ("atom.tma_load", "atom.tma_store", "atom.tma_reduce"):
        mode = row.variant.split(".")[0]
        pairs = (1, 2) if m == "atom.tma_load" else (1,)
        # Each form meets every cache policy (and no hint) at some rank, without tripling the sweep.
        policies = tuple(dict.fromkeys(A.TMA_CACHE_MODE_POLICY.values()))
        for rank, op, cta in itertools.product(row.ranks, row.options or (None,), pairs):
            yield AtomConfig(m, tma_rank=rank, tma_mode=mode,
                             multicast=bool(row.params.get("multicast")), reduce_op=op,
                             cta_group=cta, tma_cache_policy=policies[rank % len(policies)])
    elif m == "atom.universal_copy":
        for bits in row.options:
            yield AtomConfig(m, copy_bits=int(bits))
        if row.variant == "bits":
            yield from _simt_copy_configs(m)


MMIO_BITS = 32   # `.mmio` forms are swept as one 32-bit scalar


def _simt_copy_configs(m: str) -> Iterable[AtomConfig]:
    """The universal copies at 128 bits: a generic one with each memory order and scope, and the
    DSL's SIMT copies with each option value on the side it belongs to, each memory order with
    each scope, and the shared-memory sides (tables/atoms.COPY_QUALIFIERS)."""
    load_keys = ("load_cache_mode", "invariant", "l1_cache_evict_priority", "l2_prefetch_size")
    store_keys = ("store_cache_mode", "l1_cache_evict_priority")
    scopes = (A.DEFAULT_MEMORY_SCOPE, "cluster", "gpu", "sys")
    # A generic copy: each memory order's halves on its load and its store (`.mmio`: a scalar).
    for order, scope in itertools.product(A.UNIVERSAL_ORDER_HALVES, scopes):
        load, store = A.order_qualifiers("", order, scope)
        yield AtomConfig(m, copy_bits=MMIO_BITS if order == "mmio" else 128,
                         load=load + ".global", store=store + ".global")
    for side, keys, orders in (("ld", load_keys, A.LOAD_ORDERS), ("st", store_keys, A.STORE_ORDERS)):
        forms = {f".global{q}" for key in keys for q in A.COPY_QUALIFIERS[key].values()}
        forms |= {o.format(scope=s) + ".global" for o in orders.values() if "mmio" not in o
                  for s in scopes}
        forms |= {f".{space}" for space in A.SHARED_SPACES.values()}
        for qualifiers in sorted(forms):
            load, store = (qualifiers, ".global") if side == "ld" else (".global", qualifiers)
            yield AtomConfig(m, copy_bits=128, load=load, store=store, atom_side=side)
    # `.mmio`: one scalar of global memory.
    yield AtomConfig(m, copy_bits=MMIO_BITS, load=".mmio.relaxed.sys.global", atom_side="ld")
    yield AtomConfig(m, copy_bits=MMIO_BITS, store=".mmio.relaxed.sys.global", atom_side="st")


def enumerate_configs() -> list[AtomConfig]:
    """Every configuration form the emitter can produce, derived from the tables.

    Register-MMA, WGMMA and copy forms are enumerated exhaustively (every shape, type tuple and
    qualifier the instruction spells). tcgen05.mma forms are enumerated per lattice row, A
    source and saturation: M, N, element and scale types only change the 32-bit instruction
    descriptor immediate, which the assembler does not interpret.
    """
    configs: list[AtomConfig] = []
    for row in A.MMA_LATTICE:
        configs.extend(_mma_configs(row))
    for row in A.COPY_LATTICE:
        configs.extend(_copy_configs(row))
    return list(dict.fromkeys(configs))
