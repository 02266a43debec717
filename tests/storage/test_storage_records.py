"""Every record survives a save and a new start; the records' own rules (streaks, ties...)."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.shell.registry import game_titles
from game.storage import TOP_TEN_SIZE, GameStats, Settings, TopTen
from game.storage.datafolder import Damaged
from game.storage.savedgame import SavedGame
from game.storage.settings import fits_default, merge_options
from game.storage.stats import HISTORY_SIZE, PastGame, WinCount

DAY = dt.date(2025, 1, 2)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


# -- round trips through the folder -----------------------------------------------------


def test_settings_round_trip(open_storage):
    storage = open_storage()
    storage.settings.fullscreen = False
    storage.settings.mono = True
    storage.settings.fast = True
    storage.settings.sound = False
    storage.settings.volume = 0.25
    assert storage.save_settings()
    farkle_seats = {"seats": [{"name": "Ann", "kind": "human"}, {"name": "CPU", "level": 3}]}
    assert storage.save_game_options("farkle", farkle_seats)
    assert storage.save_game_options("shutbox", {"roll_prompt": False, "pips": True})

    again = open_storage()
    assert again.settings == storage.settings
    assert again.game_options("farkle", {"seats": []}) == farkle_seats
    assert again.game_options(
        "shutbox", {"roll_prompt": True, "pips": True, "cant_use": False}
    ) == {"roll_prompt": False, "pips": True, "cant_use": False}
    assert again.take_notices() == []


def test_top_ten_round_trip(open_storage):
    storage = open_storage()
    assert storage.add_to_top_ten("shutbox", "Rosamund", 183, {"rounds": 5}) == 1
    assert storage.add_to_top_ten("shutbox", "Genevieve", 201) == 1
    assert storage.add_to_top_ten("lucie", "Cindy", 100) == 1

    again = open_storage()
    assert again.top_ten("shutbox") == storage.top_ten("shutbox")
    assert [(e.name, e.score, e.date, dict(e.extra)) for e in again.top_ten("shutbox").entries] == [
        ("Genevieve", 201, DAY, {}),
        ("Rosamund", 183, DAY, {"rounds": 5}),
    ]
    assert again.top_ten("lucie").entries[0].name == "Cindy"
    assert again.top_ten("mille").entries == []


def test_stats_round_trip(open_storage):
    storage = open_storage()
    storage.record_result("shutbox", won=True, score=150, counters={"boxes_shut": 1})
    storage.record_result("shutbox", won=False, score=90)
    storage.record_result("mille", won=True, score=5000, counters={"coups_fourres": 2})

    storage.record_result("shutbox", won=True, score=120, accuracy=71, loss=0.05, opponent="pub")
    storage.record_result("lucie", won=False, score=63, accuracy=None, loss=None)

    again = open_storage()
    for game in game_titles():
        assert again.stats(game) == storage.stats(game)
    assert again.stats("shutbox").counters == {"boxes_shut": 1}
    assert again.stats("shutbox").history == [
        PastGame(True, 150),
        PastGame(False, 90),
        PastGame(True, 120, 71, 0.05, "pub"),
    ]
    assert again.stats("shutbox").by_opponent == {"": WinCount(2, 1), "pub": WinCount(1, 1)}
    assert again.stats("lucie").history == [PastGame(False, 63)]
    assert again.take_notices() == []


def test_a_tables_results_reach_the_statistics_with_the_coachs_figures(open_storage):
    from game.table.ending import SeatResult, record_results

    storage = open_storage()
    results = [
        SeatResult(
            0,
            "Ann",
            won=True,
            score=4650,
            counters={"farkles": 2},
            accuracy=67,
            loss=14.4,
            opponent="standard",
        ),
        SeatResult(2, "Bob", won=False, score=3100, opponent="standard"),
    ]
    after = record_results(SimpleNamespace(storage=storage), "farkle", results)
    assert [stats.played for stats in after] == [1, 2]
    stats = open_storage().stats("farkle")
    assert stats.history == [
        PastGame(True, 4650, 67, 14.4, "standard"),
        PastGame(False, 3100, None, None, "standard"),
    ]
    assert stats.by_opponent == {"standard": WinCount(2, 1)}
    assert stats.counters == {"farkles": 2}


def test_a_statistics_file_of_schema_1_is_read_with_no_history(folder, open_storage):
    """As Pixel Parlor wrote it before the history was kept: read, not set aside."""
    folder.mkdir()
    old = {
        "schema": 1,
        "kind": "stats",
        "game": "shutbox",
        "data": {
            "played": 5,
            "won": 2,
            "scored": 5,
            "total_score": 600,
            "best_score": 187,
            "current_streak": 1,
            "longest_streak": 1,
            "counters": {"boxes_shut": 1},
        },
    }
    (folder / "shutbox-stats.json").write_text(json.dumps(old))

    storage = open_storage()
    stats = storage.stats("shutbox")
    assert (stats.played, stats.won, stats.best_score, stats.counters) == (
        5,
        2,
        187,
        {"boxes_shut": 1},
    )
    assert stats.history == [] and stats.by_opponent == {}
    assert storage.take_notices() == [] and list(folder.glob("*.bad-*")) == []
    storage.record_result("shutbox", won=True, score=150, accuracy=80, opponent="perfect")
    written = json.loads((folder / "shutbox-stats.json").read_text())
    assert written["schema"] == GameStats.SCHEMA == 2
    again = open_storage().stats("shutbox")
    assert again.played == 6 and again.history == [PastGame(True, 150, 80, None, "perfect")]
    assert again.by_opponent == {"perfect": WinCount(1, 1)}


def test_saved_game_round_trip(open_storage):
    storage = open_storage()
    state = {
        "doors": [True, False] * 4 + [True],
        "dice": [6, 1],
        "players": ["Bob", "CPU"],
        "scores": [12, 40],
        "name": "Zoë ♠",
    }
    assert not storage.has_saved_game("shutbox")
    assert storage.save_game("shutbox", state)

    again = open_storage()
    assert again.has_saved_game("shutbox")
    assert again.load_game("shutbox") == state
    assert again.resume_game("shutbox", lambda data: data["dice"]) == [6, 1]
    assert again.clear_game("shutbox")
    assert not again.has_saved_game("shutbox")
    assert open_storage().load_game("shutbox") is None


def test_reset_scores_empties_one_game_only(open_storage):
    storage = open_storage()
    for game in ("shutbox", "farkle"):
        storage.add_to_top_ten(game, "Bob", 100)
        storage.record_result(game, won=True, score=100)
    assert storage.reset_scores("shutbox")
    again = open_storage()
    assert again.top_ten("shutbox") == TopTen() and again.stats("shutbox") == GameStats()
    assert len(again.top_ten("farkle").entries) == 1 and again.stats("farkle").played == 1


def test_copies_handed_out_do_not_change_the_records(open_storage):
    storage = open_storage()
    storage.top_ten("shutbox").insert("Sneaky", 999, DAY)
    storage.stats("shutbox").record(won=True, score=5)
    assert storage.top_ten("shutbox").entries == [] and storage.stats("shutbox").played == 0


def test_ids_that_are_not_game_ids_are_refused(open_storage):
    """File names are built from game ids only: short lower-case words, never a path."""
    storage = open_storage()
    for bad in ("../settings", "Chess", "shutbox/../x", "", "a", "x" * 17, "mille.json"):
        with pytest.raises(ValueError):
            storage.add_to_top_ten(bad, "Bob", 1)
        with pytest.raises(ValueError):
            storage.save_game(bad, {})


def test_names_are_data_not_paths(open_storage, folder, listing):
    storage = open_storage()
    rank = storage.add_to_top_ten("shutbox", "../../etc/passwd\x00\n", 10)
    assert rank == 1
    assert storage.top_ten("shutbox").entries[0].name == "../../etc/passwd"
    assert listing(folder) == ["shutbox-topten.json"]


def test_data_that_could_never_be_written_is_refused_before_it_is_kept(open_storage):
    storage = open_storage()
    with pytest.raises(ValueError):
        storage.add_to_top_ten("shutbox", "Bob", 10, {"ratio": float("nan")})
    with pytest.raises(TypeError):
        storage.save_game_options("shutbox", {"when": dt.date.today()})
    with pytest.raises(TypeError):
        storage.record_result("shutbox", won=True, score=1.5)  # type: ignore[arg-type]
    assert storage.top_ten("shutbox") == TopTen() and storage.stats("shutbox") == GameStats()
    assert storage.save_settings()


def test_storage_does_not_import_pygame():
    code = "import sys, game.storage; print('pygame' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


# -- Top Ten ordering -------------------------------------------------------------------


def full_table(scores):
    table = TopTen()
    for number, score in enumerate(scores):
        table.insert(f"P{number}", score, DAY)
    return table


def test_higher_scores_rank_first():
    table = full_table([50, 200, 120])
    assert [entry.score for entry in table.entries] == [200, 120, 50]


def test_a_tie_ranks_below_the_earlier_entry():
    table = full_table([100])
    assert table.insert("Later", 100, DAY) == 2
    assert [entry.name for entry in table.entries] == ["P0", "Later"]


def test_a_full_table_must_be_beaten_not_tied():
    table = full_table(range(100, 0, -10))  # 100 .. 10
    assert len(table.entries) == TOP_TEN_SIZE
    assert not table.qualifies(10) and table.insert("Tie", 10, DAY) is None
    assert table.qualifies(11) and table.insert("Beat", 11, DAY) == 10
    assert [entry.name for entry in table.entries][-1] == "Beat"
    assert len(table.entries) == TOP_TEN_SIZE


def test_an_empty_name_is_stored_as_the_default_name():
    table = TopTen()
    table.insert(" \t\x07 ", 5, DAY)
    assert table.entries[0].name == "Player"


@given(st.lists(st.integers(min_value=-5, max_value=300), max_size=40))
def test_any_inserts_keep_the_ten_best_earliest_first(scores):
    table = TopTen()
    for number, score in enumerate(scores):
        qualified = table.qualifies(score)
        rank = table.insert(f"P{number}", score, DAY)
        assert (rank is not None) == qualified
        if rank is not None:
            assert table.entries[rank - 1].name == f"P{number}"
    expected = sorted(enumerate(scores), key=lambda pair: -pair[1])[:TOP_TEN_SIZE]
    assert [(entry.name, entry.score) for entry in table.entries] == [
        (f"P{number}", score) for number, score in expected
    ]
    assert TopTen.from_json(json.loads(json.dumps(table.to_json()))) == (table, [])


# -- statistics -------------------------------------------------------------------------


def test_streaks_win_rate_and_average():
    stats = GameStats()
    for won in (True, True, False, True, True, True, False):
        stats.record(won=won, score=10 if won else 0)
    assert (stats.played, stats.won, stats.lost) == (7, 5, 2)
    assert stats.current_streak == 0 and stats.longest_streak == 3
    assert stats.win_rate == pytest.approx(5 / 7)
    assert stats.average_score == pytest.approx(50 / 7)
    assert stats.best_score == 10


def test_no_games_means_no_rates():
    assert GameStats().win_rate is None and GameStats().average_score is None


def test_la_belle_lucie_average_is_the_average_hand_score():
    stats = GameStats()
    for hand_score in (100, 37, 52):
        stats.record(won=hand_score == 100, score=hand_score)
    assert stats.average_score == pytest.approx(63)


def test_games_without_a_score_do_not_lower_the_average():
    stats = GameStats()
    stats.record(won=True, score=80)
    stats.record(won=False)
    assert stats.average_score == 80 and stats.played == 2


def test_counters_add_up():
    stats = GameStats()
    stats.record(won=True, counters={"boxes_shut": 1})
    stats.record(won=False, counters={"boxes_shut": 2, "rolls": 9})
    assert stats.counters == {"boxes_shut": 3, "rolls": 9}


def test_the_history_keeps_the_last_games_in_order():
    stats = GameStats()
    for number in range(HISTORY_SIZE + 5):
        stats.record(
            won=number % 3 == 0,
            score=number,
            accuracy=number % 101,
            loss=number / 10,
            opponent="pub",
        )
    assert len(stats.history) == HISTORY_SIZE
    assert [game.score for game in stats.history] == list(range(5, HISTORY_SIZE + 5))
    assert stats.first_in_history == 6
    assert stats.history[-1] == PastGame(False, 44, 44, 4.4, "pub")


def test_wins_by_opponent_count_every_game_not_only_the_last():
    stats = GameStats()
    for number in range(100):
        stats.record(won=number < 30, opponent="expert" if number % 2 else "people")
    assert stats.by_opponent == {"people": WinCount(50, 15), "expert": WinCount(50, 15)}
    assert stats.by_opponent["expert"].win_rate == pytest.approx(0.3)
    assert WinCount().win_rate is None


@given(
    st.lists(
        st.tuples(
            st.booleans(),
            st.none() | st.integers(-100, 10_000),
            st.dictionaries(st.sampled_from(["a", "b"]), st.integers(0, 5)),
            st.none() | st.integers(0, 100),
            st.none() | st.floats(0, 1e6) | st.integers(0, 1000),
            st.sampled_from(["", "people", "expert", "pub"]),
        )
    )
)
def test_any_results_make_consistent_statistics(results):
    stats = GameStats()
    for won, score, counters, accuracy, loss, opponent in results:
        stats.record(won, score, counters, accuracy=accuracy, loss=loss, opponent=opponent)
    assert 0 <= stats.current_streak <= stats.longest_streak <= stats.won <= stats.played
    assert stats.win_rate is None or 0 <= stats.win_rate <= 1
    assert len(stats.history) == min(len(results), HISTORY_SIZE)
    assert sum(count.played for count in stats.by_opponent.values()) == stats.played
    assert sum(count.won for count in stats.by_opponent.values()) == stats.won
    assert GameStats.from_json(json.loads(json.dumps(stats.to_json()))) == (stats, [])


# -- settings and options ---------------------------------------------------------------


def test_settings_defaults():
    assert Settings() == Settings(
        fullscreen=True, mono=False, fast=False, sound=True, volume=0.8, games={}, speeds={}
    )


def test_settings_values_of_the_wrong_type_fall_back_one_by_one():
    data = {"fullscreen": 0, "mono": True, "fast": "yes", "sound": False, "volume": True}
    settings, repairs = Settings.from_json(data)
    assert (settings.fullscreen, settings.mono, settings.fast, settings.sound, settings.volume) == (
        True,
        True,
        False,
        False,
        0.8,
    )
    assert len(repairs) == 3


def test_volume_is_clamped_and_ints_are_accepted():
    assert Settings.from_json({"volume": 1})[0].volume == 1.0
    settings, repairs = Settings.from_json({"volume": 3.5})
    assert settings.volume == 1.0 and repairs


def test_settings_keep_keys_of_a_newer_version():
    data = {"language": "fr", "games": {"chess": {"clock": 5}}}
    settings, repairs = Settings.from_json(data)
    assert repairs == [] and settings.to_json()["language"] == "fr"
    assert settings.games == {"chess": {"clock": 5}}


@pytest.mark.parametrize(
    "value, default, fits",
    [
        (True, False, True),
        (1, False, False),
        (True, 1, False),
        (3, 1, True),
        (3, 0.5, True),
        (float("inf"), 0.5, False),
        ("a", "b", True),
        ([1], [], True),
        ({}, {}, True),
        ([], {}, False),
        ("anything", None, True),
    ],
)
def test_options_are_checked_by_the_type_of_their_default(value, default, fits):
    assert fits_default(value, default) is fits


def test_merge_options_keeps_unknown_keys_and_reports_bad_ones():
    options, bad = merge_options(
        {"pips": "no", "speed": 2, "future": [1]}, {"pips": True, "speed": 1.0}
    )
    assert options == {"pips": True, "speed": 2.0, "future": [1]} and bad == ["pips"]


# -- whatever JSON a file holds, a record either loads or says Damaged --------------------


@pytest.mark.parametrize("record_type", [Settings, TopTen, GameStats, SavedGame])
@given(data=json_values)
def test_from_json_of_any_json_loads_or_says_damaged(record_type, data):
    try:
        record, repairs = record_type.from_json(data)
    except Damaged:
        return
    assert isinstance(repairs, list)
    json.dumps(record.to_json(), allow_nan=False)  # and whatever it kept can be written


def test_an_old_files_fast_flag_makes_every_game_fast_until_one_gets_its_own_speed(
    folder, open_storage
):
    """Issue 32: speeds are per game now; a settings file of the single flag still loads
    and loses nothing: every game is Fast until given a speed of its own, and the flag
    is written back as it was for the older version that may read the file again."""
    from game.storage.settings import FAST, NORMAL, QUICK

    folder.mkdir()
    (folder / "settings.json").write_text(
        json.dumps(
            {
                "schema": 1,
                "kind": "settings",
                "game": None,
                "data": {"fast": True, "mono": True, "games": {"farkle": {"target": 5000}}},
            }
        )
    )
    storage = open_storage()
    settings = storage.settings
    assert storage.take_notices() == [], "an old file is no damaged file"
    assert [settings.speed_of(g) for g in ("farkle", "mille", None)] == [FAST] * 3
    settings.speeds["farkle"] = QUICK
    storage.save_settings()
    storage.flush()
    reread = open_storage().settings
    assert reread.fast and reread.mono and reread.speeds == {"farkle": QUICK}
    assert reread.games == {"farkle": {"target": 5000}}
    assert (reread.speed_of("farkle"), reread.speed_of("mille")) == (QUICK, FAST)
    assert Settings().speed_of("farkle") == NORMAL


@pytest.mark.parametrize(
    "speeds", [{"farkle": "warp"}, {"farkle": 3}, {"farkle": None}, [], "fast", {"": {}}]
)
def test_a_bad_speed_is_repaired_and_the_rest_kept(speeds):
    settings, repairs = Settings.from_json({"speeds": speeds, "fast": True, "mono": True})
    assert settings.speeds == {} and repairs and settings.fast and settings.mono
    assert settings.speed_of("farkle") == "fast"
