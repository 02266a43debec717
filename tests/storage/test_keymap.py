"""The table commands' keys (issue 34): the defaults are the keys the tables had, a key
another command has (or the app's, or one the game keeps) is refused with who has it, and
a settings file's bad keys are dropped with a note, never a crash."""

from __future__ import annotations

import pytest

from game.shell.registry import load_games
from game.storage import keymap
from game.storage.keymap import (
    GameKeys,
    KeyCommand,
    KeyMap,
    key_map,
    normal_key,
    relabel_rows,
    stored_keys_checked,
)
from game.storage.settings import Settings
from game.table.sharedkeys import KEY_LABELS, SHARED_CHARS

load_games()

# The keys each game's table answered before keys could be changed (their controls).
TODAY = {
    "farkle": {"all": "a", "roll": "r", "next": "n", "done": "e"},
    "lucie": {"new_hand": "n", "shuffle": "s", "undo": "u", "redo": "r", "demo": "d"},
    "shutbox": {
        "one_die": "o",
        "all_scores": "a",
        "top_ten": "t",
        "roll_prompt": "r",
        "next_prompt": "n",
        "pips": "p",
        "cant_use_message": "k",
    },
    "mille": {"discard": "x", "sort": "o", "score": "s"},
}


def settings_with(keys) -> tuple[Settings, list[str]]:
    return Settings.from_json({"keys": keys})


@pytest.mark.parametrize("game_id", sorted(TODAY))
def test_the_defaults_are_the_keys_the_tables_had(game_id):
    keys = key_map({}, game_id)
    for name, key in TODAY[game_id].items():
        assert keys.key(name) == key, name
    shared = {name: char for char, name in SHARED_CHARS.items() if char != "/"}
    for name, char in shared.items():
        if keys.key(name):
            assert keys.key(name) == char
            assert keys.label(name) == (
                "D+Enter" if (game_id, name) == ("lucie", "demo") else KEY_LABELS[name]
            )
    assert keys.changed() == {}


def test_every_game_has_its_commands_and_the_shared_ones_it_uses():
    names = {g: [c.name for c in keymap.game_keys(g).commands] for g in TODAY}
    assert "undo" in names["lucie"] and "friends" not in names["lucie"]
    assert "undo" not in names["farkle"] and "friends" in names["farkle"]
    for game_id in TODAY:
        assert {"hint", "log", "demo", "fast", "review"} <= set(names[game_id])


def test_a_typed_slash_is_the_question_mark_and_letters_any_case():
    keys = key_map({}, "farkle")
    assert keys.command("/") == keys.command("?") == "hint"
    assert keys.command("R") == keys.command("r") == "roll"
    assert normal_key(" ") == normal_key("") == normal_key("ab") == normal_key("\n") == ""
    assert normal_key(5) == ""  # type: ignore[arg-type]


def test_a_key_another_command_has_is_refused_naming_it():
    keys = key_map({}, "farkle")
    why = keys.refusal("roll", "l")
    assert "L" in why and "Log" in why
    assert keys.refusal("roll", "N").startswith("N is already the key of Next")
    assert keys.refusal("roll", "r") == "", "its own key again is no clash"
    assert keys.refusal("roll", "t") == ""
    moved = keys.with_key("roll", "T")
    assert moved.key("roll") == "t" and moved.command("t") == "roll" and moved.command("r") == ""
    assert moved.changed() == {"roll": "t"}
    assert keys.key("roll") == "r", "a KeyMap is never changed in place"


@pytest.mark.parametrize(
    ("game_id", "char", "words"),
    [
        ("farkle", "b", "boss key"),
        ("farkle", "H", "help"),
        ("farkle", "3", "digits"),
        ("lucie", "k", "rank"),
        ("lucie", "T", "rank"),
        ("mille", "y", "answers"),
        ("mille", "n", "answers"),
        ("shutbox", "", "letter or a sign"),
    ],
)
def test_the_apps_keys_and_the_keys_a_game_keeps_are_refused(game_id, char, words):
    assert words in key_map({}, game_id).refusal("log", char)


def test_a_game_may_not_name_two_commands_on_one_key():
    with pytest.raises(ValueError):
        GameKeys((KeyCommand("a", "x", str), KeyCommand("b", "x", str)))


def test_settings_keep_good_changes_and_swaps():
    settings, repairs = settings_with({"farkle": {"roll": "N", "next": "r"}})
    assert repairs == []
    assert settings.keys == {"farkle": {"roll": "n", "next": "r"}}
    assert Settings.from_json(settings.to_json())[0].keys == settings.keys, "round trip"
    keys = key_map(settings.keys, "farkle")
    assert keys.command("n") == "roll" and keys.command("r") == "next"


@pytest.mark.parametrize(
    ("stored", "kept"),
    [
        ({"farkle": {"nothing": "z"}}, {}),  # an unknown command
        ({"farkle": {"roll": "zz"}}, {}),  # not one key
        ({"farkle": {"roll": " "}}, {}),
        ({"farkle": {"roll": 7}}, {}),
        ({"farkle": {"roll": "b"}}, {}),  # the boss key
        ({"farkle": {"roll": "4"}}, {}),  # a digit
        ({"mille": {"sort": "c"}}, {}),  # a question's answer
        ({"farkle": {"roll": "l"}}, {}),  # Log's key, Log unchanged
        ({"farkle": {"roll": "z", "next": "z"}}, {}),  # two on one key: both go
        # Next goes (two on z), its default N is then Roll's: Roll goes too; All stays.
        (
            {"farkle": {"roll": "n", "next": "z", "all": "z", "done": "q"}},
            {"farkle": {"done": "q"}},
        ),
        ({"farkle": "roll"}, {}),
        ({"farkle": {"roll": "t"}, "lucie": {"shuffle": "j"}}, {"farkle": {"roll": "t"}}),
    ],
)
def test_bad_keys_in_a_settings_file_are_dropped_with_a_note(stored, kept):
    settings, repairs = settings_with(stored)
    assert settings.keys == kept
    assert repairs, "each drop is noted for the log"


def test_keys_that_are_not_an_object_fall_back_to_none():
    settings, repairs = settings_with(["roll"])
    assert settings.keys == {} and repairs
    assert stored_keys_checked(None) == ({}, ["keys is not an object"])


def test_a_game_this_version_does_not_know_keeps_its_keys():
    settings, repairs = settings_with({"newgame": {"jump": "j"}})
    assert settings.keys == {"newgame": {"jump": "j"}} and not repairs


def test_a_table_of_a_game_without_commands_has_the_shared_ones():
    keys = key_map({"pig": {"log": "w"}}, "pig")
    assert keys.command("w") == "log" and keys.key("hint") == "?"


def test_help_rows_name_the_keys_as_they_stand():
    text = "1-6\tHold.\nR\tRoll.\nN\tNext.\nF1\tHelp.\nU / R\tUndo.\nEsc\tThe menu (R)."
    keys = KeyMap(keymap.game_keys("farkle"), {"roll": "t", "fast": "z"})
    assert relabel_rows(text, keys) == (
        "1-6\tHold.\nT\tRoll.\nN\tNext.\nF1\tHelp.\nU / T\tUndo.\nEsc\tThe menu (R)."
    )
    assert relabel_rows(text, KeyMap(keymap.game_keys("farkle"))) == text
    lucie = KeyMap(keymap.game_keys("lucie"), {"demo": "m", "hint": "c"})
    assert relabel_rows("D+Enter\tDemo.\n?\tHint.", lucie) == "M\tDemo.\nC+Enter\tHint."
