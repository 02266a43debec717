"""The translation catalogs: extract the English messages, update and compile the
catalogs, check that they are complete (Babel does the reading and writing).

    python3 tasks.py i18n extract    # the templates, game/lang/locale/<part>.pot
    python3 tasks.py i18n update     # new messages into every language's .po (to translate)
    python3 tasks.py i18n compile    # each language's .po files into its messages.mo
    python3 tasks.py i18n check      # what is missing, fuzzy or wrong, per language

The program's messages are split by part (PARTS), one .po per part and language, so that
people translating (or changing) one game do not edit the file of another. The game
reads one compiled catalog per language, all parts together (game/lang/__init__.py).
Not imported by the game itself: Babel is needed by the set-up and the tests only.
"""

from __future__ import annotations

import datetime
import io
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game.lang import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
#: The languages with catalogs (English is the source's own).
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)

#: Each part of the program and the source it holds (files, or folders of .py files):
#: its messages live in game/lang/locale/<language>/LC_MESSAGES/<part>.po. A file in
#: two parts belongs to the first that names it.
PARTS: dict[str, tuple[str, ...]] = {
    "farkle": ("game/engine/farkle", "game/scenes/farkle"),
    "lucie": ("game/engine/lucie", "game/scenes/lucie"),
    "shutbox": ("game/engine/shutbox", "game/scenes/shutbox"),
    "mille": ("game/engine/mille", "game/scenes/mille"),
    # the table runtime every game shares, the coach, the network
    "table": ("game/table", "game/net", "game/hosting.py", "game/engine"),
    # the title and the screens around the tables, the shell and its widgets
    "shell": ("game",),
}

#: What the extraction looks for (game/lang's functions), as Babel's keyword specs.
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "Msg": None,
    "nmsg": (1, 2),
    "pmsg": ((1, "c"), 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)
#: {name} placeholders of str.format (not {{ }}, which is a brace).
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")
#: Never part of a catalog: the catalogs' own tools (game/lang/__init__.py's words for
#: lists, "a, b and c", are the shell's).
SKIPPED = ("game/lang/catalogs.py",)


# Fixed, so that updating a catalog changes only its messages (dates in the header would
# rewrite every file at every update, and merge badly).
STABLE_DATE = datetime.datetime(2026, 11, 26, tzinfo=datetime.timezone.utc)
HEADER_COMMENT = (
    "# {language} words of Pixel Parlor: {part}.\n"
    "# Made with `python3 tasks.py i18n update` (see the README's Translating).\n"
    "#"
)


def new_catalog(part: str, code: str | None = None) -> Catalog:
    """An empty catalog with a header that never changes by itself."""
    catalog = Catalog(
        locale=code,
        domain=part,
        project="Pixel Parlor",
        version="1",
        msgid_bugs_address="",
        creation_date=STABLE_DATE,
        revision_date=STABLE_DATE,
        last_translator="",
        language_team="",
        fuzzy=False,
    )
    catalog.header_comment = HEADER_COMMENT.format(
        language={"fr": "French", "pl": "Polish"}.get(code or "", "The English"), part=part
    )
    return catalog


def po_path(code: str, part: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{part}.po"


def mo_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def source_files() -> dict[str, list[Path]]:
    """Each part's .py files (each file in the first part whose paths hold it)."""
    seen: set[Path] = set()
    files: dict[str, list[Path]] = {}
    for part, paths in PARTS.items():
        found: list[Path] = []
        for name in paths:
            path = ROOT / name
            candidates = [path] if path.is_file() else sorted(path.rglob("*.py"))
            for candidate in candidates:
                relative = candidate.relative_to(ROOT).as_posix()
                if candidate in seen or relative.startswith(SKIPPED):
                    continue
                if "__pycache__" in candidate.parts or relative.startswith("game/bench"):
                    continue
                seen.add(candidate)
                found.append(candidate)
        files[part] = found
    return files


def template(part: str, files: list[Path] | None = None) -> Catalog:
    """Every message of a part, as Babel's catalog, with where it is used."""
    catalog = new_catalog(part)
    for path in files if files is not None else source_files()[part]:
        relative = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            catalog.add(
                message,
                locations=[(relative, lineno)],
                auto_comments=comments,
                context=context,
                flags=("python-brace-format",) if PLACEHOLDER.search(_first(message)) else (),
            )
    return catalog


def _first(message: str | tuple) -> str:
    return message[0] if isinstance(message, tuple) else message


def read_catalog(path: Path, code: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write a .po (or .pot), its messages in source order, locations without line
    numbers so that an edit elsewhere in a file does not rewrite the catalog."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, include_lineno=False, sort_output=False)
    data = buffer.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def extract() -> dict[str, Catalog]:
    """Write each part's template (.pot); returns them."""
    templates = {part: template(part, files) for part, files in source_files().items()}
    for part, catalog in templates.items():
        write_catalog(LOCALE_DIR / f"{part}.pot", catalog)
    return templates


def update() -> None:
    """Bring every language's .po up to the source: new messages added untranslated
    (Babel marks a close old one's translation fuzzy), gone ones dropped."""
    for part, pot in extract().items():
        for code in TRANSLATED:
            path = po_path(code, part)
            if path.exists():
                catalog = read_catalog(path, code)
                catalog.update(pot, update_header_comment=False)
                catalog.obsolete.clear()
            else:
                catalog = new_catalog(part, code)
                catalog.update(pot)
            write_catalog(path, catalog)


def compile_catalogs(only_if_stale: bool = False) -> list[Path]:
    """Each language's .po files into its one messages.mo (fuzzy entries left out: they
    are shown in English). Returns the files written."""
    written = []
    for code in TRANSLATED:
        sources = sorted((LOCALE_DIR / code / "LC_MESSAGES").glob("*.po"))
        target = mo_path(code)
        if not sources:
            continue
        if only_if_stale and target.exists():
            newest = max(path.stat().st_mtime for path in sources)
            if target.stat().st_mtime >= newest:
                continue
        merged = Catalog(locale=code, domain=DOMAIN, fuzzy=False)
        for source in sources:
            catalog = read_catalog(source, code)
            for message in catalog:
                if message.id and message.string and not message.fuzzy:
                    merged[message.id] = message
        target.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, merged)
        # Whole or not at all: test workers may compile at the same moment.
        partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        partial.write_bytes(buffer.getvalue())
        os.replace(partial, target)
        written.append(target)
    return written


@dataclass(frozen=True)
class Problem:
    code: str
    part: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.code}/{self.part}.po: {self.what}: {self.message!r}"


def problems(languages: tuple[str, ...] = TRANSLATED) -> Iterator[Problem]:
    """What keeps a catalog from being complete: a message of the source not in it, one
    untranslated or fuzzy, a plural form missing, a placeholder not the English one's."""
    templates = {part: template(part, files) for part, files in source_files().items()}
    for code in languages:
        yield from _disagreements(code)
        for part, pot in templates.items():
            path = po_path(code, part)
            if not path.exists():
                if len(pot):
                    yield Problem(code, part, str(path.relative_to(ROOT)), "no catalog")
                continue
            catalog = read_catalog(path, code)
            for wanted in pot:
                if not wanted.id:
                    continue
                found = catalog.get(wanted.id, context=wanted.context)
                shown = _first(wanted.id)
                if found is None:
                    yield Problem(code, part, shown, "not in the catalog (run i18n update)")
                elif found.fuzzy:
                    yield Problem(code, part, shown, "fuzzy")
                else:
                    yield from _translation_problems(code, part, found)


def _disagreements(code: str) -> Iterator[Problem]:
    """One English message translated two ways in two parts: the game reads all parts as
    one catalog, so only one of them would be shown. Choose one, or tell the uses apart
    with a context (pgettext) where they mean different things."""
    seen: dict[tuple, tuple[str, object]] = {}
    for path in sorted((LOCALE_DIR / code / "LC_MESSAGES").glob("*.po")):
        for message in read_catalog(path, code):
            if not message.id or not message.string or message.fuzzy:
                continue
            key = (message.context, message.id)
            if key not in seen:
                seen[key] = (path.stem, message.string)
            elif seen[key][1] != message.string:
                other, string = seen[key]
                yield Problem(
                    code,
                    path.stem,
                    _first(message.id),
                    f"translated {message.string!r} here and {string!r} in {other}.po",
                )


def _translation_problems(code: str, part: str, message) -> Iterator[Problem]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    shown = ids[0]
    if not all(strings):
        yield Problem(code, part, shown, "untranslated")
        return
    wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
    for string in strings:
        found = set(PLACEHOLDER.findall(string))
        # A plural's singular may leave {n} out ("un point"); nothing else may differ.
        if found - wanted or (wanted - found) - {"n"}:
            yield Problem(code, part, shown, f"placeholders {sorted(found)} not {sorted(wanted)}")
            return


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_catalogs}
    if len(argv) != 1 or argv[0] not in (*commands, "check"):
        print("usage: python3 tasks.py i18n extract|update|compile|check", file=sys.stderr)
        return 2
    if argv[0] == "check":
        found = list(problems())
        for problem in found:
            print(problem)
        print(f"{len(found)} problem(s) in the catalogs of {', '.join(TRANSLATED)}")
        return 1 if found else 0
    result = commands[argv[0]]()
    if argv[0] == "compile":
        for path in result:
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
