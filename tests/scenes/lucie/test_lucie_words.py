"""Issue 32: La Belle Lucie's words and its keys agree. The end of a hand said "Enter or
N for a new hand; Esc for the menu" while Esc went to the title and the end's bar said
"T See, Esc See"; the coach called the shuffle "Redeal"; the table said "S shuffles"
beside a bar saying "S+Enter Shuffle". Each command's key and name now come from one
place, the bar's."""

import pygame
from helpers_lucie_scene import open_table, type_card

from game.engine.lucie import LucieGame
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog, bar_word
from tests.engine.lucie.lucie_layouts import layout, trap
from tests.harness import key, run_until, settle, words_on_screen


def bar(scene) -> dict[str, str]:
    return {c.key: c.word for c in scene.commands() if c.enabled}


def test_a_finished_hand_says_its_keys_as_the_bar_does_and_esc_does_what_both_say(new_app):
    app = new_app(fast=True)
    scene = open_table(app, LucieGame(trap(), 7))
    for card in ("TS", "5S", "AS"):  # the last deal lost
        type_card(app, card)
        settle(app, scene)
    run_until(app, lambda: isinstance(app.scenes.top, ChoiceDialog))
    dialog = app.scenes.top
    words = [c.word for c in dialog.commands()]
    assert [bar_word(label) for _, label, _ in dialog.choices] == words[:-1]
    assert "SameDeal" in words and "See" not in words
    assert words[-1] == "SeeTable", "Esc sees the table, as T does, and says so"
    key(app, pygame.K_t, text="t")
    assert app.scenes.top is scene and scene.finished
    entries = bar(scene)
    assert entries["Esc"] == "Title"
    line = next(text for text in words_on_screen(app) if text.startswith("The hand is over"))
    for key_label in ("Enter", "N", "Esc"):
        assert f"{key_label} {entries[key_label]}" in line, line
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene), "Esc: the title, as the line and bar say"


def test_the_shuffle_has_one_name_and_one_key_everywhere(new_app):
    app = new_app(fast=True)
    position = layout("KH AS 5S", home="KC KD QH", redeals=1)  # only a shuffle helps
    scene = open_table(app, position)
    (shuffle_key,) = [c.key for c in scene.commands() if c.word == "Shuffle"]
    assert shuffle_key == "S+Enter"
    scene.tip = ""  # the first hand's tip gives way to the line of keys
    assert any(f"{shuffle_key} shuffles" in text for text in words_on_screen(app))
    keys_page = next(page.text for page in scene.help_pages() if page.heading == "Keys")
    assert f"\n{shuffle_key}\tShuffle" in keys_page
    key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
    run_until(app, lambda: scene.hint is not None, limit=5000)
    assert f"shuffle ({shuffle_key})" in scene.talk.line.text
    # The coach, on a shuffle given up for a winning move: "TS: ...; Redeal: about 19%".
    saved = {"game": LucieGame(trap(redeals=1), 7).to_json()}
    judged = scene.judge_saved(saved, "redeal").finish()
    assert "Shuffle: about" in judged.why and "edeal" not in judged.why, judged.why
