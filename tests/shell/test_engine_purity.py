"""The engine never imports pygame: every engine module imports with pygame unimportable."""

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def engine_modules() -> list[str]:
    engine = ROOT / "game" / "engine"
    names = []
    for path in sorted(engine.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def test_there_are_engine_modules_to_check():
    modules = engine_modules()
    assert "game.engine" in modules and "game.engine.core" in modules


def test_every_engine_module_imports_without_pygame():
    # A fresh interpreter where `import pygame` raises, importing each module in turn.
    script = textwrap.dedent("""
        import importlib, sys
        sys.modules["pygame"] = None   # makes `import pygame` raise ImportError
        failures = []
        for name in sys.argv[1:]:
            try:
                importlib.import_module(name)
            except Exception as exc:
                failures.append(f"{name}: {type(exc).__name__}: {exc}")
        assert "pygame" not in [m for m in sys.modules if sys.modules[m] is not None]
        print("\\n".join(failures))
        sys.exit(1 if failures else 0)
    """)
    result = subprocess.run(
        [sys.executable, "-c", script, *engine_modules()], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_engine_source_mentions_an_import_of_pygame():
    for path in (ROOT / "game" / "engine").rglob("*.py"):
        for line in path.read_text().splitlines():
            stripped = line.strip()
            assert not stripped.startswith(("import pygame", "from pygame")), path


# What the engine may import of the rest of game/, and that it has no import cycle and no
# import inside a function, are checked with the whole tree's layers: import-linter's
# contracts (tests/setup/test_layers.py) and tests/setup/test_imports.py.
