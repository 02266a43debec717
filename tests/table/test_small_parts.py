"""The table's smaller parts on a stand-in table: the shared keys and bar entries, the
network side, saving, the ending's figures, demo and fast, and the menu's ways on."""

from types import SimpleNamespace

from game.input import Action
from game.table.demo import DemoAndFast
from game.table.ending import Ending
from game.table.hints import Hints
from game.table.menu import TableMenu
from game.table.network import TableNetwork
from game.table.saving import Saving, counters_from_json
from game.table.seats import COMPUTER, HERE, REMOTE, TableSeat
from game.table.sharedkeys import KEY_LABELS, SHARED_CHARS, SharedKeys
from tests.table.stubs import StubTable


class KeysTable(StubTable):
    HAS_UNDO = True
    NEW_GAME_WORD = "New hand"
    SHARED_CHARS = SHARED_CHARS
    KEY_LABELS = KEY_LABELS
    game_id = "nogame"

    def __init__(self) -> None:
        super().__init__()
        self.waiting_for_human = True
        self.app.fast = False
        self.app.speed = lambda game_id=None: "normal"
        self.ran: list[str] = []
        self.hints = SimpleNamespace(ask=lambda: self.ran.append("hint"))
        self.coaching = SimpleNamespace(reviewable=False, open_review=lambda: None)
        self.demo_and_fast = SimpleNamespace(
            toggle_demo=lambda: self.ran.append("demo"), cycle_speed=lambda: None
        )
        self.network = SimpleNamespace(open_friends_panel=lambda: self.ran.append("friends"))
        self.menu = SimpleNamespace(open=lambda: self.ran.append("menu"))
        self.title = "A table"
        self.app.push = lambda scene: self.ran.append("log")

    def hurry(self) -> None:
        self.ran.append("hurry")

    def undo(self) -> None:
        self.ran.append("undo")

    def redo(self) -> None:
        self.ran.append("redo")

    def new_game_key(self) -> str:
        return "N"


def labels(entries) -> list[str]:
    return [entry.word for entry in entries]


def enabled(entries) -> list[str]:
    return [entry.word for entry in entries if entry.enabled]


def test_the_shared_entries_keep_their_places_and_dim_what_is_not_valid_now():
    """Issue 32: entries came and went with the table's state and pushed the others
    along; now the same entries stay, pinned at the bar's right end, dimmed when their
    key does nothing."""
    table = KeysTable()
    keys = SharedKeys(table)
    every = ["Hurry", "Hint", "Review", "Undo", "Redo", "Log", "Demo", "Normal", "Help", "Menu"]
    assert labels(keys.entries()) == every
    assert all(entry.pinned for entry in keys.entries())
    assert enabled(keys.entries()) == [e for e in every[1:] if e != "Review"], (
        "Hurry dimmed while the person decides, Review until the game is over"
    )
    table.waiting_for_human, table.hint_possible, table.net = False, False, object()
    assert labels(keys.entries()) == every[:5] + ["Friends"] + every[5:]
    assert enabled(keys.entries())[:2] == ["Hurry", "Undo"], "no hint for the computer"
    assert "Hurry" not in labels(keys.entries(False))
    table.finished, table.coaching.reviewable = True, True
    assert labels(keys.end_entries()) == ["New game", "Review", "Title", "Log", "Help"]


def test_the_shared_keys_run_their_commands_and_leave_the_others_to_the_game():
    table = KeysTable()
    keys = SharedKeys(table)
    for char in "?ldug":
        assert keys.key(Action("char", char=char)) is (char != "g"), char
    assert keys.key(Action("cancel"))
    assert not keys.key(Action("char", char="x"))
    assert table.ran == ["hint", "log", "demo", "undo", "menu"], "G only at a network table"
    assert "New hand (N)" in keys.help_page().text


def test_a_table_played_here_has_no_network_side():
    table = StubTable()
    network = TableNetwork(table)
    network.tick()
    network.moved([])
    assert network.menu_message("Paused.") == "Paused."
    assert network.saved_entry() is None and not network.host_starts_next_game()
    assert not network.relay("a")
    table.kept_net = {"code": "K7QX2M"}
    assert network.saved_entry() == {"code": "K7QX2M"}, "kept for the next time"


def test_a_guests_table_waits_for_the_host_and_says_so_in_the_menu():
    table = StubTable()
    table.guest = SimpleNamespace(close=lambda: None, watching=False)
    network = TableNetwork(table)
    assert network.host_starts_next_game() and table.sounds == ["error"]
    assert network.menu_message("Paused.").startswith("The game goes on at the host's table.")


def test_saved_counters_keep_only_sane_counts_of_the_seats_and_names_kept():
    fresh = {0: {"hot_dice": 0, "farkles": 0}}
    saved = {"0": {"hot_dice": 3, "farkles": -1, "other": 5}, "1": {"hot_dice": 9}}
    assert counters_from_json(saved, fresh) == {0: {"hot_dice": 3, "farkles": 0}}
    assert counters_from_json("damage", fresh) == fresh


def test_the_saved_game_is_the_games_data_with_the_tables():
    table = StubTable()
    table.network = TableNetwork(table)
    table.counters, table.demo_played, table.save_slot = {0: {"x": 1}}, False, "pig"
    table.game_data = lambda: {"state": 7}
    data = Saving(table).saved_data()
    assert data["version"] == 3 and data["state"] == 7 and data["counters"] == {"0": {"x": 1}}
    assert "net" not in data and data["coach"] == [] and data["demo_played"] is False


def test_the_opponent_is_the_strongest_computer_level_or_people():
    table = StubTable()
    ending = Ending(table)
    assert ending.opponent() == "hard"
    table.seats = [TableSeat("Ann", HERE), TableSeat("Bea", REMOTE)]
    assert ending.opponent() == "people"
    table.seats = [TableSeat("Ann", HERE), TableSeat("Cal", COMPUTER, "odd")]
    assert ending.opponent() == "odd", "a level the game does not list"
    table.demo_played = True
    assert not ending.counts_for_people()


def test_demo_takes_the_seats_over_and_forgets_a_hint_being_worked_out():
    table = StubTable()
    table.thinker = SimpleNamespace(forget=lambda: None)
    table.hints = Hints(table)
    table.demo_played, table.changes = False, []
    table.demo_changed = lambda: table.changes.append(table.demo)
    table.hints.ask()
    DemoAndFast(table).toggle_demo()
    assert table.demo and table.demo_played and not table.hints.busy
    assert table.changes == [True] and table.sounds[-1] == "click"
    table.attract = True
    DemoAndFast(table).toggle_demo()
    assert table.demo, "a demonstration keeps its seats"


def test_a_new_game_at_a_network_table_is_the_same_table_again():
    table = StubTable()
    table.net, replaced = object(), []
    table.network = SimpleNamespace(
        host_starts_next_game=lambda: False, hand_over=lambda fresh: replaced.append("handed")
    )
    table.saves = SimpleNamespace(forget_game=lambda: replaced.append("forgot"))
    table.leaving = lambda: replaced.append("left")
    table.rematch = lambda: "the next game"
    table.app.replace = replaced.append
    TableMenu(table).start_new_game()
    assert replaced == ["left", "forgot", "handed", "the next game"]
