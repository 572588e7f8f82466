"""The spec's TMA worked example (tma-atoms, "Worked Example") as the page prints it, shared by
the preview's tests and the server's."""
from __future__ import annotations

import re

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

# The load the preview gives it: a rank-3 tensor (three `shapes(...)` extents), its L2 policy.
LOAD = re.compile(r"^  cp\.async\.bulk\.tensor\.3d\.shared::cta\.global\.tile\.mbarrier::complete_tx::bytes"
                  r"\.L2::cache_hint \[%smem\], \[%tmap, \{%coord0, %coord1, %coord2\}\], \[%mbar\], %policy;"
                  r"  // @op %exec$", re.M)
