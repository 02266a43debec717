"""The cards as La Belle Lucie's table shows them: its snapshot, held by the table's Shown
(game.table.shown) a step behind the engine while a card is in the air (the table's
steps move them, a tick at a time), else the engine's as they stand."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.lucie import LucieGame
from game.scenes.lucie import layout


@dataclass
class Flight:
    """A card on its way from one place to another."""

    card: str
    start: tuple[int, int]
    end: tuple[int, int]
    ticks: int
    elapsed: int = 0

    @property
    def pos(self) -> tuple[int, int]:
        t = min(1.0, self.elapsed / self.ticks) if self.ticks else 1.0
        t = 1 - (1 - t) * (1 - t)  # ease out: it settles into place
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * t),
            round(self.start[1] + (self.end[1] - self.start[1]) * t),
        )


@dataclass
class CardsPicture:
    """The fans, the foundations' top cards and the card in the air, as on the screen."""

    fans: list[list[str]]
    tops: dict[str, str | None]
    flight: Flight | None = None

    @classmethod
    def of(cls, game: LucieGame) -> CardsPicture:
        """The engine's cards as they stand (copies: the steps move the picture's)."""
        return cls(game.fans, dict(game.foundation_tops))

    def find(self, card: str) -> tuple[int, int] | None:
        for f, fan in enumerate(self.fans):
            if card in fan:
                return f, fan.index(card)
        return None

    def places(self) -> tuple[layout.FanPlace, ...]:
        return layout.fan_places(tuple(len(fan) for fan in self.fans))
