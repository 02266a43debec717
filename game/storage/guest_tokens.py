"""A guest's seat tokens: the secret a table's host gave this program at its welcome,
kept per host address, port and table code, so that a guest whose program stopped (a
crash, a restart) takes its own seat again when it joins the same table (the Join
screen, game/scenes/join.py).

A token is the key to a seat, so the file is private: the data folder writes every file
from a temporary one made by mkstemp (atomic.py), readable and writable by its owner only
(mode 0600 on POSIX), whole and atomically. It holds at most MAX_TOKENS tables, the one
joined longest ago dropped first. A damaged file is set aside with a notice, as every
record is (datafolder.py); an entry that is not a table's is dropped with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.storage.datafolder import Damaged

# Tables remembered; a guest joins a handful, and a token of a table long gone is useless.
MAX_TOKENS = 32
# Bounds of what an entry holds (a host name, a code with its dashes, a hex token).
MAX_ADDRESS = 255
MAX_CODE = 20
MAX_TOKEN = 64


@dataclass(frozen=True)
class TableKey:
    """Which table a token opens: the host's address (a name lowercased, brackets off),
    its port and the table code in its stored form."""

    address: str
    port: int
    code: str

    @classmethod
    def of(cls, address: str, port: int, code: str) -> TableKey:
        return cls(address.strip().strip("[]").lower(), port, code)

    def sound(self) -> bool:
        """Plain values within bounds (what this program could have written)."""
        return (
            isinstance(self.address, str)
            and 0 < len(self.address) <= MAX_ADDRESS
            and isinstance(self.port, int)
            and not isinstance(self.port, bool)
            and 0 < self.port < 65536
            and isinstance(self.code, str)
            and 0 < len(self.code) <= MAX_CODE
            and self.code.isalnum()
        )


def sound_token(token: Any) -> bool:
    return isinstance(token, str) and 0 < len(token) <= MAX_TOKEN and token.isalnum()


@dataclass
class GuestTokens:
    """The tokens, the table joined longest ago first."""

    KIND = "guest_tokens"
    SCHEMA = 1

    entries: list[tuple[TableKey, str]] = field(default_factory=list)

    def token_for(self, key: TableKey) -> str | None:
        return next((token for kept, token in self.entries if kept == key), None)

    def keep(self, key: TableKey, token: str) -> bool:
        """Remember `token` for the table (now the one joined last); False if nothing
        changed (the same token, already the last)."""
        if self.entries and self.entries[-1] == (key, token):
            return False
        self.entries = [entry for entry in self.entries if entry[0] != key][-(MAX_TOKENS - 1) :]
        self.entries.append((key, token))
        return True

    @classmethod
    def upgrade(cls, schema: int, data: Any) -> Any:
        raise Damaged(f"no schema {schema} of guest tokens")  # schema 1 is the first

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": [
                {"address": key.address, "port": key.port, "code": key.code, "token": token}
                for key, token in self.entries
            ]
        }

    @classmethod
    def from_json(cls, data: Any) -> tuple[GuestTokens, list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get("tables"), list):
            raise Damaged("no list of tables")
        record, repairs = cls(), []
        for item in data["tables"][-MAX_TOKENS:]:
            key = (
                TableKey(item.get("address"), item.get("port"), item.get("code"))
                if isinstance(item, dict)
                else None
            )
            if key is None or not key.sound() or not sound_token(item.get("token")):
                repairs.append(f"dropped {str(item)[:60]}")
                continue
            record.keep(key, item["token"])
        if len(data["tables"]) > MAX_TOKENS:
            repairs.append(
                f"kept the last {MAX_TOKENS} of {len(data['tables'])} tables"  # i18n: not shown (the log)
            )
        return record, repairs
