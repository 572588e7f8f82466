"""The TMA descriptor ABI of a TileAS kernel (tileas-tma-and-memops, "Descriptor ABI",
"D15: AttachTMADescriptorArgs + SeparateHostTMA", "Callback ABI").

The page names the attributes; the types of the appended arguments and the host twin's name
are this project's (docs/spec-deviations.md):

- a **device** descriptor (built by the kernel) gets a `!llvm.ptr<1>` argument: where in global
  memory the kernel writes it;
- a **host** descriptor (built before launch by the host twin) gets an argument of the
  descriptor's own type, passed by value in `.param` space (`cute_nvgpu.grid_constant`), as
  CUTLASS passes a `__grid_constant__ const CUtensorMap`.

Arguments are appended after the kernel's own: the device descriptors', then the host
descriptors', each in `tmaIdx` order, so the one a descriptor use means is found from its index.
"""
from __future__ import annotations

NUM_DEVICE_TMAS = "nv_tileas.num-device-tmas"
NUM_HOST_TMAS = "nv_tileas.num-host-tmas"
HOST_CODE = "nv_tileas.host-code"
GRID_CONSTANT = "cute_nvgpu.grid_constant"
# The page "hides existing arguments from the public ABI view" without naming the marker.
HIDDEN_ARGUMENT = "nv_tileas.hidden"
TMA_INDEX = "tmaIdx"

DEVICE_DESCRIPTOR_POINTER = "!llvm.ptr<1>"
# A descriptor is 128 bytes, `alignas(128)` (CUDA's CUtensorMap), and tensormap.replace writes
# it .b1024 at a time: the pointer a device descriptor is written through states that alignment
# with MLIR's `llvm.align` argument attribute.
DESCRIPTOR_ALIGNMENT = 128
POINTER_ALIGNMENT = "llvm.align"
DESCRIPTOR_TYPE_PREFIX = "!cute_nvgpu.tma_descriptor_"

# The host twin of kernel `@k` is `@k.host_tma`: the kernel's parameters in, its host
# descriptors out, in tmaIdx order.
HOST_TWIN_SUFFIX = ".host_tma"
# The callback ABI's format strings (catalogue.CALLBACK_FORMATS), as module globals per kernel.
CALLBACK_GLOBALS = (("sm-count", ".tileir_sm_count_format"), ("descriptor-payload", ".tileir_desc_format"))
