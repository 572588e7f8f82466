"""The semantic tokens' C encoder (tree_sitter_cute_ir._tokens) is optional so that a machine
without a C compiler still installs, and its tests skip where it is missing. Where a compiler is
there, as on every machine the README's install runs on, it must have been built: a build that
broke would otherwise show only as skipped tests and a slower first request."""
from __future__ import annotations

import shutil
import sysconfig

import pytest

from cute_ir.features import tokens


def _compiler() -> str | None:
    configured = (sysconfig.get_config_var("CC") or "").split()
    return next((found for name in (*configured[:1], "cc", "gcc") if (found := shutil.which(name))), None)


@pytest.mark.skipif(_compiler() is None, reason="no C compiler: the extension is optional")
def test_the_c_encoder_is_built_where_a_compiler_is() -> None:
    assert tokens.native is not None, (
        "tree_sitter_cute_ir._tokens is missing although a C compiler is on PATH: "
        "`pip install -e .` (make install) should have built it; see its build output")
