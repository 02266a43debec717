"""The words in the player's language (game/lang): numbers, plurals, messages kept as keys
and values, the first start's choice, and English whenever a translation is missing."""

import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.numbers import format_decimal
from hypothesis import given
from hypothesis import strategies as st

from game import lang
from game.lang import Msg, nmsg


@pytest.fixture(autouse=True)
def english_again():
    yield
    lang.set_language("en")


def write_catalog(folder, code, messages, plurals=None):
    """A compiled catalog of `code` holding `messages` {English: translation}."""
    catalog = Catalog(locale=code, domain=lang.DOMAIN)
    for english, translated in messages.items():
        catalog.add(english, translated)
    for (singular, plural), forms in (plurals or {}).items():
        catalog.add((singular, plural), forms)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    path = folder / code / "LC_MESSAGES" / f"{lang.DOMAIN}.mo"
    path.parent.mkdir(parents=True)
    path.write_bytes(buffer.getvalue())
    return folder


@given(st.integers(min_value=-(10**12), max_value=10**12), st.sampled_from(lang.LANGUAGES))
def test_whole_numbers_are_grouped_as_babel_groups_them(value, code):
    lang.set_language(code)
    assert lang.number(value) == format_decimal(value, locale=code, group_separator=True)


@pytest.mark.parametrize(
    "code, value, decimals, shown",
    [
        ("en", 1000, 0, "1,000"),
        ("fr", 1000, 0, "1\u202f000"),
        ("pl", 1000, 0, "1\u00a0000"),
        ("fr", 0.5, 1, "0,5"),
        ("en", -1234.25, 2, "-1,234.25"),
        ("pl", -12345.5, 1, "-12\u00a0345,5"),
    ],
)
def test_numbers_in_each_language(code, value, decimals, shown):
    lang.set_language(code)
    assert lang.number(value, decimals) == shown


def test_a_translated_message_and_one_missing_from_the_catalog(tmp_path):
    folder = write_catalog(tmp_path, "fr", {"Roll": "Lancer"})
    assert lang.set_language("fr", folder)
    assert lang._("Roll") == "Lancer"
    assert lang._("Bank") == "Bank"  # not translated yet: English, never a blank
    assert lang.language() == "fr"


def test_polish_has_three_plural_forms(tmp_path):
    forms = ("{n} punkt", "{n} punkty", "{n} punktów")
    folder = write_catalog(tmp_path, "pl", {}, {("{n} point", "{n} points"): forms})
    lang.set_language("pl", folder)
    shown = [str(nmsg("{n} point", "{n} points", n)) for n in (1, 2, 5, 22, 25, 12345)]
    assert shown == [
        "1 punkt",
        "2 punkty",
        "5 punktów",
        "22 punkty",
        "25 punktów",
        "12\u00a0345 punktów",
    ]


def test_a_missing_or_damaged_catalog_speaks_english(tmp_path):
    assert lang.set_language("pl", tmp_path)  # no catalog there
    assert lang._("Roll") == "Roll"
    damaged = tmp_path / "fr" / "LC_MESSAGES" / f"{lang.DOMAIN}.mo"
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"\x95\x04\x12\xde garbage")
    assert lang.set_language("fr", tmp_path)
    assert lang._("Roll") == "Roll"


def test_a_language_we_do_not_speak_is_refused_and_nothing_changes():
    before = lang.version()
    assert not lang.set_language("de")
    assert lang.language() == "en" and lang.version() == before


@pytest.mark.parametrize(
    "environ, chosen",
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANGUAGE": "de:pl", "LANG": "en_US.UTF-8"}, "pl"),
        ({"LC_ALL": "fr_CA.UTF-8", "LANG": "pl_PL"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_first_start_takes_the_systems_language(environ, chosen):
    assert lang.system_language(environ) == chosen


def test_a_message_is_translated_when_shown_in_the_language_of_the_moment(tmp_path):
    folder = write_catalog(
        tmp_path,
        "fr",
        {"{name} rolls {dice}": "{name} lance {dice}", "Flat Tire": "Crevaison"},
    )
    message = Msg("{name} rolls {dice}", name="Ann", dice=Msg("Flat Tire"))
    assert str(message) == "Ann rolls Flat Tire"
    lang.set_language("fr", folder)
    assert str(message) == "Ann lance Crevaison"
    assert f"{message:>20}" == "Ann lance Crevaison".rjust(20)


def test_a_translation_with_a_wrong_placeholder_shows_english(tmp_path):
    folder = write_catalog(tmp_path, "fr", {"{name} wins": "{nom} gagne"})
    lang.set_language("fr", folder)
    assert str(Msg("{name} wins", name="Ann")) == "Ann wins"


json_values = st.recursive(
    st.one_of(st.text(max_size=20), st.integers(-(10**6), 10**6), st.booleans()),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)


@given(
    st.text(max_size=40),
    st.dictionaries(
        # n, plural and context are the Msg's own (a plural's number is {n})
        st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True).filter(
            lambda name: name not in ("n", "plural", "context")
        ),
        json_values,
        max_size=5,
    ),
)
def test_a_message_crosses_the_network_as_key_and_values(key, values):
    message = Msg(key, **values)
    assert Msg.from_json(message.to_json()) == message


nested = Msg("{card} stops {name}", card=Msg("Stop"), name="Bob")


def test_a_message_with_messages_in_it_crosses_the_network():
    data = nested.to_json()
    assert data == {
        "key": "{card} stops {name}",
        "values": {"card": {"key": "Stop"}, "name": "Bob"},
    }
    assert str(Msg.from_json(data)) == "Stop stops Bob"
    plural = nmsg("{n} mile", "{n} miles", 3)
    assert str(Msg.from_json(plural.to_json())) == "3 miles"


@given(
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=50)),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["key", "values", "n", "plural", "x", "a"]), inner)
        ),
        max_leaves=12,
    )
)
def test_anything_else_from_the_network_is_refused_with_value_error(data):
    try:
        message = Msg.from_json(data)
    except ValueError:
        return
    str(message)  # a message it accepts can be shown


def test_a_message_nested_too_deep_is_refused():
    data = {"key": "x"}
    for _ in range(lang.MSG_MAX_DEPTH + 2):
        data = {"key": "{v}", "values": {"v": data}}
    with pytest.raises(ValueError):
        Msg.from_json(data)


def test_lists_are_joined_the_languages_way(tmp_path):
    assert lang.join_words(["a", "b", "c"]) == "a, b and c"
    folder = write_catalog(tmp_path, "fr", {"{first} and {last}": "{first} et {last}"})
    lang.set_language("fr", folder)
    assert lang.join_words(["a", "b"]) == "a et b"
    assert str(Msg("{cards}", cards=["x", "y", "z"])) == "x, y et z"
