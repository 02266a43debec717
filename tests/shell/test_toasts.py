"""Notices at the top of the screen (game.ui.toast)."""

from __future__ import annotations

from game.ui.toast import Toasts


def test_clearing_drops_the_notice_shown_and_those_waiting():
    toasts = Toasts()
    toasts.show("Medal earned: Six of a kind!")
    toasts.show("Saved.")
    toasts.tick()
    assert toasts.current == "Medal earned: Six of a kind!"
    toasts.clear()
    toasts.tick()
    assert toasts.current == ""
    toasts.show("Medal earned: Six of a kind!")
    toasts.tick()
    assert toasts.current == "Medal earned: Six of a kind!", "shown again after a clear"
