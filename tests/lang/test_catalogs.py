"""The catalogs French and Polish ship with: complete, with the English placeholders, every
letter drawn by our fonts, and compiled into what the game reads."""

import json
from pathlib import Path

import pytest

from game import lang
from game.art.font import FONT_NAMES
from game.lang import catalogs

ROOT = Path(__file__).resolve().parents[2]


def translations(code):
    """Every translated text of a language's catalogs."""
    for path in sorted((catalogs.LOCALE_DIR / code / "LC_MESSAGES").glob("*.po")):
        for message in catalogs.read_catalog(path, code):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            yield from (string for string in strings if string)


@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(code):
    """Nothing untranslated, fuzzy or missing from the catalog (run `tasks.py i18n
    update`), and each translation names the values the English names."""
    found = [str(problem) for problem in catalogs.problems((code,))]
    assert not found, f"{len(found)} problem(s):\n" + "\n".join(found[:40])


def test_a_wrong_placeholder_is_a_problem():
    message = catalogs.Catalog(locale="fr").add("{name} wins", "{nom} gagne")
    assert list(catalogs._translation_problems("fr", "shell", message))
    good = catalogs.Catalog(locale="fr").add("{name} wins", "{name} gagne")
    assert not list(catalogs._translation_problems("fr", "shell", good))


@pytest.mark.parametrize("font", FONT_NAMES)
def test_every_character_of_every_catalog_has_a_glyph(font):
    metrics = json.loads((ROOT / "assets" / "fonts" / f"{font}.json").read_text("utf-8"))
    # A line break, and the tab that parts a help page's two columns (HelpScene).
    drawn = set(metrics["glyphs"]) | {"\n", "\t"}
    missing = {
        (code, char)
        for code in catalogs.TRANSLATED
        for text in translations(code)
        for char in text
        if char not in drawn
    }
    assert not missing, f"characters the {font} font does not draw: {sorted(missing)}"


@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_the_compiled_catalog_is_what_the_game_reads(code, tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    source = catalogs.LOCALE_DIR / code / "LC_MESSAGES"
    source.mkdir(parents=True)
    (source / "shell.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Back"\nmsgstr "Wstecz"\n\n'
        '#, fuzzy\nmsgid "Quit"\nmsgstr "Wyjdź"\n',
        encoding="utf-8",
    )
    assert catalogs.compile_catalogs() == [catalogs.mo_path(code)]
    try:
        lang.set_language(code, tmp_path)
        assert lang._("Back") == "Wstecz"
        assert lang._("Quit") == "Quit"  # fuzzy: not sure yet, so English
    finally:
        lang.set_language("en")
    # compiled again only when a .po is newer
    assert catalogs.compile_catalogs(only_if_stale=True) == []


def test_each_part_of_the_program_is_in_one_catalog():
    files = catalogs.source_files()
    every = [path for paths in files.values() for path in paths]
    assert len(every) == len(set(every))
    assert any(path.name == "rules.py" and "mille" in path.parts for path in files["mille"])
    assert not any(path.name == "catalogs.py" for path in every)
    assert any(path.parent.name == "lang" for path in files["shell"])  # "a, b and c"


def test_one_message_translated_two_ways_in_two_parts_is_a_problem(tmp_path, monkeypatch):
    """The game reads every part as one catalog: only one translation would be shown."""
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (folder / "farkle.po").write_text(header + 'msgid "Next"\nmsgstr "Suivant"\n', "utf-8")
    (folder / "lucie.po").write_text(header + 'msgid "Next"\nmsgstr "Suite"\n', "utf-8")
    found = [str(problem) for problem in catalogs._disagreements("fr")]
    assert found == ["fr/lucie.po: translated 'Suite' here and 'Suivant' in farkle.po: 'Next'"]
    (folder / "lucie.po").write_text(header + 'msgid "Next"\nmsgstr "Suivant"\n', "utf-8")
    assert not list(catalogs._disagreements("fr"))
