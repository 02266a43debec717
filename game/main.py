"""Parse the command line, build the App and run it (or render screenshots and exit).

Errors are written to a log file in the data folder (an executable has no console to
show them); a crash saves what it can, shows a short message where a window exists, and
exits with status 1.
"""
from __future__ import annotations

import logging
import os
import sys
import tempfile
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Optional, Sequence

LOG_NAME = "pixel-parlor.log"
LOG_BYTES = 256 * 1024        # two small files are plenty for a game's errors
CRASH_SCREEN_SECONDS = 20

log = logging.getLogger("pixel_parlor")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the game; returns the process exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--screenshots" in argv or any(a.startswith("--screenshots=") for a in argv):
        # Pictures need no window: render off-screen even on a machine with a screen.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from game.options import parse_options
    from game.scenes.registry import load_games

    games = load_games()
    options = parse_options(argv, games)

    import pygame

    from game.app import App

    try:
        app = App(options)
    except pygame.error as exc:
        print(f"pixel-parlor: cannot open the display: {exc}", file=sys.stderr)
        return 1
    log_path = start_logging(app.storage.data_dir, app.storage.no_save)
    try:
        if options.screenshots is not None:
            from game.screenshots import render_all

            written = render_all(app, options.screenshots)
            print(f"wrote {len(written)} screenshots to {options.screenshots}")
            return 0
        start(app, options.game)
        app.run(max_ticks=options.ticks)
    except Exception as exc:  # the last line of defence: log it, keep the saves, say so
        log.exception("Pixel Parlor crashed")
        try:
            app.save_all()
        except Exception:
            log.exception("saving after the crash failed too")
        if options.ticks is None and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            show_crash_screen(app, exc, log_path)
        print(f"pixel-parlor: crashed ({type(exc).__name__}: {exc}); details in {log_path}",
              file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    return 0


def start(app, game_id: Optional[str]) -> None:
    """The title menu, and on top of it the game asked for on the command line."""
    from game.scenes.registry import game_info
    from game.scenes.title import TitleScene

    app.push(TitleScene(app))
    if game_id:
        app.push(game_info(game_id).new_scene(app))


def start_logging(data_dir: Path, no_save: bool) -> Optional[Path]:
    """Warnings and errors go to a small rotating log in the data folder (and stderr)."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    folder = Path(tempfile.gettempdir()) if no_save else data_dir
    path = folder / LOG_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1,
                                      encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.WARNING)
    logging.getLogger().addHandler(handler)
    return path


def show_crash_screen(app, exc: BaseException, log_path: Optional[Path]) -> None:
    """A short message on the game's own canvas until a key, a click or a timeout."""
    import time

    import pygame

    from game.art.font import get_font
    from game.ui import theme

    try:
        canvas = app.display.canvas
        canvas.fill(theme.BACKDROP)
        small, large = get_font("small"), get_font("large")
        large.draw(canvas, "Sorry! Pixel Parlor has stopped.", (320, 110), theme.TITLE,
                   align="center")
        lines = [f"{type(exc).__name__}: {exc}"[:90],
                 "Your scores and your game in progress were saved.",
                 f"Details are in {log_path}" if log_path else "",
                 "", "Press any key to close."]
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
