"""Shut The Box's table commands and their default keys (the Keys screen changes them):
the seed's letters O (one die), A (AllScores), T (TopTen), the toggles R, N, P and K, and
the shared ones."""

from __future__ import annotations

from game.lang import _
from game.scenes.shutbox.toggles import REMEMBERED
from game.storage.keymap import GameKeys, KeyCommand, shared_commands

ONE_DIE, ALL_SCORES, TOP_TEN = "one_die", "all_scores", "top_ten"


def _toggle_word(word: str):
    return lambda: _(word)


SHUTBOX_KEYS = GameKeys(
    (
        KeyCommand(ONE_DIE, "o", lambda: _("OneDie")),
        KeyCommand(ALL_SCORES, "a", lambda: _("AllScores")),
        KeyCommand(TOP_TEN, "t", lambda: _("TopTen")),
        # The remembered toggles, each named as its option is kept ("roll_prompt").
        *(KeyCommand(t.option_key, t.letter.lower(), _toggle_word(t.word)) for t in REMEMBERED),
        *shared_commands(),
    )
)
