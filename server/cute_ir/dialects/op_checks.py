"""The op-specific verifiers of the upstream ops real files use most: what an op's C++
`verify()` (or its custom parser) checks beyond its ODS definition, as callables on its record
(`OpDef.check`), in MLIR's words (mlir/lib/Dialect/*/IR/*Ops.cpp, checked against mlir-opt 22).

Each takes what the text says of one op (ir/ssa.OpSite: its operand and result types where
known, the function around it) and returns None, a message that verify/structure.py prefixes
with `'<op>' op ` and places at the op's name, or a `Placed` message (its own span and wording).
Whatever a check cannot know (a type written through an alias, a signature with result
attributes) passes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import (
    PUBLIC_DECLARATION, SELECT_CONDITION_I1, SELECT_CONDITION_SHAPE, REDUCTION_INVALID_KIND, CLUSTER_SIZE, CLUSTER_STRIDE, CLUSTER_STRIDE_WITHOUT_SIZE, REDUCTION_ARGUMENT_TYPE, REDUCTION_ARGUMENTS,
    REDUCTION_KIND_TYPE, REDUCTION_NO_YIELD, REDUCTION_OP_OR_BODY, REDUCTION_YIELD_COUNT, REDUCTION_YIELD_TYPE,
    BROADCAST_DIMENSION, BROADCAST_NOT_VECTOR, BROADCAST_RANK, TRANSPOSE_DIMENSION, TRANSPOSE_DUPLICATE, TRANSPOSE_LENGTH, TRANSPOSE_OUT_OF_RANGE, TRANSPOSE_RANK,
    VECTOR_ELEMENT, VECTOR_INDEX_VECTOR, VECTOR_INDICES, VECTOR_LOAD_ELEMENT, VECTOR_LOAD_RANK, VECTOR_MASK,
    VECTOR_MEMREF_VECTOR, VECTOR_PASS_THRU, VECTOR_STORE_RANK, VECTOR_UNIT_STRIDE, MEMREF_OTHER,
    FUNCTION_ARGUMENT_ATTRIBUTES, FUNCTION_BODY, FUNCTION_RESULT_ATTRIBUTES, FUNCTION_INFERRED_ATTRIBUTE,
    FUNCTION_ARGUMENT_ATTRIBUTE_COUNT, FUNCTION_RESULT_ATTRIBUTE_COUNT,
    CALL_FUNCTION_RESULTS_NOTE, CALL_NO_FUNCTION, CALL_OPERAND_COUNT, CALL_OPERAND_TYPE, CALL_OP_RESULTS_NOTE,
    CALL_RESULT_COUNT, CALL_RESULT_TYPE, CONSTANT_FUNCTION_TYPE, CONSTANT_UNDEFINED_FUNCTION, NAMED_ARGUMENTS_BLOCK_NAME,
    EXECUTE_REGION_ARGUMENTS, PARALLEL_STEP_POSITIVE, OPERANDS_AND_TYPES, OP_ERROR, CUSTOM_OP, PARALLEL_INDUCTION_COUNT, PARALLEL_INDUCTION_TYPE, PARALLEL_INITS,
    PARALLEL_NO_TUPLE, PARALLEL_OPERAND_COUNT, PARALLEL_REDUCTIONS, PARALLEL_TERMINATOR, REDUCE_ARGUMENTS,
    REDUCE_OPERAND_TYPE, REDUCE_REGIONS, REDUCE_RETURN_TYPE, REDUCE_TERMINATOR, SWITCH_CASE_COUNT, SWITCH_DUPLICATE_CASE,
    SWITCH_TERMINATOR, SWITCH_YIELD_COUNT, SWITCH_YIELD_NOTE, SWITCH_YIELD_TYPE, SWITCH_YIELD_TYPE_NOTE, TERMINATOR_HERE,
    WHILE_INPUT_COUNT, WHILE_TERMINATOR, ALLOCA_SCOPE, DYNAMIC_SIZES, ALLOC_SYMBOLS, MEMREF_VIEW_SPACES, MEMREF_ALIGNMENT,
    ATOMIC_ALIGNMENT, ATOMIC_ORDERING, ATOMIC_SYNCSCOPE, ATOMIC_TYPE, BITCAST_ADDRESS_SPACE, BITCAST_FROM_VECTOR,
    BITCAST_POINTERS, BITCAST_TO_VECTOR, CMPXCHG_FAILURE_ORDERING, CMPXCHG_ORDERING, CMPXCHG_TYPE, FENCE_ORDERING,
    CONVERT_DESTINATION, CONVERT_TF32_RELU, CONVERT_TF32_ROUNDING,
    BRANCH_EDGE, BRANCH_EDGE_COUNT, BRANCH_EDGE_TYPE, BRANCH_POINT_NOTE, CAST_INCOMPATIBLE, CONSTANT_NOT_SIGNLESS,
    CONSTANT_SCALABLE_NOT_SPLAT, FOR_INDUCTION_TYPE, FORALL_MAPPING_RANK, FORALL_MASKS, FORALL_OPERAND_TYPES,
    IN_PARALLEL_OPS, AFFINE_APPLY_OPERANDS, AFFINE_APPLY_RESULTS, IF_NEEDS_ELSE, LOOP_CARRIED_COUNT, LOOP_COUNT, LOOP_TYPE,
    EXPECTED_COMMA_OR_RPAREN, EXPECTED_INTEGER, EXPECTED_SSA_OPERAND, SQUARE_OPERAND_LIST_CLOSE, AFFINE_EXPECTED_EXPRESSION, EXPECTED_TOKEN, EXPECTED_TYPE, FUNCTION_TYPE_ARROW, REGION_BRACE,
)
from ..syntax.cst import TYPE_KINDS, wrong_token_span
from ..text.brackets import top_level_parameters
from .lookup import MISSING, Definition, Signature
from .ods import Count, Trait
from .constraints import TypeFacts, bit_width, compatible_shapes, encoding, facts, normalized_type, printed


@dataclass(frozen=True)
class Placed:
    """A message with a place of its own, not prefixed with the op's name."""

    message: str
    span: Span | None = None      # None: at the op's name
    notes: tuple[tuple[Span, str], ...] = ()     # MLIR's attached notes: (where, what)


def func_return(site: Any) -> str | Placed | None:
    """func.return against the function around it (FuncOps.cpp, ReturnOp::verify)."""
    function = site.function()
    if function is None or function[1] is None:
        return None
    symbol, results = function
    if site.operands != len(results):
        return f"has {site.operands} operands, but enclosing function ({symbol}) returns {len(results)}"
    for i, expected in enumerate(results):
        got = site.operand_type(i)
        if got is not None and expected is not None and got != expected:
            return Placed(f"type of return operand {i} ('{got}') doesn't match function result type "
                          f"('{expected}') in function {symbol}")
    return None


def func_call(site: Any) -> str | Placed | None:
    """func.call against its callee (FuncOps.cpp, CallOp::verifySymbolUses): a `func.func` of
    the symbol table around the call, whose argument and result types the call's are. The
    callee is looked up in the document (`OpSite.callee`); a symbol table inside the call's own
    unit, or an op around the call cute-ir has no record for (which may be one), is not searched."""
    name = _callee(site, "callee")
    found = _function(site.callee(name)) if name is not None else None
    if found is MISSING:
        return CALL_NO_FUNCTION.format(name)
    if not isinstance(found, Signature):
        return None
    if site.operands != len(found.inputs):
        return CALL_OPERAND_COUNT
    for i, expected in enumerate(found.inputs):
        got = site.operand_type(i)
        if got is not None and expected is not None and got != expected:
            return CALL_OPERAND_TYPE.format(_typed(expected), _typed(got), i)
    form = site.form
    # (a form read only in part, `: (i32, i32 -> i32` with its `(` left open, says no results:
    # its parser stops first)
    results = form.results if form is not None and form.results is not None and form.complete else None
    if results is None:
        return None
    if len(results) != len(found.results):
        return CALL_RESULT_COUNT
    if None in results or None in found.results:
        return None
    for i, (got, expected) in enumerate(zip(results, found.results)):
        if got != expected:
            notes = ((site.name_span, CALL_OP_RESULTS_NOTE.format(", ".join(_typed(t) for t in results))),
                     (site.name_span, CALL_FUNCTION_RESULTS_NOTE.format(", ".join(_typed(t) for t in found.results))))
            return Placed(OP_ERROR.format(site.name, CALL_RESULT_TYPE.format(i)), notes=notes)
    return None


def _function(found: object) -> object:
    """What a `func` op sees of a symbol: the `func.func`'s signature (None: its text does not
    say), MISSING for anything else (`lookupNearestSymbolFrom<FuncOp>` finds no FuncOp), or None
    when that cannot be told."""
    if isinstance(found, Definition):
        return found.signature if found.op == "func.func" else MISSING
    return found


def _callee(site: Any, attribute: str) -> str | None:
    """The flat symbol an op names in `attribute`, when the symbol table it is looked up in
    is the one around the op's unit (no op around it in the unit is, or may be, a symbol table)."""
    node = site.attribute(attribute)
    text = (node.text or b"").decode("utf-8", "replace") if node is not None else ""
    if not text.startswith("@") or "::" in text:
        return None
    if any(record is None or record.has(Trait.SYMBOL_TABLE) for _, record in site.ancestors()):
        return None
    name = text[1:]
    return name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name


def func_constant(site: Any) -> str | None:
    """func.constant against the function it names (FuncOps.cpp, ConstantOp::verifySymbolUses)."""
    name = _callee(site, "value")
    found = _function(site.callee(name)) if name is not None else None
    if found is MISSING:
        return CONSTANT_UNDEFINED_FUNCTION.format(name)
    written = site.result_type(0) if site.generic else _after_colon(site)
    if not isinstance(found, Signature) or written is None or None in found.inputs or None in found.results:
        return None
    return CONSTANT_FUNCTION_TYPE if _function_type(written) != (found.inputs, found.results) else None


def _after_colon(site: Any) -> str | None:
    """What a custom form writes after its `:` (a function type the grammar reads as tokens),
    blanks dropped."""
    items = _body(site)
    colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
    if colon is None or colon + 1 >= len(items):
        return None
    text = site.node.text[items[colon + 1].start_byte - site.node.start_byte:items[-1].end_byte - site.node.start_byte]
    return normalized_type(text.decode("utf-8", "replace"))


def _function_type(text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A function type's text (blanks dropped: `(i32,f32)->(i64)`) as its inputs and results."""
    if not text.startswith("("):
        return None
    close = _closing(text, 0)
    if close is None or not text.startswith("->", close + 1):
        return None
    inputs = tuple(top_level_parameters(text[1:close])) if close > 1 else ()
    rest = text[close + 3:]
    if rest.startswith("(") and _closing(rest, 0) == len(rest) - 1:
        results = tuple(top_level_parameters(rest[1:-1])) if len(rest) > 2 else ()
    else:
        results = (rest,)
    return inputs, results


def _closing(text: str, at: int) -> int | None:
    """Where the bracket opened at `at` closes."""
    depth = 0
    for i in range(at, len(text)):
        if text[i] in "([{<":
            depth += 1
        elif text[i] in ")]}>" and not (text[i] == ">" and text[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                return i
    return None


def _signature_groups(site: Any) -> tuple[Any, Any]:
    """A func.func custom form's argument group and result group (None where not written)."""
    items = _body(site)
    symbol = next((i for i, item in enumerate(items) if item.type == "symbol_ref"), None)
    if symbol is None or symbol + 1 >= len(items) or items[symbol + 1].type != "paren_group":
        return None, None
    rest = items[symbol + 2:]
    results = rest[1] if len(rest) > 1 and rest[0].type == "->" and rest[1].type == "paren_group" else None
    return items[symbol + 1], results


def _value_count(group: Any, arguments: bool, items: list) -> int | None:
    """How many arguments (or results) a signature group declares; None when it cannot be
    told (a single result written without parentheses)."""
    if group is None:
        if arguments:
            return None
        arrow = next((i for i, item in enumerate(items) if item.type == "->"), None)
        return 0 if arrow is None else None
    return len([c for c in group.named_children if c.type in TYPE_KINDS])


def _non_dialect_attribute(group: Any) -> bool:
    """Whether a signature group gives a value an attribute whose name has no dialect prefix."""
    for child in group.named_children if group is not None else ():
        if child.type != "attribute_dict":
            continue
        for entry in child.named_children:
            name = entry.child_by_field_name("name") if entry.type == "attribute_entry" else None
            if name is not None and b"." not in (name.text or b"").strip(b'"'):
                return True
    return False


def _function_attributes(items: list) -> tuple[Any, Any]:
    """A function's custom form's `attributes {...}`: the keyword and the dictionary."""
    for word, group in zip(items, items[1:]):
        if word.type == "keyword" and word.text == b"attributes" and group.type == "attribute_dict":
            return word, group
    return None, None


def _entries(dictionary: Any) -> dict[str, Any]:
    """An attribute dictionary's values by name."""
    out = {}
    for entry in dictionary.named_children if dictionary is not None else ():
        name = entry.child_by_field_name("name") if entry.type == "attribute_entry" else None
        if name is not None:
            out[(name.text or b"").decode("utf-8", "replace").strip('"')] = entry.child_by_field_name("value")
    return out


# What parseFunctionOp infers from the custom form, in the order it refuses them written.
_INFERRED_ATTRIBUTES = ("sym_visibility", "sym_name", "function_type")


def func_func_parse(site: Any) -> Placed | None:
    """function_interface_impl::parseFunctionOp: no attribute it infers written in the
    `attributes` dictionary (where the dictionary starts); a body, when written, is not
    empty, and its entry block, whose arguments the signature names, has no label (Parser.cpp)."""
    items = _body(site)
    keyword, written = _function_attributes(items)
    inferred = next((name for name in _INFERRED_ATTRIBUTES if name in _entries(written)), None)
    if inferred is not None:
        return Placed(CUSTOM_OP.format(site.name, FUNCTION_INFERRED_ATTRIBUTE.format(inferred)),
                      Span(keyword.start_byte, keyword.end_byte))
    region = items[-1] if items and items[-1].type == "region" else None
    if region is None:
        return None
    first = next((c for c in region.named_children if c.type != "comment"), None)
    arguments, _ = _signature_groups(site)
    label = first.child_by_field_name("label") if first is not None and first.type == "block" else None
    if label is not None and arguments is not None and any(c.type == "value_use" for c in arguments.named_children):
        return Placed(NAMED_ARGUMENTS_BLOCK_NAME, Span(label.start_byte, label.start_byte + 1))
    if first is not None:
        return None
    if len(items) > 1 and items[-2].type in ("keyword", "bare_id") and items[-2].text == b"attributes":
        return None     # `attributes {}`: an empty dictionary, which the grammar reads as braces
    return Placed(CUSTOM_OP.format(site.name, FUNCTION_BODY), Span(region.start_byte, region.start_byte + 1))


def func_func(site: Any) -> str | None:
    """function_interface_impl::verifyTrait: `arg_attrs` / `res_attrs`, when the dictionary
    writes them, hold one entry per argument / result, and the arguments' and results'
    attributes are dialect attributes (their names carry a dialect prefix)."""
    if site.generic:
        return None
    items = _body(site)
    if _public_declaration(items):
        return PUBLIC_DECLARATION
    arguments, results = _signature_groups(site)
    written = _entries(_function_attributes(items)[1])
    for name, group, message in (("arg_attrs", arguments, FUNCTION_ARGUMENT_ATTRIBUTE_COUNT),
                                 ("res_attrs", results, FUNCTION_RESULT_ATTRIBUTE_COUNT)):
        value = written.get(name)
        if value is None or value.type != "array_attribute":
            continue
        count = len([c for c in value.named_children if c.type != "comment"])
        expected = _value_count(group, name == "arg_attrs", items)
        if expected is not None and count != expected:
            return message.format(count, expected)
    if _non_dialect_attribute(arguments):
        return FUNCTION_ARGUMENT_ATTRIBUTES
    if _non_dialect_attribute(results):
        return FUNCTION_RESULT_ATTRIBUTES
    return None


# The visibilities a symbol's custom form may write before its name (SymbolTable::Visibility).
_HIDDEN = frozenset({b"private", b"nested"})


def _public_declaration(items: list) -> bool:
    """SymbolOpInterface's verifier, for a func.func without a body (a declaration): its
    visibility, written before its name, is private or nested. A body is a region, or braces
    the grammar reads otherwise (`{ return }` on the signature's line) not after `attributes`."""
    if not items:
        return False
    for before, item in zip([None] + items, items):
        if item.type == "region" or (item.type in _BRACES and not (
                before is not None and before.type == "keyword" and before.text == b"attributes")):
            return False
    return not (items[0].type == "keyword" and items[0].text in _HIDDEN)


_BRACES = frozenset({"attribute_dict", "brace_group"})


def _rank(text: str | None) -> int | None:
    t = facts(text) if text is not None else None
    return len(t.dims) if t is not None and t.kind == "memref" and t.dims is not None else None


def memref_load(site: Any) -> str | None:
    """memref.load: one index per dimension (MemRefOps.cpp, LoadOp::verify)."""
    rank = _rank(site.operand_type(0))
    if rank is not None and site.operands - 1 != rank:
        return f"incorrect number of indices for load, expected {rank} but got {site.operands - 1}"
    return None


def memref_store(site: Any) -> str | None:
    """memref.store: one index per dimension (MemRefOps.cpp, StoreOp::verify)."""
    rank = _rank(site.operand_type(1))
    if rank is not None and site.operands - 2 != rank:
        return "store index operand count not equal to memref rank"
    return None


def memref_alloc(site: Any) -> str | None:
    """memref.alloc / alloca, gpu.alloc: AllocaOp::verify (an ancestor that is an allocation
    scope), then verifyAllocLikeOp (AllocOp::verify for gpu.alloc): one size operand per
    dynamic dimension of the result, one symbol operand per symbol of its layout map."""
    if site.name == "memref.alloca":
        from .registry import known_dialect   # the registry holds the records these checks sit on
        for name, record in site.ancestors():
            if record is not None and record.has(Trait.AUTOMATIC_ALLOCATION_SCOPE):
                break
            if record is None and "." in name and known_dialect(name.split(".", 1)[0]):
                return None     # an op of the DSL's dialects cute-ir has no record of: not known
        else:
            return ALLOCA_SCOPE
    result = site.result_type(0)
    t = facts(result) if result is not None else None
    sizes = _group(site, "dynamicSizes")
    if t is None or t.kind != "memref" or t.dims is None or sizes is None:
        return None
    dynamic = sum(1 for d in t.dims if d is None)
    if len(sizes) != dynamic:
        return DYNAMIC_SIZES.format(len(sizes), dynamic)
    symbols = _group(site, "symbolOperands")
    expected = _layout_symbols(result)
    if symbols is not None and expected is not None and len(symbols) != expected:
        return ALLOC_SYMBOLS.format(expected, len(symbols))
    return None


def _layout_symbols(text: str) -> int | None:
    """How many symbols a memref type's layout map has: none without a layout or with an identity
    map, those of an `affine_map<(...)[s0, ...] -> (...)>`; None for a layout this reading does not count
    (`strided<...>`, whose map's symbols are its dynamic strides and offset, or an alias)."""
    parts = _memref_parts(text)
    if parts is None or not parts[0]:
        return None
    layout = parts[2]
    if layout is None:
        return 0
    match = re.match(r"^affine_map<\s*\(([^)]*)\)\s*(?:\[([^\]]*)\])?\s*->\s*\((.*)\)\s*>$", layout)
    if match is None:
        return None
    if re.sub(r"\s+", "", match.group(1)) == re.sub(r"\s+", "", match.group(3)):
        return 0    # an identity map (AffineMap::isIdentity does not look at symbols): no layout
    return len([s for s in (match.group(2) or "").split(",") if s.strip()])


def memref_view(site: Any) -> Placed | str | None:
    """ViewOp::verify: identity layouts (an identity map is dropped as the type is read), one
    memory space (its `emitError`s, not prefixed), then one size operand per dynamic dimension
    of the result."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = _memref_parts(source), _memref_parts(result)
    if a is not None and a[2] is not None:
        return Placed(MEMREF_OTHER["view_base_map"].format(printed(source)))
    if b is not None and b[2] is not None and (a is None or a[0]):
        return Placed(MEMREF_OTHER["view_result_map"].format(printed(result)))
    if a is None or b is None or not a[0] or not b[0]:
        return None
    if (a[3] or "0") != (b[3] or "0"):
        return Placed(MEMREF_VIEW_SPACES.format(printed(normalized_type(source) or source),
                                                printed(normalized_type(result) or result)))
    t = facts(result)
    sizes = _group(site, "sizes")
    if t is None or t.dims is None or sizes is None:
        return None
    dynamic = sum(1 for d in t.dims if d is None)
    return DYNAMIC_SIZES.format(len(sizes), dynamic) if len(sizes) != dynamic else None


def memref_assume_alignment(site: Any) -> str | None:
    """AssumeAlignmentOp::verify: the alignment is a power of 2 (0 breaks its attribute
    constraint first, which is not judged here)."""
    node = site.attribute("alignment")
    text = (node.text or b"").decode("utf-8", "replace").strip() if node is not None else ""
    match = re.fullmatch(r"([0-9]+)(?:\s*:\s*i32)?", text)
    if match is None or int(match.group(1)) <= 0:
        return None
    value = int(match.group(1))
    return MEMREF_ALIGNMENT if value & (value - 1) else None


def _memref_parts(text: str | None) -> tuple[bool, str, str | None, str | None] | None:
    """(ranked, element type, layout, memory space) of a memref type's text: its parameters
    after the shape, split at the top level (a layout is `strided<...>`, an `affine_map<...>` or
    an alias; what follows it, or an integer or other attribute alone, the memory space)."""
    match = re.match(r"^memref<(.*)>$", re.sub(r"\s+", " ", text.strip())) if text is not None else None
    if match is None:
        return None
    # (an affine map's arrow closes no bracket: it is set aside, as `~`, while splitting)
    parts = [p.replace("~", "->") for p in top_level_parameters(match.group(1).replace("->", "~"))]
    head = re.match(r"^((?:(?:\?|[0-9]+|\*) ?x ?)*)(.+)$", parts[0])
    if head is None:
        return None
    ranked = not parts[0].startswith("*")
    layout = space = None
    for part in parts[1:]:
        if ranked and layout is None and space is None and part.startswith(("strided<", "affine_map<", "#")) \
                and not part.startswith("#gpu.address_space"):
            layout = part
        else:
            space = part
    return ranked, head.group(2).strip(), layout, space


def memref_cast(site: Any) -> str | None:
    """CastOp::areCastCompatible (MemRefOps.cpp): the same element type and memory space, the
    same rank and static sizes that agree, and not unranked to unranked; two different layouts
    (identity or strided) when their strides and offset agree where both are static."""
    source_text, target_text = site.operand_type(0), site.result_type(0)
    a, b = _memref_parts(source_text), _memref_parts(target_text)
    if a is None or b is None:
        return None
    incompatible = a[1] != b[1] or a[3] != b[3] or (not a[0] and not b[0])
    if not incompatible and a[0] and b[0]:
        ta, tb = facts(source_text), facts(target_text)
        if ta is None or tb is None or ta.dims is None or tb.dims is None:
            return None
        incompatible = len(ta.dims) != len(tb.dims) or any(
            x is not None and y is not None and x != y for x, y in zip(ta.dims, tb.dims))
        if not incompatible and a[2] != b[2]:
            # Two layouts: their strides and offsets agree wherever both are static.
            la, lb = strides_and_offset(source_text, ta.dims), strides_and_offset(target_text, tb.dims)
            if la is None or lb is None:
                return None
            pairs = list(zip(la[0], lb[0])) + [(la[1], lb[1])]
            incompatible = len(la[0]) != len(lb[0]) or any(
                x is not None and y is not None and x != y for x, y in pairs)
    return CAST_INCOMPATIBLE.format(printed(source_text), printed(target_text)) if incompatible else None


def strides_and_offset(text: str, dims: tuple) -> tuple[list[int | None], int | None] | None:
    """MemRefType::getStridesAndOffset for an identity or `strided<[...], offset: N>` layout
    (None, a dynamic value; None for the whole when the layout is another)."""
    parts = _memref_parts(text)
    if parts is None:
        return None
    layout = parts[2]
    if layout is None:
        strides: list[int | None] = []
        running: int | None = 1
        for d in reversed(dims):
            strides.append(running)
            running = running * d if running is not None and d is not None else None
        return list(reversed(strides)), 0
    match = re.fullmatch(r"strided<\[([^\]]*)\](?:,\s*offset:\s*(\?|-?\d+))?>", layout.strip())
    if match is None:
        return None
    strides = [None if v.strip() == "?" else int(v) for v in match.group(1).split(",") if v.strip()]
    offset = match.group(2)
    return strides, (0 if offset is None else None if offset == "?" else int(offset))


# An attribute alias use: `#` and a bare identifier (a name with a dot is a dialect's attribute).
_ALIAS_USE = re.compile(r"#[A-Za-z_][\w$]*(?![\w$.])")


def unaliased(site: Any, text: str, depth: int = 0) -> str | None:
    """`text` with each `#name` alias it uses replaced by what the alias stands for, as MLIR's
    parser reads it; None when one cannot be told (undefined, or nested past all reason)."""
    if depth > 8:
        return None
    missing = False

    def replace(match: re.Match) -> str:
        nonlocal missing
        found = site.alias(match.group(0))
        if found is None:
            missing = True
            return match.group(0)
        return found
    out = _ALIAS_USE.sub(replace, text)
    if missing:
        return None
    return out if out == text else unaliased(site, out, depth + 1)


def _body(site: Any) -> list:
    """The items of a custom form's body (none for the generic form)."""
    if site.generic or site.node is None:
        return []
    body = site.node.child_by_field_name("body")
    return [c for c in body.children if c.type != "comment"] if body is not None else []


def square_operand_list(site: Any, affine: bool = False) -> Placed | None:
    """The first `[...]` of a custom form's body as a custom parser reads it: an operand list
    with Delimiter::Square (`parseOperandList`: each element an SSA value, `expected SSA
    operand`, then a comma or the `]`, `expected ']' in operand list`, each where
    emitWrongTokenError places it), or with `affine` the affine map of SSA ids the affine ops
    read there (a comma or `]` where an expression belongs: `expected affine expression`, at
    that token). A list the grammar could not read (an ERROR in it, its `]` missing) is the
    syntax check's."""
    group = next((item for item in _body(site) if item.type == "bracket_group"), None)
    if group is None or group.has_error:
        return None
    children = [c for c in group.children if not c.is_extra]
    if len(children) < 3 or children[0].type != "[" or children[-1].type != "]":
        return None
    previous, want = children[0], True
    for node in children[1:]:
        if want:
            if affine and node.type in (",", "]"):
                return Placed(AFFINE_EXPECTED_EXPRESSION, Span(node.start_byte, node.end_byte))
            if not affine and node.type != "value_use":
                return Placed(EXPECTED_SSA_OPERAND, wrong_token_span(previous, node))
            want = False
        elif node.type == ",":
            want = True
        elif node.type == "]":
            return None
        elif not affine:
            return Placed(SQUARE_OPERAND_LIST_CLOSE, wrong_token_span(previous, node))
        # (an affine expression's further tokens are not judged here)
        previous = node
    return None


def _predicate(cases_of: str) -> Callable[[Any], Placed | None]:
    """arith.cmpi / cmpf's custom parser: the predicate keyword must be one of the enum's cases
    (mlir-tblgen's enum parser: `custom op ... expected string or keyword containing one of the
    following enum values for attribute 'predicate' [...]`); a first token that is neither a
    keyword nor a string (an operand: the predicate left out; a type such as `i1`) too."""
    def check(site: Any) -> Placed | None:
        items = _body(site)
        if not items:
            return None
        from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
        word = (items[0].text or b"").decode().strip('"') if items[0].type in ("keyword", "bare_id", "string") else None
        cases = CONSTRAINTS.get(cases_of, {}).get("cases") or []
        if not cases or word in cases:
            return None
        return Placed(f"custom op '{site.name}' expected string or keyword containing one of the following enum "
                      f"values for attribute 'predicate' [{', '.join(cases)}]",
                      Span(items[0].start_byte, items[0].end_byte))
    return check


def arith_constant(site: Any) -> str | Placed | None:
    """`arith.constant 1.0 : i32`: the attribute parser takes a float literal only for a float
    type (AttributeParser.cpp). Then ConstantOp::verify (ArithOps.cpp): an integer result type
    must be signless, and a scalable vector takes only a splat (`dense<0>`, or a list of one
    value repeated)."""
    items = _body(site)
    if len(items) == 3 and items[0].type == "float" and items[1].type == ":" \
            and items[2].type in ("integer_type", "index_type"):
        # MLIR places it at the op's start (its result names), where the attribute parser's
        # location points.
        start = site.node.start_byte
        return Placed("floating point value not valid for specified type", Span(start, start + 1))
    result = site.result_type(0)
    t = facts(result) if result is not None else None
    if t is None:
        return None
    if t.kind == "integer" and t.signedness != "signless":
        return CONSTANT_NOT_SIGNLESS
    value = site.attribute("value")
    if t.kind == "vector" and t.scalable and value is not None and value.text is not None \
            and not _splat(value.text.decode("utf-8", "replace")):
        return CONSTANT_SCALABLE_NOT_SPLAT
    return None


def _splat(text: str) -> bool:
    """Whether a `dense<...>` literal holds one value (written once, or the same everywhere), as
    DenseElementsAttr::get makes a splat of it; True for anything else (not judged)."""
    match = re.match(r"^\s*dense<(.*)>\s*(?::.*)?$", text, re.S)
    if match is None:
        return True
    body = match.group(1).strip()
    if not body.startswith("["):
        return True
    values = [v.strip() for v in re.split(r"[\[\],]", body) if v.strip()]
    return len(set(values)) <= 1


# ------------------------------------------------------------------------------ arith casts
def _underlying(t: TypeFacts, kinds: tuple[str, ...], memref: bool) -> TypeFacts | None:
    """ArithOps.cpp's getTypeIfLike / getTypeIfLikeOrMemRef: the element type of a vector or
    tensor (or memref) of one of `kinds`, or the type itself; None otherwise."""
    shaped = ("vector", "tensor", "memref") if memref else ("vector", "tensor")
    if t.kind in ("vector", "tensor", "memref"):
        if t.kind not in shaped:
            return None
        t = t.element
    return t if t is not None and t.kind in kinds else None


def _widens(source: TypeFacts, target: TypeFacts) -> bool | None:
    a, b = bit_width(source), bit_width(target)
    return None if a is None or b is None else b > a


def _narrows(source: TypeFacts, target: TypeFacts) -> bool | None:
    a, b = bit_width(source), bit_width(target)
    return None if a is None or b is None else b < a


def _index_pair(source: TypeFacts, target: TypeFacts) -> bool:
    return (source.kind == "index" and target.kind == "integer" and target.signedness == "signless") or \
        (source.kind == "integer" and source.signedness == "signless" and target.kind == "index")


def _same_width(source: TypeFacts, target: TypeFacts) -> bool | None:
    a, b = bit_width(source), bit_width(target)
    return None if a is None or b is None else a == b


# Each arith cast's `areCastCompatible` (ArithOps.cpp): the element kinds of its operand and of
# its result, whether memrefs count, and what must hold between the two element types.
_CASTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], bool, Callable[[TypeFacts, TypeFacts], bool | None]]] = {
    "arith.extui": (("integer",), ("integer",), False, _widens),
    "arith.extsi": (("integer",), ("integer",), False, _widens),
    "arith.extf": (("float",), ("float",), False, _widens),
    "arith.trunci": (("integer",), ("integer",), False, _narrows),
    "arith.truncf": (("float",), ("float",), False, _narrows),
    "arith.uitofp": (("integer",), ("float",), False, lambda s, t: True),
    "arith.sitofp": (("integer",), ("float",), False, lambda s, t: True),
    "arith.fptoui": (("float",), ("integer",), False, lambda s, t: True),
    "arith.fptosi": (("float",), ("integer",), False, lambda s, t: True),
    "arith.index_cast": (("integer", "index"), ("integer", "index"), True, _index_pair),
    "arith.index_castui": (("integer", "index"), ("integer", "index"), True, _index_pair),
    "arith.bitcast": (("integer", "float"), ("integer", "float"), True, _same_width),
}


def arith_cast(site: Any) -> str | None:
    """An arith cast's operand and result types against its `areCastCompatible`, as
    CastOpInterface's verifier reports it: one of each, the same tensor encoding, compatible
    shapes, element kinds the op takes, and the width relation (wider, narrower, equal)."""
    source_text, target_text = site.operand_type(0), site.result_type(0)
    source = facts(source_text) if source_text is not None else None
    target = facts(target_text) if target_text is not None else None
    if source is None or target is None:
        return None
    ins, outs, memref, relation = _CASTS[site.name]
    compatible: bool | None
    if encoding(source) is not None and encoding(target) is not None and encoding(source) != encoding(target):
        compatible = False
    elif compatible_shapes([source_text, target_text]) is False:
        compatible = False
    else:
        a, b = _underlying(source, ins, memref), _underlying(target, outs, memref)
        compatible = False if a is None or b is None else relation(a, b)
    return CAST_INCOMPATIBLE.format(printed(source_text), printed(target_text)) if compatible is False else None


# ------------------------------------------------------------------------------ scf
def _types(site: Any, count: int, of: Callable[[int], str | None]) -> list[str | None]:
    return [of(i) for i in range(count)]


def _result_types(site: Any) -> list[str | None] | None:
    """The op's result types: the generic form's function type, or a custom form's `-> (T, U)`
    (scf.if, scf.while); None when the text does not say."""
    if site.generic:
        return _types(site, site.results, site.result_type) if site.results is not None else None
    items = _body(site)
    for at, arrow in enumerate(items[:-1]):
        if arrow.type != "->":
            continue
        if items[at + 1].type == "paren_group":
            return _item_types(items[at + 1])
        # (`-> i32, index`: a list without parentheses, as scf.index_switch writes it)
        types: list[str | None] = []
        for item in items[at + 1:]:
            if item.type in TYPE_KINDS:
                types += _item_types(item)
            elif item.type != ",":
                break
        return types
    return []


def _yield(block: Any, name: str) -> tuple[Any, list[str | None]] | None:
    """A block's terminator if it is `name`, and its operand types (None: no terminator written,
    as a custom form leaves an implicit one out)."""
    term = block.terminator if block is not None else None
    if term is None or term.name != name:
        return None
    return term, _types(term, term.operands, term.operand_type)


def _typed(text: str | None) -> str:
    """A type as a diagnostic streams it: quoted."""
    return f"'{printed(text)}'" if text is not None else "'?'"


def scf_for(site: Any) -> str | Placed | None:
    """scf.for: ForOp::verify (inits against results), LoopLikeOpInterface's verifier
    (LoopLikeInterface.cpp: inits, the body's iter_args, the yielded values, the results:
    counts, then types), ForOp::verifyRegions (the induction variable's type). The generic form
    states the body's arguments in its label; the custom form gives the iter_args the types after
    `->`."""
    inits = site.operands - 3
    regions = site.region_blocks()
    body = regions[0][0] if regions and regions[0] else None
    if not site.generic:
        # ForOp::parse: the iter_args against the types after `->`, which are the results and
        # the iter_args' types.
        iterated = _result_types(site) or []
        if inits != len(iterated):
            return Placed(f"custom op '{site.name}' {LOOP_CARRIED_COUNT}")
        results, induction = len(iterated), None
    else:
        results = site.results
        if results is not None and inits != results:
            return LOOP_CARRIED_COUNT
        if body is None or not body.arguments:
            return None
        iterated, induction = list(body.arguments[1:]), body.arguments[0]
    found = _yield(body, "scf.yield")
    yielded = found[1] if found is not None else []
    if inits != len(iterated):
        return LOOP_COUNT.format("inits and region iter_args", inits, len(iterated))
    if yielded and len(iterated) != len(yielded):
        return LOOP_COUNT.format("region iter_args and yielded values", len(iterated), len(yielded))
    if results is not None and results != len(iterated):
        return LOOP_COUNT.format("loop results and region iter_args", results, len(iterated))
    for i, iterated_type in enumerate(iterated):
        init = site.operand_type(3 + i) if site.generic else None
        if init is not None and iterated_type is not None and init != iterated_type:
            return LOOP_TYPE.format(i, "init", i, "region iter_arg", _typed(init), _typed(iterated_type))
        if yielded and iterated_type is not None and yielded[i] is not None and iterated_type != yielded[i]:
            return LOOP_TYPE.format(i, "region iter_arg", i, "yielded value", _typed(iterated_type), _typed(yielded[i]))
    for i, iterated_type in enumerate(iterated):
        result = site.result_type(i) if site.generic and results is not None else None
        if result is not None and iterated_type is not None and result != iterated_type:
            # LoopLikeInterface.cpp counts `i` outside its loop: every such message says 0-th.
            return LOOP_TYPE.format(0, "region iter_arg", 0, "loop result", _typed(iterated_type), _typed(result))
    bound = site.operand_type(0)
    if bound is not None and induction is not None and bound != induction:
        return FOR_INDUCTION_TYPE
    return None


def scf_if(site: Any) -> str | Placed | None:
    """scf.if: IfOp::verify (results need an else region), then RegionBranchOpInterface's
    verifier (ControlFlowInterfaces.cpp) on the edges from each region's scf.yield to the op's
    results: how many values, then their types."""
    regions = site.region_blocks()
    results = _result_types(site)
    if results is None:
        return None
    if results and (len(regions) < 2 or not regions[1]):
        return IF_NEEDS_ELSE
    for blocks in regions:
        found = _yield(blocks[0] if blocks else None, "scf.yield")
        if found is None:
            continue
        problem = _edge(site, found[0], "parent", found[1], results)
        if problem is not None:
            return problem
    return None


# ------------------------------------------------------------------------------ scf beyond for / if
def _terminator_of(blocks: list) -> Any:
    """The last op of a region's first block (None when the region or the block is empty)."""
    return blocks[0].terminator if blocks else None


def _terminate_with(site: Any, blocks: list, name: str, message: str) -> Placed | None:
    """SCF.cpp's verifyAndGetTerminator: the region's block must end with `name`; the note
    points at the op that ends it instead."""
    term = _terminator_of(blocks)
    if term is not None and term.name == name:
        return None
    notes = ((term.name_span, TERMINATOR_HERE),) if term is not None else ()
    return Placed(OP_ERROR.format(site.name, message), notes=notes)


def _edge(site: Any, source: Any | None, target: str, operands: list[str | None],
          inputs: list[str | None] | tuple) -> Placed | None:
    """One edge of RegionBranchOpInterface's verifier (ControlFlowInterfaces.cpp): from the op
    (`source` None, "parent") or a terminator into a region or the op's results: how many
    values, then their types; the note at the branch point."""
    origin = "parent" if source is None else f"Operation {source.name}"
    note = ((site.name_span if source is None else source.name_span, BRANCH_POINT_NOTE),)
    edge = BRANCH_EDGE.format(site.name, origin, target)
    if len(operands) != len(inputs):
        return Placed(edge + BRANCH_EDGE_COUNT.format(len(operands), len(inputs)), notes=note)
    for i, (got, want) in enumerate(zip(operands, inputs)):
        if got is not None and want is not None and got != want:
            return Placed(edge + BRANCH_EDGE_TYPE.format(i, _typed(got), _typed(want)), notes=note)
    return None


def _item_types(node: Any) -> list[str | None]:
    """The types of a `(T, U)` group (or of one type standing alone)."""
    nodes = [c for c in node.named_children if c.type != "comment"] if node.type == "paren_group" else [node]
    return [normalized_type(n.text.decode("utf-8", "replace")) if n.type in TYPE_KINDS and n.text else None
            for n in nodes]


def _operand_types(site: Any, count: int | None = None) -> list[str | None]:
    return _types(site, site.operands if count is None else count, site.operand_type)


def _assignment_list(group: Any) -> Placed | None:
    """OpAsmParser::parseAssignmentList (`scf.while (...)`, scf.for's `iter_args(...)`): a
    parenthesised, possibly empty list of `%name = %value`, then `,` or `)`; the first token
    that is not what the parser reads there, placed as emitWrongTokenError places it. A list
    the grammar left open is the syntax check's."""
    items = [c for c in group.children if c.type != "comment"]
    if len(items) < 2 or items[-1].type != ")":
        return None
    entries, at = items[1:-1], 0
    if not entries:
        return None
    while True:
        for want, message in (("value_use", EXPECTED_SSA_OPERAND), ("=", EXPECTED_TOKEN.format("=")),
                              ("value_use", EXPECTED_SSA_OPERAND)):
            token = entries[at] if at < len(entries) else items[-1]
            if token.type != want:
                return Placed(message, wrong_token_span(entries[at - 1] if at else items[0], token))
            at += 1
        if at == len(entries):
            return None
        if entries[at].type != ",":
            return Placed(EXPECTED_COMMA_OR_RPAREN, wrong_token_span(entries[at - 1], entries[at]))
        at += 1


def _type_list(group: Any) -> Placed | None:
    """Parser::parseTypeListParens: types separated by commas up to `)` (`expected ')'` at the
    first type that follows another with no comma); a token that may not be a type ends the
    reading silently (a dialect's own type the grammar did not class)."""
    items = [c for c in group.children if c.type != "comment"]
    if len(items) < 2 or items[-1].type != ")":
        return None
    entries = items[1:-1]
    for at, token in enumerate(entries):
        if token.type not in TYPE_KINDS and token.type != ",":
            return None
        if at and token.type in TYPE_KINDS and entries[at - 1].type in TYPE_KINDS:
            return Placed(EXPECTED_TOKEN.format(")"), wrong_token_span(entries[at - 1], token))
    return None


def scf_while_parse(site: Any) -> Placed | None:
    """WhileOp::parse (SCF.cpp): the optional assignment list, `:`, then a function type: its
    inputs in parentheses, `->`, its results (one type or a parenthesised list)."""
    items = _body(site)
    at = 0
    if items and items[0].type == "paren_group":
        problem = _assignment_list(items[0])
        if problem is not None:
            return problem
        at = 1
    if at >= len(items) or at == 0:
        return None
    if items[at].type != ":":
        return Placed(EXPECTED_TOKEN.format(":"), wrong_token_span(items[at - 1], items[at]))
    if at + 1 >= len(items) or items[at + 1].type != "paren_group":
        return None
    problem = _type_list(items[at + 1])
    if problem is not None:
        return problem
    if at + 2 < len(items) and items[at + 2].type != "->":
        return Placed(FUNCTION_TYPE_ARROW, wrong_token_span(items[at + 1], items[at + 2]))
    results = items[at + 3] if at + 3 < len(items) else None
    return _type_list(results) if results is not None and results.type == "paren_group" else None


def scf_for_parse(site: Any) -> Placed | None:
    """ForOp::parse (SCF.cpp): the assignment list after `iter_args`, read as scf.while's."""
    _, pairs = _keyword_group(_body(site), b"iter_args")
    return _assignment_list(pairs) if pairs is not None else None


def scf_while(site: Any) -> str | Placed | None:
    """scf.while: WhileOp::parse (as many input types as inits), WhileOp::verify (the 'before'
    region ends with scf.condition, the 'after' one with scf.yield), then the
    RegionBranchOpInterface edges: the inits into the 'before' region, scf.condition's values to
    the results and into the 'after' region, scf.yield's back into the 'before' region."""
    regions = site.region_blocks()
    inits = _operand_types(site)
    inputs: list[str | None] | None = None      # the custom form's types for the 'before' arguments
    if site.generic:
        results = _types(site, site.results, site.result_type) if site.results is not None else None
    else:
        items = _body(site)
        colon = next((i for i, item in enumerate(items) if item.type == ":"), None)
        if colon is None or colon + 1 >= len(items):
            return None
        inputs = _item_types(items[colon + 1])
        if len(inputs) != len(inits):
            start = items[colon].start_byte
            return Placed(CUSTOM_OP.format(site.name, WHILE_INPUT_COUNT.format(len(inits), len(inputs))),
                          Span(start, start + 1))
        results = _result_types(site)
    before = regions[0] if regions else []
    after = regions[1] if len(regions) > 1 else []
    problem = _terminate_with(site, before, "scf.condition", WHILE_TERMINATOR.format("before", "scf.condition")) \
        or _terminate_with(site, after, "scf.yield", WHILE_TERMINATOR.format("after", "scf.yield"))
    if problem is not None:
        return problem
    # The 'before' region's arguments: its label's, or (custom form) the types after the colon.
    before_arguments = before[0].arguments if before[0].arguments is not None else inputs
    after_arguments = after[0].arguments if after[0].arguments is not None else ()
    condition, yielded = _terminator_of(before), _terminator_of(after)
    carried = _types(condition, condition.operands, condition.operand_type)[1:]
    for source, target, operands, inputs in (
            (None, "Region #0", inits, before_arguments),
            (condition, "parent", carried, results),
            (condition, "Region #1", carried, after_arguments),
            (yielded, "Region #0", _types(yielded, yielded.operands, yielded.operand_type), before_arguments)):
        if inputs is None:
            continue
        problem = _edge(site, source, target, operands, inputs)
        if problem is not None:
            return problem
    return None


def _parallel_custom(site: Any) -> tuple[list[int], int | None, Placed | None]:
    """The custom form of scf.parallel, as ParallelOp::parse reads it: `(%i, ...) = (lower) to
    (upper) step (steps) [init (inits)] [-> types] {body}`; the group sizes, the result count
    and what the parser itself refuses."""
    items = _body(site)
    groups = [item for item in items if item.type == "paren_group"]
    if len(groups) < 4:
        return [], None, None
    induction = len(groups[0].named_children)
    sizes = []
    for group in groups[1:4]:
        count = len([c for c in group.named_children if c.type == "value_use"])
        if count != induction:
            start = group.start_byte
            return [], None, Placed(CUSTOM_OP.format(site.name, PARALLEL_OPERAND_COUNT.format(induction)),
                                    Span(start, start + 1))
        sizes.append(count)
    inits = 0
    for word, after in zip(items, items[1:]):
        if word.type == "keyword" and word.text == b"init" and after.type == "paren_group":
            inits = len([c for c in after.named_children if c.type == "value_use"])
    results = len(_result_types(site) or [])
    if inits != results:
        return [], None, Placed(CUSTOM_OP.format(site.name, OPERANDS_AND_TYPES.format(inits, results)))
    return sizes + [inits], results, None


def scf_parallel(site: Any) -> str | Placed | None:
    """scf.parallel: its parser (one bound and step per induction variable, as many inits as
    result types), then ParallelOp::verify: at least one induction variable, index-typed body
    arguments, one per step, the body ending with scf.reduce (a custom form without a
    terminator gets an empty one), and as many results as reductions, inits and reduced values
    of the results' types."""
    regions = site.region_blocks()
    blocks = regions[0] if regions else []
    if site.generic:
        sizes, results = site.operand_sizes(), site.results
        if sizes is None or len(sizes) != 4:
            return None
    else:
        sizes, results, problem = _parallel_custom(site)
        if problem is not None or not sizes:
            return problem
    steps = sizes[2]
    if steps == 0:
        return PARALLEL_NO_TUPLE
    for index in range(sizes[0] + sizes[1], sizes[0] + sizes[1] + steps):
        # getConstantIntValue: a step an arith.constant defines
        definer = site.definer(index)
        value = definer.attribute("value") if isinstance(definer, type(site)) and definer.name == "arith.constant" \
            else None
        match = re.match(r"\s*(-?[0-9]+)\b(?!\.)", (value.text or b"").decode("utf-8", "replace")) if value is not None \
            else None
        if match is not None and int(match.group(1)) <= 0:
            return PARALLEL_STEP_POSITIVE
    arguments = blocks[0].arguments if blocks else ()
    if arguments is not None:
        if len(arguments) != steps:
            return PARALLEL_INDUCTION_COUNT.format(len(arguments), steps)
        if any(a is not None and a != "index" for a in arguments):
            return PARALLEL_INDUCTION_TYPE
    term = _terminator_of(blocks)
    implicit = not site.generic and (term is None or (term.record is not None and not term.record.has(Trait.TERMINATOR)))
    if implicit:
        reductions, reduced = 0, []
    elif term is None or term.name != "scf.reduce":
        return _terminate_with(site, blocks, "scf.reduce", PARALLEL_TERMINATOR)
    else:
        reductions, reduced = term.regions, _types(term, term.operands, term.operand_type)
    if results is None:
        return None
    if results != reductions:
        return PARALLEL_REDUCTIONS.format(results, reductions)
    if results != sizes[3]:
        return PARALLEL_INITS.format(results, sizes[3])
    if len(reduced) != reductions:
        return None     # scf.reduce's own verifier says what is wrong
    types = _result_types(site) if not site.generic else _types(site, results, site.result_type)
    for i, (want, got) in enumerate(zip(types or [], reduced)):
        if want is not None and got is not None and want != got:
            return Placed(OP_ERROR.format(term.name, REDUCE_OPERAND_TYPE.format(i, _typed(got), _typed(want))),
                          term.name_span)
    return None


def scf_reduce(site: Any) -> str | None:
    """ReduceOp::verifyRegions: one region per reduced value, each taking two arguments of the
    value's type and ending with scf.reduce.return. An empty block is the verifier's own
    `empty block` (verify/structure.py)."""
    regions = site.region_blocks()
    if len(regions) != site.operands:
        return REDUCE_REGIONS.format(len(regions), site.operands)
    for i, blocks in enumerate(regions):
        if not blocks or blocks[0].ops == 0:
            return None
        want = site.operand_type(i)
        arguments = blocks[0].arguments
        if arguments is not None and want is not None and (len(arguments) != 2 or any(a is not None and a != want for a in arguments)):
            return REDUCE_ARGUMENTS.format(_typed(want), i)
        term = blocks[0].terminator
        if term is not None and term.name != "scf.reduce.return" and \
                (term.record is None or term.record.has(Trait.TERMINATOR)):
            # (a block ending with an op that is no terminator is the verifier's `block with no
            # terminator` first, which prints that op: not said here)
            return REDUCE_TERMINATOR
    return None


def scf_reduce_return(site: Any) -> str | None:
    """ReduceReturnOp::verify: the value returned has the type of the value reduced (the
    scf.reduce around it, whose region holds it)."""
    reduce = site.parent_site()
    got = site.operand_type(0)
    if reduce is None or reduce.name != "scf.reduce" or got is None:
        return None
    index = site.region_index()
    want = reduce.operand_type(index) if index is not None and index < reduce.operands else None
    return REDUCE_RETURN_TYPE.format(_typed(want)) if want is not None and want != got else None


def scf_execute_region(site: Any) -> str | None:
    """ExecuteRegionOp::verify: its region takes no arguments."""
    regions = site.region_blocks()
    if regions and regions[0] and regions[0][0].arguments:
        return EXECUTE_REGION_ARGUMENTS
    return None


def _switch_regions(site: Any) -> tuple[list[int] | None, list[tuple[str, list]]] | None:
    """scf.index_switch's case values and its regions, each with what MLIR calls it ('default
    region', 'case region #0', ...), the default first. The custom form writes each `case N {`
    and `default {` on a line of its own, which the grammar reads as ops that follow the switch
    (`OpSite.following`)."""
    if site.generic:
        regions = site.region_blocks()
        cases = _integers(site.attribute("cases"))
        names = ["default region"] + [f"case region #{i}" for i in range(len(regions) - 1)]
        return cases, list(zip(names, regions))
    cases, named, default = [], [], None
    for follower in site.following():
        # In a function body an op name without a dialect takes the function's (`func.case`).
        word = follower.name.rsplit(".", 1)[-1] if follower.record is None else ""
        if word == "case":
            items = _body(follower)
            try:
                cases.append(int((items[0].text or b"").decode()) if items else 0)
            except ValueError:
                return None
            regions = follower.region_blocks()
            named.append((f"case region #{len(named)}", regions[0] if regions else []))
        elif word == "default":
            regions = follower.region_blocks()
            default = ("default region", regions[0] if regions else [])
            break
        else:
            break
    if default is None:
        return None
    return cases, [default] + named


def scf_index_switch(site: Any) -> str | Placed | None:
    """IndexSwitchOp::verify: one region per case value, no value twice, and each region
    (the default first) ending with scf.yield of the results' count and types."""
    found = _switch_regions(site)
    if found is None:
        return None
    cases, regions = found
    if cases is None:
        return None
    if len(regions) - 1 != len(cases):
        return SWITCH_CASE_COUNT.format(len(regions) - 1, len(cases))
    seen: set[int] = set()
    for value in cases:
        if value in seen:
            return SWITCH_DUPLICATE_CASE.format(value)
        seen.add(value)
    results = _result_types(site)
    if results is None:
        return None
    for name, blocks in regions:
        term = _terminator_of(blocks)
        if term is None:
            continue     # the custom form's implicit scf.yield
        if term.name != "scf.yield":
            return SWITCH_TERMINATOR.format(term.name)
        yielded = _types(term, term.operands, term.operand_type)
        note = ((term.name_span, SWITCH_YIELD_NOTE),)
        if len(yielded) != len(results):
            return Placed(OP_ERROR.format(site.name, SWITCH_YIELD_COUNT.format(len(results), name, len(yielded))),
                          notes=note)
        for i, (want, got) in enumerate(zip(results, yielded)):
            if want is not None and got is not None and want != got:
                return Placed(OP_ERROR.format(site.name, SWITCH_YIELD_TYPE.format(i, _typed(want))),
                              notes=((term.name_span, SWITCH_YIELD_TYPE_NOTE.format(name, _typed(got))),))
    return None


# ------------------------------------------------------------------------------ llvm memory ops
# LLVM's atomic orderings, weakest first (LLVMEnums: AtomicOrdering).
_ORDERINGS = ("not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel", "seq_cst")
# Float types LLVM's dialect takes as its own (isCompatibleFloatingPointType), by width.
_LLVM_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128}


def _word(node: Any) -> str | None:
    """An attribute written as a bare keyword (`monotonic`); None for anything else (the
    generic form's enum integers are not read)."""
    text = node.text.decode("utf-8", "replace").strip() if node is not None and node.text else ""
    return text if re.fullmatch(r"[a-z_]+", text) else None


def _atomic_width(text: str | None) -> int | None:
    """The bits of a type an atomic access takes (isTypeCompatibleWithAtomicOp's data layout
    size: an integer's width, a float's, 64 for a pointer); 0 for a type it does not take;
    None when the text does not say."""
    if text is None:
        return None
    if re.fullmatch(r"i[0-9]+", text):
        return int(text[1:])
    if text in _LLVM_FLOAT_WIDTHS:
        return _LLVM_FLOAT_WIDTHS[text]
    if re.fullmatch(r"!llvm\.ptr(<\s*[0-9]+\s*>)?", text):
        return 64
    if text.startswith("!") and not text.startswith(("!llvm.", "!ptr.")):
        return None     # another dialect's type: not judged
    return 0


def _atomic_type_ok(text: str | None) -> bool | None:
    width = _atomic_width(text)
    return None if width is None else width >= 8 and width & (width - 1) == 0


def llvm_load_store(site: Any) -> str | None:
    """llvm.load / llvm.store: verifyAtomicMemOp (an atomic access of a type of a power-of-two
    size of at least a byte, an ordering the op takes, an alignment; a syncscope only on an
    atomic access)."""
    load = site.name == "llvm.load"
    ordering = _word(site.attribute("ordering"))
    if ordering is None or ordering == "not_atomic":
        return ATOMIC_SYNCSCOPE if site.attribute("syncscope") is not None else None
    value = site.result_type(0) if load else site.operand_type(0)
    if _atomic_type_ok(value) is False:
        return ATOMIC_TYPE.format(printed(value))
    if ordering in (("release", "acq_rel") if load else ("acquire", "acq_rel")):
        return ATOMIC_ORDERING.format(ordering)
    if site.attribute("alignment") is None:
        return ATOMIC_ALIGNMENT
    return None


def llvm_cmpxchg(site: Any) -> str | None:
    """AtomicCmpXchgOp::verify: the value's type, both orderings at least monotonic, and a
    failure ordering that does not release."""
    if _atomic_type_ok(site.operand_type(1)) is False:
        return CMPXCHG_TYPE
    success, failure = _word(site.attribute("success_ordering")), _word(site.attribute("failure_ordering"))
    if success not in _ORDERINGS or failure not in _ORDERINGS:
        return None
    if _ORDERINGS.index(success) < 2 or _ORDERINGS.index(failure) < 2:
        return CMPXCHG_ORDERING
    return CMPXCHG_FAILURE_ORDERING if failure in ("release", "acq_rel") else None


def llvm_fence(site: Any) -> str | None:
    """FenceOp::verify: an ordering that acquires or releases."""
    ordering = _word(site.attribute("ordering"))
    return FENCE_ORDERING if ordering in ("not_atomic", "unordered", "monotonic") else None


_POINTER = re.compile(r"^(vector<\s*[0-9]+\s*x\s*)?!llvm\.ptr(?:<\s*([0-9]+)\s*>)?(>)?$")


def _pointer(text: str) -> tuple[bool, int] | None:
    """(a vector of pointers, its address space) of a pointer type or a vector of them."""
    match = _POINTER.match(text)
    if match is None or bool(match.group(1)) != bool(match.group(3)):
        return None
    return bool(match.group(1)), int(match.group(2) or 0)


def llvm_bitcast(site: Any) -> str | None:
    """BitcastOp::verify: pointers (or vectors of them) only to and from pointers, a vector
    only to a vector, within one address space."""
    source, result = site.operand_type(0), site.result_type(0)
    if source is None or result is None:
        return None
    a, b = _pointer(re.sub(r"\s+", "", source)), _pointer(re.sub(r"\s+", "", result))
    if (a is None) != (b is None):
        return BITCAST_POINTERS
    if a is None or b is None:
        return None
    if b[0] and not a[0]:
        return BITCAST_TO_VECTOR
    if a[0] and not b[0]:
        return BITCAST_FROM_VECTOR
    return BITCAST_ADDRESS_SPACE if a[1] != b[1] else None


# ------------------------------------------------------------------------------ nvvm conversions
# ConvertF32x4ToF{8,6,4}x4Op::verify: the destination types each conversion takes, as its
# message lists them.
_F32X4_DESTINATIONS = {
    "nvvm.convert.f32x4.to.f8x4": (("f8E4M3FN", "f8E5M2"), "f8x4"),
    "nvvm.convert.f32x4.to.f6x4": (("f6E2M3FN", "f6E3M2FN"), "f6x4"),
    "nvvm.convert.f32x4.to.f4x4": (("f4E2M1FN",), "f4x4"),
}


def nvvm_convert_f32x4(site: Any) -> str | None:
    """A stochastic-rounding conversion of four f32 values: its destination type."""
    node = site.attribute("dstTy")
    written = node.text.decode("utf-8", "replace").strip() if node is not None and node.text else None
    allowed, target = _F32X4_DESTINATIONS[site.name]
    if written is None or written in allowed or not re.fullmatch(r"f[0-9A-Za-z]+", written):
        return None
    types = " and ".join(f"'{t}'" for t in allowed) + (" types are" if len(allowed) > 1 else " type is")
    return CONVERT_DESTINATION.format(types, "f32x4", target)


def nvvm_convert_float_to_tf32(site: Any) -> Placed | None:
    """ConvertFloatToTF32Op::verify (an emitError, without the op's prefix): a rounding mode of
    rn, rz or rna (none written is none), and no relu with rna."""
    node = site.attribute("rnd")
    text = node.text.decode("utf-8", "replace") if node is not None and node.text else ""
    match = re.fullmatch(r"\s*#nvvm\.fp_rnd_mode<\s*([a-z]+)\s*>\s*", text) if text else None
    if text and match is None:
        return None     # written some other way (an alias, the generic enum): not judged
    mode = match.group(1) if match else "none"
    if mode not in ("rn", "rz", "rna"):
        return Placed(CONVERT_TF32_ROUNDING)
    relu = site.attribute("relu")
    if mode == "rna" and relu is not None and (relu.text or b"").strip() in (b"true", b"unit"):
        return Placed(CONVERT_TF32_RELU)
    return None


# ------------------------------------------------------------------------------ vector memory ops
@dataclass(frozen=True)
class _Access:
    """Where one of vector's memory ops keeps what its verifier compares (VectorOps.cpp,
    <Op>::verify), by operand group name ("" for the result)."""

    vector: str                  # the vector loaded or stored
    role: str                    # what the messages call it: "result" / "valueToStore"
    indices: str                 # the scalar index group
    mask: str | None = None
    pass_thru: str | None = None
    index_vector: str | None = None
    first_dim: bool = False      # expandload / compressstore compare the first dimension only
    layout: bool = False         # load / store: ranks and vector element types of the memref


_ACCESS = {
    "vector.load": _Access("", "result", "indices", layout=True),
    "vector.store": _Access("valueToStore", "valueToStore", "indices", layout=True),
    "vector.maskedload": _Access("", "result", "indices", mask="mask", pass_thru="pass_thru"),
    "vector.maskedstore": _Access("valueToStore", "valueToStore", "indices", mask="mask"),
    "vector.gather": _Access("", "result", "offsets", mask="mask", pass_thru="pass_thru", index_vector="indices"),
    "vector.scatter": _Access("valueToStore", "valueToStore", "offsets", mask="mask", index_vector="indices"),
    "vector.expandload": _Access("", "result", "indices", mask="mask", pass_thru="pass_thru", first_dim=True),
    "vector.compressstore": _Access("valueToStore", "valueToStore", "indices", mask="mask", first_dim=True),
}


def _group(site: Any, name: str) -> list[str | None] | None:
    """The known types of one operand group of the record, by name; None when the text does not
    say which operands it holds."""
    groups = site.record.operands
    names = [g.name for g in groups]
    if name not in names:
        return None
    sizes = site.operand_sizes()
    if sizes is None:
        if sum(1 for g in groups if g.count is not Count.SINGLE) > 1:
            return None
        rest = site.operands - (len(groups) - 1)
        if rest < 0:
            return None
        sizes = [1 if g.count is Count.SINGLE else rest for g in groups]
    index = names.index(name)
    first = sum(sizes[:index])
    return [site.operand_type(first + i) for i in range(sizes[index])]


def _one(site: Any, name: str) -> TypeFacts | None:
    types = _group(site, name) if name else [site.result_type(0)]
    text = types[0] if types and len(types) == 1 else None
    return facts(text) if text is not None else None


def vector_access(site: Any) -> str | None:
    """vector.load / store / maskedload / maskedstore / gather / scatter / expandload /
    compressstore: the memref's (or tensor's) element type against the vector's, one index per
    dimension, the mask's and index vector's shapes, the pass-through's type."""
    access = _ACCESS[site.name]
    base, vector = _one(site, "base"), _one(site, access.vector)
    if base is None or vector is None or vector.kind != "vector" or base.kind not in ("memref", "tensor") \
            or base.dims is None or vector.dims is None or base.element is None or vector.element is None:
        return None
    role = access.role
    element = base.element
    if access.layout:
        # verifyLoadStoreMemRefLayout: a vector of more than one element, or a scalable one,
        # needs the memref's last dimension contiguous
        from .memref_checks import last_dim_unit_stride     # (memref_checks builds on this module)
        many = vector.scalable or (vector.dims and not all(d == 1 for d in vector.dims))
        if many and base.kind == "memref" and last_dim_unit_stride(site, _group(site, "base")[0]) is False:
            return VECTOR_UNIT_STRIDE
        if len(base.dims) < len(vector.dims):
            return VECTOR_LOAD_RANK if role == "result" else VECTOR_STORE_RANK
        if element.kind == "vector":
            if element.text != vector.text:
                return VECTOR_MEMREF_VECTOR.format(role)
            element = element.element
    if element is None:
        return None
    if vector.element.text != element.text:
        return (VECTOR_LOAD_ELEMENT if site.name == "vector.load" else VECTOR_ELEMENT).format(role)
    indices = _group(site, access.indices)
    if indices is not None and len(indices) != len(base.dims):
        return VECTOR_INDICES.format(len(base.dims))
    shape = (lambda t: t.dims[:1]) if access.first_dim else (lambda t: t.dims)
    if access.index_vector is not None:
        index_vector = _one(site, access.index_vector)
        if index_vector is not None and index_vector.dims is not None and index_vector.dims != vector.dims:
            return VECTOR_INDEX_VECTOR.format(role)
    if access.mask is not None:
        mask = _one(site, access.mask)
        if mask is not None and mask.dims is not None and shape(mask) != shape(vector):
            what = "dim" if access.first_dim or access.index_vector else "shape"
            return VECTOR_MASK.format(role, what)
    if access.pass_thru is not None:
        pass_thru = _one(site, access.pass_thru)
        if pass_thru is not None and pass_thru.text != vector.text:
            return VECTOR_PASS_THRU
    return None


def vector_transpose(site: Any) -> str | None:
    """vector.transpose (TransposeOp::verify): ranks, then the permutation against them."""
    source, result = site.operand_type(0), site.result_type(0)
    a, b = (facts(t) if t is not None else None for t in (source, result))
    permutation = _integers(site.attribute("permutation"))
    if a is None or b is None or a.dims is None or b.dims is None or a.kind != "vector" or b.kind != "vector":
        return None
    rank = len(b.dims)
    if len(a.dims) != rank:
        return TRANSPOSE_RANK.format(rank)
    if permutation is None:
        return None
    if len(permutation) != rank:
        return TRANSPOSE_LENGTH.format(len(permutation))
    seen: set[int] = set()
    for position, value in enumerate(permutation):
        if value < 0 or value >= rank:
            return TRANSPOSE_OUT_OF_RANGE.format(value)
        if value in seen:
            return TRANSPOSE_DUPLICATE.format(value)
        seen.add(value)
        if b.dims[position] != a.dims[value]:
            return TRANSPOSE_DIMENSION.format(value)
    return None


def _integers(node: Any) -> list[int] | None:
    """`[1, 0]` or `array<i64: 1, 0>`: the integers of a list attribute's text."""
    text = node.text.decode("utf-8", "replace") if node is not None and node.text else None
    if text is None:
        return None
    body = re.sub(r"^array<\s*i64\s*:", "", text.strip()).strip("[]> ")
    try:
        return [int(v) for v in body.split(",") if v.strip()]
    except ValueError:
        return None


_VECTOR_DIMS = re.compile(r"^vector<((?:\[?[0-9]+\]?x)*)(.+)>$")


def _vector_dims(text: str | None) -> tuple[list[tuple[int, bool]], str] | None:
    """A vector type's dimensions, each (size, scalable), and its element type's text."""
    match = _VECTOR_DIMS.match(re.sub(r"\s+", "", text)) if text is not None else None
    if match is None:
        return None
    dims = [(int(d.strip("[]")), d.startswith("[")) for d in match.group(1).split("x") if d]
    return dims, match.group(2)


def _dim(size: int, scalable: bool) -> str:
    return f"[{size}]" if scalable else str(size)


def vector_broadcast(site: Any) -> str | None:
    """vector.broadcast (BroadcastOp::verify through isBroadcastableTo): a scalar of the result's
    element type, or a vector whose trailing dimensions each match or are 1 (a scalable 1
    only onto 1; fixed and scalable sizes do not mix but for 1 -> [N])."""
    source, result = site.operand_type(0), _vector_dims(site.result_type(0))
    if source is None or result is None:
        return None
    destination, element = result
    read = _vector_dims(source)
    if read is None:
        t = facts(source)
        if t is None or source == element:
            return None
        return BROADCAST_NOT_VECTOR if t.kind in ("integer", "index", "float") or t.kind.startswith("llvm.") \
            or t.kind in ("tensor", "memref") else None
    dims = read[0]
    if len(dims) > len(destination):
        return BROADCAST_RANK
    lead = len(destination) - len(dims)
    for (size, scalable), (target, target_scalable) in zip(dims, destination[lead:]):
        if (size != 1 and size != target) or (size == 1 and scalable and target != 1) or \
                (scalable != target_scalable and (size != 1 or scalable)):
            return BROADCAST_DIMENSION.format(_dim(size, scalable), _dim(target, target_scalable))
    return None


# ------------------------------------------------------------------------------ gpu reductions
# GPUDialect.cpp, verifyReduceOpAndType: the kinds that need a float, and those that need an integer.
_FLOAT_REDUCTIONS = frozenset({"minnumf", "maxnumf", "minimumf", "maximumf"})
_INTEGER_REDUCTIONS = frozenset({"minsi", "minui", "maxsi", "maxui", "and", "or", "xor"})


def _reduction_kind(site: Any) -> str | None:
    """The reduction's kind as written: `minsi` in the custom form, `#gpu<all_reduce_op minsi>`
    in an attribute."""
    node = site.attribute("op")
    text = node.text.decode("utf-8", "replace") if node is not None and node.text else None
    match = re.search(r"([a-z]+)\s*>?\s*$", text) if text is not None else None
    return match.group(1) if match else None


def _reduction_type_problem(kind: str | None, text: str | None) -> str | None:
    t = facts(text) if text is not None else None
    if kind is None or t is None:
        return None
    if (kind in _FLOAT_REDUCTIONS and t.kind != "float") or (kind in _INTEGER_REDUCTIONS and t.kind != "integer"):
        return REDUCTION_KIND_TYPE.format(kind, printed(text))
    return None


def gpu_all_reduce(site: Any) -> Placed | None:
    """gpu.all_reduce (AllReduceOp::verifyRegions): either a kind or a body; a body takes two
    arguments of the result's type and yields one value of it; a kind fits the type."""
    items = _body(site)
    if items and items[0].type in ("keyword", "bare_id"):
        # parseAllReduceOperation: a word before the operand names the kind
        from .mlir_ods import CONSTRAINTS   # mlir_ods builds the records these checks sit on
        word = (items[0].text or b"").decode("utf-8", "replace")
        if word not in (CONSTRAINTS.get("GPU_AllReduceOperationAttr", {}).get("cases") or [word]):
            return Placed(f"custom op '{site.name}' {REDUCTION_INVALID_KIND}", Span(items[0].start_byte, items[0].end_byte))
    kind, result = _reduction_kind(site), site.result_type(0)
    regions = site.region_blocks()
    blocks = regions[0] if regions else []
    if (not blocks) == (kind is None):     # neither a kind nor a body, or both
        return Placed(REDUCTION_OP_OR_BODY) if regions else None
    if kind is not None:
        problem = _reduction_type_problem(kind, result)
        return Placed(problem) if problem is not None else None
    arguments = blocks[0].arguments
    if arguments is None:
        return None
    if len(arguments) != 2:
        return Placed(REDUCTION_ARGUMENTS)
    if result is not None and any(a is not None and a != result for a in arguments):
        return Placed(REDUCTION_ARGUMENT_TYPE)
    yields = 0
    for block in blocks:
        found = _yield(block, "gpu.yield")
        if found is None:
            continue
        if len(found[1]) != 1:
            return Placed(REDUCTION_YIELD_COUNT)
        if result is not None and found[1][0] is not None and found[1][0] != result:
            return Placed(REDUCTION_YIELD_TYPE)
        yields += 1
    return Placed(REDUCTION_NO_YIELD) if yields == 0 and all(b.terminator is not None for b in blocks) else None


def gpu_subgroup_reduce(site: Any) -> str | Placed | None:
    """gpu.subgroup_reduce (SubgroupReduceOp::verify): the kind against the (element) type, then
    the cluster's size and stride: powers of two, a stride only with a size."""
    result = site.result_type(0)
    t = facts(result) if result is not None else None
    element = t.element.text if t is not None and t.kind == "vector" and t.element is not None else result
    problem = _reduction_type_problem(_reduction_kind(site), element)
    if problem is not None:
        return Placed(problem)
    size, stride = _integer_attribute(site, "cluster_size"), _integer_attribute(site, "cluster_stride")
    if size is not None and (size <= 0 or size & (size - 1)):
        return CLUSTER_SIZE.format(size)
    if stride is not None and stride != 1 and size is None and site.attribute("cluster_size") is None:
        return CLUSTER_STRIDE_WITHOUT_SIZE
    if stride is not None and (stride <= 0 or stride & (stride - 1)):
        return CLUSTER_STRIDE.format(stride)
    return None


def _integer_attribute(site: Any, name: str) -> int | None:
    node = site.attribute(name)
    text = node.text.decode("utf-8", "replace") if node is not None and node.text else ""
    match = re.match(r"\s*(-?[0-9]+)", text)
    return int(match.group(1)) if match else None


# ------------------------------------------------------------------------------ arith.select
_SHAPED_PREFIX = re.compile(r"^((?:tensor|vector)<(?:(?:\[?[0-9?]+\]?|\*)x)*)")


def i1_same_shape(text: str | None) -> str | None:
    """ArithOps.cpp's getI1SameShape: a vector or tensor type with i1 elements (its encoding
    kept), i1 for anything else; None when the text cannot say."""
    t = facts(text) if text is not None else None
    if t is None:
        return None
    if t.kind not in ("vector", "tensor"):
        return "i1"
    match = _SHAPED_PREFIX.match(t.text)
    if match is None or t.element is None or not t.text[match.end():].startswith(t.element.text):
        return None
    return match.group(1) + "i1" + t.text[match.end() + len(t.element.text):]


def arith_select(site: Any) -> str | None:
    """SelectOp::verify: a condition other than i1 is a mask of the result's shape."""
    condition = site.operand_type(0)
    result = site.result_type(0) or site.operand_type(1)
    t = facts(result) if result is not None else None
    if condition is None or t is None or condition == "i1":
        return None
    if t.kind not in ("vector", "tensor"):
        return SELECT_CONDITION_I1.format(_typed(condition))
    expected = i1_same_shape(result)
    if expected is not None and expected != condition:
        return SELECT_CONDITION_SHAPE.format(_typed(expected), _typed(condition))
    return None


# Tokens that surely start no type where SelectOp::parse reads one (a token the grammar did not
# class as a type may still be one: a dialect's own, not judged).
_NO_TYPE = frozenset({"value_use", ",", ":", "::", "attribute_dict", "integer", "->"})


def arith_select_parse(site: Any) -> Placed | None:
    """SelectOp::parse (ArithOps.cpp): `parseOperandList(operands, 3)` (a comma with no operand
    after it: `expected SSA operand`; another count: `expected 3 operands`, where the list
    starts), an optional dictionary, `parseColonType` and, after a comma, the result's type,
    each missing token where emitWrongTokenError places it. What follows the types is the next
    op's, and a list or type going on past the op's line is not judged."""
    items = _body(site)
    if not items or items[0].type != "value_use":
        return None
    at, count = 0, 0
    while True:
        if at >= len(items):
            return None
        if items[at].type != "value_use":
            return Placed(EXPECTED_SSA_OPERAND, wrong_token_span(items[at - 1], items[at]))
        count, at = count + 1, at + 1
        if at >= len(items) or items[at].type != ",":
            break
        at += 1
    if count != 3:
        return Placed(CUSTOM_OP.format(site.name, PARALLEL_OPERAND_COUNT.format(3)),
                      Span(items[0].start_byte, items[0].end_byte))
    if at < len(items) and items[at].type == "attribute_dict":
        at += 1
    if at >= len(items):
        return None
    if items[at].type == "::":      # the lexer's two colons: the type is missing at the second
        return Placed(EXPECTED_TYPE, Span(items[at].start_byte + 1, items[at].end_byte))
    if items[at].type != ":":
        return Placed(EXPECTED_TOKEN.format(":"), wrong_token_span(items[at - 1], items[at]))
    for _ in range(2):
        at += 1
        if at >= len(items):
            return None
        if items[at].type in _NO_TYPE:
            return Placed(EXPECTED_TYPE, wrong_token_span(items[at - 1], items[at]))
        if at + 1 >= len(items) or items[at + 1].type != ",":
            return None
        at += 1
    return None


# What the custom parsers refuse before anything is verified (OpDef.parse).
def only_block(site: Any) -> tuple[bool, Any]:
    """The block of an op with one region of at most one block: (True, the block, or None for a
    region written empty); (False, None) for any other op."""
    regions = site.region_blocks()
    if len(regions) != 1 or len(regions[0]) > 1:
        return False, None
    return True, (regions[0][0] if regions[0] else None)


# ------------------------------------------------------------------------------ affine.apply
_AFFINE_MAP = re.compile(r"^affine_map<\s*\(([^)]*)\)\s*(?:\[([^\]]*)\])?\s*->\s*\((.*)\)\s*>$", re.S)


def affine_apply(site: Any) -> str | None:
    """AffineApplyOp::verify on a map written out (the generic form's `map`; a custom form's is
    read by its own parser): one operand per dimension and symbol, one result."""
    node = site.attribute("map") if site.generic else None
    match = _AFFINE_MAP.match((node.text or b"").decode("utf-8", "replace").strip()) if node is not None else None
    if match is None:
        return None
    dims, symbols = ([n for n in (group or "").split(",") if n.strip()] for group in match.group(1, 2))
    if site.operands != len(dims) + len(symbols):
        return AFFINE_APPLY_OPERANDS
    results = top_level_parameters(match.group(3)) if match.group(3).strip() else []
    return AFFINE_APPLY_RESULTS if len(results) != 1 else None


# ------------------------------------------------------------------------------ scf.forall
def _keyword_group(items: list, word: bytes) -> tuple[Any, Any]:
    """The keyword `word` of a custom form and the parenthesised group after it."""
    for item, after in zip(items, items[1:]):
        if item.type in ("keyword", "bare_id") and item.text == word and after.type == "paren_group":
            return item, after
    return None, None


def scf_forall_parse(site: Any) -> Placed | None:
    """ForallOp::parse: one `shared_outs` operand per result type after `->` (where the
    keyword stands)."""
    items = _body(site)
    keyword, outs = _keyword_group(items, b"shared_outs")
    if keyword is None:
        return None
    arrow = next((i for i, item in enumerate(items) if item.type == "->"), None)
    if arrow is None or arrow + 1 >= len(items) or items[arrow + 1].type != "paren_group":
        return None
    types = [c for c in items[arrow + 1].named_children if c.type != "comment"]
    if not all(t.type in TYPE_KINDS for t in types):
        return None
    operands = sum(1 for c in outs.named_children if c.type == "value_use") // 2
    if operands == len(types):
        return None
    return Placed(CUSTOM_OP.format(site.name, FORALL_OPERAND_TYPES.format(operands, len(types))),
                  Span(keyword.start_byte, keyword.end_byte))


def scf_forall(site: Any) -> str | None:
    """ForallOp::verify's `mapping`: one device mapping attribute per induction variable, at
    most one masking attribute (`#gpu.mask<...>`) besides (the custom form: the dictionary after
    the region). The checks before it, on results, outputs and block arguments, its parser
    makes hold for a custom form."""
    items = _body(site)
    if not items or items[0].type != "paren_group":
        return None
    rank = sum(1 for c in items[0].named_children if c.type == "value_use")
    region = next((i for i, item in enumerate(items) if item.type == "region"), None)
    dictionary = items[region + 1] if region is not None and region + 1 < len(items) else None
    mapping = _entries(dictionary).get("mapping") if dictionary is not None and dictionary.type == "attribute_dict" else None
    text = (mapping.text or b"").decode("utf-8", "replace").strip() if mapping is not None else ""
    if not text.startswith("[") or not text.endswith("]") or not text[1:-1].strip():
        return None
    entries = [e.strip() for e in top_level_parameters(text[1:-1])]
    if not all(e.startswith("#") for e in entries):
        return None
    masks = sum(1 for e in entries if re.match(r"#gpu\.mask\b", e))
    if len(entries) - masks != rank:
        return FORALL_MAPPING_RANK
    return FORALL_MASKS if masks > 1 else None


def scf_forall_in_parallel(site: Any) -> str | None:
    """InParallelOp::verify: its block holds ParallelCombiningOpInterface ops only. Only the
    block's last op is seen here (an op before it that breaks the rule gets the same message;
    one of a dialect without records is not judged)."""
    one, block = only_block(site)
    last = block.terminator if one and block is not None else None
    if last is None or last.record is None:
        return None
    return None if "ParallelCombiningOpInterface" in last.record.interfaces else IN_PARALLEL_OPS


# ------------------------------------------------------------------------------ scf.index_switch
def scf_index_switch_parse(site: Any) -> Placed | None:
    """IndexSwitchOp's format (`$arg attr-dict (`->` type($results)^)? custom<SwitchCases>
    `default` $defaultRegion`, SCF.cpp's parseSwitchCases): after the operand and dictionary, `->`
    or the cases; each `case` an integer (`parseInteger`, at the token) and a region; then the
    `default` keyword (at the token) and its region; a region without its `{` gets
    `parseRegion`'s error where emitWrongTokenError places it. The custom form writes `case N {`
    and `default {` on lines of their own, which the grammar reads as ops that follow the
    switch (`OpSite.following`)."""
    items = _body(site)
    if not items or items[0].type != "value_use":
        return None
    at = 1
    if at < len(items) and items[at].type == "attribute_dict":
        at += 1
    if at < len(items) and items[at].type != "->":
        return Placed(CUSTOM_OP.format(site.name, EXPECTED_TOKEN.format("default")),
                      Span(items[at].start_byte, items[at].end_byte))
    for follower in site.following():
        word = follower.name.rsplit(".", 1)[-1] if follower.record is None else ""
        if word not in ("case", "default") or follower.generic or follower.node is None:
            span = follower.name_span
            return Placed(CUSTOM_OP.format(site.name, EXPECTED_TOKEN.format("default")), Span(span.start, span.end))
        node = follower.node
        body = [c for c in (node.child_by_field_name("body").children if node.child_by_field_name("body") else ())
                if not c.is_extra]
        regions = [c for c in body if c.type == "region"]
        before = [c for c in body if c.type != "region"]
        if word == "case":
            if not before or before[0].type != "integer":
                wrong = before[0] if before else (regions[0] if regions else None)
                if wrong is None:
                    return None
                return Placed(CUSTOM_OP.format(site.name, EXPECTED_INTEGER),
                              Span(wrong.start_byte, wrong.start_byte + 1))
            expected = 1
        else:
            expected = 0
        if not regions or len(before) > expected:
            last = before[expected - 1] if expected else follower.node.child_by_field_name("name")
            wrong = before[expected] if len(before) > expected else None
            if wrong is None:
                return Placed(REGION_BRACE, Span(last.end_byte, last.end_byte))
            return Placed(REGION_BRACE, wrong_token_span(last, wrong))
        if word == "default":
            return None
    return None


PARSERS: dict[str, Callable[[Any], Any]] = {
    "arith.select": arith_select_parse,
    "func.func": func_func_parse,
    "scf.forall": scf_forall_parse,
    "scf.for": scf_for_parse,
    "scf.while": scf_while_parse,
    "scf.index_switch": scf_index_switch_parse,
}

CHECKS: dict[str, Callable[[Any], Any]] = {
    "affine.apply": affine_apply,
    "memref.view": memref_view,
    "memref.assume_alignment": memref_assume_alignment,
    "scf.forall": scf_forall,
    "scf.forall.in_parallel": scf_forall_in_parallel,
    "arith.select": arith_select,
    "func.func": func_func,
    "func.call": func_call,
    "func.constant": func_constant,
    "gpu.all_reduce": gpu_all_reduce,
    "gpu.subgroup_reduce": gpu_subgroup_reduce,
    "vector.broadcast": vector_broadcast,
    **{name: vector_access for name in _ACCESS},
    "vector.transpose": vector_transpose,
    "scf.for": scf_for,
    "scf.if": scf_if,
    "scf.while": scf_while,
    "scf.parallel": scf_parallel,
    "scf.reduce": scf_reduce,
    "scf.reduce.return": scf_reduce_return,
    "scf.execute_region": scf_execute_region,
    "scf.index_switch": scf_index_switch,
    **{name: arith_cast for name in _CASTS},
    "func.return": func_return,
    "memref.load": memref_load,
    "memref.alloc": memref_alloc,
    "memref.alloca": memref_alloc,
    "gpu.alloc": memref_alloc,
    "memref.cast": memref_cast,
    "llvm.load": llvm_load_store,
    "llvm.store": llvm_load_store,
    "llvm.cmpxchg": llvm_cmpxchg,
    "llvm.fence": llvm_fence,
    "llvm.bitcast": llvm_bitcast,
    **{name: nvvm_convert_f32x4 for name in _F32X4_DESTINATIONS},
    "nvvm.convert.float.to.tf32": nvvm_convert_float_to_tf32,
    "memref.store": memref_store,
    "arith.cmpi": _predicate("Arith_CmpIPredicateAttr"),
    "arith.cmpf": _predicate("Arith_CmpFPredicateAttr"),
    "arith.constant": arith_constant,
}
