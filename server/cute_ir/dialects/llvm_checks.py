"""The LLVM dialect's own verifiers (mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp, MLIR 22) beyond
the memory ops of op_checks.py, as callables on the ops' records: `llvm.mlir.constant`'s value
against its type, `llvm.atomicrmw`'s operation against its value's type, a call's
`var_callee_type` against the call's own operands and result, `llvm.call` against its callee
(another statement, found through dialects/lookup.Lookup) and what its parser refuses after the
colon, `llvm.return` against its `llvm.func`, `llvm.insertvalue` / `llvm.extractvalue`'s position in
the aggregate, `llvm.zext` / `llvm.sext`'s widths and shapes, `llvm.intr.sincos`'s result, and the linkages of
globals, aliases, ifuncs (with an alias's initializer and an ifunc's resolver) and functions
(with `llvm.func`'s inlining attributes).

Each takes what the text says of one op (ir/ssa.OpSite) and returns None, a message that
verify/structure.py prefixes with `'<op>' op `, or a `Placed` message. A type written through
an alias, or a value this reading cannot classify, is not judged.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import CUSTOM_OP, INVALID_TYPE_KIND, LLVM as M, MUST_BE, OPERANDS_AND_TYPES, REQUIRES_ONE
from ..syntax.cst import TYPE_KINDS
from ..text.brackets import top_level_parameters
from .constraints import bit_width, facts, printed, satisfies, target_extension, target_extension_has
from .lookup import MISSING, Definition
from .ods import Trait
from .op_checks import Placed, _atomic_type_ok, _body, _entries, _function_attributes


def _text(node: Any) -> str | None:
    return node.text.decode("utf-8", "replace") if node is not None and node.text else None


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _shown(text: str) -> str:
    """A type as MLIR prints it in a message (an LLVM array's count as `4 x T`)."""
    return re.sub(r"(array<\d+)\s*x\s*", r"\1 x ", printed(_flat(text)))


def _canonical(text: str) -> str:
    """An LLVM type's text with the dialect's own shorthand inside another LLVM type
    (`struct<(i32)>` for `!llvm.struct<(i32)>`) spelt out, for comparing types."""
    return re.sub(r"(?<![\w.!])(struct|array|ptr|func|target)(?=<|\b)", r"!llvm.\1", _flat(text))


# ------------------------------------------------------------------------------ LLVM types
def _struct(text: str) -> list[str] | None:
    """The element types of `!llvm.struct<(a, b)>` (or `struct<...>` inside another LLVM type,
    named or packed); None for any other type."""
    match = re.fullmatch(r"(?:!llvm\.)?struct<(?:\"[^\"]*\",)?(?:packed)?\((.*)\)>", _flat(text))
    if match is None:
        return None
    return top_level_parameters(match.group(1)) if match.group(1) else []


def _array(text: str) -> tuple[int, str] | None:
    """(count, element type) of `!llvm.array<4 x i32>` (or `array<...>` inside another type)."""
    match = re.fullmatch(r"(?:!llvm\.)?array<(\d+)x(.*)>", _flat(text))
    return (int(match.group(1)), match.group(2)) if match else None


def _inner(text: str) -> str:
    """An LLVM type's text as a builtin one where it is one (`i32`, `vector<...>`)."""
    return _flat(text)


def _vector(text: str) -> tuple[int, bool, str] | None:
    """(element count, scalable, element type) of a one-dimensional-or-more vector type."""
    match = re.fullmatch(r"vector<((?:\[?\d+\]?x)+)(.+)>", _flat(text))
    if match is None:
        return None
    count = 1
    for d in match.group(1).split("x")[:-1]:
        count *= int(d.strip("[]"))
    return count, "[" in match.group(1), match.group(2)


def _elements(text: str) -> tuple[int, str] | None:
    """LLVMDialect.cpp's getNumElements / getElementType: a vector's or a (nested) array's
    element count and innermost element type."""
    v = _vector(text)
    if v is not None:
        return v[0], v[2]
    count, t = 1, _flat(text)
    while (a := _array(t)) is not None:
        count *= a[0]
        t = a[1]
        v = _vector(t)
        if v is not None:
            return count * v[0], v[2]
    return count, t


# ------------------------------------------------------------------------------ attribute values
def _unescaped_length(body: str) -> int:
    """The byte length of a string literal's body, its escapes read as MLIR's lexer reads them."""
    length, i = 0, 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            i += 3 if re.match(r"[0-9a-fA-F]{2}", body[i + 1:i + 3]) else 2
        else:
            i += 1
        length += 1
    return length


def _split_typed(text: str) -> tuple[str, str | None]:
    """`value : type` -> (value, type); a value without `: type` -> (value, None)."""
    parts = _top_level_colon(text)
    return (text[:parts].strip(), text[parts + 1:].strip()) if parts is not None else (text.strip(), None)


def _top_level_colon(text: str) -> int | None:
    depth, quoted = 0, False
    for i, ch in enumerate(text):
        if ch == '"' and (i == 0 or text[i - 1] != "\\"):
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == ":" and depth == 0:
            return i
    return None


def _attribute(text: str) -> tuple[str, Any] | None:
    """What kind of attribute a value's text is, as the LLVM verifier asks: ("string", length),
    ("integer", type), ("float", type), ("elements", (type, splat)), ("array", items),
    ("symbol", None); None when this reading cannot tell."""
    text = text.strip()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        return "string", _unescaped_length(text[1:-1])
    if text.startswith("@"):
        return "symbol", None
    if text.startswith("["):
        if not text.endswith("]"):
            return None
        return "array", [item.strip() for item in top_level_parameters(text[1:-1])] if text[1:-1].strip() else []
    value, typed = _split_typed(text)
    if re.fullmatch(r"(?:dense|sparse|dense_resource)<.*>", value, re.S):
        if typed is None:
            return None
        splat = value.startswith("dense<") and not value[len("dense<"):].lstrip().startswith("[")
        return "elements", (_flat(typed), splat)
    if re.fullmatch(r"[-+]?(?:0x[0-9a-fA-F]+|[0-9]+)", value) or value in ("true", "false"):
        if value in ("true", "false"):
            return "integer", _flat(typed) if typed else "i1"
        return "integer", _flat(typed) if typed else "i64"
    if re.fullmatch(r"[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?", value):
        return "float", _flat(typed) if typed else "f64"
    return None


def _signless_int_index_or_float(t: str) -> bool:
    f = facts(t)
    return f is not None and (f.kind in ("index", "float") or (f.kind == "integer" and f.signedness == "signless"))


def _float_semantics(attribute: str, target: str) -> str | None:
    """verifyFloatSemantics: the same float type, or an integer of the float's width."""
    t, a = facts(target), facts(attribute)
    if t is None or a is None:
        return None
    if t.kind == "float":
        return M["float_semantics"] if t.text != a.text else None
    if t.kind == "integer":
        width = bit_width(a)
        return M["integer_width"].format(width) if width is not None and t.width != width else None
    return None


def llvm_constant(site: Any) -> str | None:
    """LLVM::ConstantOp::verify: a string against an i8 array, a struct against an array
    attribute of its elements, then integer, float, elements and array attributes against
    the type."""
    result = site.result_type(0)
    written = (_text(site.attribute("value")) or "").strip()
    typed = site.attribute_type("value")
    if written and typed and _top_level_colon(written) is None and not written.startswith(("[", '"', "@")):
        written = f"{written} : {typed}"     # the format reads the value's type with it
    value = _attribute(written)
    if result is None or value is None or facts(result) is None:
        return None
    kind, data = value
    result = _flat(result)
    if kind == "string":
        array = _array(result)
        if array is None or array[0] != data or array[1] != "i8":
            return M["string_type"].format(data)
        return None
    fields = _struct(result)
    if fields is not None:
        if kind != "array":
            return M["struct_array"]
        if len(data) != len(fields):
            return M["struct_size"].format(len(fields))
        for i, (item, field) in enumerate(zip(data, fields)):
            if not _signless_int_index_or_float(field):
                return M["struct_element_types"]
            read = _attribute(item)
            if read is None:
                return None
            if read[0] not in ("integer", "float"):
                return M["struct_element_value"]
            if read[1] != _flat(field):
                return M["struct_element_type"].format(i)
        return None
    if result.startswith("!llvm.target<"):
        return M["target_extension"]
    if kind == "symbol":
        return M["constant_kind"]
    if kind == "integer":
        return M["integer_type"] if facts(result).kind != "integer" else None
    if kind == "float":
        return _float_semantics(data, result)
    if kind == "elements":
        attribute_type, splat = data
        vector = _vector(result)
        if vector is not None and vector[1]:
            return M["scalable_splat"] if not splat else None
        if vector is None and _array(result) is None:
            return M["vector_or_array"]
        ours, theirs = _elements(result), _elements(attribute_type) if attribute_type.startswith("vector<") else None
        if theirs is None:
            shaped = facts(attribute_type)
            if shaped is None or shaped.dims is None or any(d is None for d in shaped.dims) or shaped.element is None:
                return None
            count = 1
            for d in shaped.dims:
                count *= d
            theirs = (count, shaped.element.text)
        if not splat and ours[0] != theirs[0]:
            return M["element_count"].format(ours[0], theirs[0])
        element = facts(theirs[1])
        if element is not None and element.kind == "float":
            return _float_semantics(theirs[1], ours[1])
        target = facts(ours[1])
        if element is not None and element.kind == "integer" and (target is None or target.kind != "integer"):
            return M["integer_elements"]
        return None
    if kind == "array":
        array = _array(result)
        if array is None:
            return M["array_or_struct"]
        return _struct_array(data, result, 0)
    return None


def _struct_array(items: list[str], array_text: str, dim: int) -> str | None:
    """verifyStructArrayConstant: nested arrays dimension by dimension, ending in a struct."""
    array = _array(array_text)
    if array is None:
        return None
    count, element = array
    if len(items) != count:
        return M["array_size"].format(dim, len(items), count)
    special = ("#llvm.zero", "#llvm.undef")
    if _array(element) is not None:
        for index, item in enumerate(items):
            if item.startswith(special):
                continue
            if not item.startswith("["):
                return M["sub_array"].format(dim, index)
            inner = [i.strip() for i in top_level_parameters(item[1:-1])] if item[1:-1].strip() else []
            problem = _struct_array(inner, element, dim + 1)
            if problem is not None:
                return problem
        return None
    fields = _struct(element)
    if fields is None:
        return M["array_struct"]
    for index, item in enumerate(items):
        if item.startswith(special):
            continue
        if not item.startswith("["):
            return M["struct_nested"].format(index)
        size = len(top_level_parameters(item[1:-1])) if item[1:-1].strip() else 0
        if size != len(fields):
            return M["struct_nested_size"].format(index, size, len(fields))
    return None


# ------------------------------------------------------------------------------ atomicrmw
_FLOAT_OPERATIONS = frozenset({"fadd", "fsub", "fmin", "fmax", "fminimum", "fmaximum"})


def _bin_op(site: Any) -> str | None:
    """The operation as the custom form writes it (`llvm.atomicrmw fadd %p, %v ...`)."""
    items = _body(site)
    if items and items[0].type in ("keyword", "bare_id") and items[0].text == b"volatile":
        items = items[1:]
    if site.generic or not items or items[0].type not in ("keyword", "bare_id"):
        return None
    return (items[0].text or b"").decode()


def llvm_atomicrmw(site: Any) -> str | None:
    """AtomicRMWOp::verify: a float operation on a float (or a fixed vector of floats), xchg on
    a type an atomic access takes, any other on an 8-, 16-, 32- or 64-bit integer."""
    operation, value = _bin_op(site), site.operand_type(1)
    t = facts(value) if value is not None else None
    if operation is None or t is None:
        return None
    if operation in _FLOAT_OPERATIONS:
        if t.kind == "vector":
            if t.scalable:
                return None     # the value's type constraint (checked first) takes fixed vectors only
            return M["float_vector_element"] if t.element is None or t.element.kind != "float" else None
        return M["float_type"] if t.kind != "float" else None
    if operation == "xchg":
        return M["xchg_type"] if _atomic_type_ok(value) is False else None
    return M["integer_type_rmw"] if not (t.kind == "integer" and t.width in (8, 16, 32, 64)) else None


# ------------------------------------------------------------------------------ calls
def _function_type(text: str) -> tuple[str, list[str], bool] | None:
    """(result, parameters, variadic) of `!llvm.func<void (i32, ...)>` (the result may hold
    parentheses of its own: `!llvm.func<struct<(i32, f64)> (i32, ...)>`)."""
    text = text.strip()
    if not (text.startswith("!llvm.func<") and text.endswith(">")):
        return None
    inner = text[len("!llvm.func<"):-1].strip()
    depth, start = 0, None
    for i, ch in enumerate(inner):
        if ch in "<([":
            if ch == "(" and depth == 0:
                start = i
            depth += 1
        elif ch in ">)]":
            depth -= 1
    if start is None or not inner.endswith(")"):
        return None
    body = inner[start + 1:-1]
    parameters = [p.strip() for p in top_level_parameters(body)] if body.strip() else []
    variadic = bool(parameters) and parameters[-1] == "..."
    return inner[:start].strip(), [p for p in parameters if p != "..."], variadic


def _trailing_signature(items: list) -> tuple[list[str], list[str]] | None:
    """The `(T, U) -> R` after a call's colon: its input and result types' texts."""
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None:
        return None
    rest = items[colon + 1:]
    arrow = next((i for i, item in enumerate(rest) if item.type == "->"), None)
    if arrow is None or arrow == 0 or rest[arrow - 1].type != "paren_group" or arrow + 1 >= len(rest):
        return None
    # (an argument's or result's attributes, `(i32 {llvm.byval = i64})`, are not types)
    inputs = [(_text(c) or "").strip() for c in rest[arrow - 1].named_children if c.type not in ("comment", "attribute_dict")]
    after = rest[arrow + 1]
    if after.type == "paren_group":
        results = [(_text(c) or "").strip() for c in after.named_children if c.type not in ("comment", "attribute_dict")]
    else:
        results = [(_text(after) or "").strip()]
    return inputs, results


def llvm_call_vararg(site: Any) -> str | None:
    """verifyCallOpVarCalleeType (llvm.call, llvm.invoke): the `vararg(...)` type is variadic,
    has no more parameters than the call has arguments, and agrees with their types and with
    the call's result."""
    if site.generic:
        return None
    items = _body(site)
    vararg = next((i for i, item in enumerate(items) if item.type in ("keyword", "bare_id") and item.text == b"vararg"), None)
    if vararg is None or vararg + 1 >= len(items) or items[vararg + 1].type != "paren_group":
        return None
    inner = [c for c in items[vararg + 1].named_children if c.type != "comment"]
    declared = _function_type(_text(inner[0]) or "") if len(inner) == 1 else None
    signature = _trailing_signature(items)
    if declared is None or signature is None:
        return None
    result, parameters, variadic = declared
    inputs, results = signature
    if not variadic:
        return M["vararg_variadic"]
    if len(parameters) > len(inputs):
        return M["vararg_parameters"].format(len(inputs))
    for parameter, argument in zip(parameters, inputs):
        if _canonical(parameter) != _canonical(argument):
            return M["vararg_parameter"].format(_shown(parameter), _shown(argument))
    if not results:
        return M["vararg_void"] if result != "void" else None
    if _canonical(results[0]) != _canonical(result):
        return M["vararg_result"].format(_shown(result), _shown(results[0]))
    return None


def _direct_callee(site: Any) -> tuple[str | None, bool]:
    """(the flat symbol a call names, whether the call names one): `llvm.call @f(...)` after
    its optional calling convention and tail call keywords, or a generic form's `callee`. The
    name is None when the table it is looked up in cannot be told (an op around the call in
    its unit is, or may be, a symbol table)."""
    if site.generic:
        node = site.attribute("callee")
    else:
        node = next((item for item in _body(site) if item.type in ("symbol_ref", "value_use", "paren_group")), None)
        node = node if node is not None and node.type == "symbol_ref" else None
    text = (_text(node) or "").strip()
    if not text.startswith("@"):
        return None, False
    if "::" in text or any(record is None or record.has(Trait.SYMBOL_TABLE) for _, record in site.ancestors()):
        return None, True
    name = text[1:]
    return (name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name), True


def _printed_llvm(t: str) -> str:
    """An LLVM type as MLIR prints it: a function type's result apart from its parameters
    (`!llvm.func<i8 (i8)>`)."""
    function = _function_type(t)
    if function is None:
        return _shown(t)
    result, parameters, variadic = function
    listed = ", ".join([_shown(p) for p in parameters] + (["..."] if variadic else []))
    return f"!llvm.func<{_shown(result)} ({listed})>"


def _is_void(t: str | None) -> bool:
    return t is not None and _flat(t) in ("!llvm.void", "void")


def _call_result_constraint(site: Any) -> str | None:
    """ODS's constraint of the call's result, whose type the custom form writes in its
    trailing function type (the generic form's is judged with every op's)."""
    if site.generic or not site.record.results or site.record.results[0].check is None:
        return None
    signature = _trailing_signature(_body(site))
    results = [r for r in signature[1] if r] if signature is not None else []
    if len(results) != 1 or facts(results[0]) is None:
        return None
    from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
    check = site.record.results[0].check
    if satisfies(CONSTRAINTS.get(check), _flat(results[0])) is False:
        return MUST_BE.format("result", 0, CONSTRAINTS[check]["summary"], printed(_flat(results[0])))
    return None


def _bundle_types(site: Any) -> Placed | None:
    """resolveOpBundleOperands (the call parsers'): each operand bundle `"tag"(%a, %b : T, U)`
    gives one type per value (at the bundle list; MLIR numbers every bundle #0)."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), len(items))
    bundles = next((item for item in items[:colon] if item.type == "bracket_group" and item.named_children
                    and item.named_children[0].type == "string"), None)
    for group in bundles.named_children if bundles is not None else ():
        if group.type != "paren_group":
            continue
        parts = [c for c in group.children if c.type not in ("comment", "(", ")", ",")]
        split = next((i for i, c in enumerate(parts) if c.type == ":"), None)
        if split is None:
            continue
        values = sum(1 for c in parts[:split] if c.type == "value_use")
        types = sum(1 for c in parts[split + 1:] if c.type in TYPE_KINDS)
        if values != types:
            return Placed(CUSTOM_OP.format(site.name, M["bundle_types"].format(values, types)),
                          Span(bundles.start_byte, bundles.start_byte + 1))
    return None


def _bundle_tags(site: Any) -> Placed | None:
    """verifyOperandBundles (CallOp, CallIntrinsicOp, InvokeOp, AssumeOp; an emitError, not
    prefixed): a tag for each bundle `op_bundle_sizes` counts; told of the generic form, whose
    properties the text writes (a custom form's parser makes them agree)."""
    if not site.generic:
        return None
    sizes = _text(site.attribute("op_bundle_sizes"))
    match = re.fullmatch(r"array<i32(?::(.*))?>", _flat(sizes or ""))
    if match is None:
        return None
    bundles = len([v for v in (match.group(1) or "").split(",") if v])
    tags = _attribute(_text(site.attribute("op_bundle_tags")) or "[]")
    if tags is None or tags[0] != "array":
        return None
    return Placed(M["bundle_tags"].format(bundles, len(tags[1]))) if bundles != len(tags[1]) else None


def llvm_call_intrinsic_parse(site: Any) -> Placed | None:
    return None if site.generic else _bundle_types(site)


def llvm_call(site: Any) -> str | Placed | None:
    """CallOp::verify's operand bundles, then verifySymbolUses, after
    verifyCallOpVarCalleeType (`llvm_call_vararg`): an indirect call's callee is a pointer; a
    direct call's is an `llvm.func` (or an ifunc) of the symbol table around the call (looked
    up in the document: `OpSite.callee`), whose parameters and result the call's operands and
    result are."""
    problem = _bundle_tags(site) or _call_result_constraint(site) or llvm_call_vararg(site)
    if problem is not None:
        return problem
    name, direct = _direct_callee(site)
    if not direct:
        if site.operands == 0:
            return M["call_no_callee"]
        callee = site.operand_type(0)
        # (a type that is not an LLVM one fails the operands' constraint first)
        if callee is not None and _flat(callee).startswith("!llvm.") and not _flat(callee).startswith("!llvm.ptr"):
            return M["call_indirect_pointer"].format(_printed_llvm(callee))
        return None
    found = site.callee(name) if name is not None else None
    if found is MISSING:
        return M["call_no_symbol"].format(name)
    if not isinstance(found, Definition):
        return None
    if found.op not in ("llvm.func", "llvm.mlir.ifunc"):
        return M["call_not_function"].format(name)
    signature = found.signature
    if signature is None or None in signature.inputs or None in signature.results or len(signature.results) > 1:
        return None
    if signature.variadic and not _vararg_written(site):
        return M["call_vararg_missing"]
    inputs, results = _call_types(site)
    if inputs is None or results is None:
        return None
    if not signature.variadic and len(signature.inputs) != len(inputs):
        return M["call_operand_count"].format(len(inputs), len(signature.inputs))
    if len(signature.inputs) > len(inputs):
        return M["call_vararg_operand_count"].format(len(inputs), len(signature.inputs))
    for i, (expected, got) in enumerate(zip(signature.inputs, inputs)):
        if _canonical(got) != _canonical(expected):
            return M["call_operand_type"].format(i, _shown(got), _shown(expected))
    returns = signature.results[0] if signature.results else None
    void = returns is None or _is_void(returns)
    if not results and not void:
        return M["call_no_value"]
    if results and void:
        return M["call_void_value"]
    if len(results) > 1:
        return M["call_result_count"]
    if results and _canonical(results[0]) != _canonical(returns):
        return M["call_result_type"].format(_shown(results[0]), _shown(returns))
    return None


def _vararg_written(site: Any) -> bool:
    if site.generic:
        return site.attribute("var_callee_type") is not None
    return any(item.type in ("keyword", "bare_id") and item.text == b"vararg" for item in _body(site))


def _call_types(site: Any) -> tuple[list[str] | None, list[str] | None]:
    """The call's argument types (the callee pointer's left out) and result types, as the text
    writes them; None where it does not say."""
    if site.generic:
        form = site.form
        results = list(form.results) if form is not None and form.results is not None else None
        sizes = site.operand_sizes()     # the callee's operands, then the operand bundles'
        if not sizes or results is None or None in results:
            return None, None
        types = [site.operand_type(i) for i in range(sizes[0])]
        return (None, None) if None in types else (types, results)
    signature = _trailing_signature(_body(site))
    if signature is None:
        return None, None
    inputs, results = signature
    return inputs, [r for r in results if r]


def llvm_call_parse(site: Any) -> Placed | None:
    """The operand bundles' types, then parseCallTypeAndResolveOperands: after the colon, an indirect call writes its callee's
    type and a comma; the function type has at most one result, and not `!llvm.void` (the
    error where the trailing types start)."""
    if site.generic:
        return None
    problem = _bundle_types(site)
    if problem is not None:
        return problem
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None:
        return None
    at = Span(items[colon].start_byte, items[colon].end_byte)
    _, direct = _direct_callee(site)
    rest = items[colon + 1:]
    if not direct and site.operands > 0 and not (len(rest) > 1 and rest[1].type == ","):
        return Placed(CUSTOM_OP.format(site.name, M["call_indirect_types"]), at)
    function = rest[0 if direct else 2:]
    if not function or function[0].type != "paren_group":
        # (MLIR's own `expected '('` comes first, where the function type should start)
        return Placed(CUSTOM_OP.format(site.name, M["call_direct_types" if direct else "call_function_type"]), at)
    signature = _trailing_signature(items)
    if signature is None:
        return None
    results = [r for r in signature[1] if r]
    if len(results) > 1:
        return Placed(CUSTOM_OP.format(site.name, M["call_results"]), at)
    if len(results) == 1 and _is_void(results[0]):
        return Placed(CUSTOM_OP.format(site.name, M["call_void_result"]), at)
    return None


def llvm_return(site: Any) -> Placed | None:
    """ReturnOp::verify against the `llvm.func` around it: no operand for a void function, else
    one of its result type (with a note at the function)."""
    parent = _enclosing_function(site)
    function = site.function()
    if parent is None or parent.name != "llvm.func" or function is None or function[1] is None:
        return None
    results = function[1]
    if len(results) > 1 or None in results:
        return None
    void = not results or _is_void(results[0])
    if void and site.operands == 0:
        return None
    if void:
        problem = M["return_none"]
    elif site.operands == 0:
        problem = M["return_one"]
    else:
        got = site.operand_type(0)
        if got is None or _canonical(got) == _canonical(results[0]):
            return None
        problem = M["return_type"]
    return Placed(f"'{site.name}' op {problem}", notes=((parent.name_span, M["return_note"]),))


# ------------------------------------------------------------------------------ aggregates
def _aggregate_problem(container: str, path: list[int]) -> str | None:
    """getInsertExtractValueElementType: each position within the struct or array it indexes."""
    t = _flat(container)
    for index in path:
        fields, array = _struct(t), _array(t)
        if array is not None:
            if not 0 <= index < array[0]:
                return M["position"].format(index)
            t = array[1]
        elif fields is not None:
            if not 0 <= index < len(fields):
                return M["position"].format(index)
            t = fields[index]
        else:
            return M["aggregate"].format(_shown(t))
    return None


def llvm_aggregate_parse(site: Any) -> Placed | None:
    """The custom forms of llvm.insertvalue / extractvalue infer the value's type from the
    container's and the position as they are read: a position outside the aggregate, or into
    a type that is not one, fails there (where the parser stands, after the op)."""
    if site.generic:
        return None
    items = _body(site)
    position = next((item for item in items if item.type == "bracket_group"), None)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if position is None or colon is None or colon + 1 >= len(items):
        return None
    container = (_text(items[colon + 1]) or "").strip()
    t = facts(container)
    try:
        path = [int(p) for p in (_text(position) or "").strip("[] ").split(",") if p.strip()]
    except ValueError:
        return None
    if t is None:
        return None
    if not (t.kind.startswith("llvm.") or t.kind in ("integer", "float", "vector")):
        problem = M["llvm_type"].format(_shown(container))
    else:
        problem = _aggregate_problem(container, path)
    if problem is None:
        return None
    after = site.node.next_sibling
    while after is not None and after.type == "comment":
        after = after.next_sibling
    at = after.start_byte if after is not None else site.node.end_byte
    return Placed(CUSTOM_OP.format(site.name, problem), Span(at, at + 1))


# ------------------------------------------------------------------------------ getelementptr
_DYNAMIC_INDEX = -2147483648     # GEPOp::kDynamicIndex in rawConstantIndices


def _gep_indices(site: Any) -> tuple[list[int | None], str | None, bool] | None:
    """A GEP's indices (None for a value), its element type's text and whether it is written
    with `inbounds_flag`; the custom form's `%base[%i, 1] : (...) -> ..., T`."""
    items = _body(site)
    group = next((item for item in items if item.type == "bracket_group"), None)
    if group is None or not items:
        return None
    indices: list[int | None] = []
    for child in group.named_children:
        if child.type == "value_use":
            indices.append(None)
        elif child.type == "integer":
            indices.append(int(_text(child) or "0", 0))
        elif child.type != "comment":
            return None
    commas = [i for i, item in enumerate(items) if item.type == ","]
    element = _text(items[commas[-1] + 1]).strip() if commas and commas[-1] + 1 < len(items) else None
    flagged = items[0].type in ("keyword", "bare_id") and items[0].text == b"inbounds_flag"
    return indices, element, flagged


def llvm_gep(site: Any) -> str | None:
    """GEPOp::verify: as many dynamic indices as the constant list marks, no bare
    `inbounds_flag`, and each index into a struct a constant within it (verifyStructIndices)."""
    if site.generic:
        raw = re.match(r"^array<\s*i32\s*:(.*)>$", (_text(site.attribute("rawConstantIndices")) or "").strip(), re.S)
        if raw is None:
            return None
        try:
            marked = sum(1 for v in raw.group(1).split(",") if v.strip() and int(v) == _DYNAMIC_INDEX)
        except ValueError:
            return None
        return M["gep_dynamic"] if marked != site.operands - 1 else None
    read = _gep_indices(site)
    if read is None:
        return None
    indices, element, flagged = read
    if flagged:
        return M["gep_inbounds_flag"]
    if element is None or facts(element) is None:
        return None
    t = _flat(element)
    for position in range(1, len(indices)):
        fields = _struct(t)
        if fields is not None:
            index = indices[position]
            if index is None:
                return M["gep_struct_constant"].format(position)
            if not 0 <= index < len(fields):
                return M["gep_struct_bounds"].format(position)
            t = fields[index]
            continue
        array, vector = _array(t), re.fullmatch(r"vector<(?:\[?\d+\]?x)+(.+)>", t)
        if array is not None:
            t = array[1]
        elif vector is not None:
            t = vector.group(1)
        else:
            return M["gep_indexed"].format(_shown(t), position)
    return None


def _element_at(container: str, path: list[int]) -> str | None:
    t = _flat(container)
    for index in path:
        fields, array = _struct(t), _array(t)
        if array is not None and 0 <= index < array[0]:
            t = array[1]
        elif fields is not None and 0 <= index < len(fields):
            t = fields[index]
        else:
            return None
    return t


def llvm_extractvalue(site: Any) -> str | None:
    """ExtractValueOp::verify (the generic form, whose result type is written): the result is
    the element at the position."""
    if not site.generic:
        return None
    container, result = site.operand_type(0), site.result_type(0)
    element = _other_than_positioned(site, container, result)
    return M["extract_mismatch"].format(_shown(container), _shown(element), _shown(result)) if element else None


def _other_than_positioned(site: Any, container: str | None, typed: str | None) -> str | None:
    """The element of `container` at the generic form's position when `typed` (the value
    extracted or inserted there) is known and is another type; else None."""
    element = _positioned(site, container)
    return None if typed is None or element is None or element == _flat(typed) else element


def _positioned(site: Any, container: str | None) -> str | None:
    """The element of `container` at the generic form's `position = array<i64: ...>`."""
    match = re.match(r"^array<\s*i64\s*:(.*)>$", (_text(site.attribute("position")) or "").strip(), re.S)
    if container is None or match is None:
        return None
    try:
        path = [int(v) for v in match.group(1).split(",") if v.strip()]
    except ValueError:
        return None
    return _element_at(container, path)


def llvm_switch(site: Any) -> Placed | None:
    """SwitchOp::verify (the generic form's `case_values`; the custom form's parser gives them
    the condition's type): the case values' element type is the condition's."""
    if not site.generic:
        return None
    match = re.fullmatch(r"dense<.*>\s*:\s*(.+)", (_text(site.attribute("case_values")) or "").strip(), re.S)
    values = facts(_flat(match.group(1))) if match else None
    condition = site.operand_type(0)
    if values is None or values.element is None or condition is None or facts(condition) is None:
        return None
    return Placed(M["switch_case_type"]) if values.element.text != _flat(condition) else None


def llvm_switch_parse(site: Any) -> Placed | None:
    """parseSwitchOpCases: the case list is `value: ^dest(...)`, comma-separated; after a comma
    an integer value (where the next token stands: a trailing comma's is the `]`)."""
    if site.generic:
        return None
    cases = next((item for item in _body(site) if item.type == "bracket_group"), None)
    parts = [c for c in cases.children if c.type != "comment"] if cases is not None else []
    for item, following in zip(parts, parts[1:]):
        if item.type == "," and following.type not in ("integer", "-"):
            return Placed(CUSTOM_OP.format(site.name, M["switch_case_value"]),
                          Span(following.start_byte, following.end_byte))
    return None


def llvm_inline_asm(site: Any) -> str | None:
    """InlineAsmOp::verify: no `musttail` call kind."""
    kind = re.sub(r"\s+", "", _text(site.attribute("tail_call_kind")) or "")
    return M["inline_asm_musttail"] if kind in ("<musttail>", "#llvm.tailcallkind<musttail>") else None


def llvm_insertvalue(site: Any) -> str | None:
    """InsertValueOp::verify (the generic form, whose value type is written): the value is the
    element at the position."""
    if not site.generic:
        return None
    container, value = site.operand_type(0), site.operand_type(1)
    return M["insert_mismatch"].format(_shown(value), _shown(container)) \
        if _other_than_positioned(site, container, value) else None


def llvm_ext(site: Any) -> Placed | None:
    """verifyExtOp (llvm.zext, llvm.sext): a vector goes to a vector of as many elements, an
    integer to an integer, and the result is wider than the argument. Its errors are the op's
    `emitError`, without the op's name."""
    source, result = site.operand_type(0), site.result_type(0)
    if source is None or result is None or facts(source) is None or facts(result) is None:
        return None
    source_vector, result_vector = _vector(source), _vector(result)
    if source_vector is not None:
        if result_vector is None:
            return Placed(M["ext_vector_to_integer"])
        if source_vector[:2] != result_vector[:2]:
            return Placed(M["ext_shape"])
        source, result = source_vector[2], result_vector[2]
    elif result_vector is not None:
        return Placed(M["ext_integer_to_vector"])
    widths = bit_width(facts(source)), bit_width(facts(result))
    if None not in widths and widths[1] <= widths[0]:
        return Placed(M["ext_width"])
    return None


def llvm_sincos(site: Any) -> str | None:
    """SincosOp::verify: the result is a struct of two values of the operand's type."""
    operand, result = site.operand_type(0), site.result_type(0)
    if operand is None or result is None or facts(operand) is None or facts(result) is None:
        return None
    fields = _struct(result)
    if fields is not None and len(fields) == 2 and all(_canonical(f) == _canonical(operand) for f in fields):
        return None
    return M["sincos_result"].format(_shown(result))


# ------------------------------------------------------------------------------ globals, aliases, ifuncs
_LINKAGES = frozenset({"private", "internal", "available_externally", "linkonce", "weak", "common", "appending",
                       "extern_weak", "linkonce_odr", "weak_odr", "external"})
# The linkages an alias (AliasOp::verify) and an ifunc (IFuncOp::verify) may have, as LLVM's own
# IR verifier allows them.
_ALIAS_LINKAGES = frozenset({"external", "internal", "private", "weak", "weak_odr", "linkonce", "linkonce_odr",
                             "available_externally"})
_IFUNC_LINKAGES = _ALIAS_LINKAGES - {"available_externally"}
_NUMBER = re.compile(r"^[-+]?(?:0x[0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)$")


def _linkage(site: Any) -> str | None:
    """The linkage keyword a global's, alias's or ifunc's custom form writes before its symbol
    (external when none is written, as their parsers default it); None for the generic form."""
    if site.generic:
        return None
    for item in _body(site):
        if item.type == "symbol_ref":
            return "external"
        word = (item.text or b"").decode("utf-8", "replace")
        if item.type == "keyword" and word in _LINKAGES:
            return word
    return None


def _is_zero(text: str) -> bool | None:
    """LLVMDialect.cpp's isZeroAttribute for a number, a `dense<...>` literal of numbers or an
    array of them (a trailing `: type` dropped); None for any other attribute."""
    text = re.sub(r"\s*:\s*[^:\[\]<>]+(?:<.*>)?\s*$", "", text.strip()) if not text.strip().startswith("[") else text.strip()
    dense = re.fullmatch(r"dense<(.*)>", text, re.S)
    body = dense.group(1) if dense else text
    numbers = [n for n in re.split(r"[\s,\[\]()]+", body) if n]
    if not numbers or not all(_NUMBER.match(n) for n in numbers):
        return None
    return all(float(int(n, 16) if n.lstrip("+-").startswith("0x") else n) == 0 for n in numbers)


def _global_value(site: Any) -> str | None:
    """The initial value a global's custom form writes in parentheses after its symbol."""
    items = _body(site)
    for item, after in zip(items, items[1:]):
        if item.type == "symbol_ref":
            text = (after.text or b"").decode("utf-8", "replace") if after.type == "paren_group" else ""
            return text[1:-1].strip() if text.startswith("(") and text.endswith(")") else None
    return None


def _declared_type(site: Any) -> str | None:
    """The type after a global's or alias's `:`."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None or colon + 1 >= len(items) or items[colon + 1].type not in TYPE_KINDS:
        return None
    return _flat(_text(items[colon + 1]) or "")


def llvm_global(site: Any) -> str | Placed | None:
    """GlobalOp::verify's linkage rules: a `common` global's value is zero, an `appending`
    global is an array; its comdat and alignment; then verifyRegions' initializer without
    memory effects."""
    linkage = _linkage(site)
    if linkage == "common":
        value = _global_value(site)
        if value and _is_zero(value) is False:
            return M["common_zero"]
    if linkage == "appending":
        declared = _declared_type(site)
        if declared is not None and facts(declared) is not None and _array(declared) is None:
            return M["appending_array"]
    comdat = _comdat(site)
    if comdat is not None:
        return comdat
    dictionary = next((item for item in _body(site) if item.type == "attribute_dict"), None)
    alignment = _integer(_text(_entries(dictionary).get("alignment"))) if dictionary is not None else None
    if alignment is not None and (alignment <= 0 or alignment & (alignment - 1)):
        return Placed(M["global_alignment"])
    return _initializer_effects(site, "global_effects")


def _initializer_effects(site: Any, message: str) -> Placed | None:
    """GlobalOp / AliasOp::verifyRegions: each op of the initializer's block has no memory
    effects (an op of a known record that is not NoMemoryEffect has some), an error at that op."""
    for op in site.nested():
        if op.record is not None and "NoMemoryEffect" not in op.record.interfaces:
            parent = op.parent_site()
            if parent is not None and parent.name_span == site.name_span:
                return Placed(M[message], op.name_span)
    return None


def _comdat(site: Any) -> Placed | None:
    """verifyComdat: the `comdat(@sym)` of a global or function names a comdat selector of
    the symbol table around (a nested `@c::@s` is not looked up here)."""
    items = _body(site)
    for word, group in zip(items, items[1:]):
        if word.type == "keyword" and word.text == b"comdat" and group.type == "paren_group":
            inner = [c for c in group.named_children if c.type != "comment"]
            name = _text(inner[0]) if len(inner) == 1 and inner[0].type == "symbol_ref" else None
            if name is None or "::" in name:
                return None
            if any(record is None or record.has(Trait.SYMBOL_TABLE) for _, record in site.ancestors()):
                return None
            found = site.callee(name[1:].strip('"'))
            if found is MISSING or (isinstance(found, Definition) and found.op != "llvm.comdat_selector"):
                return Placed(M["comdat_symbol"])
            return None
    return None


def llvm_comdat(site: Any) -> Placed | None:
    """ComdatOp::verifyRegions: its region holds comdat selectors only (a block of one op is
    judged, whose op is the one MLIR names)."""
    for blocks in site.region_blocks():
        for block in blocks:
            if block.ops == 1 and block.terminator is not None and block.terminator.name != "llvm.comdat_selector":
                return Placed(M["comdat_region"], block.terminator.name_span)
    return None


# A comment inside an attribute's text (a string's `//` is no comment).
_COMMENT = re.compile(r'("(?:[^"\\]|\\.)*")|//[^\n]*')
_FLAG = re.compile(r'^#llvm\.mlir\.module_flag<\s*\w+\s*,\s*("(?:[^"\\]|\\.)*")\s*,\s*(.*)>$', re.S)


# LLVM's ProfileSummary format kinds, as `#llvm.profile_summary`'s enum parser lists them.
_PROFILE_FORMATS = ("SampleProfile", "InstrProf", "CSInstrProf")
_PROFILE_FORMAT = re.compile(rb'#llvm\.profile_summary\s*<\s*format\s*=\s*"([^"]*)"')


def llvm_module_flags(site: Any) -> Placed | None:
    """ModuleFlagAttr::verify for each flag of the list, at the flag's parameters: a
    'CG Profile' holds an array of `#llvm.cgprofile_entry`, a 'ProfileSummary' a
    `#llvm.profile_summary`, any other key an integer or a string."""
    flags = site.attribute("flags")
    if flags is None or flags.type != "bracket_group":
        return None
    for flag in flags.named_children:
        match = _FLAG.match(_COMMENT.sub(lambda m: m.group(1) or "", _text(flag) or "").strip())
        if match is None:
            continue
        key, value = match.group(1), match.group(2).strip()
        parameters = flag.child_by_field_name("parameters")
        at = Span(parameters.start_byte, parameters.start_byte + 1) if parameters is not None else site.name_span
        if key == '"CG Profile"':
            items = _array_items_of(value)
            if items is None or any(not item.startswith("#llvm.cgprofile_entry") for item in items):
                return Placed(M["flag_cg_profile"], at)
        elif key == '"ProfileSummary"':
            if not value.startswith("#llvm.profile_summary"):
                return Placed(M["flag_profile_summary"], at)
            kind = _PROFILE_FORMAT.search(flag.text or b"")
            if kind is not None and kind.group(1).decode("utf-8", "replace") not in _PROFILE_FORMATS:
                # (at the format's string, where the enum's parser stops)
                return Placed(M["flag_profile_format"].format(", ".join(_PROFILE_FORMATS), kind.group(1).decode("utf-8", "replace")),
                              Span(flag.start_byte + kind.start(1) - 1, flag.start_byte + kind.end(1) + 1))
        elif not (value.startswith('"') or _integer(value) is not None):
            if value.startswith("#"):
                continue    # (an alias: its meaning is in another statement)
            return Placed(M["flag_value"].format(key), at)
    return None


def _array_items_of(text: str) -> list[str] | None:
    if not (text.startswith("[") and text.endswith("]")):
        return None
    return [item.strip() for item in top_level_parameters(text[1:-1])] if text[1:-1].strip() else []


def _integer(text: str | None) -> int | None:
    """The value of an integer attribute's text (`63`, `63 : i64`); None for anything else."""
    match = re.fullmatch(r"\s*([-+]?[0-9]+)\s*(?::\s*i\d+\s*)?", text or "")
    return int(match.group(1)) if match else None


def _symbols(node: Any) -> list[str] | None:
    """The names of an array of flat symbol references (`[@a, @b]`); None for anything else."""
    text = (_text(node) or "").strip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    items = [item.strip() for item in top_level_parameters(text[1:-1])] if text[1:-1].strip() else []
    if not all(re.fullmatch(r"@[\w$.]+", item) for item in items):
        return None
    return [item[1:] for item in items]


def _array_items(node: Any) -> list[str] | None:
    text = (_text(node) or "").strip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    return [item.strip() for item in top_level_parameters(text[1:-1])] if text[1:-1].strip() else []


def _structors(kind: str) -> Callable[[Any], str | Placed | None]:
    """GlobalCtorsOp / GlobalDtorsOp: verify (as many priorities and data as functions, each
    datum a symbol or `#llvm.zero`), then verifySymbolUses (each function an `llvm.func` of
    the symbol table around, with a body)."""
    def check(site: Any) -> str | Placed | None:
        functions = _symbols(site.attribute(f"{kind}s"))
        priorities, data = _array_items(site.attribute("priorities")), _array_items(site.attribute("data"))
        if functions is None or priorities is None or data is None:
            return None
        if not len(functions) == len(priorities) == len(data):
            return Placed(M["structors_count"].format(kind))
        if any(not (d.startswith("@") or d == "#llvm.zero") for d in data):
            return Placed(M["structors_data"])
        if any(record is None or record.has(Trait.SYMBOL_TABLE) for _, record in site.ancestors()):
            return None
        for name in functions:
            found = site.callee(name)
            if found is MISSING or (isinstance(found, Definition) and found.op != "llvm.func"):
                return M["structor_function"].format(name)
            if isinstance(found, Definition) and found.body is False:
                return M["structor_definition"].format(name)
        return None
    return check


def llvm_alias(site: Any) -> str | Placed | None:
    """AliasOp::verify (an element type, a linkage LLVM allows an alias) and verifyRegions (the
    initializer returns a pointer, and its ops have no memory effects)."""
    declared = _declared_type(site)
    if declared is not None and re.fullmatch(r"!llvm\.(?:void|token|metadata|label)", declared):
        return M["alias_type"]
    linkage = _linkage(site)
    if linkage is not None and linkage not in _ALIAS_LINKAGES:
        return M["alias_linkage"].format(linkage)
    regions = site.region_blocks()
    if len(regions) == 1 and len(regions[0]) == 1:
        end = regions[0][0].terminator
        if end is not None and end.name == "llvm.return":
            returned = end.operand_type(0) if end.operands else None
            if end.operands == 0 or (returned is not None and facts(returned) is not None
                                     and not _flat(returned).startswith("!llvm.ptr")):
                return M["alias_pointer"]
    return _initializer_effects(site, "alias_effects")


# How many aliases an ifunc's resolver is followed through (a cycle of aliases is not judged).
_ALIASES_FOLLOWED = 16


def llvm_ifunc(site: Any) -> str | None:
    """IFuncOp::verify (a linkage LLVM allows an ifunc), then verifySymbolUses: the resolver is
    a function defined here, or an alias whose initializer returns the address of one (an
    alias's is followed, as MLIR follows it; one that returns another value is not judged)."""
    linkage = _linkage(site)
    if linkage is not None and linkage not in _IFUNC_LINKAGES:
        return M["ifunc_linkage"].format(linkage)
    if any(record is None or record.has(Trait.SYMBOL_TABLE) for _, record in site.ancestors()):
        return None
    symbols = [item for item in _body(site) if item.type == "symbol_ref"]
    if len(symbols) != 2:
        return None
    name = (symbols[1].text or b"").decode("utf-8", "replace")[1:].strip('"')
    found = site.callee(name)
    followed = 0
    while isinstance(found, Definition) and found.op == "llvm.mlir.alias" and followed < _ALIASES_FOLLOWED:
        if found.address_of is None:
            return None
        found, followed = site.callee(found.address_of), followed + 1
    if found is MISSING or (isinstance(found, Definition) and found.op not in ("llvm.func", "llvm.mlir.alias")):
        return M["ifunc_resolver"]
    if isinstance(found, Definition) and found.op == "llvm.func" and found.body is False:
        return M["ifunc_definition"]
    return None


def llvm_func(site: Any) -> str | Placed | None:
    """LLVMFuncOp::verify, up to the attributes its custom form writes: no `common` linkage, a
    declaration's linkage, `no_inline` with `always_inline` (the function's `emitError`, not
    prefixed), `optimize_none` without `no_inline`. A function with a comdat, whose own check
    comes between, is left to it."""
    linkage = _linkage(site)
    items = _body(site)
    if linkage is None:
        return None
    if any(item.type in ("keyword", "bare_id") and item.text == b"comdat" for item in items):
        return _comdat(site)
    if linkage == "common":
        return M["function_common"]
    if not items or items[-1].type != "region":
        return M["function_external"] if linkage not in ("external", "extern_weak") else None
    _, written = _function_attributes(items)
    flags = _entries(written)
    if "no_inline" in flags and "always_inline" in flags:
        return Placed(M["function_inline"])
    if "optimize_none" in flags and "no_inline" not in flags:
        return M["function_optimize_none"]
    return _landing_types(site) or _block_tags(site)


# The ops whose type LLVMFuncOp::verify holds to one across the function: how each reads it.
_LANDING_TYPES = {
    "llvm.landingpad": ("landingpad_consistent", lambda op: op.result_type(0) if op.generic
                        else _text(_after_colon(_body(op)))),
    "llvm.resume": ("resume_consistent", lambda op: op.operand_type(0)),
}


def _landing_types(function: Any) -> Placed | None:
    """LLVMFuncOp::verify: every `llvm.landingpad`'s result and `llvm.resume`'s value of one
    type (the first's), an `emitError` at the function."""
    first = None
    for op in function.nested():
        entry = _LANDING_TYPES.get(op.name)
        if entry is None:
            continue
        text = entry[1](op)
        if text is None or facts(_flat(text)) is None:
            return None
        if first is None:
            first = _canonical(text)
        elif _canonical(text) != first:
            return Placed(M[entry[0]])
    return None


_TAG_ID = re.compile(r"\bid\s*=\s*(\d+)")


def _tag(op: Any, attribute: str) -> str | None:
    match = _TAG_ID.search(_text(op.attribute(attribute)) or "")
    return match.group(1) if match else None


def _block_tags(function: Any) -> Placed | None:
    """verifyBlockTags: no two `llvm.blocktag`s of one function with one id (the second's
    `emitError`, which ends with a colon and nothing after it)."""
    seen: set[str] = set()
    for op in function.nested():
        if op.name != "llvm.blocktag":
            continue
        tag = _tag(op, "tag")
        if tag in seen:
            return Placed(M["block_tag_duplicate"].format(tag), op.name_span)
        if tag is not None:
            seen.add(tag)
    return None


def llvm_blockaddress(site: Any) -> str | None:
    """BlockAddressOp::verify: the function it names holds an `llvm.blocktag` of its tag; told
    here for the function the op is in."""
    written = _text(site.attribute("block_addr")) or ""
    named, tag = re.search(r"function\s*=\s*(@[\w$.-]+)", written), _TAG_ID.search(written)
    function = _enclosing_function(site)
    around = site.function()
    if named is None or tag is None or function is None or function.name != "llvm.func" or around is None \
            or around[0] != named.group(1):
        return None
    if any(op.name == "llvm.blocktag" and _tag(op, "tag") == tag.group(1) for op in function.nested()):
        return None
    return M["block_address_tag"]


def _enclosing_function(site: Any) -> Any:
    """The function-like op around an op, in its unit."""
    function = site.parent_site()
    while function is not None and not (function.record is not None and function.record.has(Trait.FUNCTION_LIKE)):
        function = function.parent_site()
    return function


def llvm_addressof(site: Any) -> str | None:
    """AddressOfOp::verifySymbolUses: the pointer's address space is the global's it names (in
    the symbol table around the op; an alias's, that of its initializer's result, is not told)."""
    name = (_text(site.attribute("global_name")) or "").strip()
    if not name.startswith("@") or "::" in name or \
            any(record is None or record.has(Trait.SYMBOL_TABLE) for _, record in site.ancestors()):
        return None
    found = site.callee(name[1:].strip('"'))
    pointer = facts(_flat(site.result_type(0) or ""))
    if not isinstance(found, Definition) or found.address_space is None or pointer is None \
            or pointer.kind != "llvm.ptr" or pointer.address_space is None:
        return None
    return M["addressof_space"] if pointer.address_space != found.address_space else None


def llvm_shufflevector(site: Any) -> str | None:
    """ShuffleVectorOp::verify: a scalable vector is shuffled by a splat (a mask of zeros)."""
    vector = facts(_flat(site.operand_type(0) or ""))
    mask = re.fullmatch(r"\[?(?:array<i32:)?([-\d,]*)\]?>?", _flat(_text(site.attribute("mask")) or ""))
    if vector is None or vector.kind != "vector" or not vector.scalable or mask is None:
        return None
    return M["shuffle_splat"] if any(int(v) != 0 for v in mask.group(1).split(",") if v) else None


# ------------------------------------------------------------------------------ target extension types
def llvm_alloca(site: Any) -> str | None:
    """AllocaOp::verify: a target extension element type only one that supports memory
    operations (the type after `x` in the custom form, `elem_type` in the generic)."""
    if site.generic:
        element = _text(site.attribute("elem_type"))
    else:
        items = _body(site)
        after = next((items[i + 1] for i, item in enumerate(items[:-1])
                      if item.type in ("keyword", "bare_id") and item.text == b"x"), None)
        element = _text(after)
    name = target_extension(element)
    return M["alloca_target"] if name is not None and not target_extension_has(name, "memory_ops") else None


def llvm_zero(site: Any) -> str | None:
    """ZeroOp::verify: a target extension type only one with a zero initializer."""
    name = target_extension(site.result_type(0))
    return M["zero_target"] if name is not None and not target_extension_has(name, "zero_init") else None


# ------------------------------------------------------------------------------ landing pads
def llvm_landingpad(site: Any) -> Placed | None:
    """LandingpadOp::verify: in an `llvm.func` with a personality, a clause or `cleanup`, and
    each catch clause (a non-array value) defined by `llvm.mlir.zero`, `llvm.mlir.addressof`,
    or an `llvm.bitcast` of an address."""
    function = _enclosing_function(site)
    if function is not None and function.name == "llvm.func" and not function.generic:
        _, written = _function_attributes(_body(function))
        if "personality" not in _entries(written):
            return Placed(M["landingpad_personality"])
    items = _body(site)
    if site.generic or (site.operands == 0 and not any(i.type == "keyword" and i.text == b"cleanup" for i in items)):
        return None if site.generic else Placed(M["landingpad_clauses"])
    for index in range(site.operands):
        if _array(site.operand_type(index) or "") is not None:
            continue    # a filter clause: not verified
        definer = site.definer(index)
        if definer is None:
            return None
        name = definer.name if not isinstance(definer, str) else None
        if name == "llvm.bitcast":
            source = definer.definer(0)
            if source is None:
                return None
            if not isinstance(source, str) and source.name == "llvm.mlir.addressof":
                continue
            return Placed(M["landingpad_bitcast"], notes=((definer.name_span, M["landingpad_bitcast_note"]),))
        if name in ("llvm.mlir.zero", "llvm.mlir.addressof"):
            continue
        return Placed(M["landingpad_constant"].format(index))
    return None


# ------------------------------------------------------------------------------ parsers
_INTEGER_ATTRIBUTE = re.compile(r"^(?:[-+]?(?:0x[0-9a-fA-F]+|[0-9]+)|true|false)(?:\s*:\s*\w+)?$")


def _after_colon(items: list) -> Any:
    """The item right after a custom form's first top-level `:`."""
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    return items[colon + 1] if colon is not None and colon + 1 < len(items) else None


def llvm_alloca_parse(site: Any) -> Placed | None:
    """AllocaOp::parse: an `alignment` in its dictionary is an integer (at the op's name),
    and the trailing type a function type of one argument and one result (at that type)."""
    if site.generic:
        return None
    items = _body(site)
    dictionary = next((item for item in items if item.type == "attribute_dict"), None)
    alignment = _text(_entries(dictionary).get("alignment")) if dictionary is not None else None
    if alignment is not None and not alignment.startswith("#") and not _INTEGER_ATTRIBUTE.match(alignment.strip()):
        return Placed(CUSTOM_OP.format(site.name, M["alloca_alignment"]))
    trailing = _after_colon(items)
    if trailing is None:
        return None
    signature = _trailing_signature(items)
    if trailing.type not in TYPE_KINDS and trailing.type != "paren_group":
        return None
    if signature is None or len(signature[0]) != 1 or len(signature[1]) != 1:
        if trailing.type in TYPE_KINDS and (_text(trailing) or "").startswith("!") and facts(_text(trailing)) is None:
            return None     # (a type alias: its meaning is in another statement)
        return Placed(CUSTOM_OP.format(site.name, M["alloca_trailing"]), Span(trailing.start_byte, trailing.end_byte))
    return None


def llvm_gep_parse(site: Any) -> str | Placed | None:
    """The generated parser's `functional-type(operands, results)` after llvm.getelementptr's
    colon: a function type (at the type), with one input per operand (at the op's name), and
    the one result ODS's verifier then asks for."""
    if site.generic:
        return None
    items = _body(site)
    trailing = _after_colon(items)
    if trailing is None:
        return None
    signature = _trailing_signature(items)
    if signature is None:
        text = _text(trailing) or ""
        if trailing.type in TYPE_KINDS and facts(text) is not None:
            return Placed(CUSTOM_OP.format(site.name, INVALID_TYPE_KIND.format("builtin.function", printed(_flat(text)))),
                          Span(trailing.start_byte, trailing.end_byte))
        return None
    inputs, results = ([t for t in group if t] for group in signature)
    if len(inputs) != site.operands:
        return Placed(CUSTOM_OP.format(site.name, OPERANDS_AND_TYPES.format(site.operands, len(inputs))))
    if len(results) != 1:
        return REQUIRES_ONE.format("one result")
    return None


def llvm_compare_parse(site: Any) -> Placed | None:
    """parseCmpOp (llvm.icmp, llvm.fcmp): the predicate is a string (at it), one of the enum's
    keywords."""
    if site.generic:
        return None
    items = _body(site)
    if not items or items[0].type in ("value_use", "attribute_dict"):
        return None
    first = items[0]
    text = _text(first) or ""
    at = Span(first.start_byte, first.end_byte)
    if first.type == "string":
        from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
        definition = next((a for a in site.record.attributes if a.name == "predicate"), None)
        cases = CONSTRAINTS.get(definition.check, {}).get("cases") if definition is not None and definition.check else None
        if cases and text[1:-1] not in cases:
            return Placed(CUSTOM_OP.format(site.name, M["predicate_value"].format(text[1:-1])), at)
        return None
    if first.type in ("integer", "float", "boolean"):
        return Placed(CUSTOM_OP.format(site.name, M["predicate_kind"]), at)
    return None


PARSERS: dict[str, Callable[[Any], Any]] = {
    "llvm.alloca": llvm_alloca_parse,
    "llvm.getelementptr": llvm_gep_parse,
    "llvm.icmp": llvm_compare_parse,
    "llvm.fcmp": llvm_compare_parse,
    "llvm.call": llvm_call_parse,
    "llvm.call_intrinsic": llvm_call_intrinsic_parse,
    "llvm.switch": llvm_switch_parse,
    "llvm.insertvalue": llvm_aggregate_parse,
    "llvm.extractvalue": llvm_aggregate_parse,
}

CHECKS: dict[str, Callable[[Any], Any]] = {
    "llvm.mlir.constant": llvm_constant,
    "llvm.atomicrmw": llvm_atomicrmw,
    "llvm.call": llvm_call,
    "llvm.return": llvm_return,
    "llvm.invoke": llvm_call_vararg,
    "llvm.getelementptr": llvm_gep,
    "llvm.extractvalue": llvm_extractvalue,
    "llvm.insertvalue": llvm_insertvalue,
    "llvm.inline_asm": llvm_inline_asm,
    "llvm.switch": llvm_switch,
    "llvm.zext": llvm_ext,
    "llvm.sext": llvm_ext,
    "llvm.intr.sincos": llvm_sincos,
    "llvm.mlir.global": llvm_global,
    "llvm.mlir.alias": llvm_alias,
    "llvm.mlir.ifunc": llvm_ifunc,
    "llvm.comdat": llvm_comdat,
    "llvm.landingpad": llvm_landingpad,
    "llvm.module_flags": llvm_module_flags,
    "llvm.mlir.global_ctors": _structors("ctor"),
    "llvm.mlir.global_dtors": _structors("dtor"),
    "llvm.func": llvm_func,
    "llvm.call_intrinsic": _bundle_tags,
    "llvm.mlir.addressof": llvm_addressof,
    "llvm.shufflevector": llvm_shufflevector,
    "llvm.intr.assume": _bundle_tags,
    "llvm.blockaddress": llvm_blockaddress,
    "llvm.alloca": llvm_alloca,
    "llvm.mlir.zero": llvm_zero,
}
