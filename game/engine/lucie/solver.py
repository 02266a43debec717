"""Exact La Belle Lucie solver for the current deal (no further redeal), sliceable in time.

Structure the search leans on (see the issue and the notes in DESIGN):

* A card may only ever be built onto its successor (same suit, one rank up), and once
  there its only way out is its foundation. So every card moves at most twice, there are
  no cycles, and a depth-first search with a set of finished states is exact.
* Foundation moves never hurt (the card they free can only gain options), so they are
  made at once, as are builds onto a successor that can itself never move again (a king,
  or a card lying above its own successor): the successor loses nothing by being covered.
* Building the last card of a fan onto its successor frees nothing and only pins the
  successor, so it is never tried.
* Fan order is irrelevant: a state's key is the XOR of a random number per (card, the card
  under it), which identifies the set of fans whatever their order and is updated in O(1).
* Dead positions: a card that can only leave for its foundation (a king, a card above its
  own successor, a card already built on its successor) must reach the foundation before
  any card under it moves; with "a suit goes home in rank order" these orderings form a
  graph, and a cycle in it (a king above a lower card of its suit is the simplest) means
  the position cannot be won. The check is incremental: only the card just built can
  close a new cycle.
* With the draw available, the first move may take any buried card: every such draw that
  leaves no cycle is tried, with the search's table of lost states shared between them.

The search is an explicit stack, so `Solver.step(node_budget)` can be called once per
frame; `solve()` runs it to a time or node limit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.lucie.rules import KING, Position, apply_move, card_text

NODES_PER_STEP = 2_000  # a step of this size takes a few milliseconds
DEFAULT_MAX_SECONDS = 1.0
_SOLVE_CHUNK = 250  # solve() looks at the clock this often

WINNABLE = "winnable"
NOT_WINNABLE = "not_winnable"
UNKNOWN = "unknown"

_KEY_BITS = 64
_ZOBRIST_SEED = "la-belle-lucie/zobrist"
# _Z[card * 64 + card_under] (0 under a fan's bottom card): random 64-bit words.
_Z: list[int] = (lambda rng: [rng.getrandbits(_KEY_BITS) for _ in range(64 * 64)])(
    random.Random(_ZOBRIST_SEED)
)

_WIN = 1
_DEAD = 2


@dataclass
class SolveResult:
    """Outcome of a solve: status, a winning line of card moves, and the effort spent."""

    status: str
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def winnable(self) -> bool:
        """True when a winning line was found."""
        return self.status == WINNABLE

    @property
    def decided(self) -> bool:
        """True unless the budget ran out first."""
        return self.status != UNKNOWN


class _Search:
    """Depth-first search of one position without the draw, on a mutable board."""

    def __init__(
        self,
        position: Position,
        lost: set[int],
        on_node: Callable[[_Search], None] | None = None,
        prune_dead: bool = True,
        caps: tuple[int, int, int, int] | None = None,
    ) -> None:
        self.fans: list[list[int]] = [list(fan) for fan in position.fans if fan]
        self.found = list(position.foundations)
        self.fan_of = [-1] * 64
        self.pos = [0] * 64
        self.key = 0
        self.home = sum(self.found)
        for f, fan in enumerate(self.fans):
            below = 0
            for i, c in enumerate(fan):
                self.fan_of[c] = f
                self.pos[c] = i
                self.key ^= _Z[c * 64 + below]
                below = c
        self.lost = lost
        self.on_node = on_node
        self.prune_dead = prune_dead
        # Highest rank each suit may reach (explorer only): a suit completed before a
        # redeal leaves the others denser in the next deal, which loses more often.
        self.caps = caps
        # Frames: [move leading here or None, safe moves made here, moves to try, next].
        self.stack: list[list] = []
        self.started = False
        self.finished = False
        self.nodes = 0

    # ----------------------------------------------------------------- board changes
    def _do(self, c: int, a: int, b: int) -> None:
        fa = self.fans[a]
        fa.pop()
        below = fa[-1] if fa else 0
        if b < 0:
            self.found[c >> 4] += 1
            self.fan_of[c] = -1
            self.home += 1
            self.key ^= _Z[c * 64 + below]
        else:
            fb = self.fans[b]
            self.pos[c] = len(fb)
            fb.append(c)
            self.fan_of[c] = b
            self.key ^= _Z[c * 64 + below] ^ _Z[c * 64 + c + 1]

    def _undo(self, c: int, a: int, b: int) -> None:
        fa = self.fans[a]
        below = fa[-1] if fa else 0
        if b < 0:
            self.found[c >> 4] -= 1
            self.home -= 1
            self.key ^= _Z[c * 64 + below]
        else:
            self.fans[b].pop()
            self.key ^= _Z[c * 64 + below] ^ _Z[c * 64 + c + 1]
        self.pos[c] = len(fa)
        fa.append(c)
        self.fan_of[c] = a

    # ----------------------------------------------------------------- dead positions
    def _foundation_only(self, z: int) -> bool:
        """A king, or a card above its own successor: it can only leave for home."""
        if z & 15 == KING:
            return True
        f = self.fan_of[z + 1]
        return f == self.fan_of[z] and self.pos[z + 1] < self.pos[z]

    def _closes_cycle(self, x: int) -> bool:
        """True if foundation-only card x must, by the ordering graph, precede itself."""
        fans, fan_of, pos = self.fans, self.fan_of, self.pos
        # need[s]: every card of suit s up to this rank must reach home before x does.
        need = self.found[:]
        sx, rx = x >> 4, x & 15
        if rx - 1 <= need[sx]:
            return False
        work = [(sx * 16 + need[sx] + 1, x - 1)]
        need[sx] = rx - 1
        while work:
            low, high = work.pop()
            for c in range(low, high + 1):
                f = fan_of[c]
                fan = fans[f]
                for i in range(pos[c] + 1, len(fan)):
                    z = fan[i]
                    sz, rz = z >> 4, z & 15
                    if rz <= need[sz]:
                        continue
                    # Only a card that can leave for nowhere but home orders things.
                    if rz != KING and not (fan_of[z + 1] == f and pos[z + 1] < i):
                        continue
                    if sz == sx and rz >= rx:
                        return True
                    work.append((sz * 16 + need[sz] + 1, z))
                    need[sz] = rz
        return False

    def dead(self) -> bool:
        """Full check of the ordering graph (used at the root; later checks are local)."""
        for fan in self.fans:
            for i in range(1, len(fan)):
                z = fan[i]
                if self._foundation_only(z) and self._closes_cycle(z):
                    return True
        return False

    # ----------------------------------------------------------------- search
    def _within_cap(self, c: int) -> bool:
        """May c go home without the automatic chain carrying its suit past the cap?"""
        cap = self.caps[c >> 4]  # type: ignore[index]
        if (c & 15) > cap:
            return False
        if cap >= KING:
            return True
        fans, fan_of, pos = self.fans, self.fan_of, self.pos
        # The chain takes c, c+1, ... while each is uncovered by the cards taken before
        # it (codes c up to x-1); it must stop before the card past the cap.
        stop = (c & ~15) + cap + 1
        for y in fans[fan_of[stop]][pos[stop] + 1 :]:
            if not c <= y < stop:
                return True  # that card stays covered whatever the chain takes
        for x in range(c + 1, stop + 1):
            for y in fans[fan_of[x]][pos[x] + 1 :]:
                if not c <= y < x:
                    return True  # the chain stops at x
        return False

    def _settle(self, log: list[tuple[int, int, int]], changed: list[int] | None) -> None:
        """Make every safe move (never one that can close a cycle: see below).

        `changed` lists the fans whose top card changed since the last settled position
        (None: look at every fan). A safe build needs a new top, or a card that just
        became immovable, so only those fans are looked at."""
        fans, found, fan_of, pos = self.fans, self.found, self.fan_of, self.pos
        caps = self.caps
        pending = list(range(len(fans))) if changed is None else changed
        progress = True
        while progress:
            progress = False
            for s in range(4):
                while found[s] < KING:
                    c = s * 16 + found[s] + 1
                    f = fan_of[c]
                    fan = fans[f]
                    if fan[-1] != c or (caps is not None and not self._within_cap(c)):
                        break
                    self._do(c, f, -1)
                    log.append((c, f, -1))
                    pending.append(f)
            while pending:
                f = pending.pop()
                fan = fans[f]
                if not fan:
                    continue
                e = fan[-1]
                # e onto its successor, when that successor can never move again.
                if len(fan) > 1 and e & 15 != KING:
                    t = e + 1
                    b = fan_of[t]
                    if (
                        b >= 0
                        and b != f
                        and fans[b][-1] == t
                        and (t & 15 == KING or (fan_of[t + 1] == b and pos[t + 1] < pos[t]))
                    ):
                        # No cycle check: t already had to wait for e and ordered
                        # everything under it, so the new build adds no ordering.
                        self._do(e, f, b)
                        log.append((e, f, b))
                        pending.append(f)
                        pending.append(b)
                        progress = True
                        continue
                # e's predecessor onto e, when e can never move again.
                if e & 15 == KING or (fan_of[e + 1] == f and pos[e + 1] < pos[e]):
                    d = e - 1
                    a = fan_of[d]
                    if d & 15 and a >= 0 and a != f and len(fans[a]) > 1 and fans[a][-1] == d:
                        self._do(d, a, f)
                        log.append((d, a, f))
                        pending.append(a)
                        pending.append(f)
                        progress = True
            if not progress:
                # Builds may have uncovered cards that can now go home.
                for s in range(4):
                    if found[s] < KING:
                        c = s * 16 + found[s] + 1
                        if fans[fan_of[c]][-1] == c and (caps is None or self._within_cap(c)):
                            progress = True
                            break

    def _moves(self) -> list[tuple[int, int, int]]:
        fans, found, fan_of = self.fans, self.found, self.fan_of
        scored = []
        for a, fa in enumerate(fans):
            if len(fa) < 2:
                continue
            c = fa[-1]
            if c & 15 == KING:
                continue
            b = fan_of[c + 1]
            if b < 0 or b == a or fans[b][-1] != c + 1:
                continue
            exposed = fa[-2]
            # Uncover cards close to going home first: wins turn up sooner.
            scored.append(((exposed & 15) - found[exposed >> 4], len(fa), c, a, b))
        scored.sort()
        return [(c, a, b) for _, _, c, a, b in scored]

    def _enter(self, move: tuple[int, int, int] | None, changed: list[int] | None) -> int:
        """Settle the position just reached; push a frame, or report a win or a loss."""
        self.nodes += 1
        lost = self.lost
        before = self.key
        if before in lost:
            return _DEAD  # settles into a position already searched
        log: list[tuple[int, int, int]] = []
        self._settle(log, changed)
        if self.home == 52:
            self.stack.append([move, log, [], 0])
            if self.on_node is not None:
                self.on_node(self)
            return _WIN
        # Settling only makes safe moves, so the unsettled position is lost whenever the
        # settled one is: its key is remembered too, and a later arrival skips settling.
        if self.key not in lost:
            lost.add(self.key)
            lost.add(before)
            self.stack.append([move, log, self._moves(), 0])
            if self.on_node is not None:
                self.on_node(self)
            return 0
        lost.add(before)
        for c, a, b in reversed(log):
            self._undo(c, a, b)
        return _DEAD

    def run(self, budget: int) -> int | None:
        """Search up to `budget` nodes: _WIN, _DEAD (searched out) or None (not yet)."""
        if self.finished:
            return _DEAD
        if not self.started:
            self.started = True
            if self.prune_dead and self.dead():
                self.finished = True
                return _DEAD
            outcome = self._enter(None, None)
            if outcome:
                self.finished = outcome == _DEAD
                return outcome
        stack = self.stack
        start = self.nodes
        while stack:
            if self.nodes - start >= budget:
                return None
            frame = stack[-1]
            moves = frame[2]
            if frame[3] < len(moves):
                c, a, b = moves[frame[3]]
                frame[3] += 1
                self._do(c, a, b)
                # Building c on c+1 orders c before every card under c+1: a new cycle
                # needs one (and c+1 here can still move, or it would have been safe).
                if self.prune_dead and self.pos[c + 1] and self._closes_cycle(c):
                    self._undo(c, a, b)
                    continue
                outcome = self._enter((c, a, b), [a, b])
                if outcome == _WIN:
                    return _WIN
                if outcome == _DEAD:
                    self._undo(c, a, b)
                continue
            stack.pop()
            for c, a, b in reversed(frame[1]):
                self._undo(c, a, b)
            if frame[0] is not None:
                self._undo(*frame[0])
        self.finished = True
        return _DEAD

    def line_codes(self) -> list[int]:
        """Cards moved from the root to the current node, safe moves included."""
        cards: list[int] = []
        for frame in self.stack:
            if frame[0] is not None:
                cards.append(frame[0][0])
            cards.extend(c for c, _, _ in frame[1])
        return cards


def playable_line(position: Position, codes: list[int]) -> list[str]:
    """Turn the solver's card moves into engine moves: drop the ones the engine's
    automatic foundation chain will already have made."""
    line: list[str] = []
    current = position
    for code in codes:
        text = card_text(code)
        if current.find(code) is None:
            continue  # already sent home by the chain
        after, events = apply_move(current, text)
        if after is current:
            raise AssertionError(f"solver line rejected at {text}: {events}")
        line.append(text)
        current = after
    return line


class Solver:
    """Incremental exact solve of `position`'s current deal; call step() until it returns."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.lost: set[int] = set()
        self.nodes = 0
        self.seconds = 0.0
        self.result: SolveResult | None = None
        self._candidates = self._openings(position)
        self._search: _Search | None = None
        self._prefix: list[str] = []

    def _openings(self, position: Position) -> list[tuple[list[str], Position]]:
        """The positions to search without the draw: as is, and after each possible draw."""
        plain = Position(position.fans, position.foundations, 0, False)
        openings: list[tuple[list[str], Position]] = [([], plain)]
        if position.draw_available:
            drawn = []
            for move in position.legal_moves():
                if not move.draw:
                    continue
                after, _ = apply_move(position, move.card)
                after = Position(after.fans, after.foundations, 0, False)
                probe = _Search(after, set())
                if probe.dead():
                    continue
                drawn.append(([move.card], after))
            openings.extend(drawn)
        return openings

    def step(self, node_budget: int = NODES_PER_STEP) -> SolveResult | None:
        """Search about `node_budget` more positions; the result once decided, else None."""
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        budget = node_budget
        while budget > 0:
            if self._search is None:
                if not self._candidates:
                    self.result = SolveResult(
                        NOT_WINNABLE, [], self.nodes, self.seconds + time.perf_counter() - started
                    )
                    break
                self._prefix, opening = self._candidates.pop(0)
                self._search = _Search(opening, self.lost)
            search = self._search
            before = search.nodes
            outcome = search.run(budget)
            spent = search.nodes - before
            self.nodes += spent
            budget -= max(spent, 1)
            if outcome == _WIN:
                codes = search.line_codes()
                start = (
                    apply_move(self.position, self._prefix[0])[0] if self._prefix else self.position
                )
                line = self._prefix + playable_line(start, codes)
                self.result = SolveResult(
                    WINNABLE, line, self.nodes, self.seconds + time.perf_counter() - started
                )
                break
            if outcome == _DEAD:
                self._search = None
        self.seconds += time.perf_counter() - started
        if self.result is not None:
            self.result.seconds = self.seconds
        return self.result

    def give_up(self) -> SolveResult:
        """Stop here: the result so far (unknown unless already decided)."""
        if self.result is None:
            self.result = SolveResult(UNKNOWN, [], self.nodes, self.seconds)
        return self.result


def solve(
    position: Position, max_seconds: float = DEFAULT_MAX_SECONDS, max_nodes: int | None = None
) -> SolveResult:
    """Winnable / not winnable / unknown for the current deal with no further redeal."""
    solver = Solver(position)
    deadline = time.perf_counter() + max_seconds
    while True:
        chunk = (
            _SOLVE_CHUNK
            if max_nodes is None
            else max(1, min(_SOLVE_CHUNK, max_nodes - solver.nodes))
        )
        result = solver.step(chunk)
        if result is not None:
            return result
        if time.perf_counter() >= deadline or (max_nodes is not None and solver.nodes >= max_nodes):
            return solver.give_up()


class Explorer:
    """Incremental search of every foundation state reachable in the current deal (the
    draw included when available), keeping the best ones with a line to each.

    A foundation state is the four foundation tops. Before a redeal nothing else about a
    position matters (the tableau is gathered and shuffled), so choosing how to play a
    deal that cannot be won means choosing which reachable foundation state to redeal
    from. Only states not dominated by another (no suit lower) are kept."""

    def __init__(self, position: Position, caps: tuple[int, int, int, int] | None = None) -> None:
        self.position = position
        self.caps = caps
        self.seen: set[int] = set()
        self.nodes = 0
        self.done = False
        self._raw: dict[tuple[int, int, int, int], tuple[list[str], Position, list[int]]] = {}
        self._openings = [([], Position(position.fans, position.foundations, 0, False))]
        if position.draw_available:
            # Every draw is worth exploring here, dead or not: it may still send cards home.
            for move in position.legal_moves():
                if move.draw:
                    after, _ = apply_move(position, move.card)
                    self._openings.append(
                        ([move.card], Position(after.fans, after.foundations, 0, False))
                    )
        self._search: _Search | None = None
        self._prefix: list[str] = []
        self._start: Position = position

    def _record(self, search: _Search) -> None:
        found = (search.found[0], search.found[1], search.found[2], search.found[3])
        raw = self._raw
        if found in raw:
            return
        for other in raw:
            if all(o >= f for o, f in zip(other, found)):
                return
        for other in [o for o in raw if all(f >= o2 for f, o2 in zip(found, o))]:
            del raw[other]
        raw[found] = (self._prefix, self._start, search.line_codes())

    def step(self, node_budget: int = NODES_PER_STEP) -> bool:
        """Explore about `node_budget` more positions; True once everything is explored."""
        budget = node_budget
        while budget > 0 and not self.done:
            if self._search is None:
                if not self._openings:
                    self.done = True
                    break
                self._prefix, opening = self._openings.pop(0)
                self._start = (
                    apply_move(self.position, self._prefix[0])[0] if self._prefix else self.position
                )
                self._search = _Search(
                    opening, self.seen, on_node=self._record, prune_dead=False, caps=self.caps
                )
            search = self._search
            before = search.nodes
            outcome = search.run(budget)
            spent = search.nodes - before
            self.nodes += spent
            budget -= max(spent, 1)
            if outcome is not None:
                self._search = None
        return self.done

    def most_home(self) -> int:
        """The most cards home in any foundation state found so far."""
        return max((sum(found) for found in self._raw), default=self.position.cards_home)

    def results(self) -> dict[tuple[int, int, int, int], list[str]]:
        """Best foundation states found so far, each with the engine moves reaching it."""
        return {
            found: prefix + playable_line(start, codes)
            for found, (prefix, start, codes) in self._raw.items()
        }
