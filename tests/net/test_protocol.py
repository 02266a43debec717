"""The network protocol's checks (game/net/protocol.py): whatever arrives is a message of
this protocol or a ProtocolError saying why, never anything else."""

from __future__ import annotations

import json

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
    message = dict(protocol.hello("ABCDEF", "Ann"), protocol=protocol.PROTOCOL_VERSION + 1)
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
        protocol.checked_hello(dict(protocol.hello("ABCDEF", "Ann"), **fields))


def test_a_name_keeps_printable_letters_and_its_length():
    message = protocol.hello("ABCDEF", "An\x00n\u202e" + "x" * 40)
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
