"""The server runs Python's cyclic collector while it is idle (lsp/collector.py): off during
work, a young collection once quiet, a full one after longer quiet, and one at once when a lot
was allocated whatever the traffic."""
from __future__ import annotations

import asyncio
import gc

import pytest

from cute_ir.lsp import collector as collector_module
from cute_ir.lsp.collector import IdleCollector

pytestmark = pytest.mark.asyncio


@pytest.fixture
def restored_collector():
    """The process's collector as it was, whatever a test does to it."""
    was = gc.isenabled()
    yield
    gc.unfreeze()
    if was:
        gc.enable()
    else:
        gc.disable()


@pytest.fixture
def quick(monkeypatch):
    """Idle times short enough for a test; what matters is their order, not their size."""
    monkeypatch.setattr(collector_module, "CHECK", 0.005)
    monkeypatch.setattr(collector_module, "IDLE", 0.02)
    monkeypatch.setattr(collector_module, "FULL_IDLE", 0.1)
    monkeypatch.setattr(collector_module, "YOUNG_PER_FULL", 2)


def _counting(collector: IdleCollector) -> list[str]:
    runs: list[str] = []
    young, full = collector.collect_young, collector.collect_full
    collector.collect_young = lambda: (runs.append("young"), young())[1]
    collector.collect_full = lambda: (runs.append("full"), full())[1]
    return runs


async def _until(condition, seconds: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the collector never ran"
        await asyncio.sleep(0.005)


async def test_taking_over_turns_the_automatic_collector_off(restored_collector) -> None:
    gc.enable()
    IdleCollector().take_over()
    assert not gc.isenabled()


async def test_a_young_collection_waits_for_quiet(restored_collector, quick) -> None:
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    garbage = [[] for _ in range(100)]
    del garbage
    collector.note_activity()
    assert runs == []                      # not in the middle of work
    await _until(lambda: "young" in runs)


async def test_a_full_collection_follows_longer_quiet_after_enough_young_ones(restored_collector, quick) -> None:
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    for _ in range(3):
        garbage = [[] for _ in range(100)]
        del garbage
        collector.note_activity()
        await _until(lambda: runs.count("young") >= 1 and collector.young_since_full >= 1)
    await _until(lambda: "full" in runs)
    assert collector.young_since_full == 0


async def test_much_allocation_is_collected_at_once(restored_collector, monkeypatch) -> None:
    monkeypatch.setattr(collector_module, "FORCE", 50)
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    garbage = [[] for _ in range(1000)]
    del garbage
    collector.note_activity()
    assert runs == ["young"]


async def test_background_work_is_collected_in_smaller_pieces(restored_collector, monkeypatch) -> None:
    """Verification after open allocates millions of objects: collected as they come, each
    young collection stays short; a message's own work waits for the idle moment after it."""
    monkeypatch.setattr(collector_module, "FORCE", 10**9)
    monkeypatch.setattr(collector_module, "BACKGROUND_FORCE", 50)
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    made = [[] for _ in range(1000)]   # kept: what counts is what was allocated
    collector.note_activity()
    assert runs == []
    collector.note_activity(background=True)
    assert runs == ["young"] and made


async def test_an_edits_garbage_is_collected_after_its_publish_while_it_is_little(restored_collector, monkeypatch) -> None:
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    garbage = [[] for _ in range(100)]
    del garbage
    collector.after_edit()
    assert runs == ["young"]
    assert gc.get_count()[0] < 100


async def test_a_large_young_generation_waits_for_quiet_after_an_edit(restored_collector, monkeypatch) -> None:
    monkeypatch.setattr(collector_module, "EDIT_YOUNG", 10)
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    kept = [[] for _ in range(100)]
    collector.after_edit()
    assert runs == []                      # a collection that long is left for an idle moment
    del kept


class _Cycle:
    def __init__(self) -> None:
        self.me = self


async def test_under_continuous_traffic_growth_brings_a_full_collection(restored_collector, monkeypatch) -> None:
    """What is alive at a young collection moves to the oldest generation, which only a full
    collection reaches: a keystroke's IR, alive at the collection after its publish, is garbage
    there by the next keystroke. With no idle moment, a full collection follows a young one once
    the process has grown by GROWTH_PER_FULL since the last full one."""
    import weakref
    resident = [1_000_000_000]
    monkeypatch.setattr(collector_module, "resident_bytes", lambda: resident[0])
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    keystroke_ir = _Cycle()
    gone = weakref.ref(keystroke_ir)
    collector.after_edit()                       # the IR is alive at its publish's collection
    del keystroke_ir                             # and garbage by the next keystroke
    made = [_Cycle() for _ in range(10)]         # what the next keystroke allocates (kept)
    collector.after_edit()
    assert runs == ["young", "young"] and gone() is not None   # in the oldest generation
    resident[0] += collector_module.GROWTH_PER_FULL
    made += [_Cycle() for _ in range(10)]
    collector.after_edit()
    assert runs == ["young", "young", "young", "full"] and gone() is None
    made += [_Cycle() for _ in range(10)]
    collector.after_edit()                       # measured from the full collection's size
    assert runs[-1] == "young" and made


async def test_without_a_resident_size_a_full_collection_follows_enough_young_ones(restored_collector, monkeypatch) -> None:
    monkeypatch.setattr(collector_module, "resident_bytes", lambda: None)
    monkeypatch.setattr(collector_module, "LOADED_YOUNG_PER_FULL", 3)
    collector = IdleCollector()
    collector.take_over()
    runs = _counting(collector)
    made = []
    for _ in range(4):
        made += [_Cycle() for _ in range(10)]
        collector.after_edit()
    assert made
    assert runs == ["young", "young", "young", "full", "young"]


async def test_the_resident_size_is_read_from_proc_where_there_is_one() -> None:
    size = collector_module.resident_bytes()
    assert size is None or size > 1_000_000
