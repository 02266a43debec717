"""What a guest is sent stays the same, byte for byte: a seeded game of each network game,
its guests' seats played by a script, is held to the messages recorded (tests/net/data/
guest_messages.json) from the tables as they were before their network face was derived
from the engine contract (issue 31). A guest of another version of the program reads
these messages: a change to them is a change of the wire, never a side effect.

The table is the real one (the registry's network_table, RemoteSeats) with a door that
only records: no sockets, a clock that stands still, one tick at a time, so the same seed
sends the same messages. Run with RECORD_GUEST_MESSAGES=1 to write the file anew (only
for a wire changed on purpose).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from pathlib import Path

import pygame
import pytest

from game.engine.mille.cards import SAFETIES
from game.engine.mille.rules import DECLARE, PASS
from game.net import protocol
from game.net.host import NetEvent
from game.scenes.mille import moment
from game.shell.registry import game_info, load_games
from game.table.remote import RemoteSeats
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.harness import make_app, run

SEED = 9  # a seed whose Mille Bornes game holds several passes in coup fourré moments
DATA = Path(__file__).parent / "data" / "guest_messages.json"
# The most ticks each game may take to its end.
TICKS = {"farkle": 6000, "shutbox": 6000, "mille": 5000}
SEATS = {
    "farkle": [TableSeat("Ann", COMPUTER, "cautious"), TableSeat("Bea", REMOTE)],
    "shutbox": [TableSeat("Ann", COMPUTER, "pub"), TableSeat("Bea", REMOTE)],
    # Two guests: a pass is held to the end of a coup fourré moment only at a table of
    # two people or more (the answered moment, which the views must show as before).
    "mille": [
        TableSeat("Ann", COMPUTER, "basic"),
        TableSeat("Bea", REMOTE),
        TableSeat("Cal", REMOTE),
    ],
}


class RecordingDoor:
    """A NetHost that only records: what each guest is sent, as the wire's text."""

    code = "K7QXR2M9"
    watchers_allowed = True

    def __init__(self) -> None:
        self.tokens: dict[int, str] = {}
        self.names: dict[int, str] = {}
        self.arriving: list[NetEvent] = []
        self.sent: list[tuple[int, str]] = []

    def poll(self) -> list[NetEvent]:
        events, self.arriving = self.arriving, []
        return events

    def send(self, seat: int, message: dict) -> None:
        self.sent.append((seat, protocol.encode(message)))

    def set_seat_names(self, names: list[str]) -> None:
        pass

    def stop(self) -> None:
        pass


def play(game: str, tmp_path: Path) -> tuple[list[tuple[int, str]], int]:
    """The messages the guests of a seeded game were sent, and how many views went out
    while a pass was held in a coup fourré moment (Mille Bornes)."""
    load_games()
    # A table in fast mode calls every coup fourré at once (no moment): Mille Bornes is
    # played at its pace, hurried on at every tick.
    app = make_app(tmp_path / game, fast=game != "mille", seed=SEED)
    seats = SEATS[game]
    table = game_info(game).network_table(app, seats)
    door = RecordingDoor()
    table.net = RemoteSeats(table, door, clock=lambda: 1000.0)  # type: ignore[arg-type]
    # A computer's decision is finished in the tick it starts, however busy the machine:
    # sliced over ticks, how many moves one tick's view holds would depend on the load.
    table.think_ms = 1e9
    app.push(table)
    # The tables a computer player builds off the main thread (game.warmup) are ready
    # before the first tick: a game that waited ticks for them (the first in a process)
    # would send its first moves in other views than one that did not.
    deadline = time.monotonic() + 60
    while not table.ready_to_think():
        assert time.monotonic() < deadline, "the computer's tables were never built"
        time.sleep(0.01)
    guests = [seat for seat, info in enumerate(seats) if info.kind == REMOTE]
    for seat in guests:
        door.arriving.append(NetEvent("joined", seat, name=f"Guest{seat}"))
    chooser = random.Random(SEED)
    read = 0
    held_views = 0
    answered = {}
    for _ in range(TICKS[game]):
        table.hurry()
        run(app, 1)
        if getattr(getattr(table, "moments", None), "answered", False):
            held_views += sum(1 for _ in door.sent[read:])
        for seat, text in door.sent[read:]:
            message = json.loads(text)
            if not message["your_turn"] or answered.get(seat) == message["moves"]:
                continue
            answered[seat] = message["moves"]
            legal = message["legal"]
            # Offers of a coup fourré are let pass (held to the end of the moment).
            passes = [a for a in legal if a[0] == PASS] if game == "mille" else []
            # and a safety is kept in the hand for them (nor played nor thrown away).
            kept = [a for a in legal if a[1] not in SAFETIES] if game == "mille" else legal
            if passes and any(a[0] == DECLARE for a in legal):
                action = passes[0]
            else:
                action = chooser.choice(kept or legal)
            door.arriving.append(NetEvent("action", seat, action=action, moves=message["moves"]))
        read = len(door.sent)
        if table.finished:
            break
    table.net = None
    app.scenes.clear()
    return door.sent, held_views


def digest(sent: list[tuple[int, str]]) -> list[str]:
    return [f"{seat}:{hashlib.sha256(text.encode()).hexdigest()[:20]}" for seat, text in sent]


@pytest.mark.parametrize("game", sorted(TICKS))
def test_a_guest_is_sent_what_it_was_sent_before_byte_for_byte(game, tmp_path, monkeypatch):
    monkeypatch.setattr(moment, "MOMENT_TICKS", 12)  # short moments: a quick game
    sent, held_views = play(game, tmp_path)
    pygame.display.quit()
    assert len(sent) > 30 and json.loads(sent[-1][1])["over"], "a whole game's messages"
    if game == "mille":
        assert held_views, "views went out while a pass was held (the answered moment)"
    recorded = json.loads(DATA.read_text()) if DATA.exists() else {}
    if os.environ.get("RECORD_GUEST_MESSAGES"):
        recorded[game] = digest(sent)
        DATA.write_text(json.dumps(recorded, indent=0, sort_keys=True) + "\n")
    wanted = recorded[game]
    got = digest(sent)
    for index, (old, new) in enumerate(zip(wanted, got)):
        assert old == new, f"message {index} differs: now {sent[index][1][:600]}"
    assert len(got) == len(wanted)
