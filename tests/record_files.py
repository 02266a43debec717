"""Record files (settings, Top Tens, statistics) as the game writes them, for tests that
change them: made through the App (each game's set-up screen stores its options) and
Storage (results and Top Ten entries like the games' own)."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

from game.shell.registry import load_games
from game.storage import Storage
from tests.saved_games import saved_games

# A game's own Top Ten details and statistics counters, as the tables record them (a game
# not listed here gets none).
DETAILS = {
    "farkle": {"players": 2},
    "lucie": {},
    "shutbox": {"boxes_shut": 1},
    "mille": {"players": 4},
}
COUNTERS = {
    "farkle": {"farkles": 3, "hot_dice": 1},
    "lucie": {},
    "shutbox": {"boxes_shut": 1},
    "mille": {"coups_fourres": 2, "trips": 1},
}


@functools.cache
def record_files() -> dict[str, bytes]:
    """Every record file of a data folder that has seen each game played, by name."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        games = [info.id for info in load_games()]
        for game_id in games:
            saved_games(folder, game_id)  # its set-up screen stores the options
        storage = Storage(folder)
        storage.settings.mono = True
        storage.settings.volume = 0.5
        storage.save_settings()
        for game_id in games:
            for number, score in enumerate((120, 4650, 80, 100)):
                storage.add_to_top_ten(game_id, f"Player {number}", score, DETAILS.get(game_id, {}))
                # The coach's figures as a table gives them: a game it judged nothing in
                # (None), and opponents of each kind.
                judged = number != 1
                storage.record_result(
                    game_id,
                    won=number % 2 == 0,
                    score=score,
                    counters=COUNTERS.get(game_id, {}),
                    accuracy=60 + number if judged else None,
                    loss=0.125 * number if judged else None,
                    opponent=("expert", "people", "", "expert")[number],
                )
        return {
            path.name: path.read_bytes()
            for path in sorted(folder.glob("*.json"))
            if "-saved" not in path.name
        }
