"""The one PTX builder: a kernel's parameters, registers, shared memory and body, and the
scaffolding every kernel that needs it writes the same way (mbarrier init and waits, fences,
tensor-memory allocation, the tcgen05.commit that tracks tcgen05 work). The atom preview's kernels
(emit/ptx.py), functions after the lowering (emit/lowered_kernel.py) and TileAS kernels
(emit/tileas_kernel.py) are written with it, so an instruction they share is spelled once.

`render` puts kernels in one complete module (`.version`, `.target`, `.address_size 64`);
instruction lines a kernel marks as the atom's carry `// @op <origin>` when the caller gives an
origin, and the module maps those lines back to it. A kernel whose shared memory exceeds what
a kernel may declare statically (`STATIC_SHARED_LIMIT`) gets it as dynamic shared memory
instead (`_dynamic_shared`), as NVIDIA's compilers do.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..ir.shaped import shaped
from ..lowering_facts.tileas import view_offset, view_strides
from ..tables import tiers as T

# `arith.cmpi`'s predicates -> `setp`'s compare and type letter (the width follows: `lt.s32`).
INTEGER_COMPARISONS = {"eq": "eq.b", "ne": "ne.b", "slt": "lt.s", "sle": "le.s", "sgt": "gt.s", "sge": "ge.s",
                       "ult": "lt.u", "ule": "le.u", "ugt": "gt.u", "uge": "ge.u"}
# `arith.cmpf`'s predicates -> `setp`'s compare (the float type follows: `lt.f32`). The ordered
# predicates are PTX's plain compares (false when an operand is NaN), the unordered ones PTX's
# `u` forms (true then), `ord` / `uno` PTX's `num` / `nan` (PTX ISA, "Comparison and Selection
# Instructions: setp", floating-point comparison operators).
FLOAT_COMPARISONS = {"oeq": "eq", "ogt": "gt", "oge": "ge", "olt": "lt", "ole": "le", "one": "ne", "ord": "num",
                     "ueq": "equ", "ugt": "gtu", "uge": "geu", "ult": "ltu", "ule": "leu", "une": "neu",
                     "uno": "nan"}
# `arith.cmpf`'s constant predicates: the predicate register set to the value.
CONSTANT_COMPARISONS = {"false": 0, "true": 1}
# `maximumf` / `minimumf` propagate a NaN and order -0 below +0 (IEEE 754-2019's maximum), as
# PTX's `max.NaN` / `min.NaN` do from `NAN_TIER` (tables/legality.py's rule; no `.f64`).


def nan_propagating(base: str, float_type: str, out: str, a: str, b: str,
                    ignoring: str, either: str, total: str) -> list[str]:
    """`out` = `maximumf` / `minimumf` (`base`: "max" / "min") of `a` and `b` where no
    `max.NaN` / `min.NaN` serves (f64; a target before NAN_TIER): the NaN-ignoring instruction
    (which orders -0 below +0 too) into `ignoring`, and, where either operand is NaN
    (`either`), their sum (`total`), which is then NaN."""
    return [f"{base}.{float_type} {ignoring}, {a}, {b};",
            f"setp.nan.{float_type} {either}, {a}, {b};",
            f"add.rn.{float_type} {total}, {a}, {b};",
            f"selp.{float_type} {out}, {total}, {ignoring}, {either};"]


# The constants `float_remainder` (`arith.remf`, tables/legality.py REMAINDER) writes, by type:
# a quiet NaN, one half, zero.
_REMAINDER_CONSTANTS = {"f32": ("0f7FFFFFFF", "0f3F000000", "0f00000000"),
                        "f64": ("0d7FFFFFFFFFFFFFFF", "0d3FE0000000000000", "0d0000000000000000")}


def float_remainder(kernel: PtxBuilder, float_type: str, x: str, y: str, into: str | None = None) -> str:
    """`arith.remf` of the f32 / f64 (`float_type`) registers `x`, `y` into `into` (else a fresh
    register, returned): C's `fmod`, exactly, the result with x's sign as MLIR's `remf` has it.
    LLVM's NVPTX backend writes x - trunc(x / y) * y, which is off once the quotient is past the
    significand (the division rounds), so it is not used. Binary long division of the
    magnitudes, every step exact: t, |y| doubled while 2t <= r = |x| (doubling is exact, an
    overflow to infinity stops it), then while t >= |y|, r - t where r >= t (exact: t <= r < 2t,
    Sterbenz's lemma) and t halved (exact while t > |y|); the result |r| with x's sign
    (`copysign`). NaN where y is 0, x infinite, or either NaN; x itself where |x| < |y| (an
    infinite y too)."""
    def fresh(register_type: str) -> str:
        return kernel.reg(register_type, "%" + kernel.fresh("rem"))
    nan, half, zero = _REMAINDER_CONSTANTS[float_type]
    r, b, t, twice = (fresh(float_type) for _ in range(4))
    bad, either_nan, small, more = (fresh("pred") for _ in range(4))
    result = fresh(float_type) if into is None else into
    invalid, double, reduce, done = (kernel.fresh(stem) for stem in ("REM_NAN_", "REM_UP_", "REM_DOWN_", "REM_END_"))
    for line in (f"abs.{float_type} {r}, {x};", f"abs.{float_type} {b}, {y};",
                 f"testp.infinite.{float_type} {bad}, {x};", f"setp.nan.{float_type} {either_nan}, {x}, {y};",
                 f"or.pred {bad}, {bad}, {either_nan};", f"setp.eq.or.{float_type} {bad}, {b}, {zero}, {bad};",
                 f"@{bad} bra {invalid};", f"mov.{float_type} {result}, {x};",
                 f"setp.lt.{float_type} {small}, {r}, {b};", f"@{small} bra {done};", f"mov.{float_type} {t}, {b};",
                 f"{double}:", f"add.rn.{float_type} {twice}, {t}, {t};", f"setp.le.{float_type} {more}, {twice}, {r};",
                 f"@{more} mov.{float_type} {t}, {twice};", f"@{more} bra {double};",
                 f"{reduce}:", f"setp.ge.{float_type} {more}, {r}, {t};", f"@{more} sub.rn.{float_type} {r}, {r}, {t};",
                 f"mul.rn.{float_type} {t}, {t}, {half};", f"setp.ge.{float_type} {more}, {t}, {b};",
                 f"@{more} bra {reduce};", f"copysign.{float_type} {result}, {x}, {r};", f"bra.uni {done};",
                 f"{invalid}:", f"mov.{float_type} {result}, {nan};", f"{done}:"):
        kernel.emit(line)
    return result


# What follows an instruction line that implements the atom, before its origin id.
ATOM_LINE_MARK = "  // @op "
# mbarrier.try_wait's suspend-time hint (ns) between tries, as NVIDIA's compilers write it
# (tests/corpus/cutedsl/sm90_tma_wgmma_stmatrix/kernel.ptx).
SUSPEND_TIME_HINT = 10000000
# After initialising mbarriers, before another thread (or the TMA unit) may use them.
FENCE_MBARRIER_INIT = "fence.mbarrier_init.release.cluster;"
# After generic-proxy writes to shared memory (st.shared, a generic-proxy copy) and before the
# async proxy (a TMA store, a bulk copy) reads them: the PTX ISA's memory consistency model has
# the two proxies ordered only through a proxy fence.
FENCE_PROXY_ASYNC = "fence.proxy.async.shared::cta;"
# Around tensor memory a CTA's threads share: after the allocation is seen, before it is freed.
TMEM_AFTER_THREAD_SYNC = "tcgen05.fence::after_thread_sync;"
TMEM_BEFORE_THREAD_SYNC = "tcgen05.fence::before_thread_sync;"


# Shared memory: at most 48 KB of it may be declared statically. More is architecture-specific
# and must be dynamic shared memory, which the host opts into per kernel
# (cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, n)) and gives at launch
# (cuLaunchKernel's sharedMemBytes): the CUDA C++ Programming Guide's compute-capability notes,
# and the CuTe DSL's kernels, which declare `.extern .shared .align 1024 .b8
# __dynamic_shmem__0[]` and carry `max_dynamic_shared_size_bytes` (tests/corpus/cutedsl). ptxas
# refuses more than 48 KB of `.shared` on a plain target ("uses too much shared data (0x10000
# bytes, 0xc000 max)"); on an `a` target it accepts more, but the launch rule does not change.
STATIC_SHARED_LIMIT = 48 * 1024
# The dynamic shared memory's symbol (module scope: every kernel's dynamic allocation starts
# there), aligned as a 128-byte-swizzled TMA box needs.
DYNAMIC_SHARED = "dynamic_smem"
DYNAMIC_SHARED_ALIGN = 1024
DYNAMIC_SHARED_DECL = f".extern .shared .align {DYNAMIC_SHARED_ALIGN} .b8 {DYNAMIC_SHARED}[];"   # module scope only
# How a kernel's or device function's first line starts in a rendered module.
ENTRY_STARTS = (".visible .entry ", ".visible .func ")
_SHARED_DECL = re.compile(r"^\.shared \.align (\d+) \.b(8|16|32|64) (\w+)(?:\[(\d+)\])?;$")
# How a kernel takes a shared buffer's address: `mov.u32 %name, name;`.
_SHARED_ADDRESS = re.compile(r"^mov\.u32 %(\w+), (\w+);$")
# The CTA group a tcgen05 instruction names. One function's tcgen05 instructions name one:
# ptxas refuses a function with both ("uses single CTA(.cta_group::1) and CTA pair
# granularity(.cta_group::2) and that is not allowed"), whatever their order or guards.
_CTA_GROUP = re.compile(r"\.cta_group::(\d+)")


def memref_descriptor_fields(name: str, rank: int) -> list[tuple[str, str]]:
    """The kernel parameters of a memref passed as MLIR's memref descriptor, each a `.u64`, in
    the order of MLIR's default calling convention for a ranked memref (mlir/docs/TargetLLVMIR.md,
    "Ranked MemRef Types": the descriptor's fields as arguments of their own): (parameter name,
    what the host passes in it, `{of}` standing for the memref). The aligned pointer keeps the
    memref's own parameter name, the one the bare-pointer convention gives it."""
    return [(f"{name}_allocated", "the allocated pointer of {of}"), (name, "the aligned pointer of {of}"),
            (f"{name}_offset", "the offset of {of}, in elements"),
            *((f"{name}_size{k}", f"extent {k} of {{of}}") for k in range(rank)),
            *((f"{name}_stride{k}", f"stride {k} of {{of}}, in elements") for k in range(rank))]


def passes_descriptor(type_text: str) -> bool:
    """Whether a memref kernel argument is passed as MLIR's memref descriptor, its fields
    parameters of their own (`memref_descriptor_fields`): when its type leaves an extent, a
    stride or its offset dynamic (`memref<?x64xf32>` too), which the kernel may read at run
    time. A memref whose type fixes them all is passed as its aligned pointer alone, MLIR's
    bare-pointer convention, which is defined for such memrefs only (`convert-gpu-to-nvvm`'s
    `use-bare-ptr-memref-call-conv`: "All memrefs must have static shape"). The one rule of
    every kernel this backend writes: a TileAS kernel's (emit/tileas_kernel.py, and the launch
    parameters `--emit host` lists) and a function's (emit/lowered_kernel.py, which the atom
    preview's kernels are)."""
    found = shaped(type_text)
    strides = view_strides(type_text)
    return found is not None and found.kind == "memref" and strides is not None and \
        (None in found.dims or None in strides or view_offset(type_text) is None)


def cta_groups(kernel: "PtxBuilder") -> list[int]:
    """The CTA groups `kernel`'s instructions name (`.cta_group::N`), ascending: a kernel ptxas
    accepts names at most one."""
    return sorted({int(n) for text, _ in kernel.body for n in _CTA_GROUP.findall(text)})


def mbarrier_init(address: str, arrivals: object) -> str:
    return f"mbarrier.init.shared::cta.b64 [{address}], {arrivals};"


def tmem_alloc(cta: int, slot: str, columns: object) -> str:
    """Allocate `columns` columns of tensor memory (a power of two, 32 to 512; a register or an
    immediate), writing their address to shared memory at `slot`."""
    return f"tcgen05.alloc.cta_group::{cta}.sync.aligned.shared::cta.b32 [{slot}], {columns};"


def tmem_relinquish(cta: int) -> str:
    return f"tcgen05.relinquish_alloc_permit.cta_group::{cta}.sync.aligned;"


def tmem_dealloc(cta: int, address: str, columns: object) -> str:
    return f"tcgen05.dealloc.cta_group::{cta}.sync.aligned.b32 {address}, {columns};"


def tmem_commit(cta: int, mbarrier: str, cta_mask: str | None = None) -> str:
    """The tcgen05.commit that has the mbarrier at `mbarrier` (a shared-memory address) track the
    completion of the tcgen05 operations the thread issued before it: one arrival there, or with
    `cta_mask` (a 16-bit register) at the same offset in each CTA of the cluster the mask names
    (`.multicast::cluster`). The PTX ISA's form: `tcgen05.commit.cta_group.mbarrier::arrive::one
    {.shared::cluster}{.multicast::cluster}.b64 [mbar] {, ctaMask};`, on the targets tcgen05.alloc
    runs on (sm_100a / sm_100f, sm_103a / sm_103f, sm_110a / sm_110f)."""
    if cta_mask is None:
        return f"tcgen05.commit.cta_group::{cta}.mbarrier::arrive::one.shared::cluster.b64 [{mbarrier}];"
    return (f"tcgen05.commit.cta_group::{cta}.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 "
            f"[{mbarrier}], {cta_mask};")


# tcgen05.fence by its kind (MLIR's `#nvvm.tcgen05_fence<...>`).
TMEM_FENCES = {"after_thread_sync": TMEM_AFTER_THREAD_SYNC, "before_thread_sync": TMEM_BEFORE_THREAD_SYNC}


@dataclass(frozen=True)
class PtxModule:
    text: str
    line_origins: dict[int, str]
    target: str
    ptxas_arch: str
    kernels: tuple[str, ...] = ()
    # (kernel, bytes) of each kernel whose shared memory is dynamic: what its launch must give.
    dynamic_shared: tuple[tuple[str, int], ...] = ()

    @property
    def ok(self) -> bool:
        return True


# Initial register values: any defined value will do; the floating scalars get 1.0 so an FMA of
# them is not trivially foldable.
_MOV_INIT = {"b32": "mov.b32 {r}, 0;", "f32": "mov.f32 {r}, 0f00000000;",
             "b16": "mov.b16 {r}, 0;", "f16": "mov.b16 {r}, 0x3C00;", "b64": "mov.b64 {r}, 0;",
             "f64": "mov.f64 {r}, 0d3FF0000000000000;"}
_STORE_BYTES = {"b32": 4, "f32": 4, "b16": 2, "f16": 2, "b64": 8, "f64": 8}


@dataclass
class PtxBuilder:
    """One kernel being written: `.entry` name, parameters, declarations, body lines."""

    name: str
    params: list[tuple[str, ...]] = field(default_factory=list)   # (ptx type, name[, qualifier])
    decls: list[str] = field(default_factory=list)
    body: list[tuple[str, bool]] = field(default_factory=list)    # (line, implements the atom)
    directives: list[str] = field(default_factory=list)
    # A device function's return parameters ((ptx type, name), in order): with any, it is a
    # `.func` returning them rather than a kernel (`.entry`).
    returns: list[tuple[str, str]] = field(default_factory=list)
    _store_offset: int = 0
    _count: int = 0

    def param(self, ptx_type: str, name: str, reg: str) -> str:
        """Declare kernel parameter `name` (u32/u64) and load it into register `reg`."""
        self.params.append((ptx_type, name))
        self.decls.append(f".reg .b{ptx_type[1:]} {reg};")
        self.emit(f"ld.param.{ptx_type} {reg}, [{name}];")
        return reg

    def tensormap_param(self, name: str, reg: str, hidden: bool = False) -> str:
        """A TMA descriptor the way NVIDIA's compilers pass one: the 128-byte CUtensorMap by value
        as a grid-constant kernel parameter (`.param .align 64 .b8 name[128]`), used through its
        generic address (`mov` of the parameter's name, then `cvta.param`), as in the PTX of
        tests/corpus/cutedsl/sm90_tma_wgmma_stmatrix. `hidden`: declared `.hidden`, as NVIDIA's
        tileiras declares the tensor maps it appends to a kernel's own parameters."""
        self.params.append(("align 64 .b8", f"{name}[128]", *((".hidden",) if hidden else ())))
        in_param = f"{reg}_param"
        self.decls += [f".reg .b64 {in_param};", f".reg .b64 {reg};"]
        self.emit(f"mov.b64 {in_param}, {name};")
        self.emit(f"cvta.param.u64 {reg}, {in_param};")
        return reg

    def regs(self, ptx_type: str, prefix: str, count: int) -> list[str]:
        self.decls.append(f".reg .{ptx_type} {prefix}<{count}>;")
        return [f"{prefix}{i}" for i in range(count)]

    def reg(self, ptx_type: str, name: str) -> str:
        self.decls.append(f".reg .{ptx_type} {name};")
        return name

    def shared(self, decl: str) -> None:
        self.decls.append(decl)

    def init(self, ptx_type: str, regs: Iterable[str]) -> None:
        for r in regs:
            self.emit(_MOV_INIT[ptx_type].format(r=r))

    def emit(self, line: str, atom: bool = False) -> None:
        self.body.append((line, atom))

    def op(self, text: str) -> None:
        """Instruction(s) implementing the atom (tagged with the origin id)."""
        for line in text.split("\n"):
            self.emit(line, atom=True)

    def store(self, out: str, ptx_type: str, regs: Iterable[str]) -> None:
        for r in regs:
            self.emit(f"st.global.{ptx_type} [{out}+{self._store_offset}], {r};")
            self._store_offset += _STORE_BYTES[ptx_type]

    def fresh(self, stem: str) -> str:
        """A name no other of this kernel has (registers, labels)."""
        self._count += 1
        return f"{stem}{self._count}"

    def wait_parity(self, barrier: str, parity: object, predicate: str | None = None,
                    hint: object = SUSPEND_TIME_HINT) -> None:
        """Wait until the phase of the mbarrier at `barrier` with `parity` has completed,
        suspending up to the time hint (ns) between tries."""
        done = predicate or self.reg("pred", "%" + self.fresh("done"))
        label = self.fresh("WAIT_")
        self.emit(f"{label}:")
        self.emit(f"mbarrier.try_wait.parity.shared::cta.b64 {done}, [{barrier}], {parity}, {hint};")
        self.emit(f"@!{done} bra {label};")


def _param_decl(param: tuple[str, ...]) -> str:
    """`[.hidden ].param .<type> <name>` of a kernel parameter (type, name, qualifiers...)."""
    ptx_type, name, *qualifiers = param
    return " ".join([*qualifiers, f".param .{ptx_type} {name}"])


def _dynamic_shared(kernel: PtxBuilder) -> tuple[list[str], list[tuple[str, bool]], int] | None:
    """`kernel`'s declarations and body with its shared buffers placed in dynamic shared memory
    (each at its alignment; its address the dynamic symbol's plus its offset), and the bytes
    they take; None when they fit `STATIC_SHARED_LIMIT` as declared, or
    a buffer is declared or addressed in a form this does not read (it then stays static, and
    ptxas judges it)."""
    buffers: list[tuple[int, str, int]] = []      # (alignment, name, bytes)
    for decl in kernel.decls:
        if not decl.startswith(".shared"):
            continue
        found = _SHARED_DECL.match(decl)
        if found is None or int(found[1]) > DYNAMIC_SHARED_ALIGN:
            return None
        buffers.append((int(found[1]), found[3], int(found[2]) // 8 * int(found[4] or 1)))
    # The most aligned first (TMA boxes, then mbarriers): no padding between them.
    offsets: dict[str, int] = {}
    end = 0
    for align, name, size in sorted(buffers, key=lambda buffer: -buffer[0]):
        end = -(-end // align) * align
        offsets[name] = end
        end += size
    if end <= STATIC_SHARED_LIMIT:
        return None
    # Each declaration stays, as a comment saying where its buffer now is.
    decls = [decl if not decl.startswith(".shared") else
             f"// {decl} at {DYNAMIC_SHARED}+{offsets[_SHARED_DECL.match(decl)[3]]}" for decl in kernel.decls]
    body: list[tuple[str, bool]] = []
    for text, is_atom in kernel.body:
        address = _SHARED_ADDRESS.match(text)
        if address is None or address[1] != address[2] or address[2] not in offsets:
            body.append((text, is_atom))
            continue
        register = f"%{address[1]}"
        body.append((f"mov.u32 {register}, {DYNAMIC_SHARED};", is_atom))
        if offsets[address[1]]:
            body.append((f"add.u32 {register}, {register}, {offsets[address[1]]};", is_atom))
    bare = re.compile(r"(?<![%\w.])(?:" + "|".join(map(re.escape, offsets)) + r")(?!\w)")   # not `%name`
    if any(bare.search(text) for text, _ in body):
        return None          # a buffer used other than through its address register
    return decls, body, end


def render(kernels: Sequence[tuple[PtxBuilder, str | None]], target: T.Target) -> PtxModule:
    """One module with `kernels`, each (builder, origin of its atom lines or None)."""
    lines = [f".version {target.ptx_version}", f".target {target.name}", ".address_size 64"]
    origins: dict[int, str] = {}
    placed = [(kernel, origin, _dynamic_shared(kernel)) for kernel, origin in kernels]
    dynamic = tuple((kernel.name, found[2]) for kernel, _, found in placed if found is not None)
    if dynamic:
        lines += ["", DYNAMIC_SHARED_DECL]
    for kernel, origin, found in placed:
        decls, body = (kernel.decls, kernel.body) if found is None else found[:2]
        params = ", ".join(_param_decl(p) for p in kernel.params)
        returned = ", ".join(f".param .{ptx_type} {name}" for ptx_type, name in kernel.returns)
        header = f".visible .func ({returned}) {kernel.name}" if kernel.returns else f".visible .entry {kernel.name}"
        lines += ["", f"{header}({params})"] + kernel.directives + ["{"]
        if found is not None:
            lines.append(f"  // {found[2]} bytes of dynamic shared memory (more than the {STATIC_SHARED_LIMIT} a "
                         f"kernel may declare statically): the host sets CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES "
                         f"to {found[2]} and launches with sharedMemBytes = {found[2]}")
        lines += [f"  {d}" for d in decls]
        for text, is_atom in body:
            if is_atom and origin is not None:
                lines.append(f"  {text}{ATOM_LINE_MARK}{origin}")
                origins[len(lines)] = origin
            else:
                lines.append(f"  {text}")
        lines += ["  ret;", "}"]
    return PtxModule("\n".join(lines) + "\n", origins, target.name, target.ptxas_arch,
                     tuple(k.name for k, _ in kernels), dynamic)
