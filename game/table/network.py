"""The network side of a table: the host's (table.net, remote.py: guests play some seats)
or a guest's (table.guest, guest.py: this screen plays one seat of a table hosted
elsewhere). Everything the table does differently on the network is asked of this part,
so that the table itself never looks at which side it is on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from game.engine.netface import NetFace
from game.lang import Msg, _
from game.table.door import how_to_join, open_again
from game.table.guest import WATCHING
from game.table.hostpanel import HostPanelScene
from game.table.talk import DIM, Talk


class NetworkHooks:
    """What a game that can be played over the network fills in: little, since its network
    face is derived from its engine, which every game's table keeps as `state`."""

    #: The game's network face (game.engine.netface): what a guest is sent, how its
    #: actions are read, the state its table draws. None: derived from the engine's class
    #: as the contract has it; a game gives its own only for what it needs beyond that.
    NET_FACE: ClassVar[NetFace | None] = None

    def net_face(self) -> NetFace:
        if self.NET_FACE is not None:
            return self.NET_FACE
        return NetFace(type(self.state))  # type: ignore[attr-defined]

    def remote_view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see now, as JSON data sent to its guest: the engine's
        view_for(seat), never another seat's hidden cards. A game overrides it only for
        what its table holds back from the engine (an answer it holds for a while)."""
        return self.net_face().view(self.state, seat)  # type: ignore[attr-defined]

    def public_view(self) -> dict[str, Any]:
        """What a watcher may see now, as JSON data: the engine's public_view (no seat's
        hidden cards; a game of hands: no hand at all)."""
        return self.net_face().public(self.state)  # type: ignore[attr-defined]

    def action_from_json(self, data: Any) -> Any:
        """An engine action from its JSON (a guest's); ValueError (or the like) for
        anything that is not one."""
        return self.net_face().read_action(data)

    def take_view(self, view: Mapping[str, Any]) -> None:
        """At a guest's screen: the host's view of this seat (a "view" message) becomes
        the table's picture. A game that can be joined over the network fills this in."""
        raise NotImplementedError

    def hurries_on_arrival(self, action: Any) -> bool:
        """A seat's action from elsewhere lands whatever moves on this screen first (False
        for an action whose arrival this screen must not show early)."""
        return True

    def rename_seat(self, seat: int, name: str) -> None:
        """A guest took the seat under this name (the engine takes it too, if it keeps
        the players' names: the face's rename)."""
        seats: list[Any] = self.seats  # type: ignore[attr-defined]
        seats[seat] = replace(seats[seat], name=name)
        self.net_face().rename(self.state, seat, seats[seat].name)  # type: ignore[attr-defined]


class NetTable(Protocol):
    """What the network side asks of its table."""

    app: Any
    talk: Talk
    coach: Any
    coaching: Any
    moves: int
    net: Any
    guest: Any
    kept_net: Mapping[str, Any] | None
    save_slot: str
    PUBLIC_EVENTS: bool

    def action_json(self, action: Any) -> Any: ...


class TableNetwork:
    """The host's or the guest's side of one table (neither: a table played here)."""

    def __init__(self, table: NetTable) -> None:
        self.table = table

    def tick(self) -> None:
        """The connections' news, once a tick."""
        table = self.table
        if table.net is not None:
            table.net.tick()
        if table.guest is not None:
            table.guest.tick(table)

    def moved(self, events: Sequence[Any]) -> None:
        """An action was applied: a table whose events are public sends them along."""
        if self.table.net is not None and self.table.PUBLIC_EVENTS:
            self.table.net.record(events)

    def menu_message(self, words: str) -> str:
        """The Esc menu's `words` as the network side says them: at a table open to
        friends, how they join; at a guest's, that the game goes on at the host's."""
        table = self.table
        if table.guest is not None and table.guest.watching:
            return _(
                "You are watching the host's table: the game goes on there. Quit stops "
                "watching; Exit leaves Pixel Parlor."
            )
        if table.guest is not None:
            return _(
                "The game goes on at the host's table. Quit leaves it; the host keeps "
                "your seat (join again with the same code and name to come back). Exit "
                "leaves Pixel Parlor."
            )
        if table.net is not None:
            return _("{how_to_join} Quit closes the table to them. {menu}").format(
                how_to_join=how_to_join(table), menu=words
            )
        return words

    def open_again(self) -> None:
        """A network table continued at the desktop: friends come back to it."""
        table = self.table
        if table.kept_net is not None and table.net is None and table.guest is None:
            open_again(table)

    def close(self) -> None:
        """The table is left: the guests read "the host closed the table"; a guest's
        seat is kept at the host for this person."""
        if self.table.net is not None:
            self.table.net.close()
        if self.table.guest is not None:
            self.table.guest.close()

    def saved_entry(self) -> Mapping[str, Any] | None:
        """The network entry kept with the saved game, so that the guests come back to it
        when it is opened again (door.py)."""
        table = self.table
        if table.net is not None:
            return table.net.to_json()
        if table.kept_net is not None:
            return dict(table.kept_net)
        return None

    def host_starts_next_game(self) -> bool:
        """At a guest's table the host starts the next game (True): after the end, the
        guest's N or Enter asks the host for it; before, it is refused with the reason.
        The set-up is never opened here: it would leave the friends' table."""
        table = self.table
        if table.guest is None:
            return False
        if table.guest.watching:
            table.talk.refuse(
                Msg("You are watching: the host starts the next game, and it shows here.")
            )
            return True
        if table.finished and table.guest.ask_again():
            table.talk.say(
                Msg("You asked the host for another game: it starts here when the host starts it."),
                DIM,
                log=False,
            )
            return True
        table.talk.refuse(Msg("The host starts the next game: wait here, or Esc to leave."))
        return True

    def hand_over(self, table: Any) -> None:
        """The next game at the same table: the friends at it get its views without
        joining again."""
        if self.table.net is not None:
            table.save_slot = self.table.save_slot
            self.table.net.move_to(table)

    def relay(self, action: Any) -> bool:
        """At a guest's screen, a person's action goes to the host instead of the engine
        (True: sent, or one is already on its way)."""
        table = self.table
        link = table.guest
        if link is None:
            return False
        if link.watching:
            table.talk.refuse(WATCHING)
            return True
        if not link.may_send(table.moves):
            table.talk.tell(Msg("Sent: waiting for the host."), DIM)
            return True
        decisions = len(table.coach.decisions)
        table.coaching.note(action)  # the guest's own coach weighs it, as the host's would
        link.send(table.action_json(action), table.moves, len(table.coach.decisions) > decisions)
        return True

    def open_friends_panel(self, until_full: bool = False) -> None:
        """G at a network table: who is at the friends' seats, the invitation, and the
        host's say over the seats (hostpanel.py). `until_full`: it goes by itself once
        every friend is at the table (a table opened at the desktop starts with it)."""
        self.table.app.push(HostPanelScene(self.table.app, self.table, until_full))
