"""Computer players: legal choices at every level, their defining habits, no peeking,
and the tournament command."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest
from mille_helpers import all_cards, full_deck, position
from mille_helpers import tableau as T

from game.engine.mille import tournament
from game.engine.mille.agents import (
    LEVELS,
    REFERENCE_LEVELS,
    BasicAgent,
    ContestBasicAgent,
    EasyAgent,
    make_agent,
)
from game.engine.mille.expert import (
    ExpertAgent,
    action_values,
    play_out_hand,
    prob_holds,
    sample_state,
)
from game.engine.mille.rules import (
    END_HAND_ACTION,
    EXTEND_ACTION,
    GAME_OVER,
    Action,
    MilleState,
    Options,
)
from game.engine.mille.tournament import play_game


def choose(agent, state):
    legal = state.legal_actions()
    action = agent.choose(state.observation(state.to_act), legal)
    assert action in legal
    return action


def expert(seed: int = 0, rollouts: int | None = 2) -> ExpertAgent:
    """A reproducible Expert: a fixed number of rollouts instead of a time budget."""
    return ExpertAgent(random.Random(seed), budget_ms=0, max_rollouts=rollouts)


def test_levels_are_named():
    assert LEVELS == ("easy", "basic", "expert")
    # Measuring sticks, never offered at the table.
    assert REFERENCE_LEVELS == ("random", "contest", "expert-seer", "expert-oracle")
    for level in LEVELS + REFERENCE_LEVELS:
        assert hasattr(make_agent(level, random.Random(1)), "choose")
    with pytest.raises(ValueError):
        make_agent("grandmaster", random.Random(1))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_level_plays_legal_hands_at_every_table(players):
    rng = random.Random(players)
    levels = ["easy", "basic", "expert"]
    agents = []
    for seat in range(players):
        level = levels[seat % 3]
        agent = make_agent(level, random.Random(seat), budget_ms=0)
        if level == "expert":
            agent.max_rollouts = 1
        agents.append(agent)
    state = play_game(MilleState.new_game(Options(players=players)), agents, rng, max_hands=1)
    assert state.hand_number == 1 and state.last_hand is not None
    assert all_cards(state) == full_deck(state)


def test_whole_game_between_levels_ends_with_a_winner():
    rng = random.Random(4)
    agents = [
        make_agent("expert", random.Random(1), budget_ms=0),
        make_agent("basic", random.Random(2)),
    ]
    state = play_game(MilleState.new_game(Options()), agents, rng)
    assert state.phase == GAME_OVER and max(state.scores) >= 5000 and state.winners


# --- habits of each level ---------------------------------------------------------------

CF_POSITION = dict(
    hand=["accident"], mine=T(), others={1: T("roll")}, hands={1: ["driving_ace"] + ["100"] * 5}
)


def cf_state():
    state = position(**CF_POSITION)
    state.apply(Action("play", "accident", 1))
    assert state.phase == "coup_fourre"
    return state


@pytest.mark.parametrize("level", LEVELS + ("contest",))
def test_every_level_declares_a_coup_fourre(level):
    state = cf_state()
    agent = make_agent(level, random.Random(0), budget_ms=0)
    assert choose(agent, state).verb == "coup_fourre"


def test_easy_never_discards_a_safety_and_never_extends():
    rng = random.Random(3)
    for _ in range(30):
        state = position(["driving_ace", "100", "stop"], T(), {1: T()})
        action = choose(EasyAgent(rng), state)
        assert not (action.verb == "discard" and action.card == "driving_ace")
    state = position(["100"], T("roll", distance="200 200 100 100"))
    state.apply(Action("play", "100", 0))
    assert choose(EasyAgent(rng), state) == END_HAND_ACTION


def test_easy_does_not_attack_a_side_that_is_not_moving():
    state = position(["accident", "100"], T(), {1: T("roll out_of_gas")})
    for seed in range(20):
        assert choose(EasyAgent(random.Random(seed)), state).verb == "discard"


def test_basic_priorities():
    basic = BasicAgent()
    # Safety first.
    state = position(["extra_tank", "roll", "100"], T(), {1: T("roll")})
    assert choose(basic, state).card == "extra_tank"
    # Then the remedy for its own hazard.
    state = position(["repairs", "accident", "100"], T("roll accident"), {1: T("roll")})
    assert choose(basic, state).card == "repairs"
    # Then the longest distance.
    state = position(["25", "100", "75", "stop"], T("roll"), {1: T("roll")})
    assert choose(basic, state).card == "100"
    # Then a hazard on the leader.
    state = position(
        ["stop", "roll"],
        T("roll accident"),
        {1: T("roll", distance="100"), 2: T("roll", distance="200")},
        players=3,
    )
    assert choose(basic, state) == Action("play", "stop", 2)
    # Else discard the least useful card: a remedy its own safety made useless.
    state = position(
        ["repairs", "stop", "200"], T("roll accident", safeties="driving_ace"), {1: T()}
    )
    assert choose(basic, state) == Action("discard", "repairs")


def test_basic_never_extends():
    state = position(["100"], T("roll", distance="200 200 100 100"))
    state.apply(Action("play", "100", 0))
    assert choose(BasicAgent(), state) == END_HAND_ACTION


def test_contest_basic_follows_the_contest_sample_priority():
    # A fresh agent knows no draw order yet: it takes its hand in table order.
    def contest_choice(state):
        return choose(ContestBasicAgent(), state)

    # Distance before anything else, the first one in hand (not the longest).
    state = position(["100", "extra_tank", "stop", "25"], T("roll"), {1: T("roll")})
    assert contest_choice(state) == Action("play", "25", 0)
    # Then a hazard, before mending its own.
    state = position(["repairs", "stop", "out_of_gas"], T("roll accident"), {1: T("roll")})
    assert contest_choice(state) == Action("play", "out_of_gas", 1)
    # Then a remedy; a hazard on a side already stopped is no option (the contest's rules
    # did not allow one).
    state = position(
        ["extra_tank", "repairs", "stop"], T("roll accident"), {1: T("roll flat_tire")}
    )
    assert contest_choice(state) == Action("play", "repairs", 0)
    # Then a safety rather than a discard.
    state = position(["100", "extra_tank"], T(), {1: T()})
    assert contest_choice(state) == Action("play", "extra_tank", 0)
    # Else it throws away the first card in its hand, however useful.
    state = position(["25", "roll", "stop"], T("roll accident"), {1: T()})
    assert contest_choice(state) == Action("discard", "stop")


def test_contest_basic_takes_its_hand_oldest_card_first():
    agent = ContestBasicAgent()
    agent.follow_hand(("25", "roll"), hand_number=1)
    agent.follow_hand(("stop", "25", "roll"), hand_number=1)  # drew a Stop
    assert agent.hand == ["25", "roll", "stop"]
    agent.follow_hand(("stop", "roll", "100"), hand_number=1)  # played the 25, drew a 100
    assert agent.hand == ["roll", "stop", "100"]
    state = position(["100", "stop", "roll"], T("roll accident"), {1: T()})
    assert choose(agent, state) == Action("discard", "roll")  # the oldest card
    agent.follow_hand(("200",), hand_number=2)  # a new deal
    assert agent.hand == ["200"]


def test_contest_basic_always_extends():
    state = position(["100"], T("roll", distance="200 200 100 100"))
    state.apply(Action("play", "100", 0))
    assert choose(ContestBasicAgent(), state) == EXTEND_ACTION


# --- the Expert ---------------------------------------------------------------------------


def test_expert_holds_a_safety_for_a_coup_fourre():
    state = position(
        ["driving_ace", "100", "75", "stop", "repairs", "roll", "50"],
        T("roll"),
        {1: T("roll")},
        pile=["25"] * 60,
    )
    assert choose(expert(rollouts=None), state).card != "driving_ace"


def test_expert_plays_a_safety_when_no_coup_fourre_is_left():
    state = position(
        ["driving_ace", "100", "75", "stop", "repairs", "roll", "50"],
        T("roll"),
        {1: T("roll")},
        pile=["25"] * 60,
    )
    state.discard_pile = ["accident"] * 3  # every Accident has been seen
    assert choose(expert(rollouts=None), state).card == "driving_ace"


def test_expert_banks_its_safeties_before_finishing_the_trip():
    state = position(
        ["driving_ace", "100", "stop"],
        T("roll", distance="200 200 100 100"),
        {1: T("roll")},
        pile=["25"] * 60,
    )
    assert choose(expert(rollouts=None), state).card == "driving_ace"
    state.apply(Action("play", "driving_ace", 0))
    assert choose(expert(rollouts=None), state).card == "100"


def test_expert_attacks_the_moving_leader():
    state = position(
        ["accident", "25", "roll", "repairs", "gasoline", "spare_tire", "50"],
        T("roll", distance="25"),
        {1: T("roll", distance="100"), 2: T("roll", distance="200 100")},
        players=3,
        pile=["25"] * 50,
    )
    state.discard_pile = ["driving_ace"]  # no coup fourré possible
    assert choose(expert(rollouts=None), state) == Action("play", "accident", 2)


def test_expert_mends_its_own_hazard():
    state = position(
        ["repairs", "25", "100", "roll", "50", "75", "200"],
        T("roll accident"),
        {1: T()},
        pile=["25"] * 50,
    )
    assert choose(expert(rollouts=None), state).card == "repairs"


def test_expert_ends_the_hand_when_that_wins_the_game():
    state = position(["100"], T("roll", distance="200 200 100 100"), pile=["25"] * 50)
    state.scores = [4500, 1000]
    state.apply(Action("play", "100", 0))
    assert choose(expert(), state) == END_HAND_ACTION


def test_expert_extends_with_a_clear_lead_and_a_long_pile():
    state = position(
        ["100"], T("roll", distance="200 200 100 100"), {1: T("roll stop")}, pile=["25"] * 70
    )
    state.apply(Action("play", "100", 0))
    assert choose(expert(rollouts=None), state) in (EXTEND_ACTION, END_HAND_ACTION)
    heuristic = ExpertAgent(random.Random(0), budget_ms=0)
    assert choose(heuristic, state) == EXTEND_ACTION


def test_expert_search_is_reproducible_with_a_rollout_cap():
    state = close_call()
    first = [choose(expert(seed=5, rollouts=4), state.copy()) for _ in range(3)]
    assert len(set(first)) == 1


def close_call():
    """A position where the Expert's best plays are close, so it runs rollouts."""
    return position(
        ["stop", "25", "50", "75", "100", "roll", "gasoline"],
        T("roll"),
        {1: T("roll")},
        pile=["25", "50", "100", "roll"] * 15,
    )


def test_expert_thinking_in_slices_decides_as_choose_does():
    state = close_call()
    legal = state.legal_actions()
    thinking = expert(seed=5, rollouts=4).think(state.observation(0), legal)
    slices = 1
    while not thinking.step():
        slices += 1
    assert slices > 4, "a slice is about one rollout"
    assert thinking.result == choose(expert(seed=5, rollouts=4), state.copy())


class FakeClock:
    """A clock for the Expert that moves 1 ms at each reading (its thinking) and by
    whatever the test says in between (the frames a scene spends elsewhere), so budget
    tests do not depend on how fast or how busy the machine is."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def think_in_slices(pause_seconds: float) -> tuple[int, Action]:
    """Slices an Expert with a 40 ms budget takes on close_call() and the action it picks,
    with `pause_seconds` passing between slices. On FakeClock each slice thinks 1 ms."""
    state = close_call()
    clock = FakeClock()
    agent = ExpertAgent(random.Random(5), budget_ms=40, clock=clock)
    thinking = agent.think(state.observation(0), state.legal_actions())
    slices = 1
    while not thinking.step():
        clock.now += pause_seconds
        slices += 1
    assert thinking.result in state.legal_actions()
    return slices, thinking.result


def test_expert_budget_counts_thinking_time_only():
    """Time between slices (frames spent drawing, the boss screen) does not use it up:
    a second's pause after every slice, far beyond the whole budget, changes nothing."""
    slices, action = think_in_slices(pause_seconds=0.0)
    assert think_in_slices(pause_seconds=1.0) == (slices, action)


def test_expert_search_stops_within_its_budget():
    """1 ms of thinking a slice against 40 ms: it stops in time, and does not stop early
    (a round of rollouts is begun while one as long as the longest yet still fits)."""
    slices, _ = think_in_slices(pause_seconds=0.0)
    assert 30 <= slices <= 40


def test_expert_decision_depends_only_on_what_it_may_see():
    """Shuffle every card hidden from the Expert: its choice (same seed) is unchanged."""
    rng = random.Random(8)
    agents = [make_agent("basic", random.Random(1)) for _ in range(2)]
    state = MilleState.new_game(Options())
    checked = 0
    while checked < 25 and state.phase != GAME_OVER:
        legal = state.legal_actions()
        if state.to_act is None:
            state.apply(legal[0], rng)
            continue
        seat = state.to_act
        if len(legal) > 1 and state.phase == "play":
            twin = state.copy()
            hidden = [c for s in range(2) if s != seat for c in twin.hands[s]]
            pool = hidden + twin.draw_pile
            rng.shuffle(pool)
            twin.hands[1 - seat], twin.draw_pile = pool[: len(hidden)], pool[len(hidden) :]
            a = expert(seed=3, rollouts=3).choose(state.observation(seat), legal)
            b = expert(seed=3, rollouts=3).choose(twin.observation(seat), legal)
            assert a == b
            checked += 1
        state.apply(agents[seat].choose(state.observation(seat), legal), rng)
    assert checked == 25


def test_sampled_worlds_match_the_observation():
    state = MilleState.new_game(Options(players=4))
    state.apply(state.legal_actions()[0], random.Random(2))
    obs = state.observation(state.to_act)
    world = sample_state(obs, random.Random(1))
    assert all_cards(world) == all_cards(state)
    assert world.observation(obs.seat) == obs
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]


def test_prob_holds():
    assert prob_holds(6, 0, 50) == 0.0
    assert prob_holds(6, 1, 6) == 1.0
    assert prob_holds(1, 1, 4) == pytest.approx(0.25)
    assert prob_holds(2, 2, 4) == pytest.approx(1 - (2 / 4) * (1 / 3))


def test_action_values_rank_every_legal_action():
    state = position(["stop", "25", "roll"], T(), {1: T("roll")})
    legal = state.legal_actions()
    ranked = action_values(state.observation(0), legal)
    assert sorted(a for _, a in ranked) == sorted(legal)


# --- the tournament ------------------------------------------------------------------------


def test_tournament_prints_json_win_rates():
    out = io.StringIO()
    with redirect_stdout(out):
        tournament.main(
            ["--a", "basic", "--b", "easy", "--players", "2", "--games", "4", "--seed", "3"]
        )
    result = json.loads(out.getvalue())
    assert result["games"] == 4 and result["wins_a"] + result["wins_b"] + result["ties"] == 4
    low, high = result["ci95_a"]
    assert 0 <= low <= result["win_rate_a"] <= high <= 1
    assert result["games_per_second"] > 0


@pytest.mark.parametrize("players", [3, 4, 6])
def test_tournament_runs_team_and_three_side_games(players):
    result = tournament.run("basic", "easy", players, games=2, seed=1, game_target=1500)
    assert result["games"] == 2


def test_tournament_games_do_not_depend_on_how_many_processes_play_them():
    """Each game has its own seed, so --jobs only changes the time a match takes."""
    alone = tournament.run("basic", "expert", 2, games=4, seed=5, game_target=1500, rollouts=2)
    shared = tournament.run(
        "basic", "expert", 2, games=4, seed=5, game_target=1500, rollouts=2, jobs=2
    )
    timing = ("seconds", "games_per_second", "jobs")
    assert shared["jobs"] == 2
    assert {k: v for k, v in alone.items() if k not in timing} == {
        k: v for k, v in shared.items() if k not in timing
    }


def test_the_seer_plays_its_candidates_out_on_the_real_hands():
    """expert-seer, the yardstick of hand reading: its rollouts deal every hand as it is
    (only the draw pile is shuffled); unshown, it guesses like the Expert."""
    from game.engine.mille.seer import SeerAgent

    state = MilleState.new_game(Options(players=3))
    rng = random.Random(4)
    state.apply(state.legal_actions()[0], rng)
    seer = SeerAgent(random.Random(1), budget_ms=0, max_rollouts=2)
    obs = state.observation(state.to_act)
    guessed = seer._world(obs)
    hands = [sorted(hand) for hand in state.hands]
    assert sorted(guessed.hands[obs.seat]) == hands[obs.seat]
    assert [sorted(hand) for hand in guessed.hands] != hands  # the others' are guesses
    pile = list(state.draw_pile)
    seer.see(state)
    world = seer._world(obs)
    assert [sorted(hand) for hand in world.hands] == hands
    assert sorted(world.draw_pile) == sorted(pile)
    assert world.draw_pile != pile  # the draws stay unknown
    assert state.draw_pile == pile  # and the game itself is untouched


def test_the_oracle_plays_its_candidates_out_on_the_hand_as_it_will_be_dealt():
    """expert-oracle, the yardstick of all knowledge: its rollouts start from the table
    as it is, draw pile in order, so they play out what will really happen."""
    from game.engine.mille.seer import OracleAgent

    state = MilleState.new_game(Options(players=2))
    state.apply(state.legal_actions()[0], random.Random(4))
    oracle = OracleAgent(random.Random(1), budget_ms=0, max_rollouts=2)
    obs = state.observation(state.to_act)
    assert oracle._world(obs).draw_pile != state.draw_pile  # unshown, it guesses
    oracle.see(state)
    world = oracle._world(obs)
    assert world.to_json() == state.to_json()
    assert world is not state
    ahead = world.copy()
    play_out_hand(ahead)
    again = world.copy()
    play_out_hand(again)
    assert ahead.last_hand == again.last_hand  # one playout tells the whole future


def test_the_seer_and_the_oracle_play_tournament_games():
    for level in ("expert-seer", "expert-oracle"):
        result = tournament.run(level, "expert", 2, games=1, seed=3, game_target=1000, rollouts=2)
        assert result["wins_a"] + result["wins_b"] + result["ties"] == 1


def test_the_tournament_shows_the_seer_the_table():
    seen = []

    class Watcher(BasicAgent):
        def see(self, state):
            seen.append(state.to_act)

    options = Options(players=2, game_target=1000)
    agents = [Watcher(random.Random(1)), BasicAgent(random.Random(2))]
    tournament.play_game(MilleState.new_game(options), agents, random.Random(3), max_hands=1)
    assert seen and set(seen) == {0}


def test_wilson_interval():
    low, high = tournament.wilson(87, 100)
    assert low < 0.87 < high and high - low < 0.15
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_expert_infers_what_a_stuck_opponent_lacks():
    """Still stopped on the same pile after its turn: it holds no remedy; sampled hands
    for it are dealt without one."""
    from game.engine.mille.expert import View, attack_effect

    agent = expert(rollouts=None)
    state = position(
        ["stop", "25", "50", "75", "100", "roll", "200"],
        T("roll"),
        {1: T("roll accident")},
        pile=["25", "repairs"] * 20,
    )
    agent.choose(state.observation(0), state.legal_actions())
    assert agent.lacks == {}
    state.apply(Action("discard", "25"))
    state.apply(Action("discard", state.hands[1][0]))  # seat 1 does not mend it
    agent.choose(state.observation(0), state.legal_actions())
    assert agent.lacks == {1: {"repairs"}}
    obs = state.observation(0)
    for seed in range(10):
        world = sample_state(obs, random.Random(seed), agent.lacks)
        assert "repairs" not in world.hands[1]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    # Stacking another hazard on a side stuck without its fix would only help it.
    assert attack_effect("stop", 1, View(obs, agent.lacks)) < 0


def test_rollout_policy_only_makes_legal_moves():
    from game.engine.mille.expert import rollout_policy

    rng = random.Random(12)
    for game in range(40):
        options = Options(players=[2, 3, 4, 6][game % 4], hazards_only_on_roll=game % 5 == 0)
        state = MilleState.new_game(options)
        state.apply(state.legal_actions()[0], rng)
        while state.phase not in ("deal", GAME_OVER):
            legal = state.legal_actions()
            action = rollout_policy(state) if rng.random() < 0.7 else rng.choice(legal)
            assert action in legal
            state.apply_unchecked(action)


def test_expert_infers_nothing_when_the_opponent_has_not_played():
    """After our own safety we play again at once: the opponent had no turn to mend."""
    agent = expert(rollouts=None)
    state = position(
        ["driving_ace", "25", "50", "75", "100", "roll", "200"],
        T("roll"),
        {1: T("roll accident")},
        pile=["25", "repairs"] * 20,
    )
    agent.choose(state.observation(0), state.legal_actions())
    state.apply(Action("play", "driving_ace", 0))
    agent.choose(state.observation(0), state.legal_actions())
    assert agent.lacks == {}
