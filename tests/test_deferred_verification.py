"""Verification deferred at open (`verify_budget`) and paid later (`verify_pending`): syntax and
type diagnostics are complete at once, and once nothing is owed the diagnostics equal those of
an analysis that verified everything up front, whatever edits came in between."""
from __future__ import annotations

from cute_ir.analysis import DocumentAnalysis
from cute_ir.diagnostics import Source
from cute_ir.text.positions import Position

DESC_A = "!cute_nvgpu.smem_desc_view<memref<1024xf16, 3>, #cute.layout<(64, 16):(16, 1)>>"
DESC_B = "!cute_nvgpu.smem_desc_view<memref<2048xf16, 3>, #cute.layout<(16, 128):(128, 1)>>"
# Every kernel builds a WGMMA atom of an illegal shape (a verifier error) and one kernel in
# three also writes an unknown type (a type error, found without verification).
KERNEL = """\
  func.func @k{i}(%acc: memref<64xf32>, %a: {a}, %b: {b}) {{
    %wg = cute_nvgpu.make_mma_atom {{shape_MNK = [64, {n}, 16], a_type = f16, b_type = f16, c_type = f32}} : !cute_nvgpu.sm90.mma
    cute_nvgpu.mma %wg, %acc, %a, %b, %acc : (!cute_nvgpu.sm90.mma, memref<64xf32>, {a}, {b}, memref<64xf32>)
    %t = cute.make_atom : !cute_nvgpu.{mnemonic}
    return
  }}
"""


def _document(kernels: int = 12) -> str:
    return "module {\n" + "".join(
        KERNEL.format(i=i, a=DESC_A, b=DESC_B, n=130 + 8 * i, mnemonic="bogus" if i % 3 == 0 else "i4")
        for i in range(kernels)) + "}\n"


def _norm(analysis: DocumentAnalysis) -> list[tuple[int, int, str, str]]:
    return sorted((d.span.start, d.span.end, d.source.value, d.message) for d in analysis.diagnostics())


def test_a_zero_budget_defers_every_verifier_but_no_type_diagnostic() -> None:
    text = _document()
    complete = DocumentAnalysis("file:///x.ir", text)
    deferred = DocumentAnalysis("file:///x.ir", text, verify_budget=0)

    assert deferred.verification_owed
    assert not complete.verification_owed
    owed = [d for d in _norm(deferred) if d[2] == Source.VERIFY.value]
    assert owed == []
    assert [d for d in _norm(deferred)] == [d for d in _norm(complete) if d[2] != Source.VERIFY.value]
    assert len([d for d in _norm(complete) if d[2] == Source.VERIFY.value]) == 12


def test_paying_in_slices_ends_with_the_complete_diagnostics() -> None:
    text = _document()
    complete = DocumentAnalysis("file:///x.ir", text)
    deferred = DocumentAnalysis("file:///x.ir", text, verify_budget=0)

    calls = 0
    while deferred.verify_pending(0):   # a zero slice still runs one step per call
        calls += 1
        assert calls < 200
    # 12 kernels in STEPS steps each (findings, lift, verifiers, lowering check, pipeline,
    # SSA check, diagnostics handed out); the last call returns False.
    assert calls == 12 * STEPS - 1
    assert not deferred.verification_owed
    assert _norm(deferred) == _norm(complete)


STEPS = 7


def test_a_unit_resumed_in_a_later_slice_is_not_lifted_again(monkeypatch) -> None:
    import cute_ir.analysis.document as document_module

    real = document_module.lift_statements
    lifts: list[int] = []

    def lift_statements(*args, **kwargs):
        lifts.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(document_module, "lift_statements", lift_statements)
    deferred = DocumentAnalysis("file:///x.ir", _document(), verify_budget=0)
    lifts.clear()
    while deferred.verify_pending(0):
        pass
    assert len(lifts) == 12


def _kernel_line(analysis: DocumentAnalysis, i: int) -> int:
    return next(n for n, line in enumerate(analysis.document.text.split("\n")) if f"@k{i}(" in line)


def _shape_edit(analysis: DocumentAnalysis, i: int, version: int) -> None:
    """Another illegal WGMMA shape for kernel `i`."""
    line = _kernel_line(analysis, i) + 1
    col = analysis.document.text.split("\n")[line].index("[64, ") + len("[64, ")
    analysis.update([(Position(line, col), Position(line, col + 3), "131")], version)


def _insert_function(analysis: DocumentAnalysis, version: int) -> None:
    analysis.update([(Position(1, 0), Position(1, 0), "  func.func @extra() {\n    return\n  }\n")], version)


def _retarget(analysis: DocumentAnalysis, version: int) -> None:
    from cute_ir.analysis import Settings
    analysis.set_settings(Settings(target_arch="sm_100a"))


def test_a_change_while_a_unit_is_part_way_verified_starts_it_again() -> None:
    """Stopped after each of a unit's steps in turn, then the text (the stopped unit, another
    unit, a function inserted above) or the target changes: once nothing is owed the
    diagnostics equal a fresh analysis of the final text and settings."""
    for change in (lambda a, v: _shape_edit(a, 1, v), lambda a, v: _shape_edit(a, 4, v),
                   _insert_function, _retarget):
        for stop in range(1, STEPS + 1):
            deferred = DocumentAnalysis("file:///x.ir", _document(6), verify_budget=0)
            for _ in range(STEPS + stop):   # kernel 0 whole, then `stop` steps of kernel 1
                deferred.verify_pending(0)
            change(deferred, 2)
            while deferred.verify_pending(0):
                pass
            fresh = DocumentAnalysis("file:///x.ir", deferred.document.text, settings=deferred.settings)
            assert _norm(deferred) == _norm(fresh), (change, stop)


def test_edits_while_verification_is_owed() -> None:
    """An edited unit is verified at once; untouched owed units are verified later at their
    new positions; the end result equals a fresh complete analysis of the final text."""
    deferred = DocumentAnalysis("file:///x.ir", _document(), verify_budget=0)
    lines = deferred.document.text.split("\n")
    kernel_5 = next(i for i, line in enumerate(lines) if "@k5(" in line)
    # Give kernel 5 another illegal shape and insert a function above it.
    shape_line = kernel_5 + 1
    col = lines[shape_line].index("[64, ") + len("[64, ")
    deferred.update([(Position(shape_line, col), Position(shape_line, col + 3), "131")], 2)
    deferred.update([(Position(1, 0), Position(1, 0), "  func.func @extra() {\n    return\n  }\n")], 3)

    verify_now = [d for d in _norm(deferred) if d[2] == Source.VERIFY.value]
    assert len(verify_now) == 1 and "64x131x16" in verify_now[0][3]   # the edited unit only
    deferred.verify_pending()
    fresh = DocumentAnalysis("file:///x.ir", deferred.document.text)
    assert _norm(deferred) == _norm(fresh)
    assert len([d for d in _norm(fresh) if d[2] == Source.VERIFY.value]) == 12


def test_changing_the_target_defers_again_and_completes() -> None:
    from cute_ir.analysis import Settings

    deferred = DocumentAnalysis("file:///x.ir", _document(), verify_budget=0)
    deferred.verify_pending()
    deferred.set_settings(Settings(target_arch="sm_100a"))
    assert deferred.verification_owed
    deferred.verify_pending()
    fresh = DocumentAnalysis("file:///x.ir", deferred.document.text, settings=Settings(target_arch="sm_100a"))
    assert _norm(deferred) == _norm(fresh)


def test_without_a_budget_nothing_is_owed() -> None:
    analysis = DocumentAnalysis("file:///x.ir", _document())
    assert not analysis.verification_owed
    assert analysis.verify_pending() is False


def test_the_open_budget_comes_from_the_environment(monkeypatch) -> None:
    from cute_ir.lsp.settings import _verify_at_open

    monkeypatch.delenv("CUTE_IR_VERIFY_AT_OPEN_MS", raising=False)
    assert _verify_at_open() == 0.15
    for raw, seconds in (("0", 0.0), ("40", 0.04), ("abc", 0.15), ("-5", 0.15), ("nan", 0.15)):
        monkeypatch.setenv("CUTE_IR_VERIFY_AT_OPEN_MS", raw)
        assert _verify_at_open() == seconds, raw


def _verifier_failing_on_call(monkeypatch, failing: int) -> list[int]:
    """Make the `failing`-th call of verify_unit raise; returns the record of calls."""
    import cute_ir.verify as verify_package   # where analysis/verification.py reads it when it verifies

    real = verify_package.verify_unit
    calls: list[int] = []

    def verify_unit(*args, **kwargs):
        calls.append(1)
        if len(calls) == failing:
            raise RuntimeError("a verifier defect")
        return real(*args, **kwargs)
    monkeypatch.setattr(verify_package, "verify_unit", verify_unit)
    return calls


def test_a_failing_verifier_is_not_retried_and_the_rest_still_run(monkeypatch, caplog) -> None:
    deferred = DocumentAnalysis("file:///x.ir", _document(3), verify_budget=0)
    calls = _verifier_failing_on_call(monkeypatch, 1)
    deferred.verify_pending()
    assert not deferred.verification_owed
    assert len(calls) == 3   # each kernel once; the failed one is not retried
    assert len([d for d in _norm(deferred) if d[2] == Source.VERIFY.value]) == 2
    assert "verification failed" in caplog.text


def test_a_failing_verifier_at_open_leaves_the_rest_of_the_file_analysed(monkeypatch) -> None:
    _verifier_failing_on_call(monkeypatch, 2)
    diagnostics = _norm(DocumentAnalysis("file:///x.ir", _document(3)))
    assert len([d for d in diagnostics if d[2] == Source.VERIFY.value]) == 2
    assert len([d for d in diagnostics if d[2] == Source.TYPES.value]) == 1   # kernel 0's unknown type


def test_verification_keeps_the_outline_of_each_unit_it_lifts(monkeypatch) -> None:
    """The lift of a unit is kept for the last few units only: verification computes each
    verified unit's outline while its IR is at hand, so a first outline request lifts none."""
    from cute_ir.features import outline
    text = _document()
    analysis = DocumentAnalysis("file:///x.ir", text, verify_budget=0)
    analysis.verify_pending()
    lifted: list[int] = []
    monkeypatch.setattr(analysis, "lifted_unit", lambda unit: lifted.append(unit.start))
    symbols = outline.document_symbols(analysis)
    assert lifted == []
    assert [s.name for s in symbols[0].children] == [f"@k{i}" for i in range(12)]
    monkeypatch.undo()
    assert symbols == outline.document_symbols(DocumentAnalysis("file:///x.ir", text))


def test_the_first_use_import_of_the_verifiers_is_not_spent_from_the_open_budget(monkeypatch) -> None:
    """A process's first verification imports the verifiers and the pipeline (hundreds of ms on
    a busy machine): the open's budget is for verifying, so the import does not leave a small
    document unverified at its first publish. A clock that moves only while importing."""
    import time
    from functools import cache

    from cute_ir.analysis import verification

    clock = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    imported = verification._verifying

    @cache
    def importing():
        clock[0] += 10.0        # ten budgets' worth
        return imported()
    monkeypatch.setattr(verification, "_verifying", importing)

    text = _document(3)
    opened = DocumentAnalysis("file:///x.ir", text, verify_budget=1.0)

    assert clock[0] == 10.0 and not opened.verification_owed
    assert _norm(opened) == _norm(DocumentAnalysis("file:///x.ir", text))


def _renamed_kernels(text: str, every: int) -> list[tuple[Position, Position, str]]:
    """Edits that rename every `every`-th kernel (`@k7` -> `@q7`), in the order typed."""
    edits = []
    for line, content in enumerate(text.split("\n")):
        at = content.find("func.func @k")
        if at >= 0 and int(content[at + 12:content.index("(")]) % every == 0:
            column = at + len("func.func @")
            edits.append((Position(line, column), Position(line, column + 1), "q"))
    return edits


def test_changes_scattered_over_many_units_verify_within_the_budget() -> None:
    """Changes all over the file analysed together re-derive every unit between them: their
    verification is budgeted as an open's, the rest owed and paid later, ending where a fresh
    analysis does. A change within one unit is verified at once, budget or not."""
    text = _document(48)
    analysis = DocumentAnalysis("file:///x.ir", text, verify_budget=0)
    analysis.verify_pending()
    for version, (start, end, new) in enumerate(_renamed_kernels(text, 2), start=2):
        analysis.update([(start, end, new)], version, defer=True)
    analysis.settle()
    assert analysis.verification_owed
    analysis.verify_pending()
    edited = analysis.document.text
    assert "@q46(" in edited and "@k47(" in edited
    assert _norm(analysis) == _norm(DocumentAnalysis("file:///x.ir", edited))

    [(start, end, new)] = _renamed_kernels(edited, 47)
    analysis.update([(start, end, new)], 100, defer=True)
    analysis.settle()
    assert not analysis.verification_owed
    assert _norm(analysis) == _norm(DocumentAnalysis("file:///x.ir", analysis.document.text))



def test_a_unit_is_lifted_once_across_its_steps(monkeypatch) -> None:
    """Each unit's IR is lifted once for all its steps, in one slice or over several: a reader
    in a later step (here the verifiers, asking the document for the unit's IR again) gets the
    IR the earlier steps lifted, not a new lift."""
    import cute_ir.analysis.document as document
    import cute_ir.verify as verify
    from cute_ir.text.location import source_span

    for budget in (None, 0):
        deferred = DocumentAnalysis("file:///x.ir", _document(4), verify_budget=0)
        lifts: dict[int, int] = {}
        lift, verifiers = document.lift_statements, verify.verify_unit

        def counted(nodes, *args, **kwargs):
            lifts[nodes[0].start_byte] = lifts.get(nodes[0].start_byte, 0) + 1
            return lift(nodes, *args, **kwargs)

        def reading_again(lifted, *args, **kwargs):
            start = source_span(lifted.operations[0].location).start
            unit = next(u for u in deferred.units if u.start <= start < u.end)
            assert deferred.lifted_unit(unit) is lifted
            return verifiers(lifted, *args, **kwargs)

        monkeypatch.setattr(document, "lift_statements", counted)
        monkeypatch.setattr(verify, "verify_unit", reading_again)
        while deferred.verify_pending(budget):
            pass
        monkeypatch.undo()
        assert len(lifts) == 4 and set(lifts.values()) == {1}, (budget, lifts)
