"""Every op record the project knows, by name: the one place parsers, checks and docs ask."""
from __future__ import annotations

from .ods import OpDef, OpRegistry, Trait
from .cute_nvgpu.ops import OPS as CUTE_NVGPU_OPS, is_cute_nvgpu_op
from .cute_nvgpu.tma_ops import TMA_OPS
from .nv_tileas.async_tma import ASYNC_TMA_OPS
from .nv_tileas.copy import COPY_OP as TILEAS_COPY
from .nv_tileas.memops import MEMOPS
from .upstream import UPSTREAM_OPS

# The `cuda` dialect of CuTe DSL dumps. A kernel is a function like gpu.func: the DSL outlines
# each kernel and passes it everything through its arguments (a launch names the kernel by
# symbol and hands it its operands), so its body sees no value from outside: it is isolated
# from above, and the SSA checks report a name its body does not define.
CUDA_DSL_OPS = (
    OpDef("cuda.kernel", "A device kernel as CuTe DSL prints it (`cuda.kernel @kernel_...(...) { ... }`).",
          regions=1, traits=frozenset({Trait.SYMBOL, Trait.FUNCTION_LIKE, Trait.ISOLATED_FROM_ABOVE}),
          source="cute-dsl"),
)

OPS = OpRegistry()
# The TMA family's descriptor builder is TileAS's op (nv_tileas.make_tiled_tma_desc).
OPS.add(*UPSTREAM_OPS, *CUDA_DSL_OPS, *CUTE_NVGPU_OPS, *(op for op in TMA_OPS if not is_cute_nvgpu_op(op.name)),
        *MEMOPS, *ASYNC_TMA_OPS, TILEAS_COPY)


def record(name: str) -> OpDef | None:
    return OPS.get(name)


def has_trait(name: str, trait: Trait) -> bool:
    return OPS.has_trait(name, trait)


def defines_symbol(name: str) -> bool:
    """Whether an op named so defines the `@name` its custom form writes first (`func.func
    @f`, `gpu.module @m`): ops whose record has the Symbol trait, and, in dialects without
    records here, functions and modules by their names (`tt.func`, `spirv.module`)."""
    return has_trait(name, Trait.SYMBOL) or (record(name) is None and name.endswith((".func", "module")))
