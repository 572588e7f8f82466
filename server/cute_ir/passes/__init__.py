"""Passes over the rewritable IR (`ir/core.py`): the machinery in `base.py` (pass records, the
registry, pipeline text, the pass manager) and the passes registered under their mnemonics.

`lower_atoms.py`: `convert-cute-nvgpu-to-ptx` and `cute-nvgpu-erase-dead-atoms`, the default
pipeline of `cute-ir lower` and of the editor's lowered-IR view.
"""
from . import lower_atoms  # noqa: F401  (registers its passes)
from .base import REGISTRY, PassContext, PassManager, PipelineError, Stage, parse_pipeline

__all__ = ["REGISTRY", "PassContext", "PassManager", "PipelineError", "Stage", "parse_pipeline"]
