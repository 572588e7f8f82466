"""Data flows one way: no stage imports a stage to its right; only lsp/ imports pygls/lsprotocol.

The order is the one docs/architecture.md declares ("Layers"), and every package of cute_ir is
in it. Every import counts: type-only, deferred (inside a function) and relative ones alike.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.conftest import REPO

PACKAGE = REPO / "server" / "cute_ir"
ARCHITECTURE = REPO / "docs" / "architecture.md"

# Left to right. A module may import from its own stage and from stages to its left: the PTX
# backend (emit/) below the passes that call it, the facts both read (lowering_facts/) below
# both, the analysis below the features, the protocol (lsp/) and the command line on top.
STAGES = ["diagnostics", "text", "tables", "layout", "syntax", "dialects", "ir", "verify", "lowering_facts",
          "emit", "passes", "analysis", "features", "lsp", "cli"]


def _stage(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "cute_ir" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in STAGES else None


def _imports(path: Path, text: str | None = None):
    """The modules `path` (a file under server/) imports; `from .. import x` names `x` too."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    package = list(rel.parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                if node.module:
                    yield ".".join(base + [node.module])
                else:
                    for alias in node.names:
                        yield ".".join(base + [alias.name])
            elif node.module:
                yield node.module


def _rightward(path: Path, text: str | None = None) -> list[str]:
    """Each import of `path` from a stage to the right of its own."""
    own = _stage("cute_ir." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts))
    if own is None:
        return []
    return [f"{path.relative_to(REPO)} ({own}) imports {module} ({other})"
            for module in _imports(path, text)
            if (other := _stage(module)) is not None and STAGES.index(other) > STAGES.index(own)]


def test_stages_import_only_leftwards():
    problems = [problem for path in PACKAGE.rglob("*.py") for problem in _rightward(path)]
    assert problems == []


def test_the_check_sees_every_form_of_import():
    """The emitters must not reach the passes, the analysis, the features or the protocol,
    however the import is written: a deferred one, a type-only one, `from .. import passes`."""
    emitter = PACKAGE / "emit" / "example.py"
    for text in ("from ..passes.lower_atoms import lowering\n",
                 "def f():\n    from ..features import preview\n",
                 "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..analysis.source import UnitSource\n",
                 "from .. import lsp\n",
                 "import cute_ir.passes.base\n"):
        assert len(_rightward(emitter, text)) == 1, text
    assert _rightward(emitter, "from ..lowering_facts.tileas import residency\nfrom ..verify import tma\n") == []
    assert _rightward(PACKAGE / "tables" / "example.py", "from ..ir.core import Type\n")
    assert _rightward(PACKAGE / "lowering_facts" / "example.py", "from ..emit.builder import PtxBuilder\n")


def test_every_package_is_a_stage():
    """A package left out of STAGES would be checked by nothing."""
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert sorted(STAGES) == packages


def test_the_order_is_the_one_the_architecture_declares():
    """docs/architecture.md lists the packages in their import order, lowest first."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    declared = re.search(r"^Packages, lowest first: (.*)$", text, re.M)
    assert declared is not None
    assert re.findall(r"`(\w+)/`", declared.group(1)) == STAGES


def test_only_lsp_speaks_the_protocol():
    problems = []
    for path in PACKAGE.rglob("*.py"):
        inside_lsp = path.relative_to(PACKAGE).parts[0] == "lsp"
        for module in _imports(path):
            if module.split(".")[0] in ("pygls", "lsprotocol") and not inside_lsp:
                problems.append(f"{path.relative_to(REPO)} imports {module}")
    assert problems == []


def test_the_analysis_is_what_the_preview_declares_it_reads():
    """The PTX preview is handed the analysis; analysis/preview_source.py says what it uses."""
    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.analysis.preview_source import AnalysedSource
    analysis = DocumentAnalysis("file:///a.ir", "func.func @f() {\n  return\n}\n")
    assert isinstance(analysis, AnalysedSource)
    unit = analysis.units[0]
    assert (unit.start, unit.end, unit.shell) == (0, len(analysis.document.data) - 1, False)


def _analysis_graph() -> dict[str, set[str]]:
    """Which modules of analysis/ each of its modules imports, type-only and deferred imports too."""
    prefix = "cute_ir.analysis."
    graph: dict[str, set[str]] = {}
    for path in (PACKAGE / "analysis").glob("*.py"):
        if path.name == "__init__.py":
            continue
        graph[path.stem] = {name[len(prefix):].split(".")[0] for name in _imports(path) if name.startswith(prefix)}
    return graph


def test_the_analysis_imports_run_one_way():
    """docs/architecture.md, "The analysis's own layers": no module of analysis/ imports one that
    imports it back, however indirectly, and only the package imports the document."""
    graph = _analysis_graph()
    assert not [name for name, imported in graph.items() if "document" in imported]
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        assert name not in path, f"analysis/ imports in a cycle: {' -> '.join(path + [name])}"
        if name in done:
            return
        for imported in sorted(graph.get(name, ())):
            visit(imported, path + [name])
        done.add(name)
    for name in sorted(graph):
        visit(name, [])
