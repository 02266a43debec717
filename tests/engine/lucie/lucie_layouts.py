"""Small La Belle Lucie positions for tests: the fans a test is about, plus one inert fan.

`layout("AS 7S\n9H 8S", home="8H KD KC")` gives those two fans, the listed foundation
tops (suits not listed are empty), and a last "filler" fan holding every other card, each
suit's cards in rising order with a king topped fan at the end, so it offers no move and
takes no card (a king can only go home, and its queen lies under it)."""

from __future__ import annotations

from game.engine.lucie.rules import KING, Position, card_code


def layout(fans: str, home: str = "", redeals: int = 1, draw: bool = False) -> Position:
    """Position with the given fans (one per line, bottom→top) and foundation tops.

    One redeal is left by default, so running out of moves does not end the hand."""
    tops = [0, 0, 0, 0]
    for word in home.split():
        code = card_code(word)
        tops[code >> 4] = code & 15
    explicit = [tuple(card_code(w) for w in line.split()) for line in fans.strip().splitlines()]
    listed = {c for fan in explicit for c in fan}
    filler_by_suit = [
        [s * 16 + r for r in range(tops[s] + 1, KING + 1) if s * 16 + r not in listed]
        for s in range(4)
    ]
    # The suit whose king and queen are both in the filler goes last, so a king tops it.
    order = sorted(
        range(4),
        key=lambda s: s * 16 + KING in filler_by_suit[s] and s * 16 + KING - 1 in filler_by_suit[s],
    )
    filler = tuple(c for s in order for c in filler_by_suit[s])
    all_fans = tuple(explicit) + ((filler,) if filler else ())
    position = Position(all_fans, (tops[0], tops[1], tops[2], tops[3]), redeals, draw)
    position.check()
    if filler:
        top = filler[-1]
        assert top & 15 == KING and top - 1 in filler, "filler is not inert"
    return position


# Only spades left. Winning: 6S onto 7S (or TS onto JS first), then 5S onto 6S frees the
# ace, and everything runs home. 5S onto 6S first buries the two under 6S 5S, which can
# then only go home after it: lost. 4S onto 5S first is lost the same way.
TRAP = """2S 6S
AS 5S
8S 7S
3S 4S
KS QS JS
9S TS
foundations: KC KD KH
redeals: {redeals}
draw: no
"""


def trap(redeals: int = 0) -> Position:
    """A last deal (no redeal left by default) where one move loses a won hand."""
    return Position.from_text(TRAP.format(redeals=redeals))
