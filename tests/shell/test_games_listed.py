"""Help lists the games as the registry has them: a game registered later is counted and
named with no help text edited, and only the games with a network table are offered to
friends."""

import pytest

from game.lang import join_words
from game.scenes.help import game_names, general_help
from game.shell.registry import (
    GameInfo,
    load_games,
    network_games,
    register_game,
    registered_games,
    unregister_game,
)

# Other tests may have registered games of their own (tests/games): count from what is there.
SAID = {4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}


@pytest.fixture
def checkers():
    load_games()
    info = register_game(
        GameInfo(
            id="checkers",
            title="Checkers",
            tagline="Jump them all.",
            order=99,
            new_scene=lambda app: None,
        )
    )
    yield info
    unregister_game(info.id)


def page(heading):
    return next(p.text for p in general_help() if p.heading == heading)


def test_the_welcome_counts_the_registered_games(checkers):
    count = len(registered_games())
    assert page("Welcome to Pixel Parlor").startswith(f"{SAID[count]} classic table games")
    unregister_game(checkers.id)
    assert page("Welcome to Pixel Parlor").startswith(f"{SAID[count - 1]} classic table games")


def test_every_registered_game_is_named_in_help(checkers):
    assert "Checkers: Jump them all." in page("The games")
    assert game_names().startswith("farkle, lucie, shutbox, mille")
    assert game_names().endswith(" or checkers")


def test_only_games_with_a_network_table_are_offered_to_friends(checkers):
    hosted = [g.title for g in network_games()]
    assert {"Farkle", "Shut The Box", "Mille Bornes"} <= set(hosted)
    assert "La Belle Lucie" not in hosted and "Checkers" not in hosted
    friends = page("Playing with friends")
    assert friends.startswith("Farkle, Shut The Box or Mille Bornes can be played by friends")
    assert "Checkers" not in friends


@pytest.mark.parametrize(
    "words, said", [([], ""), (["A"], "A"), (["A", "B"], "A or B"), (["A", "B", "C"], "A, B or C")]
)
def test_a_list_is_said_as_a_sentence_says_it(words, said):
    assert join_words(words, "or") == said
