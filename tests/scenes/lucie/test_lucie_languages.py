"""Issue 33: La Belle Lucie in French and Polish. The table's bar, panels, prompt, log
lines, card names, hints and end of hand read in the language chosen; the keys stay
the keys (S+Enter shuffles, C D H S are the suits, whatever the words)."""

import pytest
from helpers_lucie_scene import CHAIN, open_table, press, type_card

from game import lang
from game.lang import catalogs
from tests.engine.lucie.lucie_layouts import trap
from tests.harness import run_until, settle, words_on_screen


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


def bar(scene) -> dict[str, str]:
    return {c.key: c.word for c in scene.commands() if c.enabled}


def test_a_polish_table_reads_polish_on_its_bar_panels_and_log(new_app):
    app = new_app(fast=True, lang="pl")
    scene = open_table(app, CHAIN)
    entries = bar(scene)
    assert entries["S+Enter"] == "Tasuj" and entries["N"] == "Nowa", entries
    shown = words_on_screen(app)
    for polish in ("Karta:", "Wynik", "zostało 1 tasowanie", "potem dobranie", "na 100"):
        assert polish in shown, (polish, shown)
    assert not {"Card:", "Score", "1 shuffle left"} & set(shown)
    # A buried card is named in Polish, in the nominative: "dziewiątka trefl".
    type_card(app, "9C")
    assert "dziewiątka trefl" in scene.talk.line.text, scene.talk.line.text
    assert scene.talk.line.text.startswith("Karta zakryta")
    # Typing keeps the keys: the suits are C D H S, their words Polish.
    press(app, "5")
    assert bar(scene) == {
        "C": "Trefl",
        "D": "Karo",
        "H": "Kier",
        "S": "Pik",
        "Bksp": "Usuń",
        "Esc": "Wyczyść",
    }
    type_card(app, "H")
    settle(app, scene)
    line = "5H na stos podstawowy, potem 6H, 7H."
    assert scene.talk.line.text == line and scene.talk.log[-1].text == line
    assert any(text.startswith("Wpisz kartę i Enter") for text in words_on_screen(app))


def test_a_french_hand_ends_in_french_with_the_bars_keys(new_app):
    app = new_app(fast=True, lang="fr")
    scene = open_table(app, trap())
    for card in ("TS", "5S", "AS"):  # the last deal lost
        type_card(app, card)
        settle(app, scene)
    run_until(app, lambda: scene.finished and app.scenes.top is not scene)
    dialog = app.scenes.top
    assert dialog.title == "Partie finie"
    assert [label for _, label, _ in dialog.choices][:2] == ["Nouvelle partie", "Même donne"]
    assert "cartes sur les fondations\u00a0: score" in dialog.message


def test_a_hint_and_the_coach_speak_french_with_the_seeds_word(new_app):
    app = new_app(fast=True, lang="fr")
    scene = open_table(app, trap(redeals=1))
    press(app, "?")
    run_until(app, lambda: scene.hint is not None, limit=5000)
    assert scene.talk.line.text.startswith("Indice\u00a0: jouez "), scene.talk.line.text
    saved = {"game": scene.game.to_json()}
    judged = scene.judge_saved(saved, "redeal").finish()
    assert "Rebattre\u00a0: environ" in judged.why and "edeal" not in judged.why, judged.why


def test_the_log_reads_in_the_language_of_the_moment(new_app):
    app = new_app(fast=True, lang="pl")
    scene = open_table(app, CHAIN)
    type_card(app, "5H")
    settle(app, scene)
    lang.set_language("fr")
    assert scene.talk.log[-1].text == "5H sur sa fondation, puis 6H, 7H."
    lang.set_language("en")
    assert scene.talk.log[-1].text == "5H home, then 6H, 7H."
