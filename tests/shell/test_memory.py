"""Memory given back once a table has gone (game.shell.memory)."""

from __future__ import annotations

import os

import pytest

from game.shell import memory

BLOCK = 64 * 1024  # under glibc's mmap threshold: from the heap, as a table's are
BLOCKS = 1200  # 75 MB


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(memory._malloc_trim() is None, reason="no glibc malloc_trim here")
def test_pages_freed_below_a_live_block_go_back_to_the_system():
    blocks = [bytearray(BLOCK) for _ in range(BLOCKS)]
    for block in blocks:
        block[::4096] = b"x" * len(block[::4096])  # every page touched: resident
    keep = blocks[-1]  # a live block above them: the heap's top cannot shrink past it
    del blocks
    before = resident_mb()
    memory.release_memory()
    after = resident_mb()
    assert keep
    assert before - after > 50, (before, after)
