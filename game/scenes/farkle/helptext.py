"""Farkle's help pages: the rules, the scoring table (from the engine's numbers), the keys."""

from __future__ import annotations

from game.engine.farkle import scoring
from game.lang import N_, _, number
from game.shell.base import HelpPage

# Words marked for the catalogs (N_), said where they are shown (_()).
LEVEL_LABELS = (
    # TRANSLATORS: the computer's levels (set-up, scoreboard): short words.
    ("cautious", N_("Cautious")),
    ("standard", N_("Standard")),
    ("expert", N_("Expert")),
)
LEVEL_HELP = {
    "cautious": N_("Holds every scoring die and passes the dice as soon as it may."),
    "standard": N_(
        "A sensible rule of thumb: keeps combinations and 1s, throws lone 5s back "
        "for more dice, and banks sooner as its dice run out."
    ),
    "expert": N_(
        "Plays every turn exactly for the most points; near the end and in the final "
        "round it plays for the win instead."
    ),
}
# TRANSLATORS: a help page of rows "name<TAB>what it does": keep the tabs and line breaks.
OPTIONS_HELP = N_(
    "Game score\tThe first to pass it starts the final round: 10,000 (the seed's "
    "default) or 5,000.\n"
    "Minimum bank\tThe least a turn must make before you may pass the dice: 500 in the "
    "1996 game; 0, 300 or 1,000 for other tables.\n"
    "Minimum applies\tOn every turn, or only until a player first gets on the board."
)


def scoring_table() -> str:
    """The seed's scoring table, with the single-die values of its own worked example."""
    # TRANSLATORS: the scoring table's combinations, as players name them.
    rows = (
        (_("Six of a kind"), "1 1 1 1 1 1", scoring.SIX_OF_A_KIND),
        (_("Straight"), "1 2 3 4 5 6", scoring.STRAIGHT),
        (_("Two triples"), "1 1 1 2 2 2", scoring.TWO_TRIPLES),
        (_("Three 1s"), "1 1 1", scoring.THREE_ONES),
        (_("Three of a kind"), "2 2 2 ... 6 6 6", None),
        (_("A single 1"), "1", scoring.SINGLE_ONE),
        (_("A single 5"), "5", scoring.SINGLE_FIVE),
    )
    lines = []
    for name, example, points in rows:
        if points:
            # TRANSLATORS: points in the scoring table, abbreviated: "1,000 pts".
            value = _("{points} pts").format(points=number(points))
        else:
            # TRANSLATORS: three of a kind scores 100 times the face: "100 x the face".
            value = _("{points} x the face").format(points=number(scoring.TRIPLE_PER_PIP))
        lines.append(f"{name}\t{example}  =  {value}")
    return "\n".join(lines)


def help_pages() -> list[HelpPage]:
    """Every page of Farkle's help, in reading order, in the language of the moment."""
    return [
        HelpPage(
            _("Farkle"),
            _(
                "Score points by rolling combinations of six dice; the first over the "
                "game score starts the final round, and the highest total wins.\n\n"
                "Each turn starts with all six dice rolled. Hold any scoring dice and "
                "roll the rest again, as often as you dare. Hold all six (hot dice) and "
                "you may roll all six again. A roll with nothing that scores is a "
                "FARKLE: the turn's points are lost. Next keeps the turn's points and "
                "passes the dice; you may pass only once the turn has made the minimum "
                "(500 unless you chose otherwise)."
            ),
        ),
        HelpPage(
            _("Scoring"),
            scoring_table()
            + "\n\n"
            + _(
                "Combinations count only within one roll. All the dice of a roll may "
                "score: 1 4 2 4 4 5 makes three 4s (400), a 1 (100) and a 5 (50) = 550. "
                "Four of a kind is three of a kind plus a single, so four 2s score only "
                "200."
            ),
        ),
        HelpPage(
            _("Holding and rolling"),
            # TRANSLATORS: rows "key<TAB>what it does": keep the tabs, the line breaks and
            # the keys' letters (1-6, A, R, N, E, D); key names are words (Space, Arrows).
            _(
                "1-6\tHold or release that die (the small numbers by the dice).\n"
                "Arrows, Space\tMove the cursor to a die (up, down, left or right, the "
                "way the arrow points), then hold or release it.\n"
                "A\tThe blank die in the centre: hold every scoring die, or release all.\n"
                "R\tRoll: keep the held dice and roll the rest.\n"
                "N\tNext: bank the turn (held dice included) and pass the dice.\n"
                "E\tDone: end the whole game (it asks first; D is demo at every table).\n\n"
                "Click a die, the blank die or a button to do the same with the mouse. "
                "Dice that cannot score cannot be held; you will hear why. Dice that only "
                "score together (three 2s) are held and released together. Next beeps "
                "if you have held nothing from your last roll: that would throw its "
                "score away."
            ),
        ),
        HelpPage(
            _("The final round"),
            _(
                "When a player passes the game score and banks, everyone else gets one "
                "final turn. It is all or nothing: you may not pass the dice until your "
                'turn would beat the highest score, shown as "Beat 10,350 to win". '
                "Once the last player has had a go, the highest total wins; ties share "
                "the win."
            ),
        ),
        HelpPage(
            _("Computer players"),
            "\n".join(f"{_(label)}\t{_(LEVEL_HELP[level])}" for level, label in LEVEL_LABELS)
            + "\n\n"
            + _(
                "The computer shows each hold and says why it rolls on or stops. "
                "Space hurries it along."
            ),
        ),
        HelpPage(_("Options"), _(OPTIONS_HELP)),
    ]
