"""The last-deal chances are data (chances.json, written by the generator): present, one
sane chance per case, read the way the generator writes it, and loudly missing."""

import json

import pytest

from game.engine.lucie import chances, tables
from game.resources import SOURCE_ROOT


def test_the_table_is_there_with_one_chance_for_every_case():
    table = chances.last_deal_chances()
    assert len(table) == len(chances.cases()) == 2380
    assert table[(0, 0, 0, 0)] == 1.0, "nothing left to move: a sure win"
    assert all(0.0 <= chance <= 1.0 for chance in table.values())
    assert table[(13, 13, 13, 13)] < 0.5, "a whole deck as the last deal is seldom won"


def test_the_file_is_exactly_what_the_generator_writes():
    data = json.loads(chances.DATA_FILE.read_text(encoding="utf-8"))
    table = chances.last_deal_chances()
    assert tables.encode(data["samples"], table) == chances.DATA_FILE.read_text(encoding="utf-8")


def test_a_missing_or_damaged_table_says_so_instead_of_playing_blind(tmp_path, monkeypatch):
    for text in (None, "{}", '{"chances": [[0, 0, 0, 0, 1.0]]}', '{"chances": "x"}'):
        path = tmp_path / "chances.json"
        if text is not None:
            path.write_text(text, encoding="utf-8")
        monkeypatch.setattr(chances, "DATA_FILE", path)
        chances.last_deal_chances.cache_clear()
        with pytest.raises(chances.ChancesMissing, match="tables"):
            chances.last_deal_chances()
        path.unlink(missing_ok=True)
    chances.last_deal_chances.cache_clear()


def test_the_executable_packages_the_table():
    spec = (SOURCE_ROOT / "build.spec").read_text(encoding="utf-8")
    assert '(ROOT / "game").rglob("*.json")' in spec
    assert chances.DATA_FILE.relative_to(SOURCE_ROOT / "game")
