"""Op names as MLIR's parser looks them up: the ops it prints without their dialect, the
default dialect an op gives the names written in its regions, and what it makes of a token
left after an op it has read whole (the start of the next op).

Data below the syntax: the syntax's signature reading (a word after `func.func`'s signature)
and the structure verifier (a token left after an op's whole format) judge such a token with
`next_op_message`; the op records (dialects/ods.py) read the short spellings.
"""
from __future__ import annotations

from typing import Callable

from ..diagnostics import Span
from ..diagnostics.mlir_messages import (EXPECTED_OPERATION_NAME, TRIED_AS_WELL, UNKNOWN_CUSTOM_OP_TRIED,
                                         UNREGISTERED_CUSTOM_DIALECT)

# LLVM's inline assembly op: the atom lowering's output, which makes the function holding it one
# `--emit ptx` writes.
INLINE_ASM = "llvm.inline_asm"

# Ops MLIR prints without their dialect prefix: builtin ops, and ops of the dialect an enclosing
# function names as its default (`return` in `func.func`; gpu.func's and llvm.func's own
# returns are written with their prefix in what the project reads).
SHORT_NAMES = {"module": "builtin.module", "unrealized_conversion_cast": "builtin.unrealized_conversion_cast",
               "return": "func.return", "call": "func.call"}
# The ops of `builtin` (the dialect has no others).
BUILTIN_OPS = frozenset(full for full in SHORT_NAMES.values() if full.startswith("builtin."))

# The default dialect of the ops whose regions a name without a dialect is looked up in
# (OpAsmOpInterface's `getDefaultDialect`; "": none, so the dialect `` is not found), as
# mlir-opt 22 reports a word there; around another op, a word is not judged. A file's top
# level is the body of an implicit `builtin.module`.
DEFAULT_DIALECTS = {
    "func.func": "func", "builtin.module": "builtin", "module": "builtin",
    **{name: "" for name in ("scf.for", "scf.if", "scf.while", "scf.execute_region", "affine.for", "gpu.module",
                             "gpu.func", "gpu.launch", "llvm.func", "memref.alloca_scope")},
}


def next_op_message(token: Span, wrong: Span, word: str | None, parent: str | None,
                  is_op: Callable[[str], bool]) -> tuple[str, Span] | None:
    """A token left after an op read whole, which MLIR reads as the start of the next op, in
    the regions of `parent` (an op's name; None: not known): (mlir-opt 22's message, where),
    or None when it is not judged. `word` is the name a word would be looked up as (None: a
    token no op's name starts with, reported at `wrong`, `Parser::emitWrongTokenError`'s
    place); it is looked up as it is and in the parent's default dialect, `is_op` saying
    which full names are ops (a word that names one starts the next op)."""
    if word is None:
        return EXPECTED_OPERATION_NAME, wrong
    dialect = DEFAULT_DIALECTS.get(parent) if parent is not None else None
    if dialect is None or is_op(f"{dialect}.{word}"):
        return None
    if dialect:
        return UNKNOWN_CUSTOM_OP_TRIED.format(word, f"{dialect}.{word}"), token
    return UNREGISTERED_CUSTOM_DIALECT.format("", word) + TRIED_AS_WELL.format(f".{word}"), token
