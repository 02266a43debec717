"""The exact solver: verdicts, lines the engine accepts, slicing, and the explorer."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from lucie_layouts import layout

from game.engine.lucie import Explorer, Position, Solver, apply_move, solve
from game.engine.lucie.rules import ALL_CARDS, fans_in_threes

BIG = 10**9  # time is never the limit in tests: budgets are in nodes

# Fresh deals (as last deals: no redeal left, draw available) the solver finds winnable.
WINNABLE_DEALS = [0, 6, 25, 34, 53]


def last_deal(deal: int) -> Position:
    p = Position.deal(deal)
    return Position(p.fans, p.foundations, 0, True)


def replay(position: Position, line: list[str]) -> Position:
    for card in line:
        after, events = apply_move(position, card)
        assert after is not position, (card, events)
        position = after
    return position


def naive_winnable(position: Position) -> bool:
    """Independent check: try every legal move (draw included), remembering positions."""
    seen: set = set()

    def search(p: Position) -> bool:
        if p.is_won:
            return True
        key = (tuple(sorted(p.fans)), p.foundations, p.draw_available)
        if key in seen:
            return False
        seen.add(key)
        return any(search(apply_move(p, m.card)[0]) for m in p.legal_moves())

    return search(position)


# ----------------------------------------------------------------- verdicts

SPADES_BEHIND_KING = "5S KS\nQS JS TS 9S 8S 7S 6S\n4S 3S 2S AS"


def test_a_king_above_a_lower_card_of_its_suit_is_dead_without_the_draw():
    p = layout(SPADES_BEHIND_KING, home="KC KD KH", redeals=0)
    result = solve(p, max_seconds=BIG)
    assert result.status == "not_winnable" and result.line == []


def test_the_draw_can_rescue_one_dead_king():
    p = layout(SPADES_BEHIND_KING, home="KC KD KH", redeals=0, draw=True)
    result = solve(p, max_seconds=BIG)
    assert result.winnable
    assert result.line[0] == "5S"  # the card under the king is drawn
    assert replay(p, result.line).is_won


def test_two_dead_kings_lose_even_with_the_draw():
    hearts = SPADES_BEHIND_KING.replace("S", "H")
    p = layout(SPADES_BEHIND_KING + "\n" + hearts, home="KC KD", redeals=0, draw=True)
    assert solve(p, max_seconds=BIG).status == "not_winnable"


def test_kings_blocking_each_other_across_suits_are_dead():
    p = layout(
        "5H KS\n5S KH\nQS JS TS 9S 8S 7S 6S\n4S 3S 2S AS\nQH JH TH 9H 8H 7H 6H\n4H 3H 2H AH",
        home="KC KD",
        redeals=0,
    )
    assert solve(p, max_seconds=BIG).status == "not_winnable"


def test_winnable_fresh_deals_come_with_a_line_the_engine_accepts():
    for deal in WINNABLE_DEALS:
        p = last_deal(deal)
        result = solve(p, max_seconds=BIG)
        assert result.winnable, deal
        assert replay(p, result.line).is_won, deal


def test_a_handful_of_fresh_deals_are_decided():
    for deal in range(100, 130):
        result = solve(last_deal(deal), max_seconds=BIG, max_nodes=200_000)
        assert result.decided
        if result.winnable:
            assert replay(last_deal(deal), result.line).is_won


def small_position(seed: int, draw: bool) -> Position:
    rng = random.Random(seed)
    found = tuple(rng.randint(8, 13) for _ in range(4))
    cards = [c for c in ALL_CARDS if (c & 15) > found[c >> 4]]
    rng.shuffle(cards)
    return Position(fans_in_threes(cards), found, 0, draw)  # type: ignore[arg-type]


@settings(max_examples=120)
@given(st.integers(0, 10**9), st.booleans())
def test_solver_agrees_with_a_naive_search(seed, draw):
    p = small_position(seed, draw)
    result = solve(p, max_seconds=BIG)
    assert result.winnable == naive_winnable(p)
    if result.winnable:
        assert replay(p, result.line).is_won


# ----------------------------------------------------------------- slicing


def test_solver_can_be_sliced_into_small_steps():
    p = last_deal(913)  # needs thousands of nodes
    whole = solve(p, max_seconds=BIG)
    solver = Solver(p)
    steps = 0
    while (result := solver.step(50)) is None:
        steps += 1
    assert steps > 10
    assert result.status == whole.status and result.line == whole.line


def test_an_exhausted_budget_answers_unknown():
    result = solve(last_deal(913), max_seconds=BIG, max_nodes=20)
    assert result.status == "unknown" and not result.decided


# ----------------------------------------------------------------- explorer


def test_explorer_lines_reach_the_foundations_they_claim():
    p = Position.deal(2)
    explorer = Explorer(p)
    while not explorer.step(500):
        pass
    results = explorer.results()
    assert results
    for found, line in results.items():
        assert replay(p, line).foundations == found


def test_explorer_caps_hold_a_suit_below_its_king():
    p = layout("4C 3C 2C AC\nKC QC JC TC 9C 8C 7C 6C 5C", home="KD KH KS", redeals=1)
    free = Explorer(p)
    while not free.step(500):
        pass
    assert set(free.results()) == {(13, 13, 13, 13)}
    capped = Explorer(p, (12, 13, 13, 13))
    while not capped.step(500):
        pass
    results = capped.results()
    assert results and all(found[0] <= 12 for found in results)
    for found, line in results.items():
        assert replay(p, line).foundations == found
