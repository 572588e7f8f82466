"""Where an IR object comes from: a range of the user's text, or derived from other locations.

The kinds follow MLIR's `Location` attribute family, reduced to what an editor needs:

| kind | MLIR | meaning |
|---|---|---|
| `SourceLoc` | `FileLineColRange` | a byte range of the document being analysed |
| `NameLoc` | `NameLoc` | a name (e.g. an alias) wrapped around a child location |
| `FusedLoc` | `FusedLoc` | several locations fused, optionally tagged with metadata |
| `WrittenLoc` | `FileLineColLoc`, ... as written | a `loc(...)` the text itself declares, kept verbatim |
| `UnknownLoc` | `UnknownLoc` | nowhere in particular |

A pass that creates an op from another gives it `derived(pass_name, origin)`: a `FusedLoc`
whose metadata names the pass. `source_span` walks back to the user's text so a diagnostic on
the new op lands on the text it came from, and `provenance` lists the passes in between so the
diagnostic can say which pass made the op.

Locations are immutable and compared by value; the walks are iterative because derived chains
grow with the length of the pipeline.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Union

from ..diagnostics import Span


@dataclass(frozen=True)
class SourceLoc:
    span: Span


@dataclass(frozen=True)
class NameLoc:
    name: str
    child: "Location"


@dataclass(frozen=True)
class FusedLoc:
    locations: tuple["Location", ...]
    metadata: str | None = None


@dataclass(frozen=True)
class WrittenLoc:
    text: str            # `loc("k.py":21:0)`, `loc(#loc3)`: printed back as it was written


@dataclass(frozen=True)
class UnknownLoc:
    pass


Location = Union[SourceLoc, NameLoc, FusedLoc, WrittenLoc, UnknownLoc]

UNKNOWN = UnknownLoc()

# The metadata prefix that marks a location made by a pass (`FusedLoc(..., "pass:lower-x")`).
_PASS_TAG = "pass:"


def derived(pass_name: str, *origins: Location) -> FusedLoc:
    """The location of something `pass_name` created from things at `origins`."""
    return FusedLoc(tuple(origins), _PASS_TAG + pass_name)


def _walk(location: Location) -> Iterator[Location]:
    """Every location reachable from `location`, depth first, first child first."""
    stack = [location]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, NameLoc):
            stack.append(current.child)
        elif isinstance(current, FusedLoc):
            stack.extend(reversed(current.locations))


def source_span(location: Location) -> Span | None:
    """The first range of the user's text `location` leads back to, or None."""
    for current in _walk(location):
        if isinstance(current, SourceLoc):
            return current.span
    return None


def written(location: Location) -> str | None:
    """The `loc(...)` the user wrote for this op, if any."""
    for current in _walk(location):
        if isinstance(current, WrittenLoc):
            return current.text
    return None


def provenance(location: Location) -> list[str]:
    """The passes that produced `location`, outermost (latest) first."""
    return [current.metadata[len(_PASS_TAG):] for current in _walk(location)
            if isinstance(current, FusedLoc) and current.metadata and current.metadata.startswith(_PASS_TAG)]
