"""The coach at the table: every decision of a person here, weighed while they play.

The engine's coach (game.engine.coach and each game's coach module) says how good one
decision was. This is the table's side of it: each decision a person at this screen
makes is written down with the position it was made in (the table's saved data just
before it, so the review can show that moment again), and weighed a slice at a time
while the table waits anyway (the person thinking about the next move). At the end of
the game every decision has its verdict: the accuracy figure for the statistics and the
review of the costliest ones come from these.

Never the computer's decisions, nor the demo's, nor a seat played from elsewhere (its
own screen coaches it). Kept with the saved game, so a resumed game loses nothing; to
keep the file small a position is kept only while it is needed: until its decision is
weighed, and then only for the REVIEW_SIZE costliest decisions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.coach import Judgement, accuracy, closeness
from game.engine.core import Thinking
from game.lang import _, number

# The review lists at most this many decisions (biggest cost first); only theirs keep
# their positions in the saved game.
REVIEW_SIZE = 20
# A saved game's coach keeps at most this many decisions (a long game has a few hundred).
DECISIONS_LIMIT = 2000
# Words longer than this in a saved file are damage.
TEXT_LIMIT = 600
# What an engine may raise on a position or an action it cannot read (a damaged saved
# game, a move it does not count): that decision is then no decision, never a crash.
JUDGING_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError)


@dataclass(frozen=True)
class Verdict:
    """What the coach found about one decision: the Judgement's figures, in plain data
    (kept with the saved game)."""

    cost: float  # in `unit`; 0 for the best
    unit: str  # "points", "win chance"
    exact: bool  # from a solver's exact values; False: an estimate
    spread: float  # an estimate's standard error, in `unit`
    why: str  # the best move and why, in a player's words
    points: float  # the cost in the game's accuracy unit (see accuracy_cost)
    best: Any = None  # the best action, as JSON (the review marks it on the table)
    figures: str = ""  # an estimate's figures behind `why` (the review's detail)

    @classmethod
    def of(cls, judgement: Judgement, points: float, best: Any = None) -> Verdict:
        return cls(
            judgement.cost,
            judgement.unit,
            judgement.exact,
            judgement.spread,
            judgement.why,
            points,
            best,
            judgement.figures,
        )

    def amount(self) -> str:
        """The cost as a figure: "5.6 points", "12% win chance", "434 points"."""
        # An estimate's decimals are noise: whole points.
        return _amount(self.cost, self.unit, self.exact)

    def sureness(self) -> str:
        """How sure an estimate with an uncertainty is that the best does better, in the
        hints' plain words (game.engine.coach.closeness); "" for an exact cost or an
        estimate without one. Its statistics ("± 180 over 32 playouts") are the review's
        detail (`figures`), never the words a player reads first."""
        if self.exact or not self.spread:
            return ""
        sure = closeness(self.cost, self.spread)
        if sure == "close":
            return _("a close call: either is fine")
        if sure == "clearly":
            return _("the best is clearly better")
        return _("the best is slightly better")

    def cost_words(self) -> str:
        """ "5.6 points (exact)", "12% win chance (estimate)", and for an estimate with an
        uncertainty, how sure in plain words: "about 434 points (the best is clearly
        better)"."""
        if self.exact:
            return _("{amount} (exact)").format(amount=self.amount())
        sure = self.sureness()
        if sure:
            return _("about {amount} ({sureness})").format(amount=self.amount(), sureness=sure)
        return _("{amount} (estimate)").format(amount=self.amount())

    def question_words(self) -> str:
        """What coach mode's question says the move gives up: cost_words without how sure
        ("about 434 points"), since the question's own words (`why`) say it."""
        if self.sureness():
            return _("about {amount}").format(amount=self.amount())
        return self.cost_words()

    def points_words(self, unit: str) -> str:
        """The cost in the game's accuracy unit (`unit`, what `points` is in), so that
        the review's list reads in one unit: "5.6 points (exact)", and for a decision
        weighed in another unit both, "about 290 points (4% win chance, estimate)"."""
        if unit == self.unit:
            return self.cost_words()
        amount = _amount(self.points, unit, exact=False)
        # TRANSLATORS: how a cost was found: from exact values, or estimated.
        how = _("exact") if self.exact else (self.sureness() or _("estimate"))
        return _("about {amount} ({other}, {how})").format(
            amount=amount, other=self.amount(), how=how
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "cost": self.cost,
            "unit": self.unit,
            "exact": self.exact,
            "spread": self.spread,
            "why": self.why,
            "points": self.points,
            "best": self.best,
            "figures": self.figures,
        }

    @classmethod
    def from_json(cls, data: Any) -> Verdict:
        if not isinstance(data, Mapping):
            raise ValueError("a verdict is an object")
        numbers = [data.get(name) for name in ("cost", "spread", "points")]
        if not all(_finite(n) and n >= 0 for n in numbers):
            raise ValueError(f"bad figures {numbers!r}"[:120])
        unit, why, exact = data.get("unit"), data.get("why"), data.get("exact")
        if not (
            isinstance(unit, str)
            and len(unit) <= 20
            and isinstance(why, str)
            and len(why) <= TEXT_LIMIT
            and isinstance(exact, bool)
        ):
            raise ValueError("bad words")
        # A verdict saved before figures were kept has none.
        figures = data.get("figures", "")
        if not (isinstance(figures, str) and len(figures) <= TEXT_LIMIT):
            raise ValueError("bad figures")
        cost, spread, points = (float(n) for n in numbers)
        return cls(cost, unit, exact, spread, why, points, data.get("best"), figures)


@dataclass
class Decision:
    """One decision of a person here, and once weighed, its verdict."""

    number: int  # 1, 2, 3... in the order they were made
    seat: int
    moment: str  # when, in the game's words: "Round 3", "Hand 2"
    action: Any  # the engine action, as JSON
    position: dict | None  # the table's saved data just before it
    weighed: bool = False  # the coach has looked (verdict None: nothing to decide)
    verdict: Verdict | None = None
    hinted: bool = False  # made after a hint was shown for it: not the person's own

    @property
    def counted(self) -> bool:
        """It counts in the accuracy: a real decision (with a choice), not a hint's."""
        return self.verdict is not None and not self.hinted

    @property
    def cost(self) -> float:
        return self.verdict.points if self.verdict is not None else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "moment": self.moment,
            "action": self.action,
            "position": self.position,
            "weighed": self.weighed,
            "verdict": None if self.verdict is None else self.verdict.to_json(),
            "hinted": self.hinted,
        }

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        if not isinstance(data, Mapping):
            raise ValueError("a decision is an object")
        number, seat, moment = data.get("number"), data.get("seat"), data.get("moment")
        position, weighed = data.get("position"), data.get("weighed")
        if not (
            _count(number)
            and _count(seat)
            and isinstance(moment, str)
            and len(moment) <= 40
            and isinstance(weighed, bool)
            and (position is None or isinstance(position, dict))
        ):
            raise ValueError("bad decision")
        verdict = data.get("verdict")
        verdict = None if verdict is None else Verdict.from_json(verdict)
        if not weighed and position is None:
            raise ValueError("a decision to weigh without its position")
        # A game saved before hints were marked has no "hinted": none was.
        hinted = data.get("hinted", False)
        if not isinstance(hinted, bool):
            raise ValueError("bad hinted")
        return cls(number, seat, moment, data.get("action"), position, weighed, verdict, hinted)


@dataclass
class SeatSummary:
    """How one person here decided over a game."""

    seat: int
    decisions: int  # decisions weighed (moves with a choice), hints' left out
    accuracy: int | None  # 0-100 (None: nothing to decide)
    loss: float | None  # average cost per decision, in the accuracy unit
    hinted: int = 0  # moves made after a hint was shown for them


Judge = Callable[[Mapping[str, Any], Any], Thinking[Judgement | None]]


@dataclass
class CoachLog:
    """Every decision of the people here in one game, weighed one after another."""

    decisions: list[Decision] = field(default_factory=list)
    _job: tuple[Decision, Thinking[Judgement | None]] | None = None

    # -- writing decisions down ---------------------------------------------------------
    def record(
        self,
        seat: int,
        moment: str,
        action: Any,
        position: dict,
        verdict: Verdict | None = None,
        hinted: bool = False,
    ) -> Decision:
        """A decision just made (before it is applied). `verdict`: already weighed (coach
        mode asked about it); `hinted`: made after a hint was shown for it."""
        number = self.decisions[-1].number + 1 if self.decisions else 1
        decision = Decision(number, seat, moment, action, position, hinted=hinted)
        if verdict is not None:
            self._weighed(decision, verdict)
        self.decisions.append(decision)
        if len(self.decisions) > DECISIONS_LIMIT:
            del self.decisions[0]
        return decision

    def take_back(self) -> None:
        """The last decision was undone: it no longer counts."""
        if self.decisions:
            gone = self.decisions.pop()
            if self._job is not None and self._job[0] is gone:
                self._job = None

    # -- weighing them ------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Decisions are waiting to be weighed."""
        return any(not d.weighed for d in self.decisions)

    @property
    def waiting(self) -> int:
        return sum(1 for d in self.decisions if not d.weighed)

    def weigh(
        self, judge: Judge, verdict_of: Callable[[Judgement], Verdict], max_ms: float
    ) -> bool:
        """Work on the oldest decision not yet weighed for about `max_ms`; True when one
        was finished. A decision the engine refuses to judge (a move it does not count as
        one, a damaged position) counts as no decision."""
        if self._job is None:
            decision = next((d for d in self.decisions if not d.weighed), None)
            if decision is None:
                return False
            assert decision.position is not None
            try:
                self._job = (decision, judge(decision.position, decision.action))
            except JUDGING_ERRORS:
                self._weighed(decision, None)
                return True
        decision, thinking = self._job
        try:
            done = thinking.step(max_ms)
        except JUDGING_ERRORS:
            done, thinking.result = True, None
        if not done:
            return False
        self._job = None
        self._weighed(decision, None if thinking.result is None else verdict_of(thinking.result))
        return True

    def _weighed(self, decision: Decision, verdict: Verdict | None) -> None:
        decision.weighed = True
        decision.verdict = verdict
        self._forget_cheap_positions()

    def _forget_cheap_positions(self) -> None:
        """Only the positions the review may show are kept."""
        shown = {id(d) for d in self.review()}
        for decision in self.decisions:
            if decision.weighed and id(decision) not in shown:
                decision.position = None

    # -- what they add up to ----------------------------------------------------------------
    def review(self, seat: int | None = None) -> list[Decision]:
        """The costliest decisions (of `seat`, or of everyone here), biggest first: those
        that gave something up, at most REVIEW_SIZE."""
        costly = [
            d
            for d in self.decisions
            if d.verdict is not None and d.verdict.cost > 0 and (seat is None or d.seat == seat)
        ]
        costly.sort(key=lambda d: (-d.cost, d.number))
        return costly[:REVIEW_SIZE]

    def summary(self, seat: int, half_at: float, stretch: float = 1.0) -> SeatSummary:
        """The seat's accuracy (game.engine.coach.accuracy with the game's half_at and
        stretch) and average cost, over its own decisions: a move made after a hint is
        the hint's, and is only counted (hinted), as PySolFC marks a game with hints."""
        mine = [d for d in self.decisions if d.seat == seat]
        costs = [d.cost for d in mine if d.counted]
        loss = sum(costs) / len(costs) if costs else None
        figure = accuracy(costs, half_at, stretch) if half_at else None
        return SeatSummary(seat, len(costs), figure, loss, sum(d.hinted for d in mine))

    def ordinal(self, decision: Decision) -> int:
        """Which of its seat's real decisions (those with a choice) this was: 1, 2..."""
        return 1 + sum(
            1
            for d in self.decisions
            if d.seat == decision.seat and d.verdict is not None and d.number < decision.number
        )

    def seats(self) -> list[int]:
        """The seats that made decisions, in order."""
        return sorted({d.seat for d in self.decisions})

    # -- the saved game -----------------------------------------------------------------------
    def to_json(self) -> list[dict[str, Any]]:
        return [d.to_json() for d in self.decisions]

    @classmethod
    def from_json(cls, data: Any) -> CoachLog:
        """The saved decisions; a damaged one is left out (the game itself is intact)."""
        log = cls()
        for item in data if isinstance(data, list) else []:
            try:
                log.decisions.append(Decision.from_json(item))
            except (ValueError, TypeError):
                continue
        del log.decisions[:-DECISIONS_LIMIT]
        return log


def ask_worthy(verdict: Verdict, threshold: float) -> bool:
    """Whether a decision costs enough for coach mode to ask before it is played: more
    than `threshold` (in the accuracy unit), and for an estimate, more than twice its
    own uncertainty, so that the coach never questions a move on noise."""
    if verdict.points <= threshold:
        return False
    return verdict.exact or verdict.cost > 2 * verdict.spread


#: The units the engines' coaches weigh decisions in (Judgement.unit: their keys).
POINTS, WIN_CHANCE = "points", "win chance"  # i18n: not shown (keys)


def _amount(value: float, unit: str, exact: bool) -> str:
    """A cost in its unit, in words: "5.6 points", "12% win chance" (an estimate's
    points whole: its decimals are noise)."""
    if unit == WIN_CHANCE:
        return _("{percent}% win chance").format(percent=number(round(value * 100)))
    figure = _number(value) if exact else number(round(value))
    if unit == POINTS:
        # TRANSLATORS: a cost in points (5.6, 434): an abbreviation is fine.
        return _("{amount} points").format(amount=figure)
    return _("{amount} {unit}").format(amount=figure, unit=_(unit))


def _number(value: float) -> str:
    return number(value, 1) if value < 100 else number(round(value))


def _finite(value: Any) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and abs(value) < 1e9
    )


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9


__all__ = ["CoachLog", "Decision", "REVIEW_SIZE", "SeatSummary", "Verdict", "ask_worthy"]
