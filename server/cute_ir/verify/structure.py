"""Each op against its record, as MLIR's verifier holds an op against its ODS definition.

The SSA walk of a unit (ir/ssa.py) says, for every op that has a record, what the text says of
it (`OpSite`: its form, operand / result / region / successor counts, the types its operands and
results are known to have, the op it sits in, whether it ends its block). `check_site` holds it
against the record (dialects/) in the order of MLIR's `verifyInvariants` and reports the first
rule it breaks, in MLIR's words, at the op's name:

0. for a custom form, what its parser refuses as it reads it: the op's own parser's checks
   (`OpDef.parse`), a type the format parses as a class of its own (`invalid kind of type
   specified`), a type it derives others from against its constraint;
1. the counts ODS derives from the definitions (`requires one result`, `expected 2 operands, but
   found 3`, `requires 2 successors but found 1`, ...) for the generic form, whose counts are
   exact (a custom form's are its parser's business, and its text binds what it binds);
2. the type constraints of operands and results (`operand #0 must be signless-integer-like, but
   got 'f32'`) where a type is known and the constraint decides (dialects/constraints.py);
3. the structural traits: `Terminator` (the last op of its block), `HasParent` / `ParentOneOf`,
   `SingleBlock`, `NoRegionArguments`, `SameOperandsAndResultType`, `SameTypeOperands`, `AllTypesMatch`;
4. the op's own verifier: a callable on its record (`OpDef.check`, dialects/op_checks.py).

An op of the project's own dialects (cute_nvgpu, nv_tileas, nv_tileaa, cute) has verifiers of
its own (verify/); here it is held only against the operand groups its record defines, in either
form, as ODS's generated verifier holds a custom form once its parser has read the operands
(`_own_operands`). Not checked: the CuTe DSL's harvested vocabulary (no definitions), an atom's
builders and appliers (their verifiers say what each operand is), ops whose segments an attribute
sizes (their verifiers check them), and the DSL's parenthesized form of an op (its own op).
"""
from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache
from typing import Callable

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..diagnostics.mlir_messages import (
    EXPECTED_N, EXPECTED_N_OPERANDS, EXPECTED_N_OR_MORE, EXPECTED_N_OR_MORE_OPERANDS, EXPECTS_PARENT, OPTIONAL_OPERAND_GROUP,
    ATTRIBUTE_CONSTRAINT, CUSTOM_OP, EXPECTS_PARENT_ONE_OF, FAILED_TO_VERIFY_THAT, MUST_BE, REQUIRES_ATTRIBUTE_OF_OP as REQUIRES_ATTRIBUTE, MUST_BE_LAST, OP_ERROR, PARSED_TYPE_MUST_BE,
    REQUIRES_AT_LEAST_SUCCESSORS, REQUIRES_ONE, REQUIRES_SUCCESSORS, REQUIRES_ZERO, SAME_OPERANDS_AND_RESULT_SHAPE,
    SAME_OPERANDS_SHAPE, SAME_OPERANDS_ELEMENT_TYPE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    SAME_OPERANDS_AND_RESULT_TYPE, SAME_TYPE_OPERANDS, REGION_BLOCKS, EMPTY_BLOCK, REGION_ARGUMENTS,
    REGION_NO_ARGUMENTS, REGION_CONSTRAINT, EMPTY_BLOCK_TERMINATOR, NO_TERMINATOR, ENTRY_PREDECESSORS,
    SUCCESSORS_IN_NON_TERMINATOR, SYMBOL_PARENT, SYMBOL_VISIBILITIES, SYMBOL_VISIBILITY, BRANCH_OPERAND_COUNT, BRANCH_OPERAND_TYPE,
    BRANCH_WEIGHT_COUNT, BRANCH_WEIGHTS_ZERO, IMPLICIT_TERMINATOR, IMPLICIT_TERMINATOR_NOTE,
    INVALID_ATTRIBUTE_KIND, INVALID_TYPE_KIND, INVALID_TYPE_KIND_UNNAMED, NOT_SUPPORTED_ON, NAMED_NO_RESULTS, GPU, ELEMENTWISE_ALL_RESULTS, ELEMENTWISE_NO_RESULT, ELEMENTWISE_RESULT_SCALAR, ELEMENTWISE_SAME, SEGMENT_SIZES,
)
from ..dialects import registry
from ..dialects.constraints import attribute_satisfies, bit_width, compatible_shapes, facts, printed, satisfies
from ..dialects.mlir_ods import CONSTRAINTS, SOURCE
from ..dialects.ods import Count, OpDef, Trait
from ..dialects.gpu_checks import function_attributes as gpu_function_attributes
from ..dialects.nvvm_checks import function_attributes
from ..dialects.op_checks import Placed, _body, _entries, _function_attributes, i1_same_shape
from ..ir.op_form import Leftover, aliases_read, record_tables, segment_sizes
from ..ir.ssa import OpSite
from ..ir.target import op_needs
from ..syntax.op_formats import FORMAT_CHECKS, left_open
from ..syntax.cst import written_symbol
from ..syntax.parser import wide_nodes
from ..tables.op_names import next_op_message
from ..tables.tiers import parse_target, satisfies_any

# `requires one ...`: ODS's OneRegion / OneResult / OneOperand say it in words of their own.
_ONE = {"regions": "one region", "results": "one result", "operands": "a single operand"}


# Records whose operand groups are not the op's own definition: the CuTe DSL's vocabulary,
# harvested from its dumps (any operands, any results).
_UNDEFINED_OPERANDS = frozenset({"cute-dsl"})


def check_site(site: OpSite) -> Diagnostic | None:
    record: OpDef = site.record
    if record.source != SOURCE:
        # The project's own dialects have verifiers of their own (verify/); the operand count
        # their records define is ODS's verifier's to check, in any form.
        problem = _own_operands(site, record)
        return None if problem is None else Diagnostic("verify.op", site.name_span, Severity.ERROR, Source.VERIFY,
                                                      OP_ERROR.format(record.name, problem))
    steps, by_text, parsing = _steps(record, site.generic)
    key = (id(record), site.said_key()) if by_text else None
    problem = None
    # MLIR verifies nothing of a text its parser refused: in a unit where the SSA walk found
    # such an error (a prior use's type, an undeclared value, ...), only what the op's parser
    # refuses is said, not what its verifiers would say of what the parser made of it.
    unparsed = site.unit_unparsed()
    if key is None or key[1] is None or _QUIET.get(key) is not record:
        for step in steps[:parsing] if unparsed else steps:
            problem = step(site, record)
            if problem:
                break
        if problem is None and key is not None and key[1] is not None and not unparsed:
            _QUIET[key] = record
            if len(_QUIET) > _QUIET_KEPT:
                _QUIET.popitem(last=False)
    if unparsed and problem is None:
        return None
    problem = problem or _required_sm(site)
    if problem is None and record.check is not None:
        problem = record.check(site)
    if problem is None and site.regions:
        # (region traits are verified after the op's own verifier)
        problem = _entry_predecessors(site) or _empty_block(site, record) or _implicit_terminator(site, record)
    if problem is None:
        return None
    if isinstance(problem, Placed):   # an op's own verifier's emitError: its own words and place
        return Diagnostic("verify.op", problem.span or site.name_span, Severity.ERROR, Source.VERIFY,
                          problem.message, tuple(Related(span, note) for span, note in problem.notes))
    return Diagnostic("verify.op", site.name_span, Severity.ERROR, Source.VERIFY,
                      OP_ERROR.format(record.name, problem))


# `check_site`'s rules before the op's own verifier and `_required_sm`, in MLIR's order, by the
# record's identity and whether the form is generic: those that can say something of some op of
# the record (a rule whose record alone makes it say nothing is left out); whether what they
# say follows from what `OpSite.said_key` holds; and how many of them, first, are the parser's.
# The entry holds the record, so a key is not reused.
_STEPS: dict[tuple[int, bool], tuple[OpDef, tuple[tuple, bool, int]]] = {}

# The ops of which those rules said nothing, by their record's identity and `OpSite.said_key`
# (the value: the record, so a key is not reused): the last `_QUIET_KEPT`. An op that repeats
# another's text, with operands defined with the same types, in the same place, is not judged by
# them again; a rule's answer is kept only when it is nothing, which needs no place.
_QUIET: "OrderedDict[tuple[int, tuple], OpDef]" = OrderedDict()
_QUIET_KEPT = 8192


def _steps(record: OpDef, generic: bool) -> tuple[tuple, bool, int]:
    entry = _STEPS.get((id(record), generic))
    if entry is None or entry[0] is not record:
        # An op's own parser (`OpDef.parse`) may read more than the op's text, and a branch's
        # operands are held against its target blocks: their answers are not kept.
        by_text = record.parse is None and "BranchOpInterface" not in record.interfaces
        rules, parsing = _steps_of(record, generic)
        entry = _STEPS[(id(record), generic)] = (record, (rules, by_text, parsing))
    return entry[1]


def _steps_of(record: OpDef, generic: bool) -> tuple[tuple, int]:
    """The rules, and how many of them, first, are what the op's parser refuses."""
    function_like = record.has(Trait.FUNCTION_LIKE)
    parse = record.parse
    rules = [_generic_successors] if generic else [
        *([_unparsed] if record.format else []),
        *([lambda site, _: parse(site)] if parse is not None else []),
        *([_async_token] if "custom<AsyncDependencies>" in record.format else []),
        _parsed_kinds,
        *([_parsed_attribute_kinds] if record.attributes else []),
        *([_parsed_types] if record.types_match else [])]
    parsing = len(rules)
    rules += [
        *([_counts] if generic else []),
        *([_dialect_attributes] if function_like else []),
        *([_attribute_constraints] if record.attributes else []),
        *([_constraints] if any(g.check is not None for g in (*record.operands, *record.results)) else []),
        _traits,
        *([_region_constraints] if record.region_constraints and not record.variadic_regions else []),
        *([_branch_operands] if "BranchOpInterface" in record.interfaces else []),
        *([_branch_weights] if "WeightedBranchOpInterface" in record.interfaces else [])]
    return tuple(rules), parsing


def _function_attribute_constraints(site: OpSite, record: OpDef) -> str | None:
    """A function's custom form (its own C++ parser, no format) writes its inherent
    attributes in `attributes {...}`, which the parser takes as they are: each against its
    constraint is the verifier's (`'gpu.func' op attribute 'known_block_size' failed to
    satisfy constraint: ...`, at the op)."""
    if site.generic or record.format or not record.has(Trait.FUNCTION_LIKE):
        return None
    written = _entries(_function_attributes(_body(site))[1])
    for attribute in record.attributes:
        node = written.get(attribute.name)
        if node is not None and node.text is not None and attribute.check is not None \
                and _attribute_violates(attribute.check, _through_aliases(node.text)):
            return ATTRIBUTE_CONSTRAINT.format(attribute.name, CONSTRAINTS[attribute.check]["summary"])
    return None


def _dialect_attributes(site: OpSite, record: OpDef) -> Placed | str | None:
    """What a dialect's own verifier says of its attributes on a function (the NVVM dialect's
    `nvvm.kernel` and `nvvm.grid_constant`, the gpu dialect's known launch sizes), which MLIR
    verifies before the op itself."""
    if not record.has(Trait.FUNCTION_LIKE):
        return None
    return function_attributes(site) or gpu_function_attributes(site)


def _required_sm(site: OpSite) -> str | None:
    """An NVVM op's `NVVMRequiresSM` trait against the `#nvvm.target` chips of the gpu.module
    around it (NVVMRequiresSMTraits.h; the gate as ir/target.op_needs reads the trait, with the
    project's reading of an `a` requirement from Blackwell on, docs/spec-deviations.md)."""
    needs = op_needs(site.name, site.name_span)
    if not needs:
        return None
    for chip in site.module_targets() or ():
        if parse_target(chip) is not None and not satisfies_any(chip, needs[0].requires):
            return NOT_SUPPORTED_ON.format(chip)
    return None


def _counts(site: OpSite, record: OpDef) -> str | None:
    return (_count("regions", site.regions, *record.region_count())
            or (_count("results", site.results, *record.result_count()) if site.results is not None else None)
            or _successors(site.successors, record)
            or _count("operands", site.operands, *record.operand_count())
            or _attributes(site, record) or _segments(site, record))


def _own_operands(site: OpSite, record: OpDef) -> str | None:
    """An op of the project's dialects against the operand groups of its record, as ODS's
    generated verifier holds a custom form's operands once its parser has read them all
    (`NOperands`, `AtLeastNOperands`, and the size of one optional group)."""
    if record.source in _UNDEFINED_OPERANDS or record.has(Trait.ATTR_SIZED_OPERAND_SEGMENTS) \
            or record.verifier is not None or _dsl_form(site):
        # (An atom's builders and appliers have the atom verifiers, which say what each
        # operand is; the CuTe DSL's form of a spec op, `op(%a, ...) : (...) -> ...`, takes the
        # operands of the DSL's own op: make_exec_tma its atom alone, tma_partition five.)
        return None
    fewest, most = record.operand_count()
    if most is None or fewest == most:
        return _count("operands", site.operands, fewest, most)
    if site.operands < fewest:
        return EXPECTED_N_OR_MORE_OPERANDS.format(fewest, site.operands)
    optional = [i for i, group in enumerate(record.operands) if group.count is Count.OPTIONAL]
    if site.operands > most and len(optional) == 1:
        return OPTIONAL_OPERAND_GROUP.format(optional[0], site.operands - fewest)
    return None


def _dsl_form(site: OpSite) -> bool:
    """Whether the op is written in the CuTe DSL's form: its operands in parentheses right
    after its name."""
    node = site.node
    if node is None or node.text is None or site.generic:
        return False
    at = site.name_span.end - node.start_byte
    return node.text[at:at + 1] == b"("


def _segments(site: OpSite, record: OpDef) -> str | None:
    """AttrSizedOperandSegments: the generic form's `operandSegmentSizes` adds up to its
    operands (ODS's generated verifier)."""
    if not record.has(Trait.ATTR_SIZED_OPERAND_SEGMENTS):
        return None
    sizes = segment_sizes(site.attribute("operandSegmentSizes"), len(record.operands))
    if sizes is None or sum(sizes) == site.operands:
        return None
    return SEGMENT_SIZES.format(site.operands, sum(sizes))


def _attributes(site: OpSite, record: OpDef) -> str | None:
    """The generic form's required attributes (and properties), as ODS's verifier asks for them."""
    if site.node is None:
        return None
    written: set[str] = set()
    for field in ("attributes", "properties"):
        group = site.node.child_by_field_name(field)
        if group is None:
            continue
        # `{...}` is the attribute dictionary; `<{...}>` holds one.
        entries = [c for d in group.named_children for c in (d.named_children if d.type == "attribute_dict" else [d])]
        for entry in entries:
            name = entry.child_by_field_name("name") if entry.type == "attribute_entry" else None
            if name is not None and name.text is not None:
                written.add(name.text.decode("utf-8", "replace").strip('"'))
    for attribute in record.attributes:
        if attribute.required and attribute.name not in written:
            return REQUIRES_ATTRIBUTE.format(attribute.name)
    return None


def _attribute_constraints(site: OpSite, record: OpDef) -> str | None:
    """Each attribute written in a dictionary against its ODS constraint, where the
    constraint's predicate decides for the attribute's text (dialects/constraints.py: integer,
    bool, string, array, dictionary, symbol and dense array attributes; a value's width, sign and
    range). One the format places is written in the format's own shorthand (`[1, 2]` for an
    i64 array, `4` typed by its constraint), read by the op's parser: not judged here, but for
    an ArrayAttr, whose shorthand is the generic syntax (`gpu.module @m []`): the verifier's
    error, at the op."""
    problem = _function_attribute_constraints(site, record)
    if problem is not None:
        return problem
    unread = _unread_dictionary(site)
    for attribute in record.attributes:
        node = site.dictionary_attribute(attribute.name) or unread.get(attribute.name)
        typed = _typed_placed_integer(site, attribute) if node is None else None
        if typed is not None and _attribute_violates(attribute.check, typed):
            return ATTRIBUTE_CONSTRAINT.format(attribute.name, CONSTRAINTS[attribute.check]["summary"])
        if node is None and not site.generic and attribute.check is not None \
                and CONSTRAINTS[attribute.check].get("cpp", "").strip() == "::mlir::ArrayAttr":
            placed = site.attribute(attribute.name)
            if placed is not None and placed.text is not None and placed.text.startswith(b"[") \
                    and _attribute_violates(attribute.check, _through_aliases(placed.text)):
                return ATTRIBUTE_CONSTRAINT.format(attribute.name, CONSTRAINTS[attribute.check]["summary"])
        if node is None or node.text is None or attribute.check is None:
            continue
        if _attribute_violates(attribute.check, _through_aliases(node.text)):
            message = ATTRIBUTE_CONSTRAINT.format(attribute.name, CONSTRAINTS[attribute.check]["summary"])
            if site.generic:
                return message
            # A custom form's parser checks the inherent attributes of its `attr-dict` as it
            # reads them, and says so at the dictionary.
            dictionary = node.parent.parent if node.parent is not None and node.parent.parent is not None else None
            start = dictionary.start_byte if dictionary is not None else site.name_span.start
            return Placed(CUSTOM_OP.format(record.name, OP_ERROR.format(record.name, message)), Span(start, start + 1))
    return None


def _unread_dictionary(site: OpSite) -> dict:
    """The entries of a custom form's `attr-dict` when its format is not read here (a custom
    directive's: `memref.global`'s type and initial value): the dictionary the body writes at its
    end, after everything else."""
    if site.generic or (site.form is not None and site.form.complete):
        return {}
    items = _body(site)
    return _entries(items[-1]) if items and items[-1].type == "attribute_dict" else {}


# The type an integer constraint gives the literal a format places (`ODS valueType`).
_VALUE_TYPES = {re.compile(r"\$_builder\.getIntegerType\((\d+)\)"): "i{0}",
                re.compile(r"\$_builder\.getIndexType\(\)"): "index"}


def _typed_placed_integer(site: OpSite, attribute) -> bytes | None:
    """An integer literal a custom form's format places for an integer attribute
    (`memref.assume_alignment %m, 16`), with the type its constraint parses it as; None for
    anything else."""
    if site.generic or attribute.check is None:
        return None
    node = site.attribute(attribute.name)
    value_type = CONSTRAINTS[attribute.check].get("valueType", "")
    if node is None or node.type != "integer" or not value_type:
        return None
    for pattern, typed in _VALUE_TYPES.items():
        match = pattern.fullmatch(value_type.strip())
        if match is not None:
            return (node.text or b"") + b" : " + typed.format(*match.groups()).encode()
    return None


def _through_aliases(text: bytes) -> bytes:
    """A type's or attribute's text as MLIR's parser reads it, the aliases it uses resolved
    (ir/op_form.aliases_read: the types the site gives are read through them already)."""
    read = aliases_read(text)
    return text if read is None else read.encode()


@lru_cache(maxsize=8192)
def _attribute_violates(constraint: str, text: bytes) -> bool:
    return attribute_satisfies(CONSTRAINTS.get(constraint), text.decode("utf-8", "replace")) is False


def _count(kind: str, have: int, fewest: int, most: int | None) -> str | None:
    """ODS's count traits: ZeroX, OneX, NX, AtLeastNX (VariadicX when nothing is required)."""
    if most is None:
        if have >= fewest:
            return None
        return EXPECTED_N_OR_MORE_OPERANDS.format(fewest, have) if kind == "operands" else \
            EXPECTED_N_OR_MORE.format(fewest, kind)
    if have == most == fewest:
        return None
    if fewest != most:
        return None if fewest <= have <= most else None   # optional groups: ODS's segment checks
    if most == 0:
        return REQUIRES_ZERO.format(kind)
    if most == 1:
        return REQUIRES_ONE.format(_ONE[kind])
    return EXPECTED_N_OPERANDS.format(most, have) if kind == "operands" else EXPECTED_N.format(most, kind)


def _successors(have: int, record: OpDef) -> str | None:
    if not record.has(Trait.TERMINATOR):
        return None   # MLIR's parser refuses successors on a non-terminator itself
    if record.successors is None:
        return None if have >= 1 else REQUIRES_AT_LEAST_SUCCESSORS.format(1, have)
    if have == record.successors:
        return None
    if record.successors == 0:
        return REQUIRES_ZERO.format("successors")
    return REQUIRES_SUCCESSORS.format(record.successors, "" if record.successors == 1 else "s", have)


# `_flat`'s answers, by the groups' identity (a record's operand or result groups) and the
# count; the entry holds the groups, so the key is not reused.
_FLAT: dict[tuple[int, int], tuple[object, tuple[int, ...] | None]] = {}


def _flat(groups, count: int) -> tuple[int, ...] | None:
    """Which group each of `count` values belongs to, when that follows from the counts alone
    (every group single, or one variadic or optional group taking what is left)."""
    entry = _FLAT.get((id(groups), count))
    if entry is None or entry[0] is not groups:
        entry = _FLAT[(id(groups), count)] = (groups, _flat_read(groups, count))
    return entry[1]


def _flat_read(groups, count: int) -> tuple[int, ...] | None:
    flexible = [i for i, g in enumerate(groups) if g.count is not Count.SINGLE]
    if len(flexible) > 1:
        # Which group takes which value needs the segment sizes; when every group has the
        # same constraint it does not matter.
        return (0,) * count if len({g.check for g in groups}) == 1 else None
    fixed = len(groups) - len(flexible)
    if (not flexible and count != fixed) or count < fixed:
        return None
    out: list[int] = []
    for i, group in enumerate(groups):
        out.extend([i] * (count - fixed if group.count is not Count.SINGLE else 1))
    return tuple(out)


def _constraints(site: OpSite, record: OpDef) -> str | None:
    for kind, groups, count, type_of in (("operand", record.operands, site.operands, site.operand_type),
                                         ("result", record.results, site.results, site.result_type)):
        if count is None:
            count = len(groups) if all(g.count is Count.SINGLE for g in groups) else 0
        owners = _flat(groups, count)
        if owners is None and kind == "operand" and site.generic and record.has(Trait.ATTR_SIZED_OPERAND_SEGMENTS):
            # the generic form's `operandSegmentSizes` says which group takes which value
            sizes = segment_sizes(site.attribute("operandSegmentSizes"), len(groups))
            if sizes is not None and sum(sizes) == count:
                owners = [i for i, size in enumerate(sizes) for _ in range(size)]
        if owners is None:
            continue
        for index, owner in enumerate(owners):
            check = groups[owner].check
            if check is None:
                continue
            text = type_of(index)
            if text is not None and _violates(check, text):
                return MUST_BE.format(kind, index, CONSTRAINTS[check]["summary"], printed(text))
    return None


def _traits(site: OpSite, record: OpDef) -> str | Placed | None:
    # HasParent / ParentOneOf before Terminator, whatever their order in the definition (as
    # mlir-opt 22 reports a misplaced scf.yield, whose Terminator is listed first). A parent
    # without a record may be a continuation line the grammar took for an op (`case 2 {` of
    # scf.index_switch, `attributes {...}` of gpu.func): not an op to judge by, unless it is
    # written in the generic form (`"my.op"() ({...})`).
    if record.parents and site.parent is not None and site.parent not in record.parents \
            and (registry.record(site.parent) is not None or site.parent_generic):
        if len(record.parents) == 1:
            return EXPECTS_PARENT.format(record.parents[0])
        return EXPECTS_PARENT_ONE_OF.format(", ".join(record.parents))
    visibility = site.attribute("sym_visibility") if record.has(Trait.SYMBOL) else None
    if visibility is not None and visibility.type == "string" \
            and (visibility.text or b"").decode("utf-8", "replace")[1:-1] not in SYMBOL_VISIBILITIES:
        return SYMBOL_VISIBILITY.format((visibility.text or b"").decode("utf-8", "replace"))
    if record.has(Trait.SYMBOL) and site.parent is not None and site.node is not None \
            and (site.generic or written_symbol(site.node) is not None):
        # SymbolOpInterface's verifier, for an op that names a symbol (a module need not) under
        # an upstream parent (a dialect of the DSL's, harvested from its dumps, has no traits
        # to judge by)
        around = registry.record(site.parent)
        if around is not None and around.source == SOURCE and not around.has(Trait.SYMBOL_TABLE):
            return SYMBOL_PARENT
    if record.has(Trait.TERMINATOR) and site.ends_block is False:
        return MUST_BE_LAST
    problem = _region_traits(site, record)
    if problem is not None:
        return problem
    typed, of_operands = _typed_traits(record)
    if not typed:
        return None     # (no rule below applies to the record)
    operand_types = [site.operand_type(i) for i in range(site.operands)] if of_operands else []
    if record.has(Trait.SAME_OPERANDS_AND_RESULT_TYPE):
        results = site.results if site.results is not None else len(record.results)
        known = [t for t in operand_types + [site.result_type(i) for i in range(results)] if t is not None]
        if len(set(known)) > 1:
            return SAME_OPERANDS_AND_RESULT_TYPE
    if record.has(Trait.SAME_TYPE_OPERANDS):
        if len({t for t in operand_types if t is not None}) > 1:
            return SAME_TYPE_OPERANDS
    for match in record.types_match:
        source, target = _types_of(site, record, match.source), _types_of(site, record, match.to)
        if source and target and source[0] is not None and target[0] is not None:
            derived = _transform(match.transformer, source[0])
            if derived is not None and printed(derived) != printed(target[0]):
                return FAILED_TO_VERIFY_THAT.format(match.summary)
    for summary in record.predicates:
        holds = _PREDICATES.get(summary)
        if (holds is not None and holds(site) is False) or (holds is None and _values_match(site, record, summary) is False):
            return FAILED_TO_VERIFY_THAT.format(summary)
    if record.has(Trait.SAME_OPERANDS_AND_RESULT_SHAPE):
        if record.cast_verified_first and record.check is not None:
            problem = record.check(site)    # the cast interface's verifier, listed first
            if problem is not None:
                return problem
        results = site.results if site.results is not None else len(record.results)
        if compatible_shapes(operand_types + [site.result_type(i) for i in range(results)]) is False:
            return SAME_OPERANDS_AND_RESULT_SHAPE
    if record.has(Trait.SAME_OPERANDS_SHAPE) and compatible_shapes(operand_types) is False:
        return SAME_OPERANDS_SHAPE
    element_traits = ((Trait.SAME_OPERANDS_ELEMENT_TYPE, False, SAME_OPERANDS_ELEMENT_TYPE),
                      (Trait.SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, True, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE))
    for trait, with_results, message in element_traits:
        if record.has(trait):
            results = site.results if site.results is not None else len(record.results)
            texts = operand_types + ([site.result_type(i) for i in range(results)] if with_results else [])
            elements = {_element_or_self(t) for t in texts if t is not None and facts(t) is not None}
            if len(elements - {None}) > 1:
                return message
    for group in record.same_types:
        types = {t for name in group for t in _types_of(site, record, name) if t is not None}
        if len(types) > 1:
            return FAILED_TO_VERIFY_THAT.format("all of {" + ", ".join(group) + "} have same type")
    if record.has(Trait.ELEMENTWISE):
        results = site.results if site.results is not None else len(record.results)
        return _elementwise(operand_types, [site.result_type(i) for i in range(results)])
    return None


# Traits that compare the types of an op's values: the rest of `_traits` applies only to records
# with one. Those whose rule reads every operand's type: `_traits` builds that list only for them.
_OPERAND_TYPE_TRAITS = frozenset({
    Trait.SAME_OPERANDS_AND_RESULT_TYPE, Trait.SAME_TYPE_OPERANDS, Trait.SAME_OPERANDS_AND_RESULT_SHAPE,
    Trait.SAME_OPERANDS_SHAPE, Trait.SAME_OPERANDS_ELEMENT_TYPE, Trait.SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    Trait.ELEMENTWISE})

# `_typed_traits`' answers, by the record's identity (the entry holds the record).
_TYPED: dict[int, tuple[OpDef, tuple[bool, bool]]] = {}


def _typed_traits(record: OpDef) -> tuple[bool, bool]:
    """Whether the record has a rule comparing its values' types (a trait above, TypesMatchWith,
    a PredOpTrait, AllTypesMatch), and whether one of them reads every operand's type."""
    entry = _TYPED.get(id(record))
    if entry is None or entry[0] is not record:
        of_operands = not _OPERAND_TYPE_TRAITS.isdisjoint(record.traits)
        typed = of_operands or bool(record.types_match or record.predicates or record.same_types)
        entry = _TYPED[id(record)] = (record, (typed, of_operands))
    return entry[1]


def _elementwise(operands: list[str | None], results: list[str | None]) -> str | None:
    """The Elementwise trait (OpTrait::impl::verifyElementwise): vector and tensor operands
    and results go together, all of one kind and of compatible shapes."""
    if any(t is None for t in operands + results):
        return None
    kinds = [facts(t) for t in operands + results]
    if any(k is None for k in kinds):
        return None
    mappable = [k.kind in ("vector", "tensor") for k in kinds]
    ins, outs = mappable[:len(operands)], mappable[len(operands):]
    if not any(ins) and not any(outs):
        return None
    if any(outs) and not any(ins):
        return ELEMENTWISE_RESULT_SCALAR
    if not any(outs):
        return ELEMENTWISE_NO_RESULT
    if not all(outs):
        return ELEMENTWISE_ALL_RESULTS
    shaped = [(k.kind, k.dims is not None) for k, m in zip(kinds, mappable) if m]
    texts = [t for t, m in zip(operands + results, mappable) if m]
    if len(set(shaped)) > 1 or compatible_shapes(texts) is False:
        return ELEMENTWISE_SAME
    return None


def _implicit_terminator(site: OpSite, record: OpDef) -> Placed | None:
    """SingleBlockImplicitTerminator<T>: a block that ends with a terminator ends with T (the
    custom form adds T only after an op that is no terminator); with MLIR's note at the op."""
    expected = record.implicit_terminator
    if expected is None:
        return None
    for blocks in site.region_blocks():
        last = blocks[-1].terminator if len(blocks) == 1 else None
        if last is None or last.record is None or not last.record.has(Trait.TERMINATOR) or last.name == expected:
            continue
        if check_site(last) is not None:
            continue    # (the ops in a region are verified before its traits, and MLIR stops there)
        return Placed(OP_ERROR.format(site.name, IMPLICIT_TERMINATOR.format(expected, last.name)),
                      notes=((site.name_span, IMPLICIT_TERMINATOR_NOTE.format(expected)),))
    return None


def _parsed_block(site: OpSite, record: OpDef) -> bool:
    """Whether the text's blocks are the op's blocks: the generic form's, and a custom form's
    when the op has no implicit terminator (its parser would otherwise add one, and the block
    it ends)."""
    return site.generic or record.implicit_terminator is None


def _region_constraints(site: OpSite, record: OpDef) -> str | None:
    """ODS's region constraints (`SizedRegion<1>`: 'region with 1 blocks') on the regions the
    text writes, as the generated verifier words them; an empty `{}` has no block."""
    if record.variadic_regions or not _parsed_block(site, record) or \
            (not site.generic and record.has(Trait.NO_TERMINATOR)):
        return None     # (a custom parser of an op without terminator gives an empty region its block)
    for index, blocks in enumerate(site.region_blocks()):
        if index >= len(record.region_constraints):
            break
        if record.region_constraints[index] == "region with 1 blocks" and len(blocks) != 1:
            return REGION_CONSTRAINT.format(index, record.region_names[index], record.region_constraints[index])
    return None


def _generic_successors(site: OpSite, record: OpDef) -> Placed | None:
    """The generic form's parser refuses a successor list (`[^bb1]`) on an op that is no
    terminator, before it reads the rest (at the list's `[`)."""
    if site.successors == 0 or record.has(Trait.TERMINATOR):
        return None
    listed = site.node.child_by_field_name("successors") if site.node is not None else None
    return Placed(SUCCESSORS_IN_NON_TERMINATOR,
                  Span(listed.start_byte, listed.start_byte + 1) if listed is not None else None)


def _entry_predecessors(site: OpSite) -> Placed | None:
    """Verifier.cpp: no branch goes to the first block of a region (at the op, unprefixed),
    checked when the op is entered, before its blocks."""
    for blocks in site.region_blocks():
        if blocks and blocks[0].targeted:
            return Placed(ENTRY_PREDECESSORS)
    return None


def _empty_block(site: OpSite, record: OpDef) -> Placed | None:
    """Verifier.cpp: a block of a registered op that may need a terminator holds at least one
    op (the error, without the op's prefix, is placed at the op), and its last op is one that
    may be a terminator (at that op). Only an upstream op's record says whether it is no
    terminator: the CuTe DSL's vocabulary has no traits, and an unregistered op may be one."""
    if record.has(Trait.NO_TERMINATOR) or not _parsed_block(site, record):
        return None
    for blocks in site.region_blocks():
        # (an entry block whose arguments the op's header binds is the parser's to judge:
        # `func.func @f(%a: i32) {}`)
        if any(block.ops == 0 and block.arguments is not None for block in blocks):
            return Placed(EMPTY_BLOCK_TERMINATOR)
        for block in blocks:
            last = block.terminator
            if last is not None and last.record is not None and last.record.source == SOURCE \
                    and not last.record.has(Trait.TERMINATOR) and not _unread(last) \
                    and _nothing_refused_within(site):
                return Placed(NO_TERMINATOR.format(_written(last)), last.name_span)
    return None


def _nothing_refused_within(site: OpSite) -> bool:
    """MLIR stops at its first error, and its parser's come before any verifier's: a block's
    last op is judged only when nothing inside the op is refused (the parser's errors and the
    verifiers' are not told apart here, so a verifier's error inside the op holds it back too)."""
    return not site.ssa_errors_within() and all(
        inner.record is None or check_site(inner) is None for inner in site.nested())


def _unread(site: OpSite) -> bool:
    """Whether an op holds a list too wide to look into (`syntax.too-wide`): statements run
    into one op's body on a long line, the block's real terminator among them."""
    node = site.node
    return node is not None and bool(wide_nodes(node, node.start_byte, node.end_byte))


_WRITTEN_WIDTH = 80


def _written(site: OpSite) -> str:
    """An op as its text writes it, on one line (cut after `_WRITTEN_WIDTH` characters)."""
    text = (site.node.text or b"")[:4 * _WRITTEN_WIDTH].decode("utf-8", "replace") \
        if site.node is not None else site.name
    text = " ".join(text.split())
    return text if len(text) <= _WRITTEN_WIDTH else text[:_WRITTEN_WIDTH] + "..."


def _branch_operands(site: OpSite, record: OpDef) -> Placed | None:
    """BranchOpInterface's verifier (verifyBranchSuccessorOperands): each successor is passed
    as many values as its block has arguments, of their types (an emitError, unprefixed)."""
    targets = site.successor_targets() if "BranchOpInterface" in record.interfaces else None
    if not targets or (record.successors is not None and len(targets) != record.successors):
        return None     # (not a successor list the op's parser would have read)
    for number, (_, passed, arguments) in enumerate(targets):
        if passed is None or arguments is None:
            continue
        if len(passed) != len(arguments):
            return Placed(BRANCH_OPERAND_COUNT.format(len(passed), number, len(arguments)))
        for i, (given, expected) in enumerate(zip(passed, arguments)):
            if given is not None and expected is not None and given != expected:
                return Placed(BRANCH_OPERAND_TYPE.format(i, number))
    return None


_WEIGHT = re.compile(r"-?[0-9]+")


def _branch_weights(site: OpSite, record: OpDef) -> Placed | None:
    """WeightedBranchOpInterface's verifier: the weights a branch writes (`weights([...])` in
    its custom form, or `branch_weights = array<i32: ...>`), one per successor, not all zero
    (an emitError, unprefixed)."""
    if "WeightedBranchOpInterface" not in record.interfaces:
        return None
    written = site.attribute("branch_weights")
    text = (written.text or b"").decode("utf-8", "replace") if written is not None else None
    if text is None:
        items = [c for c in site.node.child_by_field_name("body").children] \
            if site.node is not None and not site.generic and site.node.child_by_field_name("body") is not None else []
        for word, group in zip(items, items[1:]):
            if word.type == "keyword" and word.text == b"weights" and group.type == "paren_group":
                text = (group.text or b"").decode("utf-8", "replace")
        for entry in (e for item in items if item.type == "attribute_dict" for e in item.named_children):
            name = entry.child_by_field_name("name") if entry.type == "attribute_entry" else None
            value = entry.child_by_field_name("value") if name is not None and name.text == b"branch_weights" else None
            if value is not None:
                text = (value.text or b"").decode("utf-8", "replace")
    if text is None:
        return None
    weights = [int(w) for w in _WEIGHT.findall(text.split(":", 1)[-1] if text.startswith("array") else text)]
    if weights and len(weights) != site.successors:
        return Placed(BRANCH_WEIGHT_COUNT.format(len(weights), site.successors))
    if weights and not any(weights):
        return Placed(BRANCH_WEIGHTS_ZERO)
    return None


def _region_traits(site: OpSite, record: OpDef) -> str | None:
    """SingleBlock (OpDefinition.h: one block, and a generic form's block not empty unless the op
    needs no terminator) and NoRegionArguments (Operation.cpp), on the regions the text writes."""
    single, bare = record.has(Trait.SINGLE_BLOCK), record.has(Trait.NO_REGION_ARGUMENTS)
    if not (single or bare):
        return None
    regions = site.region_blocks()
    for index, blocks in enumerate(regions):
        if single and len(blocks) > 1:
            return REGION_BLOCKS.format(index)
        if single and _parsed_block(site, record) and blocks and blocks[0].ops == 0 \
                and not record.has(Trait.NO_TERMINATOR):
            return EMPTY_BLOCK
    if bare:
        for index, blocks in enumerate(regions):
            if blocks and blocks[0].arguments:
                return REGION_ARGUMENTS.format(index) if len(regions) > 1 else REGION_NO_ARGUMENTS
    return None


# The builtin type classes a format's `type($x)` is parsed as (the constraint's C++ type, when it
# is a concrete one; `parseType<T>`), with their `T::name` (None for a class without one, whose
# error does not name it) and what a type's facts must be to be one. A dialect's own type class
# (`LLVMPointerType`) is read as any type and left to the verifier.
_TYPE_CLASSES = {
    "::mlir::VectorType": ("builtin.vector", lambda t: t.kind == "vector"),
    "::mlir::IntegerType": ("builtin.integer", lambda t: t.kind == "integer"),
    "::mlir::IndexType": ("builtin.index", lambda t: t.kind == "index"),
    "::mlir::MemRefType": ("builtin.memref", lambda t: t.kind == "memref" and not t.text.startswith("memref<*")),
    "::mlir::RankedTensorType": ("builtin.tensor", lambda t: t.kind == "tensor" and not t.text.startswith("tensor<*")),
    "::mlir::TensorType": (None, lambda t: t.kind == "tensor"),
    "::mlir::FunctionType": ("builtin.function", lambda t: t.kind == "function"),
}
# The kinds of type whose class this reading knows (a type of another dialect is not judged).
_JUDGED_KINDS = frozenset({"integer", "index", "float", "none", "vector", "tensor", "memref", "complex", "tuple",
                           "function"})


def _async_token(site: OpSite, record: OpDef) -> Placed | None:
    """A format's `custom<AsyncDependencies>(type($asyncToken), ...)` (the gpu dialect's async
    ops): written `async`, the op has its token as a result, which the text must name (the
    directive's error, at `async`); without it the op has no token, and an op whose only
    result is the token has none to name (the op parser's error, at the names)."""
    if "custom<AsyncDependencies>" not in record.format:
        return None
    marked = next((item for item in (site.node.child_by_field_name("body").children
                                     if site.node is not None and site.node.child_by_field_name("body") is not None
                                     else ()) if item.type == "keyword" and item.text == b"async"), None)
    if marked is not None and site.defined_results == 0:
        return Placed(CUSTOM_OP.format(record.name, GPU["async_unnamed"]), Span(marked.start_byte, marked.end_byte))
    if marked is None and site.defined_results > 0 and len(record.results) == 1 \
            and record.results[0].count is Count.OPTIONAL:
        return Placed(NAMED_NO_RESULTS, site.result_span)
    return None


def _unparsed(site: OpSite, record: OpDef) -> Placed | None:
    """A custom form its format surely cannot read (ir/op_form.py's `Form.mismatch`: a
    literal, an operand or a type missing where the format writes it): the generated parser's
    error, in MLIR's words and place, before anything is verified (what syntax/op_formats.py
    says of a form is said there, not again here); or a token left after the whole format,
    which MLIR reads as the start of the next op."""
    found = site.form.mismatch if site.form is not None else None
    if found is not None and record.name in FORMAT_CHECKS:
        body = site.node.child_by_field_name("body") if site.node is not None else None
        if body is None or left_open(body) or FORMAT_CHECKS[record.name](body) is not None:
            found = None        # (said there, or the grammar's to say)
    if found is not None:
        return Placed(found[1], found[0])
    left = site.form.leftover if site.form is not None else None
    return _next_op_start(left, site.parent) if left is not None else None


def _next_op_start(left: Leftover, parent: str | None) -> Placed | None:
    """A token left after an op's format (`Form.leftover`), read by MLIR as the start of the
    next op in the regions of `parent` (at a unit's top, None: a word is not judged)."""
    judged = next_op_message(left.token, left.wrong, left.word, parent,
                             lambda name: registry.record(name) is not None)
    return Placed(*judged) if judged is not None else None


def _parsed_kinds(site: OpSite, record: OpDef) -> Placed | None:
    """A custom form's `type($x)` read by the generated parser as the constraint's own type
    class (`parseType<VectorType>`): a type of another kind fails there, at the type, before
    anything is verified."""
    form = site.form
    if form is None or not form.type_nodes:
        return None
    groups = {g.name: g for g in (*record.operands, *record.results)}
    for name, node in form.type_nodes.items():
        group = groups.get(name)
        known = _TYPE_CLASSES.get((CONSTRAINTS.get(group.check) or {}).get("cpp", "").strip()) \
            if group is not None and group.check else None
        text = _through_aliases(node.text).decode("utf-8", "replace") if known is not None and node.text else None
        t = facts(text) if text is not None else None
        if t is None or not (t.kind in _JUDGED_KINDS or t.kind.startswith("llvm.")) or known[1](t):
            continue
        said = INVALID_TYPE_KIND.format(known[0], printed(text)) if known[0] else INVALID_TYPE_KIND_UNNAMED
        return Placed(CUSTOM_OP.format(record.name, said), Span(node.start_byte, node.end_byte))
    return None


# The attribute classes a format's `$attr` is parsed as (`parseAttribute<T>`), with the written
# kinds that are surely another class (a string or boolean where a symbol reference belongs: a
# number gets the attribute parser's own words about its type, not modelled). What an
# alias or a dialect's attribute stands for is not judged here.
_ATTRIBUTE_CLASSES = {
    "::mlir::FlatSymbolRefAttr": frozenset({"string", "boolean"}),
    "::mlir::SymbolRefAttr": frozenset({"string", "boolean"}),
}


def _parsed_attribute_kinds(site: OpSite, record: OpDef) -> Placed | None:
    """A custom form's `$attr` read by the generated parser as the constraint's own attribute
    class: an attribute of another kind fails there, at the attribute, before anything is
    verified."""
    form = site.form
    if form is None:
        return None
    for attribute in record.attributes:
        node = form.attributes.get(attribute.name)
        if node is None or attribute.name in form.in_dictionary or not attribute.check:
            continue
        wrong = _ATTRIBUTE_CLASSES.get((CONSTRAINTS.get(attribute.check) or {}).get("cpp", "").strip())
        if wrong is not None and node.type in wrong:
            return Placed(CUSTOM_OP.format(record.name, INVALID_ATTRIBUTE_KIND), Span(node.start_byte, node.end_byte))
    return None


def _parsed_types(site: OpSite, record: OpDef) -> Placed | None:
    """A custom form's parser checks the type of an operand it derives other types from
    (the source of a TypesMatchWith) as it reads it."""
    for match in record.types_match:
        names = [g.name for g in record.operands]
        if match.source not in names:
            continue
        group = record.operands[names.index(match.source)]
        # A type the format parses as a class of its own (`parseType<VectorType>`) is checked
        # for that class as it is read (_parsed_kinds); the rest of its constraint is the
        # verifier's (vector.deinterleave's non-zero rank).
        if (CONSTRAINTS.get(group.check) or {}).get("cpp", "::mlir::Type").strip() != "::mlir::Type":
            continue
        found = _types_of(site, record, match.source)
        if group.check and found and found[0] is not None and _violates(group.check, found[0]):
            return Placed(PARSED_TYPE_MUST_BE.format(record.name, match.source, CONSTRAINTS[group.check]["summary"],
                                                     printed(found[0])))
    return None


def _tensor_dims(text: str | None) -> tuple | None:
    """`getShape()` of a ranked tensor (`?` as itself), () of any other type; None when unknown."""
    t = facts(text) if text is not None else None
    if t is None or (t.kind == "tensor" and t.dims is None):
        return None
    return t.dims if t.kind == "tensor" else ()


def _same_tensor_dims(site: OpSite) -> bool | None:
    """The arith casts' `input and output have the same tensor dimensions`: their shapes if
    tensors, exactly (a `?` is not a 2 here)."""
    ins, outs = _tensor_dims(site.operand_type(0)), _tensor_dims(site.result_type(0))
    return None if ins is None or outs is None else ins == outs


def _element_or_self(text: str | None) -> str | None:
    """getElementTypeOrSelf: a shaped type's element type's text, any other type's own."""
    t = facts(text) if text is not None else None
    if t is None:
        return None
    return t.element.text if t.kind in ("vector", "tensor", "memref") and t.element is not None else t.text


def _same_element_type(site: OpSite) -> bool | None:
    """vector's `source operand and result have same element type` (TypesMatchWith on
    getElementTypeOrSelf of operand 0 and result 0)."""
    a, b = _element_or_self(site.operand_type(0)), _element_or_self(site.result_type(0))
    return None if a is None or b is None else a == b


def _condition_i1_or_shaped(site: OpSite) -> bool | None:
    """arith.select's `condition is signless i1 or has matching shape` (TypeIsPred<I1> or
    AllShapesMatch of condition and result)."""
    condition = site.operand_type(0)
    result = site.result_type(0) or site.operand_type(1)
    a, b = (facts(t) if t is not None else None for t in (condition, result))
    if condition == "i1":
        return True
    if a is None or b is None or a.kind not in ("vector", "tensor") or b.kind not in ("vector", "tensor"):
        return None
    if a.dims is None or b.dims is None:
        return None
    return a.dims == b.dims


def _trailing_even(site: OpSite) -> bool | None:
    """vector.deinterleave's `the trailing dimension of the source vector has an even number of
    elements`."""
    t = facts(site.operand_type(0) or "")
    if t is None or t.kind != "vector" or not t.dims or t.dims[-1] is None:
        return None
    return t.dims[-1] % 2 == 0


def _position_multiple(vector_at: int, of_result: bool) -> "Callable[[OpSite], bool | None]":
    """vector.scalable.insert / extract: `position is a multiple of the source (result)
    length.`: the `pos` attribute against the fixed vector's element count."""
    def holds(site: OpSite) -> bool | None:
        t = facts((site.result_type(0) if of_result else site.operand_type(vector_at)) or "")
        node = site.attribute("pos")
        text = node.text.decode("utf-8", "replace").strip() if node is not None and node.text else ""
        if t is None or t.kind != "vector" or not t.dims or any(d is None for d in t.dims) \
                or not re.fullmatch(r"-?[0-9]+", text):
            return None
        count = 1
        for d in t.dims:
            count *= d
        return count != 0 and int(text) % count == 0
    return holds


def _vector_count(text: str | None) -> tuple[int, bool, int | None] | None:
    """A vector type's element count, whether it is scalable, and its element type's width
    (LLVM's getVectorNumElements and getIntOrFloatBitWidth); None for another type or one the
    text does not say."""
    t = facts(text) if text is not None else None
    if t is None or t.kind != "vector" or t.dims is None or None in t.dims:
        return None
    count = 1
    for d in t.dims:
        count *= d
    return count, t.scalable, bit_width(t.element)


def _vectors_fit(site: OpSite) -> bool | None:
    """llvm.intr.vector.insert / extract's `vectors are not bigger than 2^17 bits.`: each vector
    operand and result, its known-minimum element count times its element width."""
    texts = [site.operand_type(i) for i in range(site.operands)] + [site.result_type(0)]
    vectors = [_vector_count(t) for t in texts]
    if any(v is None or v[2] is None for v in vectors):
        return None
    return all(count * width <= 131072 for count, _, width in vectors)


def _scalable_kept(inner: Callable[[OpSite], str | None], outer: Callable[[OpSite], str | None]) \
        -> Callable[[OpSite], bool | None]:
    """llvm.intr.vector.insert / extract: the smaller vector is scalable only when the larger
    one is (`it is not inserting scalable into fixed-length vectors.`)."""
    def holds(site: OpSite) -> bool | None:
        a, b = _vector_count(inner(site)), _vector_count(outer(site))
        return None if a is None or b is None else (not a[1] or b[1])
    return holds


def _twice_as_many(site: OpSite) -> bool | None:
    """llvm.intr.vector.interleave2's `result has twice as many elements as 'vec1'`, with the
    same element type: a scalable count stays scalable. The op's AllTypesMatch of vec1 and vec2
    comes first in its traits, so a mismatch there is left to it."""
    if site.operand_type(0) != site.operand_type(1):
        return None
    vec1, result = _vector_count(site.operand_type(0)), _vector_count(site.result_type(0))
    if vec1 is None or result is None:
        return None
    same_element = _element_or_self(site.operand_type(0)) == _element_or_self(site.result_type(0))
    return result[:2] == (vec1[0] * 2, vec1[1]) and same_element


def _mapa_spaces(site: OpSite) -> bool | None:
    """nvvm.mapa's `Valid address-space check(or mapping) for mapa Op` (InputAddressIsCombinationOf):
    a shared pointer maps to a shared-cluster one (3 to 7), a generic one to a generic one."""
    a, result = (facts(t) if t is not None else None for t in (site.operand_type(0), site.result_type(0)))
    if a is None or result is None or a.kind != "llvm.ptr" or result.kind != "llvm.ptr" \
            or a.address_space is None or result.address_space is None:
        return None
    return (a.address_space, result.address_space) in ((3, 7), (0, 0))


def _print_string(site: OpSite) -> bool | None:
    """vector.print's `str "..."` with no source and the default punctuation (`<newline>`),
    read from its custom form's `oilist` (the generic form's attributes are not read here)."""
    if site.generic:
        return None
    items = _body(site)
    words = {item.text: after for item, after in zip(items, items[1:]) if item.type == "keyword"}
    if b"str" not in words:
        return True
    punctuation = words.get(b"punctuation")
    source = any(item.type == "value_use" for item in items)
    return not source and (punctuation is None or re.sub(rb"\s", b"", punctuation.text or b"") == b"<newline>")


# PredOpTrait summaries known here, each with what decides it (None: the text does not say).
_PREDICATES = {
    "`source` or `punctuation` are not set when printing strings": _print_string,
    "the trailing dimension of the source vector has an even number of elements": _trailing_even,
    "position is a multiple of the source length.": _position_multiple(0, False),
    "position is a multiple of the result length.": _position_multiple(0, True),
    "input and output have the same tensor dimensions": _same_tensor_dims,
    "source operand and result have same element type": _same_element_type,
    "condition is signless i1 or has matching shape": _condition_i1_or_shaped,
    "vectors are not bigger than 2^17 bits.": _vectors_fit,
    "it is not inserting scalable into fixed-length vectors.":
        _scalable_kept(lambda site: site.operand_type(1), lambda site: site.operand_type(0)),
    "it is not extracting scalable from fixed-length vectors.":
        _scalable_kept(lambda site: site.result_type(0), lambda site: site.operand_type(0)),
    "result has twice as many elements as 'vec1'": _twice_as_many,
    "Valid address-space check(or mapping) for mapa Op": _mapa_spaces,
}


# ODS's AllMatchSameOperatorTrait summaries over named values (AllRanksMatch,
# AllElementTypesMatch, TypesMatchWith on element types): what each compares.
_ALL_SAME = re.compile(r"^all of \{([\w, ]+)\} have same (rank|element type)$")
_PAIR_SAME = re.compile(r"^(\w+)(?: operand)? and (\w+) have same element type$")


def _rank(text: str) -> int | None:
    t = facts(text)
    return len(t.dims) if t is not None and t.kind in ("vector", "tensor", "memref") and t.dims is not None else None


def _values_match(site: OpSite, record: OpDef, summary: str) -> bool | None:
    """A PredOpTrait that compares the rank or the element type of named operands and results
    (`all of {source, result} have same rank`, `lhs and rhs have same element type`); None when
    the summary is another or the text does not say."""
    match = _ALL_SAME.match(summary)
    names, what = (match.group(1).split(", "), match.group(2)) if match else (None, "element type")
    if match is None:
        pair = _PAIR_SAME.match(summary)
        if pair is None:
            return None
        names = [pair.group(1), pair.group(2)]
    texts = [t for name in names for t in _types_of(site, record, name.strip())]
    if len(texts) != len(names) or any(t is None for t in texts):
        return None
    read = [_rank(t) if what == "rank" else _element_or_self(t) for t in texts]
    if any(r is None for r in read):
        return None
    return len(set(read)) == 1


def _types_of(site: OpSite, record: OpDef, name: str) -> list[str | None]:
    """The known type of a named single operand, result or typed attribute, as a one-item list
    ([] when the counts do not say which value it is)."""
    tables = record_tables(record)
    if name in tables.attribute_defs:
        return [site.attribute_type(name)]
    place = tables.places.get(name)     # the first operand group of the name, else result group
    if place is None:
        return []
    is_result, at = place
    groups, type_of, count = (record.results, site.result_type, site.results) if is_result else \
        (record.operands, site.operand_type, site.operands)
    if groups[at].count is not Count.SINGLE:
        return []
    if count is None:
        count = len(groups) if all(g.count is Count.SINGLE for g in groups) else None
    if count is None:
        return [type_of(at)] if all(g.count is Count.SINGLE for g in groups[:at]) else []
    owners = _flat(groups, count)
    if owners is None or at not in owners:
        return []
    return [type_of(owners.index(at))]


def _transform(transformer: str, text: str) -> str | None:
    """The type a TypesMatchWith transformer makes of `text`, for those it knows: a shaped
    type's element type, arith's i1 of the same shape (`getI1SameShape`), the type itself, LLVM's struct of a
    value and a bool (`getValAndBoolStructType`, llvm.cmpxchg's result)."""
    if transformer.strip() == "$_self":
        return text
    if transformer.strip() == "getValAndBoolStructType($_self)":
        return f"!llvm.struct<({text},i1)>" if facts(text) is not None else None
    if "getElementType()" in transformer:
        t = facts(text)
        return t.element.text if t is not None and t.element is not None else None
    if "getI1SameShape(" in transformer:
        return i1_same_shape(text)
    if "getDimSize(lastDim) / 2" in transformer:
        return _halved(text)
    return None


def _halved(text: str) -> str | None:
    """vector.deinterleave's result type: the source's trailing dimension halved (the source
    itself when that leaves nothing)."""
    match = re.match(r"^(vector<(?:\[?[0-9]+\]?x)*)(\[?)([0-9]+)(\]?x[^<>]+>)$", text.replace(" ", ""))
    if match is None:
        return None
    half = int(match.group(3)) // 2
    return text.replace(" ", "") if half <= 0 else f"{match.group(1)}{match.group(2)}{half}{match.group(4)}"


@lru_cache(maxsize=8192)
def _violates(constraint: str, text: str) -> bool:
    """Whether the type written `text` definitely breaks the named ODS constraint."""
    return satisfies(CONSTRAINTS.get(constraint), text) is False
