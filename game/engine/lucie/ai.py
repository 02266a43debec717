"""Hints and demo play for La Belle Lucie, built on the exact solver.

How a hand is played (all three deals):

* If the current deal can be won without another redeal, the solver's line is played.
* Otherwise, with redeals left, the tableau is about to be gathered and shuffled, so only
  the foundations matter: the explorer lists the best foundation states reachable, also
  when holding back the king of each suit that would complete (a finished suit leaves the
  other suits denser in the next deal, which loses more often). Each candidate is rated
  by its chance of winning a last deal dealt from it: solved sample shuffles of the cards
  that would be left (tabulated in chances.json). The line to the best is played, then the
  redeal. Optionally (LOOKAHEAD) first-deal candidates are rated by sampling second
  deals and playing them as above.
* With no redeal left (the deal not winnable or not decided in budget), the line that
  sends the most cards home is played, which maximises the score.

Planning is a Thinking (game.engine.core): a generator that yields after every slice of
search, so a scene can run one slice per frame (`Thinking.step()`); `Planner.hint()` and
`DemoPlayer.choose()` run it out.
Budgets are counted in search nodes, not seconds, so a seed replays the same game on any
machine.
"""

from __future__ import annotations

import itertools
import random
from collections import OrderedDict
from collections.abc import Generator, Hashable, Sequence
from dataclasses import dataclass, field

from game.engine.core import Thinking
from game.engine.lucie.chances import last_deal_chances
from game.engine.lucie.rules import (
    ALL_CARDS,
    KING,
    Position,
    apply_move,
    card_code,
    fans_in_threes,
)
from game.engine.lucie.solver import Explorer, Solver, SolveResult
from game.lang import Msg, nmsg

REDEAL = "redeal"
SLICE_NODES = 250  # search nodes per Thinking.step(): under 10 ms of work
SOLVE_NODES = 60_000  # the exact solve of the current deal (~2 s at worst)
EXPLORE_NODES = 60_000  # listing reachable foundation states
SAMPLE_SHUFFLES = 64  # shuffles drawn to rate one foundation state
# A suit completed before a redeal leaves the other suits denser in the next deal, where a
# king above a lower card of its suit is dead: measured, (13,13,0,0) wins about 11% of last
# deals against 20% for (12,12,0,0). So lines that stop such a suit at the queen are
# rated too.
CAPPED_RANKS = (12,)  # (12, 11) was measured too: no better, slower
# Before the first redeal, states may be rated by playing this many sampled second deals
# (searches of LOOKAHEAD_NODES); 0 rates them as if the next deal were the last. Over
# 1000 deals (seed 1, a 96-shuffle table) 48 samples won 335 hands against 337 without
# and 8 samples 321: not worth its time.
LOOKAHEAD = 0
LOOKAHEAD_NODES = 20_000
SAMPLE_SOLVE_NODES = 4_000  # solver budget per sampled shuffle (undecided = half a win)


@dataclass
class Hint:
    """The suggested next action: a card to play, "redeal", or "" when nothing is left."""

    action: str
    reason: Msg | str  # a Msg from the planner (translated when shown)

    @property
    def card(self) -> str | None:
        """The card to play, or None for a redeal or no move."""
        return None if self.action in ("", REDEAL) else self.action


@dataclass
class Plan:
    """A line of actions from a position and the goal it serves (shown with each hint)."""

    start: Position
    actions: list[str]
    goal: Msg
    positions: list[Position] = field(default_factory=list)
    # What the plan is worth, for the coach (coach.py), which weighs moves by the same
    # figure the planner chose by: the chance of winning the hand, 1.0 for a deal the
    # solver proved winnable, 0.0 for a last deal it proved lost, else the chance
    # table's rating of the foundation state the line redeals from; None when the solver
    # ran out of budget on the last deal. `proved`: the figure is the solver's verdict,
    # not an estimate.
    chance: float | None = None
    proved: bool = False

    def __post_init__(self) -> None:
        # The position before each action, so a caller can tell if play left the plan.
        if not self.positions:
            current = self.start
            for action in self.actions:
                self.positions.append(current)
                if action == REDEAL:
                    break  # a plan ends with its redeal: what follows is a new deal
                current = apply_move(current, action)[0]


class Planner:
    """Chooses lines for a position; remembers the last plan so following it is free."""

    def __init__(
        self,
        *,
        solve_nodes: int = SOLVE_NODES,
        explore_nodes: int = EXPLORE_NODES,
        samples: int = SAMPLE_SHUFFLES,
        sample_nodes: int = SAMPLE_SOLVE_NODES,
        lookahead: int = LOOKAHEAD,
        greedy: bool = False,
    ) -> None:
        self.solve_nodes = solve_nodes
        self.explore_nodes = explore_nodes
        self.samples = samples
        self.sample_nodes = sample_nodes
        self.lookahead = lookahead
        # The baseline the demo is measured against: redeal from the most cards home.
        self.greedy = greedy
        self._plan: Plan | None = None
        self.last_solve: dict[str, float | int | str] | None = None

    # ----------------------------------------------------------------- following
    def _step_in_plan(self, position: Position) -> int | None:
        plan = self._plan
        if plan is None:
            return None
        for i, before in enumerate(plan.positions):
            if before == position:
                return i
        return None

    def next_hint(self, position: Position) -> Hint | None:
        """The next action if `position` lies on the remembered plan, else None."""
        i = self._step_in_plan(position)
        if i is None or self._plan is None:
            return None
        plan = self._plan
        return Hint(plan.actions[i], _reason(plan, i))

    # ----------------------------------------------------------------- thinking
    def think(self, position: Position) -> Thinking[Plan]:
        """Start planning from `position`; slice it with Thinking.step()."""
        if self._step_in_plan(position) is not None:
            return Thinking(None, self._plan)
        return Thinking(self._think(position))

    def hint(self, position: Position) -> Hint:
        """The best next action, planning at once if needed (blocking)."""
        known = self.next_hint(position)
        if known is not None:
            return known
        self.think(position).finish()
        known = self.next_hint(position)
        assert known is not None
        return known

    def _think(self, position: Position) -> Generator[None, None, Plan]:
        plan = yield from self._make_plan(position)
        self._plan = plan
        return plan

    def _solve(self, position: Position, budget: int) -> Generator[None, None, SolveResult]:
        solver = Solver(position)
        while (result := solver.step(SLICE_NODES)) is None:
            if solver.nodes >= budget:
                return solver.give_up()
            yield
        return result

    def _explore(
        self, position: Position, budget: int, caps: tuple[int, int, int, int] | None = None
    ) -> Generator[None, None, dict[tuple[int, int, int, int], list[str]]]:
        explorer = Explorer(position, caps)
        while not explorer.step(SLICE_NODES):
            if explorer.nodes >= budget:
                break
            yield
        found = position.foundations
        return explorer.results() or {(found[0], found[1], found[2], found[3]): []}

    def _redeal_targets(
        self, position: Position, budget: int
    ) -> Generator[None, None, dict[tuple[int, int, int, int], list[str]]]:
        """Foundation states worth redealing from, each with its line: the best reachable,
        and the best reachable while keeping back the king of a suit that would complete."""
        options = yield from self._explore(position, budget)
        candidates = dict(options)
        if self.greedy:
            most = max(sum(found) for found in options)
            return {found: line for found, line in options.items() if sum(found) == most}
        completed = [
            s
            for s in range(4)
            if any(f[s] == KING for f in options) and position.foundations[s] < KING
        ]
        for choice in itertools.product((KING,) + CAPPED_RANKS, repeat=len(completed)):
            if all(rank == KING for rank in choice):
                continue
            caps = [KING] * 4
            for s, rank in zip(completed, choice):
                caps[s] = rank
            capped = yield from self._explore(
                position, budget, (caps[0], caps[1], caps[2], caps[3])
            )
            for found, line in capped.items():
                candidates.setdefault(found, line)
        return candidates

    def _redeal_value(
        self, found: tuple[int, ...], redeals_left: int
    ) -> Generator[None, None, float]:
        """Chance to win the hand when redealing from `found` with `redeals_left` left."""
        if redeals_left >= 2 and self.lookahead:
            return (yield from self._second_deal_chance(found))
        return (yield from chance_job(found, self.samples, self.sample_nodes))

    def _second_deal_chance(self, found: tuple[int, ...]) -> Generator[None, None, float]:
        """Chance to win from a redeal into the second deal: sample its shuffles and play
        each as the planner would (win it outright, or pick the best state to redeal
        from into the last deal)."""
        left = tuple(sorted(KING - f for f in found))
        key = left + (self.lookahead,)
        if key in _SECOND_DEAL_CHANCES:
            _SECOND_DEAL_CHANCES.move_to_end(key)
            return _SECOND_DEAL_CHANCES[key]
        tops = tuple(KING - n for n in left)
        remaining = [c for c in ALL_CARDS if (c & 15) > tops[c >> 4]]
        rng = random.Random(f"la-belle-lucie/second-deal/{left}/{self.lookahead}")
        total = 0.0
        for _ in range(self.lookahead):
            cards = list(remaining)
            rng.shuffle(cards)
            deal = Position(fans_in_threes(cards), (tops[0], tops[1], tops[2], tops[3]), 1, False)
            result = yield from self._solve(deal, LOOKAHEAD_NODES)
            if result.winnable:
                total += 1.0
                continue
            targets = yield from self._redeal_targets(deal, LOOKAHEAD_NODES)
            best = 0.0
            for target in targets:
                best = max(best, (yield from chance_job(target, self.samples, self.sample_nodes)))
            total += best
        return remember(_SECOND_DEAL_CHANCES, key, total / self.lookahead, CHANCES_KEPT)

    def _make_plan(self, position: Position) -> Generator[None, None, Plan]:
        if position.is_won:
            return Plan(position, [""], Msg("The hand is won."), chance=1.0, proved=True)
        result = yield from self._solve(position, self.solve_nodes)
        self.last_solve = {
            "status": result.status,
            "nodes": result.nodes,
            "seconds": result.seconds,
        }
        if result.winnable:
            drawn = position.draw_available and result.line and _is_draw(position, result.line[0])
            goal = (
                Msg("This deal can be won with the draw") if drawn else Msg("This deal can be won")
            )
            return Plan(position, result.line, goal, chance=1.0, proved=True)
        if position.redeals_left == 0:
            # Proved lost, or unknown (the solver ran out of budget).
            lost: float | None = 0.0 if result.decided else None
            options = yield from self._explore(position, self.explore_nodes)
            target = max(options, key=lambda f: (sum(f), -len(options[f])))
            line = options[target]
            if not line:
                if not result.decided:
                    return Plan(position, [""], Msg("The search ran out of time; no move found."))
                if position.is_over:
                    return Plan(
                        position, [""], Msg("The hand is over."), chance=lost, proved=result.decided
                    )
                return Plan(
                    position,
                    [""],
                    Msg("No move sends another card home: the hand is lost."),
                    chance=lost,
                    proved=result.decided,
                )
            home = sum(target)
            if result.decided:
                goal = nmsg(
                    "This deal cannot be won; this line gets {n} card home",
                    "This deal cannot be won; this line gets {n} cards home",
                    home,
                )
            else:
                goal = nmsg(
                    "The search ran out of time; this line gets {n} card home",
                    "The search ran out of time; this line gets {n} cards home",
                    home,
                )
            return Plan(
                position,
                line,
                goal,
                chance=lost,
                proved=result.decided,
            )
        candidates = yield from self._redeal_targets(position, self.explore_nodes)
        rated = []
        for found, line in candidates.items():
            if len(candidates) == 1 or self.greedy:
                chance = yield from chance_job(found, self.samples, self.sample_nodes)
            else:
                chance = yield from self._redeal_value(found, position.redeals_left)
            rated.append((chance, sum(found), -len(line), found))
        chance, _, _, chosen = max(rated)
        line = candidates[chosen]
        return Plan(
            position, line + [REDEAL], _redeal_goal(line, chosen, chance, position), chance=chance
        )


# Chances worked out by sampling, by the cards left per suit (2,380 cases) and how they
# were sampled: at most CHANCES_KEPT of each, the least recently used forgotten first.
CHANCES_KEPT = 4096
_SECOND_DEAL_CHANCES: OrderedDict[tuple[int, ...], float] = OrderedDict()
_CHANCES: OrderedDict[tuple[int, ...], float] = OrderedDict()


def remember(cache: OrderedDict, key: Hashable, value, cap: int):
    """Keep `value` in an LRU `cache` of at most `cap` entries; returns the value."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > cap:
        cache.popitem(last=False)
    return value


def chance_job(
    found: tuple[int, ...],
    samples: int = SAMPLE_SHUFFLES,
    sample_nodes: int = SAMPLE_SOLVE_NODES,
    use_table: bool = True,
) -> Generator[None, None, float]:
    """Estimated chance of winning a last deal (draw available) from these foundations:
    from the generated table (chances.json), or (`use_table` False: the generator) by
    solving `samples` random shuffles of the cards left. Suits are alike, so the estimate
    depends only on how many cards each suit has left; it is memoised and its shuffles are
    seeded by that, which makes it a plain function of the foundations."""
    left = tuple(sorted(KING - f for f in found))
    if use_table:
        return last_deal_chances()[left]
    key = left + (samples, sample_nodes)
    if key in _CHANCES:
        _CHANCES.move_to_end(key)
        return _CHANCES[key]
    tops = tuple(KING - n for n in left)
    remaining = [c for c in ALL_CARDS if (c & 15) > tops[c >> 4]]
    rng = random.Random(f"la-belle-lucie/chance/{left}/{samples}")
    score = 0.0
    for _ in range(samples):
        cards = list(remaining)
        rng.shuffle(cards)
        sample = Position(fans_in_threes(cards), (tops[0], tops[1], tops[2], tops[3]), 0, True)
        solver = Solver(sample)
        while (result := solver.step(SLICE_NODES)) is None:
            if solver.nodes >= sample_nodes:
                result = solver.give_up()
                break
            yield
        score += 1.0 if result.winnable else (0.5 if not result.decided else 0.0)
        yield
    return remember(_CHANCES, key, score / samples, CHANCES_KEPT)


def gain_job(position: Position, budget: int = EXPLORE_NODES) -> Generator[None, None, bool | None]:
    """On the last deal, whether any line of play still sends a card home: False when none
    does (the hand can only end where it stands: PySolFC's "You are stuck"), True when
    one does or a shuffle or the draw is still to come, None when the search ran out of
    budget before it knew."""
    if position.redeals_left or position.draw_available:
        return True
    if not position.legal_moves():
        return False
    explorer = Explorer(position)
    while not explorer.step(SLICE_NODES):
        if explorer.most_home() > position.cards_home:
            return True
        if explorer.nodes >= budget:
            return None
        yield
    return explorer.most_home() > position.cards_home


def win_chance(found: tuple[int, ...], samples: int = SAMPLE_SHUFFLES) -> float:
    """Blocking chance_job(): estimated chance to win a last deal from these foundations."""
    job = chance_job(found, samples)
    while True:
        try:
            next(job)
        except StopIteration as stop:
            return float(stop.value)


def _is_draw(position: Position, text: str) -> bool:
    where = position.find(card_code(text))
    return where is not None and where[1] < len(position.fans[where[0]]) - 1


def _redeal_goal(
    line: list[str], chosen: tuple[int, ...], chance: float, position: Position
) -> Msg:
    """A plan's goal that ends with a redeal: the cards it gets home first, and on the
    middle deal, the chance of winning the last deal dealt from there."""
    home, percent = sum(chosen), round(chance * 100)
    if position.redeals_left == 1:
        if line:
            return nmsg(
                "Not winnable as it lies; best before redealing: {n} card home, "
                "about {percent}% to win the last deal",
                "Not winnable as it lies; best before redealing: {n} cards home, "
                "about {percent}% to win the last deal",
                home,
                percent=percent,
            )
        return Msg(
            "Nothing more to gain in this deal, about {percent}% to win the last deal",
            percent=percent,
        )
    if line:
        return nmsg(
            "Not winnable as it lies; best before redealing: {n} card home",
            "Not winnable as it lies; best before redealing: {n} cards home",
            home,
        )
    return Msg("Nothing more to gain in this deal")


def _reason(plan: Plan, i: int) -> Msg:
    """The hint's text for step i of a plan: its goal and how far there is to go."""
    action = plan.actions[i]
    if not action:
        return plan.goal
    if action == REDEAL:
        left = plan.positions[i].redeals_left
        return nmsg(
            "{goal}. Redeal now ({n} redeal left).",
            "{goal}. Redeal now ({n} redeals left).",
            left,
            goal=plan.goal,
        )
    to_go = sum(1 for a in plan.actions[i:] if a not in ("", REDEAL))
    return nmsg("{goal} ({n} move to go).", "{goal} ({n} moves to go).", to_go, goal=plan.goal)


def hint(position: Position, planner: Planner | None = None) -> Hint:
    """The best next action for `position` with a short reason (blocking; see Planner)."""
    return (planner or Planner()).hint(position)


class DemoPlayer:
    """The computer playing a whole hand: an Agent whose observation is the Position and
    whose actions are card notations and "redeal"."""

    def __init__(self, **planner_options: int | bool) -> None:
        self.planner = Planner(**planner_options)  # type: ignore[arg-type]

    def think(self, position: Position) -> Thinking[Plan]:
        """Incremental version of choose(): slice with step(), then call choose()."""
        return self.planner.think(position)

    def choose(self, observation: Position, legal_actions: Sequence[str] = ()) -> str:
        """The next action ("" when the hand is over)."""
        action = self.planner.hint(observation).action
        if legal_actions and action and action not in legal_actions:
            raise AssertionError(f"demo chose {action}, not among the legal actions")
        return action
