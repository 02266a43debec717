"""Every engine follows the engine contract (game.engine.core.Engine), as OpenSpiel's games
simulation test checks every game: the four registered games and Pig.

Seeded playouts to the end, and at every step: the saved game (JSON text) restores to the
same text, the same legal actions and the same views, and plays on the same (the same
action with the same seed gives the same events); every legal action goes to JSON and
back; an action that is not legal now is refused with a reason and changes nothing; and
no seat's view depends on what that seat may not see. Besides, one change anywhere in a
saved game is refused (InvalidState) or gives a game that plays to the end.

What each seat may not see, engine by engine (ENGINES[...].hidden):
- Farkle, Shut The Box, Pig: nothing; every view is the whole state.
- Mille Bornes: the other seats' hands and the draw pile (its order and which cards are
  in it); a seat's view must not change when those cards are dealt differently.
- La Belle Lucie: every card is face up, but the deal number fixes the shuffles of the
  redeals still to come; the view must not change with another deal number.

What is particular to one game's saved files (a damaged field, a rule that ties fields
together, a file written by an earlier version) is in that game's rules tests.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.core import REFUSALS, Engine
from game.engine.farkle import COMPUTER, HUMAN, LEVELS, NONE, FarkleOptions, FarkleState, Seat
from game.engine.farkle import make_agent as farkle_agent
from game.engine.lucie import LucieGame
from game.engine.lucie.rules import ALL_CARDS, card_text
from game.engine.mille import KIND_BY_ID
from game.engine.mille.agents import make_agent as mille_agent
from game.engine.mille.rules import PHASES as MILLE_PHASES
from game.engine.mille.rules import MilleState, Options
from game.engine.saved import InvalidState
from game.engine.shutbox import Player, ShutBoxState
from game.engine.shutbox import make_agent as shutbox_agent
from game.engine.shutbox.rules import LEVELS as SHUTBOX_LEVELS
from game.engine.shutbox.state import PHASES as SHUTBOX_PHASES
from game.shell.registry import load_games, registered_games
from tests.engine.mille.mille_helpers import reshuffle_hidden
from tests.games.pig.engine import PigState
from tests.mutations import single_change

MAX_STEPS = 20_000


def random_choice(state: Any, rng: random.Random) -> Any:
    return rng.choice(list(state.legal_actions()))


def nothing_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """A game with nothing hidden has no other game a seat could be looking at."""
    return state


@dataclass(frozen=True)
class Table:
    """One engine under test."""

    #: New games, one for each seed (a few tables of each engine).
    games: Sequence[Callable[[], Engine]]
    #: Texts the saves use (phases, levels, cards), for the one-change test.
    words: Sequence[str]
    #: A seat's decision in the playouts (random unless random play takes too long).
    choose: Callable[[Any, random.Random], Any] = random_choice
    #: The same game with what `seat` may not see dealt differently.
    hidden: Callable[[Any, int, random.Random], Any] = nothing_hidden
    #: What a player may do besides the contract's actions, now and then (Lucie's undo).
    aside: Callable[[Any, random.Random], None] | None = None
    #: Examples of the one-change test.
    changes: int = 100


# --- Farkle: a computer level where a seat has one (random play takes long to 10,000).
def farkle_choice(state: FarkleState, rng: random.Random) -> Any:
    seat = state.seats[state.current]
    legal = state.legal_actions()
    if seat.kind == COMPUTER and seat.level in ("cautious", "standard"):
        return farkle_agent(seat.level, rng).choose(state.observation(state.current), legal)
    return rng.choice(legal)


FARKLE = Table(
    games=(
        lambda: FarkleState.new([Seat(HUMAN, None, "Ann"), Seat(COMPUTER, "standard", "Cindy")]),
        lambda: FarkleState.new(
            [Seat(COMPUTER, "cautious", "A"), Seat(NONE), Seat(COMPUTER, "standard", "C")],
            FarkleOptions(target=5000, min_bank=300, min_bank_scope="until_on_board"),
        ),
        lambda: FarkleState.new([Seat(HUMAN, None, "Solo")], FarkleOptions(5000, 0)),
    ),
    words=(HUMAN, COMPUTER, NONE, *LEVELS, "every_turn", "until_on_board", "start", "rolled"),
    choose=farkle_choice,
    changes=300,
)


# --- Shut The Box: a computer seat plays at its level.
def shutbox_choice(state: ShutBoxState, rng: random.Random) -> Any:
    player = state.current_player
    if player.computer:
        return shutbox_agent(player.level, rng).choose(state, state.legal_actions())
    return rng.choice(state.legal_actions())


SHUTBOX = Table(
    games=(
        lambda: ShutBoxState.new(["Ann"]),
        lambda: ShutBoxState.new([Player("Ann"), Player("Cy", True, "pub")], one_die_option=True),
        lambda: ShutBoxState.new(
            [Player("A"), Player("B", True, "perfect"), Player("C"), Player("D", True, "beginner")]
        ),
    ),
    words=(*SHUTBOX_LEVELS, *SHUTBOX_PHASES, "shutbox", "Ann", "roll", "shut"),
    choose=shutbox_choice,
    changes=300,
)


# --- Mille Bornes: basic and easy computer players round the table (random play rarely
# --- ends a trip, and the game would take long).
def mille_choice(state: MilleState, rng: random.Random) -> Any:
    legal = state.legal_actions()
    if state.to_act is None:
        return legal[0]
    level = ("basic", "easy")[state.to_act % 2]
    return mille_agent(level, random.Random(rng.random())).choose(
        state.observation(state.to_act), legal
    )


MILLE = Table(
    games=(
        lambda: MilleState.new_game(Options(players=2, game_target=2000)),
        lambda: MilleState.new_game(Options(players=3, short_deck=True, game_target=1000)),
        lambda: MilleState.new_game(
            Options(players=4, hazards_only_on_roll=True, game_target=1000)
        ),
        lambda: MilleState.new_game(Options(players=6, game_target=1000)),
    ),
    words=(*KIND_BY_ID, *MILLE_PHASES, "trip", "exhausted", "Distance", "bogus_card"),
    choose=mille_choice,
    hidden=reshuffle_hidden,  # the other hands and the draw pile dealt again
    changes=200,
)


# --- La Belle Lucie: random play, an undo or a redo now and then.
def lucie_hidden(game: LucieGame, seat: int, rng: random.Random) -> LucieGame:
    """The same position in another deal (other shuffles to come)."""
    return LucieGame(game.position, game.deal + 1 + rng.randrange(1000))


def lucie_aside(game: LucieGame, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.05 and game.can_undo:
        game.undo()
    elif roll < 0.08 and game.can_redo:
        game.redo()


LUCIE = Table(
    games=(lambda: LucieGame.new(1), lambda: LucieGame.new(77), lambda: LucieGame.new(4242)),
    words=(*(card_text(c) for c in ALL_CARDS), "redeal", "ac", "10H", "C", "S"),
    hidden=lucie_hidden,
    aside=lucie_aside,
    changes=200,
)

PIG = Table(
    games=(lambda: PigState(["Ann", "Bob"]), lambda: PigState(["A", "B", "C"], target=50)),
    words=("roll", "hold"),
)

#: Every registered game's engine (checked against the registry below), and Pig.
ENGINES: dict[str, Table] = {
    "farkle": FARKLE,
    "lucie": LUCIE,
    "shutbox": SHUTBOX,
    "mille": MILLE,
    "pig": PIG,
}
GAMES = [(name, index) for name, table in ENGINES.items() for index in range(len(table.games))]


def test_every_registered_game_has_its_engine_here():
    load_games()
    assert {info.id for info in registered_games()} == set(ENGINES) - {"pig"}


def text(state: Engine) -> str:
    return json.dumps(state.to_json())


def restored(state: Engine) -> Any:
    """The game saved as text and read back, as Continue does."""
    return type(state).from_json(json.loads(text(state)))


def sent(state: Engine, action: Any) -> Any:
    """An action as the network carries it, read back."""
    return state.action_from_json(json.loads(json.dumps(state.action_to_json(action))))


def check_refusal(state: Engine, action: Any, rng: random.Random) -> None:
    """An action that is not legal now is refused with a reason, and nothing changes."""
    before = text(state)
    try:
        events = state.apply(action, rng)
    except ValueError as error:
        assert str(error), f"{action!r} refused without a reason"
    else:
        # The refusal's kind says why (a bank below the minimum, a card with nowhere to go)
        # and its data what of (the need, the card and where it lies).
        assert events and all(event.kind in REFUSALS and event.data for event in events), events
    assert text(state) == before, f"refusing {action!r} changed the game"


def check_views(table: Table, state: Engine, rng: random.Random) -> None:
    """Each seat's view is JSON, and the same whatever that seat may not see."""
    for seat in range(state.seat_count):
        view = state.view_for(seat)
        json.dumps(view)
        other = table.hidden(state, seat, random.Random(rng.random()))
        assert other.view_for(seat) == view, f"seat {seat}'s view shows what it may not see"
        # A watcher's view (spectators): what no seat hides, so not seat's hidden cards.
        assert other.public_view() == state.public_view(), "the public view shows a hidden card"
    json.dumps(state.public_view())


def check_contract_members(state: Engine) -> None:
    assert isinstance(state, Engine)
    assert state.seat_count >= 1
    over = state.is_over
    assert (state.result() is not None) == over
    if over:
        assert not state.legal_actions() and state.to_act is None
        assert all(0 <= seat < state.seat_count for seat in state.result())
    else:
        assert state.legal_actions()
        assert state.to_act is None or 0 <= state.to_act < state.seat_count


def playout(name: str, index: int, seed: int) -> list[str]:
    """Play game `index` of engine `name` to the end, checking the contract at every step;
    the saved texts along the way."""
    table = ENGINES[name]
    rng = random.Random(f"{name}:{index}:{seed}")
    state = table.games[index]()
    saves: list[str] = []
    seen: dict[str, Any] = {}  # every action legal so far, by its JSON
    for _ in range(MAX_STEPS):
        if table.aside is not None and not state.is_over:
            table.aside(state, rng)
        saves.append(text(state))
        check_contract_members(state)
        again = restored(state)
        assert text(again) == saves[-1]
        assert list(again.legal_actions()) == list(state.legal_actions())
        assert [again.view_for(s) for s in range(state.seat_count)] == [
            state.view_for(s) for s in range(state.seat_count)
        ]
        check_views(table, state, rng)
        legal = list(state.legal_actions())
        for action in legal:
            assert sent(state, action) == action
            seen.setdefault(json.dumps(state.action_to_json(action)), action)
        not_legal = [a for a in seen.values() if a not in legal]
        if not_legal:
            check_refusal(state, rng.choice(not_legal), random.Random(0))
        if state.is_over:
            return saves
        action = table.choose(state, rng)
        dice = rng.random()
        events = state.apply(action, random.Random(dice))
        assert again.apply(sent(state, action), random.Random(dice)) == events
        assert text(again) == text(state)
    raise AssertionError(f"{name} {index} never ended")


@pytest.mark.parametrize("name, index", GAMES)
def test_seeded_games_play_to_the_end_keeping_the_contract_at_every_step(name, index):
    for seed in range(3):
        playout(name, index, seed)


@functools.cache
def saved_games(name: str) -> tuple[str, ...]:
    """Saved games of every table of the engine: a sample through each game, every save in
    a rare phase (Mille's coup fourré question and extension call), and the end."""
    found: list[str] = []
    for index in range(len(ENGINES[name].games)):
        saves = playout(name, index, 7)
        phases = Counter(json.loads(save).get("phase") for save in saves)
        rare = [save for save in saves if phases[json.loads(save).get("phase")] * 20 < len(saves)]
        found += saves[:: max(1, len(saves) // 12)] + rare + saves[-3:]
    return tuple(found)


def play_to_the_end(table: Table, state: Engine, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        state.apply(table.choose(state, rng), rng)
        state = restored(state)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("name", ENGINES)
def test_one_change_to_a_saved_game_is_refused_or_plays_to_the_end(name):
    table = ENGINES[name]
    cls = type(table.games[0]())
    saves = saved_games(name)

    @settings(max_examples=table.changes)
    @given(data=st.data())
    def one_change(data):
        original = json.loads(data.draw(st.sampled_from(saves), label="saved game"))
        changed, what = data.draw(single_change(original, list(table.words)), label="change")
        try:
            state = cls.from_json(changed)
        except InvalidState:
            return  # refused: the storage sets it aside with a notice
        play_to_the_end(table, state, data.draw(st.integers(0, 1000), label="seed"))

    one_change()


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("data", [None, 7, "text", [], {}, [None, None, None], {"kind": None}])
def test_data_that_is_no_action_is_refused_as_invalid(name, data):
    state = ENGINES[name].games[0]()
    with pytest.raises(InvalidState):
        state.action_from_json(data)


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("data", [None, 7, "text", [], {}])
def test_data_that_is_no_saved_game_is_refused_as_invalid(name, data):
    with pytest.raises(InvalidState):
        type(ENGINES[name].games[0]()).from_json(data)
