"""Hover on a type alias: CuTe DSL dumps write every atom type once, as an alias
(`!mma_f16_f16_f32_256x128x16 = !cute_nvgpu.sm100.mma<...>`), and their ops write the alias.
The alias's card is the card of the type it stands for."""
from __future__ import annotations

from pathlib import Path

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.features.hover import hover
from cute_ir.ir.target import FROM_DEFAULT

TMEM = "!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>"
TEXT = f"""\
!tl = {TMEM}
!same = !tl
!ptrs = !llvm.struct<(ptr, ptr)>
func.func @f(%p: !ptrs) {{
  %a = cute.make_atom() : () -> !tl
  %b = cute.make_atom() : () -> !same
  %c = cute.make_atom() : () -> !nowhere
  return
}}
"""


def _hover(text: str, needle: str, into: int = 1, **settings):
    analysis = DocumentAnalysis("file:///alias.mlir", text, settings=Settings(**settings))
    return analysis, hover(analysis, len(text[:text.index(needle) + into].encode()))


def test_an_alias_use_shows_the_card_of_its_type():
    analysis, use = _hover(TEXT, "-> !tl\n", into=4, target_arch="sm_100a")
    _, at_type = _hover(TEXT, TMEM, into=len("!cute_nvgpu."), target_arch="sm_100a")
    assert use.markdown == "**type alias `!tl`**, defined on line 1\n\n---\n\n" + at_type.markdown
    assert "**`!cute_nvgpu.atom.tmem_load`**" in use.markdown
    start = len(TEXT[:TEXT.index("-> !tl\n") + 3].encode())
    assert (use.span.start, use.span.end) == (start, start + 3)


def test_the_aliass_own_name_and_an_alias_of_it_show_the_same_card():
    _, use = _hover(TEXT, "-> !tl\n", into=4)
    _, name = _hover(TEXT, "!tl =")
    _, through = _hover(TEXT, "-> !same", into=4)
    assert name.markdown == use.markdown
    assert through.markdown == use.markdown.replace("`!tl`", "`!same`")


def test_an_alias_of_another_type_and_an_undefined_alias_say_what_they_are():
    _, other = _hover(TEXT, "%p: !ptrs", into=5)
    assert other.markdown == "**type alias `!ptrs`**, defined on line 3: `!llvm.struct<(ptr, ptr)>`"
    _, nowhere = _hover(TEXT, "!nowhere")
    assert nowhere.markdown == "**type alias `!nowhere`**: not defined in this file"


def test_a_cycle_of_aliases_ends():
    text = "!a = !b\n!b = !a\nfunc.func @f() {\n  %x = cute.make_atom() : () -> !a\n  return\n}\n"
    _, found = _hover(text, "-> !a", into=4)
    assert found.markdown.startswith("**type alias `!a`**")


def test_a_dumps_mma_alias_shows_its_atoms_card():
    path = Path(__file__).parents[1] / "corpus" / "cutedsl" / "sm100_umma_2cta_multicast" / "raw.mlir"
    text = path.read_text()
    use = text.index("cute.gemm(%arg0")
    use = text.index("!mma_", use)
    name = text[use:text.index(",", use)].rstrip(")")
    analysis = DocumentAnalysis(path.as_uri(), text, settings=Settings(target_from=FROM_DEFAULT))
    card = hover(analysis, len(text[:use + 2].encode())).markdown
    assert card.startswith(f"**type alias `{name}`**, defined on line ")
    assert ": a `!cute.tiled_mma` of\n\n---\n\n**`!cute_nvgpu.sm100.mma`**" in card
    assert "| Target | sm_100a: yes |" in card


ATTRIBUTES = """\
#cm = #cute_nvgpu.load_cache_mode<global>
#m = affine_map<(d0) -> (d0 + 8)>
#again = #cm
#loc = loc("kernel.py":1:2)
func.func @f(%g: memref<8xf16, #m, 1>) {
  %x = "t.op"() {cache_mode = #again} : () -> i32
  %y = "t.op"() {cache_mode = #gone} : () -> i32
  return
}
"""


def test_an_attribute_alias_s_definition_and_its_use_in_a_type_say_what_it_stands_for():
    _, definition = _hover(ATTRIBUTES, "#cm =")
    assert definition.markdown == \
        "**attribute alias `#cm`** stands for `#cute_nvgpu.load_cache_mode<global>` (defined on line 1)"
    assert (definition.span.start, definition.span.end) == (0, 3)
    _, in_type = _hover(ATTRIBUTES, "#m, 1")
    _, its_definition = _hover(ATTRIBUTES, "#m =")
    assert in_type.markdown == its_definition.markdown == \
        "**attribute alias `#m`** stands for `affine_map<(d0) -> (d0 + 8)>` (defined on line 2)"


def test_an_alias_of_an_attribute_alias_reads_through_to_the_attribute():
    _, definition = _hover(ATTRIBUTES, "#again =")
    assert definition.markdown == \
        "**attribute alias `#again`** stands for `#cute_nvgpu.load_cache_mode<global>` (defined on line 1)"
    _, entry = _hover(ATTRIBUTES, "cache_mode = #again", into=len("cache_mode = #a"))
    assert entry.markdown.endswith("`#again` stands for `#cute_nvgpu.load_cache_mode<global>` (defined on line 1)")


def test_a_location_alias_shows_its_definition_and_an_undefined_alias_says_so():
    _, location = _hover(ATTRIBUTES, "#loc =")
    assert location.markdown == '**attribute alias `#loc`** = `loc("kernel.py":1:2)`'
    _, entry = _hover(ATTRIBUTES, "#gone", into=2)
    assert entry.markdown == "**attribute `cache_mode`** = `#gone` of `t.op`"
