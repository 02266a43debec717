"""A rematch at a network table keeps the table, the seats and the friends: the guests
get the next game's views without joining again, and their screens follow; and a guest
gets the coach's accuracy and review at the end, as the host's people do."""

from __future__ import annotations

import random

import pygame

from game.engine.farkle import ROLL_ALL, ROLLED, FarkleAction
from game.scenes.farkle.joined import FarkleGuestScene
from game.shell.registry import game_info
from game.table.guest import GuestLink
from game.table.review import ReviewScene
from game.table.seats import COMPUTER, REMOTE
from tests.harness import key, run, run_until
from tests.scenes.test_guest_tables import farkle_state, guest_table
from tests.scenes.test_network_table import next_message, pump
from tests.scenes.test_table_net_actions import (
    Inbox,
    a_farkle_game_played_to_its_end_with_a_guest,
)


def test_n_after_the_end_starts_the_next_game_with_the_same_friends(new_app):
    app = new_app(fast=True)
    with a_farkle_game_played_to_its_end_with_a_guest(app) as (table, net, guest, player):
        key(app, pygame.K_n, text="n")
        again = app.scenes.top
        assert again is not table and again.net is net, "the same door serves the next game"
        assert [(s.name, s.kind) for s in again.seats] == [
            ("Ann", COMPUTER),
            ("Bea", REMOTE),
        ]
        assert max(again.state.scores) < 9_950 and not again.is_over, "a new game"
        view = next_message(guest, app, "view")
        while view["game"] != 2:
            view = next_message(guest, app, "view")
        assert view["names"] == ["Ann", "Bea"] and view["moves"] <= again.moves
        view = next_message(guest, app, "view", 60.0)
        while not view["your_turn"] or view["moves"] != again.moves:
            view = next_message(guest, app, "view", 60.0)
        moves = again.moves
        guest.send_action(player.choose(view["view"], view["legal"]), view["moves"])
        pump(app, lambda: again.moves > moves)  # she plays on without joining again
        assert net.host.error is None


def test_the_guests_screen_follows_the_host_to_the_next_game(new_app):
    app = new_app()
    table = guest_table(app, "farkle", move=False)
    first = {
        "type": "view",
        "moves": 40,
        "game": 1,
        "seat": 1,
        "names": ["Ann", "Bea"],
        "your_turn": False,
        "view": {"state": table.state.to_json()},
        "news": [],
        "events": [],
    }
    link = GuestLink(Inbox(first), 1)
    link.tell_news(table, first)
    table.guest = link
    run(app, 1)
    assert app.scenes.top is table
    link.client.messages.append({**first, "moves": 1, "game": 2})
    run(app, 1)
    fresh = app.scenes.top
    assert isinstance(fresh, FarkleGuestScene) and fresh is not table
    assert fresh.guest is link and table not in app.scenes and fresh.moves == 1


def guest_to_play():
    """A Farkle game where the guest (seat 1) has rolled and chooses now."""
    state = farkle_state()
    rng = random.Random(4)
    while not (state.current == 1 and state.phase == ROLLED):
        legal = state.legal_actions()
        state.apply(ROLL_ALL if ROLL_ALL in legal else legal[-1], rng)
    return state


def costliest(table, legal):
    """The legal action the coach finds worst (so that the review has it)."""

    def cost(action) -> float:
        thinking = table.judge_saved(table.saves.position_data(), table.action_json(action))
        while not thinking.step(1000.0):
            pass
        return thinking.result.cost if thinking.result is not None else 0.0

    return max(legal, key=cost)


def test_a_guest_gets_the_coachs_accuracy_and_review_at_the_end(new_app):
    app = new_app(fast=True)
    table = guest_table(app, "farkle", move=False)
    state = guest_to_play()
    view = {
        "type": "view",
        "moves": 30,
        "game": 1,
        "seat": 1,
        "your_turn": True,
        "view": {"state": state.to_json()},
        "news": [],
        "events": [],
    }
    client = Inbox(view)
    table.guest = GuestLink(client, 1)
    run(app, 2)
    assert table.waiting_for_human
    choice = costliest(table, table.legal_moves())
    table.play_move(choice)
    assert client.sent == [(table.action_json(choice), 30)]
    assert len(table.coach.decisions) == 1, "the guest's coach wrote it down"
    rng = random.Random(9)
    state.apply(choice, rng)
    player = game_info("farkle").network_guest("standard", rng)
    for _ in range(20_000):  # the rest of the game, played by the computer
        if state.is_over:
            break
        legal = [table.action_json(action) for action in state.legal_actions()]
        choice = player.choose({"state": state.to_json()}, legal)
        state.apply(FarkleAction.from_json(choice), rng)
    assert state.is_over
    client.messages.append(
        {**view, "moves": 99, "your_turn": False, "over": True, "view": {"state": state.to_json()}}
    )
    run_until(app, lambda: table.finished)
    assert table.coach_line.startswith("Accuracy") and "V reviews" in table.coach_line
    key(app, pygame.K_v, text="v")
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.entries
    key(app, pygame.K_RETURN)
    assert review.position is not None and not review.position_error, "shown at its moment"


def test_a_refused_action_is_no_decision_of_the_guests(new_app):
    app = new_app(fast=True)
    table = guest_table(app, "farkle", move=False)
    state = guest_to_play()
    view = {
        "type": "view",
        "moves": 30,
        "game": 1,
        "seat": 1,
        "your_turn": True,
        "view": {"state": state.to_json()},
        "news": [],
        "events": [],
    }
    client = Inbox(view)
    table.guest = GuestLink(client, 1)
    run(app, 2)
    table.play_move(table.legal_moves()[0])
    assert len(table.coach.decisions) == 1
    client.messages.append({"type": "refused", "code": "stale", "reason": "x", "fatal": False})
    run(app, 1)
    assert table.coach.decisions == [], "never applied: taken back"


def test_a_mille_guests_decision_is_noted_and_shown_at_its_moment(new_app):
    """A card game's guest too: its decision is written down as it goes to the host, and
    the review shows its moment on the host's kind of table (the guest's own draws only
    from views)."""
    from game.scenes.mille.pictures import network_guest
    from game.table.coaching import Verdict

    app = new_app(fast=True)
    table = network_guest(app, waiting=False)
    table.guest.client = client = Inbox()
    run(app, 2)
    legal = table.legal_moves()
    table.play_move(legal[0])
    assert client.sent and len(table.coach.decisions) == 1
    decision = table.coach.decisions[0]
    decision.weighed = True
    decision.verdict = Verdict(
        5.0, "points", False, 1.0, "a test", 5.0, table.action_json(legal[-1])
    )
    table.finished = True
    review = app.push(ReviewScene(app, table))
    review.show_position()
    assert review.position is not None and not review.position_error
