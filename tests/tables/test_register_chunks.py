"""The register path's chunk rule (tables/legality.chunk_bytes / register_tile_problem): the
widest of 16, 8 and 4 bytes in which a tile spreads evenly over the CTA's threads."""
from __future__ import annotations

import pytest

from cute_ir.tables.legality import chunk_bytes, register_tile_problem

# (rows, columns), element bits, threads -> the chunk's bytes, or None.
CASES = [
    ((64, 64), 16, 128, 16),       # the common tile: 16 bytes a thread, four rounds
    ((8, 64), 16, 128, 8),         # 512 elements: 8 bytes a thread, one round
    ((64, 4), 16, 128, 4),         # 8-byte rows: 4 bytes a thread
    ((64, 2), 64, 128, 8),         # 64-bit elements: never less than one element
    ((128, 1), 64, 128, 8),       # one element a thread
    ((8, 8), 16, 128, None),       # 64 elements: fewer than 128 threads move 4 bytes at a time
    ((64, 1), 16, 128, None),      # 2-byte rows
    ((64, 64), 16, None, None),    # no thread count
]


@pytest.mark.parametrize("dims, bits, threads, size", CASES)
def test_the_widest_chunk_that_spreads_the_tile_evenly(dims, bits, threads, size):
    assert chunk_bytes(dims, bits, threads) == size
    assert (register_tile_problem(dims, bits, threads) is None) == (size is not None)


def test_the_refusals_say_which_chunks_were_tried():
    assert register_tile_problem((8, 8), 16, 128) == \
        "a 8 x 8 tile does not spread evenly over 128 threads in chunks of 16, 8 or 4 bytes"
    assert register_tile_problem((8, 4), 64, 128) == \
        "a 8 x 4 tile does not spread evenly over 128 threads in chunks of 16 or 8 bytes"
    assert register_tile_problem((64, 1), 16, 128) == "a tile of 1 x 16-bit columns is not whole 4-byte chunks per row"
