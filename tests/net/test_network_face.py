"""A game's network face comes from the engine contract (game.engine.netface, issue 31):
what a guest is sent is the engine's view_for(seat), its actions are read by the engine's
action_from_json, and a game writes only what it needs beyond that. Pig, which writes
nothing at all for the network, is played to its end by a guest through the defaults."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.engine.netface import NetFace
from game.net.host import NetEvent
from game.shell.registry import game_info, load_games
from game.table.remote import RemoteSeats
from game.table.seats import COMPUTER, REMOTE, TableSeat
from tests.games.pig.engine import HOLD, ROLL, PigState
from tests.games.pig.scene import PigScene
from tests.harness import make_app, run
from tests.net.test_guest_messages import RecordingDoor

NETWORK_HOOKS = ("remote_view", "action_from_json", "rename_seat", "net_face", "NET_FACE")


@pytest.fixture
def app(tmp_path):
    load_games()
    yield make_app(tmp_path, fast=True, seed=4)
    pygame.display.quit()


def test_pig_writes_nothing_for_the_network_and_its_table_answers_from_its_engine(app):
    assert not set(NETWORK_HOOKS) & set(vars(PigScene)), "the defaults, nothing of Pig's"
    table = PigScene(app, PigState(["Ann", "Bea"], [40, 95], current=1, turn=3), seats())
    for seat in (0, 1):
        assert table.remote_view(seat) == table.state.view_for(seat) == table.state.to_json()
    for action in table.legal_moves():
        assert table.action_from_json(json.loads(json.dumps(action))) == action
    for junk in ("bank", 1, None, ["roll"]):
        with pytest.raises(ValueError):
            table.action_from_json(junk)
    table.rename_seat(1, "Cy")
    assert table.name(1) == "Cy" and table.state.names[1] == "Bea", "the table's name alone"


def test_pig_is_played_to_its_end_by_a_guest_through_the_defaults_alone(app):
    """The host's table and RemoteSeats as any network game has them: the guest reads its
    views and legal actions with the face derived from PigState and answers them."""
    table = PigScene(app, PigState(["Ann", "Bea"]), seats(), random.Random(4))
    door = RecordingDoor()
    table.net = RemoteSeats(table, door, clock=lambda: 1000.0)  # type: ignore[arg-type]
    app.push(table)
    door.arriving.append(NetEvent("joined", 1, name="Bea"))
    face, chooser = NetFace(PigState), random.Random(4)
    read, sent, last = 0, 0, None
    for _ in range(20_000):
        run(app, 1)
        for _seat, text in door.sent[read:]:
            last = message = json.loads(text)
            assert message["type"] == "view", message
            state = face.read_state(message["view"])
            legal = [face.read_action(action) for action in message["legal"]]
            if message["your_turn"]:
                assert legal == state.legal_actions() and set(legal) <= {ROLL, HOLD}
                action = face.write_action(chooser.choice(legal))
                door.arriving.append(NetEvent("action", 1, action=action, moves=message["moves"]))
                sent += 1
            else:
                assert legal == []
        read = len(door.sent)
        if last is not None and last["over"]:
            break
    table.net = None
    assert table.finished and last is not None and last["over"]
    assert face.read_state(last["view"]).to_json() == table.state.to_json()
    assert sent > 5, "the guest played its seat"


@pytest.mark.parametrize(
    "game,level", [("farkle", "cautious"), ("shutbox", "pub"), ("mille", "basic")]
)
def test_a_network_game_sends_its_engine_s_view(app, game, level):
    """Each network game's table sends what its face makes of the engine's view_for (Mille
    Bornes' own remote_view differs only while it holds a pass: test_guest_messages.py)."""
    info = game_info(game)
    table = info.network_table(app, [TableSeat("Ann", COMPUTER, level), TableSeat("Bea", REMOTE)])
    face = table.net_face()
    assert face.engine is type(table.state)
    for seat in (0, 1):
        view = table.state.view_for(seat)
        assert table.remote_view(seat) == ({face.field: view} if face.field else view)
    for action in table.legal_moves():
        wire = json.loads(json.dumps(table.action_json(action)))
        assert table.action_from_json(wire) == action
    table.rename_seat(1, "Cy")
    assert "Cy" in json.dumps(table.remote_view(0)) or game == "mille", "the engine's names"


def seats() -> list[TableSeat]:
    return [TableSeat("Ann", COMPUTER, "hold20"), TableSeat("Bea", REMOTE)]
