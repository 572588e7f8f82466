"""An atom's instruction as inline assembly with its operands bound by constraints.

The backend's instruction builder: `convert-cute-nvgpu-to-ptx` (passes/lower_atoms.py) calls it
to replace an op that applies an atom by its instruction, from the table row the one legality
rule (`tables/legality.legality`) gives the atom's configuration on the target, the row the PTX
preview's kernel for that atom is written from too (emit/ptx.py, which reads the template fills
below from here). The pass decides the lowering (it asks the rule, from the atom) and this
module writes the PTX; nothing the pass lowers depends on the preview.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..tables import atoms as A
from ..tables import descriptors as D
from ..tables import tensormap
from ..tables import tiers as T
from ..tables.legality import AtomConfig, a_residency, legality

__all__ = ["AsmOperand", "InlineAsm", "NAMED_CONSTANTS", "NamedConstant", "inline_asm", "braces", "tma_qualifiers", "multicast_mask",
           "universal_registers", "UNIVERSAL_WIDTHS", "CP_ASYNC_COMPLETE", "TMA_STORE_COMPLETE"]

R = A.Residency


def braces(regs: Sequence[str]) -> str:
    return "{" + ", ".join(regs) + "}"


# What completes a cp.async copy: its group committed and waited for (the copy's own lines).
CP_ASYNC_COMPLETE = ("cp.async.commit_group;", "cp.async.wait_group 0;")

# What completes a TMA store or reduction: its bulk group committed and its reads of shared
# memory waited for.
TMA_STORE_COMPLETE = ("cp.async.bulk.commit_group;", "cp.async.bulk.wait_group.read 0;")


def tma_qualifiers(c: AtomConfig, row: A.CopyShapeRow) -> dict[str, str]:
    """The placeholders of a TMA row's template that follow from the configuration alone."""
    fill = dict(RANK=str(c.tma_rank), MODE=row.params["mode"], HINT="", OP=c.reduce_op or "")
    if c.tma_cache_policy is not None:
        fill["HINT"] = A.TMA_CACHE_HINT_QUALIFIER
    if c.mnemonic == "atom.tma_load":
        # A tile only this CTA receives lands in shared::cta; multicast and CTA-pair transfers
        # address the cluster.
        local = not row.params["multicast"] and c.cta_group == 1
        fill.update(MC=".multicast::cluster" if row.params["multicast"] else "",
                    DST_SPACE="shared::cta" if local else "shared::cluster",
                    CTA=f".cta_group::{c.cta_group}" if c.cta_group != 1 else "")
    return fill


def multicast_mask(c: AtomConfig) -> int:
    """The CTAs a multicast tile lands in: the first num_multicast of the cluster (the first
    two when the IR does not say how many)."""
    return (1 << (c.multicast_ctas or 2)) - 1


# universal_copy widths: (vector prefix, ld/st type, register type, registers), 128 and 256 bits
# as the CuTe DSL's own PTX writes them (`ld.global.v4.b32`, `ld.global.v8.b32`).
UNIVERSAL_WIDTHS = {8: ("", "b8", "b16", 1), 16: ("", "b16", "b16", 1),
                    32: ("", "b32", "b32", 1), 64: ("", "b64", "b64", 1),
                    128: (".v4", "b32", "b32", 4), 256: (".v8", "b32", "b32", 8)}


def universal_registers(copy_bits: int) -> tuple[int, str] | None:
    """The registers one thread's universal copy of `copy_bits` moves through, as the preview
    writes them: (how many, their PTX type), e.g. (4, "b32") for 128 bits; None for a width
    no copy has."""
    width = UNIVERSAL_WIDTHS.get(copy_bits)
    return (width[3], width[2]) if width is not None else None


@dataclass(frozen=True, slots=True)
class AsmOperand:
    """One operand of an atom's inline assembly: the applying op's operand it comes from (its
    role: an MMA's `d`, `a`, `b`, `c`, `e`, `sfa`, `sfb`, or `scale_d` for a constant the
    lowering makes; a copy's `src`, `dst`), which of that fragment's 32-bit registers (or the
    whole value, index -1), and its constraint (NVPTX's register classes: `h` b16, `r` b32, `l`
    b64, `f` f32; `=` for an output, a number for an input tied to that output). An `address`
    operand is the address of the memref it comes from: 32-bit in shared memory, 64-bit in
    global. A TMA transfer's roles are `smem`, `tmap`, `coord`, `mbar`, and `policy` / `mask`,
    which are constants."""
    role: str
    index: int
    constraint: str
    address: bool = False
    constant: int | None = None     # a value the lowering makes (an L2 policy, a CTA mask)
    named: str | None = None        # what that value is, where a reader needs telling (a policy's name)
    holds: int | None = None        # the bits of one fragment element the register holds, when
                                    # fewer than its own (an 8-bit copy's byte in a 16-bit register)
    container: int | None = None    # the bits each fragment element takes in the register, when
                                    # not its own (kind::f8f6f4's 8: an e2m1 in a byte of its own)


# A constant the lowering makes whose number says nothing to a reader of the PTX: the role of
# its operand -> the discardable attribute the `arith.constant` carries its name in (LLVM's
# translation drops it) and how the function writer comments it, the number written in hex
# (`mov.b64 %c6, 0x1000000000000000;  // L2 evict_normal`, as CUTLASS spells the policy).
@dataclass(frozen=True, slots=True)
class NamedConstant:
    attribute: str
    comment: str                    # `{}`: the name


NAMED_CONSTANTS: dict[str, NamedConstant] = {"policy": NamedConstant("cute_nvgpu.l2_cache_policy", "L2 {}")}


@dataclass(frozen=True, slots=True)
class InlineAsm:
    """An atom's PTX with `$N` for its operands, in LLVM's inline-asm order (outputs first)."""
    text: str
    operands: tuple[AsmOperand, ...]

    @property
    def constraints(self) -> str:
        return ",".join(o.constraint for o in self.operands)


def _asm_address(role: str, constraint: str, operands: list[AsmOperand]) -> str:
    operands.append(AsmOperand(role, -1, constraint, address=True))
    return f"${len(operands) - 1}"


# The copies whose operands bind (`cute_nvgpu.copy %atom, %src, %dst`): a side in shared memory
# by its 32-bit address (`r`), a side in global memory by its 64-bit address (`l`, the address of
# a memref in the global space is already one), a register fragment by its 32-bit registers.
_BOUND_COPIES = frozenset({"atom.simt_async_copy", "atom.ldsm", "atom.stsm"})


def _copy_inline_asm(row: A.CopyShapeRow) -> InlineAsm:
    operands: list[AsmOperand] = []
    if row.atom == "atom.simt_async_copy":
        dst, src = _asm_address("dst", "r", operands), _asm_address("src", "l", operands)
        return InlineAsm("\n".join((row.ptx.format(DST=dst, SRC=src),) + CP_ASYNC_COMPLETE), tuple(operands))
    if row.atom == "atom.ldsm":
        regs = _asm_regs("dst", row.regs, "=r", operands)
        return InlineAsm(row.ptx.format(D=regs, SRC=_asm_address("src", "r", operands)), tuple(operands))
    dst = _asm_address("dst", "r", operands)
    return InlineAsm(row.ptx.format(DST=dst, S=_asm_regs("src", row.regs, "r", operands)), tuple(operands))


# The TMA transfers whose operands bind (`cute_nvgpu.atom.tma_load %exec, %smem, %coord`): the
# shared-memory tile by its address, the tensor map (the descriptor the atom was built on) as
# its 64-bit address, each coordinate a 32-bit register, an im2col load's offsets (the
# coordinate's entries after the tensor's) 16-bit registers, a load's mbarrier (the one its
# executable atom binds) by its address, the L2 policy and multicast mask as constants.
_BOUND_TMA = frozenset({"atom.tma_load", "atom.tma_store", "atom.tma_reduce"})


def _tma_inline_asm(c: AtomConfig, row: A.CopyShapeRow) -> InlineAsm | str:
    operands: list[AsmOperand] = []
    smem = _asm_address("smem", "r", operands)
    tmap = f"${len(operands)}"
    operands.append(AsmOperand("tmap", -1, "l"))
    fill = dict(tma_qualifiers(c, row), TMAP=tmap, COORDS=_asm_regs("coord", c.tma_rank, "r", operands), POLICY="")
    if c.tma_cache_policy is not None:
        fill["POLICY"] = f", ${len(operands)}"
        operands.append(AsmOperand("policy", -1, "l", constant=A.L2_CACHE_POLICIES[c.tma_cache_policy],
                                   named=c.tma_cache_policy))
    lines = [f"prefetch.tensormap [{tmap}];"] if c.tma_prefetch else []
    if c.mnemonic == "atom.tma_load":
        fill.update(DST=smem, MBAR=_asm_address("mbar", "r", operands), OFFSETS="", MASK="")
        if row.params["mode"] == ".im2col":
            # An im2col load's offsets follow the tensor's coordinates in its coordinate
            # operand: rank - 2 of them, 16-bit each (`h`).
            fill["OFFSETS"] = ", " + _asm_regs("offset", tensormap.im2col_offsets(c.tma_rank), "h", operands)
        if row.params["multicast"]:
            fill["MASK"] = f", ${len(operands)}"
            operands.append(AsmOperand("mask", -1, "h", constant=multicast_mask(c)))
        return InlineAsm("\n".join(lines + [row.ptx.format(**fill)]), tuple(operands))
    fill.update(SRC=smem)
    return InlineAsm("\n".join(lines + [row.ptx.format(**fill), *TMA_STORE_COMPLETE]), tuple(operands))


# tcgen05's copies (`cute_nvgpu.copy %atom, %src, %dst`): the tensor-memory side by its 32-bit
# address (`r`: tensor memory is addressed by a 32-bit lane and column word), the register
# fragment as 32-bit registers (`=r` outputs of tcgen05.ld), tcgen05.cp's shared-memory matrix
# descriptor as its 64 bits (`l`); a load or store waits for itself, as the preview's kernel does.
_BOUND_TCGEN05_COPIES = frozenset({"atom.tmem_load", "atom.tmem_store", "atom.s2t_copy"})


def _tcgen05_copy_inline_asm(c: AtomConfig, row: A.CopyShapeRow) -> InlineAsm:
    operands: list[AsmOperand] = []
    fill = dict(NUM=c.repeat, IMM=16)
    if c.mnemonic == "atom.tmem_load":
        fill.update(PACK=".pack::16b" if c.pack else "", D=_asm_regs("dst", row.regs * c.repeat, "=r", operands),
                    SRC=_asm_address("src", "r", operands))
        return InlineAsm(row.ptx.format(**fill) + "\ntcgen05.wait::ld.sync.aligned;", tuple(operands))
    if c.mnemonic == "atom.tmem_store":
        fill.update(PACK=".unpack::16b" if c.pack else "", DST=_asm_address("dst", "r", operands))
        fill["S"] = _asm_regs("src", row.regs * c.repeat, "r", operands)
        return InlineAsm(row.ptx.format(**fill) + "\ntcgen05.wait::st.sync.aligned;", tuple(operands))
    dst = _asm_address("dst", "r", operands)
    operands.append(AsmOperand("src", -1, "l"))
    return InlineAsm(row.ptx.format(CTA=c.cta_group, DST=dst, SRC=f"${len(operands) - 1}"), tuple(operands))


def _umma_inline_asm(c: AtomConfig, row: A.MmaShapeRow) -> InlineAsm:
    """`cute_nvgpu.mma %atom, %d, %a, %b, %c [, %e | %sfa, %sfb]` of a tcgen05.mma: D (and A from
    tensor memory, the sparse metadata, the block scales) by its 32-bit tensor-memory address,
    A and B shared-memory matrix descriptors as their 64 bits (`l`), the instruction descriptor
    the configuration gives as a constant (`r`), and enable-input-D an `r` input tested into its
    predicate (D = A x B + D: the lowering passes 1, as for wgmma's scale-D). The commit to an
    mbarrier the preview's kernel issues after it is not the atom's: the IR says where it arrives
    (CUTLASS's umma_arrive is a call of its own)."""
    operands: list[AsmOperand] = []
    a_res = a_residency(c, row)
    idesc = D.umma_instr_desc(A.umma_kind(row), c.a_type, c.b_type, c.c_type, c.shape[0], c.shape[1],
                              sparse=row.sparse, sf_type=c.sf_type, saturate=c.saturate, k=c.shape[2])
    d = _asm_address("d", "r", operands)
    if a_res is R.TMEM:
        a = f"[{_asm_address('a', 'r', operands)}]"
    else:
        a = f"${len(operands)}"
        operands.append(AsmOperand("a", -1, "l"))
    b = f"${len(operands)}"
    operands.append(AsmOperand("b", -1, "l"))
    meta = f"[{_asm_address('e', 'r', operands)}], " if row.sparse else ""
    instruction = f"${len(operands)}"
    operands.append(AsmOperand("idesc", -1, "r", constant=idesc))
    scales = (f"[{_asm_address('sfa', 'r', operands)}], [{_asm_address('sfb', 'r', operands)}], "
              if row.block_scale else "")
    enable = f"${len(operands)}"
    operands.append(AsmOperand("scale_d", -1, "r"))
    body = row.template_for(a_res).format(**A.mma_qualifiers(row), D_TMEM=d, A=a, B=b, META=meta, IDESC=instruction,
                                          SCALES=scales, ENABLE_D="enable_d")
    text = "\n".join(["{", ".reg .pred enable_d;", f"setp.ne.b32 enable_d, {enable}, 0;", body, "}"])
    return InlineAsm(text, tuple(operands))


# A universal copy's registers by their width: 16-bit (`h`: a 16-bit copy's, and an 8-bit copy's,
# whose byte ld / st move in the low half of a 16-bit register, as the PTX ISA allows a register
# wider than a sub-word load or store), 32-bit (`r`, a 32 / 128 / 256-bit copy) and 64-bit (`l`).
_UNIVERSAL_CONSTRAINT = {"b16": "h", "b32": "r", "b64": "l"}


def _universal_inline_asm(c: AtomConfig, row: A.CopyShapeRow) -> InlineAsm | str:
    """`cute_nvgpu.copy %atom, %src, %dst` of a universal copy: a load (g2r / s2r) writes the
    destination fragment's registers (`=r` / `=l` outputs), a store (r2g / r2s) reads the source
    fragment's, and a generic copy moves its registers through scratch ones of its own; a side in
    shared memory by its 32-bit address, one in global memory by its 64-bit one."""
    vec, t, reg_t, n = UNIVERSAL_WIDTHS[c.copy_bits]
    letter = _UNIVERSAL_CONSTRAINT[reg_t]
    holds = c.copy_bits if c.copy_bits < 16 else None
    load, store = row.ptx.split("\n")
    operands: list[AsmOperand] = []
    fill = dict(VEC=vec, T=t, LOAD=c.load, STORE=c.store)
    if c.atom_side == "ld":
        regs = _asm_regs("dst", n, "=" + letter, operands, holds)
        fill.update(R=regs if n > 1 else regs.strip("{}"), SRC=_asm_address("src", "r" if ".shared" in c.load else "l", operands))
        return InlineAsm(load.format(**fill), tuple(operands))
    if c.atom_side == "st":
        fill.update(DST=_asm_address("dst", "r" if ".shared" in c.store else "l", operands))
        regs = _asm_regs("src", n, letter, operands, holds)
        fill["R"] = regs if n > 1 else regs.strip("{}")
        return InlineAsm(store.format(**fill), tuple(operands))
    scratch = [f"%copy{i}" for i in range(n)]
    fill.update(R=braces(scratch) if n > 1 else scratch[0],
                SRC=_asm_address("src", "r" if ".shared" in c.load else "l", operands),
                DST=_asm_address("dst", "r" if ".shared" in c.store else "l", operands))
    text = "\n".join(["{", f".reg .{reg_t} %copy<{n}>;", load.format(**fill), store.format(**fill), "}"])
    return InlineAsm(text, tuple(operands))


# The universal FMA's register of each element type (`h` a 16-bit one, `f` f32, `d` f64).
_FMA_CONSTRAINT = {"f16": "h", "f32": "f", "f64": "d"}


def _fma_inline_asm(c: AtomConfig, row: A.MmaShapeRow) -> InlineAsm:
    """`cute_nvgpu.mma %atom, %d, %a, %b, %c` of the universal FMA: one element of each fragment,
    D an output and A, B, C inputs of its element type's register."""
    letter = _FMA_CONSTRAINT[c.c_type]
    operands = [AsmOperand("d", 0, "=" + letter), *(AsmOperand(role, 0, letter) for role in "abc")]
    return InlineAsm(row.template_for(R.RMEM).format(d=c.c_type, D="$0", A="$1", B="$2", C="$3"), tuple(operands))


def _asm_regs(role: str, count: int, constraint: str, operands: list[AsmOperand], holds: int | None = None,
              container: int | None = None) -> str:
    start = len(operands)
    operands.extend(AsmOperand(role, i, constraint, holds=holds, container=container) for i in range(count))
    return braces([f"${start + i}" for i in range(count)])


def inline_asm(config: AtomConfig, target: str) -> InlineAsm | str:
    """The instruction of an MMA atom (the universal FMA, `_fma_inline_asm`; register `mma.sync`,
    sparse and block-scaled included, and `wgmma`) with its operands bound the way the MMA page's contract binds them: the accumulator
    fragment as `=f` outputs (`=r` for integer or packed 16-bit accumulators), A and B registers
    as `r`, shared-memory descriptors as `l` (i64), wgmma's scale-D as an `r` input tested into its
    predicate, immediates written in place; or of a cp.async, ldmatrix or stmatrix copy, its
    shared-memory side as a 32-bit address, its global side as a 64-bit one, its register
    fragment as 32-bit registers (`=r` outputs of ldmatrix), or of a universal copy
    (`_universal_inline_asm`); or of a TMA transfer, its tile,
    tensor map, coordinates (an im2col load's offsets after them) and mbarrier. The same table
    row and template as the preview's kernel; the reason as a string
    for an atom of another family."""
    t = T.parse_target(target)
    if t is None:
        return f"unknown SM target {target!r}"
    row = legality(config, t)
    if isinstance(row, str):
        return row
    if isinstance(row, A.CopyShapeRow) and row.atom in _BOUND_COPIES:
        return _copy_inline_asm(row)
    if isinstance(row, A.CopyShapeRow) and row.atom == "atom.universal_copy":
        return _universal_inline_asm(config, row)
    if isinstance(row, A.CopyShapeRow) and row.atom in _BOUND_TMA:
        return _tma_inline_asm(config, row)
    if isinstance(row, A.CopyShapeRow) and row.atom in _BOUND_TCGEN05_COPIES:
        return _tcgen05_copy_inline_asm(config, row)
    if isinstance(row, A.MmaShapeRow) and row.instruction.startswith("tcgen05"):
        return _umma_inline_asm(config, row)
    if isinstance(row, A.MmaShapeRow) and row.instruction == "fma":
        return _fma_inline_asm(config, row)
    if not isinstance(row, A.MmaShapeRow) or row.instruction not in ("mma.sync", "mma.sp", "mma.sync.block_scale",
                                                                     "wgmma"):
        return ("only MMA atoms (the universal FMA, mma.sync, mma.sp, block-scaled mma.sync, wgmma, tcgen05.mma), "
                "the cp.async, "
                "ldmatrix, stmatrix, universal and tcgen05 copies and TMA transfers bind their operands to constraints")
    c = config
    a_res = a_residency(c, row)
    regs = A.register_counts(row, c.shape, c.a_type, c.b_type, c.c_type, a_res)
    acc = "f" if c.c_type == "f32" else "r"
    operands: list[AsmOperand] = []
    fill = dict(M=c.shape[0], N=c.shape[1], K=c.shape[2], d=c.c_type, a=c.a_type, b=c.b_type, c=c.c_type,
                sat="satfinite." if c.saturate else "", D=_asm_regs("d", regs["C"], "=" + acc, operands))
    if row.instruction == "wgmma":
        # wgmma accumulates in D: C's registers enter tied to D's.
        for i in range(regs["C"]):
            operands.append(AsmOperand("c", i, str(i)))
        if a_res is R.RMEM:
            fill["A"] = _asm_regs("a", regs["A"], "r", operands)
        else:
            fill["A"] = f"${len(operands)}"
            operands.append(AsmOperand("a", -1, "l"))
        fill["B"] = f"${len(operands)}"
        operands.append(AsmOperand("b", -1, "l"))
        scale = f"${len(operands)}"
        operands.append(AsmOperand("scale_d", -1, "r"))
        body = row.template_for(a_res).format(**fill, SCALE_D="scale_d")
        text = "\n".join(["{", ".reg .pred scale_d;", f"setp.ne.b32 scale_d, {scale}, 0;",
                          "wgmma.fence.sync.aligned;", body, "wgmma.commit_group.sync.aligned;",
                          "wgmma.wait_group.sync.aligned 0;", "}"])
        return InlineAsm(text, tuple(operands))
    # kind::(mx)f8f6f4 takes every A and B element in an 8-bit container (`row.container_bits`),
    # kind::mxf4 / mxf4nvf4 packs eight e2m1 to a register: the registers the fragment fills differ.
    fill["A"] = _asm_regs("a", regs["A"], "r", operands, container=row.container_bits)
    fill["B"] = _asm_regs("b", regs["B"], "r", operands, container=row.container_bits)
    fill["C"] = _asm_regs("c", regs["C"], acc, operands)
    if row.sparse:
        fill.update(E=f"${len(operands)}", F=str(c.sparse_selector))
        operands.append(AsmOperand("e", -1, "r"))
    if row.block_scale:
        fill.update(A.mma_qualifiers(row, c.sf_type), SFA=f"${len(operands)}", SFB=f"${len(operands) + 1}",
                    SFA_BID="0", SFA_TID="0", SFB_BID="0", SFB_TID="0")
        operands += [AsmOperand("sfa", -1, "r"), AsmOperand("sfb", -1, "r")]
    return InlineAsm(row.template_for(R.RMEM).format(**fill), tuple(operands))
