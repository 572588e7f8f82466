"""The verifier of `nv_tileas.dot` (cute-ir's tile product, dialects/nv_tileas/dot.py).

`%r = nv_tileas.dot %a, %b, %acc`: `a` is M x K and `b` K x N, both f16 or both bf16, and the
accumulator M x N f32 (the tensor-core product the kernel emitter lowers it to). The pages have
no such op, so the messages are cute-ir's. Operands whose types the unit does not say (a value
defined elsewhere) are not judged.
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, Severity, Source
from ..dialects.nv_tileas.dot import DOT
from ..ir.lift import Lifted
from ..ir.shaped import shaped

MESSAGES = {
    "verify.tileas.dot-shape": "nv_tileas.dot multiplies an M x K tile by a K x N tile into an M x N accumulator, "
                               "got {a}, {b} and {acc}",
    "verify.tileas.dot-type": "nv_tileas.dot multiplies f16 or bf16 tiles into an f32 accumulator, got {a}, {b} and {acc}",
}
_OPERANDS = ("a", "b", "acc")


def verify_dot(lifted: Lifted) -> list[Diagnostic]:
    out = []
    for top in lifted.operations:
        for op in top.walk():
            if op.name != DOT or len(op.operands) != 3:
                continue
            tiles = [shaped(str(v.type)) for v in op.operands]
            if any(t is None or t.rank != 2 or None in t.dims for t in tiles):
                continue
            a, b, acc = tiles
            types = {name: str(v.type) for name, v in zip(_OPERANDS, op.operands)}
            at = lifted.index.name_span(op)
            if a.dims[1] != b.dims[0] or acc.dims != (a.dims[0], b.dims[1]):
                code = "verify.tileas.dot-shape"
            elif a.element != b.element or a.element not in ("f16", "bf16") or acc.element != "f32":
                code = "verify.tileas.dot-type"
            else:
                continue
            out.append(Diagnostic(code, at, Severity.ERROR, Source.VERIFY, MESSAGES[code].format(**types)))
    return out
