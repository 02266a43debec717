"""La Belle Lucie's words: cards by name, a move in one line, refusals and hints in the
seed's words (the engine says redeal; the seed, and so this screen, says shuffle)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import replace

from game.engine.coach import Judgement
from game.engine.core import Event, Thinking
from game.engine.lucie import REDEAL, Hint, LucieGame
from game.engine.lucie.rules import card_code
from game.engine.lucie.rules import card_name as engine_card_name
from game.lang import N_, Msg, _, nmsg, pmsg, text
from game.shell.base import Command
from game.table import talk

# The game's commands, key and name, as the bar, the table's lines, the hints and the help
# all say them (issue 32 found "S shuffles" beside a bar saying "S+Enter Shuffle").
# Marked for the catalogs: shown translated (_()); the letter keys stay what they are.
# TRANSLATORS: the shuffle's key on the command bar: S, then the Enter key (its name).
SHUFFLE = (N_("S+Enter"), N_("Shuffle"))
# TRANSLATORS: a command bar word (one short word): a new hand.
NEW_HAND = ("N", N_("New"))
# TRANSLATORS: the Enter key's name, and a command bar word: the next hand.
NEXT_HAND = (N_("Enter"), N_("Next"))

# The engine says redeal; the seed, and so this screen, says shuffle. (The translations
# of the engine's words say the seed's word themselves.)
SEED_WORDS = (
    ("Redealing", "Shuffling"),  # i18n: not shown (English words swapped in English text)
    ("redealing", "shuffling"),
    ("Redeal", "Shuffle"),  # i18n: not shown (English words swapped in English text)
    ("redeal", "shuffle"),
)


def label(command: tuple[str, str]) -> tuple[str, str]:
    """A command's key and word as the bar shows them, in the language shown."""
    key, word = command
    return (_(key) if len(key) > 1 else key), _(word)


def card_name(card: str) -> Msg:
    """ "ten of hearts" for "TH", in the language shown."""
    return engine_card_name(card_code(card))


def action_words(action: str) -> Msg:
    """ "Took back TH." (an undo)."""
    if action == REDEAL:
        return Msg("Took back the shuffle.")
    return Msg("Took back {card}.", card=action)


def move_summary(events: Sequence[Event]) -> Msg | None:
    """One line for a move: "Drew the buried 7S: 7S onto 8S." / "TH home, then JH, QH." """
    drawn, move, chain, gone = "", None, [], False
    for event in events:
        data = event.data
        if event.kind == "draw_used":
            drawn = str(data["card"])
        elif event.kind == "draw_expired":
            gone = True
        elif event.kind == "to_foundation":
            move = ("home", str(data["card"]), "")
        elif event.kind == "to_tableau":
            move = ("onto", str(data["card"]), str(data["onto"]))
        elif event.kind == "auto_foundation":
            chain.append(str(data["card"]))
    if move is None:
        return None
    how, card, onto = move
    if how == "onto":
        # TRANSLATORS: a move in the log: the card played, then the card it is put on
        # (cards in the notation the player types: TH is the ten of hearts).
        line = Msg("{card} onto {onto}.", card=card, onto=onto)
    elif chain:
        # TRANSLATORS: a card sent to its foundation, then the next ones of its suit
        # that followed it by themselves, e.g. "TH home, then JH, QH."
        line = Msg("{card} home, then {cards}.", card=card, cards=", ".join(chain))
    else:
        # TRANSLATORS: a card sent to its foundation, e.g. "TH home."
        line = Msg("{card} home.", card=card)
    if drawn:
        # TRANSLATORS: the free draw took a buried card; {move} is the move's own line.
        line = Msg("Drew the buried {card}: {move}", card=drawn, move=line)
    if gone:
        line = Msg("{move} The free draw is gone.", move=line)
    return line


def illegal_words(data: dict) -> str:
    """The engine's refusal as a sentence, in the seed's words."""
    if data.get("reason") == "hand_over":
        return _("This hand is over: N deals a new one.")
    message = data.get("message") or Msg("That cannot be played")
    return in_seed_words(text(message)) + "."


def hint_words(hint: Hint) -> str:
    """The hint as a line: what to do, then why (in the seed's words: a shuffle)."""
    reason = in_seed_words(text(hint.reason))
    if hint.action == REDEAL:
        return _("Hint: shuffle ({key}). {reason}").format(key=_(SHUFFLE[0]), reason=reason)
    if hint.card:
        return _("Hint: play {card}. {reason}").format(card=hint.card, reason=reason)
    return _("Hint: {reason}").format(reason=reason)


def in_seed_words(words: str) -> str:
    """The engine's text with the seed's word for a redeal."""
    for engine_word, seed_word in SEED_WORDS:
        words = words.replace(engine_word, seed_word)
    return words


def judged_in_seed_words(thinking: Thinking[Judgement | None]) -> Thinking[Judgement | None]:
    """The coach's judgement with its reasons in the seed's words: the coach said
    "Redeal" where the table's bar says Shuffle. The reason is kept as a text, in the
    language of the moment (the table keeps it with the hand's review)."""

    def job() -> Generator[None, None, Judgement | None]:
        while not thinking.step():
            yield
        judgement = thinking.result
        if judgement is None:
            return None
        return replace(judgement, why=in_seed_words(text(judgement.why)))

    return Thinking(job())


def keys_line(commands: Sequence[Command]) -> str:
    """What a finished hand's keys do, as the bar names them: "Enter Next, N New, Esc
    Title" (the line said "Esc for the menu" while Esc went to the title)."""
    # The shared keys' Esc, whether the table names it in English or translated.
    wanted = {_(NEXT_HAND[0]), NEW_HAND[0], "Esc", _("Esc")}  # i18n: not shown (a key's label)
    return ", ".join(f"{c.key} {c.word}" for c in commands if c.enabled and c.key in wanted)


# -- winnable deals only (game.engine.lucie.winnable) ------------------------------------------
# TRANSLATORS: a winnable deal's difficulty, after "Difficulty:" (one word each).
DIFFICULTY_WORDS = {
    "easy": pmsg("difficulty", "easy"),
    "medium": pmsg("difficulty", "medium"),
    "hard": pmsg("difficulty", "hard"),
}
# The Progress page's rows of wins by difficulty (GameInfo.grouped_wins), marked here.
DIFFICULTY_ROWS = {
    # TRANSLATORS: a row of the Progress page: winnable deals of this difficulty.
    "winnable_easy": N_("Winnable, easy"),
    "winnable_medium": N_("Winnable, medium"),
    "winnable_hard": N_("Winnable, hard"),
}


def difficulty_words(level: str, percent: int) -> Msg:
    """ "Difficulty: hard (12% of good lines win)" for a winnable deal."""
    # TRANSLATORS: a winnable deal's difficulty: {level} is easy, medium or hard; the
    # percentage is the share of a good player's lines of play that win this deal.
    return Msg(
        "Difficulty: {level} ({percent}% of good lines win)",
        level=DIFFICULTY_WORDS.get(level, level),
        percent=percent,
    )


def winnable_start(deal: int, level: str, percent: int, demo: bool) -> Msg:
    """The table's first line for a winnable deal, its difficulty in it."""
    if demo:
        return Msg(
            "Winnable deal #{deal}. {difficulty}. The computer plays it.",
            deal=str(deal),
            difficulty=difficulty_words(level, percent),
        )
    return Msg(
        "Winnable deal #{deal}. {difficulty}. Type a card and press Enter, or click it.",
        deal=str(deal),
        difficulty=difficulty_words(level, percent),
    )


def hand_over_words(game: LucieGame, *, gave_up: bool, stuck: bool) -> tuple[Msg, str]:
    """What the table says as a hand ends, and in which tone (talk.GOOD for a win):
    a win (an extra cheer for each shuffle to spare), the demo giving up, no move that
    brings a card home, or no move at all."""
    if game.is_won:
        unused = game.redeals_left
        said = (
            nmsg(
                "You won! With {n} shuffle to spare: an extra cheer.",
                "You won! With {n} shuffles to spare: an extra cheer.",
                unused,
            )
            if unused
            else Msg("You won!")
        )
        return said, talk.GOOD
    if gave_up:
        return Msg(
            "The computer sees no move that sends another card home: the hand "
            "is over with a score of {score}.",
            score=game.score,
        ), talk.HINT
    if stuck:
        return Msg(
            "No move can bring a card home: the hand is over with a score of {score}.",
            score=game.score,
        ), talk.HINT
    return Msg(
        "No moves are left: the hand is over with a score of {score}.", score=game.score
    ), talk.HINT
