"""docs/diagnostics.md is the generator's output, with one anchor per code, and the code
reference covers every code a stage of the server spells."""
from __future__ import annotations

import re
import subprocess
import sys

from cute_ir.diagnostics.catalogue import CATALOGUE
from cute_ir.diagnostics.codes import CODES
from cute_ir.diagnostics.reference import COMMAND, DOC_PATH, help_markdown, help_text, help_uri, render
from tests.conftest import REPO

# A string literal that looks like a diagnostic code: a stage name, a dot, more.
_CODE_LITERAL = re.compile(r'"((?:file|syntax|types|verify|ssa|lower|ptxas|tma|tileas)\.[a-z0-9][a-z0-9.-]*)"')
# Literals of that shape that are no code: the `cute-ir.ptxas.path` setting's key.
NOT_CODES = {"ptxas.path"}


def test_docs_diagnostics_md_is_the_generators_output():
    assert DOC_PATH == REPO / "docs" / "diagnostics.md"
    assert DOC_PATH.read_text(encoding="utf-8") == render(), f"docs/diagnostics.md is stale: run `{COMMAND}`"


def test_the_entry_point_prints_the_page():
    out = subprocess.run([sys.executable, "-m", "cute_ir.diagnostics.reference"], capture_output=True,
                         text=True, check=True, cwd=REPO)
    assert out.stdout == render()


def test_every_code_has_exactly_one_anchor():
    anchors = re.findall(r'<a id="([^"]+)"></a>\n### `([^`]+)`', render())
    assert [a for a, heading in anchors if a != heading] == []
    assert sorted(a for a, _ in anchors) == sorted(CODES)


def test_every_catalogue_code_is_listed_with_its_message():
    for code, message in CATALOGUE.items():
        assert CODES[code].message == message.template


def test_every_code_the_server_spells_is_documented():
    spelled = {m for path in (REPO / "server" / "cute_ir").rglob("*.py")
               for m in _CODE_LITERAL.findall(path.read_text(encoding="utf-8"))}
    assert sorted(spelled - NOT_CODES - set(CODES)) == []


def test_help_uri_points_at_the_codes_anchor_of_the_published_page():
    page = "https://example.org/cute-ir/docs/diagnostics.md"
    assert help_uri("types.unknown-type", page) == page + "#types.unknown-type"
    assert help_uri("no.such-code", page) is None


def test_help_text_is_the_codes_section_of_the_page():
    page = DOC_PATH.read_text(encoding="utf-8")
    for code in ("types.unknown-type", "syntax.error"):
        after = page.split(f'<a id="{code}"></a>\n### `{code}`\n\n', 1)[1]
        section = re.split(r"\n<a id=|\n## ", after, maxsplit=1)[0].rstrip()
        assert help_markdown(code).startswith(section + "\n\nStage `")
        assert help_text(code).startswith(section.split("\n")[0].split("`")[0])
    assert help_markdown("no.such-code") is None and help_text("no.such-code") is None


# Codes a stage builds from parts (f-strings), with every value the parts take.
_BUILT_CODES = {'f"verify.copy.{_ROLE_TEXT[role]}-residency"': {"verify.copy.source-residency",
                                                                 "verify.copy.destination-residency"},
                'f"ptxas.{m.severity}"': {"ptxas.error", "ptxas.warning", "ptxas.information"},
                'f"types.universal-copy.{p.key.replace(\'_\', \'-\')}"': {"types.universal-copy.mem-order",
                                                                          "types.universal-copy.mem-scope"}}
_BUILT_LITERAL = re.compile(r'f"(?:file|syntax|types|verify|ssa|lower|ptxas|tma|tileas)\.[^"]*\{[^"]*"')


def test_every_code_a_stage_builds_is_documented():
    built = {m for path in (REPO / "server" / "cute_ir").rglob("*.py")
             for m in _BUILT_LITERAL.findall(path.read_text(encoding="utf-8"))}
    assert built == set(_BUILT_CODES), "a new built code: list its values in _BUILT_CODES"
    assert sorted(set().union(*_BUILT_CODES.values()) - set(CODES)) == []
