"""Edit fuzzer: random edits through the real `DocumentAnalysis`, and after every edit the
incremental state must equal a fresh analysis of the same text.

In the style of tree-sitter's and rust-analyzer's fuzzers: a seeded random walk of edits over
real files (inserts, deletions, removed brackets, fragments pasted from the corpus, non-ASCII
text, UTF-16 surrogate pairs and positions inside them, CRLF, zero-width edits, edits at the
end). What is compared: diagnostics, whole-document semantic tokens, document symbols,
folding ranges, the lowered IR (the default pipeline's stages, kept per function) and the
formatted text (kept per unit); and the formatted text itself must format to itself and keep
every comment and every statement with a syntax error as written. A
mismatch is minimised (fewer edits, then fewer lines of the starting text) into a reproducer
that replays without the fuzzer.

    python -m tests.fuzz.edit_fuzz --seconds 60 --seed 1 --out fuzz-out

runs until the time is up and writes each minimised reproducer as JSON into `--out`
(`replay(path)` re-runs one). `make fuzz` wraps it.
"""
from __future__ import annotations

import argparse
import logging
from collections import Counter
from contextlib import contextmanager
import json
import random
import re
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cute_ir.analysis import DocumentAnalysis, pipeline
from cute_ir.features import lowered, tileas_memop, tma_partition
from cute_ir.features.format import formatted_text
from cute_ir.features.outline import document_symbols, folding_ranges
from cute_ir.lsp import convert, semantic
from cute_ir.text.positions import Position
from cute_ir.verify import atom_sites

ROOT = Path(__file__).resolve().parents[2]
# A case ends when its text grows past this: a fresh analysis runs after every edit.
MAX_FUZZED_BYTES = 64 * 1024


def corpus() -> list[Path]:
    """The files the fuzzer starts from: the examples (one is real CuTe DSL output), every
    test corpus, and the real compiler's dumps small enough for a fresh analysis per edit."""
    dumps = [p for p in sorted((ROOT / "tests" / "corpus" / "cutedsl").rglob("*.mlir"))
             if p.stat().st_size <= MAX_FUZZED_BYTES]
    return sorted((ROOT / "examples").glob("*.ir")) + sorted((ROOT / "tests" / "corpus").rglob("*.ir")) + dumps


# Short texts a user types; the brackets, markers and statement starts are what moves
# tree-sitter's error recovery and the analysis' unit boundaries.
TYPED = ["(", ")", "<", ">", "{", "}", "[", "]", ",", ":", "=", "%", "!", "#", "^", "@", "\"",
         " ", "\n", "\r\n", "\r", "x", "0", "i32", "%1", "// ", "// -----\n", "func.func",
         "cute_nvgpu.", "!cute_nvgpu.", "é", "\u200b", "\U0001F600", "𝔸", "\t", "->", "loc(",
         "}\n", "{\n", "%a = ", "\n  return\n"]
BRACKETS = "()<>{}[]"
# How often an edit starts a run of keystrokes after it (a letter or digit typed where the last
# edit ended, or the character before deleted), and how long the runs are: typing goes on where
# it was, and what the analysis keeps of its last check of a unit to resume from (ir/ssa.py
# `Resume`) is read only then.
TYPING = 0.1
TYPED_RUN = (2, 10)
# How often an edit starts a burst: edits a server receives back to back and analyses once.
BURSTS = 0.1
# In a case with slices (odd seeds), the document is opened with its verification deferred, as
# the server opens a large file; each edit is followed by up to this many of the smallest slices
# of that verification (`verify_pending(0)`, one step of a unit's verification each), so edits
# land while a unit is part-way verified; one analysed edit in COMPARED_SLICED is compared
# (the comparison finishes verification, and owed units then come only from whole-document
# re-analyses).
MAX_SLICES = 12
COMPARED_SLICED = 4


@dataclass(frozen=True)
class Edit:
    """A replacement of characters [start, end) of the text (code points) by `text`;
    `mid_pair` puts a UTF-16 position inside the surrogate pair of an astral character."""
    start: int
    end: int
    text: str
    mid_pair: bool = False
    # Applied to the text only, as a server does with a change that arrives in a burst: the
    # analysis follows at the next edit that is not deferred, once for all of them.
    deferred: bool = False
    # Slices of deferred verification run after the edit (see MAX_SLICES); an edit list with
    # any opens its document with verification deferred (`opened`).
    slices: int = 0

    def as_json(self) -> list[Any]:
        return [self.start, self.end, self.text, self.mid_pair, self.deferred, self.slices]


_LINE_END = re.compile(r"\r\n|\r|\n")


def _position(text: str, offset: int, mid_pair: bool = False) -> Position:
    """The UTF-16 LSP position of character `offset` of `text`, counting lines as the server
    does (`\n`, `\r\n` and a lone `\r` each end one). An offset between the two characters
    of a `\r\n` has no position of its own: it is taken as the offset before the `\r`."""
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        offset -= 1
    line = len(_LINE_END.findall(text, 0, offset))
    line_start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    column = len(text[line_start:offset].encode("utf-16-le")) // 2
    if mid_pair and offset < len(text) and ord(text[offset]) > 0xFFFF:
        column += 1   # between the two halves of a surrogate pair
    return Position(line, column)


def apply(analysis: DocumentAnalysis, edit: Edit, version: int) -> None:
    text = analysis.document.text
    start, end = min(edit.start, len(text)), min(edit.end, len(text))
    analysis.update([(_position(text, start, edit.mid_pair), _position(text, end), edit.text)], version,
                    defer=edit.deferred)
    for _ in range(edit.slices):
        analysis.verify_pending(0)


def opened(text: str, edits: list[Edit]) -> DocumentAnalysis:
    """The analysis `edits` start from: with verification deferred when they run slices of it."""
    return DocumentAnalysis("file:///fuzz.ir", text, verify_budget=0 if any(e.slices for e in edits) else None)


def random_edit(rng: random.Random, text: str, fragments: list[str]) -> Edit:
    n = len(text)
    at = rng.randint(0, n)
    r = rng.random()
    if r < 0.30:
        return Edit(at, at, rng.choice(TYPED))
    if r < 0.45:
        return Edit(at, min(n, at + rng.choice((1, 1, 2, 5, 20, 80))), "")
    if r < 0.58:
        brackets = [i for i, c in enumerate(text) if c in BRACKETS]
        if brackets:
            i = rng.choice(brackets)
            return Edit(i, i + 1, "")
        return Edit(at, at, rng.choice(BRACKETS))
    if r < 0.70:
        fragment = rng.choice(fragments)
        return Edit(at, min(n, at + rng.choice((0, 0, 3, 30))), fragment)
    if r < 0.76:
        astral = [i for i, c in enumerate(text) if ord(c) > 0xFFFF]
        if astral and rng.random() < 0.7:
            i = rng.choice(astral)
            return Edit(i, i + 1, rng.choice(("", "x", "\U0001F601")), mid_pair=rng.random() < 0.5)
        return Edit(at, at, rng.choice(("\U0001F600", "\U00010348é", "a\u200bb")))
    if r < 0.82:
        newlines = [i for i, c in enumerate(text) if c == "\n"]
        if newlines:
            i = rng.choice(newlines)
            return Edit(i, i + 1, rng.choice(("\r\n", "\r", "", " \n")))
        return Edit(at, at, "\r\n")
    if r < 0.86:
        return Edit(at, at, "")                      # zero-width, empty edit
    if r < 0.92:
        return Edit(n, n, rng.choice(TYPED + fragments[:5]))    # at the end
    if r < 0.96 and n:
        # Undo-like: remove a whole line, or duplicate one.
        line_start = text.rfind("\n", 0, at) + 1
        line_end = text.find("\n", at)
        line_end = n if line_end < 0 else line_end + 1
        if rng.random() < 0.5:
            return Edit(line_start, line_end, "")
        return Edit(line_start, line_start, text[line_start:line_end])
    return Edit(at, min(n, at + rng.randint(0, 200)), rng.choice(TYPED))


def typed_after(rng: random.Random, text: str, last: Edit, starts: bool = False) -> Edit:
    """The next keystroke after `last`: a character typed where it ended, or the one before
    deleted; the first of a run (`starts`) is typed into a value's name more often than not,
    where typing leaves the text without a syntax error."""
    at = min(len(text), last.start + len(last.text))
    name = text.find("%", rng.randint(0, len(text))) if starts and rng.random() < 0.6 else -1
    if name >= 0:
        return Edit(name + 1, name + 1, rng.choice("abcxyz_0179"))
    if at and rng.random() < 0.2:
        return Edit(at - 1, at, "")
    return Edit(at, at, rng.choice("abcxyz_0179%"))


def fragments_of(texts: list[str], rng: random.Random, count: int = 40) -> list[str]:
    """Pieces of real files to paste: whole lines, line runs and arbitrary slices."""
    out: list[str] = []
    for _ in range(count):
        text = rng.choice(texts)
        if not text:
            continue
        a = rng.randrange(len(text))
        b = min(len(text), a + rng.choice((5, 20, 60, 200)))
        if rng.random() < 0.5:
            a = text.rfind("\n", 0, a) + 1
            end = text.find("\n", b)
            b = len(text) if end < 0 else end + 1
        out.append(text[a:b])
    return out


# ---------------------------------------------------------------------------- comparison
def state(analysis: DocumentAnalysis) -> dict[str, Any]:
    """Everything an editor sees of a document, in comparable form."""
    return {
        "diagnostics": sorted((d.span.start, d.span.end, d.code, d.message) for d in analysis.diagnostics()),
        "semantic tokens": semantic.full_tokens(analysis),
        "symbols": document_symbols(analysis),
        "folds": folding_ranges(analysis),
        # As the server sends them: lines kept per unit, and JSON kept per unit.
        "folding ranges sent": "".join(convert.folding_ranges(analysis).parts),
        "semantic tokens sent": semantic.full_tokens_json(analysis),
        "outline sent": "".join(convert.document_symbols(analysis).parts),
        "lowered IR": _lowered(analysis),
        "hover sections": _hover_sections(analysis),
        "formatted": formatted_text(analysis),
    }


def _hover_sections(analysis: DocumentAnalysis) -> list:
    """What hover says of each TileAS memop and TMA partition op, kept per unit: where it is now."""
    out = []
    for unit in analysis.units:
        out.extend((unit.start + start, unit.start + end, section)
                   for (start, end), section in analysis.for_unit(unit, tileas_memop.SECTIONS).items())
        out.extend((unit.start + start, unit.start + end, tma_partition.partition_section(result))
                   for (start, end), result in analysis.unit_analysis(unit).tma_partitions().items())
    return sorted(out)


def _comments(analysis: DocumentAnalysis) -> list[str]:
    from cute_ir.features.format import _comments as comment_spans
    from cute_ir.syntax.parser import parse

    data = bytes(analysis.document.data)
    return [data[c.start:c.end].decode("utf-8", "replace").rstrip() for c in comment_spans(parse(data).root, 0, len(data))]


def formatting_problem(analysis: DocumentAnalysis, formatted: str) -> str | None:
    """What is wrong with the formatted text of `analysis`, or None: it must format to itself,
    keep the comments, and keep each statement with a syntax error as written."""
    again = DocumentAnalysis("file:///formatted.ir", formatted, encoding=analysis.document.encoding,
                             settings=analysis.settings, verify_budget=0)
    if formatted_text(again) != formatted:
        return "formatting: not idempotent"
    if _comments(again) != _comments(analysis):
        return "formatting: comments differ"
    data = analysis.document.data
    for unit in analysis.units:
        if any(d.source.value == "syntax" and d.severity.label == "error" for d in unit.diagnostics):
            if bytes(data[unit.start:unit.end]).decode("utf-8", "replace") not in formatted:
                return "formatting: a broken statement was changed"
    return None


def _lowered(analysis: DocumentAnalysis) -> tuple:
    """The IR as printed before and after each pass of the default lowering, with its line map
    and diagnostics: put together from per-function results kept across edits."""
    result = lowered.lower(analysis)
    return (result.input_text, [(s.text, s.changed, s.line_spans) for s in result.stages],
            sorted((d.span.start, d.span.end, d.code, d.message) for d in result.diagnostics))


@contextmanager
def _no_kept_results():
    """Caches of per-function results emptied for the duration (and restored after): a fresh
    analysis must compute everything, or a cache key that misses what a result depends on would
    go unnoticed."""
    kept = [(cache, dict(cache)) for cache in (lowered._cache, atom_sites._unit_cache, pipeline._cache)]
    for cache, _ in kept:
        cache.clear()
    try:
        yield
    finally:
        for cache, entries in kept:
            cache.clear()
            cache.update(entries)


def mismatch(analysis: DocumentAnalysis) -> str | None:
    """What differs between `analysis` and a fresh analysis of its text, or None (verification
    still owed is finished first: a fresh analysis verifies everything)."""
    analysis.verify_pending()
    mine = state(analysis)
    with _no_kept_results():
        fresh = DocumentAnalysis("file:///fresh.ir", analysis.document.text, encoding=analysis.document.encoding,
                                 settings=analysis.settings)
        theirs = state(fresh)
    for key in mine:
        if mine[key] != theirs[key]:
            if key == "diagnostics":
                # As multisets: a diagnostic reported twice on one side is a difference too.
                extra = sorted((Counter(mine[key]) - Counter(theirs[key])).elements())[:3]
                lacking = sorted((Counter(theirs[key]) - Counter(mine[key])).elements())[:3]
                return f"diagnostics: incremental only {extra}, fresh only {lacking}"
            return key
    return formatting_problem(analysis, mine["formatted"])


class _LoggedFailures(logging.Handler):
    """Exceptions the analysis caught and logged (a verifier or check that failed on a unit):
    the user gets no error, but loses that unit's diagnostics, so each is a finding too."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.found.append(f"{record.getMessage()}: {type(error).__name__}: {error}" if error else record.getMessage())


def run_edits(text: str, edits: list[Edit], check_every_step: bool = True) -> tuple[int, str] | None:
    """Apply `edits` to a fresh analysis of `text`; the first step whose state differs from a
    fresh analysis (or that raises, or logs a caught exception), and how, or None."""
    logged = _LoggedFailures()
    logger = logging.getLogger("cute_ir")
    logger.addHandler(logged)
    try:
        analysis = opened(text, edits)
        for step, edit in enumerate(edits):
            try:
                apply(analysis, edit, step + 1)
                last = step == len(edits) - 1
                found = mismatch(analysis) if last or (check_every_step and not edit.deferred) else None
            except Exception as error:   # an exception is a finding too, minimised like a mismatch
                return step, _raised(error)
            if logged.found:
                return step, f"logged exception: {logged.found[0]}"
            if found is not None:
                return step, found
        return None
    finally:
        logger.removeHandler(logged)


def _raised(error: Exception) -> str:
    return f"exception: {type(error).__name__}: {error}"


# ---------------------------------------------------------------------------- minimising
def _fails(text: str, edits: list[Edit]) -> bool:
    return bool(edits) and run_edits(text, edits, check_every_step=False) is not None


def minimise(text: str, edits: list[Edit], seconds: float = 60.0) -> tuple[str, list[Edit]]:
    """A smaller (text, edits) that still ends in a mismatch: start later in the history,
    drop edits one at a time, then drop lines of the starting text; for about `seconds`."""
    deadline = time.monotonic() + seconds
    # Start from the text as it was before a later edit (the shortest failing suffix).
    states = [text]
    probe = DocumentAnalysis("file:///probe.ir", text)
    for step, edit in enumerate(edits):
        before = probe.document.text
        try:
            apply(probe, edit, step)
        except Exception:   # the finding itself may be this raise: go on from the text alone
            start, end = min(edit.start, len(before)), min(edit.end, len(before))
            probe = DocumentAnalysis("file:///probe.ir", before[:start] + edit.text + before[end:])
        states.append(probe.document.text)
    for begin in range(len(edits) - 1, 0, -1):
        if _fails(states[begin], edits[begin:]):
            text, edits = states[begin], edits[begin:]
            break
    index = 0
    while index < len(edits) and len(edits) > 1 and time.monotonic() < deadline:
        trial = edits[:index] + edits[index + 1:]
        if _fails(text, trial):
            edits = trial
        else:
            index += 1
    # Drop lines of the starting text (from the end, so the edits' offsets, which are
    # mostly early, stay meaningful), in halving chunks.
    lines = text.splitlines(keepends=True)
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        at = len(lines) - chunk
        while at >= 0 and time.monotonic() < deadline:
            trial = lines[:at] + lines[at + chunk:]
            if _fails("".join(trial), edits):
                lines = trial
            at -= chunk
        chunk //= 2
    return "".join(lines), edits


# ---------------------------------------------------------------------------- driving
@dataclass
class Report:
    edits: int = 0
    cases: int = 0
    mismatches: list[dict[str, Any]] = field(default_factory=list)


def fuzz_case(path: Path, seed: int, steps: int, texts: list[str], report: Report,
              deadline: float | None = None) -> None:
    rng = random.Random(f"{path.name}:{seed}")
    fragments = fragments_of(texts, rng)
    text = path.read_text(encoding="utf-8")
    sliced = seed % 2 == 1
    analysis = DocumentAnalysis("file:///fuzz.ir", text, verify_budget=0 if sliced else None)
    edits: list[Edit] = []
    burst = typing = 0
    report.cases += 1
    for step in range(steps):
        if deadline is not None and time.monotonic() > deadline:
            return
        edit = random_edit(rng, analysis.document.text, fragments)
        if typing or edits and rng.random() < TYPING:
            starts = not typing
            typing = typing - 1 if typing else rng.randint(*TYPED_RUN)
            edit = typed_after(rng, analysis.document.text, edits[-1], starts)
        if burst:
            edit = replace(edit, deferred=True)
            burst -= 1
        elif rng.random() < BURSTS:
            burst = rng.randint(1, 12)   # deferred edits before the next analysed one
            edit = replace(edit, deferred=True)
        if sliced:
            # At least one slice at the first edit: a list of edits with slices opens deferred.
            edit = replace(edit, slices=rng.randint(1 if not edits else 0, MAX_SLICES))
        compared = step == steps - 1 or not edit.deferred and (not sliced or rng.randrange(COMPARED_SLICED) == 0)
        edits.append(edit)
        report.edits += 1
        try:
            apply(analysis, edit, step + 1)
            found = mismatch(analysis) if compared else None
        except Exception as error:
            found = _raised(error)
        if found is not None:
            report.mismatches.append({"file": str(path.relative_to(ROOT)), "seed": seed, "step": step,
                                      "what": found, "text": text, "edits": edits})
            return
        if len(analysis.document.data) > MAX_FUZZED_BYTES:
            return   # keep each step cheap: a fresh analysis runs after every edit


def replay(path: Path) -> str | None:
    """Re-run a reproducer written by `main`; the mismatch it shows, or None when fixed."""
    case = json.loads(Path(path).read_text(encoding="utf-8"))
    found = run_edits(case["text"], [Edit(*e) for e in case["edits"]], check_every_step=False)
    return None if found is None else found[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run")
    parser.add_argument("--seed", type=int, default=1, help="first seed; each case takes the next one")
    parser.add_argument("--steps", type=int, default=500, help="edits per case")
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"), help="where reproducers go")
    args = parser.parse_args(argv)
    files = corpus()
    texts = [p.read_text(encoding="utf-8") for p in files]
    report = Report()
    deadline = time.monotonic() + args.seconds
    seed = args.seed
    while time.monotonic() < deadline:
        for path in files:
            fuzz_case(path, seed, args.steps, texts, report, deadline)
        # A running count, so a run stopped early still says how far it got.
        print(f"seed {seed}: {report.edits} edits in {report.cases} cases so far, "
              f"{len(report.mismatches)} mismatches", flush=True)
        seed += 1
    args.out.mkdir(parents=True, exist_ok=True)
    for number, case in enumerate(report.mismatches):
        text, edits = minimise(case["text"], case["edits"])
        target = args.out / f"mismatch-{case['seed']}-{Path(case['file']).stem}-{number}.json"
        target.write_text(json.dumps({**case, "text": text, "edits": [e.as_json() for e in edits],
                                      "what": replay_text(text, edits) or case["what"]}, indent=1),
                          encoding="utf-8")
        print(f"mismatch: {case['file']} seed {case['seed']} step {case['step']}: {case['what']} -> {target}")
    print(f"{report.edits} edits in {report.cases} cases (seeds {args.seed}..{seed - 1}), "
          f"{len(report.mismatches)} mismatches; reproducers in {args.out}")
    return 1 if report.mismatches else 0


def replay_text(text: str, edits: list[Edit]) -> str | None:
    found = run_edits(text, edits, check_every_step=False)
    return None if found is None else found[1]


if __name__ == "__main__":
    sys.exit(main())
