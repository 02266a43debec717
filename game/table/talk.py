"""How a table talks to the player: a news line, banners, refusals, and the move log.

- The news line says what just happened ("Cindy banks 550."); it stays until the next.
- A passing line (a refusal with its sound, a hint, "Thinking...") shows over the news
  for a moment and then the news is back.
- A banner is a big announcement ("HOT DICE!", "Box shut!"); it goes by itself after a
  while, or stays until the table clears it.
- The move log keeps every line said about the game, so that nothing a computer did is
  lost from view (L opens it); it is saved with the game.

Tones name what a line is; each table draws them in TONE_COLOURS, which keep every
distinction in mono (light text on dark plates).

What is said may be a text or a Msg (game.lang: an engine's reason, a log line): a line
keeps it as it is (`said`) and gives its `text` in the language of the moment, so that the
log reads in the player's language after a change in Settings, after loading a game saved
in another, and at a guest's screen whose host speaks another (the network and the saved
game carry a Msg's key and values: talk_json / said_from_json).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from game.lang import Msg
from game.lang import text as shown_text
from game.ui import theme

INFO, GOOD, BAD, COMPUTER, HINT, DIM = "info", "good", "bad", "computer", "hint", "dim"
TONES = (INFO, GOOD, BAD, COMPUTER, HINT, DIM)
TONE_COLOURS = {
    INFO: theme.TEXT,
    GOOD: theme.GOOD,
    BAD: theme.WARNING,
    COMPUTER: theme.ACCENT,
    HINT: theme.TITLE,
    DIM: theme.TEXT_DIM,
}

# A seed's error message "disappears on its own after a second and a fraction"; every
# table's passing lines do the same.
PASSING_TICKS = 90
# A hint's passing line stays long enough to be read at this many characters a second
# (with its figures it is a long sentence).
READING_CHARS_PER_SECOND = 15
BANNER_TICKS = 150
# Lines the move log keeps (and saves): a long game's worth, never an ever-growing file.
LOG_LIMIT = 300
# Longest line the log keeps from a saved file (the file is the player's to damage).
LOG_LINE_LIMIT = 200


#: What a table says: a text, or a Msg translated when shown.
Said = str | Msg


@dataclass(frozen=True)
class Line:
    """One line of talk and its tone: `said` as it was said, `text` in the language of
    the moment."""

    said: Said
    tone: str = INFO

    @property
    def text(self) -> str:
        return shown_text(self.said)

    @property
    def colour(self) -> tuple[int, int, int]:
        return TONE_COLOURS.get(self.tone, theme.TEXT)

    def to_json(self) -> list[Any]:
        """[text or the Msg's key and values, tone]: as saved and as sent to a guest."""
        return [said_json(self.said), self.tone]


@dataclass
class Banner:
    """A big announcement: a title and a line under it (texts or Msgs, `title` and
    `subtitle` in the language of the moment); `left` ticks (None: until cleared)."""

    heading: Said
    below: Said = ""
    tone: str = GOOD
    left: int | None = BANNER_TICKS

    @property
    def title(self) -> str:
        return shown_text(self.heading)

    @property
    def subtitle(self) -> str:
        return shown_text(self.below)

    @property
    def colour(self) -> tuple[int, int, int]:
        return TONE_COLOURS.get(self.tone, theme.TITLE)


def said_json(said: Said) -> Any:
    """What was said as data (saved, sent): a Msg's key and values, a text as it is."""
    return said.to_json() if isinstance(said, Msg) else said


def said_from_json(data: Any) -> Said:
    """said_json's data again; ValueError for anything else (a damaged file, a host's
    message that is none)."""
    if isinstance(data, str):
        return data[:LOG_LINE_LIMIT]
    return Msg.from_json(data)


class Talk:
    """A table's news line, passing line, banner and move log."""

    def __init__(
        self,
        play_sound: Callable[[str], None],
        refusal_sound: str = "error",
        log: Iterable[Line] = (),
        noted: Callable[[], None] = lambda: None,
    ) -> None:
        """`noted` is called whenever the log grows (the table saves it with the game)."""
        self._play = play_sound
        self._noted = noted
        self.refusal_sound = refusal_sound
        self.news = Line("")
        self.passing: Line | None = None
        self._passing_left = 0
        self.banner: Banner | None = None
        self.log: list[Line] = list(log)[-LOG_LIMIT:]
        #: Who hears each line as it is said (speech: game.table.speaking), with its kind:
        #: "news", "passing", "refusal" or "banner".
        self.heard: Callable[[Line, str], None] = lambda line, kind: None
        #: Lines noted since this table was made (the log keeps only the last LOG_LIMIT):
        #: who reads the log as it grows (a network table's guests) counts from here.
        self.noted_count = 0

    # -- saying ----------------------------------------------------------------------
    def say(self, text: Said, tone: str = INFO, log: bool = True) -> None:
        """The news line; also the move log unless `log` is False (an instruction)."""
        self.news = Line(text, tone)
        self.passing = None
        if text:
            self.heard(self.news, "news")
        if log and text:
            self.note(text, tone)

    def note(self, text: Said, tone: str = INFO) -> None:
        """A line for the move log only."""
        self.log.append(Line(text, tone))
        del self.log[:-LOG_LIMIT]
        self.noted_count += 1
        self._noted()

    def tell(self, text: Said, tone: str = HINT, ticks: int = PASSING_TICKS) -> None:
        """A passing line over the news (a hint, a reminder); it goes by itself after
        `ticks`, a hint once it has also been shown long enough to read (a refusal goes
        after `ticks` alone: "after a second and a fraction", as a seed has it)."""
        reading = len(shown_text(text)) * 60 // READING_CHARS_PER_SECOND if tone == HINT else 0
        self.passing, self._passing_left = Line(text, tone), max(ticks, reading)
        self.heard(self.passing, "refusal" if tone == BAD else "passing")

    def refuse(self, text: Said) -> None:
        """The refusal sound and a passing line saying why."""
        self._play(self.refusal_sound)
        self.tell(text, BAD)

    def announce(
        self,
        title: Said,
        subtitle: Said = "",
        sound: str | None = None,
        tone: str = GOOD,
        ticks: int | None = BANNER_TICKS,
    ) -> None:
        """A banner (with a sound); `ticks` None keeps it until clear_banner()."""
        self.banner = Banner(title, subtitle, tone, ticks)
        self.heard(Line(title, tone), "banner")
        if subtitle:
            self.heard(Line(subtitle, tone), "banner")
        if sound:
            self._play(sound)

    def clear_banner(self) -> None:
        self.banner = None

    def hush(self) -> None:
        """Drop the passing line (a new move makes an old refusal stale)."""
        self.passing = None

    # -- what shows ----------------------------------------------------------------------
    @property
    def line(self) -> Line:
        """The line to show now: the passing one, else the news."""
        return self.passing if self.passing is not None else self.news

    def recent(self, count: int) -> list[Line]:
        """The last `count` lines of the log, and a passing line after them."""
        lines = self.log[-count:] if count > 0 else []
        if self.passing is not None:
            lines = (lines + [self.passing])[-count:]
        return lines

    def tick(self) -> None:
        if self.passing is not None:
            self._passing_left -= 1
            if self._passing_left <= 0:
                self.passing = None
        if self.banner is not None and self.banner.left is not None:
            self.banner.left -= 1
            if self.banner.left <= 0:
                self.banner = None

    # -- saving ----------------------------------------------------------------------
    def log_json(self) -> list[list[Any]]:
        return [line.to_json() for line in self.log]


def log_from_json(data: Any) -> list[Line]:
    """A saved move log: [[text or a Msg's JSON, tone], ...] (or plain strings, as older
    saves hold). Anything else in it is skipped: a damaged log never stops a game from
    resuming."""
    lines = []
    for item in data if isinstance(data, list) else ():
        if isinstance(item, str):
            said, tone = item, INFO
        elif isinstance(item, list) and len(item) == 2 and isinstance(item[1], str):
            said, tone = item
        else:
            continue
        try:
            said = said_from_json(said)
        except ValueError:
            continue
        lines.append(Line(said, tone if tone in TONES else INFO))
    return lines[-LOG_LIMIT:]
