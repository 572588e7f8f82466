"""NVVM ops' own verifiers (mlir/lib/Dialect/LLVMIR/IR/NVVMDialect.cpp, MLIR 22), as callables
on the ops' records: `nvvm.wmma.load` / `store`'s pointer address space, and the fragments each
of `nvvm.wmma.load` / `store` / `mma` moves, as `inferMMAType` derives them from the shape and
the element type; `nvvm.shfl.sync`'s result against `return_value_and_is_valid`;
`nvvm.cp.async.shared.global`'s size and cache modifier; `nvvm.mapa`'s address spaces;
`nvvm.mma.sync`'s shape, fragments, result, binary and integer attributes and layouts (MmaOp's
tables, as its custom form writes them).

Each takes what the text says of one op (ir/ssa.OpSite) and returns None or a message that
verify/structure.py prefixes with `'<op>' op `. The fragments are judged only for an attribute
combination LLVM has an intrinsic for (NVVMOps.td's `NVVM_MMA_OPS`: MLIR reports any other as
`invalid attribute combination`, from a table not modelled here); a value, attribute or type
the text does not spell out is not judged.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import NVVM as M, REQUIRES_ATTRIBUTE_OF_OP
from .constraints import facts, normalized_type, printed
from .llvm_checks import _struct
from .op_checks import Placed, _body, _entries, _function_attributes, _signature_groups

_F16X2 = "vector<2xf16>"
# The wmma shapes (m, n, k) of NVVM_MMA_OPS, by the element types each takes.
_FP_SHAPES = frozenset({(16, 16, 16), (32, 8, 16), (8, 32, 16)})
_TF32_SHAPE, _F64_SHAPE = (16, 16, 8), (8, 8, 4)
# (shape, fragment, element type) LLVM loads and stores a fragment for (ldst_*_ops).
_LOADS_AND_STORES = frozenset(
    [(s, f, t) for s in _FP_SHAPES for f in "ab" for t in ("f16", "s8", "u8")]
    + [(s, f, t) for s in _FP_SHAPES for f in "cd" for t in ("f16", "f32", "s32")]
    + [(_TF32_SHAPE, f, "tf32") for f in "ab"] + [(_TF32_SHAPE, f, "f32") for f in "cd"]
    + [(_F64_SHAPE, f, "f64") for f in "abcd"])
# (shape, A element type, C element type) LLVM multiplies (the *_wmma_ops).
_PRODUCTS = frozenset(
    [(s, "f16", c) for s in _FP_SHAPES for c in ("f16", "f32")]
    + [(s, a, "s32") for s in _FP_SHAPES for a in ("s8", "u8")]
    + [(_TF32_SHAPE, "tf32", "f32"), (_F64_SHAPE, "f64", "f64")])


def _integer(site: Any, name: str) -> int | None:
    node = site.attribute(name)
    match = re.fullmatch(r"\s*(\d+)\s*(?::\s*i32\s*)?", (node.text or b"").decode("utf-8", "replace")) \
        if node is not None else None
    return int(match.group(1)) if match else None


def _enum(site: Any, name: str, mnemonic: str) -> str | None:
    """The case of `#nvvm.<mnemonic><case>` an attribute is written with."""
    node = site.attribute(name)
    match = re.fullmatch(rf"\s*#nvvm\.{mnemonic}\s*<\s*(\w+)\s*>\s*", (node.text or b"").decode("utf-8", "replace")) \
        if node is not None else None
    return match.group(1) if match else None


def _shape(site: Any) -> tuple[int, int, int] | None:
    m, n, k = (_integer(site, name) for name in "mnk")
    return (m, n, k) if m is not None and n is not None and k is not None else None


def fragment(element: str, frag: str, shape: tuple[int, int, int]) -> tuple[str, int]:
    """inferMMATypeFromMNK: the type of each register of a fragment and how many there are."""
    m, n, k = shape
    rows, cols = (m, k) if frag == "a" else (k, n) if frag == "b" else (m, n)
    if element == "f16":
        return _F16X2, 8 if frag in "ab" else 4
    if element == "f32":
        return "f32", 8
    if element == "f64":
        return "f64", 1 if frag in "ab" else 2
    if element == "tf32":
        return "i32", 4
    if element in ("s8", "u8"):
        parallel = rows if frag == "a" else cols if frag == "b" else 0
        return "i32", {16: 2, 8: 1, 32: 4}.get(parallel, 0)
    return "i32", 8     # s32


def _struct_of(register: str, count: int) -> str:
    return "!llvm.struct<(" + ",".join([register] * count) + ")>"


def _same(written: str | None, expected: str) -> bool | None:
    text = normalized_type(written) if written is not None else None
    return None if text is None or facts(text) is None else text == expected


def _address_space(site: Any, message: str) -> str | None:
    t = facts(site.operand_type(0) or "")
    if t is None or t.kind != "llvm.ptr" or t.address_space is None:
        return None
    return message if t.address_space not in (0, 1, 3) else None


def _destination(written: str | None, register: str, count: int) -> str | None:
    if _same(written, _struct_of(register, count)) is False:
        return M["wmma_destination"].format(count, printed(register))
    return None


def wmma_load(site: Any) -> str | None:
    """WMMALoadOp::verify: the pointer's address space, then the destination's fragment."""
    problem = _address_space(site, M["wmma_load_space"])
    if problem is not None:
        return problem
    shape, element, frag = _shape(site), _enum(site, "eltype", "mma_type"), _enum(site, "frag", "mma_frag")
    if shape is None or element is None or frag is None or (shape, frag, element) not in _LOADS_AND_STORES:
        return None
    register, count = fragment(element, frag, shape)
    if register == "f64" and count == 1:
        return M["wmma_f64"] if _same(site.result_type(0), "f64") is False else None
    return _destination(site.result_type(0), register, count)


def wmma_store(site: Any) -> str | None:
    """WMMAStoreOp::verify: the pointer's address space, then the stored fragment's values."""
    problem = _address_space(site, M["wmma_store_space"])
    if problem is not None:
        return problem
    shape, element = _shape(site), _enum(site, "eltype", "mma_type")
    if shape is None or element is None or (shape, "d", element) not in _LOADS_AND_STORES:
        return None
    register, count = fragment(element, "c", shape)
    values = site.operands - 2
    if values != count:
        return M["wmma_store_count"].format(count)
    types = [site.operand_type(1 + i) for i in range(values)]
    if any(_same(t, register) is False for t in types):
        return M["wmma_store_type"].format(printed(register))
    return None


def wmma_mma(site: Any) -> str | None:
    """WMMAMmaOp::verify: A's and B's fragments (of eltypeA) and C's (of eltypeB), one argument
    per register, then the result a struct of C's registers."""
    shape, a, c = _shape(site), _enum(site, "eltypeA", "mma_type"), _enum(site, "eltypeB", "mma_type")
    if shape is None or a is None or c is None or (shape, a, c) not in _PRODUCTS:
        return None
    expected: list[str] = []
    for element, frag in ((a, "a"), (a, "b"), (c, "c")):
        register, count = fragment(element, frag, shape)
        expected.extend([register] * count)
    if site.operands != len(expected):
        return M["wmma_arguments"].format(len(expected))
    for i, register in enumerate(expected):
        if _same(site.operand_type(i), register) is False:
            return M["wmma_argument_type"].format(i, printed(register))
    return _destination(site.result_type(0), *fragment(c, "c", shape))


def shfl_sync(site: Any) -> str | None:
    """ShflOp::verify: a struct result (value and validity) exactly when the op asks for
    `return_value_and_is_valid`, else the value's own type."""
    value, result = site.operand_type(1), site.result_type(0)
    form = site.form
    if value is None or result is None or facts(value) is None or facts(result) is None or form is None:
        return None
    asks = "return_value_and_is_valid" in form.attributes
    t = facts(result)
    if t.kind == "llvm.struct":
        if not asks:
            return M["shfl_attribute"]
        fields = _struct(result)
        if fields is None:
            return None
        if len(fields) != 2:
            return M["shfl_two_elements"]
        if fields[0] != value:
            return M["shfl_type"].format("first element in the returned struct", printed(value), printed(fields[0]))
        if fields[1] != "i1":
            return M["shfl_type"].format("second element in the returned struct", "i1", printed(fields[1]))
        return None
    if asks:
        return M["shfl_two_elements"]
    return M["shfl_type"].format("return type", printed(value), printed(result)) if result != value else None


def cp_async(site: Any) -> Placed | None:
    """CpAsyncOp::verify (emitError, without the op's name): a cache modifier of `ca` or `cg`, a
    size of 4, 8 or 16 bytes, and 16 with `cg`."""
    size, modifier = _integer(site, "size"), site.attribute("modifier")
    word = (modifier.text or b"").decode("utf-8", "replace").strip() if modifier is not None else None
    if size is None or word is None or not re.fullmatch(r"\w+", word):
        return None
    if word not in ("ca", "cg"):
        return Placed(M["cp_async_modifier"])
    if size not in (4, 8, 16):
        return Placed(M["cp_async_size"])
    return Placed(M["cp_async_cg"]) if word == "cg" and size != 16 else None


def _mode(site: Any, name: str) -> str | None:
    """The keyword of an `#nvvm.fp_rnd_mode<rn>`-like attribute, "" when not written."""
    node = site.attribute(name)
    if node is None:
        return ""
    match = re.fullmatch(r"#nvvm\.\w+<\s*(\w+)\s*>", re.sub(r"\s+", "", (node.text or b"").decode()))
    return match.group(1) if match else None


def convert_f32x2_to_f8x2(site: Any) -> str | None:
    """ConvertF32x2ToF8x2Op::verify: by the destination type, its rounding mode (RN for e4m3
    and e5m2, then SATFINITE; RZ or RP for ue8m0, then no relu)."""
    destination, rnd, sat = _destination_type(site), _mode(site, "rnd"), _mode(site, "sat")
    if destination is None or rnd is None or sat is None:
        return None
    if destination in ("f8E4M3FN", "f8E5M2"):
        return M["f8x2_rn"] if rnd != "rn" else (M["f8x2_satfinite"] if sat != "satfinite" else None)
    if destination == "f8E8M0FNU":
        if rnd not in ("rz", "rp"):
            return M["f8x2_rz_rp"]
        relu = site.attribute("relu")
        return M["f8x2_relu"] if relu is not None and (relu.text or b"").strip() != b"false" else None
    return M["f8x2_types"]


def convert_bf16x2_to_f8x2(site: Any) -> str | None:
    """ConvertBF16x2ToF8x2Op::verify: to ue8m0 only, rounding RZ or RP."""
    destination, rnd = _destination_type(site), _mode(site, "rnd")
    if destination is None or rnd is None:
        return None
    if destination != "f8E8M0FNU":
        return M["bf16x2_type"]
    return M["bf16x2_rz_rp"] if rnd not in ("rz", "rp") else None


def _destination_type(site: Any) -> str | None:
    """The conversion's `dstTy`, the type written in parentheses at its end."""
    node = site.attribute("dstTy")
    return (node.text or b"").decode().strip() if node is not None else None


# ------------------------------------------------------------------------------ nvvm.mma.sync
# MmaOp::verify's tables (NVVMDialect.cpp). A fragment is (how many registers, register type);
# types are written without blanks, as normalized_type gives them.
_PTX_INTEGERS = frozenset({"s4", "u4", "s8", "u8", "b1", "s32"})
_INT4, _INT8 = frozenset({"s4", "u4"}), frozenset({"s8", "u8"})
# M = 16, by A's PTX type: the k of one 8 x k tile, the register of A and B (an integer type's
# is i32), and the results a floating-point type allows.
_M16 = {
    "tf32": (4, "i32", (_struct_of("f32", 4),)),
    "bf16": (8, "i32", (_struct_of("f32", 4),)),
    "f16": (8, _F16X2, (_struct_of(_F16X2, 2), _struct_of("f32", 4))),
    "s4": (32, "i32", ()), "u4": (32, "i32", ()),
    "s8": (16, "i32", ()), "u8": (16, "i32", ()),
    "b1": (128, "i32", ()),
}
_M16_INTEGER_C, _M16_INTEGER_RESULT = ((4, "i32"),), _struct_of("i32", 4)
_M16_FLOAT_C = ((2, _F16X2), (4, "f32"))
# M = 8, by A's PTX type: A's, B's and C's fragments, the results and the shapes allowed.
_M8_F16 = (((2, _F16X2),), ((2, _F16X2),), ((4, _F16X2), (8, "f32")),
           (_struct_of(_F16X2, 4), _struct_of("f32", 8)), ((8, 8, 4),))
_M8_INTEGER = (((1, "i32"),), ((1, "i32"),), ((2, "i32"),), (_struct_of("i32", 2),))
_M8 = {
    "f16": _M8_F16,
    "f64": (((1, "f64"),), ((1, "f64"),), ((2, "f64"),), (_struct_of("f64", 2),), ((8, 8, 4),)),
    **{t: _M8_INTEGER + (((8, 8, 32),),) for t in _INT4},
    **{t: _M8_INTEGER + (((8, 8, 16),),) for t in _INT8},
    "b1": _M8_INTEGER + (((8, 8, 128),),),
    "s32": _M8_INTEGER + ((),),
}


def _ptx_type(text: str, accumulator: bool) -> str | None:
    """MmaOp::inferOperandMMAType: the PTX type a register (or a struct's first field) stands for."""
    if text == "f64":
        return "f64"
    if text in ("f16", _F16X2):
        return "f16"
    if text == "f32":
        return "f32" if accumulator else "tf32"
    if re.fullmatch(r"[su]?i\d+", text):
        return "s32" if accumulator else None
    fields = _struct(text)
    if fields is not None:
        return _ptx_type(_flat_type(fields[0]), accumulator) if fields else None
    return None


def _flat_type(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _written_enum(node: Any, mnemonic: str) -> str | None:
    match = re.fullmatch(rf"#nvvm\.{mnemonic}<(\w+)>", _flat_type(node.text.decode("utf-8", "replace"))) \
        if node is not None and node.text else None
    return match.group(1) if match else None


def _mma_form(site: Any) -> tuple[list[int], list[str], str, dict[str, Any]] | None:
    """What MmaOp::parse reads: `A[...] B[...] C[...] {attributes} : (a, b, c) -> result`, as
    each group's register count, the one type of each group's registers, the result type and
    the dictionary's values; None when the text is not that form or a type is an alias's."""
    items = _body(site)
    counts: list[int] = []
    for i, letter in enumerate("ABC"):
        if len(items) < 2 * i + 2 or items[2 * i].type != "keyword" or items[2 * i].text != letter.encode() \
                or items[2 * i + 1].type != "bracket_group":
            return None
        counts.append(sum(1 for c in items[2 * i + 1].named_children if c.type == "value_use"))
    rest = items[6:]
    dictionary = rest[0] if rest and rest[0].type == "attribute_dict" else None
    rest = rest[1:] if dictionary is not None else rest
    if len(rest) != 4 or rest[0].type != ":" or rest[1].type != "paren_group" or rest[2].type != "->":
        return None
    written = [c.text.decode("utf-8", "replace") for c in rest[1].named_children if c.type != "comment"]
    types = [normalized_type(t) for t in written + [rest[3].text.decode("utf-8", "replace")]]
    if len(types) != 4 or any(t is None or facts(t) is None for t in types):
        return None
    return counts, types[:3], types[3], _entries(dictionary)


def _mma_shape(node: Any) -> tuple[int, int, int] | None:
    match = re.fullmatch(r"#nvvm\.shape<m=(\d+),n=(\d+),k=(\d+)>", _flat_type(node.text.decode("utf-8", "replace"))) \
        if node is not None and node.text else None
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


def _fragments_shown(fragments: tuple[tuple[int, str], ...]) -> str:
    return "".join(f"{count}x{printed(register)} " for count, register in fragments)


def mma_sync(site: Any) -> str | Placed | None:
    """ODS's required attributes (by name), then MmaOp::verify: A's PTX type (written, or as the
    parser infers it from A's registers) picks the shapes, fragments and results allowed; C's
    and the result's types agree for M = 16; then the operand groups, the result, `b1Op` for a
    binary product, `intOverflowBehavior` for 4- and 8-bit integers, and row / col layouts but
    for m8n8k4 of f16. The generic form is not judged."""
    form = _mma_form(site)
    if form is None:
        return None
    counts, types, result, written = form
    required = sorted(a.name for a in (site.record.attributes if site.record is not None else ()) if a.required)
    missing = next((name for name in required if name not in written), None)
    if missing is not None:
        return REQUIRES_ATTRIBUTE_OF_OP.format(missing)
    shape = _mma_shape(written["shape"])
    a_type = _written_enum(written.get("multiplicandAPtxType"), "mma_type") if "multiplicandAPtxType" in written \
        else _ptx_type(types[0], True)     # (the parser infers it as an accumulator's)
    b_type = _written_enum(written.get("multiplicandBPtxType"), "mma_type") if "multiplicandBPtxType" in written \
        else _ptx_type(types[1], True)
    if shape is None or a_type is None or b_type is None:
        return None
    m, n, k = shape
    expected_a: tuple = ()
    expected_b: tuple = ()
    expected_c: tuple = ()
    results: tuple = ()
    shapes: tuple = ()
    if m == 16:
        if a_type not in _M16:
            return Placed(M["mma_multiplicand"].format(a_type))
        factor, register, results = _M16[a_type]
        if a_type in _PTX_INTEGERS:
            results, expected_c = results + (_M16_INTEGER_RESULT,), _M16_INTEGER_C
        else:
            expected_c = _M16_FLOAT_C
        expected_a = ((m // 8 * (k // factor), register),)
        expected_b = ((n // 8 * (k // factor), register),)
        shapes = ((16, 8, factor), (16, 8, 2 * factor))
        produced, accumulated = _ptx_type(result, True), _ptx_type(types[2], True)
        if produced is None or accumulated is None:
            return None
        if produced != accumulated:
            return M["mma_ctype"]
    elif m == 8 and a_type in _M8:
        expected_a, expected_b, expected_c, results, shapes = _M8[a_type]
    if not expected_a or shape not in shapes:
        return M["mma_variant"].format(m, n, k)
    for letter, fragments, count, register in zip("ABC", (expected_a, expected_b, expected_c), counts, types):
        if (count, register) not in fragments:
            return M["mma_operands"].format(letter, _fragments_shown(fragments), ", ".join([printed(register)] * count))
    if result not in results:
        return M["mma_result"].format(", ".join(printed(r) for r in results), printed(result))
    if a_type == "b1" and "b1Op" not in written:
        return M["mma_requires"].format("b1Op")
    if a_type in _INT4 | _INT8 and "intOverflowBehavior" not in written:
        return M["mma_requires"].format("intOverflowBehavior")
    if (m, n, k, a_type) != (8, 8, 4, "f16"):
        layouts = (_written_enum(written["layoutA"], "mma_layout"), _written_enum(written["layoutB"], "mma_layout"))
        if None not in layouts and layouts != ("row", "col"):
            return M["mma_layouts"].format(m, n, k, a_type, b_type)
    return None


CHECKS: dict[str, Callable[[Any], Any]] = {
    "nvvm.convert.f32x2.to.f8x2": convert_f32x2_to_f8x2,
    "nvvm.convert.bf16x2.to.f8x2": convert_bf16x2_to_f8x2,
    "nvvm.wmma.load": wmma_load,
    "nvvm.wmma.store": wmma_store,
    "nvvm.wmma.mma": wmma_mma,
    "nvvm.mma.sync": mma_sync,
    "nvvm.shfl.sync": shfl_sync,
    "nvvm.cp.async.shared.global": cp_async,
}


# MLIR's NVVM attributes of a kernel's launch (NVVMDialect::verifyOperationAttribute: each a
# `DenseI32ArrayAttr` of one to three extents, `nvvm.reqntid = array<i32: 128, 1, 1>`), which the
# function writer (emit/lowered_kernel.py) writes as the kernel's directives, positive extents each.
LAUNCH_ATTRIBUTES = ("nvvm.reqntid", "nvvm.maxntid", "nvvm.cluster_dim")
_LAUNCH_EXTENTS = re.compile(r"^array<\s*i32\s*:\s*(\d+(?:\s*,\s*\d+){0,2})\s*>$")
# MLIR's NVVM attributes of a kernel's launch that are one count each (an `IntegerAttr`, as
# NVVMDialect::verifyOperationAttribute has `nvvm.minctasm` / `nvvm.maxnreg` and
# NVVMToLLVMIRTranslation reads all three: `nvvm.maxnreg = 64 : i32`) -> the least count ptxas
# takes in the directive each becomes (`.minnctapersm`, `.maxnreg`, `.maxclusterrank`): ptxas
# 13.0 says "Positive non-zero value expected" of a zero `.minnctapersm` / `.maxnreg` and takes
# `.maxclusterrank 0`; each is a 32-bit count ("Constant overflow" above).
LAUNCH_COUNTS = {"nvvm.minctasm": 1, "nvvm.maxnreg": 1, "nvvm.cluster_max_blocks": 0}
_LAUNCH_COUNT = re.compile(r"^(0x[0-9a-fA-F]+|\d+)(?:\s*:\s*(?:[su]?i\d+|index))?$")
_COUNT_BOUND = 2 ** 32


def launch_extents(text: str) -> list[int] | None:
    """The extents a launch attribute's value `text` gives (`array<i32: 128, 1, 1>`: [128, 1,
    1]); None for another form (another element type, none or more than three, a zero)."""
    found = _LAUNCH_EXTENTS.match(text.strip())
    extents = [int(n) for n in found.group(1).split(",")] if found is not None else []
    return extents if extents and all(extents) else None


def launch_count(name: str, text: str) -> int | None:
    """The count the value `text` of `name`, one of `LAUNCH_COUNTS`, gives (`64 : i32`: 64); None
    for another form (not an integer, or one ptxas takes in no directive: `LAUNCH_COUNTS`)."""
    found = _LAUNCH_COUNT.match(text.strip())
    number = found.group(1) if found is not None else None
    count = int(number, 16 if number.startswith("0x") else 10) if number is not None else -1
    return count if LAUNCH_COUNTS[name] <= count < _COUNT_BOUND else None


def launch_value(name: str, text: str) -> list[int] | int | None:
    """What launch attribute `name` (of `LAUNCH_ATTRIBUTES` or `LAUNCH_COUNTS`) of value `text`
    gives: `launch_extents` or `launch_count`; None for another form."""
    return launch_count(name, text) if name in LAUNCH_COUNTS else launch_extents(text)


def malformed_launch(name: str) -> str:
    """What `check` and the function writer say of a launch attribute `name` of another form."""
    if name in LAUNCH_COUNTS:
        return f"`{name}` is not an integer from {LAUNCH_COUNTS[name]} to {_COUNT_BOUND - 1}"
    return f"`{name}` is not an `array<i32: ...>` of one to three positive extents"


def function_attributes(site: Any) -> Placed | None:
    """The NVVM dialect's attributes on a function's custom form, as NVVMDialect verifies
    them: `nvvm.kernel` only on an `llvm.func` (verifyOperationAttribute), the launch attributes
    (`LAUNCH_ATTRIBUTES`, `LAUNCH_COUNTS`) each of the form the function writer writes
    (`launch_value`, at the attribute, in the writer's words), and an argument's `nvvm.grid_constant`
    (verifyRegionArgAttribute): on a kernel's argument, a unit attribute, with `llvm.byval`
    beside it. A value written through an alias is not judged."""
    if site.generic:
        return None
    written = _entries(_function_attributes(_body(site))[1])
    if "nvvm.kernel" in written and site.name != "llvm.func":
        return Placed(M["kernel_unexpected_op"])
    for name in (*LAUNCH_ATTRIBUTES, *LAUNCH_COUNTS):
        value = written.get(name)
        text = (value.text or b"").decode("utf-8", "replace").strip() if value is not None else ""
        if value is not None and not text.startswith("#") and launch_value(name, text) is None:
            entry = value.parent or value
            return Placed(malformed_launch(name), Span(entry.start_byte, entry.end_byte))
    arguments, _ = _signature_groups(site)
    for child in arguments.named_children if arguments is not None else ():
        given = _entries(child) if child.type == "attribute_dict" else {}
        if "nvvm.grid_constant" not in given:
            continue
        if "nvvm.kernel" not in written:
            return Placed(M["grid_constant_kernel"])
        if given["nvvm.grid_constant"] is not None:
            return Placed(M["grid_constant_unit"])
        if "llvm.byval" not in given:
            return Placed(M["grid_constant_byval"])
    return None
