"""The network protocol's checks (game/net/protocol.py): whatever arrives is a message of
this protocol or a ProtocolError saying why, never anything else."""

from __future__ import annotations

import hashlib
import json
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import protocol
from game.net.protocol import ProtocolError


def test_a_hello_round_trips_and_codes_read_as_typed():
    code = protocol.new_table_code()
    assert len(code) == protocol.CODE_LENGTH and set(code) <= set(protocol.CODE_ALPHABET)
    shown = protocol.shown_code(code)
    message = protocol.decode(
        protocol.encode(protocol.hello(shown.lower(), "Ann", 2, "ab")), protocol.CLIENT_TYPES
    )
    assert protocol.checked_hello(message) == (code, "Ann", 2, "ab")


def test_another_protocol_version_is_told_what_to_do():
    message = dict(protocol.hello("ABCDEFGH", "Ann"), protocol=protocol.PROTOCOL_VERSION + 1)
    with pytest.raises(ProtocolError, match="same version of Pixel Parlor"):
        protocol.checked_hello(message)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "7",
        "null",
        '{"type": "launch"}',
        '{"no": "type"}',
        "{" * 5000,
        "\udcff",
        '{"type": "hello", "x": NaN}',
        '{"type": "action", "action": Infinity}',
        b"\xff\xfe",
        "x" * (protocol.MAX_MESSAGE_BYTES + 1),
        json.dumps({"type": "action", "action": json.loads("[" * 40 + "]" * 40)}),
    ],
)
def test_what_is_no_message_is_refused_with_a_reason(text):
    with pytest.raises(ProtocolError):
        protocol.decode(text, protocol.CLIENT_TYPES)


@pytest.mark.parametrize(
    "fields",
    [
        {"code": 5},
        {"name": ""},
        {"name": 7},
        {"seat": -1},
        {"seat": True},
        {"seat": "2"},
        {"token": "x" * 100},
        {"code": "x" * 30},
    ],
)
def test_a_hello_with_a_bad_field_is_refused(fields):
    with pytest.raises(ProtocolError):
        protocol.checked_hello(dict(protocol.hello("ABCDEFGH", "Ann"), **fields))


def test_a_name_keeps_printable_letters_and_its_length():
    message = protocol.hello("ABCDEFGH", "An\x00n\u202e" + "x" * 40)
    assert protocol.checked_hello(message)[1] == ("Ann" + "x" * 40)[: protocol.NAME_LIMIT]


@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=300),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=10),
            lambda kids: (
                st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4)
            ),
            max_leaves=30,
        ).map(json.dumps),
    )
)
@settings(max_examples=400, deadline=None)
def test_decoding_anything_gives_a_message_or_a_protocol_error(text):
    try:
        message = protocol.decode(text, protocol.CLIENT_TYPES)
    except ProtocolError:
        return
    assert isinstance(message, dict) and message["type"] in protocol.CLIENT_TYPES


# -- codes, tokens, fingerprints -----------------------------------------------------------
def test_codes_are_eight_letters_without_look_alikes_about_two_to_the_forty():
    assert protocol.CODE_LENGTH == 8
    assert not set("0O1IL") & set(protocol.CODE_ALPHABET)
    assert len(set(protocol.CODE_ALPHABET)) == len(protocol.CODE_ALPHABET) == 31
    assert len(protocol.CODE_ALPHABET) ** protocol.CODE_LENGTH > 2**39.5
    codes = {protocol.new_table_code() for _ in range(20)}
    assert len(codes) == 20 and all(protocol.valid_code(code) for code in codes)


def test_a_code_is_shown_in_two_groups_of_four_and_read_back_however_typed():
    assert protocol.shown_code("ABCDEFGH") == "ABCD-EFGH"
    assert protocol.shown_code("ABCD") == "ABCD"
    assert protocol.normal_code(" abcd-efgh ") == "ABCDEFGH"
    assert protocol.normal_code("ab cd\tef—gh") == "ABCDEFGH"


@pytest.mark.parametrize(
    "code, valid",
    [
        ("ABCDEFGH", True),
        ("23456789", True),
        ("ABCDEFG", False),
        ("ABCDEFGHJ", False),
        ("ABCDEFG0", False),
        ("ABCDEFGI", False),
        ("abcdefgh", False),
        ("ABCD-EFG", False),
        (12345678, False),
        (None, False),
        (["ABCDEFGH"], False),
    ],
)
def test_valid_code_takes_a_stored_code_only(code, valid):
    assert protocol.valid_code(code) is valid


def test_tokens_are_long_random_secrets():
    tokens = {protocol.new_token() for _ in range(10)}
    assert len(tokens) == 10
    assert all(len(token) == 2 * protocol.TOKEN_BYTES == 32 for token in tokens)
    assert all(int(token, 16) >= 0 for token in tokens)


def test_a_fingerprint_is_the_sha256_of_the_certificate():
    assert protocol.fingerprint(b"pixel") == hashlib.sha256(b"pixel").hexdigest()


# -- messages -------------------------------------------------------------------------------
def test_messages_are_compact_json_and_nan_is_none():
    assert protocol.encode({"a": 1, "b": [1, 2]}) == '{"a":1,"b":[1,2]}'
    with pytest.raises(ValueError):
        protocol.encode({"a": float("nan")})


def test_a_message_as_bytes_or_text_is_read_and_its_size_is_bounded():
    assert protocol.decode(b'{"type":"bye"}', protocol.CLIENT_TYPES) == {"type": "bye"}
    padding = protocol.MAX_MESSAGE_BYTES - len('{"type":"bye","x":""}')
    largest = '{"type":"bye","x":"' + "x" * padding + '"}'
    assert len(largest) == protocol.MAX_MESSAGE_BYTES
    assert protocol.decode(largest, protocol.CLIENT_TYPES)["type"] == "bye"
    assert protocol.decode(largest.encode(), protocol.CLIENT_TYPES)["type"] == "bye"
    too_large = largest.replace('"x":"', '"x":"x')
    for text in (too_large, too_large.encode()):
        with pytest.raises(ProtocolError, match="too large"):
            protocol.decode(text, protocol.CLIENT_TYPES)


def test_a_message_of_the_other_side_is_not_one_of_this_side():
    with pytest.raises(ProtocolError, match="unknown message type 'view'"):
        protocol.decode('{"type":"view"}', protocol.CLIENT_TYPES)
    assert protocol.decode('{"type":"view"}', protocol.HOST_TYPES) == {"type": "view"}


@pytest.mark.parametrize(
    "text",
    ["{", '{"type": NaN}', "{" * 5000, '{"a":' * 5000, b"\xff", "[1]", "7", 7, None],
)
def test_refusals_say_what_is_wrong_without_python_names(text):
    with pytest.raises(ProtocolError) as refusal:
        protocol.decode(text, protocol.CLIENT_TYPES)
    reason = str(refusal.value)
    assert reason and "Error" not in reason and "Exception" not in reason
    assert refusal.value.code == "bad_message"


def nested(kind: str, depth: int) -> dict:
    """A message holding `depth` objects (or lists) one in the other."""
    inner: object = 1
    for _ in range(depth):
        inner = {"a": inner} if kind == "object" else [inner]
    return {"type": "action", "action": inner}


@pytest.mark.parametrize("kind", ["object", "list"])
def test_the_nesting_limit_counts_objects_and_lists_alike(kind):
    # The message itself is one object: the limit holds it and MAX_DEPTH - 1 inside.
    fits = json.dumps(nested(kind, protocol.MAX_DEPTH - 1))
    assert protocol.decode(fits, protocol.CLIENT_TYPES)["type"] == "action"
    for depth in (protocol.MAX_DEPTH, 15):
        with pytest.raises(ProtocolError, match="nested too deep"):
            protocol.decode(json.dumps(nested(kind, depth)), protocol.CLIENT_TYPES)


def test_fifteen_nested_objects_fail_a_limit_of_twelve_and_mixed_nesting_counts_all():
    assert protocol.MAX_DEPTH == 12
    assert protocol.too_deep({"a": {"b": [{"c": [[{"d": [[[[[{}]]]]]}]]}]}})
    assert not protocol.too_deep({"a": {"b": [{"c": [[{"d": [[[[{}]]]]}]]}]}})
    assert not protocol.too_deep([1, "x", None, {"a": 2}])


# -- the hello ----------------------------------------------------------------------------
def hello_with(**fields) -> dict:
    return dict(protocol.hello("ABCD-EFGH", "Ann"), **fields)


@pytest.mark.parametrize("version", [True, 1, 2, 3, "4", 4.0, None, 5])
def test_only_this_protocol_version_is_taken_and_true_is_no_version(version):
    with pytest.raises(ProtocolError, match="same version") as refusal:
        protocol.checked_hello(hello_with(protocol=version))
    assert refusal.value.code == "version"


def test_a_hello_says_the_code_name_seat_and_token_in_their_stored_form():
    assert protocol.PROTOCOL_VERSION == 4
    assert protocol.checked_hello(hello_with(seat=0, token="t")) == ("ABCDEFGH", "Ann", 0, "t")
    assert protocol.checked_hello(hello_with(seat=63)) == ("ABCDEFGH", "Ann", 63, None)


@pytest.mark.parametrize(
    "fields, code",
    [
        ({"seat": 64}, "no_such_seat"),
        ({"seat": -1}, "no_such_seat"),
        ({"seat": False}, "no_such_seat"),
        ({"seat": 1.0}, "no_such_seat"),
        ({"code": None}, "bad_message"),
        ({"code": "A" * 21}, "bad_message"),
        ({"name": None}, "bad_message"),
        ({"name": "A" * 201}, "bad_message"),
        ({"name": " \u00a0\u200b "}, "bad_message"),
        ({"token": 5}, "bad_message"),
        ({"token": "t" * 65}, "bad_message"),
    ],
)
def test_a_hello_out_of_range_is_refused_with_its_code(fields, code):
    with pytest.raises(ProtocolError) as refusal:
        protocol.checked_hello(hello_with(**fields))
    assert refusal.value.code == code


def test_the_longest_fields_a_hello_may_hold_pass():
    message = hello_with(code="A" * 20, name="B" * 200, token="t" * 64)
    assert protocol.checked_hello(message) == ("A" * 20, "B" * 16, None, "t" * 64)


def test_a_name_is_trimmed_to_its_limit_and_loses_the_spaces_at_its_ends():
    assert protocol.checked_hello(hello_with(name="  Ann  "))[1] == "Ann"
    assert protocol.checked_hello(hello_with(name="x" * 15 + " yz"))[1] == "x" * 15


# -- actions and refusals ---------------------------------------------------------------
def test_an_action_carries_the_move_count_of_its_view():
    message = protocol.action_message(["roll"], 7)
    assert message == {"type": "action", "action": ["roll"], "moves": 7}
    assert protocol.checked_action(message) == (["roll"], 7)
    assert protocol.checked_action({"action": None, "moves": 0}) == (None, 0)
    most = protocol.MOVES_LIMIT
    assert protocol.checked_action({"action": 1, "moves": most}) == (1, most)


@pytest.mark.parametrize(
    "message",
    [
        {"action": ["roll"]},
        {"action": ["roll"], "moves": None},
        {"action": ["roll"], "moves": True},
        {"action": ["roll"], "moves": -1},
        {"action": ["roll"], "moves": -999999},
        {"action": ["roll"], "moves": protocol.MOVES_LIMIT + 1},
        {"action": ["roll"], "moves": "3"},
        {"action": ["roll"], "moves": 3.0},
        {"moves": 3},
    ],
)
def test_an_action_without_a_move_count_or_its_action_is_refused(message):
    with pytest.raises(ProtocolError) as refusal:
        protocol.checked_action(message)
    assert refusal.value.code == "bad_message"


def test_a_refusal_has_a_stable_code_words_and_whether_it_ends_the_connection():
    assert protocol.refused("stale", "old view") == {
        "type": "refused",
        "code": "stale",
        "reason": "old view",
        "fatal": False,
    }
    long = protocol.refused("kicked", "x" * 400, fatal=True)
    assert long["reason"] == "x" * 300 and long["fatal"] is True
    assert {protocol.refused(code, "r")["code"] for code in protocol.REFUSAL_CODES} == set(
        protocol.REFUSAL_CODES
    )
    with pytest.raises(ValueError):
        protocol.refused("nope", "no such code")


# -- invitations ------------------------------------------------------------------------
FINGERPRINT = "ab" * 32


@pytest.mark.parametrize(
    "address, port, fingerprint, tls, line",
    [
        ("192.168.1.20", 28989, None, False, "pixelparlor://192.168.1.20:28989/ABCD-EFGH"),
        ("::1", 5000, None, False, "pixelparlor://[::1]:5000/ABCD-EFGH"),
        (
            "table.example.org",
            443,
            None,
            True,
            "pixelparlor://table.example.org:443/ABCD-EFGH?tls=ca",
        ),
        (
            "10.0.0.2",
            28989,
            FINGERPRINT,
            False,
            f"pixelparlor://10.0.0.2:28989/ABCD-EFGH?tls={FINGERPRINT}",
        ),
    ],
)
def test_an_invitation_is_one_line_that_reads_back(address, port, fingerprint, tls, line):
    assert protocol.invitation(address, port, "abcd efgh", fingerprint, tls) == line
    read = protocol.parse_invitation(f"  {line}\n")
    assert read == protocol.Invitation(
        address, port, "ABCDEFGH", tls or fingerprint is not None, fingerprint
    )


def test_an_invitation_takes_a_fingerprint_however_written_and_the_default_port():
    shouted = ":".join(FINGERPRINT[i : i + 2] for i in range(0, 64, 2)).upper()
    read = protocol.parse_invitation(f"PixelParlor://Host.Example:7/abcd-efgh?TLS={shouted}")
    assert read == protocol.Invitation("host.example", 7, "ABCDEFGH", True, FINGERPRINT)
    assert protocol.parse_invitation("pixelparlor://h/ABCDEFGH").port == protocol.DEFAULT_PORT


@pytest.mark.parametrize(
    "text",
    [
        None,
        7,
        "pixelparlor://h:1/ABCD-EFGH" + " " * 400,
        "http://h:1/ABCD-EFGH",
        "pixelparlor://:1/ABCD-EFGH",
        "pixelparlor://h:x/ABCD-EFGH",
        "pixelparlor://h:70000/ABCD-EFGH",
        "pixelparlor://h:0/ABCD-EFGH",
        "pixelparlor://[zz]:1/ABCD-EFGH",
        "pixelparlor://[10.0.0.1]:1/ABCD-EFGH",
        "pixelparlor://-h:1/ABCD-EFGH",
        "pixelparlor://h_1:1/ABCD-EFGH",
        "pixelparlor://h:1/ABCD-EFG",
        "pixelparlor://h:1/ABCD-EFG0",
        "pixelparlor://h:1/",
        "pixelparlor://eve@h:1/ABCD-EFGH",
        "pixelparlor://h:1/ABCD-EFGH#x",
        "pixelparlor://h:1/ABCD-EFGH?tls=yes",
        "pixelparlor://h:1/ABCD-EFGH?tls=" + "a" * 63,
        "pixelparlor://h:1/ABCD-EFGH?pin=ca",
        "pixelparlor://h:1/ABCD-EFGH?zzz=ca",
    ],
)
def test_anything_else_is_no_invitation_and_says_so(text):
    with pytest.raises(ProtocolError) as refusal:
        protocol.parse_invitation(text)
    assert str(refusal.value) and "Error" not in str(refusal.value)


# -- what both ends agree on, as numbers ----------------------------------------------------
def test_the_limits_both_ends_agree_on():
    """A change to any of these is a change of the protocol (both ends must have it)."""
    assert protocol.DEFAULT_PORT == 28989
    assert protocol.MAX_MESSAGE_BYTES == 65536
    assert protocol.checked_action({"action": 1, "moves": 10**9}) == (1, 10**9)
    with pytest.raises(ProtocolError):
        protocol.checked_action({"action": 1, "moves": 10**9 + 1})
    assert protocol.parse_invitation("pixelparlor://h/ABCDEFGH").port == 28989


def test_the_protocols_signatures_name_real_types():
    """Nothing evaluates the annotations at run time (postponed): this does, for the
    functions and the invitation the other modules call."""
    for value in vars(protocol).values():
        if callable(value) and getattr(value, "__module__", "") == protocol.__name__:
            typing.get_type_hints(value)


@pytest.mark.parametrize("fingerprint", ["00" * 32, "c9" * 32, "ca" * 32, "ff" * 32])
def test_any_fingerprint_reads_back_as_itself(fingerprint):
    line = protocol.invitation("h", 1, "ABCDEFGH", fingerprint)
    assert protocol.parse_invitation(line).fingerprint == fingerprint


def test_an_invitation_without_tls_says_none():
    assert protocol.invitation("h", 1, "ABCDEFGH") == "pixelparlor://h:1/ABCD-EFGH"


def test_an_invitation_may_be_as_long_as_four_hundred_characters_with_its_spaces():
    line = "pixelparlor://h:1/ABCD-EFGH"
    padded = line + " " * (400 - len(line))
    assert protocol.parse_invitation(padded).code == "ABCDEFGH"
    with pytest.raises(ProtocolError):
        protocol.parse_invitation(padded + " ")


def test_a_seat_past_the_last_is_no_seat_however_far():
    for seat in (64, 65, 1000):
        with pytest.raises(ProtocolError):
            protocol.checked_hello(hello_with(seat=seat))


def test_deep_nesting_is_found_behind_a_plain_value_too():
    deep: object = 1
    for _ in range(protocol.MAX_DEPTH + 1):
        deep = [deep]
    assert protocol.too_deep({"deep": deep, "plain": 1})
    assert protocol.too_deep([deep, 1])


def test_a_refusal_quotes_what_it_was_sent_within_bounds():
    with pytest.raises(ProtocolError) as refusal:
        protocol.decode(json.dumps({"type": "x" * 30}), protocol.CLIENT_TYPES)
    assert str(refusal.value) == f"unknown message type {'x' * 20!r}"
    with pytest.raises(ProtocolError) as refusal:
        protocol.checked_hello(hello_with(protocol="y" * 30))
    assert f"you sent {'y' * 10}:" in str(refusal.value)


def test_a_message_in_bytes_is_measured_in_bytes():
    wide = ('{"type":"bye","x":"' + "é" * 40_000 + '"}').encode()
    assert len(wide) > protocol.MAX_MESSAGE_BYTES > len(wide.decode())
    with pytest.raises(ProtocolError, match="too large"):
        protocol.decode(wide, protocol.CLIENT_TYPES)
