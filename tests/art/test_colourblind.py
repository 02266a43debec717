"""The colour-blind-safe colours (issue 34): what matters stays apart when seen with
protanopia, deuteranopia and tritanopia (Machado 2009), and by shape or pattern too."""

import pygame
import pytest

from game import bench_colourblind as C
from game.art import palette as P
from game.art import sprites, vision
from game.shell.registry import load_games, registered_games
from tests.harness import make_app

from .conftest import mono

# -- the measures -------------------------------------------------------------------


@pytest.mark.parametrize(
    "lab1, lab2, expected",
    [  # Sharma, Wu & Dalal (2005), their test data
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
        ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ],
)
def test_ciede2000_matches_the_published_pairs(lab1, lab2, expected):
    assert vision.ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_and_black():
    assert vision.lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert vision.lab((0, 0, 0)) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)


@pytest.mark.parametrize("deficiency", vision.DEFICIENCIES)
def test_simulations_keep_greys_grey(deficiency):
    # Each Machado row sums to 1: black, white and greys are seen as they are.
    for level in (0, 85, 170, 255):
        seen = vision.simulate((level, level, level), deficiency)
        assert all(abs(c - level) <= 1 for c in seen)


def test_red_and_green_fall_together_for_red_green_blindness():
    """The simulations do what they are for: pure red and a green of its lightness look
    alike with protanopia and deuteranopia, unlike with tritanopia."""
    red, green = (255, 0, 0), (0, 140, 0)
    seen = vision.seen_difference(red, green)
    assert seen["deuteranopia"] < 15 and seen["protanopia"] < 25
    assert seen["tritanopia"] > 50 and seen["normal"] > 50


# -- the pairs ----------------------------------------------------------------------


def test_no_named_pair_collapses_in_the_safe_colours():
    assert C.collapsed(P.SAFE_COLOURS) == []


def test_the_check_bites_the_drawn_colours_fail_it():
    """EGA's red and green (Mille's attack and remedy, a held die on the felt) are too
    close for a deuteranope: the reason for the option."""
    failures = C.collapsed(P.PALETTE)
    assert any("attack vs remedy: deuteranopia" in f for f in failures)
    assert any("shut door on the felt: deuteranopia" in f for f in failures)


def test_a_collapsed_pair_fails(monkeypatch):
    monkeypatch.setattr(C, "PAIRS", (*C.PAIRS, C.Pair("two of one", "RED", "RED")))
    assert [f for f in C.collapsed() if f.startswith("two of one")]


def test_pairs_name_palette_colours():
    for pair in C.PAIRS:
        assert pair.a in P.NAMES and pair.b in P.NAMES and pair.a != pair.b


def test_safe_colours_are_sixteen_distinct_and_keep_black_white_and_greys():
    assert len(P.SAFE_COLOURS) == 16 == len(set(P.SAFE_COLOURS))
    for name in ("BLACK", "WHITE", "LIGHT_GREY", "DARK_GREY"):
        assert C.colour_of(name) == getattr(P, name)


@pytest.mark.parametrize("index", range(16))
def test_to_safe_shows_each_colour_as_its_twin(index):
    canvas = pygame.Surface((8, 8))
    canvas.fill(P.PALETTE[index])
    out = P.to_safe(canvas)
    assert C.shown_colours(out) == {P.SAFE_COLOURS[index]}


def test_to_safe_odd_sizes_and_filters():
    canvas = pygame.Surface((37, 11))
    canvas.fill(P.RED)
    assert C.shown_colours(P.to_safe(canvas)) == {P.SAFE_COLOURS[4]}
    assert P.picture_filter(P.SAFE) is P.to_safe
    assert P.picture_filter(P.MONO) is P.to_mono
    assert P.picture_filter(P.COLOUR) is None


# -- the screens --------------------------------------------------------------------

# A state of each game that shows its pairs: dice held and free, doors shut and open,
# red and black cards, attacks and remedies, a turn marker.
STATES = {
    "farkle": "mid-turn",
    "shutbox": "play",
    "lucie": "start",
    "mille": "mid-hand",
}


@pytest.fixture(scope="module")
def safe_shots(tmp_path_factory):
    """The states above, as screenshots in the safe colours."""
    load_games()
    folder = tmp_path_factory.mktemp("shots")
    app = make_app(folder / "data", no_save=True)
    app.storage.settings.colour_blind = True
    assert app.showing == P.SAFE
    paths = []
    for info in registered_games():
        for state, setup in info.screenshots(app):
            if STATES.get(info.id) != state:
                continue
            app.scenes.clear()
            setup()
            app.tick()
            app.tick()
            path = folder / f"{info.id}-{state}-safe.png"
            app.snapshot(path, showing=P.SAFE)  # (a set-up may renew the settings)
            paths.append(path)
    app.scenes.clear()
    return paths


def test_each_game_has_its_state(safe_shots):
    assert sorted(p.name for p in safe_shots) == sorted(
        f"{game}-{state}-safe.png" for game, state in STATES.items()
    )


def test_screenshots_show_only_safe_colours_and_the_pairs(safe_shots, tmp_path):
    showing, problems = C.check_pictures(safe_shots, out=tmp_path)
    assert problems == []
    for what in (
        "held die vs free die",
        "shut door vs open door",
        "red suit vs black suit (pips)",
        "Mille: attack vs remedy",
        "turn marker on a dark panel",
    ):
        assert showing[what] >= 1, what
    # And the pictures as seen were written, one per deficiency.
    assert len(list(tmp_path.glob("*.png"))) == 3 * len(safe_shots)


def test_seen_pictures_keep_the_held_die_apart_from_the_felt(safe_shots):
    """In the farkle picture as each deficiency sees it, the held die's colour and the
    felt's stay ΔE00 >= 20 apart (measured on the pictures' own pixels)."""
    farkle = next(p for p in safe_shots if p.name.startswith("farkle"))
    picture = pygame.image.load(str(farkle))
    for deficiency in vision.DEFICIENCIES:
        seen = C.shown_colours(C.as_seen(picture, deficiency))
        held = vision.simulate(C.colour_of("RED"), deficiency)
        felt = vision.simulate(C.colour_of("GREEN"), deficiency)
        assert held in seen and felt in seen
        assert vision.delta_e(held, felt) >= C.MIN_DELTA_E


# -- shape and pattern, not colour alone ---------------------------------------------


def _differing_share(a: pygame.Surface, b: pygame.Surface) -> float:
    assert a.get_size() == b.get_size()
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    pixels = len(pa) // 3
    return sum(pa[i * 3 : i * 3 + 3] != pb[i * 3 : i * 3 + 3] for i in range(pixels)) / pixels


def _sprite_pairs():
    load_games()
    from game.scenes.mille.sprites import mille_card
    from game.scenes.shutbox.sprites import door

    return {
        "held die vs free die": (sprites.die(4, "held"), sprites.die(4, "normal")),
        "shut door vs open door": (door(5, down=True), door(5, down=False)),
        "red suit vs black suit": (sprites.card(5, "hearts"), sprites.card(5, "spades")),
        "attack vs remedy": (mille_card("stop"), mille_card("roll")),
        "attack vs remedy (small)": (mille_card("stop", True), mille_card("roll", True)),
        # One picture on both: only the border tells them apart (dashes on the attack).
        "flat tire vs spare tire (small)": (
            mille_card("flat_tire", True),
            mille_card("spare_tire", True),
        ),
        "speed limit vs its end": (mille_card("speed_limit"), mille_card("end_of_limit")),
    }


@pytest.mark.parametrize("what", list(_sprite_pairs()))
def test_pairs_differ_in_black_and_white_too(what):
    """Without any colour at all (mono: light, dark and the dither pattern) each pair's
    sprites still differ, over at least 3% of their pixels: shape or pattern (a five
    of hearts and of spades differ in their pips' shapes and fill only: 4.4%)."""
    a, b = _sprite_pairs()[what]
    if a.get_size() != b.get_size():
        return  # different shapes outright (a door down is short)
    assert _differing_share(mono(a), mono(b)) >= 0.03


def test_an_attacks_border_is_dashed_and_a_remedys_solid():
    """Mille's attacks and remedies differ by the pattern of their borders, whatever the
    colours: an attack's second band alternates red and white."""
    load_games()
    from game.scenes.mille.sprites import mille_card

    def band(card):  # the second band's top row, inside the corners
        width = card.get_width()
        return [tuple(card.get_at((x, 2)))[:3] for x in range(4, width - 4)]

    for mini in (False, True):
        attack = set(band(mille_card("flat_tire", mini)))
        remedy = set(band(mille_card("spare_tire", mini)))
        assert attack == {P.RED, P.WHITE}
        assert remedy == {P.GREEN}


def test_the_app_presents_the_chosen_colours(tmp_path, monkeypatch):
    """Settings' choice reaches the screen: the frame is presented through to_safe (and
    black and white wins over it); a change of choice alone presents a new frame."""
    load_games()
    app = make_app(tmp_path, no_save=True)
    filters = []
    monkeypatch.setattr(app.display, "present", lambda convert=None: filters.append(convert))
    app.render()
    app.storage.settings.colour_blind = True
    app.render()  # the same canvas, shown another way: presented again
    app.storage.settings.mono = True
    app.render()
    assert filters == [None, P.to_safe, P.to_mono]
