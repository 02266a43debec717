"""The coach at every table that has one (game/table/coaching.py, the review, coach mode),
checked once over every registered game: a person's decisions are written down and
weighed, never a computer's or the demo's; the best move costs nothing; the end of the
game carries the accuracy; coach mode asks once before a costly move; the review shows
each costly decision at its moment.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.shell.dialog import ChoiceDialog
from game.shell.name_entry import NameEntryScene
from game.shell.registry import load_games
from game.table import TableScene
from game.table.coaching import JUDGING_ERRORS, Verdict, ask_worthy
from game.table.review import ReviewScene
from tests.harness import key, run, run_until
from tests.scenes.test_every_table import SETTLE_LIMIT, as_saved, examples, open_table, settle

# Every registered game with tables to test (a test's own game without a coach, such as
# tests/games/pig when registered, is skipped: see coached_table).
GAMES = [info.id for info in load_games() if info.examples is not None]


def coached_table(app, game_id: str) -> TableScene:
    """The game's example table, pushed and played on to a person's decision."""
    scene = examples(game_id).playing(app)
    if not scene.HALF_ACCURACY_AT:
        pytest.skip(f"{scene.title} has no coach")
    return open_table(app, scene)


def judged(scene: TableScene, action: Any):
    """The coach's verdict on `action` now, as the table would keep it (None: no choice,
    or a position the engine will not read, as the tables built for pictures may be)."""
    try:
        thinking = scene.judge_saved(scene.saves.position_data(), scene.action_json(action))
    except JUDGING_ERRORS:
        return None
    judgement = thinking.finish()
    return None if judgement is None else scene.coaching.verdict(judgement)


def best_move(scene: TableScene) -> Any:
    """The coach's best move now, as one of legal_moves() (the first when no choice)."""
    legal = scene.legal_moves()
    verdict = judged(scene, legal[0])
    if verdict is None:
        return legal[0]
    wanted = json.dumps(verdict.best, sort_keys=True)
    for action in legal:
        if json.dumps(scene.action_json(action), sort_keys=True) == wanted:
            return action
    raise AssertionError(f"the best {verdict.best!r} is not among the legal moves")


def costly_move(scene: TableScene) -> Any | None:
    """A legal move coach mode would ask about, or None."""
    for action in scene.legal_moves():
        verdict = judged(scene, action)
        if verdict is not None and ask_worthy(verdict, scene.COACH_ASKS_ABOVE):
            return action
    return None


def play_to_a_costly_choice(app, scene: TableScene, limit: int = 60) -> Any:
    """Play on until a person here has a move coach mode would ask about: the last legal
    move each time (a solitaire's redeal comes last, and its last deal has moves that
    lose a winnable hand)."""
    for _ in range(limit):
        move = costly_move(scene)
        if move is not None:
            return move
        assert scene.submit(scene.seat_to_act(), scene.legal_moves()[-1])
        settle(app, scene)
        assert not scene.finished, "the game ended before a costly choice came"
    raise AssertionError("no costly choice came")


def weigh_everything(app, scene: TableScene) -> None:
    run_until(app, lambda: not scene.coach.busy, limit=5000)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_persons_decisions_are_weighed_while_the_table_waits(new_app, game_id):
    app = new_app(fast=True)
    scene = coached_table(app, game_id)
    assert scene.HALF_ACCURACY_AT > 0
    seat = scene.seat_to_act()
    for _ in range(3):
        assert scene.submit(scene.seat_to_act(), scene.legal_moves()[-1])
        settle(app, scene)
    weigh_everything(app, scene)
    assert scene.coach.decisions, "the person's moves are written down"
    assert {d.seat for d in scene.coach.decisions} == {seat}, "never a computer's"
    assert all(d.weighed for d in scene.coach.decisions)
    assert all(d.position is None or d in scene.coach.review() for d in scene.coach.decisions), (
        "only the review's positions are kept"
    )
    saved = as_saved(scene.saves.saved_data())
    assert saved["coach"] == as_saved(scene.coach.to_json()), "kept with the saved game"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_best_move_costs_nothing_at_the_table(new_app, game_id):
    app = new_app(fast=True)
    scene = coached_table(app, game_id)
    for _ in range(4):
        move = best_move(scene)
        verdict = judged(scene, move)
        assert verdict is None or verdict.cost == 0 == verdict.points
        assert scene.submit(scene.seat_to_act(), move)
        settle(app, scene)
        if scene.finished:
            break
    weigh_everything(app, scene)
    costs = [d.verdict.cost for d in scene.coach.decisions if d.verdict is not None]
    assert costs and all(cost == 0 for cost in costs)
    summary = scene.coach.summary(scene.coach.seats()[0], scene.HALF_ACCURACY_AT)
    assert summary.accuracy == 100 and summary.loss == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_demo_and_the_computer_are_never_coached(new_app, game_id):
    app = new_app(fast=True)
    app.storage.settings.coach = True
    scene = coached_table(app, game_id)
    key(
        app,
        pygame.key.key_code(scene.KEY_LABELS["demo"][0].lower()),
        text=scene.KEY_LABELS["demo"][0].lower(),
    )
    if scene.KEY_LABELS["demo"].endswith("+Enter"):
        key(app, pygame.K_RETURN)
    assert scene.demo
    moves = scene.moves
    for _ in range(3000):
        if scene.moves >= moves + 6 or scene.finished:
            break
        assert not isinstance(app.scenes.top, ChoiceDialog), "coach mode never asks the demo"
        run(app, 1)
    assert scene.moves >= moves + 6 or scene.finished
    assert not scene.coach.decisions


def ask_about_a_costly_move(app, game_id: str) -> tuple[TableScene, Any, int]:
    """Coach mode on, a person submits a costly move and the coach's question opens: the
    table, the move, and the moves played before it."""
    scene = coached_table(app, game_id)
    move = play_to_a_costly_choice(app, scene)
    app.storage.settings.coach = True
    moves = scene.moves
    assert scene.submit(scene.seat_to_act(), move)
    run_until(app, lambda: isinstance(app.scenes.top, ChoiceDialog))
    return scene, move, moves


@pytest.mark.parametrize("game_id", GAMES)
def test_coach_mode_asks_once_before_a_costly_move(new_app, game_id):
    app = new_app(fast=True)
    scene, move, moves = ask_about_a_costly_move(app, game_id)
    dialog = app.scenes.top
    assert dialog.title.startswith("The coach") and "anyway?" in dialog.message
    verdict = judged(scene, move)
    assert verdict.question_words() in dialog.title, "what it gives up, exact or estimated"
    assert "±" not in dialog.title + dialog.message, "how sure in words, not statistics"
    assert dialog.choices[dialog.focus][1] == "Choose again", "Enter changes nothing"
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene and scene.moves == moves, "nothing was played"
    assert scene.submit(scene.seat_to_act(), move)  # the same move again: asked once only
    run(app, 2)
    assert not (
        isinstance(app.scenes.top, ChoiceDialog) and app.scenes.top.title.startswith("The coach")
    )
    assert scene.moves > moves, "played without a second question"
    recorded = [d for d in scene.coach.decisions if d.verdict is not None]
    assert recorded and ask_worthy(recorded[-1].verdict, scene.COACH_ASKS_ABOVE), (
        "the question's verdict is the decision's"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_coach_mode_plays_a_costly_move_when_told_and_a_good_one_at_once(new_app, game_id):
    app = new_app(fast=True)
    scene, _, moves = ask_about_a_costly_move(app, game_id)
    key(app, pygame.K_p, text="p")  # Play it
    run(app, 1)
    assert scene.moves > moves
    settle(app, scene)
    if scene.finished:
        return
    moves = scene.moves
    good = best_move(scene)
    assert scene.submit(scene.seat_to_act(), good)
    run_until(app, lambda: scene.moves > moves, limit=600)
    assert not isinstance(app.scenes.top, ChoiceDialog), "no question about the best move"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_carries_the_accuracy_and_v_opens_the_review(new_app, game_id):
    app = new_app(fast=True)
    scene, last = examples(game_id).last_move(app)
    if not scene.HALF_ACCURACY_AT:
        pytest.skip(f"{scene.title} has no coach")
    open_table(app, scene)
    seat = scene.seat_to_act()
    assert scene.submit(seat, last)
    play_to_the_end(app, scene)
    assert scene.finished and not scene.coach.busy
    result = scene.ending.final_results()[0]
    summary = scene.coach.summary(seat, scene.HALF_ACCURACY_AT, scene.ACCURACY_STRETCH)
    assert (result.accuracy, result.loss) == (summary.accuracy, summary.loss)
    assert result.opponent == scene.ending.opponent()
    assert (result.opponent == "") == (len(scene.seats) == 1), "only a solitaire has none"
    past = app.storage.stats(game_id).history[-1]
    assert (past.accuracy, past.loss, past.opponent) == (
        result.accuracy,
        result.loss,
        result.opponent,
    ), "kept in the statistics"
    assert bool(scene.coach.decisions) == ("Review" in [c.word for c in scene.commands()])
    key(app, pygame.K_v, text="v")
    if scene.coach.decisions:
        assert isinstance(app.scenes.top, ReviewScene)
        key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


@pytest.mark.parametrize("game_id", GAMES)
def test_the_review_shows_each_costly_decision_at_its_moment(new_app, game_id):
    app = new_app(fast=True)
    scene = coached_table(app, game_id)
    move = play_to_a_costly_choice(app, scene)
    cost = judged(scene, move).cost
    assert scene.submit(scene.seat_to_act(), move)
    settle(app, scene)
    weigh_everything(app, scene)
    review = ReviewScene(app, scene)  # as V opens it once the game is over
    app.push(review)
    assert review.entries and review.entries[0].verdict.cost >= cost
    assert [d.cost for d in review.entries] == sorted(
        (d.cost for d in review.entries), reverse=True
    ), "biggest first"
    canvas = pygame.Surface((640, 360))
    review.draw(canvas)
    key(app, pygame.K_RETURN)
    assert review.position is not None, review.position_error
    assert review.position is not scene and not review.position.saving
    assert review.chosen.verdict.cost_words() in review.caption()
    review.draw(canvas)  # the table at that moment, its best marked
    key(app, pygame.K_SPACE)
    assert not review.words_shown and review.position is not None, "Space hides the words"
    review.draw(canvas)
    saved = app.storage.load_game(game_id)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert review.position is not None and review.selected == 0
    key(app, pygame.K_ESCAPE)
    assert review.position is None, "Esc goes back to the list"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    app.storage.flush()
    assert app.storage.load_game(game_id) == saved, "a position shown is never saved"


def test_coach_mode_is_off_until_settings_switch_it_on_and_it_is_remembered(new_app):
    from game.scenes.settings import SettingsScene

    app = new_app()
    assert app.storage.settings.coach is False, "off by default"
    settings = app.push(SettingsScene(app))
    labels = [item.label for item in settings.menu.items]
    for _ in range(labels.index("Coach mode")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.storage.settings.coach is True
    app.shutdown()
    from tests.harness import make_app

    again = make_app(app.storage.data_dir)
    assert again.storage.settings.coach is True, "kept in the settings file"
    again.scenes.clear()


def test_every_game_of_the_program_has_a_coach(new_app):
    app = new_app()
    ours = [
        info
        for info in load_games()
        if info.examples is not None and info.new_scene.__module__.startswith("game.")
    ]
    assert len(ours) >= 4
    for info in ours:
        scene = info.examples.playing(app)
        assert scene.HALF_ACCURACY_AT > 0 and scene.COACH_ASKS_ABOVE > 0, info.id


@pytest.mark.parametrize("game_id", GAMES)
def test_a_damaged_position_in_the_review_is_said_not_shown(new_app, game_id):
    app = new_app(fast=True)
    scene = coached_table(app, game_id)
    verdict = Verdict(3.0, "points", True, 0.0, "because", 3.0, None)
    scene.coach.record(
        scene.seat_to_act(),
        "Round 1",
        "junk",
        {"version": scene.SAVE_VERSION, "state": 7, "engine": [], "game": ""},
        verdict,
    )
    review = app.push(ReviewScene(app, scene))
    key(app, pygame.K_RETURN)
    assert review.position is None and "cannot be shown" in review.position_error
    review.draw(pygame.Surface((640, 360)))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_made_after_a_hint_marks_the_game(new_app, game_id):
    """Issue 32, item 6: a hand played from hints counted as a win with accuracy 100.
    Now the move made after ? is the hint's: not in the accuracy, and the end's words,
    the statistics (game by game and in total) and a Top Ten entry say how many."""
    app = new_app(fast=True)
    scene, last = examples(game_id).last_move(app)
    if not scene.HALF_ACCURACY_AT:
        pytest.skip(f"{scene.title} has no coach")
    open_table(app, scene)
    seat = scene.seat_to_act()
    key(app, pygame.K_SLASH, text="/")
    run_until(app, lambda: scene.hint is not None and not scene.hints.busy, limit=5000)
    assert scene.hints.shown_now
    assert scene.submit(seat, last)
    play_to_the_end(app, scene)
    assert scene.finished
    hinted = [d for d in scene.coach.decisions if d.hinted]
    assert len(hinted) == 1 and hinted[0].seat == seat
    result = scene.ending.final_results()[0]
    assert result.hints == 1
    summary = scene.coach.summary(seat, scene.HALF_ACCURACY_AT, scene.ACCURACY_STRETCH)
    assert summary.decisions == sum(d.counted for d in scene.coach.decisions), "not counted"
    assert "1 move from hints" in scene.coach_line
    stats = app.storage.stats(game_id)
    assert stats.history[-1].hints == 1
    assert (stats.hinted_games, stats.hinted_moves) == (1, 1)
    for entry in app.storage.top_ten(game_id).entries:
        assert entry.extra.get("hints") == 1, "a score made with hints is marked"


def play_to_the_end(app, scene) -> None:
    """Run the table until its game has finished and it is on top again: a name for the
    Top Ten is entered as offered (Enter), any other screen over it closed (Esc)."""
    for _ in range(SETTLE_LIMIT):
        top = app.scenes.top
        if scene.finished and top is scene:
            return
        if isinstance(top, NameEntryScene) or top is not scene:
            key(app, pygame.K_RETURN if isinstance(top, NameEntryScene) else pygame.K_ESCAPE)
        else:
            run(app, 1)
