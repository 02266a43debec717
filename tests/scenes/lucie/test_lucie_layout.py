"""The fans' places: at home while they fit, pushed along by long neighbours, squeezed
only when a row cannot hold them, and never overlapping or leaving the canvas."""

from hypothesis import given
from hypothesis import strategies as st

from game.display import CANVAS_SIZE
from game.scenes.lucie import layout


def test_the_home_layout_fits_the_canvas():
    cw, ch = layout.CARD_SIZE
    fan_width = cw + 2 * layout.FAN_OFFSET
    assert 5 * layout.FAN_PITCH_X + fan_width <= 640 - 16
    assert layout.FAN_PITCH_X > fan_width and layout.FAN_PITCH_Y > ch
    bottom = layout.TABLEAU_TOP + 2 * layout.FAN_PITCH_Y + ch
    assert layout.FOUNDATION_Y + ch < layout.TABLEAU_TOP and bottom <= 360 - 40
    # The strip a lower card shows is wide enough for its index (rank and suit).
    assert layout.FAN_OFFSET >= 2 + 9 + 2


def test_three_card_fans_sit_at_the_kits_pitch():
    places = layout.fan_places((3,) * 17 + (1,))
    assert [p.x for p in places[:6]] == [layout.home_x(i) for i in range(6)]
    assert {p.offset for p in places} == {layout.FAN_OFFSET}
    assert [p.y for p in places[::6]] == [layout.row_y(r) for r in range(3)]


def test_a_long_fan_pushes_its_neighbours_and_keeps_its_offset():
    places = layout.fan_places((8, 3, 0, 3, 3, 3))
    assert places[0].offset == layout.FAN_OFFSET
    assert places[1].x >= places[0].x + places[0].width + layout.FAN_GAP


@given(st.lists(st.integers(0, 14), min_size=6, max_size=6).filter(lambda n: sum(n) <= 52))
def test_fans_never_overlap_nor_leave_the_canvas(lengths):
    places = [p for p in layout.fan_places(tuple(lengths)) if p.count]
    for place in places:
        assert layout.MARGIN <= place.x and place.x + place.width <= CANVAS_SIZE[0] - layout.MARGIN
        assert place.offset >= layout.MIN_FAN_OFFSET
    for left, right in zip(places, places[1:]):
        assert left.x + left.width + layout.FAN_GAP <= right.x


def test_the_card_under_the_pointer_is_the_top_one_where_cards_overlap():
    places = layout.fan_places((3,) * 6)
    x, y = places[0].card_pos(2)
    assert layout.card_at(places, (x + 5, y + 5)) == (0, 2)
    assert layout.card_at(places, (x - 5, y + 5)) == (0, 1)
    assert layout.card_at(places, (2, 2)) is None


def test_the_fan_places_cache_stays_at_its_cap_after_many_positions():
    """Issue 30: every position of every hand is a new key; the cache keeps to its cap."""
    layout.fan_places.cache_clear()
    for n in range(5 * layout.FAN_PLACES_CACHE_SIZE):
        lengths = tuple((n >> bit) & 7 for bit in range(0, 54, 3))
        assert len(layout.fan_places(lengths)) == len(lengths)
    assert layout.fan_places.cache_info().currsize == layout.FAN_PLACES_CACHE_SIZE
