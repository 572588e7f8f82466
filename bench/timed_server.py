"""The server with timers around the parts of a documentSymbol request: its arrival, the edited
units' outline (`in_slices`), the answer (`convert.document_symbols`) and its write; one line
per request, thread CPU and wall milliseconds, appended to $TIMED_LOG (default
timed_server.log). Not a test: figures depend on the machine.

Run it in place of `python -m cute_ir.cli serve`, e.g. as the server command of a client like
bench/whole_document_after_edit.py's (`python bench/timed_server.py`, with PYTHONPATH naming the
tree to time).
"""
import os
import sys
import time

from cute_ir.lsp import server as S, convert
LOG = open(os.environ.get("TIMED_LOG", "timed_server.log"), "a")
state = {}
orig_hm = S.CuteIrProtocol.handle_message
def hm(self, message):
    m = getattr(message, "method", None)
    if m == "textDocument/documentSymbol":
        state["recv"] = (time.perf_counter(), time.thread_time())
    return orig_hm(self, message)
S.CuteIrProtocol.handle_message = hm
orig_ins = S.CuteIrServer.in_slices
async def ins(self, result, analysis):
    t = time.thread_time()
    await orig_ins(self, result, analysis)
    state["slices"] = time.thread_time() - t
S.CuteIrServer.in_slices = ins
orig_ds = convert.document_symbols
def ds(analysis):
    t = time.thread_time()
    r = orig_ds(analysis)
    state["answer"] = time.thread_time() - t
    state["size"] = r.size
    state["nparts"] = len(r.parts)
    return r
convert.document_symbols = ds
orig_w = S.CuteIrProtocol._write
def w(self, data):
    t0 = time.perf_counter(); t = time.thread_time()
    orig_w(self, data)
    if "answer" in state and "recv" in state:
        now = time.perf_counter()
        LOG.write("recv->write %.2f wall | slices %.2f answer %.2f write %.2f cpu (write wall %.2f) | recv->writeend cpu %.2f | size %d parts %d\n" % (
            (t0 - state["recv"][0]) * 1e3, state["slices"] * 1e3, state["answer"] * 1e3, (time.thread_time() - t) * 1e3,
            (now - t0) * 1e3, (time.thread_time() - state["recv"][1]) * 1e3, state["size"], state["nparts"]))
        LOG.flush()
        state.clear()
S.CuteIrProtocol._write = w
from cute_ir.cli import main
sys.exit(main(["serve"]))
