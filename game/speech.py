"""Speech: what matters said aloud, for a player who cannot see the screen (issue 34).

A `Speaker` says lines through the platform's speech engine, chosen once at start:
speech-dispatcher (`spd-say`, what Orca and Linux screen-reader users run), else
espeak-ng, macOS's `say`, and when none is there the console (the line printed on
stdout). No Python library is used: accessible_output2/3 have had no release for years,
carry Windows DLLs into the executable, and on Linux reach speech-dispatcher through the
system's `speechd` bindings anyway; talking to the same programs by subprocess needs
nothing installed with the game.

- Never blocks a frame: `say` only records the line and puts it on a queue; a worker
  thread runs the engine's program and waits for it.
- Interruptible: an urgent line (`interrupt=True`: the keyboard's focus moved, a refusal,
  a reading asked for) drops the lines still waiting and cuts the one being spoken
  (the program is terminated; speech-dispatcher is also told `spd-say -C`).
- Never an exception into the game: a program that is missing, fails, or hangs (as
  speech-dispatcher does without a sound device: a line may take LINE_BASE_SECONDS and
  LINE_CHAR_SECONDS a character) hands over to the next engine found, the console last,
  for the rest of the run (logged).
- `spoken` keeps the last SPOKEN_LIMIT lines said (tests read what a player heard).

The speaker in use is this module's (`speaker()`, `install()`), as the language is
game.lang's: widgets, tables and screens speak without being handed it.
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence

from game import lang

log = logging.getLogger(__name__)

#: Lines `Speaker.spoken` keeps (a long game's worth; never an ever-growing list).
SPOKEN_LIMIT = 400
#: Longest line handed to an engine (a hint with its figures is long; nothing is longer).
LINE_LIMIT = 400
#: The worker checks this often (seconds) whether the line it speaks was cut.
POLL_SECONDS = 0.05
#: A line is cut when its engine takes longer than this plus so much a character (a
#: voice at 175 words a minute says about 15 characters a second).
LINE_BASE_SECONDS = 5.0
LINE_CHAR_SECONDS = 0.15
#: Forces a backend by name ("spd", "espeak", "say", "console", "none").
BACKEND_ENV = "PIXELPARLOR_SPEECH"
#: The voices' language codes by game.lang's (espeak-ng and speech-dispatcher alike).
VOICES = {"en": "en", "fr": "fr", "pl": "pl"}


class Backend:
    """A way to say a line: `command` is the program that says it (None: said at once)."""

    name = "none"

    def command(self, text: str, language: str) -> list[str] | None:
        return None

    def say_now(self, text: str) -> None:
        """A backend without a program says the line here (the console prints it)."""

    def cancel(self) -> None:
        """Stop what the engine says beyond the program that was terminated."""


class Quiet(Backend):
    """Nothing aloud: the lines are only recorded (tests, a silent run)."""

    name = "none"


class Console(Backend):
    """The fallback: each line printed on stdout (a terminal's own screen reader reads it)."""

    name = "console"

    def say_now(self, text: str) -> None:
        try:
            print(text, flush=True)
        except (OSError, ValueError):
            pass  # no console (a windowed executable): nothing to say it on


class SpdSay(Backend):
    """speech-dispatcher's client: the desktop's voice and rate, as the screen reader's."""

    name = "spd"

    def __init__(self, program: str = "spd-say") -> None:
        self.program = program

    def command(self, text: str, language: str) -> list[str]:
        # -w: wait until it is said, so that the worker knows when the next may start.
        return [self.program, "-w", "-l", language, "-N", "pixel-parlor", "--", text]

    def cancel(self) -> None:
        try:
            subprocess.run([self.program, "-C"], timeout=2, check=False, capture_output=True)
        except (OSError, subprocess.SubprocessError):
            pass


class Espeak(Backend):
    """espeak-ng (or espeak) speaking itself to the sound device."""

    name = "espeak"

    def __init__(self, program: str = "espeak-ng") -> None:
        self.program = program

    def command(self, text: str, language: str) -> list[str]:
        return [self.program, "-v", language, "-s", "175", "--", text]


class MacSay(Backend):
    """macOS's own voice."""

    name = "say"

    def command(self, text: str, language: str) -> list[str]:
        return ["say", "--", text]


def available_backends(
    platform: str | None = None,
    which: Callable[[str], str | None] = shutil.which,
    forced: str | None = None,
) -> list[Backend]:
    """The speech engines here, best first, the console last. `forced` (or the
    environment's PIXELPARLOR_SPEECH) names one; a forced program that is missing leaves
    the console."""
    platform = platform or sys.platform
    forced = forced if forced is not None else os.environ.get(BACKEND_ENV, "")
    found: list[Backend] = []
    if which("spd-say"):
        found.append(SpdSay(which("spd-say") or "spd-say"))
    for program in ("espeak-ng", "espeak"):
        if which(program):
            found.append(Espeak(which(program) or program))
            break
    if platform == "darwin" and which("say"):
        found.append(MacSay())
    if forced == "none":
        return [Quiet()]
    if forced:
        found = [b for b in found if b.name == forced]
    return [*found, Console()]


def choose_backend(
    platform: str | None = None,
    which: Callable[[str], str | None] = shutil.which,
    forced: str | None = None,
) -> Backend:
    """The platform's speech engine if one is there, else the console."""
    return available_backends(platform, which, forced)[0]


def line_seconds(line: str) -> float:
    """The longest a line may take to be said (an engine that hangs, as speech-dispatcher
    does without a sound device, is cut then and the next engine takes over)."""
    return LINE_BASE_SECONDS + LINE_CHAR_SECONDS * len(line)


class Speaker:
    """Says lines through a backend, off the main thread, and keeps what it said."""

    def __init__(self, backend: Backend | None = None, enabled: bool = False) -> None:
        self._backend = backend
        #: The engines to turn to when the one in use fails (the console last).
        self._spares: list[Backend] = [Console()]
        self.enabled = enabled
        #: The last lines said (newest last), whatever the backend did with them.
        self.spoken: deque[str] = deque(maxlen=SPOKEN_LIMIT)
        #: Lines said since this speaker was made (`spoken` keeps only the last ones).
        self.count = 0
        self._queue: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._generation = 0
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()
        self._marker = threading.Event()

    @property
    def backend(self) -> Backend:
        """The backend in use (chosen at the first line when none was given)."""
        if self._backend is None:
            first, *self._spares = available_backends()
            self._backend = first
            self._spares = self._spares or [Console()]
        return self._backend

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say `text` after what is being said, or instead of it (`interrupt`). Returns at
        once; never raises."""
        try:
            line = " ".join(str(text).split())[:LINE_LIMIT]
            if not self.enabled or not line:
                return
            self.spoken.append(line)
            self.count += 1
            if interrupt:
                self.stop()
            self._queue.put((self._generation, line))
            self._start_worker()
        except Exception:  # noqa: BLE001 - speech must never stop the game
            log.exception("speech failed")

    def stop(self) -> None:
        """Cut what is being said and drop what waits (returns at once)."""
        with self._lock:
            self._generation += 1
        try:
            while True:
                self._queue.get_nowait()
        except queue.Empty:
            pass

    def said_since(self, count: int) -> list[str]:
        """The lines said after the first `count` (as many as `spoken` still keeps)."""
        new = max(0, self.count - count)
        return list(self.spoken)[-new:] if new else []

    def close(self) -> None:
        """Stop speaking and let the worker end (quitting)."""
        self.stop()
        if self._worker is not None:
            self._queue.put(None)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until every queued line has been said (tools and tests; never the game)."""
        done = threading.Event()
        self._queue.put((-1, ""))  # a marker the worker passes when it gets there
        self._marker = done
        self._start_worker()
        return done.wait(timeout)

    # -- the worker --------------------------------------------------------------------
    def _start_worker(self) -> None:
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._work, name="speech", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            generation, line = item
            if generation == -1:
                self._marker.set()
                continue
            if generation != self._generation:
                continue  # cut before it was said
            try:
                self._speak(generation, line)
            except Exception:  # noqa: BLE001 - a failing engine falls back to the console
                self._fall_back(line)

    def _speak(self, generation: int, line: str) -> None:
        backend = self.backend
        command = backend.command(line, VOICES.get(lang.language(), "en"))
        if command is None:
            backend.say_now(line)
            return
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        waited, most = 0.0, line_seconds(line)
        while True:
            try:
                status = process.wait(POLL_SECONDS)
                break
            except subprocess.TimeoutExpired:
                waited += POLL_SECONDS
                if generation != self._generation or waited > most:
                    process.terminate()
                    process.wait()
                    backend.cancel()
                    if waited > most:
                        raise TimeoutError(f"{command[0]} took over {most:.0f} s") from None
                    return
        if status != 0 and generation == self._generation:
            raise OSError(f"{command[0]} ended with status {status}")

    def _fall_back(self, line: str) -> None:
        """The engine in use failed on `line`: the next one says it (the console last)."""
        failed = self.backend
        if isinstance(failed, Console):
            return  # nowhere left to say it
        self._backend = self._spares.pop(0) if self._spares else Console()
        log.warning("speech: %s failed; now %s", failed.name, self._backend.name, exc_info=True)
        try:
            self._speak(self._generation, line)
        except Exception:  # noqa: BLE001 - that one too: on to the next
            self._fall_back(line)


_speaker = Speaker()


def speaker() -> Speaker:
    """The speaker in use (off until Settings or --speech turns it on)."""
    return _speaker


def install(new: Speaker) -> Speaker:
    """Use `new` from now on (start-up, tests); the old one is closed."""
    global _speaker
    old, _speaker = _speaker, new
    if old is not new:
        old.close()
    return new


def say(text: str, interrupt: bool = False) -> None:
    """Say a line through the speaker in use (nothing when speech is off)."""
    _speaker.say(text, interrupt)


def say_lines(lines: Sequence[str], interrupt: bool = True) -> None:
    """Several lines, the first cutting what was being said (a reading asked for)."""
    for index, line in enumerate(lines):
        _speaker.say(line, interrupt and index == 0)


def enabled() -> bool:
    return _speaker.enabled
