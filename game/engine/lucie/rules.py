"""La Belle Lucie's rules on an immutable Position: deal, moves, the draw and redeals.

Cards are small ints inside the engine: suit index × 16 + rank (ace 1 … king 13), so the
card a card may be built on is `card + 1` and the one built on it is `card - 1`; a king's
`card + 1` is never a card. The public face of every function is the two-character
notation (AC, 2S, TH, JD, QH, KC) in either case.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.engine.cards import RANKS, SUIT_NAMES, SUITS, parse_card
from game.engine.core import Event
from game.engine.saved import Reader, restoring
from game.lang import N_, Msg, pmsg

FAN_SIZE = 3  # cards per fan at the deal and at every redeal
FULL_FANS = 17  # 17 fans of three plus one of one at the deal
REDEALS = 2  # the seed's two re-shuffles
DECK_SIZE = 52
KING = 13
MAX_SCORE = 100
JSON_VERSION = 1

# For the help screen: the seed leaves the formula open ("the highest score possible is 100").
SCORE_RULE = N_(
    "Score: the cards on the foundations \u00d7 100 \u00f7 52, rounded down; a win scores 100."
)

ALL_CARDS: tuple[int, ...] = tuple(s * 16 + r for s in range(4) for r in range(1, 14))


def card_code(text: str) -> int:
    """The engine's int for a card given in notation; ValueError if it is not a card."""
    card = parse_card(text)
    return SUITS.index(card.suit) * 16 + card.rank


def card_text(code: int) -> str:
    """Two-character notation of an engine card int."""
    return RANKS[(code & 15) - 1] + SUITS[code >> 4]


def card_name(code: int) -> Msg:
    """The name of an engine card int, e.g. "ten of hearts", in the language shown."""
    # TRANSLATORS: a card's name, e.g. "ten of hearts"; shown alone or after a colon,
    # as the subject of a sentence: keep it in the nominative.
    return pmsg(
        "card", "{rank} of {suit}", rank=RANK_WORDS[(code & 15) - 1], suit=SUIT_WORDS[code >> 4]
    )


# The cards' names in the language shown (game.engine.cards keeps the English ones,
# RANK_NAMES and SUIT_NAMES), as a card's name says them: "ten of hearts".
RANK_WORDS = (
    pmsg("card rank", "ace"),
    pmsg("card rank", "two"),
    pmsg("card rank", "three"),
    pmsg("card rank", "four"),
    pmsg("card rank", "five"),
    pmsg("card rank", "six"),
    pmsg("card rank", "seven"),
    pmsg("card rank", "eight"),
    pmsg("card rank", "nine"),
    pmsg("card rank", "ten"),
    pmsg("card rank", "jack"),
    pmsg("card rank", "queen"),
    pmsg("card rank", "king"),
)
# In SUITS order (C, D, H, S); "of hearts" in English.
SUIT_WORDS = (
    pmsg("card suit", "clubs"),
    pmsg("card suit", "diamonds"),
    pmsg("card suit", "hearts"),
    pmsg("card suit", "spades"),
)


def deal_rng(deal: int) -> random.Random:
    """The generator that shuffles deal number `deal` (string seeds are stable across runs)."""
    return random.Random(f"la-belle-lucie/deal/{deal}")


def redeal_rng(deal: int, redeal_index: int) -> random.Random:
    """The generator of redeal 1 or 2 of deal `deal`, so undo/redo never changes a shuffle."""
    return random.Random(f"la-belle-lucie/deal/{deal}/redeal/{redeal_index}")


def fans_in_threes(cards: list[int]) -> tuple[tuple[int, ...], ...]:
    """Lay cards out in fans of three, bottom to top; the last fan takes the remainder."""
    return tuple(tuple(cards[i : i + FAN_SIZE]) for i in range(0, len(cards), FAN_SIZE))


@dataclass(frozen=True)
class Move:
    """A legal card move: where the card is and where the engine would put it."""

    card: str
    to: str  # "foundation" or "tableau"
    from_fan: int
    from_index: int
    to_fan: int | None  # the fan built on, for tableau moves
    draw: bool  # True when this is the one-time draw of a buried card


@dataclass(frozen=True)
class Position:
    """Fans bottom→top as card ints, foundation top ranks (C, D, H, S), redeals, the draw."""

    fans: tuple[tuple[int, ...], ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    redeals_left: int = 0
    draw_available: bool = False

    # ----------------------------------------------------------------- construction
    @classmethod
    def deal(cls, deal: int) -> Position:
        """The opening layout of deal number `deal`: 17 fans of three and one of one."""
        cards = list(ALL_CARDS)
        deal_rng(deal).shuffle(cards)
        return cls(fans_in_threes(cards), (0, 0, 0, 0), REDEALS, False)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read fans one per line (bottom→top, "--" for an empty fan) and optional
        `foundations:`, `redeals:` and `draw:` lines; see to_text()."""
        fans: list[tuple[int, ...]] = []
        foundations: tuple[int, int, int, int] | None = None
        redeals = 0
        draw = False
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" in line:
                key, value = (part.strip().lower() for part in line.split(":", 1))
                if key in ("foundation", "foundations"):
                    foundations = _read_foundations(value, number)
                elif key in ("redeal", "redeals"):
                    if not value.isdigit() or int(value) > REDEALS:
                        raise ValueError(f"line {number}: redeals must be 0 to {REDEALS}")
                    redeals = int(value)
                elif key == "draw":
                    if value not in ("yes", "no", "true", "false", "1", "0"):
                        raise ValueError(f"line {number}: draw must be yes or no")
                    draw = value in ("yes", "true", "1")
                else:
                    raise ValueError(f"line {number}: unknown setting {key!r}")
                continue
            if line in ("-", "--", "."):
                fans.append(())
                continue
            try:
                fans.append(tuple(card_code(word) for word in line.split()))
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
        listed = [c for fan in fans for c in fan]
        if len(set(listed)) != len(listed):
            twice = sorted({card_text(c) for c in listed if listed.count(c) > 1})
            raise ValueError(" ".join(twice) + " appears twice")
        if foundations is None:
            foundations = _infer_foundations(fans)
        position = cls(tuple(fans), foundations, redeals, draw)
        position.check()
        return position

    def to_text(self) -> str:
        """The from_text() format: one fan per line, then foundations, redeals and draw."""
        lines = [" ".join(card_text(c) for c in fan) if fan else "--" for fan in self.fans]
        tops = [card_text(s * 16 + r) for s, r in enumerate(self.foundations) if r]
        lines.append("foundations: " + (" ".join(tops) if tops else "-"))
        lines.append(f"redeals: {self.redeals_left}")
        lines.append(f"draw: {'yes' if self.draw_available else 'no'}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data (card notation, not ints, so saved games stay readable)."""
        return {
            "version": JSON_VERSION,
            "fans": [[card_text(c) for c in fan] for fan in self.fans],
            "foundations": {SUITS[s]: r for s, r in enumerate(self.foundations)},
            "redeals_left": self.redeals_left,
            "draw_available": self.draw_available,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        """Inverse of to_json(); InvalidState (a ValueError) on anything inconsistent."""
        return cls.read(Reader(data, "position"))

    @classmethod
    def read(cls, r: Reader) -> Position:
        """The position `r` holds: known cards, each exactly once (see check())."""
        version = r.key("version")
        version.check(
            version.value == JSON_VERSION,
            "not a known La Belle Lucie position",  # i18n: not shown (a saved file's error)
        )
        found = r.key("foundations")
        with restoring(r.where):  # card_code and check() say ValueError
            position = cls(
                tuple(
                    tuple(card_code(c.as_str(max_length=3)) for c in fan.as_list(DECK_SIZE))
                    for fan in r.key("fans").as_list(FULL_FANS + 1)
                ),
                tuple(found.key(suit).as_int(0, KING) for suit in SUITS),  # type: ignore[arg-type]
                r.key("redeals_left").as_int(0, REDEALS),
                r.key("draw_available").as_bool(),
            )
            position.check()
        return position

    def check(self) -> None:
        """ValueError unless every card is exactly once in the fans or on a foundation."""
        if not 0 <= self.redeals_left <= REDEALS:
            raise ValueError(f"redeals left must be 0 to {REDEALS}")
        seen: set[int] = set()
        for fan in self.fans:
            for c in fan:
                if c in seen:
                    raise ValueError(f"{card_text(c)} appears twice")
                seen.add(c)
        for s, top in enumerate(self.foundations):
            if not 0 <= top <= KING:
                raise ValueError("foundation ranks must be 0 to 13")
            for r in range(1, top + 1):
                if s * 16 + r in seen:
                    raise ValueError(
                        f"{card_text(s * 16 + r)} is both in a fan and on its foundation"
                    )
                seen.add(s * 16 + r)
        missing = [card_text(c) for c in ALL_CARDS if c not in seen]
        if missing:
            raise ValueError("cards missing: " + " ".join(missing))

    # ----------------------------------------------------------------- questions
    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return sum(self.foundations)

    @property
    def score(self) -> int:
        """The hand's score: cards on foundations × 100 / 52, rounded down (100 for a win)."""
        return self.cards_home * MAX_SCORE // DECK_SIZE

    @property
    def is_won(self) -> bool:
        """All 52 cards are on the foundations."""
        return self.cards_home == DECK_SIZE

    def tableau_cards(self) -> list[int]:
        """Every card still in the fans."""
        return [c for fan in self.fans for c in fan]

    def find(self, code: int) -> tuple[int, int] | None:
        """(fan, index from the bottom) of a card in the tableau, or None."""
        for f, fan in enumerate(self.fans):
            if code in fan:
                return f, fan.index(code)
        return None

    def destination(self, code: int) -> int | None:
        """Where a card would go: -1 for its foundation, a fan index, or None (nowhere).

        A drawn card lying under its own successor may be built onto it: the card leaves
        its fan first, and the successor on top of that same fan stays on top."""
        if self.foundations[code >> 4] == (code & 15) - 1:
            return -1
        target = code + 1  # a king's is no card: kings only ever go home
        for f, fan in enumerate(self.fans):
            if fan and fan[-1] == target:
                return f
        return None

    def legal_moves(self) -> list[Move]:
        """Every card that may be moved now (tops; with the draw, buried cards too)."""
        moves: list[Move] = []
        for f, fan in enumerate(self.fans):
            for i, c in enumerate(fan):
                top = i == len(fan) - 1
                if not top and not self.draw_available:
                    continue
                place = self.destination(c)
                if place is None:
                    continue
                moves.append(
                    Move(
                        card_text(c),
                        "foundation" if place == -1 else "tableau",
                        f,
                        i,
                        None if place == -1 else place,
                        not top,
                    )
                )
        return moves

    def has_moves(self) -> bool:
        """True when at least one card can move."""
        return bool(self.legal_moves())

    @property
    def is_over(self) -> bool:
        """Won, or no move and no redeal remain."""
        return self.is_won or (self.redeals_left == 0 and not self.has_moves())


def _read_foundations(value: str, number: int) -> tuple[int, int, int, int]:
    tops = [0, 0, 0, 0]
    if value in ("", "-", "--", "none"):
        return (0, 0, 0, 0)
    for word in value.split():
        try:
            code = card_code(word)
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from None
        if tops[code >> 4]:
            raise ValueError(f"line {number}: two foundation tops for one suit")
        tops[code >> 4] = code & 15
    return (tops[0], tops[1], tops[2], tops[3])


def _infer_foundations(fans: Iterable[tuple[int, ...]]) -> tuple[int, int, int, int]:
    """Cards absent from the fans are on their foundations; they must run up from the ace."""
    present = {c for fan in fans for c in fan}
    tops = []
    for s in range(4):
        absent = [r for r in range(1, 14) if s * 16 + r not in present]
        if absent != list(range(1, len(absent) + 1)):
            raise ValueError(
                f"the {SUIT_NAMES[SUITS[s]]} missing from the fans do not run "
                "up from the ace; give a foundations: line"
            )
        tops.append(len(absent))
    return (tops[0], tops[1], tops[2], tops[3])


def _replace_fan(
    fans: tuple[tuple[int, ...], ...], f: int, fan: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return fans[:f] + (fan,) + fans[f + 1 :]


def apply_move(position: Position, text: str) -> tuple[Position, list[Event]]:
    """Play the card named in `text`: foundation first, else the tableau (seed's order).

    Returns the new position (the same object when nothing moved) and the events:
    to_foundation / auto_foundation… / to_tableau, draw_used or draw_expired, won or
    hand_over; or a single locate (a card that cannot move) or illegal (with a reason)."""
    try:
        code = card_code(text)
    except ValueError:
        return position, [
            Event(
                "illegal",
                {
                    "reason": "unknown_card",
                    "card": text.strip(),
                    "message": Msg("{card} is not a card", card=repr(text.strip())),
                },
            )
        ]
    name = card_text(code)
    if position.is_won:
        return position, [
            Event(
                "illegal",
                {"reason": "hand_over", "card": name, "message": Msg("The hand is won")},
            )
        ]
    where = position.find(code)
    if where is None:
        return position, [
            Event(
                "illegal",
                {
                    "reason": "on_foundation",
                    "card": name,
                    "message": Msg("The {card} is already on its foundation", card=card_name(code)),
                },
            )
        ]
    f, i = where
    on_top = i == len(position.fans[f]) - 1
    if not on_top and not position.draw_available:
        return position, [
            Event(
                "illegal",
                {
                    "reason": "buried",
                    "card": name,
                    "fan": f,
                    "index": i,
                    "message": Msg(
                        "The {card} is buried; only the top card of a fan plays",
                        card=card_name(code),
                    ),
                },
            )
        ]
    place = position.destination(code)
    if place is None:
        return position, [Event("locate", {"card": name, "fan": f, "index": i})]

    events: list[Event] = []
    if not on_top:
        events.append(Event("draw_used", {"card": name, "fan": f, "index": i}))
    elif position.draw_available:
        events.append(Event("draw_expired", {}))
    fans = _replace_fan(position.fans, f, position.fans[f][:i] + position.fans[f][i + 1 :])
    foundations = list(position.foundations)
    if place == -1:
        foundations[code >> 4] += 1
        events.append(
            Event("to_foundation", {"card": name, "fan": f, "index": i, "suit": SUITS[code >> 4]})
        )
        fans = _chain_home(fans, foundations, code, events)
    else:
        fans = _replace_fan(fans, place, fans[place] + (code,))
        events.append(
            Event(
                "to_tableau",
                {"card": name, "fan": f, "index": i, "to_fan": place, "onto": card_text(code + 1)},
            )
        )
    after = Position(
        fans,
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        position.redeals_left,
        False,
    )
    events.extend(_ending_events(after))
    return after, events


def _chain_home(
    fans: tuple[tuple[int, ...], ...], foundations: list[int], code: int, events: list[Event]
) -> tuple[tuple[int, ...], ...]:
    """The seed's automatic move: keep sending the next card of the suit home while it
    is on top of a fan."""
    following = code + 1
    while following & 15 <= KING:
        for f, fan in enumerate(fans):
            if fan and fan[-1] == following:
                fans = _replace_fan(fans, f, fan[:-1])
                foundations[following >> 4] += 1
                events.append(
                    Event(
                        "auto_foundation",
                        {"card": card_text(following), "fan": f, "index": len(fan) - 1},
                    )
                )
                break
        else:
            break
        following += 1
    return fans


def _ending_events(position: Position) -> list[Event]:
    if position.is_won:
        return [Event("won", {"score": position.score, "redeals_unused": position.redeals_left})]
    if position.is_over:
        return [Event("hand_over", {"score": position.score})]
    return []


def apply_redeal(position: Position, rng: random.Random) -> tuple[Position, list[Event]]:
    """Gather the tableau, shuffle with `rng`, deal again in threes; foundations stay."""
    if position.redeals_left <= 0:
        return position, [
            Event("illegal", {"reason": "no_redeals", "message": Msg("No redeals are left")})
        ]
    if position.is_won:
        return position, [
            Event("illegal", {"reason": "hand_over", "message": Msg("The hand is won")})
        ]
    # Sorted first, so the shuffle depends only on which cards remain, never on how
    # they happened to lie.
    cards = sorted(position.tableau_cards())
    rng.shuffle(cards)
    left = position.redeals_left - 1
    after = Position(fans_in_threes(cards), position.foundations, left, left == 0)
    events = [
        Event(
            "redeal",
            {"redeals_left": left, "fans": len(after.fans), "draw_available": after.draw_available},
        )
    ]
    events.extend(_ending_events(after))
    return after, events
