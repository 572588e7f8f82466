"""What an op's verifier asks of the rest of the document (analysis/symbols.py answers): a
call's callee, found by its symbol in the symbol table around the call, and the targets the
`gpu.module` around an op declares. Both live in other units than the op's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = ["Signature", "MISSING", "Lookup"]


@dataclass(frozen=True, slots=True)
class Signature:
    """A function's type as its custom form writes it (ir/op_form.type_text: blanks dropped);
    a None entry: a type the text writes through an alias, which no comparison may use."""
    inputs: tuple[str | None, ...]
    results: tuple[str | None, ...]


class _Missing:
    """No function of that name in the symbol table around the call."""
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


class Lookup(Protocol):
    def function(self, name: str) -> "Signature | _Missing | None":
        """The function the symbol table around the op holds under `name` (its `Signature`,
        None when its text does not say), `MISSING` when it holds none, or None when that
        cannot be told."""

    def module_targets(self) -> tuple[str, ...] | None:
        """The chips of the `#nvvm.target`s the `gpu.module` around the op declares and asks
        to verify (not `verifyTarget = false`); None when the op is in no such module."""
