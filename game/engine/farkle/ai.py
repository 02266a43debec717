"""Computer players for Farkle, from gentle to optimal.

- Cautious holds every scoring die and banks as soon as the rules allow.
- Standard plays a sensible rule of thumb: it keeps combinations and 1s but throws 5s
  back to roll more dice, and banks at a threshold that falls as dice run out.
- Expert plays each turn exactly: by default it maximises the expected points of the
  turn (solver.points_table, exact under the table's minimum bank). In the final round
  it maximises its chance of beating the leader (exactly, solver.reach_table, when it is
  the last to play; with rivals still to play, the chance that none of them beats its
  total, each rival playing its own best reach). When any seat is within
  NEAR_END_MARGIN of the target it maximises its chance of winning the game, valuing a
  bank that does not end the game by the two-seat race model (race.py) against the
  strongest rival.

Every decision comes with a short reason a scene can show after the player's name, in the
words a person at the table would use ("keeps a 1 and banks 650; rolling the last two
dice would average 612"): a Msg (game.lang), said in the language of whoever reads it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from game.lang import Msg, join_words

from ..core import Thinking
from .combos import face_words
from .race import race_table
from .rules import (
    BANK,
    CAUTIOUS,
    EXPERT,
    LEVELS,
    ROLL,
    ROLL_ALL,
    STANDARD,
    START,
    FarkleAction,
    FarkleObservation,
    FarkleOptions,
)
from .scoring import DICE, POINT_STEP, HoldOption, counts_of, dice_from_counts, hold_options
from .solver import NOT_ALLOWED, TurnTable, points_table, reach_table, solve_turn_job, steps

# Standard banks once its turn total reaches this, by the dice it would roll next.
STANDARD_BANK_AT = {6: 3000, 5: 2000, 4: 1000, 3: 450, 2: 300, 1: 300}
# Expert plays for the win, not for points, once any seat is this close to the target
# (as a share of the target).
NEAR_END_MARGIN = 0.3
# How far above the current turn total the Expert's per-turn win table reaches (points);
# past it, it assumes a bank. Reaching that far in one turn is rare (about 1 turn in 50
# from zero) and the table is rebuilt as the turn total climbs.
WIN_HORIZON = 5000


@dataclass(frozen=True)
class Decision:
    """An agent's chosen action and why, for the scene to show."""

    action: FarkleAction
    reason: Msg
    held_dice: tuple[int, ...] = ()


def _indices_for(roll: Sequence[int], held: Sequence[int]) -> tuple[int, ...]:
    """Indices of `roll` showing the faces of `held` (the first matching dice)."""
    wanted = list(counts_of(held))
    indices = []
    for i, die in enumerate(roll):
        if wanted[die - 1]:
            wanted[die - 1] -= 1
            indices.append(i)
    return tuple(indices)


def held_words(dice: Sequence[int]) -> Msg | list[Msg]:
    """Held faces as a player says them: "a 5", "three 4s and a 1", "the straight" (a
    list of Msgs is said as a list: "a, b and c")."""
    if sorted(dice) == list(range(1, DICE + 1)):
        # TRANSLATORS: the held straight (1 2 3 4 5 6), object of "keeps ...".
        return Msg("the straight")
    groups = Counter(dice)
    parts = [
        face_words(face, n)
        for face, n in sorted(groups.items(), key=lambda item: (-item[1], item[0]))
    ]
    return parts[0] if len(parts) == 1 else parts


def dice_words(dice: Sequence[int]) -> str:
    """held_words in the language of the moment: "three 4s and a 1"."""
    words = held_words(dice)
    return join_words(part.text() for part in words) if isinstance(words, list) else words.text()


def which_dice(left: int, all_held: bool) -> Msg:
    """The dice rolled after a hold: "the other three", "all six again", "the last die"
    (said after "rolls", "roll" and "rolling")."""
    # TRANSLATORS: the dice rolled next, after "rolls"/"roll"/"rolling": all six again
    # after hot dice (Polish: the instrumental, "rzuca znów wszystkimi sześcioma").
    if all_held:
        return Msg("all six again")
    if left == 1:
        # TRANSLATORS: the dice rolled next (Polish: the instrumental, "ostatnią kością").
        return Msg("the last die")
    # TRANSLATORS: the dice rolled next (Polish: the instrumental, "pozostałymi trzema").
    others = {
        2: Msg("the other two"),
        3: Msg("the other three"),
        4: Msg("the other four"),
        5: Msg("the other five"),
    }
    return others[left]


def rolling_msg(left: int, all_held: bool) -> Msg:
    """The roll that follows a hold: "rolls the other three", "rolls all six again"."""
    # TRANSLATORS: what a computer player does, after its name: "Anna rolls the other three".
    return Msg("rolls {which}", which=which_dice(left, all_held))


def rolling_words(left: int, all_held: bool) -> str:
    """rolling_msg in the language of the moment."""
    return rolling_msg(left, all_held).text()


def chance_msg(chance: float) -> Msg:
    """ "an 82% chance", "a 7% chance"; at the ends as a person says it, "almost no
    chance" and "all but certain", never "a 0% chance" or "a 100% chance" (the figures
    are the Expert's estimates, so not even a sure thing is called certain). Said before
    "to win", "of getting there" and after a choice ("banking 650: a 40% chance")."""
    percent = round(chance * 100)
    if percent <= 0:
        return Msg("almost no chance")
    if percent >= 100:
        # TRANSLATORS: a chance of 100% (an estimate), before "to win" / "of getting there".
        return Msg("all but certain")
    if str(percent).startswith("8") or percent in (11, 18):
        # TRANSLATORS: English's "an" before 8, 11, 18, 80...: the same as "a {percent}%
        # chance" in other languages.
        return Msg("an {percent}% chance", percent=percent)
    return Msg("a {percent}% chance", percent=percent)


def chance_words(chance: float) -> str:
    """chance_msg in the language of the moment."""
    return chance_msg(chance).text()


def _keeps(held: Sequence[int], left: int, used: int, rolled: int) -> Msg:
    """ "keeps a 1 and rolls the other five" (all held: rolls all six again)."""
    return Msg(
        "keeps {dice} and rolls {which}",
        dice=held_words(held),
        which=which_dice(left, used == rolled),
    )


class FarkleAgent:
    """Base of the computer players: choose() per the Agent protocol, decide() with reasons."""

    level = ""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.last_reason: Msg | None = None

    def choose(
        self, observation: FarkleObservation, legal_actions: Sequence[FarkleAction]
    ) -> FarkleAction:
        """Pick one of `legal_actions`; the reason is kept in `last_reason`."""
        return self.decide(observation, legal_actions).action

    def think(
        self, observation: FarkleObservation, legal_actions: Sequence[FarkleAction]
    ) -> Thinking[Decision]:
        """decide(), as a Thinking a scene can spread over frames; these levels decide
        at once."""
        return Thinking(None, self.decide(observation, legal_actions))

    def decide(
        self, observation: FarkleObservation, legal_actions: Sequence[FarkleAction]
    ) -> Decision:
        """Pick an action and say why."""
        legal = [FarkleAction(a[0], tuple(a[1])) for a in legal_actions]
        if observation.phase == START or legal == [ROLL_ALL]:
            decision = Decision(ROLL_ALL, Msg("rolls all six dice"))
        else:
            held, bank, reason = self.plan(observation)
            action = FarkleAction(BANK if bank else ROLL, _indices_for(observation.roll, held))
            if action not in legal and bank:
                # A bank the table does not allow (a plain-points Expert in the final
                # round): hold the same dice and roll on.
                action = FarkleAction(ROLL, action.held)
                reason = Msg(
                    "{reason}; it may not pass with less than {need}, so it rolls on",
                    reason=reason,
                    need=observation.bank_need,
                )
            if action not in legal:
                # Never expected; a defensive fallback so a scene can never get stuck.
                action = legal[0]
                reason = Msg("plays the first legal move")
            decision = Decision(action, reason, tuple(held))
        self.last_reason = decision.reason
        return decision

    def plan(self, obs: FarkleObservation) -> tuple[tuple[int, ...], bool, Msg]:
        """Dice to hold (faces), whether to bank, and why."""
        raise NotImplementedError


def _all_scoring(roll: Sequence[int]) -> HoldOption:
    """The hold worth most points; among equals the one holding most dice."""
    return max(hold_options(counts_of(roll)), key=lambda o: (o.points, o.used))


class CautiousAgent(FarkleAgent):
    """Holds everything that scores and banks as soon as it may."""

    level = CAUTIOUS

    def plan(self, obs: FarkleObservation) -> tuple[tuple[int, ...], bool, Msg]:
        hold = _all_scoring(obs.roll)
        total = obs.turn_points + hold.points
        held = dice_from_counts(hold.counts)
        if total >= obs.bank_need:
            return (
                held,
                True,
                Msg(
                    "keeps {dice} and banks {total} as soon as it may",
                    dice=held_words(held),
                    total=total,
                ),
            )
        left = (len(obs.roll) - hold.used) or DICE
        return (
            held,
            False,
            Msg(
                "{keeps}: it needs {need} to pass",
                keeps=_keeps(held, left, hold.used, len(obs.roll)),
                need=obs.bank_need,
            ),
        )


class StandardAgent(FarkleAgent):
    """A rule of thumb: keep combinations and 1s, bank at a threshold by dice left."""

    level = STANDARD

    def plan(self, obs: FarkleObservation) -> tuple[tuple[int, ...], bool, Msg]:
        counts = counts_of(obs.roll)
        best = _all_scoring(obs.roll)
        keep = best if best.used == len(obs.roll) else self._keep(counts)
        left = (len(obs.roll) - keep.used) or DICE
        total = obs.turn_points + best.points
        # In the final round beating the leader is all that counts: bank as soon as allowed.
        threshold = 0 if obs.final_round else STANDARD_BANK_AT[left]
        if total >= obs.bank_need and total >= threshold:
            held = dice_from_counts(best.counts)
            return held, True, _banks(held, total)
        held = dice_from_counts(keep.counts)
        return (
            held,
            False,
            Msg(
                "{keeps}: {points} is not enough to stop on",
                keeps=_keeps(held, left, keep.used, len(obs.roll)),
                points=obs.turn_points + keep.points,
            ),
        )

    @staticmethod
    def _keep(counts: tuple[int, ...]) -> HoldOption:
        """Combinations and 1s; a lone 5 only when nothing else scores."""
        options = hold_options(counts)
        # Single 5s are thrown back for a better roll; 5s in a triple are kept.
        without_single_fives = [o for o in options if o.counts[4] in (0, 3)]
        if without_single_fives:
            return max(without_single_fives, key=lambda o: (o.points, o.used))
        return min(options, key=lambda o: (o.used, -o.points))


def _banks(held: Sequence[int], total: int) -> Msg:
    return Msg("keeps {dice} and banks {total}", dice=held_words(held), total=total)


# ----------------------------------------------------------------------------- Expert


@dataclass
class _Choice:
    hold: HoldOption
    bank: bool
    value: float
    bank_value: float
    roll_value: float
    left: int


def _best_choice(
    roll: Sequence[int],
    turn_points: int,
    bank_value: Callable[[int], float],
    roll_value: Callable[[int, int], float],
) -> _Choice | None:
    """The hold and stop/roll choice of highest value; None on a farkle.

    Ties go to banking (a sure thing), then to more points, then to fewer dice held.
    Every hold is weighed, not only the best of each size: more points never hurt the
    expected points, but a chance of winning (the end of the game, weighed from tables)
    may be higher with fewer of them (a 5 rolled on rather than a 1, near the end).
    """
    n = len(roll)
    start = turn_points // POINT_STEP
    best: _Choice | None = None
    for hold in hold_options(counts_of(roll)):
        total = start + hold.points // POINT_STEP
        left = (n - hold.used) or DICE
        banked = bank_value(total)
        rolled = roll_value(total, left)
        bank = banked >= rolled
        choice = _Choice(hold, bank, max(banked, rolled), banked, rolled, left)
        if best is None or (choice.value, choice.bank, hold.points, -hold.used) > (
            best.value,
            best.bank,
            best.hold.points,
            -best.hold.used,
        ):
            best = choice
    return best


def _table_values(table: TurnTable) -> tuple[Callable[[int], float], Callable[[int, int], float]]:
    def bank_value(total: int) -> float:
        if total - table.lo < len(table.bank):
            return table.bank_value(total)
        return float(total * POINT_STEP)  # only the points table is asked this far out

    def roll_value(total: int, left: int) -> float:
        if total > table.cap:
            return bank_value(total)  # past the cap banking is optimal
        return table.roll_value(total, left)

    return bank_value, roll_value


def expert_choice(
    roll: tuple[int, ...], turn_points: int, min_bank: int = 500
) -> tuple[tuple[int, ...], bool]:
    """Expert's turn policy with no game context: dice to hold from `roll`, and whether to
    bank after holding them (maximal expected points). A farkle gives ((), False)."""
    choice = _best_choice(roll, turn_points, *_table_values(points_table(min_bank)))
    if choice is None:
        return (), False
    return _faces_in_roll_order(roll, choice.hold), choice.bank


def _faces_in_roll_order(roll: Sequence[int], hold: HoldOption) -> tuple[int, ...]:
    return tuple(roll[i] for i in _indices_for(roll, dice_from_counts(hold.counts)))


# What the Expert maximises in a turn (TurnValues.mode): expected points; the exact chance
# of beating the leader as the last seat of the final round; or the chance to win the game.
POINTS_MODE, REACH_MODE, WIN_MODE = "points", "reach", "win"


@dataclass(frozen=True)
class TurnValues:
    """How the Expert values the end of a decision in the current turn, in its `mode`.

    `bank_value(t)` is the value of banking with t steps of turn total (NOT_ALLOWED where
    the rules refuse it); `roll_value(t, n)` the value of rolling n dice at t, following
    `table` (None in REACH_MODE, whose roll values are exact at every t). Past
    `table.cap` the policy banks, so there roll_value is the bank's value. `context` is
    how a reason says why it plays for the win ("near the end"; None in the other modes). The Expert's decisions
    and the coach's judgements (coach.py) both read these: one place for how good a move
    is.
    """

    mode: str
    bank_value: Callable[[int], float]
    roll_value: Callable[[int, int], float]
    table: TurnTable | None = None
    context: Msg | None = None


class ExpertAgent(FarkleAgent):
    """Exact turn play: maximal expected points, or the best chance to win near the end."""

    level = EXPERT

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        context: bool = True,
        near_end_margin: float = NEAR_END_MARGIN,
    ) -> None:
        super().__init__(rng)
        self.context = context
        self.near_end_margin = near_end_margin
        self._win_key: tuple | None = None
        self._win_table: TurnTable | None = None

    def turn_values(self, obs: FarkleObservation) -> TurnValues:
        """What the Expert maximises in this turn, solved now if it is not cached."""
        return Thinking(self.turn_values_job(obs)).finish()

    def turn_values_job(self, obs: FarkleObservation) -> Generator[None, None, TurnValues]:
        """turn_values in slices: a win-chance table the turn needs is built a slice at a
        time (points and reach tables are shared and built at once, see prepare_expert)."""
        if self.context and obs.final_round and not obs.still_to_play:
            return self._reach_values(obs)
        if self.context and (obs.final_round or self._near_end(obs)):
            table = yield from self._win_table_job(obs, obs.turn_points // POINT_STEP)
            return TurnValues(
                WIN_MODE,
                *_table_values(table),
                table,
                # TRANSLATORS: why the Expert plays for the win: "keeps a 1 and banks
                # 650 in the final round: a 40% chance to win".
                Msg("in the final round") if obs.final_round else Msg("near the end"),
            )
        table = points_table(obs.options.min_bank_for(obs.scores[obs.seat]))
        return TurnValues(POINTS_MODE, *_table_values(table), table)

    def plan(self, obs: FarkleObservation) -> tuple[tuple[int, ...], bool, Msg]:
        values = self.turn_values(obs)
        choice = _best_choice(obs.roll, obs.turn_points, values.bank_value, values.roll_value)
        assert choice is not None, "agents are not asked to move on a farkle"
        if values.mode == REACH_MODE:
            return self._plan_reach(obs, choice)
        if values.mode == WIN_MODE:
            assert values.context is not None, "the win mode says why"
            return self._plan_win(obs, choice, values.context)
        held = _faces_in_roll_order(obs.roll, choice.hold)
        total = obs.turn_points + choice.hold.points
        keeps = _keeps(held, choice.left, choice.hold.used, len(obs.roll))
        if choice.bank:
            if choice.roll_value == NOT_ALLOWED:
                return held, True, _banks(held, total)
            return (
                held,
                True,
                Msg(
                    "keeps {dice} and banks {total}: rolling {which} would average only {average}",
                    dice=held_words(held),
                    total=total,
                    which=which_dice(choice.left, choice.hold.used == len(obs.roll)),
                    average=round(choice.roll_value),
                ),
            )
        if choice.bank_value == NOT_ALLOWED:
            return (
                held,
                False,
                Msg("{keeps}: the turn needs {need} to pass", keeps=keeps, need=obs.bank_need),
            )
        return (
            held,
            False,
            Msg(
                "{keeps}: that averages {average} points, where banking gets {total}",
                keeps=keeps,
                average=round(choice.roll_value),
                total=total,
            ),
        )

    def _near_end(self, obs: FarkleObservation) -> bool:
        top = max(obs.scores[s] for s in obs.active)
        return len(obs.active) > 1 and top >= obs.options.target * (1 - self.near_end_margin)

    @staticmethod
    def _reach_values(obs: FarkleObservation) -> TurnValues:
        """Last seat of the final round: the chance of beating the leader (exact)."""
        need = steps(obs.bank_need)
        reach = reach_table()

        def bank_value(total: int) -> float:
            return 1.0 if total >= need else NOT_ALLOWED

        def roll_value(total: int, left: int) -> float:
            return reach.value(need - total, left)

        return TurnValues(REACH_MODE, bank_value, roll_value)

    def _plan_reach(
        self, obs: FarkleObservation, choice: _Choice
    ) -> tuple[tuple[int, ...], bool, Msg]:
        """Last seat of the final round: maximise the chance of beating the leader."""
        held = _faces_in_roll_order(obs.roll, choice.hold)
        if choice.bank:
            return (
                held,
                True,
                Msg(
                    "banks {total} in the final round and beats the leader",
                    total=obs.turn_points + choice.hold.points,
                ),
            )
        keeps = _keeps(held, choice.left, choice.hold.used, len(obs.roll))
        return (
            held,
            False,
            Msg(
                "{keeps}: the final round needs {need}, {chance} of getting there",
                keeps=keeps,
                need=obs.bank_need,
                chance=chance_msg(choice.roll_value),
            ),
        )

    def _plan_win(
        self, obs: FarkleObservation, choice: _Choice, why: Msg
    ) -> tuple[tuple[int, ...], bool, Msg]:
        """Maximise the chance to win the game, valuing banks with the race model."""
        held = _faces_in_roll_order(obs.roll, choice.hold)
        total = obs.turn_points + choice.hold.points
        keeps = _keeps(held, choice.left, choice.hold.used, len(obs.roll))
        if choice.bank:
            return (
                held,
                True,
                Msg(
                    "keeps {dice} and banks {total} {why}: {chance} to win",
                    dice=held_words(held),
                    total=total,
                    why=why,
                    chance=chance_msg(choice.bank_value),
                ),
            )
        if choice.bank_value == NOT_ALLOWED:
            return (
                held,
                False,
                Msg(
                    "{keeps} {why}: {chance} to win",
                    keeps=keeps,
                    why=why,
                    chance=chance_msg(choice.roll_value),
                ),
            )
        return (
            held,
            False,
            Msg(
                "{keeps} {why}: {chance} to win, {banking} by banking {total}",
                keeps=keeps,
                why=why,
                chance=chance_msg(choice.roll_value),
                banking=chance_msg(choice.bank_value),
                total=total,
            ),
        )

    def think(
        self, observation: FarkleObservation, legal_actions: Sequence[FarkleAction]
    ) -> Thinking[Decision]:
        """decide() in slices: a win-chance table the turn needs (tens of milliseconds
        to solve) is built a slice at a time first, then the decision itself is quick."""
        return Thinking(self._decide_in_slices(observation, list(legal_actions)))

    def _decide_in_slices(
        self, obs: FarkleObservation, legal: list[FarkleAction]
    ) -> Generator[None, None, Decision]:
        asked_to_plan = obs.phase != START and [FarkleAction(a[0], tuple(a[1])) for a in legal] != [
            ROLL_ALL
        ]
        if asked_to_plan:
            yield from self.turn_values_job(obs)  # cached: decide() finds it ready
        return self.decide(obs, legal)

    def _win_table_job(
        self, obs: FarkleObservation, start: int
    ) -> Generator[None, None, TurnTable]:
        key = (obs.seat, obs.scores, obs.final_round, obs.still_to_play, obs.options)
        table = self._win_table
        # Reused while the turn total stays in the lower half of the table, so that what
        # follows a decision is still far from the table's assumed bank at its cap.
        if (
            key == self._win_key
            and table is not None
            and table.lo <= start
            and start + WIN_HORIZON // (2 * POINT_STEP) <= table.cap
        ):
            return table
        bank_value, farkle_value = self._win_payoffs(obs)
        need = steps(obs.bank_need)
        cap = max(start, need) + WIN_HORIZON // POINT_STEP
        table = yield from solve_turn_job(start, cap, bank_value, farkle_value)
        self._win_key, self._win_table = key, table
        return table

    def _win_payoffs(self, obs: FarkleObservation) -> tuple[Callable[[int], float], float]:
        """The chance to win after banking t steps this turn, and after a farkle."""
        options = obs.options
        me = obs.seat
        score = obs.scores[me]
        need = steps(obs.bank_need)
        others = [s for s in obs.active if s != me]

        def nobody_beats(mine: int, rivals: Sequence[int]) -> float:
            # Each rival still to play gets one turn and must beat the highest score.
            chance = 1.0
            for s in rivals:
                theirs = obs.scores[s]
                if theirs >= mine:
                    return 0.0
                rival_need = max(mine - theirs + 1, options.min_bank_for(theirs))
                chance *= 1.0 - reach_table().value(steps(rival_need), DICE)
            return chance

        if obs.final_round:
            rivals = obs.still_to_play

            def bank_value(total: int) -> float:
                if total < need:
                    return NOT_ALLOWED
                return nobody_beats(score + total * POINT_STEP, rivals)

            beaten = any(obs.scores[s] > score for s in others)
            return bank_value, 0.0 if beaten else nobody_beats(score, rivals)

        race = race_table(options)
        strongest = max(obs.scores[s] for s in others)

        def bank_value(total: int) -> float:
            if total < need:
                return NOT_ALLOWED
            mine = score + total * POINT_STEP
            if mine >= options.target:
                return nobody_beats(mine, others)
            # More than one rival: race against the strongest (an approximation).
            return race.win_after_stop(mine, strongest)

        return bank_value, race.win_after_stop(score, strongest)


_AGENTS = {CAUTIOUS: CautiousAgent, STANDARD: StandardAgent, EXPERT: ExpertAgent}


def prepare_expert(options: FarkleOptions) -> None:
    """Build the Expert's tables for these options now (about a quarter of a second from
    cold, see benchmark.py), so that no decision during play has to."""
    for score in (0, 1):
        points_table(options.min_bank_for(score))
    reach_table().extend(steps(options.target + 2000))
    race_table(options)


def make_agent(
    level: str, rng: random.Random | None = None, options: FarkleOptions | None = None
) -> FarkleAgent:
    """A computer player of one of LEVELS; with `options`, its tables are built at once."""
    try:
        agent = _AGENTS[level](rng)
    except KeyError:
        raise ValueError(f"unknown Farkle level {level!r}; choose from {LEVELS}") from None
    if options is not None and level == EXPERT:
        prepare_expert(options)
    return agent


def describe_policy(min_bank: int = 500) -> dict[int, int]:
    """Least turn total at which the points policy banks, by dice left (for help text)."""
    table = points_table(min_bank)
    result = {}
    for n in range(1, DICE + 1):
        for i in range(table.cap + 1):
            if table.bank[i] >= table.roll[n][i]:
                result[n] = i * POINT_STEP
                break
    return result
