"""The measuring commands run and report what they promise."""

from __future__ import annotations

import json

from game.engine.lucie import bench, tables


def test_bench_prints_win_rate_with_interval_score_and_solver_timings(capsys):
    assert bench.main(["--deals", "3", "--seed", "5"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 3
    demo = report["demo"]
    low, high = demo["win_rate_ci95"]
    assert 0.0 <= low <= demo["win_rate"] <= high <= 1.0
    assert 0 <= demo["average_score"] <= 100
    assert {"p50", "p90", "p99", "max"} <= set(report["fresh_solve"]["seconds"])
    assert 0.0 <= report["fresh_solve"]["decided_fraction"] <= 1.0


def test_wilson_interval():
    low, high = bench.wilson(32, 100)
    assert 0.23 < low < 0.32 < high < 0.42


def test_table_cases_cover_every_count_of_cards_left():
    cases = tables.cases()
    assert len(cases) == 2380 and (13, 13, 13, 13) in cases and (0, 0, 0, 0) in cases
    left, chance = tables.estimate(((0, 0, 1, 1), 4))  # two kings left: always won
    assert left == (0, 0, 1, 1) and chance == 1.0
