"""A guest's coach in a real network game (issue 32): the host's table and a guest's
screen run in one process over the loopback address; the guest plays its seat to the
end from its own screen and gets, as a player at a local table does, its accuracy in the
end words and a review of its own decisions, each shown at its moment."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.engine.farkle import BANK
from game.net.client import NetClient
from game.scenes.mille import view as mille_view
from game.shell.dialog import ChoiceDialog
from game.shell.registry import game_info
from game.table.coaching import ask_worthy
from game.table.guest import GuestLink
from game.table.review import ReviewScene
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.harness import key, run, words_on_screen
from tests.scenes.test_every_coach import costly_move
from tests.scenes.test_network_table import next_message
from tests.scenes.test_table_net_actions import open_table

# Waits on the network threads: `tasks.py test --under-load` runs it.
pytestmark = pytest.mark.processes

GAME_LIMIT_S = 900  # a bound for a loaded machine, never reached when all is well

# The host's computer at each network game's table.
LEVEL = {"farkle": "standard", "shutbox": "pub", "mille": "basic"}


def guest_move(table, rng: random.Random):
    """A person's move, not always the best (so the review has something): Farkle banks
    when the rules allow (often too early), else a move at random."""
    legal = table.legal_moves()
    if table.game_id == "farkle":
        banks = [a for a in legal if a.kind == BANK and table.state.bank_refusal(a.held) is None]
        if banks:
            return banks[0]
        legal = [a for a in legal if a.kind != BANK]
    return rng.choice(legal)


def sit_down(guest_app, game: str, client: NetClient, host_app):
    """The guest's screen at its seat, from the host's first view (as JoinScene does)."""
    view = next_message(client, host_app, "view")
    link = GuestLink(client, client.seat)
    table = game_info(game).network_join(guest_app, link, view)
    guest_app.push(table)
    return table


def play_to_the_end(host_app, host, guest_app, guest, rng) -> None:
    """Both screens run; the guest plays its seat as a person would, reads each score
    sheet (Enter), until its screen has finished the game. It asks for a hint before
    each decision until one is shown: where there is only one thing to do the hint says
    so and is no hint (the guest then waited for one for ever, when the computer's play,
    which a loaded machine's speed changes, left the guest's first move forced)."""
    deadline = time.monotonic() + GAME_LIMIT_S
    hinted = False
    asked_at = None
    while not guest.finished:
        assert time.monotonic() < deadline, "the game never ended at the guest's screen"
        run(host_app, 1)
        if host_app.scenes.top is not host:
            key(host_app, pygame.K_RETURN)
        run(guest_app, 1)
        if guest_app.scenes.top is not guest:
            key(guest_app, pygame.K_RETURN)  # a hand's score sheet
        elif guest.waiting_for_human and guest.seat_to_act() is None:
            key(guest_app, pygame.K_RETURN)  # "Press Enter for Bea's turn"
        elif (
            guest.waiting_for_human
            and guest.seat_to_act() == guest.guest.seat
            and guest.guest.sent_at is None
            and not getattr(guest, "unsent", None)
        ):
            if not hinted:
                if asked_at != guest.moves:
                    asked_at = guest.moves
                    guest.hints.ask()
                if guest.hints.busy:
                    continue
                hinted = guest.hints.shown_now
            assert guest.submit(guest.guest.seat, guest_move(guest, rng))
        time.sleep(0.001)


def positions_at_the_host(host, seat: int) -> list:
    """Each action of `seat` the host's table applies, with the host's position just
    before it (what the host's coach would weigh it in)."""
    kept = []
    submit = host.submit

    def watched(by: int, action) -> bool:
        position = host.saves.position_data()
        done = submit(by, action)
        if done and by == seat:
            kept.append((position, host.action_json(action)))
        return done

    host.submit = watched
    return kept


def host_verdict(host, position, action):
    """The host's coach's verdict on a decision (None: nothing to decide)."""
    thinking = host.judge_saved(position, action)
    while not thinking.step(1000.0):
        pass
    return action, None if thinking.result is None else host.coaching.verdict(thinking.result)


@pytest.mark.parametrize("game", ["farkle", "shutbox", "mille"])
def test_a_guest_gets_its_accuracy_and_a_review_of_its_decisions(new_app, game):
    """Each of the guest's decisions is weighed here exactly as the host's coach weighs
    it in the host's position: where nothing is hidden the view is the position, and
    Mille Bornes' coach reads only the seat's observation, which is what the guest was
    sent (the cards it cannot see are dealt at random here, never the host's)."""
    host_app = new_app(fast=True)
    host = open_table(
        host_app, game, [TableSeat("Ann", COMPUTER, LEVEL[game]), TableSeat("Guest", REMOTE)]
    )
    try:
        client = NetClient("127.0.0.1", host.net.host.port, host.net.code, "Bea").start()
        guest_app = new_app()  # a person's pace: the coach weighs in the table's idle time
        guest = sit_down(guest_app, game, client, host_app)
        at_the_host = positions_at_the_host(host, guest.guest.seat)
        play_to_the_end(host_app, host, guest_app, guest, random.Random(7))
    finally:
        host.net.close()
    words = guest.coach_line
    assert words.startswith("Accuracy ") and "V reviews the" in words, words
    assert "(1 move from hints, not counted)" in words, "the hint is marked"
    assert any(line.text == words for line in guest.talk.log), "said at the end"
    mille_view._frames.pop(guest, None)  # Mille's still frame: drawn anew, words and all
    shown = " ".join(words_on_screen(guest_app))
    assert words in shown or all(
        part in shown for part in ("Accuracy ", "(1 move from hints,", "V reviews the")
    ), f"the end words on the screen: {shown}"
    decisions = guest.coach.decisions
    assert decisions and {d.seat for d in decisions} == {guest.guest.seat}
    assert [(d.action, d.verdict) for d in decisions] == [
        host_verdict(host, position, action) for position, action in at_the_host
    ], "weighed as the host's coach weighs them"
    assert guest_app.storage.stats(game).played == 0, "the host keeps the records"
    key(guest_app, pygame.K_v, text="v")
    review = guest_app.scenes.top
    assert isinstance(review, ReviewScene) and review.entries
    assert all(entry in decisions for entry in review.entries)
    key(guest_app, pygame.K_RETURN)
    assert review.position is not None and not review.position_error, "shown at its moment"


# Not yet Mille Bornes: there a guest's game with coach mode on did not come to a costly
# choice within the bound under load, and its guest's screen sends without asking.
@pytest.mark.parametrize("game", ["farkle", "shutbox"])
def test_coach_mode_asks_a_guest_before_a_costly_move_goes_to_the_host(new_app, game):
    """Coach mode at a guest's screen, as at a local table: a costly move is weighed and
    asked about before anything goes to the host; "Choose again" sends nothing; the same
    move again goes at once, its verdict already noted. Not while the host's turn timer
    runs on the decision (the host's clock would not wait for the question)."""
    host_app = new_app(fast=True)
    host = open_table(
        host_app, game, [TableSeat("Ann", COMPUTER, LEVEL[game]), TableSeat("Guest", REMOTE)]
    )
    try:
        client = NetClient("127.0.0.1", host.net.host.port, host.net.code, "Bea").start()
        guest_app = new_app(fast=True)
        guest_app.storage.settings.coach = True
        guest = sit_down(guest_app, game, client, host_app)
        link, rng = guest.guest, random.Random(3)
        move = None
        deadline = time.monotonic() + GAME_LIMIT_S
        while move is None:
            assert time.monotonic() < deadline and not guest.finished, "no costly choice came"
            run(host_app, 1)
            run(guest_app, 1)
            if guest_app.scenes.top is not guest:
                key(guest_app, pygame.K_RETURN)  # a hand's score sheet
            elif guest.waiting_for_human and guest.seat_to_act() is None:
                key(guest_app, pygame.K_RETURN)  # "Press Enter for Bea's turn"
            elif (
                guest.waiting_for_human
                and guest.seat_to_act() == link.seat
                and link.sent_at is None
                and not getattr(guest, "unsent", None)
                and guest.coach_may_ask()
            ):
                move = costly_move(guest)
                if move is None:
                    assert guest.submit(link.seat, guest_move(guest, rng))
            time.sleep(0.001)
        moves, decisions = guest.moves, len(guest.coach.decisions)
        link.deadline = time.monotonic() + 30
        assert not guest.coach_may_ask(), "the host's clock runs: no question"
        link.deadline = None
        assert guest.submit(link.seat, move)
        for _ in range(2000):
            if isinstance(guest_app.scenes.top, ChoiceDialog):
                break
            run(guest_app, 1)
        dialog = guest_app.scenes.top
        assert isinstance(dialog, ChoiceDialog) and "anyway?" in dialog.message
        assert "±" not in dialog.title
        assert link.sent_at is None and len(guest.coach.decisions) == decisions, "held here"
        key(guest_app, pygame.K_RETURN)  # "Choose again", the safe answer
        assert guest_app.scenes.top is guest and link.sent_at is None, "nothing went"
        assert guest.submit(link.seat, move)  # the same move again: asked once only
        assert link.sent_at == moves, "it goes to the host at once"
        decision = guest.coach.decisions[-1]
        assert len(guest.coach.decisions) == decisions + 1 and decision.weighed
        assert decision.verdict is not None and ask_worthy(decision.verdict, guest.COACH_ASKS_ABOVE)
        pump_both(host_app, guest_app, lambda: host.moves > moves)
        assert host.net.host.error is None
    finally:
        host.net.close()


def pump_both(host_app, guest_app, until, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "it never came"
        run(host_app, 1)
        run(guest_app, 1)
        time.sleep(0.002)
