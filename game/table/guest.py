"""A guest's table: this screen plays one seat of a table hosted elsewhere.

The host is the referee: the guest's table never changes the game itself. Its person's
moves are sent (TableScene.relay), and each view the host sends (what this seat may see)
becomes the table's picture through the game's take_view(); the other seats are played
at the host (REMOTE here). Refusals are said with their sound; a dropped connection is
said too, and Esc leaves (the seat is kept at the host: joining again with the same
code and name, the token brings this person back to it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from game.net.client import NetClient
from game.table.talk import BAD, DIM

if TYPE_CHECKING:
    from game.table.scene import TableScene


class GuestLink:
    """The connection of a guest's table, and what the host last said."""

    def __init__(self, client: NetClient, seat: int) -> None:
        self.client = client
        self.seat = seat
        #: Why the connection ended ("" while it lasts).
        self.closed = ""
        #: The move count of the view an action was sent from (one action a view).
        self.sent_at: Optional[int] = None
        self._waiting_said: Optional[str] = None

    def send(self, action: Any, moves: int) -> bool:
        """Send the seat's action; False when one was already sent from this view."""
        if self.closed or self.sent_at == moves:
            return False
        self.sent_at = moves
        self.client.send_action(action, moves)
        return True

    def tick(self, table: "TableScene") -> None:
        for message in self.client.poll():
            kind = message.get("type")
            if kind == "view":
                if message.get("moves") != self.sent_at:
                    self.sent_at = None         # a new position: the next move may go
                table.take_view(message)
                self.tell_news(table, message)
            elif kind == "refused":
                self.sent_at = None
                table.talk.refuse(f"The host says: {str(message.get('reason'))[:200]}.")
            elif kind == "closed":
                self.closed = str(message.get("reason") or "the connection ended")
                table.talk.say(f"The table is gone ({self.closed[:120]}). Esc leaves; join "
                               "again with the same code and name to come back.", BAD)

    def tell_news(self, table: "TableScene", view: dict[str, Any]) -> None:
        """A view's news lines into the table's news line and log, and whom it waits for."""
        for line in view.get("news") or []:
            if isinstance(line, list) and len(line) == 2 and isinstance(line[0], str):
                table.talk.say(line[0][:300], line[1] if isinstance(line[1], str) else DIM)
        self._say_waiting(table, view.get("waiting_for"))

    def _say_waiting(self, table: "TableScene", name: Any) -> None:
        if name != self._waiting_said:
            self._waiting_said = name
            if isinstance(name, str):
                table.talk.say(f"Waiting for {name[:20]} to come back...", DIM, log=False)

    def close(self) -> None:
        self.client.close()
