"""The table's talk keeps what was said as it was said (a text, or a Msg: key and values)
and shows it in the language of the moment (issue 33): the move log reads in French after
a change of language, a saved log keeps its Msgs, and a damaged one loses only the damage."""

import pytest

from game import lang
from game.lang import Msg, catalogs
from game.table.talk import DIM, Line, Talk, log_from_json


@pytest.fixture(autouse=True)
def compiled():
    """The catalogs as the set-up compiles them (the French words below are theirs)."""
    catalogs.compile_catalogs(only_if_stale=True)


def test_a_line_said_as_a_msg_is_shown_in_the_language_of_the_moment():
    talk = Talk(lambda sound: None)
    talk.say(Msg("{name} takes seat {seat}.", name="Bea", seat=2), DIM)
    talk.tell(Msg("Thinking..."))
    talk.announce(Msg("The game is over."), "plain")
    try:
        assert talk.log[-1].text == "Bea takes seat 2." and talk.news.text == "Bea takes seat 2."
        assert talk.banner is not None and talk.banner.title == "The game is over."
        lang.set_language("fr")
        assert talk.log[-1].text == "Bea prend la place 2."
        assert talk.line.text == "Réflexion…"
        assert talk.banner.title == "La partie est terminée." and talk.banner.subtitle == "plain"
    finally:
        lang.set_language("en")


def test_a_saved_log_keeps_its_msgs_and_loses_only_what_is_damaged():
    talk = Talk(lambda sound: None)
    talk.say(Msg("{name} asks for another game.", name="Cal"), DIM)
    talk.say("Ann rolls 3 4 5.")
    saved = talk.log_json()
    assert saved == [
        [{"key": "{name} asks for another game.", "values": {"name": "Cal"}}, DIM],
        ["Ann rolls 3 4 5.", "info"],
    ]
    damaged = saved + [[{"key": 5}, DIM], [["no"], DIM], "an old plain line", [1, 2]]
    lines = log_from_json(damaged)
    assert [line.text for line in lines] == [
        "Cal asks for another game.",
        "Ann rolls 3 4 5.",
        "an old plain line",
    ]
    assert lines[0] == Line(Msg("{name} asks for another game.", name="Cal"), DIM)
