"""One random change to a record file the game wrote (settings, a Top Ten, statistics): at
the next start it is set aside or repaired with a notice, or used as it is; either way the
damage is dealt with once, and what the game keeps is within the records' bounds."""

from __future__ import annotations

import json
import tempfile
from datetime import datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.storage import Storage
from game.storage.limits import MAX_SCORE
from tests.mutations import single_change
from tests.record_files import record_files

NOW = datetime(2025, 1, 2, 3, 4, 5)
WORDS = [
    "settings",
    "top_ten",
    "stats",
    "farkle",
    "shutbox",
    "mille",
    "lucie",
    "human",
    "computer",
    "expert",
    "every_turn",
    "2024-05-01",
    "Player 1",
    "\x1b[2J",
]


@settings(max_examples=300)
@given(data=st.data())
def test_one_change_to_a_record_file_is_dealt_with_once(data):
    files = record_files()
    name = data.draw(st.sampled_from(sorted(files)), label="file")
    changed, what = data.draw(single_change(json.loads(files[name]), WORDS), label="change")
    raw = json.dumps(changed).encode()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for other, content in files.items():
            (folder / other).write_bytes(content)
        (folder / name).write_bytes(raw)

        storage = Storage(folder, now=lambda: NOW)
        notices = storage.take_notices()
        if not notices:
            assert (folder / name).read_bytes() == raw, "used as it is, left as it is"
        else:
            assert len(notices) == 1 and [p.read_bytes() for p in folder.glob("*.bad-*")] == [
                raw
            ], "set aside whole, with one notice"
        for game_id in {n.split("-")[0] for n in files if n != "settings.json"}:
            table, stats = storage.top_ten(game_id), storage.stats(game_id)
            assert all(abs(entry.score) <= MAX_SCORE for entry in table.entries)
            assert 0 <= stats.won <= stats.played
        assert storage.save_settings()
        assert Storage(folder, now=lambda: NOW).take_notices() == [], "dealt with once"
