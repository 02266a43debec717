"""glibc's malloc keeps big blocks apart from the heap (game.main.big_blocks_apart): a
block of MMAP_THRESHOLD or more gets its own mapping even after a bigger one was freed,
where glibc alone would raise its threshold and take canvas-sized blocks from the heap
(issue 30: the heap of an hour's demo grew in 900 KB steps)."""

import ctypes
import sys

import pytest

from game.main import MMAP_THRESHOLD, big_blocks_apart

MB = 1024 * 1024


class MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def mapped_bytes() -> int:
    """Bytes malloc holds in blocks of their own mapping (glibc's mallinfo2 hblkhd)."""
    mallinfo2 = ctypes.CDLL(None).mallinfo2
    mallinfo2.restype = MallInfo2
    return mallinfo2().hblkhd


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc only")
def test_a_canvas_sized_block_gets_its_own_mapping_after_a_bigger_one_was_freed():
    if not big_blocks_apart() or not hasattr(ctypes.CDLL(None), "mallinfo2"):
        pytest.skip("no glibc mallopt/mallinfo2")
    bigger = bytearray(8 * MB)  # freed: glibc alone would now take up to 8 MB from the heap
    del bigger
    before = mapped_bytes()
    canvas_sized = bytearray(640 * 360 * 4)
    assert mapped_bytes() - before >= len(canvas_sized) > MMAP_THRESHOLD
    del canvas_sized
    assert mapped_bytes() == before, "and the mapping went back when it was freed"
