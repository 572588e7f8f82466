"""When Python's cyclic garbage collector runs: while the server is idle, not in the middle of
answering the user.

An analysis of a large file keeps a few hundred thousand objects alive, and every keystroke
allocates tens of thousands more (a unit's IR is rebuilt, its old IR is cyclic garbage). Left
to itself, the collector walks the whole heap again and again in the middle of keystrokes:
about half of a keystroke's CPU time in a 50k-line file (docs/benchmarks.md). So it is off,
and this runs it instead:

- a young collection (generations 0 and 1: what the last requests made) once the server has
  been quiet for IDLE seconds and something was allocated since the last one;
- a full collection once it has been quiet for FULL_IDLE seconds and YOUNG_PER_FULL young
  collections ran since the last full one (what survived a young collection and died later);
- either at once, whatever the traffic, when more than FORCE objects were allocated since the
  last collection, so that memory stays bounded under continuous load;
- during background work (verification after open), already after BACKGROUND_FORCE objects, so
  that no young collection has much to walk: its cost follows what it walks (about 1.5 µs an
  object), and verifying a 50k-line file allocates millions. Left for the first idle moment,
  they took one collection of 3.1 s, which met the first keystroke; collected as they come,
  pauses of at most about 0.1 s (2.6 s in all). A keystroke's own allocations wait for the
  idle moment after it, as before: collecting them as the next keystroke arrives would delay it.
- a full collection right after a young one, whatever the traffic, once the process has grown by
  GROWTH_PER_FULL since the last full one (its resident size: `/proc/self/statm`; elsewhere, after
  LOADED_YOUNG_PER_FULL young ones). An object alive at a young collection is moved to the oldest
  generation, and each keystroke's IR is alive at the one after its publish, then garbage at the
  next keystroke: under continuous traffic (edits in bursts, requests after each) no idle moment
  came for a full collection, and 10,000 edits in bursts into a 5k-line dump grew the server to
  2 GB in five minutes. A full collection walks what the analysis keeps (about 25 ms at 5k
  lines, 75 ms at 50k) and the garbage.
- right after an edit's diagnostics are published, while they are few (at most EDIT_YOUNG
  young objects): a client that sends its next requests before the server has been quiet for
  IDLE (after each keystroke its outline, tokens and folds) leaves no idle moment, and the
  keystrokes' lifted IR piled up in the young generation until one collection walked it all,
  on whichever request came next: 30 keystrokes in a 50k-line real dump left 261k young
  objects, collected in 131 ms; collected after each publish, about 1 ms each (27 ms in all).
  A larger young generation (a change that re-analysed much of the file) waits for the idle
  moment as before.
"""
from __future__ import annotations

import gc
import os
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio

IDLE = 0.05
FULL_IDLE = 2.0
YOUNG_PER_FULL = 20
FORCE = 2_000_000
BACKGROUND_FORCE = 50_000
EDIT_YOUNG = 200_000
CHECK = 0.05
GROWTH_PER_FULL = 16 * 1024 * 1024      # bytes: 64 MiB let the burst grow the server to 600 MB, 16 to 350
LOADED_YOUNG_PER_FULL = 100             # without /proc


def resident_bytes() -> int | None:
    """The process's resident size, or None where `/proc` does not say it."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


class IdleCollector:
    def __init__(self) -> None:
        self.last_activity = time.monotonic()
        self.young_since_full = 0
        self.resident_after_full = resident_bytes()
        self._task: asyncio.Task | None = None

    def take_over(self, freeze: bool = True) -> None:
        """Turn the automatic collector off; what the process has made so far (the imports)
        stays, frozen out of every later collection unless `freeze` is false: when a document
        was analysed before the server was imported (lsp/fast_start.py), which froze the
        imports before it (`freeze_imports`), so that the analysis stays collectable."""
        if freeze:
            gc.freeze()
        gc.disable()

    def note_activity(self, background: bool = False) -> None:
        """A message arrived or work was done (`background`: work no message waits for): idle
        time counts from now."""
        self.last_activity = time.monotonic()
        if gc.get_count()[0] > (BACKGROUND_FORCE if background else FORCE):
            self.collect_young()
        self._ensure_running()

    def after_edit(self) -> None:
        """An edit's diagnostics were just published: collect its garbage now if it is little
        (see the module's note)."""
        if 0 < gc.get_count()[0] <= EDIT_YOUNG:
            self.collect_young()

    def collect_young(self) -> None:
        gc.collect(1)
        self.young_since_full += 1
        if self._grown():
            self.collect_full()

    def collect_full(self) -> None:
        gc.collect()
        self.young_since_full = 0
        self.resident_after_full = resident_bytes()

    def _grown(self) -> bool:
        """Whether what young collections moved to the oldest generation calls for a full
        collection now (see the module's note)."""
        if self.resident_after_full is None:
            return self.young_since_full >= LOADED_YOUNG_PER_FULL
        now = resident_bytes()
        return now is not None and now - self.resident_after_full >= GROWTH_PER_FULL

    def _ensure_running(self) -> None:
        if self._task is not None and not self._task.done():
            return
        import asyncio   # here, not at the top: fast_start analyses an opened document before it
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        import asyncio
        while True:
            await asyncio.sleep(CHECK)
            idle = time.monotonic() - self.last_activity
            if idle >= IDLE and gc.get_count()[0] > 0:
                self.collect_young()
            if idle >= FULL_IDLE and self.young_since_full >= YOUNG_PER_FULL:
                self.collect_full()
            if idle >= FULL_IDLE and self.young_since_full == 0 and gc.get_count()[0] == 0:
                return   # nothing left to do until the next message


def freeze_imports() -> None:
    """Freeze what the process holds (its imports, before any document is analysed) out of
    every later collection, and turn the automatic collector off."""
    gc.freeze()
    gc.disable()
