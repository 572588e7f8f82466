"""The tree-sitter grammar inside Neovim: its parser loads, its queries compile, and
Neovim's highlighter runs on it.

The grammar is compiled with the system C compiler into a runtime directory under the
test's tmp dir (parser/cute_ir.so + queries/cute_ir/*.scm, the layout Neovim looks up);
highlight_check.lua does the Neovim side and reports as JSON.

Neovim 0.7.2 from Debian bookworm links the system libtree-sitter 0.20.7, which accepts
parsers of ABI 13 and 14. The committed parser.c is ABI 14 (tree-sitter CLI 0.22), so it
loads as is. A CLI of 0.25 or later generates ABI 15 by default, which that library
refuses ("ABI version mismatch"); regenerating with `--abi 14` keeps Neovim 0.7 working.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
GRAMMAR = REPO / "grammar"
HIGHLIGHT_CHECK = HERE / "highlight_check.lua"
EXAMPLES = sorted((REPO / "examples").glob("*.ir"))
CORPUS = sorted((GRAMMAR / "test" / "corpus").glob("*.txt"))
QUERY_FILES = sorted((GRAMMAR / "queries").glob("*.scm"))

NVIM = shutil.which("nvim")
CC = shutil.which("cc")
pytestmark = [
    pytest.mark.skipif(NVIM is None, reason="nvim not on PATH (Debian/Ubuntu: apt-get install -y neovim)"),
    pytest.mark.skipif(CC is None, reason="no C compiler `cc` on PATH to build the grammar"),
]

# Capture names an nvim-treesitter colour scheme styles and that real files must produce.
REQUIRED_CAPTURES = {"function", "type", "variable", "number", "string", "comment", "keyword"}

_CASE = re.compile(
    r"^={3,}[ \t]*\n(?P<name>.*?)\n={3,}[ \t]*\n(?P<input>.*?)\n-{3,}[ \t]*\n(?P<expected>.*?)(?=^={3,}|\Z)",
    re.MULTILINE | re.DOTALL)


def corpus_cases() -> list[dict]:
    """Every case of grammar/test/corpus as {id, input, expected}."""
    cases = []
    for path in CORPUS:
        for n, m in enumerate(_CASE.finditer(path.read_text())):
            cases.append({"id": f"{path.stem}-{n}", "name": m["name"].strip(),
                          "input": m["input"], "expected": m["expected"]})
    return cases


def normalise_tree(sexpr: str) -> str:
    """Compare trees the way `tree-sitter test` does when the expectation has no field names."""
    sexpr = re.sub(r"\b[a-z_]+: ", "", sexpr)
    sexpr = re.sub(r"\s+", " ", sexpr).strip()
    return sexpr.replace("( ", "(").replace(" )", ")")


def language_version() -> int:
    m = re.search(r"^#define LANGUAGE_VERSION (\d+)", (GRAMMAR / "src" / "parser.c").read_text(), re.MULTILINE)
    assert m, "LANGUAGE_VERSION not found in grammar/src/parser.c"
    return int(m.group(1))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("corpus")
    cases = {}
    for case in corpus_cases():
        path = out / f"{case['id']}.ir"
        path.write_text(case["input"])
        cases[str(path)] = case
    return cases


@pytest.fixture(scope="module")
def runtime(tmp_path_factory) -> Path:
    rt = tmp_path_factory.mktemp("nvim-runtime")
    (rt / "parser").mkdir()
    queries = rt / "queries" / "cute_ir"
    queries.mkdir(parents=True)
    src = GRAMMAR / "src"
    build = subprocess.run(
        [CC, "-shared", "-fPIC", "-O1", "-I", str(src), str(src / "parser.c"), str(src / "scanner.c"),
         "-o", str(rt / "parser" / "cute_ir.so")],
        capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, f"compiling the grammar failed:\n{build.stderr}"
    for q in QUERY_FILES:
        shutil.copy(q, queries / q.name)
    return rt


@pytest.fixture(scope="module")
def report(runtime, corpus, tmp_path_factory) -> dict:
    home = tmp_path_factory.mktemp("nvim-home")
    env = dict(os.environ)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        (home / var.lower()).mkdir()
        env[var] = str(home / var.lower())
    env.update({
        "CUTE_TS_RUNTIME": str(runtime),
        "CUTE_TS_QUERIES": json.dumps([q.stem for q in QUERY_FILES]),
        "CUTE_TS_FILES": json.dumps([str(p) for p in EXAMPLES] + list(corpus)),
        "CUTE_TS_HIGHLIGHT_FILES": json.dumps([str(p) for p in EXAMPLES]),
    })
    proc = subprocess.run(
        [NVIM, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {HIGHLIGHT_CHECK}"],
        cwd=home, env=env, capture_output=True, text=True, timeout=60)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no JSON report (exit {proc.returncode})\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    result = json.loads(lines[-1])
    result["_returncode"] = proc.returncode
    result["_stderr"] = proc.stderr
    result["_files"] = {f["path"]: f for f in result.get("files", [])}
    return result


def test_inputs_present():
    assert EXAMPLES, "no examples/*.ir"
    assert {q.stem for q in QUERY_FILES} >= {"highlights", "locals", "folds", "tags"}
    assert corpus_cases(), "no corpus cases found"


def test_no_lua_errors(report):
    assert report["errors"] == [], report["errors"]
    assert report["ok"] is True
    assert report["_returncode"] == 0, report["_stderr"]


def test_neovim_loads_the_committed_parser_abi(report):
    assert report["abi_version"] == language_version()


@pytest.mark.parametrize("name", [q.stem for q in QUERY_FILES])
def test_query_compiles(report, name):
    entry = report["queries"][name]
    assert entry["ok"], entry.get("error")
    assert entry["captures"], f"{name}.scm has no captures"


def test_highlighter_finds_the_query_on_runtimepath(report):
    assert report["highlights_found_on_runtimepath"] is True


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_parses_without_error(report, example):
    assert report["_files"][str(example)]["has_error"] is False


def test_corpus_trees_match_under_neovims_tree_sitter(report, corpus):
    """Neovim's (older) tree-sitter runtime builds the trees the corpus expects."""
    mismatches = []
    for path, case in corpus.items():
        attributes = {line.strip() for line in case["name"].splitlines() if line.strip().startswith(":")}
        if ":skip" in attributes:
            continue
        if ":error" in attributes:  # such cases only promise that the parse has an error
            if not report["_files"][path]["has_error"]:
                mismatches.append(f"{case['id']} ({case['name']}): expected a parse error")
            continue
        got = normalise_tree(report["_files"][path]["sexpr"])
        if got != normalise_tree(case["expected"]):
            mismatches.append(f"{case['id']} ({case['name']}):\n  expected {normalise_tree(case['expected'])}\n"
                              f"  got      {got}")
    assert not mismatches, "\n".join(mismatches)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_tags_query_finds_functions_and_aliases(report, example):
    """tags.scm's `#match?` works under Neovim's regex engine: every `func.func @name` (and
    `gpu.module @name`, any op named `...func` or `...module` with a symbol first) is a function
    definition, every `!alias =` / `#alias =` line a type / constant."""
    text = example.read_text()
    tags = {(t["kind"], t["name"]) for t in report["_files"][str(example)]["tags"]}
    functions = {("definition.function", m)
                 for m in re.findall(r"(?:^|\s)(?:\w+\.)*(?:func|module)\s+(@[\w$.\-]+)", text)}
    types = {("definition.type", m) for m in re.findall(r"^(![\w$.\-]+)\s*=", text, re.MULTILINE)}
    constants = {("definition.constant", m) for m in re.findall(r"^(#[\w$.\-]+)\s*=", text, re.MULTILINE)}
    assert tags == functions | types | constants


def test_highlight_captures_on_examples(report):
    seen = set()
    for example in EXAMPLES:
        seen |= set(report["_files"][str(example)]["captures"])
    assert REQUIRED_CAPTURES <= seen, sorted(REQUIRED_CAPTURES - seen)


def test_highlighter_draws_without_errors(report):
    hl = report["highlighter"]
    assert hl["active"] is True
    assert hl["redraw_count"] > 0
    assert hl["errmsg"] == ""
    # Captures Neovim 0.7's highlighter knows map to real highlight groups. (Names it
    # does not know, such as `variable` or `module`, are drawn unstyled on 0.7; later
    # versions highlight every capture through its own `@capture` group.)
    for capture in ("function", "type", "number", "string", "comment", "keyword"):
        assert capture in hl["groups"], f"@{capture} was never drawn: {sorted(hl['groups'])}"
        resolved = hl["groups"][capture]["resolves_to"]
        assert resolved and resolved not in ("0", "__notfound"), (capture, hl["groups"][capture])
