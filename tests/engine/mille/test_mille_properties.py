"""Properties over many random games: cards accounted for, only legal actions offered,
every hand ends, scores agree with the events, observations hide what they must."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from mille_helpers import all_cards, full_deck, legal_plays, reference_plays, reshuffle_hidden

from game.engine.mille.agents import BasicAgent, ContestBasicAgent, EasyAgent, RandomAgent
from game.engine.mille.cards import KM
from game.engine.mille.rules import (
    COUP_FOURRE,
    DEAL,
    GAME_OVER,
    PLAY,
    MilleState,
    Observation,
    Options,
)

# A hand has at most 106 plays plus a few decisions (coups fourrés, extension).
MAX_STEPS_PER_HAND = 130


def make_agents(rng: random.Random, players: int) -> list:
    kinds = [RandomAgent, EasyAgent, BasicAgent, ContestBasicAgent]
    return [rng.choice(kinds)(random.Random(rng.random())) for _ in range(players)]


class Ledger:
    """Rebuilds each side's distance, safeties and coups fourrés from the events alone."""

    def __init__(self, sides: int) -> None:
        self.sides = sides
        self.reset()
        self.game_totals = [0] * sides

    def reset(self) -> None:
        self.km = [0] * self.sides
        self.safeties = [0] * self.sides
        self.coups = [0] * self.sides
        self.two_hundreds = [0] * self.sides

    def see(self, event) -> None:
        data = event.data
        if event.kind == "deal":
            self.reset()
        elif event.kind == "play":
            self.km[data["side"]] += KM[data["card"]]
            self.two_hundreds[data["side"]] += data["card"] == "200"
            assert self.km[data["side"]] == data["km"]
        elif event.kind == "safety":
            self.safeties[data["side"]] += 1
        elif event.kind == "coup_fourre":
            self.safeties[data["side"]] += 1
            self.coups[data["side"]] += 1
        elif event.kind == "hand_over":
            done = data["completed_by"]
            for side, result in enumerate(data["sides"]):
                lines = {line["key"]: line["points"] for line in result["lines"]}
                assert lines["distance"] == self.km[side]
                assert lines["safeties"] == 100 * self.safeties[side]
                assert lines["coups_fourres"] == 300 * self.coups[side]
                assert lines["all_safeties"] == (300 if self.safeties[side] == 4 else 0)
                assert lines["trip"] == (400 if side == done else 0)
                if side == done:
                    assert self.km[side] in (700, 1000)
                    assert lines["safe_trip"] == (0 if self.two_hundreds[side] else 300)
                    shut = sum(1 for o in range(self.sides) if o != side and not self.km[o])
                    assert lines["shutout"] == 500 * shut
                assert result["total"] == sum(lines.values()) >= 0
                self.game_totals[side] += result["total"]
                assert result["game_total"] == self.game_totals[side]


def check_step(state: MilleState, rng: random.Random) -> None:
    if state.hand_number == 0:
        return  # nothing dealt yet
    assert all_cards(state) == full_deck(state)
    assert state.card_count() == state.options.deck_size
    if state.phase == PLAY:
        seat = state.to_act
        assert state.hands[seat], "a seat with no cards is never asked to play"
        assert len(state.hands[seat]) <= 7
        assert legal_plays(state) == reference_plays(state)
        discards = {a.card for a in state.legal_actions() if a.verb == "discard"}
        assert discards == set(state.hands[seat])
        for t in state.tableaux:
            assert t.two_hundreds <= 2 and t.km <= state.target
    if state.phase == COUP_FOURRE:
        pending = state.pending
        t = state.tableaux[pending.side]
        pile = t.speed if pending.hazard == "speed_limit" else t.battle
        assert pile[-1] == pending.hazard
        assert state.side_of(state.to_act) == pending.side
    # Observations: nothing hidden leaks (the same view after moving hidden cards about).
    seat = rng.randrange(state.players)
    view = state.observation(seat).to_json()
    assert reshuffle_hidden(state, seat, rng).observation(seat).to_json() == view
    json.dumps(view)


def play_checked(options: Options, seed: int, hands: int) -> tuple[MilleState, int]:
    rng = random.Random(seed)
    agents = make_agents(rng, options.players)
    state = MilleState.new_game(options)
    ledger = Ledger(options.sides)
    steps = dealt = 0
    while state.phase != GAME_OVER and dealt <= hands:
        if state.phase == DEAL:
            if dealt == hands:
                break
            dealt += 1
            steps = 0
        check_step(state, rng)
        legal = state.legal_actions()
        if state.to_act is None:
            action = legal[0]
        else:
            obs = state.observation(state.to_act)
            action = agents[state.to_act].choose(obs, legal)
            assert action in legal
        for event in state.apply(action, rng):
            ledger.see(event)
        steps += 1
        assert steps <= MAX_STEPS_PER_HAND, "every hand ends"
    assert state.scores == ledger.game_totals
    return state, dealt


@settings(max_examples=150)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4, 6]),
    only_on_roll=st.booleans(),
    short=st.booleans(),
)
def test_random_hands_keep_every_invariant(seed, players, only_on_roll, short):
    options = Options(
        players=players, hazards_only_on_roll=only_on_roll, short_deck=short and players <= 3
    )
    play_checked(options, seed, hands=2)


def test_many_whole_games_end_with_consistent_scores():
    """Hundreds of whole games to 5000 between the simple levels, every step checked."""
    finished = 0
    for seed in range(60):
        players = [2, 3, 4, 6][seed % 4]
        options = Options(players=players, short_deck=players <= 3 and seed % 8 < 4)
        state, _ = play_checked(options, seed, hands=40)
        if state.phase == GAME_OVER:
            finished += 1
            best = max(state.scores)
            assert best >= 5000
            assert state.winners == [s for s, v in enumerate(state.scores) if v == best]
    assert finished >= 55


def test_thousands_of_hands_account_for_every_card():
    """A cheaper check over thousands of hands of random legal actions: every card is
    somewhere at every step, the multiset is the deck at the end, every hand ends."""
    rng = random.Random(2024)
    for hands in range(3000):
        players = [2, 3, 4, 6][hands % 4]
        options = Options(
            players=players,
            short_deck=players <= 3 and hands % 3 == 0,
            hazards_only_on_roll=hands % 5 == 0,
        )
        state = MilleState.new_game(options)
        state.apply(state.legal_actions()[0], rng)
        size = options.deck_size
        steps = 0
        while state.phase not in (DEAL, GAME_OVER):
            state.apply(rng.choice(state.legal_actions()), rng)
            assert state.card_count() == size
            steps += 1
            assert steps <= MAX_STEPS_PER_HAND
        assert all_cards(state) == full_deck(state)


@settings(max_examples=40)
@given(
    seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4, 6]), cut=st.integers(0, 300)
)
def test_json_round_trip_replays_identically(seed, players, cut):
    rng = random.Random(seed)
    agents = make_agents(rng, players)
    state = MilleState.new_game(Options(players=players))
    for _ in range(cut):
        if state.phase == GAME_OVER:
            break
        legal = state.legal_actions()
        seat = state.to_act
        action = legal[0] if seat is None else agents[seat].choose(state.observation(seat), legal)
        state.apply(action, rng)
    data = json.loads(json.dumps(state.to_json()))
    restored = MilleState.from_json(data)
    assert restored == state and restored.to_json() == state.to_json()
    # Both continue the same way: a saved game is the game.
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(60):
        if state.phase == GAME_OVER:
            break
        action = state.legal_actions()[-1]
        events_a = [e.to_json() for e in state.apply(action, rng_a)]
        events_b = [e.to_json() for e in restored.apply(action, rng_b)]
        assert events_a == events_b
    assert restored.to_json() == state.to_json()


def test_observation_is_a_copy_and_holds_no_hidden_card():
    state = MilleState.new_game(Options(players=4))
    state.apply(state.legal_actions()[0], random.Random(9))
    seat = state.to_act
    obs = state.observation(seat)
    assert isinstance(obs, Observation)
    assert Counter(obs.hand) == Counter(state.hands[seat])
    assert obs.hand_sizes == tuple(len(h) for h in state.hands)
    assert obs.draw_pile_size == len(state.draw_pile)
    # Card counting: the unseen cards are exactly the other hands and the pile.
    hidden = Counter(state.draw_pile)
    for other in range(state.players):
        if other != seat:
            hidden.update(state.hands[other])
    assert obs.unseen() == hidden
    obs.tableaux[0].battle.append("stop")
    assert state.tableaux[0].battle == [], "agents cannot change the table"
