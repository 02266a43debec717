"""Parse the command line, build the App and run it (or render screenshots and exit)."""
from __future__ import annotations

import os
import sys
from typing import Optional, Sequence


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
    options = parse_options(argv, [g.id for g in games])

    import pygame

    from game.app import App

    try:
        app = App(options)
    except pygame.error as exc:
        print(f"pixel-parlor: cannot open the display: {exc}", file=sys.stderr)
        return 1
    if options.screenshots is not None:
        from game.screenshots import render_all

        written = render_all(app, options.screenshots)
        print(f"wrote {len(written)} screenshots to {options.screenshots}")
        return 0
    start(app, options.game)
    app.run(max_ticks=options.ticks)
    pygame.quit()
    return 0


def start(app, game_id: Optional[str]) -> None:
    """The title menu, and on top of it the game asked for on the command line."""
    from game.scenes.registry import game_info
    from game.scenes.title import TitleScene

    app.push(TitleScene(app))
    if game_id:
        app.push(game_info(game_id).new_scene(app))
