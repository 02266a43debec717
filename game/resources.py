"""Where the game's files are, from source and from a PyInstaller build alike."""

from __future__ import annotations

import sys
from pathlib import Path

# The repository root when run from source; the unpacked bundle when frozen
# (PyInstaller puts bundled data under sys._MEIPASS for one-folder and one-file builds).
SOURCE_ROOT = Path(__file__).resolve().parent.parent


def is_frozen() -> bool:
    """True inside a PyInstaller executable."""
    return bool(getattr(sys, "frozen", False))


def bundle_root() -> Path:
    """The folder holding assets/: the repo from source, the bundle when frozen."""
    return Path(getattr(sys, "_MEIPASS", SOURCE_ROOT))


def asset_path(*parts: str) -> Path:
    """Path of a file under assets/, e.g. asset_path("sprites", "dice.png")."""
    return bundle_root().joinpath("assets", *parts)
