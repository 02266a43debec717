"""The kill benchmark (python -m game.bench_kill) measures what a SIGKILL right after a
move loses. Its rounds run the real game in a child process; when the benchmark moved
into game/, the child ran from the wrong folder, found no `game` package, and every
round silently waited out its minute: these tests run one real round."""

from __future__ import annotations

import importlib
import random
import signal

import pytest

from game import bench_kill

# Starts the real game in a process of its own: `tasks.py test --under-load` runs it.
pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only"),
]


def test_a_round_kills_the_real_game_right_after_a_save_and_reads_what_is_on_disk(tmp_path):
    round_ = bench_kill.one_round("shutbox", tmp_path / "shutbox", False, random.Random(1))
    assert len(round_["saves"]) >= 4, "three saves, then the one the kill came right after"
    assert not round_["no_save_heard"]
    assert bench_kill.behind(round_["saves"], round_["on_disk"]) in (0, 1)
    assert round_["left_after_next_start"] == 0


def test_a_game_that_ends_by_itself_stops_the_benchmark_with_the_reason(tmp_path):
    with pytest.raises(SystemExit, match="ended by itself"):
        bench_kill.one_round("no-such-game", tmp_path / "none", False, random.Random(1))


@pytest.mark.parametrize(
    "bench", ["game.bench", "game.bench_memory", "game.bench_net", "game.bench_sound",
              "game.bench_startup", "game.bench_window"]
)  # fmt: skip
def test_every_benchmark_runs_its_children_where_main_py_is(bench):
    assert (importlib.import_module(bench).ROOT / "main.py").is_file()
