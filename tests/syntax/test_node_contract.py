"""grammar/README.md names the nodes and fields the server relies on; they must exist."""
from __future__ import annotations

import json
import re

from tests.conftest import REPO

README = REPO / "grammar" / "README.md"
NODE_TYPES = REPO / "grammar" / "src" / "node-types.json"


def _contract() -> list[tuple[list[str], list[str]]]:
    rows = []
    in_table = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("| node | fields |"):
            in_table = True
            continue
        if in_table:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set(cells[0]) <= {"-"}:
                continue
            nodes = re.findall(r"`([A-Za-z_]+)`", cells[0])
            # Field names are the backticked words outside parentheses (those describe values).
            top = cells[1]
            while re.search(r"\([^()]*\)", top):
                top = re.sub(r"\([^()]*\)", "", top)
            top = re.sub(r"^[a-z_`]+: ", "", top)   # "`block`: `label`" names the node first
            fields = re.findall(r"`([a-z_]+)`", top)
            rows.append((nodes, sorted(set(fields) - set(nodes))))
    return rows


def _types() -> dict[str, dict]:
    return {entry["type"]: entry for entry in json.loads(NODE_TYPES.read_text()) if entry.get("named")}


def test_contract_table_is_read():
    rows = _contract()
    assert len(rows) >= 30
    assert sum(len(fields) for _, fields in rows) >= 25


def test_every_named_node_exists():
    types = _types()
    missing = [n for nodes, _ in _contract() for n in nodes if n not in types and n not in ("ERROR", "MISSING")]
    assert missing == []


def test_every_field_exists_on_some_listed_node():
    types = _types()
    problems = []
    for nodes, fields in _contract():
        available = set()
        for n in nodes:
            available |= set(types.get(n, {}).get("fields", {}))
        problems += [(nodes, f) for f in fields if f not in available]
    assert problems == []
