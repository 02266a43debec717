"""Shut The Box's yes/no toggles: their letters, defaults, and where each is kept.

Seed: "Any toggle can be flipped to the opposite of its default ... by keying the toggle's
letter following the program name" (MLSHUT R P). Here `--shutbox-toggles RP` does that
for one run; pressing a letter in the game flips the toggle and remembers it.

R, N, P and K belong to this game and are remembered in its options (storage.
game_options). F is the arcade's speed of this game (Normal, Quick, Fast in turn; the
Settings screen's "Shut The Box speed"), so it is remembered there. D is for this table only: a remembered demo mode would take the
seats away from the players the next time they sat down.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.lang import N_
from game.shell.registry import GameFlag

if TYPE_CHECKING:
    from game.shell.app import App

GAME_ID = "shutbox"
#: Deal codes: S-..., and the version of the rule that rolls a code's dice (issue 35).
DEAL_LETTER = "S"
DEAL_VERSION = 1
# TRANSLATORS: the game's name, as it is sold in France and Poland: keep "Shut The Box"
TITLE = N_("Shut The Box")


@dataclass(frozen=True)
class ToggleSpec:
    """One toggle: its key letter, the word on the command bar, its seed default. The
    words are English, marked for the catalogs: translate them where shown, with _()."""

    letter: str
    word: str
    default: bool
    meaning: str  # one line for the help page
    option_key: str = ""  # where it is remembered among the game's options ("" if not)


ROLL_PROMPT = ToggleSpec(
    "R",
    # TRANSLATORS: a toggle's one word on the command bar (R: wait for Enter before each
    # roll); keep it one short word
    N_("AskRoll"),
    True,
    N_("Roll prompt: wait for Enter (or a click) before each roll."),
    "roll_prompt",
)
NEXT_PROMPT = ToggleSpec(
    "N",
    # TRANSLATORS: a toggle's one word on the command bar (N: wait for Enter before each
    # player's turn); keep it one short word
    N_("AskTurn"),
    True,
    N_("Next prompt: wait for Enter before each player's turn."),
    "next_prompt",
)
DEMO = ToggleSpec(
    "D",
    # TRANSLATORS: a toggle's one word on the command bar: demo mode
    N_("Demo"),
    False,
    N_("Demo mode: the computer plays for all players."),
)
FAST = ToggleSpec(
    "F",
    # TRANSLATORS: a toggle's one word on the command bar: the speed
    N_("Fast"),
    False,
    N_("Speed: Normal, Quick, then Fast (lit): no rolling dice, no falling doors."),
)
PIPS = ToggleSpec(
    "P",
    # TRANSLATORS: a toggle's one word on the command bar: dots (pips) on the dice, or
    # numerals
    N_("Pips"),
    True,
    N_("Pips: dice with dots; off shows numerals."),
    "pips",
)
CANT_USE = ToggleSpec(
    "K",
    # TRANSLATORS: a toggle's one word on the command bar: show "Can't use this roll!"
    N_("Warn"),
    False,
    N_(
        'Show "Can\'t use this roll!" when the dice match no open doors (the buzz sounds '
        "either way)."
    ),
    "cant_use_message",
)

# In the seed's (alphabetical-ish) order of the COMMANDS AND TOGGLES section.
TOGGLES: tuple[ToggleSpec, ...] = (ROLL_PROMPT, NEXT_PROMPT, DEMO, FAST, PIPS, CANT_USE)
REMEMBERED: tuple[ToggleSpec, ...] = tuple(t for t in TOGGLES if t.option_key)


def option_defaults() -> dict[str, bool]:
    """The remembered toggles' defaults, keyed as in the game's stored options."""
    return {t.option_key: t.default for t in REMEMBERED}


class GameToggles:
    """The remembered toggles' values for this run: stored values, then the command line."""

    def __init__(self, app: App):
        self.app = app
        stored = app.storage.game_options(GAME_ID, option_defaults())
        self.values = {t.letter: bool(stored[t.option_key]) for t in REMEMBERED}
        for toggle in REMEMBERED:
            if toggle.letter in command_line_letters(app):
                self.values[toggle.letter] = not toggle.default

    def __getitem__(self, toggle: ToggleSpec) -> bool:
        return self.values[toggle.letter]

    def flip(self, toggle: ToggleSpec) -> bool:
        """Flip a remembered toggle, store it, and return its new value."""
        value = self.values[toggle.letter] = not self.values[toggle.letter]
        options = self.app.storage.game_options(GAME_ID, option_defaults())
        options[toggle.option_key] = value
        self.app.storage.save_game_options(GAME_ID, options)
        return value


# The command line's letters (MLSHUT R P): each flips one toggle from its default. R, N, P,
# K and D are the game's own; F, B and T are the program's --fast, --mono and --no-save,
# which the seed also set by letter.
TOGGLE_LETTERS = "RNPKDFBT"
PROGRAM_SWITCHES = {"F": "fast", "B": "mono", "T": "no_save"}


def toggle_letters(text: str) -> str:
    """The --shutbox-toggles value: letters of TOGGLE_LETTERS, upper case, each once."""
    letters = "".join(ch for ch in text.upper() if not ch.isspace() and ch != ",")
    unknown = sorted(set(letters) - set(TOGGLE_LETTERS))
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown toggle {''.join(unknown)!r}: use letters of {TOGGLE_LETTERS}"
        )
    return "".join(dict.fromkeys(letters))


def implied_switches(letters: str) -> Iterable[str]:
    """The program's own switches the letters stand for (B: --mono...)."""
    return [switch for letter, switch in PROGRAM_SWITCHES.items() if letter in letters]


TOGGLES_FLAG = GameFlag(
    "--shutbox-toggles",
    # TRANSLATORS: the command line's --help of --shutbox-toggles: the letters stay.
    N_(
        "flip Shut The Box's toggles from their defaults, as 'MLSHUT R P' did: R roll prompt, "
        "N next prompt, P pips, K can't-use message, D demo, F fast, B black and white, "
        "T no Top Ten file (e.g. --shutbox-toggles RP)"
    ),
    metavar="LETTERS",
    parse=toggle_letters,
    default="",
    implies=implied_switches,
)


def command_line_letters(app: App) -> str:
    """The toggle letters given on the command line (--shutbox-toggles), upper case."""
    return str(app.options.game_flags.get(TOGGLES_FLAG.dest, "")).upper()
