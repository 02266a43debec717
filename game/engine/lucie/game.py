"""A hand of La Belle Lucie as the scene plays it: deal number, moves, redeals, undo/redo."""

from __future__ import annotations

import random
from typing import Any

from game.engine.cards import SUITS
from game.engine.core import Event
from game.engine.lucie.ai import REDEAL, Hint, Planner, Thinking
from game.engine.lucie.rules import (
    REDEALS,
    Position,
    apply_move,
    apply_redeal,
    card_code,
    card_text,
    redeal_rng,
)
from game.engine.saved import Reader, restoring
from game.lang import Msg

JSON_VERSION = 1
# A hand's actions as saved (undone ones dropped): a real hand takes a few hundred at most;
# far more would only make resuming slow.
MAX_ACTIONS = 5000
MAX_DEAL = 10**9


class LucieGame:
    """One hand: the current position, its history for undo/redo, and the rules' events."""

    def __init__(self, position: Position, deal: int = 0) -> None:
        position.check()
        self.deal = deal
        self._positions: list[Position] = [position]
        self._actions: list[str] = []
        self._cursor = 0
        self._planner = Planner()

    @classmethod
    def new(cls, deal: int) -> LucieGame:
        """Deal number `deal`: always the same layout and the same redeal shuffles."""
        return cls(Position.deal(deal), deal)

    # ----------------------------------------------------------------- state
    @property
    def position(self) -> Position:
        """The current position (immutable)."""
        return self._positions[self._cursor]

    @property
    def fans(self) -> list[list[str]]:
        """The fans as the scene draws them, left to right, each bottom→top (empty stays)."""
        return [[card_text(c) for c in fan] for fan in self.position.fans]

    @property
    def foundation_tops(self) -> dict[str, str | None]:
        """Top card of each foundation by suit letter (C, D, H, S), None when empty."""
        return {
            SUITS[s]: (card_text(s * 16 + r) if r else None)
            for s, r in enumerate(self.position.foundations)
        }

    @property
    def redeals_left(self) -> int:
        """Redeals (the seed's shuffles) still allowed: 2, 1 or 0."""
        return self.position.redeals_left

    @property
    def draw_available(self) -> bool:
        """True while the one-time draw may be used (the first move after the 2nd redeal)."""
        return self.position.draw_available

    @property
    def can_redeal(self) -> bool:
        """True when a redeal is allowed now."""
        return self.position.redeals_left > 0 and not self.position.is_won

    @property
    def cards_home(self) -> int:
        """Cards on the foundations."""
        return self.position.cards_home

    @property
    def score(self) -> int:
        """0–100: cards on foundations × 100 / 52, rounded down; 100 for a win."""
        return self.position.score

    @property
    def is_won(self) -> bool:
        """All 52 cards are home."""
        return self.position.is_won

    @property
    def is_over(self) -> bool:
        """Won, or no move and no redeal remain."""
        return self.position.is_over

    @property
    def can_undo(self) -> bool:
        """True when there is an action to take back (see undo_floor)."""
        return self._cursor > self.undo_floor

    @property
    def undo_floor(self) -> int:
        """How far back undo may go: never behind a shuffle, nor behind the move made with
        the free draw on offer. The seed had no undo at all; taking back a shuffle would
        show the next deal before choosing how to play this one, and taking back the draw
        would let every draw be tried. Within a deal, any move may be taken back."""
        for index in range(self._cursor - 1, -1, -1):
            if self._actions[index] == REDEAL or self._positions[index].draw_available:
                return index + 1
        return 0

    @property
    def touched(self) -> bool:
        """Something has been played in this hand (taken back or not)."""
        return bool(self._actions)

    @property
    def can_redo(self) -> bool:
        """True when an undone action can be replayed."""
        return self._cursor < len(self._actions)

    @property
    def redo_action(self) -> str | None:
        """The action redo() would replay, or None."""
        return self._actions[self._cursor] if self.can_redo else None

    def legal_actions(self) -> list[str]:
        """Card notations that may be played now, plus "redeal" when allowed (the moves
        themselves, with where each card goes: position.legal_moves())."""
        actions = [m.card for m in self.position.legal_moves()]
        return actions + [REDEAL] if self.can_redeal else actions

    def where(self, text: str) -> tuple[int, int] | None:
        """(fan, index from the bottom) of a card in the tableau, or None."""
        try:
            return self.position.find(card_code(text))
        except ValueError:
            return None

    # ----------------------------------------------------------------- actions
    def _push(self, action: str, after: Position) -> None:
        del self._positions[self._cursor + 1 :]
        del self._actions[self._cursor :]
        self._positions.append(after)
        self._actions.append(action)
        self._cursor += 1

    def move(self, card: str) -> list[Event]:
        """Play a card by notation (either case): foundation first, else the tableau."""
        after, events = apply_move(self.position, card)
        if after is not self.position:
            self._push(events_card(events), after)
        return events

    def redeal(self) -> list[Event]:
        """Gather the tableau, shuffle (fixed by deal number and redeal index), redeal."""
        after, events = self._shuffle()
        if after is not self.position:
            self._push(REDEAL, after)
        return events

    def _shuffle(self) -> tuple[Position, list[Event]]:
        """The next redeal of this deal: the same shuffle every time (redo, a reload)."""
        index = REDEALS - self.position.redeals_left + 1
        return apply_redeal(self.position, redeal_rng(self.deal, index))

    def apply(self, action: str, rng: random.Random | None = None) -> list[Event]:
        """Play a card notation or "redeal" (what hints and the demo return). `rng` is not
        used: a deal's shuffles are fixed by its number (the engine contract passes one).
        A card that cannot move changes nothing and says why ("illegal", "locate")."""
        return self.redeal() if action.strip().lower() == REDEAL else self.move(action)

    def undo(self) -> list[Event]:
        """Take back the last move of this deal (not a redeal, not the draw's move)."""
        if self._cursor > 0 and not self.can_undo:
            return [
                Event(
                    "illegal",
                    {
                        "reason": "final",
                        "message": Msg("A shuffle and the free draw are final: undo stops there"),
                    },
                )
            ]
        if not self.can_undo:
            return [
                Event("illegal", {"reason": "nothing_to_undo", "message": Msg("Nothing to undo")})
            ]
        self._cursor -= 1
        return [Event("undo", {"action": self._actions[self._cursor]})]

    def redo(self) -> list[Event]:
        """Replay the last undone action, with the same events (and the same shuffle)."""
        if not self.can_redo:
            return [
                Event("illegal", {"reason": "nothing_to_redo", "message": Msg("Nothing to redo")})
            ]
        action = self._actions[self._cursor]
        if action == REDEAL:
            _, events = self._shuffle()
        else:
            _, events = apply_move(self.position, action)
        self._cursor += 1
        return events

    # ------------------------------------ the engine contract (game.engine.core.Engine)

    @property
    def options(self) -> dict[str, int]:
        """What the hand was set up with: its deal number."""
        return {"deal": self.deal}

    @property
    def seat_count(self) -> int:
        """One player."""
        return 1

    @property
    def to_act(self) -> int | None:
        """The player, until the hand is over."""
        return None if self.is_over else 0

    def view_for(self, seat: int) -> dict[str, Any]:
        """What the player sees: the position, every card face up. Not the deal number,
        which fixes the shuffles of the redeals still to come, nor the history."""
        return self.position.to_json()

    def public_view(self) -> dict[str, Any]:
        """What a watcher sees: what the player sees (every card is face up)."""
        return self.view_for(0)

    def result(self) -> list[int] | None:
        """[0] for a hand won, [] for one lost, None while it is on."""
        return ([0] if self.is_won else []) if self.is_over else None

    @staticmethod
    def action_to_json(action: str) -> str:
        """A card notation ("10H") or "redeal"."""
        return action

    @staticmethod
    def action_from_json(data: Any) -> str:
        """A card notation or "redeal"; InvalidState for anything else."""
        action = Reader(data, "action").as_str(max_length=8)
        if action.strip().lower() != REDEAL:
            with restoring("action"):
                card_code(action)  # ValueError: not a card
        return action

    # ----------------------------------------------------------------- help
    def hint(self) -> Hint:
        """Best next action with a short reason (may search up to a couple of seconds;
        a scene should use think_hint() and slice it)."""
        return self._planner.hint(self.position)

    def think_hint(self) -> Thinking:
        """Incremental hint: call step() once per frame until True, then hint()."""
        return self._planner.think(self.position)

    # ----------------------------------------------------------------- saving
    def to_json(self) -> dict[str, Any]:
        """Plain data: deal number, starting position, actions and the undo cursor."""
        return {
            "version": JSON_VERSION,
            "deal": self.deal,
            "start": self._positions[0].to_json(),
            "actions": list(self._actions),
            "cursor": self._cursor,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LucieGame:
        """Rebuild a hand saved by to_json() by replaying its actions; InvalidState (a
        ValueError) for a position, an action or an undo cursor that is not right."""
        r = Reader(data, "game")
        version = r.key("version")
        version.check(version.value == JSON_VERSION, "not a known La Belle Lucie save")
        game = cls(Position.read(r.key("start")), r.key("deal").as_int(0, MAX_DEAL))
        actions = r.key("actions").as_list(MAX_ACTIONS)
        for action in actions:
            before = game.position
            with restoring(action.where):
                game.apply(action.as_str(max_length=8))
            action.check(game.position is not before, "not a legal action here")
        game._cursor = r.key("cursor").as_int(0, len(actions))
        return game


def events_card(events: list[Event]) -> str:
    """The card a successful move's events moved (its first card event)."""
    for event in events:
        if event.kind in ("to_foundation", "to_tableau"):
            return str(event.data["card"])
    raise ValueError("no card moved")
