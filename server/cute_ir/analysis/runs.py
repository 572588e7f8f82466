"""Bare top-level statements verified with the statements whose values they use.

MLIR's parser puts a file's top-level ops into one implicit module, so a bare op there may use
what a statement before it defines: the spec's TMA worked example is four such statements,
`make_tiled_tma_desc` to `tma_load`. `cute-ir lower` and the PTX preview walk a run of them
as one (verify/atom_sites.py, `StatementRun`); the analysis keeps each statement as a unit of
its own. To give the same verdict, a unit of such a run is verified together with the
statements of its run that define the values it uses, and what those use, in turn: its
*scope*, the stretch from the first of them to the unit. What the verifiers say in the
other statements of the stretch is theirs, said when they are verified themselves.

The search looks at most `MAX_SCOPE` statements back, so a run of thousands of statements
costs each unit a bounded stretch (MLIR would resolve a use from further back; such a file
is checked as though the definition were missing). A unit keeps what it looked for
(`Unit.run_names`) and where its search began (`Unit.run_from`): an edit to a statement
that defines one of those names, or that adds or removes statements in that stretch,
verifies it again (`DocumentAnalysis._reverify_alias_users`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# How many statements before a unit its scope may reach.
MAX_SCOPE = 64

# An SSA value's name as MLIR spells it (`%name`, `%12`; a result's number, `%x#1`, is not part
# of it), and a statement's results (`%a, %b:2 =`).
VALUE = re.compile(rb"%[\w$.-]+")
_RESULTS = re.compile(rb"\s*((?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?)\s*=(?!=)")


def results(text: bytes) -> frozenset[bytes]:
    """The values a statement defines, by name."""
    found = _RESULTS.match(text) if text[:1] == b"%" else None
    return frozenset(VALUE.findall(found.group(1))) if found is not None else frozenset()


def uses(text: bytes) -> frozenset[bytes]:
    """The names of the values a statement mentions after its results (a superset of what it
    uses: its regions' own block arguments are among them)."""
    found = _RESULTS.match(text) if text[:1] == b"%" else None
    return frozenset(VALUE.findall(text, found.end() if found is not None else 0))


@dataclass(frozen=True)
class Scope:
    """Where a unit's scope starts (`first`, an index among the document's units; the unit's own
    index when it needs no other statement), what its search looked for, and the index of the
    first statement the search could have reached (its run's start, or `MAX_SCOPE` back)."""
    first: int
    names: frozenset[bytes]
    reach: int


def scope_of(index: int, run_start: int, text_of) -> Scope:
    """The scope of unit `index`, whose run starts at unit `run_start`; `text_of(i)` is unit
    i's text."""
    own = text_of(index)
    wanted = set(uses(own) - results(own))
    looked = set(wanted)
    reach = max(run_start, index - MAX_SCOPE)
    first = index
    at = index - 1
    while wanted and at >= reach:
        text = text_of(at)
        made = results(text)
        if made & wanted:
            first = at
            wanted -= made
            more = uses(text) - made - looked
            looked |= more
            wanted |= more
        at -= 1
    return Scope(first, frozenset(looked), reach)
