"""The bottom line: every entry clicked does what its key does; the toggles start as the
seed says, are remembered, and can be flipped from the command line."""

import pygame
import pytest
from helpers_shutbox_scene import (
    click_command,
    command_entry,
    enter,
    log_text,
    open_game,
    position,
    press,
)

from game.engine.shutbox import ALL_DOORS
from game.scenes.help import HelpScene
from game.scenes.scores import ScoresScene
from game.scenes.shutbox.allscores import AllScoresScene
from game.scenes.shutbox.choice import SELECTING
from game.scenes.shutbox.toggles import GAME_ID, TOGGLES, GameToggles
from game.shell.dialog import ChoiceDialog
from game.shell.options import parse_options
from game.ui.commandbar import BAR_HEIGHT, SECOND_ROW_TOP
from tests.harness import click, key, run, settle, words_on_screen

SEED_DEFAULTS = {"R": True, "N": True, "D": False, "F": False, "P": True, "K": False}
# The seed's keys, and the keys every table shares (? hint, L log), in the bar's order
# (the boss key B is on the help page: the bar has no room for a key never clicked).
EVERY_ENTRY = [
    "Enter",
    "1-9",
    "O",
    "A",
    "T",
    "R",
    "N",
    "P",
    "K",
    "?",
    "V",
    "L",
    "D",
    "F",
    "H",
    "Esc",
]


def selecting(app):
    return open_game(app, position(ALL_DOORS, (5, 2)))


def test_the_bar_lists_every_key_of_the_seed_with_one_word(new_app):
    scene = selecting(new_app(fast=True))
    entries = {c.key: c for c in scene.commands()}
    assert list(entries) == EVERY_ENTRY
    assert all(len(c.word.split()) == 1 for c in entries.values())
    assert {k: entries[k].state for k in SEED_DEFAULTS if k != "F"} == {
        k: on for k, on in SEED_DEFAULTS.items() if k != "F"
    }
    assert entries["F"].word == "Fast", "F names the speed (three of them, not on/off)"
    assert entries["A"].word == "AllScores" and entries["Esc"].word == "Menu"


def test_a_roll_moves_no_entry_and_a_click_where_hint_was_asks_for_a_hint(new_app):
    """Issue 32: the roll put "Enter Shut" and "1-9 Door" on the bar, everything after
    them moved right, and a click where "? Hint" had been flipped "K Warn"."""
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS), faces=[5, 2])
    before = {
        c.key: rect for c, rect in zip(scene.commands(), app.command_bar.layout(scene.commands()))
    }
    door, door_at = command_entry(app, scene, "1-9")
    assert not door.enabled, "no door to shut before the roll: dimmed, in its place"
    mode = scene.mode
    click(app, door_at)  # a dimmed entry: nothing at all, not even what lies beneath
    assert scene.selection == set() and scene.mode == mode and not app.sounds
    for _ in range(2):  # Ann's turn, then her roll
        if scene.mode != SELECTING:
            enter(app)
            settle(app, scene)
    assert scene.mode == SELECTING
    after = {
        c.key: rect for c, rect in zip(scene.commands(), app.command_bar.layout(scene.commands()))
    }
    assert after == before
    warn = scene.controls.toggle_state("K")
    click(app, command_entry(app, scene, "?")[1])
    for _ in range(20000):  # Perfect's table may still be warming up
        if scene.hint is not None:
            break
        run(app, 1)
    assert scene.hint is not None and scene.controls.toggle_state("K") is warn


def test_the_bar_fits_the_screen_in_every_state(new_app):
    app = new_app(fast=True)
    for state in (position(ALL_DOORS, (5, 2)), position({1, 2, 3, 4, 8}, (4, 4), one_die=True)):
        scene = open_game(app, state)
        for door in (8, 2):
            key(app, getattr(pygame, f"K_{door}"), text=str(door))
        rects = app.command_bar.layout(scene.commands())
        assert rects[-1].right <= 640, [c.key for c in scene.commands()]


def test_toggles_start_as_the_seed_says(new_app):
    app = new_app()
    scene = selecting(app)
    assert {t.letter: scene.controls.toggle_state(t.letter) for t in TOGGLES} == SEED_DEFAULTS
    assert not scene.tray.numerals


@pytest.mark.parametrize("letter", ["R", "N", "P", "K"])
def test_a_clicked_toggle_flips_and_is_remembered(new_app, letter):
    app = new_app()
    scene = selecting(app)
    click_command(app, scene, letter)
    assert scene.controls.toggle_state(letter) is not SEED_DEFAULTS[letter]
    assert command_entry(app, scene, letter)[0].state is not SEED_DEFAULTS[letter]
    assert GameToggles(app).values[letter] is not SEED_DEFAULTS[letter], "remembered"
    press(app, letter.lower())
    assert GameToggles(app).values[letter] is SEED_DEFAULTS[letter]


def test_p_switches_the_dice_to_numerals(new_app):
    app = new_app()
    scene = selecting(app)
    press(app, "p")
    assert scene.tray.numerals


def test_f_turns_this_games_speed_and_it_is_remembered(new_app):
    app = new_app()
    scene = selecting(app)
    click_command(app, scene, "F")
    assert app.speed(GAME_ID) == "quick" and app.storage.settings.speeds[GAME_ID] == "quick"
    press(app, "f")
    assert app.fast and app.storage.settings.speeds[GAME_ID] == "fast"
    assert scene.controls.toggle_state("F"), "the F toggle is lit at Fast"
    press(app, "f")
    assert not app.fast and app.storage.settings.speeds[GAME_ID] == "normal"


def test_d_hands_the_humans_seat_to_the_computer_and_back(new_app):
    app = new_app(fast=True)
    scene = selecting(app)
    click_command(app, scene, "D")
    assert scene.demo and scene.demo_played
    for _ in range(20000):  # Perfect's table may still be warming up
        run(app, 1)
        if scene.state.current != 0:
            break
    assert len(scene.state.players[0].turn_scores) == 1, "the computer played Ann's turn"
    press(app, "d")
    assert not scene.demo
    settle(app, scene)  # Cindy plays her turn
    assert scene.choice.prompt_text() == "Press Enter for Ann's turn", "Ann has her seat back"
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.human_to_play() and scene.waiting_to_roll


@pytest.mark.parametrize(
    "entry, kind",
    [
        ("A", AllScoresScene),
        ("T", ScoresScene),
        ("H", HelpScene),
        ("Esc", ChoiceDialog),
    ],
)
def test_entries_that_open_a_screen(new_app, entry, kind):
    app = new_app(fast=True)
    scene = selecting(app)
    click_command(app, scene, entry)
    assert isinstance(app.scenes.top, kind)
    if kind is ScoresScene:
        assert app.scenes.top.game.id == GAME_ID


def test_enter_door_and_hint_entries(new_app):
    app = new_app(fast=True)
    scene = selecting(app)
    click_command(app, scene, "Enter")
    assert app.sounds[-1] == "error", "Enter with no doors says why not"
    scene.cursor = 7
    click_command(app, scene, "1-9")
    assert scene.selection == {7}
    click_command(app, scene, "?")
    for _ in range(20000):  # Perfect's table may still be warming up
        if scene.hint is not None:
            break
        run(app, 1)
    assert scene.hint is not None and "Hint:" in log_text(scene)
    assert command_entry(app, scene, "Enter")[0].word == "Roll"


def test_toggles_flip_from_the_command_line_for_this_run(new_app):
    app = new_app(fast=True, game_flags={"shutbox_toggles": "RNPKD"})
    scene = selecting(app)
    assert {t.letter: scene.controls.toggle_state(t.letter) for t in TOGGLES} == {
        letter: not value for letter, value in SEED_DEFAULTS.items()
    }
    assert GameToggles(new_app()).values == {"R": True, "N": True, "P": True, "K": False}, (
        "a command-line flip is not written down"
    )


def test_the_command_line_letters(capsys):
    options = parse_options(["--shutbox-toggles", "rp"])
    assert options.game_flags["shutbox_toggles"] == "RP" and not options.mono
    options = parse_options(["--shutbox-toggles", "BFT"])
    assert options.mono and options.fast and options.no_save
    with pytest.raises(SystemExit):
        parse_options(["--shutbox-toggles", "RX"])
    assert "unknown toggle 'X'" in capsys.readouterr().err


def test_the_set_up_screen_shows_and_changes_the_remembered_toggles(new_app):
    from game.scenes.shutbox.start import setup_scene

    app = new_app(fast=True)
    GameToggles(app).flip(next(t for t in TOGGLES if t.letter == "R"))  # R off, remembered
    setup = app.push(setup_scene(app))
    labels = {o.key: setup.values[o.key] for o in setup.options}
    assert labels["roll_prompt"] is False, "the set-up shows R as it was left"
    assert labels["speed"] == "fast" and labels["pips"] is True
    pips_row = len(setup.seats) + [o.key for o in setup.options].index("pips")
    setup.row = pips_row
    key(app, pygame.K_RIGHT)
    assert GameToggles(app).values["P"] is False, "changed here, the table has it"
    speed_row = len(setup.seats) + [o.key for o in setup.options].index("speed")
    setup.row = speed_row
    key(app, pygame.K_RIGHT)  # Fast (--fast) -> Normal, kept as the arcade's, not the game's
    assert not app.fast and "speed" not in app.storage.game_options(GAME_ID, {})
    assert app.storage.settings.speeds[GAME_ID] == "normal"


def bar_reads(app) -> dict[str, str]:
    """The command bar as a player reads it (both rows): each key and the word beside it."""
    read = words_on_screen(app, within=pygame.Rect(0, SECOND_ROW_TOP, 640, 2 * BAR_HEIGHT))
    return dict(zip(read[::2], read[1::2]))


def test_every_word_on_the_bar_says_one_thing(new_app):
    app = new_app(fast=True)
    scene = open_game(app, position({1, 2}), faces=[6, 6])
    enter(app)  # Ann's turn
    settle(app, scene)
    enter(app)  # her 12 ends it
    settle(app, scene)
    assert scene.choice.prompt_text() == "Press Enter for Cindy's turn"
    bar = bar_reads(app)
    assert bar["Enter"] == "Next", "Enter goes on to the next turn"
    words = list(bar.values())
    assert len(words) == len(set(words)), f"two keys with one word: {bar}"
    assert (bar["R"], bar["N"], bar["K"]) == ("AskRoll", "AskTurn", "Warn")


def test_a_toggles_square_is_filled_when_on_and_big_enough_to_see(new_app):
    app = new_app(fast=True)
    selecting(app)
    bar = pygame.Rect(0, SECOND_ROW_TOP, 640, BAR_HEIGHT)  # the toggles' row

    def bar_pixels():
        app.draw_scenes(app.display.canvas)
        return {
            (x, y): tuple(app.display.canvas.get_at((x, y)))
            for x in range(bar.left, bar.right)
            for y in range(bar.top, bar.bottom)
        }

    on = bar_pixels()
    press(app, "r")  # the roll prompt off: only its square
    off = bar_pixels()
    changed = [point for point in on if on[point] != off[point]]
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    inside = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert inside == (5, 5), "a 7x7 square's inside empties"
    assert len(changed) == 25
    centre = (min(xs) + 2, min(ys) + 2)
    assert on[centre] != off[centre] == tuple(app.display.canvas.get_at((2, SECOND_ROW_TOP + 2)))
