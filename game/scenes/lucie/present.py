"""Showing La Belle Lucie's moves: what the engine's events become on screen and in the
speakers. The engine has moved at once; the presenter queues the steps that bring the
table's shown snapshot (picture.CardsPicture, held by the table's Shown) after it (a card flies home, the automatic chain follows card
by card, a shuffle lays the fans out again), says what happened, and keeps the seed's two
signs that last a moment: the finding arrow and the draw prompt's blinking."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game.engine.core import Event
from game.engine.lucie import LucieGame
from game.lang import Msg, nmsg
from game.scenes.lucie import layout
from game.scenes.lucie.picture import CardsPicture, Flight
from game.scenes.lucie.words import action_words, card_name, illegal_words, move_summary
from game.table import Shown, StepQueue, Talk, talk

if TYPE_CHECKING:
    from game.shell.app import App

# --- pacing, in ticks (fast mode makes each of these 0) -----------------------------------
MOVE_TICKS = 12  # a card flies to its new place
CHAIN_GAP_TICKS = 6  # between the cards of the automatic foundation chain
REDEAL_FAN_TICKS = 2  # a shuffle deals the fans out one after another
# --- times that are information, not animation: the same in fast mode --------------------
LOCATE_TICKS = 72  # the finding arrow (seed: "for a second or so")
DRAW_FLASH_TICKS = 150  # the draw prompt blinks this long after the last shuffle

MOVE_SOUND, CHAIN_SOUND, SHUFFLE_SOUND = "card_slide", "card_flip", "card_flip"
MOVE_EVENTS = ("to_foundation", "auto_foundation", "to_tableau")


class Stage(Protocol):
    """What the presenter needs of the table: the engine, the step queue, the shown
    snapshot and the talk."""

    app: App
    game: LucieGame
    steps: StepQueue
    shown: Shown[CardsPicture]
    talk: Talk

    def anim(self, ticks: int) -> int: ...


class Presenter:
    """Turns the engine's events into steps, words and sounds on La Belle Lucie's table."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self._locate: tuple[str, int] | None = None  # (card, ticks left)
        self.draw_flash = 0  # ticks the draw prompt still blinks

    @property
    def located(self) -> str | None:
        """The card the finding arrow points at now, if any."""
        return self._locate[0] if self._locate is not None else None

    def forget_arrow(self) -> None:
        """A move was made: the arrow of the card looked for before it goes."""
        self._locate = None

    def tick(self) -> None:
        if self._locate is not None:
            card, left = self._locate
            self._locate = (card, left - 1) if left > 1 else None
        if self.draw_flash > 0:
            self.draw_flash -= 1
        flight = self.stage.shown.now.flight
        if flight is not None:
            flight.elapsed += 1

    def land(self) -> None:
        flight = self.stage.shown.now.flight
        if flight is not None:
            flight.elapsed = flight.ticks

    def show_arrow(self, card: str) -> None:
        """The seed's finder: a small arrow above the card for a second or so."""
        self._locate = (card, LOCATE_TICKS)

    def locate_buried(self, card: str) -> None:
        self.show_arrow(card)
        self.stage.talk.tell(
            Msg(
                "The {card} is buried: only the top card of a fan plays. "
                "The arrow shows where it lies.",
                card=card_name(card),
            ),
            talk.INFO,
            LOCATE_TICKS,
        )

    def present(self, events: Sequence[Event]) -> None:
        stage = self.stage
        fast = stage.app.fast
        for event in events:
            kind, data = event.kind, dict(event.data)
            if kind == "illegal":
                self._on_illegal(data)
            elif kind == "locate":
                self.show_arrow(data["card"])
                stage.talk.tell(
                    Msg(
                        "The {card} cannot move yet: the arrow shows where it lies.",
                        card=card_name(data["card"]),
                    ),
                    talk.INFO,
                    LOCATE_TICKS,
                )
            elif kind in MOVE_EVENTS and not fast:
                self._animate_move(kind, data)
            elif kind == "redeal":
                self._on_redeal(data)
            elif kind == "undo":
                stage.talk.say(action_words(data["action"]), talk.DIM)
                stage.app.audio.play(MOVE_SOUND)
        summary = move_summary(events)
        if summary is not None:
            stage.talk.say(summary)
            if fast:
                stage.app.audio.play(MOVE_SOUND)
        # The picture ends exactly as the engine is.
        stage.steps.after(0, stage.shown.catch_up)

    def _on_illegal(self, data: dict) -> None:
        if data.get("reason") == "buried":
            # The seed's finder: a card that cannot move gets the arrow, not the click.
            self.locate_buried(str(data["card"]))
            return
        self.stage.talk.refuse(illegal_words(data))

    def _animate_move(self, kind: str, data: dict) -> None:
        stage, shown = self.stage, self.stage.shown
        card = data["card"]
        if kind == "auto_foundation":
            stage.steps.wait(stage.anim(CHAIN_GAP_TICKS))

        def lift(view: CardsPicture) -> None:
            where = view.find(card)
            if where is None:
                return
            start = view.places()[where[0]].card_pos(where[1])
            view.fans[where[0]].pop(where[1])
            if kind == "to_tableau":
                target = data["to_fan"]
                lengths = [len(fan) for fan in view.fans]
                lengths[target] += 1
                end = layout.fan_places(tuple(lengths))[target].card_pos(lengths[target] - 1)
            else:
                end = layout.foundation_pos(card[1])
            view.flight = Flight(card, start, end, stage.motion(MOVE_TICKS))
            stage.app.audio.play(MOVE_SOUND if kind != "auto_foundation" else CHAIN_SOUND)

        def land(view: CardsPicture) -> None:
            view.flight = None
            if kind == "to_tableau":
                view.fans[data["to_fan"]].append(card)
            else:
                view.tops[card[1]] = card

        stage.steps.after(0, shown.change(lift))
        stage.steps.after(stage.motion(MOVE_TICKS), shown.change(land))
        stage.steps.wait(stage.still_pause())  # reduced motion: landed at once, then still

    def _on_redeal(self, data: dict) -> None:
        stage = self.stage
        left = data["redeals_left"]
        stage.talk.say(
            nmsg(
                "Shuffled and dealt again: {n} shuffle left.",
                "Shuffled and dealt again: {n} shuffles left.",
                left,
            )
            if left
            else Msg("Shuffled for the last time.")
        )
        stage.app.audio.play(SHUFFLE_SOUND)
        if not stage.app.fast:
            dealt = stage.game.fans

            def gather(view: CardsPicture) -> None:
                view.fans = [[] for _ in dealt]

            def lay_out(index: int, view: CardsPicture) -> None:
                view.fans[index] = list(dealt[index])

            shown = stage.shown
            stage.steps.after(0, shown.change(gather))
            for index in range(len(dealt)):
                stage.steps.after(
                    stage.motion(REDEAL_FAN_TICKS),
                    shown.change(lambda view, index=index: lay_out(index, view)),
                )
            stage.steps.wait(stage.still_pause())
        if data["draw_available"]:
            # The seed: "an audible prompt at the second re-shuffle ... There is also a
            # visual prompt, but it is easily overlooked."
            stage.app.audio.play("reminder")
            self.draw_flash = DRAW_FLASH_TICKS
