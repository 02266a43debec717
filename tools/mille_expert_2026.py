"""The Expert Mille Bornes player as it stood in November 2026, frozen: the reference
"expert-2026" that every later Expert is measured against head to head
(python -m tools.mille_tournament --a expert --b expert-2026). A yardstick, not a player
of the game: it lives in tools/, outside the shipped package (build.spec leaves tools/
out, and tests/setup checks it), and only the tournament of tools/ and its test use it.

Never edit this file's play: it is a copy of game/engine/mille/expert.py as it was, kept
whole so that no later change to the Expert (its values, its helpers, its rollouts) moves
the yardstick; tests/engine/mille/test_mille_reference.py pins its games. What follows is
the original description.

The Expert Mille Bornes player: card counting, a valued heuristic, and rollouts.

Each decision starts from card counting (Observation.unseen: what is still hidden in
other hands or the draw pile). Every legal action gets a value in "kilometre points":
what it gains now, minus what the card would be worth kept in hand. Safeties are held for
coups fourrés while hazards they stop are still out and the hand is not near its end.

When the best actions are close, and for the extension call, the Expert samples hidden
hands consistent with what it has seen (determinization), plays each candidate out to
the end of the hand with a fast policy for every seat, and keeps the candidate with the
best average score margin, all within a time budget (default 100 ms per decision).
think() makes the same decision in slices of about one rollout (game.engine.core.Thinking),
so a scene can spend a few milliseconds of each frame on it and never freeze.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Generator, Sequence

from game.engine.core import Thinking
from game.engine.mille.cards import (
    ACCIDENT,
    D25,
    D50,
    D75,
    D100,
    D200,
    DISTANCE,
    END_OF_LIMIT,
    FLAT_TIRE,
    HAZARD_FOR_REMEDY,
    HAZARDS_STOPPED_BY,
    KIND_BY_ID,
    KM,
    OUT_OF_GAS,
    REMEDY,
    REMEDY_FOR,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY,
    SAFETY_FOR,
    SPEED_LIMIT,
    STOP,
)
from game.engine.mille.rules import (
    COUP_FOURRE,
    DEAL,
    DECLARE,
    DISCARD,
    END_HAND,
    END_HAND_ACTION,
    EXTEND,
    EXTENSION,
    GAME_OVER,
    LIMITED_MAX_KM,
    LONG_TARGET,
    MAX_200S,
    PLAY,
    PLAY_CARD,
    Action,
    MilleState,
    Observation,
    Pending,
    Tableau,
)

CATEGORY = {card: kind.category for card, kind in KIND_BY_ID.items()}

# --- tunable values (kilometre points) --------------------------------------------------
FINISH_VALUE = 2000.0  # completing the trip
FIX_VALUE = 260.0  # a remedy or Roll that lets us move again
KM_PER_TURN = 100.0  # what a moving side gains in a turn, on average
CF_LOSS = 400.0 + KM_PER_TURN  # a hazard answered by a coup fourré: their 400 and a turn
LEADER_KM_WEIGHT = 2.0  # a kilometre this hand counts this much towards leading
LEAD_THREAT = 1.0  # weight of an attack on the leading opponent...
TRAIL_THREAT = 0.6  # ...and on the others (3-side games)
NEAR_FINISH_KM = 200  # an opponent this close to the target is an urgent target
NEAR_FINISH_THREAT = 1.6
FIRST_200_PENALTY = 60.0  # the first 200 gives up the safe-trip bonus (300) chance
AWKWARD_REMAINDER = 30.0  # leaving a remainder our hand cannot make up exactly
ON_PLAN_BONUS = 40.0  # a play that keeps an exact finish within our hand
SAFETY_HOLD_PILE_PER_PLAYER = 3  # below this many draws per player, play held safeties

# Value of keeping a card in hand (the lowest is discarded), before card counting.
KEEP_DISTANCE = {D25: 20.0, D50: 35.0, D75: 50.0, D100: 80.0, D200: 90.0}
KEEP_ROLL = (200.0, 90.0, 15.0)  # first, second, further copies
KEEP_REMEDY = (150.0, 25.0, 5.0)
KEEP_END_OF_LIMIT = (35.0, 5.0, 0.0)
KEEP_HAZARD = {ACCIDENT: 95.0, OUT_OF_GAS: 95.0, FLAT_TIRE: 95.0, STOP: 60.0, SPEED_LIMIT: 40.0}
KEEP_SAFETY = 10_000.0
KEEP_FINISHER = 60.0  # extra for the distance card that ends the trip exactly
KEEP_NEEDED_NOW = 100.0  # extra for the remedy of the hazard stopping us now
PLAY_SAFETY_NOW = 10_000.0
DISTANCE_KEEP_SHARE = 0.2  # share of a distance card's keep value a play gives up
FIX_KEEP_SHARE = 0.3  # ...and of a remedy's, when it mends our own hazard
LIFT_LIMIT_TURNS = 2.0  # turns of full speed an End of Limit is worth with big cards
LIFT_LIMIT_IDLE_TURNS = 0.6  # ...and without any in hand
MANY_DISTANCE_CARDS = 4  # beyond this many distance cards, the smallest are spare

# --- search ---------------------------------------------------------------------------
CANDIDATES = 4  # how many of the best actions the rollouts compare
CLOSE_CALL = 150.0  # heuristic margin under which rollouts decide
MIN_ROLLOUTS = 4  # per candidate, before the rollouts may overrule
OVERRULE_SE = 2.0  # standard errors a rival must win by to overrule the heuristic
ROUND_SLACK = 1.5  # a new round of rollouts must fit 1.5 times the longest yet
EXTENSION_BUDGET_FACTOR = 1.0  # the extension call gets the whole budget for two choices


def hidden_count(obs: Observation) -> int:
    """Cards this seat cannot see: the draw pile and the other hands."""
    return obs.draw_pile_size + sum(obs.hand_sizes) - len(obs.hand)


def prob_holds(hand_size: int, copies: int, hidden: int) -> float:
    """Chance a hand of `hand_size` hidden cards holds at least one of `copies` cards."""
    if copies <= 0 or hand_size <= 0 or hidden <= 0:
        return 0.0
    if hand_size >= hidden:
        return 1.0
    none = 1.0
    for i in range(hand_size):
        none *= max(0, hidden - copies - i) / (hidden - i)
    return 1.0 - none


class View:
    """The counted facts one decision needs, computed once from an observation."""

    def __init__(self, obs: Observation, lacks: dict[int, set[str]] | None = None) -> None:
        self.obs = obs
        self.lacks = lacks or {}
        self.side = obs.side
        self.sides = obs.options.sides
        self.players = obs.options.players
        self.me: Tableau = obs.tableaux[obs.side]
        self.hand = Counter(obs.hand)
        self.unseen = obs.unseen()
        self.hidden = hidden_count(obs)
        self.target = obs.target
        self.pile = obs.draw_pile_size
        self.opponents = [s for s in range(self.sides) if s != self.side]
        self.side_hand = {
            s: sum(obs.hand_sizes[seat] for seat in range(s, self.players, self.sides))
            for s in range(self.sides)
        }
        # The distance we may still need to reach: 1000 if an extension may come.
        self.reach = self.target
        if obs.options.extension_allowed and obs.extended_by is None:
            self.reach = LONG_TARGET
        # The side most likely to win: game score plus this hand's progress, which also
        # brings it nearer the trip bonuses.
        self.leader = max(
            self.opponents, key=lambda s: obs.scores[s] + LEADER_KM_WEIGHT * obs.tableaux[s].km
        )

    def side_lacks(self, side: int, card: str) -> bool:
        """Whether every seat of `side` is known not to hold `card`."""
        return all(
            card in self.lacks.get(seat, ()) for seat in range(side, self.players, self.sides)
        )

    def holds_or_played(self, safety: str) -> bool:
        """Whether our side has played this safety or we hold it."""
        return safety in self.me.safeties or self.hand[safety] > 0

    def remaining(self) -> int:
        """Kilometres our side still needs to reach the target."""
        return self.target - self.me.km


# --- keeping cards ----------------------------------------------------------------------


def keep_value(card: str, view: View) -> float:
    """What a card in hand is worth keeping, judged by card counting."""
    category = CATEGORY[card]
    me = view.me
    copies = view.hand[card]
    if category == SAFETY:
        return KEEP_SAFETY
    if category == DISTANCE:
        km = KM[card]
        if me.km + km > view.reach or (card == D200 and me.two_hundreds >= MAX_200S):
            return 0.0
        value = KEEP_DISTANCE[card]
        if km == view.remaining():
            value += KEEP_FINISHER
        distance_cards = sum(n for c, n in view.hand.items() if CATEGORY[c] == DISTANCE)
        if distance_cards > MANY_DISTANCE_CARDS and km <= 50:
            value *= 0.5
        return value
    if category == REMEDY:
        if card in (ROLL, END_OF_LIMIT) and RIGHT_OF_WAY in me.safeties:
            return 0.0
        if card == ROLL:
            table = KEEP_ROLL
            if view.hand[RIGHT_OF_WAY]:
                return table[min(copies, 3) - 1] * 0.4
            return table[min(copies, 3) - 1]
        hazard = HAZARD_FOR_REMEDY[card]
        if view.holds_or_played(SAFETY_FOR[hazard]):
            return 1.0
        blocked = me.blocking_hazard() == hazard or (card == END_OF_LIMIT and me.speed_limited())
        if not blocked and view.unseen[hazard] == 0:
            return 0.0  # nothing left that it could mend
        table = KEEP_END_OF_LIMIT if card == END_OF_LIMIT else KEEP_REMEDY
        value = table[min(copies, 3) - 1]
        if blocked:
            return value + KEEP_NEEDED_NOW
        # Less worth keeping as the hazards it mends run out.
        return value * (0.5 + 0.5 * min(1.0, view.unseen[hazard] / 2))
    # A hazard: worthless when every opponent has its safety.
    targets = [s for s in view.opponents if not view.obs.tableaux[s].protected(card)]
    if not targets:
        return 0.0
    value = KEEP_HAZARD[card]
    remedy = REMEDY_FOR[card]
    total_remedies = KIND_BY_ID[remedy].count
    # The fewer remedies still out, the harder the hazard bites.
    value *= 1.0 + 0.6 * (1.0 - view.unseen[remedy] / total_remedies)
    if copies > 1:
        value *= 0.8
    return value


# --- safeties -------------------------------------------------------------------------


def should_play_safety(card: str, view: View, finishing: bool) -> bool:
    """Play a safety now (rather than hold it for a coup fourré)?"""
    obs = view.obs
    me = view.me
    hazards = HAZARDS_STOPPED_BY[card]
    out = sum(view.unseen[h] for h in hazards)
    if out == 0:
        return True  # no coup fourré is possible any more
    if finishing:
        return True  # bank it before the hand ends (free turn)
    if view.pile <= SAFETY_HOLD_PILE_PER_PLAYER * view.players:
        return True
    # Someone may end the hand soon: a held safety would score nothing.
    for s in range(view.sides):
        t = obs.tableaux[s]
        if t.can_move() and view.target - t.km <= NEAR_FINISH_KM:
            return True
    blocker = me.blocking_hazard()
    if blocker in hazards:
        remedy = REMEDY_FOR[blocker]
        return view.hand[remedy] == 0 or out <= 1
    if card == RIGHT_OF_WAY:
        if me.speed_limited() and view.hand[END_OF_LIMIT] == 0:
            big = any(
                KM[c] > LIMITED_MAX_KM and me.km + KM[c] <= view.target
                for c in view.hand
                if CATEGORY[c] == DISTANCE
            )
            if big:
                return True
        if not me.can_move() and blocker is None and view.hand[ROLL] == 0:
            return True  # it lets us move without a Roll
    return False


# --- valuing actions ----------------------------------------------------------------------


def attack_effect(card: str, side: int, view: View) -> float:
    """What a hazard on `side` costs them, in kilometre points, counting coup fourré risk."""
    obs = view.obs
    them = obs.tableaux[side]
    hand_size = view.side_hand[side]
    hidden = view.hidden
    moving = them.can_move()
    row = RIGHT_OF_WAY in them.safeties
    seats = len(range(side, view.players, view.sides))
    left_to_go = view.target - them.km
    if card == SPEED_LIMIT:
        if left_to_go <= LIMITED_MAX_KM:
            return 0.0
        has_fix = prob_holds(hand_size, view.unseen[END_OF_LIMIT], hidden)
        effect = 0.5 * KM_PER_TURN + KM_PER_TURN * (1.0 - has_fix)
        if not moving:
            effect *= 0.6
    else:
        remedy = REMEDY_FOR[card]
        has_fix = prob_holds(hand_size, view.unseen[remedy], hidden)
        if not moving and view.side_lacks(side, side_needs(them) or ""):
            # Stuck without their fix: a new hazard on top would only change their need.
            return -KM_PER_TURN
        draws_to_fix = hidden / max(1, view.unseen[remedy]) / seats
        lost = has_fix + (1.0 - has_fix) * (1.0 + min(draws_to_fix, 8.0))
        needs_roll_after = card != STOP and not row
        if moving:
            effect = (lost + (1.0 if needs_roll_after else 0.0)) * KM_PER_TURN
        elif them.blocking_hazard() is None and them.battle:
            # They needed a Roll anyway: only the remedy is extra (Stop adds nothing).
            effect = 0.0 if card == STOP else lost * KM_PER_TURN
        else:
            effect = 0.0  # stacking on a hazard rarely helps
    if effect <= 0:
        return effect
    if left_to_go <= NEAR_FINISH_KM and moving:
        effect *= NEAR_FINISH_THREAT
    if view.sides > 2:
        effect *= LEAD_THREAT if side == view.leader else TRAIL_THREAT
    safety = SAFETY_FOR[card]
    if view.unseen[safety]:
        p_cf = prob_holds(hand_size, 1, hidden)
        effect = effect * (1.0 - p_cf) - p_cf * CF_LOSS
    return effect


def can_make(remainder: int, cards: Counter, limited: bool) -> bool:
    """Whether some of `cards` (distance) add up to exactly `remainder`."""
    if remainder == 0:
        return True
    values = sorted(
        (
            KM[c]
            for c, n in cards.items()
            for _ in range(n)
            if CATEGORY[c] == DISTANCE and not (limited and KM[c] > LIMITED_MAX_KM)
        ),
        reverse=True,
    )
    reachable = {0}
    for value in values:
        reachable |= {r + value for r in reachable if r + value <= remainder}
        if remainder in reachable:
            return True
    return remainder in reachable


def action_values(
    obs: Observation, legal: Sequence[Action], lacks: dict[int, set[str]] | None = None
) -> list[tuple[float, Action]]:
    """Every legal action with its heuristic value, best first."""
    view = View(obs, lacks)
    me = view.me
    remaining = view.remaining()
    finishing = any(
        a.verb == PLAY_CARD and CATEGORY[a.card] == DISTANCE and KM[a.card] == remaining
        for a in legal
    )
    finish_in_hand = can_make(remaining, view.hand, me.speed_limited())
    scored: list[tuple[float, Action]] = []
    for action in legal:
        card = action.card
        if action.verb == DISCARD:
            scored.append((-keep_value(card, view), action))
            continue
        if action.verb != PLAY_CARD:
            scored.append((0.0, action))
            continue
        category = CATEGORY[card]
        keep = keep_value(card, view)
        if category == SAFETY:
            value = PLAY_SAFETY_NOW if should_play_safety(card, view, finishing) else -keep
            if card == RIGHT_OF_WAY and value > 0:
                value += 1.0  # it may clear the way for the others
        elif category == DISTANCE:
            km = KM[card]
            if km == remaining:
                value = FINISH_VALUE
            else:
                # Turns, not distance cards, are what runs short: a move is nearly all gain.
                value = km - DISTANCE_KEEP_SHARE * keep
                rest = view.hand.copy()
                rest[card] -= 1
                limited = me.speed_limited()
                stays_exact = can_make(remaining - km, rest, limited)
                if finish_in_hand:
                    # The hand can end the trip exactly: keep to a play that does so.
                    value += ON_PLAN_BONUS if stays_exact else -AWKWARD_REMAINDER
                elif not stays_exact and remaining - km < 100:
                    value -= AWKWARD_REMAINDER
                if card == D200 and me.two_hundreds == 0:
                    value -= FIRST_200_PENALTY
        elif category == REMEDY:
            if card == END_OF_LIMIT:
                big = any(
                    KM[c] > LIMITED_MAX_KM and me.km + KM[c] <= view.target
                    for c in view.hand
                    if CATEGORY[c] == DISTANCE
                )
                turns = (
                    LIFT_LIMIT_TURNS
                    if big and remaining > LIMITED_MAX_KM
                    else LIFT_LIMIT_IDLE_TURNS
                )
                value = turns * KM_PER_TURN - keep * FIX_KEEP_SHARE
            else:
                # A remedy on our blocking hazard, or a Roll we need: we move again.
                value = FIX_VALUE - keep * FIX_KEEP_SHARE
                if card == ROLL and me.can_move():
                    value = -keep
        else:
            value = attack_effect(card, action.side, view) - keep
        scored.append((value, action))
    scored.sort(key=lambda item: item[0], reverse=True)
    return scored


# --- determinization and rollouts -----------------------------------------------------


def overruling(sums: list[float], squares: list[float], runs: int) -> int:
    """The candidate the playouts pick, from each one's summed (and squared) lead over
    the first in paired playouts: the first (the heuristic's), unless another leads it by
    more than OVERRULE_SE standard errors; none before MIN_ROLLOUTS runs."""
    if runs < MIN_ROLLOUTS:
        return 0
    best, best_mean = 0, 0.0
    for index in range(1, len(sums)):
        mean = sums[index] / runs
        spread = max(0.0, squares[index] / runs - mean * mean) ** 0.5
        if mean > best_mean and mean > OVERRULE_SE * spread / runs**0.5:
            best, best_mean = index, mean
    return best


def sample_state(
    obs: Observation, rng: random.Random, lacks: dict[int, set[str]] | None = None
) -> MilleState:
    """A full state consistent with the observation: hidden cards dealt at random.

    `lacks` maps a seat to card kinds it is known not to hold (it would have played
    them); those seats are dealt from the other hidden cards when there are enough.
    """
    pool = list(obs.unseen().elements())
    rng.shuffle(pool)
    hands: list[list[str] | None] = [None] * len(obs.hand_sizes)
    hands[obs.seat] = list(obs.hand)
    for seat, cards in (lacks or {}).items():
        if seat == obs.seat or not cards:
            continue
        size = obs.hand_sizes[seat]
        allowed = [i for i, card in enumerate(pool) if card not in cards]
        if len(allowed) < size:
            continue  # not enough cards: leave it unconstrained
        chosen = set(allowed[:size])
        hands[seat] = [pool[i] for i in allowed[:size]]
        pool = [card for i, card in enumerate(pool) if i not in chosen]
    for seat, size in enumerate(obs.hand_sizes):
        if hands[seat] is None:
            hands[seat] = pool[:size]
            pool = pool[size:]
    pending = obs.pending
    return MilleState(
        options=obs.options,
        scores=list(obs.scores),
        hand_number=obs.hand_number,
        phase=obs.phase,
        to_act=obs.to_act,
        turn_seat=obs.turn_seat,
        first_seat=obs.first_seat,
        hands=hands,
        draw_pile=pool,  # type: ignore[arg-type]
        discard_pile=list(obs.discard_pile),
        tableaux=[t.copy() for t in obs.tableaux],
        target=obs.target,
        extended_by=obs.extended_by,
        pending=Pending(**pending.to_json()) if pending else None,
        last_hand=obs.last_hand,
        winners=list(obs.winners),
    )


def side_needs(tableau: Tableau) -> str | None:
    """The one card a stopped side is waiting for: its hazard's remedy, or a Roll."""
    blocker = tableau.blocking_hazard()
    if blocker is not None:
        return REMEDY_FOR[blocker]
    if not tableau.can_move() and tableau.may_roll():
        return ROLL
    return None


_QUICK_KEEP = {
    ROLL: 90.0,
    "repairs": 50.0,
    "gasoline": 50.0,
    "spare_tire": 50.0,
    END_OF_LIMIT: 25.0,
    ACCIDENT: 60.0,
    OUT_OF_GAS: 60.0,
    FLAT_TIRE: 60.0,
    STOP: 40.0,
    SPEED_LIMIT: 25.0,
    D25: 15.0,
    D50: 30.0,
    D75: 45.0,
    D100: 70.0,
    D200: 80.0,
}
_ATTACK_ORDER = (ACCIDENT, OUT_OF_GAS, FLAT_TIRE, STOP, SPEED_LIMIT)
_DISTANCE_ORDER = (D200, D100, D75, D50, D25)
_SAFETY_ORDER = (RIGHT_OF_WAY, "driving_ace", "extra_tank", "puncture_proof")
_SAFETY_SET = frozenset(_SAFETY_ORDER)
_HAZARD_SET = frozenset(_ATTACK_ORDER)
_DISTANCE_SET = frozenset(_DISTANCE_ORDER)


def rollout_policy(state: MilleState) -> Action:
    """A fast, sensible player for any seat of a rollout; it reads only its own hand.

    It picks its move straight from the hand and the table (no list of legal actions):
    hold safeties for coups fourrés until the pile runs low, finish the trip, attack a
    moving opponent, mend its own hazard, move as far as it can, else discard.
    """
    phase = state.phase
    if phase == COUP_FOURRE:
        pending = state.pending
        return Action(DECLARE, SAFETY_FOR[pending.hazard], pending.side)
    if phase == EXTENSION:
        return END_HAND_ACTION
    seat = state.to_act
    sides = state.options.sides
    side = seat % sides
    me = state.tableaux[side]
    hand = state.hands[seat]
    held = set(hand)
    moving = me.can_move()
    blocker = me.blocking_hazard()
    km = me.km
    remaining = state.target - km
    distance: list[str] = []
    if moving and held & _DISTANCE_SET:
        limit = min(LIMITED_MAX_KM, remaining) if me.speed_limited() else remaining
        allow_200 = me.two_hundreds < MAX_200S
        distance = [
            c for c in _DISTANCE_ORDER if c in held and KM[c] <= limit and (c != D200 or allow_200)
        ]
    finishing = any(KM[c] == remaining for c in distance)
    if held & _SAFETY_SET:
        low_pile = len(state.draw_pile) <= SAFETY_HOLD_PILE_PER_PLAYER * state.options.players
        for safety in _SAFETY_ORDER:
            if safety in held and (
                low_pile
                or finishing
                or (blocker is not None and SAFETY_FOR[blocker] == safety)
                or (safety == RIGHT_OF_WAY and not moving and blocker is None and ROLL not in held)
            ):
                return Action(PLAY_CARD, safety, side)
    if finishing:
        return Action(PLAY_CARD, next(c for c in distance if KM[c] == remaining), side)
    if held & _HAZARD_SET:
        # Attack the furthest moving opponent.
        best_side = -1
        best_km = -1
        for other in range(sides):
            if other != side:
                them = state.tableaux[other]
                if them.can_move() and them.km > best_km:
                    best_side, best_km = other, them.km
        if best_side >= 0:
            for hazard in _ATTACK_ORDER:
                if hazard in held and state.hazard_allowed(hazard, best_side):
                    return Action(PLAY_CARD, hazard, best_side)
    if not moving:
        if blocker is not None:
            remedy = REMEDY_FOR[blocker]
            if remedy in held:
                return Action(PLAY_CARD, remedy, side)
        elif ROLL in held and me.may_roll():
            return Action(PLAY_CARD, ROLL, side)
    if END_OF_LIMIT in held and remaining > LIMITED_MAX_KM and me.speed_limited():
        return Action(PLAY_CARD, END_OF_LIMIT, side)
    if distance:
        return Action(PLAY_CARD, distance[0], side)
    # Discard: a card that can no longer help, else the one valued least.
    worst = hand[0]
    worst_value = 1e9
    for card in hand:
        category = CATEGORY[card]
        if category == SAFETY:
            continue
        if (
            category == REMEDY
            and card not in (ROLL, END_OF_LIMIT)
            and me.protected(HAZARD_FOR_REMEDY[card])
        ):
            value = 0.0
        elif category == DISTANCE and (
            km + KM[card] > LONG_TARGET or (state.extended_by is not None and KM[card] > remaining)
        ):
            value = 0.0
        else:
            value = _QUICK_KEEP[card]
        if value < worst_value:
            worst, worst_value = card, value
    if worst_value == 1e9:
        return Action(PLAY_CARD, hand[0], side)  # only safeties left: play one
    return Action(DISCARD, worst)


def play_out_hand(state: MilleState) -> None:
    """Play the hand in `state` to its end with the rollout policy for every seat."""
    while state.phase not in (DEAL, GAME_OVER):
        state.apply_unchecked(rollout_policy(state))


def hand_margin(state: MilleState, side: int) -> float:
    """Our hand score minus the best opponent's, from a finished hand."""
    sides = state.last_hand["sides"]
    ours = sides[side]["total"]
    return ours - max(s["total"] for s in sides if s["side"] != side)


class ExpertAgent:
    """Card counting, a valued heuristic, and rollouts on hidden hands within a budget."""

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float = 100.0,
        max_rollouts: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = rng
        self.budget_ms = budget_ms
        # Seconds, read only while thinking; tests pass a fake one to measure the budget
        # without depending on how fast the machine is.
        self.clock = clock
        # A cap on rollouts per candidate makes searches reproducible (tests, tournaments).
        self.max_rollouts = max_rollouts
        # What the table looked like at our last turn, to infer what opponents lack.
        self._last_seen: tuple[int, int, tuple[tuple[str, ...], ...]] | None = None
        self.lacks: dict[int, set[str]] = {}

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The best action by the heuristic, with rollouts settling close calls."""
        return self.think(observation, legal_actions).finish()

    def think(self, observation: Observation, legal_actions: Sequence[Action]) -> Thinking[Action]:
        """choose(), cut into slices of about one rollout each (see Thinking.step), so a
        scene can think a few milliseconds a frame. The budget counts thinking time only."""
        return Thinking(self._decide(observation, list(legal_actions)))

    def _decide(
        self, observation: Observation, legal: list[Action]
    ) -> Generator[None, None, Action]:
        began = self.clock()
        if observation.phase == PLAY:
            self._infer(observation)
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        if DECLARE in verbs:
            return next(a for a in legal if a.verb == DECLARE)
        if EXTEND in verbs:
            extend = next(a for a in legal if a.verb == EXTEND)
            stop = next(a for a in legal if a.verb == END_HAND)
            if self._wins_now(observation):
                return stop
            first, second = (
                (extend, stop) if self._extension_looks_good(observation) else (stop, extend)
            )
            if not self._searching():
                return first
            return (
                yield from self._search(
                    observation,
                    [first, second],
                    self.budget_ms * EXTENSION_BUDGET_FACTOR,
                    self.clock() - began,
                )
            )
        ranked = action_values(observation, legal, self.lacks)
        best_value, best = ranked[0]
        close = [a for v, a in ranked[:CANDIDATES] if best_value - v <= CLOSE_CALL]
        # Which card to throw away matters little and rollouts cannot tell such choices
        # apart within the budget: search only when a play competes.
        worth_it = any(a.verb != DISCARD for a in close)
        if len(close) > 1 and worth_it and best_value < PLAY_SAFETY_NOW and self._searching():
            return (
                yield from self._search(observation, close, self.budget_ms, self.clock() - began)
            )
        return best

    def _infer(self, obs: Observation) -> None:
        """An opponent still stopped on the same pile after its turn lacks what it needs."""
        piles = tuple(tuple(t.battle) for t in obs.tableaux)
        # Every turn puts one more card face up (a play or a discard); if the table grew
        # by fewer than one card per seat, someone has not had a turn since our last look
        # (we took an extra turn after a safety, or a coup fourré skipped seats).
        face_up = len(obs.discard_pile) + sum(len(t.cards()) for t in obs.tableaux)
        last = self._last_seen
        self.lacks = {}
        if (
            last is not None
            and last[0] == obs.hand_number
            and face_up - last[1] >= obs.options.players
        ):
            for side in range(obs.options.sides):
                if side == obs.side or piles[side] != last[2][side] or not piles[side]:
                    continue
                need = side_needs(obs.tableaux[side])
                if need is not None:
                    for seat in range(side, obs.options.players, obs.options.sides):
                        self.lacks.setdefault(seat, set()).add(need)
        self._last_seen = (obs.hand_number, face_up, piles)

    def _searching(self) -> bool:
        return self.budget_ms > 0 or bool(self.max_rollouts)

    @staticmethod
    def _wins_now(obs: Observation) -> bool:
        """Ending the hand now would win the game outright."""
        state = sample_state(obs, random.Random(0))
        state.apply_unchecked(END_HAND_ACTION)
        return state.phase == GAME_OVER and state.winners == [obs.side]

    @staticmethod
    def _extension_looks_good(obs: Observation) -> bool:
        view = View(obs)
        furthest = max(obs.tableaux[s].km for s in view.opponents)
        return furthest <= 300 and view.pile >= 8 * view.players

    def _search(
        self, obs: Observation, candidates: list[Action], budget_ms: float, spent: float
    ) -> Generator[None, None, Action]:
        """Compare candidates by rollouts on the same sampled deals, yielding after each.

        The first candidate (the heuristic's choice) is overruled only when another one
        beats it on average by more than OVERRULE_SE standard errors of the paired
        difference, so a few noisy rollouts do not undo a sound default.
        """
        # `spent` is the thinking time so far (seconds; the time between slices does not
        # count); a round of rollouts is not begun unless the longest round so far (with
        # some slack) still fits the budget.
        budget = budget_ms / 1000.0
        count = len(candidates)
        sums = [0.0] * count
        squares = [0.0] * count
        runs = 0
        longest = 0.0
        while True:
            if self.max_rollouts is not None:
                if runs >= self.max_rollouts:
                    break
            elif spent + ROUND_SLACK * longest >= budget:
                break
            round_spent = 0.0
            started = self.clock()
            world = sample_state(obs, self.rng, self.lacks)
            base = 0.0
            for index, action in enumerate(candidates):
                state = world.copy()
                state.apply_unchecked(action)
                play_out_hand(state)
                margin = hand_margin(state, obs.side)
                if index == 0:
                    base = margin
                diff = margin - base
                sums[index] += diff
                squares[index] += diff * diff
                round_spent += self.clock() - started
                yield
                started = self.clock()
            runs += 1
            spent += round_spent
            longest = max(longest, round_spent)
        return candidates[overruling(sums, squares, runs)]
