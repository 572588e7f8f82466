"""What an op's verifier asks of the rest of the document (analysis/symbols.py answers): the
symbol a call, a `func.constant` or a `memref.get_global` names, found in the symbol table
around the op, the targets the `gpu.module` around an op declares, and what a `!name` /
`#name` alias stands for. All live in other units than the op's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = ["Signature", "Definition", "MISSING", "Lookup"]


@dataclass(frozen=True, slots=True)
class Signature:
    """A function's type as its custom form writes it (ir/op_form.type_text: blanks dropped),
    its aliases read as what they stand for where the caller's lookup answers (a None entry: a
    type written through an alias not defined, which no comparison may use).
    `variadic`: the argument list ends with `...` (an `llvm.func`)."""
    inputs: tuple[str | None, ...]
    results: tuple[str | None, ...]
    variadic: bool = False


@dataclass(frozen=True, slots=True)
class Definition:
    """What defines a symbol: the op's name (`func.func`, `llvm.func`, `memref.global`, ...),
    a function's signature (None: not a function, or its text does not say), a global's type
    (None: not a global, or its text does not say), whether a function is a GPU kernel, and
    whether it has a body (False: a declaration; None: not a function's custom form), an
    `llvm.mlir.global`'s address space (None: another op, or its text does not say), and the
    symbol whose address an `llvm.mlir.alias`'s initializer returns (None: another op, or an
    initializer that returns something else)."""
    op: str
    signature: Signature | None = None
    type: str | None = None
    kernel: bool = False
    body: bool | None = None
    address_space: int | None = None
    address_of: str | None = None


class _Missing:
    """No symbol of that name in the symbol table around the op."""
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


class Lookup(Protocol):
    def symbol(self, name: str) -> "Definition | _Missing | None":
        """What the symbol table around the op holds under `name`, `MISSING` when it holds
        nothing, or None when that cannot be told."""

    def kernel(self, module: str, function: str) -> "tuple[Definition | _Missing | None, Definition | _Missing | None]":
        """What `gpu.launch_func @module::@function` finds (LaunchFuncOp's symbol uses): what
        the symbol table around the op (around its `gpu.module`, if in one) holds under
        `module`, and, when that is a `gpu.module`, what it holds under `function` (else None)."""

    def container_module(self) -> bool | None:
        """Whether the nearest `module` around the op has the `gpu.container_module`
        attribute; None when that cannot be told."""

    def module_targets(self) -> tuple[str, ...] | None:
        """The chips of the `#nvvm.target`s the `gpu.module` around the op declares and asks
        to verify (not `verifyTarget = false`); None when the op is in no such module."""

    def alias(self, name: str) -> str | None:
        """The text of the type a top-level `!name = <type>` defines, or of the attribute a
        `#name = <attribute>` does (`name` with its sigil); None when no such alias is defined."""
