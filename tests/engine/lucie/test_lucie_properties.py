"""Invariants of La Belle Lucie under any sequence of actions (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.lucie import LucieGame, Position
from game.engine.lucie.rules import ALL_CARDS, DECK_SIZE

JUNK = ["ZZ", "", "1C", "ks", "ah", "10d", "qS"]


def all_cards_once(p: Position) -> bool:
    home = [s * 16 + r for s, top in enumerate(p.foundations) for r in range(1, top + 1)]
    cards = p.tableau_cards() + home
    return len(cards) == DECK_SIZE and sorted(cards) == sorted(ALL_CARDS)


@st.composite
def play(draw):
    deal = draw(st.integers(0, 10**6))
    choices = draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=60))
    return deal, choices


def drive(game: LucieGame, choice: int) -> None:
    """Turn a number into an action: mostly legal moves, sometimes junk, redeal, undo."""
    kind = choice % 10
    if kind == 0:
        game.redeal()
    elif kind == 1:
        game.undo()
    elif kind == 2:
        game.redo()
    elif kind == 3:
        game.move(JUNK[choice // 10 % len(JUNK)])
    else:
        moves = game.position.legal_moves()
        if moves:
            game.move(moves[choice // 10 % len(moves)].card)
        else:
            game.redeal()


@settings(max_examples=60)
@given(play())
def test_no_card_is_ever_lost_or_duplicated(case):
    deal, choices = case
    game = LucieGame.new(deal)
    for choice in choices:
        drive(game, choice)
        assert all_cards_once(game.position)
        assert 0 <= game.score <= 100


@settings(max_examples=60)
@given(play())
def test_undo_after_any_sequence_restores_the_exact_position(case):
    """Undo takes back any move of the deal, and never a shuffle or the draw's move: undone
    as far as it goes, the game stands at the start of the deal in play."""
    deal, choices = case
    game = LucieGame.new(deal)
    deal_start = game.position
    for choice in choices:
        before = game.position
        drive(game, choice)
        if game.position != before and choice % 10 not in (1, 2):
            if game.can_undo:
                game.undo()
                assert game.position == before
                game.redo()
            else:
                deal_start = game.position  # a shuffle or the draw: final
    while game.can_undo:
        game.undo()
    assert game.position == deal_start


@settings(max_examples=40)
@given(play())
def test_position_text_and_json_round_trip(case):
    deal, choices = case
    game = LucieGame.new(deal)
    for choice in choices:
        drive(game, choice)
        p = game.position
        assert Position.from_text(p.to_text()) == p
        assert Position.from_json(p.to_json()) == p
    assert LucieGame.from_json(game.to_json()).position == game.position


@given(st.integers(0, 10**12))
def test_deal_n_is_stable_and_a_whole_deck(deal):
    first = Position.deal(deal)
    assert first == Position.deal(deal)
    assert all_cards_once(first)
    a, b = LucieGame.new(deal), LucieGame.new(deal)
    a.redeal(), b.redeal()
    assert a.position == b.position
