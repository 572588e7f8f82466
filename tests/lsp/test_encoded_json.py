"""convert.EncodedJson: an answer written as JSON text in pieces (the module's lowered IR),
which the server writes as it is. What it spells must be the JSON of the value it stands for,
and its size the bytes the server announces in Content-Length."""
from __future__ import annotations

import json

from lsprotocol import types as lsp

from cute_ir.lsp.convert import EncodedJson


def _text(answer: EncodedJson) -> str:
    return "".join(answer.parts)


def test_an_object_with_members_written_already_reads_back_as_the_value():
    stages = EncodedJson.array([EncodedJson.object({"pass": "a", "changed": False}, text=json.dumps("x\ny")),
                                EncodedJson.object({})])
    answer = EncodedJson.object({"pipeline": "p"}, text=json.dumps("é → ü"), lineMap="[]", stages=stages)
    assert json.loads(_text(answer)) == {"pipeline": "p", "text": "é → ü", "lineMap": [],
                                         "stages": [{"pass": "a", "changed": False, "text": "x\ny"}, {}]}
    assert answer.size == len(_text(answer).encode("utf-8"))


def test_empty_objects_and_arrays():
    assert json.loads(_text(EncodedJson.object({}))) == {}
    assert json.loads(_text(EncodedJson.object({}, a="1"))) == {"a": 1}
    assert json.loads(_text(EncodedJson.array([]))) == []


def test_protocol_objects_inside_are_written_as_the_protocol_spells_them():
    diagnostic = lsp.Diagnostic(range=lsp.Range(start=lsp.Position(line=1, character=2),
                                                end=lsp.Position(line=1, character=5)), message="m")
    read = json.loads(_text(EncodedJson.object({"diagnostics": [diagnostic]})))
    assert read == {"diagnostics": [{"range": {"start": {"line": 1, "character": 2},
                                               "end": {"line": 1, "character": 5}}, "message": "m"}]}


def test_large_pieces_stay_apart_and_small_ones_are_joined():
    big = json.dumps("x" * 200_000)
    answer = EncodedJson.object({"a": 1}, text=big, lineMap="[]")
    assert big in answer.parts and len(answer.parts) == 3
