"""Fixtures shared by the storage tests: a data folder, a fixed clock, no retry waits."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from game.storage import Storage, atomic

FIXED_NOW = datetime(2025, 1, 2, 3, 4, 5)


@pytest.fixture(autouse=True, scope="session")
def registered_games() -> None:
    """Storage names files and notices after the registered games."""
    from game.shell.registry import load_games

    load_games()


@pytest.fixture(autouse=True)
def retry_waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Skip the Windows-lock retry sleeps; the list records the waits asked for."""
    waits: list[float] = []
    monkeypatch.setattr(atomic, "sleep", waits.append)
    return waits


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A data folder that does not exist yet (Storage makes it)."""
    return tmp_path / "data"


@pytest.fixture
def aside_stamp() -> str:
    """How FIXED_NOW appears in the names of files set aside."""
    return FIXED_NOW.strftime("%Y%m%d-%H%M%S")


@pytest.fixture
def open_storage(folder: Path) -> Callable[..., Storage]:
    """Start the game's storage on `folder` (again), as a new run of the program would."""

    def open_(**kwargs: object) -> Storage:
        kwargs.setdefault("data_dir", folder)
        return Storage(now=lambda: FIXED_NOW, **kwargs)  # type: ignore[arg-type]

    return open_


@pytest.fixture
def listing() -> Callable[[Path], list[str]]:
    """The names in a folder, sorted; [] if it does not exist."""
    return lambda path: sorted(p.name for p in path.iterdir()) if path.exists() else []
