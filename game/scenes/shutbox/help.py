"""Shut The Box's help pages, written from the 1989 MicroLink documentation."""

from __future__ import annotations

from game.engine.shutbox import (
    BOX_SHUT_BONUS,
    LEVEL_LABELS,
    LEVELS,
    PERFECT_GAME,
    PERFECT_TURN,
    TURNS_PER_PLAYER,
)
from game.lang import N_, _, number
from game.scenes.shutbox.toggles import TITLE, TOGGLES, ToggleSpec
from game.shell.base import HelpPage

# English, marked for the catalogs: the set-up screen and the help translate them.
LEVEL_HELP = {
    # TRANSLATORS: what the Beginner computer player does (set-up screen, help)
    "beginner": N_("Shuts any doors that make the roll, picked at random."),
    # TRANSLATORS: what the Pub regular computer player does (set-up screen, help)
    "pub": N_("The pub regular's rule of thumb: as few doors as possible, the highest first."),
    # TRANSLATORS: what the Perfect computer player does (set-up screen, help)
    "perfect": N_(
        "Works out exactly which doors give the best score on average, every "
        "roll. It cannot be beaten on average, only by luck."
    ),
}


def level_help() -> dict[str, str]:
    """One line per computer level, for the set-up screen (English: it translates them)."""
    return {level: LEVEL_HELP.get(level, "") for level in LEVELS}


def _toggle_line(toggle: ToggleSpec) -> str:
    """A toggle's row of the help's table: its letter, what it does and its default."""
    if toggle.default:
        words = _("{meaning} Starts as Yes.").format(meaning=_(toggle.meaning))
    else:
        words = _("{meaning} Starts as No.").format(meaning=_(toggle.meaning))
    return f"{toggle.letter}\t{words}"


def help_pages() -> list[HelpPage]:
    """Every page of the game's help, in reading order, in the language of the moment."""
    toggles = "\n".join(_toggle_line(t) for t in TOGGLES)
    levels = "\n".join(
        f"{_(LEVEL_LABELS[level])}\t{_(LEVEL_HELP.get(level, ''))}" for level in LEVELS
    )
    return [
        HelpPage(
            _(TITLE),
            _(
                "From coins covering numbers scratched into the deck of a fishing boat to "
                "the TV game show High Rollers, Shut The Box has been around since the "
                "18th century, when it is thought to have been invented by fishermen in "
                "the Channel Islands. It is still a popular pub game in the British Isles."
                "\n\nPlayers take turns trying to get the highest score by shutting "
                "numbered doors that match the dice. After each player has played "
                "{turns} turns, the high score wins (a tie shares the win)."
            ).format(turns=number(TURNS_PER_PLAYER)),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("A turn"),
            _(
                "At the start of a turn doors 1 to 9 are up. Roll two dice and shut any "
                "open doors whose numbers total the dice.\n\n"
                "For example, a six and a one make seven: shut the 7, or 6 and 1, or 5 "
                "and 2, or 4 and 3, or 4, 2 and 1. Say you shut 2 and 5; then an eleven "
                "can be 8 and 3 or 7 and 4, but not 9 and 2 (the 2 is down).\n\n"
                "The turn ends when every door is shut, or when no open doors can make "
                "the roll. Then all doors open again and the dice pass on."
            ),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("Scoring"),
            _(
                "A turn scores the numbers on the doors you shut, plus a bonus of "
                "{bonus} if you shut them all: a perfect turn is {turn} "
                "(1+2+...+9 + {bonus}), a perfect game {game}.\n\n"
                "Your scorecard, below the box, shows your name, your score and a graph "
                "of 50 dots against a perfect game: one dot fills for every 5 points.\n\n"
                "A shows every player's card. The leader has a flashing arrow, and the "
                "lines jutting into the frame from above and below mark the lowest and "
                "highest scores in the Top Ten."
            ).format(
                bonus=number(BOX_SHUT_BONUS), turn=number(PERFECT_TURN), game=number(PERFECT_GAME)
            ),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("Keyboard"),
            # TRANSLATORS: a help page; a line "key<TAB>what it does" is a row of a
            # table: translate the key names too (Left/Right, Enter...), not the letters
            _(
                "The bottom line always lists the keys you can press now, each with one "
                "word; clicking an entry is the same as pressing its key.\n\n"
                "Left/Right\tPoint at a door (the gold ring).\n"
                "Up/Down\tOpen or shut the door you point at.\n"
                "1 to 9\tShut that door, or open it again.\n"
                "Enter\tRoll the dice, once the doors you shut make the roll. Until "
                "then it says what is missing.\n"
                "?\tHint: what the Perfect computer would shut, and the score it "
                "expects from here.\n"
                "O\tRoll one die (only with the one-die option, once 7, 8 and 9 are "
                "shut).\n\n"
                "With the roll prompt (R) off, the dice roll by themselves a moment after "
                "your doors make the roll: click a door in that moment to change it.\n\n"
                "Doors you shut stay open to change until you roll: the next roll is what "
                "makes them final. Doors shut by an earlier roll stay down."
            ),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("Mouse"),
            _(
                "Click an open door to shut it; click a door you shut since the last "
                "roll to open it again.\n\n"
                'Click the dice, or the box that says "Press Enter to roll", to roll. '
                'The "Press Enter for the next turn" box can be clicked too.\n\n'
                "Click your scorecard to see everybody's (the same as A)."
            ),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("Commands and toggles"),
            # TRANSLATORS: a help page; "letter<TAB>what it does" rows of a table; the
            # toggles' own rows follow it
            _(
                "A\tAllScores: every player's scorecard, and the Top Ten range.\n"
                "B\tBoss key: a phony DOS screen. Type OK at its prompt to come back.\n"
                "Esc\tThe menu: Resume (R, or Esc again), Quit (Q) to the title, New "
                "game (N), or Exit (X) to leave the program, as the seed's Esc did. Quit "
                "and Exit keep the game for Continue.\n"
                "L\tThe move log: every roll and every shut of this game.\n"
                "T\tThe Top Ten scores and statistics.\n"
                "H\tThis help.\n\n"
                "Toggles are Yes or No; the square on the bottom line is filled for Yes. "
                "Your choices are remembered, and the set-up screen shows them too.\n"
            )
            + toggles,
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("From the command line"),
            # TRANSLATORS: a help page; keep the command line's options and letters as
            # they are (--shutbox-toggles RP, --mono, --no-save, MLSHUT R P)
            _(
                "Any toggle can start flipped from its default by giving its letter, as "
                "MLSHUT R P did:\n\n"
                "--shutbox-toggles RP\tNo roll prompt, numerals on the dice.\n\n"
                "The letters are R, N, P, K, D and F as in the game, plus B for black "
                "and white (--mono) and T for no Top Ten file (--no-save: nothing is "
                "written, as from a write-protected disk).\n\n"
                "With D and F both on, hold on to your socks."
            ),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("Computer players"),
            _(
                "On the set-up screen each seat is a human, a computer player or nobody, "
                "one to four players in all.\n\n{levels}\n\n"
                "The computer plays at a pace you can follow and says why it shuts the "
                "doors it does. Speed (F) Quick makes it quicker, Fast instant."
            ).format(levels=levels),
        ),
        HelpPage(
            # TRANSLATORS: a help page's title
            _("Scores and saving"),
            _(
                "The Top Ten (T) keeps the best human scores on this machine; a score "
                "good enough asks for your name. The statistics count games, wins, the "
                "average and best score, and boxes shut.\n\n"
                "The game is saved after every move: quit at any time and choose "
                "Continue on the title screen to play on. Games the computer played in "
                "demo mode do not count."
            ),
        ),
    ]
