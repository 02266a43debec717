"""The one object the app creates and hands to every scene: all the player's records."""

from __future__ import annotations

import copy
import json
import logging
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import fields
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar

from game import lang
from game.lang import Msg
from game.storage.daily import DailyDay, DailyRecord
from game.storage.datafolder import DataFolder, Document, R
from game.storage.games import check_game_id, registered_titles
from game.storage.guest_tokens import GuestTokens, TableKey, sound_token
from game.storage.location import default_data_dir
from game.storage.medals import DailyStreaks, MedalCase, NoDailyDeals
from game.storage.savedgame import SavedGame
from game.storage.settings import Settings, merge_options
from game.storage.stats import GameStats
from game.storage.topten import TopTen

log = logging.getLogger(__name__)

T = TypeVar("T")

# File names come only from these patterns and game ids, never from anything typed.
# How the notices name them: in French and Polish each is "the file of ..." (a masculine
# word in both), so that what the notices say of it agrees.
# TRANSLATORS: a file, as a notice names it: "Settings file was damaged and ...".
SETTINGS_DOCUMENT = Document("settings.json", Settings, None, Msg("Settings file"))
GUEST_TOKENS_DOCUMENT = Document(
    "guest-tokens.json",
    GuestTokens,
    None,
    Msg("The file of your seats at friends' tables"),
    when_rejected=Msg("has been reset (a table you join again gives you a new seat)"),
)

# TRANSLATORS: a file, as a notice names it: "The file of daily deals was damaged and ...".
DAILY_DOCUMENT = Document("daily.json", DailyRecord, None, Msg("The file of daily deals"))


def top_ten_document(game_id: str, title: str) -> Document[TopTen]:
    """Where a game's Top Ten lives."""
    # TRANSLATORS: a file, as a notice names it: "Farkle Top Ten was damaged and ...".
    name = Msg("{game} Top Ten", game=Msg(title))
    return Document(f"{game_id}-topten.json", TopTen, game_id, name)


def stats_document(game_id: str, title: str) -> Document[GameStats]:
    """Where a game's statistics live."""
    name = Msg("{game} statistics file", game=Msg(title))
    return Document(f"{game_id}-stats.json", GameStats, game_id, name)


def medals_document(game_id: str, title: str) -> Document[MedalCase]:
    """Where a game's medals live (issue 35)."""
    # TRANSLATORS: a file, as a notice names it: "Farkle medals file was damaged and ...".
    name = Msg("{game} medals file", game=Msg(title))
    return Document(f"{game_id}-medals.json", MedalCase, game_id, name)


def saved_game_document(game_id: str, title: str) -> Document[SavedGame]:
    """Where a game's game in progress lives."""
    return Document(
        f"{game_id}-saved.json",
        SavedGame,
        game_id,
        # TRANSLATORS: a file, as a notice names it: "Saved Farkle game cannot be resumed".
        Msg("Saved {game} game", game=Msg(title)),
        when_rejected=Msg("cannot be resumed"),
    )


class Storage:
    """Settings, Top Tens, statistics and saved games of every game, in one data folder.

    Nothing here raises over bad files or a folder that refuses writes: the game plays on
    and take_notices() returns what the player should be told. Plain Python, no pygame,
    so engine tools and tests can use it too. Call it from the main thread only (with
    write_behind, files are written by a thread of the data folder's own).
    """

    def __init__(
        self,
        data_dir: Path | None = None,
        no_save: bool = False,
        *,
        now: Callable[[], datetime] = datetime.now,
        games: Mapping[str, str] | None = None,
        write_behind: bool = False,
    ) -> None:
        """`games`: titles by id of the games whose records are loaded at once (by default
        the registered games); another game's are loaded when first asked for.
        `write_behind`: saves return at once and a writer thread writes them (the running
        game: no frame waits for the disk); flush() waits for them."""
        if games is None:
            games = registered_titles()
        # A deque: the writer thread may add a notice while the main thread takes them.
        # Msgs, translated when taken (the player's language of the moment).
        self._notices: deque[str | Msg] = deque()
        self._now = now
        self._titles = {check_game_id(game): title for game, title in games.items()}
        folder = default_data_dir() if data_dir is None else Path(data_dir)
        self._folder = DataFolder(
            folder, no_save=no_save, notify=self._notices.append, now=now, write_behind=write_behind
        )
        # The state each game was resumed with this run: if the program crashes before
        # the game saves anything else, that state may be the cause (see after_crash).
        self._resumed: dict[str, str] = {}
        # Loaded at once, so that any notice about a damaged file shows at the title.
        self.settings: Settings = self._load(SETTINGS_DOCUMENT, Settings)
        self._guest_tokens: GuestTokens = self._load(GUEST_TOKENS_DOCUMENT, GuestTokens)
        self._daily: DailyRecord | None = None  # read when first asked for
        #: Counts the changes of the daily record (a screen rereads it when it changes).
        self.daily_version = 0
        self._top_tens: dict[str, TopTen] = {}
        self._stats: dict[str, GameStats] = {}
        self._medals: dict[str, MedalCase] = {}
        for game in self._titles:
            self._records(game)

    def _load(self, doc: Document[R], default: Callable[[], R]) -> R:
        record = self._folder.load(doc)
        return default() if record is None else record

    def title(self, game_id: str) -> str:
        """The game's title for notices ("Shut The Box Top Ten was damaged..."); a game
        storage was not told of (registered later) goes by its id."""
        return self._titles.get(check_game_id(game_id), game_id)

    def _records(self, game_id: str) -> str:
        """Load the game's Top Ten and statistics the first time it is asked about."""
        if check_game_id(game_id) not in self._top_tens:
            title = self.title(game_id)
            self._top_tens[game_id] = self._load(top_ten_document(game_id, title), TopTen)
            self._stats[game_id] = self._load(stats_document(game_id, title), GameStats)
            self._medals[game_id] = self._load(medals_document(game_id, title), MedalCase)
        return game_id

    # -- the folder ---------------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        """The folder read and written."""
        return self._folder.path

    @property
    def no_save(self) -> bool:
        """True if nothing is ever written (--no-save, a write-protected disk)."""
        return self._folder.no_save

    @property
    def saving_works(self) -> bool:
        """False while the folder refuses writes (the unsaved data waits in memory)."""
        return self._folder.saving_works and not self.no_save

    def take_notices(self) -> list[str]:
        """The one-line messages for the player since the last call, oldest first."""
        notices = []
        while self._notices:  # popped one by one: the folder may append meanwhile
            notices.append(lang.text(self._notices.popleft()))
        return notices

    def flush(self) -> bool:
        """Write everything still waiting, or retry it (on quit: with write_behind, this
        waits for the writer); True if all is on disk."""
        return self._folder.flush()

    # -- settings -----------------------------------------------------------------------

    def save_settings(self) -> bool:
        """Write `self.settings` after changing it; True if it is on disk."""
        # Checked as the next start will check them, so that no bad value is written.
        checked, repairs = Settings.from_json(self.settings.to_json())
        if repairs:
            log.error("settings had invalid values, saved as defaults: %s", repairs)
            for setting in fields(Settings):
                setattr(self.settings, setting.name, getattr(checked, setting.name))
        return self._folder.save(SETTINGS_DOCUMENT, self.settings)

    def game_options(self, game_id: str, defaults: Mapping[str, Any]) -> dict[str, Any]:
        """A game's options: `defaults` with the stored values that have the default's type.

        Stored keys missing from `defaults` are kept (another version's options). A stored
        value of the wrong type is replaced by its default, with a notice.
        """
        stored = self.settings.games.get(check_game_id(game_id), {})
        options, bad_keys = merge_options(stored, defaults)
        if bad_keys:
            log.warning("bad %s options %s", game_id, bad_keys)
            self._folder.set_aside(
                SETTINGS_DOCUMENT,
                Msg("had bad {game} options and has been repaired", game=Msg(self.title(game_id))),
            )
            self.settings.games[game_id] = copy.deepcopy(options)
            self.save_settings()
        return options

    def save_game_options(self, game_id: str, options: Mapping[str, Any]) -> bool:
        """Store a game's options (JSON data) and write the settings; True if on disk."""
        _require_json(options)
        self.settings.games[check_game_id(game_id)] = copy.deepcopy(dict(options))
        return self.save_settings()

    # -- Top Ten and statistics ---------------------------------------------------------

    def top_ten(self, game_id: str) -> TopTen:
        """A copy of the game's Top Ten (add entries with add_to_top_ten, which saves)."""
        return copy.deepcopy(self._top_tens[self._records(game_id)])

    def add_to_top_ten(
        self, game_id: str, name: str, score: int, extra: Mapping[str, Any] | None = None
    ) -> int | None:
        """Enter a score dated today if it qualifies and save; its 1-based rank, or None."""
        _require_json(dict(extra or {}))
        table = self._top_tens[self._records(game_id)]
        rank = table.insert(name, score, self._now().date(), extra)
        if rank is not None:
            self._folder.save(top_ten_document(game_id, self.title(game_id)), table)
        return rank

    def stats(self, game_id: str) -> GameStats:
        """A copy of the game's statistics."""
        return copy.deepcopy(self._stats[self._records(game_id)])

    def record_result(
        self,
        game_id: str,
        *,
        won: bool,
        score: int | None = None,
        counters: Mapping[str, int] | None = None,
        accuracy: int | None = None,
        loss: float | None = None,
        opponent: str = "",
        hints: int = 0,
    ) -> GameStats:
        """Count a finished game and save; counters add to the game's own totals, and
        accuracy, loss, opponent and hints (a SeatResult's) go into the history of last
        games.

        Returns the updated statistics (a copy).
        """
        stats = self._stats[self._records(game_id)]
        stats.record(
            won, score, counters, accuracy=accuracy, loss=loss, opponent=opponent, hints=hints
        )
        self._folder.save(stats_document(game_id, self.title(game_id)), stats)
        return copy.deepcopy(stats)

    def reset_scores(self, game_id: str) -> bool:
        """Empty the game's Top Ten and statistics (after the player confirmed); True if saved."""
        title = self.title(game_id)
        self._top_tens[game_id] = TopTen()
        self._stats[game_id] = GameStats()
        tables_saved = self._folder.save(top_ten_document(game_id, title), self._top_tens[game_id])
        stats_saved = self._folder.save(stats_document(game_id, title), self._stats[game_id])
        return tables_saved and stats_saved

    # -- medals (medals.py; issue 35) ----------------------------------------------------

    def medals(self, game_id: str) -> MedalCase:
        """A copy of the game's medals earned here (earn_medal adds one and saves)."""
        return copy.deepcopy(self._medals[self._records(game_id)])

    def earn_medal(self, game_id: str, medal_id: str, name: str = "") -> bool:
        """The medal was earned today by `name`: kept and saved; True if it is new (a medal
        is earned once: False, and nothing changes, if it was earned before)."""
        case = self._medals[self._records(game_id)]
        if not case.earn(medal_id, self._now().date(), name):
            return False
        self._folder.save(medals_document(game_id, self.title(game_id)), case)
        return True

    def daily_streaks(self) -> DailyStreaks:
        """The daily deals' streaks, which the daily-streak medals read: the daily deals'
        record (DailyRecord.streak) once this Storage keeps one (`_daily_record`, the
        daily deal's part of issue 35), else a stand-in with no streak."""
        record = getattr(self, "_daily_record", None)
        return NoDailyDeals() if record is None else record()

    # -- daily deals (daily.py) -------------------------------------------------------------

    def daily(self) -> DailyRecord:
        """A copy of the daily deals played (start_daily and finish_daily save them)."""
        return copy.deepcopy(self._daily_record())

    def _daily_record(self) -> DailyRecord:
        if self._daily is None:
            self._daily = self._load(DAILY_DOCUMENT, DailyRecord)
        return self._daily

    def start_daily(self, game_id: str, day: date, code: str) -> bool:
        """A daily game starts: recorded on disk before play (a kill after this cannot
        give a second counted attempt). True for the day's counted attempt, False for a
        replay."""
        record = self._daily_record()
        counted = record.start(check_game_id(game_id), day, code)
        self.daily_version += 1
        self._folder.save(DAILY_DOCUMENT, record)
        self.flush()  # on disk now, even with write_behind: the attempt is counted
        return counted

    def finish_daily(
        self,
        game_id: str,
        day: date,
        *,
        won: bool,
        score: int | None = None,
        moves: int | None = None,
        accuracy: int | None = None,
    ) -> DailyDay | None:
        """The day's counted attempt ended so (a finished day keeps its first result)."""
        record = self._daily_record()
        kept = record.day(game_id, day)
        done = record.finish(game_id, day, won=won, score=score, moves=moves, accuracy=accuracy)
        if done is not None and done != kept:
            self.daily_version += 1
            self._folder.save(DAILY_DOCUMENT, record)
        return done

    # -- a guest's seats at friends' tables (guest_tokens.py) ----------------------------

    def guest_token(self, address: str, port: int, code: str) -> str | None:
        """The token of the seat this program was given at that table, if it kept one."""
        return self._guest_tokens.token_for(TableKey.of(address, port, code))

    def keep_guest_token(self, address: str, port: int, code: str, token: str) -> bool:
        """Remember the token of the seat given at that table (written in the private
        file); True if it is on disk. Anything that is not a table's token is not kept."""
        key = TableKey.of(address, port, code)
        if not (key.sound() and sound_token(token)):
            log.warning("not a table's token: %r", key)
            return False
        if not self._guest_tokens.keep(key, token):
            return True  # already the last one kept
        return self._folder.save(GUEST_TOKENS_DOCUMENT, self._guest_tokens)

    # -- saved games --------------------------------------------------------------------

    def save_game(self, game_id: str, state: Mapping[str, Any]) -> bool:
        """Save the game in progress (the engine's to_json data); True if it is on disk."""
        saved = SavedGame(dict(state), self._now())
        return self._folder.save(saved_game_document(game_id, self.title(game_id)), saved)

    def load_game(self, game_id: str) -> dict[str, Any] | None:
        """The saved game's state, or None if there is none or its file is unusable."""
        saved = self._folder.load(saved_game_document(game_id, self.title(game_id)))
        return None if saved is None else saved.state

    def resume_game(self, game_id: str, restore: Callable[[dict[str, Any]], T]) -> T | None:
        """`restore(state)` of the saved game (e.g. an engine's from_json), or None.

        If `restore` raises, the saved game is set aside with a notice and None returned.
        A ValueError is the engines' word for a state that breaks their rules: damage,
        logged in a line; anything else is a bug, logged with its traceback.
        """
        state = self.load_game(game_id)
        if state is None:
            return None
        try:
            restored = restore(state)
        except ValueError as error:
            log.warning("saved %s game is damaged: %s", game_id, error)
            self.set_aside_saved_game(game_id)
            return None
        except Exception:  # whatever else goes wrong, the player gets a fresh game
            log.exception("saved %s game does not restore", game_id)
            self.set_aside_saved_game(game_id)
            return None
        if restored is not None:
            self._resumed[game_id] = _canonical(state)
        return restored

    def after_crash(self) -> list[str]:
        """The program is stopping on an error: set aside each game resumed this run whose
        saved state is still the one it resumed (resumed again, it would crash again),
        write what waits, and return the notices the player has not seen yet."""
        for game_id, resumed in self._resumed.items():
            state = self.load_game(game_id)
            if state is not None and _canonical(state) == resumed:
                self.set_aside_saved_game(
                    game_id,
                    Msg("was set aside: the game stopped on an error right after resuming it"),
                )
        self.flush()
        return self.take_notices()

    def set_aside_saved_game(self, game_id: str, what_happened: str | Msg | None = None) -> None:
        """Move the saved game aside (kept, timestamped) with a notice: it cannot be resumed."""
        self._folder.set_aside(
            saved_game_document(game_id, self.title(game_id)),
            what_happened or Msg("could not be resumed"),
        )

    def clear_game(self, game_id: str) -> bool:
        """Forget the saved game (finished or abandoned); True if it is gone from disk."""
        return self._folder.delete(saved_game_document(game_id, self.title(game_id)))

    def has_saved_game(self, game_id: str) -> bool:
        """True if a saved game exists (the title's "Continue"; it may still fail to resume)."""
        return self._folder.exists(saved_game_document(game_id, self.title(game_id)))


def _require_json(value: Any) -> None:
    """Raise TypeError or ValueError now for data that could never be written."""
    json.dumps(value, allow_nan=False)


def _canonical(state: Mapping[str, Any]) -> str:
    """One text for equal states, to tell whether a game has moved on."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))
