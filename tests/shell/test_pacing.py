"""Quiet when still: a frame is presented only when the picture changed, and the loop
sleeps between frames once nothing moves (game/pacing.py)."""
import pygame

from game.pacing import STILL_AFTER_FRAMES, STILL_CHECK_MS, HIDDEN_CHECK_MS
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
    move(app, (200, 100))          # the pointer is drawn where the mouse is
    assert app.pacer.presented and sleep_ms(app) is None
    before = app.pacer.presented
    key(app, pygame.K_DOWN)        # the title's selection moves
    assert app.pacer.presented == before + 1


def test_a_moving_scene_keeps_the_loop_at_the_tick_rate_and_presents_its_frames(tmp_path):
    from game.scenes.title import ATTRACT_WAIT_TICKS, TitleScene

    demo = make_app(tmp_path, demo=True)     # the title's attract loop: computers play
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
    assert presents_over(app, 30) == 0 and app.ticks == ticks + 30   # time goes on
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    assert presents_over(app, 1) == 1


def test_the_real_loop_sleeps_on_the_queue_and_still_ends_on_quit(app):
    run(app, STILL_AFTER_FRAMES + 5)
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), 300, loops=1)
    ticks = app.ticks
    app.run()
    assert not app.running and app.ticks > ticks
