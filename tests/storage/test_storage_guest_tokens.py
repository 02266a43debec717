"""A guest's seat tokens on disk (guest_tokens.py): kept per host address, port and table
code across runs, in a private file, bounded, damage set aside like every record."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game.storage.guest_tokens import MAX_TOKENS

FILE = "guest-tokens.json"
TOKEN = "0123456789abcdef0123456789abcdef"


def token(number: int) -> str:
    return f"{number:032x}"


def test_a_token_kept_is_there_for_the_next_run_of_the_program(open_storage):
    first = open_storage()
    assert first.guest_token("192.168.1.20", 28989, "K7QXR2M9") is None
    assert first.keep_guest_token("192.168.1.20", 28989, "K7QXR2M9", TOKEN)
    again = open_storage()
    assert again.guest_token("192.168.1.20", 28989, "K7QXR2M9") == TOKEN
    assert again.guest_token("192.168.1.20", 28990, "K7QXR2M9") is None, "another port"
    assert again.guest_token("192.168.1.20", 28989, "K7QXR2M8") is None, "another table"
    assert again.guest_token("[FE80::1]", 28989, "K7QXR2M9") is None
    again.keep_guest_token("[FE80::1]", 28989, "K7QXR2M9", token(1))
    assert open_storage().guest_token("fe80::1", 28989, "K7QXR2M9") == token(1), (
        "an address is the same with or without brackets, in any case"
    )


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_the_file_is_readable_by_its_owner_only(open_storage, folder):
    open_storage().keep_guest_token("host.example", 28989, "K7QXR2M9", TOKEN)
    assert stat.S_IMODE(os.stat(folder / FILE).st_mode) == 0o600


def test_it_holds_the_last_tables_joined_the_oldest_dropped_first(open_storage, folder):
    storage = open_storage()
    for number in range(MAX_TOKENS + 5):
        storage.keep_guest_token("10.0.0.1", 28989, f"CODE{number:04d}", token(number))
    storage.keep_guest_token("10.0.0.1", 28989, "CODE0010", token(10))  # joined again
    storage.keep_guest_token("10.0.0.1", 28989, f"CODE{MAX_TOKENS + 5:04d}", token(99))
    again = open_storage()
    kept = [
        n for n in range(MAX_TOKENS + 6) if again.guest_token("10.0.0.1", 28989, f"CODE{n:04d}")
    ]
    assert len(kept) == MAX_TOKENS and 10 in kept, "the one joined again stays"
    assert kept[0] == 6 and 5 not in kept, "the one joined longest ago went first"
    tables = json.loads((folder / FILE).read_text())["data"]["tables"]
    assert len(tables) == MAX_TOKENS


@pytest.mark.parametrize(
    "args",
    [
        ("", 28989, "K7QXR2M9", TOKEN),
        ("h", 0, "K7QXR2M9", TOKEN),
        ("h", 28989, "K7QX/2M9", TOKEN),
        ("h", 28989, "K7QXR2M9", "a b"),
        ("h", 28989, "K7QXR2M9", "f" * 65),
    ],
)
def test_what_is_no_tables_token_is_never_written(open_storage, folder, args):
    assert not open_storage().keep_guest_token(*args)
    assert not (folder / FILE).exists()


def test_a_damaged_file_is_set_aside_with_a_notice_and_joining_goes_on(
    open_storage, folder, aside_stamp
):
    folder.mkdir()
    (folder / FILE).write_text("{not json")
    storage = open_storage()
    notices = storage.take_notices()
    assert len(notices) == 1 and "seats at friends' tables" in notices[0]
    assert "new seat" in notices[0] and f"guest-tokens.bad-{aside_stamp}.json" in notices[0]
    assert storage.guest_token("h", 28989, "K7QXR2M9") is None
    assert storage.keep_guest_token("h", 28989, "K7QXR2M9", TOKEN)


def test_an_entry_that_is_no_tables_token_is_dropped_and_the_rest_kept(open_storage, folder):
    tables = [
        {"address": "h", "port": 28989, "code": "K7QXR2M9", "token": TOKEN},
        {"address": "h", "port": "28989", "code": "K7QXR2M8", "token": TOKEN},
        {"address": "h", "port": 28989, "code": "K7QXR2M7", "token": {"no": 1}},
        ["not", "an", "entry"],
    ]
    folder.mkdir()
    envelope = {"schema": 1, "kind": "guest_tokens", "game": None, "data": {"tables": tables}}
    (folder / FILE).write_text(json.dumps(envelope))
    storage = open_storage()
    assert "partly damaged" in storage.take_notices()[0]
    assert storage.guest_token("h", 28989, "K7QXR2M9") == TOKEN
    assert storage.guest_token("h", 28989, "K7QXR2M8") is None
    data = json.loads((folder / FILE).read_text())["data"]
    assert data == {"tables": tables[:1]}, "the repaired file is written in its place"
