"""La Belle Lucie's help says what the table does: the Quit menu's choices as the menu
offers them, and what a key that cannot make a card does."""

from helpers_lucie_scene import escape, open_table, press, type_card

from game.scenes.lucie import play
from game.shell.dialog import ChoiceDialog


def help_line(scene, heading: str, keys: str) -> str:
    """The line of a help page that explains `keys` (its text before the tab)."""
    page = next(page.text for page in scene.help_pages() if page.heading == heading)
    return next(line for line in page.split("\n") if line.startswith(f"{keys}\t"))


def test_the_help_names_every_choice_of_the_quit_menu_with_its_key(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    type_card(app, "q")  # Q and Enter: the seed's Quit menu
    menu = app.scenes.top
    assert isinstance(menu, ChoiceDialog)
    choices = [(key, label) for key, label, _ in menu.choices]
    escape(app)
    assert ("X", "Exit") in choices, "the seed's exit to DOS"
    for line in (
        help_line(scene, "Keys", "Q+Enter"),  # as the bar writes a key and Enter
        help_line(scene, "Keys at every table", "Esc"),
    ):
        for key, label in choices:
            assert f"{label} ({key}" in line, line


def test_the_help_says_a_key_that_cannot_make_a_card_clicks_and_says_why(new_app):
    app = new_app(fast=True)
    scene = open_table(app, 1)
    press(app, "x")
    assert app.sounds == [play.ILLEGAL_SOUND] and "not a card" in scene.talk.line.text
    page = next(page.text for page in scene.help_pages() if page.heading == "Moving cards")
    assert "cannot make a card" in page and "clicks" in page and "says why" in page
