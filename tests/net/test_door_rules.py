"""The door's rules without the network (game/net/door.py): waits after wrong codes, the
table's wrong codes a minute, returns by seat, connections by address and in all, names
that pass for another's, and the log's few lines a minute. The time is passed in."""

from __future__ import annotations

import pytest

from game.net import door


# -- addresses ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "address, key",
    [
        ("192.168.1.20", "192.168.1.20"),
        ("::ffff:192.168.1.20", "192.168.1.20"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_an_address_is_counted_by_itself_or_by_its_ipv6_network(address, key):
    assert door.address_key(address) == key


def test_an_ipv4_guest_on_a_dual_stack_socket_is_shown_as_plain_ipv4():
    assert door.plain_address("::ffff:10.0.0.7") == "10.0.0.7"
    assert door.plain_address("2001:db8::1") == "2001:db8::1"
    assert door.plain_address("10.0.0.7") == "10.0.0.7"
    assert door.plain_address("?") == "?"


@pytest.mark.parametrize(
    "limit, cap",
    [
        (None, door.MOST_CONNECTIONS),
        (-1, door.MOST_CONNECTIONS),
        (1024, min(door.MOST_CONNECTIONS, 1024 - door.FILES_KEPT)),
        (door.FILES_KEPT + 100, 100),
        (door.FILES_KEPT + 1, door.FEWEST_CONNECTIONS),
        (100_000, door.MOST_CONNECTIONS),
    ],
)
def test_the_door_holds_fewer_connections_than_the_process_may_open_files(limit, cap):
    assert door.connection_cap(limit) == cap
    if limit is not None and limit > door.FILES_KEPT + door.FEWEST_CONNECTIONS:
        assert cap <= limit - door.FILES_KEPT


# -- windows and waits ----------------------------------------------------------------------
def test_a_window_counts_the_last_minute_and_says_when_it_has_room():
    window = door.Window(3, 60.0)
    for now in (0.0, 10.0, 20.0):
        assert not window.full(now)
        assert window.wait(now) == 0.0
        window.add(now)
    assert window.full(20.0) and window.wait(20.0) == 40.0
    assert window.wait(59.5) == 0.5
    assert not window.full(60.0), "the first has left the window"
    window.add(60.0)
    assert window.full(60.0) and window.wait(60.0) == 10.0


def test_more_messages_than_the_limit_within_a_second_are_a_flood_and_a_new_second_starts_afresh():
    rate = door.MessageRate(3, 100.0)
    assert [rate.too_many(100.0 + t) for t in (0.0, 0.2, 0.5)] == [False] * 3
    assert rate.too_many(0.99 + 100.0), "the 4th within the second"
    rate = door.MessageRate(3, 100.0)
    assert not any(rate.too_many(100.0 + t) for t in (0.0, 0.3, 0.6, 1.0, 1.1, 1.2))
    assert rate.too_many(1.5 + 100.0), "the 4th since 101.0"


def test_a_window_keeps_no_more_than_its_limit():
    window = door.Window(2, 60.0)
    for _ in range(1000):
        window.add(5.0)
    assert len(window._times) == 2


def test_the_wait_doubles_after_the_free_tries_up_to_a_minute():
    free = door.FREE_TRIES
    assert [door.backoff_s(n) for n in range(1, free + 1)] == [0.0] * free
    assert [door.backoff_s(free + n) for n in range(1, 5)] == [1.0, 2.0, 4.0, 8.0]
    assert door.backoff_s(free + 7) == 60.0 and door.backoff_s(free + 100) == 60.0


def test_an_address_with_wrong_codes_waits_longer_and_longer_then_is_cut_once_told():
    knocks = door.Knocks()
    for n in range(door.FREE_TRIES):
        assert knocks.wrong("a", float(n)) == 0.0
        assert knocks.wait("a", float(n)) == 0.0
    assert knocks.wrong("a", 10.0) == 1.0
    assert knocks.wait("a", 10.0) == 1.0 and knocks.wait("a", 10.5) == 0.5
    assert knocks.wait("b", 10.0) == 0.0, "another address does not wait"
    assert not knocks.cut("a", 10.0), "not told yet"
    knocks.told("a", 11.0)
    assert knocks.cut("a", 10.9) and not knocks.cut("a", 11.0)
    knocks.told("a", 10.5)
    assert knocks.cut("a", 10.9), "an earlier end does not shorten the wait"
    assert knocks.wrong("a", 11.0) == 2.0
    knocks.right("a")
    assert knocks.wait("a", 11.0) == 0.0 and not knocks.cut("a", 11.0)
    assert knocks.wrong("a", 11.0) == 0.0, "the right code gives the free tries back"


def test_an_address_quiet_for_long_starts_again_with_its_free_tries():
    knocks = door.Knocks()
    for _ in range(door.FREE_TRIES + 1):
        knocks.wrong("a", 0.0)
    assert knocks.wrong("a", door.FORGET_AFTER_S - 1) == 2.0
    assert knocks.wrong("a", 2 * door.FORGET_AFTER_S) == 0.0


def test_the_table_takes_so_many_wrong_codes_a_minute_from_all_addresses():
    knocks = door.Knocks()
    for n in range(door.WRONG_CODES_PER_MINUTE - 1):
        knocks.wrong(f"10.0.0.{n}", 1.0)
    assert knocks.table_wait(1.0) == 0.0
    knocks.wrong("10.1.0.0", 2.0)
    assert knocks.table_wait(2.0) == 59.0
    assert knocks.table_wait(61.0) == 0.0, "the first ones have left the minute"


def test_wrong_codes_from_many_addresses_fill_no_memory():
    knocks = door.Knocks()
    for n in range(door.MOST_ADDRESSES + 50):
        knocks.wrong(f"a{n}", float(n) * 10)
    assert len(knocks._addresses) <= door.MOST_ADDRESSES + 1


def test_waiting_addresses_are_kept_before_settled_ones():
    knocks = door.Knocks()
    for _ in range(door.FREE_TRIES + 1):
        knocks.wrong("waiting", 100.0)
    for n in range(door.MOST_ADDRESSES + 10):
        knocks.wrong(f"settled{n}", 0.0)
    assert knocks.wait("waiting", 100.0) == 1.0, "the address that waits is remembered"


def test_a_seat_comes_back_so_many_times_a_minute():
    returns = door.Returns()
    for n in range(door.RETURNS_PER_MINUTE):
        assert returns.wait(1, float(n)) == 0.0
        returns.came_back(1, float(n))
    assert returns.wait(1, 10.0) == 50.0
    assert returns.wait(2, 10.0) == 0.0, "another seat does not wait"
    returns.forget(1)
    assert returns.wait(1, 10.0) == 0.0


# -- connections ----------------------------------------------------------------------------
class Handle:
    """A connection's socket as the door sees it: a number until it is closed."""

    numbers = iter(range(100, 100_000))

    def __init__(self) -> None:
        self.number = next(self.numbers)

    def fileno(self) -> int:
        return self.number

    def close(self) -> None:
        self.number = -1


def test_an_address_holds_so_many_connections_and_a_closed_one_frees_its_place():
    crowd = door.Crowd(per_address=3, total=10)
    handles = [Handle() for _ in range(4)]
    assert [crowd.admit("a", h, 0.0) for h in handles] == [(True, [])] * 3 + [(False, [])]
    assert crowd.admit("b", Handle(), 0.0) == (True, [])
    handles[0].close()
    assert crowd.admit("a", Handle(), 1.0) == (True, [])
    assert crowd.count() == 4


def test_a_full_door_pushes_out_its_oldest_connection_without_a_seat():
    crowd = door.Crowd(per_address=10, total=3)
    seated, idle, newer = Handle(), Handle(), Handle()
    crowd.admit("a", seated, 0.0)
    crowd.admit("b", idle, 1.0)
    crowd.admit("c", newer, 2.0)
    crowd.seated(seated)
    newcomer = Handle()
    assert crowd.admit("d", newcomer, 3.0) == (True, [idle])
    assert crowd.count() == 3
    crowd.seated(newer)
    crowd.seated(newcomer)
    assert crowd.admit("e", Handle(), 4.0) == (False, []), "seats are never pushed out"


def test_a_full_door_first_lets_go_of_the_closed_connections():
    crowd = door.Crowd(per_address=10, total=2)
    first, second = Handle(), Handle()
    crowd.admit("a", first, 0.0)
    crowd.admit("b", second, 1.0)
    first.close()
    assert crowd.admit("c", Handle(), 2.0) == (True, [])


def test_a_seat_is_marked_by_its_socket_number_and_a_closed_one_marks_nothing():
    crowd = door.Crowd(per_address=10, total=2)
    held = Handle()
    crowd.admit("a", held, 0.0)
    crowd.seated(None)
    closed = Handle()
    closed.close()
    crowd.seated(closed)
    same = Handle()
    same.number = held.number
    crowd.seated(same)
    assert crowd.admit("b", Handle(), 1.0) == (True, [])
    assert crowd.admit("c", Handle(), 2.0)[1] != [held]


# -- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, other",
    [
        ("ann", "Ann"),
        ("A n n", "Ann"),
        ("Ann\u00a0", "Ann"),
        ("\u0410nn", "Ann"),  # a Cyrillic A
        ("Bi11", "Bill"),
        ("BiII", "Bill"),
        ("B0b", "Bob"),
        ("Ｂｏｂ", "Bob"),  # full-width letters
        ("Ma-ry", "Mary"),
        ("rnary", "Mary"),
    ],
)
def test_a_name_that_looks_like_another_seats_is_that_name(name, other):
    assert door.name_clash(name, ["Zed", other]) == other


@pytest.mark.parametrize("name", ["Computer 3", "computer", "C0MPUTER", "Cornputer 2"])
def test_a_name_like_a_computers_is_refused(name):
    assert door.name_clash(name, []) == "a computer player"


def test_names_that_differ_pass():
    assert door.name_clash("Ann", ["Anna", "Bea", "Computer 2"]) is None
    assert door.name_clash("Comp", []) is None
    assert door.name_clash("!!", ["??"]) is None, "names of no letters are not alike"


# -- the log --------------------------------------------------------------------------------
def test_the_log_takes_a_few_lines_of_a_kind_a_minute_then_counts_them():
    quiet = door.Quiet(per_window=2, window_s=60.0)
    assert [quiet.allow("x", 0.0), quiet.allow("x", 1.0)] == [0, 0]
    assert [quiet.allow("x", 2.0), quiet.allow("x", 3.0)] == [None, None]
    assert quiet.allow("y", 3.0) == 0, "each kind on its own"
    assert quiet.allow("x", 60.0) == 2, "the next minute's first line says how many were left out"
    assert quiet.allow("x", 61.0) == 0


def test_lines_left_out_are_said_once_the_minute_is_over():
    quiet = door.Quiet(per_window=1, window_s=60.0)
    for now in range(5):
        quiet.allow("x", float(now))
    quiet.allow("y", 0.0)
    assert quiet.flush(59.0) == []
    assert quiet.flush(60.0) == [("x", 4)]
    assert quiet.flush(200.0) == []
    assert quiet.allow("x", 200.0) == 0, "said once"
