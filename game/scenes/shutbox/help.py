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
from game.scenes.shutbox.toggles import TOGGLES
from game.shell.base import HelpPage

LEVEL_HELP = {
    "beginner": "Shuts any doors that make the roll, picked at random.",
    "pub": "The pub regular's rule of thumb: as few doors as possible, the highest first.",
    "perfect": "Works out exactly which doors give the best score on average, every "
    "roll. It cannot be beaten on average, only by luck.",
}


def level_help() -> dict[str, str]:
    """One line per computer level, for the set-up screen."""
    return {level: LEVEL_HELP.get(level, "") for level in LEVELS}


def help_pages() -> list[HelpPage]:
    """Every page of the game's help, in reading order."""
    toggles = "\n".join(
        f"{t.letter}\t{t.meaning} Starts as {'Yes' if t.default else 'No'}." for t in TOGGLES
    )
    levels = "\n".join(f"{LEVEL_LABELS[level]}\t{LEVEL_HELP.get(level, '')}" for level in LEVELS)
    return [
        HelpPage(
            "Shut The Box",
            "From coins covering numbers scratched into the deck of a fishing boat to "
            "the TV game show High Rollers, Shut The Box has been around since the "
            "18th century, when it is thought to have been invented by fishermen in "
            "the Channel Islands. It is still a popular pub game in the British Isles."
            "\n\nPlayers take turns trying to get the highest score by shutting "
            "numbered doors that match the dice. After each player has played "
            f"{TURNS_PER_PLAYER} turns, the high score wins (a tie shares the win).",
        ),
        HelpPage(
            "A turn",
            "At the start of a turn doors 1 to 9 are up. Roll two dice and shut any "
            "open doors whose numbers total the dice.\n\n"
            "For example, a six and a one make seven: shut the 7, or 6 and 1, or 5 "
            "and 2, or 4 and 3, or 4, 2 and 1. Say you shut 2 and 5; then an eleven "
            "can be 8 and 3 or 7 and 4, but not 9 and 2 (the 2 is down).\n\n"
            "The turn ends when every door is shut, or when no open doors can make "
            "the roll. Then all doors open again and the dice pass on.",
        ),
        HelpPage(
            "Scoring",
            "A turn scores the numbers on the doors you shut, plus a bonus of "
            f"{BOX_SHUT_BONUS} if you shut them all: a perfect turn is {PERFECT_TURN} "
            f"(1+2+...+9 + {BOX_SHUT_BONUS}), a perfect game {PERFECT_GAME}.\n\n"
            "Your scorecard, below the box, shows your name, your score and a graph "
            "of 50 dots against a perfect game: one dot fills for every 5 points.\n\n"
            "A shows every player's card. The leader has a flashing arrow, and the "
            "lines jutting into the frame from above and below mark the lowest and "
            "highest scores in the Top Ten.",
        ),
        HelpPage(
            "Keyboard",
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
            "makes them final. Doors shut by an earlier roll stay down.",
        ),
        HelpPage(
            "Mouse",
            "Click an open door to shut it; click a door you shut since the last "
            "roll to open it again.\n\n"
            'Click the dice, or the box that says "Press Enter to roll", to roll. '
            'The "Press Enter for the next turn" box can be clicked too.\n\n'
            "Click your scorecard to see everybody's (the same as A).",
        ),
        HelpPage(
            "Commands and toggles",
            "A\tAllScores: every player's scorecard, and the Top Ten range.\n"
            "B\tBoss key: a phony DOS screen. Type OK at its prompt to come back.\n"
            "Esc\tThe menu: Resume (R, or Esc again), Quit (Q) to the title, New "
            "game (N), or Exit (X) to leave the program, as the seed's Esc did. Quit "
            "and Exit keep the game for Continue.\n"
            "L\tThe move log: every roll and every shut of this game.\n"
            "T\tThe Top Ten scores and statistics.\n"
            "H\tThis help.\n\n"
            "Toggles are Yes or No; the square on the bottom line is filled for Yes. "
            "Your choices are remembered, and the set-up screen shows them too.\n" + toggles,
        ),
        HelpPage(
            "From the command line",
            "Any toggle can start flipped from its default by giving its letter, as "
            "MLSHUT R P did:\n\n"
            "--shutbox-toggles RP\tNo roll prompt, numerals on the dice.\n\n"
            "The letters are R, N, P, K, D and F as in the game, plus B for black "
            "and white (--mono) and T for no Top Ten file (--no-save: nothing is "
            "written, as from a write-protected disk).\n\n"
            "With D and F both on, hold on to your socks.",
        ),
        HelpPage(
            "Computer players",
            "On the set-up screen each seat is a human, a computer player or nobody, "
            "one to four players in all.\n\n" + levels + "\n\n"
            "The computer plays at a pace you can follow and says why it shuts the "
            "doors it does. Speed (F) Quick makes it quicker, Fast instant.",
        ),
        HelpPage(
            "Scores and saving",
            "The Top Ten (T) keeps the best human scores on this machine; a score "
            "good enough asks for your name. The statistics count games, wins, the "
            "average and best score, and boxes shut.\n\n"
            "The game is saved after every move: quit at any time and choose "
            "Continue on the title screen to play on. Games the computer played in "
            "demo mode do not count.",
        ),
    ]
