"""Verification after open holds back while messages arrive (lsp/server.py, MESSAGE_QUIET): a
client at work sends its next request as soon as it has the last answer, and a slice started
in between (at least one function) would make it wait."""
from __future__ import annotations

import asyncio
import time

from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import server as server_module

TEXT = "".join(f"func.func @f{i}(%a: i32) {{\n  %v = arith.addi %a, %a : i32\n  return\n}}\n" for i in range(50))


def test_no_slice_runs_while_messages_arrive_and_all_run_after() -> None:
    analysis = DocumentAnalysis("file:///quiet.ir", TEXT, verify_budget=0)
    assert analysis.verification_owed
    ls = server_module.CuteIrServer()
    uri = analysis.document.uri
    ls.analyses[uri] = analysis
    slices = []
    verify_pending = analysis.verify_pending

    def counted(budget=None):
        slices.append(budget)
        return verify_pending(budget)
    analysis.verify_pending = counted

    async def scenario() -> None:
        ls.last_message = time.monotonic() + 3600   # a message "just now", for the next hour
        ls.verify_rest(uri)
        for _ in range(50):
            await asyncio.sleep(0)
        assert slices == [] and analysis.verification_owed
        ls.last_message = 0.0                  # the client fell silent
        # It sleeps for the hour, and so does the work ahead of it (`answer_ahead`).
        tasks = [ls._verifying[uri], ls._ahead[uri][1]]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        ls.verify_rest(uri)
        await asyncio.wait_for(ls._verifying[uri], timeout=60)

    ls.publish = lambda uri: None   # no client to publish to
    asyncio.run(scenario())
    assert slices and not analysis.verification_owed
