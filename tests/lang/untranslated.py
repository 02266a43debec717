"""Finds player-facing text written in the source without the translation function.

A string literal counts as player-facing text when it holds a word (two letters) and either
a space or a capital followed by a small letter ("Roll", "Keep the dice"), unless it is:
a docstring; an argument of a translation function (_, N_, ngettext, pgettext, Msg, nmsg,
pmsg); in `__all__`, a `raise`, an `assert`, an exception made (SomethingError(...)), or a call to a logger or to warnings (what developers
read); a key of a dict, a subscript or a comparison's side (data, not words); or on a line
marked `# i18n: not shown` with its reason (a file name, a key's name in a protocol...).
An f-string's literal parts count too: words in an f-string are glued from fragments.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

TRANSLATING = {"_", "N_", "ngettext", "pgettext", "Msg", "nmsg", "pmsg"}
DEVELOPERS_READ = {
    # a saved game's checks (game/engine/saved.py): the problem goes into InvalidState
    "check",
    "fail",
    "require",
    "restoring",
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "critical",
    "warn",
    "log",
    "getLogger",
    "basicConfig",
    "Formatter",
    "getattr",
    "setattr",
    "hasattr",
    "startswith",
    "endswith",
    "split",
    "strip",
    "get",
    "pop",
    "setdefault",
    "strftime",
    "encode",
    "decode",
    "Path",
    "joinpath",
    "Color",
    "namedtuple",
    "TypeVar",
    "compile",
    "match",
    "fullmatch",
    "search",
    "sub",
}
MARKER = "# i18n: not shown"
WORDS = re.compile(r"[A-Za-z]{2}")
LOOKS_SHOWN = re.compile(r"\s|^[A-Z][a-z]")


def looks_player_facing(text: str) -> bool:
    return bool(WORDS.search(text) and LOOKS_SHOWN.search(text.strip() or "x"))


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # an attribute's or a constant's docstring: a string statement of its own
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            found.add(id(node.value))
    return found


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """Every node under something that is not words for the player."""
    exempt: set[int] = set()

    def cover(node: ast.AST) -> None:
        exempt.update(id(child) for child in ast.walk(node))

    for node in ast.walk(tree):
        name = _call_name(node) if isinstance(node, ast.Call) else ""
        # an exception made up (PermissionError(13, "Permission denied")): as the OS says it
        if name in TRANSLATING | DEVELOPERS_READ or name.endswith(("Error", "Exception")):
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
                cover(argument)
        elif isinstance(node, (ast.Raise, ast.Assert)):
            cover(node)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            cover(node.value)  # a module's exported names
        elif isinstance(node, ast.Subscript):
            cover(node.slice)
        elif isinstance(node, ast.Compare):
            cover(node)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    cover(key)
        elif isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.FormattedValue) and value.format_spec is not None:
                    cover(value.format_spec)
    return exempt


def untranslated(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each player-facing literal in the file outside the function."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skipped = _docstrings(tree) | _exempt_nodes(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.JoinedStr):
            parts = [
                value.value
                for value in node.values
                if isinstance(value, ast.Constant) and isinstance(value.value, str)
            ]
            skipped.update(id(value) for value in node.values)
            text = "{}".join(parts)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if not looks_player_facing(text):
            continue
        first, last = node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno
        if any(MARKER in lines[number - 1] for number in range(first, last + 1)):
            continue
        yield node.lineno, text
