"""The command line: every flag of the game, parsed once into an `Options` value."""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from game.storage import GAME_IDS

# Shut The Box's command-line toggles (MLSHUT R P): each letter flips one from its default.
# R, N, P, K and D are the game's own; F, B and T are this program's --fast, --mono and
# --no-save, which the seed also set by letter.
SHUTBOX_TOGGLE_LETTERS = "RNPKDFBT"


@dataclass(frozen=True)
class Options:
    """How this run of the game was asked to behave."""

    windowed: bool = False
    mono: bool = False
    fast: bool = False
    demo: bool = False
    no_sound: bool = False
    no_save: bool = False
    seed: Optional[int] = None
    data_dir: Optional[Path] = None
    game: Optional[str] = None
    ticks: Optional[int] = None
    screenshots: Optional[Path] = None
    shutbox_toggles: str = ""     # upper-case letters of SHUTBOX_TOGGLE_LETTERS


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {value}")
    return value


def _toggle_letters(text: str) -> str:
    letters = "".join(ch for ch in text.upper() if not ch.isspace() and ch != ",")
    unknown = sorted(set(letters) - set(SHUTBOX_TOGGLE_LETTERS))
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown toggle {''.join(unknown)!r}: use letters of {SHUTBOX_TOGGLE_LETTERS}")
    return "".join(dict.fromkeys(letters))


def build_parser(game_ids: Sequence[str] = GAME_IDS) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pixel-parlor",
        description="Pixel Parlor: Farkle, La Belle Lucie, Shut The Box and Mille Bornes "
                    "in one retro pixel-art arcade.",
        epilog="In the game: F11 or Alt+Enter full-screen/window, B or F12 boss key, "
               "H or F1 help, Esc back.")
    parser.add_argument("--windowed", action="store_true",
                        help="start in a window instead of full-screen")
    parser.add_argument("--mono", action="store_true",
                        help="black-and-white picture (the originals' B switch)")
    parser.add_argument("--fast", action="store_true", help="fast mode: no animations")
    parser.add_argument("--demo", action="store_true",
                        help="demo mode: the computer plays every seat")
    parser.add_argument("--no-sound", action="store_true", help="play silently")
    parser.add_argument("--no-save", action="store_true",
                        help="write nothing: no scores, settings or saved games "
                             "(like running from a write-protected disk)")
    parser.add_argument("--seed", type=_positive_int, metavar="N",
                        help="seed the dice and shuffles, so a game replays exactly")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="where scores, settings and saved games are kept")
    parser.add_argument("--game", choices=list(game_ids),
                        help="start straight in a game")
    parser.add_argument("--ticks", type=_positive_int, metavar="N",
                        help="run N ticks as fast as possible, then exit (works headless)")
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="render every screen in its typical states to PNG files "
                             "in DIR (colour and mono), then exit")
    parser.add_argument("--shutbox-toggles", type=_toggle_letters, default="",
                        metavar="LETTERS",
                        help="flip Shut The Box's toggles from their defaults, as "
                             "'MLSHUT R P' did: R roll prompt, N next prompt, P pips, "
                             "K can't-use message, D demo, F fast, B black and white, "
                             "T no Top Ten file (e.g. --shutbox-toggles RP)")
    return parser


def parse_options(argv: Optional[Sequence[str]], game_ids: Sequence[str] = GAME_IDS) -> Options:
    """Parse the command line; a bad flag or value exits with status 2 and a message."""
    ns = build_parser(game_ids).parse_args(argv)
    toggles = ns.shutbox_toggles
    return Options(
        windowed=ns.windowed, mono=ns.mono or "B" in toggles, fast=ns.fast or "F" in toggles,
        demo=ns.demo, no_sound=ns.no_sound, no_save=ns.no_save or "T" in toggles,
        seed=ns.seed, data_dir=ns.data_dir, game=ns.game, ticks=ns.ticks,
        screenshots=ns.screenshots, shutbox_toggles=toggles)
