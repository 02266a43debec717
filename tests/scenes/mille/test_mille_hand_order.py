"""The order of the hand: by kind (each drawn card to its place) or as drawn (each new card
at the end), switched by O or a click on the bar's entry, and remembered."""

import pygame
from helpers_mille_scene import (
    cards_in_the_air,
    open_table,
    position,
    press,
    press_digit,
    seats,
    tableau,
)

from game.engine.mille.cards import sort_cards
from game.scenes.mille.hands import AS_DRAWN, BY_KIND
from game.ui.commandbar import valid
from tests.harness import (
    click,
    key,
    settle,
)

DEALT = "100 stop 25 gasoline 50 75"


def ann_to_play(app):
    state = position(
        [DEALT, "25 50 75 100 200 repairs"],
        [tableau("roll", "", "100"), tableau("roll", "", "50")],
        seed=5,
    )
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    return scene


def bar_entry(app, scene, key_name):
    commands = list(scene.commands())  # every entry in its place, dimmed or not
    rects = app.command_bar.layout(commands)
    return next(rect for command, rect in zip(commands, rects) if command.key == key_name)


def test_o_switches_between_by_kind_and_as_drawn_and_keeps_the_chosen_card(new_app):
    app = new_app(fast=True)
    scene = ann_to_play(app)
    assert scene.hands.sort == BY_KIND and scene.hands.hand_order == sort_cards(DEALT.split())
    press_digit(app, scene.hands.hand_order.index("50") + 1)
    press(app, "o")
    assert scene.hands.sort == AS_DRAWN and scene.hands.hand_order == DEALT.split(), "as dealt"
    assert scene.selected_card == "50", "the chosen card stays chosen"
    assert app.sounds[-1] == "click"
    click(app, bar_entry(app, scene, "O").center)
    assert scene.hands.sort == BY_KIND, "a click on the bar's entry does the same"
    entry = next(c for c in valid(scene.commands()) if c.key == "O")
    assert entry.state is True, "the entry is lit while sorted by kind"


def test_the_order_is_remembered(new_app):
    app = new_app(fast=True)
    ann_to_play(app)
    press(app, "o")
    assert app.storage.game_options("mille", {})["hand_sort"] == AS_DRAWN
    app.scenes.clear()
    assert ann_to_play(app).hands.sort == AS_DRAWN, "the next table takes it up"


def play_and_draw(app, scene):
    """Ann discards her Gasoline; Cindy plays; Ann draws at her next turn."""
    press_digit(app, scene.hands.hand_order.index("gasoline") + 1)
    press(app, "x")
    settle(app, scene)
    return scene.state.hands[0][-1]  # the engine adds a drawn card last


def test_as_drawn_a_new_card_goes_last(new_app):
    app = new_app(fast=True)
    scene = ann_to_play(app)
    press(app, "o")
    drawn = play_and_draw(app, scene)
    assert scene.hands.hand_order == [c for c in DEALT.split() if c != "gasoline"] + [drawn]


def test_by_kind_a_new_card_goes_to_its_place(new_app):
    app = new_app()  # not fast: the drawn card's flight is seen
    scene = ann_to_play(app)
    press_digit(app, scene.hands.hand_order.index("gasoline") + 1)
    press(app, "x")
    for _ in range(2000):
        flights = [f for f in cards_in_the_air(scene) if f.end.y >= 240]
        if flights and len(scene.state.hands[0]) == 6:
            break
        app.frame(1)
    drawn = scene.state.hands[0][-1]
    assert scene.hands.hand_order == sort_cards(scene.state.hands[0])
    place = scene.hands.hand_order.index(drawn)
    assert any(f.card == drawn and f.end.x == 8 + 66 * place for f in flights), (
        "the drawn card flies to its place in the hand"
    )
    settle(app, scene)
    key(app, pygame.K_RIGHT)
    assert scene.choice.selected == 0


def test_the_help_names_the_key_and_the_click():
    from game.scenes.mille.help import help_pages

    pages = {page.heading: page.text for page in help_pages()}
    assert "O\tOrder your hand" in pages["Playing with the keyboard"]
    assert "O Sort" in pages["Playing with the mouse"]
