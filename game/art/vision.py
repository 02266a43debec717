"""How colours look to people with colour-blindness, and how far apart two colours look.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model
for Simulation of Color Vision Deficiency", at severity 1.0 (dichromacy: protanopia,
deuteranopia, tritanopia), applied as the paper says to linear RGB. The difference is
CIEDE2000 (ΔE00) in CIELAB under D65. Pure Python: the palette check (tests/art and
`python -m game.bench_colourblind`) runs without a screen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

RGB = tuple[int, int, int]

PROTANOPIA, DEUTERANOPIA, TRITANOPIA = "protanopia", "deuteranopia", "tritanopia"
#: Machado et al. 2009, table of severity 1.0 (rows map linear RGB to linear RGB).
MACHADO_2009: dict[str, tuple[tuple[float, float, float], ...]] = {
    PROTANOPIA: (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    DEUTERANOPIA: (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    TRITANOPIA: (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES = tuple(MACHADO_2009)

# sRGB (D65) to XYZ, and the D65 white.
_TO_XYZ = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)


def to_linear(channel: int) -> float:
    """An 8-bit sRGB channel as linear light, 0..1."""
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(value: float) -> int:
    """Linear light (clipped to 0..1) as an 8-bit sRGB channel."""
    v = min(1.0, max(0.0, value))
    c = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def _apply(matrix, vector) -> tuple[float, float, float]:
    return tuple(sum(m * v for m, v in zip(row, vector)) for row in matrix)  # type: ignore[return-value]


def simulate(color: Sequence[int], deficiency: str) -> RGB:
    """`color` as seen with `deficiency` (one of DEFICIENCIES), as 8-bit sRGB."""
    linear = [to_linear(c) for c in color[:3]]
    seen = _apply(MACHADO_2009[deficiency], linear)
    return (from_linear(seen[0]), from_linear(seen[1]), from_linear(seen[2]))


def lab(color: Sequence[int]) -> tuple[float, float, float]:
    """CIELAB (D65) of an 8-bit sRGB colour."""
    xyz = _apply(_TO_XYZ, [to_linear(c) for c in color[:3]])

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Sequence[int], b: Sequence[int]) -> float:
    """CIEDE2000 between two 8-bit sRGB colours (about 2.3: just noticeable)."""
    return ciede2000(lab(a), lab(b))


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh_angle = 0.0
    elif abs(h2p - h1p) <= 180:
        dh_angle = h2p - h1p
    elif h2p - h1p > 180:
        dh_angle = h2p - h1p - 360
    else:
        dh_angle = h2p - h1p + 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh_angle) / 2)
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh / s_h) ** 2 + r_t * (dc / s_c) * (dh / s_h)
    )


def seen_difference(a: Sequence[int], b: Sequence[int]) -> dict[str, float]:
    """ΔE00 between `a` and `b` with normal vision ("normal") and each deficiency."""
    out = {"normal": delta_e(a, b)}
    for deficiency in DEFICIENCIES:
        out[deficiency] = delta_e(simulate(a, deficiency), simulate(b, deficiency))
    return out
