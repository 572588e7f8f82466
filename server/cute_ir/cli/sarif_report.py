"""`cute-ir check --format sarif`: a SARIF 2.1.0 log (OASIS SARIF v2.1.0, sections 3.27 result,
3.49 reportingDescriptor). One result per diagnostic, related notes as `relatedLocations`, and
a `rules` entry for every code in use, whose `helpUri` is the code's section of
docs/diagnostics.md."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from .. import __version__
from ..diagnostics.codes import describe
from ..diagnostics.reference import help_uri
from .json_report import items

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


def _location(file: str, rng: dict, message: str | None = None) -> dict:
    start, end = rng["start"], rng["end"]
    location = {"physicalLocation": {
        # A URI reference: the path as given, percent-encoded (`<stdin>`, spaces).
        "artifactLocation": {"uri": quote(Path(file).as_posix())},
        # SARIF regions are 1-based; columns count UTF-16 units like LSP (columnKind below).
        "region": {"startLine": start["line"] + 1, "startColumn": start["character"] + 1,
                   "endLine": end["line"] + 1, "endColumn": end["character"] + 1},
    }}
    if message is not None:
        location["message"] = {"text": message}
    return location


def _rule(code: str) -> dict:
    rule = {"id": code}
    doc = describe(code)
    if doc is not None:
        # A spec code's own message says best what it is about; cute-ir's codes have a summary.
        rule["shortDescription"] = {"text": doc.message or doc.summary}
    uri = help_uri(code)
    if uri is not None:
        rule["helpUri"] = uri
    return rule


def render(shown) -> str:
    results = []
    codes: list[str] = []
    for it in items(shown):
        if it["code"] not in codes:
            codes.append(it["code"])
        result = {"ruleId": it["code"], "ruleIndex": codes.index(it["code"]),
                  "level": _LEVEL[it["severity"]], "message": {"text": it["message"]},
                  "locations": [_location(it["file"], it["range"])]}
        if it["related"]:
            result["relatedLocations"] = [
                {"id": n, **_location(r["file"], r["range"], r["message"])}
                for n, r in enumerate(it["related"])]
        results.append(result)
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "cute-ir", "version": __version__,
                                      "rules": [_rule(code) for code in codes]}},
                  "columnKind": "utf16CodeUnits", "results": results}],
    }
    return json.dumps(log, indent=2)
