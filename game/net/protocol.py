"""What a table host and its guests say to each other: JSON messages over a WebSocket.

Every message is one JSON object with a "type". A guest opens with `hello` (the protocol
version, the table code, a name, the seat it asks for, and when it comes back, the secret
token the host gave it); the host answers `welcome` (its seat, token and the name it keeps)
or `refused` (a stable `code` saying why, the `reason` in words, `fatal` when the
connection ends there). Then the guest sends its seat's `action`s (the engine's action
JSON and the move count of the view it answers) and the host sends `view`s: what that seat
may see now (its observation: never another seat's hand or the draw pile), whose turn it
is, its legal actions when it is its turn, and the news since the last view. After the
end of a game the guest may send `again`: it asks for the next game at the same table.

A friend is invited with one line to paste in a chat (`invitation`): the host's address,
port and table code, and whether the table speaks TLS (with the sha256 fingerprint of its
certificate, or "ca" when the guest checks it against the system's authorities).

Words a person reads travel as message keys and values (game.lang's Msg, `to_json`), never
as sentences, so that each screen shows them in its own language: a refusal's `message`,
the news lines of a view, and a "closed" message's `message` on the guest's side. A
refusal keeps its `reason` in English words too, for a reader of an older version.

Pure Python, no pygame, no network: parsing here is validation, so that nothing a guest
(or a host) sends can do more than be refused with a reason.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import re
import secrets
from collections.abc import Mapping
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from game.lang import Msg

#: Both ends must speak the same version; a mismatch is refused with what to do.
#: 2: actions carry the move count of their view; eight-letter codes.
#: 3: what a person reads travels as message keys and values (a refusal's `message`, the
#: news lines of a view), translated on each screen.
#: 4: a hello may ask to watch (a spectator: no seat, the table's public view only).
PROTOCOL_VERSION = 4
#: The largest message either end accepts (a Mille Bornes view is a few KiB).
MAX_MESSAGE_BYTES = 64 * 1024
#: The deepest nesting a message may have, counting every object and list (views are
#: shallow; deep JSON is an attack).
MAX_DEPTH = 12
#: The default port (open it on the host's firewall to play over the internet).
DEFAULT_PORT = 28_989
NAME_LIMIT = 16
#: Seats a hello may ask for (0-based): more than any game has.
MAX_SEATS = 64
# Table codes: letters and digits no one confuses (no 0/O, 1/I/L), two groups of four for
# reading aloud: 31^8, about 2^40 codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
CODE_GROUP = 4
TOKEN_BYTES = 16
#: The longest code field a hello may hold (room for spaces and dashes), and token field.
CODE_FIELD_LIMIT = 20
TOKEN_FIELD_LIMIT = 64
#: The longest name a hello may hold before it is trimmed to NAME_LIMIT.
RAW_NAME_LIMIT = 200
#: How far a move count may go (no game comes near).
MOVES_LIMIT = 10**9

# "again": after the end, the guest asks for the next game at the same table (N there).
CLIENT_TYPES = ("hello", "action", "again", "bye")
HOST_TYPES = ("welcome", "refused", "view", "goodbye")

#: Why a host refuses, as a stable key a guest may act on or translate ("stale": an action
#: answering a view that is no longer the table's; never shown to a person).
REFUSAL_CODES = (
    "version",
    "bad_message",
    "no_hello",
    "wrong_code",
    "too_many_tries",
    "full",
    "no_such_seat",
    "seat_taken",
    "name_taken",
    "flood",
    "kicked",
    "stale",
    "not_your_turn",
    "illegal",
    # Spectators (watch_hello): the host takes no watchers, or no more of them; an action
    # from a watcher (who may not act).
    "no_watchers",
    "watchers_full",
    "watching",
)

INVITATION_SCHEME = "pixelparlor"
#: The invitation's word for "check the certificate against the system's authorities".
TLS_BY_AUTHORITY = "ca"


class ProtocolError(ValueError):
    """A message that is not one this protocol allows; `message` says why (a Msg: str()
    gives it in the language of the moment, `args` in English for the logs) and `code` is
    the refusal code the host answers with."""

    def __init__(self, reason: str | Msg, code: str = "bad_message") -> None:
        super().__init__(english(reason))
        self.message = reason
        self.code = code

    def __str__(self) -> str:
        return self.message.text() if isinstance(self.message, Msg) else str(self.message)


class Invitation(NamedTuple):
    """Where a friend's table is: what `parse_invitation` reads from the pasted line."""

    address: str
    port: int
    code: str
    tls: bool = False
    fingerprint: str | None = None
    #: Through a relay: the table secret after '#' (game/net/seal.py), never sent to it.
    secret: str | None = None


def new_table_code() -> str:
    """A fresh table code, e.g. "K7QXR2M9" (shown as "K7QX-R2M9")."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """The secret a guest keeps to take its seat back after a drop."""
    return secrets.token_hex(TOKEN_BYTES)


def shown_code(code: str) -> str:
    """A code as the screen shows it: "K7QX-R2M9"."""
    return "-".join(code[start : start + CODE_GROUP] for start in range(0, len(code), CODE_GROUP))


def normal_code(typed: str) -> str:
    """A code as typed ("k7qx r2m9", "K7QX-R2M9") in its stored form, "K7QXR2M9"."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


def valid_code(code: Any) -> bool:
    """Whether `code` is a table code in its stored form (a saved table's is checked)."""
    return (
        isinstance(code, str)
        and len(code) == CODE_LENGTH
        and all(ch in CODE_ALPHABET for ch in code)
    )


def fingerprint(certificate: bytes) -> str:
    """The sha256 fingerprint (hex) of a certificate in DER form, as an invitation holds it."""
    return hashlib.sha256(certificate).hexdigest()


def encode(message: Mapping[str, Any]) -> str:
    """A message as sent (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def decode(text: Any, expected: tuple[str, ...]) -> dict[str, Any]:
    """A received message, checked for size, shape and type; ProtocolError otherwise."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE_BYTES:
            raise ProtocolError(Msg("message too large"))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(Msg("not UTF-8 text")) from None
    if not isinstance(text, str):
        raise ProtocolError(Msg("not a text message"))
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(Msg("message too large"))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(Msg("not JSON")) from None
    if not isinstance(data, dict):
        raise ProtocolError(Msg("a message is a JSON object"))
    if too_deep(data):
        raise ProtocolError(Msg("message nested too deep"))
    kind = data.get("type")
    if kind not in expected:
        raise ProtocolError(Msg("unknown message type {kind}", kind=repr(str(kind)[:20])))
    return data


def hello(
    code: str, name: str, seat: int | None = None, token: str | None = None
) -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "code": code,
        "name": name,
        "seat": seat,
        "token": token,
    }


def checked_hello(data: Mapping[str, Any]) -> tuple[str, str, int | None, str | None]:
    """(code, name, seat asked for, token) of a hello; ProtocolError with what to do."""
    version = data.get("protocol")
    if not _whole(version) or version != PROTOCOL_VERSION:
        raise ProtocolError(
            Msg(
                "this table speaks protocol {version} and you sent {sent}:"
                " both players need the same version of Pixel Parlor",
                version=str(PROTOCOL_VERSION),
                sent=str(version)[:10],
            ),
            "version",
        )
    code, name = data.get("code"), data.get("name")
    seat, token = data.get("seat"), data.get("token")
    if not isinstance(code, str) or len(code) > CODE_FIELD_LIMIT:
        raise ProtocolError(Msg("no table code"))
    if not isinstance(name, str) or len(name) > RAW_NAME_LIMIT:
        raise ProtocolError(Msg("no name"))
    if seat is not None and not (_whole(seat) and 0 <= seat < MAX_SEATS):
        raise ProtocolError(Msg("no such seat"), "no_such_seat")
    if token is not None and not (isinstance(token, str) and len(token) <= TOKEN_FIELD_LIMIT):
        raise ProtocolError(Msg("bad token"))
    printable = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LIMIT].strip()
    if not printable:
        raise ProtocolError(Msg("no name"))
    return normal_code(code), printable, seat, token


# -- spectators ------------------------------------------------------------------------
#: The most watchers a table takes (the host may take fewer, or none).
MAX_WATCHERS = 8


def watch_hello(code: str, name: str) -> dict[str, Any]:
    """A hello that asks to watch: no seat, no token; the host answers `welcome` with
    `"watching": true` and `"seat": null`, then public views (what every seat may see, no
    hand), or a refusal ("no_watchers", "watchers_full")."""
    return {**hello(code, name), "watch": True}


def wants_to_watch(data: Mapping[str, Any]) -> bool:
    """Whether a hello (checked by checked_hello) asks to watch; ProtocolError for a
    `watch` that is not true or false, or one that asks for a seat or brings a token."""
    watch = data.get("watch", False)
    if not isinstance(watch, bool):
        raise ProtocolError(Msg("watch is true or false"))
    if watch and (data.get("seat") is not None or data.get("token") is not None):
        raise ProtocolError(Msg("a watcher takes no seat"), "no_such_seat")
    return watch


def watch_welcome(game: str, name: str) -> dict[str, Any]:
    """The host's welcome to a watcher: no seat, no token."""
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "game": game,
        "seat": None,
        "token": None,
        "name": name,
        "watching": True,
    }


def action_message(action: Any, moves: int) -> dict[str, Any]:
    """An action of the sender's seat, answering the view of move count `moves`."""
    return {"type": "action", "action": action, "moves": moves}


def again_message() -> dict[str, Any]:
    """After the end of a game: the guest asks for the next one at the same table."""
    return {"type": "again"}


def checked_action(data: Mapping[str, Any]) -> tuple[Any, int]:
    """(engine action JSON, the move count of the view it answers) of an action message."""
    if "action" not in data:
        raise ProtocolError(Msg("an action message without its action"))
    moves = data.get("moves")
    if not (_whole(moves) and 0 <= moves <= MOVES_LIMIT):
        raise ProtocolError(Msg("an action needs the move count of its view"))
    return data["action"], moves


def refused(code: str, reason: str | Msg, fatal: bool = False) -> dict[str, Any]:
    """A refusal: `code` one of REFUSAL_CODES, `reason` in words for a person: a Msg
    travels as its key and values (`message`), translated on the guest's screen, and in
    English words (`reason`) for a reader of an older version."""
    if code not in REFUSAL_CODES:
        raise ValueError(f"no refusal code {code!r}")
    message = {"type": "refused", "code": code, "reason": english(reason)[:300], "fatal": fatal}
    if isinstance(reason, Msg):
        message["message"] = reason.to_json()
    return message


def closed(reason: str | Msg) -> dict[str, Any]:
    """The guest's own last message of a connection (never sent): why it ended, as a
    refusal says it (`said` reads both)."""
    message: dict[str, Any] = {"type": "closed", "reason": english(reason)}
    if isinstance(reason, Msg):
        message["message"] = reason.to_json()
    return message


# -- words for a person ----------------------------------------------------------------
#: What a guest shows for words from the host it cannot read (a damaged message).
UNREADABLE = Msg("The host sent words this program cannot read.")


def said_json(words: str | Msg) -> Any:
    """Words as they travel: a Msg as its key and values, a text as it is."""
    return words.to_json() if isinstance(words, Msg) else words


def said_from_json(data: Any) -> str | Msg:
    """Words from said_json's data: a text (printable, at most MAX_SAID characters) or a
    Msg; ValueError for anything else."""
    if isinstance(data, str):
        return _printable(data)
    return Msg.from_json(data)


def said(message: Mapping[str, Any]) -> str | Msg:
    """What a refusal or a "closed" message says, for the guest's screen: its `message`
    (key and values, translated when shown), else its `reason` (an older host's words);
    UNREADABLE for a `message` that is no message."""
    if "message" in message:
        try:
            return Msg.from_json(message["message"])
        except ValueError:
            return UNREADABLE
    reason = message.get("reason")
    if isinstance(reason, str) and reason.strip():
        return _printable(reason)
    return Msg("no reason given")


MAX_SAID = 300


def _printable(text: str) -> str:
    return "".join(ch for ch in text[:MAX_SAID] if ch.isprintable())


def english(words: str | Msg) -> str:
    """Words in English whatever the language of the moment (a refusal's `reason`, the
    host's audit log): a Msg's key with its values put in the English way."""
    if not isinstance(words, Msg):
        return str(words)
    template = words.key if words.plural is None or words.n == 1 else words.plural
    values = {name: _english_value(value) for name, value in words.values.items()}
    if words.n is not None:
        values.setdefault("n", f"{words.n:,}")
    if not values:
        return template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def _english_value(value: Any) -> str:
    if isinstance(value, Msg):
        return english(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, (list, tuple)):
        words = [_english_value(item) for item in value]
        return "".join(words) if len(words) <= 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return str(value)


# -- invitations ------------------------------------------------------------------------
def invitation(
    address: str, port: int, code: str, fingerprint: str | None = None, tls: bool = False
) -> str:
    """The one line a host pastes in a chat: `pixelparlor://HOST:PORT/ABCD-EFGH`, with
    `?tls=<sha256 hex>` when the certificate is pinned by `fingerprint`, `?tls=ca` when
    `tls` and the guest checks it against the system's authorities."""
    host = f"[{address}]" if ":" in address else address
    line = f"{INVITATION_SCHEME}://{host}:{port}/{shown_code(normal_code(code))}"
    if fingerprint is not None:
        return f"{line}?tls={fingerprint.lower()}"
    return f"{line}?tls={TLS_BY_AUTHORITY}" if tls else line


_HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,252})")
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")


class Place(NamedTuple):
    """Where a `pixelparlor://` line points, before its table code: the host, the port if
    one is written (None: the reader's default), and its tls= (an invitation's, and a
    relay's address as a host types it)."""

    address: str
    port: int | None
    tls: bool
    fingerprint: str | None
    path: str
    fragment: str


def parse_place(text: Any) -> Place:
    """The place a `pixelparlor://` line names; ProtocolError saying what is wrong."""
    if not isinstance(text, str) or len(text) > 400:
        raise ProtocolError(Msg("an invitation is one line of text"))
    line, scheme = text.strip(), f"{INVITATION_SCHEME}://"
    if not line.lower().startswith(scheme):
        raise ProtocolError(Msg("an invitation starts with {scheme}", scheme=scheme))
    try:
        parts = urlsplit(line)
        port = parts.port
    except ValueError:
        raise ProtocolError(Msg("the invitation's address or port cannot be read")) from None
    address = parts.hostname or ""
    bracketed = parts.netloc.startswith("[")
    if parts.username is not None or not _address(address, bracketed):
        raise ProtocolError(Msg("the invitation names no host"))
    if port == 0:
        raise ProtocolError(Msg("the invitation's port is 0"))
    tls, fingerprint = False, None
    if parts.query:
        key, _equals, value = parts.query.partition("=")
        value = value.lower().replace(":", "")
        if key.lower() != "tls" or not (value == TLS_BY_AUTHORITY or _FINGERPRINT.fullmatch(value)):
            raise ProtocolError(Msg("the invitation's tls= is neither ca nor a sha256 fingerprint"))
        tls, fingerprint = True, None if value == TLS_BY_AUTHORITY else value
    return Place(address, port, tls, fingerprint, parts.path, parts.fragment)


def parse_invitation(text: Any) -> Invitation:
    """The table an invitation line points at; ProtocolError saying what is wrong."""
    place = parse_place(text)
    secret = relay_secret(place.fragment)
    code = normal_code(place.path.strip("/"))
    if not valid_code(code):
        raise ProtocolError(
            Msg(
                "the invitation's table code is not {count} letters and digits",
                count=CODE_LENGTH,
            )
        )
    port = place.port or DEFAULT_PORT
    return Invitation(place.address, port, code, place.tls, place.fingerprint, secret)


def relay_secret(fragment: str) -> str | None:
    """The table secret an invitation through a relay carries after '#' (None: a table
    reached directly); ProtocolError for a fragment that is no secret."""
    # late import: the seal's rules only for an invitation that has a fragment
    from game.net.seal import valid_secret

    if not fragment:
        return None
    if not valid_secret(fragment):
        raise ProtocolError(Msg("the invitation's secret after # is damaged: ask for it again"))
    return fragment


def _address(host: str, bracketed: bool) -> bool:
    """A host name or an IPv4 address, or in brackets an IPv6 address (Python 3.10's
    urlsplit takes anything in brackets)."""
    if not bracketed:
        return _HOST_NAME.fullmatch(host) is not None
    try:
        return isinstance(ipaddress.ip_address(host), ipaddress.IPv6Address)
    except ValueError:
        return False


# -- helpers ----------------------------------------------------------------------------
def _whole(value: Any) -> bool:
    """An int that is not a bool (True is no protocol version, seat or move count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def too_deep(value: Any) -> bool:
    """Whether `value` nests more than MAX_DEPTH objects and lists, in any mix (walked
    with a list, not recursion: decode has parsed it already)."""
    waiting: list[tuple[Any, int]] = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        waiting.extend((child, depth + 1) for child in children)
    return False
