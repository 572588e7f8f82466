"""Passes over the rewritable IR (`ir/core.py`): the machinery in `base.py` (pass records, the
registry, pipeline text, the pass manager) and the passes registered under their mnemonics.

`assign_load_store_layouts.py`: `assign-load-store-layouts`, the copy atom of each TileAS load and store.
`lower_tma_to_async.py`: `lower-tma-load-store-to-async`, TileAS's TMA loads and stores made async.
`attach_tma_descriptor_args.py`: `attach-tma-descriptor-args`, the kernel ABI's descriptor arguments.
`separate_host_tma.py`: `separate-host-tma`, host descriptors built by a host twin of the kernel.
`legalize_tmem_copy.py`: `tileas-legalize-tmem-copy`, TileAS's copies across tensor memory.
`lower_atoms.py`: `convert-cute-nvgpu-to-ptx` and `cute-nvgpu-erase-dead-atoms`.

In that order they are the default pipeline: `cute-ir lower`'s, the editor's lowered-IR view's
and the one the editor runs on every edit (every pass in it is `local`).
"""
from . import (assign_load_store_layouts, attach_tma_descriptor_args, legalize_tmem_copy,  # noqa: F401
               lower_atoms, lower_tma_to_async, separate_host_tma)  # (importing registers their passes)
from .base import REGISTRY, PassContext, PassManager, PipelineError, Stage, parse_pipeline

# The TileAS passes in the page's order (attach before separate: docs/spec-deviations.md A15),
# then the atoms' lowering: the one place that says the default pipeline's order (`cute-ir
# lower --help`, `cute-ir passes` and docs/ops.md print it from here).
TILEAS_PASSES = ("assign-load-store-layouts", "lower-tma-load-store-to-async", "attach-tma-descriptor-args",
                 "separate-host-tma", "tileas-legalize-tmem-copy")
DEFAULT_PASSES = TILEAS_PASSES + ("convert-cute-nvgpu-to-ptx", "cute-nvgpu-erase-dead-atoms")
TILEAS_PIPELINE = "builtin.module(" + ",".join(TILEAS_PASSES) + ")"
DEFAULT_PIPELINE = "builtin.module(" + ",".join(DEFAULT_PASSES) + ")"

__all__ = ["DEFAULT_PASSES", "DEFAULT_PIPELINE", "TILEAS_PASSES", "TILEAS_PIPELINE", "REGISTRY", "PassContext",
           "PassManager", "PipelineError", "Stage", "parse_pipeline"]
