"""Computer players for Mille Bornes: Easy, Basic and Expert, behind one `make_agent`.

Every agent follows game.engine.core.Agent: `choose(observation, legal_actions)` gets an
Observation (only what its seat may see) and the legal actions, and returns one of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.engine.core import Agent
from game.engine.mille.cards import (
    DISTANCE,
    END_OF_LIMIT,
    HAZARD,
    HAZARD_FOR_REMEDY,
    KIND_BY_ID,
    KM,
    REMEDY,
    RIGHT_OF_WAY,
    ROLL,
    SAFETY,
    SPEED_LIMIT,
    STOP,
)
from game.engine.mille.expert import ExpertAgent
from game.engine.mille.rules import (
    DECLARE,
    DISCARD,
    END_HAND,
    EXTEND,
    LONG_TARGET,
    MAX_200S,
    PLAY_CARD,
    Action,
    Observation,
)
from game.engine.mille.seer import OracleAgent, SeerAgent

LEVELS = ("easy", "basic", "expert")
# Players for measuring, not for the table: random moves and the contest's yardstick.
# (The Expert as it stood in November 2026, which every later Expert is measured against,
# does not ship: tools/mille_expert_2026.py, which tools/mille_tournament.py adds.)
# The Expert shown the other hands (seer.py): how far better hand reading could go; and
# shown the draw pile's order too: what knowing every hidden card would give its search.
EXPERT_SEER = "expert-seer"
EXPERT_ORACLE = "expert-oracle"
REFERENCE_LEVELS = ("random", "contest", EXPERT_SEER, EXPERT_ORACLE)
DEFAULT_BUDGET_MS = 100.0

# Basic's fixed idea of how useful a card is to keep (higher is kept longer).
BASIC_KEEP_VALUE = {
    ROLL: 70,
    "repairs": 50,
    "gasoline": 50,
    "spare_tire": 50,
    END_OF_LIMIT: 35,
    "accident": 45,
    "out_of_gas": 45,
    "flat_tire": 45,
    STOP: 40,
    SPEED_LIMIT: 30,
    "25": 20,
    "50": 30,
    "75": 40,
    "100": 60,
    "200": 65,
}
DUPLICATE_KEEP_FACTOR = 0.5  # a second copy of a remedy is worth less than the first
# Basic attacks with the hazards hardest to mend first (Stop's remedy, Roll, is common).
BASIC_HAZARD_ORDER = ("accident", "out_of_gas", "flat_tire", STOP, SPEED_LIMIT)


def plays(legal: Sequence[Action]) -> list[Action]:
    """The card plays among the legal actions (no discards)."""
    return [a for a in legal if a.verb == PLAY_CARD]


def settled_choice(legal: Sequence[Action], extend: bool) -> Action | None:
    """The choices a fixed-habit player makes without thought: declare every coup fourré,
    extend (or end the hand) by habit, take an only action; None when a card must be chosen."""
    verbs = {a.verb for a in legal}
    if DECLARE in verbs:
        return next(a for a in legal if a.verb == DECLARE)
    if EXTEND in verbs:
        return next(a for a in legal if a.verb == (EXTEND if extend else END_HAND))
    if len(legal) == 1:
        return legal[0]
    return None


def dead_card(card: str, obs: Observation) -> bool:
    """Whether a card in hand can never be of use this hand, judged from the table alone."""
    mine = obs.tableaux[obs.side]
    kind = KIND_BY_ID[card]
    if kind.category == DISTANCE:
        reach = obs.target
        if obs.options.extension_allowed and obs.extended_by is None:
            reach = LONG_TARGET
        if card == "200" and mine.two_hundreds >= MAX_200S:
            return True
        return mine.km + kind.km > reach
    if kind.category == REMEDY:
        if card in (ROLL, END_OF_LIMIT):
            return RIGHT_OF_WAY in mine.safeties
        return mine.protected(HAZARD_FOR_REMEDY[card])
    if kind.category == HAZARD:
        return all(
            obs.tableaux[o].protected(card) for o in range(obs.options.sides) if o != obs.side
        )
    return False


def basic_keep_value(card: str, obs: Observation) -> float:
    """Basic's value of keeping a card (the lowest is discarded)."""
    if KIND_BY_ID[card].category == SAFETY:
        return 1000.0
    if dead_card(card, obs):
        return -1.0
    value = float(BASIC_KEEP_VALUE[card])
    if KIND_BY_ID[card].category == REMEDY and obs.hand.count(card) > 1:
        value *= DUPLICATE_KEEP_FACTOR
    return value


def least_useful(obs: Observation, legal: Sequence[Action]) -> Action:
    """The discard of the card Basic values least."""
    discards = [a for a in legal if a.verb == DISCARD]
    return min(discards, key=lambda a: basic_keep_value(a.card, obs))


def leader_key(obs: Observation, side: int) -> tuple[int, int]:
    """Order sides by who looks like winning: distance this hand, then game score."""
    return (obs.tableaux[side].km, obs.scores[side])


class RandomAgent:
    """Any legal action at random (fuzzing and tests; not a playing level)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(list(legal_actions))


class EasyAgent:
    """Plays some legal card at random, but never a foolish move.

    Never foolish: it always declares a coup fourré, never discards a safety, never
    wastes a hazard on a side that is not moving, and ends the hand rather than extend.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A random sensible play, else a random discard of a card that is not a safety."""
        settled = settled_choice(legal_actions, extend=False)
        if settled is not None:
            return settled
        sensible = [a for a in plays(legal_actions) if not _pointless(a, observation)]
        if sensible:
            return self.rng.choice(sensible)
        discards = [
            a for a in legal_actions if a.verb == DISCARD and KIND_BY_ID[a.card].category != SAFETY
        ]
        return self.rng.choice(discards or list(legal_actions))


def _pointless(action: Action, obs: Observation) -> bool:
    """A play that cannot help: a hazard on a side that is not moving anyway."""
    if KIND_BY_ID[action.card].category != HAZARD or action.card == SPEED_LIMIT:
        return False
    return not obs.tableaux[action.side].can_move()


class BasicAgent:
    """A fixed priority: safety, remedy, longest distance, hazard on the leader, discard.

    It declares every coup fourré it can (but, playing safeties at once, rarely holds
    one), never extends, and discards the card its fixed table values least.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The first applicable rule of the priority list."""
        obs = observation
        settled = settled_choice(legal_actions, extend=False)
        if settled is not None:
            return settled
        candidates = plays(legal_actions)
        by_category: dict[str, list[Action]] = {SAFETY: [], REMEDY: [], DISTANCE: [], HAZARD: []}
        for action in candidates:
            by_category[KIND_BY_ID[action.card].category].append(action)
        if by_category[SAFETY]:
            return by_category[SAFETY][0]
        remedy = self._remedy(obs, by_category[REMEDY])
        if remedy is not None:
            return remedy
        if by_category[DISTANCE]:
            return max(by_category[DISTANCE], key=lambda a: KM[a.card])
        attacks = [a for a in by_category[HAZARD] if not _pointless(a, obs)]
        if attacks:
            return max(
                attacks, key=lambda a: (leader_key(obs, a.side), -BASIC_HAZARD_ORDER.index(a.card))
            )
        return least_useful(obs, legal_actions)

    @staticmethod
    def _remedy(obs: Observation, remedies: list[Action]) -> Action | None:
        mine = obs.tableaux[obs.side]
        blocker = mine.blocking_hazard()
        for action in remedies:
            if blocker is not None and HAZARD_FOR_REMEDY.get(action.card) == blocker:
                return action
        for action in remedies:
            if action.card == ROLL and not mine.can_move():
                return action
        for action in remedies:
            if action.card == END_OF_LIMIT:
                return action
        return None


class ContestBasicAgent:
    """The reference "basic priority player" of the well-known Mille Bornes AI contest.

    The contest's sample BasicAI, the yardstick its card-counting entries were measured
    against, is "about the dumbest AI that still plays a credible game": the first
    distance card it can play, else the first hazard, else the first remedy, else a
    safety rather than a discard, else it throws away the first card in its hand; it
    always declares a coup fourré and always goes for the extension. "First" is the order
    its hand was drawn in, oldest first (the observation shows the hand sorted, so it
    keeps that order itself). It is not a playing level: the tournament measures the
    Expert against it to compare with the contest's figures.
    """

    PRIORITY = (DISTANCE, HAZARD, REMEDY, SAFETY)

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng
        self.hand: list[str] = []  # our hand, oldest card first
        self.hand_number = 0

    def follow_hand(self, now: Sequence[str], hand_number: int) -> None:
        """Drop the cards that left our hand, append the ones drawn since last time."""
        if hand_number != self.hand_number:
            self.hand, self.hand_number = [], hand_number
        left = Counter(self.hand) - Counter(now)
        kept = []
        for card in self.hand:
            if left[card]:
                left[card] -= 1
            else:
                kept.append(card)
        kept.extend((Counter(now) - Counter(kept)).elements())
        self.hand = kept

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The first legal play by the contest's priority, else discard the first card."""
        settled = settled_choice(legal_actions, extend=True)
        if settled is not None:
            return settled
        self.follow_hand(observation.hand, observation.hand_number)
        by_card: dict[str, list[Action]] = {}
        for action in plays(legal_actions):
            # The contest's rules let a hazard other than Speed Limit fall only on a
            # moving side (no stacking), so that is all its player ever tried.
            if not _pointless(action, observation):
                by_card.setdefault(action.card, []).append(action)
        for category in self.PRIORITY:
            for card in self.hand:
                if card in by_card and KIND_BY_ID[card].category == category:
                    return by_card[card][0]
        first = self.hand[0]
        return next(a for a in legal_actions if a.verb == DISCARD and a.card == first)


def make_agent(
    level: str,
    rng: random.Random,
    budget_ms: float = DEFAULT_BUDGET_MS,
    rollouts: int | None = None,
) -> Agent:
    """A computer player of the given level ("easy", "basic", "expert").

    `budget_ms` caps the Expert's thinking per decision (0: heuristic only, no search);
    `rollouts` instead fixes its rollouts per candidate, making it reproducible.
    """
    if level == "easy":
        return EasyAgent(rng)
    if level == "basic":
        return BasicAgent(rng)
    if level == "expert":
        return ExpertAgent(rng, budget_ms=budget_ms, max_rollouts=rollouts)
    if level == EXPERT_SEER:
        return SeerAgent(rng, budget_ms=budget_ms, max_rollouts=rollouts)
    if level == EXPERT_ORACLE:
        return OracleAgent(rng, budget_ms=budget_ms, max_rollouts=rollouts)
    if level == "random":
        return RandomAgent(rng)
    if level == "contest":
        return ContestBasicAgent(rng)
    raise ValueError(f"unknown level {level!r}; choose from {LEVELS + REFERENCE_LEVELS}")
