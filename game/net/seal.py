"""Sealed messages: what a host and its guests say to each other through a relay, which
forwards them and can neither read nor forge one.

The table secret travels in the invitation after '#' (a URL's fragment, which no client
sends to a server): 32 random bytes, base64url. Host and guest seal every game message
with it, by authenticated encryption (libsodium's SecretBox: XSalsa20-Poly1305, through
PyNaCl). A relay that changes one bit of a message makes it unreadable, and its receiver
refuses it.

Nonces are never reused: each end of each connection picks a random 16-byte prefix when
the connection opens, and counts its messages in the last 8 bytes (big-endian, from 0).
Two ends share a prefix with a chance of 2^-128 for one pair; a counter never repeats
within one prefix. A receiver takes the counters of one prefix in order only, so a
message replayed or held back by the relay is refused as well.

Each sealed message carries, inside the seal, the prefix of the end it answers (zeros in
the very first message of a connection, before the other end has said anything): so a
relay that replays a guest's opening message on a new connection gets an answer it
cannot follow up, since the guest's next messages name another prefix.

Pure Python on top of PyNaCl; no network.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from collections.abc import Callable

#: Bytes of the table secret, and of its text form (base64url, no padding).
SECRET_BYTES = 32
SECRET_TEXT = 43
PREFIX_BYTES = 16
COUNTER_BYTES = 8
NONCE_BYTES = PREFIX_BYTES + COUNTER_BYTES  # SecretBox's 24
MAC_BYTES = 16
#: What sealing adds to a message: the nonce, the tag, the prefix answered.
OVERHEAD = NONCE_BYTES + MAC_BYTES + PREFIX_BYTES
_NOBODY = bytes(PREFIX_BYTES)
_ALPHABET = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class SealError(ValueError):
    """A sealed message that is not one: altered, replayed, out of order, or no seal."""


def new_secret() -> str:
    """A fresh table secret, as an invitation carries it."""
    return base64.urlsafe_b64encode(os.urandom(SECRET_BYTES)).decode("ascii").rstrip("=")


def valid_secret(secret: object) -> bool:
    return isinstance(secret, str) and len(secret) == SECRET_TEXT and set(secret) <= _ALPHABET


def secret_key(secret: str) -> bytes:
    """The 32-byte key of a secret's text; ValueError for anything that is not one."""
    if not valid_secret(secret):
        raise ValueError("a table secret is 43 base64url characters")
    key = base64.urlsafe_b64decode(secret + "=")
    if len(key) != SECRET_BYTES:
        raise ValueError("a table secret is 32 bytes")
    return key


def host_key(secret: str) -> str:
    """What a relay keeps to know a table's host again (it reopens under the same code):
    derived from the secret one way, so the relay learns nothing of the secret."""
    return hmac.new(secret_key(secret), b"pixelparlor relay host", hashlib.sha256).hexdigest()


class Channel:
    """One end of one sealed connection: seals what it sends, opens what it receives."""

    def __init__(self, secret: str, random_bytes: Callable[[int], bytes] = os.urandom) -> None:
        # late import: PyNaCl only once a table goes through a relay
        from nacl.secret import SecretBox

        self._box = SecretBox(secret_key(secret))
        self.prefix = random_bytes(PREFIX_BYTES)
        self._sent = 0
        self._peer: bytes | None = None
        self._received = 0

    def seal(self, text: str) -> bytes:
        """A message as it travels (bytes: nonce, then ciphertext and tag)."""
        if self._sent >= 1 << (8 * COUNTER_BYTES):  # never: 2^64 messages
            raise SealError("this connection has sent all the messages it may")
        nonce = self.prefix + self._sent.to_bytes(COUNTER_BYTES, "big")
        self._sent += 1
        plain = (self._peer or _NOBODY) + text.encode("utf-8")
        return bytes(self._box.encrypt(plain, nonce))

    def open(self, data: object) -> str:
        """The text of a sealed message from the other end; SealError when it is not the
        next one that end sealed for this one (nothing changes then)."""
        # late import: as in __init__
        from nacl.exceptions import CryptoError

        if not isinstance(data, (bytes, bytearray)) or len(data) < OVERHEAD:
            raise SealError("not a sealed message")
        data = bytes(data)
        prefix, counter = data[:PREFIX_BYTES], data[PREFIX_BYTES:NONCE_BYTES]
        if self._peer is not None and prefix != self._peer:
            raise SealError("a sealed message from another connection")
        if int.from_bytes(counter, "big") != self._received:
            raise SealError("a sealed message out of order, or again")
        try:
            plain = self._box.decrypt(data)
        except CryptoError:
            raise SealError("a sealed message altered on the way") from None
        answered = plain[:PREFIX_BYTES]
        if answered != self.prefix and not (answered == _NOBODY and self._received == 0):
            raise SealError("a sealed message meant for another connection")
        try:
            text = plain[PREFIX_BYTES:].decode("utf-8")
        except UnicodeDecodeError:
            raise SealError("a sealed message that is no text") from None
        self._peer = prefix
        self._received += 1
        return text
