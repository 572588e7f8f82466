"""Data flows one way: no stage imports a stage to its right; only lsp/ imports pygls/lsprotocol."""
from __future__ import annotations

import ast

from tests.conftest import REPO

PACKAGE = REPO / "server" / "cute_ir"

# Left to right. A module may import from its own stage and from stages to its left.
STAGES = ["diagnostics", "text", "tables", "layout", "syntax", "dialects", "ir", "verify", "lowering_facts", "emit", "passes",
          "analysis", "features", "lsp", "cli"]


def _stage(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "cute_ir" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in STAGES else None


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                yield ".".join(base + ([node.module] if node.module else []))
            elif node.module:
                yield node.module


def test_stages_import_only_leftwards():
    problems = []
    for path in PACKAGE.rglob("*.py"):
        own = _stage("cute_ir." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts))
        if own is None:
            continue
        for module in _imports(path):
            other = _stage(module)
            if other is not None and STAGES.index(other) > STAGES.index(own):
                problems.append(f"{path.relative_to(REPO)} ({own}) imports {module} ({other})")
    assert problems == []


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
