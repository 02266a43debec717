"""What a table host and its guests say to each other: JSON messages over a WebSocket.

Every message is one JSON object with a "type". A guest opens with `hello` (the protocol
version, the table code, a name, the seat it asks for, and when it comes back, the secret
token the host gave it); the host answers `welcome` (its seat and token) or `refused` (why;
`fatal` when the connection ends there). Then the guest sends its seat's `action`s (the
engine's action JSON) and the host sends `view`s: what that seat may see now (its
observation: never another seat's hand or the draw pile), whose turn it is, its legal
actions when it is its turn, and the news since the last view.

Pure Python, no pygame, no network: parsing here is validation, so that nothing a guest
(or a host) sends can do more than be refused with a reason.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

#: Both ends must speak the same version; a mismatch is refused with what to do.
PROTOCOL_VERSION = 1
#: The largest message either end accepts (a Mille Bornes view is a few KiB).
MAX_MESSAGE_BYTES = 64 * 1024
#: The deepest nesting a message may have (views are shallow; deep JSON is an attack).
MAX_DEPTH = 12
#: The default port (open it on the host's firewall to play over the internet).
DEFAULT_PORT = 28_989
NAME_LIMIT = 16
# Table codes: unambiguous letters and digits (no 0/O, 1/I/L), grouped for reading aloud.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
TOKEN_BYTES = 16

CLIENT_TYPES = ("hello", "action", "bye")
HOST_TYPES = ("welcome", "refused", "view", "goodbye")


class ProtocolError(ValueError):
    """A message that is not one this protocol allows; the text says why."""


def new_table_code() -> str:
    """A fresh table code, e.g. "K7QX2M" (shown as "K7Q-X2M")."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """The secret a guest keeps to take its seat back after a drop."""
    return secrets.token_hex(TOKEN_BYTES)


def shown_code(code: str) -> str:
    """A code as the screen shows it: "K7Q-X2M"."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normal_code(typed: str) -> str:
    """A code as typed ("k7q x2m", "K7Q-X2M") in its stored form, "K7QX2M"."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


def encode(message: Mapping[str, Any]) -> str:
    """A message as sent (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def decode(text: Any, expected: tuple[str, ...]) -> dict[str, Any]:
    """A received message, checked for size, shape and type; ProtocolError otherwise."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE_BYTES:
            raise ProtocolError("message too large")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("not UTF-8 text") from None
    if not isinstance(text, str):
        raise ProtocolError("not a text message")
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("message too large")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"not JSON ({type(error).__name__})") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    if _depth(data) > MAX_DEPTH:
        raise ProtocolError("message nested too deep")
    kind = data.get("type")
    if kind not in expected:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")
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
    if version != PROTOCOL_VERSION:
        raise ProtocolError(
            f"this table speaks protocol {PROTOCOL_VERSION} and you sent {str(version)[:10]}:"
            " both players need the same version of Pixel Parlor"
        )
    code, name = data.get("code"), data.get("name")
    seat, token = data.get("seat"), data.get("token")
    if not isinstance(code, str) or len(code) > 20:
        raise ProtocolError("no table code")
    if not isinstance(name, str) or not name.strip():
        raise ProtocolError("no name")
    if seat is not None and not (
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 64
    ):
        raise ProtocolError("no such seat")
    if token is not None and not (isinstance(token, str) and len(token) <= 64):
        raise ProtocolError("bad token")
    printable = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LIMIT]
    return normal_code(code), printable or "Guest", seat, token


def action_message(action: Any, moves: int) -> dict[str, Any]:
    """An action of the sender's seat, made while the table was at move `moves`."""
    return {"type": "action", "action": action, "moves": moves}


def checked_action(data: Mapping[str, Any]) -> tuple[Any, int | None]:
    """(engine action JSON, the move count the guest saw) of an action message."""
    if "action" not in data:
        raise ProtocolError("an action message without its action")
    moves = data.get("moves")
    if moves is not None and not (isinstance(moves, int) and not isinstance(moves, bool)):
        raise ProtocolError("bad move count")
    return data["action"], moves


def refused(reason: str, fatal: bool = False) -> dict[str, Any]:
    return {"type": "refused", "reason": reason[:300], "fatal": fatal}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _depth(value: Any, level: int = 1) -> int:
    """How deeply `value` nests (iteratively bounded: decode has parsed it already)."""
    deepest, stack = level, [(value, level)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest
