"""Winnable deals only, and how hard: La Belle Lucie deals proved winnable by the solver.

A deal's shuffles are fixed by its number and by which cards are left (rules.redeal_rng,
apply_redeal sorts the tableau first), so a whole hand — three deals, two shuffles and
the draw — is a finite game with no chance left in it: a deal is winnable when some line
of play, shuffles included, sends all 52 cards home. The proof is such a line, found by
the solver and replayed through the engine (`check_line`): a proof anyone can check in
milliseconds without trusting the search.

What is searched (`prove_job`), from the deal as dealt:

1. The deal as it lies (no shuffle): the exact solver. A win here is the whole proof.
2. Otherwise every foundation state the first deal can reach is listed (the explorer; a
   shuffle gathers the tableau, so nothing else matters before it), and the CHOICES best
   — most cards home, ties by the chance table the Expert uses — are each shuffled (the
   deal's own shuffle for that state) into a second deal, solved as it lies.
3. A second deal not won as it lies is explored in the same way, and its CHOICES best
   states are shuffled into the last deal, which the solver solves with the free draw.

The difficulty is what that tree says about a good player who cannot see the shuffles
coming: at each shuffle such a player redeals from one of the few best states, not
knowing which shuffle each brings. `share` is the chance that a player choosing among
the CHOICES best states at random, and playing each deal as well as the solver, wins:
1.0 for a deal won as it lies; otherwise the average over the first deal's choices of
1 (second deal won as it lies) or the share of that second deal's choices whose last
deal is won. Levels: EASY from EASY_FROM, MEDIUM from MEDIUM_FROM, HARD above 0. A
deal with share 0 has no win in the searched tree and is not dealt (it may still be
winnable another way: it is "not proved", not "lost").

Budgets are counted in search nodes (never seconds), so a deal's verdict and difficulty
are the same on every machine; a candidate whose search runs past PROOF_NODES is
skipped, and so is one with share 0. `deal_job` draws candidates from a random.Random
handed in until one is proved; after MAX_CANDIDATES it takes candidates from
FALLBACK_DEALS (deals proved within the budget, checked by the tests), so dealing
always ends within MAX_CANDIDATES + len(FALLBACK_DEALS) proofs.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from game.engine.core import Thinking
from game.engine.lucie.ai import REDEAL
from game.engine.lucie.chances import last_deal_chances
from game.engine.lucie.game import LucieGame
from game.engine.lucie.rules import (
    ALL_CARDS,
    KING,
    REDEALS,
    Position,
    apply_redeal,
    redeal_rng,
)
from game.engine.lucie.solver import Explorer, Solver, SolveResult, playable_line

CHOICES = 4  # the best foundation states a good player might shuffle from
SLICE_NODES = 8  # search nodes between yields: a slice stays within a few milliseconds
SOLVE_NODES = 40_000  # one deal's exact solve (as it lies)
EXPLORE_NODES = 20_000  # listing one deal's reachable foundation states
PROOF_NODES = 400_000  # a whole candidate's tree; past this it is skipped
MAX_CANDIDATES = 40  # random candidates before the fallback deals
RANDOM_DEALS = 999_999  # candidates are numbered 1 to this, as random deals are
EASY, MEDIUM, HARD = "easy", "medium", "hard"
DIFFICULTIES = (EASY, MEDIUM, HARD)
EASY_FROM = 0.5  # share of the searched lines that win, for each level
MEDIUM_FROM = 0.2
# Deals proved winnable within the budgets above (tests check each by replaying its line).
FALLBACK_DEALS = (1, 2, 3, 5, 6, 7, 8, 9)


def difficulty_of(share: float) -> str:
    """The level for a share of winning lines (above 0)."""
    if share >= EASY_FROM:
        return EASY
    return MEDIUM if share >= MEDIUM_FROM else HARD


@dataclass
class Proof:
    """A deal proved winnable: a winning line (cards and "redeal"), its share and level."""

    deal: int
    line: list[str]
    share: float
    nodes: int = 0

    @property
    def difficulty(self) -> str:
        return difficulty_of(self.share)

    @property
    def shuffles(self) -> int:
        """Shuffles the proof's line uses (0, 1 or 2)."""
        return self.line.count(REDEAL)

    @property
    def percent(self) -> int:
        """The share as a whole percentage, never 0 for a proved deal."""
        return max(1, round(self.share * 100))


@dataclass
class Dealt:
    """What deal_job found: the proof, and the candidates skipped before it."""

    proof: Proof
    skipped: list[int] = field(default_factory=list)  # deal numbers not proved
    over_budget: int = 0  # of those, how many ran out of nodes (the rest: share 0)
    nodes: int = 0  # every candidate's nodes, the skipped ones included


class _AllStates(Explorer):
    """The explorer keeping every foundation state reached, not only the best ones."""

    def _record(self, search: Any) -> None:
        found = (search.found[0], search.found[1], search.found[2], search.found[3])
        if found not in self._raw:
            self._raw[found] = (self._prefix, self._start, search.line_codes())


class _OverBudget(Exception):
    pass


@dataclass(frozen=True)
class _Choice:
    """A foundation state a deal can reach, and how (the explorer's record of it)."""

    found: tuple[int, int, int, int]
    prefix: list[str]  # the draw, if the line starts with it
    start: Position
    codes: list[int]  # the solver's card moves from `start`

    def line(self) -> list[str]:
        """The engine moves that reach it (costly: a few milliseconds; only for a win)."""
        return self.prefix + playable_line(self.start, self.codes)


class _Prover:
    """One candidate's search, counting nodes against PROOF_NODES."""

    def __init__(self, deal: int, budget: int) -> None:
        self.deal = deal
        self.budget = budget
        self.nodes = 0
        self.line: list[str] | None = None

    def _spend(self, nodes: int) -> None:
        self.nodes += nodes
        if self.nodes > self.budget:
            raise _OverBudget

    def solve(self, position: Position) -> Generator[None, None, SolveResult]:
        solver = Solver(position)
        spent = 0
        while (result := solver.step(SLICE_NODES)) is None:
            self._spend(solver.nodes - spent)
            spent = solver.nodes
            if solver.nodes >= SOLVE_NODES:
                return solver.give_up()
            yield
        self._spend(solver.nodes - spent)
        return result

    def choices(self, position: Position) -> Generator[None, None, list[_Choice]]:
        """The CHOICES best foundation states reachable in this deal."""
        explorer = _AllStates(position)
        spent = 0
        while not explorer.step(SLICE_NODES):
            self._spend(explorer.nodes - spent)
            spent = explorer.nodes
            if explorer.nodes >= EXPLORE_NODES:
                break
            yield
        self._spend(explorer.nodes - spent)
        chances = last_deal_chances()
        raw = explorer._raw
        if not raw:
            found = position.foundations
            return [_Choice((found[0], found[1], found[2], found[3]), [], position, [])]

        def rank(found: tuple[int, int, int, int]) -> tuple:
            left = tuple(sorted(KING - f for f in found))
            return (-sum(found), -chances[left], found)

        return [_Choice(found, *raw[found]) for found in sorted(raw, key=rank)[:CHOICES]]

    def shuffled(self, found: tuple[int, int, int, int], redeals_left: int) -> Position:
        """The deal's own shuffle from foundation state `found`: it depends only on the
        cards left (apply_redeal sorts them first), so no line needs playing out."""
        left = tuple(c for c in ALL_CARDS if (c & 15) > found[c >> 4])
        index = REDEALS - redeals_left + 1
        gathered = Position((left,), found, redeals_left, False)
        return apply_redeal(gathered, redeal_rng(self.deal, index))[0]

    def _won(self, path: list[_Choice], last: list[str]) -> Generator[None, None, None]:
        """Keep the first winning line found, shuffles included, as engine moves."""
        if self.line is not None:
            return
        line: list[str] = []
        for choice in path:
            line += choice.line() + [REDEAL]
            yield
        self.line = line + last

    def run(self) -> Generator[None, None, float]:
        """The share of winning lines (see the module's docstring)."""
        first = Position.deal(self.deal)
        result = yield from self.solve(first)
        if result.winnable:
            yield from self._won([], result.line)
            return 1.0
        total = 0.0
        choices = yield from self.choices(first)
        for choice in choices:
            second = self.shuffled(choice.found, first.redeals_left)
            result = yield from self.solve(second)
            if result.winnable:
                yield from self._won([choice], result.line)
                total += 1.0
                continue
            lasts = yield from self.choices(second)
            wins = 0
            for last_choice in lasts:
                last = self.shuffled(last_choice.found, second.redeals_left)
                result = yield from self.solve(last)
                if result.winnable:
                    yield from self._won([choice, last_choice], result.line)
                    wins += 1
            total += wins / len(lasts)
        return total / len(choices)


def prove_job(deal: int, budget: int = PROOF_NODES) -> Generator[None, None, Proof | None]:
    """Prove deal number `deal` winnable (a Proof) or give up on it (None), yielding after
    every slice of search. Raises nothing: over budget is None too (see prove_outcome)."""
    outcome = yield from prove_outcome(deal, budget)
    return outcome[0]


def prove_outcome(
    deal: int, budget: int = PROOF_NODES
) -> Generator[None, None, tuple[Proof | None, bool, int]]:
    """(the proof or None, whether the budget ran out, nodes searched)."""
    prover = _Prover(deal, budget)
    try:
        share = yield from prover.run()
    except _OverBudget:
        return None, True, prover.nodes
    if share <= 0 or prover.line is None:
        return None, False, prover.nodes
    return Proof(deal, prover.line, share, prover.nodes), False, prover.nodes


def prove(deal: int, budget: int = PROOF_NODES) -> Proof | None:
    """Blocking prove_job() (benchmarks and tests)."""
    return Thinking(prove_job(deal, budget)).finish()


def candidates(rng: random.Random) -> Generator[int, None, None]:
    """Deal numbers to try: MAX_CANDIDATES from `rng`, then the fallback deals."""
    for _ in range(MAX_CANDIDATES):
        yield rng.randint(1, RANDOM_DEALS)
    yield from FALLBACK_DEALS


def deal_job(
    rng: random.Random, budget: int = PROOF_NODES, tried: list[int] | None = None
) -> Generator[None, None, Dealt]:
    """A winnable deal: candidates from `rng` until one is proved (see the docstring).
    `tried`, if given, has each candidate appended as its search begins (for a screen)."""
    skipped: list[int] = []
    over = 0
    nodes = 0
    for deal in candidates(rng):
        if tried is not None:
            tried.append(deal)
        proof, ran_out, spent = yield from prove_outcome(deal, budget)
        nodes += spent
        if proof is not None:
            return Dealt(proof, skipped, over, nodes)
        skipped.append(deal)
        over += ran_out
        yield
    raise AssertionError("no fallback deal was proved")  # the tests prove every one


def deal_thinking(rng: random.Random, tried: list[int] | None = None) -> Thinking[Dealt]:
    """deal_job as a Thinking, for a scene to step a slice at a time."""
    return Thinking(deal_job(rng, tried=tried))


def check_line(deal: int, line: list[str]) -> bool:
    """Whether `line` (cards and "redeal") wins deal number `deal`, played by the engine
    as a player would play it: the cheap, independent check of a proof."""
    game = LucieGame.new(deal)
    for action in line:
        before = game.position
        game.apply(action)
        if game.position is before:
            return False
    return game.is_won
