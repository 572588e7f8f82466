"""A generic universal copy's memory order (`!cute_nvgpu.atom.universal_copy<f32, 128 b,
mem_order=acquire, mem_scope=gpu>`) in the PTX preview, the target gate and the hover card.

The copy is a global load and a global store; each takes the half of the order it has
(tables/atoms.UNIVERSAL_ORDER_HALVES, docs/spec-deviations.md): the PTX ISA gives `ld` only
`.relaxed` / `.acquire` and `st` only `.relaxed` / `.release`, each with a scope. The preview,
the target gate and the card all read that one table, so an order that writes `.cluster` is
an sm_90 atom exactly when the preview writes `.cluster`."""
from __future__ import annotations

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.diagnostics import Severity
from cute_ir.dialects.cute_nvgpu import parse_type_node
from cute_ir.features.preview import preview_module
from cute_ir.features.cards import parameter_rows
from cute_ir.ir.target import FROM_COMMAND_LINE, FROM_DEFAULT, FROM_INFERRED
from cute_ir.syntax import parse

from ptxas_runner import PTXAS, SKIP_REASON, assemble

_T = "!cute_nvgpu.atom.universal_copy<f32, 128 b, mem_order={order}, mem_scope={scope}>"

# (order, scope) -> the load and the store the preview tags as the atom's
FORMS = [
    (("acquire", "gpu"), ["ld.acquire.gpu.global.v4.b32", "st.global.v4.b32"]),
    (("release", "sys"), ["ld.global.v4.b32", "st.release.sys.global.v4.b32"]),
    (("acq_rel", "gpu"), ["ld.acquire.gpu.global.v4.b32", "st.release.gpu.global.v4.b32"]),
    (("relaxed", "cta"), ["ld.relaxed.cta.global.v4.b32", "st.relaxed.cta.global.v4.b32"]),
    (("volatile", "gpu"), ["ld.volatile.global.v4.b32", "st.volatile.global.v4.b32"]),
    (("weak", "gpu"), ["ld.global.v4.b32", "st.global.v4.b32"]),
]
CLUSTER = [(("acquire", "cluster"), ["ld.acquire.cluster.global.v4.b32", "st.global.v4.b32"]),
           (("release", "cluster"), ["ld.global.v4.b32", "st.release.cluster.global.v4.b32"])]


def _type(order: str, scope: str) -> str:
    # `weak` and `cta` are the DSL's spellings of no order and the default scope: the spec's
    # type writes neither.
    return _T.format(order=order, scope=scope).replace("mem_order=weak, ", "").replace(", mem_scope=cta", "")


def _document(types: list[str]) -> str:
    lines = ["func.func @copies() {"]
    lines += [f"  %a{i} = cute_nvgpu.make_copy_atom : {t}" for i, t in enumerate(types)]
    return "\n".join(lines + ["  return", "}"]) + "\n"


def _analysis(text: str, arch: str | None) -> DocumentAnalysis:
    settings = (Settings(target_arch=arch, target_from=FROM_COMMAND_LINE) if arch
                else Settings(target_from=FROM_DEFAULT))
    return DocumentAnalysis("file:///copies.mlir", text.encode(), settings=settings)


def _errors(analysis: DocumentAnalysis) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in analysis.diagnostics() if d.severity is Severity.ERROR]


def _atom_lines(ptx: str) -> list[str]:
    return [line.split()[0] for line in ptx.splitlines() if "// @op" in line]


@pytest.mark.parametrize("written,instructions", FORMS + CLUSTER, ids=[f"{o}-{s}" for (o, s), _ in FORMS + CLUSTER])
def test_the_preview_writes_each_half_of_the_order_on_its_access(written, instructions):
    analysis = _analysis(_document([_type(*written)]), "sm_90a")
    assert _errors(analysis) == []
    preview = preview_module(analysis)
    assert preview.problems == []
    assert _atom_lines(preview.ptx_text) == instructions


@pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)
@pytest.mark.parametrize("arch,forms", [("sm_75", FORMS), ("sm_90a", FORMS + CLUSTER)])
def test_every_ordered_form_assembles(arch, forms):
    """`.relaxed` / `.acquire` / `.release` with a scope run from sm_70 (sm_75 is the oldest
    target ptxas 13 assembles); `.cluster` from sm_90."""
    analysis = _analysis(_document([_type(*w) for w, _ in forms]), arch)
    assert _errors(analysis) == []
    ok, output = assemble(preview_module(analysis).ptx_text, arch)
    assert ok, output


@pytest.mark.parametrize("written", [w for w, _ in CLUSTER])
def test_a_cluster_scope_the_preview_writes_is_the_target_gate(written):
    text = _document([_type(*written)])
    assert _errors(_analysis(text, "sm_80")) == [
        ("verify.target", "atom `atom.universal_copy` with `mem_scope = cluster` needs sm_90 or later, "
                          "but the target is sm_80")]
    inferred = _analysis(text, None)
    assert (inferred.target.source, inferred.target.arch) == (FROM_INFERRED, "sm_90a")


def test_a_cluster_scope_no_access_writes_is_no_gate():
    """No order (weak) or volatile: neither access takes a scope, so `.cluster` is not written and
    sm_80 runs the copy."""
    text = _document([_type("weak", "cluster"), _type("volatile", "cluster")])
    analysis = _analysis(text, "sm_80")
    assert _errors(analysis) == []
    assert _atom_lines(preview_module(analysis).ptx_text) == [
        "ld.global.v4.b32", "st.global.v4.b32", "ld.volatile.global.v4.b32", "st.volatile.global.v4.b32"]


def test_orders_no_load_or_store_has_are_errors():
    text = _document([_type("sc", "gpu"), "!cute_nvgpu.atom.universal_copy<f32, 128 b, mem_order=mmio>",
                      "!cute_nvgpu.atom.universal_copy<f32, mem_order=mmio>"])
    analysis = _analysis(text, "sm_90a")
    errors = [(text.encode()[d.span.start:d.span.end].decode(), d.code, d.message)
              for d in analysis.diagnostics() if d.severity is Severity.ERROR]
    assert errors == [
        ("mem_order=sc", "verify.copy.memory-order",
         "`atom.universal_copy` is a load and a store (`ld`, `st`), neither of which has a `sc` memory "
         "order; it takes weak, constant, volatile, relaxed, acquire, release, acq_rel, mmio"),
        ("mem_order=mmio", "verify.copy.memory-order",
         "`atom.universal_copy` with `mem_order=mmio` copies 128 bits at once, but an `.mmio` load or "
         "store is one scalar of at most 64 bits")]
    assert "ld.mmio.relaxed.sys.global.b32" in _atom_lines(preview_module(analysis).ptx_text)


def _rows(type_text: str) -> dict[str, str]:
    data = f"func.func @f() {{\n  %a = cute.make_atom() : () -> {type_text}\n  return\n}}\n".encode()
    stack = [parse(data).root]
    while stack:
        node = stack.pop()
        if node.type == "cute_nvgpu_type":
            return dict(parameter_rows(parse_type_node(node)[0]))
        stack.extend(node.named_children)
    raise AssertionError("no type")


@pytest.mark.parametrize("type_text,param,says", [
    (_type("acquire", "gpu"), "mem_order=acquire",
     "memory ordering of the access: `.acquire`, a load's: the thread's later accesses wait for it, and "
     "see what a release it reads from published; as written, `ld.acquire.gpu` and a weak `st`"),
    (_type("acq_rel", "cluster"), "mem_order=acq_rel",
     "memory ordering of the access: acquire on the load, release on the store (no one `ld` or `st` has "
     "both); as written, `ld.acquire.cluster` and `st.release.cluster`"),
    (_type("sc", "gpu"), "mem_order=sc",
     "memory ordering of the access: sequentially consistent: no `ld` or `st` has it (PTX writes such a "
     "load as `fence.sc` and an acquire); as written, no instruction: neither its load nor its store has "
     "a `.sc`"),
    ("!cute_nvgpu.atom.r2g<f16 copy_bits = 128 mem_order = release mem_scope = cluster>", "mem_order = release",
     "memory ordering of the access: `.release`, a store's: the thread's earlier accesses are done before "
     "it, visible to an acquire that reads it; as written, `st.release.cluster`"),
    ("!cute_nvgpu.atom.g2r<f16 copy_bits = 128 mem_order = release>", "mem_order = release",
     "memory ordering of the access: `.release`, a store's: the thread's earlier accesses are done before "
     "it, visible to an acquire that reads it; as written, no instruction: its load has no `.release`"),
])
def test_the_card_says_what_the_order_does_and_where_it_goes(type_text, param, says):
    assert _rows(type_text)[param] == says
