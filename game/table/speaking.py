"""Speech at a table (issue 34): what a player who cannot see the screen needs said.

- Every line of talk as it is said: the news (a roll, a computer's move, a score), a
  banner, a hint, a refusal and why (a refusal cuts what was being said).
- Whose turn it is, once the screen has caught up with a change of turn.
- What the table waits for from the person here (the game's prompt), when it changes.
- What the keyboard's cursor is on (a die, a door, a card, a button), when it moves or
  what it is on changes; after a key it cuts what was being said, as a screen reader does.
- On request: F2 the person's hand, F3 the table, F4 the score (the game's words, from
  the seat's own view: never anything hidden from it).

A game gives the words through SpeakingHooks, built with game.lang (so speech follows the
language). Nothing is said at a demo started from the title (attract mode) or while
another screen is over the table; nothing at all while speech is off.
"""

from __future__ import annotations

from typing import Any, Protocol

from game import speech
from game.lang import _
from game.table.talk import DIM, Line

#: The actions of the reading keys (game.input: F2, F3, F4), by what each reads.
READ_ACTIONS = ("read_hand", "read_table", "read_score")


class SpeakingHooks:
    """What a game tells a player who listens (each "" when it has nothing to say)."""

    def spoken_focus(self) -> str:
        """What the keyboard's cursor is on now, while a person here decides."""
        return ""

    def spoken_prompt(self) -> str:
        """What the table waits for from the person here now ("Press Enter to roll")."""
        return ""

    def spoken_hand(self) -> str:
        """F2: the person's hand (cards held, dice kept), as their seat sees it."""
        return ""

    def spoken_table(self) -> str:
        """F3: what lies on the table (piles, open doors, the dice)."""
        return ""

    def spoken_score(self) -> str:
        """F4: the score (every seat's, as the scorecard shows it)."""
        return ""


class SpeakingTable(Protocol):
    """What Speaking asks of its table."""

    app: Any
    talk: Any
    attract: bool
    finished: bool
    steps: Any
    moves: int

    @property
    def is_over(self) -> bool: ...
    def animating(self) -> bool: ...
    def public_seat_to_act(self) -> int | None: ...
    def name(self, seat: int) -> str: ...
    def spoken_focus(self) -> str: ...
    def spoken_prompt(self) -> str: ...
    def spoken_hand(self) -> str: ...
    def spoken_table(self) -> str: ...
    def spoken_score(self) -> str: ...


class Speaking:
    """One table's voice: its talk, its turns, its prompt and its cursor said aloud."""

    def __init__(self, table: SpeakingTable) -> None:
        self.table = table
        self._turn: int | None = None
        self._prompt: str | None = ""
        self._focus = ""
        self._moves = -1
        #: A key was pressed since the last tick: a new focus cuts what was being said.
        self._pressed = False
        table.talk.heard = self.heard

    def quiet(self) -> bool:
        """Nothing is said: speech is off, or this is the title's demo."""
        return not speech.enabled() or self.table.attract

    def heard(self, line: Line, kind: str) -> None:
        """Talk said a line (kind: "news", "passing", "refusal" or "banner")."""
        if self.quiet() or (kind == "passing" and line.tone == DIM):
            return  # "Thinking..." and the like: the turn and prompt say enough
        speech.say(line.text, interrupt=kind == "refusal")

    def saw(self, action: Any) -> None:
        """A key or click reached the table."""
        self._pressed = True

    def tick(self) -> None:
        """Say what changed once the screen has caught up: the turn, the prompt, the
        cursor's focus."""
        table = self.table
        if self.quiet() or table.app.scenes.top is not table:
            self._prompt = None  # back at the table, the prompt and focus are said again
            return
        if table.steps or table.animating():
            return
        seat = None if table.finished or table.is_over else table.public_seat_to_act()
        if seat != self._turn:
            self._turn = seat
            if seat is not None:
                # TRANSLATORS: spoken when the turn passes to a seat.
                speech.say(_("{name} to play.").format(name=table.name(seat)))
        focus, prompt = table.spoken_focus(), table.spoken_prompt()
        # A new situation: the prompt changed, or moves were made since it was said (the
        # same question again after the computer's turn: "Your turn" once more).
        again = prompt != self._prompt or (bool(prompt) and table.moves != self._moves)
        self._moves = table.moves
        # The focus first: moved by a key (an arrow), it cuts what was being said; in a
        # new situation it is said again, after what the move caused (the roll is heard).
        if focus != self._focus or again:
            speech.say(focus, interrupt=self._pressed and focus != self._focus and not again)
            self._focus = focus
        if again:
            self._prompt = prompt
            speech.say(prompt)
        self._pressed = False

    def read(self, what: str) -> bool:
        """F2, F3 or F4: the hand, the table or the score, cutting what was being said."""
        table = self.table
        if what not in READ_ACTIONS or not speech.enabled():
            return False
        words = {
            "read_hand": table.spoken_hand,
            "read_table": table.spoken_table,
            "read_score": table.spoken_score,
        }[what]()
        speech.say(words or _("Nothing to read here."), interrupt=True)
        return True
