"""What a descriptor view shows: its fields, each with its value and meaning."""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Span


@dataclass(frozen=True)
class FieldRow:
    name: str
    low: int | None          # first bit; None where the object's bit layout is not public
    width: int | None
    value: int | str | None
    meaning: str


@dataclass(frozen=True)
class DescriptorView:
    title: str
    fields: list[FieldRow]
    span: Span | None = None            # what the view describes, in the document
    word: int | None = None             # the word with unknown fields at 0
