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


def install_timers(log) -> None:
    """Wrap the server's message handling, edited units' outline, outline answer and write so
    that each documentSymbol request appends one line of timings to `log`."""
    state = {}
    handle_message = S.CuteIrProtocol.handle_message
    in_slices = S.CuteIrServer.in_slices
    document_symbols = convert.document_symbols
    write = S.CuteIrProtocol._write

    def timed_handle_message(self, message):
        if getattr(message, "method", None) == "textDocument/documentSymbol":
            state["arrived"] = (time.perf_counter(), time.thread_time())
        return handle_message(self, message)

    async def timed_in_slices(self, result, analysis):
        started = time.thread_time()
        await in_slices(self, result, analysis)
        state["slices"] = time.thread_time() - started

    def timed_document_symbols(analysis):
        started = time.thread_time()
        answer = document_symbols(analysis)
        state["answer"] = time.thread_time() - started
        state["size"], state["parts"] = answer.size, len(answer.parts)
        return answer

    def timed_write(self, data):
        wall, cpu = time.perf_counter(), time.thread_time()
        write(self, data)
        if "answer" in state and "arrived" in state:
            log.write("recv->write %.2f wall | slices %.2f answer %.2f write %.2f cpu (write wall %.2f) | "
                      "recv->writeend cpu %.2f | size %d parts %d\n" % (
                          (wall - state["arrived"][0]) * 1e3, state.get("slices", 0.0) * 1e3, state["answer"] * 1e3,
                          (time.thread_time() - cpu) * 1e3, (time.perf_counter() - wall) * 1e3,
                          (time.thread_time() - state["arrived"][1]) * 1e3, state["size"], state["parts"]))
            log.flush()
            state.clear()

    S.CuteIrProtocol.handle_message = timed_handle_message
    S.CuteIrServer.in_slices = timed_in_slices
    convert.document_symbols = timed_document_symbols
    S.CuteIrProtocol._write = timed_write


def main() -> int:
    from cute_ir.cli import main as cli
    with open(os.environ.get("TIMED_LOG", "timed_server.log"), "a") as log:
        install_timers(log)
        return cli(["serve"])


if __name__ == "__main__":
    sys.exit(main())
