"""A guest that plays its seat with a computer player: for tests, benchmarks and trying out
a host without a second person.

    python -m game.net.bot --port 28989 --code K7QX-R2M9 --level expert [--seat 2]
    python -m game.net.bot --port 28989 --code K7QX-R2M9 --watch

With --watch it only watches (a spectator): no seat, checking every public view for what
no watcher may see, and once tries a move, which the host must refuse.

It connects, plays whenever the view says it is its turn (choosing from what its seat may
see, with the game's own computer player), checks every view for cards it may not see,
and prints a JSON summary when the game is over or the connection ends. With
--token-file it keeps its seat's token there, and comes back with it when started again.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.net import protocol
from game.net.client import NetClient

# How long the bot waits for the host to say anything before it gives up.
SILENCE_LIMIT_S = 120.0
# How long it waits for the welcome.
WELCOME_WAIT_S = 15.0
# Between tries to come back to the seat.
REJOIN_PAUSE_S = 0.5


def play(
    client: NetClient,
    choose: Callable[[dict, list], Any],
    check: Callable[[dict], str | None] = lambda message: None,
    delay_s: float = 0.0,
    stop_after_moves: int | None = None,
    first: dict | None = None,
) -> dict[str, Any]:
    """Play until the game is over, the connection ends, or `stop_after_moves` actions;
    returns what happened (the last view, problems found by `check`). `first`: a message
    already taken from the client (the welcome)."""
    summary: dict[str, Any] = {
        "views": 0,
        "moves": 0,
        "problems": [],
        "refused": [],
        "last_view": None,
        "closed": None,
        "welcome": None,
    }
    last_asked = None
    while True:
        message, first = (
            (first, None) if first is not None else (client.wait(SILENCE_LIMIT_S), None)
        )
        if message is None:
            summary["closed"] = (
                "the host said nothing for too long"  # i18n: not shown (a developer's tool)
            )
            break
        kind = message["type"]
        if kind == "closed":
            summary["closed"] = message.get("reason")
            break
        if kind == "welcome":
            summary["welcome"] = {k: message.get(k) for k in ("seat", "game", "name")}
        elif kind == "refused":
            summary["refused"].append(message.get("reason"))
            if message.get("fatal"):
                continue  # the "closed" message follows
        elif kind == "view":
            summary["views"] += 1
            summary["last_view"] = message
            problem = check(message)
            if problem:
                summary["problems"].append(problem)
            if message.get("over") and not message.get("your_turn"):
                break
            key = message.get("moves")
            if message.get("your_turn") and key != last_asked:
                last_asked = key
                if delay_s:
                    time.sleep(delay_s)
                action = choose(message.get("view") or {}, list(message.get("legal") or []))
                client.send_action(action, key)
                summary["moves"] += 1
                if stop_after_moves is not None and summary["moves"] >= stop_after_moves:
                    break
    summary["bytes_in"], summary["bytes_out"] = client.bytes_in, client.bytes_out
    return summary


def main(argv=None) -> int:
    # late import: the registry and the games only when the bot is run as a program
    from game.shell.registry import game_info, load_games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=protocol.DEFAULT_PORT)
    parser.add_argument("--code", default=None)
    parser.add_argument(
        "--invitation",
        default=None,
        help="the host's invitation line (a relay's too): address, port, code, secret",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument("--name", default="Bot")  # i18n: not shown (a developer's tool)
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        help="the seat to ask for (1-based)",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument(
        "--level",
        default="",
        help="the computer level that plays the seat",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--token-file", type=Path, default=None)
    parser.add_argument(
        "--stop-after",
        type=int,
        default=None,
        help="leave (drop the connection) after this many moves",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument(
        "--delay-ms",
        type=float,
        default=0.0,
        help="think this long a move",  # i18n: not shown (a developer's tool)
    )
    parser.add_argument(
        "--rejoin-for",
        type=float,
        default=0.0,
        metavar="S",
        help="when the connection drops (or the host is away), keep coming "  # i18n: not shown (a developer's tool)
        "back to the seat for this many seconds",
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="watch (a spectator) instead of playing a seat",  # i18n: not shown (a developer's tool)
    )
    args = parser.parse_args(argv)
    where: dict[str, Any] = {}
    if args.invitation is not None:
        invited = protocol.parse_invitation(args.invitation)
        args.address, args.port, args.code = invited.address, invited.port, invited.code
        where = {"tls": invited.tls, "fingerprint": invited.fingerprint, "secret": invited.secret}
    if args.code is None:
        parser.error("--code or --invitation")  # i18n: not shown (a developer's tool)
    if args.watch:
        return watch(args, where)

    load_games()
    token = None
    if args.token_file is not None and args.token_file.exists():
        token = args.token_file.read_text().strip() or None
    seat = None if args.seat is None else args.seat - 1
    give_up_at = time.monotonic() + args.rejoin_for
    totals: dict[str, Any] = {
        "views": 0,
        "moves": 0,
        "problems": [],
        "refused": [],
        "connections": 0,
        "bytes_in": 0,
        "bytes_out": 0,
    }
    guest = None
    while True:
        client = NetClient(
            args.address, args.port, args.code, args.name, seat=seat, token=token, **where
        ).start()
        first = client.wait(WELCOME_WAIT_S)
        if first is None or first["type"] != "welcome":
            if time.monotonic() < give_up_at:
                time.sleep(REJOIN_PAUSE_S)  # the host may be starting again
                continue
            print(json.dumps({"error": first, **totals}), flush=True)
            return 1
        totals["connections"] += 1
        seat, token = client.seat, client.token
        if args.token_file is not None:
            args.token_file.write_text(token or "")
        if guest is None:
            info = game_info(str(first.get("game")))
            if info is None or info.network_guest is None:
                print(
                    json.dumps(
                        {
                            "error": f"no guest player for {first.get('game')!r}"  # i18n: not shown (a developer's tool)
                        }
                    ),
                    flush=True,
                )
                return 1
            guest = info.network_guest(args.level, random.Random(args.seed))
        summary = play(
            client, guest.choose, guest.check, args.delay_ms / 1000.0, args.stop_after, first=first
        )
        for name in ("views", "moves", "bytes_in", "bytes_out"):
            totals[name] += summary[name]
        totals["problems"] += summary["problems"]
        totals["refused"] += summary["refused"]
        totals.update(last_view=summary["last_view"], closed=summary["closed"], seat=seat)
        over = bool((summary["last_view"] or {}).get("over"))
        if args.stop_after is not None and not over:
            break  # leaves without a goodbye: a drop
        if over or time.monotonic() >= give_up_at:
            client.close()
            break
        time.sleep(REJOIN_PAUSE_S)  # dropped: back to the seat
    print(json.dumps(totals), flush=True)
    return 0 if not totals["problems"] else 3


def watch(args: argparse.Namespace, where: dict[str, Any] | None = None) -> int:
    """--watch: follow the game to its end as a watcher; a JSON summary (the views, the
    problems found, the refusals: the one move tried must be refused "watching")."""
    # late import: the registry and the games only when the bot is run as a program
    from game.shell.registry import game_info, load_games

    load_games()
    client = NetClient(
        args.address, args.port, args.code, args.name, watch=True, **(where or {})
    ).start()
    first = client.wait(WELCOME_WAIT_S)
    if first is None or first["type"] != "welcome" or first.get("watching") is not True:
        print(json.dumps({"error": first}), flush=True)
        client.close()
        return 1
    info = game_info(str(first.get("game")))
    if info is None or info.network_guest is None:
        unknown = "no such game"  # i18n: not shown (a developer's tool)
        print(json.dumps({"error": unknown}), flush=True)
        client.close()
        return 1
    guest = info.network_guest(args.level, random.Random(args.seed))
    check = getattr(guest, "check_watch", guest.check)
    tried = False

    def choose(view: dict, legal: list) -> Any:
        return None  # a watcher's turn never comes

    def checked(message: dict) -> str | None:
        nonlocal tried
        if not tried:  # a move, which the host must refuse
            tried = True
            client.send_action(["play", "", 0], int(message.get("moves") or 0))
        return check(message)

    summary = play(client, choose, checked, first=first)
    client.close()
    summary["watching"] = True
    print(json.dumps(summary), flush=True)
    return 0 if not summary["problems"] else 3


if __name__ == "__main__":
    sys.exit(main())
