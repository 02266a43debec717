"""Regenerate chances.json: the estimated chance of winning a last deal from each foundation
state, which the demo player and hints use to choose what to redeal from (chances.py
reads it).

    python -m game.engine.lucie.tables [--samples 96] [--jobs 2]

Suits are alike, so a foundation state is summed up by how many cards each suit has left
(sorted): 2,380 cases. Each is estimated by solving `samples` shuffles of those cards as a
last deal (draw available) with the exact solver; the shuffles are seeded by the case, so
the table is reproducible. It takes some CPU-minutes; the file is written at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

from game.engine.lucie.ai import SAMPLE_SOLVE_NODES, chance_job
from game.engine.lucie.chances import DATA_FILE, cases
from game.engine.lucie.rules import KING

OUTPUT = DATA_FILE
DEFAULT_SAMPLES = 384
ABOUT = (
    "Chance of winning a last deal (draw available) by the cards each suit has left "  # i18n: not shown (dev tool)
    "(sorted); python -m game.engine.lucie.tables writes this file."
)


def encode(samples: int, results: dict[tuple[int, ...], float]) -> str:
    """The data file: JSON with one case a line, so that a change reads as a small diff."""
    rows = [f"  [{', '.join(map(str, left))}, {results[left]:.4f}]" for left in sorted(results)]
    return (
        f'{{\n "samples": {samples},\n "about": "{ABOUT}",\n "chances": [\n'  # i18n: not shown (dev tool)
        + ",\n".join(rows)
        + "\n ]\n}\n"
    )


def estimate(args: tuple[tuple[int, int, int, int], int]) -> tuple[tuple[int, ...], float]:
    """Sampled chance for one case (cards left per suit)."""
    left, samples = args
    found = tuple(KING - n for n in left)
    job = chance_job(found, samples, SAMPLE_SOLVE_NODES, use_table=False)
    while True:
        try:
            next(job)
        except StopIteration as stop:
            return left, float(stop.value)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--output", default=str(OUTPUT))
    options = parser.parse_args(argv)
    work = [(c, options.samples) for c in cases()]
    # Hard cases (many cards left) first, so the pool's workers finish together.
    work.sort(key=lambda item: -sum(item[0]))
    started = time.perf_counter()
    with multiprocessing.Pool(options.jobs) as pool:
        results = dict(pool.imap_unordered(estimate, work, chunksize=8))
    Path(options.output).write_text(encode(options.samples, results), encoding="utf-8")
    print(
        f"{len(results)} cases in {time.perf_counter() - started:.0f} s -> {options.output}",  # i18n: not shown (dev tool)
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
