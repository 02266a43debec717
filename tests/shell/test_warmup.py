"""game.warmup: tables built in the background, and a failure there is not lost."""

import logging

from game.warmup import wait_until_warm, warm_up


def test_a_build_runs_once_and_reports_ready_when_done():
    built = []
    wait_until_warm(("test", "once"), lambda: built.append(1))
    assert warm_up(("test", "once"), lambda: built.append(2))
    assert built == [1]


def test_a_build_that_fails_is_logged_not_left_on_stderr(caplog):
    def broken():
        raise IndexError("list index out of range")

    with caplog.at_level(logging.ERROR, logger="game.warmup"):
        wait_until_warm(("test", "broken"), broken)
    assert "building the tables for ('test', 'broken') failed" in caplog.text
    assert "IndexError" in caplog.text
