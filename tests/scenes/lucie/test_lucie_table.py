"""What the table shows: the automatic chain card by card, the finding arrow, the draw
after the last shuffle, hints worked out across ticks, and time frozen by the boss key."""

import pygame
from helpers_lucie_scene import (
    CHAIN,
    click_card,
    first_unmovable_top,
    open_table,
    press,
    type_card,
)

from game.engine.lucie import LucieGame
from game.scenes.boss import BossScene
from game.scenes.lucie import layout, present
from tests.harness import (
    key,
    run,
    settle,
)

SLOW_HINT_DEAL = 11  # its first hint takes dozens of slices of search


def arrow_pixels(app, scene, card: str) -> bytes:
    where = scene.shown.now.find(card)
    x, y = layout.arrow_pos(scene.shown.now.places()[where[0]], where[1])
    app.render()
    area = app.display.canvas.subsurface(pygame.Rect((x, y), layout.ARROW_SIZE))
    return pygame.image.tobytes(area, "RGB")


def test_the_automatic_chain_goes_home_card_by_card(new_app):
    app = new_app()
    scene = open_table(app, CHAIN)
    type_card(app, "5H")
    assert scene.game.foundation_tops["H"] == "7H", "the engine chained at once"
    shown = []
    for _ in range(200):
        if shown[-1:] != [scene.shown.now.tops["H"]]:
            shown.append(scene.shown.now.tops["H"])
        if not scene.busy:
            break
        run(app, 1)
    assert shown == ["4H", "5H", "6H", "7H"], "the screen shows each card arrive"
    assert app.sounds == [present.MOVE_SOUND, present.CHAIN_SOUND, present.CHAIN_SOUND]
    assert scene.talk.line.text == "5H home, then 6H, 7H."


def test_the_chain_is_instant_in_fast_mode(new_app):
    app = new_app(fast=True)
    scene = open_table(app, CHAIN)
    type_card(app, "5h")
    assert scene.shown.now.tops["H"] == "7H" and not scene.busy


def test_an_unmovable_card_gets_the_arrow_for_a_second_or_so(new_app):
    app = new_app(fast=True)
    scene = open_table(app, CHAIN)
    without = arrow_pixels(app, scene, "2C")
    type_card(app, "2C")
    assert scene.arrow_card() == "2C" and app.sounds == [], "found, not refused"
    assert arrow_pixels(app, scene, "2C") != without, "the arrow is drawn over the card"
    run(app, present.LOCATE_TICKS - 2)
    assert scene.arrow_card() == "2C"
    run(app, 2)
    assert scene.arrow_card() is None
    assert arrow_pixels(app, scene, "2C") == without


def test_clicking_a_buried_card_finds_it(new_app):
    app = new_app(fast=True)
    scene = open_table(app, CHAIN)
    click_card(app, scene, "9C")
    assert scene.arrow_card() == "9C" and scene.game.position == CHAIN


def test_after_the_last_shuffle_a_buried_card_may_be_clicked_once(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    type_card(app, "s")
    type_card(app, "s")
    draws = [move for move in scene.game.position.legal_moves() if move.draw]
    assert draws, "deal 1's last shuffle offers a draw"
    click_card(app, scene, draws[0].card)
    assert not scene.game.draw_available
    assert scene.game.where(draws[0].card) != (draws[0].from_fan, draws[0].from_index)
    assert scene.talk.line.text.startswith(f"Drew the buried {draws[0].card}")
    buried = next(fan[0] for fan in scene.game.fans if len(fan) > 1)
    click_card(app, scene, buried)
    assert scene.arrow_card() == buried, "once the draw is used, buried cards are found only"


def test_a_hint_is_worked_out_a_slice_per_tick_and_rings_the_card(new_app):
    app = new_app(fast=True)
    scene = open_table(app, SLOW_HINT_DEAL)
    press(app, "?")
    assert scene.hint is None and scene.thinking
    assert scene.talk.line.text == "Thinking..."
    slices = []
    thinking = scene.hints.job
    original_step = thinking.step

    def counted_step(max_ms=None):
        slices.append((scene.app.ticks, max_ms))
        return original_step(max_ms)

    thinking.step = counted_step
    frames = 0
    while scene.hint is None:
        run(app, 1)
        frames += 1
        assert frames < 2000
    assert frames > 5, "the search took many ticks: no frame waited for all of it"
    assert len(slices) == len({tick for tick, _ in slices}), "one budget a tick"
    assert {budget for _, budget in slices} == {scene.think_ms}, "each tick's share is capped"
    card = scene.hint.card
    assert card and scene.highlighted_card() == card and scene.arrow_card() == card
    assert scene.talk.line.text.startswith(f"Hint: play {card}.")
    click_card(app, scene, card)
    reference = LucieGame.new(SLOW_HINT_DEAL)
    reference.apply(card)
    assert scene.game.position == reference.position and scene.hint is None


def test_the_boss_key_freezes_a_card_in_flight(new_app):
    app = new_app()
    scene = open_table(app, CHAIN)
    type_card(app, "5H")
    assert scene.shown.now.flight is not None
    frozen = (scene.shown.now.flight.elapsed, len(scene.steps))
    press(app, "b")
    assert isinstance(app.scenes.top, BossScene)
    run(app, 120)
    assert (scene.shown.now.flight.elapsed, len(scene.steps)) == frozen
    key(app, pygame.K_F12)
    settle(app, scene)
    assert scene.shown.now.tops["H"] == "7H"


def test_a_top_card_with_nowhere_to_go_in_a_real_deal(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    stuck = first_unmovable_top(scene.game)
    click_card(app, scene, stuck)
    assert scene.arrow_card() == stuck and "cannot move yet" in scene.talk.line.text


def test_a_last_deal_where_nothing_can_go_home_ends_the_hand(new_app):
    """PySolFC's "You are stuck": moves are left, none sends a card home, no shuffle and
    no draw remain. The hand ends and counts, instead of waiting for a move that cannot
    come."""
    from tests.engine.lucie.lucie_layouts import layout

    app = new_app(fast=True)
    scene = open_table(app, layout("7D 4S\n9D 5S", home="AH", redeals=0))
    assert scene.game.position.legal_moves() and not scene.game.is_over
    for _ in range(200):
        if scene.finished:
            break
        run(app, 1)
    assert scene.finished and scene.stuck
    assert "No move can bring a card home" in "\n".join(line.text for line in scene.talk.log)
    assert app.storage.stats("lucie").played == 1
