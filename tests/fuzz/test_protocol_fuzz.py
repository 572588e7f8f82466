"""A bounded slice of the protocol fuzzer (tests/fuzz/protocol_fuzz.py) with fixed seeds."""
from __future__ import annotations

import pytest

from tests.lsp.wire import WireClient

from .protocol_fuzz import URI, Case, Failure, check_case, run, TEXT


@pytest.mark.parametrize("seed", [11, 12])
def test_protocol_fuzz_slice(seed: int, tmp_path):
    report = run(seed, cases=150, out=tmp_path)
    assert report.failure is None, f"{report.failure}; input in {report.reproducer}"
    assert report.cases == 150


def test_the_checker_notices_a_request_left_unanswered():
    with WireClient() as client:
        client.initialize()
        client.open(URI, TEXT)
        client.publish(URI, 1)
        silent = Case("a request the server never sees", b"", requests=["never-sent"])
        with pytest.raises(Failure, match="no answer"):
            check_case(client, silent, "probe", timeout=1.0)
