"""What mono mode costs per frame on this machine: python -m game.art.monobench.

(game.art.palette's to_mono on a busy gallery page; apart from the palette, because the
gallery's pages draw with the palette.)
"""

from __future__ import annotations

import os
import time

import pygame

from game.art import gallery, palette


def benchmark(frames: int = 600) -> dict:
    """Time to_mono on a busy 640x360 canvas (a gallery page); milliseconds per frame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((640, 360))
    canvas = pygame.Surface((640, 360)).convert()
    gallery.draw_gallery(canvas, 2, gallery.pages())
    palette.to_mono(canvas)
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        palette.to_mono(canvas)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "frames": frames,
        "median_ms": times[len(times) // 2],
        "p95_ms": times[int(len(times) * 0.95)],
        "best_ms": times[0],
    }


if __name__ == "__main__":
    # python -m game.art.monobench: measure mono mode's cost per frame on this machine.
    result = benchmark()
    print(
        "to_mono 640x360: median {median_ms:.3f} ms, 95th percentile {p95_ms:.3f} ms, "
        "best {best_ms:.3f} ms over {frames} frames".format(**result)
    )
