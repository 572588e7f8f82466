"""A type as the user wrote it somewhere, read by the dialect.

The IR holds types as text (`ir/core.Type`) and the source index says where each was written.
This reads a type's text with the project's grammar and the dialect's interpretation
(`types.parse_type_node`, `operands.operand_type`) once per distinct text, with spans relative
to the type's first byte, and places the result where the type is written. Verifiers and
features then ask for a `WrittenType`'s atom type or operand classification and get spans in
the document, without touching a syntax tree.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ...diagnostics import Span
from ...syntax import parse
from .operands import OperandType, operand_type
from .types import CuteNvgpuType, parse_type_node

# A type parses alone as the value of an alias definition.
_PREFIX = b"!__written = "


@dataclass(frozen=True)
class _Read:
    kind: str                        # the grammar's node kind: cute_nvgpu_type, type_alias, memref_type, ...
    cute: CuteNvgpuType | None       # a cute_nvgpu type's interpretation, spans relative to the text
    operand: OperandType             # what the type says about an operand, spans relative to the text


@lru_cache(maxsize=8192)
def _read(text: str) -> _Read:
    source = _PREFIX + text.encode("utf-8")
    root = parse(source).root
    definition = root.named_children[0] if root.named_child_count else None
    node = definition.child_by_field_name("value") if definition is not None else None
    if node is None or (node.start_byte, node.end_byte) != (len(_PREFIX), len(source)):
        return _Read("unparsed", None, OperandType(text, Span(0, len(source) - len(_PREFIX)), None, None))
    back = -len(_PREFIX)
    cute = _shifted_type(parse_type_node(node)[0], back) if node.type == "cute_nvgpu_type" else None
    return _Read(node.type, cute, operand_type(node).shifted(back))


def read_cute_type(text: str) -> CuteNvgpuType | None:
    """The cute_nvgpu type `text` spells, its spans relative to the text (None for another type)."""
    return _read(text).cute


def names_plain_type(text: str) -> bool:
    """Whether `text` spells a type that is neither a cute_nvgpu type nor an alias (a memref,
    an index): no atom, wherever it is written and whatever the file's aliases say."""
    read = _read(text)
    return read.cute is None and read.kind != "type_alias"


def _shifted_type(ty: CuteNvgpuType, delta: int) -> CuteNvgpuType:
    return replace(ty, span=ty.span.shifted(delta), mnemonic_span=ty.mnemonic_span.shifted(delta),
                   params=tuple(replace(p, span=p.span.shifted(delta)) for p in ty.params))


@lru_cache(maxsize=256)
def _placed_type(text: str, start: int) -> CuteNvgpuType | None:
    """A verifier, the preview and hover ask for the same written atom type in turn. Keyed
    by where the type is, so only the unit being worked on asks again: kept for 4,096 types,
    verifying a 50k-line file left 3 MiB of them (docs/benchmarks.md, tenth round)."""
    cute = read_cute_type(text)
    return _shifted_type(cute, start) if cute is not None else None


@dataclass(frozen=True)
class WrittenType:
    """A type's text and where it is written in the document."""

    text: str
    span: Span

    @property
    def kind(self) -> str:
        """The grammar's kind of the type: `cute_nvgpu_type`, `type_alias`, `memref_type`, ..."""
        return _read(self.text).kind

    @property
    def is_alias(self) -> bool:
        return self.kind == "type_alias"

    def cute_type(self) -> CuteNvgpuType | None:
        """The cute_nvgpu type written here, spans in the document (None for any other type)."""
        if _read(self.text).cute is None:   # most types: not placed, not kept
            return None
        return _placed_type(self.text, self.span.start)

    def operand(self) -> OperandType:
        """What the type says about an operand of this type, spans in the document."""
        return _read(self.text).operand.shifted(self.span.start)
