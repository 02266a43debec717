"""The score sheet's lines appear one by one with running totals; the help knows every
card in both languages; the command bar lists only what may be pressed now."""

import pygame
from helpers_mille_scene import (
    open_table,
    position,
    press,
    seats,
    tableau,
)

from game.engine.mille.cards import CARD_KINDS
from game.engine.mille.scoring import POINTS_TRIP, SCORE_LINES
from game.scenes.help import HelpScene
from game.scenes.mille.help import help_pages
from game.scenes.mille.scoresheet import LINE_TICKS, ScoreSheetScene
from game.scenes.mille.start import teams_line
from tests.harness import (
    key,
    run,
    settle,
)


def test_the_cards_page_names_every_card_in_english_and_french():
    page = next(p for p in help_pages() if p.heading == "The cards")
    for kind in CARD_KINDS:
        assert kind.english in page.text and kind.french in page.text
    scoring = next(p for p in help_pages() if p.heading == "Scoring")
    assert f"Trip\t{POINTS_TRIP}" in scoring.text


def test_help_opens_over_the_table(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("", "basic"))
    press(app, "h")
    assert isinstance(app.scenes.top, HelpScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


def test_the_score_sheet_shows_its_lines_one_by_one(new_app):
    app = new_app()  # not fast: the lines take their time
    state = position(
        ["100 stop 25 gasoline 50 75", "25 50 75 100 200 repairs"],
        [tableau("roll", "", "200 100 100 100 100"), tableau("roll", "", "25")],
    )
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    press(app, str(scene.hands.hand_order.index("100") + 1))
    key(app, pygame.K_RETURN)  # 700 km...
    settle(app, scene)
    press(app, "n")  # ...and the hand ends there
    settle(app, scene)
    sheet = app.scenes.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.shown == 0
    run(app, LINE_TICKS)
    assert sheet.shown == 1, "the first line (distance) is up"
    key(app, pygame.K_RETURN)
    assert sheet.complete and sheet.shown == len(SCORE_LINES), "Enter shows every line"
    assert "click" in app.sounds
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    settle(app, scene)
    assert scene.state.hand_number == 2, "the next hand is dealt"


def test_the_command_bar_lists_only_what_may_be_pressed(new_app):
    app = new_app(fast=True)
    state = position(
        ["100 stop 25 gasoline 50 75 roll", "25 50 75 100 200 repairs"],
        [tableau("roll accident"), tableau("roll")],
    )
    scene = open_table(app, seats("", "basic"), state)
    settle(app, scene)
    words = {c.word for c in scene.commands() if c.enabled}
    assert "Play" not in words and "Discard" not in words, "no card chosen yet"
    press(app, str(scene.hands.hand_order.index("gasoline") + 1))
    words = {c.word for c in scene.commands() if c.enabled}
    assert "Discard" in words and "Play" not in words, "Gasoline cannot mend an Accident"
    press(app, str(scene.hands.hand_order.index("stop") + 1))
    assert "Play" in {c.word for c in scene.commands() if c.enabled}


def test_the_set_up_screen_says_who_plays_with_whom(new_app):
    new_app()  # the font needs a display
    assert teams_line([(1, "Ann"), (2, "Cindy")]).startswith("2 players, each for themselves")
    assert teams_line([(1, "Ann"), (2, "Cindy"), (4, "Greg"), (5, "Rosamund")]) == (
        "Teams: Ann & Greg vs Cindy & Rosamund: 1000 km."
    )
    six = teams_line([(row, "Someone Longname") for row in range(1, 7)])
    assert six.startswith("Teams of seats 1 & 4, 2 & 5, 3 & 6")
    assert "2, 3, 4 or 6" in teams_line([(row, "A") for row in range(1, 6)])


def test_the_help_on_hazards_says_what_the_engine_allows_on_an_empty_pile():
    from game.engine.mille import MilleState, Options
    from game.engine.mille.cards import BATTLE_HAZARDS, KIND_BY_ID

    state = MilleState.new_game(Options(players=2))
    state.tableaux[1] = tableau(safeties="right_of_way")  # Cindy: nothing played yet
    allowed = [h for h in BATTLE_HAZARDS if state.hazard_allowed(h, 1)]
    assert allowed == ["accident", "out_of_gas", "flat_tire"], "the engine's rule"
    state.tableaux[1] = tableau()
    assert not any(state.hazard_allowed(h, 1) for h in BATTLE_HAZARDS)
    page = next(p for p in help_pages() if p.heading == "What you may play").text
    hazard = next(line for line in page.split("\n") if line.startswith("Hazard\t"))
    assert "Right of Way" in hazard and "empty" in hazard
    for card in allowed:
        assert KIND_BY_ID[card].english in hazard
    assert "Stop" in hazard, "and Right of Way keeps Stop away"
    options = next(p for p in help_pages() if p.heading == "Options").text
    assert "Right of Way" in options.split("Hazards only on a Roll")[1].split("\n")[0], (
        "the variant lets hazards on a side driving with Right of Way, as the engine does"
    )
