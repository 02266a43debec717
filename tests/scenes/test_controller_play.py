"""Every screen played with a game controller alone (issue 34): only CONTROLLER* events are
posted (a pad plugged in, its buttons, its sticks, unplugged), never a key or the mouse.

From the title a whole game of each of the four is chosen with the d-pad and A, set up
(a row changed with the d-pad, a name typed on the on-screen keyboard, started from the
command bar by the shoulder buttons and A) and played to its end screen, the Top Ten's
name typed on the on-screen keyboard too. The player's decisions come from the engines
(the hint, a Basic player, the demo's line); every input is a controller's. Then
Settings, Scores, Join, the boss chord, the hot unplug and the glyph families.
"""

from __future__ import annotations

import random
import time
from collections import Counter, deque

import pygame
import pytest

from game import input as keys
from game import lang
from game.engine.farkle import BANK, ROLL, FarkleAction, FarkleState
from game.engine.lucie import DemoPlayer, LucieGame
from game.engine.mille import Action, make_agent
from game.engine.mille.rules import COUP_FOURRE, DISCARD, PLAY_CARD
from game.engine.shutbox import hint as shutbox_hint
from game.net.host import NetHost
from game.scenes.farkle import controls as farkle_controls
from game.scenes.farkle.play import FarkleScene
from game.scenes.join import ADDRESS, CODE, NAME, JoinScene
from game.scenes.lucie.entry import DealNumberEntry
from game.scenes.lucie.play import LucieScene
from game.scenes.mille.play import MilleScene
from game.scenes.mille.scoresheet import ScoreSheetScene, ScoreSoFarScene
from game.scenes.scores import ScoresScene
from game.scenes.settings import SettingsScene
from game.scenes.shutbox import play as shutbox_play
from game.scenes.shutbox.allscores import AllScoresScene
from game.scenes.shutbox.play import ShutBoxScene
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog
from game.shell.name_entry import NameEntryScene
from game.shell.padscreens import ControllerGone, OnScreenKeyboard
from game.shell.registry import registered_games
from game.shell.setup import SetupScene
from game.storage import Storage
from game.table.logview import MoveLogScene
from game.ui import commandbar
from game.ui.widgets import nearest_in_direction
from tests.harness import run, run_until, settle, words_on_screen
from tests.pad_harness import (
    BACK,
    DPAD,
    FULL,
    LEFT_X,
    PS5_NAME,
    RIGHT_Y,
    SWITCH_NAME,
    TRIGGER_LEFT,
    TRIGGER_RIGHT,
    XBOX_NAME,
    FakeDevices,
    Pad,
    erase,
    osk_special,
    osk_type,
)
from tests.scenes.mille.helpers_mille_scene import open_table as open_mille
from tests.scenes.mille.helpers_mille_scene import position as mille_position
from tests.scenes.mille.helpers_mille_scene import seats as mille_seats
from tests.scenes.mille.helpers_mille_scene import tableau

DIRECTIONS = ("up", "down", "left", "right")
BAR_AREA = pygame.Rect(0, commandbar.BAR_TOP - commandbar.BAR_HEIGHT, 640, 40)
MAX_DECISIONS = 3000
SEED = 1  # --seed: the same dice and deals every run (with it Ann wins her Farkle game)


@pytest.fixture
def devices(monkeypatch) -> FakeDevices:
    """SDL's controllers, as the App opens them: named by the test."""
    return FakeDevices().install(monkeypatch)


@pytest.fixture
def pad_app(new_app, devices):
    """A fast, silent app on the title, with one controller plugged in (Xbox's unless the
    test plugs another)."""

    def make(name: str = XBOX_NAME, **flags):
        flags.setdefault("fast", True)
        flags.setdefault("seed", SEED)
        app = new_app(**flags)
        pad = Pad(app, devices).plug(name)
        return app, pad

    return make


# -- moving about ---------------------------------------------------------------------------
def choose_game(pad: Pad, game_id: str) -> None:
    """From the title: the d-pad to the game's tile, A."""
    title = pad.app.scenes.top
    ids = [info.id for info in registered_games()]
    assert title.row == 0
    while ids[title.col] != game_id:
        pad.dpad("right")
    pad.press("a")


def choose_in_dialog(pad: Pad, key: str) -> None:
    """The answer of the dialog on top with this key: the d-pad to its button, A."""
    dialog = pad.app.scenes.top
    assert isinstance(dialog, ChoiceDialog), dialog
    index = next(i for i, (k, _label, _act) in enumerate(dialog.choices) if k == key)
    while dialog.focus != index:
        pad.dpad("right")
    pad.press("a")


def type_into(pad: Pad, entry, text: str) -> None:
    """A name box (or a deal number) on top: A brings up the on-screen keyboard, X erases
    what was there, the d-pad and A type, Start is done."""
    assert entry is pad.app.scenes.top and entry.on_screen_keyboard
    pad.press("a")
    keyboard = pad.app.scenes.top
    assert isinstance(keyboard, OnScreenKeyboard) and keyboard.target is entry
    erase(pad, len(entry.text))
    assert entry.text == ""
    osk_type(pad, keyboard, text)
    assert entry.text == text
    pad.press("start")
    assert keyboard not in pad.app.scenes and entry not in pad.app.scenes


def set_up(pad: Pad, name: str, changes: dict[int, int]) -> SetupScene:
    """The set-up on top: seat 1's name typed on the on-screen keyboard, rows changed
    with the d-pad (row -> presses right, or left when negative), the game started with
    the shoulder buttons' walk to Start and A."""
    setup = pad.app.scenes.top
    assert isinstance(setup, SetupScene)
    assert setup.row == 0
    pad.press("a")  # Enter on seat 1: its name
    type_into(pad, pad.app.scenes.top, name)
    assert setup.seats[0].name == name and pad.app.scenes.top is setup
    for row, steps in sorted(changes.items()):
        pad.dpad("down", row - setup.row)
        assert setup.row == row
        pad.dpad("right" if steps > 0 else "left", abs(steps))
    pad.bar_command("s")
    return setup


def path_between(points, start, goal) -> list[str]:
    """The d-pad presses that take a focus moved by nearest_in_direction from `start` to
    `goal` over `points` (breadth first: the fewest presses)."""
    return d_pad_path(
        lambda here, direction: nearest_in_direction(points, points[here], direction),
        start,
        goal,
    )


def d_pad_path(step, start, goal) -> list[str]:
    """The fewest d-pad presses from `start` to `goal`, where `step(here, direction)` is
    where one press leads (None or `here`: nowhere)."""
    before = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for direction in DIRECTIONS:
            there = step(here, direction)
            if there is not None and there not in before:
                before[there] = (here, direction)
                queue.append(there)
    assert goal in before, f"the d-pad cannot reach {goal} from {start}"
    path = []
    while before[goal] is not None:
        goal, direction = before[goal]
        path.append(direction)
    return path[::-1]


def enter_top_ten_name(pad: Pad, name: str) -> None:
    entry = pad.app.scenes.top
    assert isinstance(entry, NameEntryScene), entry
    type_into(pad, entry, name)


def leave_scores(pad: Pad) -> None:
    scores = pad.app.scenes.top
    assert isinstance(scores, ScoresScene)
    pad.press("b")
    assert scores not in pad.app.scenes


# -- La Belle Lucie ---------------------------------------------------------------------------
LUCIE_DEAL = "2"  # won after both shuffles, with the draw of a buried TD


def ring_to(pad: Pad, scene: LucieScene, target) -> None:
    """The d-pad moves Lucie's ring to a card (or the deck)."""
    controls = scene.controls
    for _ in range(3):  # the first press rings a card; one moved away rings its fan's top
        if controls.keyed and controls.hover in controls.ring_targets():
            break
        pad.dpad("right")
    for direction in path_between(controls.ring_targets(), controls.hover, target):
        pad.dpad(direction)
    assert controls.hover == target


def test_a_hand_of_la_belle_lucie_by_controller(pad_app):
    """The deal chosen by its number (N on the bar, the dialog, the keyboard's digits),
    every card played by the ring and A, the shuffles by X, to the end's dialog."""
    app, pad = pad_app(SWITCH_NAME)
    choose_game(pad, "lucie")
    assert isinstance(app.scenes.top, SetupScene)  # Deals: any deal, as it stands
    pad.bar_command("s")
    scene = app.scenes.top
    assert isinstance(scene, LucieScene)
    pad.bar_command("new_hand")  # New hand: a dialog
    choose_in_dialog(pad, "D")
    entry = app.scenes.top
    assert isinstance(entry, DealNumberEntry)
    type_into(pad, entry, LUCIE_DEAL)
    scene = app.scenes.top
    assert isinstance(scene, LucieScene) and scene.game.deal == int(LUCIE_DEAL)

    reference = LucieGame.new(int(LUCIE_DEAL))
    player = DemoPlayer()
    for _ in range(MAX_DECISIONS):
        settle(app, scene)
        if reference.is_over:
            break
        action = player.choose(reference.position)
        assert action, "the demo's line wins this deal"
        if action == "redeal":
            pad.press("x")  # X: Shuffle
        else:
            fan, index = scene.shown.now.find(action)
            ring_to(pad, scene, (fan, index))
            pad.press("a")
        reference.apply(action)
        assert scene.game.position == reference.position, f"after {action}"
    assert scene.game.is_won
    run(app, 2)
    settle(app, scene)
    dialog = app.scenes.top
    assert isinstance(dialog, ChoiceDialog) and dialog.title == "You won!"
    assert app.storage.stats("lucie").won == 1
    choose_in_dialog(pad, "T")  # See table
    assert app.scenes.top is scene and scene.finished


# -- Farkle ---------------------------------------------------------------------------------
BANK_AT = 350  # the person's simple plan: bank from this turn total when allowed


def farkle_plan(state: FarkleState) -> tuple[tuple[int, ...], bool]:
    """Hold every scoring die; bank once the turn is worth BANK_AT and the rules allow."""
    held = state.best_hold()
    total = state.turn_points + state.hold_points(held)
    left = len(state.roll) - len(held)
    bank = state.bank_refusal(held) is None and (total >= BANK_AT or 0 < left <= 2)
    return held, bank


def farkle_cursor_to(pad: Pad, scene: FarkleScene, stop: int) -> None:
    """The d-pad moves Farkle's cursor round the ring of dice (and to the blank die)."""
    stops = sorted(scene.presenter.slot_of) + [farkle_controls.CURSOR_CENTRE]
    if scene.cursor not in stops:
        pad.dpad("right")  # the first press puts the cursor on the first die
    path = d_pad_path(
        lambda here, d: farkle_controls.nearest_stop(here, stops, farkle_controls.DIRECTIONS[d]),
        scene.cursor,
        stop,
    )
    for direction in path:
        pad.dpad(direction)
    assert scene.cursor == stop


def test_a_whole_game_of_farkle_by_controller(pad_app):
    """Against the Expert to 5,000 (the set-up's Game score row changed by the d-pad):
    dice held one by one with the cursor and A, or all at once on the blank die; X rolls,
    Y banks (Next); the Top Ten's name on the on-screen keyboard."""
    app, pad = pad_app(XBOX_NAME)
    choose_game(pad, "farkle")
    # Seat 2 from the Expert down to Cautious; the Game score row from 10,000 to 5,000.
    setup = set_up(pad, "Ann", {1: -2, 4: 1})
    assert setup.values["target"] == 5000 and setup.seats[1].level == "cautious"
    scene = app.scenes.top
    assert isinstance(scene, FarkleScene)
    assert scene.state.options.target == 5000 and scene.name(0) == "Ann"
    intended = []
    turns = 0
    for _ in range(MAX_DECISIONS):
        settle(app, scene)
        if scene.finished or scene.state.is_over:
            break
        assert app.scenes.top is scene and scene.waiting_for_human
        state = scene.state
        held, bank = farkle_plan(state)
        turns += 1
        if turns % 3 == 0:
            farkle_cursor_to(pad, scene, farkle_controls.CURSOR_CENTRE)
            pad.press("a")  # the blank die holds every scoring die
        else:
            for index in held:
                if index not in scene.selected:
                    farkle_cursor_to(pad, scene, scene.presenter.slot_of[index])
                    pad.press("a")
        assert scene.selected == set(held), "the dice pressed are the dice held"
        intended.append(FarkleAction(BANK if bank else ROLL, tuple(held)))
        before = len(scene.history)
        pad.press("y" if bank else "x")
        assert scene.history[before] == intended[-1], "the table played what was pressed"
    else:
        raise AssertionError("the game did not end")
    settle(app, scene)
    assert scene.state.is_over and scene.finished
    # The Top Ten was empty: Ann's score makes it, and asks her name.
    enter_top_ten_name(pad, "Annie")
    leave_scores(pad)
    entries = app.storage.top_ten("farkle").entries
    assert [(e.name, e.score) for e in entries] == [("Annie", scene.state.scores[0])]
    assert app.scenes.top is scene
    assert app.storage.stats("farkle").played == 1
    assert {a.kind for a in intended} == {BANK, ROLL}


# -- Shut The Box ---------------------------------------------------------------------------
def shutbox_cursor_to(pad: Pad, scene: ShutBoxScene, door: int) -> None:
    """The d-pad's left and right move the cursor along the doors (round the end)."""
    right = (door - scene.cursor) % 9
    pad.dpad("right" if right <= 9 - right else "left", min(right, 9 - right))
    assert scene.cursor == door


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_a_whole_game_of_shut_the_box_by_controller(pad_app, code):
    """Against the Pub player (seat 2 changed with the d-pad): doors chosen by the
    cursor and shut with Down or X, as the hint would; A rolls and goes on; the Top Ten's
    name on the on-screen keyboard, then the Top Ten, then the final table. In every
    language (their longer words crowd the bar beside the pad's buttons)."""
    app, pad = pad_app(PS5_NAME, lang=code)
    choose_game(pad, "shutbox")
    setup = set_up(pad, "Ann", {1: -1})
    assert setup.seats[1].level == "pub"
    scene = app.scenes.top
    assert isinstance(scene, ShutBoxScene)
    assert [p.name for p in scene.state.players] == ["Ann", setup.seats[1].name]
    by_x = False
    for _ in range(MAX_DECISIONS):
        settle(app, scene)
        if app.scenes.top is not scene:
            break
        if scene.mode in (shutbox_play.NEXT_PROMPT_WAIT, shutbox_play.ROLL_PROMPT_WAIT):
            pad.press("a")  # "Press Enter for Cindy's turn", "Roll the dice"
            continue
        state = scene.state
        assert scene.mode == shutbox_play.SELECTING and state.current == 0
        doors = shutbox_hint(state).doors
        shuts_the_box = doors == state.open_doors
        for door in sorted(doors):
            shutbox_cursor_to(pad, scene, door)
            by_x = not by_x
            pad.press("x") if by_x else pad.dpad("down")
        if not shuts_the_box:
            assert scene.selection == set(doors)
            pad.press("a")
        assert state.current != 0 or state.shut_doors >= doors, "the doors are shut"
    else:
        raise AssertionError("the game did not end")
    assert scene.state.is_over
    total = scene.state.players[0].total
    enter_top_ten_name(pad, "Annie")
    leave_scores(pad)
    assert [(e.name, e.score) for e in app.storage.top_ten("shutbox").entries] == [("Annie", total)]
    assert app.scenes.top is scene and scene.finished
    assert app.storage.stats("shutbox").played == 1


# -- Mille Bornes ---------------------------------------------------------------------------
def mille_decide(pad: Pad, scene: MilleScene, action) -> str:
    """One decision with the pad: a question's answer by the button its letter claims (X
    Coup fourré or Extend, Y Pass or Stop), a card chosen by the d-pad, A plays it (Up and
    Down then A choose on whom when it may go on several sides), X discards it."""
    prompt = scene.prompt()
    if prompt is not None:
        key = next(k for k, _label, answer in prompt.answers if answer == action)
        if len(prompt.answers) == 1:
            pad.press("a")
            return "A"
        claimed = next(c.pad for c in scene.bar() if c.action.char == key.lower())
        pad.bar_command(key.lower())
        return f"{claimed or 'bar'}:{key}"
    index = scene.hands.hand_order.index(action.card)
    count = len(scene.hands.hand_order)
    if scene.choice.selected is None:
        pad.dpad("right")  # the first press chooses the first card
    right = (index - scene.choice.selected) % count
    pad.dpad("right" if right <= count - right else "left", min(right, count - right))
    assert scene.choice.selected == index
    if action.verb == DISCARD:
        pad.press("x")
        return "discard"
    assert action.verb == PLAY_CARD
    pad.press("a")
    if not scene.choice.targets:
        return "play"
    wanted = scene.choice.targets.index(action)
    while scene.choice.target_index != wanted:
        pad.dpad("down")
    pad.press("a")
    return "target"


@pytest.mark.slow
def test_a_whole_game_of_mille_bornes_by_controller(pad_app):
    """Against the Basic player (seat 2 changed by the d-pad), the person's choices those
    of a Basic player of their own: every card and answer by the pad, every hand's score
    sheet gone on from with A, to 5,000 and the Top Ten."""
    app, pad = pad_app(XBOX_NAME)
    choose_game(pad, "mille")
    setup = set_up(pad, "Ann", {1: -1})
    assert setup.seats[1].level == "basic"
    scene = app.scenes.top
    assert isinstance(scene, MilleScene) and scene.name(0) == "Ann"
    planner = make_agent("basic", random.Random(0))
    sheets = names = 0
    ways = Counter()
    for _ in range(MAX_DECISIONS):
        settle(app, scene)
        top = app.scenes.top
        if isinstance(top, ScoreSheetScene):
            sheets += 1
            for _press in range(2):  # all its lines, then on
                if app.scenes.top is top:
                    pad.press("a")
            assert app.scenes.top is not top
            continue
        if isinstance(top, NameEntryScene):
            names += 1
            enter_top_ten_name(pad, "Annie")
            continue
        if isinstance(top, ScoresScene):
            leave_scores(pad)
            continue
        if scene.finished:
            break
        assert top is scene
        seat = scene.state.to_act
        action = planner.choose(scene.state.observation(seat), scene.legal())
        before = len(scene.history)
        ways[mille_decide(pad, scene, action)] += 1
        assert scene.history[before] == action, "the table played what was pressed"
    else:
        raise AssertionError("the game did not end")
    print(f"Ann's decisions by the pad: {dict(ways)}")
    assert {"play", "discard"} <= set(ways)
    assert max(scene.state.scores) >= 5000
    assert sheets == scene.state.hand_number, "a score sheet for every hand"
    assert names == 1
    assert app.storage.top_ten("mille").entries[0].name == "Annie"
    assert app.storage.stats("mille").played == 1
    assert app.scenes.top is scene


def attacked_with_driving_ace(app):
    """Cindy's one play is an Accident on Ann, who holds Driving Ace: the coup fourré
    question waits for Ann."""
    state = mille_position(
        ["driving_ace 100 75 50 25 gasoline", "accident 25 50 75 100 200"],
        [tableau("roll", "", "100"), tableau()],
        to_act=1,
    )
    scene = open_mille(app, mille_seats("", "basic"), state)
    settle(app, scene)
    assert scene.state.phase == COUP_FOURRE and scene.state.to_act == 0
    return scene


@pytest.mark.parametrize("button, declared", [("x", True), ("y", False)])
def test_mille_questions_by_x_and_y(pad_app, button, declared):
    """X declares the coup fourré, Y lets it pass: the bar shows them on those buttons."""
    app, pad = pad_app()
    scene = attacked_with_driving_ace(app)
    claims = {c.action.char: c.pad for c in scene.bar() if c.action.name == "char"}
    assert claims["c"] == "x" and claims["p"] == "y"
    pad.press(button)
    ann = scene.state.tableaux[0]
    assert (ann.coups_fourres == ["driving_ace"]) == declared
    assert ("driving_ace" in scene.state.hands[0]) != declared


def test_mille_hazard_on_whom_by_the_d_pad(pad_app):
    """Three sides: Ann's Stop may go on Cindy or Greg; A asks on whom, Down chooses Greg,
    B chooses again, A and A play it on the first."""
    app, pad = pad_app()
    state = mille_position(
        ["stop 25 50 75 100 200 gasoline", "25 50 75 100 200 repairs", "25 50 75 100 200 repairs"],
        [tableau("roll"), tableau("roll"), tableau("roll")],
        players=3,
    )
    scene = open_mille(app, mille_seats("", "basic", "basic"), state)
    settle(app, scene)
    index = scene.hands.hand_order.index("stop")
    pad.dpad("right", index + 1)
    assert scene.selected_card == "stop"
    pad.press("a")
    assert [a.side for a in scene.choice.targets] == [1, 2]
    pad.dpad("down")
    assert scene.choice.target_index == 1
    pad.press("b")
    assert not scene.choice.targets and not scene.history, "B chooses again"
    stop = Action(PLAY_CARD, "stop", 2)
    assert mille_decide(pad, scene, stop) == "target"
    assert scene.history[0] == stop


# -- Join -------------------------------------------------------------------------------------
def test_join_is_left_with_b(pad_app):
    """B leaves Join (its Esc) rather than bringing up the keyboard; B on the keyboard puts
    it away first."""
    app, pad = pad_app()
    title = app.scenes.top
    pad.bar_command("j")
    join = app.scenes.top
    assert isinstance(join, JoinScene)
    pad.press("a")
    assert isinstance(app.scenes.top, OnScreenKeyboard)
    pad.press("b")
    assert app.scenes.top is join
    pad.press("b")
    assert app.scenes.top is title


def wait_for(app, until, seconds: float = 60.0) -> None:
    """Run the app until `until()`: what the network thread brings (the bound is never
    reached when all is well)."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "it never came"
        run(app, 1)
        time.sleep(0.002)


HOST_CODE = "K7QXR2M9"


@pytest.fixture
def host():
    """A table open to guests on this machine (its network side only)."""
    server = NetHost(HOST_CODE, {1: "Guest"}, "mille", port=0, bind="127.0.0.1")
    server.port = server.start()
    yield server
    server.stop()


def test_join_typed_on_the_on_screen_keyboard(pad_app, host):
    """The address, the code and the name typed with the d-pad and A (X erases, Next
    field moves on, Start sends): a short code is refused at once, the full but wrong one
    by the host, so every field arrived as typed."""
    app, pad = pad_app(PS5_NAME)
    pad.bar_command("j")  # the shoulders to J Join on the title's bar, A
    join = app.scenes.top
    assert isinstance(join, JoinScene) and join.field == ADDRESS
    pad.press("a")
    keyboard = app.scenes.top
    assert isinstance(keyboard, OnScreenKeyboard) and keyboard.target is join
    erase(pad, len(join.values["address"]))
    osk_type(pad, keyboard, f"127.0.0.1:{host.port}")
    osk_special(pad, keyboard, "tab")
    assert join.field == CODE
    osk_type(pad, keyboard, "k7qx")
    pad.press("start")  # Done: Enter on Join
    assert app.scenes.top is join and "8 letters" in join.problem
    assert join.field == CODE and join.client is None
    pad.press("a")  # the keyboard again, on the code
    keyboard = app.scenes.top
    assert isinstance(keyboard, OnScreenKeyboard)
    osk_type(pad, keyboard, "r2m8")
    osk_special(pad, keyboard, "tab")
    assert join.field == NAME
    erase(pad, len(join.values["name"]))
    osk_type(pad, keyboard, "Bea Z")
    pad.press("start")
    assert join.values == {
        "address": f"127.0.0.1:{host.port}",
        "code": "K7QXR2M8",
        "name": "Bea Z",
        "seat": "",
    }
    wait_for(app, lambda: bool(join.problem))
    assert "wrong table code" in join.problem and join.client is None
    pad.press("b")
    assert not isinstance(app.scenes.top, JoinScene)


# -- Settings and Scores -----------------------------------------------------------------------
def title_button(pad: Pad, label: str) -> None:
    """On the title: Down to the buttons, the d-pad along them to `label`, A."""
    title = pad.app.scenes.top
    if title.row == 0:
        pad.dpad("down")
    labels = [button.label for button in title.buttons]
    while labels[title.col] != label:
        pad.dpad("right")
    pad.press("a")


def test_settings_changed_and_left_by_controller(pad_app):
    """The d-pad chooses rows, A flips one, the left stick turns the volume down, the
    language is changed and changed back; B goes back to the title, every change kept."""
    app, pad = pad_app()
    settings = app.storage.settings
    coach, volume = settings.coach, settings.effects_volume
    title = app.scenes.top
    title_button(pad, "Settings")
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    labels = [item.label for item in scene.menu.items]

    def row(label: str) -> None:
        target = labels.index(label)
        while scene.menu.selected != target:
            pad.dpad("down")

    row("Coach mode")
    pad.press("a")
    assert settings.coach == (not coach)
    row("Effects volume")
    for _ in range(2):  # the stick pushed left and let go: one step each time
        pad.axis(LEFT_X, -FULL)
        pad.axis(LEFT_X, 0)
    assert settings.effects_volume == round(volume - 0.2, 2)
    row("Language")
    pad.dpad("right")
    assert lang.language() == "fr"
    pad.dpad("left")
    assert lang.language() == "en"
    pad.press("b")
    assert app.scenes.top is title
    app.storage.flush()
    stored = Storage(app.options.data_dir).settings
    assert stored.coach == (not coach) and stored.effects_volume == settings.effects_volume


def test_scores_paged_by_controller(pad_app):
    """Left and right on the d-pad choose the game, Down and the triggers turn the page;
    Reset is reached by the shoulders, and A on its question's No erases nothing."""
    app, pad = pad_app()
    app.storage.add_to_top_ten("shutbox", "Ann", 40, {})
    title_button(pad, "Scores")
    scores = app.scenes.top
    assert isinstance(scores, ScoresScene) and scores.page == "Records"
    ids = [info.id for info in scores.games]
    pad.dpad("right", ids.index("shutbox") - scores.index)
    assert scores.game.id == "shutbox"
    pad.dpad("down")
    assert scores.page == "Progress"
    pad.axis(TRIGGER_RIGHT, FULL)  # RT: the next page
    pad.axis(TRIGGER_RIGHT, 0)
    assert scores.page == "Medals"
    pad.axis(TRIGGER_LEFT, FULL)  # LT
    assert scores.page == "Progress"
    pad.axis(TRIGGER_LEFT, 0)
    pad.bar_command("r")  # R Reset: a question, No in focus
    assert isinstance(app.scenes.top, ChoiceDialog)
    pad.press("a")
    assert app.scenes.top is scores and app.storage.top_ten("shutbox").entries
    pad.dpad("left")
    assert scores.game.id != "shutbox"
    pad.press("b")
    assert not isinstance(app.scenes.top, ScoresScene)


# -- the boss chord ------------------------------------------------------------------------
def open_shutbox_against_computer(app, pad: Pad) -> ShutBoxScene:
    """Shut The Box from the title, the set-up started at once: Ann against the computer."""
    choose_game(pad, "shutbox")
    pad.bar_command("s")
    scene = app.scenes.top
    assert isinstance(scene, ShutBoxScene)
    return scene


def test_back_and_start_together_are_the_boss_key_and_alone_help_and_the_menu(pad_app):
    app, pad = pad_app()
    title = app.scenes.top
    pad.boss()
    boss = app.scenes.top
    assert boss.is_boss_screen
    pad.press("a")  # the phony screen keeps the buttons to itself
    assert app.scenes.top is boss
    pad.boss()
    assert app.scenes.top is title

    scene = open_shutbox_against_computer(app, pad)
    settle(app, scene)
    ticks = scene.ticks
    pad.boss()
    assert app.scenes.top.is_boss_screen
    run(app, 120)
    assert scene.ticks == ticks, "the table beneath stands still"
    pad.boss()
    assert app.scenes.top is scene
    assert not any(s.is_help_screen for s in app.scenes), "the chord opened no help"
    # Alone, each acts as it is let go: Back help, Start the menu.
    pad.down(BACK)
    run(app, 1)
    assert app.scenes.top is scene
    pad.up(BACK)
    run(app, 1)
    assert app.scenes.top.is_help_screen
    pad.press("b")
    assert app.scenes.top is scene
    pad.press("start")
    menu = app.scenes.top
    assert isinstance(menu, ChoiceDialog) and menu.choices[-1][0] == "R"
    pad.press("a")  # Resume has the focus
    assert app.scenes.top is scene


# -- hot plug --------------------------------------------------------------------------------
def computer_to_play(app, pad: Pad) -> ShutBoxScene:
    """A Shut The Box table where the computer plays on by itself: Ann's seat handed to
    the computer (the set-up's row 1 turned to Computer)."""
    choose_game(pad, "shutbox")
    setup = app.scenes.top
    for _step in range(6):  # seat 1: Human (then with each device) -> Computer (Beginner)
        if setup.seats[0].is_computer:
            break
        pad.dpad("right")
    pad.bar_command("s")
    scene = app.scenes.top
    assert isinstance(scene, ShutBoxScene)
    assert all(p.computer for p in scene.state.players)
    return scene


def test_unplugging_the_pad_pauses_the_game_until_it_is_back(pad_app):
    app, pad = pad_app()
    scene = computer_to_play(app, pad)
    run(app, 5)
    pad.unplug()
    gone = app.scenes.top
    assert isinstance(gone, ControllerGone)
    frozen = (scene.ticks, scene.state.to_json())
    run(app, 300)
    assert (scene.ticks, scene.state.to_json()) == frozen, "the table stands still"
    pad.plug()  # the same pad again: the game goes on
    assert app.scenes.top is scene
    run(app, 300)
    assert scene.ticks > frozen[0] and scene.state.to_json() != frozen[1]


def test_a_button_of_another_pad_resumes_after_an_unplug(pad_app, devices):
    app, pad = pad_app()
    scene = computer_to_play(app, pad)
    other = Pad(app, devices, device_index=1).plug(PS5_NAME)
    pad.unplug()
    assert isinstance(app.scenes.top, ControllerGone)
    ticks = scene.ticks
    run(app, 60)
    assert scene.ticks == ticks
    other.press("a")
    assert app.scenes.top is scene
    run(app, 5)
    assert scene.ticks > ticks
    assert app.pad_layout.name == "playstation", "the bar shows the other pad's buttons"


def test_unplugging_a_pad_not_played_or_away_from_a_game_pauses_nothing(pad_app, devices):
    app, pad = pad_app()
    title = app.scenes.top
    pad.unplug()  # on the title: a notice only
    assert app.scenes.top is title
    pad.plug()
    scene = computer_to_play(app, pad)
    idle = Pad(app, devices, device_index=1).plug(SWITCH_NAME)
    idle.unplug()  # plugged in, never pressed: no pause
    assert app.scenes.top is scene


# -- the glyphs -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, shown, absent",
    [
        (XBOX_NAME, {"A", "B", "View"}, {"Share", "-"}),
        (PS5_NAME, {"Share"}, {"A", "B", "View"}),
        (SWITCH_NAME, {"A", "B", "-"}, {"View", "Share"}),
        ("Generic USB Gamepad", {"A", "B", "View"}, {"Share"}),
    ],
)
def test_the_bar_shows_the_pad_family_s_buttons(pad_app, name, shown, absent):
    """The title's bar (Enter Play, Esc Quit, H Help) once the pad is used: its buttons'
    labels, PlayStation's face buttons drawn as shapes; nothing before it is used."""
    app, pad = pad_app(name)
    assert app.pad_layout is None, "plugged in, not used yet: keys"
    pad.dpad("right")
    words = words_on_screen(app, BAR_AREA)
    assert shown <= set(words) and not (absent & set(words)), words
    assert "Enter" not in words and "Esc" not in words
    assert app.command_bar.pad is app.pad_layout


def test_playstation_shapes_are_drawn_on_the_bar(pad_app):
    app, pad = pad_app(PS5_NAME)
    pad.dpad("right")
    drawn = []
    real = commandbar.draw_glyph

    def spy(canvas, glyph, *args, **kwargs):
        drawn.append(glyph)
        return real(canvas, glyph, *args, **kwargs)

    commandbar.draw_glyph = spy
    try:
        app.draw_scenes(app.display.canvas)
    finally:
        commandbar.draw_glyph = real
    assert {keys.CROSS, keys.CIRCLE, "Share"} <= set(drawn), drawn


def test_the_shoulders_light_each_entry_in_turn(pad_app):
    """RB walks the title's bar left to right, round the end; LB back; B leaves it."""
    app, pad = pad_app()
    title = app.scenes.top
    commands = title.bar()
    order = app.command_bar.in_order(commands)
    seen = []
    for _ in range(len(order) + 1):
        pad.press("rb")
        seen.append(app.bar_focus)
    assert seen == order + order[:1]
    pad.press("lb")
    assert app.bar_focus == order[-1]
    pad.press("b")
    assert app.bar_focus is None and app.scenes.top is title, "B left the bar, not the title"


# -- help ------------------------------------------------------------------------------------
def test_help_is_back_and_its_pages_turn_with_the_d_pad_and_triggers(pad_app):
    app, pad = pad_app()
    title = app.scenes.top
    pad.press("back")
    help_screen = app.scenes.top
    assert help_screen.is_help_screen and help_screen.page == 0
    pad.dpad("right")
    assert help_screen.page == 1
    pad.axis(TRIGGER_RIGHT, FULL)
    pad.axis(TRIGGER_RIGHT, 0)
    assert help_screen.page == 2
    pad.dpad("left")
    assert help_screen.page == 1
    pad.press("back")  # Back again closes it, as H does
    assert app.scenes.top is title
    pad.press("back")
    pad.press("b")
    assert app.scenes.top is title


@pytest.mark.parametrize("layout", [keys.XBOX, keys.PLAYSTATION, keys.NINTENDO])
def test_a_crowded_bar_with_a_pad_cuts_its_words_and_keeps_every_button(pad_app, layout):
    """Long Polish words on a full bar: cut short as with keys (a crash once, the room
    inside an entry taken for the pad's glyphs), every claimed button still drawn."""
    pad_app()
    words = ["Zatrzymaj", "Wszystkie", "Podpowiedź", "Błyskawiczne", "Przeciwnik"] * 3
    commands = [commandbar.char_command(chr(ord("A") + i), w) for i, w in enumerate(words)]
    commands[0] = commandbar.Command("X", words[0], commands[0].action, pad="x")
    commands[1] = commandbar.named_command("Enter", words[1], "confirm")
    bar = commandbar.CommandBar()
    bar.pad = layout
    rects = bar.layout(commands)
    assert len(rects) == len(commands)
    assert all(0 <= r.left and r.right <= 640 for r in rects)
    assert commandbar.shown_key(commands[0], layout) == layout.glyphs["x"]
    assert commandbar.shown_key(commands[1], layout) == layout.glyphs["a"]


# -- leaving and coming back -----------------------------------------------------------------
def test_a_game_left_by_the_menu_is_continued_by_controller(pad_app):
    """Start opens the table's menu, Q Quit (the d-pad to it, A) keeps the game; its tile
    asks Continue or New game, and Continue brings the same game back."""
    app, pad = pad_app()
    scene = open_shutbox_against_computer(app, pad)
    settle(app, scene)
    pad.press("a")  # Ann's turn: on to the roll
    settle(app, scene)
    pad.press("a")  # the roll
    settle(app, scene)
    state = scene.state.to_json()
    pad.press("start")
    choose_in_dialog(pad, "Q")
    title = app.scenes.top
    assert isinstance(title, TitleScene) and scene not in app.scenes
    assert app.storage.has_saved_game("shutbox")
    choose_game(pad, "shutbox")
    choose_in_dialog(pad, "C")
    again = app.scenes.top
    assert isinstance(again, ShutBoxScene) and again is not scene
    assert again.state.to_json() == state


def test_b_leaves_a_deal_number_and_a_name_as_esc_does(pad_app):
    """B on a text box is its Esc: the deal number asked is dropped, the hand goes on;
    a seat's name keeps the one shown."""
    app, pad = pad_app()
    choose_game(pad, "lucie")
    pad.bar_command("s")  # the set-up's Start
    scene = app.scenes.top
    deal = scene.game.deal
    pad.bar_command("new_hand")
    choose_in_dialog(pad, "D")
    assert isinstance(app.scenes.top, DealNumberEntry)
    pad.press("b")
    assert app.scenes.top is scene and scene.game.deal == deal
    pad.press("start")
    choose_in_dialog(pad, "Q")
    choose_game(pad, "shutbox")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    name = setup.seats[0].name
    pad.press("a")
    assert isinstance(app.scenes.top, NameEntryScene)
    pad.press("b")
    assert app.scenes.top is setup and setup.seats[0].name == name


def test_a_held_d_pad_repeats_in_the_app_s_ticks(pad_app, monkeypatch):
    """Held, the d-pad moves once at once, again after REPEAT_DELAY_TICKS, then every
    REPEAT_EVERY_TICKS; let go, never again."""
    app, pad = pad_app()
    moves = []
    real = app.press
    monkeypatch.setattr(app, "press", lambda action: (moves.append(action.name), real(action)))
    pad.down(DPAD["right"])
    run(app, 1)
    assert moves == ["right"]
    run(app, keys.REPEAT_DELAY_TICKS - 2)
    assert moves == ["right"]
    run(app, 1 + 4 * keys.REPEAT_EVERY_TICKS)
    assert moves == ["right"] * 6
    pad.up(DPAD["right"])
    run(app, 60)
    assert moves == ["right"] * 6


def test_unplugging_the_pad_behind_the_boss_screen_shows_nothing_over_it(pad_app, monkeypatch):
    """The phony screen stays phony: the pause is not drawn over it (the table beneath is
    frozen by it anyway)."""
    app, pad = pad_app()
    scene = computer_to_play(app, pad)
    pad.boss()
    boss = app.scenes.top
    assert boss.is_boss_screen
    notices = []
    monkeypatch.setattr(app, "notify", notices.append)
    pad.unplug()
    assert app.scenes.top is boss
    assert not any(isinstance(s, ControllerGone) for s in app.scenes)
    pad.plug()
    assert notices == [], "no notice either"
    pad.boss()
    assert app.scenes.top is scene


# -- the tables' own screens ---------------------------------------------------------------------
#: Each table's screens of its own reached from the bar: (its entry's char, the screen).
OWN_SCREENS = {
    "farkle": [],
    "lucie": [],
    "shutbox": [("a", AllScoresScene), ("t", ScoresScene)],
    "mille": [("s", ScoreSoFarScene)],
}


@pytest.mark.parametrize("game_id", ["farkle", "lucie", "shutbox", "mille"])
def test_every_table_s_log_hint_and_own_screens_by_controller(pad_app, game_id):
    """The move log (the shoulders to Log, A; the d-pad scrolls; B closes), the hint
    (Y where it claims it, else the shoulders), the table's own score screens, and the
    menu by Start; every one left with B."""
    app, pad = pad_app()
    choose_game(pad, game_id)
    if isinstance(app.scenes.top, SetupScene):
        pad.bar_command("s")
    scene = app.scenes.top
    settle(app, scene)
    if game_id == "shutbox":
        pad.press("a")  # "Press Enter for your turn": the dice come first
        settle(app, scene)
        pad.press("a")
        settle(app, scene)
    pad.bar_command("log")
    log = app.scenes.top
    assert isinstance(log, MoveLogScene)
    pad.dpad("up")
    pad.axis(RIGHT_Y, FULL)  # the right stick scrolls too
    pad.axis(RIGHT_Y, 0)
    pad.press("b")
    assert app.scenes.top is scene
    assert scene.hint is None
    pad.bar_command("hint")
    run_until(app, lambda: scene.hint is not None, 2000)
    for char, kind in OWN_SCREENS[game_id]:
        pad.bar_command(char)
        assert isinstance(app.scenes.top, kind), app.scenes.top
        pad.press("b")
        assert app.scenes.top is scene
    pad.press("start")
    menu = app.scenes.top
    assert isinstance(menu, ChoiceDialog)
    pad.press("b")  # Esc: Resume
    assert app.scenes.top is scene


def test_farkle_s_hold_shows_a_on_the_bar(pad_app):
    """A holds the die at the cursor, as Enter and Space do: the bar says so."""
    app, pad = pad_app()
    choose_game(pad, "farkle")
    pad.bar_command("s")
    scene = app.scenes.top
    settle(app, scene)
    hold = next(c for c in scene.bar() if c.key == "1-6")
    assert commandbar.shown_key(hold, app.pad_layout) == "A"
    index = min(scene.state.holdable_indices())
    farkle_cursor_to(pad, scene, scene.presenter.slot_of[index])
    pad.bar_command(hold)  # the shoulders to it, A: as A on the die itself
    assert index in scene.selected
