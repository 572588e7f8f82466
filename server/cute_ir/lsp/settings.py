"""What the client's settings for cute-ir say, read without the protocol's classes.

`initializationOptions`, `workspace/configuration` and `didChangeConfiguration` all carry them;
the server reads each through `read`, and `cute-ir serve` reads `initialize`'s with it before
the server is imported (lsp/fast_start.py), so a document opened at once is analysed with
exactly the settings the server would give it.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from typing import Any

from ..analysis import Settings
from ..ir.target import FROM_DEFAULT, FROM_SETTING
from ..tables.tiers import EDITOR_TARGETS

log = logging.getLogger(__name__)

SETTINGS_SECTION = "cute-ir"
TARGET_NAMES: tuple[str, ...] = tuple(EDITOR_TARGETS)
# The `cute-ir.targetArch` value that leaves each document its own target: declared by the file,
# else what its atoms need, else the default (ir/target.py).
AUTO_TARGET = "auto"
# Until the client names a target, each document gets its own (ir/target.py).
INITIAL = Settings(target_from=FROM_DEFAULT)


@dataclass(frozen=True)
class Read:
    """One message's settings applied to the settings before it."""
    settings: Settings
    ptxas_path: str | None       # the client's ptxas, when it names one
    unknown_arch: str | None     # a `targetArch` that names no target (the settings keep theirs)

    def unknown_arch_message(self) -> str:
        return (f"cute-ir: unknown target arch `{self.unknown_arch}`; keeping {self.settings.target_arch}. "
                f"Expected `{AUTO_TARGET}` or one of {', '.join(TARGET_NAMES)}.")


def section(values: Any) -> dict[str, Any] | None:
    """The `cute-ir` section of `values` (or `values` itself, as `initializationOptions` may be
    written without it); None when there is none."""
    if not isinstance(values, dict):
        return None
    inner = values.get(SETTINGS_SECTION, values)
    return inner if isinstance(inner, dict) else None


def ptxas_path(values: Any) -> str | None:
    """The ptxas the client names: `ptxas.path` (nested or as one key) or `ptxasPath`. It is
    run with an argument vector, never through a shell."""
    found = section(values)
    if found is None:
        return None
    ptxas = found.get("ptxas")
    path = (ptxas.get("path") if isinstance(ptxas, dict) else None) or found.get("ptxas.path") or found.get("ptxasPath")
    return path.strip() if isinstance(path, str) and path.strip() else None


def read(values: Any, current: Settings) -> Read | None:
    """`current` with what `values` changes; None when `values` holds no settings section."""
    found = section(values)
    if found is None:
        return None
    settings, unknown = current, None
    arch = found.get("targetArch")
    if arch is not None and arch not in TARGET_NAMES and arch not in (AUTO_TARGET, ""):
        unknown = str(arch)
    elif arch is not None:
        settings = (replace(settings, target_arch=Settings().target_arch, target_from=FROM_DEFAULT)
                    if arch in (AUTO_TARGET, "") else replace(settings, target_arch=arch, target_from=FROM_SETTING))
    # `allowUnregisteredDialect` (default true, as mlir-opt --allow-unregistered-dialect):
    # false reports every op of a dialect cute-ir has no records for.
    allow = found.get("allowUnregisteredDialect")
    if isinstance(allow, bool):
        settings = replace(settings, allow_unregistered_dialect=allow)
    return Read(settings, ptxas_path(values), unknown)


def initial(options: Any) -> Settings:
    """The settings `initialize`'s options give a server that has had no other."""
    found = read(options or {}, INITIAL)
    return found.settings if found is not None else INITIAL


def seconds_from_environment(name: str, default_ms: float) -> float:
    """The environment variable `name`'s milliseconds, in seconds; `default_ms` when it is
    unset or not a number of milliseconds (0 or more), with a warning for the latter."""
    raw = os.environ.get(name)
    if raw is None:
        return default_ms / 1000
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0:   # also rejects nan
        log.warning("%s=%r is not a number of milliseconds; using %g", name, raw, default_ms)
        return default_ms / 1000
    return value / 1000


def _verify_at_open(default_ms: float = 150.0) -> float:
    return seconds_from_environment("CUTE_IR_VERIFY_AT_OPEN_MS", default_ms)


# Opening a document verifies for VERIFY_AT_OPEN seconds before the first publish (syntax and
# type diagnostics are always complete); the rest is verified in slices between incoming
# messages (lsp/server.py), so hover and edits are answered meanwhile, and published once done.
# CUTE_IR_VERIFY_AT_OPEN_MS overrides it (0 defers all verification).
VERIFY_AT_OPEN = _verify_at_open()
