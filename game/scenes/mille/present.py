"""Turning a Mille Bornes move's events into what the table shows and plays: cards that
fly (beats on the table's step queue), banners, sounds, landing rings and counts.

A beat is a step whose picture is a snapshot of the table from before the move, with the
cards in the air lifted off it (motion.py); the engine has already moved on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.core import Event
from game.engine.mille import Action, MilleState
from game.engine.mille.rules import LONG_TARGET
from game.lang import _
from game.scenes.mille import layout
from game.scenes.mille.motion import Beat, Flight, Lifted
from game.scenes.mille.words import card_name
from game.table import talk

if TYPE_CHECKING:
    from game.scenes.mille.shape import MilleTable

# --- pacing, in ticks of 1/60 s (fast mode makes every one of them nothing) ---------------
FLIGHT_TICKS = 16  # a played card crosses the table
DRAW_TICKS = 9  # a drawn card comes from the pile into the hand
DEAL_STAGGER = 4  # the dealt cards leave the pile this far apart
COUP_FOURRE_TICKS = 44  # the safety turns sideways as it lands
LAND_HOLD_TICKS = 3  # a landed card rests before the next beat
HAND_END_TICKS = 70  # the finished table stays in view before the score sheet
# Shown whatever the mode: they never hold up play.
BANNER_TICKS = 110
LANDED_RING_TICKS = 60  # a ring marks where a computer's card landed


def add_beat(scene: MilleTable, beat: Beat) -> None:
    """Queue a beat: when it starts, its sound, and the screen shows its snapshot (the
    table's shown) until it ends; then the engine's table again."""

    def start() -> None:
        scene.shown.hold(beat)
        if beat.sound:
            scene.app.audio.play(beat.sound)

    scene.steps.after(beat.ticks, scene.shown.catch_up, start=start)


def present_move(
    scene: MilleTable,
    seat: int | None,
    action: Action,
    before: MilleState,
    shown_hand: list[str],
    hand_index: int | None,
    events: Sequence[Event],
    from_hand: bool,
) -> None:
    """Turn a move's events into beats, banners, sounds and counts. `from_hand`: the move
    was made from the hand shown face up (its card leaves from there)."""
    rows = scene.rows()
    if from_hand and action.card and hand_index is None and action.card in shown_hand:
        hand_index = shown_hand.index(action.card)
    if from_hand and hand_index is not None and hand_index < len(shown_hand):
        source = layout.hand_rect(hand_index)
        scene.hands.take_from_hand(hand_index)
    else:
        source = plate_source(rows, before, seat)
    lifted = Lifted(hand={hand_index} if from_hand and hand_index is not None else set())
    flights: list[Flight] = []
    sound: str | None = None
    drew = False  # the shown hand drew (its new cards fly in)
    for event in events:
        kind, data = event.kind, event.data
        if kind in ("play", "remedy", "safety", "hazard"):
            landing = layout.landing_rect(rows[data["side"]], data["card"])
            flights.append(Flight(data["card"], source, landing, scene.motion(FLIGHT_TICKS)))
            _fly_off(scene, rows, data["side"], data.get("removed", ()), flights, lifted)
            _mark_landing(scene, seat, landing)
            sound = sound or "card_slide"
        elif kind == "discard":
            flights.append(
                Flight(data["card"], source, layout.DISCARD_PILE, scene.motion(FLIGHT_TICKS))
            )
            sound = sound or "card_slide"
        elif kind == "coup_fourre":
            _coup_fourre(scene, data, rows, source, flights, lifted)
            sound = "coup_fourre"
        elif kind == "draw" and data["seat"] == scene.hands.viewer:
            drew = True
        elif kind == "deal":
            _deal(scene)
            return
        elif kind == "extension":
            scene.talk.announce(
                # TRANSLATORS: a banner's title (capitals), then its line.
                _("EXTENSION!"),
                _("{side}: the trip is now {km} km").format(
                    side=scene.side_name(data["side"]), km=data["target"]
                ),
                "reminder",
                ticks=BANNER_TICKS,
            )
        elif kind == "extension_offered" and scene.played_by_computer(data["seat"]):
            scene.talk.say(
                _("{name} reaches {km} km: extend to {long} or stop?").format(
                    name=scene.name(data["seat"]),
                    km=before.target,
                    long=LONG_TARGET,
                ),
                talk.COMPUTER,
                log=False,
            )
        elif kind == "hand_over":
            _hand_over(scene, data)
    if flights:
        add_beat(
            scene,
            Beat(
                before,
                shown_hand,
                flights,
                lifted,
                sound,
                hold=scene.anim(LAND_HOLD_TICKS) + scene.still_pause(),
            ),
        )
    fresh = scene.hands.catch_up()
    if drew and fresh:
        _draws(scene, fresh)
    if any(event.kind == "hand_over" for event in events):
        scene.steps.wait(scene.anim(HAND_END_TICKS))


def _fly_off(
    scene: MilleTable,
    rows,
    side: int,
    removed: Sequence[str],
    flights: list[Flight],
    lifted: Lifted,
) -> None:
    """Cards a safety sends from the battle or speed pile to the discard pile."""
    row = rows[side]
    for card in removed:
        speed = card == "speed_limit"
        pile = lifted.speed if speed else lifted.battle
        pile[side] = pile.get(side, 0) + 1
        start = layout.speed_rect(row) if speed else layout.battle_rect(row)
        flights.append(
            Flight(
                card,
                start,
                layout.DISCARD_PILE,
                scene.motion(FLIGHT_TICKS),
                delay=scene.motion(FLIGHT_TICKS) // 2,
            )
        )


def _coup_fourre(
    scene: MilleTable,
    data: Mapping[str, Any],
    rows,
    source: pygame.Rect,
    flights: list[Flight],
    lifted: Lifted,
) -> None:
    side, card = data["side"], data["card"]
    end = layout.landing_rect(rows[side], card, sideways=True)
    flights.append(Flight(card, source, end, scene.motion(COUP_FOURRE_TICKS), turn=True))
    _fly_off(scene, rows, side, data["removed"], flights, lifted)
    _mark_landing(scene, data["seat"], end)
    scene.talk.announce(
        # TRANSLATORS: a banner's title (capitals), then its line: "Ann answers Stop with
        # Right of Way".
        _("COUP FOURRÉ!"),
        _("{name} answers {hazard} with {safety}").format(
            name=scene.name(data["seat"]), hazard=card_name(data["hazard"]), safety=card_name(card)
        ),
        ticks=BANNER_TICKS,
    )
    scene.count(data["seat"], "coups_fourres")


def _deal(scene: MilleTable) -> None:
    """The new hand: the shown seat's cards come off the pile one by one (face down when
    that hand is hidden)."""
    scene.hands.deal_orders()
    scene.choice.selected = None
    face_down = not scene.hands.hand_shown
    flights = [
        Flight(
            card,
            layout.DRAW_PILE,
            layout.hand_rect(i),
            scene.motion(DRAW_TICKS),
            delay=scene.motion(DEAL_STAGGER) * i,
            face_down=face_down,
        )
        for i, card in enumerate(scene.hands.hand_order)
    ]
    lifted = Lifted(hand=set(range(len(scene.hands.hand_order))))
    add_beat(
        scene,
        Beat(
            scene.state.copy(),
            list(scene.hands.hand_order),
            flights,
            lifted,
            "card_flip",
            hold=scene.anim(LAND_HOLD_TICKS) + scene.still_pause(),
        ),
    )
    first = scene.state.first_seat
    scene.talk.say(
        _("Hand {number}: {name} plays first. Target {km} km.").format(
            number=scene.state.hand_number, name=scene.name(first), km=scene.state.target
        )
    )


def _draws(scene: MilleTable, places: Sequence[int]) -> None:
    """Cards the shown seat drew fly from the pile to their places in its hand (face down
    when that hand is hidden)."""
    order = scene.hands.hand_order
    face_down = not scene.hands.hand_shown
    flights = [
        Flight(
            order[place],
            layout.DRAW_PILE,
            layout.hand_rect(place),
            scene.motion(DRAW_TICKS),
            delay=scene.motion(DRAW_TICKS) * number,
            face_down=face_down,
        )
        for number, place in enumerate(places)
    ]
    add_beat(
        scene,
        Beat(
            scene.state.copy(),
            list(order),
            flights,
            Lifted(hand=set(places)),
            "card_flip",
            hold=scene.still_pause(),  # reduced motion: the drawn cards rest a moment
        ),
    )


def _hand_over(scene: MilleTable, data: Mapping[str, Any]) -> None:
    completed = data.get("completed_by")
    if completed is None:
        scene.talk.say(_("The cards have run out: the hand is over."), talk.GOOD)
        return
    scene.talk.say(
        _("{side} completed the trip!").format(side=scene.side_name(completed)), talk.GOOD
    )
    if scene.person_on_side(completed):
        scene.app.audio.play("win")
    for seat in scene.state.seats_of(completed):
        scene.count(seat, "trips")


def _mark_landing(scene: MilleTable, seat: int | None, rect: pygame.Rect) -> None:
    """Ring where a computer's card lands, so a glance finds it."""
    if seat is not None and scene.played_by_computer(seat):
        scene.landed = [[rect, scene.motion(FLIGHT_TICKS) + LANDED_RING_TICKS]]


def plate_source(
    rows: Mapping[int, pygame.Rect], state: MilleState, seat: int | None
) -> pygame.Rect:
    """Where a card another seat plays comes from: the middle of its side's name plate."""
    rect = pygame.Rect(0, 0, layout.MINI_W, layout.MINI_H)
    if seat is None:
        rect.center = layout.DRAW_PILE.center
    else:
        rect.center = layout.plate_rect(rows[state.side_of(seat)]).center
    return rect
