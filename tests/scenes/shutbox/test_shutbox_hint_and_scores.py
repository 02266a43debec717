"""The hint key and AllScores: what Perfect would do, and every card with the leader's
flashing arrow and the Top Ten's range."""

from helpers_shutbox_scene import enter, log_text, open_game, position, press

from game.art.palette import YELLOW
from game.engine.shutbox import ALL_DOORS, Player, Roll, ShutBoxState, hint
from game.scenes.shutbox.allscores import ARROW_FLASH_TICKS, GRAPH, MARK_COLOUR, AllScoresScene
from game.scenes.shutbox.layout import CARD_RECT
from tests.harness import click, pixel, run


def ask_hint(app, scene):
    press(app, "?")
    for _ in range(20000):  # Perfect's table may still be warming up
        if scene.hint is not None:
            return scene.hint
        run(app, 1)
    raise AssertionError("no hint came")


def test_the_hint_is_perfects_shut_and_the_expected_score(new_app):
    app = new_app(fast=True)
    state = position(ALL_DOORS - {2, 5}, (6, 5))
    expected = hint(state.copy())
    scene = open_game(app, state)
    advice = ask_hint(app, scene)
    assert advice.doors == expected.doors == {8, 3}
    assert advice.expected_score == expected.expected_score
    assert f"Perfect shuts 8 and 3: it expects {expected.expected_score:.1f} points" in log_text(
        scene
    )
    assert scene.selection == set(), "a hint shuts nothing by itself"
    app.render()
    for door in advice.doors:  # a gold arrow bobs over each hinted door
        x, y = scene.doors.top_of(door)
        colours = {pixel(app, (x + dx, y + dy)) for dx in range(-3, 4) for dy in range(-8, 2)}
        assert YELLOW in colours


def test_a_hinted_door_once_shut_loses_its_arrow(new_app):
    """Issue 32: the hint's arrow stayed over door 8 after the person shut it."""
    app = new_app(fast=True)
    scene = open_game(app, position(ALL_DOORS - {2, 5}, (6, 5)))
    assert ask_hint(app, scene).doors == {8, 3}

    def arrow_over(door: int) -> bool:
        app.render()
        x, y = scene.doors.top_of(door)
        return YELLOW in {
            pixel(app, (x + dx, y + dy)) for dx in range(-3, 4) for dy in range(-8, 2)
        }

    assert arrow_over(8) and arrow_over(3)
    press(app, "8")
    assert scene.selection == {8}
    assert not arrow_over(8) and arrow_over(3), "the arrow goes with the door it pointed at"


def test_before_a_roll_the_hint_gives_the_turns_expected_score(new_app):
    app = new_app(fast=True)
    state = position(ALL_DOORS)
    scene = open_game(app, state)
    enter(app)  # past "Press Enter for Ann's turn"
    run(app, 2)
    advice = ask_hint(app, scene)
    assert advice.action == Roll(2)
    assert abs(advice.expected_score - hint(ShutBoxState.new(["a", "b"])).expected_score) < 1e-9
    assert "Perfect rolls both dice, expecting" in log_text(scene)


def all_scores(app, scene) -> AllScoresScene:
    press(app, "a")
    top = app.scenes.top
    assert isinstance(top, AllScoresScene)
    return top


def three_players():
    players = [
        Player("Ann", turn_scores=[31, 23]),
        Player("Cindy", True, "perfect", turn_scores=[38, 19]),
        Player("Greg", turn_scores=[50, 12]),
    ]
    return ShutBoxState(
        players, current=0, turn_number=3, open_doors=ALL_DOORS, dice=(), phase="roll"
    )


def test_all_scores_shows_every_card_and_flashes_an_arrow_at_the_leaders(new_app):
    app = new_app(fast=True)
    scene = open_game(app, three_players())
    board = all_scores(app, scene)
    assert [(c.name, c.score) for c in board.cards] == [("Ann", 54), ("Cindy", 57), ("Greg", 62)]
    assert board.leaders == [2]
    shown = [board.arrow_visible()]
    run(app, ARROW_FLASH_TICKS)
    shown.append(board.arrow_visible())
    assert shown == [True, False] or shown == [False, True], "the arrow flashes"


def test_all_scores_marks_the_top_ten_range_from_above_and_below(new_app):
    app = new_app(fast=True)
    for name, score in (("Bob", 187), ("Cindy", 112), ("Jay", 150)):
        app.storage.add_to_top_ten("shutbox", name, score)
    scene = open_game(app, three_players())
    board = all_scores(app, scene)
    assert board.top_ten_range == (112, 187)
    app.render()
    for score in (112, 187):
        x = board.graph_x + GRAPH.x_of(score)
        assert pixel(app, (x, board.frame.y + 2)) == MARK_COLOUR, "a line from above"
        assert pixel(app, (x, board.frame.bottom - 3)) == MARK_COLOUR, "and from below"
    between = board.graph_x + GRAPH.x_of(150)
    assert pixel(app, (between, board.frame.y + 2)) != MARK_COLOUR
    click(app, (5, 5))
    assert app.scenes.top is scene, "a click goes back"


def test_all_scores_with_an_empty_top_ten_says_so(new_app):
    app = new_app(fast=True)
    scene = open_game(app, three_players())
    board = all_scores(app, scene)
    assert board.top_ten_range is None


def test_clicking_the_scorecard_opens_all_scores(new_app):
    app = new_app(fast=True)
    open_game(app, three_players())
    click(app, CARD_RECT.center)
    assert isinstance(app.scenes.top, AllScoresScene)
