"""La Belle Lucie's coach: how good a move (or a redeal) was, against the planner's choice.

The unit is the chance of winning the hand (0..1), the figure the planner (ai.Planner,
which gives the hints and plays the demo) chooses by:

* On the last deal (no redeal left) the figures are the solver's verdicts: 1.0 for a deal
  it proves winnable, 0.0 for one it proves lost. A move that turns a winnable deal into a
  lost one costs 1.0, exactly; in a deal already lost every move costs 0 (the hint still
  names the line that gets the most cards home). Where the solver runs out of its node
  budget, the chance table's figure for the foundations stands in, labelled an estimate.
* Before the last deal: 1.0 when the solver proves the deal winnable as it lies, else
  the chance table's chance of winning a last deal dealt from the best foundation state
  still reachable before redealing (what the planner rates its redeals by). These are
  estimates (exact=False); the table does not see the middle deal, so before the first
  redeal it understates the chance, the same for every move.

The best action is the planner's next action, so the coach and the hint agree. Values of
positions are remembered (by position), so reviewing a hand move by move plans each
position once. Judging takes up to a few seconds at worst (two plans, each a solve and an
exploration of at most ai.SOLVE_NODES and ai.EXPLORE_NODES nodes): judge_thinking() cuts
it into slices of ai.SLICE_NODES search nodes. Measured over a casual player's hands
(`python -m game.engine.lucie.coach_bench --positions 200 --seed 1 --games 20`): a hint
from cold takes under 1 ms at the median and 27 ms at p99, its longest slice 9 ms at
p99 and 11 ms at worst; a whole hand's review (33 decisions) 0.06 s, 0.18 s at worst.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Generator
from dataclasses import dataclass

from game.engine.coach import Judgement
from game.engine.core import Thinking
from game.engine.lucie.ai import REDEAL, SLICE_NODES, Plan, Planner, chance_job, remember
from game.engine.lucie.game import LucieGame
from game.engine.lucie.rules import Position, apply_move
from game.engine.lucie.solver import Solver
from game.lang import N_, Msg

UNIT = "win chance"  # i18n: not shown (the unit's key: the table words it)
# The accuracy's scale (game.engine.coach.accuracy): the cost of one decision, in win chance, that
# scores 50 for that decision, and the stretch of the game's figure below 100. Set by
# game.engine.coach.calibrate from a random player's games in `python -m
# game.bench_accuracy --games 200 --seed 1`: half_at the median cost of its costly
# decisions, the stretch what brings its median game to 30, as in every game. Most
# moves cost nothing (sure moves in any order are as good), hence the large stretch:
# the few moves that can go wrong decide the figure.
HALF_ACCURACY_AT = 0.0573
ACCURACY_STRETCH = 31.1
# What simulated players score with these (`python -m game.bench_accuracy --games 200
# --seed 1`): (player, 10th percentile, median, 90th percentile) of their games'
# accuracies, for the Scores screen's help.
ACCURACY_BENCH = (
    (N_("Perfect play"), 100, 100, 100),
    (N_("the demo"), 100, 100, 100),
    (N_("the greedy demo"), 47, 100, 100),
    (N_("a casual player"), 0, 26, 100),
    (N_("random moves"), 0, 30, 100),
)
# Coach mode asks before a move that gives up more than this chance of winning: 5 in 100
# hands, about what the casual player gives up in five moves. A move the solver proves
# turns a winnable last deal into a lost one (1.0) is always asked about.
ASK_ABOVE = 0.05

CACHE_SIZE = 4096  # positions whose value is remembered (a hand has a few hundred)


@dataclass(frozen=True)
class _Value:
    """What a position (or an action) is worth, and how the figure was found."""

    chance: float
    proved: bool  # the solver's verdict, not a table estimate
    undecided: bool = False  # a last deal the solver could not decide in its budget


_VALUES: OrderedDict[tuple, _Value] = OrderedDict()
_PLANS: OrderedDict[tuple, Plan] = OrderedDict()


def legal_actions(position: Position) -> list[str]:
    """The cards that may be played now, plus "redeal" when a redeal is allowed (the
    actions LucieGame.apply() takes)."""
    actions = [move.card for move in position.legal_moves()]
    if position.redeals_left > 0 and not position.is_won:
        actions.append(REDEAL)
    return actions


def judge(
    state: Position | LucieGame, action: str, planner: Planner | None = None
) -> Judgement | None:
    """`action` (a card as the engine writes it, e.g. "7H", or "redeal") weighed against
    the planner's choice in `state`; None when there is nothing to decide (one legal
    action or none). Blocking: up to a few seconds; see judge_thinking()."""
    thinking = judge_thinking(state, action, planner)
    while not thinking.step():
        pass
    return thinking.result


def judge_thinking(
    state: Position | LucieGame, action: str, planner: Planner | None = None
) -> Thinking[Judgement | None]:
    """judge() in slices of about SLICE_NODES search nodes (Thinking.step()). Use step()
    and read `result`, not finish(): the result is None when there is nothing to decide.

    Given a LucieGame, its own planner is used (so the best is exactly its hint); a
    `planner` may also be passed; else one with the default budgets is used."""
    if isinstance(state, LucieGame):
        position = state.position
        planner = planner or state._planner
    else:
        position = state
    legal = legal_actions(position)
    if len(legal) <= 1:
        return Thinking(None, None)
    text = action.strip().upper() if action.strip().lower() != REDEAL else REDEAL
    if text not in legal:
        raise ValueError(f"{action!r} is not a legal action here ({' '.join(legal)})")
    return Thinking(_judge(position, text, legal, planner))


# ----------------------------------------------------------------- the work


def _budgets(planner: Planner | None) -> dict[str, int]:
    if planner is None:
        return {}
    return {
        "solve_nodes": planner.solve_nodes,
        "explore_nodes": planner.explore_nodes,
        "samples": planner.samples,
        "sample_nodes": planner.sample_nodes,
        "lookahead": planner.lookahead,
    }


def _remember(cache: OrderedDict[tuple, object], key: tuple, value: object) -> None:
    remember(cache, key, value, CACHE_SIZE)


def _plan(
    position: Position, planner: Planner | None, follow: bool = True
) -> Generator[None, None, tuple[Plan, str]]:
    """The plan from `position` and its next action ("" when it has none): with `follow`,
    the given planner's (which may be following a plan it made earlier); else a fresh
    planner's with the same budgets, remembered by position (so planning the position
    after a move never replaces the plan a game's planner is following)."""
    if follow and planner is not None and not planner.greedy:
        thinking = planner.think(position)
        while not thinking.step():
            yield
        hint = planner.next_hint(position)
        assert thinking.result is not None and hint is not None
        return thinking.result, hint.action
    budgets = _budgets(planner)
    key = (position, tuple(sorted(budgets.items())))
    plan = _PLANS.get(key)
    if plan is None:
        thinking = Planner(**budgets).think(position)
        while not thinking.step():
            yield
        plan = thinking.result
        assert plan is not None
        _remember(_PLANS, key, plan)  # type: ignore[arg-type]
    else:
        _PLANS.move_to_end(key)
    return plan, plan.actions[0]


def _table(position: Position) -> float:
    """The chance table's chance of winning a last deal dealt from these foundations."""
    job = chance_job(position.foundations)
    try:
        while True:
            next(job)
    except StopIteration as stop:
        return float(stop.value)


def _plan_value(plan: Plan, position: Position) -> _Value:
    if plan.chance is None:
        # The solver ran out of budget on the last deal.
        return _Value(_table(position), False, undecided=True)
    return _Value(plan.chance, plan.proved)


def _last_deal_value(position: Position, solve_nodes: int) -> Generator[None, None, _Value]:
    """The solver's verdict on a last-deal position (a table estimate when undecided)."""
    if position.is_won:
        return _Value(1.0, True)
    key = ("solve", position, solve_nodes)
    known = _VALUES.get(key)
    if known is not None:
        return known
    solver = Solver(position)
    while (result := solver.step(SLICE_NODES)) is None:
        if solver.nodes >= solve_nodes:
            result = solver.give_up()
            break
        yield
    if result.decided:
        value = _Value(1.0 if result.winnable else 0.0, True)
    else:
        value = _Value(_table(position), False, undecided=True)
    _remember(_VALUES, key, value)  # type: ignore[arg-type]
    return value


def _action_value(
    position: Position, action: str, best: _Value, planner: Planner | None
) -> Generator[None, None, _Value]:
    """What `action` leaves, in the same terms as the best's value."""
    if action == REDEAL:
        return _Value(_table(position), False)
    after = apply_move(position, action)[0]
    if after.is_won:
        return _Value(1.0, True)
    if position.redeals_left == 0:
        if best.proved and best.chance == 0.0:
            return _Value(0.0, True)  # a lost deal stays lost whatever is played
        solve_nodes = planner.solve_nodes if planner is not None else Planner().solve_nodes
        return (yield from _last_deal_value(after, solve_nodes))
    plan, _ = yield from _plan(after, planner, follow=False)
    return _plan_value(plan, after)


def _judge(
    position: Position, action: str, legal: list[str], planner: Planner | None
) -> Generator[None, None, Judgement | None]:
    plan, best = yield from _plan(position, planner)
    if best not in legal:
        best = action  # nothing to gain: every action is alike
    best_value = _plan_value(plan, position)
    if action == best:
        value = best_value
    else:
        value = yield from _action_value(position, action, best_value, planner)
    exact = best_value.proved and value.proved
    return Judgement(
        action=action,
        best=best,
        value=value.chance,
        best_value=best_value.chance,
        unit=UNIT,
        exact=exact,
        spread=0.0,
        why=_why(position, action, best, value, best_value, plan),
    )


# ----------------------------------------------------------------- words


def _doing(action: str) -> Msg | str:
    """ "Redeal" or "7H"."""
    # TRANSLATORS: the coach names a redeal (a shuffle) as it names a card, e.g.
    # "Redeal: about 19% to win."
    return Msg("Redeal") if action == REDEAL else action


def _verdict(value: _Value) -> Msg:
    """ "the deal can be won", "about 23% to win"."""
    if value.proved:
        return Msg("the deal can be won") if value.chance >= 1.0 else Msg("the deal is lost")
    return Msg("about {percent}% to win", percent=round(value.chance * 100))


def _source(value: _Value, best_value: _Value, one: bool) -> Msg:
    """Where the figures come from; `one`: a single figure (the best's)."""
    if value.undecided or best_value.undecided:
        return Msg(
            "The solver ran out of its budget before deciding: the figures are "
            "estimates from the chance table."
        )
    if value.proved and best_value.proved:
        return Msg("(The solver proves it.)")
    if value.proved or best_value.proved:
        return Msg("(The solver's verdict and an estimate from the chance table.)")
    if one:
        return Msg("(An estimate from the chance table.)")
    return Msg("(Estimates from the chance table.)")


def _why(
    position: Position, action: str, best: str, value: _Value, best_value: _Value, plan: Plan
) -> Msg:
    """The best and why, as a player would say it, with the figures."""
    if position.redeals_left == 0 and best_value.proved and best_value.chance == 0.0:
        if plan.actions[0]:
            return Msg(
                "This deal cannot be won whatever is played (the solver proves it). "
                "{best} gets the most cards home.",
                best=best,
            )
        return Msg(
            "This deal cannot be won whatever is played (the solver proves it). "
            "No move sends another card home."
        )
    if action == best:
        if best_value.proved and best_value.chance >= 1.0:
            return Msg(
                "{best}: this deal can be won from here (the solver proves it).",
                best=_doing(best),
            )
        return Msg(
            "{best}: {verdict}. {source}",
            best=_doing(best),
            verdict=_verdict(best_value),
            source=_source(value, best_value, True),
        )
    if value.proved and best_value.proved:
        if value.chance >= best_value.chance:
            return Msg(
                "{action} keeps this deal winnable, as {best} does (the solver proves it).",
                action=_doing(action),
                best=_doing(best),
            )
        return Msg(
            "After {action} this deal can no longer be won; {best} keeps it winnable "
            "(the solver proves it).",
            action=_doing(action),
            best=_doing(best),
        )
    return Msg(
        "{best}: {best_verdict}; {action}: {verdict}. {source}",
        best=_doing(best),
        best_verdict=_verdict(best_value),
        action=_doing(action),
        verdict=_verdict(value),
        source=_source(value, best_value, False),
    )
