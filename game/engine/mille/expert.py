"""The Expert Mille Bornes player: card counting, a valued heuristic, and rollouts.

Each decision starts from card counting (Observation.unseen: what is still hidden in
other hands or the draw pile). Every legal action gets a value in "kilometre points":
what it gains now, minus what the card would be worth kept in hand. Safeties are held for
coups fourrés while hazards they stop are still out and the hand is not near its end.

When the best actions are close, and for the extension call, the Expert samples hidden
hands consistent with what it has seen (determinization), plays each candidate out to
the end of the hand with a fast policy for every seat, and keeps the candidate with the
best average score margin, all within a time budget (default 100 ms per decision).
"""
from __future__ import annotations

import random
import time
from collections import Counter
from typing import Sequence

from game.engine.mille.cards import (
    ACCIDENT, BATTLE_HAZARDS, D25, D50, D75, D100, D200, DISTANCE, END_OF_LIMIT,
    FLAT_TIRE, HAZARD, HAZARDS_STOPPED_BY, KIND_BY_ID, KM, OUT_OF_GAS, REMEDY,
    REMEDY_FOR, RIGHT_OF_WAY, ROLL, SAFETY, SAFETY_FOR, SPEED_LIMIT, STOP)
from game.engine.mille.rules import (
    COUP_FOURRE, DEAL, DECLARE, DISCARD, END_HAND, END_HAND_ACTION, EXTEND, EXTENSION,
    GAME_OVER, LIMITED_MAX_KM, LONG_TARGET, MAX_200S, PLAY, PLAY_CARD, Action,
    MilleState, Observation, Pending, Tableau)

CATEGORY = {card: kind.category for card, kind in KIND_BY_ID.items()}

# --- tunable values (kilometre points) --------------------------------------------------
FINISH_VALUE = 2000.0        # completing the trip
FIX_VALUE = 260.0            # a remedy or Roll that lets us move again
KM_PER_TURN = 65.0           # what a moving side gains in a turn, on average
CF_LOSS = 400.0 + KM_PER_TURN  # a hazard answered by a coup fourré: their 400 and a turn
LEAD_THREAT = 1.0            # weight of an attack on the leading opponent...
TRAIL_THREAT = 0.6           # ...and on the others (3-side games)
NEAR_FINISH_KM = 200         # an opponent this close to the target is an urgent target
NEAR_FINISH_THREAT = 1.6
FIRST_200_PENALTY = 60.0     # the first 200 gives up the safe-trip bonus (300) chance
AWKWARD_REMAINDER = 30.0     # leaving a remainder our hand cannot make up exactly
SAFETY_HOLD_PILE_PER_PLAYER = 3   # below this many draws per player, play held safeties
SAFE_TRIP_BONUS = 300.0

# Value of keeping a card in hand (the lowest is discarded), before card counting.
KEEP_DISTANCE = {D25: 20.0, D50: 35.0, D75: 50.0, D100: 80.0, D200: 90.0}
KEEP_ROLL = (200.0, 90.0, 15.0)          # first, second, further copies
KEEP_REMEDY = (150.0, 25.0, 5.0)
KEEP_END_OF_LIMIT = (35.0, 5.0, 0.0)
KEEP_HAZARD = {ACCIDENT: 95.0, OUT_OF_GAS: 95.0, FLAT_TIRE: 95.0, STOP: 60.0,
               SPEED_LIMIT: 40.0}
KEEP_SAFETY = 10_000.0
PLAY_SAFETY_NOW = 10_000.0
DISTANCE_KEEP_SHARE = 0.2    # share of a distance card's keep value a play gives up
MANY_DISTANCE_CARDS = 4      # beyond this many distance cards, the smallest are spare

# --- search ---------------------------------------------------------------------------
CANDIDATES = 3               # how many of the best actions the rollouts compare
CLOSE_CALL = 60.0            # heuristic margin under which rollouts decide
MIN_ROLLOUTS = 4             # per candidate, before the rollouts may overrule
EXTENSION_BUDGET_FACTOR = 3  # the extension call is rare and worth a longer look


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

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
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
        self.side_hand = {s: sum(obs.hand_sizes[seat] for seat in
                                 range(s, self.players, self.sides))
                          for s in range(self.sides)}
        # The distance we may still need to reach: 1000 if an extension may come.
        self.reach = self.target
        if obs.options.extension_allowed and obs.extended_by is None:
            self.reach = LONG_TARGET
        leader = max(self.opponents, key=lambda s: (obs.tableaux[s].km, obs.scores[s]))
        self.leader = leader

    def holds_or_played(self, safety: str) -> bool:
        return safety in self.me.safeties or self.hand[safety] > 0

    def remaining(self) -> int:
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
            value += 60.0                   # it finishes the trip
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
        hazard = STOP if card == ROLL else _hazard_of(card)
        if view.holds_or_played(SAFETY_FOR[hazard]):
            return 1.0
        blocked = me.blocking_hazard() == hazard or (
            card == END_OF_LIMIT and me.speed_limited())
        if not blocked and view.unseen[hazard] == 0:
            return 0.0                      # nothing left that it could mend
        table = KEEP_END_OF_LIMIT if card == END_OF_LIMIT else KEEP_REMEDY
        value = table[min(copies, 3) - 1]
        if blocked:
            value += 100.0
        return value * (0.5 + 0.5 * min(1.0, view.unseen[hazard] / 2)) if not blocked \
            else value
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


def _hazard_of(remedy: str) -> str:
    for hazard, fix in REMEDY_FOR.items():
        if fix == remedy:
            return hazard
    raise KeyError(remedy)


# --- safeties -------------------------------------------------------------------------

def should_play_safety(card: str, view: View, finishing: bool) -> bool:
    """Play a safety now (rather than hold it for a coup fourré)?"""
    obs = view.obs
    me = view.me
    hazards = HAZARDS_STOPPED_BY[card]
    out = sum(view.unseen[h] for h in hazards)
    if out == 0:
        return True                         # no coup fourré is possible any more
    if finishing:
        return True                         # bank it before the hand ends (free turn)
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
            big = any(KM[c] > LIMITED_MAX_KM and me.km + KM[c] <= view.target
                      for c in view.hand if CATEGORY[c] == DISTANCE)
            if big:
                return True
        if not me.can_move() and blocker is None and view.hand[ROLL] == 0:
            return True                     # it lets us move without a Roll
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
        draws_to_fix = hidden / max(1, view.unseen[remedy]) / seats
        lost = has_fix + (1.0 - has_fix) * (1.0 + min(draws_to_fix, 8.0))
        needs_roll_after = card != STOP and not row
        if moving:
            effect = (lost + (1.0 if needs_roll_after else 0.0)) * KM_PER_TURN
        elif them.blocking_hazard() is None and them.battle:
            # They needed a Roll anyway: only the remedy is extra (Stop adds nothing).
            effect = 0.0 if card == STOP else lost * KM_PER_TURN
        else:
            effect = 0.0                    # stacking on a hazard rarely helps
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
    values = sorted((KM[c] for c, n in cards.items() for _ in range(n)
                     if CATEGORY[c] == DISTANCE and not (limited and KM[c] > LIMITED_MAX_KM)),
                    reverse=True)
    reachable = {0}
    for value in values:
        reachable |= {r + value for r in reachable if r + value <= remainder}
        if remainder in reachable:
            return True
    return remainder in reachable


def action_values(obs: Observation, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Every legal action with its heuristic value, best first."""
    view = View(obs)
    me = view.me
    remaining = view.remaining()
    finishing = any(a.verb == PLAY_CARD and CATEGORY[a.card] == DISTANCE
                    and KM[a.card] == remaining for a in legal)
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
                value += 1.0                # it may clear the way for the others
        elif category == DISTANCE:
            km = KM[card]
            if km == remaining:
                value = FINISH_VALUE
            else:
                # Turns, not distance cards, are what runs short: a move is nearly all gain.
                value = km - DISTANCE_KEEP_SHARE * keep
                rest = view.hand.copy()
                rest[card] -= 1
                if not can_make(remaining - km, rest, me.speed_limited()) \
                        and remaining - km < 100:
                    value -= AWKWARD_REMAINDER
                if card == D200 and me.two_hundreds == 0:
                    value -= FIRST_200_PENALTY
        elif category == REMEDY:
            if card == END_OF_LIMIT:
                big = any(KM[c] > LIMITED_MAX_KM and me.km + KM[c] <= view.target
                          for c in view.hand if CATEGORY[c] == DISTANCE)
                value = (2.0 if big and remaining > LIMITED_MAX_KM else 0.6) * KM_PER_TURN
                value -= keep * 0.3
            else:
                # A remedy on our blocking hazard, or a Roll we need: we move again.
                value = FIX_VALUE - keep * 0.3
                if card == ROLL and me.can_move():
                    value = -keep
        else:
            value = attack_effect(card, action.side, view) - keep
        scored.append((value, action))
    scored.sort(key=lambda item: item[0], reverse=True)
    return scored


# --- determinization and rollouts -----------------------------------------------------

def sample_state(obs: Observation, rng: random.Random) -> MilleState:
    """A full state consistent with the observation: hidden cards dealt at random."""
    pool = list(obs.unseen().elements())
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for seat, size in enumerate(obs.hand_sizes):
        if seat == obs.seat:
            hands.append(list(obs.hand))
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    pending = obs.pending
    return MilleState(
        options=obs.options, scores=list(obs.scores), hand_number=obs.hand_number,
        phase=obs.phase, to_act=obs.to_act, turn_seat=obs.turn_seat,
        first_seat=obs.first_seat, hands=hands, draw_pile=pool,
        discard_pile=list(obs.discard_pile), tableaux=[t.copy() for t in obs.tableaux],
        target=obs.target, extended_by=obs.extended_by,
        pending=Pending(**pending.to_json()) if pending else None,
        last_hand=obs.last_hand, winners=list(obs.winners))


_QUICK_KEEP = {ROLL: 90.0, "repairs": 50.0, "gasoline": 50.0, "spare_tire": 50.0,
               END_OF_LIMIT: 25.0, ACCIDENT: 60.0, OUT_OF_GAS: 60.0, FLAT_TIRE: 60.0,
               STOP: 40.0, SPEED_LIMIT: 25.0, D25: 15.0, D50: 30.0, D75: 45.0,
               D100: 70.0, D200: 80.0}


def rollout_policy(state: MilleState, legal: Sequence[Action]) -> Action:
    """A fast, sensible player for every seat of a rollout (it reads only its own hand)."""
    phase = state.phase
    if phase == COUP_FOURRE:
        return legal[0]
    if phase == EXTENSION:
        return END_HAND_ACTION
    seat = state.to_act
    side = state.side_of(seat)
    me = state.tableaux[side]
    remaining = state.target - me.km
    low_pile = len(state.draw_pile) <= SAFETY_HOLD_PILE_PER_PLAYER * state.players
    best = legal[0]
    best_value = -1e9
    for action in legal:
        card = action.card
        category = CATEGORY[card]
        if action.verb == DISCARD:
            if category == SAFETY:
                value = -1e6
            elif category == REMEDY and card not in (ROLL, END_OF_LIMIT) \
                    and me.protected(_HAZARD_OF[card]):
                value = 0.0
            elif category == DISTANCE and KM[card] > remaining and \
                    state.extended_by is not None:
                value = 0.0
            else:
                value = -_QUICK_KEEP[card]
        elif category == SAFETY:
            blocker = me.blocking_hazard()
            value = 1e5 if (low_pile or (blocker and SAFETY_FOR[blocker] == card)) else -1e6
        elif category == DISTANCE:
            value = 1e4 if KM[card] == remaining else KM[card]
        elif category == REMEDY:
            if card == END_OF_LIMIT:
                value = 60.0
            elif card == ROLL and me.can_move():
                value = -100.0
            else:
                value = 300.0
        else:
            them = state.tableaux[action.side]
            if them.can_move():
                value = 120.0 + (40.0 if card not in (STOP, SPEED_LIMIT) else 0.0) \
                    + them.km / 10.0
            else:
                value = -100.0
        if value > best_value:
            best_value = value
            best = action
    return best


_HAZARD_OF = {REMEDY_FOR[h]: h for h in BATTLE_HAZARDS}


def play_out_hand(state: MilleState) -> None:
    """Play the hand in `state` to its end with the rollout policy for every seat."""
    while state.phase not in (DEAL, GAME_OVER):
        state.apply_unchecked(rollout_policy(state, state.legal_actions()))


def hand_margin(state: MilleState, side: int) -> float:
    """Our hand score minus the best opponent's, from a finished hand."""
    sides = state.last_hand["sides"]
    ours = sides[side]["total"]
    return ours - max(s["total"] for s in sides if s["side"] != side)


class ExpertAgent:
    """Card counting, a valued heuristic, and rollouts on hidden hands within a budget."""

    def __init__(self, rng: random.Random, budget_ms: float = 100.0,
                 max_rollouts: int | None = None) -> None:
        self.rng = rng
        self.budget_ms = budget_ms
        # A cap on rollouts per candidate makes searches reproducible (tests).
        self.max_rollouts = max_rollouts

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The best action by the heuristic, with rollouts settling close calls."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        if DECLARE in verbs:
            return next(a for a in legal if a.verb == DECLARE)
        if EXTEND in verbs:
            return self._extension(observation, legal)
        ranked = action_values(observation, legal)
        best_value, best = ranked[0]
        close = [a for v, a in ranked[:CANDIDATES] if best_value - v <= CLOSE_CALL]
        if len(close) > 1 and best_value < PLAY_SAFETY_NOW and self._searching():
            return self._search(observation, close, self.budget_ms)
        return best

    def _searching(self) -> bool:
        return self.budget_ms > 0 or bool(self.max_rollouts)

    def _extension(self, obs: Observation, legal: list[Action]) -> Action:
        extend = next(a for a in legal if a.verb == EXTEND)
        stop = next(a for a in legal if a.verb == END_HAND)
        if self._wins_now(obs):
            return stop
        if not self._searching():
            return extend if self._extension_looks_good(obs) else stop
        return self._search(obs, [stop, extend], self.budget_ms * EXTENSION_BUDGET_FACTOR,
                            prefer_first=True)

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

    def _search(self, obs: Observation, candidates: list[Action], budget_ms: float,
                prefer_first: bool = True) -> Action:
        """Compare candidates by rollouts on the same sampled deals; keep the best."""
        deadline = time.perf_counter() + budget_ms / 1000.0
        totals = [0.0] * len(candidates)
        squares = [0.0] * len(candidates)
        runs = 0
        while True:
            if self.max_rollouts is not None and runs >= self.max_rollouts:
                break
            if self.max_rollouts is None and time.perf_counter() >= deadline:
                break
            world = sample_state(obs, self.rng)
            for index, action in enumerate(candidates):
                state = world.copy()
                state.apply_unchecked(action)
                play_out_hand(state)
                margin = hand_margin(state, obs.side)
                totals[index] += margin
                squares[index] += margin * margin
            runs += 1
        if runs < MIN_ROLLOUTS:
            return candidates[0]
        means = [t / runs for t in totals]
        best = max(range(len(candidates)), key=means.__getitem__)
        if best == 0 or not prefer_first:
            return candidates[best]
        # Overrule the heuristic's first choice only on a clear difference.
        spread = max(1.0, (squares[0] / runs - means[0] ** 2) ** 0.5)
        if means[best] - means[0] > spread / runs ** 0.5:
            return candidates[best]
        return candidates[0]
