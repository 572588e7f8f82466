"""Workspace symbols from a file's tree (features/workspace_symbols.py): which ops are symbols
and which functions kernels, the module each is in, the fuzzy match, the files searched, and
a parse done a slice at a time giving the tree a whole parse gives."""
from __future__ import annotations

import pytest

from cute_ir.features.workspace_symbols import (
    ATTRIBUTE_ALIAS, FUNCTION, KERNEL, MODULE, TYPE_ALIAS, WorkspaceIndex, fuzzy_score, is_indexed_path,
    positions_in, symbols_of, workspace_files)
from cute_ir.syntax.parser import SlicedParse, parse
from cute_ir.text.positions import Encoding, Position
from tests.conftest import REPO


def _symbols(text: str, encoding: Encoding = Encoding.UTF16):
    data = text.encode("utf-8")
    return symbols_of(parse(data).root, positions_in(data, encoding))


def test_modules_functions_kernels_and_aliases_with_their_module():
    text = ("!desc = i32\n"
            "#layout = #cute.layout<(4, 8):(1, 4)>\n"
            "module {\n"
            "  gpu.module @kernels {\n"
            "    gpu.func @k(%a: i32) kernel {\n      gpu.return\n    }\n"
            "    gpu.func @device_fn(%a: i32) {\n      gpu.return\n    }\n"
            "    llvm.func @nvvm_kernel() attributes {nvvm.kernel} {\n      llvm.return\n    }\n"
            "  }\n"
            "  cuda.kernel @dsl(%a: i32) {\n    return\n  }\n"
            "  func.func @tileas(%v: memref<1xf32>) attributes {nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>} {\n"
            "    func.func @not_searched() {\n      return\n    }\n"
            "    return\n  }\n"
            "  func.func @host() {\n    return\n  }\n"
            "}\n")
    assert [(s.name, s.kind, s.container) for s in _symbols(text)] == [
        ("!desc", TYPE_ALIAS, ""), ("#layout", ATTRIBUTE_ALIAS, ""),
        ("@kernels", MODULE, ""), ("@k", KERNEL, "@kernels"), ("@device_fn", FUNCTION, "@kernels"),
        ("@nvvm_kernel", KERNEL, "@kernels"), ("@dsl", KERNEL, ""), ("@tileas", KERNEL, ""), ("@host", FUNCTION, "")]


def test_which_ops_hold_symbols_is_the_dialects_answer_not_the_op_s_name():
    # A comdat is a symbol table of selectors without a terminator, as a module is, though its
    # name does not say so: the outline and the workspace symbols ask dialects/ alike.
    text = ("llvm.comdat @c {\n  llvm.comdat_selector @s any\n}\n"
            "gpu.module @m {\n  gpu.func @k() kernel {\n    gpu.return\n  }\n}\n")
    assert [(s.name, s.kind, s.container) for s in _symbols(text)] == [
        ("@c", MODULE, ""), ("@s", FUNCTION, "@c"), ("@m", MODULE, ""), ("@k", KERNEL, "@m")]


def test_ranges_are_lsp_positions_in_the_negotiated_encoding():
    text = '// é😀\nfunc.func @f() {\n  return\n}\n// 😀\nfunc.func @"g😀"() {\n  return\n}\n'
    f, g = _symbols(text)
    assert (f.selection.start, f.selection.end) == (Position(1, 10), Position(1, 12))
    assert (f.range.start, f.range.end) == (Position(1, 0), Position(3, 1))
    assert g.name == '@"g😀"' and g.selection.end == Position(5, 16)
    assert _symbols(text, Encoding.UTF8)[1].selection.end == Position(5, 18)


def test_a_broken_file_still_gives_the_symbols_it_can():
    text = "func.func @ok() {\n  return\n}\nfunc.func @broken( {\n  %x = t.t (\n}\nfunc.func @after() {\n  return\n}\n"
    names = [s.name for s in _symbols(text)]
    assert "@ok" in names and "@broken" in names


def test_a_real_dump_gives_its_kernel_and_host_function():
    data = (REPO / "tests" / "corpus" / "cutedsl" / "sm90_tma_store_reduce" / "raw.mlir").read_bytes()
    found = symbols_of(parse(data).root, positions_in(data))
    kinds = {(s.kind, s.container) for s in found if s.name.startswith("@kernel_cutlass")}
    assert kinds == {(KERNEL, "@kernels")}
    assert any(s.kind == FUNCTION and s.name.startswith("@cutlass_run") for s in found)


@pytest.mark.parametrize("query,name,matches", [
    ("gemm", "@gemm_mainloop", True), ("@gemm", "@gemm_mainloop", True), ("GML", "@gemm_mainloop", True),
    ("mainl", "@gemm_mainloop", True), ("lgm", "@gemm_mainloop", False), ("desc", "!desc_b", True),
    ("!desc", "!desc_b", True), ("", "@anything", True), ("x", "@gemm", False),
])
def test_fuzzy_match_takes_the_querys_characters_in_order(query, name, matches):
    assert (fuzzy_score(query, name) is not None) is matches


def test_better_matches_come_first():
    index = WorkspaceIndex()
    index.set("/w/a.ir", _symbols("func.func @gemm_mainloop() {\n}\nfunc.func @gemm() {\n}\n"
                                  "func.func @kernel_cutlass_gemm() {\n}\nfunc.func @g_e_m_m() {\n}\n"))
    assert [s.name for _, s in index.matches("gemm")] == ["@gemm", "@gemm_mainloop", "@g_e_m_m", "@kernel_cutlass_gemm"]


def test_open_documents_replace_what_the_index_holds_for_them():
    index = WorkspaceIndex()
    index.set("/w/a.ir", _symbols("func.func @old() {\n}\n"))
    index.set("/w/sub/b.ir", _symbols("func.func @other() {\n}\n"))
    live = {"/w/a.ir": _symbols("func.func @new() {\n}\n")}
    assert sorted(s.name for _, s in index.matches("", live)) == ["@new", "@other"]
    index.remove("/w/sub")                     # a directory deleted: its files go
    assert [s.name for _, s in index.matches("", live)] == ["@new"]


def test_the_files_searched(tmp_path):
    for name in ("a.ir", "b.mlir", "c.txt", ".git/d.ir", "node_modules/e.ir", "deep/er/f.ir"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")
    assert workspace_files([str(tmp_path)]) == [str(tmp_path / "a.ir"), str(tmp_path / "b.mlir"),
                                                str(tmp_path / "deep" / "er" / "f.ir")]
    assert workspace_files([str(tmp_path)], limit=2) == [str(tmp_path / "a.ir"), str(tmp_path / "b.mlir")]
    assert is_indexed_path(str(tmp_path / "x" / "k.mlir"))
    assert not is_indexed_path(str(tmp_path / ".cache" / "k.ir")) and not is_indexed_path(str(tmp_path / "k.py"))


def test_a_parse_in_slices_gives_the_tree_a_whole_parse_gives():
    data = (REPO / "tests" / "corpus" / "cutedsl" / "sm100_umma_2cta_multicast" / "raw.mlir").read_bytes() * 3
    sliced = SlicedParse(data)
    slices = 0
    while (tree := sliced.advance(0.001)) is None:
        slices += 1
        # another parse in between does not disturb it: it has a parser of its own
        parse(b"%0 = t.t : i32\n")
    assert slices > 1
    assert str(tree.root_node) == str(parse(data).root)
