"""The review's list as it is drawn: a long list's rows, the highlight bar round the
chosen row's letters, and the words under it kept clear of the rows."""

import pygame

from game.art.font import get_font
from game.shell.registry import game_info, load_games
from game.table.coaching import Decision, Verdict
from game.table.review import LIST_ROWS, PANEL, ROW_HEIGHT, ROWS_TOP, ReviewScene
from game.ui import theme
from tests.harness import key

COSTLY = 14  # more than the list shows at once
CLEAR = 4  # the least space between the rows and the words under or over them


def review_of_many(app) -> ReviewScene:
    load_games()
    table = app.push(game_info("farkle").examples.playing(app))
    table.coach.decisions = [
        Decision(
            n, 0, f"Round {n}", None, None, weighed=True,
            verdict=Verdict(100 - n, "points", True, 0.0, "Keep the 1 and roll on.", 100 - n),
        )
        for n in range(1, COSTLY + 1)
    ]  # fmt: skip
    return app.push(ReviewScene(app, table))


def ink_rows(canvas: pygame.Surface, rect: pygame.Rect, colour) -> list[int]:
    return [
        y
        for y in range(rect.top, rect.bottom)
        if any(tuple(canvas.get_at((x, y)))[:3] == colour for x in range(rect.left, rect.right))
    ]


def test_the_chosen_rows_letters_sit_inside_their_highlight_bar(new_app):
    """Issue 32: the bar sat 4 px above its text: the letters' feet hung below it."""
    app = new_app()
    review = review_of_many(app)
    for _ in range(LIST_ROWS - 1):
        key(app, pygame.K_DOWN)
    assert review.selected == LIST_ROWS - 1
    canvas = pygame.Surface((640, 360))
    review.draw(canvas)
    row = pygame.Rect(PANEL.x + 4, ROWS_TOP + (LIST_ROWS - 1) * ROW_HEIGHT, PANEL.width - 8, 12)
    assert ink_rows(canvas, row, theme.SELECT_BG) == list(range(row.top, row.bottom))
    # The letters (dark on the bar), with a row of the bar left above and below them.
    letters = ink_rows(canvas, row, theme.SELECT_TEXT)
    assert letters and row.top < letters[0] and letters[-1] < row.bottom - 1, letters


def test_the_coachs_words_and_the_count_keep_clear_of_the_rows(new_app):
    """Issue 32: "The coach:" and "1-12 of 14" crowded the twelfth row."""
    app = new_app()
    review = review_of_many(app)
    font = get_font("small")
    drawn: list[tuple[str, pygame.Rect]] = []
    draw = type(font).draw

    def noting(self, surface, text, pos, *args, **kwargs):
        box = draw(self, surface, text, pos, *args, **kwargs)
        drawn.append(
            (text, pygame.Rect(box.x, pos[1] + self.cap_top, box.width, self.height - self.cap_top))
        )
        return box

    type(font).draw = noting
    try:
        review.draw(pygame.Surface((640, 360)))
    finally:
        type(font).draw = draw
    rows = pygame.Rect(PANEL.x, ROWS_TOP, PANEL.width, LIST_ROWS * ROW_HEIGHT)
    words = {text: ink for text, ink in drawn}
    assert f"1-{LIST_ROWS} of {COSTLY}" in words and "The coach:" in words
    for text in (f"1-{LIST_ROWS} of {COSTLY}", "The coach:"):
        assert not words[text].inflate(0, 2 * CLEAR).colliderect(rows), text


def test_a_game_played_from_hints_is_not_said_to_have_nothing_to_weigh(new_app):
    """Seen in a real window: a game played with a hint at every move opened its review
    with "No decision to weigh." above the moves that cost something."""
    app = new_app()
    review = review_of_many(app)
    for decision in review.table.coach.decisions:
        decision.hinted = True
    (line,) = review.summary_lines()
    assert "no decision" not in line.lower()
    assert line == f"{COSTLY} moves from hints, not counted; {COSTLY} gave something up."


def test_the_count_beside_the_accuracy_counts_the_same_decisions(new_app):
    """Seen in a real window (Mille Bornes): "Accuracy 0 over 1 decision; 2 gave something
    up": the costly moves counted those made from hints, the decisions did not."""
    app = new_app()
    review = review_of_many(app)
    for decision in review.table.coach.decisions[1:]:
        decision.hinted = True
    (line,) = review.summary_lines()
    assert line.endswith(
        f"over 1 decision; 1 gave something up ({COSTLY - 1} moves from hints, not counted)."
    ), line
    assert len(review.entries) == COSTLY, "the hints' costly moves are still listed"


def test_a_game_of_hinted_moves_that_cost_nothing_is_not_praised_as_the_players_own(new_app):
    """Seen in a real window (Shut The Box): every move from a hint, and the review said
    "Every decision you made was the best one"."""
    app = new_app()
    review = review_of_many(app)
    for decision in review.table.coach.decisions:
        decision.hinted = True
        decision.verdict = Verdict(0, "points", True, 0.0, "Keep the 1 and roll on.", 0)
    review = app.push(ReviewScene(app, review.table))
    font = get_font("small")
    drawn: list[str] = []
    draw = type(font).draw

    def record(self, canvas, text, *args, **kwargs):
        drawn.append(text)
        return draw(self, canvas, text, *args, **kwargs)

    type(font).draw = record
    try:
        review.draw(pygame.Surface((640, 360)))
    finally:
        type(font).draw = draw
    assert "Every move followed a hint: nothing of your own to review." in drawn
    assert not any("best one" in text for text in drawn)
