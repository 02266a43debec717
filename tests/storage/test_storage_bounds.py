"""The loader bounds what it reads (depth, number of values) before any code walks it, and
takes a file with a byte-order mark as the file it is (a saved game too: Continue)."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pygame
import pytest

from game.main import start
from game.shell.registry import load_games
from game.storage import GameStats, Settings, TopTen
from game.storage.datafolder import MAX_DEPTH, MAX_VALUES, Damaged, check_bounds
from game.table import TableScene
from tests.harness import key, make_app
from tests.saved_games import one_saved_game

# json.loads takes up to ~990 levels; copy.deepcopy, == and json.dumps give up from ~500.
DEPTHS = [MAX_DEPTH + 1, 500, 700, 900, 990]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def write(path: Path, kind: str, data_text: str, game: str | None = "shutbox") -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = (f'{{"schema":1,"kind":"{kind}","game":{json.dumps(game)},"data":{data_text}}}').encode()
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_settings_are_set_aside_at_start_and_the_game_starts_and_quits(
    depth, folder, open_storage
):
    write(
        folder / "settings.json",
        "settings",
        f'{{"mono":true,"games":{{"farkle":{{"seats":{nested(depth)}}}}}}}',
        game=None,
    )
    storage = open_storage()
    assert storage.settings == Settings()
    [notice] = storage.take_notices()
    assert notice.startswith("Settings file was damaged and has been reset")
    # What used to raise RecursionError (every start, at quit, in --game X --demo):
    assert storage.game_options("farkle", {"seats": []}) == {"seats": []}
    assert storage.save_settings()
    assert open_storage().take_notices() == []


@pytest.mark.parametrize("depth", DEPTHS)
def test_a_deep_top_ten_entry_is_set_aside_before_the_scores_screen_copies_it(
    depth, folder, open_storage
):
    write(
        folder / "shutbox-topten.json",
        "top_ten",
        f'{{"entries":[{{"name":"Ann","score":5,"date":"2024-01-01","extra":{{"x":{nested(depth)}}}}}]}}',
    )
    storage = open_storage()
    assert storage.top_ten("shutbox") == TopTen()  # used to raise RecursionError
    assert "Top Ten was damaged" in storage.take_notices()[0]


@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_statistics_are_set_aside(depth, folder, open_storage):
    stats = json.dumps(GameStats().to_json())[:-1] + f',"x":{nested(depth)}}}'
    write(folder / "shutbox-stats.json", "stats", stats)
    storage = open_storage()
    assert storage.stats("shutbox") == GameStats()
    assert "statistics file was damaged" in storage.take_notices()[0]


@pytest.mark.parametrize("depth", DEPTHS)
def test_a_saved_game_with_a_deep_part_is_set_aside_not_resumed_without_it(
    depth, folder, open_storage, aside_stamp
):
    write(
        folder / "mille-saved.json",
        "saved_game",
        f'{{"saved_at":"2025-01-01T10:00:00","state":{{"version":1,"log":{nested(depth)}}}}}',
        game="mille",
    )
    storage = open_storage()
    restored = []
    assert storage.resume_game("mille", restored.append) is None
    assert restored == []
    assert storage.take_notices() == [
        "Saved Mille Bornes game was damaged and cannot be resumed "
        f"(old file kept as mille-saved.bad-{aside_stamp}.json)."
    ]


def test_a_file_with_too_many_values_is_set_aside(folder, open_storage):
    write(
        folder / "shutbox-topten.json",
        "top_ten",
        '{{"entries":[],"x":[{}]}}'.format(",".join(["0"] * (MAX_VALUES + 1))),
    )
    storage = open_storage()
    assert "Top Ten was damaged" in storage.take_notices()[0]


def test_the_bounds_are_far_above_what_our_files_hold():
    check_bounds(json.loads(nested(MAX_DEPTH)))
    with pytest.raises(Damaged):
        check_bounds(json.loads(nested(MAX_DEPTH + 1)))
    check_bounds({"a": [{"b": [1, 2, {"c": None}]}] * 1000})


def test_data_too_deep_to_be_read_back_is_not_written(folder, open_storage):
    storage = open_storage()
    deep: object = []
    for _ in range(MAX_DEPTH):
        deep = [deep]
    assert not storage.save_game("shutbox", {"engine": deep})
    assert storage.take_notices() == ["Saved Shut The Box game is too large to save."]
    assert not (folder / "shutbox-saved.json").exists()


@pytest.mark.parametrize(
    "name, check",
    [
        ("settings.json", lambda s: s.settings.mono),
        ("shutbox-topten.json", lambda s: s.top_ten("shutbox").entries[0].name == "Zoé"),
        ("shutbox-stats.json", lambda s: s.stats("shutbox").played == 3),
    ],
)
def test_a_file_saved_with_a_byte_order_mark_is_read_as_it_is(name, check, folder, open_storage):
    data = {
        "settings.json": ("settings", '{"mono":true}', None),
        "shutbox-topten.json": (
            "top_ten",
            '{"entries":[{"name":"Zoé","score":7,"date":"2024-02-03"}]}',
            "shutbox",
        ),
        "shutbox-stats.json": ("stats", json.dumps(GameStats(played=3).to_json()), "shutbox"),
    }[name]
    raw = write(folder / name, data[0], data[1], game=data[2])
    (folder / name).write_bytes(codecs.BOM_UTF8 + raw)  # as Notepad saves it
    storage = open_storage()
    assert storage.take_notices() == []
    assert check(storage)
    assert list(folder.glob("*.bad-*")) == []


@pytest.mark.parametrize("game_id", [info.id for info in load_games()])
def test_a_saved_game_with_a_byte_order_mark_is_continued(game_id, folder):
    one_saved_game(folder, game_id)  # as the table saves it
    path = folder / f"{game_id}-saved.json"
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())  # then opened in Notepad, saved
    app = make_app(folder, fast=True)
    try:
        start(app, None)
        app.frame(0)
        key(app, pygame.K_c, text="c")  # Continue: the only saved game
        table = app.scenes.top
        assert isinstance(table, TableScene) and table.game_id == game_id
        assert list(folder.glob("*.bad-*")) == []
    finally:
        app.storage.flush()  # saves are written behind: on disk before the folder goes
        app.scenes.clear()
        pygame.display.quit()


def test_the_bounds_are_32_levels_and_200_000_values():
    """The limits the module docstring gives, to the level and to the value."""
    check_bounds(json.loads(nested(32)))
    with pytest.raises(Damaged):
        check_bounds(json.loads(nested(33)))
    check_bounds([0] * 199_999)  # with the list itself, 200,000 values
    with pytest.raises(Damaged):
        check_bounds([0] * 200_000)


def test_a_state_holding_nan_is_refused_rather_than_written_unreadable(folder, open_storage):
    """NaN is not JSON: a file holding it would be set aside by the next start."""
    storage = open_storage()
    storage.save_game("farkle", {"move": 1})
    with pytest.raises(ValueError):
        storage.save_game("farkle", {"move": 2, "odds": float("nan")})
    assert open_storage().load_game("farkle") == {"move": 1}
