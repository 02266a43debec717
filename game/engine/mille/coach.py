"""Mille Bornes' coach: the Expert's estimate of what a decision gives up.

The unit is what the Expert maximises: points of hand margin, the acting side's score for
the hand minus the best opponent's, averaged over playouts (expert.py). Each playout
deals the cards this seat cannot see at random, consistently with what it has seen
(expert.sample_state: the seat's observation only, never the real hidden hands or draw
pile), applies a candidate and plays the hand out with the Expert's fast policy for every
seat. Every candidate is played out on the same deals, so the difference between two is
paired: its standard error over the playouts is the Judgement's `spread`. Always an
estimate (exact=False).

The best is the Expert's own choice, made as the Expert makes it in its fixed-rollouts
mode (make_agent("expert", rng, rollouts=n)): heuristic values, and when the best
actions are close, paired playouts that may overrule the heuristic's choice. Given the
same seed, a fresh Expert with `rollouts` per candidate chooses the same action as
judge(...).best (the playouts here are those it plays, plus the ones the judged action
and the runner-up need). What it does not see: inferences a playing Expert draws from
earlier turns (an opponent still stopped lacks its remedy), since the coach reads one
position only.

Reproducible: all randomness comes from the random.Random (or seed) passed in; the same
seed gives the same judgement. A judgement plays up to (candidates + 2) x `rollouts`
hands out, about 1-2 ms each: judge_thinking() yields after every playout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Sequence
from typing import Any

from game.engine.coach import Judgement, closeness
from game.engine.core import Thinking
from game.engine.mille.cards import DISTANCE, HAZARD, KIND_BY_ID, card_msg
from game.engine.mille.expert import (
    CANDIDATES,
    CLOSE_CALL,
    PLAY_SAFETY_NOW,
    ExpertAgent,
    action_values,
    hand_margin,
    overruling,
    play_out_hand,
    sample_state,
)
from game.engine.mille.rules import (
    DECLARE,
    DISCARD,
    END_HAND,
    EXTEND,
    LONG_TARGET,
    PASS,
    PLAY_CARD,
    Action,
    MilleState,
    Observation,
)
from game.lang import N_, Msg, nmsg, text

UNIT = "points"
# Playouts per candidate. At 32 (`python -m game.engine.mille.coach_bench --positions 100
# --seed 1 --games 1`, the other core busy) the standard error of the best's lead over
# the next best is 54 points at the median (p90 125: a hand's margin swings by a trip's
# bonuses), and a hint takes 33 ms at the median, 83 ms at p90 and 131 ms at worst, in
# slices (a playout each) whose longest is 1.2 ms in the median hint, 4.2 ms at worst;
# a whole game's review, every decision of one seat (162 over 5 hands), takes 6.8 s,
# weighed a slice at a time.
ROLLOUTS = 32
DEFAULT_SEED = 0
# The accuracy's scale (game.engine.coach.accuracy): the cost of one decision, in points of hand margin, that
# scores 50 for that decision, and the stretch of the game's figure below 100. Set by
# game.engine.coach.calibrate from a random player's games in `python -m
# game.bench_accuracy --games 200 --seed 1`: half_at the median cost of its costly
# decisions, the stretch what brings its median game to 30, as in every game.
# The benchmark weighs with a quarter of ROLLOUTS (coach_bench.BENCH_ROLLOUTS), whose
# noise makes costs larger: at the table the same play reads a little higher.
HALF_ACCURACY_AT = 150.0
ACCURACY_STRETCH = 2.84
# What simulated players score with these (`python -m game.bench_accuracy --games 200
# --seed 1`): (player, 10th percentile, median, 90th percentile) of their games'
# accuracies, for the Scores screen's help.
ACCURACY_BENCH = (
    (N_("Perfect play"), 100, 100, 100),
    (N_("Expert"), 91, 100, 100),
    (N_("Basic"), 58, 81, 100),
    (N_("Easy"), 55, 76, 91),
    (N_("random moves"), 0, 30, 61),
)

# Coach mode asks before a decision the Expert estimates gives up more than this many
# points of hand margin (and more than twice the estimate's own uncertainty): Basic's
# cost over some five decisions (18 points a decision, `python -m
# game.engine.mille.coach_bench --levels`).
ASK_ABOVE = 100.0

Seed = random.Random | int | None


def judge(
    state: MilleState,
    action: Action | Sequence[Any],
    rng: Seed = None,
    *,
    rollouts: int = ROLLOUTS,
    names: Sequence[str] | None = None,
) -> Judgement | None:
    """`action` weighed against the Expert's choice for the seat to act; None when there is
    nothing to decide (one legal action, or none). `rng`: a random.Random or a seed
    (None: DEFAULT_SEED), the only source of randomness. `names`: a name per seat for the
    words (else "your opponent", "player 2"...). Blocking; see judge_thinking()."""
    thinking = judge_thinking(state, action, rng, rollouts=rollouts, names=names)
    while not thinking.step():
        pass
    return thinking.result


def hint_thinking(
    state: MilleState,
    rng: Seed = None,
    *,
    rollouts: int = ROLLOUTS,
    names: Sequence[str] | None = None,
) -> Thinking[Judgement | None]:
    """What the Expert would do now, judged (its `why` says how sure it is), as a
    Thinking like judge_thinking's; the result is None when there is nothing to decide."""
    return judge_thinking(state, None, rng, rollouts=rollouts, names=names)


def judge_thinking(
    state: MilleState,
    action: Action | Sequence[Any] | None,
    rng: Seed = None,
    *,
    rollouts: int = ROLLOUTS,
    names: Sequence[str] | None = None,
) -> Thinking[Judgement | None]:
    """judge() cut into slices of one playout each (Thinking.step(max_ms) runs several).
    Use step() and read `result`, not finish(): the result is None when there is nothing
    to decide. The state is read now; later changes to it do not matter. `action` None
    judges the Expert's own choice (hint_thinking)."""
    if rollouts < 2:
        raise ValueError("the coach needs at least 2 playouts for a standard error")
    legal = state.legal_actions()
    if len(legal) <= 1 or state.to_act is None:
        return Thinking(None, None)
    if action is not None and not isinstance(action, Action):
        action = Action.from_json(action)
    if action is not None and action not in legal:
        raise ValueError(f"{action} is not a legal action here")
    seat = state.to_act
    obs = state.observation(seat)
    if not isinstance(rng, random.Random):
        rng = random.Random(DEFAULT_SEED if rng is None else rng)
    words = _Words(state, seat, names)
    return Thinking(_judge(obs, list(legal), action, rng, rollouts, words))


# ----------------------------------------------------------------- the Expert's way


def expert_candidates(
    obs: Observation, legal: list[Action]
) -> tuple[Action | None, list[Action], list[Action]]:
    """How the Expert (expert.ExpertAgent._decide) goes about this decision: (its choice
    if made without playouts, else None; the candidates its playouts compare, the
    heuristic's choice first; every action in the heuristic's order, best first)."""
    verbs = {a.verb for a in legal}
    if DECLARE in verbs:
        declare = next(a for a in legal if a.verb == DECLARE)
        return declare, [], [declare] + [a for a in legal if a != declare]
    if EXTEND in verbs:
        extend = next(a for a in legal if a.verb == EXTEND)
        stop = next(a for a in legal if a.verb == END_HAND)
        if ExpertAgent._wins_now(obs):
            return stop, [], [stop, extend]
        first, second = (extend, stop) if ExpertAgent._extension_looks_good(obs) else (stop, extend)
        return None, [first, second], [first, second]
    ranked = action_values(obs, legal, None)
    best_value, best = ranked[0]
    order = [a for _, a in ranked]
    close = [a for v, a in ranked[:CANDIDATES] if best_value - v <= CLOSE_CALL]
    worth_it = any(a.verb != DISCARD for a in close)
    if len(close) > 1 and worth_it and best_value < PLAY_SAFETY_NOW:
        return None, close, order
    return best, [], order


def _overrule(margins: list[list[float]], runs: int) -> int:
    """The Expert's pick among its candidates (expert.ExpertAgent._search, same sums in
    the same order): the first, unless another beats it on average by more than
    OVERRULE_SE standard errors of the paired difference."""
    count = len(margins)
    sums = [0.0] * count
    squares = [0.0] * count
    for run in range(runs):
        base = margins[0][run]
        for index in range(count):
            diff = margins[index][run] - base
            sums[index] += diff
            squares[index] += diff * diff
    return overruling(sums, squares, runs)


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of a - b over the playouts and its standard error."""
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def _judge(
    obs: Observation,
    legal: list[Action],
    action: Action | None,
    rng: random.Random,
    rollouts: int,
    words: _Words,
) -> Generator[None, None, Judgement]:
    """`action` weighed against the Expert's choice (None: the Expert's choice itself)."""
    decided, search, order = expert_candidates(obs, legal)
    played: list[Action] = list(search) if search else [decided]  # type: ignore[list-item]
    runner_up = next(a for a in order if a != (decided or search[0]))
    for extra in (runner_up, action):
        if extra is not None and extra not in played:
            played.append(extra)
    margins: list[list[float]] = [[] for _ in played]
    for _ in range(rollouts):
        # One deal of the hidden cards per round, as the Expert draws it (only this
        # call takes from rng, so the Expert's candidates see the Expert's deals).
        world = sample_state(obs, rng, None)
        for index, candidate in enumerate(played):
            trial = world.copy()
            trial.apply_unchecked(candidate)
            play_out_hand(trial)
            margins[index].append(hand_margin(trial, obs.side))
            yield
    best = decided if decided is not None else search[_overrule(margins[: len(search)], rollouts)]
    if action is None:
        action = best
    means = [sum(m) / rollouts for m in margins]
    b = played.index(best)
    a = played.index(action)
    if action == best:
        # How sure the best is: its lead over the next best played out.
        rival = max((i for i in range(len(played)) if i != b), key=lambda i: means[i])
        lead, spread = _paired(margins[b], margins[rival])
        why = words.best(best, played[rival], lead, spread)
        figures = words.best_figures(played[rival], lead, spread, rollouts)
    else:
        gap, spread = _paired(margins[b], margins[a])
        why = words.worse(best, action, gap, spread)
        figures = words.worse_figures(action, gap, spread, rollouts)
    return Judgement(
        action=action,
        best=best,
        value=means[a],
        best_value=means[b],
        unit=UNIT,
        exact=False,
        spread=spread,
        why=why,
        figures=figures,
    )


# ----------------------------------------------------------------- words


class _Words:
    """The coach's sentences (engine side: the scene's words module is not importable
    here), naming sides by the names given or by their place at the table. Each is a Msg;
    the Judgement keeps it translated (its why and figures are texts)."""

    def __init__(self, state: MilleState, seat: int, names: Sequence[str] | None) -> None:
        self.state = state
        self.seat = seat
        self.names = names

    def side(self, side: int) -> str | Msg:
        state = self.state
        seats = state.seats_of(side)
        if self.names is not None:
            return " & ".join(self.names[s] for s in seats)
        if state.options.sides == 2:
            return Msg("your opponents") if len(seats) > 1 else Msg("your opponent")
        if len(seats) > 1:
            return Msg("team {number}", number=side + 1)
        return Msg("player {number}", number=side + 1)

    def advice(self, action: Action) -> Msg:
        """ "drive 100 km", "play Stop on your opponent", "discard 25 km"."""
        verb = action.verb
        # TRANSLATORS: the coach's advice, put into "The Expert would {advice}" and
        # "Best: {advice}": a verb phrase (French: an infinitive, "défausser : {card}";
        # Polish: an infinitive keeping the card in the nominative).
        if verb == DISCARD:
            return Msg("discard {card}", card=card_msg(action.card))
        if verb == DECLARE:
            return Msg("call a coup fourré with {card}", card=card_msg(action.card))
        if verb == PASS:
            return Msg("let the coup fourré pass")
        if verb == EXTEND:
            return Msg("extend the trip to {km} km", km=str(LONG_TARGET))
        if verb == END_HAND:
            return Msg("end the hand at {km} km", km=str(self.state.target))
        if verb != PLAY_CARD:
            return Msg(verb)  # i18n: not shown (every verb is named above)
        kind = KIND_BY_ID[action.card]
        if kind.category == HAZARD:
            return Msg(
                "play {card} on {side}", card=card_msg(action.card), side=self.side(action.side)
            )
        if kind.category == DISTANCE:
            return Msg("drive {card}", card=card_msg(action.card))
        return Msg("play {card}", card=card_msg(action.card))

    def best(self, best: Action, rival: Action, lead: float, spread: float) -> str:
        """The best in plain words: how sure the playouts are that it beats the next
        best (game.engine.coach.closeness), never the statistics (best_figures)."""
        sure = closeness(lead, spread)
        if sure == "close":
            return text(
                Msg(
                    "Best: {best}; or {rival}: a close call, either is fine.",
                    best=self.advice(best),
                    rival=self.advice(rival),
                )
            )
        if sure == "clearly":
            return text(
                Msg(
                    "Best: {best}, clearly better than the next best ({rival}).",
                    best=self.advice(best),
                    rival=self.advice(rival),
                )
            )
        return text(
            Msg(
                "Best: {best}, slightly better than the next best ({rival}).",
                best=self.advice(best),
                rival=self.advice(rival),
            )
        )

    def best_figures(self, rival: Action, lead: float, spread: float, rollouts: int) -> str:
        return text(
            nmsg(
                "The next best, {rival}, gives up about {points} points of the hand's margin "
                "(± {spread} over {n} playout).",
                "The next best, {rival}, gives up about {points} points of the hand's margin "
                "(± {spread} over {n} playouts).",
                rollouts,
                rival=self.advice(rival),
                points=_points(lead),
                spread=_points(spread),
            )
        )

    def worse(self, best: Action, action: Action, gap: float, spread: float) -> str:
        """A decision against the Expert's choice in plain words, like best()."""
        sure = closeness(gap, spread)
        if sure == "close":
            return text(
                Msg(
                    "The Expert would {best}; you chose to {chosen}: a close call, either is fine.",
                    best=self.advice(best),
                    chosen=self.advice(action),
                )
            )
        if sure == "clearly":
            return text(
                Msg(
                    "The Expert would {best}: clearly better than what you chose ({chosen}).",
                    best=self.advice(best),
                    chosen=self.advice(action),
                )
            )
        return text(
            Msg(
                "The Expert would {best}: slightly better than what you chose ({chosen}).",
                best=self.advice(best),
                chosen=self.advice(action),
            )
        )

    def worse_figures(self, action: Action, gap: float, spread: float, rollouts: int) -> str:
        if gap > 0:
            return text(
                nmsg(
                    "To {chosen} gives up about {points} points of the hand's margin "
                    "(± {spread} over {n} playout).",
                    "To {chosen} gives up about {points} points of the hand's margin "
                    "(± {spread} over {n} playouts).",
                    rollouts,
                    chosen=self.advice(action),
                    points=_points(gap),
                    spread=_points(spread),
                )
            )
        return text(
            nmsg(
                "To {chosen} did as well over {n} playout ({points} points better on "
                "average, ± {spread}).",
                "To {chosen} did as well over {n} playouts ({points} points better on "
                "average, ± {spread}).",
                rollouts,
                chosen=self.advice(action),
                points=_points(-gap),
                spread=_points(spread),
            )
        )


def _points(value: float) -> str:
    return f"{abs(value):.0f}"
