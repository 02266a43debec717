"""A two-player race model: the chance to win from (my score, their score), used near the end.

Model: each turn a seat banks points drawn from the turn-score distribution of the
points-optimal policy (exact, from solver.turn_distribution); when a bank reaches the
target the other seat gets one final turn in which it plays to beat the score, succeeding
with the exact reach chance. W[a][b] is the chance that the seat to move, with score a,
beats the other with score b. A farkle leaves both scores as they were and passes the
move, so W[a][b] and W[b][a] are solved together as a pair of linear equations; every
other outcome raises a score, so sweeping by the sum of the scores, highest first,
solves the whole table in one pass.

The grid is coarser (100 points) than the turn's 50 to keep the table fast to build; the
Expert only uses it to value a bank that does not end the game, and interpolates.
"""

from __future__ import annotations

from functools import lru_cache
from operator import mul

from .rules import MIN_BANK_SCOPES, MIN_BANKS, TARGETS, UNTIL_ON_BOARD, FarkleOptions
from .solver import reach_chance, turn_distribution

GRID = 100  # points per cell of the race table
# A table per set of options a game can have (0.4 MB each, for 10,000 points).
EVERY_OPTIONS = len(TARGETS) * len(MIN_BANKS) * len(MIN_BANK_SCOPES)
TAIL_MASS = 1e-9  # turn scores rarer than this are dropped from the model


def _turn_distribution_in_cells(min_bank: int) -> list[float]:
    """The banked-points distribution on the coarse grid (index 0: a farkle)."""
    fine = turn_distribution(min_bank)
    last = max(k for k, p in enumerate(fine) if p > TAIL_MASS)
    cells = [0.0] * (last // 2 + 2)
    for k in range(last + 1):
        p = fine[k]
        # A 50-point step falls half-way between two cells: split it between them.
        cells[k // 2] += p if k % 2 == 0 else p / 2
        if k % 2:
            cells[k // 2 + 1] += p / 2
    return cells


class RaceTable:
    """Chance to win a two-seat race to the target, per coarse score cell."""

    def __init__(self, options: FarkleOptions) -> None:
        self.options = options
        size = options.target // GRID
        self.size = size
        on_board = _turn_distribution_in_cells(options.min_bank_for(1))
        off_board = _turn_distribution_in_cells(options.min_bank)
        longest = max(len(on_board), len(off_board))
        # mine[b][a]: the chance that a seat which just stopped at a (cells) wins when the
        # seat with b is about to move; past the target it is the final-round chance.
        mine = [[0.0] * (size + longest) for _ in range(size)]
        for b in range(size):
            for a in range(size, size + longest):
                need = max(a * GRID - b * GRID + 1, options.min_bank_for(b * GRID))
                mine[b][a] = 1.0 - reach_chance(need)
        dist = [
            on_board if (a > 0 or options.min_bank_scope != UNTIL_ON_BOARD) else off_board
            for a in range(size)
        ]
        self.to_move = [[0.0] * size for _ in range(size)]
        for total in range(2 * size - 2, -1, -1):
            for a in range(max(0, total - size + 1), min(size - 1, total) + 1):
                b = total - a
                if a > b:
                    continue  # solved with its mirror
                da, db = dist[a], dist[b]
                gain_a = sum(map(mul, da[1:], mine[b][a + 1 : a + len(da)]))
                gain_b = sum(map(mul, db[1:], mine[a][b + 1 : b + len(db)]))
                pa, pb = da[0], db[0]
                # w_a = gain_a + pa (1 - w_b); w_b = gain_b + pb (1 - w_a)
                w_a = (gain_a + pa * (1.0 - gain_b - pb)) / (1.0 - pa * pb)
                w_b = gain_b + pb * (1.0 - w_a)
                self.to_move[a][b] = w_a
                self.to_move[b][a] = w_b
                mine[b][a] = 1.0 - w_b
                mine[a][b] = 1.0 - w_a

    def win_after_stop(self, mine: int, theirs: int) -> float:
        """My chance to win with `mine` points, the other seat (`theirs`) to move."""
        if mine >= self.options.target:
            need = max(mine - theirs + 1, self.options.min_bank_for(theirs))
            return 1.0 - reach_chance(need)
        top = self.size - 1
        # Scores in the last cell below the target (9950 of 10000) count as its start.
        a, b = min(mine / GRID, top), min(theirs / GRID, top)
        a0, b0 = int(a), int(b)
        a1, b1 = min(a0 + 1, top), min(b0 + 1, top)
        fa, fb = a - a0, b - b0
        w = self.to_move
        # The other seat moves: my chance is 1 - W[theirs][mine], interpolated both ways.
        theirs_win = (1 - fb) * ((1 - fa) * w[b0][a0] + fa * w[b0][a1]) + fb * (
            (1 - fa) * w[b1][a0] + fa * w[b1][a1]
        )
        return 1.0 - theirs_win


@lru_cache(maxsize=EVERY_OPTIONS)
def race_table(options: FarkleOptions) -> RaceTable:
    """The race table for these options, built once per process."""
    return RaceTable(options)
