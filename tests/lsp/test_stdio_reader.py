"""The server's stdin reader: LSP framing read ahead (by the event loop from a pipe, by a thread
from anything else); buffered messages are handed over without a turn of the event loop; a
broken frame costs that frame, not the connection."""
from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest

from cute_ir.lsp.stdio import MAX_CONTENT_LENGTH, Framer, FramingError, PrefetchingReader

from .wire import frame as _frame


@pytest.mark.asyncio
async def test_messages_written_in_pieces_are_reassembled():
    read_fd, write_fd = os.pipe()
    bodies = [b'{"id": 1}', b'{"text": "' + b"x" * 200_000 + b'"}', b'{"id": 3}']
    data = b"".join(_frame(b) for b in bodies)

    def writer():
        for start in range(0, len(data), 7_777):   # arbitrary cuts, also inside headers
            os.write(write_fd, data[start:start + 7_777])
            time.sleep(0.001)
        os.close(write_fd)
    threading.Thread(target=writer).start()
    with os.fdopen(read_fd, "rb", buffering=0) as stream:
        reader = PrefetchingReader(stream)
        assert [await asyncio.wait_for(reader.next_message(), 10) for _ in bodies] == bodies
        assert await asyncio.wait_for(reader.next_message(), 10) is None   # end of input


@pytest.mark.asyncio
async def test_buffered_messages_need_no_turn_of_the_loop():
    read_fd, write_fd = os.pipe()
    os.write(write_fd, _frame(b'{"id": 1}') * 5)
    with os.fdopen(read_fd, "rb", buffering=0) as stream:
        reader = PrefetchingReader(stream)
        assert await asyncio.wait_for(reader.next_message(), 10) == b'{"id": 1}'
        others_ran = []
        asyncio.get_running_loop().call_soon(others_ran.append, True)
        for _ in range(4):
            assert await reader.next_message() == b'{"id": 1}'
        assert others_ran == []   # all four came out of the buffer without yielding
        os.close(write_fd)
        assert await asyncio.wait_for(reader.next_message(), 10) is None


@pytest.mark.asyncio
async def test_a_pipe_is_read_by_the_loop_between_slices_of_busy_work():
    """No thread: a message that arrives while the loop runs Python in slices is read at the
    next turn, not when a thread next gets the interpreter lock."""
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd, "rb", buffering=0) as stream:
        reader = PrefetchingReader(stream)
        pending = asyncio.ensure_future(reader.next_message())
        await asyncio.sleep(0)
        assert reader._thread is None
        os.write(write_fd, _frame(b'{"id": 7}'))
        turns = 0
        while not pending.done() and turns < 50:
            deadline = time.perf_counter() + 0.002      # a slice of busy work
            while time.perf_counter() < deadline:
                pass
            await asyncio.sleep(0)
            turns += 1
        assert pending.done() and pending.result() == b'{"id": 7}'
        assert turns <= 3
        os.close(write_fd)
        assert await asyncio.wait_for(reader.next_message(), 10) is None


@pytest.mark.asyncio
async def test_a_regular_file_is_read_by_a_thread(tmp_path):
    path = tmp_path / "input"
    path.write_bytes(_frame(b'{"id": 1}') + _frame(b'{"id": 2}'))
    with open(path, "rb", buffering=0) as stream:
        reader = PrefetchingReader(stream)
        assert await asyncio.wait_for(reader.next_message(), 10) == b'{"id": 1}'
        assert reader._thread is not None
        assert await asyncio.wait_for(reader.next_message(), 10) == b'{"id": 2}'
        assert await asyncio.wait_for(reader.next_message(), 10) is None


# ---------------------------------------------------------------------- framing, without a server
def _split(data: bytes, piece: int | None) -> list[bytes | FramingError]:
    """What a Framer makes of `data` arriving `piece` bytes at a time (all at once for None)."""
    framer, buffer, out = Framer(), bytearray(), []
    pieces = [data[i:i + piece] for i in range(0, len(data), piece)] if piece else [data]
    for index, chunk in enumerate(pieces + [b""]):
        buffer += chunk
        at_eof = index == len(pieces)
        while (found := framer.next(buffer, at_eof)) is not None:
            used, item = found
            del buffer[:used]
            if item is not None:
                out.append(item)
    assert not buffer
    return out


NEXT = _frame(b'{"id":3}')
BODY = b'{"jsonrpc":"2.0","id":1,"method":"shutdown"}'

BROKEN_FRAMES = {
    "short Content-Length": b"Content-Length: 10\r\n\r\n" + BODY,
    "long Content-Length": b"Content-Length: %d\r\n\r\n" % (len(BODY) + 300) + BODY,
    "missing Content-Length": b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + BODY,
    "huge Content-Length": b"Content-Length: %d\r\n\r\n" % (MAX_CONTENT_LENGTH + 1) + BODY,
    "absurd Content-Length": b"Content-Length: 123456789012345678901234567890\r\n\r\n" + BODY,
    "no header at all": BODY,
    "a header line without an end": b"Content-Length: 12" + b"7" * 20_000,
}


@pytest.mark.parametrize("piece", [None, 1, 5, 4096])
@pytest.mark.parametrize("case", BROKEN_FRAMES)
def test_a_broken_frame_costs_only_itself(case: str, piece: int | None):
    items = _split(_frame(b'{"id":0}') + BROKEN_FRAMES[case] + NEXT + NEXT, piece)
    assert items[0] == b'{"id":0}'
    assert items[-2:] == [b'{"id":3}', b'{"id":3}']
    middle = items[1:-2]
    # What was skipped is reported (once, or a truncated body and then the rest of it).
    assert middle and isinstance(middle[-1], FramingError) and middle[-1].skipped > 0, middle
    assert all(isinstance(item, FramingError) or item == BROKEN_FRAMES[case][22:32] for item in middle)


def test_header_lines_inside_json_strings_are_text():
    body = b'{"text": "Content-Length: 5\\r\\n\\r\\nabc"}'   # escaped line breaks: ordinary text
    assert _split(_frame(body) + NEXT, 3) == [body, b'{"id":3}']


def test_blank_lines_between_messages_and_header_case_are_accepted():
    data = b"\r\n" + b"content-length: 8\r\nContent-Type: x\r\n\r\n" + b'{"id":9}' + b"\r\n" + NEXT
    assert _split(data, None) == [b'{"id":9}', b'{"id":3}']


def test_input_that_ends_inside_a_body_is_reported():
    items = _split(NEXT + b"Content-Length: 50\r\n\r\n{", 7)
    assert items[0] == b'{"id":3}' and isinstance(items[1], FramingError) and len(items) == 2


def test_input_waiting_says_whether_bytes_wait_for_the_message_loop() -> None:
    """Background work yields to a message that has arrived (lsp/server.py, `background_turn`):
    bytes in the pipe not read yet, or read and not taken, are input waiting."""
    read_end, write_end = os.pipe()
    try:
        with os.fdopen(read_end, "rb", buffering=0) as stream:
            reader = PrefetchingReader(stream)

            async def scenario() -> None:
                assert not reader.input_waiting()
                os.write(write_end, _frame(b'{"jsonrpc":"2.0","method":"initialized","params":{}}'))
                first = asyncio.ensure_future(reader.next_message())
                await asyncio.sleep(0)
                assert await asyncio.wait_for(first, timeout=30)
                assert not reader.input_waiting()
                os.write(write_end, b"Content-Length: 40\r\n\r\n{")   # part of a message
                for _ in range(5):
                    await asyncio.sleep(0)
                assert reader.input_waiting()

            asyncio.run(scenario())
    finally:
        os.close(write_end)
