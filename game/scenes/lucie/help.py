"""La Belle Lucie's help pages, written from the 1989 Gellman Software documentation."""

from __future__ import annotations

from game.engine.lucie import SCORE_RULE
from game.lang import _
from game.scenes.lucie.words import NEW_HAND, NEXT_HAND, SHUFFLE
from game.shell.base import HelpPage


def help_pages() -> list[HelpPage]:
    """Every page of the game's help, in reading order."""
    return [
        HelpPage(
            "La Belle Lucie",  # i18n: not shown (a translation: the game's name is its own)
            _(
                "A simple but interesting game of solitaire, also known as Clover Leaf, "
                "Midnight Oil, and Three Shuffles and a Draw. It looks easy to win, but it "
                "takes thought and planning (and some luck): a good player wins about one "
                "hand in ten.\n\n"
                "The 52 cards are dealt into 17 fans of three and one of one. Move every "
                "card to the four foundations at the top: each builds up by suit, from the "
                "ace to the king."
            ),
        ),
        HelpPage(
            _("Rules"),
            _(
                "Only the top (right-most) card of a fan is available. It may go to its "
                "foundation, or onto the top card of another fan of the same suit and one "
                "rank higher: the seven of spades goes on the eight of spades. Kings go "
                "only to their foundations, never onto a fan. An emptied fan stays empty."
                "\n\n"
                "When no more moves are possible, or they would be fruitless, shuffle: the "
                "tableau's cards are gathered, shuffled and dealt again in threes. You are "
                "allowed two shuffles.\n\n"
                "After the second shuffle you have a one-time draw: on the first move you "
                "may take ANY card, buried or not, and move it to any legal place. A chime "
                "and a red line at the foot of the screen remind you. Once another move is "
                "made, the chance is gone."
            ),
        ),
        HelpPage(
            _("Moving cards"),
            _(
                "Type the card and press Enter: AC is the ace of clubs, 2S the two of "
                "spades, TH (or 10H) the ten of hearts, JD, QH, KC... Upper or lower case; "
                "Backspace erases. A key that cannot make a card is not typed: it "
                "clicks, and the message says why.\n\n"
                "The computer first tries the card's foundation, then looks for a place in "
                "the tableau. When a card goes home, the next card of its suit follows if "
                "it is on top of a fan, and so on: there is no reason to leave it behind.\n\n"
                "Or click the card: see Mouse."
            ),
        ),
        HelpPage(
            _("Mouse"),
            _(
                "Everything the keys do, a click does too.\n\n"
                "Top card\tClick it to move it, as if you had typed it.\n"
                "Buried card\tClick it and the arrow shows it; just after the last shuffle, "
                "a click draws it (the free draw).\n"
                "Deck\tThe deck at the top left shuffles; the number on it is the shuffles "
                "left.\n"
                "Prompt\tClicking the prompt box is Enter.\n"
                "Bottom line\tEvery entry can be clicked: the suits while a card is half "
                "typed, Undo, Hint, New, and the digits of a deal number.\n\n"
                "The card under the pointer is ringed when a click would do something with "
                "it."
            ),
        ),
        HelpPage(
            _("Finding cards"),
            _(
                "Name a card that cannot move anywhere, and a small arrow appears above "
                "it for a second or so: the computer finds the card for you. Clicking a "
                "buried card shows the arrow too.\n\n"
                "But be careful: if the card you name can move, it moves. Scan the tops of "
                "the fans before you lean on the finder."
            ),
        ),
        HelpPage(
            _("Keys"),
            _(
                "The bottom line lists the keys you can press now; clicking an entry is the "
                "same as pressing its key. Commands work at an empty prompt. A key that "
                "cannot come next clicks and says why.\n\n"
                "A-K, 2-9\tType a card (rank, then suit), then Enter to move it.\n"
                "{shuffle_key}\t{shuffle} (redeal the tableau). S is also spades, so the "
                "shuffle waits for Enter, as the seed's Q does: a suit typed first never "
                "shuffles.\n"
                "D+Enter\tDemo: the computer plays on from here; D and Enter again hand "
                "the cards back. A hand the computer played in does not count.\n"
                "U / R\tUndo / Redo the moves of this deal. A shuffle, and the move made "
                "while the free draw is on offer, are final: undo stops there, so no "
                "hand is won by trying every shuffle or every draw.\n"
                "?\tHint: the computer works out your best move and rings the card.\n"
                "{new_key}\tA new hand: a random deal, a deal number, or this deal again.\n"
                "{next_key}\tOnce a hand is over: how it went, and the next hand (Esc "
                "then goes back to the title).\n"
                "F\tFast: no card animations.\n"
                "L\tThe move log: every move of this hand.\n"
                "Q+Enter\tThe seed's Quit menu (Esc does the same): Resume (R), Quit "
                "(Q) to the title, New hand (N), or Exit (X) to leave the program. Quit "
                "and Exit keep the hand for Continue.\n"
                "H, B\tHelp and the boss key, at an empty prompt (TH is still the ten of "
                "hearts; F1 and F12 always work)."
            ).format(
                shuffle_key=_(SHUFFLE[0]),
                shuffle=_(SHUFFLE[1]),
                new_key=NEW_HAND[0],
                next_key=_(NEXT_HAND[0]),
            ),
        ),
        HelpPage(
            _("Scoring"),
            _(SCORE_RULE)
            + "\n\n"
            + _(
                "The score is totally artificial: it was added to give a reason to play on "
                "after the last shuffle shows that winning is not possible. Some players "
                "like to keep up a particular average; the Scores screen on the title keeps "
                "yours, with your hands played and won.\n\n"
                "A hand counts when it ends (and then it cannot be taken back), or when you "
                "start another before it ends. On the last deal, once no line of play can "
                "send another card home, the hand ends there and says so. Quitting to the title keeps it for Continue. "
                "Hands the computer played any part of (demo) do not count.\n\n"
                "A win earns a cheer, and an extra cheer for each shuffle left unused."
            ),
        ),
        HelpPage(
            _("Deal numbers"),
            _(
                "Every hand has a deal number, shown at the top left. The same number always "
                "deals the same cards and the same shuffles, so you can replay a hand, "
                "compare with a friend, or report a puzzling one.\n\n"
                "N then D asks for a number; N then A plays this deal again."
            ),
        ),
        HelpPage(
            _("Strategy"),
            _(
                "Move all available cards to the foundations at once (the computer does). "
                "When moving a card within the tableau, consider how it might block other "
                "important cards: THINK and PLAN AHEAD.\n\n"
                "Kings cannot move except home, so a card under a king is blocked, at least "
                "for a while. Choose the free draw after the last shuffle with great care: "
                "any card blocked by a king of its own suit must be drawn, or the hand "
                "cannot be won. If two such cards are blocked, failure is assured."
            ),
        ),
        HelpPage(
            _("Black and white"),
            _(
                "The 1989 game added a switch for players with a colour monitor who prefer "
                "black and white. Start with --mono, or set Colours to Black & white in "
                "Settings (S on the title screen). Red suits then show as outlined pips, "
                "black suits as solid ones."
            ),
        ),
    ]
