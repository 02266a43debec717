"""Damaged, truncated, wrong, huge and future files are set aside, reported, and replaced."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.storage import GameStats, Settings, Storage, TopTen
from game.storage.datafolder import MAX_FILE_BYTES
from game.storage.medals import MedalCase
from game.storage.savedgame import SavedGame

GOOD_TOP_TEN = {
    "schema": 1,
    "kind": "top_ten",
    "game": "shutbox",
    "data": {
        "entries": [
            {"name": "Ann", "score": 200, "date": "2024-05-01"},
            {"name": "Bob", "score": 150, "date": "2024-05-02", "extra": {"rounds": 5}},
            {"name": "Cid", "score": 100, "date": "2024-05-03"},
        ]
    },
}


def write_json(path: Path, data: object) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


def envelope(kind: str, data: object, game: str | None = "shutbox", schema: object = 1) -> dict:
    return {"schema": schema, "kind": kind, "game": game, "data": data}


# (file name, how the notice names it, the defaults the game must fall back to)
DOCUMENTS = [
    ("settings.json", "Settings file", lambda s: s.settings == Settings()),
    ("shutbox-topten.json", "Shut The Box Top Ten", lambda s: s.top_ten("shutbox") == TopTen()),
    (
        "shutbox-stats.json",
        "Shut The Box statistics file",
        lambda s: s.stats("shutbox") == GameStats(),
    ),
    ("shutbox-saved.json", "Saved Shut The Box game", lambda s: s.load_game("shutbox") is None),
    (
        "shutbox-medals.json",
        "Shut The Box medals file",
        lambda s: s.medals("shutbox") == MedalCase(),
    ),
]
GOOD_CONTENT = {
    "settings.json": envelope("settings", {"mono": True}, game=None),
    "shutbox-topten.json": GOOD_TOP_TEN,
    "shutbox-stats.json": envelope("stats", GameStats(played=1).to_json()),
    "shutbox-saved.json": envelope(
        "saved_game", {"saved_at": "2025-01-01T10:00:00", "state": {"doors": [1, 2]}}
    ),
    "shutbox-medals.json": envelope(
        "medals", {"earned": {"box_shut": {"date": "2025-01-01", "name": "Ann"}}}
    ),
}


def without(content: dict, key: str) -> bytes:
    return json.dumps({k: v for k, v in content.items() if k != key}).encode()


def damaged(name: str) -> dict[str, bytes]:
    """Ways a file can be bad, each as the bytes found on disk."""
    good = json.dumps(GOOD_CONTENT[name]).encode()
    wrong_data = {
        "settings.json": ["fullscreen"],
        "shutbox-topten.json": {"entries": "none"},
        "shutbox-stats.json": {"played": "3"},
        "shutbox-saved.json": {"state": [1]},
        "shutbox-medals.json": {"earned": ["box_shut"]},
    }
    return {
        "garbage": b"\x00\xff\xfe not json at all \x80",
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "not utf-8": good.replace(b"{", b"{\xff", 1),
        "a list": b"[1, 2, 3]",
        "no schema": without(GOOD_CONTENT[name], "schema"),
        "schema is text": json.dumps({**GOOD_CONTENT[name], "schema": "1"}).encode(),
        "schema zero": json.dumps({**GOOD_CONTENT[name], "schema": 0}).encode(),
        "another kind": json.dumps({**GOOD_CONTENT[name], "kind": "bogus"}).encode(),
        "another game": json.dumps({**GOOD_CONTENT[name], "game": "farkle"}).encode(),
        "no data": without(GOOD_CONTENT[name], "data"),
        "wrong types": json.dumps({**GOOD_CONTENT[name], "data": wrong_data[name]}).encode(),
        "NaN": good.replace(b"1", b"NaN", 1) if b"1" in good else b"NaN",
        "deeply nested": b"[" * 100_000 + b"]" * 100_000,
        "huge number": b'{"schema": ' + b"9" * 5000 + b"}",
    }


CASES = [(doc, kind, raw) for doc in DOCUMENTS for kind, raw in damaged(doc[0]).items()]


@pytest.mark.parametrize(
    "document, raw",
    [((doc), raw) for doc, _, raw in CASES],
    ids=[f"{doc[0]}-{kind}" for doc, kind, _ in CASES],
)
def test_a_damaged_file_is_set_aside_reported_and_replaced_by_defaults(
    document, raw, folder, open_storage, aside_stamp
):
    name, title, has_defaults = document
    folder.mkdir()
    (folder / name).write_bytes(raw)

    storage = open_storage()

    assert has_defaults(storage)
    stem = name.removesuffix(".json")
    aside = folder / f"{stem}.bad-{aside_stamp}.json"
    assert aside.read_bytes() == raw
    assert not (folder / name).exists()
    verdict = "cannot be resumed" if "saved" in name else "has been reset"
    assert storage.take_notices() == [
        f"{title} was damaged and {verdict} (old file kept as {aside.name})."
    ]
    assert storage.take_notices() == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=[doc[0] for doc in DOCUMENTS])
def test_a_file_from_a_newer_version_is_set_aside(document, folder, open_storage):
    name, title, has_defaults = document
    newer = max(record.SCHEMA for record in (Settings, TopTen, GameStats, SavedGame)) + 1
    write_json(folder / name, {**GOOD_CONTENT[name], "schema": newer, "data": "new format"})
    storage = open_storage()
    assert has_defaults(storage)  # saved games are read when asked for
    [notice] = storage.take_notices()
    assert notice.startswith(f"{title} is from a newer Pixel Parlor and ")
    [aside] = folder.glob("*.bad-*")
    assert json.loads(aside.read_text())["schema"] == newer


def test_a_huge_file_is_set_aside_and_never_read_past_the_cap(folder, open_storage, aside_stamp):
    folder.mkdir()
    with open(folder / "shutbox-topten.json", "wb") as huge:
        huge.truncate(MAX_FILE_BYTES + 1)  # sparse: no need to write megabytes
    storage = open_storage()
    assert storage.take_notices() == [
        "Shut The Box Top Ten was too large and has been reset "
        f"(old file kept as shutbox-topten.bad-{aside_stamp}.json)."
    ]
    assert (folder / f"shutbox-topten.bad-{aside_stamp}.json").stat().st_size == MAX_FILE_BYTES + 1


def test_one_bad_top_ten_entry_is_dropped_and_the_others_kept(folder, open_storage, aside_stamp):
    content = json.loads(json.dumps(GOOD_TOP_TEN))
    content["data"]["entries"].insert(1, {"name": "Eve", "score": "lots", "date": "2024-05-09"})
    content["data"]["entries"].append({"name": "\x1b[2J", "score": 5, "date": "2024-05-09"})
    content["data"]["entries"].append({"name": "Dee", "score": 1, "date": "yesterday"})
    original = write_json(folder / "shutbox-topten.json", content)

    storage = open_storage()

    assert [e.name for e in storage.top_ten("shutbox").entries] == ["Ann", "Bob", "Cid"]
    assert storage.take_notices() == [
        "Shut The Box Top Ten was partly damaged and has been repaired "
        f"(old file kept as shutbox-topten.bad-{aside_stamp}.json)."
    ]
    assert (folder / f"shutbox-topten.bad-{aside_stamp}.json").read_bytes() == original
    again = open_storage()  # the repaired table was written back
    assert again.top_ten("shutbox") == storage.top_ten("shutbox")
    assert again.take_notices() == []


def test_a_top_ten_out_of_order_or_too_long_is_put_right(folder, open_storage):
    entries = [{"name": f"P{n}", "score": n % 4, "date": "2024-01-01"} for n in range(12)]
    write_json(folder / "shutbox-topten.json", {**GOOD_TOP_TEN, "data": {"entries": entries}})
    storage = open_storage()
    table = storage.top_ten("shutbox").entries
    assert [(e.name, e.score) for e in table] == [
        ("P3", 3),
        ("P7", 3),
        ("P11", 3),
        ("P2", 2),
        ("P6", 2),
        ("P10", 2),
        ("P1", 1),
        ("P5", 1),
        ("P9", 1),
        ("P0", 0),
    ]
    assert "partly damaged" in storage.take_notices()[0]


def test_one_bad_setting_falls_back_alone(folder, open_storage):
    write_json(
        folder / "settings.json",
        envelope("settings", {"mono": True, "volume": "loud", "fast": True}, game=None),
    )
    storage = open_storage()
    assert storage.settings.mono and storage.settings.fast and storage.settings.volume == 0.8
    [notice] = storage.take_notices()
    assert notice.startswith("Settings file was partly damaged and has been repaired (old file")


def test_a_bad_game_option_falls_back_to_its_default(folder, open_storage, aside_stamp):
    options = {"pips": "maybe", "roll_prompt": False, "from_the_future": {"x": 1}}
    original = write_json(
        folder / "settings.json", envelope("settings", {"games": {"shutbox": options}}, game=None)
    )
    storage = open_storage()
    assert storage.take_notices() == []  # options are checked when their game asks

    got = storage.game_options("shutbox", {"pips": True, "roll_prompt": True})

    assert got == {"pips": True, "roll_prompt": False, "from_the_future": {"x": 1}}
    assert storage.take_notices() == [
        "Settings file had bad Shut The Box options and has been repaired "
        f"(old file kept as settings.bad-{aside_stamp}.json)."
    ]
    assert (folder / f"settings.bad-{aside_stamp}.json").read_bytes() == original
    assert open_storage().game_options("shutbox", {"pips": True}) == got


def test_statistics_that_contradict_themselves_are_reset(folder, open_storage):
    stats = GameStats(played=3, won=5).to_json()
    write_json(folder / "shutbox-stats.json", envelope("stats", stats))
    storage = open_storage()
    assert storage.stats("shutbox") == GameStats()
    assert "statistics file was damaged" in storage.take_notices()[0]


def test_a_bad_counter_is_dropped_alone(folder, open_storage):
    stats = GameStats(played=2, won=1, current_streak=1, longest_streak=1).to_json()
    stats["counters"] = {"boxes_shut": 4, "rolls": "many"}
    write_json(folder / "shutbox-stats.json", envelope("stats", stats))
    storage = open_storage()
    assert storage.stats("shutbox").played == 2
    assert storage.stats("shutbox").counters == {"boxes_shut": 4}
    assert "partly damaged" in storage.take_notices()[0]


def test_one_bad_file_leaves_the_others_alone(folder, open_storage):
    storage = open_storage()
    storage.add_to_top_ten("shutbox", "Ann", 90)
    storage.record_result("shutbox", won=True, score=90)
    storage.add_to_top_ten("farkle", "Ann", 9000)
    (folder / "shutbox-topten.json").write_bytes(b"{oops")

    again = open_storage()
    assert again.top_ten("shutbox") == TopTen()
    assert again.stats("shutbox").played == 1
    assert again.top_ten("farkle").entries[0].score == 9000
    assert len(again.take_notices()) == 1


def test_set_aside_never_overwrites_an_earlier_set_aside_file(folder, open_storage, aside_stamp):
    for attempt in range(3):
        write_json(folder / "shutbox-topten.json", f"bad {attempt}")
        open_storage()
    assert sorted(p.name for p in folder.glob("*.bad-*")) == [
        f"shutbox-topten.bad-{aside_stamp}-2.json",
        f"shutbox-topten.bad-{aside_stamp}-3.json",
        f"shutbox-topten.bad-{aside_stamp}.json",
    ]


def test_a_saved_game_its_engine_cannot_restore_is_set_aside(folder, open_storage, aside_stamp):
    storage = open_storage()
    storage.save_game("mille", {"version": "from an older engine"})

    def from_json(state):
        raise KeyError("hands")

    assert storage.resume_game("mille", from_json) is None
    assert storage.take_notices() == [
        "Saved Mille Bornes game could not be resumed "
        f"(old file kept as mille-saved.bad-{aside_stamp}.json)."
    ]
    assert not storage.has_saved_game("mille")
    assert json.loads((folder / f"mille-saved.bad-{aside_stamp}.json").read_text())["data"][
        "state"
    ] == {"version": "from an older engine"}


def test_no_save_ignores_a_damaged_file_and_leaves_it_untouched(folder, open_storage, listing):
    folder.mkdir()
    (folder / "shutbox-topten.json").write_bytes(b"garbage")
    storage = open_storage(no_save=True)
    assert storage.top_ten("shutbox") == TopTen()
    assert storage.take_notices() == [
        "Shut The Box Top Ten was damaged and has been reset (file left untouched)."
    ]
    assert listing(folder) == ["shutbox-topten.json"]
    assert (folder / "shutbox-topten.json").read_bytes() == b"garbage"


@st.composite
def file_contents(draw) -> bytes:
    """Random bytes, or a good file cut short or with one byte changed."""
    good = json.dumps(GOOD_CONTENT[draw(st.sampled_from(sorted(GOOD_CONTENT)))]).encode()
    how = draw(st.sampled_from(["random", "cut", "flip"]))
    if how == "random":
        return draw(st.binary(max_size=300))
    position = draw(st.integers(0, len(good) - 1))
    if how == "cut":
        return good[:position]
    return good[:position] + bytes([draw(st.integers(0, 255))]) + good[position + 1 :]


@settings(max_examples=60)
@given(raw=file_contents(), name=st.sampled_from(sorted(GOOD_CONTENT)))
def test_whatever_a_file_holds_the_game_starts_and_nothing_is_lost(raw, name):
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / name).write_bytes(raw)
        storage = Storage(folder)
        storage.load_game("shutbox")
        notices = storage.take_notices()
        kept = [p.read_bytes() for p in folder.glob("*.bad-*")]
        if notices:  # set aside, whole
            assert kept == [raw] and len(notices) == 1
        else:  # used as it is
            assert kept == [] and (folder / name).read_bytes() == raw


def test_a_damaged_file_that_cannot_be_moved_aside_is_never_written_over(
    folder, open_storage, monkeypatch, aside_stamp
):
    """A virus scanner holds the damaged file: it stays as it is, and nothing is written in
    its place, until it can be kept aside."""
    folder.mkdir()
    (folder / "settings.json").write_bytes(b"garbage")

    def held(source, target):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as scanner:
        scanner.setattr(os, "rename", held)
        storage = open_storage()
        assert storage.take_notices() == [
            "Settings file was damaged and has been reset (file left untouched)."
        ]
        storage.settings.mono = True
        assert not storage.save_settings()
        assert (folder / "settings.json").read_bytes() == b"garbage"
        assert storage.take_notices() == [
            f"Scores are not being saved: cannot write to {folder} "
            "(settings.json is damaged and cannot be moved aside)."
        ]
    storage.settings.sound = False
    assert storage.save_settings(), "the scanner let go: kept aside, then written"
    assert (folder / f"settings.bad-{aside_stamp}.json").read_bytes() == b"garbage"
    assert open_storage().settings.mono is True
    assert storage.take_notices() == ["Scores are being saved again."]


@pytest.mark.parametrize(
    ("size", "what"), [(4 * 1024 * 1024, "was damaged"), (4 * 1024 * 1024 + 1, "was too large")]
)
def test_a_file_of_four_mebibytes_is_read_and_one_byte_more_is_not(
    folder, open_storage, size, what
):
    folder.mkdir()
    with open(folder / "shutbox-topten.json", "wb") as big:
        big.truncate(size)  # sparse zeros: read (and found not JSON) only within the cap
    [notice] = open_storage().take_notices()
    assert notice.startswith(f"Shut The Box Top Ten {what} and has been reset")


def test_a_saved_game_set_aside_before_it_reached_the_disk_is_kept_aside_on_disk_at_once(
    folder, open_storage, monkeypatch, aside_stamp
):
    storage = open_storage()

    def full(*args):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as full_disk:
        full_disk.setattr(os, "replace", full)
        assert not storage.save_game("mille", {"version": "from an older engine"})
    storage.take_notices()

    def from_json(state):
        raise ValueError("not a game this engine plays")

    assert storage.resume_game("mille", from_json) is None
    kept = folder / f"mille-saved.bad-{aside_stamp}.json"
    assert json.loads(kept.read_text())["data"]["state"] == {"version": "from an older engine"}
    assert not (folder / "mille-saved.json").exists()
