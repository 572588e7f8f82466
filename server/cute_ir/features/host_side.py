"""A TileAS kernel's host side, after the pipeline: what `cute-ir lower --emit host` prints.

For each TileAS kernel, what its launch passes, parameter by parameter (MLIR's memref descriptor
for a memref of dynamic extents, strides or offset); for each host twin `separate-host-tma`
made, before that: the tensor maps it encodes, in tmaIdx order, with
the kernel argument each becomes, its mode (a gather4 / scatter4 map's box is one row) and its
encode parameters (`tensormap_view.py`); the
descriptors the kernel builds itself and the callback formats that bring their templates; the
dynamic shared memory the kernel's PTX asks the launch for (emit/builder.py: shared memory past
the 48 KB a kernel may declare statically); then the twin and its format globals as IR.
"""
from __future__ import annotations

from ..analysis import DocumentAnalysis
from ..diagnostics.catalogue import CALLBACK_FORMATS
from ..dialects.nv_tileas.async_tma import is_kernel
from ..dialects.nv_tileas.descriptor_abi import HOST_CODE, HOST_TWIN_SUFFIX, NUM_DEVICE_TMAS
from ..ir.attributes import integer, parse_enum
from ..ir.core import OpResult, Operation
from ..ir.functions import function_symbol
from ..ir.aliases import AliasTable, resolve_aliases
from ..ir.lift import lift
from ..ir.printer import print_ops
from ..dialects.registry import is_function
from ..emit.builder import PtxModule
from ..emit.tileas_kernel import emit_tileas_kernel, kernel_name, launch_parameters
from ..syntax.parser import parse
from .tensormap_view import tensormap_view

FORMATS = {f.name: f.template for f in CALLBACK_FORMATS}


def _symbol(function: Operation) -> str:
    return function_symbol(function) or "@?"


def _dynamic_shared(kernel: Operation | None, target: str | None) -> str | None:
    """What the host gives the kernel's launch as dynamic shared memory, as its PTX for
    `target` asks (None: no kernel, no target, or no PTX)."""
    module = emit_tileas_kernel(kernel, target) if kernel is not None and target else None
    if not isinstance(module, PtxModule) or not module.ok:
        return None
    size = dict(module.dynamic_shared).get(kernel_name(kernel))
    if size is None:
        return "// dynamic shared memory: none (its shared buffers are declared statically; sharedMemBytes = 0)"
    return (f"// dynamic shared memory: {size} bytes: cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, "
            f"{size}) before the first launch, and sharedMemBytes = {size} at each")


def _launch(kernel: Operation | None) -> list[str]:
    """What the launch passes the kernel, parameter by parameter (emit/tileas_kernel.py's
    `launch_parameters`, the parameters its `.entry` declares)."""
    if kernel is None:
        return []
    parameters = launch_parameters(kernel)
    if not parameters:
        return [f"// the launch passes {_symbol(kernel)} no parameter"]
    return [f"// the launch passes {_symbol(kernel)}, parameter by parameter (a memref of dynamic extents, "
            "strides or offset as MLIR's memref descriptor, one .u64 a field):"] + \
        [f"//   {name}: {held}" for name, held in parameters]


def host_side(ir_text: str, leave_out: frozenset[str] = frozenset(), target: str | None = None) -> list[str]:
    """One text per TileAS kernel in `ir_text`: its host twin's (comments, then IR), else what
    its launch passes; empty when there is no kernel. The kernels named in `leave_out` (PTX
    entry names) are left out; `target`: the target the kernels' PTX is for (None: their
    shared memory is not said)."""
    lifted = lift(parse(ir_text.encode("utf-8")).root)
    resolve_aliases(lifted.operations, AliasTable((alias.name, alias.text) for alias in lifted.aliases))
    ops = [op for top in lifted.operations for op in top.walk()]
    functions = [op for op in ops if is_function(op.name)]
    twins = [f for f in functions if HOST_CODE in f.attributes]
    twinned = {_symbol(twin).replace(HOST_TWIN_SUFFIX, "") for twin in twins}
    analysis = None
    out = []
    for kernel in functions:
        if is_kernel(kernel) and _symbol(kernel) not in twinned and kernel_name(kernel) not in leave_out:
            out.append("\n".join([f"// {_symbol(kernel)}: no host twin (the host encodes no tensor map for it)"]
                                 + _launch(kernel)) + "\n")
    for twin in twins:
        analysis = analysis or DocumentAnalysis("file:///host.mlir", ir_text)
        kernel_symbol = _symbol(twin).replace(HOST_TWIN_SUFFIX, "")
        kernel = next((f for f in functions if f is not twin and _symbol(f) == kernel_symbol), None)
        if kernel is not None and kernel_name(kernel) in leave_out:
            continue
        returned = twin.regions[0].blocks[0].operations[-1].operands if twin.regions[0].blocks else []
        lines = [f"// {_symbol(twin)}: the host side of {kernel_symbol}: {len(returned)} tensor map(s), "
                 "in tmaIdx order"]
        for index, value in enumerate(returned):
            lines.append(f"// tmaIdx {index} -> the kernel's grid-constant argument %tma_host{index}")
            builder = value.owner if isinstance(value, OpResult) else None
            mode = parse_enum(builder.attributes["mode"].text) if builder and "mode" in builder.attributes else None
            if mode is not None:
                # What the kernel does with the map (a gather4 / scatter4 map's box is one row).
                lines.append(f"//   mode: {mode.enum}<{mode.case}>")
            span = lifted.index.name_spans.get(builder) if builder is not None else None
            view = tensormap_view(analysis, span.start) if span is not None else None
            lines += [f"//   {row.name}: {row.value}" for row in (view.fields if view is not None else [])]
        device = integer(kernel, NUM_DEVICE_TMAS) if kernel is not None else None
        if device:
            lines.append(f"// {device} descriptor(s) the kernel builds: their templates come from the callback, "
                         f"once per launch \"{FORMATS['sm-count']}\", then per descriptor in tmaIdx order "
                         f"\"{FORMATS['descriptor-payload']}\"")
        else:
            lines.append(f"// the callback reports once per launch: \"{FORMATS['sm-count']}\"")
        shared = _dynamic_shared(kernel, target)
        if shared is not None:
            lines.append(shared)
        lines += _launch(kernel)
        prefix = kernel_symbol.lstrip("@").strip('"') + "."
        formats = [op for op in ops if op.name == "llvm.mlir.global" and op.properties.get("sym_name") is not None
                   and op.properties["sym_name"].text.strip('"').startswith(prefix)]
        out.append("\n".join(lines) + "\n" + print_ops(formats + [twin]))
    return out
