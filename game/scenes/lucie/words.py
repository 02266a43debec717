"""La Belle Lucie's words: cards by name, a move in one line, refusals and hints in the
seed's words (the engine says redeal; the seed, and so this screen, says shuffle)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import replace

from game.engine.cards import parse_card
from game.engine.coach import Judgement
from game.engine.core import Event, Thinking
from game.engine.lucie import REDEAL, Hint
from game.shell.base import Command

# The game's commands, key and name, as the bar, the table's lines, the hints and the help
# all say them (issue 32 found "S shuffles" beside a bar saying "S+Enter Shuffle").
SHUFFLE = ("S+Enter", "Shuffle")
NEW_HAND = ("N", "New")
NEXT_HAND = ("Enter", "Next")

# The engine says redeal; the seed, and so this screen, says shuffle.
SEED_WORDS = (
    ("Redealing", "Shuffling"),
    ("redealing", "shuffling"),
    ("Redeal", "Shuffle"),
    ("redeal", "shuffle"),
)


def card_name(card: str) -> str:
    """ "ten of hearts" for "TH"."""
    return parse_card(card).name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def action_words(action: str) -> str:
    return "the shuffle" if action == REDEAL else action


def move_summary(events: Sequence[Event]) -> str:
    """One line for a move: "Drew the buried 7S: onto 8S." / "TH home, then JH, QH." """
    drawn, moves, chain, after = "", "", [], ""
    for event in events:
        data = event.data
        if event.kind == "draw_used":
            drawn = f"Drew the buried {data['card']}: "
        elif event.kind == "draw_expired":
            after = " The free draw is gone."
        elif event.kind == "to_foundation":
            moves = f"{data['card']} home"
        elif event.kind == "to_tableau":
            moves = f"{data['card']} onto {data['onto']}"
        elif event.kind == "auto_foundation":
            chain.append(str(data["card"]))
    if not moves:
        return ""
    if chain:
        moves += ", then " + ", ".join(chain)
    return f"{drawn}{moves}.{after}"


def illegal_words(data: dict) -> str:
    """The engine's refusal as a sentence, in the seed's words."""
    if data.get("reason") == "hand_over":
        return "This hand is over: N deals a new one."
    return in_seed_words(str(data.get("message", "That cannot be played"))) + "."


def hint_words(hint: Hint) -> str:
    """The hint as a line: what to do, then why (in the seed's words: a shuffle)."""
    reason = in_seed_words(hint.reason)
    if hint.action == REDEAL:
        return f"Hint: shuffle ({SHUFFLE[0]}). {reason}"
    if hint.card:
        return f"Hint: play {hint.card}. {reason}"
    return f"Hint: {reason}"


def in_seed_words(text: str) -> str:
    """The engine's text with the seed's word for a redeal."""
    for engine_word, seed_word in SEED_WORDS:
        text = text.replace(engine_word, seed_word)
    return text


def judged_in_seed_words(thinking: Thinking[Judgement | None]) -> Thinking[Judgement | None]:
    """The coach's judgement with its reasons in the seed's words: the coach said
    "Redeal" where the table's bar says Shuffle."""

    def job() -> Generator[None, None, Judgement | None]:
        while not thinking.step():
            yield
        judgement = thinking.result
        return None if judgement is None else replace(judgement, why=in_seed_words(judgement.why))

    return Thinking(job())


def keys_line(commands: Sequence[Command]) -> str:
    """What a finished hand's keys do, as the bar names them: "Enter Next, N New, Esc
    Title" (the line said "Esc for the menu" while Esc went to the title)."""
    wanted = {NEXT_HAND[0], NEW_HAND[0], "Esc"}
    return ", ".join(f"{c.key} {c.word}" for c in commands if c.enabled and c.key in wanted)
