"""The `client` fixture: a fresh `cute-ir serve` process per test, initialised like VS Code."""
from __future__ import annotations

import pytest_lsp

from .helpers import CONFIG, RecordingClient, end_session, start_session


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient):
    await start_session(lsp_client)
    yield
    await end_session(lsp_client)
