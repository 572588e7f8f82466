"""ptxas on the PTX preview: run the assembler, map what it says back to the IR ops.

`assemble` runs `ptxas -arch=<arch> <file> -o /dev/null` with an argument vector (never a
shell) on a private temporary file (created 0600 by `tempfile.mkstemp`, removed afterwards),
with a time limit. A missing or unusable ptxas is reported as one message, never raised.

`ptxas_diagnostics` turns its findings into `Diagnostic`s (source "ptxas") on the IR op whose
kernel holds the PTX line, through the preview's line map.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from typing import NamedTuple

from ..diagnostics import Diagnostic, Severity, Source, Span
from .preview import Preview
from ..tables import tiers as T

__all__ = ["PtxasMessage", "assemble", "find_ptxas", "ptxas_diagnostics", "TIMEOUT_SECONDS",
           "is_not_found", "parse_ptxas_output"]

TIMEOUT_SECONDS = 20.0
_NOT_FOUND_PREFIX = "ptxas not found"

# `ptxas /tmp/x.ptx, line 12; error   : Unknown modifier '.foo'`
_LINE_MESSAGE = re.compile(r"^ptxas\b.*?, line (\d+); (\w+)\s*: ?(.*)$")
# `ptxas fatal   : Ptx assembly aborted due to errors`, `ptxas warning : ...`
_FILE_MESSAGE = re.compile(r"^ptxas (\w+)\s*: ?(.*)$")
_SEVERITY = {"error": "error", "fatal": "error", "warning": "warning", "advisory": "information",
             "info": "information", "information": "information"}
_ABORTED = "Ptx assembly aborted due to errors"


class PtxasMessage(NamedTuple):
    """One finding: `ptx_line` is 0-based (None: about the whole file)."""
    ptx_line: int | None
    severity: str            # "error" | "warning" | "information"
    message: str


def find_ptxas(ptxas_path: str = "ptxas") -> str | None:
    """The executable `ptxas_path` names (a bare name is looked up on PATH), or None."""
    if not ptxas_path:
        return None
    if os.sep in ptxas_path or (os.altsep and os.altsep in ptxas_path):
        path = os.path.expanduser(ptxas_path)
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    return shutil.which(ptxas_path)


def is_not_found(m: PtxasMessage) -> bool:
    return m.ptx_line is None and m.message.startswith(_NOT_FOUND_PREFIX)


def parse_ptxas_output(output: str) -> list[PtxasMessage]:
    """ptxas's messages; line numbers become 0-based."""
    found: list[PtxasMessage] = []
    for raw in output.splitlines():
        line = raw.strip()
        m = _LINE_MESSAGE.match(line)
        if m:
            severity = _SEVERITY.get(m.group(2).lower(), "error")
            found.append(PtxasMessage(int(m.group(1)) - 1, severity, m.group(3).strip()))
            continue
        m = _FILE_MESSAGE.match(line)
        if m:
            severity = _SEVERITY.get(m.group(1).lower(), "error")
            found.append(PtxasMessage(None, severity, m.group(2).strip()))
    # "aborted due to errors" only summarises the errors already listed.
    if any(f.ptx_line is not None and f.severity == "error" for f in found):
        found = [f for f in found if not (f.ptx_line is None and f.message == _ABORTED)]
    return found


def _ptxas_arch(arch: str) -> str:
    target = T.parse_target(arch)
    return target.ptxas_arch if target is not None else arch


def assemble(ptx_text: str, arch: str, ptxas_path: str = "ptxas",
             timeout: float = TIMEOUT_SECONDS) -> list[PtxasMessage]:
    """Assemble `ptx_text` for `arch`; every finding as (0-based ptx_line | None, severity, message).

    `arch` is a target name (`sm_90a`; `sm_70` is assembled as `sm_75`, see tiers). An empty
    list means ptxas accepted the module without a word. ptxas missing, failing to start or
    timing out is one message with line None (`is_not_found` tells the first apart).
    """
    exe = find_ptxas(ptxas_path)
    if exe is None:
        return [PtxasMessage(None, "information",
                             f"{_NOT_FOUND_PREFIX} (`{ptxas_path}`): the PTX was not assembled; set "
                             f"cute-ir.ptxas.path or put ptxas on PATH")]
    fd, path = tempfile.mkstemp(prefix="cute-ir-", suffix=".ptx")   # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(ptx_text)
        try:
            proc = subprocess.run([exe, f"-arch={_ptxas_arch(arch)}", path, "-o", os.devnull],
                                  capture_output=True, text=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL, shell=False)
        except subprocess.TimeoutExpired:
            return [PtxasMessage(None, "error", f"ptxas did not finish within {timeout:g} s")]
        except OSError as err:
            return [PtxasMessage(None, "error", f"cannot run ptxas ({exe}): {err.strerror or err}")]
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
    found = parse_ptxas_output((proc.stdout or "") + "\n" + (proc.stderr or ""))
    if proc.returncode != 0 and not any(f.severity == "error" for f in found):
        text = (proc.stderr or proc.stdout or "").strip() or f"exit status {proc.returncode}"
        found.append(PtxasMessage(None, "error", f"ptxas failed: {text}"))
    return found


_DIAG_SEVERITY = {"error": Severity.ERROR, "warning": Severity.WARNING,
                  "information": Severity.INFORMATION}


def ptxas_diagnostics(preview: Preview, messages: list[PtxasMessage]) -> list[Diagnostic]:
    """ptxas findings on the IR ops that produced the lines (source "ptxas").

    A finding on a line no op produced (the module header) or about the whole file lands at
    the start of the document.
    """
    out: list[Diagnostic] = []
    lines = preview.ptx_text.split("\n")
    for m in messages:
        spans = preview.spans_for_line(m.ptx_line) if m.ptx_line is not None else []
        where = f"PTX line {m.ptx_line + 1}: " if m.ptx_line is not None else ""
        text = m.message
        if m.ptx_line is not None and 0 <= m.ptx_line < len(lines):
            source = lines[m.ptx_line].strip()
            source = re.sub(r"\s*// @op .*$", "", source)
            if len(source) > 120:
                source = source[:117] + "..."
            text = f"{m.message} (in `{source}`)"
        code = "ptxas.not-found" if is_not_found(m) else f"ptxas.{m.severity}"
        for span in spans or [Span(0, 0)]:
            out.append(Diagnostic(code, span, _DIAG_SEVERITY.get(m.severity, Severity.ERROR),
                                  Source.PTXAS, f"{where}{text}"))
    return out
