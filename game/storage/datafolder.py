"""The data folder: versioned JSON documents, written safely, with damage set aside.

Every rule about bad data lives here, so that each record type only says what a good
record looks like:

- A file that cannot be used as a whole (unreadable, too large, not JSON, the wrong shape,
  a newer schema) is renamed aside with a timestamp and the caller gets None (defaults).
  A file of an older schema is read through its record's upgrade(), without a notice.
- A file that is usable but partly damaged (a record's from_json reported problems) is
  renamed aside too, and the repaired record is written in its place, so that what the
  game keeps and what is on disk never silently differ.
- Either way the player gets one line saying what happened and where the old file is.
- A write that fails (read-only folder, full disk) keeps the data in memory and retries it
  with every later write; the player is told once when saving stops and once when it works
  again. In no_save mode the same in-memory copy is all there is, and nothing is written.
- With write_behind (the running game), files are written by a writer thread, so that no
  frame waits for the disk (an fsynced save takes 7 ms, 13 ms at p95, on a laptop's SSD):
  save() hands over the bytes and returns; the writer writes each file whole and
  atomically as ever, one at a time, the file saved longest ago first. A newer save of a
  file replaces the one still waiting, and the writer takes a file's newest content at
  the moment it comes to it: what is on disk is the last save or, while that one is in
  flight, the one before it. A save of a file whose previous save is not on disk yet
  waits for it, at most CATCH_UP_S: so a kill loses at most the move in flight, unless
  the disk is slower than that bound (a machine loaded far past its
  cores; `python -m game.bench_kill` measures it). Moves a person or the computer makes
  are further apart than a write, so a move waits only when the disk falls behind; the
  bound keeps a stalled disk from freezing the game. Reads see the newest data at once (it
  waits in memory until it is on disk), and flush() (quitting) waits until everything is
  written. The writer is a thread that lives only while there is something to write, and
  it is not a daemon: even a program that ends without flushing writes what it was given.
  An unexpected error (a bug) is logged and told like a failing disk, and the writer goes
  on: the data waits for the next save, as on a full disk.
- The folder is checked at start-up, each problem with its own plain notice: it cannot be
  made (as above: play on, retry), it exists but cannot be opened (its files cannot be
  read, so nothing is ever written over them: no_save for this run), it refuses writes, or
  its disk is almost full. Temporary files left by writes that were killed midway are
  removed then (see atomic.remove_leftover_temp_files).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from game.lang import Msg
from game.storage.atomic import (
    PROBE,
    FileTooLarge,
    fsync_folder,
    read_limited,
    remove_leftover_temp_files,
    retry_while_locked,
    temp_file_in,
    write_atomically,
)

log = logging.getLogger(__name__)

# Settings, Top Tens and statistics are a few kilobytes and a saved game some tens;
# anything bigger than this is not ours, and reading it could exhaust memory.
MAX_FILE_BYTES = 4 * 1024 * 1024
# Our files nest fewer than a dozen levels and hold a few thousand values at most. Data
# far deeper would exhaust the stack of any code that walks it (copy.deepcopy, ==,
# json.dumps: a RecursionError from ~500 levels, below what json.loads accepts), and
# millions of values would make every copy slow; either is refused before it is used.
MAX_DEPTH = 32
MAX_VALUES = 200_000
# Below this much free space a save may fail (a saved game is tens of KB, written beside
# the old one before it replaces it): the player hears it at start, not at the first save.
LOW_SPACE_BYTES = 1024 * 1024
# How long a save waits for the same file's previous save to reach the disk (write_behind
# only, and only when that one is still waiting or being written). Without the wait, two
# quick saves during one slow write left the file two moves behind at a kill (3 kills in
# 300 under load). A fsynced save takes ~7 ms (13 ms at p95) on an SSD and moves come
# seconds apart, so the wait is nearly always nothing; on a machine loaded far past its
# cores the writer thread may not run for tens of milliseconds, which 100 ms covers,
# while a disk that has stalled costs a few frames at most.
CATCH_UP_S = 0.1

R = TypeVar("R", bound="Record")


class Damaged(ValueError):
    """Raised by a record's from_json when the data cannot be used at all."""


class NewerSchema(Exception):
    """The file was written by a newer version of the game, in a schema we cannot read."""


class Record(Protocol):
    """What the data folder needs of a record type: its name, schema and JSON form."""

    KIND: str  # stored in the file, so that a file copied to the wrong name is caught
    SCHEMA: int  # the newest schema this program reads and writes

    @classmethod
    def upgrade(cls, schema: int, data: Any) -> Any:
        """The data of an older `schema` (1 <= schema < SCHEMA) in this schema's shape,
        for from_json to read. Only a record past schema 1 is ever asked."""
        ...

    @classmethod
    def from_json(cls: type[R], data: Any) -> tuple[R, list[str]]:
        """The record and its repairs (problems found and fixed); raises Damaged if unusable."""
        ...

    def to_json(self) -> Any:
        """Plain JSON-able data."""
        ...


@dataclass(frozen=True)
class Document(Generic[R]):
    """One file of the data folder and the record it holds."""

    file_name: str
    record_type: type[R]
    game_id: str | None
    #: How notices name it: "Shut The Box Top Ten" (a Msg: the notice is in the player's
    #: language, and French and Polish name every document a file, masculine in both).
    title: str | Msg
    #: What a damaged file means to the player.
    # TRANSLATORS: said of a damaged file (in French and Polish: "the file...", masculine).
    when_rejected: str | Msg = Msg("has been reset")


class DataFolder:
    """Reads and writes the documents of one folder; see the module docstring for the rules."""

    def __init__(
        self,
        path: Path,
        *,
        no_save: bool,
        notify: Callable[[str | Msg], None],
        now: Callable[[], datetime],
        write_behind: bool = False,
    ) -> None:
        """`notify` may be called from the writer thread when `write_behind` is on."""
        self.path = path
        self.no_save = no_save
        self._notify = notify
        self._now = now
        # Newest content not yet on disk, by file name; None means "to be deleted".
        # Reads look here first, so the game always sees its latest data. In the order of
        # the newest saves, which is the order the files are written in.
        self._pending: dict[str, bytes | None] = {}
        self._write_behind = write_behind
        # _pending_lock guards _pending and the writer's coming and going, held only for
        # moments; _disk_lock lets one thread at a time change files in the folder (the
        # writer, flush(), or the main thread moving a damaged file aside).
        self._pending_lock = threading.Lock()
        self._disk_lock = threading.Lock()
        # The file being written now (by the writer or flush()), and a condition on the
        # pending lock notified when a write ends: save() waits on it (_catch_up).
        self._in_flight: str | None = None
        self._write_ended = threading.Condition(self._pending_lock)
        self._writer: threading.Thread | None = None
        self._writer_wanted = False
        # Damaged files that could not be renamed aside: never overwritten until they are.
        self._not_yet_aside: set[str] = set()
        self.saving_works = True
        # False once the folder turns out not to open: every file reads as absent then.
        self.readable = True
        if not no_save:
            self._check_folder()

    # -- reading ------------------------------------------------------------------------

    def load(self, doc: Document[R]) -> R | None:
        """The record in `doc`'s file; None if there is none or it is unusable (set aside)."""
        try:
            raw = self._read(doc.file_name)
            if raw is None:
                return None
            record, repairs = doc.record_type.from_json(_unwrap(raw, doc))
        except FileTooLarge:
            # TRANSLATORS: what happened to a file; {then} is what that means, e.g.
            # "has been reset" or "cannot be resumed" (the file: masculine in fr and pl).
            self.set_aside(doc, Msg("was too large and {then}", then=doc.when_rejected))
        except NewerSchema:
            self.set_aside(
                doc, Msg("is from a newer Pixel Parlor and {then}", then=doc.when_rejected)
            )
        except Damaged as error:
            log.warning("%s: %s", doc.file_name, error)
            self.set_aside(doc, Msg("was damaged and {then}", then=doc.when_rejected))
        except OSError as error:
            log.warning("cannot read %s: %s", doc.file_name, error)
            self.set_aside(doc, Msg("could not be read and {then}", then=doc.when_rejected))
        else:
            if repairs:
                log.warning("%s repaired: %s", doc.file_name, "; ".join(repairs))
                self.set_aside(doc, Msg("was partly damaged and has been repaired"))
                self.save(doc, record)
            return record
        return None

    def exists(self, doc: Document[Any]) -> bool:
        """True if `doc`'s file exists (or is about to), valid or not.

        Something else in its place (a folder...) is set aside with a notice: asked whether
        a saved game exists, the title would otherwise pass over it without a word.
        """
        with self._pending_lock:
            if doc.file_name in self._pending:
                return self._pending[doc.file_name] is not None
        self.set_aside_if_not_a_file(doc)
        try:
            return (self.path / doc.file_name).is_file()
        except OSError:  # unreachable is as good as absent: nothing to resume from it
            return False

    def set_aside_if_not_a_file(self, doc: Document[Any]) -> None:
        """Whatever stands in `doc`'s place that is not a file (a folder...) is set aside
        with a notice, instead of being silently passed over."""
        try:
            mode = os.stat(self.path / doc.file_name).st_mode
        except OSError:  # absent, a dangling link, or unreachable: nothing to read
            return
        if not stat.S_ISREG(mode):
            self.set_aside(doc, Msg("is not a file and {then}", then=doc.when_rejected))

    def _read(self, file_name: str) -> bytes | None:
        with self._pending_lock:
            # Once the writer takes a file out of _pending it is on disk: either way the
            # newest data is read.
            if file_name in self._pending:
                return self._pending[file_name]
        if not self.readable:
            return None
        try:
            return retry_while_locked(lambda: read_limited(self.path / file_name, MAX_FILE_BYTES))
        except (FileNotFoundError, NotADirectoryError):  # no file, or no folder to hold one
            return None

    # -- setting aside ------------------------------------------------------------------

    def set_aside(self, doc: Document[Any], what_happened: str | Msg) -> None:
        """Keep `doc`'s current file under a timestamped name, and tell the player."""
        name = doc.file_name
        # The disk lock: no write of this file may land between the look and the rename.
        with self._disk_lock:
            with self._pending_lock:
                unwritten = self._pending.get(name)
            if self.no_save:
                self._queue(name, None)  # ignore it for this session; the disk is untouched
                where = Msg("file left untouched")
            elif unwritten is not None:
                # The content is not on disk yet (the folder refuses writes, or the writer
                # has not come to it): keep it aside the same way, by writing it aside.
                aside = self._aside_name(name)
                self._queue(aside, unwritten)
                self._queue(name, None)
                # TRANSLATORS: where a damaged file was put aside: its new name.
                where = Msg("kept as {name}", name=aside)
            else:
                with self._pending_lock:
                    self._pending.pop(name, None)
                aside = self._rename_aside(name)
                where = (
                    Msg("old file kept as {name}", name=aside)
                    if aside
                    else Msg("file left untouched")
                )
        # TRANSLATORS: a notice: which file, what happened to it, where the old one is,
        # e.g. "Farkle Top Ten was damaged and has been reset (old file kept as ...)."
        self._notify(
            Msg("{file} {what} ({where}).", file=doc.title, what=what_happened, where=where)
        )
        if unwritten is not None and not self.no_save:
            self._write_soon()

    def _aside_name(self, file_name: str) -> str:
        stem, dot, suffix = file_name.rpartition(".")
        stamp = self._now().strftime("%Y%m%d-%H%M%S")
        candidate, number = f"{stem}.bad-{stamp}{dot}{suffix}", 1
        # lexists: a dangling link by that name is not overwritten either.
        while os.path.lexists(self.path / candidate) or self._is_pending(candidate):
            number += 1
            candidate = f"{stem}.bad-{stamp}-{number}{dot}{suffix}"
        return candidate

    def _rename_aside(self, file_name: str) -> str | None:
        """Rename the damaged file aside; None if it is gone or refuses (then it is protected)."""
        if not os.path.lexists(self.path / file_name):  # False too if it cannot be seen
            self._not_yet_aside.discard(file_name)
            return None
        aside = self._aside_name(file_name)
        try:
            retry_while_locked(lambda: os.rename(self.path / file_name, self.path / aside))
        except OSError as error:
            log.warning("cannot move %s aside: %s", file_name, error)
            self._not_yet_aside.add(file_name)
            return None
        self._not_yet_aside.discard(file_name)
        fsync_folder(self.path)
        return aside

    # -- writing ------------------------------------------------------------------------

    def save(self, doc: Document[R], record: R) -> bool:
        """Write `record` to `doc`'s file; True if it is on disk (never in no_save mode)."""
        # Writing a file that the next start would refuse helps nobody: say so now.
        try:
            data = _wrap(record, doc)
        except Damaged as error:
            problem: str | None = str(error)
        else:
            problem = None
            if len(data) > MAX_FILE_BYTES:
                problem = f"{len(data)} bytes is over the cap"  # i18n: not shown (the log)
        if problem is not None:
            log.error("%s not saved: %s", doc.file_name, problem)
            self._notify(Msg("{file} is too large to save.", file=doc.title))
            return False
        if self._write_behind and not self.no_save:
            self._catch_up(doc.file_name)
        self._queue(doc.file_name, data)
        return self._write_soon()

    def delete(self, doc: Document[Any]) -> bool:
        """Remove `doc`'s file; True if it is gone from disk."""
        if self._write_behind and not self.no_save:
            self._catch_up(doc.file_name)
        self._queue(doc.file_name, None)
        return self._write_soon()

    def _queue(self, file_name: str, data: bytes | None) -> None:
        """Make `data` the file's newest content, last in the order of writing."""
        with self._pending_lock:
            self._pending.pop(file_name, None)
            self._pending[file_name] = data

    def _catch_up(self, file_name: str) -> None:
        """Before a save replaces it: wait (at most CATCH_UP_S) until the file's previous
        save is on disk, whether the writer is writing it or has not come to it yet, so
        that a kill loses only the save in flight. Not while writes fail (the data waits
        for the disk to come back: no move should wait for that)."""
        with self._write_ended:
            if self.saving_works and not self._write_ended.wait_for(
                lambda: file_name not in self._pending and self._in_flight != file_name,
                timeout=CATCH_UP_S,
            ):
                log.info("%s: the disk is slower than the moves; saving on", file_name)

    def _is_pending(self, file_name: str) -> bool:
        with self._pending_lock:
            return file_name in self._pending

    def _write_soon(self) -> bool:
        """Write what waits: now, or with write_behind by the writer thread. True if it
        is on disk; with write_behind, if it is on its way (saving worked so far)."""
        if not self._write_behind or self.no_save:
            return self.flush()
        with self._pending_lock:
            self._writer_wanted = True
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_in_background, name="pixel-parlor-writer"
                )
                self._writer.start()
        return self.saving_works

    def _write_in_background(self) -> None:
        """The writer thread: write what waits until no save has come since the last
        pass. (A folder that refuses writes leaves the data waiting: the next save
        retries, as without the writer.) An unexpected error is logged and the thread goes
        on: the thread must end only here, or no later save would start another."""
        while True:
            with self._pending_lock:
                if not self._writer_wanted:
                    self._writer = None
                    return
                self._writer_wanted = False
            try:
                self._write_pending()
            except Exception:  # a bug, not the disk: the data waits for the next save
                log.exception("writing the data folder failed")

    def flush(self) -> bool:
        """Write everything still waiting, waiting for the writer thread if need be; True
        if nothing is left waiting."""
        if self.no_save:
            return False
        return self._write_pending()

    def _write_pending(self) -> bool:
        """One pass over what waits: a file at a time, the one saved longest ago first,
        each with its newest content, so that a save that comes meanwhile is written next
        (never an older one after it). A file whose write fails waits for the next pass.
        True if nothing is left waiting."""
        error: Exception | None = None
        tried: set[str] = set()
        while True:
            # The disk lock from the choice to the write: no other thread can write an
            # older content of the file after this one.
            with self._disk_lock:
                with self._pending_lock:
                    name = next((n for n in self._pending if n not in tried), None)
                    data = self._pending.get(name) if name is not None else None
                    self._in_flight = name
                if name is None:
                    break
                tried.add(name)
                written = False
                try:
                    self._write_one(name, data)
                    written = True
                except OSError as write_error:
                    error = write_error
                except Exception as bug:  # not the disk's fault: logged, told, retried
                    log.exception("writing %s failed", name)
                    error = bug
                with self._write_ended:
                    # Saved again meanwhile: the newer content still waits.
                    if written and self._pending.get(name, data) is data:
                        self._pending.pop(name, None)
                    self._in_flight = None
                    self._write_ended.notify_all()
        self._report_health(error)
        with self._pending_lock:
            return not self._pending

    def _write_one(self, file_name: str, data: bytes | None) -> None:
        if file_name in self._not_yet_aside:
            aside = self._rename_aside(file_name)
            if file_name in self._not_yet_aside:
                raise PermissionError(13, f"{file_name} is damaged and cannot be moved aside")
            log.warning("damaged %s finally moved aside as %s", file_name, aside)
        if data is None:
            (self.path / file_name).unlink(missing_ok=True)
            return
        try:
            write_atomically(self.path / file_name, data)
        except FileNotFoundError:
            # No folder (yet, or removed while the game ran): made now, not looked for at
            # every save (see write_atomically).
            self.path.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path / file_name, data)

    def _check_folder(self) -> None:
        """At start-up, before a game is played: can the folder be made, opened, written,
        and is there room? Each problem gets its own notice (see the module docstring)."""
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            if self._can_open():
                self._report_health(error)  # nothing there yet: play on, retry later
            else:
                self._cannot_open(error)
            return
        if not self._can_open():
            self._cannot_open(
                PermissionError(13, "Permission denied")  # i18n: not shown (as the OS says it)
            )
            return
        try:  # a real write: access rights alone miss read-only disks and Windows ACLs
            fd, probe = temp_file_in(self.path, PROBE)
            os.close(fd)
            os.unlink(probe)
        except OSError as error:
            self._report_health(error)
            return
        for leftover in remove_leftover_temp_files(self.path):
            log.info("removed %s, left by a write that was cut short", leftover.name)
        self._check_space()

    def _can_open(self) -> bool:
        """False if the folder may hold files we cannot reach (it, or a folder above it,
        cannot be entered); True if it can be entered or surely holds nothing."""
        try:
            os.stat(self.path / ".pixel-parlor-probe")
        except (FileNotFoundError, NotADirectoryError):  # entered, or no folder at all
            return True
        except OSError:
            return False
        return True

    def _cannot_open(self, error: OSError) -> None:
        """Its files cannot be read, so none is written over: this run saves nothing."""
        log.warning("cannot open %s: %s", self.path, error)
        self.no_save = True
        self.readable = False
        self.saving_works = False
        reason = error.strerror or type(error).__name__
        self._notify(
            Msg(
                "Scores are not being saved: cannot open {folder} ({reason}).",
                folder=str(self.path),
                reason=reason,
            )
        )

    def _check_space(self) -> None:
        try:
            free = shutil.disk_usage(self.path).free
        except OSError:
            return
        if free < LOW_SPACE_BYTES:
            log.warning("%s: only %d bytes free", self.path, free)
            self._notify(
                Msg(
                    "The disk is almost full ({kb} KB free in {folder}): scores may not be saved.",
                    kb=str(free // 1024),  # as the system's tools write it, ungrouped
                    folder=str(self.path),
                )
            )

    def _is_pending_anything(self) -> bool:
        with self._pending_lock:
            return bool(self._pending)

    def _report_health(self, error: Exception | None) -> None:
        if error is not None:
            # Logged like the notice, once per outage: saves come after every move.
            log.log(
                logging.WARNING if self.saving_works else logging.DEBUG,
                "cannot write to %s: %s",
                self.path,
                error,
            )
            if self.saving_works:
                self.saving_works = False
                reason = getattr(error, "strerror", None) or type(error).__name__
                self._notify(
                    Msg(
                        "Scores are not being saved: cannot write to {folder} ({reason}).",
                        folder=str(self.path),
                        reason=reason,
                    )
                )
        elif not self.saving_works and not self._is_pending_anything():
            self.saving_works = True
            self._notify(Msg("Scores are being saved again."))


def _wrap(record: Record, doc: Document[Any]) -> bytes:
    """The file's bytes: the record inside an envelope naming its kind, game and schema.

    Raises Damaged for a record nested too deep or holding too many values to be read back.
    """
    envelope = {
        "schema": doc.record_type.SCHEMA,
        "kind": doc.record_type.KIND,
        "game": doc.game_id,
        "data": record.to_json(),
    }
    check_bounds(envelope)  # Damaged: the next start would refuse to read it
    # allow_nan=False: NaN and Infinity are not JSON, and we would reject them on reading.
    # Compact: json's fast C encoder is used only without indent, and saved games are
    # written every few moves (indent made a 20 KiB save five times slower to encode).
    text = json.dumps(envelope, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.encode("utf-8")


def _unwrap(raw: bytes, doc: Document[Any]) -> Any:
    """The record data inside the envelope; raises Damaged or NewerSchema."""
    try:
        # utf-8-sig: a file saved by Notepad starts with a byte-order mark; it is still ours.
        envelope = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        # RecursionError: "[[[[..." nested thousands deep; ValueError covers JSON syntax
        # and integers too long to convert.
        raise Damaged(f"not JSON: {error}") from None
    check_bounds(envelope)
    if not isinstance(envelope, dict):
        raise Damaged("not an object")
    schema = envelope.get("schema")
    if type(schema) is not int or schema < 1:
        raise Damaged(f"bad schema {schema!r}")
    if schema > doc.record_type.SCHEMA:
        raise NewerSchema(schema)
    if envelope.get("kind") != doc.record_type.KIND or envelope.get("game") != doc.game_id:
        raise Damaged(f"holds {envelope.get('kind')!r} of {envelope.get('game')!r}")
    if "data" not in envelope:
        raise Damaged("no data")
    if schema < doc.record_type.SCHEMA:
        # Written by an older Pixel Parlor: read as it was, then in today's shape. The
        # file itself stays as it is until the record is next saved.
        return doc.record_type.upgrade(schema, envelope["data"])
    return envelope["data"]


def check_bounds(data: Any) -> None:
    """Raise Damaged if `data` nests deeper than MAX_DEPTH or holds over MAX_VALUES values.

    Walks with a list, not recursion, so that it is safe on whatever json.loads returned;
    only containers are visited (their other values are counted by the container), which
    keeps a save's check well under a millisecond.
    """
    waiting: list[tuple[Any, int]] = [(data, 1)] if isinstance(data, (dict, list)) else []
    values = 1
    while waiting:
        value, depth = waiting.pop()
        if depth > MAX_DEPTH:
            raise Damaged(f"nested more than {MAX_DEPTH} deep")
        children = value.values() if isinstance(value, dict) else value
        values += len(children)
        if values > MAX_VALUES:
            raise Damaged(f"more than {MAX_VALUES} values")
        waiting.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))


def _refuse_constant(name: str) -> Any:
    raise Damaged(f"{name} is not a number JSON allows")
