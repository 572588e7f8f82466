"""Verification of a document's units, scheduled within a time budget.

The verifiers run on the units holding ops that build or apply atoms, TMA or TileAS ops (the
IR is built only there), then the lowering verdict of their atoms for the target and the
lowering pipeline (pipeline.py); the SSA checks run on every unit. Units a budget does not
reach are marked `unverified` and verified later (`DocumentAnalysis.verify_pending`).
"""
from __future__ import annotations

import logging
import time
from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Callable

from tree_sitter import Node

from ..diagnostics import Diagnostic, Severity, Span
from ..emit.preview import Lowering
from ..ir import build_for_verification
from ..ir.ssa import check_ssa
from ..syntax import WIDE_NODE, captures, query
from ..verify import VERIFIED_OPS, verify_unit
from .findings import position
from .pipeline import UnitPipeline
from .units import Unit, statement_nodes

if TYPE_CHECKING:
    from .document import DocumentAnalysis

log = logging.getLogger(__name__)

# Where SSA names are defined (for verification's partial IR). The nodes that hold the names
# are captured, not the names: a name's `parent` costs the depth of the tree, and a pattern
# that waits for a later child (`(paren_group (value_use) . ":")`) keeps a query state open
# for each enclosing group, quadratic in how deep they nest.
_DEFINITIONS = query(
    """
    (operation results: (result_list)) @results
    (block_argument) @block_argument
    (paren_group) @group
    """
)


def verify_units(analysis: "DocumentAnalysis", units: list[Unit], found: dict[str, list[Any]],
                 errors: list[Diagnostic], deadline: float | None) -> dict[int, list[Diagnostic]]:
    """Run the verifiers over units that contain verified ops, then check that their atoms
    lower for the target: what stops a lowering is a diagnostic here too, so `check`, the
    server and the PTX preview give one verdict (emit/preview.py, `Lowering`). `errors`: the
    units' syntax and type errors; units reached after `deadline` are left unverified.
    The diagnostics by the index in `units` of the unit whose verification reported them: a
    unit can report in the text of a type alias it resolved, outside its own."""
    sites = [(n.start_byte, name) for n in found.get("custom_op", ())
             if (name := (n.text or b"").decode("utf-8", "replace")) in VERIFIED_OPS]
    sites += [(n.start_byte, name) for n in found.get("generic_op", ())
              if (name := (n.text or b"")[1:-1].decode("utf-8", "replace")) in VERIFIED_OPS]
    if not sites:
        return {}
    starts = [u.start for u in units]
    by_unit: dict[int, list[int]] = {}
    names: dict[int, set[str]] = {}
    for s, name in sites:
        index = bisect_right(starts, s) - 1
        by_unit.setdefault(index, []).append(s)
        names.setdefault(index, set()).add(name)
    out: dict[int, list[Diagnostic]] = {}
    lowering = Lowering(analysis)
    pipeline = UnitPipeline(analysis, lowering)
    for index, unit_sites in sorted(by_unit.items()):
        if index < 0:
            continue
        unit = units[index]
        if deadline is not None and time.monotonic() >= deadline:
            unit.unverified = True   # and so is every unit after it
            continue
        root = analysis.tree_for(unit).root_node
        op_nodes = []
        for s in unit_sites:
            node = root.descendant_for_byte_range(s, s + 1)
            while node is not None and node.type != "operation":
                node = node.parent
            if node is not None:
                op_nodes.append(node)
        asked: set[str] = set()

        def resolve(name: str) -> Node | None:
            asked.add(name)   # an edit to this alias' definition verifies the unit again
            return analysis.type_alias(name)
        try:
            ir = build_for_verification(op_nodes, lazy_definitions(root, unit), Span(unit.start, unit.end))
            verified = verify_unit(root, ir, analysis.target_arch, resolve)
            own = [d for d in verified if d.severity is Severity.ERROR]
            out[index] = (verified + lowering.diagnostics(unit, errors + own)
                          + pipeline.diagnostics(unit, errors, own, frozenset(names[index])))
        except Exception:  # a defect in one verifier must not cost the rest of the file
            log.exception("verification failed in %s at byte %d", analysis.document.uri, unit.start)
        unit.aliases = frozenset(asked)
    return out


def check_ssa_units(analysis: "DocumentAnalysis", units: list[Unit], deadline: float | None) -> list[Diagnostic]:
    """SSA well-formedness of each unit (ir/ssa.py) until `deadline`; units it does not reach
    are left unverified with the rest."""
    out: list[Diagnostic] = []
    for unit in units:
        if unit.shell or unit.unverified:
            continue
        if deadline is not None and time.monotonic() >= deadline:
            unit.unverified = True
            continue
        tree = analysis.tree_for(unit)
        try:
            if tree is not None:
                out.extend(check_ssa(statement_nodes(tree, unit)))
        except Exception:  # a defect in the check must not cost the rest of the file
            log.exception("SSA check failed in %s at byte %d", analysis.document.uri, unit.start)
    return out


def lazy_definitions(root: Node, unit: Unit) -> Callable[[str], Node | None]:
    """`name -> defining node` for the unit, indexed on first use: an atom is usually built in
    the unit that applies it, and then no lookup is needed at all."""
    index: dict[str, Node] | None = None

    def definition_of(name: str) -> Node | None:
        nonlocal index
        if index is None:
            index = definition_index(root, unit)
        return index.get(name)
    return definition_of


def definition_index(root: Node, unit: Unit) -> dict[str, Node]:
    """SSA name -> the node defining it in the unit (first definition wins): the operation of a
    result, a block argument, or a signature argument `%x: T` in parentheses."""
    found = captures(_DEFINITIONS, root, unit.start, unit.end)
    named: list[tuple[Node, Node]] = []        # (the name, the node defining it)
    for op in found.get("results", ()):
        for result in op.child_by_field_name("results").named_children:
            value = result.child_by_field_name("value")
            if value is not None:
                named.append((value, op))
    for argument in found.get("block_argument", ()):
        name = argument.child_by_field_name("name")
        if name is not None:
            named.append((name, argument))
    for group in found.get("group", ()):
        if group.child_count > WIDE_NODE:
            continue
        children = group.children
        for use, colon in zip(children, children[1:]):
            name = use.child_by_field_name("name") if use.type == "value_use" and colon.type == ":" else None
            if name is not None:
                named.append((name, use))
    index: dict[str, Node] = {}
    for name, owner in sorted(named, key=lambda pair: position(pair[0])):
        if unit.start <= name.start_byte < unit.end:
            index.setdefault(name.text.decode("utf-8", "replace") if name.text else "", owner)
    return index
