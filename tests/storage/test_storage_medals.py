"""Medals on disk (issue 35): earned once with the day and the name, kept across starts,
written whole, a bad entry dropped alone, a damaged file set aside (test_storage_damage
runs every kind of damage on the medals file too); the daily streaks' hook."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from game.storage.medals import EarnedMedal, MedalCase, NoDailyDeals
from tests.storage.conftest import FIXED_NOW


def test_a_medal_is_earned_once_with_its_first_day_and_name(open_storage, folder):
    storage = open_storage()
    assert storage.earn_medal("shutbox", "box_shut", "Ann")
    assert not storage.earn_medal("shutbox", "box_shut", "Bob")  # once: the first stays
    earned = storage.medals("shutbox").earned
    assert earned == {"box_shut": EarnedMedal(FIXED_NOW.date(), "Ann")}
    data = json.loads((folder / "shutbox-medals.json").read_text())
    assert data["kind"] == "medals" and data["game"] == "shutbox"
    assert data["data"] == {"earned": {"box_shut": {"date": "2025-01-02", "name": "Ann"}}}


def test_medals_survive_a_restart_and_stay_apart_by_game(open_storage):
    storage = open_storage()
    storage.earn_medal("farkle", "six_of_a_kind", "Bert")
    storage.earn_medal("mille", "coup_fourre")
    again = open_storage()
    assert set(again.medals("farkle").earned) == {"six_of_a_kind"}
    assert set(again.medals("mille").earned) == {"coup_fourre"}
    assert again.medals("lucie").earned == {}
    assert again.take_notices() == []
    assert not again.earn_medal("farkle", "six_of_a_kind", "Cindy")


def test_a_copy_is_handed_out(open_storage):
    storage = open_storage()
    storage.medals("lucie").earned["no_hints"] = EarnedMedal(dt.date(2020, 1, 1))
    assert storage.medals("lucie").earned == {}


def test_a_name_is_cleaned_and_an_id_no_game_uses_is_refused(open_storage):
    storage = open_storage()
    storage.earn_medal("shutbox", "perfect", "  Ann \x1b[2J  ")
    assert storage.medals("shutbox").earned["perfect"].name == "Ann [2J"
    for bad in ("", "Box", "../x", "a" * 40, 7):
        with pytest.raises(ValueError):
            storage.earn_medal("shutbox", bad)


def test_with_no_save_medals_are_kept_for_the_run_only(open_storage, folder):
    storage = open_storage(no_save=True)
    assert storage.earn_medal("shutbox", "box_shut")
    assert "box_shut" in storage.medals("shutbox").earned
    assert not (folder / "shutbox-medals.json").exists()


def test_one_bad_medal_is_dropped_alone_and_the_file_repaired(open_storage, folder, aside_stamp):
    earned = {
        "box_shut": {"date": "2024-05-01", "name": "Ann"},
        "perfect": {"date": "yesterday"},
        "Not An Id": {"date": "2024-05-01"},
        "daily_7": {"date": "2024-05-02", "name": "\x07"},
        "daily_30": {"date": "2024-06-01"},
    }
    (folder).mkdir()
    original = json.dumps(
        {"schema": 1, "kind": "medals", "game": "shutbox", "data": {"earned": earned}}
    )
    (folder / "shutbox-medals.json").write_text(original)
    storage = open_storage()
    assert set(storage.medals("shutbox").earned) == {"box_shut", "daily_30"}
    assert storage.medals("shutbox").earned["daily_30"].name == ""
    assert storage.take_notices() == [
        "Shut The Box medals file was partly damaged and has been repaired "
        f"(old file kept as shutbox-medals.bad-{aside_stamp}.json)."
    ]
    assert (folder / f"shutbox-medals.bad-{aside_stamp}.json").read_text() == original
    again = open_storage()  # the repaired medals were written back
    assert again.medals("shutbox") == storage.medals("shutbox")
    assert again.take_notices() == []


def test_a_damaged_medals_file_is_set_aside_and_the_game_plays_on(open_storage, folder):
    folder.mkdir()
    (folder / "farkle-medals.json").write_bytes(b"\x00 not json")
    storage = open_storage()
    assert storage.medals("farkle") == MedalCase()
    [notice] = storage.take_notices()
    assert notice.startswith("Farkle medals file was damaged and has been reset")
    assert storage.earn_medal("farkle", "hot_dice_3", "Anna")  # and medals are earned again
    assert list(folder.glob("farkle-medals.bad-*.json"))


def test_the_record_refuses_more_medals_than_any_game_has():
    case = MedalCase()
    for n in range(64):
        case.earn(f"m{n}", dt.date(2025, 1, 1))
    with pytest.raises(ValueError):
        case.earn("one_more", dt.date(2025, 1, 1))
    read, repairs = MedalCase.from_json(
        {"earned": {f"m{n}": {"date": "2025-01-01"} for n in range(70)}}
    )
    assert len(read.earned) == 64 and repairs


# -- the daily streaks' hook ----------------------------------------------------------------


class StandInDailyRecord:
    """The daily deals' record as the daily-streak medals read it (DailyRecord.streak)."""

    def __init__(self, streaks: dict[str, int]) -> None:
        self.streaks = streaks
        self.asked: list[tuple[str, dt.date]] = []

    def streak(self, game_id: str, today: dt.date) -> int:
        self.asked.append((game_id, today))
        return self.streaks.get(game_id, 0)


def test_without_daily_deals_there_is_no_streak(open_storage):
    streaks = open_storage().daily_streaks()
    assert isinstance(streaks, NoDailyDeals)
    assert streaks.streak("lucie", dt.date(2026, 11, 26)) == 0


def test_the_streaks_come_from_the_daily_record_once_storage_keeps_one(open_storage):
    storage = open_storage()
    record = StandInDailyRecord({"lucie": 9})
    storage._daily_record = lambda: record  # the daily deals' part of Storage (issue 35)
    assert storage.daily_streaks().streak("lucie", dt.date(2026, 11, 26)) == 9
    assert record.asked == [("lucie", dt.date(2026, 11, 26))]
