"""The catalogue's backlog is an explicit list that may only shrink.

`tests/corpus/verify/NOT_YET_PRODUCED` names every catalogue entry that no case of the verify
corpus produces. A produced entry still on the list fails (take it off), and an entry off the
list that nothing produces fails (a check was lost, or a message changed). The corpus's
expectations are compared exactly with what the analysis produces (tests/test_verify_corpus.py),
so the expected messages are the produced ones.
"""
from __future__ import annotations

from pathlib import Path

from cute_ir.diagnostics.catalogue import CATALOGUE
from tests.verify_corpus import catalogue_backlog, load_cases

CORPUS = Path(__file__).parent / "corpus" / "verify"
LIST = CORPUS / "NOT_YET_PRODUCED"


def _listed() -> set[str]:
    lines = LIST.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def _backlog() -> set[str]:
    produced = {e.message for path in sorted(CORPUS.glob("*.ir")) for case in load_cases(path) for e in case.expected}
    return set(catalogue_backlog(produced))


def test_listed_codes_exist() -> None:
    assert sorted(_listed() - set(CATALOGUE)) == []


def test_every_produced_entry_is_off_the_list() -> None:
    assert sorted(_listed() - _backlog()) == [], f"produced now: remove these lines from {LIST.name}"


def test_every_entry_off_the_list_is_produced() -> None:
    assert sorted(_backlog() - _listed()) == [], "no corpus case produces these any more"
