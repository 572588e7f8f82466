"""The ops whose presence in a unit makes the analysis verify it: op names only.

The verifiers themselves (verify/) are a large import. A large text's top is published before
anything is verified (features/leading.py), and a text with none of these ops is never
verified at all; both only ask whether a unit holds one of these names, so the names live
here, where asking costs no import of the verifiers.
"""
from __future__ import annotations

from .cute_nvgpu.ops import ATOM_SITE_OPS
from .cute_nvgpu.tma_ops import DSL_MAKE_REDUCE, NON_EXEC_REDUCE, TMA_OPS, TMA_REDUCE
from .nv_tileas.async_tma import ASYNC_TMA_OP_NAMES, TILED_ATOMIC_RMW as ASYNC_ATOMIC
from .nv_tileas.copy import COPY as TILEAS_COPY
from .nv_tileas.dot import DOT
from .nv_tileas.memops import MEMOP_NAMES, TILED_ATOMIC_RMW

# The TMA verifier (verify/tma.py) runs on a unit with any of these.
TMA_OP_NAMES = frozenset(op.name for op in TMA_OPS)
TMA_REDUCTION_OPS = frozenset({NON_EXEC_REDUCE, DSL_MAKE_REDUCE, TMA_REDUCE, TILED_ATOMIC_RMW, ASYNC_ATOMIC})
TMA_VERIFIED_OPS = TMA_OP_NAMES | TMA_REDUCTION_OPS

# Ops whose presence makes the analysis verify a unit (and run the lowering pipeline on it:
# `nv_tileas.copy` has no verifier of its own, but a pass of the pipeline reports on it).
VERIFIED_OPS = ATOM_SITE_OPS | TMA_VERIFIED_OPS | MEMOP_NAMES | ASYNC_TMA_OP_NAMES | {TILEAS_COPY, DOT}
