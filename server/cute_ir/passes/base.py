"""Passes, their registry, pipeline text, and the pass manager that runs them.

A pass is a frozen dataclass: its fields are its options (typed, with defaults and help text
in the field's metadata), and three class attributes say what it is:

| attribute | meaning | example |
|---|---|---|
| `name` | the pass's name in messages and IR dumps | `LowerTmaLoadStoreToAsync` |
| `argument` | its mnemonic in pipeline text and on the command line | `lower-tma-load-store-to-async` |
| `description` | one line for `cute-ir passes` | |
| `anchor` | the op it runs on: an op name, or `any` | `func.func` |
| `local` | what it does inside each op directly under the one it runs on depends on that op alone, so it may run on each of them apart (and be cached per function) | `True` |

Pipeline text follows MLIR's `--pass-pipeline`: `a,b{opt=1 other=x}` runs passes one after
another on the same op; `builtin.module(func.func(a,b))` nests: the outermost name is the root
op's, and a nested pipeline runs on each op of that name directly inside the regions of the op
its parent runs on (`any(...)` matches every op). `PassManager.run` records diagnostics (never raises for user input) and, when asked,
the IR after each pass, with whether the pass changed it (MLIR's `--mlir-print-ir-after-all`
and `-after-change`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..dialects.ods import canonical_name
from ..dialects.registry import is_builtin_module
from ..ir.core import Operation
from ..ir.printer import print_ops
from ..text.location import provenance, source_span


# Key of `PassContext.facts`: the names of the ops in what the pipeline runs on, when the
# caller knows them (the editor does), so that `Pass.may_report` can say no for a function
# without the ops a pass looks at; `nv_tileas.kernel_spec` among them when it holds a TileAS
# kernel (a function carrying that attribute).
OP_NAMES = "op-names"



class PipelineError(ValueError):
    """Pipeline text that cannot be parsed, or names a pass or option that does not exist."""


def option(default: Any, help: str) -> Any:
    """A pass option: a dataclass field with a default and its help text."""
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class Pass:
    name: ClassVar[str] = ""
    argument: ClassVar[str] = ""
    description: ClassVar[str] = ""
    anchor: ClassVar[str] = "any"
    local: ClassVar[bool] = False

    def run(self, op: Operation, context: "PassContext") -> None:
        raise NotImplementedError

    def may_report(self, facts: dict[str, Any]) -> bool:
        """Whether a run with these facts (`PassContext.facts`) could report a problem in the
        user's text (an internal error aside). The editor does not run a pipeline on a
        function none of whose passes may report: the run would show nothing."""
        return True

    def may_rewrite(self, facts: dict[str, Any]) -> bool:
        """Whether a run with these facts could change the IR. A pass that cannot leaves the
        passes after it the IR as written."""
        return True

    # Whether `check` tells what `run` would report without changing the IR.
    checks_in_place: ClassVar[bool] = False

    def check(self, op: Operation, context: "PassContext") -> None:
        """Report what `run` would report on `op`, leaving `op` as it is (`checks_in_place`),
        reading types as the text writes them (a run sees them with the document's aliases,
        type and attribute, resolved; a check reads an alias through the table the editor
        gives it in the facts). The editor, which publishes only the reports,
        then needs no copy of a function's IR when no pass before this one rewrites it."""
        raise NotImplementedError

    @classmethod
    def options(cls) -> list[dataclasses.Field]:
        return list(dataclasses.fields(cls))

    def pipeline_text(self) -> str:
        changed = [f"{f.name}={_option_text(getattr(self, f.name))}" for f in self.options()
                   if getattr(self, f.name) != f.default]
        return self.argument + ("{" + " ".join(changed) + "}" if changed else "")


class Registry:
    """Passes by their `argument`."""

    def __init__(self) -> None:
        self._passes: dict[str, type[Pass]] = {}

    def register(self, cls: type[Pass]) -> type[Pass]:
        if not cls.argument or cls.argument in self._passes:
            raise ValueError(f"pass argument {cls.argument!r} is empty or already registered")
        self._passes[cls.argument] = cls
        return cls

    def get(self, argument: str) -> type[Pass] | None:
        return self._passes.get(argument)

    def __iter__(self):
        return iter(sorted(self._passes.values(), key=lambda cls: cls.argument))


REGISTRY = Registry()
register = REGISTRY.register


# ------------------------------------------------------------------ pipeline text
@dataclass
class Nested:
    """A pipeline that runs on each op named `anchor` directly inside the current op."""

    anchor: str
    elements: list["Pass | Nested"]

    def pipeline_text(self) -> str:
        return f"{self.anchor}(" + ",".join(e.pipeline_text() for e in self.elements) + ")"


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return text if text and all(c.isalnum() or c in "_-.:" for c in text) else '"' + text.replace('"', '\\"') + '"'


_TRUE, _FALSE = {"true", "1", "on"}, {"false", "0", "off"}


def _convert(cls: type[Pass], f: dataclasses.Field, raw: str) -> Any:
    kind = type(f.default)
    if kind is bool:
        lowered = raw.lower()
        if lowered in _TRUE or lowered in _FALSE:
            return lowered in _TRUE
    elif kind is int:
        try:
            return int(raw, 0)
        except ValueError:
            pass
    elif kind is float:
        try:
            return float(raw)
        except ValueError:
            pass
    else:
        return raw
    raise PipelineError(f"option `{f.name}` of `{cls.argument}` expects {kind.__name__}, got `{raw}`")


class _PipelineParser:
    """`elements := element (',' element)*`; `element := name options? | op-name '(' elements ')'`."""

    def __init__(self, text: str, registry: Registry) -> None:
        self.text = text
        self.at = 0
        self.registry = registry

    def error(self, message: str) -> PipelineError:
        return PipelineError(f"{message} at column {self.at + 1} of `{self.text}`")

    def skip_space(self) -> None:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.at] if self.at < len(self.text) else ""

    def name(self) -> str:
        self.skip_space()
        start = self.at
        while self.at < len(self.text) and (self.text[self.at].isalnum() or self.text[self.at] in "_-."):
            self.at += 1
        if start == self.at:
            raise self.error("expected a pass or op name")
        return self.text[start:self.at]

    def parse(self) -> list[Pass | Nested]:
        # Nesting is explicit in the text, so an explicit stack keeps it iterative.
        top: list[Pass | Nested] = []
        stack: list[list[Pass | Nested]] = [top]
        while True:
            name = self.name()
            if self.peek() == "(":
                self.at += 1
                nested = Nested(name, [])
                stack[-1].append(nested)
                stack.append(nested.elements)
                if self.peek() == ")":
                    raise self.error(f"empty pipeline for `{name}`")
                continue
            stack[-1].append(self.pass_(name))
            while self.peek() == ")":
                if len(stack) == 1:
                    raise self.error("unbalanced `)`")
                self.at += 1
                stack.pop()
            nxt = self.peek()
            if nxt == ",":
                self.at += 1
                continue
            if nxt == "":
                if len(stack) != 1:
                    raise self.error("missing `)`")
                return top
            raise self.error(f"unexpected `{nxt}`")

    def pass_(self, argument: str) -> Pass:
        cls = self.registry.get(argument)
        if cls is None:
            known = ", ".join(c.argument for c in self.registry)
            raise self.error(f"unknown pass `{argument}` (registered: {known or 'none'})")
        values: dict[str, Any] = {}
        if self.peek() == "{":
            self.at += 1
            fields = {f.name: f for f in cls.options()}
            while self.peek() != "}":
                if self.peek() == "":
                    raise self.error("missing `}`")
                key = self.name()
                if key not in fields:
                    raise self.error(f"`{argument}` has no option `{key}` (options: {', '.join(fields) or 'none'})")
                if self.peek() != "=":
                    raise self.error(f"expected `=` after `{key}`")
                self.at += 1
                values[key] = _convert(cls, fields[key], self.value())
            self.at += 1
        return cls(**values)

    def value(self) -> str:
        self.skip_space()
        if self.peek() == '"':
            end = self.at + 1
            out = []
            while end < len(self.text) and self.text[end] != '"':
                if self.text[end] == "\\" and end + 1 < len(self.text):
                    end += 1
                out.append(self.text[end])
                end += 1
            if end >= len(self.text):
                raise self.error("unterminated string")
            self.at = end + 1
            return "".join(out)
        start = self.at
        while self.at < len(self.text) and not self.text[self.at].isspace() and self.text[self.at] not in "}":
            self.at += 1
        return self.text[start:self.at]


def parse_pipeline(text: str, registry: Registry = REGISTRY) -> list[Pass | Nested]:
    return _PipelineParser(text, registry).parse()


def pipeline_text(elements: Iterable[Pass | Nested]) -> str:
    return ",".join(e.pipeline_text() for e in elements)


# ------------------------------------------------------------------ running
@dataclass
class Stage:
    """The IR after one pass ran on one op (MLIR's `IR Dump After ...`)."""

    pass_name: str
    argument: str
    anchor_name: str
    changed: bool
    # None when whoever ran the pipeline did not ask for this stage's text (`cute-ir/loweredIr`
    # with `stages: "changed"` or `"last"`).
    text: str | None
    # (0-based line of `text`, the source span of the op printed there) for each op's first
    # line whose location reaches the user's text.
    line_spans: list[tuple[int, Span]] = field(default_factory=list)


class PassContext:
    """What a running pass may use: the target and a place to report problems."""

    def __init__(self, target: str | None = None, facts: dict[str, Any] | None = None) -> None:
        self.target = target
        # What the caller worked out before the pipeline, for passes that need it (by name:
        # e.g. the atom sites verification found, keyed by the op's source span).
        self.facts: dict[str, Any] = facts or {}
        self.diagnostics: list[Diagnostic] = []
        self.current_pass: Pass | None = None
        self.failed = False

    def report(self, op: Operation, code: str, message: str, severity: Severity = Severity.ERROR,
               notes: Sequence[str] = ()) -> None:
        """A diagnostic on `op`, placed at the user's text it came from, naming the passes that
        made it; `notes` say more, at the same place."""
        located = _located(op)
        span = _header(located, source_span(located.location) or Span(0, 0))
        made_by = provenance(op.location)
        related = tuple(Related(span, note) for note in notes)
        related += tuple(Related(span, f"this op was created by the `{name}` pass") for name in made_by)
        self.diagnostics.append(Diagnostic(code, span, severity, Source.LOWER, message, related))
        if severity is Severity.ERROR:
            self.failed = True


def report_failure(context: PassContext, pass_: Pass, op: Operation, error: Exception) -> None:
    """A defect in `pass_` met on `op`, reported there rather than raised."""
    context.report(op, "lower.pass-failed",
                   f"internal error in pass `{pass_.argument}` on this op: {type(error).__name__}: {error}")


def _located(op: Operation) -> Operation:
    """`op`, or when it has no place in the text (the module a function is run in), the first
    op inside it that has one."""
    if source_span(op.location) is not None:
        return op
    return next((inner for inner in op.walk() if source_span(inner.location) is not None), op)


def _header(op: Operation, span: Span) -> Span:
    """Where a diagnostic on `op` goes: an op with a body (a function) up to its first nested
    op, so that a problem with the function does not underline all of it."""
    for inner in op.walk():
        inner_span = source_span(inner.location) if inner is not op else None
        if inner_span is not None and span.start < inner_span.start <= span.end:
            return Span(span.start, inner_span.start)
    return span


def _anchors(anchor: str, op: Operation) -> bool:
    """Whether a pipeline or pass anchored on `anchor` runs on `op` (`module` is
    `builtin.module`, as MLIR prints it)."""
    return anchor == "any" or canonical_name(anchor) == canonical_name(op.name)


class PassManager:
    """Runs a parsed pipeline on a root op."""

    def __init__(self, elements: list[Pass | Nested], print_after: Callable[[Pass], bool] | None = None,
                 aliases: Sequence[tuple[str, str]] = (), body_depth: int | None = None) -> None:
        self.elements = elements
        self.print_after = print_after      # which passes to record a Stage for
        self.aliases = tuple(aliases)       # the document's `!t = ...` / `#a = ...`, printed first
        # Record only the ops inside the root, indented `body_depth` levels: the part of a
        # module that one function contributes (features/lowered.py composes a module of them).
        self.body_depth = body_depth
        self.stages: list[Stage] = []
        self.input_text: str | None = None  # the IR as printed before the first recorded pass

    def _print(self, root: Operation, origins: list[tuple[int, Operation]] | None = None) -> str:
        if self.body_depth is None:
            return print_ops([root], aliases=self.aliases, line_origins=origins)
        body = [op for region in root.regions for block in region.blocks for op in block.operations]
        return print_ops(body, aliases=self.aliases, line_origins=origins, depth=self.body_depth)

    def run(self, root: Operation, context: PassContext) -> bool:
        """Run the pipeline; False when a pass reported an error. Other anchors still run."""
        # As in MLIR, a top-level `builtin.module(...)` names the root op itself.
        elements = self.elements
        if len(elements) == 1 and isinstance(elements[0], Nested) and _anchors(elements[0].anchor, root):
            elements = elements[0].elements
        # Explicit work list: (elements, op). A nested pipeline expands into its anchors.
        work: list[tuple[list[Pass | Nested], Operation]] = [(elements, root)]
        while work:
            elements, op = work.pop(0)
            for index, element in enumerate(elements):
                if isinstance(element, Nested):
                    targets = [inner for region in op.regions for block in region.blocks
                               for inner in block.operations
                               if _anchors(element.anchor, inner)]
                    # The rest of this pipeline runs after the nested one finished on every target.
                    rest = elements[index + 1:]
                    work[0:0] = [(element.elements, t) for t in targets] + ([(rest, op)] if rest else [])
                    break
                self._run_one(element, op, root, context)
        return not context.failed

    def _run_one(self, pass_: Pass, op: Operation, root: Operation, context: PassContext) -> None:
        if not _anchors(pass_.anchor, op):
            context.report(op, "lower.pass-anchor",
                           f"pass `{pass_.argument}` runs on `{pass_.anchor}`, not on `{op.name}`")
            return
        record = self.print_after is not None and self.print_after(pass_)
        before = self._print(root) if record else ""
        if record and self.input_text is None:
            self.input_text = before
        context.current_pass = pass_
        failed_before = context.failed
        context.failed = False
        try:
            pass_.run(op, context)
        except Exception as error:   # a defect in one pass on one op must not cost the others
            report_failure(context, pass_, op, error)
        finally:
            context.current_pass = None
            context.failed = context.failed or failed_before
        if record:
            origins: list[tuple[int, Operation]] = []
            after = self._print(root, origins)
            spans = [(line, span) for line, printed in origins if (span := source_span(printed.location)) is not None]
            self.stages.append(Stage(type(pass_).name or pass_.argument, pass_.argument, op.name, after != before,
                                     after, spans))


def local_passes(elements: list[Pass | Nested]) -> list[Pass] | None:
    """The passes of a pipeline that runs on the module only, each `local`; else None."""
    if len(elements) == 1 and isinstance(elements[0], Nested) and is_builtin_module(elements[0].anchor):
        elements = elements[0].elements
    if all(isinstance(e, Pass) and e.local and (e.anchor == "any" or is_builtin_module(e.anchor)) for e in elements):
        return list(elements)
    return None
