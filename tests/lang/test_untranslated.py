"""Every player-facing word goes through the translation function (issue 33): a test
reads the source for literal text that bypasses it (tests/lang/untranslated.py says what
counts), and the catalogs hold every message the source has, translated."""

from pathlib import Path

import pytest

from tests.lang.untranslated import untranslated

ROOT = Path(__file__).resolve().parents[2]
#: What is not the game's words: the catalogs' own package, the benchmark and monkey
#: tools a developer runs from a terminal (the storage's benchmark too), and the boss
#: screen, a disguise: a phony MS-DOS prompt, in English as DOS 6.22 was (issue 33).
NOT_SCANNED = (
    "game/lang/",
    "game/bench",
    "game/monkey.py",
    "game/input_monkey.py",
    "game/storage/bench.py",
    "game/scenes/boss.py",
)


def scanned() -> list[str]:
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "game").rglob("*.py")
        if not path.relative_to(ROOT).as_posix().startswith(NOT_SCANNED)
    )


@pytest.mark.parametrize("module", scanned())
def test_no_text_bypasses_the_translation_function(module):
    found = [f"{module}:{line}: {text!r}" for line, text in untranslated(ROOT / module)]
    assert not found, "words the player reads, not given to _() or Msg():\n" + "\n".join(found)
