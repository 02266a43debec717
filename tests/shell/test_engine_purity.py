"""The engine never imports pygame: every engine module imports with pygame unimportable."""

import ast
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


def engine_imports() -> dict[str, tuple[set[str], list[str]]]:
    """Each engine module: the game modules it imports anywhere (type-checking imports
    included, a package's import of a name counted as its module's), and the lines of
    its imports that are not at module level (in a function, a class or an `if`)."""
    modules = set(engine_modules())
    found: dict[str, tuple[set[str], list[str]]] = {}
    for name in modules:
        path = ROOT / Path(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        top = {id(node) for node in tree.body}
        targets: set[str] = set()
        inner: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                    base = f"{base}.{node.module}" if node.module else base
                named = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            if id(node) not in top:
                inner.append(f"{name}:{node.lineno}")
            targets |= {n for n in named if n.split(".")[0] == "game"}
        found[name] = (targets, inner)
    return found


def test_the_engine_imports_nothing_of_the_game_above_it_and_only_at_module_level():
    for name, (targets, inner) in engine_imports().items():
        outside = sorted(t for t in targets if not t.startswith("game.engine"))
        assert not outside, f"{name} imports {outside}"
        assert not inner, f"imports not at module level: {inner}"


def test_the_engine_modules_import_one_another_without_a_cycle():
    modules = set(engine_modules())
    graph = {
        name: {t for t in targets if t in modules and t != name}
        for name, (targets, _) in engine_imports().items()
    }
    # A package's __init__ imports its modules: only a module importing its own package
    # (or an ancestor's __init__) back would close a loop, and that is what is looked for.
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            cycle = path[path.index(name) :] + [name]
            raise AssertionError(f"an import cycle: {' -> '.join(cycle)}")
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
