"""The daily deal (issue 35): one counted attempt a day, replays marked, the result kept
where streaks and medals can read it, the daily screen and its share line."""

from __future__ import annotations

import datetime
import json

import pytest

from game.input import Action
from game.shell.registry import game_info, load_games
from game.storage import Storage
from game.storage.daily import DailyRecord
from game.table.daily import daily_code, daily_slot, play_daily
from tests.harness import run

DAY = datetime.date(2026, 11, 26)


def play_to_the_end(app, table, limit=5000):
    """A person's moves, the first legal one each time, until the game has finished."""
    for _ in range(limit):
        if table.finished:
            return
        run(app, 1)
        if table.waiting_for_human and not table.submit(0, table.legal_moves()[0]):
            table.handle(Action("confirm"))
    raise AssertionError("the game did not end")


# -- the record ---------------------------------------------------------------------------
def test_the_first_game_of_a_day_counts_and_later_ones_are_replays():
    record = DailyRecord()
    assert record.start("lucie", DAY, "L-C6GZ-1M")
    assert not record.start("lucie", DAY, "L-C6GZ-1M")
    record.finish("lucie", DAY, won=True, score=100, moves=41, accuracy=96)
    record.finish("lucie", DAY, won=False, score=3, moves=9, accuracy=10)  # kept the first
    day = record.day("lucie", DAY)
    assert (day.won, day.moves, day.accuracy, day.replays) == (True, 41, 96, 1)


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday():
    record = DailyRecord()
    for back in (1, 2, 3, 5):
        day = DAY - datetime.timedelta(days=back)
        record.start("farkle", day, "F-0000-10")
        record.finish("farkle", day, won=back != 2, score=10, moves=5, accuracy=None)
    assert record.streak("farkle", DAY) == 3  # today still to play: up to yesterday
    record.start("farkle", DAY, "F-0000-10")
    assert record.streak("farkle", DAY) == 3  # started is not played yet
    record.finish("farkle", DAY, won=False, score=1, moves=1, accuracy=None)
    assert record.streak("farkle", DAY) == 4
    assert record.streak("lucie", DAY) == 0


def test_a_damaged_entry_is_dropped_and_the_rest_kept(tmp_path):
    storage = Storage(tmp_path, games={})
    storage.start_daily("lucie", DAY, "L-C6GZ-1M")
    path = tmp_path / "daily.json"
    data = json.loads(path.read_text())
    data["data"]["games"]["lucie"]["2026-11-27"] = {"code": 5, "state": "won"}
    path.write_text(json.dumps(data))
    again = Storage(tmp_path, games={})
    assert again.daily().day("lucie", DAY) is not None
    assert again.daily().day("lucie", DAY + datetime.timedelta(days=1)) is None
    assert again.take_notices(), "the player is told"
    path.write_text("{not json")
    assert Storage(tmp_path, games={}).daily().games == {}


# -- playing it -----------------------------------------------------------------------------
def test_a_daily_game_counts_once_and_its_result_shows(new_app):
    app = new_app(fast=True)
    info = game_info("shutbox")
    table = play_daily(app, info, DAY)
    assert table.dealing.code == daily_code(info, DAY)
    assert table.save_slot == daily_slot("shutbox")
    assert app.storage.daily().day("shutbox", DAY).state == "started"
    play_to_the_end(app, table)
    entry = app.storage.daily().day("shutbox", DAY)
    assert entry.done and entry.replays == 0
    assert entry.score == table.state.players[0].total
    assert not app.storage.has_saved_game(daily_slot("shutbox"))
    for _ in range(400):
        run(app, 1)
        if type(app.scenes.top).__name__ == "NameEntryScene":
            app.scenes.top.handle(Action("confirm"))  # the Top Ten's name first
        if type(app.scenes.top).__name__ == "ScoresScene":
            app.scenes.top.close()  # then the Top Ten, then the daily screen
        if type(app.scenes.top).__name__ == "DailyScene":
            break
    daily = app.scenes.top
    assert type(daily).__name__ == "DailyScene" and daily.info.id == "shutbox"

    replay = play_daily(app, info, DAY)
    assert replay.dealing.daily.replay
    play_to_the_end(app, replay)
    entry_after = app.storage.daily().day("shutbox", DAY)
    assert entry_after.replays == 1 and entry_after.score == entry.score


def test_a_daily_game_left_for_the_title_resumes_as_the_same_attempt(new_app):
    app = new_app(fast=True)
    info = game_info("farkle")
    table = play_daily(app, info, DAY)
    for _ in range(200):
        run(app, 1)
        if table.waiting_for_human:
            table.submit(0, table.legal_moves()[0])
            break
    state = table.state.to_json()
    table.save()
    app.scenes.clear()
    again = play_daily(app, info, DAY)
    assert again is not table and again.state.to_json() == state
    assert app.storage.daily().day("farkle", DAY).replays == 0


def test_an_abandoned_attempt_counts_as_played_and_the_next_is_a_replay(new_app):
    app = new_app()
    info = game_info("lucie")
    play_daily(app, info, DAY)
    app.storage.clear_game(daily_slot("lucie"))  # left for another hand
    again = play_daily(app, info, DAY)
    assert again.dealing.daily.replay
    entry = app.storage.daily().day("lucie", DAY)
    assert entry.done and not entry.won and entry.replays == 1


# -- the screen -------------------------------------------------------------------------------
def test_the_share_line_names_the_game_the_day_the_result_and_the_accuracy(new_app, monkeypatch):
    from game.scenes.daily import DailyScene, share_line

    app = new_app()
    lucie = game_info("lucie")
    app.storage.start_daily("lucie", DAY, daily_code(lucie, DAY).text)
    entry = app.storage.finish_daily("lucie", DAY, won=True, score=100, moves=41, accuracy=96)
    assert share_line(lucie, DAY, entry) == (
        "Pixel Parlor · La Belle Lucie · 2026-11-26 · won in 41 moves · accuracy 96 · L-C6GZ-1M"
    )
    scene = app.push(DailyScene(app, "lucie", today=DAY))
    written = []
    import game.scenes.daily as daily

    monkeypatch.setattr(daily.clipboard, "write_text", lambda text: written.append(text) or True)
    scene.handle(Action("char", char="c"))
    assert written == [share_line(lucie, DAY, entry)]


@pytest.mark.parametrize("game_id", ["farkle", "shutbox"])
def test_the_best_play_of_the_dice_games_is_the_solvers_expectation(game_id):
    from game.lang import text

    info = game_info(game_id)
    said = text(info.deal_best(daily_code(info, DAY)))
    assert "Perfect play" in said and any(ch.isdigit() for ch in said)


def test_lucies_best_play_says_whether_the_deal_is_won_and_shows_the_line(new_app):
    from game.engine.dealcode import DealCode
    from game.lang import text
    from game.scenes.daily import DailyScene, _best

    load_games()
    lucie = game_info("lucie")
    said, line = lucie.deal_best(DealCode("L", 25, 1))  # a deal won without a shuffle
    assert "winnable" in text(said) and len(line.split()) >= 20
    # Not won as it lies, but with its shuffles: the line (shuffles and all) replays to a win.
    from game.engine.lucie.winnable import check_line

    said_shuffled, shuffled = lucie.deal_best(DealCode("L", 605482, 1))
    assert "with its shuffles" in text(said_shuffled) and "medium" in text(said_shuffled)
    assert "redeal" in shuffled.split() and check_line(605482, shuffled.split())
    # A deal the prover finds no line for says so, and that it may still be winnable.
    assert "may not be winnable" in text(lucie.deal_best(DealCode("L", 4, 1)))

    app = new_app()
    code = daily_code(lucie, DAY)
    app.storage.start_daily("lucie", DAY, code.text)
    app.storage.finish_daily("lucie", DAY, won=False, score=40, moves=30, accuracy=80)
    _best[code.text] = (said, line)
    scene = app.push(DailyScene(app, "lucie", today=DAY))
    scene.handle(Action("char", char="w"))
    assert app.scenes.top is not scene and app.scenes.top.is_help_screen
    _best.pop(code.text)
