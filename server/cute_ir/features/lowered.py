"""The document after the lowering pipeline, pass by pass (`cute-ir lower`, `cute-ir/loweredIr`).

The document is lifted into the rewritable IR (`ir/lift.py`); top-level ops that are not one
`module` are wrapped in one, as MLIR's parser does. The atom-lowering pass is handed the atom
sites verification found in each unit and the errors that stop them (passes/atom_facts.py), the
sites `check` judges and the preview writes kernels for, and decides each op's lowering itself,
so `check`, `ptx` and `lower` give one verdict. Each
pass's output is recorded as a stage (MLIR's `--mlir-print-ir-after-all`), with the source range
of every op it prints.

Per function, cached: when every pass of the pipeline is `local` (what it does to a function
depends on that function alone) and the module holds only functions and other ops isolated from
above, the pipeline runs on each of them apart, and each one's stages are kept by its text, the
aliases, the target, the pipeline and the errors that stop its lowering. A keystroke then
lowers the function it touched again, not the file. The stages of the module are put together
from the functions' (`_compose`), and read exactly as one run over the whole module.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, replace

from ..analysis import DocumentAnalysis
from ..analysis.stages import UnitStages, run_stages
from ..analysis.unit_analysis import default_passes
from ..analysis.units import Unit, statement_nodes
from ..diagnostics import Diagnostic, Severity, Span
from ..dialects.ods import Trait
from ..dialects.registry import has_trait, is_builtin_module
from ..passes.atom_facts import UnitAtomSource
from ..verify.atom_sites import OP_START, site_units
from ..ir.core import Operation
from ..ir.aliases import AliasTable, resolve_aliases
from ..ir.lift import lift, module_of, wrap_in_module
from ..ir.printer import INDENT, print_ops
from ..passes import DEFAULT_PIPELINE, PassContext, PassManager, Stage, parse_pipeline
from ..passes.base import Pass, local_passes
from ..syntax import parse
from ..syntax.cst import ALIAS_DEFINITIONS, text as node_text


# Which stages' text a lowering prints (`lower(texts=...)`): every one, as
# `--mlir-print-ir-after-all`; those that changed the IR, as `--mlir-print-ir-after-change`
# (the others are the text before them); only the output, for a view of the result alone.
STAGE_TEXTS = ("all", "changed", "last")


@dataclass
class Lowered:
    pipeline: str
    target: str
    stages: list[Stage]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    input_text: str = ""        # the IR as printed before the first pass: what a first stage is compared with
    scope: str = "module"       # what the stages show: the module, or one function of it
    shown: Span | None = None   # the function's source range, when the scope is one
    output: Stage | None = None  # the last stage, printed whichever stages' text was asked for

    @property
    def ok(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def atom_facts(analysis: DocumentAnalysis, target: str) -> dict:
    """What the atom lowering is handed of the document (`UnitAtoms.pass_facts`): the atom
    sites by the op's source span, and the errors that stop them."""
    source = UnitAtomSource(analysis, target)
    facts: dict = {}
    # As the preview walks them: a run of bare top-level ops as one (`atom_sites.site_units`).
    for unit in site_units(analysis):
        # Each unit's facts (`UnitAtoms.pass_facts`), merged: span-keyed tables and lists of
        # errors; what is the document's (its alias table) is the same in each.
        for key, value in source.unit(unit).pass_facts(unit.start).items():
            if isinstance(value, dict):
                facts.setdefault(key, {}).update(value)
            elif isinstance(value, tuple):
                facts[key] = facts.get(key, ()) + value
            else:
                facts[key] = value
    return facts


def lower(analysis: DocumentAnalysis, pipeline: str | None = None, target: str | None = None,
          record=lambda pass_: True, at: int | None = None, texts: str = "all") -> Lowered:
    """Run `pipeline` (MLIR pipeline text; the default lowering when None) on the document.
    `record(pass)` says which passes' output becomes a stage, `texts` which stages are printed
    (STAGE_TEXTS; the output always is). With `at` (a byte offset), the
    stages show only the top-level op there (a function), as MLIR prints the op a pass ran
    on, when the pipeline can run on it alone; `Lowered.scope` says which was shown. A
    pipeline that does not parse raises `PipelineError`."""
    if texts not in STAGE_TEXTS:
        raise ValueError(f"texts is one of {', '.join(STAGE_TEXTS)}")
    pipeline = pipeline or DEFAULT_PIPELINE
    elements = parse_pipeline(pipeline)
    target = target or analysis.target_arch
    tree = analysis.fresh_tree()
    if tree is None:
        return Lowered(pipeline, target, [])
    passes = local_passes(elements)
    if passes is not None and tree.root_node.has_error:
        # A file with a syntax error has no module to put together; the function asked for
        # still lowers alone when it is well-formed (a keystroke elsewhere in a broken file
        # then costs that function, not a run over everything the parser recovered).
        chosen = _well_formed_function_at(analysis, at) if at is not None else None
        if chosen is not None:
            layout = _Layout(_well_formed_aliases(analysis), [(chosen, 0)], "module")
            return replace(_compose(analysis, layout, passes, pipeline, target, record, texts), scope="function",
                           shown=Span(chosen.start, chosen.end))
    layout = _layout(analysis) if passes is not None and not tree.root_node.has_error else None
    if layout is None:
        return lower_whole(analysis, pipeline, target, record, texts)
    if at is not None:
        chosen = next((unit for unit, _ in layout.body if unit.start <= at <= unit.end), None)
        if chosen is not None:
            layout = _Layout(layout.aliases, [(chosen, 0)], layout.anchor)
            return replace(_compose(analysis, layout, passes, pipeline, target, record, texts), scope="function",
                           shown=Span(chosen.start, chosen.end))
    return _compose(analysis, layout, passes, pipeline, target, record, texts)


def _well_formed_function_at(analysis: DocumentAnalysis, at: int) -> Unit | None:
    """The unit at `at` when it is one whole op (not the start of one the unit ends inside),
    isolated from above, with no syntax error in it."""
    unit = analysis.unit_at(at)
    tree = analysis.tree_for(unit) if unit is not None and not unit.shell else None
    nodes = statement_nodes(tree, unit) if tree is not None else []
    if len(nodes) != 1 or nodes[0].type != "operation" or nodes[0].has_error or nodes[0].end_byte > unit.end:
        return None
    start = _OP_NAME.match(analysis.document.data, unit.start)
    if start is None or start.group(1) or not has_trait(start.group(2).decode(), Trait.ISOLATED_FROM_ABOVE):
        return None
    return unit


def _well_formed_aliases(analysis: DocumentAnalysis) -> list[tuple[str, str]]:
    """The document's alias definitions that parse."""
    data = analysis.document.data
    found = (_alias(analysis, u) for u in analysis.units if not u.shell and data[u.start:u.start + 1] in (b"!", b"#"))
    return [alias for alias in found if alias is not None]


def lower_whole(analysis: DocumentAnalysis, pipeline: str, target: str, record=lambda pass_: True,
                texts: str = "all") -> Lowered:
    """The pipeline run once over the whole document's module."""
    tree = analysis.fresh_tree()
    if tree is None:
        return Lowered(pipeline, target, [])
    lifted = lift(tree.root_node)
    root = module_of(lifted.operations)
    resolve_aliases([root], AliasTable((alias.name, alias.text) for alias in lifted.aliases))
    context = PassContext(target, atom_facts(analysis, target))
    manager = PassManager(parse_pipeline(pipeline), print_after=record,
                          aliases=[(a.name, a.text) for a in lifted.aliases])
    manager.run(root, context)
    stages = manager.stages
    output = stages[-1] if stages else None
    stages = [stage if _stage_printed(texts, stage.changed) else replace(stage, text=None, line_spans=[])
              for stage in stages]
    return Lowered(pipeline, target, stages, context.diagnostics,
                   manager.input_text or "" if texts != "last" else "", output=output)


def _stage_printed(texts: str, changed: bool) -> bool:
    """Whether a stage's text is printed when `texts` (STAGE_TEXTS) was asked for; the output
    (`Lowered.output`) always is."""
    return texts == "all" or (texts == "changed" and changed)


# ------------------------------------------------------------------------ per function
@dataclass
class _Shell:
    """A container's header (or its closing line) as printed, at its nesting depth; a header
    carries the container's source span."""
    text: str
    depth: int
    span: Span | None = None


@dataclass
class _Layout:
    """How a document's units make its module: the aliases printed first, the module's and
    nested containers' headers and closing lines, and the units that each hold one op."""
    aliases: list[tuple[str, str]]
    pieces: list["_Shell | tuple[Unit, int]"]     # in order; a unit with its depth
    anchor: str                                    # the root op's name

    @property
    def body(self) -> list[tuple[Unit, int]]:
        return [p for p in self.pieces if not isinstance(p, _Shell)]


# The op a statement starts with: after `%results =`, its name, quoted in the generic form.
_OP_NAME = OP_START


def _layout(analysis: DocumentAnalysis) -> _Layout | None:
    """The document as aliases, containers and the ops in them, when each of those ops can go
    through the pipeline alone and print the same as in one run: it defines no value (nothing
    outside it can use its results), and it is isolated from above or the only such op of its
    container (so it shares its names with nobody). None otherwise."""
    data = analysis.document.data
    aliases: list[tuple[str, str]] = []
    pieces: list[_Shell | tuple[Unit, int]] = []
    open_headers: list[tuple[_Shell, Unit]] = []
    sharing: list[int] = [0]       # per open container (and the top): its ops not isolated
    for unit in analysis.units:
        if unit.shell and data.startswith(b"}", unit.start):
            if not open_headers:
                return None
            shell, header = open_headers.pop()
            sharing.pop()
            shell.text, closing = _container_lines(data, header, unit)
            shell.span = Span(header.start, unit.end)
            pieces.append(_Shell(closing, len(open_headers)))
        elif unit.shell:
            shell = _Shell("", len(open_headers))
            pieces.append(shell)
            open_headers.append((shell, unit))
            sharing.append(0)
        elif data[unit.start:unit.start + 1] in (b"!", b"#"):
            alias = _alias(analysis, unit)
            if alias is None:
                return None
            aliases.append(alias)
        else:
            start = _OP_NAME.match(data, unit.start)
            if start is None or start.group(1):
                return None
            if not has_trait(start.group(2).decode(), Trait.ISOLATED_FROM_ABOVE):
                sharing[-1] += 1
                if sharing[-1] > 1 or not open_headers:
                    return None
            pieces.append((unit, len(open_headers)))
    if open_headers or any(isinstance(p, _Shell) and not p.text for p in pieces):
        return None
    top = [p for p in pieces if (p.depth if isinstance(p, _Shell) else p[1]) == 0]
    root = _OP_NAME.match(top[0].text.encode()).group(2).decode() if top and isinstance(top[0], _Shell) else None
    if len(top) == 2 and root is not None and is_builtin_module(root):
        return _Layout(aliases, pieces, root)
    # Top-level ops that are not one module: MLIR's parser wraps them in one.
    header, footer = _printed_shell(wrap_in_module([]))
    nested = [_Shell(p.text, p.depth + 1, p.span) if isinstance(p, _Shell) else (p[0], p[1] + 1) for p in pieces]
    return _Layout(aliases, [_Shell(header, 0)] + nested + [_Shell(footer, 0)], "module")


def _container_lines(data: bytes, header: Unit, closing: Unit) -> tuple[str, str]:
    """A container's header and closing line as printed (empty when they do not parse alone)."""
    text = bytes(data[header.start:header.end]) + b"\n" + bytes(data[closing.start:closing.end])
    lifted = lift(parse(text).root).operations
    return _printed_shell(lifted[0]) if len(lifted) == 1 else ("", "")


def _alias(analysis: DocumentAnalysis, unit: Unit) -> tuple[str, str] | None:
    tree = analysis.tree_for(unit)
    nodes = statement_nodes(tree, unit) if tree is not None else []
    if len(nodes) != 1 or nodes[0].type not in ALIAS_DEFINITIONS:
        return None
    name, value = nodes[0].child_by_field_name("name"), nodes[0].child_by_field_name("value")
    return (node_text(name), node_text(value)) if name is not None and value is not None else None


def _printed_shell(container: Operation) -> tuple[str, str]:
    """The printed header (up to its `{`) and closing line of an op with an empty region."""
    text = print_ops([container]).rstrip("\n")
    cut = text.rfind("\n")
    return text[:cut], text[cut + 1:]


_CACHE_SIZE = 8192
_cache: "OrderedDict[tuple, UnitStages]" = OrderedDict()


def _unit_stages(analysis: DocumentAnalysis, unit: Unit, passes: list[Pass], target: str,
                 source: UnitAtomSource, depth: int) -> UnitStages:
    """The unit's stages (analysis/stages.py). A function shown alone through the default
    pipeline reads its unit's analysis (`UnitAnalysis.stages`), which the TileAS hover reads
    too; any other pipeline, and a function in the module's stages (printed at its depth), is
    cached here by what it depends on."""
    if depth == 0 and passes == default_passes():
        return analysis.unit_analysis(unit).stages(target, source, passes)
    atoms = source.unit(unit)
    # The passes themselves, not the text: an option the environment set is part of them.
    key = (atoms.key, target, tuple(passes), depth)
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
        return hit
    found = run_stages(analysis.rewritable_operations(unit), unit.start, passes, target,
                       atoms.pass_facts(unit.start), source.alias_table(), depth)
    _cache[key] = found
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return found


def _compose(analysis: DocumentAnalysis, layout: _Layout, passes: list[Pass], pipeline: str,
             target: str, record, texts: str) -> Lowered:
    """The module's stages from its ops' (each cached), as one run would print them; only the
    stages `texts` asks for are put together (at 50k lines, each is 4.6 MB of text and 40,000
    line-map entries)."""
    source = UnitAtomSource(analysis, target)
    found = {id(unit): _unit_stages(analysis, unit, passes, target, source, depth)
             for unit, depth in layout.body}
    alias_lines = "".join(f"{name} = {text}\n" for name, text in layout.aliases)

    def stage(step: int) -> tuple[str, list[tuple[int, Span]]]:
        """The module's text after `step` passes, and its (line, source span) of each op."""
        parts = [alias_lines]
        line = alias_lines.count("\n")
        line_spans: list[tuple[int, Span]] = []
        for piece in layout.pieces:
            if isinstance(piece, _Shell):
                if piece.span is not None:
                    line_spans.append((line, piece.span))
                text = INDENT * piece.depth + piece.text + "\n"
            else:
                unit = piece[0]
                stages = found[id(unit)]
                text = stages.texts[step]
                line_spans.extend((line + n, span.shifted(unit.start)) for n, span in stages.line_spans[step])
            parts.append(text)
            line += text.count("\n")
        return "".join(parts), line_spans

    recorded = [(step, pass_) for step, pass_ in enumerate(passes, start=1) if record(pass_)]
    stages: list[Stage] = []
    output: Stage | None = None
    for step, pass_ in recorded:
        changed = any(s.texts[step] != s.texts[step - 1] for s in found.values())
        last = step == recorded[-1][0]
        text, line_spans = stage(step) if _stage_printed(texts, changed) or last else (None, [])
        printed = Stage(type(pass_).name or pass_.argument, pass_.argument, layout.anchor, changed, text, line_spans)
        output = printed if last else output
        stages.append(printed if _stage_printed(texts, changed) else replace(printed, text=None, line_spans=[]))
    input_text = stage(recorded[0][0] - 1)[0] if recorded and texts != "last" else ""
    diagnostics = [d.shifted(unit.start) for index in range(len(passes))
                   for unit, _ in layout.body for d in found[id(unit)].diagnostics[index]]
    return Lowered(pipeline, target, stages, diagnostics, input_text, output=output)
