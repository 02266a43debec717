"""The colour-blind check: the pairs of colours that carry meaning, seen with each kind of
colour-blindness, must stay apart (issue 34).

    python -m game.bench_colourblind SHOTS [--out DIR]

SHOTS is a folder of `--screenshots` pictures. The check takes the ones in the
colour-blind-safe colours (*-safe.png) and

- finds every colour in them among palette.SAFE_COLOURS (so the pairs below are what
  the screen shows),
- measures each named pair with normal vision and under the Machado, Oliveira &
  Fernandes 2009 simulations (severity 1.0) of protanopia, deuteranopia and tritanopia
  in linear RGB (game.art.vision), as CIEDE2000; a pair under MIN_DELTA_E fails,
- counts the pictures that show both colours of each pair,
- with --out, writes each picture as each kind of colour-blindness sees it, to look at.

It prints a table and exits 1 if a pair collapses or a picture has a colour off the
palette. tests/art/test_colourblind.py runs the same check on the palette and on a few
screenshots.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.art import palette as P
from game.art.vision import DEFICIENCIES, seen_difference, simulate

#: The least CIEDE2000 difference a pair may keep, with any vision. 20 is far past
#: "noticeable" (about 2) and past "a different colour at a glance" (about 10): the
#: pairs must tell apart across a table, on a small screen.
MIN_DELTA_E = 20.0


@dataclass(frozen=True)
class Pair:
    """Two palette colours whose difference means something, and what."""

    what: str  # i18n: not shown (the check's report)
    a: str  # palette names (palette.NAMES)
    b: str


#: The pairs that must stay apart (the issue's list: suits, held dice, shut doors,
#: Mille's attack and remedy colours, the turn marker; and the text colours that say
#: good and bad). Each also differs by shape or pattern: see tests/art/test_colourblind.py.
PAIRS: tuple[Pair, ...] = (
    Pair("red suit vs black suit (rims)", "RED", "BLACK"),
    Pair("red suit vs black suit (pips)", "LIGHT_RED", "BLACK"),
    Pair("red suit on a card's face", "RED", "WHITE"),
    Pair("held die vs free die", "RED", "WHITE"),
    Pair("held die on the felt", "RED", "GREEN"),
    Pair("free die on the felt", "WHITE", "GREEN"),
    Pair("cursor ring on a held die", "YELLOW", "RED"),
    Pair("cursor ring on the felt", "YELLOW", "GREEN"),
    Pair("shut door vs open door", "BROWN", "WHITE"),
    Pair("shut door on the felt", "BROWN", "GREEN"),
    Pair("shut door on the box's black", "BROWN", "BLACK"),
    Pair("Mille: attack vs remedy", "RED", "GREEN"),
    Pair("Mille: attack vs safety", "RED", "BLUE"),
    Pair("Mille: remedy vs safety", "GREEN", "BLUE"),
    Pair("Mille: safety's inner frame", "YELLOW", "BLUE"),
    Pair("turn marker on a dark panel", "LIGHT_CYAN", "BLACK"),
    Pair("turn marker on a blue panel", "LIGHT_CYAN", "BLUE"),
    Pair("turn marker vs a white card", "LIGHT_CYAN", "WHITE"),
    Pair("title text vs good news", "YELLOW", "LIGHT_GREEN"),
    Pair("warning vs good news", "LIGHT_RED", "LIGHT_GREEN"),
    Pair("highlight vs plain text", "YELLOW", "WHITE"),
    Pair("warning vs plain text", "LIGHT_RED", "WHITE"),
    Pair("good news vs plain text", "LIGHT_GREEN", "WHITE"),
    Pair("command bar: off vs its panel", "CYAN", "BLUE"),
)

VISIONS = ("normal", *DEFICIENCIES)


def colour_of(name: str, colours: Sequence[tuple[int, int, int]] = P.SAFE_COLOURS):
    """A palette name's colour in a set of shown colours (SAFE_COLOURS or PALETTE)."""
    return colours[P.NAMES.index(name)]


def measure(
    colours: Sequence[tuple[int, int, int]] = P.SAFE_COLOURS,
) -> list[tuple[Pair, dict[str, float]]]:
    """Each pair's ΔE00 with each vision, in these shown colours."""
    return [
        (pair, seen_difference(colour_of(pair.a, colours), colour_of(pair.b, colours)))
        for pair in PAIRS
    ]


def collapsed(colours: Sequence[tuple[int, int, int]] = P.SAFE_COLOURS) -> list[str]:
    """The pairs that come closer than MIN_DELTA_E with some vision (empty: all pass)."""
    return [
        f"{pair.what}: {vision} ΔE00 {value:.1f}"  # i18n: not shown (the check's report)
        for pair, seen in measure(colours)
        for vision, value in seen.items()
        if value < MIN_DELTA_E
    ]


def shown_colours(picture: pygame.Surface) -> set[tuple[int, int, int]]:
    """Every colour in a picture."""
    width, height = picture.get_size()
    rgb = pygame.image.tobytes(picture, "RGB")
    return {tuple(rgb[i : i + 3]) for i in range(0, width * height * 3, 3)}  # type: ignore[misc]


def as_seen(picture: pygame.Surface, deficiency: str) -> pygame.Surface:
    """A picture as `deficiency` sees it, colour by colour (exactly: SDL's blits into a
    palette round colours to 3-3-2 bits first)."""
    out = pygame.Surface(picture.get_size(), 0, 32)
    for colour in shown_colours(picture):
        mask = pygame.mask.from_threshold(picture, colour, (1, 1, 1, 255))
        mask.to_surface(out, setcolor=simulate(colour, deficiency), unsetcolor=None)
    return out


def check_pictures(paths: Sequence[Path], out: Path | None = None) -> tuple[dict, list[str]]:
    """For the pictures: how many show each pair, and the problems (colours off the
    safe palette). With `out`, each picture as each deficiency sees it goes there."""
    safe = set(P.SAFE_COLOURS)
    showing = {pair.what: 0 for pair in PAIRS}
    problems = []
    for path in paths:
        picture = pygame.image.load(str(path))
        colours = shown_colours(picture)
        off = colours - safe
        if off:
            problems.append(
                f"{path.name}: {len(off)} colours off the safe palette"
            )  # i18n: not shown (the check's report)
        for pair in PAIRS:
            if colour_of(pair.a) in colours and colour_of(pair.b) in colours:
                showing[pair.what] += 1
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            for deficiency in DEFICIENCIES:
                seen = as_seen(picture, deficiency)
                pygame.image.save(seen, str(out / f"{path.stem}-{deficiency}.png"))
    return showing, problems


def report(shots: Path | None = None, out: Path | None = None) -> tuple[str, bool]:
    """The table of pairs (and of pictures, given a folder), and whether all passed."""
    lines = [
        f"Machado 2009 (severity 1.0), linear RGB; CIEDE2000; pass: every ΔE00 >= {MIN_DELTA_E:g}",
        f"{'pair':36} {'colours':26} " + " ".join(f"{v[:6]:>7}" for v in VISIONS),
    ]
    showing: dict = {}
    problems = collapsed()
    if shots is not None:
        paths = sorted(shots.glob("*-safe.png"))
        showing, picture_problems = check_pictures(paths, out)
        lines.insert(1, f"{len(paths)} pictures in {shots}")
        problems += picture_problems
    for pair, seen in measure():
        row = f"{pair.what:36} {pair.a + '/' + pair.b:26} " + " ".join(
            f"{seen[v]:7.1f}" for v in VISIONS
        )
        if shots is not None:
            row += f"  in {showing[pair.what]} pictures"
        lines.append(row)
    lines.append("in EGA's colours, the pairs that collapse: " + str(len(collapsed(P.PALETTE))))
    lines.extend(f"FAIL {problem}" for problem in problems)
    return "\n".join(lines), not problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench_colourblind", description=__doc__)
    parser.add_argument("shots", type=Path, nargs="?", help="a folder of --screenshots")
    parser.add_argument("--out", type=Path, help="write the pictures as seen there")
    args = parser.parse_args(argv)
    text, passed = report(args.shots, args.out)
    print(text)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
