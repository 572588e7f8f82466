"""What every verifier needs: a unit's IR, where its parts are written, the atoms its values
hold, the target. Verifiers read IR objects and the source index; no syntax tree."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from ..diagnostics import Diagnostic, Related, Severity, Source, Span
from ..dialects.cute_nvgpu.atoms import AtomInstance, Field, atom_instance, implied_atom
from ..dialects.cute_nvgpu.ops import lookup_op
from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER, NON_EXEC_KINDS
from ..dialects.cute_nvgpu.operands import OperandType
from ..dialects.cute_nvgpu.types import CuteNvgpuType
from ..dialects.cute_nvgpu.written import WrittenType, names_plain_type
from ..ir.attributes import all_attributes
from ..ir.core import UNIT, Operation, OpResult, Value
from ..ir.lift import UNDEFINED, Lifted, SourceIndex
from ..layout import layout_rank

# `!alias` -> the type its definition names, where that is written (None: not defined).
AliasResolver = Callable[[str], "WrittenType | None"]


def no_aliases(name: str) -> WrittenType | None:
    return None


@dataclass(frozen=True)
class LocatedAtom:
    """An atom with what it was read from."""
    atom: AtomInstance
    type: CuteNvgpuType | None      # the written type; None when the building op implies it
    op: Operation | None            # the op whose attributes configure it, if any

    @property
    def attribute_text(self) -> dict[str, str]:
        """The configuring op's properties and attributes, as written."""
        if self.op is None:
            return {}
        return {name: "" if attr == UNIT else attr.text
                for name, attr in all_attributes(self.op).items()}


# The op that makes an executable TMA atom from a non-exec one.
EXEC_TMA_BINDER = "cute_nvgpu.atom.make_exec_tma"
# The non-exec TMA atom's attributes the executable atom `make_exec_tma` binds carries.
_BOUND_TMA_SETTINGS = frozenset({"num_multicast", "rank", "mode", "reduce_kind", "load_mode", "store_mode"})


@dataclass
class VerifyContext:
    lifted: Lifted
    target: str
    diagnostics: list[Diagnostic]
    # Type aliases, which CuTe DSL dumps name atoms by, resolved across the document.
    resolve_alias: AliasResolver = no_aliases
    # `resolve_atom`'s answers: each verifier of an op asks for the atoms of its operands, and
    # an atom's value is asked of by the op that builds it and by each op that applies it. The
    # IR a context reads is not rewritten while it lives.
    _atoms: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # Type texts that name no cute_nvgpu type, directly or through an alias: most values' types
    # (a memref, an index), which `resolve_atom` is asked of for every result of a unit.
    _plain_types: set = field(default_factory=set, init=False, repr=False, compare=False)

    @property
    def index(self) -> SourceIndex:
        return self.lifted.index

    def operations(self):
        """Every op of the unit, outer ops before the ops inside them."""
        for top in self.lifted.operations:
            yield from top.walk()

    def error(self, code: str, at: Span, message: str, related: tuple[Related, ...] = (),
              source: Source = Source.VERIFY) -> None:
        self.diagnostics.append(Diagnostic(code, at, Severity.ERROR, source, message, related))

    def note_at_definition(self, atom: AtomInstance) -> tuple[Related, ...]:
        if atom.defined_at is None:
            return ()
        return (Related(atom.defined_at, f"the `{atom.mnemonic}` atom is defined here"),)

    # ------------------------------------------------------------------ where things are written
    def name_span(self, op: Operation) -> Span:
        return self.index.name_span(op)

    def op_span(self, op: Operation) -> Span:
        return self.index.op_spans[op]

    def operand_span(self, op: Operation, index: int) -> Span:
        spans = self.index.operand_spans.get(op, [])
        return spans[index] if index < len(spans) else self.name_span(op)

    def definition_span(self, value: Value) -> Span | None:
        return self.index.definitions.get(value)

    @staticmethod
    def defined(value: Value) -> bool:
        """Whether the unit defines `value` (a use of a name defined nowhere visible is not)."""
        return value.type != UNDEFINED

    def attributes(self, op: Operation) -> dict[str, Field]:
        """The op's properties and attributes as written, each with where its value is."""
        spans = self.index.attribute_spans.get(op, {})
        out = {}
        for name, attr in all_attributes(op).items():
            if name in spans:
                out[name] = Field(attr.text, spans[name][1])
        return out

    # ------------------------------------------------------------------ types
    def written_type(self, value: Value) -> WrittenType | None:
        """The type written for `value` (in its op's signature, after a block argument)."""
        span = self.index.type_spans.get(value)
        return WrittenType(value.type.text, span) if span is not None else None

    def operand_types(self, op: Operation) -> list[WrittenType]:
        """The types written for the op's operands, in order: a custom form's `: (T0, T1, ...)`,
        a generic form's function-type inputs."""
        return [WrittenType(text, span) for text, span in self.index.operand_types.get(op, [])]

    def through_alias(self, written: WrittenType | None) -> WrittenType | None:
        """The type `written` names: itself, or what the `!alias` it is stands for (None when
        no definition is known)."""
        if written is None or not written.is_alias:
            return written
        target = self.resolve_alias(written.text)
        return target if target is not None and not target.is_alias else None

    def classify(self, written: WrittenType) -> OperandType | None:
        """What an operand's written type says about it; an aliased type keeps the alias's
        place and spelling for diagnostics (None: an alias nobody defines)."""
        target = self.through_alias(written)
        if target is None:
            return None
        operand = target.operand()
        if target is written:
            return operand
        return replace(operand, text=written.text, span=written.span,
                       layout_span=written.span if operand.layout_span is not None else None)

    # ------------------------------------------------------------------ atoms
    def atom_of_type(self, written: WrittenType | None) -> AtomInstance | None:
        """The atom a written type names, configured by nothing else."""
        target = self.through_alias(written)
        ty = target.cute_type() if target is not None else None
        return atom_instance(ty, {}, None) if ty is not None else None

    def atom_from_value(self, value: Value) -> AtomInstance | None:
        """The atom an SSA value holds (see `resolve_atom`)."""
        found = self.resolve_atom(value)
        return found.atom if found is not None else None

    def resolve_atom(self, value: Value) -> LocatedAtom | None:
        """The atom an SSA value holds, with the type that spells it and the op that configures it.

        The one place that answers "which atom is this value": from the type the value is
        written with (directly or through a `!alias`), configured by its defining op's
        attributes; from the building op alone when the result type is left out (an op that
        builds one fixed atom); and for `make_exec_tma`, with what the non-exec atom it binds
        says (its multicast, mode and tile rank). A block argument's atom is its type's alone.
        """
        if value in self._atoms:
            return self._atoms[value]
        found = self._atoms[value] = self._resolved(value)
        return found

    def _written_atom_type(self, value: Value) -> CuteNvgpuType | None:
        """The cute_nvgpu type `value` is written with, directly or through an alias."""
        span = self.index.type_spans.get(value)
        if span is None:
            return None
        text = value.type.text
        # (Most values: a type that names no atom by its text alone, known without reading
        # it again in each context; an alias's answer depends on the file's aliases.)
        if text in self._plain_types:
            return None
        if names_plain_type(text):
            self._plain_types.add(text)
            return None
        written = self.through_alias(WrittenType(text, span))
        ty = written.cute_type() if written is not None else None
        if ty is None:   # (what the text names, whatever its place)
            self._plain_types.add(value.type.text)
        return ty

    def _resolved(self, value: Value) -> LocatedAtom | None:
        ty = self._written_atom_type(value)
        owner = value.owner if isinstance(value, OpResult) else None
        if ty is None:
            row = lookup_op(owner.name) if owner is not None else None
            builds = row.builds if row is not None else None
            if builds is None and owner is not None and owner.name == EXEC_TMA_BINDER:
                builds = self._bound_exec_atom(owner)
            if builds is None or value in self.index.type_spans:
                return None
            atom = implied_atom(builds, self.attributes(owner), self.name_span(owner), self.op_span(owner))
            if atom is not None and owner.name == EXEC_TMA_BINDER:
                atom = replace(atom, settings={**self._bound_tma_settings(owner), **atom.settings})
            return LocatedAtom(atom, None, owner) if atom is not None else None
        defined_at = self.op_span(owner) if owner is not None else self.definition_span(value)
        atom = atom_instance(ty, self.attributes(owner) if owner is not None else {}, defined_at)
        if atom is None:
            return None
        if owner is not None and owner.name == EXEC_TMA_BINDER:
            atom = replace(atom, settings={**self._bound_tma_settings(owner), **atom.settings})
        return LocatedAtom(atom, ty, owner)

    def _bound_exec_atom(self, binder: Operation) -> str | None:
        """The executable atom `make_exec_tma` builds when its result type is left out: that of
        the transfer of the non-exec atom it binds (`non_exec_tiled_tma_load` -> `tma_load`)."""
        source = binder.operands[0] if binder.operands else None
        builder = source.owner if isinstance(source, OpResult) else None
        kind = NON_EXEC_KINDS.get(builder.name) if builder is not None else None
        return f"atom.tma_{kind}" if kind is not None else None

    def _bound_tma_settings(self, binder: Operation) -> dict[str, Field]:
        """What `make_exec_tma` takes from the non-exec TMA atom it binds (its first operand):
        that op's multicast, mode, reduce kind and rank attributes, and otherwise the rank of its
        tile layout (the second of its (descriptor, tile, cta map) operands, else its first
        layout)."""
        out: dict[str, Field] = {}
        source = binder.operands[0] if binder.operands else None
        builder = source.owner if isinstance(source, OpResult) else None
        if builder is None:
            return out
        for name, f in self.attributes(builder).items():
            if name in _BOUND_TMA_SETTINGS:
                out[name] = f
        descriptor = builder.operands[0].owner if builder.operands and isinstance(builder.operands[0], OpResult) else None
        if ("mode" not in out and descriptor is not None and descriptor.name == DESCRIPTOR_BUILDER
                and descriptor.results and "im2col" in descriptor.results[0].type.text):
            # A load through an im2col descriptor is an im2col load (the partition result's
            # bit 1 says so where the partition runs).
            out["mode"] = Field("im2col", self.op_span(descriptor))
        if "rank" in out:
            return out
        operands = builder.operands
        layouts = [v for v in operands if v in self.index.type_spans and "layout" in v.type.text]
        tile = operands[1] if len(operands) > 1 and any(operands[1] is v for v in layouts) else \
            (layouts[0] if layouts else None)
        rank = layout_rank(tile.type.text) if tile is not None else None
        if rank is not None:
            out["rank"] = Field(str(rank), self.index.type_spans[tile])
        elif (descriptor := self._descriptor_rank(operands[0] if operands else None)) is not None:
            # No typed tile (the page's worked example writes none): the descriptor's tensor
            # rank, one `shapes(...)` extent per dimension.
            out["rank"] = descriptor
        return out

    def _descriptor_rank(self, value: Value | None) -> Field | None:
        """The rank of the tensor a TMA descriptor (`make_tiled_tma_desc`) describes, from the
        extents its `shapes(...)` group lists, at the descriptor op."""
        from .tma import operand_groups     # tma.py reads atoms through this module
        owner = value.owner if isinstance(value, OpResult) else None
        if owner is None or owner.name != DESCRIPTOR_BUILDER:
            return None
        shapes = operand_groups(owner).get("shapes", [])
        return Field(str(len(shapes)), self.op_span(owner)) if shapes else None
