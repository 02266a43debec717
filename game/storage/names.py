"""Player names as they are typed into the Top Ten: cleaned, bounded, plain data."""

from __future__ import annotations

import unicodedata

from game.lang import N_

# Wide enough for "Genevieve Lancaster", narrow enough for the Top Ten column.
NAME_MAX_LENGTH = 16

# Stored when a name cleans down to nothing, so that no entry is nameless (the name box
# offers it translated, _(DEFAULT_NAME)).
# TRANSLATORS: the name of a player who typed none.
DEFAULT_NAME = N_("Player")


def clean_name(text: str, max_length: int = NAME_MAX_LENGTH) -> str:
    """`text` as a name: printable only, spaces collapsed, stripped, `max_length` at most."""
    # NFC first so that "e" + combining accent counts (and draws) as one letter "é".
    composed = unicodedata.normalize("NFC", str(text))
    # isprintable() drops control and format characters (bidi overrides, zero-width
    # joiners) and lone surrogates, so a name cannot reorder or hide text on screen.
    printable = "".join(ch if ch.isprintable() else " " for ch in composed)
    collapsed = " ".join(printable.split())
    return collapsed[:max_length].rstrip()
