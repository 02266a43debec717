"""Games played with hints (issue 32, item 6): counted in the statistics, game by game
and in total, and a file written before they were counted still loads."""

from __future__ import annotations

from game.storage.stats import GameStats, PastGame


def test_hinted_games_are_counted_and_round_trip():
    stats = GameStats()
    stats.record(True, 100, accuracy=90, hints=3)
    stats.record(False, 20, accuracy=70)
    stats.record(True, 90, hints=1)
    assert (stats.hinted_games, stats.hinted_moves) == (2, 4)
    assert [game.hints for game in stats.history] == [3, 0, 1]
    again, repairs = GameStats.from_json(stats.to_json())
    assert repairs == [] and again == stats


def test_a_file_from_before_hints_were_counted_loads():
    stats = GameStats()
    stats.record(True, 100, accuracy=90)
    old = stats.to_json()
    del old["hinted_games"], old["hinted_moves"]
    for game in old["history"]:
        del game["hints"]
    loaded, repairs = GameStats.from_json(old)
    assert repairs == []
    assert (loaded.hinted_games, loaded.hinted_moves, loaded.history[0].hints) == (0, 0, 0)
    assert PastGame.from_json({"won": True, "opponent": ""}).hints == 0


def test_a_damaged_hint_count_is_repaired_alone():
    stats = GameStats()
    stats.record(True, 100, hints=2)
    data = stats.to_json()
    data["hinted_games"] = 5  # more games with hints than games played
    data["history"][0]["hints"] = -1
    loaded, repairs = GameStats.from_json(data)
    assert len(repairs) == 2 and loaded.played == 1
    assert (loaded.hinted_games, loaded.history) == (0, [])
