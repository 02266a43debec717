"""Sprite sheets: every frame present and the right size, palette-only pixels, and the
distinctions that must survive mono mode.

The sheets are the program's ("ui"), the kits the registered games draw from
(GameInfo.art: "dice", "cards") and each game's own (assets/sprites/<id>.png), whose
frames its package's sprites module names (game/scenes/<id>/sprites.py: FRAMES)."""

import importlib

import pygame
import pytest

from game.art import palette as P
from game.art import sprites as S
from game.art.images import load_png
from game.resources import asset_path
from game.scenes.mille import sprites as mille
from game.scenes.shutbox import sprites as shutbox
from game.shell.registry import load_games

from .conftest import differing, mono, white_fraction

GAMES = load_games()
GAME_IDS = [info.id for info in GAMES]  # each registered game has its icon
KIT_FRAMES = {
    "dice": [f"{k}_{v}_{s}" for k in ("pips", "num") for s in S.DIE_STATES for v in range(1, 7)]
    + [f"tumble_{i}" for i in range(S.DIE_TUMBLE_FRAMES)],
    "cards": [r + s for s in S.SUITS for r in S.RANKS]
    + ["back", "slot", "ring"]
    + [f"slot_{s}" for s in S.SUITS],
    "ui": [f"button_{s}" for s in S.BUTTON_STATES]
    + [f"panel_{s}" for s in S.PANEL_STYLES]
    + [
        "tile_plain",
        "tile_chosen",
        "select_ring",
        "pointer_arrow",
        "pointer_hand",
        "find_arrow_0",
        "find_arrow_1",
        "check_on",
        "check_off",
        "logo",
        "window_icon",
        "window_icon_16",
    ]
    + [f"icon_{g}" for g in GAME_IDS],
}


def has_sheet(name: str) -> bool:
    return asset_path("sprites", f"{name}.json").exists()


def expected_frames() -> dict:
    """Every sheet the program and its registered games draw from, with its frames."""
    sheets = {name: KIT_FRAMES[name] for info in GAMES for name in info.art}
    for info in GAMES:
        if has_sheet(info.id):
            sheets[info.id] = importlib.import_module(f"game.scenes.{info.id}.sprites").FRAMES
    return {"ui": KIT_FRAMES["ui"], **sheets}


EXPECTED_FRAMES = expected_frames()
SHEETS = sorted(EXPECTED_FRAMES)


def test_every_sheet_on_disk_is_drawn_from_and_tested():
    on_disk = {path.stem for path in asset_path("sprites").glob("*.json")}
    assert on_disk == set(SHEETS)
    assert {"dice", "cards", "mille", "shutbox"} <= on_disk


@pytest.mark.parametrize("name", SHEETS)
def test_sheet_has_every_frame(name):
    sheet = S.sheet(name)
    assert sorted(sheet.names()) == sorted(EXPECTED_FRAMES[name])
    for frame in sheet.names():
        assert sheet.frame(frame).get_size() == sheet.rects[frame].size


def test_sizes_match_the_published_constants():
    assert all(S.die(v, s).get_size() == S.DIE_SIZE for v in range(1, 7) for s in S.DIE_STATES)
    assert S.die_tumble(7).get_size() == S.DIE_SIZE
    assert all(S.card(r, s).get_size() == S.CARD_SIZE for r in range(1, 14) for s in S.SUITS)
    assert S.card_back().get_size() == S.card_slot("H").get_size() == S.CARD_SIZE
    ring = S.card_ring().get_size()
    assert ring == (S.CARD_SIZE[0] + 2 * S.CARD_RING, S.CARD_SIZE[1] + 2 * S.CARD_RING)
    for card_id in mille.MILLE_CARDS:
        assert mille.mille_card(card_id).get_size() == mille.MILLE_SIZE
        assert mille.mille_card(card_id, mini=True).get_size() == mille.MILLE_MINI_SIZE
    assert mille.mille_back().get_size() == mille.MILLE_SIZE
    assert all(
        shutbox.door(n, d, h).get_size() == shutbox.DOOR_SIZE
        for n in range(1, 10)
        for d in (False, True)
        for h in (False, True)
    )
    assert shutbox.box().get_size() == shutbox.BOX_SIZE
    assert shutbox.score_dot(True).get_size() == shutbox.SCORE_DOT_SIZE
    assert all(S.game_icon(g).get_size() == S.GAME_ICON_SIZE for g in GAME_IDS)
    assert S.window_icon().get_size() == (32, 32) and S.window_icon(16).get_size() == (16, 16)
    assert S.title_backdrop().get_size() == (640, 360)


def test_sheet_metadata_agrees_with_the_constants():
    assert S.sheet("cards").meta["fan_offset"] == S.FAN_OFFSET
    meta = S.sheet("shutbox").meta
    assert tuple(meta["door_origin"]) == shutbox.BOX_DOOR_ORIGIN
    assert meta["door_pitch"] == shutbox.DOOR_PITCH and meta["hinge"] == shutbox.DOOR_HINGE
    assert pygame.Rect(meta["tray"]) == shutbox.BOX_TRAY
    assert S.pointer_hotspot("arrow") == (0, 0)


@pytest.mark.parametrize("name", SHEETS)
def test_every_sprite_pixel_is_a_palette_colour(name):
    data = pygame.image.tobytes(load_png("sprites", f"{name}.png"), "RGBA")
    assert set(data[3::4]) <= {0, 255}, "no half-transparent pixels"
    colours = {data[i : i + 3] for i in range(0, len(data), 4) if data[i + 3]}
    assert colours <= {bytes(c) for c in P.PALETTE}


def test_backdrop_and_icon_use_the_palette():
    for surface in (S.title_backdrop(), load_png("icon.png")):
        data = pygame.image.tobytes(surface, "RGBA")
        pixels = {data[i : i + 3] for i in range(0, len(data), 4) if data[i + 3]}
        assert pixels <= {bytes(c) for c in P.PALETTE}


def test_accessors_take_friendly_names():
    assert S.card(1, "h") is S.card("A", "H")
    assert S.card(10, "S") is S.card("10", "S") is S.card("T", "S")
    assert S.card_name(13, "clubs") == "KC"
    assert mille.mille_card(25) is mille.mille_card("25")
    assert mille.mille_kind("roll") == "remedy" and mille.mille_kind(200) == "distance"
    with pytest.raises(KeyError):
        S.card(14, "H")
    with pytest.raises(KeyError):
        mille.mille_card("banana")
    with pytest.raises(KeyError):
        S.die(3, "glowing")
    with pytest.raises(KeyError):
        S.game_icon("chess")


def test_mille_names_cover_every_card_in_both_languages():
    assert set(mille.MILLE_NAMES) == set(mille.MILLE_CARDS)
    assert len(mille.MILLE_CARDS) == 19 == len(set(mille.MILLE_CARDS))
    assert mille.MILLE_NAMES["right_of_way"] == ("Right of Way", "Véhicule prioritaire")


def test_nine_slices_grow_to_any_size():
    for w, h in ((8, 8), (61, 17), (300, 200)):
        assert S.button("normal", w, h).get_size() == (w, h)
        assert S.panel(w, h, "light").get_size() == (w, h)
        assert S.tile(w, h, True).get_size() == (w, h)
        assert S.select_ring(w, h).get_size() == (w, h)
    assert S.button("hover", 50, 20) is S.button("hover", 50, 20)


def test_checker_dims_every_other_pixel():
    overlay = S.checker((6, 4))
    for y in range(4):
        for x in range(6):
            assert overlay.get_at((x, y)).a == (255 if (x + y) % 2 == 0 else 0)


# --- mono: what must stay distinguishable without colour ------------------------------


def corner_pip(suit):
    """The small 7x7 suit under the rank in the card's corner, in mono, on white."""
    picture = mono(S.card(7, suit), P.WHITE)
    return picture.subsurface((4 + 3, 4 + 12, 7, 7))


def test_mono_red_suits_are_hollow_and_black_suits_solid():
    def black_pixels(pip):
        return round((1 - white_fraction(pip)) * 49)

    for suit in "HD":
        assert tuple(corner_pip(suit).get_at((3, 3)))[:3] == (255, 255, 255), suit
    for suit in "SC":
        assert tuple(corner_pip(suit).get_at((3, 3)))[:3] == (0, 0, 0), suit
    for red, black in (("H", "S"), ("D", "C"), ("H", "C"), ("D", "S")):
        assert black_pixels(corner_pip(red)) < 0.7 * black_pixels(corner_pip(black))
    # The ace's big pip too: an open heart, a filled spade.
    for suit, ink in (("H", (255, 255, 255)), ("S", (0, 0, 0))):
        ace = mono(S.card(1, suit), P.WHITE)
        assert tuple(ace.get_at((4 + S.CARD_SIZE[0] // 2, 4 + S.CARD_SIZE[1] // 2)))[:3] == ink


def test_mono_held_dice_are_inverted():
    body = S.DIE_BODY.inflate(-8, -8).move(4, 4)
    for numerals in (False, True):
        for v in range(1, 7):
            normal = white_fraction(mono(S.die(v, "normal", numerals)), body)
            held = white_fraction(mono(S.die(v, "held", numerals)), body)
            assert normal > 0.6 and held < 0.4, (v, numerals)


def test_mono_highlighted_dice_show_a_ring():
    for state, base in (("hilite", "normal"), ("held_hilite", "held")):
        a, b = mono(S.die(2, state)), mono(S.die(2, base))
        assert differing(a, b) > 80


def test_mono_shut_doors_differ_from_open_ones():
    for n in range(1, 10):
        up, down = mono(shutbox.door(n)), mono(shutbox.door(n, down=True))
        panel = pygame.Rect(4 + 8, 4 + 8, 20, 30)
        flap = pygame.Rect(4 + 8, 4 + shutbox.DOOR_HINGE + 6, 20, 10)
        assert white_fraction(up, panel) > 0.7 and white_fraction(down, flap) < 0.5
        assert differing(up, down) > 600
        assert differing(mono(shutbox.door(n, hilite=True)), up) > 100


def test_mono_selection_rings_show_on_any_ground():
    # Black, then two white pixels: visible on felt (dither), cards (white) and black.
    for background in (P.FELT, P.WHITE, P.BLACK, P.BLUE):
        for ring in (S.card_ring(), mille.mille_ring(), S.select_ring(40, 30)):
            picture = mono(ring, background)
            y = 4 + ring.get_height() // 2
            band = [tuple(picture.get_at((4 + i, y)))[:3] for i in range(3)]
            assert band == [(0, 0, 0), (255, 255, 255), (255, 255, 255)], background


def test_mono_buttons_tell_their_states_apart():
    faces = {state: mono(S.button(state, 60, 20), P.BLACK) for state in S.BUTTON_STATES}
    states = list(faces)
    for i, a in enumerate(states):
        for b in states[i + 1 :]:
            assert differing(faces[a], faces[b]) > 40, (a, b)
    # Disabled is flat and dotted: no solid white frame line.
    top_edge = faces["disabled"].subsurface((4 + 4, 4, 40, 1))
    assert white_fraction(top_edge) <= 0.5
    assert white_fraction(faces["normal"].subsurface((4 + 4, 4, 40, 1))) == 1.0


def test_mono_title_tiles_show_the_choice():
    assert differing(mono(S.tile(80, 60, True), P.BLUE), mono(S.tile(80, 60, False), P.BLUE)) > 200


def test_mono_mille_categories_differ_in_their_borders():
    def border(card_id):
        return mono(mille.mille_card(card_id), P.BLACK).subsurface((4 + 1, 4 + 30, 3, 20))

    kinds = {"hazard": "stop", "remedy": "roll", "safety": "right_of_way", "distance": "100"}
    seen = {kind: pygame.image.tobytes(border(card), "RGBA") for kind, card in kinds.items()}
    assert len(set(seen.values())) == 4
    # Solid (red) bands around a dashed one (issue 34: a pattern, not colour alone).
    assert 0.0 < white_fraction(border("stop")) < 0.2
    assert 0.3 < white_fraction(border("roll")) < 0.7  # dithered (green) band


def test_mono_traffic_lights_light_different_lamps():
    # The signal (12x24) sits centred on the mini card; lamp i is centred 4 + 8i from its top.
    w, h = mille.MILLE_MINI_SIZE
    left, top = 4 + (w - 12) // 2, 4 + h // 2 - 12

    def lamp(card_id, i):
        picture = mono(mille.mille_card(card_id, mini=True), P.BLACK)
        return white_fraction(picture, (left + 4, top + 4 + 8 * i - 2, 4, 4))

    assert lamp("stop", 0) > 0.7 and lamp("stop", 2) < 0.3
    assert lamp("roll", 2) > 0.7 and lamp("roll", 0) < 0.3
