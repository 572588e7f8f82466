"""The atom sites of a unit: each op that builds or applies a `cute_nvgpu` atom, with the
configuration its lowering needs (`verify/atom_config.py`, and what the TMA partition verifier
learned of a transfer's tile), where a diagnostic on it goes, and what would stop it.

The lowering check (`verify/lowering.py`) judges each site for the target; the PTX preview and
the atom-lowering pass emit the sites it accepts. Both read the sites from here, cached by the
unit's text, the document's aliases and the target (a whole-document walk keeps them with the
unit: `KEPT_ON_UNIT`), so a unit that only moved costs a dictionary lookup.
An op that applies an atom the file does not build (a kernel argument) is a site the lowering
leaves (`left_reason`).
"""
from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Protocol, Sequence

from ..diagnostics import Diagnostic, Span
from ..dialects.cute_nvgpu.atoms import AtomInstance
from ..dialects.cute_nvgpu.ops import APPLYING_OPS
from ..dialects.cute_nvgpu.tma_ops import PREFETCH
from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..dialects.cute_nvgpu.written import WrittenType
from ..dialects.ods import Trait
from ..dialects.registry import applies_atom, has_trait, is_function, passes_atom
from ..ir.aliases import AliasTable, table_for
from ..ir.attributes import reading_aliases
from ..ir.core import BlockArgument, Operation, OpResult, Value
from ..ir.lift import Lifted
from ..tables.legality import AtomConfig
from .atom_config import A_SOURCE_NAMES, atom_config
from .context import EXEC_TMA_BINDER, VerifyContext
from .tma import Flag, TmaPartitionResult, verify_tma

__all__ = ["AtomSite", "AliasDef", "SiteSource", "NO_ALIASES", "alias_table", "aliases_of", "unit_sites", "document_sites", "left_reason",
           "unit_key", "clear_cache", "StatementRun", "site_units", "walked_alone", "OP_START"]

# An applying op's attributes that configure the atom it applies (docs/ops.md: `tma_reduce`'s
# `kind`, "the reduction, when the non-exec atom does not fix it").
_APPLYING_SETTINGS = {"cute_nvgpu.atom.tma_reduce": ("kind",)}
# The atoms whose kernels move a TMA tile: their expect_tx and SMEM tile come from the partition.
_TMA_TRANSFERS = frozenset({"atom.tma_load", "atom.tma_store", "atom.tma_reduce"})
# The NVVM op that commits a kernel's tcgen05 work to an mbarrier; with a second operand
# (`multicast_mask = %m`) it signals the barrier of every CTA in the mask.
_TCGEN05_COMMIT = "nvvm.tcgen05.commit"


class SourceUnit(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def shell(self) -> bool: ...

    @property
    def alias_definition(self) -> "tuple[str, str, Span] | None": ...


class SiteSource(Protocol):
    """What the sites are read from: an analysed document (analysis/preview_source.py's `AnalysedSource`
    declares the same, and the analysis satisfies both)."""

    @property
    def document(self): ...

    @property
    def units(self) -> Sequence[SourceUnit]: ...

    @property
    def target_arch(self) -> str: ...

    @property
    def too_large(self) -> bool: ...

    def lifted_unit(self, unit) -> Lifted: ...

    def alias_units(self) -> Sequence[SourceUnit]: ...

    def unit_start(self, unit) -> int: ...


def left_reason(op: Operation) -> str | None:
    """Why the lowering does not take `op`, an op that applies an atom, at all: its atom is an
    argument (a kernel's, most often: the CuTe DSL passes a tiled MMA so), not a value an op of
    the file builds, so no PTX can stand for it. None: the atom is built in the file."""
    atom = op.operands[0] if op.operands else None
    applied, passers, seen = atom, [], set()
    # Back along the chain, each op once (a malformed file may loop it).
    while (isinstance(atom, OpResult) and passes_atom(atom.owner.name) and atom.owner.operands
           and id(atom.owner) not in seen):
        seen.add(id(atom.owner))
        passers.append(atom.owner.name)
        atom = atom.owner.operands[0]
    if not isinstance(atom, BlockArgument):
        return None
    holder = atom.owner.parent_op
    name = f"`%{atom.name_hint}`" if atom.name_hint else "its atom"
    if passers:
        # `%27 = set_value(%26, ...)`, `%26 = set_value(%arg0, ...)`: name what was applied too.
        shown = f"`%{applied.name_hint}`" if applied.name_hint else "its atom"
        name = f"{shown} ({name} with fields set by `{passers[0]}`)"
    # A function's region's arguments are its arguments; a kernel is one by its op or attribute.
    if holder is not None and is_function(holder.name):
        kernel = has_trait(holder.name, Trait.KERNEL) or any(k.endswith("kernel") for k in holder.attributes)
        where = "kernel" if kernel else "function"
        return (f"its atom {name} arrives as a {where} argument; the lowering replaces only ops "
                f"whose atom the file builds")
    return (f"its atom {name} is a block argument; the lowering replaces only ops whose atom "
            f"the file builds")


def _with_partition(config: AtomConfig, partition: TmaPartitionResult) -> AtomConfig:
    """A TMA transfer's configuration as its partition result says it (tma-atoms, "Partition
    Result ABI": the flags word, rank and sizes are echoed so that downstream does not re-derive
    them): the descriptor's rank, multicast (bit 0) over num_multicast CTAs,
    im2col (bit 1: an im2col descriptor or store mode; a load then passes its im2col offsets,
    a store or reduction none), a CTA pair for a two-CTA load (bit 4). The atom's own spelling
    of these (a DSL atom's `mode`, `mcast`, `num_cta`) counts only where no partition ran.
    Bits 5 (sparse) and 12 (s2t_descriptor) change no instruction: TMA moves a sparse tile's or
    an SMEM-to-tmem view's bytes as any other's."""
    flags = partition.flags
    multicast = Flag.MULTICAST in flags
    mode = ("im2col" if config.mnemonic == "atom.tma_load" else "im2col_no_offs") if Flag.IM2COL in flags else "tile"
    return replace(config, tma_rank=partition.rank, tma_mode=mode,
                   multicast=multicast or config.multicast,
                   multicast_ctas=partition.num_multicast if multicast else config.multicast_ctas,
                   cta_group=2 if Flag.TWO_CTA in flags else config.cta_group)


@dataclass(frozen=True, slots=True)
class AtomSite:
    """One op that gets a kernel (or a note); spans relative to its unit's start."""
    span: Span                      # the whole op
    at: Span                        # where a diagnostic goes (the atom type / the op name)
    text: str                       # the op's first line, for the comment
    name: str                       # origin tag: the result or atom SSA name
    config: AtomConfig | None
    note: str | None = None         # why there is no kernel (not an error)
    left: bool = False              # an op the lowering does not take at all (`note` says why)
    atom_op: Span | None = None     # the op that built the atom an applying op applies
    atom_type: Span | None = None   # where the atom's type is written (a signature, an alias)

    def shifted(self, delta: int) -> "AtomSite":
        def move(span: Span | None) -> Span | None:
            return span.shifted(delta) if span is not None else None
        return replace(self, span=self.span.shifted(delta), at=self.at.shifted(delta),
                       atom_op=move(self.atom_op), atom_type=move(self.atom_type))

    def blocked_by(self, errors: list[Diagnostic]) -> list[Diagnostic]:
        """The errors that stop this op's lowering: those inside the op, inside the op that
        built the atom it applies, or on the atom's type (a verdict of `check` is never
        overruled here)."""
        spans = [s for s in (self.span, self.atom_op, self.atom_type) if s is not None]
        # In document order, whatever order `errors` came in: the first one is the reason the
        # preview and the lowering give, and must not depend on how the analysis got there.
        return sorted((d for d in errors if any(s.start <= d.span.start and d.span.end <= s.end for s in spans)),
                      key=lambda d: (d.span.start, d.span.end, d.code, d.message))


@dataclass(frozen=True)
class AliasDef:
    text: str                       # the aliased type's text
    unit: SourceUnit = field(compare=False)     # the unit that defines it
    written: Span                   # where the aliased type is, relative to the unit's start

    def span(self, source: SiteSource) -> Span:
        """Where the aliased type is now."""
        return self.written.shifted(source.unit_start(self.unit))


# The alias tables of the last few documents and states, by the list of alias-defining units
# they were read from: a document keeps that list, and so its table, across every edit that
# touches no alias definition. A large file defines thousands, and a keystroke must not read
# them all. Each entry holds its list, so the list's identity is not reused while it is here.
_KEPT_TABLES = 8
_tables: "OrderedDict[int, tuple[Sequence[SourceUnit], dict[str, AliasDef], bytes]]" = OrderedDict()


def aliases_of(analysis: SiteSource) -> tuple[dict[str, AliasDef], bytes]:
    """`!name = <type>` and `#name = <layout>` definitions of the document, by name (in
    document order), and a digest of their names and texts for the keys of caches (a key that
    held the table would hold a copy of thousands of entries per state of the document)."""
    units = analysis.alias_units()
    kept = _tables.get(id(units))
    if kept is not None and kept[0] is units:
        _tables.move_to_end(id(units))
        return kept[1], kept[2]
    table: dict[str, AliasDef] = {}
    # Each unit says what it defines, relative to its start: no unit's tree or IR is needed.
    # The first definition of a name counts, as MLIR keeps it (and as
    # `DocumentAnalysis.alias_type`).
    for unit in units:
        name, text, span = unit.alias_definition
        table.setdefault(name, AliasDef(text, unit, span))
    digest = hashlib.blake2b(digest_size=20)
    for name, alias in sorted(table.items()):
        digest.update(f"{len(name)}:{name}{len(alias.text)}:{alias.text}".encode())
    key = digest.digest()
    _tables[id(units)] = (units, table, key)
    if len(_tables) > _KEPT_TABLES:
        _tables.popitem(last=False)
    return table, key


# The digest of a document without aliases (`aliases_of`).
NO_ALIASES = hashlib.blake2b(digest_size=20).digest()


def resolving_table(aliases: dict[str, AliasDef], alias_key: bytes) -> AliasTable:
    """The alias definitions `aliases_of` read, as the passes and the attribute readers resolve
    them (`ir.aliases`), kept by their digest."""
    return table_for(alias_key, lambda: ((name, alias.text) for name, alias in aliases.items()))


def alias_table(analysis: SiteSource) -> dict[str, AliasDef]:
    """The document's alias definitions by name (`aliases_of`)."""
    return aliases_of(analysis)[0]


class SiteWalker:
    def __init__(self, analysis: SiteSource, unit: SourceUnit, aliases: dict[str, AliasDef],
                 lifted: Lifted | None = None) -> None:
        self.analysis = analysis
        self.unit = unit
        self.aliases = aliases
        # Not kept on the unit: the items are cached by the unit's text, and keeping the IR of
        # every unit the analysis lowers would hold a whole large file's IR in memory.
        self.ctx = VerifyContext(lifted if lifted is not None else analysis.lifted_unit(unit), "", [],
                                 self._alias_type)
        self._partitions: dict[Operation, TmaPartitionResult] | None = None
        self._alias_types: dict[str, WrittenType | None] = {}

    def _alias_type(self, name: str) -> WrittenType | None:
        # Asked for each value typed with the alias: a kernel names a few aliases many times.
        if name not in self._alias_types:
            alias = self.aliases.get(name)
            self._alias_types[name] = WrittenType(alias.text, alias.span(self.analysis)) if alias is not None else None
        return self._alias_types[name]

    def atom_of_value(self, value: Value) -> tuple[AtomInstance, CuteNvgpuType | None, Operation | None] | None:
        found = self.ctx.resolve_atom(value)
        return (found.atom, found.type, found.op) if found is not None else None

    @staticmethod
    def _operand_owner(op: Operation, index: int = 0) -> Operation | None:
        value = op.operands[index] if len(op.operands) > index else None
        return value.owner if isinstance(value, OpResult) else None

    def _non_exec_atom(self, builder: Operation) -> Operation | None:
        """The non-exec TMA atom op that `builder` is, or that the `make_exec_tma` it is binds."""
        return self._operand_owner(builder) if builder.name == EXEC_TMA_BINDER else builder

    def prefetched(self, builder: Operation) -> bool:
        """Whether the unit prefetches (`cute_nvgpu.prefetch_tma_desc`) the descriptor the atom
        was built from: its kernel then prefetches the tensormap before the transfer."""
        atom = self._non_exec_atom(builder)
        if atom is None or not atom.operands:
            return False
        descriptor = atom.operands[0]
        return any(user.name == PREFETCH and user.operands[0] is descriptor for user in descriptor.users)

    def partition_of(self, builder: Operation) -> TmaPartitionResult | None:
        """What the TMA partition verifier learned about the tile of the non-exec atom that
        `builder` is (or that the `make_exec_tma` it is binds): the lowering reads the tile's
        size from there rather than working it out again."""
        builder = self._non_exec_atom(builder)
        if builder is None:
            return None
        if self._partitions is None:
            self._partitions = verify_tma(self.ctx.lifted, self.analysis.target_arch).partitions
        return self._partitions.get(builder)

    def a_source(self, op: Operation) -> str | None:
        types = self.ctx.operand_types(op)
        if len(types) < 3:
            return None
        operand = self.ctx.classify(types[2])           # (atom, D, A, ...)
        return A_SOURCE_NAMES.get(operand.residency) if operand is not None else None

    def commits(self) -> tuple[tuple[int, bool], ...]:
        """The unit's own tcgen05 commits (`_TCGEN05_COMMIT`), in order: where each starts
        (relative to the unit) and whether it multicasts."""
        if self.ctx is None:
            return ()
        return tuple((self.ctx.op_span(op).start - self.unit.start, len(op.operands) > 1)
                     for op in self.ctx.operations() if op.name == _TCGEN05_COMMIT)

    def items(self) -> list[AtomSite]:
        if self.ctx is None:
            return []
        out: list[AtomSite] = []
        for op in self.ctx.operations():
            found = self._applied(op) if op.name in APPLYING_OPS else self._built(op)
            if found is None:
                left = self._left(op)
                if left is not None:
                    out.append(left)
                continue
            atom, ty, a_source, name, at, atom_op = found
            config = atom_config(atom, a_source, ty=ty)
            if isinstance(config, AtomConfig) and atom.mnemonic in _TMA_TRANSFERS:
                builder = op if op.name not in APPLYING_OPS else self._atom_builder(op)
                partition = self.partition_of(builder)
                if partition is not None:
                    config = _with_partition(config, partition)
                if self.prefetched(builder) and (partition is None or Flag.PREFETCH_ELIGIBLE in partition.flags):
                    config = replace(config, tma_prefetch=True)
            span = self.ctx.op_span(op)
            note = config if isinstance(config, str) else None
            out.append(AtomSite(span, at, self._first_line(span), name, None if note else config, note,
                             atom_op=atom_op, atom_type=atom.type_span))
        return out

    def _left(self, op: Operation) -> AtomSite | None:
        """An op that applies an atom the file does not build (a kernel argument): the
        lowering leaves it, and says why (`left_reason`)."""
        if not applies_atom(op.name):
            return None
        reason = left_reason(op)
        if reason is None:
            return None
        span = self.ctx.op_span(op)
        return AtomSite(span, self.ctx.name_span(op), self._first_line(span), f"%{op.operands[0].name_hint}",
                     None, reason, left=True)

    def _first_line(self, span: Span) -> str:
        """The op's first line, for the preview's comment (long ones cut)."""
        data = self.analysis.document.data
        text = bytes(data[span.start:span.end]).split(b"\n", 1)[0].decode("utf-8", "replace").strip()
        return text if len(text) <= 110 else text[:107] + "..."

    def _atom_builder(self, op: Operation) -> Operation:
        """The op that built the atom an applying op applies (the op itself if it is unknown)."""
        return self._operand_owner(op) or op

    def _built(self, op: Operation):
        for value in op.results:
            found = self.atom_of_value(value)
            if found is not None:
                atom, ty, _ = found
                written = self.ctx.written_type(value)
                at = written.span if written is not None and written.kind != "cute_nvgpu_type" else atom.type_span
                return atom, ty, None, f"%{value.name_hint}", at, None
        return None

    def _applied(self, op: Operation):
        if not op.operands:
            return None
        value = op.operands[0]
        own = {name: f for name, f in self.ctx.attributes(op).items() if name in _APPLYING_SETTINGS.get(op.name, ())}
        # An atom whose type is not written (the page's `make_exec_tma` implies it) is the site
        # of the op that built it, unless the applying op says more of it itself.
        if not self.ctx.defined(value) or (self.ctx.written_type(value) is None and not own):
            return None
        found = self.atom_of_value(value)
        if found is None:
            return None
        atom, ty, owner = found
        if own:
            # What the applying op says of its atom itself (a TMA reduction's kind).
            atom = replace(atom, settings={**atom.settings, **own})
        a_source = self.a_source(op) if atom.is_mma else None
        return (atom, ty, a_source, f"%{value.name_hint}", self.ctx.name_span(op),
                self.ctx.op_span(owner) if owner is not None else None)


# ------------------------------------------------------------------ top-level statement runs
# The op a statement starts with: whether it names results (`%r =`), then its name (quoted in
# the generic form).
OP_START = re.compile(rb'\s*(?:(%)[^=]*=\s*)?"?([A-Za-z_][\w.$-]*)')


@dataclass(frozen=True, eq=False)
class StatementRun:
    """Consecutive statements of the file's top level that are walked as one unit.

    MLIR's parser puts a file's top-level ops into one implicit module, whose body is a graph
    region: a bare op there may use what the statement before it defines (the spec's TMA
    worked example is four such statements, `make_tiled_tma_desc` to `tma_load`). The
    analysis keeps each top-level statement as a unit of its own, so a chain of them is walked
    here as one stretch of the document's tree. What the walk reads of a unit it reads of a
    run: where it starts and ends (the analysis lifts the top-level statements between the
    two, `analysis/units.statement_nodes`), and that it has no tree or piece of its own (the
    document's tree serves it)."""
    start: int
    end: int
    units: tuple = ()
    shell: bool = False
    alias_definition: None = None
    tree: None = None
    piece: None = None


def walked_alone(data, unit: SourceUnit) -> bool:
    """Whether `unit` is walked alone: a container's shell, an alias definition, or an op
    isolated from above (a function: nothing outside it reaches in)."""
    if unit.shell or unit.alias_definition is not None:
        return True
    start = OP_START.match(data, unit.start)
    if start is None or data[unit.start:unit.start + 1] in (b"!", b"#"):
        return True
    return not start.group(1) and has_trait(start.group(2).decode("utf-8", "replace"), Trait.ISOLATED_FROM_ABOVE)


def site_units(analysis: SiteSource) -> list:
    """The document's units as the atom sites are walked: each unit alone, except runs of
    consecutive bare ops of the file's top level (`StatementRun`), which may use each other's
    values. Shells are left out."""
    data = analysis.document.data
    units = analysis.units
    if any(getattr(unit, "piece", None) is not None for unit in units):
        # A document with a syntax error: each piece is parsed on its own, and walked so.
        return [unit for unit in units if not unit.shell]
    out: list = []
    run: list = []
    depth = 0                     # containers open at this unit (`module {` ... `}`)

    def close() -> None:
        if len(run) > 1:
            out.append(StatementRun(run[0].start, run[-1].end, tuple(run)))
        else:
            out.extend(run)
        run.clear()

    for unit in units:
        if unit.shell:
            close()
            # A closing shell is the `}` (zero-width when the parser supplied it).
            closing = unit.start == unit.end or data[unit.start:unit.start + 1] == b"}"
            depth += -1 if closing else 1
            continue
        if depth > 0 or walked_alone(data, unit):
            close()
            out.append(unit)
        else:
            run.append(unit)
    close()
    return out


# Per-unit cache: (unit text, alias definitions it may use) -> items relative to the unit.
# Far fewer entries than a large file has units: what incremental work asks again is the units
# recent edits touched (a keystroke and its undo, a broken file's re-derived stretch). Verifying
# a whole 50k-line file in turn filled 4,096 entries with 18 MiB of sites no edit asked for again
# (docs/benchmarks.md, tenth round); the entries hold no cycles, so an evicted one is freed at once.
CACHED_UNITS = 512
_CACHE_SIZE = CACHED_UNITS
_unit_cache: "OrderedDict[tuple, tuple[AtomSite, ...]]" = OrderedDict()


def unit_key(analysis: SiteSource, unit: SourceUnit, alias_key: bytes) -> tuple:
    """What a unit's items depend on: its text and the document's aliases."""
    text = analysis.document.data[unit.start:unit.end]
    return (len(text), hashlib.blake2b(text, digest_size=20).digest(), alias_key)


@dataclass(frozen=True, slots=True)
class _UnitSites:
    items: tuple[AtomSite, ...]             # relative to the unit
    commits: tuple[tuple[int, bool], ...]   # the unit's own commits (`SiteWalker.commits`)

    @property
    def commit_multicast(self) -> bool | None:
        """How the unit commits as a whole: True when a commit multicasts, False when it
        commits but never multicasts, None when it has no commit."""
        return any(multicast for _, multicast in self.commits) if self.commits else None


# Where a unit keeps its sites once a whole-document walk asked for them (`Unit.derived`, which
# the analysis empties when the unit's text changes): `document_sites` walks every unit, and a
# file of more units than `CACHED_UNITS` missed the cache on every one of them at each walk (the
# whole-file PTX preview repeated, docs/benchmarks.md). Only that walk keeps them there:
# verification walks every unit too, and keeping every unit's sites costs 18 MiB at 50k lines.
KEPT_ON_UNIT = "atom_sites"


def _walk_unit(analysis: SiteSource, unit: SourceUnit, aliases: dict[str, AliasDef],
               alias_key: bytes, key: tuple | None = None, keep: bool = False,
               lifted: Lifted | None = None) -> _UnitSites:
    """The unit's sites and commits: kept on the unit (`KEPT_ON_UNIT`) when `keep` asks or an
    earlier walk kept them, else in the small cache shared by all documents. `lifted`: the
    unit's IR, when the caller holds it (verification does: the document keeps no unit's IR
    while it verifies one after another, and lifting it again costs more than the walk)."""
    # The walk reads the target too (the TMA partition verifier's, `SiteWalker.partition_of`).
    key = (key or unit_key(analysis, unit, alias_key), analysis.target_arch)
    derived = getattr(unit, "derived", None)     # a `StatementRun` is made anew at each walk
    if derived is not None:
        kept = derived.get(KEPT_ON_UNIT)
        if kept is not None and kept[0] == key:
            return kept[1]
    hit = _unit_cache.get(key)
    if hit is not None:
        _unit_cache.move_to_end(key)
    else:
        walker = SiteWalker(analysis, unit, aliases, lifted)
        # An atom's attributes read through the document's aliases, as the verifiers read them.
        with reading_aliases(resolving_table(aliases, alias_key)):
            hit = _UnitSites(tuple(i.shifted(-unit.start) for i in walker.items()), walker.commits())
        if not hit.items and not hit.commits:
            hit = _EMPTY
        if not (keep and derived is not None):
            _unit_cache[key] = hit
            if len(_unit_cache) > _CACHE_SIZE:
                _unit_cache.popitem(last=False)
    if keep and derived is not None:
        derived[KEPT_ON_UNIT] = (key, hit)
    return hit


# The walk of a unit that builds, applies and commits nothing, shared (most units).
_EMPTY = _UnitSites((), ())


def _tracking_commit(site: AtomSite, commits: tuple[tuple[int, bool], ...]) -> bool | None:
    """The form of the commit that tracks `site`'s tcgen05 work: the first commit after it (a
    commit completes every tcgen05 op the thread issued before it), else the last before it (a
    loop's commit at its top), None when the unit has none. The DSL writes each commit as its
    own op (`tcgen05.commit(mbar, mask, cta_group)`), in the PTX as written: a kernel may
    release shared memory to both CTAs (multicast) and signal its accumulator to one barrier."""
    after = next((multicast for at, multicast in commits if at >= site.span.end), None)
    if after is not None:
        return after
    before = [multicast for at, multicast in commits if at < site.span.start]
    return before[-1] if before else None


def _committed(items: tuple[AtomSite, ...], commits: tuple[tuple[int, bool], ...],
               fallback: bool | None = None) -> tuple[AtomSite, ...]:
    """`items` whose CTA-pair kernels commit as the commit that tracks each does
    (`_tracking_commit`), else as `fallback` says (unchanged when it is None)."""
    out = []
    for i in items:
        if i.config is not None and i.config.cta_group == 2:
            form = _tracking_commit(i, commits)
            form = fallback if form is None else form
            if form is not None:
                i = replace(i, config=replace(i.config, commit_multicast=form))
        out.append(i)
    return tuple(out)


def unit_sites(analysis: SiteSource, unit: SourceUnit, aliases: dict[str, AliasDef],
                alias_key: bytes, key: tuple | None = None, lifted: Lifted | None = None) -> tuple[AtomSite, ...]:
    """The unit's sites, relative to it; a CTA pair's kernels commit as the unit's own
    `nvvm.tcgen05.commit` that tracks each does. `lifted`: the unit's IR, if the caller has it."""
    found = _walk_unit(analysis, unit, aliases, alias_key, key, lifted=lifted)
    return _committed(found.items, found.commits)


def document_sites(analysis: SiteSource) -> list[AtomSite]:
    """Every atom-building / atom-applying op of the document, in order (absolute spans)."""
    if analysis.too_large:
        return []
    aliases, key = aliases_of(analysis)
    walked = [(unit, _walk_unit(analysis, unit, aliases, key, keep=True)) for unit in site_units(analysis)]
    # An atom built in one function is often applied in another (the CuTe DSL builds a kernel's
    # MMA atom in its host function and passes it in): a unit that does not commit itself
    # commits as the document's kernels do.
    forms = {found.commit_multicast for _, found in walked} - {None}
    document_form = (True in forms) if forms else None
    out: list[AtomSite] = []
    for unit, found in walked:
        out.extend(i.shifted(unit.start) for i in _committed(found.items, found.commits, document_form))
    return out



def clear_cache() -> None:
    _unit_cache.clear()
