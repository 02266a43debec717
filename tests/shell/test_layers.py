"""The layers keep to themselves: no scene reaches into the App at run time, and neither the
table runtime every game stands on nor the art kit names a game."""

import ast
import re
from pathlib import Path

from game.shell.registry import load_games

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "game" / "table"
ART = ROOT / "game" / "art"


def run_time_imports(path: Path) -> list[str]:
    """Modules a file imports outside `if TYPE_CHECKING:` blocks (annotations only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only.update(id(child) for child in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def test_no_scene_imports_the_app_at_run_time():
    scenes = [ROOT / "game" / "scenes", RUNTIME]
    offenders = [
        str(path.relative_to(ROOT))
        for folder in scenes
        for path in sorted(folder.rglob("*.py"))
        if any(
            name == "game.shell.app" or name.startswith("game.shell.app.")
            for name in run_time_imports(path)
        )
    ]
    assert offenders == [], "scenes get what they need from their App, not by import"


def test_the_guard_sees_a_run_time_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from game.shell.app import App\nfrom game.shell.app import TICK_RATE\n"
    )
    assert run_time_imports(sample).count("game.shell.app") == 1


def games_named(folder: Path) -> list[tuple[str, str]]:
    """(file, game id or title) for every registered game a folder's modules name."""
    names = sorted({name for info in load_games() for name in (info.id, info.title.lower())})
    return [
        (path.name, name)
        for path in sorted(folder.rglob("*.py"))
        for name in names
        if re.search(rf"\b{re.escape(name)}\b", path.read_text(encoding="utf-8").lower())
    ]


def test_the_table_runtime_names_no_game():
    mentions = games_named(RUNTIME)
    assert mentions == [], "game/table is game-agnostic: a game's words belong to its package"


def test_the_art_kit_names_no_game():
    mentions = games_named(ART)
    assert mentions == [], "a game's pictures and their names belong to its package"
