"""An atom's own kernel in the PTX preview, from the lowering: a function that applies the atom.

For an op that builds a copy atom the preview shows no function kernel of (an atom built and
never applied, one the CuTe DSL applies with `cute.copy`, which the lowering leaves as written),
`atom_kernel` writes the smallest function that applies it as `cute_nvgpu.copy` does:

    func.func @<kernel>(%src: memref<...>, %dst: memref<...>) {
      %atom = <the op as the document writes it>
      cute_nvgpu.copy %atom, %src, %dst : (...)
      return
    }

whose sides are the atom's (`_SIDES`: an address in global or shared memory, or the registers of
a fragment), runs the editor's default pipeline on it (`convert-cute-nvgpu-to-ptx` among it,
analysis/pipeline.py's `lowered_unit`) and writes the function the pipeline left with the function
writer (emit/lowered_kernel.py), as the preview writes a function of the document. The atom is
the document's only where the function's own atom site has the very configuration the document's
op has (so an op whose text reads differently alone, through an alias of the document, gets no
kernel here); otherwise, and for an atom of another family, there is none, and the preview keeps
the kernel `emit/ptx.py` builds from the configuration.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ..analysis.document import DocumentAnalysis, Settings
from ..diagnostics import Severity
from ..emit.lowered_kernel import INLINE_ASM, LoweredKernel
from ..emit.ptx import ATOM_LINE_MARK
from ..ir.shaped import element_bits
from ..tables.legality import AtomConfig
from ..verify.atom_sites import document_sites

__all__ = ["application", "atom_kernel", "clear_cache"]

# An op that builds an atom from nothing of the document: its result, then no SSA value.
_BUILDER = re.compile(r"^\s*(%[\w$.-]+)\s*=\s*([^%]*)$", re.S)
# The atom's type at the end of the op (`: !t`, `-> !t`), written out (no alias).
_ATOM_TYPE = re.compile(r"(?::|->)\s*(!cute_nvgpu\.[^\n]*?)\s*$", re.S)

# The atom's element type: its type's first parameter, or its `val_type`.
_ELEMENT = re.compile(r"^!cute_nvgpu\.[\w.]+<\s*(?:val_type\s*=\s*)?([a-zA-Z]\w*)\b")

# What an inline assembly puts around its instructions (not marked as the atom's).
_SCAFFOLDING = ("{", "}", ".reg")

_GLOBAL, _SHARED = ", 1", ", 3"


def _space(qualifiers: str) -> str:
    return _SHARED if ".shared" in qualifiers else _GLOBAL


def _elements(element: str, bits: int) -> str | None:
    """`N x element` of `bits` bits, or None when they do not divide."""
    width = element_bits(element)
    return f"{bits // width}x{element}" if width and bits % width == 0 and bits >= width else None


def _universal_sides(config: AtomConfig, element: str) -> tuple[str, str] | None:
    """(source, destination) of a universal copy: memory on each side it addresses, a register
    fragment of the copy's width on the side it does not."""
    shape = _elements(element, config.copy_bits or 0)
    if shape is None or config.load.startswith(".mmio") or config.store.startswith(".mmio"):
        return None
    src, dst, fragment = f"memref<{shape}{_space(config.load)}>", f"memref<{shape}{_space(config.store)}>", f"memref<{shape}>"
    return {"ld": (src, fragment), "st": (fragment, dst)}.get(config.atom_side, (src, dst))


def _async_sides(config: AtomConfig, element: str) -> tuple[str, str] | None:
    shape = _elements(element, 8 * (config.copy_bytes or 0))
    return None if shape is None else (f"memref<{shape}{_GLOBAL}>", f"memref<{shape}{_SHARED}>")


def _matrix_sides(config: AtomConfig, element: str) -> tuple[str, str] | None:
    """ldmatrix / stmatrix of 8x8 matrices of 16-bit elements: a 32-bit register a matrix."""
    if config.matrix != "m8n8" or config.matrix_format != "b16" or not config.num_matrices or element_bits(element) != 16:
        return None
    tile, fragment = f"memref<{64 * config.num_matrices}x{element}{_SHARED}>", f"memref<{2 * config.num_matrices}x{element}>"
    return (tile, fragment) if config.mnemonic == "atom.ldsm" else (fragment, tile)


# The copy families written so: mnemonic -> (source type, destination type) of the config and
# the atom's element type, or None.
_SIDES = {"atom.universal_copy": _universal_sides, "atom.simt_async_copy": _async_sides,
          "atom.ldsm": _matrix_sides, "atom.stsm": _matrix_sides}


def application(op_text: str, config: AtomConfig, name: str) -> str | None:
    """The function that applies the atom `op_text` builds, named `name`; None when there is none
    (another family, an op with operands, a type the op does not write out)."""
    sides = _SIDES.get(config.mnemonic)
    builder = _BUILDER.match(op_text)
    atom_type = _ATOM_TYPE.search(op_text)
    element = _ELEMENT.match(atom_type.group(1)) if atom_type is not None else None
    if sides is None or builder is None or element is None:
        return None
    found = sides(config, element.group(1))
    if found is None:
        return None
    src, dst = found
    body = op_text[builder.end(1):].lstrip()
    return (f"func.func @{name}(%src: {src}, %dst: {dst}) {{\n  %atom {body}\n"
            f"  cute_nvgpu.copy %atom, %src, %dst : ({atom_type.group(1)}, {src}, {dst})\n  return\n}}\n")


def atom_kernel(op_text: str, config: AtomConfig, name: str, target: str) -> LoweredKernel | None:
    """The kernel `name` of the function that applies the atom `op_text` builds (`application`),
    as the pipeline and the function writer leave it, each line of its instructions marked with
    `ATOM_LINE_MARK` and the op's result; None when there is no such function or its atom is not
    `config`, or the pipeline or the writer leaves it unwritten."""
    builder = _BUILDER.match(op_text)
    if builder is None:
        return None
    found = _written(f"%atom {op_text[builder.end(1):].lstrip()}", config, target)
    if found is None:
        return None
    kernel, marked = found
    entry = f".visible .entry {_FUNCTION}("
    lines = kernel.module.text.split("\n")
    for n, line in enumerate(lines):
        if line.startswith(entry):
            lines[n] = f".visible .entry {name}(" + line[len(entry):]
        elif n in marked:
            lines[n] = f"{line}{ATOM_LINE_MARK}{builder.group(1)}"
    return LoweredKernel(name, replace(kernel.module, text="\n".join(lines), kernels=(name,)), kernel.line_ops)


# The function's name while it is written: the kernel is cached by the op's text with its result
# named alike (a generated file builds the same atom in each of thousands of functions), whatever
# the preview calls the kernel and the op its result (`atom_kernel` names them).
_FUNCTION = "atom_kernel"


@lru_cache(maxsize=512)
def _written(op_text: str, config: AtomConfig, target: str) -> tuple[LoweredKernel, frozenset[int]] | None:
    """The kernel of the function applying the atom `op_text` builds, and its lines that are the
    atom's instructions."""
    text = application(op_text, config, _FUNCTION)
    if text is None:
        return None
    try:
        analysis = DocumentAnalysis("file:///atom-kernel.ir", text, settings=Settings(target_arch=target))
        analysis.verify_pending()
        sites = [site for site in document_sites(analysis) if site.config is not None]
        if [site.config for site in sites] != [config, config] or any(
                d.severity is Severity.ERROR for d in analysis.diagnostics()):
            return None
        [unit] = [unit for unit in analysis.units if not unit.shell]
        lowered = analysis.lowered_unit(unit, target)
        if lowered.failed or len(lowered.functions) != 1 or not lowered.functions[0].module.ok:
            return None
    except Exception:                            # a defect must not cost the preview
        return None
    kernel = lowered.functions[0]
    asm_lines = {n for n, line in enumerate(lowered.text.split("\n")) if INLINE_ASM in line}
    lines = kernel.module.text.split("\n")
    # The instructions, not the braces and declarations that scope an inline assembly's own registers.
    return kernel, frozenset(line for line, op_line in kernel.line_ops
                             if op_line in asm_lines and not lines[line].strip().startswith(_SCAFFOLDING))


def clear_cache() -> None:
    _written.cache_clear()
