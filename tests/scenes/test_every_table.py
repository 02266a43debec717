"""What every table does the same way, checked once over every registered game (and over
the games that exist only for the tests, tests/games/*): saving and Continue, damaged
saves, the Esc menu (and where its New game leads), demo, fast mode, the end of a game in the records, the boss key and
the keys every table shares.

Each game hands in its tables through GameInfo.examples (game.table.TableExamples): a new
game with a person here against the computer, and a game one move from that person's win.
"""

from __future__ import annotations

import importlib
import json
import pkgutil

import pygame
import pytest

import tests.games
from game.display import CANVAS_SIZE
from game.scenes.boss import BossScene
from game.scenes.help import HelpScene
from game.scenes.scores import ScoresScene
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog
from game.shell.name_entry import NameEntryScene
from game.shell.registry import GameInfo, game_info, load_games, register_game, unregister_game
from game.storage.settings import FAST, NORMAL, QUICK, SPEED_LABELS
from game.table import TableScene
from game.table.logview import MoveLogScene
from game.ui.commandbar import GAP, PAD_X, text_width
from tests.harness import key, run, settle, type_text

SETTLE_LIMIT = 20_000


def games_only_for_tests() -> list[GameInfo]:
    """The games under tests/games (each package's GAME), registered only while this
    module's tests run."""
    return [
        importlib.import_module(f"{tests.games.__name__}.{module.name}").GAME
        for module in pkgutil.iter_modules(tests.games.__path__)
    ]


TESTS_OWN_GAMES = games_only_for_tests()
GAMES = [info.id for info in load_games() + TESTS_OWN_GAMES if info.examples is not None]


@pytest.fixture(autouse=True, scope="module")
def with_the_tests_own_games():
    for info in TESTS_OWN_GAMES:
        register_game(info)
    yield
    for info in TESTS_OWN_GAMES:
        unregister_game(info.id)


def examples(game_id: str):
    return game_info(game_id).examples


def press(app, char: str) -> None:
    """A key as a table's help names it: "?", "L", or a letter then Enter ("D+Enter")."""
    if char.endswith("+Enter"):
        press(app, char[0].lower())
        key(app, pygame.K_RETURN)
    elif char == "?":
        key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
    else:
        key(app, pygame.key.key_code(char.lower()), text=char.lower())


def open_table(app, scene: TableScene) -> TableScene:
    """Push a table and play on to a person's decision. A table that first asks to go on
    (Shut The Box: "Press Enter for Ann's turn") is answered with Enter."""
    app.push(scene)
    settle(app, scene)
    for _ in range(3):
        if scene.seat_to_act() is not None or scene.finished:
            break
        key(app, pygame.K_RETURN)
        settle(app, scene)
    return scene


def as_saved(data) -> object:
    """Data as a save file holds it (JSON: tuples become lists)."""
    return json.loads(json.dumps(data))


def test_the_tests_own_game_is_among_them():
    assert "pig" in GAMES and len(GAMES) >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_is_saved_and_continue_resumes_it(new_app, game_id):
    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    assert app.storage.load_game(game_id) == as_saved(scene.saves.saved_data()), "saved at once"
    seat = scene.seat_to_act()
    assert scene.submit(seat, scene.legal_moves()[0])
    settle(app, scene)
    saved = app.storage.load_game(game_id)
    assert saved == as_saved(scene.saves.saved_data()), "every move is on disk"
    key(app, pygame.K_ESCAPE)
    press(app, "q")  # the menu's Quit keeps the game
    title = app.scenes.top
    assert isinstance(title, TitleScene) and app.storage.has_saved_game(game_id)
    title.continue_saved()
    resumed = app.scenes.top
    assert type(resumed) is type(scene) and resumed is not scene
    assert as_saved(resumed.saves.saved_data()) == saved, "Continue picks it up exactly"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_is_not_at_rest_while_its_steps_play_and_its_screen_catches_up(new_app, game_id):
    app = new_app()  # not fast: the move is shown step by step
    scene = open_table(app, examples(game_id).playing(app))
    assert scene.at_rest() and not scene.shown.lagging
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    run(app, 1)
    assert scene.steps or scene.animating(), "the move is being shown"
    assert not scene.at_rest()
    settle(app, scene)
    assert not (scene.steps or scene.animating() or scene.shown.lagging)
    assert scene.finished or scene.waiting_for_human or app.scenes.top is not scene


@pytest.mark.parametrize("game_id", GAMES)
def test_starting_straight_in_a_game_continues_the_game_in_progress(new_app, game_id):
    """`--game X` with a game of X in progress resumes it, as Continue would, instead of
    replacing it with a new one."""
    from game.main import start
    from tests.harness import make_app

    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    settle(app, scene)
    app.shutdown()
    saved = app.storage.load_game(game_id)
    again = make_app(app.storage.data_dir, fast=True)
    start(again, game_id)
    resumed = again.scenes.top
    assert type(resumed) is type(scene)
    assert as_saved(resumed.saves.saved_data()) == saved
    again.scenes.clear()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "damage",
    [{"version": 99}, {"version": 1}, {"version": 1, "state": 7, "game": [], "engine": ""}],
)
def test_a_damaged_save_is_set_aside_with_a_notice(new_app, game_id, damage):
    app = new_app(fast=True)
    app.storage.save_game(game_id, damage)
    title = app.scenes.top
    title.continue_saved()
    assert app.scenes.top is title, "no table opens on a save it cannot trust"
    assert not app.storage.has_saved_game(game_id)
    run(app, 2)
    assert "could not be resumed" in (app.toasts.current or "")
    app.storage.flush()  # saves are written behind the game
    assert any(
        path.name.startswith(f"{game_id}-saved")
        for path in app.storage.data_dir.iterdir()
        if path.name != f"{game_id}-saved.json"
    ), "set aside, never deleted"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_esc_menu_resumes_on_esc_and_its_new_game_forgets_the_old(new_app, game_id):
    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    settle(app, scene)
    saved = app.storage.load_game(game_id)
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, ChoiceDialog)
    assert menu.choices[menu.focus][1] == "Resume", "Resume has the focus"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene, "Esc in the menu resumes"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene, "so does Enter"
    key(app, pygame.K_ESCAPE)
    press(app, "r")
    assert app.scenes.top is scene, "and R, the key the menu names"
    assert app.storage.load_game(game_id) == saved
    key(app, pygame.K_ESCAPE)
    press(app, "n")
    assert app.scenes.top is not scene and scene not in app.scenes
    opened = app.scenes.top
    assert type(opened) is type(game_info(game_id).new_scene(app)), "the game's set-up"
    if isinstance(opened, TableScene):  # a game without a set-up starts the new one
        assert app.storage.load_game(game_id) == as_saved(opened.saves.saved_data()) != saved
    else:
        assert not app.storage.has_saved_game(game_id), "the old game is gone"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_demo_game_returns_to_the_title_and_counts_nothing(new_app, game_id):
    app = new_app(fast=True, demo=True)
    title = app.scenes.top
    scene, _ = examples(game_id).last_move(app)
    title.attract_game = app.push(scene)  # as the title's attract loop starts it
    for _ in range(SETTLE_LIMIT):
        if app.scenes.top is title:
            break
        run(app, 1)
    assert app.scenes.top is title and scene.finished
    assert not app.storage.has_saved_game(game_id), "demo games are never saved"
    assert app.storage.stats(game_id).played == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_fast_mode_lands_whatever_moves_and_keeps_nothing_waiting(new_app, game_id):
    app = new_app()
    scene = open_table(app, examples(game_id).playing(app))
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    run(app, 1)
    assert scene.steps or scene.animating(), "a move is shown at the table's pace"
    press(app, scene.KEY_LABELS["fast"])  # Normal -> Quick: it still moves, quicker
    assert not app.fast
    press(app, scene.KEY_LABELS["fast"])  # -> Fast
    assert app.fast
    # (In the tick after the key a computer may already have decided: its move is queued
    # for at once, so whatever is queued is ready, never waiting on time or a tumble.)
    assert all(step.ready for step in scene.steps), "F lands it at once"
    assert not scene.animating()
    settle(app, scene)
    moves = scene.moves
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    run(app, 1)
    assert scene.moves > moves and not scene.animating(), "in fast mode nothing tumbles"
    assert all(step.ready for step in scene.steps)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_of_a_game_counts_in_the_statistics_and_the_top_ten(new_app, game_id):
    app = new_app(fast=True)
    scene, move = examples(game_id).last_move(app)
    open_table(app, scene)
    seat = scene.seat_to_act()
    name = scene.name(seat)
    assert scene.submit(seat, move)
    for _ in range(SETTLE_LIMIT):
        top = app.scenes.top
        if isinstance(top, NameEntryScene):
            key(app, pygame.K_RETURN)  # keep the name offered
        elif scene.finished:
            break
        elif top is not scene:
            key(app, pygame.K_RETURN)  # a sheet to read before the end
        else:
            run(app, 1)
    assert scene.finished
    run(app, 300)  # cheers, then whatever the table shows
    stats = app.storage.stats(game_id)
    assert (stats.played, stats.won) == (1, 1)
    assert not app.storage.has_saved_game(game_id), "a finished game is not resumable"
    if game_info(game_id).has_top_ten:
        assert [entry.name for entry in app.storage.top_ten(game_id).entries] == [name]
        assert isinstance(app.scenes.top, ScoresScene), "the Top Ten shows the new name"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_boss_key_freezes_the_table(new_app, game_id):
    app = new_app()
    scene = app.push(examples(game_id).playing(app))
    run(app, 3)
    key(app, pygame.K_b, text="b")
    assert isinstance(app.scenes.top, BossScene)
    frozen = (scene.ticks, scene.moves, len(scene.steps), scene.thinker.busy)
    run(app, 150)
    assert (scene.ticks, scene.moves, len(scene.steps), scene.thinker.busy) == frozen
    type_text(app, "ok")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    run(app, 2)
    assert scene.ticks > frozen[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_has_the_shared_keys(new_app, game_id):
    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    labels = scene.KEY_LABELS
    press(app, "h")
    assert isinstance(app.scenes.top, HelpScene)
    assert "Keys at every table" in [heading for heading, _ in app.scenes.top.pages]
    press(app, "h")
    assert app.scenes.top is scene
    press(app, labels["log"])
    assert isinstance(app.scenes.top, MoveLogScene)
    press(app, labels["log"])
    assert app.scenes.top is scene
    # F turns this game's speed: Normal, Quick, Fast and round (--fast held it at Fast
    # until the player chose), this game's alone, remembered.
    others = {info.id: app.speed(info.id) for info in load_games() if info.id != game_id}
    speeds = []
    for _ in range(3):
        press(app, labels["fast"])
        speeds.append(app.speed(game_id))
        assert app.storage.settings.speeds[game_id] == speeds[-1]
        assert speed_word(app, scene) == SPEED_LABELS[speeds[-1]], "the bar says which"
    assert speeds == [NORMAL, QUICK, FAST] and app.fast
    assert {gid: app.speed(gid) for gid in others} == others, "the other games keep theirs"
    assert scene.hint_possible
    press(app, labels["hint"])
    for _ in range(600):
        if scene.hint is not None:
            break
        run(app, 1)
    assert scene.hint is not None and scene.talk.line.text.startswith("Hint")
    person, moves = scene.seat_to_act(), scene.moves
    press(app, labels["demo"])
    assert scene.demo and scene.demo_played, "the computer takes the seat"
    assert scene.played_by_computer(person)
    for _ in range(SETTLE_LIMIT):
        if scene.moves > moves:
            break
        run(app, 1)
    assert scene.moves > moves, "and plays it"
    press(app, labels["demo"])
    assert not scene.demo and not scene.played_by_computer(person), "and hands it back"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_help_names_every_choice_of_the_esc_menu_with_its_key(new_app, game_id):
    """Every Esc line of the table's help (the shared page, and a game's own where it
    keeps the seed's words) says each choice the menu offers, with its key."""
    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, ChoiceDialog)
    esc_lines = [
        line
        for page in scene.help_pages()
        for line in page.text.split("\n")
        if line.startswith("Esc\t")
    ]
    assert esc_lines
    for line in esc_lines:
        for letter, label, _ in menu.choices:
            assert f"{label} ({letter}" in line, line


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_and_redo_where_the_table_has_them(new_app, game_id):
    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    if not scene.HAS_UNDO:
        pytest.skip(f"{scene.title} has no undo (dice games do not)")
    before = as_saved(scene.game_data())
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    settle(app, scene)
    after = as_saved(scene.game_data())
    press(app, scene.KEY_LABELS["undo"])
    settle(app, scene)
    assert as_saved(scene.game_data()) != after
    press(app, scene.KEY_LABELS["redo"])
    settle(app, scene)
    assert as_saved(scene.game_data()) == after != before


def bar_places(app, scene: TableScene) -> dict:
    """Where each entry of the table's bar lies now, by its action (Enter keeps its place
    while its word goes from Roll to Shut, Mille's "1-7 Card" while the hand is 6 cards;
    Farkle's Space holds a die and hurries the computer: one of them is shared), checking on the way that every
    entry has room for its text and a gap before the next."""
    commands = list(scene.commands())
    rects = app.command_bar.layout(commands)
    assert len(rects) == len(commands)
    for command, rect in zip(commands, rects):
        assert rect.width >= text_width(command) + 2 * PAD_X, command
        assert 0 <= rect.left and rect.right <= CANVAS_SIZE[0], command
    for row in {rect.y for rect in rects}:
        line = sorted((r for r in rects if r.y == row), key=lambda r: r.x)
        for left, right in zip(line, line[1:]):
            assert right.left - left.right >= GAP, [c.key for c in commands]
    places = {(c.action, c.pinned): tuple(r) for c, r in zip(commands, rects)}
    assert len(places) == len(commands), "one entry per action, in the game's part or the shared"
    return places


def watch_the_bar(app, scene: TableScene, ticks: int, last=None):
    """Run ticks, holding the bar to its places frame by frame while its screen
    (TableScene.bar_screen) stays the same; returns the last (screen, places)."""
    for _ in range(ticks):
        if app.scenes.top is scene:
            now = (scene.bar_screen(), bar_places(app, scene))
            if last is not None and last[0] == now[0]:
                assert now[1] == last[1], f"an entry moved within one screen {now[0]}"
            last = now
        if app.scenes.top is not scene or (
            (scene.waiting_for_human or scene.finished) and not scene.moving
        ):
            break  # come to rest, or a screen over the table waits (a hand's scores)
        run(app, 1)
    return last


@pytest.mark.parametrize("game_id", GAMES)
def test_no_entry_of_the_command_bar_moves_while_its_screen_lasts(new_app, game_id):
    """Issue 32: in Shut The Box a roll put "Enter Shut" and "1-9 Door" on the bar, every
    entry after them moved right, and a click where "? Hint" had been flipped "K Warn".
    Within one screen every entry keeps its place (one not valid now is dimmed), every
    entry has room for its text, and a gap lies between any two: moves are played with
    animations on, frame by frame, to the end of a game."""
    app = new_app()
    scene = open_table(app, examples(game_id).playing(app))
    last = watch_the_bar(app, scene, 1)
    for _ in range(8):
        seat = scene.seat_to_act()
        if seat is None or scene.finished:
            break
        assert scene.submit(seat, scene.legal_moves()[-1])
        last = watch_the_bar(app, scene, SETTLE_LIMIT, last)
        if app.scenes.top is not scene:
            break
    scene, move = examples(game_id).last_move(app)
    scene = open_table(app, scene)
    last = watch_the_bar(app, scene, 1)
    assert scene.submit(scene.seat_to_act(), move)
    watch_the_bar(app, scene, SETTLE_LIMIT, last)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_esc_menu_exits_the_program_keeping_the_game(new_app, game_id):
    app = new_app(fast=True)
    scene = open_table(app, examples(game_id).playing(app))
    assert scene.submit(scene.seat_to_act(), scene.legal_moves()[0])
    settle(app, scene)
    key(app, pygame.K_ESCAPE)
    press(app, "x")  # the seed's "exit to DOS"
    assert not app.running
    app.shutdown()
    assert app.storage.load_game(game_id) == as_saved(scene.saves.saved_data())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_waiting_for_a_person_is_still(new_app, game_id):
    """Nothing moves by itself while a person here thinks, so the loop may sleep between
    frames (game/pacing.py); the person's next key wakes it."""
    from game.pacing import STILL_AFTER_FRAMES, STILL_CHECK_MS

    app = new_app()
    scene = open_table(app, examples(game_id).playing(app))
    run(app, STILL_AFTER_FRAMES + 60)  # passing messages fade, blinks settle
    assert not scene.moving
    assert app.pacer.sleep_ms(scene.moving) == STILL_CHECK_MS
    key(app, pygame.K_F2)  # no table's key: a key all the same
    assert app.pacer.sleep_ms(scene.moving) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_waiting_for_an_idle_person_shows_no_new_frame(new_app, game_id):
    """Once the person has been idle a while even a text cursor stops blinking, so the
    screen needs no new frame at all (quiet when still)."""
    from game.shell.base import CURSOR_BLINK_TIMEOUT_TICKS

    app = new_app()
    open_table(app, examples(game_id).playing(app))
    run(app, CURSOR_BLINK_TIMEOUT_TICKS + 60)
    before = app.pacer.presented
    run(app, 240)
    assert app.pacer.presented == before


def speed_word(app, table) -> str:
    """The command bar's word for the speed key at this table."""
    label = table.KEY_LABELS["fast"]
    return next(c.word for c in table.commands() if c.key == label and c.action.name == "fast")


@pytest.mark.parametrize("game_id", GAMES)
def test_quick_speed_halves_the_tables_animations_and_pauses(new_app, game_id):
    """Issue 32: a third speed between Normal and Fast."""
    app = new_app()
    table = open_table(app, examples(game_id).playing(app))
    assert app.speed(game_id) == NORMAL and table.anim(40) == 40
    app.set_speed(game_id, QUICK)
    assert table.anim(40) == 20 and table.anim(1) == 1 and not app.fast
    app.set_speed(game_id, FAST)
    assert table.anim(40) == 0 and app.fast


@pytest.mark.parametrize("game_id", GAMES)
def test_help_on_the_title_holds_the_games_rules(new_app, game_id):
    """Issue 32: a game's rules were readable only at its table; Help on the title turns
    to them by a number or a click on the contents, for every registered game."""
    from game.art.font import get_font
    from game.scenes.help import TEXT_LEFT, TEXT_TOP, HelpScene
    from tests.harness import click

    app = new_app(fast=True)
    info = game_info(game_id)
    key(app, pygame.K_h, text="h")
    help_scene = app.scenes.top
    assert isinstance(help_scene, HelpScene) and help_scene.page == 0
    heading, lines = help_scene.pages[0]
    [row] = [i for i, line in enumerate(lines) if line.endswith(f". {info.title}: how to play")]
    number = int(lines[row].split(".")[0])
    rules = list(info.rules())
    if number <= 9:
        key(app, pygame.key.key_code(str(number)), text=str(number))
        assert help_scene.pages[help_scene.page][0] == rules[0].heading
        assert help_scene.page_chapters[help_scene.page] == info.title
        key(app, pygame.K_HOME)
        assert help_scene.page == 0
    line_height = get_font("small").line_height
    click(app, (TEXT_LEFT + 4, TEXT_TOP + row * line_height + line_height // 2))
    assert help_scene.pages[help_scene.page][0] == rules[0].heading
    key(app, pygame.K_ESCAPE)
    table = open_table(app, examples(game_id).playing(app))
    assert table.game_help() == rules, "the same pages as at the table"
