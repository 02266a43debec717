"""Single random changes to valid JSON data, for the mutation property tests.

One change at one place of a saved state or a record file: a number, a key, a list, a
type, a card (a text swapped for another of the game's words), or null. The tests then
check that the program either refuses the result with its own error (and a notice) or
plays on with it without an exception.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

Path = tuple[Any, ...]  # keys and indices from the top of the data

# Numbers that find the edges: signs, zero, off-by-one, huge, and floats where ints live.
EDGE_NUMBERS = [
    0,
    1,
    -1,
    2,
    5,
    6,
    7,
    13,
    52,
    100,
    700,
    1000,
    5000,
    10000,
    10**9,
    10**40,
    -(10**40),
    2**63,
    0.5,
    1.0,
    -0.0,
    1e300,
]
KINDS = ("number", "key", "list", "type", "word", "null")


def paths(data: Any, prefix: Path = ()) -> list[Path]:
    """Every place in `data`, the top included, parents before children."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, prefix + (index,))
    return found


def get(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def replaced(data: Any, path: Path, value: Any) -> Any:
    """A deep copy of `data` with the value at `path` replaced."""
    if not path:
        return value
    result = copy.deepcopy(data)
    parent = get(result, path[:-1])
    parent[path[-1]] = value
    return result


def where(path: Path) -> str:
    return "".join(f"[{step!r}]" for step in path) or "(top)"


@st.composite
def single_change(draw: Callable, data: Any, words: Sequence[str] = ()) -> tuple[Any, str]:
    """(changed copy of `data`, what was changed): one change at one place.

    `words` are texts the game uses (card names, phases, levels...), so that a text can
    become another meaningful one as well as nonsense.
    """
    path = draw(st.sampled_from(paths(data)))
    old = get(data, path)
    kind = draw(st.sampled_from(KINDS))
    if (
        kind == "key"
        and not (isinstance(old, dict) and old)
        or (kind == "list" and not isinstance(old, list))
    ):
        kind = "type"
    if kind == "number":
        new = draw(st.sampled_from(EDGE_NUMBERS) | st.integers(-1000, 1000))
        if isinstance(old, (int, float)) and not isinstance(old, bool):
            new = draw(st.sampled_from([new, old + 1, old - 1, -old, old * 10]))
    elif kind == "key":
        key = draw(st.sampled_from(sorted(old)))
        how = draw(st.sampled_from(["drop", "rename", "add"]))
        new = dict(old)
        if how == "drop":
            del new[key]
        elif how == "rename":
            new[key + "_"] = new.pop(key)
        else:
            new[draw(st.sampled_from(["extra", key.upper(), "x"]))] = draw(
                st.sampled_from([None, 1, "x", [], {}])
            )
        return replaced(data, path, new), f"{where(path)}: key {key!r} {how}"
    elif kind == "list":
        how = draw(st.sampled_from(["drop", "duplicate", "empty", "reverse", "swap", "add"]))
        new = list(old)
        if how == "drop" and new:
            del new[draw(st.integers(0, len(new) - 1))]
        elif how == "duplicate" and new:
            index = draw(st.integers(0, len(new) - 1))
            new.insert(index, copy.deepcopy(new[index]))
        elif how == "empty":
            new = []
        elif how == "reverse":
            new.reverse()
        elif how == "swap" and len(new) > 1:
            i, j = draw(st.integers(0, len(new) - 1)), draw(st.integers(0, len(new) - 1))
            new[i], new[j] = new[j], new[i]
        else:
            new.append(
                copy.deepcopy(draw(st.sampled_from(new)))
                if new and draw(st.booleans())
                else draw(st.sampled_from([0, "x", None, [], {}]))
            )
        return replaced(data, path, new), f"{where(path)}: list {how}"
    elif kind == "type":
        new = draw(st.sampled_from([str(old), [old], {"value": old}, True, False, 0, "", []]))
    elif kind == "word":
        new = draw(st.sampled_from(list(words) + ["", "bogus", "ZZ", "x" * 500, "1", "null"]))
    else:
        new = None
    return replaced(data, path, new), f"{where(path)}: {old!r:.40} -> {new!r:.40}"
