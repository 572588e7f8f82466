"""Per-unit incremental analysis: the result after any edit equals a fresh analysis."""
from __future__ import annotations

import random

import pytest

from cute_ir.analysis import MAX_ANALYSED_BYTES, DocumentAnalysis
from cute_ir.features.outline import document_symbols, folding_ranges
from cute_ir.text.positions import Position
from tests.conftest import REPO

KERNEL = """\
  func.func @kernel_{i}(%arg0: i32) -> i32 {{
    %a_{i} = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32)>
    %c_{i} = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16, 128 b>
    %s_{i} = arith.addi %arg0, %arg0 : i32
    return %s_{i} : i32
  }}
"""
INSERTS = [
    "    %q = cute_nvgpu.bogus_op %x\n",
    "    %t = cute.static : !cute_nvgpu.sm90.mmx\n",
    "    %u = cute.static : !cute_nvgpu.atom.universal_copy<f16, 3 b, mem_order=nope>\n",
    "    %z = arith.addi %a, %b : i32\n",
    '    "cute_nvgpu.gen"() : () -> ()\n',
]


def _document(n=40):
    return "module {\n" + "".join(KERNEL.format(i=i) for i in range(n)) + "}\n"


def _norm(a):
    return sorted((d.span.start, d.span.end, d.message) for d in a.diagnostics())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_valid_edits_match_a_fresh_analysis(seed):
    rng = random.Random(seed)
    a = DocumentAnalysis("file:///x.ir", _document())
    local = 0
    for step in range(150):
        lines = a.document.text.split("\n")
        op_lines = [i for i, line in enumerate(lines) if line.startswith("    %")]
        r = rng.random()
        if r < 0.45:
            line = rng.choice(op_lines)
            change = (Position(line, 0), Position(line, 0), rng.choice(INSERTS))
        elif r < 0.7 and len(op_lines) > 5:
            line = rng.choice(op_lines)
            change = (Position(line, 0), Position(line + 1, 0), "")
        elif r < 0.9:
            line = rng.choice(op_lines)
            col = lines[line].index("%") + 1
            change = (Position(line, col), Position(line, col), "k")
        elif r < 0.95:
            heads = [i for i, line in enumerate(lines) if line.lstrip().startswith("func.func")]
            line = rng.choice(heads)
            change = (Position(line, 0), Position(line, 0), "  func.func @extra() {\n    return\n  }\n")
        else:
            # Indentation in front of a function: whitespace between units.
            heads = [i for i, line in enumerate(lines) if line.lstrip().startswith("func.func")]
            line = rng.choice(heads)
            change = (Position(line, 0), Position(line, 0), " ")
        a.update([change], step)
        local += any(u.tree is not None for u in a.units)
        fresh = DocumentAnalysis("file:///y.ir", a.document.text)
        assert not fresh.syntax.root.has_error
        assert _norm(a) == _norm(fresh), f"step {step}: {change}"
        # Whole-document features reuse per-unit results of units that only moved.
        assert document_symbols(a) == document_symbols(fresh), f"step {step}: {change}"
        assert folding_ranges(a) == folding_ranges(fresh), f"step {step}: {change}"
    # Most edits stay inside one statement and re-parse only that statement.
    assert local > 100


def test_edit_inside_a_statement_reparses_only_that_unit():
    a = DocumentAnalysis("file:///x.ir", _document())
    units_before = [(u.start, u.end) for u in a.units]
    line = 1 + 6 * 20 + 3     # %s_20 = arith.addi ...
    a.update([(Position(line, 6), Position(line, 6), "9")], 1)
    touched = [u for u in a.units if u.tree is not None]
    assert len(touched) == 1
    assert a.document.text.split("\n")[line].startswith("    %s9_20 = ")
    assert a.full_stale
    after = [(u.start, u.end) for u in a.units]
    index = after.index((touched[0].start, touched[0].end))
    assert after[:index] == units_before[:index]
    assert after[index + 1:] == [(s + 1, e + 1) for s, e in units_before[index + 1:]]


def test_structural_edit_re_derives_units():
    a = DocumentAnalysis("file:///x.ir", _document(5))
    count = len(a.units)
    line = 1 + 6 * 2 + 5     # closing brace of kernel_2
    a.update([(Position(line, 0), Position(line + 1, 0), "")], 1)
    fresh = DocumentAnalysis("file:///y.ir", a.document.text)
    assert _norm(a) == _norm(fresh)
    assert [(u.start, u.end) for u in a.units] == [(u.start, u.end) for u in fresh.units]
    # kernel_2 now lacks its `}`: its unit ends at its last line, before kernel_3, and the
    # kernels after it are units as before.
    text = a.document.text
    kernel_2 = next(u for u in a.units if text.startswith("func.func @kernel_2", u.start))
    assert kernel_2.end == text.rindex("\n", 0, text.index("func.func @kernel_3")) and len(a.units) == count


def test_whole_document_replacement():
    a = DocumentAnalysis("file:///x.ir", _document(3))
    a.update([(None, None, "%0 = t.t : !cute_nvgpu.nope\n")], 2)
    assert [d.message for d in a.diagnostics()] == ["unknown  type `nope` in dialect `cute_nvgpu`"]


def test_too_large_documents_are_not_analysed():
    text = "// " + "x" * (MAX_ANALYSED_BYTES + 10) + "\n"
    a = DocumentAnalysis("file:///big.ir", text)
    assert [d.code for d in a.diagnostics()] == ["syntax.too-large"]
    a.update([(None, None, "%0 = t.t : !cute_nvgpu.nope\n")], 2)
    assert [d.code for d in a.diagnostics()] == ["types.unknown-type"]


def test_other_units_keep_their_text_after_a_local_edit():
    """A local edit applies `Tree.edit` to the document tree, after which the binding no
    longer gives node text; features elsewhere in the file must still see the text."""
    from cute_ir.features import hover

    a = DocumentAnalysis("file:///x.ir", _document())
    at = a.document.text.index("sm90.mma") + 2          # in kernel_0
    before = hover.hover(a, at)
    line = 1 + 6 * 20 + 3                                 # %s_20 = arith.addi ... in kernel_20
    a.update([(Position(line, 6), Position(line, 6), "9")], 1)
    assert any(u.tree is not None for u in a.units)       # re-parsed locally
    after = hover.hover(a, at)
    assert before is not None and after is not None
    assert after.markdown == before.markdown
    assert after.markdown.startswith("**`!cute_nvgpu.sm90.mma`**")


ALIASED = """\
!wgmma = !cute_nvgpu.sm90.mma
module {
  func.func @k(%acc: memref<64xf32>, %y: i32) {
    %wg = cute_nvgpu.make_mma_atom {shape_MNK = [64, 130, 16], a_type = f16, b_type = f16, c_type = f32} : !wgmma
    %x = arith.addi %y, %y : i32
    return
  }
}
"""


def test_aliases_still_resolve_when_verifying_after_a_local_edit():
    a = DocumentAnalysis("file:///x.ir", ALIASED)
    lattice = [d for d in a.diagnostics() if d.code == "verify.mma.lattice-shape"]
    assert len(lattice) == 1
    line = ALIASED.split("\n").index("    %x = arith.addi %y, %y : i32")
    a.update([(Position(line - 1, 7), Position(line - 1, 7), "2")], 1)   # %wg -> %wg2
    assert any(u.tree is not None for u in a.units) or not a.full_stale
    assert _norm(a) == _norm(DocumentAnalysis("file:///y.ir", a.document.text))
    assert len([d for d in a.diagnostics() if d.code == "verify.mma.lattice-shape"]) == 1


# An atom type with a mistake, written once as an alias and used by two functions: the
# verifiers of both report it in the alias definition.
BAD_ALIAS = '!ldsm = !cute_nvgpu.atom.ldsm<val_type = f16, mode = <"(8,8)">, sz_pa>\n'
USER = "func.func @{name}() {{\n    %0 = cute.static : !ldsm\n  return\n}}\n"


def _shape_errors(a):
    return [(d.span.start, d.span.end) for d in a.diagnostics() if d.code == "verify.copy.matrix-shape"]


def test_a_mistake_in_an_alias_is_reported_once_however_many_functions_use_it():
    a = DocumentAnalysis("file:///x.ir", BAD_ALIAS + USER.format(name="f") + USER.format(name="g"))
    where = BAD_ALIAS.index("sz_pa")
    assert _shape_errors(a) == [(where, where + len("sz_pa"))]


@pytest.mark.parametrize("edit", [
    "between",        # a comment between the alias and its user: only the user moves
    "in the user",    # the user is re-parsed and verified alone, without the alias in its tree
    "before both",
])
def test_a_mistake_reported_in_an_alias_stays_where_it_is_written_after_edits(edit):
    text = BAD_ALIAS + USER.format(name="f")
    a = DocumentAnalysis("file:///x.ir", text)
    at, inserted = {"between": (Position(1, 0), "// note\n"), "in the user": (Position(2, 6), "1"),
                    "before both": (Position(0, 0), "// note\n")}[edit]
    a.update([(at, at, inserted)], 1)
    fresh = DocumentAnalysis("file:///y.ir", a.document.text)
    assert _shape_errors(a) == _shape_errors(fresh) and len(_shape_errors(a)) == 1
    assert _norm(a) == _norm(fresh)


# An MMA atom typed with an alias defined at the end of the file, as MLIR prints aliases.
ALIAS_DEFINED_AFTER_USE = (
    "func.func @f() {\n"
    "  %a = cute_nvgpu.make_mma_atom {shape_MNK = [16, 8, 16], a_type = f16, b_type = f16, c_type = f32} : !mma\n"
    "  return\n"
    "}\n"
    "!mma = !cute_nvgpu.sm80.mma\n"
)


def test_an_edit_above_an_alias_definition_does_not_reparse_the_document():
    """The alias table comes from what each unit recorded of its own text: a definition that
    an edit only moved needs neither its tree nor its IR, so typing stays a one-unit re-parse."""
    text = ALIAS_DEFINED_AFTER_USE
    a = DocumentAnalysis("file:///x.ir", text)
    before = a.diagnostics()
    a.update([(Position(0, 11), Position(0, 11), "g")], 1)       # @f -> @fg
    assert a.full_stale          # no feature needed the whole-document tree
    fresh = DocumentAnalysis("file:///y.ir", a.document.text)
    assert _norm(a) == _norm(fresh)
    assert [d.message for d in a.diagnostics()] == [d.message for d in before]
    [alias] = [u for u in a.units if u.alias_definition is not None]
    name, aliased, span = alias.alias_definition
    assert (name, aliased) == ("!mma", "!cute_nvgpu.sm80.mma")
    assert a.document.text[alias.start + span.start:alias.start + span.end] == aliased


def test_the_kept_alias_table_follows_edits_to_definitions_and_edits_that_only_move_them():
    """The analysis keeps the units that define aliases across edits that touch none; each
    step must still equal a fresh analysis of the same text, diagnostics and PTX preview (which
    resolves the alias through that table)."""
    from cute_ir.features.preview import preview_module
    text = ALIAS_DEFINED_AFTER_USE
    a = DocumentAnalysis("file:///x.ir", text)
    preview_module(a)
    alias_line = 4
    steps = [
        (Position(0, 11), Position(0, 11), "g"),                       # above the definition: it only moves
        (Position(alias_line, 20), Position(alias_line, 22), "90"),     # sm80 -> sm90: another atom
        (Position(alias_line, 0), Position(alias_line + 1, 0), ""),     # the definition deleted
        (Position(alias_line, 0), Position(alias_line, 0), "!mma = !cute_nvgpu.sm80.mma\n"),   # and back
        (Position(1, 4), Position(1, 4), "b"),                          # typing in the user again
    ]
    for version, (start, end, new_text) in enumerate(steps, 1):
        a.update([(start, end, new_text)], version)
        fresh = DocumentAnalysis("file:///x.ir", a.document.text)
        assert _norm(a) == _norm(fresh), (version, a.document.text)
        assert preview_module(a).ptx_text == preview_module(fresh).ptx_text, (version, a.document.text)


def test_a_keystroke_away_from_alias_definitions_reads_the_kept_alias_table():
    """A large file defines thousands of aliases: an edit that touches none of them reuses the
    table (and its digest), with the definitions where they are now; an edit to one reads it
    again."""
    from cute_ir.verify.atom_sites import aliases_of
    a = DocumentAnalysis("file:///x.ir", ALIAS_DEFINED_AFTER_USE)
    table, key = aliases_of(a)
    a.update([(Position(0, 11), Position(0, 11), "g")], 2)        # above the definition: it moves
    moved, moved_key = aliases_of(a)
    assert moved is table and moved_key == key
    span = moved["!mma"].span(a)
    assert a.document.text[span.start:span.end] == "!cute_nvgpu.sm80.mma"
    a.update([(Position(4, 21), Position(4, 23), "90")], 3)      # the definition itself
    changed, changed_key = aliases_of(a)
    assert changed is not table and changed_key != key
    assert changed["!mma"].text == "!cute_nvgpu.sm90.mma"


def test_verification_after_open_reads_the_alias_table_once():
    """Units verified after open are diagnosed again, their alias definitions read again: the
    same definitions keep the table (a large dump defines thousands of aliases, and a table
    rebuilt for every slice was most of what verification allocated)."""
    from cute_ir.verify.atom_sites import aliases_of
    functions = "".join(f"func.func @f{i}(%a: !mma) {{\n  return\n}}\n" for i in range(40))
    a = DocumentAnalysis("file:///x.ir", "!mma = !cute_nvgpu.sm80.mma\n" + functions, verify_budget=0)
    a.diagnostics()
    table, _ = aliases_of(a)
    while a.verify_pending(0):
        assert aliases_of(a)[0] is table
    assert aliases_of(a)[0] is table


def test_the_alias_table_holds_type_and_attribute_aliases_but_no_locations():
    """`#tile` is an alias the verifiers and passes read; `#loc1` names a location, which only
    locations use (a dump with debug info defines thousands): it stays out of the table."""
    text = ("!t = memref<4xf16, 1>\n#tile = array<i64: 64, 128>\n#loc1 = loc(\"kernel.py\":21:0)\n"
            "func.func @f() {\n  return loc(#loc1)\n}\n")
    analysis = DocumentAnalysis("file:///aliases.ir", text)
    assert [u.alias_definition[:2] for u in analysis.alias_units()] == [
        ("!t", "memref<4xf16, 1>"), ("#tile", "array<i64: 64, 128>")]
    assert analysis.alias_type("#tile").text == "array<i64: 64, 128>" and analysis.alias_type("#loc1") is None


@pytest.mark.parametrize("typed", ["x", " ", "@"])
def test_a_container_unmade_and_made_again_declares_its_target_again(typed):
    """`gpu.module` -> `gpu.moduxle` makes the container one statement that declares no
    target; deleting the `x` again re-parses that statement alone unless it would be split,
    which it now is: its header's `#nvvm.target` decides the target again, as in a fresh
    analysis."""
    text = (REPO / "examples" / "sm100_umma.ir").read_text()
    line = text.splitlines().index(next(l for l in text.splitlines() if l.startswith("gpu.module")))
    a = DocumentAnalysis("file:///x.ir", text)
    assert a.target_arch == "sm_100a"
    at = Position(line, 9)
    a.update([(at, at, typed)], 2)
    assert a.target_arch != "sm_100a"
    a.update([(at, Position(line, 9 + len(typed)), "")], 3)
    assert a.target_arch == "sm_100a"
    assert _norm(a) == _norm(a.reanalysed()) == _norm(DocumentAnalysis("file:///y.ir", text))
    assert [(u.start, u.end, u.shell) for u in a.units] == \
        [(u.start, u.end, u.shell) for u in DocumentAnalysis("file:///y.ir", text).units]


@pytest.mark.parametrize("example", ["sm100_umma.ir", "sm120_nvfp4.ir"])
def test_a_character_typed_and_deleted_anywhere_in_a_container_header_matches_a_fresh_analysis(example):
    """Each column of the `gpu.module` line: `x` typed there, then deleted, with no analysis
    read in between and with one; the result is a fresh analysis's."""
    text = (REPO / "examples" / example).read_text()
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if l.startswith("gpu.module"))
    fresh = _norm(DocumentAnalysis("file:///y.ir", text))
    for read_between in (False, True):
        a = DocumentAnalysis("file:///x.ir", text)
        for column in range(len(lines[line]) + 1):
            at = Position(line, column)
            a.update([(at, at, "x")], None)
            if read_between:
                a.diagnostics()
            a.update([(at, Position(line, column + 1), "")], None)
            assert _norm(a) == fresh, (column, read_between)


# A real CuTe DSL dump whose `cute.copy` notes (the atom lowering's `lower.not-lowered`) name
# each operand's memory space, read through the alias its type is written with.
DSL_DUMP = REPO / "tests" / "corpus" / "cutedsl" / "elementwise_predicated" / "canonical.mlir"


@pytest.mark.parametrize("closing", range(6))
def test_a_note_read_through_an_alias_follows_its_definition_in_a_broken_file(closing):
    """With a `}` missing (the file cut into pieces by its lines), a `#` typed into
    `!memref_rmem_i8_1 = !cute.memref<...>` makes the alias unreadable: the notes on the
    `cute.copy`s that use it must stop naming `rmem`, as a fresh analysis does. The lowering
    reads aliases through the document's table, not the verifier's lookups."""
    lines = DSL_DUMP.read_text(encoding="utf-8").split("\n")
    braces = [i for i, line in enumerate(lines) if line.strip() == "}"]
    lines[braces[closing]] = lines[braces[closing]].replace("}", "", 1)
    definition = next(i for i, line in enumerate(lines) if line.startswith("!memref_rmem_i8_1 = "))
    a = DocumentAnalysis("file:///x.mlir", "\n".join(lines))
    column = len("!memref_rmem_i8_1 = !")
    a.update([(Position(definition, column), Position(definition, column), "#")], 1)
    assert _norm(a) == _norm(DocumentAnalysis("file:///y.mlir", a.document.text))


ALIAS_READ_BY_UNCHANGED_OPS = """\
!t = i32
func.func @f(%v: i32) {
  %x = arith.addi %v, %v : !t
  %y = arith.addi %x, %v : i32
  return
}
func.func @g() {
  return
}
"""


@pytest.mark.parametrize("broken", [False, True])
def test_ops_read_through_an_alias_follow_its_definition(broken):
    """What the SSA check reads of an op (its form, ir/op_form.py) is kept by the op's text and
    what the aliases it names stand for: an edit to `!t` alone changes the type `%x` has, so the
    unchanged `%y` now uses it with another type, and back; with a `}` missing too."""
    text = ALIAS_READ_BY_UNCHANGED_OPS.replace("func.func @g() {\n  return\n}", "func.func @g() {\n  return\n") \
        if broken else ALIAS_READ_BY_UNCHANGED_OPS
    a = DocumentAnalysis("file:///x.mlir", text)
    assert not any(d.code == "ssa.type-mismatch" for d in a.diagnostics())
    for version, (old, new) in enumerate([("i32", "f32"), ("f32", "i32"), ("i32", "f32")], 1):
        a.update([(Position(0, 5), Position(0, 5 + len(old)), new)], version)
        fresh = DocumentAnalysis("file:///y.mlir", a.document.text)
        assert _norm(a) == _norm(fresh)
        assert any(d.code == "ssa.type-mismatch" for d in a.diagnostics()) == (new == "f32")


def _body_lines(lines, predicate):
    return [i for i, line in enumerate(lines) if line.startswith("    ") and predicate(line.strip())]


# Edits in the functions of a broken dump, each a function of the text now: rename a value
# where it is defined (a letter typed into its name), then where it is used; delete a line that
# uses values; make a region of two ops and unmake it; type and delete a letter in an op's type.
def _renamed_definition(lines):
    line = _body_lines(lines, lambda s: s.startswith("%") and " = " in s)[6]
    return Position(line, lines[line].index("%") + 2), Position(line, lines[line].index("%") + 2), "q"


def _renamed_use(lines):
    line = _body_lines(lines, lambda s: s.count("%") >= 3)[3]
    at = lines[line].rindex("%") + 1
    return Position(line, at), Position(line, at), "z"


def _deleted_use(lines):
    line = _body_lines(lines, lambda s: s.count("%") >= 2 and " = " in s)[5]
    return Position(line, 0), Position(line + 1, 0), ""


def _region_made(lines):
    line = _body_lines(lines, lambda s: s.startswith("%") and " = " in s)[4]
    return Position(line, 0), Position(line, 0), "    scf.execute_region {\n"


def _region_closed(lines):
    line = next(i for i, s in enumerate(lines) if s == "    scf.execute_region {") + 3
    return Position(line, 0), Position(line, 0), "    }\n"


def _region_unmade(lines):
    line = next(i for i, s in enumerate(lines) if s == "    scf.execute_region {")
    return Position(line, 0), Position(line + 1, 0), ""


def _typed_in_type(lines):
    line = _body_lines(lines, lambda s: ": !" in s)[2]
    at = lines[line].index(": !") + 3
    return Position(line, at), Position(line, at), "x"


def _untyped_in_type(lines):
    line = next(i for i, s in enumerate(lines) if ": !x" in s)
    at = lines[line].index(": !x") + 3
    return Position(line, at), Position(line, at + 1), ""


KEYSTROKES = [_renamed_definition, _renamed_definition, _renamed_use, _deleted_use, _typed_in_type,
              _untyped_in_type, _region_made, _region_closed, _renamed_definition, _region_unmade,
              _deleted_use, _renamed_use]


@pytest.mark.parametrize("closing", [1, 3])
def test_keystrokes_in_the_functions_of_a_broken_dump_match_a_fresh_analysis(closing, monkeypatch):
    """A keystroke in a body piece of a broken document parses the piece again from its tree
    when it had no syntax error (analysis/document.py `_parse_piece`), and lifts and checks its
    function again from the op memos: after each, the diagnostics are a fresh analysis's."""
    from cute_ir.analysis import document
    reused = []
    parse_range = document.parse_range

    def counted(*args):
        reused.append(len(args) > 5 and args[5] is not None)
        return parse_range(*args)
    monkeypatch.setattr(document, "parse_range", counted)
    lines = DSL_DUMP.read_text(encoding="utf-8").split("\n")
    braces = [i for i, line in enumerate(lines) if line.strip() == "}"]
    lines[braces[closing]] = lines[braces[closing]].replace("}", "", 1)
    a = DocumentAnalysis("file:///x.mlir", "\n".join(lines))
    for version, keystroke in enumerate(KEYSTROKES, 1):
        change = keystroke(a.document.text.split("\n"))
        a.update([change], version)
        fresh = DocumentAnalysis("file:///y.mlir", a.document.text)
        # (a `}` typed to close the region made may close what the deleted one left open too)
        assert _norm(a) == _norm(fresh), (version, keystroke.__name__, change)
    # The `}` the function typed in misses (closing 1) leaves its piece with a syntax error,
    # which is parsed afresh; with another function's missing (3) it is parsed from its tree.
    assert any(reused) is (closing == 3)


def test_a_location_naming_an_alias_defined_later_follows_that_definition():
    """An op's trailing `loc(#a)` is resolved once the file is read: it names no location once
    a later statement defines `#a` as an attribute, and is defined nowhere while none does (a
    location's alias `#b = loc(...)` defines another name). The unit that uses it is checked
    again when the definition is written, removed and written again (no verification of its
    own records the name: it has no atoms)."""
    text = "func.func private @f() loc(#a)\n#b = 1 : i32\n#l = loc(\"f.py\":1:2)\n"
    a = DocumentAnalysis("file:///x.ir", text)
    never = [(27, 29, "ssa.undefined-alias", "operation location alias was never defined")]
    assert _diagnosed(a) == never
    found = [(27, 29, "ssa.alias-not-location", "expected location, but found '1 : i32'")]
    for version, (name, expected) in enumerate([("a", found), ("b", never), ("a", found)], 1):
        a.update([(Position(1, 1), Position(1, 2), name)], version)
        fresh = DocumentAnalysis("file:///y.ir", a.document.text)
        assert _diagnosed(a) == _diagnosed(fresh) == expected, (version, a.document.text)


def test_a_name_inside_a_location_follows_where_its_definition_stands():
    """A name inside another location (`fused[#a]`) is resolved where it stands: defined only
    by a statement before it, a location's alias or an attribute's (which is no location). The
    unit that uses it is checked again as definitions of the name are written, renamed away and
    written after it."""
    a = DocumentAnalysis("file:///x.ir", "#l0 = loc(fused[#a])\n#b = loc(\"f.py\":1:2)\n")
    assert [(d.code, d.message) for d in a.diagnostics()] == [("ssa.undefined-alias", "undefined symbol alias id 'a'")]
    undefined = ["undefined symbol alias id 'a'"]
    edits = [((0, 0), (0, 0), "#a = loc(\"g.py\":1:1)\n", []),
             ((0, 1), (0, 2), "c", undefined),
             ((2, 1), (2, 2), "a", undefined),
             ((2, 1), (2, 2), "b", undefined),
             ((0, 0), (0, 20), "#a = 1 : i32", ["expected location attribute, but got1 : i32"]),
             ((0, 0), (0, 12), "#a = loc(\"g.py\":1:1)", [])]
    for version, (start, end, text, expected) in enumerate(edits, 1):
        a.update([(Position(*start), Position(*end), text)], version)
        fresh = DocumentAnalysis("file:///y.ir", a.document.text)
        assert _diagnosed(a) == _diagnosed(fresh), (version, a.document.text)
        assert [d.message for d in a.diagnostics()] == expected, (version, a.document.text)


def _diagnosed(a):
    return sorted((d.span.start, d.span.end, d.code, d.message) for d in a.diagnostics())
