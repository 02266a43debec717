"""Quiet when still: a frame is presented only when the picture changed, and the loop
sleeps between frames once nothing moves (game/pacing.py)."""

import pygame

from game.pacing import HIDDEN_CHECK_MS, MOTION_TICKS, STILL_AFTER_FRAMES, STILL_CHECK_MS, Pacer
from tests.harness import key, make_app, move, run


def presents_over(app, frames: int) -> int:
    before = app.pacer.presented
    run(app, frames)
    return app.pacer.presented - before


def sleep_ms(app):
    return app.pacer.sleep_ms(app.scenes.top.moving)


def test_a_still_scene_presents_nothing_new_and_the_loop_sleeps(app):
    run(app, STILL_AFTER_FRAMES + 5)
    assert presents_over(app, 120) == 0
    assert sleep_ms(app) == STILL_CHECK_MS


def test_input_presents_again_and_wakes_the_loop(app):
    run(app, STILL_AFTER_FRAMES + 5)
    move(app, (200, 100))  # the pointer is drawn where the mouse is
    assert app.pacer.presented and sleep_ms(app) is None
    before = app.pacer.presented
    key(app, pygame.K_DOWN)  # the title's selection moves
    assert app.pacer.presented == before + 1


def test_a_moving_scene_keeps_the_loop_at_the_tick_rate_and_presents_its_frames(tmp_path):
    from game.scenes.title import ATTRACT_WAIT_TICKS, TitleScene

    demo = make_app(tmp_path, demo=True)  # the title's attract loop: computers play
    demo.push(TitleScene(demo))
    run(demo, ATTRACT_WAIT_TICKS + STILL_AFTER_FRAMES + 5)
    assert demo.scenes.top.moving and sleep_ms(demo) is None
    assert presents_over(demo, 600) > 20
    demo.scenes.clear()


def test_a_lone_change_shows_but_does_not_wake_the_loop(app):
    run(app, STILL_AFTER_FRAMES + 5)
    app.notify("A toast appears by itself")
    assert presents_over(app, 1) == 1
    assert sleep_ms(app) == STILL_CHECK_MS


def test_exposure_repaints_an_unchanged_frame(app):
    run(app, STILL_AFTER_FRAMES + 5)
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert presents_over(app, 1) == 1
    assert presents_over(app, 5) == 0


def test_a_minimised_window_draws_nothing_until_it_is_restored(app):
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    run(app, 1)
    assert sleep_ms(app) == HIDDEN_CHECK_MS
    app.notify("Nobody can see this")
    ticks = app.ticks
    assert presents_over(app, 30) == 0 and app.ticks == ticks + 30  # time goes on
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    assert presents_over(app, 1) == 1


def test_the_real_loop_sleeps_on_the_queue_and_still_ends_on_quit(app, monkeypatch):
    run(app, STILL_AFTER_FRAMES + 5)
    waits = []
    queue_wait = pygame.event.wait

    def wait(timeout_ms):
        waits.append(timeout_ms)
        if len(waits) == 1:  # asleep on the queue: a quit comes while it sleeps
            pygame.time.set_timer(pygame.event.Event(pygame.QUIT), 300, loops=1)
        return queue_wait(timeout_ms)

    # The quit is timed from the loop's first sleep, not from before run(): a busy machine
    # can hold the process longer than the timer before the loop sleeps at all.
    monkeypatch.setattr(pygame.event, "wait", wait)
    app.run()
    assert not app.running
    assert waits and set(waits) == {STILL_CHECK_MS}, "the still title slept on the queue"


class Canvas:
    """A canvas whose pixels the test sets."""

    def __init__(self):
        self.pixels = b"a"

    def get_view(self, kind):
        return self.pixels


def still_pacer(canvas) -> tuple[Pacer, int]:
    """A pacer that has seen STILL_AFTER_FRAMES unchanged frames: the loop may sleep."""
    pacer = Pacer()
    for tick in range(1, STILL_AFTER_FRAMES + 2):
        pacer.should_present(canvas, False, tick)
    return pacer, STILL_AFTER_FRAMES + 1


def test_a_blink_never_wakes_the_loop_however_long_it_slept():
    """A change every 20 ticks (a cursor's blink), seen by a loop that sleeps 6 ticks at a
    time, is no animation: each shows with one present and the loop sleeps on."""
    canvas = Canvas()
    canvas.pixels = b"off"
    pacer, start = still_pacer(canvas)
    presented, tick = pacer.presented, start
    for _ in range(100):
        wait = pacer.sleep_ms(False)
        assert wait == STILL_CHECK_MS, f"woken at tick {tick}"
        tick += wait * 60 // 1000
        canvas.pixels = b"on" if ((tick - start) // 20) % 2 else b"off"
        pacer.should_present(canvas, False, tick)
    assert pacer.presented - presented == (tick - start) // 20  # one per blink, no more


def test_changes_in_two_wakes_in_a_row_are_an_animation_starting():
    canvas = Canvas()
    pacer, tick = still_pacer(canvas)
    canvas.pixels = b"step 1"
    pacer.should_present(canvas, False, tick + 6)
    assert pacer.sleep_ms(False) == STILL_CHECK_MS
    canvas.pixels = b"step 2"
    pacer.should_present(canvas, False, tick + 12)
    assert pacer.sleep_ms(False) is None


def test_a_change_again_within_a_few_ticks_is_motion():
    canvas = Canvas()
    pacer, tick = still_pacer(canvas)
    canvas.pixels = b"step 1"
    pacer.should_present(canvas, False, tick + 1)
    pacer.should_present(canvas, False, tick + 2)  # unchanged in between
    canvas.pixels = b"step 2"
    pacer.should_present(canvas, False, tick + 1 + MOTION_TICKS)
    assert pacer.quiet_frames == 0 and pacer.sleep_ms(False) is None


def test_the_shown_pixels_are_copied_into_one_buffer_kept_for_the_run():
    """Each presented frame's pixels go into the same buffer: a new 900 KB bytes per
    frame, freed a frame later, churned the C heap in a long run (issue 30)."""
    canvas = pygame.Surface((64, 36))
    pacer = Pacer()
    assert pacer.should_present(canvas, False, 1)
    kept = pacer._shown
    for tick in range(2, 12):
        canvas.fill((tick, 0, 0), (tick, 0, 1, 1))
        assert pacer.should_present(canvas, False, tick), "every change is presented"
        assert not pacer.should_present(canvas, False, tick), "an unchanged frame is not"
    assert pacer._shown is kept
    assert kept == canvas.get_buffer().raw
    assert not canvas.get_locked(), "the canvas is not left locked by its buffer"


class HeldSurface(pygame.Surface):
    """A canvas whose lent pixels stay referenced, as a list of every live object would
    keep them."""

    held: list = []

    def get_view(self, *args):
        self.held.append(super().get_view(*args))
        return self.held[-1]

    def get_buffer(self):
        self.held.append(super().get_buffer())
        return self.held[-1]


def test_the_canvas_is_unlocked_after_the_comparison_whoever_holds_its_pixels():
    """A thread listing the live objects (bench_memory --surfaces) may hold whatever the
    pacer made from the canvas; the canvas must still unlock, or the frame's blit fails
    ("Surfaces must not be locked during blit")."""
    canvas = HeldSurface((640, 360))
    pacer = Pacer()
    assert pacer.should_present(canvas, False, 1)
    assert HeldSurface.held and not canvas.get_locked()
    odd = pygame.Surface((3, 3), 0, 24)  # padded rows: the raw bytes instead
    assert pacer.should_present(odd, False, 2)
    assert not odd.get_locked()
    HeldSurface.held.clear()
