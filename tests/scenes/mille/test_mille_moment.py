"""The coup fourré moment at the table (moment.py): after every hazard on a side with a
person the same moment, held safety or not; a question with a clock for whoever holds
it, a pass that waits for the end, a call when the time is up; nothing of it in the
log; and where nobody can be asked without telling, no moment at all.

(Over the network, byte for byte: tests/net/test_secrecy_coup_fourre.py.)"""

from __future__ import annotations

import json
import random

import pygame
import pytest
from helpers_mille_scene import position, press, tableau

from game.engine.mille import Action, MilleState
from game.engine.mille.rules import COUP_FOURRE, PLAY
from game.net.client import NetClient
from game.scenes.mille import view
from game.scenes.mille.joined import MilleGuestScene
from game.scenes.mille.moment import CLOCK_STEP, FAST_NOTE, MOMENT_TICKS
from game.scenes.mille.play import MilleScene
from game.table import COMPUTER, HERE, REMOTE, TableSeat
from game.table.guest import GuestLink
from tests.harness import run

STOP = Action("play", "stop", 0)


def cindy_stops_ann(app, ann_holds: bool, bea: str = REMOTE) -> MilleScene:
    """Ann (here), Bea (a friend's seat, or a computer's) and Cindy (a
    computer); Cindy's Stop lands on Ann, who holds Right of Way or a 100 in its place."""
    ann = ("right_of_way" if ann_holds else "100") + " 25 50 75 repairs gasoline"
    state = position(
        [ann, "25 50 75 100 200 spare_tire", "stop 25 50 75 100 200 repairs"],
        [tableau("roll", "", "100"), tableau("roll", "", "50"), tableau("roll", "", "75")],
        to_act=2,
        players=3,
    )
    seats = [
        TableSeat("Ann", HERE),
        TableSeat("Bea", bea),
        TableSeat("Cindy", COMPUTER, "basic"),
    ]
    scene = app.push(MilleScene(app, state, seats, random.Random(1)))
    scene.play_move(STOP)  # Cindy's play, before any tick: she has not thought of another
    for _ in range(100):  # the Stop lands
        if not scene.steps:
            break
        run(app, 1)
    return scene


def post_key(letter: str) -> None:
    """A key the table reads at its next tick (run by the caller)."""
    code = pygame.key.key_code(letter)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode=letter, scancode=0))


def test_alone_with_computers_the_question_has_no_clock_and_no_safety_means_no_moment(
    new_app,
):
    app = new_app()
    holds = cindy_stops_ann(app, True, bea=COMPUTER)
    assert holds.seats[1].kind == COMPUTER and holds.prompt().title == "Coup fourré?"
    assert holds.prompt().time_left is None, "nobody else to keep waiting: no clock"
    run(app, 5 * MOMENT_TICKS)
    assert holds.state.phase == COUP_FOURRE, "the question waits for Ann"
    app.scenes.clear()
    empty = cindy_stops_ann(new_app(), False, bea=COMPUTER)
    assert empty.state.phase == PLAY and empty.moments.current is None, "on at once"


def test_with_a_friend_the_question_has_a_clock_and_is_called_when_it_runs_out(new_app):
    app = new_app()
    scene = cindy_stops_ann(app, True)
    prompt = scene.prompt()
    assert prompt.title == "Coup fourré?" and 0.5 < prompt.time_left < 1
    assert any("bar runs out" in line for line in prompt.lines)
    run(app, 2 * CLOCK_STEP)
    left = scene.prompt().time_left
    assert left == pytest.approx(prompt.time_left - 2 * CLOCK_STEP / MOMENT_TICKS), "runs down"
    run(app, MOMENT_TICKS)
    assert scene.state.tableaux[0].coups_fourres == ["right_of_way"], "called for her"
    assert any("Ann's time was up" in line.text for line in scene.talk.log)
    assert scene.counters[0]["coups_fourres"] == 1, "and it is hers"


def test_a_pass_waits_for_the_end_of_the_moment_and_is_never_said(new_app):
    app = new_app()
    scene = cindy_stops_ann(app, True)
    moves = scene.moves
    press(app, "p")
    assert scene.state.phase == COUP_FOURRE and scene.moves == moves, "held, not played"
    assert scene.seat_to_act() is None and scene.prompt() is None, "nobody is asked now"
    assert "You keep your safety" in scene.moments.words()
    run(app, MOMENT_TICKS + 30)
    assert scene.state.phase == PLAY and "right_of_way" in scene.state.hands[0]
    assert scene.state.tableaux[0].battle == ["roll", "stop"]
    assert not any("pass" in line.text for line in scene.talk.log)


def watched(app, ann_holds: bool) -> tuple[list, list, list]:
    """What the other seats are shown, tick by tick, from Cindy's Stop on Ann (who lets
    it pass at once, holding the safety) until the moment is over: their views, the
    move count and the log."""
    scene = cindy_stops_ann(app, ann_holds)
    if ann_holds:
        post_key("p")
    views, moves = [], []
    for _ in range(MOMENT_TICKS + 40):
        views.append([scene.remote_view(seat) for seat in (1, 2)])
        moves.append((scene.moves, scene.public_seat_to_act()))
        run(app, 1)
    assert scene.state.phase == PLAY
    return views, moves, [line.text for line in scene.talk.log]


def test_at_the_desktop_the_other_seats_are_shown_the_same_held_safety_or_not(new_app):
    held, empty = watched(new_app(), True), watched(new_app(), False)
    assert held[0] == empty[0], "Bea's and Cindy's views, tick by tick"
    assert held[1] == empty[1], "the move count and whose turn they are told"
    assert held[2] == empty[2], "the move log"


def test_others_read_who_may_call_and_the_attacked_person_reads_why_it_waits(new_app):
    app = new_app()
    scene = cindy_stops_ann(app, False)
    assert scene.moments.current is not None and scene.moments.current.ticks > MOMENT_TICKS // 2
    assert scene.moments.words().startswith("Stop on you, and no safety for it")
    assert view.turn_words(scene) == view.MOMENT_TAG
    scene.hands.viewer = 1  # as Bea's screen would say it
    assert scene.moments.words() == "Ann may call a coup fourré..."


def test_in_fast_mode_the_table_calls_it_at_once_and_says_why(new_app):
    app = new_app(fast=True)
    scene = cindy_stops_ann(app, True)
    assert scene.state.tableaux[0].coups_fourres == ["right_of_way"]
    assert any(line.text == FAST_NOTE for line in scene.talk.log)
    empty = cindy_stops_ann(new_app(fast=True), False)
    assert empty.state.phase == PLAY and empty.moments.current is None


def test_a_game_saved_in_the_moment_opens_it_again(new_app):
    app = new_app()
    for holds in (True, False):
        scene = cindy_stops_ann(app, holds)
        again = MilleScene.from_saved(app, scene.saves.saved_data())
        app.push(again)
        run(app, 1)
        assert again.moments.current is not None and again.state.phase == COUP_FOURRE
        assert (again.prompt() is not None) == holds, "the question is asked again"
        run(app, MOMENT_TICKS + 30)
        assert again.state.phase == PLAY
        app.scenes.clear()


def guest_view(state: MilleState, seat: int, moves: int) -> dict:
    """The host's view of `seat` (Bea) at Ann's table of three, as it comes over the wire."""
    asked = state.to_act == seat
    return json.loads(
        json.dumps(
            {
                "type": "view",
                "moves": moves,
                "seat": seat,
                "names": ["Ann", "Bea", "Cindy"],
                "seats": [
                    {"name": "Ann", "kind": HERE, "level": ""},
                    {"name": "Bea", "kind": REMOTE, "level": ""},
                    {"name": "Cindy", "kind": COMPUTER, "level": "basic"},
                ],
                "to_act": state.to_act if asked else None,
                "your_turn": asked,
                "legal": [a.to_json() for a in state.legal_actions()] if asked else [],
                "view": state.observation(seat).to_json(),
                "news": [],
                "over": False,
                "waiting_for": None,
            }
        )
    )


def bea_at_anns_table(app, attacked: int, bea_holds: bool) -> tuple[MilleGuestScene, MilleState]:
    """Bea's screen (a guest's, never connected) as Cindy's Stop lands on `attacked`."""
    bea = ("right_of_way" if bea_holds else "100") + " 25 50 75 200 spare_tire"
    state = position(
        ["100 25 50 75 repairs gasoline", bea, "stop 25 50 75 100 200 repairs"],
        [tableau("roll", "", "100"), tableau("roll", "", "50"), tableau("roll", "", "75")],
        to_act=2,
        players=3,
    )
    link = GuestLink(NetClient("127.0.0.1", 9, "K7QXR2M9", "Bea"), 1)
    scene = app.push(MilleGuestScene(app, link, guest_view(state, 1, 5)))
    state.apply(Action("play", "stop", attacked), moment=True)
    scene.take_view(guest_view(state, 1, 6))
    return scene, state


def test_a_guest_shows_the_moment_of_another_side_on_its_own_clock(new_app):
    app = new_app()
    scene, _ = bea_at_anns_table(app, attacked=0, bea_holds=False)
    assert scene.state.phase == COUP_FOURRE and scene.moments.current.ticks == MOMENT_TICKS
    assert scene.moments.words() == "Ann may call a coup fourré..."
    assert scene.prompt() is None and view.turn_words(scene) == view.MOMENT_TAG
    run(app, 30)
    assert scene.moments.current.ticks == MOMENT_TICKS - 30, "the clock runs here too"


def test_a_guest_asked_passes_and_the_moment_runs_on_as_the_hosts_next_view_says(new_app):
    app = new_app()
    scene, state = bea_at_anns_table(app, attacked=1, bea_holds=True)
    run(app, 20)
    prompt = scene.prompt()
    assert prompt.title == "Coup fourré?" and prompt.time_left is not None
    press(app, "p")
    assert scene.guest.sent_at == 6, "the pass went to the host"
    answered = state.observation(1, answered=True)
    view_after = guest_view(state, 1, 6)
    view_after.update(to_act=None, your_turn=False, legal=[], view=answered.to_json())
    scene.take_view(json.loads(json.dumps(view_after)))
    assert scene.moments.current.ticks < MOMENT_TICKS - 20, "the same moment, its clock on"
    assert scene.moments.words().startswith("You keep your safety")
    assert scene.prompt() is None


def test_coach_mode_asks_nothing_while_the_moments_clock_runs(new_app):
    app = new_app()
    app.storage.settings.coach = True
    scene = cindy_stops_ann(app, True)
    press(app, "p")
    assert app.scenes.top is scene, "no question of the coach: the clock would stop for it"
    assert scene.moments.answered and scene.coach.decisions, "the pass is noted for the review"


def test_the_moment_keeps_the_table_running_at_its_tick_rate_question_or_not(new_app):
    for holds in (True, False):
        scene = cindy_stops_ann(new_app(), holds)
        assert (scene.prompt() is not None) == holds
        assert scene.moving, "no sleeping loop while the clock runs: the end would come later"
