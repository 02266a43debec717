"""Mille Bornes's help pages, written from the rules (../shared/rules/mille-bornes.md).

Numbers come from the engine (points, targets, the deck), so the help cannot drift from
the game.
"""

from __future__ import annotations

from game.engine.mille import scoring
from game.engine.mille.cards import (
    CARD_KINDS,
    DISTANCE,
    HAZARD,
    HAZARD_FOR_REMEDY,
    HAZARDS_STOPPED_BY,
    REMEDY,
    REMEDY_FOR,
    SAFETY,
    SAFETY_FOR,
    STOP,
    card_msg,
)
from game.engine.mille.rules import GAME_TARGET, LONG_TARGET, MAX_200S, SHORT_TARGET
from game.lang import N_, Msg, _, language, number, text
from game.shell.base import HelpPage

# The computer's levels as the set-up, the name plates and the help name them.
LEVEL_NAMES = (("easy", N_("Easy")), ("basic", N_("Basic")), ("expert", N_("Expert")))
LEVEL_HELP = {
    "easy": N_("Plays any sensible card at random; never a foolish one."),
    "basic": N_(
        "A fixed priority: a safety, a remedy, the longest distance, a hazard on the "
        "leader, else throws away what it values least."
    ),
    "expert": N_(
        "Counts the cards, keeps safeties for a coup fourré, attacks whoever is "
        "likeliest to win, and tries its closest choices in quick imagined games."
    ),
}
# The set-up's Options page (the set-up translates it where it shows it; the numbers are
# the engine's SHORT_TARGET 700 and LONG_TARGET 1000, checked by the tests).
OPTIONS_HELP = N_(
    "Players\tThe seats you fill decide: 2 or 3 play each for themselves to "
    "700 km, with the extension to 1000; 4 play as two teams of two "
    "to 1000 km; 6 as three teams of two, to 700 with the extension. "
    "Partners sit opposite: seats 1 and 3 against 2 and 4; 1 and 4, 2 and 5, 3 and 6.\n"
    "Hazards only on a Roll\tA variant from the rules: a hazard (other than Speed Limit) "
    "may only be played on a side that can drive, showing Roll (or with Right of Way and "
    "no hazard showing), so hazards never pile up.\n"
    "Deck\tThe official 101-card deck for 2 or 3 players has one fewer Stop, Accident, Out "
    "of Gas, Flat Tire and Speed Limit. Four or six players always use all 106."
)
# The distance cards' traditional emblems (cards.CardKind.emblem).
EMBLEM_WORDS = {
    "snail": N_("the snail card"),
    "duck": N_("the duck card"),
    "butterfly": N_("the butterfly card"),
    "hare": N_("the hare card"),
    "swallow": N_("the swallow card"),
}


def card_reference() -> str:
    """Every card: its name, how many, its French name (in English and Polish: the
    bilingual cards' own), and what it does."""
    lines = []
    for kind in CARD_KINDS:
        if kind.category == HAZARD:
            what = Msg(
                "on an opponent; mended by {remedy}, stopped by {safety}",
                remedy=card_msg(REMEDY_FOR[kind.id]),
                safety=card_msg(SAFETY_FOR[kind.id]),
            )
        elif kind.category == REMEDY:
            what = (
                Msg("starts you moving; also mends {stop}", stop=card_msg(STOP))
                if kind.id == "roll"
                else Msg("mends {hazard}", hazard=card_msg(HAZARD_FOR_REMEDY[kind.id]))
            )
        elif kind.category == SAFETY:
            stops = [card_msg(h) for h in HAZARDS_STOPPED_BY[kind.id]]
            what = Msg("keeps {hazards} away for the hand", hazards=stops)
        elif kind.km == 200:
            what = Msg(
                "{emblem}; at most {count} a hand",
                emblem=_(EMBLEM_WORDS[kind.emblem]),
                count=MAX_200S,
            )
        else:
            what = _(EMBLEM_WORDS[kind.emblem])
        name, count = card_msg(kind.id), kind.count
        if kind.category == DISTANCE or language() == "fr":
            # TRANSLATORS: a line of the help's card list: the card's name, a tab, how
            # many the deck holds ("x3"), and what it does.
            line = _("{name}\tx{count}  {what}.")
            lines.append(line.format(name=name, count=count, what=text(what)))
        else:
            # TRANSLATORS: as "{name}\tx{count}  {what}.", with the card's French name
            # as printed on the bilingual cards.
            line = _("{name}\tx{count}  {french}: {what}.")
            lines.append(line.format(name=name, count=count, french=kind.french, what=text(what)))
    return "\n".join(lines)


def scoring_page() -> HelpPage:
    """The scoring table, from the engine's numbers."""
    return HelpPage(
        _("Scoring"),
        _(
            "Every side scores at the end of each hand:\n"
            "Distance\t{per_km} point a kilometre travelled.\n"
            "Safeties\t{safety} for each safety played.\n"
            "All four\t{all_four} more for all four safeties.\n"
            "Coup fourré\t{coup} more for each coup fourré.\n\n"
            "Only the side that completes the trip scores:\n"
            "Trip\t{trip} for completing it (after an extension, whoever "
            "reaches {long} first).\n"
            "Delayed action\t{delayed} for completing it after the draw "
            "pile ran out.\n"
            "Safe trip\t{safe} for completing it without a 200 km card.\n"
            "Extension\t{extension} for completing it after calling an "
            "extension.\n"
            "Shutout\t{shutout} for each opponent side that played no distance."
            "\n\nHands are played until a side reaches {game}; if more than one does in "
            "the same hand, the higher total wins, and a tie is a tie."
        ).format(
            per_km=scoring.POINTS_PER_KM,
            safety=scoring.POINTS_SAFETY,
            all_four=scoring.POINTS_ALL_SAFETIES,
            coup=scoring.POINTS_COUP_FOURRE,
            trip=scoring.POINTS_TRIP,
            long=LONG_TARGET,
            delayed=scoring.POINTS_DELAYED_ACTION,
            safe=scoring.POINTS_SAFE_TRIP,
            extension=scoring.POINTS_EXTENSION,
            shutout=scoring.POINTS_SHUTOUT,
            game=number(GAME_TARGET),
        ),
    )


def help_pages() -> list[HelpPage]:
    """Every page of the game's help, in reading order."""
    return [
        HelpPage(
            _("Mille Bornes"),
            _(
                "A road race in cards, from France (1954): play distance cards to travel "
                "exactly {short} km (two or three players, or three teams) or "
                "{long} km (two teams), while your opponents throw hazards in your "
                "way and you mend them with remedies. Safeties protect you for good.\n\n"
                "Each turn: draw a card (done for you), then play one card or discard "
                "one, so you hold six again. The cards are bilingual, English on top and "
                "French beneath, like the 1960 international edition."
            ).format(short=SHORT_TARGET, long=LONG_TARGET),
        ),
        HelpPage(
            _("Your tableau"),
            _(
                "Each side has a row on the table. From the left: the name plate (lit "
                "while the side plays, with cards in hand, the game score, and beside it "
                "the points so far in this hand), the battle "
                "pile, the speed pile, four safety places, one place for each distance "
                "(x2 means two of them), and the kilometres travelled. Under the cards "
                "runs the road: a borne every 100 km, a flag at the target, your car.\n\n"
                "Battle pile\tHazards and remedies; only the top card counts.\n"
                "Speed pile\tSpeed Limit and End of Limit.\n"
                "Safeties\tA coup fourré lies sideways."
            ),
        ),
        HelpPage(
            _("What you may play"),
            _(
                "Roll\tOn your battle pile when it is empty or shows a remedy other than "
                "Roll, or a Stop (a Roll mends a Stop at once).\n"
                "Distance\tOnly while a Roll shows (or with Right of Way and no hazard). "
                "Under a Speed Limit only 25 and 50. At most {max_200s} cards of 200 a "
                "hand. Never past the target: the trip ends exactly.\n"
                "Remedy\tOn the matching hazard; then a Roll before distance again (not "
                "with Right of Way). End of Limit goes on a Speed Limit.\n"
                "Hazard\tOn an opponent's battle pile once it is not empty (they may pile "
                "up; only the top one must be mended). A side with Right of Way can drive "
                "without a Roll, so Accident, Out of Gas and Flat Tire may go on its "
                "battle pile even while it is empty (Right of Way keeps Stop away). Speed "
                "Limit on an empty speed pile or an End of Limit. Never against the "
                "matching safety.\n"
                "Safety\tAny time on your turn; then draw and play again.\n"
                "Discard\tAlways allowed; forced when nothing else is. Discards are dead."
            ).format(max_200s=MAX_200S),
        ),
        HelpPage(
            _("Safeties and the coup fourré"),
            _(
                "A safety protects its side for the rest of the hand. Right of Way also "
                "clears a Stop and a Speed Limit showing, and you never need a Roll again "
                "(other hazards still need their remedy).\n\n"
                "Coup fourré! When an opponent plays a hazard on your side and you hold its "
                "safety, you may answer at once, before anyone draws: the safety is laid "
                "sideways, the hazard goes to the discards, you draw and take your turn, "
                "and play goes on from you. It scores {coup} on top "
                "of the safety's {safety}.\n\n"
                "The table asks you: C (or click) to declare it, P to let it pass. Keeping "
                "a safety in hand for this moment is the game's great gamble."
            ).format(coup=scoring.POINTS_COUP_FOURRE, safety=scoring.POINTS_SAFETY),
        ),
        HelpPage(
            _("The coup fourré moment"),
            _(
                "Whether you hold a safety is your secret. So when other people play at "
                "the table (friends over the network), every hazard on a side with a person "
                "gives that side the same short moment, held safety or not: everyone else "
                'reads "Bea may call a coup fourré..." while the bar under the news runs '
                "out, then play goes on, or the coup fourré is played.\n\n"
                "Holding the safety, you are asked: answer before the bar runs out, or the "
                "table calls it for you. Letting it pass does not end the moment early, and "
                "the log never says it. Holding none, you are asked nothing: the moment "
                "passes on its own.\n\n"
                "Alone with computers you are asked without a clock, and a hazard you cannot "
                "answer goes straight on. At a shared screen, and in fast mode with friends, "
                "the table calls every coup fourré at once: it asks nobody."
            ),
        ),
        HelpPage(
            _("The end of a hand"),
            _(
                "A hand ends when a side reaches the target exactly, or when every hand "
                "is played out after the draw pile is gone.\n\n"
                "Extension\tIn the {short} km game, the first to reach "
                "{short} may end the hand or call an extension to {long} km "
                "(Y or N). It pays {extension} more only to whoever then "
                "completes the trip.\n\n"
                "The score sheet then shows every side's points, line by line."
            ).format(
                short=SHORT_TARGET,
                long=LONG_TARGET,
                extension=scoring.POINTS_EXTENSION,
            ),
        ),
        scoring_page(),
        HelpPage(
            _("Playing with the keyboard"),
            _(
                "1-7\tChoose a card of your hand (the numbers above the cards).\n"
                "<- ->\tChoose the card left or right.\n"
                "Enter\tPlay the chosen card. A hazard that could go on several sides asks "
                "on whom: Up/Down or a number, then Enter (Esc to choose again).\n"
                "X, Del\tDiscard the chosen card.\n"
                "O\tOrder your hand by kind (hazards, remedies, safeties, distance) or "
                "as drawn (each new card at the end); remembered.\n"
                "S\tThe score so far: each side's points in this hand, line by line.\n"
                "C / P\tDeclare a coup fourré, or let it pass.\n"
                "Y / N\tCall the extension, or end the hand.\n\n"
                "Cards you may play now stand higher; the others are greyed. A card you "
                "may not play is refused with a beep and the reason. The keys every table "
                "shares (hint, log, demo, fast, Space to hurry) are on the last page."
            ),
        ),
        HelpPage(
            _("Playing with the mouse"),
            _(
                "Click a card of your hand to choose it (rings show where it can go); "
                "click it again to play it, or click the row of the side to play it on.\n"
                "Right-click a card, or click Discard or the discard pile, to discard.\n"
                "Click the buttons of a question to answer it, and anywhere on the table "
                "to hurry the computer players. Click O Sort on the bottom line to order "
                "your hand by kind or as drawn, S Score for the points so far.\n\n"
                "Every entry of the bottom line can be clicked too."
            ),
        ),
        HelpPage(
            _("Two or more at one screen"),
            _(
                "When two or more people play at this screen, a hand shows only to its "
                "owner: at each person's turn a curtain names them; pass them the "
                "keyboard and mouse, and Enter (or a click) shows their cards. The moment "
                "they have played, the cards turn face down again.\n\n"
                "Nobody is asked anything out of turn, since a question to one player "
                "would tell the table that they hold the safety: when a hazard meets the "
                "safety in a hand here, the table calls the coup fourré at once, as the "
                "Expert always does (it is worth {coup} more and the next turn).\n\n"
                "The rows stay where they are all game, the first person's side lowest; "
                "the lit name plate and the tag on the news line say whose turn it is."
            ).format(coup=scoring.POINTS_COUP_FOURRE),
        ),
        HelpPage(
            _("Computer players"),
            "\n".join(
                f"{_(label)}\t{_(LEVEL_HELP[level])}"  # i18n: not shown (a tab between words)
                for level, label in LEVEL_NAMES
            )
            + "\n\n"
            + _(
                "Each computer card is shown flying to where it lands, with a line of "
                "news and a ring on the card for a moment."
            ),
        ),
        HelpPage(_("Options"), _(OPTIONS_HELP)),
        HelpPage(_("The cards"), card_reference()),
    ]
