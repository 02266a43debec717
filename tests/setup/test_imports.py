"""game/'s imports (issue 31), read from the source: no import cycle, counting the imports
under `if TYPE_CHECKING:` too, and no import inside a function unless a comment gives its
reason; none at all in game/engine/ or game/table/.

A function-level import is allowed elsewhere for a start-up reason (the registry's lazy
`Later` loading: importing every game's table at start-up cost 0.2 s, python -m
game.bench_startup; pygame only after the environment it reads is set), said by a comment
starting "late import:" on the import's line or on the lines just above the group of
imports it belongs to.

The allow-lists below name what is left in the parts being rewritten in parallel
(game/table, game/engine, the games' packages game/scenes/<game>/): each entry goes when
its part is fixed, and nothing may be added to them.
"""

import ast
import io
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
MARKER = "late import:"
# Where no function-level import is allowed, whatever its comment says.
NO_LATE_IMPORTS = ("game/engine/", "game/table/")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement names: for `from x import y`, x.y when y is a
    module of game, else x (a relative import resolved against `module`)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".")
        if MODULES[module].name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([node.module] if node.module else [])])
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]


def in_game(name: str) -> str | None:
    """The module of game that `name` is, or lies in (a name imported from it)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def is_type_checking(node: ast.If) -> bool:
    return ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def top_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Imports that run when the module does, and those under `if TYPE_CHECKING:`; not
    those inside functions."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            elif not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                stack.append(child)


def late_import_groups(tree: ast.Module) -> Iterator[list[ast.Import | ast.ImportFrom]]:
    """Runs of consecutive import statements inside functions."""
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            for body in (getattr(node, field, None) for field in ("body", "orelse", "finalbody")):
                if not isinstance(body, list):
                    continue
                group: list = []
                for statement in [*body, None]:
                    if isinstance(statement, ast.Import | ast.ImportFrom):
                        group.append(statement)
                        continue
                    if group:
                        yield group
                    group = []


def comments(source: str) -> dict[int, str]:
    """Line number -> the comment on that line."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string
    return found


def has_reason(group: list, lines: list[str], notes: dict[int, str]) -> bool:
    """A "late import:" comment on one of the group's lines or just above it."""
    first, last = group[0].lineno, group[-1].end_lineno or group[-1].lineno
    if any(MARKER in notes.get(line, "").lower() for line in range(first, last + 1)):
        return True
    line = first - 1
    while line >= 1 and lines[line - 1].strip().startswith("#"):
        if MARKER in notes.get(line, "").lower():
            return True
        line -= 1
    return False


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in top_imports(tree):
            for name in imported(module, node):
                target = in_game(name)
                if target and target != module:
                    edges.setdefault(module, set()).add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(edges.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(group)

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def late_imports() -> list[tuple[str, int, str, bool]]:
    """(file, line, module imported, has a reason) for every function-level import."""
    found = []
    for module, path in MODULES.items():
        source = path.read_text(encoding="utf-8")
        tree, lines, notes = ast.parse(source), source.splitlines(), comments(source)
        relative = path.relative_to(ROOT).as_posix()
        for group in late_import_groups(tree):
            reason = has_reason(group, lines, notes)
            for node in group:
                for name in imported(module, node):
                    found.append((relative, node.lineno, in_game(name) or name, reason))
    return found


def test_no_import_cycle_in_game():
    assert cycles(graph()) == [], "an import cycle in game/ (type-checking imports count)"


def test_no_function_level_import_without_its_reason():
    offenders = [
        f"{path}:{line} imports {name}"
        for path, line, name, reason in late_imports()
        if path.startswith(NO_LATE_IMPORTS) or not reason
    ]
    assert offenders == [], (
        "a function-level import needs a '# late import: <start-up reason>' comment, "
        "and game/engine and game/table have none"
    )


def test_the_guards_see_what_they_guard(tmp_path):
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    source = (
        "def f():\n    import os\n\n"
        "def g():\n    x = 1\n    # late import: measured\n    import os\n    import sys\n"
        "def h():\n    import os  # late import: measured\n"
    )
    tree, notes = ast.parse(source), comments(source)
    reasons = [has_reason(g, source.splitlines(), notes) for g in late_import_groups(tree)]
    assert reasons == [False, True, True]
    checking = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    assert [ast.unparse(node) for node in top_imports(checking)][-1] == "import a"
