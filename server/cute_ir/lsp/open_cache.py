"""What a document showed when it was last opened, kept on disk: its diagnostics, published
again before the server is imported when it is reopened, and its outline, folds and semantic
tokens, answered from here until its first edit.

Reopening a file is the common case (every editor window, every restart of the server), and a
result depends only on the text, the settings and the tool: an entry is keyed by a hash of
exactly those: the tool's own files (their paths, sizes and modification times, and the
interpreter's version), the position encoding, the `initializationOptions`, the document's URI
(the diagnostics' related locations name it) and its text. `lsp/fast_start.py` looks an opened
document up before importing the server and publishes a hit at once; the server then analyses
the document as always, publishes again only once its own diagnostics are complete (an
incomplete set would replace the complete one for a moment), and writes an entry when the
complete diagnostics of a document's opened text were computed with the settings the
`initializationOptions` gave (settings the client changed later would not be in the key), and
adds the outline and the tokens to it when it first answers them for that text.

Only the standard library is imported here: this runs before the server is.

Where: `$CUTE_IR_CACHE_DIR`, else `$XDG_CACHE_HOME/cute-ir`, else `~/.cache/cute-ir`.
`CUTE_IR_CACHE=off` (or `0`, `false`, `no`), or `"cache": false` in `initializationOptions`, turns
it off. The directory is kept under MAX_BYTES by removing the entries used longest ago.
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import os
import sys
import zlib
from typing import Any

from .. import __version__

ENTRY_SUFFIX = ".json"
MAX_BYTES = 256 * 1024 * 1024
# What an entry holds: the diagnostics (a list of LSP Diagnostic objects), and answers written
# as JSON text, which are large (megabytes at 50k lines) and kept compressed.
DIAGNOSTICS = "diagnostics"
# {request: the name its answer is kept under}.
DOCUMENT_SYMBOLS, SEMANTIC_TOKENS, FOLDING_RANGES = "documentSymbol", "semanticTokens", "foldingRange"
ANSWERED = {"textDocument/documentSymbol": DOCUMENT_SYMBOLS, "textDocument/semanticTokens/full": SEMANTIC_TOKENS,
            "textDocument/foldingRange": FOLDING_RANGES}
ANSWERS = tuple(ANSWERED.values())
_OFF = ("off", "0", "false", "no")
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TOOL_SUFFIXES = (".py", ".json", ".so", ".pyd", ".dylib")


def enabled(initialization_options: Any) -> bool:
    if os.environ.get("CUTE_IR_CACHE", "").strip().lower() in _OFF:
        return False
    return not (isinstance(initialization_options, dict) and initialization_options.get("cache") is False)


def directory() -> str:
    explicit = os.environ.get("CUTE_IR_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cute-ir")


def _files_of(root: str) -> list[tuple[str, int, int]]:
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(_TOOL_SUFFIXES):
                path = os.path.join(folder, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                found.append((os.path.relpath(path, root), stat.st_size, stat.st_mtime_ns))
    return found


_fingerprint: str | None = None


def tool_fingerprint() -> str:
    """What the tool is: its version, the interpreter's, and the files of the server and of
    the grammar it parses with (any edit or reinstall changes a size or a time)."""
    global _fingerprint
    if _fingerprint is None:
        digest = hashlib.sha256(f"{__version__}\0{sys.version}\0".encode())
        grammar = importlib.util.find_spec("tree_sitter_cute_ir")
        roots = [_PACKAGE] + list(grammar.submodule_search_locations or ()) if grammar is not None else [_PACKAGE]
        for root in roots:
            digest.update(repr((root, _files_of(root))).encode())
        _fingerprint = digest.hexdigest()
    return _fingerprint


def key(uri: str, text: str | bytes, encoding: str, initialization_options: Any) -> str:
    options = json.dumps(initialization_options, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256()
    for part in (tool_fingerprint(), encoding, options, uri):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    digest.update(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    return digest.hexdigest()


def _path(entry_key: str) -> str:
    return os.path.join(directory(), entry_key + ENTRY_SUFFIX)


def load(entry_key: str) -> dict[str, Any] | None:
    """The entry under `entry_key` ({field: value}, answers still compressed: `answer`), or
    None (absent, unreadable, or not what `store` writes)."""
    path = _path(entry_key)
    try:
        with open(path, "rb") as file:
            entry = json.loads(file.read())
        os.utime(path)   # used just now: the last to be evicted
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or entry.pop("key", None) != entry_key:
        return None
    if not isinstance(entry.get(DIAGNOSTICS, []), list) or any(
            not isinstance(entry.get(name, ""), str) for name in ANSWERS):
        return None
    return entry


def holds(entry: dict[str, Any], name: str) -> bool:
    """Whether the entry has the answer `name`, without unpacking it (the reopen asks this of
    every answer before deciding whether to compute them ahead). A damaged answer is found when
    it is read (`answer` is None) and is then computed as on a miss."""
    return isinstance(entry.get(name), str)


def answer(entry: dict[str, Any], name: str) -> bytes | None:
    """One of the entry's answers as JSON text in UTF-8, the bytes a reply carries: kept as
    bytes from the unpacking to the write (lsp/server.py, lsp/fast_start.py), not decoded to
    text to be encoded again. None when the entry has none (or it is damaged: zlib checks what
    it unpacks, and `store` packed text encoded in UTF-8)."""
    packed = entry.get(name)
    if packed is None:
        return None
    try:
        return zlib.decompress(base64.b64decode(packed))
    except (ValueError, zlib.error):
        return None


def store(entry_key: str, entry: dict[str, Any], answers: dict[str, str] | None = None) -> dict[str, Any] | None:
    """Write `entry` (as `load` returns it) with `answers` ({name: JSON text}) added, atomically:
    a reader sees the whole file or none. The entry written, as `load` would return it; None
    when the directory cannot be written, which only costs the next open its head start."""
    entry = {**entry, **{name: base64.b64encode(zlib.compress(text.encode("utf-8"), 1)).decode("ascii")
                         for name, text in (answers or {}).items()}}
    import tempfile   # here: only the server writes, and `serve` imports this before it answers

    folder = directory()
    body = json.dumps({"key": entry_key, **entry}, separators=(",", ":")).encode("utf-8")
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".entry-")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(body)
            os.replace(temporary, _path(entry_key))
        except BaseException:
            os.unlink(temporary)
            raise
        _evict(folder)
    except OSError:
        return None
    return entry


def _evict(folder: str) -> None:
    entries = []
    for item in os.scandir(folder):
        if item.name.endswith(ENTRY_SUFFIX):
            try:
                stat = item.stat()
            except OSError:
                continue
            entries.append((stat.st_mtime_ns, stat.st_size, item.path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= MAX_BYTES:
            break
        try:
            os.unlink(path)
        except OSError:
            pass
        total -= size
