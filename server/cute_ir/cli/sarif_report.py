"""`cute-ir check --format sarif`: a SARIF 2.1.0 log (OASIS SARIF v2.1.0, sections 3.4.4
uriBaseId, 3.14.14 originalUriBaseIds, 3.27 result, 3.49 reportingDescriptor). One result per
diagnostic, related notes as `relatedLocations`, and a `rules` entry for every code in use.

Made to be uploaded from CI: a file under the source root (`--sarif-root`, default the current
directory) is named by its path relative to it with `uriBaseId` `%SRCROOT%`, the convention
code-scanning services resolve against the repository; `originalUriBaseIds` says where the root
was on the machine that ran the check, for viewers that open the files there. A file outside
the root keeps its absolute `file:` URI. Each rule carries its section of docs/diagnostics.md as
`help` (text and markdown), so a service shows it without reaching anything; `helpUri` is
written only when `--help-uri-base` says where that page is published.
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from urllib.parse import quote, urlsplit

from .. import __version__
from ..diagnostics.codes import describe
from ..diagnostics.reference import help_markdown, help_text, help_uri
from .json_report import items

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SOURCE_ROOT = "%SRCROOT%"
_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sarif-root", metavar="DIR", default=None,
                        # argparse expands %-format specifiers in help text: %% is one %.
                        help="with --format sarif: name files relative to DIR, with uriBaseId "
                             f"{SOURCE_ROOT.replace('%', '%%')} (default: the current directory)")
    parser.add_argument("--help-uri-base", metavar="URL", default=None,
                        help="with --format sarif: the URL where docs/diagnostics.md is published; "
                             "each rule's helpUri is URL#CODE (default: no helpUri; every rule "
                             "carries its help text)")


def options_problem(args: argparse.Namespace) -> str | None:
    """Why the SARIF options cannot be used as given, or None."""
    given = [name for name, value in (("--sarif-root", args.sarif_root),
                                      ("--help-uri-base", args.help_uri_base)) if value is not None]
    if given and args.format != "sarif":
        return f"{' and '.join(given)} go{'es' if len(given) == 1 else ''} with --format sarif"
    if args.sarif_root is not None and not os.path.isdir(args.sarif_root):
        return f"--sarif-root {args.sarif_root}: not a directory"
    if args.help_uri_base is not None:
        parts = urlsplit(args.help_uri_base)
        if not (parts.scheme and parts.netloc or parts.scheme == "file") or parts.fragment:
            return (f"--help-uri-base expects an absolute URL of docs/diagnostics.md without a "
                    f"#fragment, e.g. https://github.com/ORG/cute-ir/blob/main/docs/diagnostics.md; "
                    f"got {args.help_uri_base!r}")
    return None


class _Artifacts:
    """Artifact locations relative to the source root where the file lies under it."""

    def __init__(self, root: str | None) -> None:
        self.root = Path(os.path.abspath(root or os.curdir))

    def location(self, file: str) -> dict:
        path = Path(os.path.abspath(file))
        try:
            relative = path.relative_to(self.root)
        except ValueError:
            return {"uri": path.as_uri()}
        # A URI reference: the path percent-encoded (`<stdin>`, spaces).
        return {"uri": quote(relative.as_posix()), "uriBaseId": SOURCE_ROOT}

    def base_ids(self) -> dict:
        # A base URI ends with a slash (3.14.14); `as_uri` leaves it off except at `/`.
        return {SOURCE_ROOT: {"uri": self.root.as_uri().rstrip("/") + "/"}}


def _location(artifacts: _Artifacts, file: str, rng: dict, message: str | None = None) -> dict:
    start, end = rng["start"], rng["end"]
    location = {"physicalLocation": {
        "artifactLocation": artifacts.location(file),
        # SARIF regions are 1-based; columns count UTF-16 units like LSP (columnKind below).
        "region": {"startLine": start["line"] + 1, "startColumn": start["character"] + 1,
                   "endLine": end["line"] + 1, "endColumn": end["character"] + 1},
    }}
    if message is not None:
        location["message"] = {"text": message}
    return location


def _rule(code: str, page: str | None) -> dict:
    rule: dict = {"id": code}
    doc = describe(code)
    if doc is not None:
        # A spec code's own message says best what it is about; cute-ir's codes have a summary.
        rule["shortDescription"] = {"text": doc.message or doc.summary}
        rule["help"] = {"text": help_text(code), "markdown": help_markdown(code)}
    uri = help_uri(code, page) if page is not None else None
    if uri is not None:
        rule["helpUri"] = uri
    return rule


def render(shown, root: str | None = None, help_uri_base: str | None = None) -> str:
    artifacts = _Artifacts(root)
    results = []
    codes: list[str] = []
    for it in items(shown):
        if it["code"] not in codes:
            codes.append(it["code"])
        result = {"ruleId": it["code"], "ruleIndex": codes.index(it["code"]),
                  "level": _LEVEL[it["severity"]], "message": {"text": it["message"]},
                  "locations": [_location(artifacts, it["file"], it["range"])]}
        if it["related"]:
            result["relatedLocations"] = [
                {"id": n, **_location(artifacts, r["file"], r["range"], r["message"])}
                for n, r in enumerate(it["related"])]
        results.append(result)
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "cute-ir", "version": __version__,
                                      "rules": [_rule(code, help_uri_base) for code in codes]}},
                  "originalUriBaseIds": artifacts.base_ids(),
                  "columnKind": "utf16CodeUnits", "results": results}],
    }
    return json.dumps(log, indent=2)
