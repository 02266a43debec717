"""Pictograms for the Mille Bornes cards, each at most 24x22, drawn on white."""

from __future__ import annotations

import pygame

from game.art import palette as P

from . import fonts, pix

CAR = """
    ..KKKK.....
    .KccKcK....
    KKKKKKKKKK.
    KAAAAAAAAAK
    KAAAAAAAAYK
    KKKKKKKKKKK
    .KLK..KLK..
    ..K....K...
"""
STAR = """
    ...K...
    .K.Y.K.
    ..KYK..
    KYYWYYK
    ..KYK..
    .K.Y.K.
    ...K...
"""
WRENCH = """
    ...........KK...
    ..........KLLK..
    .........KLLK...
    .........KLK..K.
    .........KLLKKLK
    ........KLLLLLLK
    .......KLLLLLLK.
    ......KLLLLKKK..
    .....KLLLK......
    ....KLLLK.......
    ...KLLLK........
    ..KLLLK.........
    .KLLLK..........
    KLLLK...........
    KLLK............
    .KK.............
"""
PUMP = """
    .KKKKKKKKK.....
    .KWWWWWWWK.....
    .KWKKKKKWK.....
    .KWKYYYKWK.KK..
    .KWKKKKKWK.KLK.
    .KWWWWWWWK..KLK
    .KGGGGGGGK..KLK
    .KGWWWWWGK..KLK
    .KGWGGGWGKK.KLK
    .KGWWWWWGKLKKLK
    .KGGGGGGGKKLLK.
    .KGGGGGGGK.KK..
    .KGGGGGGGK.....
    .KGGGGGGGK.....
    KKKKKKKKKKK....
    KLLLLLLLLLK....
    KKKKKKKKKKK....
"""
TANKER = """
    ......KKKKKKKKKKKKKKK...
    .....KLLLLLLLLLLLLLLLK..
    ....KLWWWWWWWWWWWWWWWLK.
    KKKKKLLLLLLLLLLLLLLLLLK.
    KccKKLLLLLYYYYYLLLLLLLK.
    KccRKLLLLLLLLLLLLLLLLLK.
    KRRRKKLLLLLLLLLLLLLLLK..
    KRRRRKKKKKKKKKKKKKKKKKKK
    KRRRRRRRRRRRRRRRRRRRRRRK
    KKKKKKKKKKKKKKKKKKKKKKKK
    .KKK........KKK..KKK....
    .KLK........KLK..KLK....
    ..K..........K....K.....
"""
SNAIL = """
    .....KKKKK..........
    ...KKYYYYYKK........
    ..KYYKKKKKYYK.......
    .KYYKYYYYYKYYK......
    .KYKYYKKKYYKYK...K.K
    .KYKYKYYYKYKYK...K.K
    .KYKYYKKYKYKYK...KK.
    .KYYKYYYYKYYK...KWK.
    ..KYYKKKKYYK...KWWK.
    KKKKKKKKKKKKKKKKWWK.
    KWWWWWWWWWWWWWWWWK..
    .KKKKKKKKKKKKKKKK...
"""
DUCK = """
    ..........KKK.....
    .........KGGGK....
    ........KGGKGK....
    ........KGGGGKKK..
    ........KGGGGKYYK.
    .........KGGGKKKK.
    ...KK.....KWWK....
    ..KWWKKKKKWWWWK...
    ..KWWWWWWWWWWWWK..
    ..KWWLLLLWWWWWWK..
    ...KWWLLLLWWWWK...
    ....KKWWWWWWKK....
    ......KKKKKK......
    bbbb..bbbbbb..bbbb
"""
BUTTERFLY = """
    ....K.......K....
    .....K.....K.....
    .KKK..K...K..KKK.
    KmmmKK.KKK.KKmmmK
    KmYmmmKKKKKmmmYmK
    KmmmmmKKKKKmmmmmK
    .KmmmmmKKKmmmmmK.
    ..KKKKKKKKKKKKK..
    ..KmmmmKKKmmmmK..
    .KmYmmKKKKKmmYmK.
    .KmmmK.KKK.KmmmK.
    ..KKK..KKK..KKK..
    .......K.K.......
"""
HARE = """
    ...............KK...
    ..............KLLK..
    .............KLLK...
    ............KLLK.KK.
    ...........KLLLKKLLK
    ...........KLLLLLKK.
    ....KKKKKKKLLLKLLLK.
    ..KKLLLLLLLLLLLLLLKK
    .KLLLLLLLLLLLLLLLLK.
    KWKLLLLLLLLLLLLLKK..
    .KKLLLLKKKKKLLLK....
    ..KLLKK....KLLK.....
    .KLLK.......KLLK....
    KLLK.........KKK....
    KKK.................
"""
SWALLOW = """
    KK..................
    KBK.................
    .KBK................
    ..KBKK.........KKK..
    ...KBBK.......KBBBK.
    ....KBBKKK...KBBKBBK
    .....KBBBBKKKBBBBBYK
    ....KBBBBBBBBBBBKKK.
    ...KBBBWWWWWWWBBK...
    ..KBKKKWWWWWWWKK....
    .KBK..KKKKKKKK......
    KBK.................
    KK..................
"""


def car_pair() -> pygame.Surface:
    """Accident: two cars nose to nose under a crash star."""
    s = pix.new(24, 15)
    left = pix.art(CAR, {"A": P.RED})
    right = pix.flip(pix.art(CAR, {"A": P.BLUE}), x=True)
    s.blit(left, (0, 7))
    s.blit(right, (13, 7))
    s.blit(pix.art(STAR), (8, 0))
    return s


def gauge(full: bool) -> pygame.Surface:
    """A fuel gauge: needle on E (out of gas) or on F."""
    s = pix.new(22, 13)
    pix.disc(s, P.BLACK, 11, 12, 11)
    pix.disc(s, P.WHITE, 11, 12, 10)
    pix.rect(s, P.BLACK, (0, 12, 22, 1))
    for x, y in ((3, 8), (6, 4), (11, 3), (16, 4), (19, 8)):
        s.set_at((x, y), P.BLACK)
    pix.bitmap(s, 2, 9, ["##", "#.", "#."], {"#": P.RED})  # E, in red (empty)
    pix.bitmap(s, 18, 9, ["##", "#.", "#."], {"#": P.BLACK})  # F
    tip = (17, 5) if full else (5, 6)
    pix.line(s, P.RED, (11, 11), tip)
    pix.line(s, P.RED, (10, 11), (tip[0] - 1, tip[1]))
    pix.disc(s, P.BLACK, 11, 11.5, 1.6)
    return s


def wheel(flat: bool = False, shield: bool = False) -> pygame.Surface:
    """A tyre on its rim; flat squashes it on the road; shield adds a guard badge."""
    s = pix.new(24, 22)
    cx, cy = 11, 10
    pix.disc(s, P.BLACK, cx + 0.5, cy + 0.5, 10)
    pix.disc(s, P.DARK_GREY, cx + 0.5, cy + 0.5, 8)
    pix.disc(s, P.BLACK, cx + 0.5, cy + 0.5, 6.2)
    pix.disc(s, P.LIGHT_GREY, cx + 0.5, cy + 0.5, 5.5)
    pix.disc(s, P.WHITE, cx, cy, 2.5)
    pix.disc(s, P.BLACK, cx + 0.5, cy + 0.5, 1.2)
    for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3)):
        s.set_at((cx + dx, cy + dy), P.DARK_GREY)
    if flat:
        # Cut the bottom off and spread a bulge on the road.
        pix.rect(s, (0, 0, 0, 0), (0, cy + 8, 24, 6))
        pix.rect(s, P.BLACK, (cx - 10, cy + 7, 22, 3))
        pix.rect(s, P.DARK_GREY, (cx - 8, cy + 7, 18, 1))
        pix.rect(s, P.BLACK, (0, cy + 10, 24, 1))
        pix.bitmap(s, 19, 1, ["K.K", ".K.", "K.K"])  # puff of air
    if shield:
        badge = pix.art("""
            KKKKKKK
            KYYYYYK
            KYYKYYK
            KYKKKYK
            KYYKYYK
            .KYYYK.
            ..KYK..
            ...K...
        """)
        s.blit(badge, (16, 12))
    return s


def traffic_light(lit: str) -> pygame.Surface:
    """A three-lamp signal with the top (red) or bottom (green) lamp lit."""
    s = pix.new(12, 24)
    pix.round_rect(s, P.BLACK, (0, 0, 12, 24), 2)
    colours = {"red": (0, P.RED, P.LIGHT_RED), "green": (2, P.GREEN, P.LIGHT_GREEN)}
    index, rim, glow = colours[lit]
    for i in range(3):
        cy = 4 + i * 8
        if i == index:
            pix.disc(s, rim, 6, cy, 3.8)
            pix.disc(s, glow, 6, cy, 2.9)
            s.set_at((5, cy - 2), P.WHITE)
        else:
            # Unlit lamps are dark rings: black in mono, so the lit one stands out white.
            pix.ring(s, P.DARK_GREY, 6, cy, 3.0, 1.0)
    return s


def roundel(radius: int, text: str, writer, ended: bool = False) -> pygame.Surface:
    """A speed sign: red ring and a number, or (ended) grey number struck through."""
    size = 2 * radius + 1
    s = pix.new(size, size)
    c = radius + 0.5
    pix.disc(s, P.BLACK, c, c, radius + 0.5)
    if ended:
        pix.disc(s, P.WHITE, c, c, radius - 0.5)
    else:
        ring = max(2, radius // 5)
        pix.disc(s, P.RED, c, c, radius - 0.5)
        pix.disc(s, P.BLACK, c, c, radius - 0.5 - ring)
        pix.disc(s, P.WHITE, c, c, radius - 1.5 - ring)
    ink = P.DARK_GREY if ended else P.BLACK
    top = radius - (writer.cap_top + writer.baseline + 1) // 2
    writer.draw(s, text, radius + 1, top, ink, align="center")
    if ended:
        # Three diagonal stripes across, as on the end-of-limit sign.
        for k in (-3, 0, 3):
            for i in range(-radius, radius + 1):
                x, y = radius + i + k, radius - i
                for t in (0, 1):
                    if (
                        0 <= x + t < size
                        and 0 <= y < size
                        and s.get_at((x + t, y)).a
                        and (x + t - c + 0.5) ** 2 + (y - c + 0.5) ** 2 < (radius - 1) ** 2
                    ):
                        s.set_at((x + t, y), P.BLACK)
    return s


def steering_wheel() -> pygame.Surface:
    """Driving ace: a steering wheel with a gold star on the boss."""
    s = pix.new(23, 23)
    c = 11.5
    pix.disc(s, P.BLACK, c, c, 11.5)
    pix.disc(s, P.WHITE, c, c, 8.5)
    pix.ring(s, P.DARK_GREY, c, c, 10.6, 1)
    for x0, y0, x1, y1 in ((3, 11, 8, 11), (15, 11, 20, 11), (11, 14, 11, 20)):
        pix.line(s, P.BLACK, (x0, y0), (x1, y1))
        pix.line(s, P.BLACK, (x0, y0 + 1), (x1, y1 + 1)) if y0 == y1 else pix.line(
            s, P.BLACK, (x0 + 1, y0), (x1 + 1, y1)
        )
    s.blit(pix.art(STAR), (8, 8))
    return s


def priority_diamond(half: int) -> pygame.Surface:
    """Right of way: the French priority-road sign, a yellow diamond in a white one."""
    size = 2 * half + 1
    s = pix.new(size, size)

    def diamond(r, color):
        pix.polygon(
            s,
            color,
            [
                (half + 0.5, half + 0.5 - r),
                (half + 0.5 + r, half + 0.5),
                (half + 0.5, half + 0.5 + r),
                (half + 0.5 - r, half + 0.5),
            ],
        )

    diamond(half + 0.5, P.BLACK)
    diamond(half - 0.5, P.WHITE)
    inner = half * 0.62
    diamond(inner + 1, P.BLACK)
    diamond(inner, P.YELLOW)
    return s


def pictogram(card_id: str, small, large, mini: bool) -> pygame.Surface:
    """The picture of one card at one size (mini pictures skip the outer sign)."""
    writer = small if mini else large
    if card_id == "accident":
        return car_pair()
    if card_id == "out_of_gas":
        return gauge(full=False)
    if card_id == "flat_tire":
        return wheel(flat=True)
    if card_id == "stop":
        return traffic_light("red")
    if card_id == "speed_limit":
        return roundel(11 if mini else 18, "50", writer)
    if card_id == "repairs":
        return pix.art(WRENCH)
    if card_id == "gasoline":
        return pix.art(PUMP)
    if card_id == "spare_tire":
        return wheel()
    if card_id == "roll":
        return traffic_light("green")
    if card_id == "end_of_limit":
        return roundel(11 if mini else 18, "50", writer, ended=True)
    if card_id == "driving_ace":
        return steering_wheel()
    if card_id == "extra_tank":
        return pix.art(TANKER)
    if card_id == "puncture_proof":
        return wheel(shield=True)
    if card_id == "right_of_way":
        return priority_diamond(11 if mini else 19)
    animals = {"25": SNAIL, "50": DUCK, "75": BUTTERFLY, "100": HARE, "200": SWALLOW}
    if mini:
        return pix.art(animals[card_id])
    # Full-size animals are doubled with Scale2x, like the large font: round, not blocky.
    rows = fonts.scale2x(pix.rows_of(animals[card_id]))
    return pix.art("\n".join(rows))
