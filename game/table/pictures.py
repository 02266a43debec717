"""The coach's screens for --screenshots, for every game with table examples: coach mode's
question, and the review after a game (its list, and one decision at its moment).

Built through the real table: a person's moves are submitted as keys would make them,
the coach weighs them as it does in play. The moves are chosen to give the coach
something to say: among the first legal moves, the one it rates worst.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.input import Action
from game.lang import _
from game.net import protocol
from game.net.client import NetClient
from game.net.relay import Relay
from game.shell.setup import SetupScene
from game.table.coaching import JUDGING_ERRORS, Verdict, ask_worthy
from game.table.door import Door, open_to_guests
from game.table.guest import GuestLink, guest_table
from game.table.netentry import NetEntry
from game.table.review import ReviewScene
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from game.table.starting import HOW_TO_HOST, RELAYED

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.registry import GameInfo
    from game.table.scene import TableScene

# Ticks a table may take to come to a person's decision (a computer's turn, a deal).
SETTLE_TICKS = 20_000
# The moves looked at for each decision (a card game's hand has more: enough to find a
# poor one, few enough that the pictures take seconds, not minutes).
MOVES_LOOKED_AT = 4
# Decisions the review's pictures play before the review opens.
REVIEWED_DECISIONS = 6


def coach_states(app: App, info: GameInfo) -> Iterable[tuple[str, Callable[[], None]]]:
    """(state name, set-up) pairs for the game's coach screens."""
    if info.examples is None:
        return
    yield "coach-question", lambda: question(app, info)
    yield "review", lambda: review(app, info, at_position=False)
    yield "review-position", lambda: review(app, info, at_position=True)


def settle(app: App, scene: TableScene) -> None:
    """Tick until a person here is to decide, answering "press Enter for the next turn"
    and reading whatever the table shows over itself (a hand's score sheet)."""
    for _turn in range(SETTLE_TICKS):
        if scene.finished:
            return
        if app.scenes.top is not scene:
            app.scenes.top.dispatch(Action("confirm"))
        elif scene.waiting_for_human:
            if scene.seat_to_act() is not None:
                return
            scene.dispatch(Action("confirm"))
        app.tick()


def verdict_now(scene: TableScene, action: Any) -> Verdict | None:
    """The coach's verdict on `action` in the table's position (None: no choice)."""
    try:
        judgement = scene.judge_saved(
            scene.saves.position_data(), scene.action_json(action)
        ).finish()
    except JUDGING_ERRORS:
        return None
    return None if judgement is None else scene.coaching.verdict(judgement)


def poorest_move(scene: TableScene) -> tuple[Any, Verdict | None]:
    """Among the first MOVES_LOOKED_AT legal moves, the one the coach rates worst."""
    rated = [
        (action, verdict_now(scene, action)) for action in scene.legal_moves()[:MOVES_LOOKED_AT]
    ]
    return max(rated, key=lambda pair: pair[1].cost if pair[1] is not None else -1.0)


def play_poorly(
    app: App,
    scene: TableScene,
    decisions: int,
    until: Callable[[Verdict | None], bool] = lambda verdict: False,
) -> Any:
    """Play up to `decisions` poor moves; returns the first move `until` accepts, unplayed
    (None when none came)."""
    for _turn in range(decisions):
        settle(app, scene)
        if scene.finished or scene.seat_to_act() is None:
            return None
        move, verdict = poorest_move(scene)
        if until(verdict):
            return move
        scene.submit(scene.seat_to_act(), move)
    settle(app, scene)
    return None


def question(app: App, info: GameInfo) -> None:
    """Coach mode asks before a costly move."""
    scene = app.push(info.examples.playing(app))
    move = play_poorly(
        app,
        scene,
        40,
        lambda verdict: verdict is not None and ask_worthy(verdict, scene.COACH_ASKS_ABOVE),
    )
    if move is None:
        return
    settings = app.storage.settings
    settings.coach = True
    scene.submit(scene.seat_to_act(), move)
    for _turn in range(600):
        if app.scenes.top is not scene:
            break
        app.tick()
    settings.coach = False


def review(app: App, info: GameInfo, at_position: bool) -> None:
    """The review of a few poor decisions: the list, or the first at its moment."""

    scene = app.push(info.examples.playing(app))
    play_poorly(app, scene, REVIEWED_DECISIONS)
    while scene.coach.busy:
        scene.coach.weigh(scene.judge_saved, scene.coaching.verdict, 1000.0)
    shown = app.push(ReviewScene(app, scene))
    if at_position:
        shown.handle(Action("confirm"))


# -- a table with friends: the host's panel and a guest's clock --------------------------
# Seconds a picture waits for its guests, who are on this machine's own loopback address.
GUESTS_WAIT_S = 20.0
# The turn timer of the guest's clock picture, and how much of it has run.
TURN_TIMER_S = 30
PICTURE_CODE = "K7QXR2M9"
PICTURE_PORT = 28991


def network_states(app: App, info: GameInfo) -> Iterable[tuple[str, Callable[[], None]]]:
    """(state name, set-up) pairs for a game played with friends: the host's table panel
    waiting for friends, full, and after a guest was sent away; a guest's turn clock; the
    next game at the same table."""
    if info.network_table is None:
        return
    yield "friends-panel", lambda: friends_panel(app, info, guests=0)
    yield "friends-panel-full", lambda: friends_panel(app, info, guests=2)
    yield "friends-panel-kicked", lambda: friends_panel(app, info, guests=2, kick=True)
    yield "guest-clock", lambda: guest_clock(app, info)
    yield "friends-rematch", lambda: friends_rematch(app, info)
    # -- the relay (issue 36) --
    yield "friends-setup-relay", lambda: setup_through_a_relay(app, info)
    yield "friends-panel-relay", lambda: relay_panel(app, info)
    # Spectators (issue 36): the host's panel with watchers, a watcher's table.
    yield "friends-panel-watchers", lambda: friends_panel_watchers(app, info)
    yield "watcher", lambda: watcher_table(app, info)


#: The pictures' table secret (the same every run, so that two runs' pictures compare).
PICTURE_SECRET = "Pix3lParl0r-pictures-secret-not-for-play-0A"  # i18n: not shown (a key)
PICTURE_RELAY_PORT = 28_990


def setup_through_a_relay(app: App, info: GameInfo) -> None:
    """The set-up of a table for friends, "Friends connect" on "Through a relay"."""
    setup = info.new_scene(app)
    if isinstance(setup, SetupScene):
        setup.open_to_friends()
        setup.values[HOW_TO_HOST.key] = RELAYED
        rows = [setup.row_kind(row) for row in range(setup.row_count)]
        options = [kind for kind in rows if kind[0] == "option"]
        for row, kind in enumerate(rows):
            if kind[0] == "option" and setup.options[kind[1]].key == HOW_TO_HOST.key:
                setup.row = row
        assert options
    app.push(setup)


def relay_panel(app: App, info: GameInfo) -> None:
    """Ann's table opened at a relay on the loopback address, one friend seated: the
    host's panel shows the relay, the code and the invitation with its secret."""
    relay = Relay(PICTURE_RELAY_PORT, "127.0.0.1")
    try:
        relay.start()
    except OSError:
        relay = Relay(0, "127.0.0.1")
        relay.start()
    seats = [
        TableSeat("Ann", HERE),  # i18n: not shown (names)
        TableSeat(_("Guest"), REMOTE),
        TableSeat(_("Guest"), REMOTE),
    ]
    table = info.network_table(app, seats)
    table.saving = False
    leave_table = table.exit

    def leave_and_stop_the_relay() -> None:
        # The relay is the picture's alone: it goes with the table (every run of the
        # pictures in one process, as the layout tests do, left one more running).
        leave_table()
        relay.stop()

    table.exit = leave_and_stop_the_relay
    app.push(table)
    entry = NetEntry(code=PICTURE_CODE, secret=PICTURE_SECRET)
    open_to_guests(table, Door(relay=f"127.0.0.1:{relay.port}"), entry)
    assert table.net is not None
    invited = protocol.parse_invitation(table.net.host.invitation())
    name = "Bea"  # i18n: not shown (names)
    client = NetClient(
        invited.address, invited.port, invited.code, name, secret=invited.secret
    ).start()
    until(app, lambda: client.seat is not None, "Bea's welcome")  # i18n: not shown (names)
    until(app, lambda: client.seat in table.net.seated, "Bea seated")  # i18n: not shown (names)
    table.network.open_friends_panel()


#: How far the watched game has gone when the watcher comes (its picture).
WATCHED_MOVES = 40


def open_with_friends(app: App, info: GameInfo, seats: list[Any], **door: Any) -> TableScene:
    """A new table of `info` for `seats`, open to friends on the loopback address only."""
    table = info.network_table(app, seats)
    table.saving = False
    app.push(table)
    try:  # the same port every run, so that two runs' pictures are the same
        open_to_guests(table, code=PICTURE_CODE, port=PICTURE_PORT, bind="127.0.0.1", **door)
    except OSError:  # taken (another run, a lingering socket): any free port
        open_to_guests(table, code=PICTURE_CODE, port=0, bind="127.0.0.1", **door)
    return table


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Tick the app (the network's threads answer meanwhile) until `done()`."""

    deadline = time.monotonic() + GUESTS_WAIT_S
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError(f"a picture's guest never got there: {what}")
        app.tick()
        time.sleep(0.002)


def friend(app: App, table: TableScene, name: str) -> Any:
    """A guest of `name` sitting down at the table (a client on the loopback address)."""

    assert table.net is not None
    client = NetClient("127.0.0.1", table.net.host.port, table.net.code, name).start()
    until(
        app,
        lambda: client.seat is not None,
        f"{name}'s welcome",  # i18n: not shown (names)
    )
    until(app, lambda: client.seat in table.net.seated, f"{name} seated")
    return client


def friends_panel(app: App, info: GameInfo, guests: int, kick: bool = False) -> None:
    """Ann hosts two friends' seats; `guests` of them have sat down (the last is sent
    away when `kick`). The panel shows over the table."""

    seats = [
        TableSeat("Ann", HERE),  # i18n: not shown (names)
        TableSeat(_("Guest"), REMOTE),
        TableSeat(_("Guest"), REMOTE),
    ]
    table = open_with_friends(app, info, seats)
    for name in ("Bea", "Cal")[  # i18n: not shown (names)
        :guests
    ]:
        friend(app, table, name)
    table.network.open_friends_panel()
    if kick:
        panel = app.scenes.top
        panel.chosen = 2
        panel.dispatch(Action("char", char="k"))
        app.scenes.top.dispatch(Action("char", char="y"))  # "Send Cal away?" Yes
        until(
            app,
            lambda: 2 not in table.net.host.guests(),
            "Cal sent away",  # i18n: not shown (names)
        )


def guest_clock(app: App, info: GameInfo) -> None:
    """Bea's screen at a table with a turn timer, her decision's clock running."""

    level = next(iter(info.level_labels))
    seats = [
        TableSeat("Bea", REMOTE),  # i18n: not shown (names)
        TableSeat(
            "Cal",  # i18n: not shown (names)
            COMPUTER,
            level,
        ),
    ]
    table = open_with_friends(app, info, seats, turn_timer_s=TURN_TIMER_S)
    client = friend(
        app,
        table,
        "Bea",  # i18n: not shown (names)
    )
    views: list[dict[str, Any]] = []

    def bea_to_decide() -> bool:
        views.extend(m for m in client.poll() if m.get("type") == "view")
        return bool(views) and views[-1]["your_turn"]

    until(
        app,
        bea_to_decide,
        "Bea's turn",  # i18n: not shown (names)
    )
    guest = info.network_join(app, GuestLink(client, client.seat), views[-1])
    app.push(guest)
    guest.guest.deadline -= TURN_TIMER_S // 3  # a third of her time has gone


def friends_rematch(app: App, info: GameInfo) -> None:
    """Ann's second game with Bea at the same table: the host started it (N at the end of
    a game), and Bea's screen, which did not join again, has its first view."""

    seats = [
        TableSeat("Ann", HERE),  # i18n: not shown (names)
        TableSeat(_("Guest"), REMOTE),
    ]
    table = open_with_friends(app, info, seats)
    client = friend(
        app,
        table,
        "Bea",  # i18n: not shown (names)
    )
    table.menu.play_again()
    until(
        app,
        lambda: any(m.get("type") == "view" and m.get("game") == 2 for m in client.poll()),
        "Bea's first view of the next game",  # i18n: not shown (names)
    )


# -- spectators (issue 36) ---------------------------------------------------------------
def watcher(app: App, table: TableScene, name: str) -> NetClient:
    """A watcher of `name` at the table (a client on the loopback address)."""

    assert table.net is not None
    client = NetClient("127.0.0.1", table.net.host.port, table.net.code, name, watch=True).start()
    until(app, lambda: any(w == name for w in table.net.watchers.values()), f"{name} watching")
    return client


def friends_panel_watchers(app: App, info: GameInfo) -> None:
    """Ann's table with Bea at a friend's seat and two watchers; the first watcher's row
    chosen in the panel."""

    seats = [
        TableSeat("Ann", HERE),  # i18n: not shown (names)
        TableSeat(_("Guest"), REMOTE),
        TableSeat(_("Guest"), REMOTE),
    ]
    table = open_with_friends(app, info, seats)
    friend(app, table, "Bea")  # i18n: not shown (names)
    for name in ("Wes", "Wyn"):  # i18n: not shown (names)
        watcher(app, table, name)
    table.network.open_friends_panel()
    panel = app.scenes.top
    panel.chosen = panel.keys()[-2]


def watcher_table(app: App, info: GameInfo) -> None:
    """Wes watches a game under way between the computer and a friend's seat (played by
    the computer meanwhile): his screen, the table read-only, a move refused."""

    level = next(iter(info.level_labels))
    seats = [
        TableSeat("Ann", COMPUTER, level),  # i18n: not shown (names)
        TableSeat("Bea", REMOTE),  # i18n: not shown (names)
    ]
    table = open_with_friends(app, info, seats, stand_in_after_s=0.0)
    for _turn in range(400):
        if table.moves >= WATCHED_MOVES or table.finished:
            break
        table.hurry()
        app.tick()
    client = watcher(app, table, "Wes")  # i18n: not shown (names)
    views: list[dict[str, Any]] = []

    def viewed() -> bool:
        views.extend(m for m in client.poll() if m.get("type") == "view")
        return bool(views)

    until(app, viewed, "Wes's first view")  # i18n: not shown (names)
    scene = guest_table(info, app, GuestLink(client, -1, watching=True), views[-1])
    app.push(scene)
    for _tick in range(120):
        scene.hurry()
        app.tick()
    scene.dispatch(Action("confirm"))  # refused: a watcher cannot play
