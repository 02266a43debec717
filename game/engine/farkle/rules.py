"""The rules of Farkle 1.0 as a state, its legal actions, and the events an action causes.

A turn: the seat to play rolls all six dice ("start" phase); with dice on the table
("rolled" phase) it holds one or more scoring dice and either rolls the rest or banks.
Holding all six ("hot dice") lets all six be rolled again, the turn total carrying on.
A roll with nothing that scores is a farkle and loses the turn's points.

Decisions where the seed is silent (see also scoring.py):
- Reaching the target counts as "going over" it: a bank to a score >= target starts the
  final round.
- The minimum bank also holds in the final round: there a seat may bank only once its
  turn total meets the minimum *and* its score would beat the highest score so far.
- "On the board" (for the until-on-board minimum) means having banked once (score > 0).
- Banking with nothing held from the last roll is refused with a beep event, and so is
  banking below the minimum; the state does not change. Anything else illegal raises
  IllegalAction: a scene asks `legal_actions()` or `is_valid_hold()` first.
- Winners: every active seat with the highest score (ties share), when the last seat of
  the final round has played — or at once if the game has only one active seat.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..core import Event, NothingHidden
from ..dice import roll_dice
from ..saved import Reader, require, restoring
from .scoring import DICE, POINT_STEP, is_farkle, score

SCHEMA_VERSION = 1
TARGETS = (10000, 5000)
DEFAULT_TARGET = 10000
MIN_BANKS = (0, 300, 500, 1000)
DEFAULT_MIN_BANK = 500
EVERY_TURN = "every_turn"
UNTIL_ON_BOARD = "until_on_board"
MIN_BANK_SCOPES = (EVERY_TURN, UNTIL_ON_BOARD)
MAX_SEATS = 4
# Beyond any real score (a game ends soon after 10,000): a saved game above it is damaged.
MAX_POINTS = 10_000_000
MAX_TURNS = 1_000_000

HUMAN, COMPUTER, NONE = "human", "computer", "none"
SEAT_KINDS = (HUMAN, COMPUTER, NONE)
# The computer levels a seat may name (ai.py plays them); here, so that a saved seat's
# level is checked without the rules importing the agents, which import the rules.
CAUTIOUS, STANDARD, EXPERT = "cautious", "standard", "expert"
LEVELS = (CAUTIOUS, STANDARD, EXPERT)

ROLL, BANK = "roll", "bank"
START, ROLLED, OVER = "start", "rolled", "over"

# Why a bank was refused (the data of a "bank_refused" event).
NOTHING_HELD = "nothing_held"
BELOW_MINIMUM = "below_minimum"
MUST_BEAT_LEADER = "must_beat_leader"


class IllegalAction(ValueError):
    """An action the rules do not allow in this state."""


class FarkleAction(NamedTuple):
    """Hold the dice at these indices of the current roll, then roll on or bank.

    A plain tuple: hashable, and JSON as ["roll", [0, 3]]. At the start of a turn the
    only action is ("roll", ()): roll all six.
    """

    kind: str
    held: tuple[int, ...] = ()

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> FarkleAction:
        """The action from its JSON form ["roll", [0, 3]]."""
        kind, held = data
        return cls(str(kind), tuple(int(i) for i in held))


ROLL_ALL = FarkleAction(ROLL, ())


@dataclass(frozen=True)
class FarkleOptions:
    """Table options: game target, minimum bank and when that minimum applies."""

    target: int = DEFAULT_TARGET
    min_bank: int = DEFAULT_MIN_BANK
    min_bank_scope: str = EVERY_TURN

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}")
        if self.min_bank not in MIN_BANKS:
            raise ValueError(f"minimum bank must be one of {MIN_BANKS}")
        if self.min_bank_scope not in MIN_BANK_SCOPES:
            raise ValueError(f"minimum bank scope must be one of {MIN_BANK_SCOPES}")

    def min_bank_for(self, score: int) -> int:
        """The minimum turn total to bank for a seat with this score."""
        if self.min_bank_scope == UNTIL_ON_BOARD and score > 0:
            return 0
        return self.min_bank

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "target": self.target,
            "min_bank": self.min_bank,
            "min_bank_scope": self.min_bank_scope,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FarkleOptions:
        """Options from `to_json` data."""
        return cls(int(data["target"]), int(data["min_bank"]), str(data["min_bank_scope"]))


@dataclass
class Seat:
    """One place at the table: a human, a computer (with its level) or nobody."""

    kind: str = HUMAN
    level: str | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"seat kind must be one of {SEAT_KINDS}")

    @property
    def active(self) -> bool:
        """Whether somebody sits here."""
        return self.kind != NONE

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"kind": self.kind, "level": self.level, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """A seat from `to_json` data."""
        return cls(str(data["kind"]), data.get("level"), str(data.get("name", "")))


@dataclass(frozen=True)
class FarkleObservation:
    """Everything a seat may see (in Farkle, everything is public)."""

    seat: int
    current: int
    phase: str
    roll: tuple[int, ...]
    turn_points: int
    set_aside: tuple[int, ...]
    scores: tuple[int, ...]
    active: tuple[int, ...]
    options: FarkleOptions
    final_round: bool
    still_to_play: tuple[int, ...]  # seats whose final turn comes after this one
    bank_need: int  # least turn total the current seat may bank

    @property
    def leader_score(self) -> int:
        """Highest score of the other active seats."""
        return max((self.scores[s] for s in self.active if s != self.seat), default=0)


@dataclass
class FarkleState(NothingHidden):
    """A game of Farkle: seats, scores, whose turn, and the dice of the turn in play (all
    of it public: every seat's view is the whole state)."""

    seats: list[Seat]
    options: FarkleOptions = field(default_factory=FarkleOptions)
    scores: list[int] = field(default_factory=list)
    current: int = 0
    phase: str = START
    turn_points: int = 0  # held this turn, before the dice on the table
    roll: tuple[int, ...] = ()  # the dice on the table
    set_aside: tuple[int, ...] = ()  # held since the turn began or hot dice
    final_round: bool = False
    final_trigger: int | None = None
    final_pending: list[int] = field(default_factory=list)  # final turns still to come
    winners: list[int] = field(default_factory=list)
    turn_number: int = 1

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat | str],
        options: FarkleOptions | None = None,
        first: int | None = None,
    ) -> FarkleState:
        """A fresh game; `first` is the seat to start (default: the first active seat)."""
        built = [Seat(s) if isinstance(s, str) else s for s in seats]
        if not 1 <= len(built) <= MAX_SEATS:
            raise ValueError(f"between 1 and {MAX_SEATS} seats")
        if not any(seat.active for seat in built):
            raise ValueError("at least one seat must be active")
        if first is None:
            first = next(i for i, seat in enumerate(built) if seat.active)
        if not (0 <= first < len(built) and built[first].active):
            raise ValueError("the first seat must be an active seat")
        return cls(
            seats=built, options=options or FarkleOptions(), scores=[0] * len(built), current=first
        )

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == OVER

    @property
    def active_seats(self) -> list[int]:
        """Indices of the seats somebody sits in."""
        return [i for i, seat in enumerate(self.seats) if seat.active]

    @property
    def dice_left(self) -> int:
        """Dice on the table, or the six a turn starts with."""
        return len(self.roll) if self.phase == ROLLED else DICE

    @property
    def leader_score(self) -> int:
        """Highest score of the active seats other than the one to play."""
        return max((self.scores[s] for s in self.active_seats if s != self.current), default=0)

    def bank_need(self) -> int:
        """The least turn total the seat to play may bank now."""
        need = self.options.min_bank_for(self.scores[self.current])
        if self.final_round:
            need = max(need, self.leader_score - self.scores[self.current] + 1)
        return need

    def is_valid_hold(self, held: Sequence[int]) -> bool:
        """Whether these indices of the roll may be held: distinct, and every die scores."""
        if self.phase != ROLLED or not held:
            return False
        if len(set(held)) != len(held) or not all(0 <= i < len(self.roll) for i in held):
            return False
        return score([self.roll[i] for i in held]) > 0

    def hold_points(self, held: Sequence[int]) -> int:
        """Points for holding these indices of the roll (0 if not a valid hold)."""
        return score([self.roll[i] for i in held]) if self.is_valid_hold(held) else 0

    def valid_holds(self) -> list[tuple[int, ...]]:
        """Every valid hold as sorted indices, fewest dice first."""
        if self.phase != ROLLED:
            return []
        indices = range(len(self.roll))
        return [
            held
            for size in range(1, len(self.roll) + 1)
            for held in itertools.combinations(indices, size)
            if score([self.roll[i] for i in held]) > 0
        ]

    def holdable_indices(self) -> set[int]:
        """Dice that belong to at least one valid hold (the others can never be held)."""
        return {i for held in self.valid_holds() for i in held}

    def best_hold(self) -> tuple[int, ...]:
        """The hold worth most points (then the most dice): "hold everything that scores"."""
        holds = self.valid_holds()
        if not holds:
            return ()
        return max(holds, key=lambda h: (self.hold_points(h), len(h)))

    def bank_refusal(self, held: Sequence[int]) -> str | None:
        """Why banking with this hold would be refused, or None if it is allowed."""
        if not held:
            return NOTHING_HELD
        total = self.turn_points + self.hold_points(held)
        if total < self.options.min_bank_for(self.scores[self.current]):
            return BELOW_MINIMUM
        if total < self.bank_need():
            return MUST_BEAT_LEADER
        return None

    def legal_actions(self) -> list[FarkleAction]:
        """Every action the seat to play may take."""
        if self.phase == START:
            return [ROLL_ALL]
        if self.phase == OVER:
            return []
        actions = []
        for held in self.valid_holds():
            actions.append(FarkleAction(ROLL, held))
            if self.turn_points + self.hold_points(held) >= self.bank_need():
                actions.append(FarkleAction(BANK, held))
        return actions

    def observation(self, seat: int) -> FarkleObservation:
        """What `seat` sees."""
        return FarkleObservation(
            seat=seat,
            current=self.current,
            phase=self.phase,
            roll=self.roll,
            turn_points=self.turn_points,
            set_aside=self.set_aside,
            scores=tuple(self.scores),
            active=tuple(self.active_seats),
            options=self.options,
            final_round=self.final_round,
            still_to_play=tuple(self.final_pending) if self.final_round else (),
            bank_need=self.bank_need() if self.phase != OVER else 0,
        )

    # ------------------------------------ the engine contract (game.engine.core.Engine)

    @property
    def seat_count(self) -> int:
        """Places at the table, empty ones included."""
        return len(self.seats)

    def result(self) -> list[int] | None:
        """The winners (ties share) once the game is over."""
        return list(self.winners) if self.is_over else None

    @staticmethod
    def action_to_json(action: FarkleAction) -> list[Any]:
        """["roll", [0, 3]]."""
        return [action.kind, list(action.held)]

    @staticmethod
    def action_from_json(data: Any) -> FarkleAction:
        """The action from its JSON form; InvalidState for anything else."""
        kind, held = Reader(data, "action").as_list(2, 2)
        return FarkleAction(
            kind.as_str(choices=(ROLL, BANK)),
            tuple(i.as_int(0, DICE - 1) for i in held.as_list(DICE)),
        )

    # ----------------------------------------------------------------- actions

    def apply(self, action: Sequence[Any], rng: random.Random) -> list[Event]:
        """Carry out an action of the seat to play; return the events it caused."""
        action = FarkleAction(str(action[0]), tuple(action[1]) if len(action) > 1 else ())
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if action.kind not in (ROLL, BANK):
            raise IllegalAction(f"unknown action {action.kind!r}")
        if self.phase == START:
            if action != ROLL_ALL:
                raise IllegalAction("a turn starts by rolling all six dice")
            return self._roll(DICE, rng)
        if action.kind == BANK and not action.held:
            # The seed's beep: passing the dice without keeping anything from the roll.
            return [Event("bank_refused", {"seat": self.current, "reason": NOTHING_HELD})]
        if not self.is_valid_hold(action.held):
            raise IllegalAction(f"dice {action.held} of {self.roll} cannot be held")
        if action.kind == BANK:
            reason = self.bank_refusal(action.held)
            if reason is not None:
                return [
                    Event(
                        "bank_refused",
                        {"seat": self.current, "reason": reason, "need": self.bank_need()},
                    )
                ]
        events = self._hold(action.held, rolling=action.kind == ROLL)
        if action.kind == BANK:
            return events + self._bank()
        return events + self._roll(len(self.roll) or DICE, rng)

    def _hold(self, held: tuple[int, ...], rolling: bool) -> list[Event]:
        dice = tuple(self.roll[i] for i in sorted(held))
        points = score(dice)
        self.turn_points += points
        self.set_aside += dice
        self.roll = tuple(d for i, d in enumerate(self.roll) if i not in held)
        events = [
            Event(
                "hold",
                {
                    "seat": self.current,
                    "indices": tuple(sorted(held)),
                    "dice": dice,
                    "points": points,
                    "turn_points": self.turn_points,
                },
            )
        ]
        if not self.roll:
            # Hot dice means rolling all six again: a bank that holds all six is a bank.
            if rolling:
                events.append(
                    Event("hot_dice", {"seat": self.current, "turn_points": self.turn_points})
                )
            self.set_aside = ()
        return events

    def _roll(self, count: int, rng: random.Random) -> list[Event]:
        self.roll = roll_dice(rng, count)
        self.phase = ROLLED
        events = [
            Event(
                "roll", {"seat": self.current, "dice": self.roll, "turn_points": self.turn_points}
            )
        ]
        if is_farkle(self.roll):
            events.append(
                Event("farkle", {"seat": self.current, "dice": self.roll, "lost": self.turn_points})
            )
            self.turn_points = 0
            events += self._end_turn()
        return events

    def _bank(self) -> list[Event]:
        seat = self.current
        banked = self.turn_points
        before = self.scores[seat]
        self.scores[seat] += banked
        self.turn_points = 0
        events = [
            Event(
                "bank",
                {"seat": seat, "points": banked, "before": before, "score": self.scores[seat]},
            )
        ]
        if not self.final_round and self.scores[seat] >= self.options.target:
            self.final_round = True
            self.final_trigger = seat
            self.final_pending = self._seats_after(seat)
            if self.final_pending:
                events.append(
                    Event(
                        "final_round",
                        {
                            "seat": seat,
                            "score": self.scores[seat],
                            "to_play": tuple(self.final_pending),
                        },
                    )
                )
        return events + self._end_turn()

    def _seats_after(self, seat: int) -> list[int]:
        count = len(self.seats)
        return [
            (seat + k) % count for k in range(1, count) if self.seats[(seat + k) % count].active
        ]

    def _end_turn(self) -> list[Event]:
        self.roll = ()
        self.set_aside = ()
        self.turn_points = 0
        if self.final_round and not self.final_pending:
            self.phase = OVER
            best = max(self.scores[s] for s in self.active_seats)
            self.winners = [s for s in self.active_seats if self.scores[s] == best]
            return [
                Event("game_over", {"winners": tuple(self.winners), "scores": tuple(self.scores)})
            ]
        if self.final_round:
            self.current = self.final_pending.pop(0)
        else:
            self.current = (
                self._seats_after(self.current)[0] if len(self.active_seats) > 1 else self.current
            )
        self.phase = START
        self.turn_number += 1
        return [Event("turn_start", {"seat": self.current, "final": self.final_round})]

    # ----------------------------------------------------------------- saving

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data for saved games and test positions."""
        return {
            "schema": SCHEMA_VERSION,
            "seats": [seat.to_json() for seat in self.seats],
            "options": self.options.to_json(),
            "scores": list(self.scores),
            "current": self.current,
            "phase": self.phase,
            "turn_points": self.turn_points,
            "roll": list(self.roll),
            "set_aside": list(self.set_aside),
            "final_round": self.final_round,
            "final_trigger": self.final_trigger,
            "final_pending": list(self.final_pending),
            "winners": list(self.winners),
            "turn_number": self.turn_number,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FarkleState:
        """A state from `to_json` data; InvalidState (a ValueError) on data it cannot
        trust: every field of the right type and range, and a game the rules allow."""
        r = Reader(data)
        schema = r.key("schema")
        schema.check(schema.value == SCHEMA_VERSION, "not a known Farkle save schema")
        with restoring("Farkle saved game"):  # i18n: not shown (save check)
            seats = [_read_seat(s) for s in r.key("seats").as_list(MAX_SEATS, min_length=1)]
            last_seat = len(seats) - 1
            trigger = r.key("final_trigger").or_none()
            o = r.key("options")
            state = cls(
                seats=seats,
                options=FarkleOptions(
                    o.key("target").as_one_of(TARGETS),
                    o.key("min_bank").as_one_of(MIN_BANKS),
                    o.key("min_bank_scope").as_str(choices=MIN_BANK_SCOPES),
                ),
                scores=[
                    s.as_int(0, MAX_POINTS) for s in r.key("scores").as_list(len(seats), len(seats))
                ],
                current=r.key("current").as_int(0, last_seat),
                phase=r.key("phase").as_str(choices=(START, ROLLED, OVER)),
                turn_points=r.key("turn_points").as_int(0, MAX_POINTS),
                roll=tuple(d.as_int(1, 6) for d in r.key("roll").as_list(DICE)),
                set_aside=tuple(d.as_int(1, 6) for d in r.key("set_aside").as_list(DICE)),
                final_round=r.key("final_round").as_bool(),
                final_trigger=None if trigger is None else trigger.as_int(0, last_seat),
                final_pending=[
                    s.as_int(0, last_seat) for s in r.key("final_pending").as_list(last_seat)
                ],
                winners=[s.as_int(0, last_seat) for s in r.key("winners").as_list(len(seats))],
                turn_number=r.key("turn_number").as_int(1, MAX_TURNS),
            )
        state._check_whole()
        return state

    def _check_whole(self) -> None:
        """InvalidState unless the fields make a game these rules could be playing."""
        active = set(self.active_seats)
        require(bool(active), "no seat is taken")  # i18n: not shown (save check)
        require(self.current in active, "the seat to play is empty")  # i18n: not shown (save check)
        require(
            all(self.scores[s] == 0 for s in range(len(self.seats)) if s not in active),
            "an empty seat has points",  # i18n: not shown (save check)
        )
        require(
            all(points % POINT_STEP == 0 for points in (*self.scores, self.turn_points)),
            f"points no dice can make (every score is a multiple of {POINT_STEP})",  # i18n: not shown (save check)
        )
        if self.phase == ROLLED:
            require(
                bool(self.roll) and not is_farkle(self.roll),
                "the dice on the table must score (a farkle ends the turn)",  # i18n: not shown (save check)
            )
        else:
            require(
                not self.roll and not self.set_aside and not self.turn_points,
                "dice or points on the table between turns",  # i18n: not shown (save check)
            )
        if self.final_round:
            require(
                self.final_trigger in active
                and self.scores[self.final_trigger] >= self.options.target,
                "the final round was not started by a seat that reached the target",  # i18n: not shown (save check)
            )
            pending = self.final_pending
            require(
                len(set(pending)) == len(pending)
                and set(pending) <= active
                and self.final_trigger not in pending,
                "the seats still to play the final round are not other taken seats",  # i18n: not shown (save check)
            )
            require(
                self.phase == OVER
                or (self.current != self.final_trigger and self.current not in pending),
                "the seat to play is not playing its final turn",  # i18n: not shown (save check)
            )
        else:
            require(
                self.final_trigger is None and not self.final_pending,
                "a final round that has not started",  # i18n: not shown (save check)
            )
            require(
                all(self.scores[s] < self.options.target for s in active),
                "a seat reached the target without starting the final round",  # i18n: not shown (save check)
            )
        if self.phase == OVER:
            best = max(self.scores[s] for s in active)
            require(
                self.final_round
                and not self.final_pending
                and self.winners == [s for s in sorted(active) if self.scores[s] == best],
                "the winners are not the best scores of a finished game",  # i18n: not shown (save check)
            )
        else:
            require(not self.winners, "winners before the game is over")


def _read_seat(r: Reader) -> Seat:
    """A seat from saved data: a known kind, and a known level (or none)."""
    level = r.key("level").or_none()
    return Seat(
        r.key("kind").as_str(choices=SEAT_KINDS),
        None if level is None else level.as_str(choices=LEVELS),
        r.key("name").as_str(),
    )
