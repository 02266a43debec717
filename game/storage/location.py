"""Which folder holds the player's settings, scores and saved games."""

from __future__ import annotations

from pathlib import Path

from game.resources import SOURCE_ROOT, is_frozen

APP_NAME = "PixelParlor"  # i18n: not shown (a folder's name)


def default_data_dir() -> Path:
    """The repo's scores/ folder from source; the per-user data folder in an executable."""
    if is_frozen():
        # An installed program's own folder may be read-only (Program Files, a mounted
        # image), so the executable keeps its data where the OS wants per-user data.
        # appauthor=False: no extra "PixelParlor\PixelParlor" level on Windows.
        # late import: a module that may be missing: `main.py --help` (which imports
        # storage through the registry) must work before `tasks.py play` installed it
        import platformdirs

        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return SOURCE_ROOT / "scores"
