"""Mille Bornes rules: the state of a game, the legal actions of the seat to act, and apply.

A game is a series of hands until a side reaches 5000 points. The state always waits for
one decision: dealing the next hand (no seat), a seat's play or discard, a coup fourré
offered out of turn to the attacked seat holding the safety, or the extension call of
the seat that just reached 700 km. `apply` makes the decision and returns the events.

The coup fourré moment: a hazard just played may be answered by the attacked side before
the next draw. Searches open it only when a seat there holds the safety. The table opens
it after every hazard (apply(..., moment=True)), held or not, so that what every other
seat sees of it is the same either way; with nobody to ask, the moment waits for
PASS_ACTION (the table's, when the moment has passed: game/scenes/mille/moment.py).

Cards are identified by kind ("stop", "100"...): cards of one kind are identical, so an
action names a kind, not a particular card.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from game.engine.core import Event
from game.engine.mille.cards import (
    BATTLE_HAZARDS,
    CARD_ORDER,
    D200,
    DISTANCE,
    DISTANCES,
    END_OF_LIMIT,
    FULL_DECK_SIZE,
    HAZARD,
    HAZARD_FOR_REMEDY,
    HAZARDS,
    KIND_BY_ID,
    KM,
    REMEDY,
    RIGHT_OF_WAY,
    ROLL,
    SAFETIES,
    SAFETY,
    SAFETY_FOR,
    SPEED_LIMIT,
    STOP,
    build_deck,
    deck_counts,
    sort_cards,
)
from game.engine.mille.scoring import SCORE_LINES, score_hand
from game.engine.saved import Reader, require, restoring

CATEGORY: dict[str, str] = {card: kind.category for card, kind in KIND_BY_ID.items()}

SCHEMA_VERSION = 1
PLAYER_COUNTS = (2, 3, 4, 6)
SIDES_FOR_PLAYERS = {2: 2, 3: 3, 4: 2, 6: 3}  # 4 and 6 play as teams of two
MAX_SIDES = max(SIDES_FOR_PLAYERS.values())
HAND_SIZE = 6
SHORT_TARGET = 700  # 2 or 3 players, and 6 players in three teams
LONG_TARGET = 1000  # 4 players in two teams, and any trip after an extension
GAME_TARGET = 5000
MAX_200S = 2
LIMITED_MAX_KM = 50  # under a Speed Limit only 25 and 50 may be played
# Bounds of a saved game beyond anything real (a game ends soon after 5000 points).
MAX_GAME_TARGET = 100_000
MAX_POINTS = 10_000_000
MAX_HANDS = 100_000

# Phases of the state. "waiting" only appears in an observation: the coup fourré moment as
# every seat but the one asked sees it (whether anyone is asked is private).
DEAL, PLAY, COUP_FOURRE, EXTENSION, GAME_OVER, WAITING = (
    "deal",
    "play",
    "coup_fourre",
    "extension",
    "game_over",
    "waiting",
)
PHASES = (DEAL, PLAY, COUP_FOURRE, EXTENSION, GAME_OVER)
HAND_IN_PLAY = (PLAY, COUP_FOURRE, EXTENSION)
# What each pile of a tableau may hold: hazards and their remedies on the battle pile,
# Speed Limit and End of Limit on the speed pile.
BATTLE_PILE_CARDS = BATTLE_HAZARDS + tuple(
    remedy for remedy, hazard in HAZARD_FOR_REMEDY.items() if hazard in BATTLE_HAZARDS
)
SPEED_PILE_CARDS = (SPEED_LIMIT, END_OF_LIMIT)

# Action verbs.
PLAY_CARD, DISCARD, DECLARE, PASS, EXTEND, END_HAND, DEAL_HAND = (
    "play",
    "discard",
    "coup_fourre",
    "pass",
    "extend",
    "end_hand",
    "deal",
)
VERBS = (PLAY_CARD, DISCARD, DECLARE, PASS, EXTEND, END_HAND, DEAL_HAND)


class Action(NamedTuple):
    """A decision: verb, card kind ("" if none), side whose tableau receives it (-1 if none).

    Plain, hashable and JSON-able (a JSON array). Examples: ("play", "stop", 1) puts a
    Stop on side 1's battle pile; ("discard", "25", -1); ("coup_fourre", "right_of_way",
    0); ("pass", "", -1); ("extend", "", -1); ("end_hand", "", -1); ("deal", "", -1).
    """

    verb: str
    card: str = ""
    side: int = -1

    def to_json(self) -> list[Any]:
        """The action as a JSON array."""
        return [self.verb, self.card, self.side]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Action:
        """Rebuild an action from its JSON array."""
        return cls(str(data[0]), str(data[1]), int(data[2]))


# Actions are immutable, so the engine hands out shared instances instead of new ones.
_PLAY: dict[tuple[str, int], Action] = {
    (card, side): Action(PLAY_CARD, card, side) for card in KIND_BY_ID for side in range(3)
}
_DISCARD: dict[str, Action] = {card: Action(DISCARD, card) for card in KIND_BY_ID}
DEAL_ACTION = Action(DEAL_HAND)
PASS_ACTION = Action(PASS)
EXTEND_ACTION = Action(EXTEND)
END_HAND_ACTION = Action(END_HAND)


class IllegalAction(ValueError):
    """Raised when an action is applied that the state does not allow."""


@dataclass(frozen=True)
class Options:
    """Table options: players (2, 3, 4 or 6) and the rule variants."""

    players: int = 2
    # The seed's variant: a hazard (other than Speed Limit) only on a rolling opponent.
    hazards_only_on_roll: bool = False
    # The official 101-card deck, 2-3 players only.
    short_deck: bool = False
    game_target: int = GAME_TARGET

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise ValueError(f"Mille Bornes is for 2, 3, 4 or 6 players, not {self.players}")
        if self.short_deck and self.players > 3:
            raise ValueError("the 101-card deck is for 2 or 3 players")

    @property
    def sides(self) -> int:
        """Number of sides: individual players, or teams of two for 4 and 6 players."""
        return SIDES_FOR_PLAYERS[self.players]

    @property
    def extension_allowed(self) -> bool:
        """Whether the hand is run to 700 with the extension call (all but 4 players)."""
        return self.players != 4

    @property
    def start_target(self) -> int:
        """The distance target at the start of a hand."""
        return SHORT_TARGET if self.extension_allowed else LONG_TARGET

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 106, or 101 with the short deck."""
        return sum(deck_counts(self.short_deck).values())

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "players": self.players,
            "hazards_only_on_roll": self.hazards_only_on_roll,
            "short_deck": self.short_deck,
            "game_target": self.game_target,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        """Rebuild options from plain data."""
        return cls(**data)


@dataclass
class Tableau:
    """One side's cards on the table: battle and speed piles (top last), distance, safeties."""

    battle: list[str] = field(default_factory=list)
    speed: list[str] = field(default_factory=list)
    distance: list[str] = field(default_factory=list)
    safeties: list[str] = field(default_factory=list)
    # The subset of `safeties` laid sideways as coups fourrés.
    coups_fourres: list[str] = field(default_factory=list)
    # (cards counted, km): searches ask for the distance very often, and distance cards
    # are only ever added, so the sum is redone only when the count changes.
    _km_cache: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)

    @property
    def km(self) -> int:
        """Distance travelled this hand."""
        count, km = self._km_cache
        if count != len(self.distance):
            km = sum(KM[card] for card in self.distance)
            self._km_cache = (len(self.distance), km)
        return km

    @property
    def two_hundreds(self) -> int:
        """200 km cards played this hand."""
        return self.distance.count(D200)

    def protected(self, hazard: str) -> bool:
        """Whether a safety played on this tableau stops `hazard`."""
        return SAFETY_FOR[hazard] in self.safeties

    def blocking_hazard(self) -> str | None:
        """The uncorrected hazard showing on the battle pile, if any."""
        if self.battle:
            top = self.battle[-1]
            if top in BATTLE_HAZARDS and SAFETY_FOR[top] not in self.safeties:
                return top
        return None

    def can_move(self) -> bool:
        """Whether distance may be played: a Roll showing, or Right of Way and no hazard."""
        top = self.battle[-1] if self.battle else None
        if top == ROLL:
            return True
        if RIGHT_OF_WAY not in self.safeties:
            return False
        # Right of Way means no Roll is needed; a hazard its own safety stopped is corrected.
        return top not in BATTLE_HAZARDS or SAFETY_FOR[top] in self.safeties

    def may_roll(self) -> bool:
        """Whether a Roll may go on the battle pile: empty, a remedy other than Roll, a Stop."""
        if not self.battle:
            return True
        top = self.battle[-1]
        if top == ROLL:
            return False
        if top == STOP:
            return True
        if top in BATTLE_HAZARDS:
            # A hazard corrected by a safety played normally still wants a Roll to move.
            return SAFETY_FOR[top] in self.safeties
        return True

    def speed_limited(self) -> bool:
        """Whether a Speed Limit shows on the speed pile (and Right of Way does not lift it)."""
        return (
            bool(self.speed) and self.speed[-1] == SPEED_LIMIT and RIGHT_OF_WAY not in self.safeties
        )

    def cards(self) -> list[str]:
        """Every card on this tableau."""
        return self.battle + self.speed + self.distance + self.safeties

    def copy(self) -> Tableau:
        """An independent copy."""
        return Tableau(
            self.battle[:], self.speed[:], self.distance[:], self.safeties[:], self.coups_fourres[:]
        )

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "battle": self.battle[:],
            "speed": self.speed[:],
            "distance": self.distance[:],
            "safeties": self.safeties[:],
            "coups_fourres": self.coups_fourres[:],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tableau:
        """Rebuild a tableau from plain data; InvalidState for a card out of its place."""
        return cls.read(Reader(data, "tableau"))

    @classmethod
    def read(cls, r: Reader) -> Tableau:
        """The tableau `r` holds: each pile only the cards it can hold, each safety once."""
        tableau = cls(
            _read_cards(r.key("battle"), BATTLE_PILE_CARDS),
            _read_cards(r.key("speed"), SPEED_PILE_CARDS),
            _read_cards(r.key("distance"), DISTANCES),
            _read_cards(r.key("safeties"), SAFETIES),
            _read_cards(r.key("coups_fourres"), SAFETIES),
        )
        r.check(len(set(tableau.safeties)) == len(tableau.safeties), "a safety is laid twice")
        r.check(
            len(set(tableau.coups_fourres)) == len(tableau.coups_fourres)
            and set(tableau.coups_fourres) <= set(tableau.safeties),
            "a coup fourré that is not among the safeties",
        )
        r.check(tableau.two_hundreds <= MAX_200S, f"more than {MAX_200S} 200 km cards")
        return tableau


@dataclass(frozen=True)
class Pending:
    """A hazard just played that the attacked side may answer with a coup fourré: the
    moment. `seat` is the seat asked (it holds the safety); None when nobody there holds it,
    and in what every other seat sees (public())."""

    hazard: str
    attacker: int
    side: int
    seat: int | None

    def public(self) -> Pending:
        """The moment as every seat but the one asked sees it: who is asked is left out."""
        return replace(self, seat=None)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "hazard": self.hazard,
            "attacker": self.attacker,
            "side": self.side,
            "seat": self.seat,
        }


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand and everything face up, never a hidden card."""

    seat: int
    side: int
    options: Options
    phase: str
    to_act: int | None
    turn_seat: int
    first_seat: int
    hand_number: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    tableaux: tuple[Tableau, ...]
    discard_pile: tuple[str, ...]
    draw_pile_size: int
    target: int
    extended_by: int | None
    # The coup fourré moment: whom it asks only in the observation of the seat asked.
    pending: Pending | None
    scores: tuple[int, ...]
    last_hand: dict[str, Any] | None
    winners: tuple[int, ...]

    def seen(self) -> Counter[str]:
        """Cards this seat has seen and can place: its hand, every tableau, the discards."""
        seen = Counter(self.hand)
        seen.update(self.discard_pile)
        for tableau in self.tableaux:
            seen.update(tableau.cards())
        return seen

    def unseen(self) -> Counter[str]:
        """Card counting: the cards still hidden in other hands or the draw pile."""
        unseen = deck_counts(self.options.short_deck)
        unseen.subtract(self.seen())
        return +unseen

    @classmethod
    def from_json(cls, data: Any) -> Observation:
        """An observation sent over the network (to_json data); InvalidState (a
        ValueError) for anything else: the fields in range, no card that is not one."""
        r = Reader(data)
        with restoring("Mille Bornes observation"):
            options = _read_options(r.key("options"))
            seats, sides = options.players, options.sides
            to_act, extended = r.key("to_act").or_none(), r.key("extended_by").or_none()
            pending, last = r.key("pending").or_none(), r.key("last_hand").or_none()
            seat = r.key("seat").as_int(0, seats - 1)
            observation = cls(
                seat=seat,
                side=r.key("side").as_int(0, sides - 1),
                options=options,
                phase=r.key("phase").as_str(choices=PHASES + (WAITING,)),
                to_act=None if to_act is None else to_act.as_int(0, seats - 1),
                turn_seat=r.key("turn_seat").as_int(0, seats - 1),
                first_seat=r.key("first_seat").as_int(0, seats - 1),
                hand_number=r.key("hand_number").as_int(0, MAX_HANDS),
                hand=tuple(_read_cards(r.key("hand"), KIND_BY_ID, HAND_SIZE + 1)),
                hand_sizes=tuple(
                    h.as_int(0, HAND_SIZE + 1) for h in r.key("hand_sizes").as_list(seats, seats)
                ),
                tableaux=tuple(Tableau.read(t) for t in r.key("tableaux").as_list(sides, sides)),
                discard_pile=tuple(_read_cards(r.key("discard_pile"), KIND_BY_ID)),
                draw_pile_size=r.key("draw_pile_size").as_int(0, FULL_DECK_SIZE),
                target=r.key("target").as_one_of((SHORT_TARGET, LONG_TARGET)),
                extended_by=None if extended is None else extended.as_int(0, sides - 1),
                pending=None if pending is None else _read_pending(pending, options),
                scores=tuple(
                    s.as_int(0, MAX_POINTS) for s in r.key("scores").as_list(sides, sides)
                ),
                last_hand=None if last is None else _read_last_hand(last, sides),
                winners=tuple(w.as_int(0, sides - 1) for w in r.key("winners").as_list(sides)),
            )
        require(observation.side == seat % sides, "a seat on another side")
        require(
            len(observation.hand) == observation.hand_sizes[seat],
            "the hand and its size disagree",
        )
        require(
            +(Counter(observation.seen()) - deck_counts(options.short_deck)) == Counter(),
            "more cards seen than the deck holds",
        )
        return observation

    def to_json(self) -> dict[str, Any]:
        """Plain data (for tests, logs and a guest at a network table)."""
        return {
            "seat": self.seat,
            "side": self.side,
            "options": self.options.to_json(),
            "phase": self.phase,
            "to_act": self.to_act,
            "turn_seat": self.turn_seat,
            "first_seat": self.first_seat,
            "hand_number": self.hand_number,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "tableaux": [t.to_json() for t in self.tableaux],
            "discard_pile": list(self.discard_pile),
            "draw_pile_size": self.draw_pile_size,
            "target": self.target,
            "extended_by": self.extended_by,
            "pending": self.pending.to_json() if self.pending else None,
            "scores": list(self.scores),
            "last_hand": self.last_hand,
            "winners": list(self.winners),
        }


@dataclass
class MilleState:
    """A whole game of Mille Bornes: hands in progress, tableaux, piles and game scores."""

    options: Options = field(default_factory=Options)
    scores: list[int] = field(default_factory=list)
    hand_number: int = 0  # hands dealt so far
    phase: str = DEAL
    to_act: int | None = None
    turn_seat: int = 0
    first_seat: int = 0
    hands: list[list[str]] = field(default_factory=list)
    draw_pile: list[str] = field(default_factory=list)  # top card last
    discard_pile: list[str] = field(default_factory=list)
    tableaux: list[Tableau] = field(default_factory=list)
    target: int = SHORT_TARGET
    extended_by: int | None = None  # side that called it
    pending: Pending | None = None
    last_hand: dict[str, Any] | None = None  # score breakdown of the last hand
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * self.options.sides
        if not self.hands:
            self.hands = [[] for _ in range(self.options.players)]
        if not self.tableaux:
            self.tableaux = [Tableau() for _ in range(self.options.sides)]

    @classmethod
    def new_game(cls, options: Options | None = None) -> MilleState:
        """A new game waiting for its first deal: apply DEAL_ACTION with a random.Random."""
        options = options or Options()
        return cls(options=options, target=options.start_target)

    # --- seats and sides -------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.options.players

    def side_of(self, seat: int) -> int:
        """The side (player or team) a seat plays for; partners sit opposite each other."""
        return seat % SIDES_FOR_PLAYERS[self.options.players]

    def seats_of(self, side: int) -> list[int]:
        """The seats playing for a side."""
        return list(range(side, self.options.players, self.options.sides))

    def opponents(self, side: int) -> list[int]:
        """The other sides."""
        return [s for s in range(self.options.sides) if s != side]

    # --- legality --------------------------------------------------------------------

    def hazard_allowed(self, hazard: str, side: int) -> bool:
        """Whether `hazard` may be played on `side`'s tableau (by one of its opponents)."""
        tableau = self.tableaux[side]
        if hazard == SPEED_LIMIT:
            if RIGHT_OF_WAY in tableau.safeties:
                return False
            return not tableau.speed or tableau.speed[-1] == END_OF_LIMIT
        if SAFETY_FOR[hazard] in tableau.safeties:
            return False
        if self.options.hazards_only_on_roll:
            return tableau.can_move()
        # An empty battle pile is safe from hazards, unless Right of Way lets the side move.
        return bool(tableau.battle) or tableau.can_move()

    def playable(self, seat: int, card: str) -> list[Action]:
        """Every way `seat` may play `card` on its turn (discarding not included)."""
        actions: list[Action] = []
        self._add_plays(seat, (card,), actions)
        return actions

    def _add_plays(self, seat: int, cards: Sequence[str], actions: list[Action]) -> None:
        """Append the legal plays of each distinct card kind in `cards`."""
        side = seat % self.options.sides
        tableau = self.tableaux[side]
        moving = tableau.can_move()
        if moving:
            km_left = self.target - tableau.km
            max_km = LIMITED_MAX_KM if tableau.speed_limited() else km_left
            max_km = min(max_km, km_left)
            no_more_200 = tableau.two_hundreds >= MAX_200S
        for card in cards:
            category = CATEGORY[card]
            if category == DISTANCE:
                if moving and KM[card] <= max_km and not (card == D200 and no_more_200):
                    actions.append(_PLAY[card, side])
            elif category == SAFETY:
                actions.append(_PLAY[card, side])
            elif category == REMEDY:
                if card == ROLL:
                    ok = tableau.may_roll()
                elif card == END_OF_LIMIT:
                    ok = bool(tableau.speed) and tableau.speed[-1] == SPEED_LIMIT
                else:
                    ok = tableau.blocking_hazard() == HAZARD_FOR_REMEDY[card]
                if ok:
                    actions.append(_PLAY[card, side])
            else:
                for other in range(self.options.sides):
                    if other != side and self.hazard_allowed(card, other):
                        actions.append(_PLAY[card, other])

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat `to_act` may take now (or DEAL_ACTION between hands)."""
        if self.phase == PLAY:
            seat = self.to_act
            assert seat is not None
            kinds = sorted(set(self.hands[seat]), key=CARD_ORDER.__getitem__)
            actions: list[Action] = []
            self._add_plays(seat, kinds, actions)
            actions.extend([_DISCARD[card] for card in kinds])
            return tuple(actions)
        if self.phase == COUP_FOURRE:
            assert self.pending is not None
            if self.pending.seat is None:
                return (PASS_ACTION,)  # nobody holds the safety: the moment passes
            return (
                Action(DECLARE, SAFETY_FOR[self.pending.hazard], self.pending.side),
                PASS_ACTION,
            )
        if self.phase == EXTENSION:
            return (EXTEND_ACTION, END_HAND_ACTION)
        if self.phase == DEAL:
            return (DEAL_ACTION,)
        return ()

    # --- applying actions ------------------------------------------------------------

    def apply(
        self,
        action: Action | Sequence[Any],
        rng: random.Random | None = None,
        *,
        moment: bool = False,
    ) -> list[Event]:
        """Make a legal decision and return the events it caused. The engine contract
        passes `rng` always; only the deal draws from it, so a card played (in tests and
        searches) may leave it out, and a deal without one is refused.

        `moment`: a hazard opens the coup fourré moment even when nobody on the attacked
        side holds the safety (it then waits for PASS_ACTION), so that the moment itself
        tells nobody whether anyone does (a table with people; see the module docstring).
        """
        if not isinstance(action, Action):
            action = Action.from_json(action)
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal in phase {self.phase!r}")
        if moment and action.verb == PLAY_CARD and CATEGORY[action.card] == HAZARD:
            events: list[Event] = []
            self._play(action.card, action.side, events, moment=True)
            return events
        return self.apply_unchecked(action, rng)

    def apply_unchecked(self, action: Action, rng: random.Random | None = None) -> list[Event]:
        """Apply an action already known to be legal (searches skip the check)."""
        events: list[Event] = []
        verb = action.verb
        if verb == PLAY_CARD:
            self._play(action.card, action.side, events)
        elif verb == DISCARD:
            seat = self._actor()
            self.hands[seat].remove(action.card)
            self.discard_pile.append(action.card)
            events.append(Event("discard", {"seat": seat, "card": action.card}))
            self._start_turn(seat + 1, events)
        elif verb == DECLARE:
            self._coup_fourre(events)
        elif verb == PASS:
            assert self.pending is not None
            attacker = self.pending.attacker
            self.pending = None
            self._start_turn(attacker + 1, events)
        elif verb == EXTEND:
            seat = self._actor()
            self.target = LONG_TARGET
            self.extended_by = self.side_of(seat)
            events.append(
                Event("extension", {"seat": seat, "side": self.extended_by, "target": LONG_TARGET})
            )
            self._start_turn(seat + 1, events)
        elif verb == END_HAND:
            self._end_hand(self.side_of(self._actor()), events)
        elif verb == DEAL_HAND:
            if rng is None:
                raise ValueError("dealing needs a random.Random")
            self._deal(rng, events)
        else:
            raise IllegalAction(f"unknown verb {verb!r}")
        return events

    def _actor(self) -> int:
        assert self.to_act is not None
        return self.to_act

    def _deal(self, rng: random.Random, events: list[Event]) -> None:
        deck = build_deck(self.options.short_deck)
        rng.shuffle(deck)
        players = self.players
        self.first_seat = self.hand_number % players  # the opening seat moves round
        self.hand_number += 1
        self.hands = [[] for _ in range(players)]
        for _ in range(HAND_SIZE):
            for offset in range(players):
                self.hands[(self.first_seat + offset) % players].append(deck.pop())
        self.draw_pile = deck
        self.discard_pile = []
        self.tableaux = [Tableau() for _ in range(self.options.sides)]
        self.target = self.options.start_target
        self.extended_by = None
        self.pending = None
        events.append(
            Event(
                "deal",
                {
                    "hand_number": self.hand_number,
                    "first_seat": self.first_seat,
                    "draw_pile": len(self.draw_pile),
                },
            )
        )
        self._start_turn(self.first_seat, events)

    def _draw(self, seat: int, events: list[Event]) -> None:
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        # The card is private to `seat`: a scene shows it to that seat only (see redact).
        events.append(Event("draw", {"seat": seat, "card": card, "draw_pile": len(self.draw_pile)}))

    def _start_turn(self, seat: int, events: list[Event], extra: bool = False) -> None:
        """Give `seat` (or the next seat with cards) a turn: draw if possible, then play."""
        players = self.players
        seat %= players
        for _ in range(players):
            if self.draw_pile:
                self._draw(seat, events)
            if self.hands[seat]:
                self.phase = PLAY
                self.to_act = seat
                self.turn_seat = seat
                events.append(Event("turn", {"seat": seat, "extra": extra}))
                return
            # With the draw pile gone, a seat with an empty hand has no turn.
            seat = (seat + 1) % players
            extra = False
        self._end_hand(None, events)

    def _play(self, card: str, side: int, events: list[Event], moment: bool = False) -> None:
        seat = self._actor()
        own_side = self.side_of(seat)
        self.hands[seat].remove(card)
        category = CATEGORY[card]
        if category == DISTANCE:
            tableau = self.tableaux[own_side]
            tableau.distance.append(card)
            km = tableau.km
            events.append(Event("play", {"seat": seat, "side": own_side, "card": card, "km": km}))
            if km == self.target:
                if (
                    self.options.extension_allowed
                    and self.extended_by is None
                    and self.target == SHORT_TARGET
                ):
                    self.phase = EXTENSION
                    events.append(Event("extension_offered", {"seat": seat, "side": own_side}))
                else:
                    self._end_hand(own_side, events)
                return
            self._start_turn(seat + 1, events)
        elif category == REMEDY:
            tableau = self.tableaux[own_side]
            (tableau.speed if card == END_OF_LIMIT else tableau.battle).append(card)
            events.append(Event("remedy", {"seat": seat, "side": own_side, "card": card}))
            self._start_turn(seat + 1, events)
        elif category == SAFETY:
            removed = self._lay_safety(own_side, card, coup_fourre=False)
            events.append(
                Event("safety", {"seat": seat, "side": own_side, "card": card, "removed": removed})
            )
            # A safety earns another draw and play at once.
            self._start_turn(seat, events, extra=True)
        else:
            assert category == HAZARD and side != own_side
            tableau = self.tableaux[side]
            (tableau.speed if card == SPEED_LIMIT else tableau.battle).append(card)
            events.append(Event("hazard", {"seat": seat, "side": side, "card": card}))
            safety = SAFETY_FOR[card]
            defender = next((s for s in self.seats_of(side) if safety in self.hands[s]), None)
            if defender is None and not moment:
                self._start_turn(seat + 1, events)
            else:
                # The attacked seat may answer now, before the next draw; nobody else sees
                # whether a decision is pending (observation).
                self.phase = COUP_FOURRE
                self.to_act = defender
                self.pending = Pending(card, seat, side, defender)

    def _lay_safety(self, side: int, card: str, coup_fourre: bool) -> list[str]:
        tableau = self.tableaux[side]
        tableau.safeties.append(card)
        if coup_fourre:
            tableau.coups_fourres.append(card)
        removed: list[str] = []
        if card == RIGHT_OF_WAY:
            # Right of Way clears the Stops and the Speed Limit showing.
            while tableau.battle and tableau.battle[-1] == STOP:
                removed.append(tableau.battle.pop())
            if tableau.speed and tableau.speed[-1] == SPEED_LIMIT:
                removed.append(tableau.speed.pop())
        self.discard_pile.extend(removed)
        return removed

    def _coup_fourre(self, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        seat, side, hazard = pending.seat, pending.side, pending.hazard
        safety = SAFETY_FOR[hazard]
        self.hands[seat].remove(safety)
        tableau = self.tableaux[side]
        pile = tableau.speed if hazard == SPEED_LIMIT else tableau.battle
        pile.pop()
        self.discard_pile.append(hazard)
        removed = [hazard] + self._lay_safety(side, safety, coup_fourre=True)
        skipped = []
        between = (pending.attacker + 1) % self.players
        while between != seat:
            skipped.append(between)
            between = (between + 1) % self.players
        self.pending = None
        events.append(
            Event(
                "coup_fourre",
                {
                    "seat": seat,
                    "side": side,
                    "card": safety,
                    "hazard": hazard,
                    "attacker": pending.attacker,
                    "removed": removed,
                    "skipped": skipped,
                },
            )
        )
        # The safety is replaced at once, then the seat takes a normal turn (draw, play).
        if self.draw_pile:
            self._draw(seat, events)
        self._start_turn(seat, events, extra=True)

    def _end_hand(self, completed_by: int | None, events: list[Event]) -> None:
        sides = score_hand(
            self.tableaux,
            completed_by,
            draw_pile_empty=not self.draw_pile,
            extended=self.extended_by is not None,
        )
        for side, breakdown in enumerate(sides):
            self.scores[side] += breakdown["total"]
            breakdown["game_total"] = self.scores[side]
        self.last_hand = {
            "hand_number": self.hand_number,
            "completed_by": completed_by,
            "reason": "trip" if completed_by is not None else "exhausted",
            "sides": sides,
        }
        self.to_act = None
        self.pending = None
        events.append(Event("hand_over", self.last_hand))
        best = max(self.scores)
        if best >= self.options.game_target:
            self.phase = GAME_OVER
            self.winners = [s for s, score in enumerate(self.scores) if score == best]
            events.append(
                Event(
                    "game_over",
                    {
                        "scores": self.scores[:],
                        "winners": self.winners[:],
                        "tie": len(self.winners) > 1,
                    },
                )
            )
        else:
            self.phase = DEAL

    # --- views -----------------------------------------------------------------------

    def observation(self, seat: int, *, answered: bool = False) -> Observation:
        """What `seat` may see now; hidden cards (other hands, the draw pile) are left out.

        In the coup fourré moment every seat but the one asked sees the same (phase
        WAITING, nobody to act, the moment without whom it asks); `answered`: the seat
        asked has answered already (a table holds a pass until the moment is over) and
        sees it as the others do."""
        private = self.phase == COUP_FOURRE and (seat != self.to_act or answered)
        return Observation(
            seat=seat,
            side=self.side_of(seat),
            options=self.options,
            phase=WAITING if private else self.phase,
            to_act=None if private else self.to_act,
            turn_seat=self.turn_seat,
            first_seat=self.first_seat,
            hand_number=self.hand_number,
            hand=tuple(sort_cards(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            tableaux=tuple(t.copy() for t in self.tableaux),
            discard_pile=tuple(self.discard_pile),
            draw_pile_size=len(self.draw_pile),
            target=self.target,
            extended_by=self.extended_by,
            pending=self.pending.public() if private and self.pending else self.pending,
            scores=tuple(self.scores),
            last_hand=copy.deepcopy(self.last_hand) if self.last_hand else None,
            winners=tuple(self.winners),
        )

    # --- the engine contract (game.engine.core.Engine) -------------------------------

    @property
    def seat_count(self) -> int:
        """Players at the table (partners sit apart: side_of)."""
        return self.players

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the game's target."""
        return self.phase == GAME_OVER

    def result(self) -> list[int] | None:
        """The winning sides (partners win together) once the game is over."""
        return self.winners[:] if self.is_over else None

    def view_for(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: its observation's JSON (no other hand, no draw pile)."""
        return self.observation(seat).to_json()

    def public_view(self) -> dict[str, Any]:
        """What a watcher may see: an observation's JSON with no seat and no hand (every
        hand face down, its size only), the coup fourré moment without whom it asks
        (game/engine/mille/public.py reads it)."""
        seen = self.observation(self.to_act if self.to_act is not None else 0)
        private = self.phase == COUP_FOURRE
        public = replace(
            seen,
            phase=WAITING if private else self.phase,
            to_act=None if private else self.to_act,
            hand=(),
            pending=self.pending.public() if private and self.pending else self.pending,
        )
        return {**public.to_json(), "seat": None, "side": None}

    @staticmethod
    def action_to_json(action: Action) -> list[Any]:
        """["play", "stop", 1]."""
        return action.to_json()

    @staticmethod
    def action_from_json(data: Any) -> Action:
        """The action that action_to_json wrote; InvalidState for anything else."""
        verb, card, side = Reader(data, "action").as_list(3, 3)
        return Action(
            verb.as_str(choices=VERBS),
            card.as_str(choices=("", *KIND_BY_ID)),
            side.as_int(-1, MAX_SIDES - 1),
        )

    def card_count(self) -> int:
        """Every card in hands, piles and tableaux (the deck size while a hand is on)."""
        return (
            sum(len(h) for h in self.hands)
            + len(self.draw_pile)
            + len(self.discard_pile)
            + sum(len(t.cards()) for t in self.tableaux)
        )

    def copy(self) -> MilleState:
        """An independent copy (for searches)."""
        return replace(
            self,
            scores=self.scores[:],
            hands=[h[:] for h in self.hands],
            draw_pile=self.draw_pile[:],
            discard_pile=self.discard_pile[:],
            tableaux=[t.copy() for t in self.tableaux],
            winners=self.winners[:],
        )

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON-able data (saved games, test positions)."""
        return {
            "schema": SCHEMA_VERSION,
            "options": self.options.to_json(),
            "scores": self.scores[:],
            "hand_number": self.hand_number,
            "phase": self.phase,
            "to_act": self.to_act,
            "turn_seat": self.turn_seat,
            "first_seat": self.first_seat,
            "hands": [h[:] for h in self.hands],
            "draw_pile": self.draw_pile[:],
            "discard_pile": self.discard_pile[:],
            "tableaux": [t.to_json() for t in self.tableaux],
            "target": self.target,
            "extended_by": self.extended_by,
            "pending": self.pending.to_json() if self.pending else None,
            "last_hand": self.last_hand,
            "winners": self.winners[:],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MilleState:
        """Rebuild a state from `to_json` data; InvalidState (a ValueError) for anything
        else: every field of the right type and range, and a game the rules allow."""
        r = Reader(data)
        schema = r.key("schema")
        # A whole number, as the file writes it: true and 1.0 are == 1 but no schema.
        schema.check(
            type(schema.value) is int and schema.value == SCHEMA_VERSION,
            "not a known Mille Bornes schema",
        )
        with restoring("Mille Bornes saved game"):
            options = _read_options(r.key("options"))
            seats, sides = options.players, options.sides
            to_act, extended = r.key("to_act").or_none(), r.key("extended_by").or_none()
            pending, last = r.key("pending").or_none(), r.key("last_hand").or_none()
            state = cls(
                options=options,
                scores=[s.as_int(0, MAX_POINTS) for s in r.key("scores").as_list(sides, sides)],
                hand_number=r.key("hand_number").as_int(0, MAX_HANDS),
                phase=r.key("phase").as_str(choices=PHASES),
                to_act=None if to_act is None else to_act.as_int(0, seats - 1),
                turn_seat=r.key("turn_seat").as_int(0, seats - 1),
                first_seat=r.key("first_seat").as_int(0, seats - 1),
                hands=[
                    _read_cards(h, KIND_BY_ID, HAND_SIZE + 1)
                    for h in r.key("hands").as_list(seats, seats)
                ],
                draw_pile=_read_cards(r.key("draw_pile"), KIND_BY_ID),
                discard_pile=_read_cards(r.key("discard_pile"), KIND_BY_ID),
                tableaux=[Tableau.read(t) for t in r.key("tableaux").as_list(sides, sides)],
                target=r.key("target").as_one_of((SHORT_TARGET, LONG_TARGET)),
                extended_by=None if extended is None else extended.as_int(0, sides - 1),
                pending=None if pending is None else _read_pending(pending, options),
                last_hand=None if last is None else _read_last_hand(last, sides),
                winners=[w.as_int(0, sides - 1) for w in r.key("winners").as_list(sides)],
            )
        state._check_whole()
        return state

    def _check_whole(self) -> None:
        """InvalidState unless the fields make a game these rules could be playing."""
        in_play = (
            [card for hand in self.hands for card in hand]
            + self.draw_pile
            + self.discard_pile
            + [card for t in self.tableaux for card in t.cards()]
        )
        dealt = self.hand_number > 0
        require(
            Counter(in_play) == deck_counts(self.options.short_deck)
            if dealt
            else not in_play and self.phase == DEAL and not any(self.scores),
            "the cards are not the deck, each card once",
        )
        phase, seat = self.phase, self.to_act
        nobody_asked = (
            phase == COUP_FOURRE and self.pending is not None and self.pending.seat is None
        )
        require(
            (seat is None) == (phase in (DEAL, GAME_OVER) or nobody_asked),
            "a seat to act between hands, or none during a hand",
        )
        require(
            (self.pending is None) == (phase != COUP_FOURRE),
            "a coup fourré question outside its phase",
        )
        if phase == PLAY:
            require(
                seat == self.turn_seat and bool(self.hands[seat]),
                "the seat to play has no turn or no cards",
            )
        if phase == COUP_FOURRE:
            p = self.pending
            pile = (
                self.tableaux[p.side].speed
                if p.hazard == SPEED_LIMIT
                else self.tableaux[p.side].battle
            )
            holders = [s for s in self.seats_of(p.side) if SAFETY_FOR[p.hazard] in self.hands[s]]
            require(
                seat == p.seat
                and (p.seat in holders if p.seat is not None else not holders)
                and self.side_of(p.attacker) != p.side
                and p.attacker == self.turn_seat
                and bool(pile)
                and pile[-1] == p.hazard,
                "the coup fourré question does not match the table",
            )
        require(
            self.target
            == (LONG_TARGET if self.extended_by is not None else self.options.start_target)
            and (self.extended_by is None or self.options.extension_allowed),
            "the trip's length does not match the extension",
        )
        for tableau in self.tableaux:
            require(tableau.km <= self.target, "a side went past the end of the trip")
        if phase == EXTENSION:
            require(
                seat == self.turn_seat
                and self.extended_by is None
                and self.options.extension_allowed
                and self.tableaux[self.side_of(seat)].km == self.target == SHORT_TARGET,
                "an extension offered to a side that has not reached 700 km",
            )
        elif phase in HAND_IN_PLAY:
            require(
                all(t.km < self.target for t in self.tableaux),
                "a hand goes on after a side reached the end of the trip",
            )
            require(dealt, "a hand in play before the first deal")
        best = max(self.scores)
        if phase == GAME_OVER:
            require(
                best >= self.options.game_target
                and self.last_hand is not None
                and self.winners == [s for s, v in enumerate(self.scores) if v == best],
                "the winners are not the best scores of a finished game",
            )
        else:
            require(
                not self.winners and best < self.options.game_target,
                "winners, or a side past the game's target, before the game is over",
            )
        last = self.last_hand
        require(
            last is None
            or last["hand_number"] <= self.hand_number
            and all(side["game_total"] == self.scores[side["side"]] for side in last["sides"]),
            "the last hand's score sheet does not match the scores",
        )


def redact(event: Event, seat: int) -> Event:
    """The event as `seat` may see it: another seat's drawn card is hidden."""
    if event.kind == "draw" and event.data.get("seat") != seat:
        return Event("draw", {k: v for k, v in event.data.items() if k != "card"})
    return event


def _read_options(o: Reader) -> Options:
    """The table's options, as a saved game and an observation hold them."""
    return Options(
        o.key("players").as_one_of(PLAYER_COUNTS),
        o.key("hazards_only_on_roll").as_bool(),
        o.key("short_deck").as_bool(),
        o.key("game_target").as_int(1, MAX_GAME_TARGET),
    )


def _read_pending(p: Reader, options: Options) -> Pending:
    """A coup fourré's question, its seats and side within the table's."""
    seats, sides = options.players, options.sides
    asked = p.key("seat").or_none()
    return Pending(
        p.key("hazard").as_str(choices=HAZARDS),
        p.key("attacker").as_int(0, seats - 1),
        p.key("side").as_int(0, sides - 1),
        None if asked is None else asked.as_int(0, seats - 1),
    )


def _read_cards(r: Reader, allowed: Any, max_length: int = FULL_DECK_SIZE) -> list[str]:
    """A list of card ids, each one of `allowed`."""
    return [card.as_str(choices=allowed) for card in r.as_list(max_length)]


def _read_last_hand(r: Reader, sides: int) -> dict[str, Any]:
    """The score sheet of the last hand, in the shape `_end_hand` gives it."""
    completed = r.key("completed_by").or_none()
    completed_by = None if completed is None else completed.as_int(0, sides - 1)
    reason = r.key("reason").as_str(choices=("trip", "exhausted"))
    r.check((reason == "trip") == (completed_by is not None), "a trip without its side")
    sheets = []
    for index, sheet in enumerate(r.key("sides").as_list(sides, sides)):
        sheet.check(sheet.key("side").as_int(0, sides - 1) == index, "sides out of order")
        lines = []
        for line, (key, label) in zip(
            sheet.key("lines").as_list(len(SCORE_LINES), len(SCORE_LINES)), SCORE_LINES
        ):
            line.check(
                line.key("key").value == key and line.key("label").value == label,
                f"not the {label!r} line",
            )
            lines.append(
                {
                    "key": key,
                    "label": label,
                    "count": line.key("count").as_int(0, MAX_POINTS),
                    "points": line.key("points").as_int(0, MAX_POINTS),
                }
            )
        total = sheet.key("total").as_int(0, MAX_POINTS)
        sheet.check(total == sum(line["points"] for line in lines), "lines do not add up")
        sheets.append(
            {
                "side": index,
                "lines": lines,
                "total": total,
                "game_total": sheet.key("game_total").as_int(0, MAX_POINTS),
            }
        )
    return {
        "hand_number": r.key("hand_number").as_int(1, MAX_HANDS),
        "completed_by": completed_by,
        "reason": reason,
        "sides": sheets,
    }
