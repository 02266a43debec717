"""The program's words in the player's language: English, French or Polish.

Every player-facing string goes through this module (issue 33):

    from game.lang import _, N_, ngettext, number, Msg, nmsg

    _("Roll the dice")                       # translated now, in the current language
    ngettext("{n} point", "{n} points", n).format(n=number(n))
    DIRECTIONS = (N_("left"), N_("right"))   # marked for the catalogs, translated at use
    Msg("{name} rolls {dice}", name="Ann", dice="3 4 5")   # kept as key and values:
        # str() translates it in the language of the moment, and to_json() sends it
        # across the network, so that each screen reads it in its own language.
    nmsg("{n} point", "{n} points", n)        # a Msg with plural forms

English is the language of the source (the msgids); French and Polish come from gettext
catalogs, `.po` files in game/lang/locale/<language>/LC_MESSAGES/ (one per part of the
program, see catalogs.py), compiled into one `messages.mo` per language by the set-up
(`python3 tasks.py i18n compile`, which play, test and exe run when a .po changed). A
message missing from a catalog is shown in English, never as a blank or a crash.

This module is the bottom layer of game/: the engines use it too (their reasons, hints
and log lines are Msgs), so it imports nothing of game and nothing outside the standard
library. Numbers are grouped by the language's own rule (CLDR's, checked against Babel by
the tests) without Babel's 30 MB of locale data in the executable.
"""

from __future__ import annotations

import gettext
import locale
import os
import struct
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

#: The languages the program speaks, in the order Settings offers them.
LANGUAGES = ("en", "fr", "pl")
#: Each language's name in that language (Settings shows them so).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "pl": "Polski"}
DEFAULT_LANGUAGE = "en"
#: The compiled catalogs: game/lang/locale/<language>/LC_MESSAGES/messages.mo.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"

# CLDR's decimal symbols per language, as babel.numbers writes them (the tests compare):
# (group separator, decimal separator). French groups thousands with a narrow no-break
# space, Polish with a no-break space: "1 000" in both, never broken across lines.
_NUMBERS = {"en": (",", "."), "fr": ("\u202f", ","), "pl": ("\u00a0", ",")}

_language = DEFAULT_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_version = 0


def language() -> str:
    """The language in use ("en", "fr" or "pl")."""
    return _language


def version() -> int:
    """A number that changes each time the language does: a screen that keeps words it
    translated (a menu built once) compares it to rebuild them."""
    return _version


def set_language(code: str, locale_dir: Path | None = None) -> bool:
    """Speak `code` from now on. Returns False (and keeps English) for a language we do
    not speak; a language whose catalog is missing or damaged is spoken in English word
    by word, which is what a catalog missing one message does too."""
    global _language, _translations, _version
    code = normalize(code)
    if code is None:
        return False
    _translations = load_translations(code, locale_dir or LOCALE_DIR)
    _language = code
    _version += 1
    return True


def load_translations(code: str, locale_dir: Path) -> gettext.NullTranslations:
    """The compiled catalog of `code`, or no translation (English) without one."""
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError, UnicodeDecodeError, IndexError, KeyError, struct.error):
        # No catalog (a source tree not set up yet) or a damaged one: English.
        return gettext.NullTranslations()


def normalize(code: str | None) -> str | None:
    """ "fr", "fr_FR.UTF-8", "pl-PL", "FR" -> the language we speak; None if not one."""
    if not code:
        return None
    base = code.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the
    platform's own), if we speak it; else English. Used at the first start only."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            candidates.extend(value.split(":"))  # LANGUAGE is a list: "fr:en"
            break
    if environ is None and not candidates:
        try:  # Windows and macOS keep it outside the environment
            candidates.append(locale.getlocale()[0] or "")
        except (ValueError, TypeError):
            pass
    for candidate in candidates:
        code = normalize(candidate)
        if code is not None:
            return code
    return DEFAULT_LANGUAGE


def _(message: str) -> str:
    """`message` (English) in the current language."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Marks `message` for the catalogs without translating it: for words kept in
    constants at import, translated where they are shown with _()."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n` (Polish has three: 1 punkt, 2 punkty,
    5 punktów). The number itself is put in by the caller, with number()."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart by `context` where one English word
    has two translations (a card "Stop" and a button "Stop")."""
    return _translations.pgettext(context, message)


def number(value: int | float, decimals: int = 0) -> str:
    """`value` written the language's way: 1,000 / 1 000; 0.5 / 0,5."""
    group, point = _NUMBERS[_language]
    text = f"{abs(value):,.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    whole = whole.replace(",", group)
    sign = "-" if value < 0 and text.strip("0.,") else ""
    return sign + whole + (point + fraction if fraction else "")


def join_words(words: Iterable[str], conjunction: str = "and") -> str:
    """ "a, b and c" (with conjunction "or": "a, b or c", a list of choices) in the
    current language, its own words for "and" and "or"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    first, last = ", ".join(words[:-1]), words[-1]
    if conjunction == "or":
        # TRANSLATORS: the last two items of a list of choices, e.g. "Farkle or Mille Bornes".
        return _("{first} or {last}").format(first=first, last=last)
    # TRANSLATORS: the last two items of a list, e.g. "Ann, Bob and Cy".
    return _("{first} and {last}").format(first=first, last=last)


#: The JSON form of a Msg is bounded: a guest's screen must never be made to format an
#: endless or deeply nested message by a host (net/protocol.py limits the message size).
MSG_MAX_DEPTH = 4
MSG_MAX_VALUES = 16
MSG_MAX_TEXT = 400


class Msg:
    """A message kept as its English key and its values, translated when shown.

    The engines say what happened with Msgs, and the network carries them as JSON
    (to_json/from_json), so that a Polish guest of an English host reads Polish. `plural`
    and `n` pick a plural form (ngettext); values may be Msgs themselves (a card's name
    in a sentence), translated with it. Numbers among the values are written the
    language's way (a float with one decimal: pass a text for another precision); `{n}`
    holds `n` where a plural is given. Written with Msg, nmsg (plural) and pmsg
    (context), the names the extraction looks for.
    """

    __slots__ = ("key", "plural", "n", "values", "context")

    def __init__(
        self,
        key: str,
        /,  # positional: a value may be named "key" too (a network message's word)
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
        **values: Any,
    ):
        self.key = key
        self.plural = plural
        self.n = n
        self.context = context
        self.values = values

    def text(self) -> str:
        """The message in the current language, its values put in."""
        if self.plural is not None:
            template = ngettext(self.key, self.plural, self.n or 0)
        elif self.context is not None:
            template = pgettext(self.context, self.key)
        else:
            template = _(self.key)
        values = {name: _shown(value) for name, value in self.values.items()}
        if self.n is not None:
            values.setdefault("n", number(self.n))
        if not values:
            return template
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            # A catalog's translation naming a value the message does not have (the
            # tests check the placeholders, but a catalog can be edited by hand): English.
            return self.key.format(**values) if self.plural is None else template

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return self.to_json() == other.to_json()
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.key, self.plural, self.n, self.context))

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: {"key": ..., "values": {...}} plus "plural"/"n"/"context" if set."""
        data: dict[str, Any] = {"key": self.key}
        if self.values:
            data["values"] = {name: _value_json(value) for name, value in self.values.items()}
        for name in ("plural", "n", "context"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        return data

    @classmethod
    def from_json(cls, data: Any, depth: int = 0) -> Msg:
        """A Msg from to_json's data; ValueError for anything else (from the network)."""
        if not isinstance(data, dict) or depth > MSG_MAX_DEPTH:
            raise ValueError("a message must be an object of key and values")
        key = data.get("key")
        if not isinstance(key, str) or len(key) > MSG_MAX_TEXT:
            raise ValueError("a message's key must be a text")
        if set(data) - {"key", "values", "plural", "n", "context"}:
            raise ValueError("a message has fields it may not have")
        plural, n, context = data.get("plural"), data.get("n"), data.get("context")
        if plural is not None and (not isinstance(plural, str) or len(plural) > MSG_MAX_TEXT):
            raise ValueError("a message's plural must be a text")
        if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
            raise ValueError("a message's number must be a whole number")
        if context is not None and (not isinstance(context, str) or len(context) > 40):
            raise ValueError("a message's context must be a short text")
        raw = data.get("values", {})
        if not isinstance(raw, dict) or len(raw) > MSG_MAX_VALUES:
            raise ValueError("a message's values must be an object")
        values = {}
        for name, value in raw.items():
            if not isinstance(name, str) or not name.isidentifier():
                raise ValueError("a message's value names must be names")
            values[name] = _value_from_json(value, depth)
        return cls(key, plural=plural, n=n, context=context, **values)


def _shown(value: Any) -> str:
    if isinstance(value, Msg):
        return value.text()
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return number(value) if isinstance(value, int) else number(value, 1)
    if isinstance(value, (list, tuple)):
        return join_words(_shown(item) for item in value)
    return str(value)


def _value_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_value_json(item) for item in value]
    return value


def _value_from_json(value: Any, depth: int) -> Any:
    if isinstance(value, dict):
        return Msg.from_json(value, depth + 1)
    if isinstance(value, list):
        if len(value) > MSG_MAX_VALUES:
            raise ValueError("a message's list is too long")
        return [_value_from_json(item, depth + 1) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str) and len(value) <= MSG_MAX_TEXT:
        return value
    raise ValueError("a message's value must be a text, a number or a message")


def nmsg(singular: str, plural: str, n: int, /, **values: Any) -> Msg:
    """A Msg with a plural: `{n}` in it is `n` written the language's way."""
    return Msg(singular, plural=plural, n=n, **values)


def pmsg(context: str, key: str, /, **values: Any) -> Msg:
    """A Msg told apart by `context` (see pgettext)."""
    return Msg(key, context=context, **values)


def text(value: str | Msg) -> str:
    """A str as it is, a Msg translated: for code that is handed either."""
    return value.text() if isinstance(value, Msg) else value
