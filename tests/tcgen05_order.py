"""The order a kernel of tcgen05 work needs to be correct with any number of warps, read from its
PTX (the preview's kernels of tcgen05.mma / tcgen05.cp, features/atom_kernel.py, and
examples/sm100_umma.ir): warp 0 alone allocates, relinquishes and frees the tensor memory (the PTX
ISA has one warp of a CTA, of each CTA of a pair, do so); thread 0 alone initialises the
mbarrier; the CTA's barrier (a pair's cluster barrier) between `tcgen05.fence`s before anything
reads the allocation's slot; one thread (of a pair, in the pair's even CTA alone, CUTLASS's
leader CTA) issues the work and its commit; every thread waits; the CTA's barrier; warp 0 frees.
The kernel fixes its launch: one warpgroup, and a pair's kernel a cluster of the pair."""
from __future__ import annotations

import re


def _guarded(text: str) -> tuple[list[tuple[str, str | None]], dict[str, str | None]]:
    """The kernel's instructions, each with the predicate of the branch it lies in (`@!p bra L;`
    ... `L:`; None outside one), and what each guarding predicate tests: "warp 0" (`%tid.x` / 32
    == 0), "thread 0" (`%tid.x` == 0), "even CTA" (`%cluster_ctarank` % 2 == 0), or the two
    tests it is the conjunction of ("thread 0 and even CTA")."""
    defined: dict[str, str] = {}
    facts: dict[str, str | None] = {}
    lines: list[tuple[str, str | None]] = []
    guard = end = None
    for line in (raw.strip() for raw in text.split("\n")):
        line = line.split("  //")[0].strip()
        op = re.match(r"(\S+) (%\w+), (.*);$", line)
        if op is not None:
            defined[op.group(2)] = f"{op.group(1)} {op.group(3)}"
        branch = re.fullmatch(r"@!(%\w+) bra (ENDIF_\d+);", line)
        if branch is not None:
            assert guard is None, "the scaffolding's branches are not nested"
            guard, end = branch.groups()
            continue
        if line == f"{end}:":
            guard = end = None
            continue
        lines.append((line, guard))

    def meaning(register: str) -> str | None:
        found = defined.get(register, "")
        source = re.fullmatch(r"(setp\.eq\.b(?:64|32)|and\.pred) (%\w+), (%\w+|0)", found)
        if source is None:
            return None
        if (source.group(1) == "and.pred") == (source.group(3) == "0"):
            return None
        if source.group(1) == "and.pred":
            return f"{meaning(source.group(2))} and {meaning(source.group(3))}"
        value = defined.get(source.group(2), "")
        if re.fullmatch(r"div\.u64 (%\w+), 32", value):
            value = defined.get(value.split()[1].rstrip(","), "")
            return "warp 0" if _is_thread(defined, value) else None
        if re.fullmatch(r"rem\.u32 (%\w+), 2", value):
            rank = defined.get(value.split()[1].rstrip(","), "")
            return "even CTA" if rank == "mov.u32 %cluster_ctarank" else None
        return "thread 0" if _is_thread(defined, value) else None

    for _, guarding in lines:
        if guarding is not None and guarding not in facts:
            facts[guarding] = meaning(guarding)
    return lines, facts


def _is_thread(defined: dict[str, str], value: str) -> bool:
    """Whether `value` (an instruction's text past its result) is `%tid.x` widened."""
    widened = re.fullmatch(r"cvt\.u64\.u32 (%\w+)", value)
    return widened is not None and defined.get(widened.group(1)) == "mov.u32 %tid.x"


def check_launch(text: str, group: int) -> None:
    """The kernel's directives, exactly: `.reqntid 128, 1, 1` (one warpgroup, the four warps that
    reach the CTA's 128 lanes of tensor memory); of a CTA pair also `.explicitcluster` and
    `.reqnctapercluster 2, 1, 1` (launched in clusters of the pair, or a CTA has no peer)."""
    found = re.search(r"^\.visible \.entry \w+\([^)]*\)\n((?:\.\w+[^\n]*\n)*)\{", text, re.M)
    assert found, text
    cluster = [".explicitcluster", ".reqnctapercluster 2, 1, 1"] if group == 2 else []
    assert found.group(1).splitlines() == [".reqntid 128, 1, 1", *cluster], found.group(1)


def check_one_warp_allocates_and_one_thread_issues(text: str, instruction: str, group: int,
                                                   multicast: bool = True) -> None:
    """The order a CTA of any number of warps needs: warp 0 alone allocates (and relinquishes);
    thread 0 alone initialises the mbarrier; then the CTA's barrier (a pair's cluster barrier),
    fenced before and after, before anything reads the slot; one thread (thread 0; of a pair,
    thread 0 of the even CTA, the pair's leader) alone issues the work and the commit; every thread
    waits (of a pair whose commit arrives at the leader's mbarrier alone, not `multicast`, the
    leader CTA's threads alone); the CTA's barrier (the pair's cluster barrier), fenced before;
    warp 0 alone frees, fenced after."""
    check_launch(text, group)
    lines, facts = _guarded(text)
    where: dict[str, list[tuple[int, str | None]]] = {}
    for n, (line, guard) in enumerate(lines):
        for key, start in (("alloc", "tcgen05.alloc."), ("relinquish", "tcgen05.relinquish_alloc_permit."),
                           ("init", "mbarrier.init."), ("init fence", "fence.mbarrier_init."),
                           ("work", instruction), ("commit", "tcgen05.commit."), ("wait", "mbarrier.try_wait."),
                           ("dealloc", "tcgen05.dealloc."), ("slot", "ld.b32 "), ("bar", "bar.sync 0;"),
                           ("cluster arrive", "barrier.cluster.arrive"), ("cluster wait", "barrier.cluster.wait")):
            if line.startswith(start):
                where.setdefault(key, []).append((n, facts.get(guard) if guard else None))
    pair = group == 2
    issuer = "thread 0 and even CTA" if pair else "thread 0"
    barrier = ["cluster arrive", "cluster wait"] if pair else ["bar"]
    for key, who in (("alloc", "warp 0"), ("relinquish", "warp 0"), ("dealloc", "warp 0"), ("init", "thread 0"),
                     ("init fence", "thread 0"), ("work", issuer), ("commit", issuer),
                     ("wait", "even CTA" if pair and not multicast else None), ("slot", None),
                     *((key, None) for key in barrier)):
        assert where.get(key) and [w for _, w in where[key]] == [who] * len(where[key]), (key, where.get(key), text)
    assert len(where["alloc"]) == len(where["relinquish"]) == len(where["dealloc"]) == len(where["commit"]) == 1
    # Two barriers, each fenced: the first before the slot is read, the second before the free.
    assert all(len(where[key]) == 2 for key in barrier), where
    assert ("bar" in where) != pair and ("barrier.cluster" in text) == pair
    starts = [where[barrier[0]][i][0] for i in (0, 1)]
    ends = [where[barrier[-1]][i][0] for i in (0, 1)]
    assert all(end - start == len(barrier) - 1 for start, end in zip(starts, ends))
    assert [lines[n - 1][0] for n in starts] == ["tcgen05.fence::before_thread_sync;"] * 2
    assert lines[ends[0] + 1][0] == "tcgen05.fence::after_thread_sync;"
    dealloc = where["dealloc"][0][0]
    assert lines[dealloc - 1] == ("tcgen05.fence::after_thread_sync;", lines[dealloc][1])
    order = [where["alloc"][0][0], where["relinquish"][0][0], where["init"][0][0], starts[0], ends[0],
             where["slot"][0][0], where["work"][0][0], where["commit"][0][0], where["wait"][0][0], starts[1], ends[1],
             dealloc]
    assert order == sorted(order), (order, text)
