"""Reading a saved state back: each engine's from_json checks all it reads, strictly.

A saved game may be damaged on disk or edited by hand. Restoring it must refuse anything
the rules could not have produced, instead of crashing later in the middle of play (or,
worse, at every Continue). `InvalidState` is the one error for that: a ValueError, so the
scenes' from_saved and the storage set the file aside with a notice. `Reader` reads one
JSON value with the exact types to_json writes, and names the place of the first problem
in its message ("state.players[1].turn_scores[2]: 52 is not within 0..45").
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

# Names are typed on the set-up screens (16 characters there); anything much longer was
# not written by the game.
MAX_NAME_LENGTH = 64


class InvalidState(ValueError):
    """A saved state that breaks a rule the engine relies on; the message says where."""


def require(condition: bool, problem: str) -> None:
    """InvalidState(problem) unless `condition` holds: one rule of a whole state."""
    if not condition:
        raise InvalidState(problem)


@contextmanager
def restoring(what: str) -> Iterator[None]:
    """Any error raised while a state is rebuilt becomes InvalidState.

    The readers catch what they can name; this is the net for a rule checked by a
    constructor (a ValueError of its own) or a shape no reader was asked about.
    """
    try:
        yield
    except InvalidState:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
        raise InvalidState(f"{what}: {type(error).__name__}: {error}") from error


class Reader:
    """One value of a saved state's JSON, read with the types that to_json writes."""

    def __init__(self, value: Any, where: str = "state") -> None:
        self.value = value
        self.where = where

    def fail(self, problem: str) -> NoReturn:
        """InvalidState naming this value's place."""
        raise InvalidState(f"{self.where}: {problem}")

    def check(self, condition: bool, problem: str) -> None:
        """InvalidState naming this value's place unless `condition` holds."""
        if not condition:
            self.fail(problem)

    # -- objects ------------------------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        """The value, which must be an object."""
        if not isinstance(self.value, dict):
            self.fail(
                f"{_shown(self.value)} is not an object"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        return self.value

    def key(self, name: str) -> Reader:
        """The field `name` of this object, which must be there."""
        data = self.as_dict()
        if name not in data:
            self.fail(f"no {name!r}")
        return Reader(data[name], f"{self.where}.{name}")

    def or_none(self) -> Reader | None:
        """None for JSON null, else this reader (for the fields that may be null)."""
        return None if self.value is None else self

    # -- lists --------------------------------------------------------------------------
    def as_list(self, max_length: int, min_length: int = 0) -> list[Reader]:
        """A reader for each item of this list, which has min_length..max_length items."""
        if not isinstance(self.value, list):
            self.fail(
                f"{_shown(self.value)} is not a list"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        if not min_length <= len(self.value) <= max_length:
            self.fail(
                f"{len(self.value)} items, not {min_length}..{max_length}"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        return [Reader(item, f"{self.where}[{index}]") for index, item in enumerate(self.value)]

    # -- plain values -------------------------------------------------------------------
    def as_int(self, low: int, high: int) -> int:
        """An integer (never a bool or a float) within low..high."""
        value = self.value
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(
                f"{_shown(value)} is not a whole number"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        if not low <= value <= high:
            self.fail(
                f"{_shown(value)} is not within {low}..{high}"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        return value

    def as_one_of(self, choices: Collection[Any]) -> Any:
        """One of `choices`, of the same type (1 is not true, 5000.0 is not 5000)."""
        value = self.value
        if not any(type(value) is type(c) and value == c for c in choices):
            self.fail(
                f"{_shown(value)} is not one of {list(choices)}"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        return value

    def as_bool(self) -> bool:
        """true or false."""
        if not isinstance(self.value, bool):
            self.fail(
                f"{_shown(self.value)} is not true or false"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        return self.value

    def as_str(
        self, choices: Collection[str] | None = None, max_length: int = MAX_NAME_LENGTH
    ) -> str:
        """A text, one of `choices` when given, else at most `max_length` characters."""
        value = self.value
        if not isinstance(value, str):
            self.fail(
                f"{_shown(value)} is not a text"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        if choices is not None:
            if value not in choices:
                self.fail(
                    f"{_shown(value)} is not one of {sorted(choices)}"  # i18n: not shown (a damaged file's diagnosis, for the log)
                )
        elif len(value) > max_length:
            self.fail(
                f"a text of {len(value)} characters, over {max_length}"  # i18n: not shown (a damaged file's diagnosis, for the log)
            )
        return value


def _shown(value: Any) -> str:
    """A short picture of a value for a message (a damaged value may be huge)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
