"""Numbers and texts in the records have bounds: a file beyond them is repaired or reset
with a notice, and the game cannot hand storage a value it would refuse to read back."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from game.storage import GameStats, TopTen
from game.storage.limits import MAX_COUNT, MAX_SCORE, MAX_TOTAL

HUGE = 10**40
DAY = dt.date(2025, 1, 2)


def write(folder, name, kind, data, game="shutbox"):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps({"schema": 1, "kind": kind, "game": game,
                                           "data": data}))


def entry(score, **changes):
    return {"name": "Ann", "score": score, "date": "2024-05-01", **changes}


@pytest.mark.parametrize("bad", [
    entry(HUGE), entry(-HUGE), entry(MAX_SCORE + 1),
    entry(5, extra={"deep": {"er": 1}}), entry(5, extra={"n": HUGE}),
    entry(5, extra={"text": "x" * 1000}), entry(5, extra={str(n): n for n in range(40)}),
    entry(5, extra={"k" * 100: 1}),
], ids=["huge", "huge negative", "just over", "nested detail", "huge detail",
        "long detail", "many details", "long detail name"])
def test_a_top_ten_entry_beyond_the_bounds_is_dropped_alone(bad, folder, open_storage):
    write(folder, "shutbox-topten.json", "top_ten",
          {"entries": [entry(MAX_SCORE, extra={"boxes_shut": 2}), bad, entry(3)]})
    storage = open_storage()
    assert [e.score for e in storage.top_ten("shutbox").entries] == [MAX_SCORE, 3]
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize("score, extra", [(HUGE, None), (MAX_SCORE + 1, None),
                                          (5, {"nested": [1]}), (5, {"n": HUGE})])
def test_the_game_cannot_enter_a_score_the_table_would_refuse(score, extra, open_storage):
    storage = open_storage()
    with pytest.raises(ValueError):
        storage.add_to_top_ten("shutbox", "Ann", score, extra)
    assert storage.top_ten("shutbox") == TopTen()


@pytest.mark.parametrize("field, value", [
    ("played", HUGE), ("played", MAX_COUNT + 1), ("total_score", HUGE),
    ("best_score", HUGE), ("best_score", -HUGE)])
def test_statistics_beyond_the_bounds_are_reset(field, value, folder, open_storage):
    stats = GameStats(played=2, won=1, scored=2, total_score=20, best_score=15,
                      current_streak=1, longest_streak=1).to_json()
    stats[field] = value
    write(folder, "shutbox-stats.json", "stats", stats)
    storage = open_storage()
    assert storage.stats("shutbox") == GameStats()
    assert "statistics file was damaged" in storage.take_notices()[0]


@pytest.mark.parametrize("name, value", [("boxes", HUGE), ("boxes", -1), ("b" * 100, 1),
                                         ("boxes", MAX_TOTAL + 1)])
def test_a_counter_beyond_the_bounds_is_dropped_alone(name, value, folder, open_storage):
    stats = GameStats(played=1, counters={"kept": 4}).to_json()
    stats["counters"][name] = value
    write(folder, "shutbox-stats.json", "stats", stats)
    storage = open_storage()
    assert storage.stats("shutbox").counters == {"kept": 4}
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize("score, counters", [(HUGE, None), (-HUGE, None),
                                             (5, {"boxes": HUGE}), (5, {"boxes": -2})])
def test_the_game_cannot_record_a_result_the_file_would_refuse(score, counters,
                                                               open_storage):
    storage = open_storage()
    with pytest.raises(ValueError):
        storage.record_result("shutbox", won=True, score=score, counters=counters)
    assert storage.stats("shutbox") == GameStats()


@pytest.mark.parametrize("value, default", [(HUGE, 1), (-HUGE, 1), (1e300, 0.5),
                                            ("x" * 5000, "a")])
def test_an_option_beyond_the_bounds_falls_back_to_its_default(value, default, folder,
                                                               open_storage):
    write(folder, "settings.json", "settings", {"games": {"shutbox": {"opt": value}}},
          game=None)
    storage = open_storage()
    assert storage.game_options("shutbox", {"opt": default}) == {"opt": default}
    assert "bad Shut The Box options" in storage.take_notices()[0]


def test_values_at_the_bounds_are_kept(folder, open_storage):
    storage = open_storage()
    assert storage.add_to_top_ten("shutbox", "Ann", MAX_SCORE, {"players": 6}) == 1
    storage.record_result("shutbox", won=True, score=MAX_SCORE, counters={"boxes": 1})
    again = open_storage()
    assert again.take_notices() == []
    assert again.top_ten("shutbox").entries[0].score == MAX_SCORE
    assert again.stats("shutbox").best_score == MAX_SCORE
