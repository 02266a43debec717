"""Names typed for the Top Ten are cleaned into plain, bounded, printable text."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from game.storage import NAME_MAX_LENGTH, clean_name


def test_a_plain_name_is_kept():
    assert clean_name("Bob Lancaster") == "Bob Lancaster"


def test_controls_and_runs_of_space_become_single_spaces_and_ends_are_stripped():
    assert clean_name("  Bob\t\n\x1b[31mLan\x00caster  ", max_length=40) == "Bob [31mLan caster"


def test_names_are_cut_to_length():
    assert clean_name("x" * 100) == "x" * NAME_MAX_LENGTH
    assert clean_name("abc def", max_length=4) == "abc"  # no trailing space after the cut


def test_invisible_and_reordering_characters_are_removed():
    assert clean_name("Ann\u202eevil\u200d") == "Ann evil"


def test_accents_are_composed():
    assert clean_name("Zoe\u0301") == "Zoé"


@given(st.text())
def test_any_text_cleans_to_a_printable_bounded_stripped_stable_name(text):
    name = clean_name(text)
    assert len(name) <= NAME_MAX_LENGTH
    assert name.isprintable() and name == name.strip() and "  " not in name
    assert unicodedata.is_normalized("NFC", name)
    assert clean_name(name) == name
    name.encode("utf-8")  # no lone surrogates
