"""The spec's TMA worked example (tma-atoms, "Worked Example") as the page prints it, shared by
the preview's tests and the server's."""
from __future__ import annotations

import re

from cute_ir.tables.atoms import L2_CACHE_POLICIES

# The page's worked example, byte for byte as it is printed (no function around it).
PAGE_EXAMPLE = """\
%desc = nv_tileas.make_tiled_tma_desc %tensor, %layout
shapes(%m, %n, %k) strides(%sn, %sk) paddings()
{mode = #cute_nvgpu.tma_load_mode<tiled>,
elementBitWidth = 16} : !cute_nvgpu.tma_descriptor_tiled
%atom = cute_nvgpu.atom.non_exec_tiled_tma_load %desc, %tile, %cta_map
{num_multicast = 1}
%exec = cute_nvgpu.atom.make_exec_tma %atom, %mbar
{cache_mode = #cute_nvgpu.load_cache_mode<cg>}
cute_nvgpu.atom.tma_load %exec, %smem_tile, %coord
{allow_tma = true, inBounds = true}
"""

# The load the preview gives it: a rank-3 tensor (three `shapes(...)` extents), its L2 policy; the
# lowering's registers (the tile's and the mbarrier's shared addresses, the coordinates, the
# policy) and the tensor map the host passes.
LOAD = re.compile(r"^  cp\.async\.bulk\.tensor\.3d\.shared::cta\.global\.tile\.mbarrier::complete_tx::bytes"
                  r"\.L2::cache_hint \[%\w+\], \[%tma0, \{%\w+, %\w+, %\w+\}\], \[%\w+\], %\w+;"
                  r"  // @op %exec$", re.M)

# How the load's L2 policy shows in its kernel: the constant CUTLASS encodes it as (the cache
# mode `cg` picks evict_normal, `cs` evict_first) in hex with the policy's name, moved into the
# register the load reads last.
POLICY = {name: f", 0x{value:016X};  // L2 {name}" for name, value in L2_CACHE_POLICIES.items()}
