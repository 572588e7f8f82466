"""The passes see types and attributes as MLIR's parser gives them: `!name` / `#name` aliases
resolved (ir/aliases.py). Real files, CuTe DSL dumps above all, spell their memrefs through
aliases; the lowering must treat them as if written out."""
from __future__ import annotations

import re

import pytest

from cute_ir import cli
from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.preview import preview_module
from cute_ir.ir.aliases import MAX_EXPANSION, AliasTable
from tests.conftest import REPO
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON, assemble

COPY = (REPO / "examples" / "tileas_copy.ir").read_text()
ALIASES = {
    "!gmem": "memref<4096x4096xf16, 1>",
    "!tile": "tensor<64x64xf16>",
    "!view": "memref<?x?xf16, strided<[?, 1]>, 1>",
    "!src": "!view",
}


def aliased(text: str) -> str:
    """The copy example with its types written through aliases, one of them through another."""
    for name in ("!gmem", "!tile", "!view"):
        text = text.replace(ALIASES[name], name)
    text = text.replace("@copy_dynamic(%src: !view", "@copy_dynamic(%src: !src").replace(
        "offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : !view", "offsets() {tileSize = array<i64: 64, 64>, allow_tma = true} : !src")
    definitions = "".join(f"{name} = {value}\n" for name, value in ALIASES.items())
    return definitions + text


_ENTRY = re.compile(r"^\.visible \.entry (\w+)\(.*?^\}", re.S | re.M)


def kernels(path, arch: str, capsys) -> dict[str, str]:
    assert cli.main(["lower", str(path), "--emit", "ptx", "--arch", arch]) == 0
    return {m.group(1): m.group(0) for m in _ENTRY.finditer(capsys.readouterr().out)}


def test_an_alias_expands_to_its_definition_with_the_aliases_it_uses():
    table = AliasTable(list(ALIASES.items()))
    assert table.expand("(!view, !gmem) -> !tile") == \
        "(memref<?x?xf16, strided<[?, 1]>, 1>, memref<4096x4096xf16, 1>) -> tensor<64x64xf16>"
    # A dialect's type, a name no alias defines, a result number and a string stay as written.
    kept = '!nv_tileaa.mem_token !other %t#0 "!gmem"'
    assert table.expand(kept) == kept


def test_the_first_definition_of_a_name_counts():
    assert AliasTable([("!t", "f16"), ("!t", "f32")]).expand("!t") == "f16"


def test_definitions_that_refer_to_each_other_or_grow_without_bound_end():
    assert AliasTable([("!a", "tuple<!b>"), ("!b", "tuple<!a>")]).expand("!a") == "tuple<tuple<!a>>"
    doubling = [(f"!t{i}", f"tuple<!t{i + 1}, !t{i + 1}>") for i in range(40)] + [("!t40", "f32")]
    assert len(AliasTable(doubling).expand("!t0")) <= MAX_EXPANSION
    chain = [(f"!t{i}", f"!t{i + 1}") for i in range(50_000)] + [("!t50000", "f32")]
    assert AliasTable(chain).expand("!t0") == "f32"


def test_check_treats_an_aliased_kernel_as_the_written_out_one(tmp_path, capsys):
    plain, with_aliases = tmp_path / "plain.ir", tmp_path / "aliased.ir"
    plain.write_text(COPY)
    with_aliases.write_text(aliased(COPY))
    assert cli.main(["check", str(with_aliases)]) == 0
    said = capsys.readouterr().out
    # No load or store falls back from TMA because its view was spelled `!gmem`.
    assert "lower.not-tma" not in said and "0 errors, 0 warnings" in said


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a", "sm_120a"])
def test_an_aliased_kernel_lowers_to_the_ptx_of_the_written_out_one(arch, tmp_path, capsys):
    plain, with_aliases = tmp_path / "plain.ir", tmp_path / "aliased.ir"
    plain.write_text(COPY)
    with_aliases.write_text(aliased(COPY))
    expected = kernels(plain, arch, capsys)
    assert set(expected) == {"copy_tma", "copy_dynamic", "copy_registers", "copy_dynamic_registers", "copy_async"}
    assert kernels(with_aliases, arch, capsys) == expected
    preview = preview_module(DocumentAnalysis(with_aliases.as_uri(), with_aliases.read_bytes(),
                                              settings=Settings(target_arch=arch)))
    assert {n: t for n, t in ((m.group(1), m.group(0)) for m in _ENTRY.finditer(preview.ptx_text))} == expected
    if PTXAS is None:
        pytest.skip(SKIP_REASON)
    accepted, said = assemble(preview.ptx_text, arch)
    assert accepted, said


def test_the_host_side_reads_an_aliased_view(tmp_path, capsys):
    plain, with_aliases = tmp_path / "plain.ir", tmp_path / "aliased.ir"
    plain.write_text(COPY)
    with_aliases.write_text(aliased(COPY))
    cli.main(["lower", str(plain), "--emit", "host"])
    expected = capsys.readouterr().out.replace(str(plain), "")
    cli.main(["lower", str(with_aliases), "--emit", "host"])
    assert capsys.readouterr().out.replace(str(with_aliases), "") == expected
    assert "box_dims: [64, 64]" in expected


def test_editing_an_alias_definition_changes_the_kernels_that_use_it(tmp_path, capsys):
    """The lowered units are cached by the aliases too: a wider `!gmem` moves the register
    copy's rows apart in the preview, as `lower` gives it from the edited file."""
    from cute_ir.text.positions import Position
    text = aliased(COPY)
    analysis = DocumentAnalysis("file:///copy.ir", text, settings=Settings(target_arch="sm_90a"))
    entries = lambda: {m.group(1): m.group(0) for m in _ENTRY.finditer(preview_module(analysis).ptx_text)}
    before = entries()["copy_registers"]
    position = analysis.document.position(text.index("!gmem = memref<4096x") + len("!gmem = memref<4096x"))
    analysis.update([(position, Position(position.line, position.character + 4), "8192")], 2)
    after = entries()["copy_registers"]
    edited = tmp_path / "copy.ir"
    edited.write_bytes(bytes(analysis.document.data))
    assert after != before and after == kernels(edited, "sm_90a", capsys)["copy_registers"]


def test_an_attribute_alias_is_resolved_as_a_type_alias_is():
    """A kernel spec given through `#spec` is the spec it stands for (as MLIR's parser gives it):
    the file checks and previews exactly as with the spec written out."""
    text = "#spec = #nv_tileas.kernel_spec<num_warps = 4>\n" + COPY.replace(
        "#nv_tileas.kernel_spec<num_warps = 4>", "#spec")
    aliased_spec = DocumentAnalysis("file:///copy.ir", text, settings=Settings(target_arch="sm_90a"))
    written = DocumentAnalysis("file:///copy.ir", COPY, settings=Settings(target_arch="sm_90a"))
    assert aliased_spec.diagnostics() == written.diagnostics() == []
    entries = lambda analysis: {m.group(1): m.group(0) for m in _ENTRY.finditer(preview_module(analysis).ptx_text)}
    assert entries(aliased_spec) == entries(written) and entries(written)


def test_an_atom_configured_through_an_attribute_alias_previews_and_lowers_as_written_out():
    """`shape_MNK = #shape`: the preview reads the atom's attributes as the verifiers do, so
    the WGMMA has its instruction in check, the preview and the lowering alike."""
    from cute_ir.features.lowered import lower
    written = (REPO / "examples" / "sm90_gemm_mainloop.ir").read_text()
    aliased = "#shape = [64, 128, 16]\n" + written.replace("shape_MNK = [64, 128, 16]", "shape_MNK = #shape")
    analyses = [DocumentAnalysis("file:///gemm.ir", text) for text in (written, aliased)]
    assert [[d.message for d in a.diagnostics()] for a in analyses] == [[], []]
    entries = [{m.group(1): m.group(0) for m in _ENTRY.finditer(preview_module(a).ptx_text)} for a in analyses]
    assert entries[0] == entries[1] and any("wgmma.mma_async" in e for e in entries[0].values())
    asm = [lower(a).stages[-1].text.count("llvm.inline_asm") for a in analyses]
    assert asm[0] == asm[1] > 0
