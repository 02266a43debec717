"""Every player-facing word goes through the translation function (issue 33): a test
reads the source for literal text that bypasses it (tests/lang/untranslated.py says what
counts), and the catalogs hold every message the source has, translated."""

from pathlib import Path

import pytest

from tests.lang.untranslated import untranslated

ROOT = Path(__file__).resolve().parents[2]
#: What is not the game's words: the catalogs' own package, the benchmark and monkey
#: tools a developer runs from a terminal.
NOT_SCANNED = ("game/lang/", "game/bench", "game/monkey.py", "game/input_monkey.py")

#: Modules whose words are not all translated yet: each is taken off as it is done, and
#: one with nothing left to translate must be taken off (the list only shrinks).
PENDING = {
    "game/art/gallery.py",
    "game/audio.py",
    "game/display.py",
    "game/engine/farkle/__init__.py",
    "game/engine/farkle/ai.py",
    "game/engine/farkle/coach.py",
    "game/engine/farkle/combos.py",
    "game/engine/farkle/rules.py",
    "game/engine/farkle/tournament.py",
    "game/engine/lucie/__init__.py",
    "game/engine/lucie/ai.py",
    "game/engine/lucie/bench.py",
    "game/engine/lucie/chances.py",
    "game/engine/lucie/coach.py",
    "game/engine/lucie/game.py",
    "game/engine/lucie/rules.py",
    "game/engine/lucie/tables.py",
    "game/engine/mille/__init__.py",
    "game/engine/mille/cards.py",
    "game/engine/mille/coach.py",
    "game/engine/mille/guest.py",
    "game/engine/mille/rules.py",
    "game/engine/mille/scoring.py",
    "game/engine/mille/tournament.py",
    "game/engine/shutbox/__init__.py",
    "game/engine/shutbox/ai.py",
    "game/engine/shutbox/coach.py",
    "game/engine/shutbox/rules.py",
    "game/engine/shutbox/state.py",
    "game/engine/shutbox/study.py",
    "game/engine/shutbox/tournament.py",
    "game/main.py",
    "game/scenes/boss.py",
    "game/scenes/farkle/__init__.py",
    "game/scenes/farkle/controls.py",
    "game/scenes/farkle/gallery.py",
    "game/scenes/farkle/helptext.py",
    "game/scenes/farkle/joined.py",
    "game/scenes/farkle/pictures.py",
    "game/scenes/farkle/play.py",
    "game/scenes/farkle/presenter.py",
    "game/scenes/farkle/start.py",
    "game/scenes/farkle/view.py",
    "game/scenes/farkle/words.py",
    "game/scenes/gallery.py",
    "game/scenes/help.py",
    "game/scenes/join.py",
    "game/scenes/lucie/__init__.py",
    "game/scenes/lucie/controls.py",
    "game/scenes/lucie/entry.py",
    "game/scenes/lucie/gallery.py",
    "game/scenes/lucie/help.py",
    "game/scenes/lucie/nexthand.py",
    "game/scenes/lucie/pictures.py",
    "game/scenes/lucie/play.py",
    "game/scenes/lucie/present.py",
    "game/scenes/lucie/view.py",
    "game/scenes/lucie/words.py",
    "game/scenes/mille/__init__.py",
    "game/scenes/mille/controls.py",
    "game/scenes/mille/gallery.py",
    "game/scenes/mille/hands.py",
    "game/scenes/mille/help.py",
    "game/scenes/mille/joined.py",
    "game/scenes/mille/moment.py",
    "game/scenes/mille/pictures.py",
    "game/scenes/mille/play.py",
    "game/scenes/mille/present.py",
    "game/scenes/mille/prompts.py",
    "game/scenes/mille/records.py",
    "game/scenes/mille/rows.py",
    "game/scenes/mille/scoresheet.py",
    "game/scenes/mille/sprites.py",
    "game/scenes/mille/start.py",
    "game/scenes/mille/view.py",
    "game/scenes/mille/words.py",
    "game/scenes/progress.py",
    "game/scenes/scores.py",
    "game/scenes/settings.py",
    "game/scenes/shutbox/__init__.py",
    "game/scenes/shutbox/allscores.py",
    "game/scenes/shutbox/choice.py",
    "game/scenes/shutbox/controls.py",
    "game/scenes/shutbox/gallery.py",
    "game/scenes/shutbox/help.py",
    "game/scenes/shutbox/pictures.py",
    "game/scenes/shutbox/play.py",
    "game/scenes/shutbox/present.py",
    "game/scenes/shutbox/start.py",
    "game/scenes/shutbox/toggles.py",
    "game/scenes/shutbox/view.py",
    "game/scenes/title.py",
    "game/screenshots.py",
    "game/shell/base.py",
    "game/shell/dialog.py",
    "game/shell/name_entry.py",
    "game/shell/options.py",
    "game/shell/registry.py",
    "game/shell/setup.py",
    "game/storage/__init__.py",
    "game/storage/bench.py",
    "game/storage/datafolder.py",
    "game/storage/guest_tokens.py",
    "game/storage/location.py",
    "game/storage/names.py",
    "game/storage/settings.py",
    "game/storage/stats.py",
    "game/storage/storage.py",
    "game/storage/topten.py",
}


def scanned() -> list[str]:
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "game").rglob("*.py")
        if not path.relative_to(ROOT).as_posix().startswith(NOT_SCANNED)
    )


@pytest.mark.parametrize("module", [m for m in scanned() if m not in PENDING])
def test_no_text_bypasses_the_translation_function(module):
    found = [f"{module}:{line}: {text!r}" for line, text in untranslated(ROOT / module)]
    assert not found, "words the player reads, not given to _() or Msg():\n" + "\n".join(found)


@pytest.mark.parametrize("module", sorted(PENDING))
def test_a_module_still_to_translate_has_words_left(module):
    path = ROOT / module
    assert path.exists(), f"{module} is gone: take it off PENDING"
    assert list(untranslated(path)), f"{module} is translated: take it off PENDING"
