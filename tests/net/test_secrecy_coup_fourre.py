"""The coup fourré moment tells nobody whether the attacked side holds the safety.

The same position is played twice at a table on the loopback address: a guest's Stop
lands on a side whose seat holds Right of Way (and lets the coup fourré pass, at once or
late in the moment) or holds a 100 in its place. Every other seat must get exactly the
same: the same messages, byte for byte, in the same order, the same number of ticks of
the host's table apart; and the host's own screen the same picture at every tick and the
same move log. Only a coup fourré that is called may show, as the rules make it public.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field

import pygame
import pytest
from websockets.sync.client import connect

from game import lang
from game.engine.mille import PASS_ACTION, Action, MilleState
from game.engine.mille.rules import COUP_FOURRE, PLAY, WAITING
from game.net import protocol
from game.net.client import NetClient
from game.scenes.mille.moment import MOMENT_TICKS
from game.scenes.mille.pictures import position, tableau
from game.scenes.mille.play import MilleScene
from game.scenes.title import TitleScene
from game.shell.registry import load_games
from game.table.door import open_to_guests
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from tests.harness import make_app, run, settle

# Ticks the table runs on after the moment, for any message that might come late.
AFTER_TICKS = 40
WAIT_S = 20.0


@pytest.fixture
def new_app(tmp_path):
    """Apps as the scene tests make them (windowed, silent, on the title screen)."""
    made = []

    def make(**flags):
        load_games()
        app = make_app(tmp_path / f"data{len(made)}", **flags)
        app.sounds = []
        app.audio.play = app.sounds.append
        app.push(TitleScene(app))
        app.frame(0)
        made.append(app)
        return app

    yield make
    for app in made:
        scene = app.scenes.top
        if isinstance(scene, MilleScene) and scene.net is not None:
            scene.net.close()
        app.scenes.clear()
    pygame.display.quit()


class RawGuest:
    """A guest that keeps every message of the host as the text it came in, and acts by
    sending the protocol's messages itself (no client code between it and the wire)."""

    def __init__(self, port: int, code: str, name: str, seat: int) -> None:
        self.frames: list[str] = []
        self.opened = ExitStack()
        self.connection = self.opened.enter_context(
            connect(f"ws://127.0.0.1:{port}", proxy=None, open_timeout=WAIT_S)
        )
        self.connection.send(protocol.encode(protocol.hello(code, name, seat)))

    def drain(self) -> None:
        while True:
            try:
                self.frames.append(self.connection.recv(timeout=0))
            except TimeoutError:
                return

    def messages(self) -> list[dict]:
        return [json.loads(frame) for frame in self.frames]

    def last_view(self) -> dict | None:
        views = [m for m in self.messages() if m["type"] == "view"]
        return views[-1] if views else None

    def act(self, action: Action, moves: int) -> None:
        self.connection.send(protocol.encode(protocol.action_message(action.to_json(), moves)))

    def close(self) -> None:
        self.opened.close()


@dataclass
class Run:
    """What one playing of the position left: per watching guest, the frames it got
    from the hazard on and the ticks (from the hazard) the host sent each; the host's
    screen (a hash a tick) and its move log."""

    frames: dict[int, list[str]] = field(default_factory=dict)
    sent_at: dict[int, list[int]] = field(default_factory=dict)
    screens: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    asked: list[dict] = field(default_factory=list)


class Door:
    """The host's door, read ahead: the test waits (the table not ticking) until what a
    guest sent has come in, so that each action is taken at the table's next tick however
    busy the machine is (the moments are counted in ticks)."""

    def __init__(self, host) -> None:
        self.real_poll, self.waiting = host.poll, []
        host.poll = self.poll

    def poll(self) -> list:
        events, self.waiting = self.waiting + self.real_poll(), []
        return events

    def wait_for_news(self, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while not self.waiting:
            assert time.monotonic() < deadline, "a guest's action never came"
            self.waiting += self.real_poll()
            time.sleep(0.0005)


class Table:
    """A host's table (`scene`, pushed on the app) open on the loopback address, with its
    guests; `tick()` runs it one tick and lets the guests read."""

    def __init__(self, app, scene: MilleScene) -> None:
        self.app = app
        self.scene = scene
        code = protocol.new_table_code()
        open_to_guests(self.scene, code=code, port=0, bind="127.0.0.1")
        app.push(self.scene)
        self.port = self.scene.net.host.port
        self.code = code
        self.raw: dict[int, RawGuest] = {}
        self.clients: dict[int, NetClient] = {}
        self.inbox: dict[int, list[dict]] = {}
        self.ticks = 0
        self.sends: list[tuple[int, int, str]] = []
        host = self.scene.net.host
        send = host.send

        def recording_send(seat, message):
            self.sends.append((self.ticks, seat, protocol.encode(message)))
            send(seat, message)

        host.send = recording_send
        self.door = Door(host)

    def seat_raw(self, seat: int, name: str) -> RawGuest:
        self.raw[seat] = RawGuest(self.port, self.code, name, seat)
        self.until(lambda: self.raw[seat].last_view() is not None)
        return self.raw[seat]

    def seat_client(self, seat: int, name: str) -> NetClient:
        client = NetClient("127.0.0.1", self.port, self.code, name, seat=seat).start()
        self.clients[seat], self.inbox[seat] = client, []
        self.until(lambda: any(m["type"] == "view" for m in self.inbox[seat]))
        return client

    def tick(self) -> None:
        run(self.app, 1)
        self.ticks += 1
        for guest in self.raw.values():
            guest.drain()
        for seat, client in self.clients.items():
            self.inbox[seat].extend(client.poll())

    def delivered(self) -> bool:
        """Every message the host sent a guest here has come (the welcome is not sent
        through send())."""
        return all(
            sum(1 for frame in guest.frames if '"type":"welcome"' not in frame)
            == sum(1 for _, seat, _ in self.sends if seat == s)
            for s, guest in self.raw.items()
        )

    def wait_delivered(self, seconds: float = WAIT_S) -> None:
        """Wait, the table standing still, until every message sent has come."""
        deadline = time.monotonic() + seconds
        while not self.delivered():
            assert time.monotonic() < deadline, "a message never came"
            time.sleep(0.0005)
            for guest in self.raw.values():
                guest.drain()

    def quiet(self, ticks: int = 10) -> None:
        """Run until every message sent has come and nothing more is sent, `ticks` in a
        row (the network's rest; the table's is harness.settle's)."""
        quiet = 0
        while quiet < ticks:
            sent = len(self.sends)
            self.until(self.delivered)
            self.tick()
            quiet = quiet + 1 if len(self.sends) == sent and self.delivered() else 0

    def until(self, done: Callable[[], bool], seconds: float = WAIT_S) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, "the table never got there"
            self.tick()
            time.sleep(0.002)

    def close(self) -> None:
        for guest in self.raw.values():
            guest.close()
        for client in self.clients.values():
            client.close()


def screen_hash(app) -> str:
    return hashlib.sha256(pygame.image.tobytes(app.display.canvas, "RGB")).hexdigest()


NAMES = ("Ann", "Bea", "Cal", "Dan")
HANDS = {
    0: "25 50 75 repairs spare_tire end_of_limit",
    1: "100 25 50 75 200 gasoline",
    2: "stop 25 50 75 100 200 repairs",
    3: "25 50 75 100 gasoline repairs",
}
CAL = 2  # the attacker, a guest


def stop_on(players: int, defender: int, holds: bool) -> MilleState:
    """Cal (seat 2) is to play and holds a Stop for `defender`'s side, which rolls; the
    defender holds Right of Way (`holds`) or a 100 in its place. The draw pile is the same
    but for that card, which lies at its bottom, so every draw of the test is the same."""
    hands = [HANDS[seat] for seat in range(players)]
    first, rest = hands[defender].split(" ", 1)
    hands[defender] = ("right_of_way" if holds else first) + " " + rest
    sides = 3 if players == 3 else 2
    rows = [tableau("roll", "", km) for km in ("100", "50", "75")[:sides]]
    state = position(players, hands, rows, to_act=CAL, hand_number=1)
    swapped = first if holds else "right_of_way"
    state.draw_pile.remove(swapped)
    state.draw_pile.insert(0, swapped)
    return state


def play_a_stop(app, players: int, defender: int, holds: bool, answer=None) -> Run:
    """Cal's Stop on `defender`'s side at a table of Ann (here, the host's screen) and
    guests in every other seat. `answer`: (action, ticks after the question) the
    defender answers with, or None (it never answers). Runs until the moment is over
    and AFTER_TICKS more."""
    seats = [TableSeat(NAMES[s], HERE if s == 0 else REMOTE) for s in range(players)]
    table = Table(app, MilleScene(app, stop_on(players, defender, holds), seats, random.Random(1)))
    scene = table.scene
    try:
        guests = {seat: table.seat_raw(seat, NAMES[seat]) for seat in range(1, players)}
        settle(app, scene)  # Cal, a guest, is to play
        table.quiet()  # the joins' news has come
        starts = {seat: len(guest.frames) for seat, guest in guests.items()}
        start_log, moves = len(scene.talk.log), scene.moves
        guests[CAL].act(Action("play", "stop", scene.state.side_of(defender)), scene.moves)
        table.until(lambda: scene.moves > moves)
        hazard_tick = table.ticks - 1  # the tick that applied it (ticks counts it done)
        sends_from = next(i for i, sent in enumerate(table.sends) if sent[0] >= hazard_tick)
        result, asked_at = Run(), None
        if defender != 0:
            scene.controls.select(2)  # Ann plans her next move meanwhile: it stays chosen
        while scene.state.phase == COUP_FOURRE or scene.steps:
            question = asked_view(scene, guests, defender)
            if question is not None and asked_at is None:
                result.asked.append(question)
                asked_at = table.ticks
            if answer is not None and asked_at is not None and table.ticks - asked_at == answer[1]:
                answer_now(table, guests, defender, answer[0], question or result.asked[-1])
            result.screens.append(screen_hash(app))
            table.tick()
            table.wait_delivered()  # however busy the machine, ticks are what is counted
            assert table.ticks - hazard_tick < 10 * MOMENT_TICKS, "the moment never ended"
        for _ in range(AFTER_TICKS):
            result.screens.append(screen_hash(app))
            table.tick()
        table.until(table.delivered)
        assert scene.state.phase == PLAY
        for seat, guest in guests.items():
            result.frames[seat] = guest.frames[starts[seat] :]
            result.sent_at[seat] = [
                t - hazard_tick for t, s, _ in table.sends[sends_from:] if s == seat
            ]
        result.log = [line.text for line in scene.talk.log[start_log:]]
        return result
    finally:
        table.close()
        scene.net.close()


def asked_view(scene: MilleScene, guests: dict, defender: int) -> dict | None:
    """The defender's question, once it shows: a guest's view with its turn, or the prompt
    on the host's screen."""
    if defender in guests:
        view = guests[defender].last_view()
        return view if view is not None and view["your_turn"] else None
    prompt = scene.prompt()
    return {"prompt": prompt.title} if prompt is not None else None


def answer_now(table: Table, guests: dict, defender: int, action: Action, question: dict) -> None:
    if defender in guests:
        guests[defender].act(action, question["moves"])
        table.door.wait_for_news()  # taken at the table's next tick
    else:
        letter = "c" if action.verb == "coup_fourre" else "p"
        for kind in (pygame.KEYDOWN, pygame.KEYUP):  # read by the table's next tick
            code = pygame.key.key_code(letter)
            pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode=letter, scancode=0))


def watchers(players: int, defender: int) -> list[int]:
    """The guests who must learn nothing: every guest but the defender (a partner too)."""
    return [seat for seat in range(1, players) if seat != defender]


@pytest.mark.parametrize(
    "players, defender, answer_after",
    [(3, 1, 0), (3, 1, MOMENT_TICKS // 2), (4, 1, 5), (4, 3, MOMENT_TICKS - 5), (3, 0, 3)],
)
def test_letting_the_coup_fourre_pass_looks_to_everyone_else_like_holding_no_safety(
    new_app, players, defender, answer_after
):
    """Dan and Bea are partners at four; at (3, 0) Ann, at the host's screen, is attacked."""
    held = play_a_stop(new_app(), players, defender, True, (PASS_ACTION, answer_after))
    empty = play_a_stop(new_app(), players, defender, False)
    assert held.asked and not empty.asked, "asked only when holding the safety"
    for seat in watchers(players, defender):
        assert held.frames[seat] == empty.frames[seat], f"seat {seat} gets the same bytes"
        assert held.sent_at[seat] == empty.sent_at[seat], f"seat {seat}: at the same ticks"
        first, *_ = [json.loads(frame) for frame in held.frames[seat]]
        assert first["view"]["phase"] == WAITING and first["to_act"] is None
        assert first["waiting_for"] is None and first["your_turn"] is False
        assert held.sent_at[seat][1] - held.sent_at[seat][0] >= MOMENT_TICKS, "its span"
    if defender != 0:
        assert held.screens == empty.screens, "the host's screen, tick by tick"
    assert held.log == empty.log, "the move log"
    assert not any("pass" in line for line in held.log)


def test_a_guest_question_is_put_with_both_answers(new_app):
    held = play_a_stop(new_app(), 3, 1, True, (PASS_ACTION, 0))
    question = held.asked[0]
    assert question["legal"] == [["coup_fourre", "right_of_way", 1], ["pass", "", -1]]
    assert question["view"]["phase"] == COUP_FOURRE and question["to_act"] == 1


def test_an_unanswered_question_is_called_when_the_moment_ends_as_it_would_have_passed(
    new_app,
):
    silent = play_a_stop(new_app(), 3, 1, True)
    empty = play_a_stop(new_app(), 3, 1, False)
    assert silent.sent_at[CAL][:2] == empty.sent_at[CAL][:2], "the moment as long"
    assert silent.frames[CAL][0] == empty.frames[CAL][0]
    called = json.loads(silent.frames[CAL][1])
    assert called["view"]["tableaux"][1]["coups_fourres"] == ["right_of_way"]
    news = [lang.text(protocol.said_from_json(line)) for line, _ in called["news"]]
    assert any("coup fourré" in line.lower() and "Bea" in line for line in news)
    assert any("time was up" in line for line in silent.log)


def test_a_coup_fourre_called_in_the_moment_is_played_at_once(new_app):
    called = play_a_stop(new_app(), 3, 1, True, (Action("coup_fourre", "right_of_way", 1), 0))
    empty = play_a_stop(new_app(), 3, 1, False)
    assert called.sent_at[CAL][1] < empty.sent_at[CAL][1] - MOMENT_TICKS // 2, "no waiting"
    view = json.loads(called.frames[CAL][1])
    assert view["view"]["tableaux"][1]["coups_fourres"] == ["right_of_way"]


def test_in_fast_mode_the_table_calls_it_at_once_and_nothing_waits(new_app):
    called = play_a_stop(new_app(fast=True), 3, 1, True)
    empty = play_a_stop(new_app(fast=True), 3, 1, False)
    assert not called.asked, "nobody is asked: the table waits for nobody"
    assert called.sent_at[CAL][0] == empty.sent_at[CAL][0] == 0, "the same tick as the Stop"
    views = [json.loads(frame)["view"] for frame in called.frames[CAL] + empty.frames[CAL]]
    assert all(view["phase"] != WAITING for view in views), "no moment to wait out"
    assert views[0]["tableaux"][1]["coups_fourres"] == ["right_of_way"], "called for Bea"


class StopOnBea:
    """A computer player that plays its Stop on seat 1 whenever it may."""

    def choose(self, observation, legal):
        stop = Action("play", "stop", 1)
        return stop if stop in legal else legal[-1]


def test_a_lone_person_at_a_table_of_computers_is_asked_without_a_clock(new_app):
    app = new_app()
    seats = [TableSeat("Ann", COMPUTER, "basic"), TableSeat("Bea", REMOTE)]
    seats.append(TableSeat("Cal", COMPUTER, "basic"))
    scene = MilleScene(app, stop_on(3, 1, True), seats, random.Random(1))
    scene.agents[(CAL, "basic")] = StopOnBea()
    table = Table(app, scene)
    try:
        bea = table.seat_raw(1, "Bea")
        table.until(lambda: scene.state.phase == COUP_FOURRE and bea.last_view()["your_turn"])
        question = bea.last_view()
        for _ in range(2 * MOMENT_TICKS):
            table.tick()
        assert scene.state.phase == COUP_FOURRE, "nobody else to keep waiting: no clock"
        bea.act(PASS_ACTION, question["moves"])
        table.until(lambda: scene.state.phase == PLAY)
        assert "right_of_way" in scene.state.hands[1]
    finally:
        table.close()
        scene.net.close()
