"""Copy propagation over a written kernel's body (emit/lowered_kernel.py's): the casts, extracted
results and index constants the lowered IR threads between its ops are `mov`s that PTX does not
need, and they push the instructions that matter (an atom's) down the preview.

`propagate` removes:
- a register-to-register `mov` whose two registers are declared of one type (`mov.b32 %d, %s;`)
  and whose destination nothing else writes, each read of the destination then reading the
  source, where every read follows the `mov` in one straight run of lines (no label or brace
  between: no other path reaches them) and nothing writes the source before the last of them;
- then a `mov` whose destination nothing reads and nothing else writes (an index constant that
  only an address folded in, a copy the first rule emptied).

A line that is no single instruction (a label, a declaration, an inline asm scope's brace, several
instructions on one line) ends the run and is taken to write and read every register it names,
so nothing is propagated into, out of or across it. Otherwise a register is taken to be written
by a line that names it first (after a guard) outside brackets, as every PTX instruction names
its destinations first (`st`, `red`, `cp.*` name an address there, which they read; tcgen05.dealloc,
which writes none, the address it frees); a guarded
`mov` is never removed. Removed lines take their
`line_ops` entries with them and the others are renumbered, so each remaining line still maps
to the op that wrote it; a register no line names any more loses its `.reg` declaration."""
from __future__ import annotations

import re
from typing import TypeVar

from .builder import PtxBuilder

__all__ = ["propagate"]

Op = TypeVar("Op")

_MOV = re.compile(r"^mov\.\w+ (%\w+), (%\w+|-?\d+|0[fdx][0-9A-Fa-f]+);$")
_REGISTER = re.compile(r"%\w+")
_GUARD = re.compile(r"^@!?(%\w+)\s+")
_DECL = re.compile(r"^\.reg \.(\w+) (%\w+);$")
# Instructions that write no register, their first operand a value they read (not an address):
# tcgen05.dealloc's tensor-memory address.
_NO_DESTINATION = ("tcgen05.dealloc.",)


def _code(line: str) -> str:
    """A line without the comment that may end it (a named constant's: `0x...;  // L2 evict_normal`)."""
    return line.split("//", 1)[0].rstrip()


def _opaque(line: str) -> bool:
    """Whether a line is no single instruction: several on one line, a declaration, a brace of
    an inline asm scope (`{ .reg ...; }`) or a label. Its registers are taken as both written
    and read, and no run of lines goes through it."""
    stripped = _code(line).strip()
    return stripped.count(";") != 1 or not stripped.endswith(";") or stripped.startswith(("{", "}", "."))


def _operands(line: str) -> tuple[set[str], list[str]]:
    """The registers a line writes (named first, outside brackets) and those it reads (the
    rest, its guard's too; a bracketed first operand is an address, read)."""
    line = _code(line)
    if _opaque(line):
        named = _REGISTER.findall(line)
        return set(named), named
    guard = _GUARD.match(line)
    body = line[guard.end():] if guard else line
    _, _, rest = body.partition(" ")
    first = rest[:rest.find("}") + 1] if rest.startswith("{") else rest.split(",", 1)[0]
    reads = [guard[1]] if guard else []
    if first.lstrip().startswith("[") or body.startswith(_NO_DESTINATION):
        return set(), reads + _REGISTER.findall(rest)
    return set(_REGISTER.findall(first)), reads + _REGISTER.findall(rest[len(first):])


def _straight(line: str) -> bool:
    """Whether control reaches the line after this one from this one only and the line is one
    instruction: not a label, a brace or several instructions."""
    return not _opaque(line)


def propagate(kernel: PtxBuilder, line_ops: list[tuple[int, Op]]) -> list[tuple[int, Op]]:
    """`kernel`'s body with its redundant `mov`s removed (see the module's doc), and `line_ops`
    (body index, op) renumbered to match."""
    types = {found[2]: found[1] for found in map(_DECL.match, kernel.decls) if found}
    lines = [line for line, _ in kernel.body]
    writers: dict[str, list[int]] = {}
    readers: dict[str, set[int]] = {}
    for n, line in enumerate(lines):
        written, read = _operands(line)
        for register in written:
            writers.setdefault(register, []).append(n)
        for register in read:
            readers.setdefault(register, set()).add(n)
    # Where the straight run of lines each line is in begins (the line after the last label or brace).
    run_start, start = [], 0
    for n, line in enumerate(lines):
        run_start.append(start)
        if not _straight(line):
            start = n + 1
    removed: set[int] = set()
    for n, line in enumerate(lines):
        found = _MOV.match(lines[n])
        if found is None:
            continue
        destination, source = found[1], found[2]
        uses = readers.get(destination, set())
        if writers.get(destination) != [n] or not uses or not source.startswith("%") \
                or types.get(source) is None or types.get(source) != types.get(destination):
            continue
        last = max(uses)
        if min(uses) <= n or run_start[last] > n or any(n < w < last for w in writers.get(source, ())):
            continue
        for k in uses:
            lines[k] = re.sub(rf"{re.escape(destination)}(?!\w)", source, lines[k])
        readers.setdefault(source, set()).update(uses)
        readers[destination] = set()
        readers[source].discard(n)
        writers[destination] = []
        removed.add(n)
    for n, line in enumerate(lines):
        found = _MOV.match(line)
        if found is not None and n not in removed and writers.get(found[1]) == [n] \
                and not readers.get(found[1]) and found[1] in types:
            removed.add(n)
    if not removed:
        return line_ops
    kept = [n for n in range(len(lines)) if n not in removed]
    renumbered = {old: new for new, old in enumerate(kept)}
    kernel.body[:] = [(lines[n], kernel.body[n][1]) for n in kept]
    named = {register for n in kept for register in _REGISTER.findall(lines[n])}
    kernel.decls[:] = [decl for decl in kernel.decls if not (found := _DECL.match(decl)) or found[2] in named]
    return [(renumbered[n], op) for n, op in line_ops if n in renumbered]
