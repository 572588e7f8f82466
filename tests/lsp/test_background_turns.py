"""Work no one waits for (verification after open, the workspace index) takes no slice while a
change waits to be published: a keystroke's publish takes a few loop turns, and a background
slice in each of them would add its length to the keystroke's latency."""
from __future__ import annotations

import asyncio
import time

from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import server as server_module, workspace_symbols

from .helpers import server_with

TEXT = "".join(f"func.func @f{i}(%a: i32) {{\n  %v = arith.addi %a, %a : i32\n  return\n}}\n" for i in range(50))



def test_verification_waits_while_a_publish_is_pending(monkeypatch) -> None:
    analysis = DocumentAnalysis("file:///turns.ir", TEXT)
    ls = server_with(analysis)
    slices: list[float] = []

    def one_slice(budget=None) -> bool:
        slices.append(budget)
        return len(slices) < 3
    monkeypatch.setattr(analysis, "verify_pending", one_slice)
    monkeypatch.setattr(ls, "publish", lambda uri, send=True: None)

    async def scenario() -> None:
        publish = asyncio.get_running_loop().create_future()
        ls._pending[analysis.document.uri] = publish
        verifying = asyncio.ensure_future(ls._verify_in_slices(analysis.document.uri))
        for _ in range(20):
            await asyncio.sleep(0)
        assert slices == [], "a verification slice ran while a change waited to be published"
        publish.set_result(None)
        await asyncio.wait_for(verifying, timeout=30)
        assert len(slices) == 3

    asyncio.run(scenario())


def test_a_cancelled_publish_does_not_hold_verification_up(monkeypatch) -> None:
    """A publish a newer change cancelled is done: verification goes on."""
    analysis = DocumentAnalysis("file:///cancelled.ir", TEXT)
    ls = server_with(analysis)
    monkeypatch.setattr(analysis, "verify_pending", lambda budget=None: False)
    monkeypatch.setattr(ls, "publish", lambda uri, send=True: None)

    async def scenario() -> None:
        publish = asyncio.get_running_loop().create_future()
        publish.cancel()
        ls._pending[analysis.document.uri] = publish
        await asyncio.wait_for(ls._verify_in_slices(analysis.document.uri), timeout=30)

    asyncio.run(scenario())


def test_the_workspace_index_waits_while_a_publish_is_pending(tmp_path) -> None:
    path = tmp_path / "kernel.mlir"
    path.write_text(TEXT)
    ls = server_module.CuteIrServer()
    indexer = workspace_symbols.Indexer()

    async def scenario() -> None:
        publish = asyncio.get_running_loop().create_future()
        ls._pending["file:///open.ir"] = publish
        indexing = asyncio.ensure_future(indexer._index_file(ls, str(path)))
        for _ in range(50):
            await asyncio.sleep(0)
        assert not indexing.done(), "the file was indexed while a change waited to be published"
        publish.set_result(None)
        await asyncio.wait_for(indexing, timeout=30)

    asyncio.run(scenario())
    assert any(symbol.name == "@f49" for symbol in indexer.index.files[str(path)]), "indexed once the publish is sent"


class _Reader:
    """Input that the message loop takes after `turns` loop turns (None: never)."""

    def __init__(self, turns: int | None) -> None:
        self.turns, self.asked = turns, 0

    def input_waiting(self) -> bool:
        self.asked += 1
        return self.turns is None or self.asked <= self.turns


def test_a_message_that_has_arrived_goes_before_the_next_slice() -> None:
    ls = server_module.CuteIrServer()
    ls.reader = _Reader(turns=3)
    asyncio.run(asyncio.wait_for(ls.background_turn(), timeout=30))
    assert ls.reader.asked == 4   # waiting for three turns, then taken


def test_input_that_never_completes_does_not_stop_background_work() -> None:
    ls = server_module.CuteIrServer()
    ls.reader = _Reader(turns=None)
    asyncio.run(asyncio.wait_for(ls.background_turn(), timeout=30))
    assert ls.reader.asked == server_module.INPUT_TURNS


def test_no_background_slice_starts_right_after_a_message() -> None:
    """The workspace index as much as verification: a client at work sends its next request
    as soon as it has its last answer."""
    ls = server_module.CuteIrServer()

    async def scenario() -> float:
        ls.last_message = time.monotonic()
        await asyncio.wait_for(ls.background_turn(), timeout=30)
        return time.monotonic() - ls.last_message

    assert asyncio.run(scenario()) >= server_module.MESSAGE_QUIET
