"""Scoring one hand of Mille Bornes, line by line, for every side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.engine.mille.cards import D200, KM
from game.lang import N_

POINTS_PER_KM = 1
POINTS_SAFETY = 100
POINTS_ALL_SAFETIES = 300
POINTS_COUP_FOURRE = 300
POINTS_TRIP = 400
POINTS_DELAYED_ACTION = 300
POINTS_SAFE_TRIP = 300
POINTS_EXTENSION = 200
POINTS_SHUTOUT = 500
ALL_SAFETIES = 4

# (key, English label) of every line of a side's score, in the order they are shown; the
# label stays English in saved games and is translated where it is shown.
SCORE_LINES: tuple[tuple[str, str], ...] = (
    ("distance", N_("Distance")),
    ("safeties", N_("Safeties")),
    ("all_safeties", N_("All four safeties")),
    ("coups_fourres", N_("Coups fourrés")),
    ("trip", N_("Trip completed")),
    ("delayed_action", N_("Delayed action")),
    ("safe_trip", N_("Safe trip")),
    ("extension", N_("Extension")),
    ("shutout", N_("Shutout")),
)
# The lines every side earns as it plays, so they can be counted while a hand is on (BSD
# mille's score window shows these live); the rest come only with the completed trip.
EARNED_AS_PLAYED: tuple[str, ...] = ("distance", "safeties", "all_safeties", "coups_fourres")


class Tableau(Protocol):
    """What scoring reads of a side's cards (rules.Tableau; named here, not imported, as
    the rules import this module)."""

    distance: list[str]
    safeties: list[str]
    coups_fourres: list[str]


def score_hand(
    tableaux: Sequence[Tableau], completed_by: int | None, *, draw_pile_empty: bool, extended: bool
) -> list[dict[str, Any]]:
    """Each side's score lines and total for a finished hand.

    `completed_by` is the side that reached the target exactly (None if the cards ran
    out); `draw_pile_empty` whether the draw pile was gone at that moment; `extended`
    whether an extension had been called. Every line is listed for every side (count
    and points, zero when not earned) so a scene can lay them out as a table.
    """
    result = []
    for side, tableau in enumerate(tableaux):
        km = sum(KM[card] for card in tableau.distance)
        safeties = len(tableau.safeties)
        coups = len(tableau.coups_fourres)
        done = side == completed_by
        shutouts = (
            sum(1 for other, t in enumerate(tableaux) if other != side and not t.distance)
            if done
            else 0
        )
        counts = {
            "distance": km,
            "safeties": safeties,
            "all_safeties": int(safeties == ALL_SAFETIES),
            "coups_fourres": coups,
            "trip": int(done),
            "delayed_action": int(done and draw_pile_empty),
            "safe_trip": int(done and D200 not in tableau.distance),
            "extension": int(done and extended),
            "shutout": shutouts,
        }
        points = {
            "distance": km * POINTS_PER_KM,
            "safeties": safeties * POINTS_SAFETY,
            "all_safeties": counts["all_safeties"] * POINTS_ALL_SAFETIES,
            "coups_fourres": coups * POINTS_COUP_FOURRE,
            "trip": counts["trip"] * POINTS_TRIP,
            "delayed_action": counts["delayed_action"] * POINTS_DELAYED_ACTION,
            "safe_trip": counts["safe_trip"] * POINTS_SAFE_TRIP,
            "extension": counts["extension"] * POINTS_EXTENSION,
            "shutout": shutouts * POINTS_SHUTOUT,
        }
        lines = [
            {"key": key, "label": label, "count": counts[key], "points": points[key]}
            for key, label in SCORE_LINES
        ]
        result.append({"side": side, "lines": lines, "total": sum(points.values())})
    return result


def score_so_far(tableaux: Sequence[Tableau]) -> list[dict[str, Any]]:
    """Each side's points while the hand is on: the lines of EARNED_AS_PLAYED (counts and
    points as score_hand gives them) and their total; nothing for a trip not yet done."""
    result = []
    for side in score_hand(tableaux, None, draw_pile_empty=False, extended=False):
        lines = [line for line in side["lines"] if line["key"] in EARNED_AS_PLAYED]
        result.append(
            {"side": side["side"], "lines": lines, "total": sum(line["points"] for line in lines)}
        )
    return result
