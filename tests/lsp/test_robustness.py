"""The server survives garbage, half-typed text and odd requests, and cleans up on close."""
from __future__ import annotations

import random

import pytest
from lsprotocol import types as lsp

from .helpers import (
    RecordingClient, Shape, bounded, change_range, change_whole, close_document, doc_uri, find,
    line_range, open_and_wait, position_at, pull_diagnostics, shapes, utf16_len,
    wait_for_publish,
)

pytestmark = pytest.mark.asyncio

VALID_OPS = [
    "  %a{n} = test.make : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
    "  %c{n} = test.make : !cute_nvgpu.atom.universal_copy<f16, 128 b, mem_order=acquire, mem_scope=cluster>",
    "  %s{n} = arith.addi %arg0, %arg0 : i32",
    "  %t{n} = \"test.op\"(%s{n}) <{{kind = 1}}> : (i32) -> i32",
    "  %l{n} = test.make : !cute.layout<\"(4,8):(8,1)\">",
]
BROKEN_OPS = [
    "  %b{n} = arith.muli(%x, %x : i32",
    "  %u{n} = test.make : !cute_nvgpu.atom.universal_copy<f16, 127 b",
    "  %k{n} = test.make : !cute_nvgpu.bogus{n}<<<",
    "  \"cute_nvgpu.frob{n}\"(",
    "  }} }} {{ ^bb{n}(%q: ) ->",
    "  %w{n} = test.make : !cute_nvgpu.i4<divby 0> loc(",
]
GARBAGE_ALPHABET = [chr(c) for c in range(0x20, 0x7f)] + [chr(c) for c in (0, 1, 7, 8, 9, 11, 12, 27, 127)] \
    + ["\n", "{", "}", "(", ")", "<", ">", "\"", "%", "^", "!", "#", "é", "🚀", "\u200b"]


def garbage_file(size: int, seed: int = 20240611) -> str:
    """About `size` characters of functions mixing valid ops, broken ops and binary-ish junk."""
    rng = random.Random(seed)
    parts: list[str] = []
    total = n = 0
    while total < size:
        n += 1
        lines = [f"func.func @f{n}(%arg0: i32) {{"]
        for _ in range(rng.randint(3, 12)):
            n += 1
            roll = rng.random()
            if roll < 0.55:
                lines.append(rng.choice(VALID_OPS).format(n=n))
            elif roll < 0.85:
                lines.append(rng.choice(BROKEN_OPS).format(n=n))
            else:
                lines.append("".join(rng.choice(GARBAGE_ALPHABET) for _ in range(rng.randint(1, 120))))
        if rng.random() < 0.8:
            lines.append("}")
        chunk = "\n".join(lines) + "\n"
        parts.append(chunk)
        total += len(chunk)
    return "".join(parts)


def within_document(text: str, diagnostics) -> bool:
    lines = text.split("\n")
    for d in diagnostics:
        for p in (d.range.start, d.range.end):
            if not (0 <= p.line < len(lines) and 0 <= p.character <= utf16_len(lines[p.line])):
                return False
        if (d.range.start.line, d.range.start.character) > (d.range.end.line, d.range.end.character):
            return False
    return True


async def test_large_garbage_file_does_not_kill_the_server(client: RecordingClient):
    text = garbage_file(200_000)
    assert len(text.encode("utf-8")) >= 200_000
    uri = doc_uri("garbage")

    published = await open_and_wait(client, uri, text, timeout=60)

    assert published.version == 1
    assert len(published.diagnostics) > 0
    assert within_document(text, published.diagnostics)
    # The server still answers requests on the document ...
    middle = position_at(text, find(text, "sm90.mma", start=len(text) // 2))
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=middle)), 30)
    assert hover is not None and "sm90.mma" in hover.contents.value
    symbols = await bounded(client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri))), 30)
    assert len(symbols) > 0
    tokens = await bounded(client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri))), 30)
    assert len(tokens.data) % 5 == 0 and len(tokens.data) > 0
    # ... and keeps up with an edit in the middle of it.
    at = position_at(text, len(text) // 2)
    change_range(client, uri, 2, lsp.Range(start=at, end=at), "\n  %new = test.make : !cute_nvgpu.nope\n")
    edited = await wait_for_publish(client, uri, 2, timeout=60)
    assert any(d.message == "unknown  type `nope` in dialect `cute_nvgpu`" for d in edited.diagnostics)
    assert client.server_alive()


async def test_pure_binary_junk_opens(client: RecordingClient):
    rng = random.Random(7)
    junk = "".join(chr(rng.choice([*range(0, 13), *range(14, 32), *range(32, 127), 0xFFFD, 0x1F680])) for _ in range(5000))
    uri = doc_uri("junk")

    published = await open_and_wait(client, uri, junk, timeout=30)

    assert within_document(junk, published.diagnostics)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=0, character=0))))
    assert hover is None or isinstance(hover, lsp.Hover)
    assert client.server_alive()


OP_LINE = "  %c = test.make : !cute_nvgpu.atom.universal_copy<f16, 128 b, mem_order=acquire> loc(#loc1)"
HALF_TYPED = "func.func @f(%arg0: i32) {\n\n  return\n}\n"   # line 1 is typed into


async def test_every_prefix_of_a_half_typed_op(client: RecordingClient):
    """Type the op one character at a time, then delete it again, replacing the whole line."""
    uri = doc_uri("half-typed")
    text = HALF_TYPED
    version = 1
    await open_and_wait(client, uri, text, version)
    lengths = list(range(1, len(OP_LINE) + 1)) + list(range(len(OP_LINE) - 1, -1, -1))

    for length in lengths:
        version += 1
        rng = line_range(text, 1)
        prefix = OP_LINE[:length]
        change_range(client, uri, version, rng, prefix)
        text = text.split("\n", 1)[0] + "\n" + prefix + "\n" + text.split("\n", 2)[2]
        published = await wait_for_publish(client, uri, version)
        assert within_document(text, published.diagnostics), f"prefix {prefix!r}"
        # The incrementally updated analysis agrees with a fresh one of the same text.
        fresh = await open_and_wait(client, doc_uri(f"half-typed-fresh-{version}"), text)
        assert shapes(published.diagnostics) == shapes(fresh.diagnostics), f"prefix {prefix!r}"
        close_document(client, doc_uri(f"half-typed-fresh-{version}"))

    assert text == HALF_TYPED
    assert shapes(await pull_diagnostics(client, uri)) == []
    assert client.server_alive()


async def test_whole_document_changes_with_garbage(client: RecordingClient):
    uri = doc_uri("whole")
    await open_and_wait(client, uri, "")
    rng = random.Random(3)
    for version in range(2, 12):
        change_whole(client, uri, version, "".join(rng.choice(BROKEN_OPS).format(n=i) + "\n"
                                                   for i in range(rng.randint(0, 30))))
    final_text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.bogus\n}\n"
    change_whole(client, uri, 12, final_text)
    published = await wait_for_publish(client, uri, 12)

    prefix_end = find(final_text, "bogus")
    assert shapes(published.diagnostics) == [Shape(
        "unknown  type `bogus` in dialect `cute_nvgpu`",
        (1, position_at(final_text, prefix_end).character, 1, position_at(final_text, prefix_end + 5).character),
        lsp.DiagnosticSeverity.Error, "types")]


async def test_closing_a_document_publishes_an_empty_list(client: RecordingClient):
    uri = doc_uri("closing")
    text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.bogus\n  return\n}\n"
    opened = await open_and_wait(client, uri, text)
    assert len(opened.diagnostics) == 1
    before = len(client.publishes)

    close_document(client, uri)
    closed = await wait_for_publish(client, uri, None, after=before)

    assert list(closed.diagnostics) == []
    # Requests on the closed document are answered (empty), not crashes.
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=1, character=32))))
    assert hover is None
    assert await pull_diagnostics(client, uri) == []


async def test_change_to_an_unopened_document_is_ignored(client: RecordingClient):
    uri = doc_uri("not-open")
    change_range(client, uri, 5, lsp.Range(start=lsp.Position(line=0, character=0),
                                           end=lsp.Position(line=0, character=0)), "x")
    # A later document still gets its publish, and nothing was published for the unopened one.
    await open_and_wait(client, doc_uri("after-unopened"), "func.func @f() {\n  return\n}\n")
    assert [p for p in client.publishes if p.uri == uri] == []
    assert client.server_alive()


async def test_positions_past_the_end_do_not_kill_the_server(client: RecordingClient):
    uri = doc_uri("past-end")
    text = "func.func @f() {\n  %a = test.make : !cute_nvgpu.sm90.mma\n  return\n}\n"
    await open_and_wait(client, uri, text)
    for position in (lsp.Position(line=1, character=500), lsp.Position(line=400, character=0)):
        try:
            result = await bounded(client.text_document_hover_async(lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri), position=position)))
        except Exception as err:   # an error response is acceptable; a dead server is not
            assert "timed out" not in str(err).lower(), err
        else:
            assert result is None or isinstance(result, lsp.Hover)
    hover = await bounded(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=position_at(text, find(text, "sm90") + 1))))
    assert hover is not None and "sm90.mma" in hover.contents.value
    assert client.server_alive()


CRLF_TEXT = "func.func @f() {\r\n  %a = test.make : !cute_nvgpu.bogus\r\n  return\r\n}\r\n"


def bogus_on_line_1(text: str) -> Shape:
    line = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[1]
    start = line.index("bogus")
    return Shape("unknown  type `bogus` in dialect `cute_nvgpu`", (1, start, 1, start + 5),
                 lsp.DiagnosticSeverity.Error, "types")


async def test_crlf_line_endings(client: RecordingClient):
    published = await open_and_wait(client, doc_uri("crlf"), CRLF_TEXT)
    assert shapes(published.diagnostics) == [bogus_on_line_1(CRLF_TEXT)]


async def test_lone_cr_line_endings(client: RecordingClient):
    text = CRLF_TEXT.replace("\r\n", "\r")
    published = await open_and_wait(client, doc_uri("cr"), text)
    assert shapes(published.diagnostics) == [bogus_on_line_1(text)]
