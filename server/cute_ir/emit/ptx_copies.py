"""Copy propagation over a written kernel's body (emit/lowered_kernel.py's): the casts, extracted
results and index constants the lowered IR threads between its ops are `mov`s that PTX does not
need, and they push the instructions that matter (an atom's) down the preview.

`fold_constants` first reads each constant (a register one `mov` of a literal writes) as the
literal itself in the instructions after it whose operand PTX lets be an immediate (integer and
f32 / f64 arithmetic, logic, shifts, compares, selects, copies, conversions, a stored value), as
LLVM's NVPTX backend and nvcc write them: `add.s32 %r1, %r2, 4;`, `and.b32 %r, %r, 0x3f3f3f3f;`.

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

__all__ = ["fold_constants", "propagate"]

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


# A constant's `mov` (`arith.constant`'s): an integer of 16, 32 or 64 bits, or an f32 / f64 in PTX's
# hex forms (`0f3F800000`, `0d3FF0000000000000`). An f16 / bf16 constant is a `mov.b16` of its bits,
# an integer literal, which only an instruction of an integer type takes (PTX has no 16-bit float
# literal: ptxas rejects `add.rn.f16 %h, %h, 0x3C00`, "Arguments mismatch"). A guarded `mov`, or one
# with a comment (a named constant: an L2 cache policy, which only a register operand takes), is
# no constant here.
_CONSTANT = re.compile(r"^mov\.(b16|b32|b64|f32|f64) (%\w+), (-?\d+|0x[0-9A-Fa-f]+|0f[0-9A-Fa-f]{8}|0d[0-9A-Fa-f]{16});$")
# The instructions whose source operands take an immediate in place of a register, as LLVM's NVPTX
# backend writes them (its register-immediate forms: `add.s32 %r1, %r2, 4;`, `shl.b32 %r, %r, 2;`,
# `and.b32 %r, %r, 0x3f3f3f3f;`) and ptxas accepts them: integer and f32 / f64 arithmetic, logic,
# shifts, compares, selects, copies, conversions, and the value `st` stores. The destination, an
# address in brackets, a vector in braces and a predicate operand (`selp`'s, `setp`'s combining
# one) keep their registers; so does every operand of an instruction not named here (mma,
# tcgen05, mbarrier, cp.async, ...), and every operand of a 16-bit float type (`.f16`, `.bf16`,
# their pairs), which no literal is.
_FOLDS_INTO = frozenset({"add", "sub", "mul", "mad", "div", "rem", "and", "or", "xor", "not", "neg", "abs", "min",
                         "max", "shl", "shr", "setp", "selp", "mov", "cvt", "st", "fma", "copysign", "testp"})
_TYPE = re.compile(r"^([bsuf])(16|32|64)$")
# A shift's amount is a `.u32` whatever the shifted value's type.
_SHIFT_AMOUNT = ("shl", "shr")


def _literal_fits(literal: str, bits: int, operand_type: str) -> bool:
    """Whether an operand of `operand_type` (`s32`, `b64`, `f32`, ...) takes the literal a `mov` of
    `bits` bits wrote: an integer one an integer operand of its width (which reads the literal's
    low bits, as the register held them), `0f` an f32, `0d` an f64."""
    found = _TYPE.match(operand_type)
    if found is None or int(found[2]) != bits:
        return False
    return (found[1] == "f") == literal.startswith(("0f", "0d"))


def _fold_line(code: str, constants: dict[str, tuple[str, int]], bits_take_floats: bool = False) -> str:
    """The instruction `code` with each constant register it reads where an immediate may stand
    replaced by its literal (`_FOLDS_INTO`); `code` itself when none is. `bits_take_floats`: a
    `mov.b<N>` takes a float literal of N bits too."""
    if _opaque(code):
        return code
    guard = _GUARD.match(code)
    body = code[guard.end():] if guard else code
    mnemonic, _, rest = body[:-1].partition(" ")
    parts = mnemonic.split(".")
    operands = _split_operands(rest) if parts[0] in _FOLDS_INTO and rest else None
    if operands is None:
        return code
    # The first operand is the destination (`st`'s the address); `selp` and `setp` read a and b,
    # then a predicate.
    last = 3 if parts[0] in ("selp", "setp") else len(operands)
    changed = False
    for k in range(1, min(last, len(operands))):
        constant = constants.get(operands[k].strip())
        if constant is None:
            continue
        literal, bits = constant
        operand_type = "u32" if parts[0] in _SHIFT_AMOUNT and k == 2 else parts[-1]
        if _literal_fits(literal, bits, operand_type) or (
                bits_take_floats and parts[0] == "mov" and operand_type == f"b{bits}" and bits in (32, 64)):
            operands[k] = f" {literal}"
            changed = True
    if not changed:
        return code
    return (guard[0] if guard else "") + f"{mnemonic} {','.join(operands)};"


def _split_operands(rest: str) -> list[str] | None:
    """The comma-separated operands of an instruction (a vector in braces, an address in brackets
    kept whole), or None when they do not read plainly."""
    operands, depth, start = [], 0, 0
    for n, char in enumerate(rest):
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        elif char == "," and depth == 0:
            operands.append(rest[start:n])
            start = n + 1
    operands.append(rest[start:])
    return operands if depth == 0 else None


# Integer instructions `fold_constants` computes when asked (`evaluate`) where every source is an
# integer literal: mnemonic -> (its `.lo` part where it has one, the value of its sources).
_EVALUATED = {"add": (False, lambda a, b: a + b), "sub": (False, lambda a, b: a - b),
              "mul": (True, lambda a, b: a * b), "mad": (True, lambda a, b, c: a * b + c),
              "and": (False, lambda a, b: a & b), "or": (False, lambda a, b: a | b),
              "xor": (False, lambda a, b: a ^ b), "shl": (False, lambda a, b: a << b if 0 <= b < 64 else 0)}
_INTEGER_LITERAL = re.compile(r"^(-?\d+|0x[0-9A-Fa-f]+)$")
# A move of a register into itself, guarded or not (an identity `_identity` rewrote).
_COPY_FROM = re.compile(r"^mov\.b\d+ (%\w+), (%\w+);$")
_SELF_MOVE = re.compile(r"^(@!?%\w+\s+)?mov\.b\d+ (%\w+), \2;$")


def _evaluated(code: str) -> str | None:
    """`mov.b<N> d, <value>;` for an unguarded integer instruction of `_EVALUATED` of N bits
    (`.s32`, `.u64`, `.b32`, ...) whose every source is an integer literal (a constant folded
    into it), its value wrapped to N bits as the instruction computes it (signed for `.s`);
    None for any other line."""
    mnemonic, _, rest = code[:-1].partition(" ")
    parts = mnemonic.split(".")
    found = _TYPE.match(parts[-1]) if parts[0] in _EVALUATED else None
    operands = _split_operands(rest) if found is not None and found[1] != "f" else None
    if operands is None or len(operands) < 3 or _opaque(code) or _GUARD.match(code):
        return None
    low, compute = _EVALUATED[parts[0]]
    if low != ("lo" in parts[1:-1]) or len(parts) != (3 if low else 2):
        return None
    sources = [operand.strip() for operand in operands[1:]]
    if not all(_INTEGER_LITERAL.match(source) for source in sources):
        return None
    try:
        value = compute(*(int(source, 0) for source in sources))
    except (TypeError, ValueError):            # operands the instruction has not, or no number
        return None
    bits = int(found[2])
    value %= 1 << bits
    if found[1] == "s" and value >= 1 << (bits - 1):
        value -= 1 << bits
    return f"mov.b{bits} {operands[0].strip()}, {value};"


# Integer identities `fold_constants` rewrites when asked (`evaluate`), as a compiler does: the
# mnemonic, whether it has a `.lo` part. Floats never: x + 0.0 is +0.0 for x = -0.0, and x * 1.0
# of a signaling NaN a quiet one (IEEE 754, which PTX's `add.rn` / `mul.rn` follow), so neither is x.
_IDENTITIES = {"add": False, "sub": False, "or": False, "xor": False, "shl": False, "shr": False,
               "mul": True, "mad": True}


def _identity(code: str) -> str | None:
    """The simpler instruction an integer identity is (`_IDENTITIES`), None when `code` is none:
    x + 0, 0 + x, x - 0, x | 0, x ^ 0, x << 0, x >> 0 and x * 1 are `mov.b<N> d, x;`, x * 0 is
    `mov.b<N> d, 0;`; `mad.lo` with a 0 addend is its `mul.lo`, with a factor of 1 or 0 the
    `add` or `mov` of the rest, with two literal factors the `add` of their product, each then
    simplified in turn. A guard is kept; `.cc`, `.sat`, `.hi`, `.wide` and float forms are
    left alone."""
    guard = _GUARD.match(code)
    prefix = guard[0] if guard else ""
    mnemonic, _, rest = code[len(prefix):-1].partition(" ")
    parts = mnemonic.split(".")
    found = _TYPE.match(parts[-1]) if parts[0] in _IDENTITIES else None
    if found is None or found[1] == "f" or _opaque(code) \
            or len(parts) != (3 if _IDENTITIES[parts[0]] else 2) \
            or (_IDENTITIES[parts[0]] and parts[1] != "lo"):
        return None
    operands = _split_operands(rest)
    if operands is None or len(operands) != (4 if parts[0] == "mad" else 3):
        return None
    destination, *sources = (operand.strip() for operand in operands)
    bits, kind = int(found[2]), parts[-1]
    value = [int(source, 0) % (1 << bits) if _INTEGER_LITERAL.match(source) else None for source in sources]
    mov = f"mov.b{bits} {destination}, "
    if parts[0] == "mad":
        a, b, c = sources
        if value[2] == 0:
            return _simplest(f"{prefix}mul.lo.{kind} {destination}, {a}, {b};")
        if value[0] is not None and value[1] is not None:
            product = value[0] * value[1] % (1 << bits)
            return _simplest(f"{prefix}add.{kind} {destination}, {c}, {product};")
        if 0 in value[:2]:
            return f"{prefix}{mov}{c};"
        if 1 in value[:2]:
            return _simplest(f"{prefix}add.{kind} {destination}, {b if value[0] == 1 else a}, {c};")
        return None
    a, b = sources
    if parts[0] == "mul":
        if 0 in value:
            return f"{prefix}{mov}0;"
        if value[1] == 1 or value[0] == 1:
            return f"{prefix}{mov}{a if value[1] == 1 else b};"
        return None
    if value[1] == 0:
        return f"{prefix}{mov}{a};"
    if value[0] == 0 and parts[0] in ("add", "or", "xor"):
        return f"{prefix}{mov}{b};"
    return None


def _simplest(code: str) -> str:
    """`code` with its identities rewritten (`_identity`) until none is left."""
    return _identity(code) or code


def fold_constants(kernel: PtxBuilder, evaluate: bool = False) -> frozenset[str]:
    """`kernel`'s constants folded into the instructions that read them, as immediates where
    PTX takes one (`_FOLDS_INTO`, `_literal_fits`): a register that one unguarded `mov` of a
    literal writes (`_CONSTANT`), and no other line, holds that literal wherever a line after
    that `mov` reads it (the lowered IR is in SSA form: a constant's definition dominates its
    uses), so such a read may be the literal itself; a `mov` from a constant register makes its
    destination one too. Lines inside an inline assembly's braces keep their registers (its
    operands are bound by constraints). The `mov`s nothing reads any more are `propagate`'s to
    remove. `evaluate` (the TileAS kernel writer's): an integer instruction all of whose sources
    became literals is a `mov` of its value (`_evaluated`), a constant in turn, and a `mov.b<N>`
    takes an f32 / f64 constant's literal of its width too (`mov.b32 %r, 0f3F800000;`, which ptxas
    accepts as it does a `mov.f32` of it)."""
    writes: dict[str, int] = {}
    for line, _ in kernel.body:
        for register in _operands(line)[0]:
            writes[register] = writes.get(register, 0) + 1
    constants: dict[str, tuple[str, int]] = {}
    depth = 0
    idle: set[int] = set()
    copied: set[str] = set()
    copies_at: set[int] = set()
    for n, (line, is_atom) in enumerate(kernel.body):
        code = line.strip()
        if code.startswith("{"):
            depth += 0 if code.endswith("}") else 1
        elif code.startswith("}"):
            depth -= 1
        if depth or "//" in code:
            continue
        folded = _fold_line(code, constants, evaluate) if constants else code
        if evaluate:
            identity = None if _evaluated(folded) else _identity(folded)
            folded = _evaluated(folded) or identity or folded
            if _SELF_MOVE.match(folded):           # x + 0 into x itself: no instruction at all
                idle.add(n)
                continue
            if identity is not None and (found := _COPY_FROM.match(folded)):
                copied.add(found[1])
                copies_at.add(n)
        if folded != code:
            kernel.body[n] = (folded, is_atom)
        found = _CONSTANT.match(folded)
        if found is not None and writes.get(found[2]) == 1:
            constants[found[2]] = (found[3], int(found[1][1:]))
    idle |= _merged_copies(kernel, copies_at - idle, idle)
    if idle:
        kernel.body[:] = [line for n, line in enumerate(kernel.body) if n not in idle]
        # A register the idle lines wrote may now be written once: a constant to fold on.
        copied |= fold_constants(kernel, evaluate)
    return frozenset(copied)


def _merged_copies(kernel: PtxBuilder, at: set[int], idle: set[int]) -> set[int]:
    """The lines of `at` (identities made copies, `mov.b<N> d, s;`) that the next live line
    (past `idle`'s) overwrites as it reads: `add.u32 d, d, 16;` after the copy becomes
    `add.u32 d, s, 16;`, reading s where it read d, and the copy goes (as in
    `add.u32 %ir, 0, %row; add.u32 %ir, %ir, 16;`, a compiler's `add.u32 %ir, %row, 16;`)."""
    merged: set[int] = set()
    for n in sorted(at):
        found = _COPY_FROM.match(kernel.body[n][0])
        k = n + 1
        while k in idle:
            k += 1
        if found is None or k >= len(kernel.body):
            continue
        destination, source = found[1], found[2]
        line, is_atom = kernel.body[k]
        code = line.strip()
        if _opaque(code) or "//" in code or _GUARD.match(code):
            continue
        written, read = _operands(code)
        if written != {destination} or destination not in read:
            continue
        mnemonic, _, rest = code.partition(" ")
        first, _, sources = rest.partition(",")
        reread = re.sub(rf"{re.escape(destination)}(?!\w)", source, sources)
        kernel.body[k] = (f"{mnemonic} {first},{reread}", is_atom)
        merged.add(n)
    return merged


def propagate(kernel: PtxBuilder, line_ops: list[tuple[int, Op]], copies: bool = True,
              copied: frozenset[str] = frozenset()) -> list[tuple[int, Op]]:
    """`kernel`'s body with its redundant `mov`s removed (see the module's doc), and `line_ops`
    (body index, op) renumbered to match; `copies` False: only the constants' `mov`s nothing reads
    (those `fold_constants` folded away) and the copies into the registers `copied` names (the
    identities `fold_constants` made `mov`s) are propagated, no other `mov` removed."""
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
    for n, line in enumerate(lines if copies or copied else ()):
        found = _MOV.match(lines[n])
        if found is None or not (copies or found[1] in copied):
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
                and not readers.get(found[1]) and found[1] in types and (copies or _CONSTANT.match(line)):
            removed.add(n)
    if not removed:
        return line_ops
    kept = [n for n in range(len(lines)) if n not in removed]
    renumbered = {old: new for new, old in enumerate(kept)}
    kernel.body[:] = [(lines[n], kernel.body[n][1]) for n in kept]
    named = {register for n in kept for register in _REGISTER.findall(lines[n])}
    kernel.decls[:] = [decl for decl in kernel.decls if not (found := _DECL.match(decl)) or found[2] in named]
    return [(renumbered[n], op) for n, op in line_ops if n in renumbered]
