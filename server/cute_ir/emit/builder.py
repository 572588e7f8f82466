"""The one PTX builder: a kernel's parameters, registers, shared memory and body, and the
scaffolding every kernel that needs it writes the same way (mbarrier init and waits, fences,
tensor-memory allocation). The atom preview's kernels (emit/ptx.py) and TileAS kernels
(emit/tileas_kernel.py) are written with it, so an instruction they share is spelled once.

`render` puts kernels in one complete module (`.version`, `.target`, `.address_size 64`);
instruction lines a kernel marks as the atom's carry `// @op <origin>` when the caller gives an
origin, and the module maps those lines back to it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..tables import tiers as T

# What follows an instruction line that implements the atom, before its origin id.
ATOM_LINE_MARK = "  // @op "
# mbarrier.try_wait's suspend-time hint (ns) between tries, as NVIDIA's compilers write it
# (tests/corpus/cutedsl/sm90_tma_wgmma_stmatrix/kernel.ptx).
SUSPEND_TIME_HINT = 10000000
# After initialising mbarriers, before another thread (or the TMA unit) may use them.
FENCE_MBARRIER_INIT = "fence.mbarrier_init.release.cluster;"
# Around tensor memory a CTA's threads share: after the allocation is seen, before it is freed.
TMEM_AFTER_THREAD_SYNC = "tcgen05.fence::after_thread_sync;"
TMEM_BEFORE_THREAD_SYNC = "tcgen05.fence::before_thread_sync;"


def mbarrier_init(address: str, arrivals: object) -> str:
    return f"mbarrier.init.shared::cta.b64 [{address}], {arrivals};"


def tmem_alloc(cta: int, slot: str, columns: int) -> str:
    return f"tcgen05.alloc.cta_group::{cta}.sync.aligned.shared::cta.b32 [{slot}], {columns};"


def tmem_relinquish(cta: int) -> str:
    return f"tcgen05.relinquish_alloc_permit.cta_group::{cta}.sync.aligned;"


def tmem_dealloc(cta: int, address: str, columns: int) -> str:
    return f"tcgen05.dealloc.cta_group::{cta}.sync.aligned.b32 {address}, {columns};"


@dataclass(frozen=True)
class PtxModule:
    text: str
    line_origins: dict[int, str]
    target: str
    ptxas_arch: str
    kernels: tuple[str, ...] = ()

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

    def wait_parity(self, barrier: str, parity: object, predicate: str | None = None) -> None:
        """Wait until the phase of the mbarrier at `barrier` with `parity` has completed,
        suspending up to the time hint between tries."""
        done = predicate or self.reg("pred", "%" + self.fresh("done"))
        label = self.fresh("WAIT_")
        self.emit(f"{label}:")
        self.emit(f"mbarrier.try_wait.parity.shared::cta.b64 {done}, [{barrier}], {parity}, {SUSPEND_TIME_HINT};")
        self.emit(f"@!{done} bra {label};")


def _param_decl(param: tuple[str, ...]) -> str:
    """`[.hidden ].param .<type> <name>` of a kernel parameter (type, name, qualifiers...)."""
    ptx_type, name, *qualifiers = param
    return " ".join([*qualifiers, f".param .{ptx_type} {name}"])


def render(kernels: Sequence[tuple[PtxBuilder, str | None]], target: T.Target) -> PtxModule:
    """One module with `kernels`, each (builder, origin of its atom lines or None)."""
    lines = [f".version {target.ptx_version}", f".target {target.name}", ".address_size 64"]
    origins: dict[int, str] = {}
    for kernel, origin in kernels:
        params = ", ".join(_param_decl(p) for p in kernel.params)
        lines += ["", f".visible .entry {kernel.name}({params})"] + kernel.directives + ["{"]
        lines += [f"  {d}" for d in kernel.decls]
        for text, is_atom in kernel.body:
            if is_atom and origin is not None:
                lines.append(f"  {text}{ATOM_LINE_MARK}{origin}")
                origins[len(lines)] = origin
            else:
                lines.append(f"  {text}")
        lines += ["  ret;", "}"]
    return PtxModule("\n".join(lines) + "\n", origins, target.name, target.ptxas_arch,
                     tuple(k.name for k, _ in kernels))
