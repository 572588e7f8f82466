"""Formatting (`textDocument/formatting` and `rangeFormatting`, `cute-ir format`): the document
printed back through the IR printer, with what the user wrote kept wherever it means something.

What a formatted document looks like:
- every statement (an op, an alias, each statement of a `module` / `gpu.module`) starts a line,
  two spaces deeper per region it is nested in; block labels one level out from their ops;
- each op is printed by `ir/printer.py` with a `Layout` (`_SourceLayout`): a custom form keeps
  its text, holes filled with the names as written, runs of blanks made one and the lines it
  continues on moved as far as the op moved; a generic op is in MLIR's generic form; `loc(...)`
  stays; aliases print as `!name = type`;
- comments stay, each on its own line at the depth of what follows it, or ending the line they
  ended; a blank line between statements or ops stays (a run of them is one), none after a `{`
  or a label or before a `}`; no blanks end a line; the file ends in one line break.

It never changes what the file means: a statement with a syntax error is left exactly as
written, and every statement formatted is parsed again and compared with the original: the
same text but for blanks, with the same comments and as many ops; or else the same ops,
operands, results and names, types, attributes, regions, blocks, locations, comments and
generic-op types as written. It is left as written when anything differs (a comment inside
a generic op's attribute dictionary, or a split marker a piece of a broken document reads at
a statement's end, which the printer has no place for), or when its new
first line would no longer start a statement after another one. In a document with
a syntax error (read in pieces whose bounds depend on the error) the well-formed statements
are formatted where they stand and the text between statements is left alone. Formatting is
idempotent.

Per unit, cached: a unit's formatted text depends on its own text and the column it starts
at, and is kept in `Unit.derived` (relative to depth 0; `_indented` puts it at its depth), so
formatting after an edit formats the edited unit again and reuses the rest; the server fills
the cache in slices (`FORMATTED`, `DocumentAnalysis.prepare`).
"""
from __future__ import annotations

import bisect
import difflib
import re
from dataclasses import dataclass

from ..analysis import DocumentAnalysis, PerUnit, Unit
from ..diagnostics import Severity, Source, Span
from ..ir.core import Block, Operation, Region, value_numbers
from ..ir.lift import Lifted, lift_statements
from ..ir.printer import INDENT, PrintOptions, print_ops
from ..syntax.cst import ALIAS_DEFINITIONS, text as node_text
from ..syntax.parser import captures, parse, query
from ..text.location import written

# How many columns a tab stands for when measuring where an op and its continuation lines
# start (only their difference matters, and only in files indented with tabs).
TAB_WIDTH = 8

_COMMENTS = "(comment) @comment"
_SPLIT_MARKERS = "(split_marker) @marker"
_SPLIT_TEXT = "// -----"
# What runs of blanks may not be touched in: a string, a comment (to the end of the line).
# `split` with this keeps them as the odd pieces; the even ones are what may be tidied.
_UNTOUCHED = re.compile(r'("(?:[^"\\\n]|\\.)*"?|//[^\n]*)')
_STRINGS = re.compile(r'("(?:[^"\\\n]|\\.)*"?)')
_RUN_OF_BLANKS = re.compile(r"[ \t]+")
_WHITE_SPACE = re.compile(r"\s+")
# Line breaks as LSP counts them; formatted text breaks lines the way the document's first
# line break does.
_BREAK = re.compile(rb"\r\n|\r|\n")
_TEXT_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Edit:
    """Replace bytes [start, end) of the document by `text`."""
    start: int
    end: int
    text: str


# ------------------------------------------------------------------ lines
def tidy(line: str) -> str:
    """`line` with its blanks after the indentation made single spaces, outside strings and
    comments, and none at its end. Never joins two tokens: a run becomes one space."""
    body = line.lstrip(" \t")
    lead = line[:len(line) - len(body)]
    if "  " in body or "\t" in body:
        pieces = _UNTOUCHED.split(body)
        body = "".join(piece if odd else _RUN_OF_BLANKS.sub(" ", piece) for odd, piece in
                       zip(_alternating(len(pieces)), pieces))
    return lead + body.rstrip()


def _alternating(count: int):
    return (n % 2 == 1 for n in range(count))


def _width(blanks: str) -> int:
    return len(blanks.expandtabs(TAB_WIDTH))


def _column(data: bytes | bytearray, offset: int) -> int:
    """Where `offset` is on its line, in columns (tabs to TAB_WIDTH)."""
    start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    return _width(bytes(data[start:offset]).decode("utf-8", "replace"))


def reflow(text: str, column: int, indent: int) -> str:
    """Text written at `column` (its first line) put at `indent`: each line tidied, and each
    line after the first moved as far as the first moved, never left of `indent`."""
    lines = _TEXT_BREAK.split(text)
    out = [tidy(lines[0])]
    shift = indent - column
    for line in lines[1:]:
        body = line.lstrip(" \t")
        if not body.strip():
            out.append("")
            continue
        lead = max(indent, _width(line[:len(line) - len(body)]) + shift)
        out.append(" " * lead + tidy(body))
    return "\n".join(out)


# ------------------------------------------------------------------ what lies between
def _line_ended(data: bytes | bytearray, offset: int) -> bool:
    """Whether the text before `offset` ends in a line break."""
    return offset > 0 and data[offset - 1:offset] in (b"\n", b"\r")


def _breaks(data: bytes | bytearray, lo: int, hi: int) -> int:
    return len(_BREAK.findall(data, lo, hi))


def _between(data: bytes | bytearray, lo: int, hi: int, comments: list[Span],
             keep_first_blank: bool, keep_last_blank: bool) -> tuple[str, list[str]]:
    """The comments and blank lines of [lo, hi), which holds nothing else a reader sees: a
    comment on the line `lo` is on (it ends that line), then each comment's text and "" for a
    blank line (a run of them is one). A blank right after `lo` / right before `hi` is kept
    only when asked (not after a `{` or before a `}`)."""
    trailing = ""
    lines: list[str] = []
    at = lo
    # A statement left as written may end in its line break: that break ends its line.
    ended = 1 if _line_ended(data, lo) else 0
    first = bisect.bisect_left(comments, lo, key=lambda s: s.start)
    for comment in comments[first:]:
        if comment.start >= hi:
            break
        text = bytes(data[comment.start:comment.end]).decode("utf-8", "replace").rstrip()
        breaks = _breaks(data, at, comment.start) + (ended if at == lo else 0)
        if at == lo and breaks == 0 and lo > 0:
            trailing = text
        else:
            if breaks >= 2 and (lines or trailing or keep_first_blank):
                lines.append("")
            lines.append(text)
        at = comment.end
    if _breaks(data, at, hi) + (ended if at == lo else 0) >= 2 and keep_last_blank and (lines or trailing or keep_first_blank):
        lines.append("")
    return trailing, lines


class _SourceLayout:
    """The printer's `Layout` for one statement: where its ops, labels and regions were
    written (the lift's `SourceIndex`), and its comments."""

    def __init__(self, data: bytes | bytearray, lifted: Lifted, comments: list[Span], start: int, root) -> None:
        self.data = data
        self.root = root
        self.index = lifted.index
        self.comments = comments
        self.cursor = start          # the text before it is accounted for
        self.opened = False          # the cursor is just after a `{` or a label

    def before(self, anchor: Operation | Block | Region) -> tuple[str, list[str]]:
        index = self.index
        if isinstance(anchor, Operation):
            at = index.op_spans[anchor].start
        elif isinstance(anchor, Block):
            at = index.labels[anchor].start
        else:
            at = index.region_spans[anchor].end - 1
        closing = isinstance(anchor, Region)
        found = _between(self.data, self.cursor, at, self.comments,
                         keep_first_blank=not self.opened, keep_last_blank=not closing)
        self._past(anchor)
        return found

    def _past(self, anchor: Operation | Block | Region) -> None:
        """Move the cursor past what the printer prints for `anchor` itself: an op's text up
        to its first region's `{` (all of it without regions), a label, a region's `}` and the
        op's text up to its next region's `{` (or its end)."""
        index = self.index
        if isinstance(anchor, Block):
            self.cursor, self.opened = index.labels[anchor].end, True
            return
        if isinstance(anchor, Operation):
            owner, following = anchor, anchor.regions
        else:
            owner = anchor.parent
            following = owner.regions[owner.regions.index(anchor) + 1:] if owner is not None else []
        opening = index.region_spans.get(following[0]) if following else None
        if opening is not None:
            self.cursor, self.opened = opening.start + 1, True
        else:
            self.cursor, self.opened = index.op_spans[owner].end, False

    def signature(self, op: Operation) -> str | None:
        span = self.index.op_spans.get(op)
        node = self.root.descendant_for_byte_range(span.start, span.end) if span is not None else None
        written_type = node.child_by_field_name("type") if node is not None and node.type == "operation" else None
        return node_text(written_type) if written_type is not None else None

    def name_gap(self, op: Operation) -> str:
        name = self.index.name_spans.get(op)
        if name is None or name.end >= len(self.data):
            return " "
        return " " if self.data[name.end:name.end + 1] in (b" ", b"\t", b"\n", b"\r") else ""

    def reflow(self, op: Operation, chunk: str, indent: str) -> str:
        written_at = self.index.op_spans.get(op)
        column = _column(self.data, written_at.start) if written_at is not None else len(indent)
        return reflow(chunk, column, len(indent))


# ------------------------------------------------------------------ one unit
def _broken(unit: Unit) -> bool:
    return any(d.source is Source.SYNTAX and d.severity is Severity.ERROR for d in unit.diagnostics)


def _comments(root, lo: int, hi: int) -> list[Span]:
    found = captures(query(_COMMENTS), root, lo, hi).get("comment", [])
    return sorted(Span(n.start_byte, n.end_byte) for n in found if lo <= n.start_byte and n.end_byte <= hi)


def _squash(text: str) -> str:
    """Text with every run of white space one space, outside strings: what formatting may change."""
    pieces = _STRINGS.split(text)
    return "".join(piece if odd else _WHITE_SPACE.sub(" ", piece)
                   for odd, piece in zip(_alternating(len(pieces)), pieces)).strip()


def _shape(lifted: Lifted) -> list:
    """What the statement means, with the names it was written with: formatting keeps it."""
    numbers = value_numbers(lifted.operations)
    out: list = [[(a.name, _squash(a.text)) for a in lifted.aliases]]
    for top in lifted.operations:
        for op in top.walk():
            template = None
            if op.assembly is not None:
                template = [_squash(p) if isinstance(p, str) else (p.kind, p.index) for p in op.assembly.pieces]
            out.append((
                op.name, template,
                [(numbers.get(v), v.name_hint) for v in op.operands],
                [(_squash(str(r.type)), r.name_hint) for r in op.results],
                [(k, _squash(str(v))) for k, v in op.attributes.items()],
                [(k, _squash(str(v))) for k, v in op.properties.items()],
                [[(b.label, [(_squash(str(a.type)), a.name_hint) for a in b.arguments]) for b in r.blocks]
                 for r in op.regions],
                [b.label for b in op.successors],
                _squash(written(op.location) or "")))
    return out


def _comment_texts(data: bytes | bytearray, comments: list[Span]) -> list[str]:
    return [bytes(data[c.start:c.end]).decode("utf-8", "replace").rstrip() for c in comments]


_SIGNATURES = "(operation type: (_) @type)"


def _signatures(root, lo: int, hi: int) -> list[str]:
    """The types generic ops are written with (their operand and result counts may be wrong,
    which the IR does not keep), in document order."""
    found = captures(query(_SIGNATURES), root, lo, hi).get("type", [])
    return [_squash(node_text(n)) for n in sorted(found, key=lambda n: n.start_byte)
            if lo <= n.start_byte and n.end_byte <= hi]


def _op_count(root, lo: int, hi: int) -> int:
    return len(captures(query("(operation) @op"), root, lo, hi).get("op", []))


def _ops_in(lifted: Lifted) -> int:
    return sum(1 for top in lifted.operations for _ in top.walk())


def _unchanged_meaning(original: Lifted, written: str, comments: list[str], signatures,
                       printed: str) -> bool:
    """Whether `printed` says what `written` (lifted as `original`) says. The same text but
    for white space (what formatting a custom form changes) with the same comments reads the
    same: nothing else is compared. Otherwise (a generic op printed in MLIR's form, a use
    `%r` written `%r#0`) the two are compared as IR; `signatures` gives the generic ops' types
    as written, when that is needed."""
    data = printed.encode("utf-8")
    tree = parse(data)
    if tree.root.has_error or _comment_texts(data, _comments(tree.root, 0, len(data))) != comments:
        return False
    if _squash(printed) == _squash(written):
        # and the line breaks between statements still part them the same
        return _op_count(tree.root, 0, len(data)) == _ops_in(original)
    nodes = [n for n in tree.root.named_children if n.type != "comment"]
    return _shape(lift_statements(nodes)) == _shape(original) and _signatures(tree.root, 0, len(data)) == signatures()


# A statement to read a formatted one after: a custom op with nothing open, which the next
# line continues unless that line starts a statement (the grammar's scanner decides so).
_BEFORE = "return\n"


def _same_first_line(printed: str, written: str) -> bool:
    """Whether the two begin with the same line, but for runs of blanks (which formatting
    makes one, and never none)."""
    def first(text: str) -> str:
        return _RUN_OF_BLANKS.sub(" ", _TEXT_BREAK.split(text, 1)[0]).strip()
    return first(printed) == first(written)


def _starts_statement(printed: str) -> bool:
    """Whether `printed` still starts a statement of its own after another one. Whether a line
    continues the statement before depends on how it starts (`op.name ,` reads as a parameter,
    not an op), so joining a statement's lines can turn its first line into a continuation of
    whatever precedes it: the next formatting would then join the two."""
    data = (_BEFORE + printed).encode("utf-8")
    root = parse(data).root
    return sum(1 for node in root.named_children if node.type != "comment") == 2


def _format_unit(analysis: DocumentAnalysis, unit: Unit) -> str | None:
    """The unit's text formatted at depth 0, or None to leave it as written."""
    data = analysis.document.data
    if _broken(unit):
        return None
    column = _column(data, unit.start)
    text = bytes(data[unit.start:unit.end]).decode("utf-8", "replace")
    if unit.shell:
        # A container's header (`gpu.module @m [...] {`) or closing brace: its text as written,
        # tidied; the statements between are units of their own.
        return reflow(text, column, 0)
    nodes = analysis.unit_nodes(unit)
    if len(nodes) != 1:
        return None
    tree = analysis.tree_for(unit)
    if _SPLIT_TEXT in text and captures(query(_SPLIT_MARKERS), tree.root_node, unit.start, unit.end):
        return None   # a split marker read inside a statement (a piece of a broken document): no place to print it
    comment_spans = _comments(tree.root_node, unit.start, unit.end)
    comments = _comment_texts(data, comment_spans)
    if nodes[0].type in ALIAS_DEFINITIONS:
        printed = _alias(nodes[0], column)
        again = parse(printed.encode("utf-8")).root if printed is not None else None
        same = (again is not None and not again.has_error and again.named_child_count - len(comments) == 1
                and _alias_shape(again.named_children[0]) == _alias_shape(nodes[0]))
        return printed if same and _comment_texts(again.text, _comments(again, 0, again.end_byte)) == comments else None
    if nodes[0].type != "operation":
        return None
    lifted = analysis.lifted_unit(unit)
    if not lifted.operations:
        return None
    layout = _SourceLayout(data, lifted, comment_spans, unit.start, tree.root_node)
    printed = print_ops(lifted.operations, PrintOptions(layout=layout)).rstrip("\n")

    def signatures() -> list[str]:
        return _signatures(tree.root_node, unit.start, unit.end)
    if not _unchanged_meaning(lifted, text, comments, signatures, printed):
        return None
    return printed if _same_first_line(printed, text) or _starts_statement(printed) else None


def _alias(node, column: int) -> str | None:
    """`!name = type` / `#name = attr`, as the printer writes an alias, its value tidied."""
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None or value is None:
        return None
    return reflow(f"{node_text(name)} = {node_text(value)}", column, 0)


def _alias_shape(node) -> tuple:
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    return (node.type, node_text(name) if name is not None else None,
            _squash(node_text(value)) if value is not None else None)


def _formatted_by_column(analysis: DocumentAnalysis, unit: Unit) -> dict[int, str | None]:
    return {_column(analysis.document.data, unit.start): _format_unit(analysis, unit)}


# Each unit's formatted text, by the column the unit starts at (what else it depends on).
FORMATTED = PerUnit("format", _formatted_by_column)


def formatted_unit(analysis: DocumentAnalysis, unit: Unit) -> str | None:
    by_column = analysis.for_unit(unit, FORMATTED)
    column = _column(analysis.document.data, unit.start)
    if column not in by_column:
        by_column[column] = _format_unit(analysis, unit)
    return by_column[column]


def _indented(text: str, pad: str) -> str:
    """A unit formatted at depth 0, its lines after the first indented by `pad` more (the first
    is indented by what precedes it)."""
    if not pad or "\n" not in text:
        return text
    first, _, rest = text.partition("\n")
    return first + "\n" + "\n".join(pad + line if line else "" for line in rest.split("\n"))


def _own_indentation(data: bytes | bytearray, offset: int) -> str | None:
    """The blanks before `offset` on its line, or None when something else stands there."""
    start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    before = bytes(data[start:offset])
    return before.decode("utf-8", "replace") if not before.strip() else None


# ------------------------------------------------------------------ the document
def _gap_comments(data: bytes | bytearray, lo: int, hi: int) -> list[Span] | None:
    """The comments between two units (each from `//` to its line's end), or None when the
    text there holds something else (a broken file's stray token): such text stays as it is."""
    if not bytes(data[lo:hi]).strip():
        return []                  # the usual case: a line break and an indentation
    found: list[Span] = []
    at = lo
    while at <= hi:
        brk = _BREAK.search(data, at, hi)
        end = brk.start() if brk is not None else hi
        line = bytes(data[at:end])
        stripped = line.strip()
        if stripped:
            if not stripped.startswith(b"//"):
                return None
            found.append(Span(at + line.index(b"//"), end))
        if brk is None:
            break
        at = brk.end()
    return found


def _is_header(data: bytes | bytearray, unit: Unit) -> bool:
    return unit.shell and unit.end > unit.start and data[unit.end - 1:unit.end] == b"{"


def edits(analysis: DocumentAnalysis, lo: int = 0, hi: int | None = None) -> list[Edit]:
    """The edits that format the document or, given [lo, hi], the statements that range
    touches and what lies between two of them; in document order."""
    data = analysis.document.data
    end = len(data)
    hi = end if hi is None else hi
    out: list[Edit] = []
    first_break = _BREAK.search(data)
    style = first_break.group().decode() if first_break is not None else "\n"

    def replace(start: int, stop: int, text: str | None) -> None:
        if text is not None and style != "\n":
            text = text.replace("\n", style)
        if text is not None and text != bytes(data[start:stop]).decode("utf-8", "replace"):
            out.append(Edit(start, stop, text))

    units = analysis.units
    if any(_broken(unit) for unit in units):
        # A document with a syntax error is read in pieces, and where one ends depends on the
        # error: each well-formed statement is formatted where it stands (its first line keeps
        # its indentation, the rest is laid out from it), and nothing between them changes.
        for unit in units:
            if unit.start <= hi and unit.end >= lo and unit.start < unit.end:
                formatted = formatted_unit(analysis, unit)
                pad = _own_indentation(data, unit.start)
                if formatted is not None and pad is not None:
                    replace(unit.start, unit.end, _indented(formatted, pad))
        return out
    depth = 0
    cursor = 0
    opening = True                # the document's start: no blank line first
    previous_touched = lo == 0    # the text before the first unit counts from the start
    previous_kept = True          # the previous unit is formatted (not left as written)
    for unit in units:
        header = _is_header(data, unit)
        closing = unit.shell and not header
        inner = depth
        if closing:
            depth = max(0, depth - 1)
        touched = unit.start <= hi and unit.end >= lo
        if touched:
            formatted = formatted_unit(analysis, unit)
            if previous_touched:
                replace(cursor, unit.start, _gap(data, cursor, unit.start, inner, depth, opening, closing,
                                                 kept=formatted is not None, after_kept=previous_kept))
            if formatted is not None:
                replace(unit.start, unit.end, _indented(formatted, INDENT * depth))
            previous_kept = formatted is not None
        if header:
            depth += 1
        opening, previous_touched, cursor = header, touched, unit.end
    if hi >= end and previous_touched:
        replace(cursor, end, _tail(data, cursor, end, depth, after_kept=previous_kept))
    return out


def _gap(data, lo: int, hi: int, inner: int, depth: int, opening: bool, closing: bool,
         kept: bool = True, after_kept: bool = True) -> str | None:
    """The text between two units, formatted: the comments and blank lines there at `inner`
    depth (inside the region a closing brace ends), then the next unit's indentation at
    `depth`, or as written when that unit is left as written (`kept` false: its other lines
    keep theirs). None (leave it) when it holds more than comments, or when it goes on the
    line of a statement left as written (`after_kept` false)."""
    comments = _gap_comments(data, lo, hi)
    if comments is None or not _after_kept_ok(data, lo, hi, after_kept):
        return None
    own_line = max(data.rfind(b"\n", lo, hi), data.rfind(b"\r", lo, hi))
    if not kept and (own_line < 0 or bytes(data[own_line + 1:hi]).strip()):
        return None      # a statement left as written keeps the blanks before it on its line
    trailing, lines = _between(data, lo, hi, comments, keep_first_blank=not opening,
                               keep_last_blank=not closing)
    pad = INDENT * inner
    text = " " + trailing if trailing else ""
    if (lo > 0 and not _line_ended(data, lo)) or trailing:
        text += "\n"                # the previous unit's line ends
    text += "".join((pad + line if line else "") + "\n" for line in lines)
    return text + (INDENT * depth if kept else bytes(data[own_line + 1:hi]).decode("utf-8", "replace"))


def _after_kept_ok(data, lo: int, hi: int, after_kept: bool) -> bool:
    """Whether the text between two units may be formatted after the first of them: not the
    rest of the line of a statement left as written, nor when the next unit starts on that
    line (`attribut}` closing a module): a line break after the statement's last token would
    change where its statement ends, and so what it reads."""
    if after_kept:
        return True
    brk = _BREAK.search(data, lo, hi)
    return brk is not None and not bytes(data[lo:brk.start()]).strip()


def _tail(data, lo: int, end: int, depth: int, after_kept: bool = True) -> str | None:
    """What follows the last unit, formatted: its comments, then one line break (nothing in
    a document of blanks)."""
    comments = _gap_comments(data, lo, end)
    if comments is None or not _after_kept_ok(data, lo, end, after_kept):
        return None
    trailing, lines = _between(data, lo, end, comments, keep_first_blank=lo > 0, keep_last_blank=False)
    pad = INDENT * depth
    text = " " + trailing if trailing else ""
    if (lo > 0 and not _line_ended(data, lo)) or trailing:
        text += "\n"
    return text + "".join((pad + line if line else "") + "\n" for line in lines)


def formatted_text(analysis: DocumentAnalysis) -> str:
    """The whole document formatted."""
    data = bytes(analysis.document.data)
    out: list[bytes] = []
    at = 0
    for edit in edits(analysis):
        out += [data[at:edit.start], edit.text.encode("utf-8")]
        at = edit.end
    out.append(data[at:])
    return b"".join(out).decode("utf-8", "replace")


def line_edits(analysis: DocumentAnalysis, found: list[Edit]) -> list[Edit]:
    """`found` with each edit cut down to the lines it changes (a function formatted whole
    usually changes a few lines of it): what an editor applies without touching the rest."""
    data = analysis.document.data
    out: list[Edit] = []
    for edit in found:
        old_lines = bytes(data[edit.start:edit.end]).decode("utf-8", "replace").split("\n")
        new_lines = edit.text.split("\n")
        if len(old_lines) < 3 and len(new_lines) < 3:
            out.append(edit)
            continue
        starts = [edit.start]        # where each old line starts (one past the last: end + 1)
        for line in old_lines:
            starts.append(starts[-1] + len(line.encode("utf-8")) + 1)
        matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            if i2 < len(old_lines):          # whole lines, each with its line break
                out.append(Edit(starts[i1], starts[i2], "".join(line + "\n" for line in new_lines[j1:j2])))
            elif i1 == i2:                   # lines added after the last one
                out.append(Edit(edit.end, edit.end, "".join("\n" + line for line in new_lines[j1:j2])))
            elif j1 == j2:                   # the last lines removed, with the break before them
                out.append(Edit(max(edit.start, starts[i1] - 1), edit.end, ""))
            else:                            # the last lines replaced
                out.append(Edit(starts[i1], edit.end, "\n".join(new_lines[j1:j2])))
    return out
