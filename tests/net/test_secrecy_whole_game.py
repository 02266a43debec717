"""A whole game of Mille Bornes at a table on the loopback address, a computer and two
guests, with every coup fourré offer answered in turn by a pass, by silence and by a
call: no view a guest gets holds a card its seat may not see or tells who is asked
(MilleGuest.check); and every coup fourré moment that ends without a call takes exactly
as long for every other guest, held safety or not. (The same position both ways, byte
for byte: test_secrecy_coup_fourre.py.)"""

from __future__ import annotations

import json
import random
import time

from game.engine.mille import Action, MilleState, Options, make_agent
from game.engine.mille.guest import MilleGuest
from game.engine.mille.rules import COUP_FOURRE, DECLARE, PASS, WAITING, Observation
from game.scenes.mille import moment
from game.scenes.mille.play import MilleScene
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.net.test_secrecy_coup_fourre import Table, new_app  # noqa: F401 (a fixture)

SEED = 5
# A short moment keeps the whole game quick; what is checked is that it is the same.
MOMENT_TICKS = 12
GAME_LIMIT_S = 240
# How a guest answers its offers, in turn: let it pass, say nothing, call it.
ANSWERS = ("pass", "silence", "call")


class Guest:
    """A guest's seat played from its views by the Expert (no search: quick and the same
    every time), answering coup fourré offers in the turn of ANSWERS."""

    def __init__(self, raw, seat: int) -> None:
        self.raw, self.seat = raw, seat
        self.agent = make_agent("expert", random.Random(seat), budget_ms=0)
        self.read = 0
        self.answered: int | None = None
        self.offers = 0
        self.problems: list[str] = []

    def play(self) -> bool:
        """Check every new view and answer the one that asks this seat; True if it sent
        an action."""
        frames, self.read = self.raw.frames[self.read :], len(self.raw.frames)
        sent = False
        for frame in frames:
            message = json.loads(frame)
            if message["type"] != "view":
                continue
            problem = MilleGuest.check(message)
            if problem:
                self.problems.append(problem)
            if not message["your_turn"] or message["moves"] == self.answered:
                continue
            self.answered = message["moves"]
            legal = [Action.from_json(a) for a in message["legal"]]
            if any(a.verb == DECLARE for a in legal):
                answer = ANSWERS[self.offers % len(ANSWERS)]
                self.offers += 1
                if answer == "silence":
                    continue
                verb = PASS if answer == "pass" else DECLARE
                action = next(a for a in legal if a.verb == verb)
            else:
                observation = Observation.from_json(message["view"])
                action = self.agent.choose(observation, legal)
            self.raw.act(action, message["moves"])
            sent = True
        return sent


def test_a_whole_game_with_coup_fourre_offers_every_way_tells_nobody_who_holds_a_safety(
    new_app,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    monkeypatch.setattr(moment, "MOMENT_TICKS", MOMENT_TICKS)
    app = new_app()
    seats = [
        TableSeat("Ann", COMPUTER, "basic"),
        TableSeat("Bea", REMOTE),
        TableSeat("Cal", REMOTE),
    ]
    scene = MilleScene(app, MilleState.new_game(Options(players=3)), seats, random.Random(SEED))
    table = Table(app, scene)
    guests = {seat: Guest(table.seat_raw(seat, seats[seat].name), seat) for seat in (1, 2)}
    moments: list[dict] = []
    deadline = time.monotonic() + GAME_LIMIT_S
    try:
        while not scene.finished:
            assert time.monotonic() < deadline, "the game never ended"
            for guest in guests.values():
                if guest.play():
                    table.door.wait_for_news()
            watch_moments(scene, table.ticks, moments)
            scene.hurry()  # no pauses between moves: the moments' clocks run all the same
            table.tick()
            table.wait_delivered()  # each guest reads what the tick sent before the next
        for guest in guests.values():
            guest.play()
    finally:
        table.close()
        scene.net.close()
    for guest in guests.values():
        assert guest.problems == [], f"seat {guest.seat}: {guest.problems[:3]}"
    kinds = {(m["held"], m["called"]) for m in moments}
    assert {(True, False), (False, False), (True, True)} <= kinds, (
        f"offers let pass, moments without a safety, and calls: {kinds}"
    )
    spans = [(m["held"], m["called"], span) for m in moments for span in spans_seen(table, m)]
    passed = {span for _, called, span in spans if not called}
    assert len(passed) == 1, f"every moment that passes takes as long: {spans}"
    assert all(span <= min(passed) for _, called, span in spans if called), "a call is at once"


def watch_moments(scene: MilleScene, tick: int, moments: list[dict]) -> None:
    """Note each coup fourré moment as the host's table holds it: when it opened, on
    whom, whether a seat held the safety, and whether it ended with a coup fourré."""
    state, last = scene.state, moments[-1] if moments else None
    calls = sum(len(t.coups_fourres) for t in state.tableaux)
    if state.phase == COUP_FOURRE and (last is None or "end" in last):
        pending = state.pending
        moments.append(
            {"start": tick, "side": pending.side, "held": pending.seat is not None, "calls": calls}
        )
    elif state.phase != COUP_FOURRE and last is not None and "end" not in last:
        last.update(end=tick, called=calls > last["calls"])


def spans_seen(table: Table, moment_seen: dict) -> list[int]:
    """For each guest not on the attacked side: the ticks from the view that showed it
    the moment to the next message the host sent it."""
    spans = []
    for seat in (1, 2):
        if seat == moment_seen["side"]:
            continue
        mine = [(t, json.loads(text)) for t, s, text in table.sends if s == seat]
        shown = next(
            (
                i
                for i, (t, m) in enumerate(mine)
                if t >= moment_seen["start"] - 1 and m["view"]["phase"] == WAITING
            ),
            None,
        )
        if shown is not None and shown + 1 < len(mine):
            spans.append(mine[shown + 1][0] - mine[shown][0])
    return spans
