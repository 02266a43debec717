"""Numbers and texts in the records have bounds: a file beyond them is repaired or reset
with a notice, and the game cannot hand storage a value it would refuse to read back."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from game.storage import GameStats, TopTen
from game.storage.limits import MAX_COUNT, MAX_LOSS, MAX_OPPONENTS, MAX_SCORE, MAX_TOTAL
from game.storage.stats import HISTORY_SIZE, PastGame, WinCount

HUGE = 10**40
DAY = dt.date(2025, 1, 2)


def write(folder, name, kind, data, game="shutbox", schema=1):
    write_text(
        folder, name, json.dumps({"schema": schema, "kind": kind, "game": game, "data": data})
    )


def write_text(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)


def entry(score, **changes):
    return {"name": "Ann", "score": score, "date": "2024-05-01", **changes}


@pytest.mark.parametrize(
    "bad",
    [
        entry(HUGE),
        entry(-HUGE),
        entry(MAX_SCORE + 1),
        entry(5, extra={"deep": {"er": 1}}),
        entry(5, extra={"n": HUGE}),
        entry(5, extra={"text": "x" * 1000}),
        entry(5, extra={str(n): n for n in range(40)}),
        entry(5, extra={"k" * 100: 1}),
    ],
    ids=[
        "huge",
        "huge negative",
        "just over",
        "nested detail",
        "huge detail",
        "long detail",
        "many details",
        "long detail name",
    ],
)
def test_a_top_ten_entry_beyond_the_bounds_is_dropped_alone(bad, folder, open_storage):
    write(
        folder,
        "shutbox-topten.json",
        "top_ten",
        {"entries": [entry(MAX_SCORE, extra={"boxes_shut": 2}), bad, entry(3)]},
    )
    storage = open_storage()
    assert [e.score for e in storage.top_ten("shutbox").entries] == [MAX_SCORE, 3]
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize(
    "score, extra", [(HUGE, None), (MAX_SCORE + 1, None), (5, {"nested": [1]}), (5, {"n": HUGE})]
)
def test_the_game_cannot_enter_a_score_the_table_would_refuse(score, extra, open_storage):
    storage = open_storage()
    with pytest.raises(ValueError):
        storage.add_to_top_ten("shutbox", "Ann", score, extra)
    assert storage.top_ten("shutbox") == TopTen()


@pytest.mark.parametrize(
    "field, value",
    [
        ("played", HUGE),
        ("played", MAX_COUNT + 1),
        ("total_score", HUGE),
        ("best_score", HUGE),
        ("best_score", -HUGE),
    ],
)
def test_statistics_beyond_the_bounds_are_reset(field, value, folder, open_storage):
    stats = GameStats(
        played=2, won=1, scored=2, total_score=20, best_score=15, current_streak=1, longest_streak=1
    ).to_json()
    stats[field] = value
    write(folder, "shutbox-stats.json", "stats", stats)
    storage = open_storage()
    assert storage.stats("shutbox") == GameStats()
    assert "statistics file was damaged" in storage.take_notices()[0]


@pytest.mark.parametrize(
    "name, value", [("boxes", HUGE), ("boxes", -1), ("b" * 100, 1), ("boxes", MAX_TOTAL + 1)]
)
def test_a_counter_beyond_the_bounds_is_dropped_alone(name, value, folder, open_storage):
    stats = GameStats(played=1, counters={"kept": 4}).to_json()
    stats["counters"][name] = value
    write(folder, "shutbox-stats.json", "stats", stats)
    storage = open_storage()
    assert storage.stats("shutbox").counters == {"kept": 4}
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize(
    "score, counters", [(HUGE, None), (-HUGE, None), (5, {"boxes": HUGE}), (5, {"boxes": -2})]
)
def test_the_game_cannot_record_a_result_the_file_would_refuse(score, counters, open_storage):
    storage = open_storage()
    with pytest.raises(ValueError):
        storage.record_result("shutbox", won=True, score=score, counters=counters)
    assert storage.stats("shutbox") == GameStats()


@pytest.mark.parametrize("value, default", [(HUGE, 1), (-HUGE, 1), (1e300, 0.5), ("x" * 5000, "a")])
def test_an_option_beyond_the_bounds_falls_back_to_its_default(
    value, default, folder, open_storage
):
    write(folder, "settings.json", "settings", {"games": {"shutbox": {"opt": value}}}, game=None)
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


# -- the history of last games and the wins by opponent --------------------------------


def past_game(**changes):
    return {"won": True, "score": 120, "accuracy": 71, "loss": 0.05, "opponent": "pub", **changes}


def stats_with(history=None, by_opponent=None, played=3):
    stats = GameStats(played=played, won=1, current_streak=1, longest_streak=1).to_json()
    stats["history"] = [past_game(score=1), past_game(score=2)] if history is None else history
    stats["by_opponent"] = {"pub": [2, 1]} if by_opponent is None else by_opponent
    return stats


@pytest.mark.parametrize(
    "bad",
    [
        past_game(won=1),
        past_game(won=None),
        past_game(score=HUGE),
        past_game(score=1.5),
        past_game(accuracy=101),
        past_game(accuracy=-1),
        past_game(accuracy=70.5),
        past_game(accuracy=True),
        past_game(loss=-0.5),
        past_game(loss=HUGE),
        past_game(loss=MAX_LOSS * 2),
        past_game(loss="0.1"),
        past_game(loss=True),
        past_game(opponent=None),
        past_game(opponent="x" * 100),
        past_game(opponent=["pub"]),
        "a game",
        None,
        [True, 120],
    ],
    ids=[
        "won is a number",
        "no won",
        "huge score",
        "fractional score",
        "accuracy over 100",
        "negative accuracy",
        "fractional accuracy",
        "accuracy true",
        "negative loss",
        "huge loss",
        "loss over the bound",
        "loss as text",
        "loss true",
        "no opponent",
        "long opponent",
        "opponent a list",
        "text",
        "null",
        "a list",
    ],
)
def test_a_past_game_beyond_the_bounds_is_dropped_alone(bad, folder, open_storage):
    write(
        folder,
        "shutbox-stats.json",
        "stats",
        stats_with([past_game(score=1), bad, past_game(score=3, accuracy=None, loss=None)]),
        schema=2,
    )
    storage = open_storage()
    stats = storage.stats("shutbox")
    assert [game.score for game in stats.history] == [1, 3]
    assert stats.played == 3 and stats.by_opponent["pub"].played == 2
    assert "partly damaged" in storage.take_notices()[0]
    assert open_storage().take_notices() == [], "repaired once"


def test_an_infinite_loss_is_dropped_alone(folder, open_storage):
    """1e999 is JSON json.loads reads as infinity (NaN itself is refused with the file)."""
    text = json.dumps(
        {
            "schema": 2,
            "kind": "stats",
            "game": "shutbox",
            "data": stats_with([past_game(score=1), past_game(loss=12345)]),
        }
    )
    write_text(folder, "shutbox-stats.json", text.replace("12345", "1e999"))
    storage = open_storage()
    assert [game.score for game in storage.stats("shutbox").history] == [1]
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize(
    "name, value",
    [
        ("pub", [3, 4]),
        ("pub", [4, 1]),
        ("pub", [-1, 0]),
        ("pub", [HUGE, 1]),
        ("pub", [2]),
        ("pub", [2, 1, 0]),
        ("pub", "2/1"),
        ("pub", {"played": 2}),
        ("x" * 100, [1, 1]),
        ("pub", [2.0, 1]),
    ],
    ids=[
        "won over played",
        "more than all games",
        "negative",
        "huge",
        "short",
        "long",
        "text",
        "object",
        "long name",
        "float",
    ],
)
def test_a_win_count_beyond_the_bounds_is_dropped_alone(name, value, folder, open_storage):
    write(
        folder,
        "shutbox-stats.json",
        "stats",
        stats_with(by_opponent={"people": [1, 0], name: value}),
        schema=2,
    )
    storage = open_storage()
    assert storage.stats("shutbox").by_opponent == {"people": WinCount(1, 0)}
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize(
    "history, by_opponent",
    [("none", None), (None, "none"), ({"0": past_game()}, None), (None, [["pub", 2, 1]])],
)
def test_a_history_or_win_table_of_the_wrong_shape_is_emptied_alone(
    history, by_opponent, folder, open_storage
):
    write(folder, "shutbox-stats.json", "stats", stats_with(history, by_opponent), schema=2)
    storage = open_storage()
    stats = storage.stats("shutbox")
    assert stats.played == 3 and stats.longest_streak == 1
    assert (stats.history == []) == (history is not None)
    assert (stats.by_opponent == {}) == (by_opponent is not None)
    assert "partly damaged" in storage.take_notices()[0]


def test_a_schema_2_file_without_a_history_is_repaired(folder, open_storage):
    stats = stats_with()
    del stats["history"], stats["by_opponent"]
    write(folder, "shutbox-stats.json", "stats", stats, schema=2)
    storage = open_storage()
    assert storage.stats("shutbox").played == 3
    assert "partly damaged" in storage.take_notices()[0]


def test_a_history_longer_than_kept_or_played_keeps_its_newest_games(folder, open_storage):
    many = [past_game(score=n) for n in range(HISTORY_SIZE + 10)]
    write(folder, "shutbox-stats.json", "stats", stats_with(many, played=1000), schema=2)
    storage = open_storage()
    assert [g.score for g in storage.stats("shutbox").history] == list(range(10, HISTORY_SIZE + 10))
    assert "partly damaged" in storage.take_notices()[0]
    write(folder, "shutbox-stats.json", "stats", stats_with(many[:5], played=3), schema=2)
    assert [g.score for g in open_storage().stats("shutbox").history] == [2, 3, 4]


def test_more_opponents_than_a_game_can_have_are_dropped(folder, open_storage):
    table = {f"level{n}": [1, 0] for n in range(MAX_OPPONENTS + 5)}
    write(
        folder, "shutbox-stats.json", "stats", stats_with(by_opponent=table, played=100), schema=2
    )
    storage = open_storage()
    assert list(storage.stats("shutbox").by_opponent) == list(table)[:MAX_OPPONENTS]
    assert "partly damaged" in storage.take_notices()[0]


@pytest.mark.parametrize(
    "changes",
    [
        {"accuracy": 101},
        {"accuracy": -1},
        {"loss": float("nan")},
        {"loss": float("inf")},
        {"loss": -0.1},
        {"loss": MAX_LOSS * 2},
        {"opponent": "x" * 100},
    ],
)
def test_the_game_cannot_record_coach_figures_the_file_would_refuse(changes, open_storage):
    storage = open_storage()
    with pytest.raises(ValueError):
        storage.record_result("shutbox", won=True, score=5, **changes)
    assert storage.stats("shutbox") == GameStats()


@pytest.mark.parametrize(
    "changes",
    [{"accuracy": 70.5}, {"accuracy": True}, {"loss": "0.1"}, {"loss": True}, {"opponent": None}],
)
def test_coach_figures_of_the_wrong_type_are_refused(changes, open_storage):
    storage = open_storage()
    with pytest.raises(TypeError):
        storage.record_result("shutbox", won=True, score=5, **changes)
    assert storage.stats("shutbox") == GameStats()


def test_coach_figures_at_the_bounds_are_kept(open_storage):
    storage = open_storage()
    storage.record_result("shutbox", won=True, accuracy=100, loss=MAX_LOSS, opponent="x" * 32)
    storage.record_result("shutbox", won=False, accuracy=0, loss=0, opponent="")
    for number in range(MAX_OPPONENTS + 3):  # a new opponent past the bound is not tabled
        storage.record_result("shutbox", won=True, opponent=f"level{number}")
    again = open_storage()
    assert again.take_notices() == []
    stats = again.stats("shutbox")
    assert stats.history[:2] == [
        PastGame(True, None, 100, MAX_LOSS, "x" * 32),
        PastGame(False, None, 0, 0.0, ""),
    ]
    assert len(stats.by_opponent) == MAX_OPPONENTS and stats.played == MAX_OPPONENTS + 5
