"""Parse the command line, build the App and run it (or render screenshots and exit).

Errors are written to a log file in the data folder (an executable has no console to
show them). Everything from loading the games on runs inside one handler: a crash is
logged, keeps what is safe (settings and records; not the state of the game in play,
which may be what failed), shows a short message where a window exists, and exits with
status 1. No display to show a window on is said in one line (status 1), and Ctrl+C
quits as closing the window does, saving everything (status 130).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import shutil
import signal
import stat
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from logging.handlers import MemoryHandler, RotatingFileHandler
from pathlib import Path
from typing import TYPE_CHECKING

from game import lang, speech
from game.lang import _, ngettext
from game.resources import is_frozen

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.options import Options

LOG_NAME = "pixel-parlor.log"
#: A network table's audit log beside it: joins, refusals with the address, kicks, floods.
AUDIT_LOG_NAME = "pixel-parlor-audit.log"
AUDIT_LOGGER = "game.net.audit"
LOG_BYTES = 256 * 1024  # two small files are plenty for a game's errors
CRASH_SCREEN_SECONDS = 20
PICTURES_SEED = 1  # --screenshots' dice and cards when no --seed is given
EXIT_INTERRUPTED = 130  # the shell's convention for a program stopped by Ctrl+C

log = logging.getLogger("pixel_parlor")


#: What playing needs installed (requirements/play.in's packages, by the name they are
#: imported as; tests/shell/test_command_line.py checks the two agree).
PLAY_PACKAGES = ("pygame", "platformdirs", "websockets", "babel", "nacl")


def missing_packages() -> list[str]:
    """The play packages this Python cannot find, without importing them (--help must
    work before `python3 tasks.py play` has set up .venv/). The executable carries them,
    however its finder answers."""
    if is_frozen():
        return []
    missing = []
    for name in PLAY_PACKAGES:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(name)
    return missing


def asked_language(argv: Sequence[str]) -> str:
    """The language `--lang X` or `--lang=X` asks for, else the system's."""
    args = list(argv)
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return lang.normalize(args[index + 1]) or lang.system_language()
        if arg.startswith("--lang="):
            return lang.normalize(arg.partition("=")[2]) or lang.system_language()
    return lang.system_language()


def no_packages_line(missing: Sequence[str]) -> str:
    """What a player who ran main.py with a Python lacking the play packages is told, in
    one line: the README's first command sets them up in .venv/ and starts the game."""
    return _(
        "this Python lacks {packages}: run `python3 tasks.py play` first "
        "(it sets up .venv/ and starts the game; options go after it)"
    ).format(packages=", ".join(missing))


@dataclass
class Started:
    """How far start-up got: what the crash handler can use."""

    app: App | None = None
    log_path: Path | None = None
    interactive: bool = False  # a player is watching a window (not --ticks, not headless)


# glibc's mallopt() parameter, and the size from which a block gets its own mapping.
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 256 * 1024


def big_blocks_apart() -> bool:
    """With glibc (Linux), give every block of MMAP_THRESHOLD or more its own mapping,
    returned to the system when freed. glibc starts there too, but raises the threshold
    to the size of each mapped block freed, so canvas-sized pictures (900 KB) and their
    copies then came from the heap shared with small allocations, which settled in the
    holes they left: in an hour's demo the heap grew in 900 KB steps (issue 30). Setting
    the threshold keeps it fixed. False where there is no glibc mallopt (nothing done)."""
    if not sys.platform.startswith("linux"):
        return False
    # late import: ctypes only here, for the C library's mallopt on Linux
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the process exit status."""
    big_blocks_apart()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # Start-up warnings (a damaged file, a folder that refuses writes) come before the log
    # file's place is known: they wait here, then go into it.
    logging.getLogger().addHandler(EarlyMessages())
    started = Started()
    try:
        return start_and_play(argv, started)
    except KeyboardInterrupt:  # Ctrl+C before the game began to run: nothing to save yet
        print("pixel-parlor: " + _("stopped by Ctrl+C"), file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # the last line of defence: log it, keep what is safe, say so
        if started.log_path is None:  # it failed before the data folder was known
            started.log_path = start_logging(Path(tempfile.gettempdir()), no_save=False)
        log.exception("Pixel Parlor crashed")
        app, log_path = started.app, started.log_path
        lines = keep_what_is_safe(app) if app is not None else []
        if app is not None and started.interactive:
            show_crash_screen(app, exc, log_path, lines)
        crashed = _("crashed ({error}); details in {path}").format(
            error=f"{type(exc).__name__}: {exc}", path=log_path
        )
        for line in [crashed, *(lang.text(line) for line in lines)]:
            print(f"pixel-parlor: {line}", file=sys.stderr)
        return 1
    finally:
        if "pygame" in sys.modules:
            sys.modules["pygame"].quit()


def for_pictures(options: Options) -> Options:
    """--screenshots plays games to reach its states: never in the player's own folder
    (it would replace their saved games), and with the same dice and cards every run, so
    that two runs' pictures can be compared pixel by pixel (--seed and --data-dir still
    choose)."""
    return replace(
        options,
        seed=PICTURES_SEED if options.seed is None else options.seed,
        data_dir=options.data_dir or Path(tempfile.mkdtemp(prefix="pixel-parlor-pictures-")),
    )


def start_and_play(argv: Sequence[str] | None, started: Started) -> int:
    """Parse the command line, build the App and run it (or render screenshots); what
    it has built goes into `started` for the crash handler."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--relay" in argv:
        # A relay (game/net/relay.py): no pygame, no game, no data folder; its own --help.
        # late import: the relay's module only for a relay
        from game.net.relay import main as relay_main

        return relay_main(argv)
    if (
        "--screenshots" in argv
        or "--host" in argv
        or any(a.startswith("--screenshots=") for a in argv)
    ):
        # Pictures and a network host need no window and no sound, even on a machine
        # with a screen.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    # late import: the environment above is set before pygame is imported (it reads
    # PYGAME_HIDE_SUPPORT_PROMPT, SDL_*)
    from game.shell.options import parse_options
    from game.shell.registry import load_games

    games = load_games()
    # The command line's words (--help, its errors) in the language --lang names, else
    # the system's; the game then speaks the one its settings keep (App).
    lang.set_language(asked_language(sys.argv[1:] if argv is None else argv))
    try:
        options = parse_options(argv, games)
    except SystemExit:  # --help, or a bad flag: argparse has said so
        missing = missing_packages()
        if missing:
            print(f"pixel-parlor: {no_packages_line(missing)}", file=sys.stderr)
        raise
    missing = missing_packages()
    if missing:  # said in one line, before any of them is imported: no traceback, no log
        print(f"pixel-parlor: {no_packages_line(missing)}", file=sys.stderr)
        return 1
    given_data_dir = options.data_dir
    if options.screenshots is not None:
        options = for_pictures(options)

    # late import: pygame and the window only after the command line parsed (--help, errors)
    import pygame

    from game.art.font import set_large_text
    from game.display import missing_display
    from game.scenes.screens import SCREENS
    from game.shell.app import App

    problem = missing_display()
    if problem is not None:
        print(f"pixel-parlor: {problem}", file=sys.stderr)
        return 1
    try:
        app = started.app = App(options, SCREENS)
    except pygame.error as exc:
        print(
            "pixel-parlor: " + _("cannot open the display: {error}").format(error=exc),
            file=sys.stderr,
        )
        return 1
    # Large text (Settings, issue 34) from the first frame: screens built with the App
    # lay out again for it.
    if set_large_text(app.storage.settings.large_text):
        for scene in list(app.scenes):
            scene.language_changed()
    started.interactive = options.ticks is None and os.environ.get("SDL_VIDEODRIVER") != "dummy"
    started.log_path = start_logging(app.storage.data_dir, app.storage.no_save)
    if options.screenshots is not None:
        # late import: only with --screenshots
        from game.screenshots import render_all

        try:
            written = render_all(app, options.screenshots)
        finally:
            if options.data_dir != given_data_dir:  # the throw-away folder for_pictures made
                shutil.rmtree(options.data_dir, ignore_errors=True)
        print(
            ngettext(
                "wrote {n} screenshot to {folder}",
                "wrote {n} screenshots to {folder}",
                len(written),
            ).format(n=len(written), folder=options.screenshots)
        )
        return 0
    if options.host:
        problem = start_host(app, options)
        if problem:
            print(f"pixel-parlor: {problem}", file=sys.stderr)
            return 2
    else:
        start_speech(app, options)
        if options.deal:
            start(app, options.game, options.deal)
        else:
            start(app, options.game)  # as tools and tests that stand in for start() call it
        if options.gallery:
            open_gallery(app)
    with ctrl_c_quits(app) as interrupted:
        app.run(max_ticks=options.ticks)
    speech.speaker().close()
    if interrupted:
        print("pixel-parlor: " + _("stopped by Ctrl+C; everything is saved"), file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def start_speech(app: App, options: Options) -> None:
    """Speech (issue 34) as Settings keep it, or on for this run with --speech."""
    speech.install(speech.Speaker(enabled=options.speech or app.storage.settings.speech))


@contextmanager
def ctrl_c_quits(app: App) -> Iterator[list[int]]:
    """While the game runs, Ctrl+C (SIGINT) quits it the way closing the window does: at
    the end of the frame, saving everything. Python's own KeyboardInterrupt could strike
    in the middle of a move and have a half-changed game saved, or lose the game with a
    traceback. Yields the list of signals caught (empty: none)."""
    caught: list[int] = []

    def quit_at_end_of_frame(signum, _frame) -> None:
        caught.append(signum)
        app.quit()

    try:
        previous = signal.signal(signal.SIGINT, quit_at_end_of_frame)
    except ValueError:  # not the main thread (main() run from a test's thread)
        yield caught
        return
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


def keep_what_is_safe(app: App) -> list[str]:
    """After a crash: write the settings and the records still waiting, but never the
    state of a game in play: it may be what failed, and written again it would fail at
    every Continue. Each game was saved after its last move; a game resumed this run that
    crashed before moving on is set aside. Returns what the player should be told."""
    try:
        app.storage.save_settings()
        return app.storage.after_crash()
    except Exception:
        log.exception("keeping the records after the crash failed too")
        return []


def start(app, game_id: str | None, deal: str | None = None) -> None:
    """The title menu, and on top of it the game asked for on the command line: the deal
    of a code (--deal, at its game's standard table), or the game in progress if there
    is one (as the title's Continue would resume it; a new game would replace it), else a
    new one. A demo never touches the player's game."""
    # late import: the title only once the window is open (not for --host or --help)
    from game.scenes.title import TitleScene
    from game.shell.registry import deal_versions, game_info, game_of_letter

    title = app.push(TitleScene(app))
    if deal:
        # late import: the codes only with --deal (the title starts without the engines)
        from game.engine.dealcode import parse

        code = parse(deal, deal_versions())  # checked by the command line already
        dealt = game_of_letter(code.letter)
        if dealt is not None and dealt.deal_table is not None:
            app.push(dealt.deal_table(app, code, None))
            return
    if not game_id:
        return
    info = game_info(game_id)
    if not app.demo and app.storage.has_saved_game(game_id):
        title.resume_game(info)
        if app.scenes.top is not title:
            return
    app.push(info.new_scene(app))


def open_gallery(app) -> None:
    """--gallery: the art gallery over whatever start() opened (Esc leaves it)."""
    # late import: only with --gallery, a developers' page the title does not offer
    from game.scenes.gallery import GalleryScene

    app.push(GalleryScene(app))


def start_host(app, options) -> str:
    """--host: the table on the network (game/hosting.py), taking the host's commands on
    standard input; what went wrong, or ""."""
    # late import: only with --host: the table and the network cost 250 ms at start-up
    from game.hosting import announce, host_table, listen_to_console
    from game.shell.registry import game_info
    from game.table.door import Door

    info = game_info(options.game or "")
    if info is None:
        return _("--host needs --game, one of the games played over the network")
    door = Door.of(
        options,
        app.storage.data_dir,
        stand_in_after_s=options.stand_in_after,
        turn_timer_s=options.turn_timer,
    )
    try:
        table, notes = host_table(app, info, options.seats, door, options.code)
    except (ValueError, OSError) as error:
        return str(error)
    announce(table)
    for line in notes + app.storage.take_notices():
        print(f"pixel-parlor: {line}", flush=True)
    listen_to_console(app, table)
    return ""


def start_logging(data_dir: Path, no_save: bool) -> Path | None:
    """Warnings and errors go to a small rotating log in the data folder (and stderr);
    in the temporary folder when the data folder is not to be written or refuses it."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, LogFile)]:
        root.removeHandler(old)  # a second start in one process (tests) logs afresh
        old.close()
    early = [h for h in root.handlers if isinstance(h, EarlyMessages)]
    handler, path = None, None
    folders = [data_dir] if not no_save else []
    for folder in folders + [Path(tempfile.gettempdir())]:
        if can_log_at(folder / LOG_NAME):
            path = folder / LOG_NAME
            handler = LogFile(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
            handler.setFormatter(
                logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
            )
            handler.setLevel(logging.WARNING)
            root.addHandler(handler)
            break
    for waiting in early:
        root.removeHandler(waiting)
        waiting.setTarget(handler)  # type: ignore[arg-type]  (None: they were on stderr)
        waiting.close()  # hands the waiting messages to the log file
    if path is not None:
        start_audit_log(path.parent / AUDIT_LOG_NAME)
    return path


def start_audit_log(path: Path) -> None:
    """The network door's audit lines (game.net.audit, INFO and up) go to their own
    rotating file beside the game's log, and nowhere else (not stderr: a flood of
    refusals must not fill a console)."""
    audit = logging.getLogger(AUDIT_LOGGER)
    for old in [h for h in audit.handlers if isinstance(h, LogFile)]:
        audit.removeHandler(old)
        old.close()
    audit.setLevel(logging.INFO)
    audit.propagate = False
    if not can_log_at(path):
        return
    handler = LogFile(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    audit.addHandler(handler)


def can_log_at(path: Path) -> bool:
    """True if the log can be kept at `path`: a folder we may write, holding nothing in
    the log's place but a plain file (never a link, a folder or a pipe)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(path.parent, os.W_OK | os.X_OK):
            return False
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISREG(mode) and os.access(path, os.W_OK)


class EarlyMessages(MemoryHandler):
    """Warnings logged before the log file is opened, held for it (stderr has them too)."""

    def __init__(self) -> None:
        super().__init__(capacity=1000, flushLevel=logging.CRITICAL + 1)
        self.setLevel(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        # Held until close(), however many: a flood of messages drops the oldest.
        if len(self.buffer) >= self.capacity:
            del self.buffer[0]
        self.buffer.append(record)


class LogFile(RotatingFileHandler):
    """The rotating log file, opened without following a link in its place, and quiet
    after its first failure.

    A link planted in the data folder would have the game, run by an administrator,
    append to whatever file it names: the log is opened with O_NOFOLLOW (where the OS has
    it; elsewhere a link is refused just before) and must be a regular file. A log that
    cannot be written says so once on stderr, instead of printing a traceback for every
    message; the messages still reach stderr.
    """

    def __init__(self, *args, **kwargs) -> None:
        self.failed = False
        super().__init__(*args, **kwargs)

    def _open(self):
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
        # O_NONBLOCK: a pipe in the log's place makes open fail instead of waiting forever.
        flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        if not hasattr(os, "O_NOFOLLOW") and os.path.islink(self.baseFilename):
            raise OSError(f"{self.baseFilename} is a link")
        fd = os.open(self.baseFilename, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.baseFilename} is not a regular file")
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if not self.failed:
            self.failed = True
            error = sys.exc_info()[1]
            said = _("cannot write the log {path} ({error}); messages go to this console only")
            print(
                "pixel-parlor: " + said.format(path=self.baseFilename, error=error),
                file=sys.stderr,
            )


def show_crash_screen(
    app, exc: BaseException, log_path: Path | None, notices: Sequence[str] = ()
) -> None:
    """A short message on the game's own canvas until a key, a click or a timeout."""
    # late import: only on a crash, drawing with what is still importable
    import time

    import pygame

    from game.art.font import get_font
    from game.ui import theme

    try:
        canvas = app.display.canvas
        canvas.fill(theme.BACKDROP)
        small, large = get_font("small"), get_font("large")
        large.draw(
            canvas, _("Sorry! Pixel Parlor has stopped."), (320, 110), theme.TITLE, align="center"
        )
        lines = [
            f"{type(exc).__name__}: {exc}"[:90],
            _("Your scores were saved, and your game as it was after its last move."),
            *(lang.text(notice) for notice in notices),
            _("Details are in {path}").format(path=log_path) if log_path else "",
            "",
            _("Press any key to close."),
        ]
        y = 150
        for line in lines:
            for part in small.wrap(line, 600):
                small.draw(canvas, part, (320, y), theme.TEXT, align="center")
                y += small.line_height
        app.display.present()
        deadline = time.time() + CRASH_SCREEN_SECONDS
        while time.time() < deadline:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return
            time.sleep(0.05)
    except Exception:
        log.exception("the crash screen failed")
