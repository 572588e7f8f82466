"""Harvest the op names the CuTe DSL prints from the dumps under tests/corpus/cutedsl/ into
server/cute_ir/dialects/cute_dsl_ops.json: the vocabulary of the DSL's own dialects (`cute`,
`cuda`, and the `cute_nvgpu` ops the DSL prints) that cute-ir knows by name.

    .venv/bin/python tools/corpus/op_names.py        # after `make corpus`

Reads the dumps with cute-ir's own parser (every op name node and generic-form name), so a
name is one the DSL really printed. An offline step: tests read only its output.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "server"))

from cute_ir.syntax import captures, parse, query  # noqa: E402

CORPUS = ROOT / "tests" / "corpus" / "cutedsl"
OUT = ROOT / "server" / "cute_ir" / "dialects" / "cute_dsl_ops.json"
DIALECTS = ("cute", "cuda", "cute_nvgpu")
_NAMES = query("(operation name: (_) @name)")


def names_in(path: Path) -> set[str]:
    tree = parse(path.read_bytes())
    tree = getattr(tree, "tree", tree)
    out = set()
    for node in captures(_NAMES, tree.root_node).get("name", ()):
        text = (node.text or b"").decode()
        name = text[1:-1] if node.type == "string" else text
        if "." not in name:
            name = _in_default_dialect(node, name)
        out.add(name)
    return out


def _in_default_dialect(node, name: str) -> str:
    """`return` in a kernel body is the kernel's dialect's (`cuda.return` in a `cuda.kernel`),
    as MLIR reads an unprefixed name in a function's body."""
    op = node.parent.parent if node.parent is not None else None
    while op is not None:
        if op.type == "operation":
            outer = op.child_by_field_name("name")
            text = (outer.text or b"").decode() if outer is not None else ""
            if text in ("cuda.kernel", "func.func", "gpu.func"):
                return f"{text.split('.')[0]}.{name}"
        op = op.parent
    return name


def harvest() -> dict:
    """The vocabulary as cute_dsl_ops.json holds it."""
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    dumps = sorted(CORPUS.glob("*/*.mlir"))
    seen: dict[str, list[str]] = {}
    growth = []
    for kernel in manifest["kernels"]:
        for path in sorted((CORPUS / kernel).glob("*.mlir")):
            for name in names_in(path):
                if name.split(".", 1)[0] in DIALECTS:
                    seen.setdefault(name, []).append(kernel)
        growth.append((kernel, len(seen)))
    generator = manifest.get("generator", {})
    data = {
        "generator": "tools/corpus/op_names.py",
        "dsl": f"{generator.get('package', 'nvidia-cutlass-dsl')} {generator.get('version', '')}".strip(),
        "kernels": len(manifest["kernels"]),
        "dumps": len(dumps),
        # How the vocabulary grew, kernel by kernel (in manifest order): it stops growing when
        # the corpus covers what the DSL prints.
        "growth": [[kernel, count] for kernel, count in growth],
        "ops": sorted(seen),
    }
    return data


def main() -> int:
    data = harvest()
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{len(data['ops'])} op names from {data['dumps']} dumps of {data['kernels']} kernels -> "
          f"{OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
