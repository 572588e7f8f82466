"""Opening a document pauses Python's cyclic collector and always gives it back."""
from __future__ import annotations

import gc

import pytest
from lsprotocol import types as lsp

from cute_ir.lsp import server as server_module

ITEM = lsp.TextDocumentItem(uri="file:///collector.ir", language_id="cute-ir", version=1,
                            text="%c = arith.constant 1 : i32\n")


@pytest.fixture
def collector_enabled():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_paused_while_a_document_opens_and_resumes(collector_enabled, monkeypatch) -> None:
    seen: list[bool] = []
    real = server_module.DocumentAnalysis

    def analysing(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(server_module, "DocumentAnalysis", analysing)
    server_module.CuteIrServer().open_document(ITEM)
    assert seen == [False]
    assert gc.isenabled()


def test_the_collector_resumes_when_the_analysis_fails(collector_enabled, monkeypatch) -> None:
    def failing(*args, **kwargs):
        raise RuntimeError("a defect")

    monkeypatch.setattr(server_module, "DocumentAnalysis", failing)
    with pytest.raises(RuntimeError):
        server_module.CuteIrServer().open_document(ITEM)
    assert gc.isenabled()


def test_a_collector_the_process_turned_off_stays_off(monkeypatch) -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        server_module.CuteIrServer().open_document(ITEM)
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()
