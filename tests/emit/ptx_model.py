"""A small model of the PTX the function writer emits for scalar arithmetic, enough to run a
device function's body on given parameters and read what it returns: the arithmetic the writer
chose (rounded divisions, `fmod`, extended products, ...) checked against Python's own, value by
value, where ptxas can only say the text is well formed.

Registers hold bit patterns (PTX registers are untyped bits); each instruction reads them as its
type says. f32 arithmetic is Python's f64 arithmetic rounded to f32, which is the f32 result for
add, sub, mul and div (f64 has more than twice f32's significand plus two bits); halves are packed
by `struct`'s `e` (rounded to nearest even). Only the instructions the tests' kernels use are
known: any other is an error, never a guess."""
from __future__ import annotations

import math
import re
import struct

_FLOAT_FORMATS = {"f16": "<e", "f32": "<f", "f64": "<d"}
_BIT_FORMATS = {"f16": "<H", "f32": "<I", "f64": "<Q"}


def _width(type_: str) -> int:
    return 1 if type_ == "pred" else 16 if type_ == "bf16" else int(type_[1:])


def _bf16_bits(value: float, rounding: str) -> int:
    """`cvt.<rn|rz>.bf16.f32` of the f32 `value`: its upper half, rounded to nearest even or
    toward zero; a NaN stays one."""
    bits = _from_float(value, "f32")
    if math.isnan(value):
        return (bits >> 16) | 0x40
    if rounding == "rz":
        return bits >> 16
    upper, lower = bits >> 16, bits & 0xFFFF
    if lower > 0x8000 or lower == 0x8000 and upper & 1:
        upper += 1
    return upper


def _to_float(bits: int, type_: str) -> float:
    return struct.unpack(_FLOAT_FORMATS[type_], struct.pack(_BIT_FORMATS[type_], bits))[0]


def _from_float(value: float, type_: str) -> int:
    try:
        return struct.unpack(_BIT_FORMATS[type_], struct.pack(_FLOAT_FORMATS[type_], value))[0]
    except OverflowError:       # struct refuses to round a finite value past the format's range
        return struct.unpack(_BIT_FORMATS[type_], struct.pack(_FLOAT_FORMATS[type_], math.copysign(math.inf, value)))[0]


def _signed(bits: int, width: int) -> int:
    bits &= (1 << width) - 1
    return bits - (1 << width) if bits >> (width - 1) else bits


def _round(value: float, type_: str) -> float:
    return _to_float(_from_float(value, type_), type_)


def _compare(name: str, a, b) -> bool:
    nan = isinstance(a, float) and (math.isnan(a) or math.isnan(b))
    if name == "nan":
        return nan
    if name == "num":
        return not nan
    unordered = len(name) == 3 and name.endswith("u")      # `ltu`, `equ`, ...: true where either is NaN
    base = name[:-1] if unordered else name
    if nan:
        return unordered
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[base]


def run(ptx: str, params: dict[str, int], memory: dict[int, int] | None = None,
        max_steps: int = 200_000, special: dict[str, int] | None = None) -> dict[str, int]:
    """Runs the body of the one `.func` / `.entry` in `ptx` on `params` (name -> bits) and
    `memory` (byte address -> byte, little-endian, which `ld` reads, `st` writes and `red` /
    `atom` combine into: a memref parameter is an address in it; global and generic addresses
    are the same), as the thread whose special registers `special` gives (`%tid.x` -> 5);
    returns what it stores to parameters (`st.param`: `func_retval0+offset` -> bits). Run a
    CTA's threads one after another: their atomics then combine in that order."""
    memory = {} if memory is None else memory
    body = ptx.split("{", 1)[1].rsplit("}", 1)[0]
    lines = [line.strip().rstrip(";") for line in body.split("\n")]
    lines = [line for line in lines if line and not line.startswith(".reg")]
    labels = {line[:-1]: n for n, line in enumerate(lines) if line.endswith(":")}
    regs: dict[str, int] = dict(special or {})
    stored: dict[str, int] = {}

    def value(operand: str, type_: str) -> int:
        operand = operand.strip()
        if operand in regs:
            return regs[operand]
        if operand.startswith("%"):
            raise KeyError(f"register {operand} read before it is written")
        if re.fullmatch(r"0[fd][0-9A-Fa-f]+", operand):
            return int(operand[2:], 16)
        number = int(operand, 0)
        return number & ((1 << _width(type_)) - 1) if type_ != "pred" else int(bool(number))

    def num(operand: str, type_: str):
        bits = value(operand, type_)
        if type_ in _FLOAT_FORMATS:
            return _to_float(bits, type_)
        if type_[0] == "s":
            return _signed(bits, _width(type_))
        return bits & ((1 << _width(type_)) - 1)

    def put(register: str, number, type_: str) -> None:
        if type_ in _FLOAT_FORMATS:
            regs[register] = _from_float(number, type_)
        elif type_ == "pred":
            regs[register] = int(bool(number))
        else:
            regs[register] = int(number) & ((1 << _width(type_)) - 1)

    pc, steps = 0, 0
    while pc < len(lines):
        steps += 1
        if steps > max_steps:
            raise RuntimeError("no end after max_steps instructions")
        line = lines[pc]
        pc += 1
        if line.endswith(":") or line == "ret":
            if line == "ret":
                break
            continue
        guard = re.match(r"@(!?)(%\w+)\s+", line)
        if guard:
            line = line[guard.end():]
            if bool(regs[guard[2]]) == bool(guard[1]):
                continue
        opcode, _, rest = line.partition(" ")
        operands = [o.strip() for o in re.split(r",(?![^{]*})", rest)] if rest else []
        parts = opcode.split(".")
        name, type_ = parts[0], parts[-1]
        if name == "bra":
            pc = labels[operands[0]]
            continue
        if name == "ld" and parts[1] == "param":
            regs[operands[0]] = params[operands[1].strip("[]")] & ((1 << _width("b" + type_[1:])) - 1)
            continue
        if name == "st" and parts[1] == "param":
            stored[operands[0].strip("[]").removesuffix("+0")] = value(operands[1], type_) & ((1 << _width("b" + type_[1:])) - 1)
            continue
        if name in ("red", "atom"):
            _atomic(parts, operands, regs, memory, value)
            continue
        if opcode == "cvta.to.global.u64":
            regs[operands[0]] = value(operands[1], "b64")
            continue
        if name in ("ld", "st"):
            address_text = operands[1] if name == "ld" else operands[0]
            base, _, offset = address_text.strip("[]").partition("+")
            address = regs[base] + int(offset or 0)
            size = _width("b" + type_[1:]) // 8
            held = operands[0] if name == "ld" else operands[1]
            # `ld.v4.b32 {a, b, c, d}` / `st.v4.b32 [..], {a, b, c, d}`: consecutive elements.
            for k, register in enumerate(r.strip() for r in held.strip("{}").split(",")):
                at = address + k * size
                if name == "ld":
                    regs[register] = int.from_bytes(bytes(memory[at + n] for n in range(size)), "little")
                else:
                    for n, byte in enumerate((value(register, type_) & ((1 << 8 * size) - 1)).to_bytes(size, "little")):
                        memory[at + n] = byte
            continue
        d = operands[0]
        if name == "mov" and "{" in rest:
            # `mov.bN {a, b, ...}, r` unpacks r's bits into equal parts, lowest first; `mov.bN r,
            # {a, b, ...}` packs them.
            width = _width(type_)
            unpack = d.startswith("{")
            parts = [p.strip() for p in (d if unpack else operands[1]).strip("{}").split(",")]
            each = width // len(parts)
            if unpack:
                whole = value(operands[1], type_)
                for n, part in enumerate(parts):
                    regs[part] = (whole >> (n * each)) & ((1 << each) - 1)
            else:
                regs[d] = sum((value(part, f"b{each}") & ((1 << each) - 1)) << (n * each) for n, part in enumerate(parts))
        elif name == "mov":
            regs[d] = value(operands[1], type_)
        elif name == "setp":
            compare, typ = parts[1], parts[-1]
            result = _compare(compare, num(operands[1], typ), num(operands[2], typ))
            if len(parts) == 4:
                other = bool(value(operands[3], "pred"))
                result = {"and": result and other, "or": result or other, "xor": result != other}[parts[2]]
            put(d, result, "pred")
        elif name == "selp":
            put(d, num(operands[1], type_) if regs[operands[3]] else num(operands[2], type_), type_)
        elif opcode in ("or.pred", "and.pred", "xor.pred"):
            a, b = bool(regs[operands[1]]), bool(regs[operands[2]])
            put(d, {"or": a or b, "and": a and b, "xor": a != b}[name], "pred")
        elif opcode == "not.pred":
            put(d, not regs[operands[1]], "pred")
        elif name == "testp":
            x = num(operands[1], type_)
            put(d, {"infinite": math.isinf(x), "nan": math.isnan(x), "finite": math.isfinite(x)}[parts[1]], "pred")
        elif name == "cvt" and "bf16" in parts:
            to, frm = parts[-2], parts[-1]
            if (frm, to) == ("bf16", "f32"):
                regs[d] = (value(operands[1], "b16") & 0xFFFF) << 16
            elif (frm, to) == ("f32", "bf16"):
                regs[d] = _bf16_bits(num(operands[1], "f32"), parts[1])
            else:
                raise NotImplementedError(opcode)
        elif name == "cvt":
            to, frm = parts[-2], parts[-1]
            x = num(operands[1], frm)
            if frm in _FLOAT_FORMATS and to in _FLOAT_FORMATS:
                put(d, _round(x, to), to)
            elif frm in _FLOAT_FORMATS or to in _FLOAT_FORMATS:
                raise NotImplementedError(opcode)
            else:
                put(d, _signed(x, _width(to)) if to[0] == "s" else x, to)
        elif type_ in _FLOAT_FORMATS:
            a = num(operands[1], type_)
            b = num(operands[2], type_) if len(operands) > 2 else None
            if name == "abs":
                out = abs(a)
            elif name == "neg":
                out = -a
            elif name == "copysign":
                out = math.copysign(b, a)
            elif name in ("add", "sub", "mul", "div"):
                try:
                    out = {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b, "div": lambda: a / b}[name]()
                except ZeroDivisionError:
                    out = math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a) * math.copysign(1, b)
                out = _round(out, type_)
            else:
                raise NotImplementedError(opcode)
            put(d, out, type_)
        else:
            width = _width(type_)
            signed = type_[0] == "s"
            a = num(operands[1], type_)
            b = num(operands[2], type_) if len(operands) > 2 else None
            if name == "add":
                out = a + b
            elif name == "sub":
                out = a - b
            elif name == "mul" and parts[1] == "lo":
                out = a * b
            elif name in ("mul", "mad") and parts[1] == "wide":
                # Twice the operands' width: the whole product (plus a 2N-bit addend).
                type_ = type_[0] + str(2 * width)
                out = a * b + (num(operands[3], type_) if name == "mad" else 0)
            elif name == "mad" and parts[1] == "lo":
                out = a * b + num(operands[3], type_)
            elif name == "mul" and parts[1] == "hi":
                out = (a * b) >> width
            elif name == "div":
                out = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
            elif name == "rem":
                out = a - b * (abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1))
            elif name in ("and", "or", "xor"):
                out = {"and": a & b, "or": a | b, "xor": a ^ b}[name]
            elif name == "shr":
                out = a >> b if signed else (a & ((1 << width) - 1)) >> b
            elif name == "shl":
                out = a << b
            elif name == "bfe":
                out = (a >> b) & ((1 << num(operands[3], "u32")) - 1)
            else:
                raise NotImplementedError(opcode)
            put(d, out, type_)
    return stored


# `red` / `atom` operations on two numbers of the instruction's type.
_COMBINE = {"add": lambda a, b: a + b, "min": min, "max": max, "and": lambda a, b: a & b,
            "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b, "exch": lambda a, b: b}


def _atomic(parts: list[str], operands: list[str], regs: dict[str, int], memory: dict[int, int], value) -> None:
    """`red[.sem][.scope].global.<op>[.noftz][.v2].<type> [a], b` and `atom... d, [a], b`: each
    element at a combined with b's (a vector's consecutively), the old ones into d. The memory
    order does nothing in a run of one thread at a time."""
    op = next(p for p in parts if p in _COMBINE)
    type_ = parts[-1]
    width = 16 if type_ == "bf16" else _width(type_)
    size = width // 8
    red = parts[0] == "red"
    address_text, source = (operands[0], operands[1]) if red else (operands[1], operands[2])
    base, _, offset = address_text.strip("[]").partition("+")
    address = regs[base] + int(offset or 0)
    sources = [r.strip() for r in source.strip("{}").split(",")]
    olds = [] if red else [r.strip() for r in operands[0].strip("{}").split(",")]

    def decode(bits: int):
        if type_ == "bf16":
            return _to_float(bits << 16, "f32")
        if type_ in _FLOAT_FORMATS:
            return _to_float(bits, type_)
        return _signed(bits, width) if type_[0] == "s" else bits

    def encode(number) -> int:
        if type_ == "bf16":
            return _bf16_bits(number, "rn")
        if type_ in _FLOAT_FORMATS:
            return _from_float(_round(number, type_), type_)
        return int(number) & ((1 << width) - 1)

    for k, register in enumerate(sources):
        at = address + k * size
        held = int.from_bytes(bytes(memory[at + n] for n in range(size)), "little")
        new = encode(_COMBINE[op](decode(held), decode(value(register, f"b{width}") & ((1 << width) - 1))))
        for n, byte in enumerate(new.to_bytes(size, "little")):
            memory[at + n] = byte
        if olds:
            regs[olds[k]] = held


def f32_bits(x: float) -> int:
    return _from_float(x, "f32")


def f64_bits(x: float) -> int:
    return _from_float(x, "f64")


def f16_bits(x: float) -> int:
    return _from_float(x, "f16")


def as_float(bits: int, type_: str) -> float:
    return _to_float(bits, type_)


def as_signed(bits: int, width: int) -> int:
    return _signed(bits, width)
