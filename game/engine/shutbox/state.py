"""A game of Shut The Box: players, turns, the box, the dice; legal actions and `apply`.

Turn flow: in the ROLL phase the only actions are rolls; a roll that no open doors can
match ends the turn at once, otherwise the phase becomes SHUT and the actions are the
door sets totalling the roll. Shutting returns to ROLL, or ends the turn if the box is
shut. A finished turn reopens every door and passes the dice to the next player.

A human's selection is built door by door in the scene, not here: the scene asks
`check_selection` / `may_toggle` while the player picks doors and applies one `Shut`
when the selection totals the roll. So "doors shut since the last roll" that a click may
reopen are the scene's selection; once a `Shut` is applied it is final (in the seed the
next roll is what commits the doors, so the scene can apply `Shut` and `Roll` together).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import Event, NothingHidden
from ..dice import roll_dice
from ..saved import Reader, require, restoring
from .rules import (
    ALL_DOORS,
    DOORS,
    LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ONE_DIE,
    PERFECT_TURN,
    SHUT_MASKS,
    TURN_SCORES,
    TURNS_PER_PLAYER,
    TWO_DICE,
    Action,
    Roll,
    Shut,
    from_mask,
    one_die_allowed,
    to_mask,
    turn_score,
)

ROLL = "roll"  # waiting for the current player to roll
SHUT = "shut"  # dice are down and matchable: waiting for a door set
OVER = "over"  # every player has played every turn
PHASES = (ROLL, SHUT, OVER)
SCHEMA_VERSION = 1


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state."""


@dataclass
class Player:
    """A seat: its name, human or computer (with a level), and its turn scores so far."""

    name: str
    computer: bool = False
    level: str | None = None
    turn_scores: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.computer and self.level not in LEVELS:
            raise ValueError(f"a computer player needs a level from {LEVELS}, not {self.level!r}")

    @property
    def total(self) -> int:
        """Game score so far."""
        return sum(self.turn_scores)

    @property
    def boxes_shut(self) -> int:
        """Turns in which this player shut every door."""
        return sum(1 for score in self.turn_scores if score == PERFECT_TURN)

    def to_json(self) -> dict[str, Any]:
        """Plain data for saved games."""
        return {
            "name": self.name,
            "computer": self.computer,
            "level": self.level,
            "turn_scores": list(self.turn_scores),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        """The player that `to_json()` wrote; InvalidState for anything else."""
        return cls.read(Reader(data, "player"))

    @classmethod
    def read(cls, r: Reader) -> Player:
        """The player `r` holds, checked (turn scores against the game: ShutBoxState)."""
        level = r.key("level").or_none()
        computer = r.key("computer").as_bool()
        # Checked before the constructor, whose own refusal would not name the place.
        r.check(
            level is not None or not computer,
            "a computer needs a level",  # i18n: not shown (a save's check)
        )
        return cls(
            r.key("name").as_str(),
            computer,
            None if level is None else level.as_str(choices=LEVELS),
            [s.as_int(0, PERFECT_TURN) for s in r.key("turn_scores").as_list(TURNS_PER_PLAYER)],
        )


@dataclass(frozen=True)
class TurnRecord:
    """How a finished turn ended, kept so a scene can show it after the doors reopen."""

    player: int
    turn: int
    doors_shut: frozenset[int]
    dice: tuple[int, ...]  # the final roll (unusable, or the one that shut the box)
    score: int
    box_shut: bool

    def to_json(self) -> dict[str, Any]:
        """Plain data for saved games."""
        return {
            "player": self.player,
            "turn": self.turn,
            "doors_shut": sorted(self.doors_shut),
            "dice": list(self.dice),
            "score": self.score,
            "box_shut": self.box_shut,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnRecord:
        """The record that `to_json()` wrote; InvalidState for anything else."""
        return cls.read(Reader(data, "last_turn"), MAX_PLAYERS)

    @classmethod
    def read(cls, r: Reader, players: int) -> TurnRecord:
        """The record `r` holds, consistent in itself (against the game: ShutBoxState)."""
        doors = r.key("doors_shut")
        record = cls(
            r.key("player").as_int(0, players - 1),
            r.key("turn").as_int(1, TURNS_PER_PLAYER),
            frozenset(d.as_int(1, 9) for d in doors.as_list(len(ALL_DOORS))),
            tuple(d.as_int(1, 6) for d in r.key("dice").as_list(TWO_DICE)),
            r.key("score").as_int(0, PERFECT_TURN),
            r.key("box_shut").as_bool(),
        )
        doors.check(
            len(record.doors_shut) == len(doors.value),
            "a door is listed twice",  # i18n: not shown (a save's check)
        )
        r.check(
            record.score == turn_score(ALL_DOORS - record.doors_shut)
            and record.box_shut == (record.doors_shut == ALL_DOORS),
            "the score and the box do not match the doors shut",  # i18n: not shown (a save's check)
        )
        return record


@dataclass(frozen=True)
class SelectionCheck:
    """What the rules say of a tentative door selection against the current roll."""

    doors: frozenset[int]
    total: int  # sum of the selected doors
    target: int  # the roll's total (0 when there is no roll to match)
    valid: bool  # every selected door is open and a roll awaits a shut
    complete: bool  # valid and totals the roll: may be confirmed as a `Shut`
    extendable: bool  # valid and some legal shut contains it (complete counts too)

    @property
    def remaining(self) -> int:
        """How much more the selection needs to total the roll (negative if over)."""
        return self.target - self.total


@dataclass
class ShutBoxState(NothingHidden):
    """The whole game; mutate it only through `apply`. Nothing is hidden: every seat's view
    is the whole state."""

    players: list[Player]
    one_die_option: bool = False
    current: int = 0  # index of the player whose turn it is
    turn_number: int = 1  # 1..TURNS_PER_PLAYER: the round being played
    open_doors: frozenset[int] = ALL_DOORS
    dice: tuple[int, ...] = ()  # the latest roll this turn; () before the first
    phase: str = ROLL
    shut_since_roll: frozenset[int] = frozenset()  # what the latest Shut closed
    last_turn: TurnRecord | None = None

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise ValueError(f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(self.players)}")
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        self.open_doors = frozenset(self.open_doors)
        self.shut_since_roll = frozenset(self.shut_since_roll)
        self.dice = tuple(self.dice)
        # A saved game may be damaged: refuse any state the rules could not have reached.
        to_mask(self.open_doors | self.shut_since_roll)  # rejects doors outside 1..9
        if not 0 <= self.current < len(self.players):
            raise ValueError(f"no player {self.current}")
        if not 1 <= self.turn_number <= TURNS_PER_PLAYER:
            raise ValueError(f"no turn {self.turn_number}")
        if len(self.dice) > TWO_DICE or any(not 1 <= d <= 6 for d in self.dice):
            raise ValueError(f"impossible dice {self.dice}")
        if self.phase == SHUT and not SHUT_MASKS[to_mask(self.open_doors)].get(self.roll_total):
            raise ValueError("waiting for a shut that no open doors can make")
        for seat, player in enumerate(self.players):
            played = self.turn_number - (seat >= self.current and self.phase != OVER)
            if len(player.turn_scores) != played:
                raise ValueError(
                    f"{player.name!r} has {len(player.turn_scores)} turn scores, not {played}"
                )
            if any(score not in TURN_SCORES for score in player.turn_scores):
                raise ValueError(f"impossible turn score for {player.name!r}")

    @classmethod
    def new(cls, players: Sequence[Player | str], one_die_option: bool = False) -> ShutBoxState:
        """A fresh game; plain strings become human players of that name."""
        seats = [Player(p) if isinstance(p, str) else replace(p, turn_scores=[]) for p in players]
        return cls(seats, one_die_option)

    # --- what the scene reads -----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether every player has played every turn."""
        return self.phase == OVER

    @property
    def current_player(self) -> Player:
        """The player whose turn it is (the last one to play once the game is over)."""
        return self.players[self.current]

    @property
    def roll_total(self) -> int:
        """Total of the current dice, 0 before the turn's first roll."""
        return sum(self.dice)

    @property
    def shut_doors(self) -> frozenset[int]:
        """Doors shut so far this turn."""
        return ALL_DOORS - self.open_doors

    @property
    def turn_score_so_far(self) -> int:
        """What the current turn would score if it ended now."""
        return turn_score(self.open_doors)

    def totals(self) -> list[int]:
        """Every player's game score, in seat order."""
        return [p.total for p in self.players]

    def turn_scores(self) -> list[list[int]]:
        """Every player's turn scores, in seat order."""
        return [list(p.turn_scores) for p in self.players]

    def winners(self) -> list[int]:
        """Seats with the highest total (several on a tie: they share the win)."""
        best = max(self.totals())
        return [i for i, total in enumerate(self.totals()) if total == best]

    def one_die_allowed(self) -> bool:
        """Whether a one-die roll is among the legal actions now."""
        return self.phase == ROLL and one_die_allowed(self.open_doors, self.one_die_option)

    def legal_actions(self) -> list[Action]:
        """Rolls in the ROLL phase, the door sets totalling the roll in SHUT, else none."""
        if self.phase == ROLL:
            rolls: list[Action] = [Roll(TWO_DICE)]
            if self.one_die_allowed():
                rolls.append(Roll(ONE_DIE))
            return rolls
        if self.phase == SHUT:
            options = SHUT_MASKS[to_mask(self.open_doors)].get(self.roll_total, ())
            return [Shut(from_mask(m)) for m in options]
        return []

    def check_selection(self, selection: Iterable[int]) -> SelectionCheck:
        """Judge a tentative selection of doors against the current roll."""
        chosen = frozenset(selection)
        total = sum(chosen)
        if self.phase != SHUT:
            return SelectionCheck(chosen, total, 0, False, False, False)
        target = self.roll_total
        valid = chosen <= self.open_doors
        extendable = False
        if valid:
            chosen_mask = to_mask(chosen)
            shuts = SHUT_MASKS[to_mask(self.open_doors)].get(target, ())
            extendable = any(chosen_mask & ~shut == 0 for shut in shuts)
        return SelectionCheck(chosen, total, target, valid, valid and total == target, extendable)

    def may_toggle(self, door: int) -> bool:
        """Whether a click may flip `door` in the selection: any door still open this roll."""
        # The selection is not applied yet, so selected doors are still open here and may
        # be reopened; doors shut by earlier rolls of this turn are not, and stay down.
        return self.phase == SHUT and door in self.open_doors

    # --- the engine contract (game.engine.core.Engine) ---------------------------------

    @property
    def options(self) -> dict[str, bool]:
        """The table's one option."""
        return {"one_die_option": self.one_die_option}

    @property
    def seat_count(self) -> int:
        """Players at the table."""
        return len(self.players)

    def result(self) -> list[int] | None:
        """The winners (ties share) once the game is over."""
        return self.winners() if self.is_over else None

    @staticmethod
    def action_to_json(action: Action) -> dict[str, Any]:
        """{"kind": "roll", "dice": 2} or {"kind": "shut", "doors": [3, 4]}."""
        return action.to_json()

    @staticmethod
    def action_from_json(data: Any) -> Action:
        """The action that action_to_json wrote; InvalidState for anything else."""
        r = Reader(data, "action")
        if r.key("kind").as_str(choices=("roll", "shut")) == "roll":
            return Roll(r.key("dice").as_one_of((ONE_DIE, TWO_DICE)))
        return Shut(
            frozenset(d.as_int(1, len(DOORS)) for d in r.key("doors").as_list(len(DOORS), 1))
        )

    # --- the one way to change the game -------------------------------------------------

    def apply(self, action: Action, rng: random.Random) -> list[Event]:
        """Play `action` for the current player; return the events it caused, in order."""
        if action not in self.legal_actions():
            raise IllegalAction(
                f"{action!r} is not legal in phase {self.phase!r} with "
                f"doors {sorted(self.open_doors)} open and dice {self.dice}"
            )
        if isinstance(action, Roll):
            return self._roll(action.dice, rng)
        return self._shut(action.doors)

    def _roll(self, count: int, rng: random.Random) -> list[Event]:
        self.dice = roll_dice(rng, count)
        self.shut_since_roll = frozenset()
        who = self.current
        events = [Event("roll", {"player": who, "dice": list(self.dice), "total": self.roll_total})]
        if self.roll_total in SHUT_MASKS[to_mask(self.open_doors)]:
            self.phase = SHUT
            return events
        events.append(
            Event(
                "unusable_roll", {"player": who, "dice": list(self.dice), "total": self.roll_total}
            )
        )
        return events + self._end_turn()

    def _shut(self, doors: frozenset[int]) -> list[Event]:
        self.open_doors = self.open_doors - doors
        self.shut_since_roll = doors
        self.phase = ROLL
        who = self.current
        events = [Event("shut", {"player": who, "doors": sorted(doors)})]
        if not self.open_doors:
            events.append(Event("box_shut", {"player": who}))
            events += self._end_turn()
        return events

    def _end_turn(self) -> list[Event]:
        who, score = self.current, self.turn_score_so_far
        player = self.players[who]
        player.turn_scores.append(score)
        self.last_turn = TurnRecord(
            who, self.turn_number, self.shut_doors, self.dice, score, not self.open_doors
        )
        events = [
            Event(
                "turn_over",
                {
                    "player": who,
                    "turn": self.turn_number,
                    "score": score,
                    "total": player.total,
                    "box_shut": not self.open_doors,
                    "doors_shut": sorted(self.shut_doors),
                },
            )
        ]
        if who == len(self.players) - 1 and self.turn_number == TURNS_PER_PLAYER:
            # The final board stays as it ended, for the scene to show.
            self.phase = OVER
            events.append(Event("game_over", {"winners": self.winners(), "totals": self.totals()}))
            return events
        self.current = (who + 1) % len(self.players)
        if self.current == 0:
            self.turn_number += 1
        self.open_doors, self.dice = ALL_DOORS, ()
        self.shut_since_roll = frozenset()
        self.phase = ROLL
        events.append(Event("turn_start", {"player": self.current, "turn": self.turn_number}))
        return events

    # --- saving -------------------------------------------------------------------------

    def copy(self) -> ShutBoxState:
        """An independent copy (for look-ahead or a saved snapshot)."""
        return ShutBoxState.from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data: a saved game."""
        return {
            "game": "shutbox",
            "version": SCHEMA_VERSION,
            "players": [p.to_json() for p in self.players],
            "one_die_option": self.one_die_option,
            "current": self.current,
            "turn_number": self.turn_number,
            "open_doors": sorted(self.open_doors),
            "dice": list(self.dice),
            "phase": self.phase,
            "shut_since_roll": sorted(self.shut_since_roll),
            "last_turn": self.last_turn.to_json() if self.last_turn else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShutBoxState:
        """The state that `to_json()` wrote; InvalidState (a ValueError) for anything else:
        every field of the right type and range, and together a game the rules allow."""
        r = Reader(data)
        r.check(
            r.key("game").value == "shutbox" and r.key("version").value == SCHEMA_VERSION,
            "not a Shut The Box saved game of a known version",  # i18n: not shown (a save's check)
        )
        # the rules __post_init__ checks
        with restoring("Shut The Box saved game"):  # i18n: not shown (a save's check)
            players = [Player.read(p) for p in r.key("players").as_list(MAX_PLAYERS)]
            last = r.key("last_turn").or_none()
            state = cls(
                players=players,
                one_die_option=r.key("one_die_option").as_bool(),
                current=r.key("current").as_int(0, MAX_PLAYERS - 1),
                turn_number=r.key("turn_number").as_int(1, TURNS_PER_PLAYER),
                open_doors=_doors(r.key("open_doors")),
                dice=tuple(d.as_int(1, 6) for d in r.key("dice").as_list(TWO_DICE)),
                phase=r.key("phase").as_str(choices=PHASES),
                shut_since_roll=_doors(r.key("shut_since_roll")),
                last_turn=None if last is None else TurnRecord.read(last, len(players)),
            )
        require(
            state.shut_since_roll <= state.shut_doors,
            "doors shut since the roll are not shut",  # i18n: not shown (a save's check)
        )
        require(
            not state.shut_since_roll or state.phase != SHUT,
            "doors shut since the roll while a shut is awaited",  # i18n: not shown (a save's check)
        )
        record = state.last_turn
        if record is not None:
            # The record is shown as the turn just finished: the previous seat's latest
            # (the current seat's own once the game is over).
            last_seat = state.current if state.is_over else (state.current - 1) % len(players)
            played = players[record.player].turn_scores
            require(
                record.player == last_seat
                and record.turn == len(played)
                and played[-1] == record.score,
                "the last turn is not the one just played",  # i18n: not shown (a save's check)
            )
        return state


def _doors(r: Reader) -> frozenset[int]:
    """A list of distinct doors (1 to 9)."""
    doors = frozenset(d.as_int(1, 9) for d in r.as_list(len(ALL_DOORS)))
    r.check(
        len(doors) == len(r.value),
        "a door is listed twice",  # i18n: not shown (a save's check)
    )
    return doors
