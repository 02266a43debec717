"""game/'s layers hold (issue 31): import-linter's contracts, in pyproject.toml's
[tool.importlinter], run by the test command.

Bottom to top: engine; storage, art, audio, display, input and the leaf modules; ui; the
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
LINT = (
    "import sys; from importlinter.cli import lint_imports; "
    "sys.exit(lint_imports(no_cache=True, no_logo=True))"
)


def test_import_linter_contracts_are_kept():
    run = subprocess.run(
        [sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "0 broken" in report, report


def test_the_engines_contract_forbids_everything_else_of_game():
    tops = {f"game.{path.stem}" for path in GAME.glob("*.py") if path.stem != "__init__"}
    tops |= {f"game.{path.parent.name}" for path in GAME.glob("*/__init__.py")}
    assert set(CONTRACTS["engine"]["forbidden_modules"]) == tops - {"game.engine"}


def test_every_game_has_its_independence_contract():
    games = sorted(path.parent.name for path in (GAME / "scenes").glob("*/__init__.py"))
    for game in games:
        others = {
            f"game.{part}.{other}"
            for other in games
            if other != game
            for part in ("scenes", "engine")
        }
        contract = CONTRACTS[game]
        assert set(contract["source_modules"]) == {f"game.scenes.{game}", f"game.engine.{game}"}
        assert set(contract["forbidden_modules"]) == others
