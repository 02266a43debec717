"""The player's settings: a few global switches plus each game's own options."""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from game.lang import N_
from game.storage.datafolder import Damaged
from game.storage.keymap import stored_keys_checked
from game.storage.limits import MAX_OPTION_NUMBER, MAX_OPTION_TEXT

#: How fast a game is shown: every animation, shorter ones and pauses, or none.
NORMAL, QUICK, FAST = "normal", "quick", "fast"
SPEEDS = (NORMAL, QUICK, FAST)
#: Marked for the catalogs: shown translated, _(SPEED_LABELS[speed]).
# TRANSLATORS: a game's speed (Settings, a table's F key): every animation, ...
SPEED_LABELS = {NORMAL: N_("Normal"), QUICK: N_("Quick"), FAST: N_("Fast")}


#: The settings that are volumes, 0..1.
VOLUMES = ("volume", "effects_volume", "cheers_volume")


def next_speed(speed: str, step: int = 1) -> str:
    """The speed after `speed` (F at a table, Right in Settings): Normal, Quick, Fast..."""
    index = SPEEDS.index(speed) if speed in SPEEDS else 0
    return SPEEDS[(index + step) % len(SPEEDS)]


def fits_default(value: Any, default: Any) -> bool:
    """True if `value` has the JSON type of `default` (bool and int kept apart; None: any),
    and a number or a text within the bounds of an option (limits.py)."""
    if default is None:
        return True
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and abs(value) <= MAX_OPTION_NUMBER
        )
    if isinstance(default, float):
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and math.isfinite(value)
            and abs(value) <= MAX_OPTION_NUMBER
        )
    if isinstance(default, str):
        return isinstance(value, str) and len(value) <= MAX_OPTION_TEXT
    if isinstance(default, (list, tuple)):
        return isinstance(value, list)
    if isinstance(default, dict):
        return isinstance(value, dict)
    raise TypeError(f"an option's default must be JSON data, not {type(default).__name__}")


def merge_options(
    stored: Mapping[str, Any], defaults: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """`defaults` overlaid with the stored values that fit them, plus unknown stored keys.

    Returns the options and the keys whose stored value did not fit (the default is used).
    """
    options = copy.deepcopy(dict(defaults))
    bad_keys = []
    for key, value in stored.items():
        if key not in defaults:
            options[key] = copy.deepcopy(value)  # another version's option: kept as it is
        elif not fits_default(value, defaults[key]):
            bad_keys.append(key)
        elif isinstance(defaults[key], float):
            options[key] = float(value)  # 1 stored for 1.0
        else:
            options[key] = copy.deepcopy(value)
    return options, bad_keys


@dataclass
class Settings:
    """Global switches, and per game the options its scene owns (validated when it asks)."""

    KIND = "settings"
    SCHEMA = 1

    fullscreen: bool = True
    mono: bool = False
    #: Fast for every game not given a speed of its own in `speeds`: the single flag of
    #: older versions, kept as it was so that their files lose nothing (and read on).
    fast: bool = False
    #: Each game's own speed (NORMAL, QUICK or FAST) by game id, once chosen.
    speeds: dict[str, str] = field(default_factory=dict)
    sound: bool = True
    volume: float = 0.8  # 0..1
    #: Coach mode: before a move that gives up much, the coach asks once (off by default).
    coach: bool = False
    #: The language ("en", "fr", "pl"; "": not chosen yet, the system's is taken at the
    #: first start and kept here).
    language: str = ""
    #: The name typed last at Join (a friend's table), offered again there ("": none yet).
    join_name: str = ""
    # -- Seeing less (issue 34) --------------------------------------------------------
    #: Colour-blind-safe colours (palette.SAFE_COLOURS); black and white (`mono`) wins.
    colour_blind: bool = False
    #: Reduced motion: nothing tumbles, flies or flashes; moves land at once, then pause.
    reduced_motion: bool = False
    #: Volumes of effects (clicks, dice, cards) and of cheers (wins, applause), 0..1.
    #: An older file's single `volume` is read into both (from_json).
    effects_volume: float = 0.8
    cheers_volume: float = 0.8
    # -- end of seeing less ------------------------------------------------------------
    # -- remappable keys (issue 34, the keys part) --
    #: The table commands' keys a player changed, by game id: {"farkle": {"roll": "t"}}
    #: (game.storage.keymap: the defaults, the lookup, and what a file may hold).
    keys: dict[str, dict[str, str]] = field(default_factory=dict)
    # -- end of remappable keys --
    # -- Speech (issue 34): what matters said aloud, through the platform's speech engine
    #: (game.speech); off by default, --speech turns it on for one run.
    speech: bool = False
    # -- the relay (issue 36) --
    #: The relay a host's table opens at when the set-up's "Friends connect" is "Through a
    #: relay" (game.net.relayed.parse_relay's form, e.g. relay.example.org:8765; "": none).
    relay_address: str = ""
    # -- end of the relay --
    # -- issue 34, large text ----------------------------------------------------------
    #: Large text: the next font size up wherever the small one is drawn (off by default).
    large_text: bool = False
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Top-level keys written by a newer version: carried along so a round trip through
    # this version does not drop them.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)

    def speed_of(self, game_id: str | None) -> str:
        """The speed a game is shown at: its own, else the old flag's for every game."""
        own = self.speeds.get(game_id) if game_id else None
        return own if own in SPEEDS else (FAST if self.fast else NORMAL)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        data = copy.deepcopy(self.unknown)
        data.update({name: copy.deepcopy(getattr(self, name)) for name in _switch_names()})
        data["games"] = copy.deepcopy(self.games)
        return data

    @classmethod
    def from_json(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from JSON, each bad value replaced by its default (and reported)."""
        if not isinstance(data, dict):
            raise Damaged("settings are not an object")
        settings, repairs = cls(), []
        switch_names = _switch_names()
        for name in switch_names:
            if name not in data:
                continue  # an older file without this switch: the default is right
            value = data[name]
            if fits_default(value, getattr(settings, name)):
                setattr(settings, name, value)
            else:
                repairs.append(f"{name}={value!r}")
        for game_id, speed in list(settings.speeds.items()):
            if not isinstance(game_id, str) or speed not in SPEEDS:
                repairs.append(f"speeds[{game_id!r}]={speed!r}")
                del settings.speeds[game_id]  # that game takes the speed of the rest
        for name in ("effects_volume", "cheers_volume"):
            if name not in data and fits_default(data.get("volume"), 0.0):
                setattr(settings, name, float(data["volume"]))  # an older file's one volume
        for name in VOLUMES:
            volume = float(getattr(settings, name))
            if not 0.0 <= volume <= 1.0:
                repairs.append(f"{name}={volume!r} out of 0..1")  # i18n: not shown (the log)
                volume = min(1.0, max(0.0, volume))
            setattr(settings, name, volume)
        settings.keys, bad_keys = stored_keys_checked(settings.keys)  # issue 34: keys
        repairs += bad_keys
        games = data.get("games", {})
        if not isinstance(games, dict):
            repairs.append("games is not an object")  # i18n: not shown (the log)
            games = {}
        for game_id, options in games.items():
            if isinstance(options, dict):
                settings.games[game_id] = options
            else:
                repairs.append(
                    f"options of {game_id!r} are not an object"  # i18n: not shown (the log)
                )
        settings.unknown = {
            key: value for key, value in data.items() if key not in switch_names and key != "games"
        }
        return settings, repairs


def _switch_names() -> tuple[str, ...]:
    """The global switches: every field but the option and carry-along dicts."""
    return tuple(f.name for f in fields(Settings) if f.name not in ("games", "unknown"))
