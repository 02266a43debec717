"""The Scores screen's Progress page: opened by key and by mouse, drawn for every game
from the statistics, whatever they hold (nothing, one game, forty, unjudged games,
damaged or extreme files)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.display import CANVAS_SIZE
from game.scenes import progress
from game.scenes.progress import ACCURACY_RECT, EMPTY_RECT, SCORE_RECT, opponent_rows, plot_rect
from game.scenes.scores import MEDALS, PROGRESS, RECORDS, ScoresScene
from game.shell.registry import game_info, registered_games
from game.storage import GameStats
from game.storage.limits import MAX_COUNT, MAX_LOSS, MAX_OPPONENTS, MAX_SCORE
from game.storage.stats import HISTORY_SIZE
from game.ui import chart, theme
from tests.harness import click, key, run

CHART_COLOURS = (theme.CHART_LINE, theme.CHART_WON, theme.CHART_LOST)


def open_scores(app, game_id="shutbox", page=RECORDS) -> ScoresScene:
    scene = app.push(ScoresScene(app, game_id, page))
    run(app)
    return scene


def drawn(scene: ScoresScene) -> pygame.Surface:
    """The scene alone, as it draws now (no pointer, no notices over it)."""
    canvas = pygame.Surface(CANVAS_SIZE)
    scene.draw(canvas)
    return canvas


def colours_in(
    canvas: pygame.Surface, rect: pygame.Rect, leaving_out: pygame.Rect | None = None
) -> set[tuple[int, int, int]]:
    """The colours of `rect`'s pixels, but for those in `leaving_out`."""
    return {
        tuple(canvas.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if leaving_out is None or not leaving_out.collidepoint(x, y)
    }


@pytest.fixture
def app_with_files(tmp_path):
    """An App started on a data folder holding the given files ({name: JSON data})."""
    from tests.harness import make_app

    made = []

    def make(files):
        folder = tmp_path / "data"
        folder.mkdir()
        for name, data in files.items():
            (folder / name).write_text(json.dumps(data))
        made.append(make_app(folder))
        return made[-1]

    yield make
    for app in made:
        app.scenes.clear()
    pygame.display.quit()


def point_at(index: int, accuracy: float) -> tuple[int, int]:
    """Where the accuracy chart puts a game's point."""
    plot = plot_rect(ACCURACY_RECT)
    return (
        chart.slot_rect(plot, index, HISTORY_SIZE).centerx,
        chart.value_y(plot, accuracy, 0, 100),
    )


def record(app, count=1, game_id="shutbox", **result):
    result = {"won": True, "score": 150, "accuracy": 70, "loss": 0.05, "opponent": "pub", **result}
    for _ in range(count):
        app.storage.record_result(game_id, **result)


# -- opening the page --------------------------------------------------------------------


def test_p_and_the_arrows_turn_between_records_progress_and_medals(app):
    scene = open_scores(app)
    assert scene.page == RECORDS
    assert [c.word for c in scene.commands() if c.key == "P"] == [PROGRESS]
    key(app, pygame.K_p, text="p")
    assert scene.page == PROGRESS
    assert [c.word for c in scene.commands() if c.key == "P"] == [MEDALS]
    key(app, pygame.K_p, text="p")
    assert scene.page == MEDALS
    assert [c.word for c in scene.commands() if c.key == "P"] == [RECORDS]
    key(app, pygame.K_p, text="p")
    assert scene.page == RECORDS
    key(app, pygame.K_UP)
    assert scene.page == MEDALS
    key(app, pygame.K_DOWN)
    assert scene.page == RECORDS
    key(app, pygame.K_DOWN)
    assert scene.page == PROGRESS
    key(app, pygame.K_UP)
    assert scene.page == RECORDS


def test_the_page_tabs_and_the_command_bar_open_it_with_the_mouse(app):
    scene = open_scores(app)
    records_tab, progress_tab, medals_tab = scene.page_tabs
    click(app, medals_tab.center)
    assert scene.page == MEDALS
    click(app, progress_tab.center)
    assert scene.page == PROGRESS
    click(app, records_tab.center)
    assert scene.page == RECORDS
    commands = scene.commands()
    [entry] = [
        rect
        for command, rect in zip(commands, app.command_bar.layout(commands))
        if command.key == "P"
    ]
    click(app, entry.center)
    assert scene.page == PROGRESS
    assert app.scenes.top is scene


def test_the_chosen_page_tab_is_inverted_so_mono_shows_it_too(app):
    scene = open_scores(app)
    records_tab, progress_tab, _medals_tab = scene.page_tabs
    canvas = drawn(scene)
    assert canvas.get_at((records_tab.x + 2, records_tab.y + 2))[:3] == theme.SELECT_BG
    assert canvas.get_at((progress_tab.x + 2, progress_tab.y + 2))[:3] == theme.PANEL
    key(app, pygame.K_p, text="p")
    canvas = drawn(scene)
    assert canvas.get_at((progress_tab.x + 2, progress_tab.y + 2))[:3] == theme.SELECT_BG


def test_the_page_stays_while_the_player_looks_through_the_games(app):
    scene = open_scores(app, page=PROGRESS)
    for _ in registered_games():
        key(app, pygame.K_RIGHT)
        assert scene.page == PROGRESS
        drawn(scene)


# -- what it shows -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [info.id for info in registered_games()] or ["shutbox"])
def test_with_no_games_the_page_says_so_instead_of_empty_charts(app, game_id):
    canvas = drawn(open_scores(app, game_id, PROGRESS))
    assert not colours_in(canvas, pygame.Rect(0, 0, *CANVAS_SIZE)) & set(CHART_COLOURS)
    inside_the_notice = (EMPTY_RECT.x + 6, EMPTY_RECT.bottom - 6)
    assert canvas.get_at(inside_the_notice)[:3] == theme.PANEL


def test_games_counted_before_the_history_was_kept_show_the_notice_too(app_with_files):
    old = GameStats(played=12, won=5, current_streak=1, longest_streak=2).to_json()
    del old["history"], old["by_opponent"]
    app = app_with_files(
        {"shutbox-stats.json": {"schema": 1, "kind": "stats", "game": "shutbox", "data": old}}
    )
    canvas = drawn(open_scores(app, page=PROGRESS))
    assert app.storage.stats("shutbox").played == 12
    assert not colours_in(canvas, pygame.Rect(0, 0, *CANVAS_SIZE)) & set(CHART_COLOURS)
    assert canvas.get_at((EMPTY_RECT.x + 6, EMPTY_RECT.bottom - 6))[:3] == theme.PANEL


def test_one_game_is_one_point_one_bar_and_one_meter(app):
    record(app, accuracy=70, score=150, won=True, opponent="pub")
    canvas = drawn(open_scores(app, page=PROGRESS))
    assert canvas.get_at(point_at(0, 70))[:3] == theme.CHART_LINE
    assert colours_in(canvas, plot_rect(ACCURACY_RECT)) >= {theme.CHART_LINE}
    score_plot = plot_rect(SCORE_RECT)
    first_column = chart.slot_rect(score_plot, 0, HISTORY_SIZE)
    assert theme.CHART_WON in colours_in(canvas, first_column)
    assert theme.CHART_WON not in colours_in(
        canvas,
        pygame.Rect(
            first_column.right,
            score_plot.y,
            score_plot.right - first_column.right,
            score_plot.height,
        ),
    )
    assert theme.CHART_WON in colours_in(canvas, progress.WINS_RECT)


def test_forty_games_fill_every_column_with_the_newest(app):
    for number in range(HISTORY_SIZE + 5):
        record(app, accuracy=number % 2 * 50 + 25, won=number % 3 == 0)
    scene = open_scores(app, page=PROGRESS)
    canvas = drawn(scene)
    assert app.storage.stats("shutbox").first_in_history == 6
    # The oldest kept (number 5: 75) in the first column, the newest (number 44: 25) in
    # the last.
    assert canvas.get_at(point_at(0, 75))[:3] == theme.CHART_LINE
    assert canvas.get_at(point_at(1, 25))[:3] == theme.CHART_LINE
    assert canvas.get_at(point_at(HISTORY_SIZE - 1, 25))[:3] == theme.CHART_LINE
    assert canvas.get_at(point_at(HISTORY_SIZE - 1, 75))[:3] != theme.CHART_LINE


def test_a_game_with_nothing_judged_has_no_point_but_keeps_its_bar(app):
    record(app, accuracy=20, won=False, score=100)
    record(app, accuracy=None, loss=None, won=False, score=100)
    record(app, accuracy=20, won=False, score=100)
    canvas = drawn(open_scores(app, page=PROGRESS))
    for index in (0, 2):
        x, y = point_at(index, 20)
        assert canvas.get_at((x, y - 1))[:3] == theme.CHART_LINE, "a square point"
    x, y = point_at(1, 20)
    assert canvas.get_at((x, y))[:3] == theme.CHART_LINE, "the line joins its neighbours"
    assert canvas.get_at((x, y - 1))[:3] != theme.CHART_LINE, "but no point of its own"
    column = chart.slot_rect(plot_rect(SCORE_RECT), 1, HISTORY_SIZE)
    assert theme.CHART_LOST in colours_in(canvas, column)


def test_no_judged_game_at_all_draws_no_line(app):
    record(app, count=3, accuracy=None, loss=None)
    canvas = drawn(open_scores(app, page=PROGRESS))
    assert theme.CHART_LINE not in colours_in(canvas, ACCURACY_RECT)
    assert theme.CHART_WON in colours_in(canvas, SCORE_RECT)


def test_every_game_draws_its_page(app):
    for info in registered_games():
        opponents = [*info.level_labels, "people", ""]
        for number, opponent in enumerate(opponents):
            record(app, game_id=info.id, opponent=opponent, won=number % 2 == 0)
    scene = open_scores(app, registered_games()[0].id, PROGRESS)
    for info in registered_games():
        canvas = drawn(scene)
        assert scene.game is info
        assert theme.CHART_LINE in colours_in(canvas, ACCURACY_RECT)
        assert theme.CHART_WON in colours_in(canvas, progress.WINS_RECT)
        key(app, pygame.K_RIGHT)


def test_levels_are_listed_weakest_first_then_people_and_alone():
    info = game_info("shutbox")
    stats = GameStats()
    for opponent, won in (
        ("perfect", False),
        ("", True),
        ("people", True),
        ("pub", True),
        ("master", True),
    ):
        stats.record(won, opponent=opponent)
    rows = opponent_rows(info, stats)
    assert [name for name, _ in rows] == ["Beginner", "Pub regular", "Perfect", "People", "Alone"]
    assert rows[0][1] is None, "a level never played"
    assert (rows[2][1].played, rows[2][1].won) == (1, 0)


def test_a_game_played_alone_shows_its_win_rate_over_the_last_games(app):
    lucie = game_info("lucie")
    if lucie is None or lucie.level_labels:
        pytest.skip("no solitaire registered")
    record(app, count=15, game_id="lucie", opponent="", score=100)
    scene = open_scores(app, "lucie", PROGRESS)
    canvas = drawn(scene)
    assert theme.CHART_WON in colours_in(canvas, progress.WINS_RECT)
    rows = progress.overall_rows(app.storage.stats("lucie"))
    assert [(name, wins.played, wins.won) for name, wins in rows] == [
        ("Last 10 games", 10, 10),
        ("All games", 15, 15),
    ]


# -- whatever the file holds ---------------------------------------------------------------


def extreme_stats() -> dict:
    """Statistics at every bound, with a few damaged entries among them."""
    history = [
        {"won": True, "score": MAX_SCORE, "accuracy": 100, "loss": 0.0, "opponent": "pub"},
        {"won": False, "score": -MAX_SCORE, "accuracy": 0, "loss": MAX_LOSS, "opponent": ""},
        {"won": False, "score": None, "accuracy": None, "loss": None, "opponent": "x" * 32},
        {"won": True, "score": 10**40, "accuracy": 50, "loss": 1, "opponent": "pub"},
        {"won": True, "score": 0, "accuracy": 1000, "loss": 1, "opponent": "pub"},
        "not a game",
    ] * 8
    opponents = {f"level-{n}": [MAX_COUNT, MAX_COUNT] for n in range(MAX_OPPONENTS - 3)}
    opponents.update({"pub": [MAX_COUNT, 1], "people": [5, 9], "y" * 32: [1, 0]})
    return {
        "played": MAX_COUNT,
        "won": MAX_COUNT,
        "scored": MAX_COUNT,
        "total_score": 0,
        "best_score": MAX_SCORE,
        "current_streak": MAX_COUNT,
        "longest_streak": MAX_COUNT,
        "counters": {},
        "history": history,
        "by_opponent": opponents,
    }


@pytest.mark.parametrize(
    "scores",
    [
        [MAX_SCORE, -MAX_SCORE],
        [-5, -MAX_SCORE],
        [0, 0, 0],
        [None, None],
        [1, None, 2],
        [MAX_SCORE] * HISTORY_SIZE,
    ],
    ids=[
        "both extremes",
        "all negative",
        "all zero",
        "no score",
        "some scores",
        "forty at the top",
    ],
)
def test_any_scores_stay_inside_the_chart(app, scores):
    for number, score in enumerate(scores):
        record(
            app,
            score=score,
            won=number % 2 == 0,
            accuracy=None if score is None else 100 * (number % 2),
        )
    canvas = drawn(open_scores(app, page=PROGRESS))
    plot = plot_rect(SCORE_RECT)
    below_the_legend = pygame.Rect(
        SCORE_RECT.x, plot.y - 2, SCORE_RECT.width, SCORE_RECT.bottom - plot.y + 2
    )
    bars = {theme.CHART_WON, theme.CHART_LOST}
    assert not colours_in(canvas, below_the_legend, leaving_out=plot) & bars
    assert (colours_in(canvas, plot) & bars) or all(score is None for score in scores)


def test_a_damaged_file_at_every_bound_draws_every_page(app_with_files, tmp_path):
    app = app_with_files(
        {
            f"{info.id}-stats.json": {
                "schema": 2,
                "kind": "stats",
                "game": info.id,
                "data": extreme_stats(),
            }
            for info in registered_games()
        }
    )
    assert len(list((tmp_path / "data").glob("*-stats.bad-*.json"))) == len(registered_games())
    scene = open_scores(app, registered_games()[0].id, PROGRESS)
    for info in registered_games():
        stats = app.storage.stats(info.id)
        assert len(stats.history) == 3 * 8 and stats.played == MAX_COUNT
        canvas = drawn(scene)
        assert theme.CHART_LINE in colours_in(canvas, ACCURACY_RECT)
        key(app, pygame.K_p, text="p")
        drawn(scene)  # the Medals page of the same game
        key(app, pygame.K_p, text="p")
        drawn(scene)  # the Records page of the same file
        key(app, pygame.K_p, text="p")
        key(app, pygame.K_RIGHT)


# -- the chart's numbers --------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, text",
    [
        (0, "0"),
        (2.5, "2.5"),
        (250, "250"),
        (2_500, "2.5k"),
        (10_000, "10k"),
        (12_500, "12.5k"),
        (-7_500, "-7.5k"),
        (1_000_000, "1M"),
        (MAX_SCORE, "1000M"),
    ],
)
def test_scale_labels_are_short(value, text):
    assert chart.short_number(value) == text


@pytest.mark.parametrize(
    "span, steps, step", [(187, 3, 100), (187, 5, 50), (11_350, 5, 2_500), (1, 3, 0.5), (0, 3, 1)]
)
def test_scale_steps_are_round(span, steps, step):
    assert chart.nice_step(span, steps) == pytest.approx(step)
