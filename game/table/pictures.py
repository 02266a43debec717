"""The coach's screens for --screenshots, for every game with table examples: coach mode's
question, and the review after a game (its list, and one decision at its moment).

Built through the real table: a person's moves are submitted as keys would make them,
the coach weighs them as it does in play. The moves are chosen to give the coach
something to say: among the first legal moves, the one it rates worst.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.input import Action
from game.table.coaching import JUDGING_ERRORS, Verdict, ask_worthy

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.registry import GameInfo
    from game.table.scene import TableScene

# Ticks a table may take to come to a person's decision (a computer's turn, a deal).
SETTLE_TICKS = 20_000
# The moves looked at for each decision (a card game's hand has more: enough to find a
# poor one, few enough that the pictures take seconds, not minutes).
MOVES_LOOKED_AT = 4
# Decisions the review's pictures play before the review opens.
REVIEWED_DECISIONS = 6


def coach_states(app: App, info: GameInfo) -> Iterable[tuple[str, Callable[[], None]]]:
    """(state name, set-up) pairs for the game's coach screens."""
    if info.examples is None:
        return
    yield "coach-question", lambda: question(app, info)
    yield "review", lambda: review(app, info, at_position=False)
    yield "review-position", lambda: review(app, info, at_position=True)


def settle(app: App, scene: TableScene) -> None:
    """Tick until a person here is to decide, answering "press Enter for the next turn"
    and reading whatever the table shows over itself (a hand's score sheet)."""
    for _ in range(SETTLE_TICKS):
        if scene.finished:
            return
        if app.scenes.top is not scene:
            app.scenes.top.dispatch(Action("confirm"))
        elif scene.waiting_for_human:
            if scene.seat_to_act() is not None:
                return
            scene.dispatch(Action("confirm"))
        app.tick()


def verdict_now(scene: TableScene, action: Any) -> Verdict | None:
    """The coach's verdict on `action` in the table's position (None: no choice)."""
    try:
        judgement = scene.judge_saved(scene.position_data(), scene.action_json(action)).finish()
    except JUDGING_ERRORS:
        return None
    return None if judgement is None else scene.verdict(judgement)


def poorest_move(scene: TableScene) -> tuple[Any, Verdict | None]:
    """Among the first MOVES_LOOKED_AT legal moves, the one the coach rates worst."""
    rated = [
        (action, verdict_now(scene, action)) for action in scene.legal_moves()[:MOVES_LOOKED_AT]
    ]
    return max(rated, key=lambda pair: pair[1].cost if pair[1] is not None else -1.0)


def play_poorly(
    app: App,
    scene: TableScene,
    decisions: int,
    until: Callable[[Verdict | None], bool] = lambda verdict: False,
) -> Any:
    """Play up to `decisions` poor moves; returns the first move `until` accepts, unplayed
    (None when none came)."""
    for _ in range(decisions):
        settle(app, scene)
        if scene.finished or scene.seat_to_act() is None:
            return None
        move, verdict = poorest_move(scene)
        if until(verdict):
            return move
        scene.submit(scene.seat_to_act(), move)
    settle(app, scene)
    return None


def question(app: App, info: GameInfo) -> None:
    """Coach mode asks before a costly move."""
    scene = app.push(info.examples.playing(app))
    move = play_poorly(
        app,
        scene,
        40,
        lambda verdict: verdict is not None and ask_worthy(verdict, scene.COACH_ASKS_ABOVE),
    )
    if move is None:
        return
    settings = app.storage.settings
    settings.coach = True
    scene.submit(scene.seat_to_act(), move)
    for _ in range(600):
        if app.scenes.top is not scene:
            break
        app.tick()
    settings.coach = False


def review(app: App, info: GameInfo, at_position: bool) -> None:
    """The review of a few poor decisions: the list, or the first at its moment."""
    from game.table.review import ReviewScene

    scene = app.push(info.examples.playing(app))
    play_poorly(app, scene, REVIEWED_DECISIONS)
    while scene.coach.busy:
        scene.coach.weigh(scene.judge_saved, scene.verdict, 1000.0)
    shown = app.push(ReviewScene(app, scene))
    if at_position:
        shown.handle(Action("confirm"))
