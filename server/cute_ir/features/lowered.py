"""The document after the lowering pipeline, pass by pass (`cute-ir lower`, `cute-ir/loweredIr`).

The document is lifted into the rewritable IR (`ir/lift.py`); top-level ops that are not one
`module` are wrapped in one, as MLIR's parser does. The atom-lowering pass needs the PTX of each
atom: it is taken from the PTX preview of the same document for the same target
(`emit/preview.py`, the kernels ptxas checks), so `check`, `ptx` and `lower` give one verdict.
Each pass's output is recorded as a stage (MLIR's `--mlir-print-ir-after-all`), with the source
range of every op it prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis import DocumentAnalysis
from ..diagnostics import Diagnostic, Span
from ..emit.preview import preview_module
from ..ir.core import Block, Hole, Operation, Template
from ..ir.lift import lift
from ..passes import PassContext, PassManager, Stage, parse_pipeline
from ..passes.lower_atoms import DEFAULT_PIPELINE, NOT_LOWERED, PTX
from ..text.location import UNKNOWN

_ATOM_LINE = "  // @op "     # how the preview marks a line that implements an atom
_NOTE = "//   "                # how it writes why an op has no kernel


@dataclass
class Lowered:
    pipeline: str
    target: str
    stages: list[Stage]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    input_text: str = ""        # the IR as printed before the first pass: what a first stage is compared with

    @property
    def ok(self) -> bool:
        return not any(d.severity.name == "ERROR" for d in self.diagnostics)


def ptx_facts(analysis: DocumentAnalysis, target: str) -> dict:
    """The preview's verdict per op, by the op's source span: its PTX instruction lines, or why
    it has none."""
    preview = preview_module(analysis, target)
    lines = preview.ptx_text.split("\n")
    ptx: dict[Span, list[str]] = {}
    notes: dict[Span, str] = {}
    for number, span in preview.line_map:
        text = lines[number]
        if _ATOM_LINE in text:
            ptx.setdefault(span, []).append(text.split(_ATOM_LINE, 1)[0].strip())
        elif text.startswith(_NOTE):
            notes.setdefault(span, text[len(_NOTE):])
    return {PTX: {span: tuple(found) for span, found in ptx.items()}, NOT_LOWERED: notes}


def _root(operations: list[Operation]) -> Operation:
    if len(operations) == 1 and operations[0].name in ("module", "builtin.module"):
        return operations[0]
    module = Operation("module", regions=1, location=UNKNOWN)
    module.assembly = Template((Hole("region", 0),))
    block = module.regions[0].entry or module.regions[0].append(Block())
    for op in operations:
        block.append(op)
    return module


def lower(analysis: DocumentAnalysis, pipeline: str | None = None, target: str | None = None,
          record=lambda pass_: True) -> Lowered:
    """Run `pipeline` (MLIR pipeline text; the default lowering when None) on the document.
    `record(pass)` says which passes' output becomes a stage. A pipeline that does not parse
    raises `PipelineError`."""
    pipeline = pipeline or DEFAULT_PIPELINE
    elements = parse_pipeline(pipeline)
    target = target or analysis.target_arch
    tree = analysis.fresh_tree()
    if tree is None:
        return Lowered(pipeline, target, [])
    lifted = lift(tree.root_node)
    root = _root(lifted.operations)
    context = PassContext(target, ptx_facts(analysis, target))
    manager = PassManager(elements, print_after=record, aliases=[(a.name, a.text) for a in lifted.aliases])
    manager.run(root, context)
    return Lowered(pipeline, target, manager.stages, context.diagnostics, manager.input_text or "")
