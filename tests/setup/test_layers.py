"""game/'s layers hold (issue 31): import-linter's contracts, in pyproject.toml's
[tool.importlinter] and one per game written here from the games found, run by the test
command.

Bottom to top: lang (the words); engine; storage, art, audio, display, input and the leaf modules; ui; the
shell; net; the table; the games' tables and the screens (game/scenes); main and its
tools. Nothing imports upward, not even for type checking or inside a function; the
engines import nothing else of game; no game imports another's table or engine.
"""

import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest's own dependency on 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
CONTRACTS = {
    contract["id"]: contract
    for contract in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"
    ]["contracts"]
}


# lint-imports in a process of its own: in this one it would reconfigure logging (its
# dictConfig disables every logger made before, the game's too) and change sys.path.
# No cache: it would be written into the work tree, and the graph takes 0.3 s.
def lint_imports(config: Path | None = None) -> str:
    """Run lint-imports (pyproject.toml's contracts, or those in `config`); its report,
    and the test fails with it unless every contract is kept."""
    given = "" if config is None else f"config_filename={str(config)!r}, "
    code = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports({given}no_cache=True, no_logo=True))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "0 broken" in report, report
    return report


def game_ids() -> list[str]:
    """The games: each package of game/scenes (the registry imports exactly these)."""
    return sorted(path.parent.name for path in (GAME / "scenes").glob("*/__init__.py"))


def independence_contracts(games: list[str]) -> str:
    """import-linter's configuration (TOML) of one contract per game: its table and its
    engine import no other game's."""
    lines = ["[tool.importlinter]", 'root_packages = ["game"]']
    for game in games:
        others = [f"game.{part}.{o}" for o in games if o != game for part in ("scenes", "engine")]
        lines += [
            "",
            "[[tool.importlinter.contracts]]",
            f'id = "{game}"',
            f'name = "{game} imports no other game"',
            'type = "forbidden"',
            f'source_modules = ["game.scenes.{game}", "game.engine.{game}"]',
            f"forbidden_modules = {others!r}".replace("'", '"'),
        ]
    return "\n".join(lines) + "\n"


def test_import_linter_contracts_are_kept():
    lint_imports()


def test_no_game_imports_another(tmp_path):
    games = game_ids()
    assert {"farkle", "lucie", "shutbox", "mille"} <= set(games)
    config = tmp_path / "games.toml"
    config.write_text(independence_contracts(games), encoding="utf-8")
    report = lint_imports(config)
    assert f"{len(games)} kept" in report, report


def test_the_engines_contract_forbids_everything_else_of_game():
    """...but the words (game.lang, the layer below): an engine says what happened in
    messages the screens translate."""
    tops = {f"game.{path.stem}" for path in GAME.glob("*.py") if path.stem != "__init__"}
    tops |= {f"game.{path.parent.name}" for path in GAME.glob("*/__init__.py")}
    assert set(CONTRACTS["engine"]["forbidden_modules"]) == tops - {"game.engine", "game.lang"}
