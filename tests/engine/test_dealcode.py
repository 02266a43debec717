"""Deal codes (issue 35): a round trip, every one-character typo refused, another version
of the rules named, and the daily rule recomputed from its words alone."""

import datetime
import hashlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.dealcode import (
    ALPHABET,
    MAX_SEED,
    BadCode,
    DealCode,
    daily_seed,
    parse,
    utc_today,
)
from game.lang import text

VERSIONS = {"F": 1, "L": 1, "S": 1, "M": 1}
LETTERS = sorted(VERSIONS)
codes = st.builds(DealCode, st.sampled_from(LETTERS), st.integers(0, MAX_SEED), st.just(1))
# What a slip of the finger may type instead of a code's character.
TYPED = sorted(set(ALPHABET + "ABCDEFGHIJKLMNOPQRSTUVWXYZ-"))


def same_look(typed: str) -> str:
    """The code as read: after its game letter, O is 0, and I and L are 1."""
    return typed[0] + typed[1:].translate(str.maketrans("OIL", "011"))


@given(codes)
def test_a_code_reads_back_as_itself_however_it_is_typed(code):
    assert parse(code.text, VERSIONS) == code
    assert parse(code.text.lower(), VERSIONS) == code
    assert parse(code.text.replace("-", ""), VERSIONS) == code
    assert parse(f"  {code.text} \n", VERSIONS) == code


@given(codes, st.data())
def test_every_one_character_typo_is_refused(code, data):
    shown = code.text
    place = data.draw(st.integers(0, len(shown) - 1))
    typed = data.draw(st.sampled_from([c for c in TYPED if c != shown[place]]))
    mistyped = shown[:place] + typed + shown[place + 1 :]
    if place > 0 and same_look(mistyped) == shown:
        return  # O for 0, I or L for 1: the same code, read as Crockford's base 32 reads it
    with pytest.raises(BadCode) as refused:
        parse(mistyped, VERSIONS)
    assert text(refused.value.message)  # a sentence for the player


def test_every_typo_of_one_code_is_refused_exhaustively():
    code = DealCode("L", 605482, 1)
    refused = 0
    for place, char in enumerate(code.text):
        for typed in TYPED:
            mistyped = code.text[:place] + typed + code.text[place + 1 :]
            if typed == char or (place and same_look(mistyped) == code.text):
                continue
            with pytest.raises(BadCode):
                parse(mistyped, VERSIONS)
            refused += 1
    assert refused > 200


def test_a_code_of_another_version_says_so():
    newer = DealCode("L", 605482, 2)
    with pytest.raises(BadCode) as refused:
        parse(newer.text, VERSIONS)
    said = text(refused.value.message)
    assert "another version of the rules" in said and "version 2" in said and "version 1" in said


@pytest.mark.parametrize("typed", ["", "   ", "hello", "L-12-11", "X" * 100, None, 42])
def test_what_is_no_code_is_refused_with_words(typed):
    with pytest.raises(BadCode) as refused:
        parse(typed, VERSIONS)
    assert text(refused.value.message)


def test_a_letter_no_game_has_is_refused():
    with pytest.raises(BadCode) as refused:
        parse(DealCode("Q", 1234, 1).text, VERSIONS)
    assert "Q" in text(refused.value.message)


def test_the_generator_of_a_place_in_the_game_depends_on_the_code_and_the_place():
    code = DealCode("F", 4242, 1)
    first = [code.rng("turn", 1, "roll", 1, "dice", 6).random() for _ in range(2)]
    assert first[0] == first[1]
    assert (
        code.rng("turn", 1, "roll", 1, "dice", 6).random()
        != code.rng("turn", 2, "roll", 1, "dice", 6).random()
    )
    assert DealCode("F", 4243, 1).rng("turn", 1).random() != code.rng("turn", 1).random()


def recomputed(game_id: str, day: datetime.date) -> int:
    """The README's rule, written again from its words."""
    digest = hashlib.sha256(f"pixelparlor/daily/v1/{game_id}/{day:%Y-%m-%d}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 999_999 + 1


@pytest.mark.parametrize("game_id", ["farkle", "lucie", "shutbox", "mille"])
def test_the_daily_deal_is_the_documented_rule_for_a_fixed_day_and_today(game_id):
    fixed = datetime.date(2026, 11, 26)
    assert daily_seed(game_id, fixed) == recomputed(game_id, fixed)
    today = datetime.datetime.now(datetime.timezone.utc).date()
    assert daily_seed(game_id, utc_today()) == recomputed(game_id, today)


def test_the_daily_deal_of_a_fixed_day_is_pinned():
    # Anyone may check these by hand; a change of rule is a new version (v2), not this.
    assert daily_seed("lucie", datetime.date(2026, 11, 26)) == 399903  # as the README says
    assert daily_seed("farkle", datetime.date(2026, 11, 26)) == 645847
    assert 1 <= daily_seed("farkle", datetime.date(2000, 1, 1)) <= 999_999
    days = {
        daily_seed("lucie", datetime.date(2026, 1, 1) + datetime.timedelta(d)) for d in range(60)
    }
    assert len(days) == 60  # a new deal every day


def test_utc_today_is_the_utc_date():
    late = datetime.datetime(
        2026, 11, 26, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-5))
    )
    assert utc_today(late) == datetime.date(2026, 11, 27)


def test_random_seeds_make_codes():
    rng = random.Random(1)
    from game.engine.dealcode import random_seed

    assert all(1 <= random_seed(rng) <= 999_999 for _ in range(100))
