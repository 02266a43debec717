"""Settings, Top Ten tables, statistics and saved games, kept safe on disk.

The app makes one `Storage` and hands it to every scene; see storage.py for the API and
datafolder.py for how files are written and what happens to damaged ones.
"""

from game.storage.names import DEFAULT_NAME, NAME_MAX_LENGTH, clean_name
from game.storage.settings import Settings
from game.storage.stats import GameStats
from game.storage.storage import Storage
from game.storage.topten import TOP_TEN_SIZE, TopTen, TopTenEntry

__all__ = [
    "DEFAULT_NAME",
    "NAME_MAX_LENGTH",
    "TOP_TEN_SIZE",
    "GameStats",  # i18n: not shown (names of the API)
    "Settings",  # i18n: not shown (names of the API)
    "Storage",  # i18n: not shown (names of the API)
    "TopTen",  # i18n: not shown (names of the API)
    "TopTenEntry",  # i18n: not shown (names of the API)
    "clean_name",
]
