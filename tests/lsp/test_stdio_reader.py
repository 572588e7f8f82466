"""The server's stdin reader: LSP framing read ahead on a thread; buffered messages are handed
over without a turn of the event loop."""
from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest

from cute_ir.lsp.stdio import PrefetchingReader

pytestmark = pytest.mark.asyncio


def _frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def _read_message(reader: PrefetchingReader) -> bytes:
    header = await reader.readline()
    assert header.startswith(b"Content-Length: ")
    assert await reader.readline() == b"\r\n"
    return await reader.readexactly(int(header.split(b":")[1]))


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
        assert [await asyncio.wait_for(_read_message(reader), 10) for _ in bodies] == bodies
        assert await asyncio.wait_for(reader.readline(), 10) == b""   # end of input


async def test_buffered_messages_need_no_turn_of_the_loop():
    read_fd, write_fd = os.pipe()
    os.write(write_fd, _frame(b'{"id": 1}') * 5)
    with os.fdopen(read_fd, "rb", buffering=0) as stream:
        reader = PrefetchingReader(stream)
        assert await asyncio.wait_for(_read_message(reader), 10) == b'{"id": 1}'
        others_ran = []
        asyncio.get_running_loop().call_soon(others_ran.append, True)
        for _ in range(4):
            assert await _read_message(reader) == b'{"id": 1}'
        assert others_ran == []   # all four came out of the buffer without yielding
        os.close(write_fd)
        assert await asyncio.wait_for(reader.readline(), 10) == b""
