"""The shell's screens in French and Polish (issue 33): the title follows a change of
language made in Settings at once, numbers and dates are written the language's way,
dialogs, notices and the set-up speak the player's language, and English is as before."""

import datetime

import pygame
import pytest

from game import lang
from game.art.font import get_font
from game.lang import catalogs, join_words
from game.scenes.scores import RECORDS, ScoresScene, format_stat, hinted_stat, short_date
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog, bar_word, confirm
from game.shell.registry import load_games
from game.shell.setup import HUMAN_NAMES, is_usual_name, shown_name
from tests.harness import key, make_app, run, words_on_screen

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.fixture(autouse=True)
def english_again():
    catalogs.compile_catalogs(only_if_stale=True)
    yield
    lang.set_language("en")


def on_the_title(tmp_path, **flags):
    load_games()
    app = make_app(tmp_path, **flags)
    app.push(TitleScene(app))
    run(app)
    return app


def test_the_title_speaks_the_language_chosen_in_settings_when_the_player_comes_back(tmp_path):
    app = on_the_title(tmp_path)
    title = app.scenes.top
    assert "Settings" in [button.label for button in title.buttons]
    key(app, pygame.K_s, text="s")
    assert isinstance(app.scenes.top, SettingsScene)
    key(app, pygame.K_RIGHT)  # the Language row is the first: English -> Français
    assert lang.language() == "fr"
    assert "Langue" in words_on_screen(app), "Settings itself at once"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title
    run(app)
    shown = words_on_screen(app)
    assert [button.label for button in title.buttons] == [
        "Paramètres",
        "Scores",
        "Amis",
        "Aide",
        "Du jour",
        "Quitter",
    ]
    assert "Choisissez un jeu avec les flèches et Entrée, ou cliquez dessus." in shown
    assert "Échap" in shown and "Quitter" in shown, "the command bar too"
    assert "Settings" not in shown and "Quit" not in shown
    # The keys stay what they were: S still opens Settings, now in French.
    key(app, pygame.K_s, text="s")
    assert isinstance(app.scenes.top, SettingsScene)
    assert "Paramètres" in words_on_screen(app)


def test_the_title_in_polish_from_the_command_line(tmp_path):
    app = on_the_title(tmp_path, lang="pl")
    shown = words_on_screen(app)
    assert {"Ustawienia", "Wyniki", "Znajomi", "Pomoc", "Wyjdź"} <= set(shown)
    assert "Farkle" in shown and "Mille Bornes" in shown, "the games keep their names"


def test_numbers_and_dates_are_written_the_languages_way():
    assert (format_stat(12345), format_stat(0.625, as_percent=True)) == ("12,345", "62.5%")
    assert hinted_stat(2, 9) == "2 (9 moves)" and hinted_stat(1, 1) == "1 (1 move)"
    day = datetime.date(2026, 11, 26)
    assert short_date(day) == "26 Nov 2026"
    lang.set_language("fr")
    assert format_stat(12345) == f"12{NNBSP}345"
    assert format_stat(0.625, as_percent=True) == f"62,5{NNBSP}%"
    assert short_date(day) == "26 nov. 2026"
    lang.set_language("pl")
    assert format_stat(12345) == f"12{NBSP}345"
    assert format_stat(0.625, as_percent=True) == "62,5%"
    assert short_date(day) == "26 lis 2026"
    assert hinted_stat(2, 2) == "2 (2 ruchy)" and hinted_stat(2, 5) == "2 (5 ruchów)"


def test_the_top_ten_groups_its_scores_in_french(tmp_path):
    app = on_the_title(tmp_path, lang="fr")
    app.storage.add_to_top_ten("mille", "Ann", 12500)
    app.storage.record_result("mille", won=True, score=12500)
    scene = app.push(ScoresScene(app, "mille", RECORDS))
    run(app)
    shown = words_on_screen(app)
    assert f"12{NNBSP}500" in shown and "12,500" not in shown
    assert {"Top 10", "Statistiques", "Parties jouées", "Nom", "Records", "Progrès"} <= set(shown)
    # The tabs are as wide as their French words, and side by side.
    assert all(a.right < b.left for a, b in zip(scene.page_tabs, scene.page_tabs[1:]))


def test_a_dialog_in_polish(tmp_path):
    app = on_the_title(tmp_path, lang="pl")
    answers = []
    dialog = confirm(app, "Wyjść z Pixel Parlor?", lambda: answers.append("yes"), title="Wyjdź")
    run(app)
    shown = words_on_screen(app)
    assert {"Tak", "Nie"} <= {button.label for button in dialog.buttons}
    assert "Wyjść z Pixel Parlor?" in shown
    assert "Esc" in shown  # Polish keeps the key's name
    key(app, pygame.K_y, text="y")  # the answers' keys stay Y and N in every language
    assert answers == ["yes"]


def test_a_dialogs_buttons_widen_for_long_words_and_stay_on_the_canvas(tmp_path):
    app = on_the_title(tmp_path, lang="fr")
    noop = lambda: None  # noqa: E731
    choices = [("Q", "Quitter", noop), ("N", "Nouvelle partie", noop), ("X", "Sortir", noop)]
    dialog = ChoiceDialog(app, "Une question", choices + [("R", "Reprendre", noop)])
    small = get_font("small")
    for button in dialog.buttons:
        assert small.line_width(button.label) <= button.rect.width - 4
        assert 0 <= button.rect.left and button.rect.right <= app.display.canvas.get_width()
    for first, second in zip(dialog.buttons, dialog.buttons[1:]):
        assert first.rect.right < second.rect.left
    # The command bar keeps a French label's words apart; English runs them together.
    assert bar_word("Nouvelle partie") == "Nouvelle partie"
    lang.set_language("en")
    assert bar_word("See table") == "SeeTable"


def test_lists_are_said_the_languages_way():
    assert join_words(["A", "B", "C"], "or") == "A, B or C"
    assert join_words(["A", "B"]) == "A and B"
    lang.set_language("fr")
    assert join_words(["A", "B", "C"], "or") == "A, B ou C"
    lang.set_language("pl")
    assert join_words(["A", "B"], "or") == "A lub B"
    assert join_words(["A", "B"]) == "A i B"


def test_the_set_ups_names_are_kept_in_english_and_shown_in_the_language():
    assert shown_name(HUMAN_NAMES[0]) == "Player 1"
    lang.set_language("pl")
    assert shown_name(HUMAN_NAMES[1]) == "Gracz 2"
    assert shown_name("Friend") == "Znajomy"
    assert shown_name("Ann") == "Ann"
    # A name the set-up gave is the set-up's, in English or as shown: a seat that
    # changes kind takes the new kind's name.
    assert is_usual_name("Player 2") and is_usual_name("Gracz 2") and not is_usual_name("Ann")


def test_a_damaged_file_is_told_in_french(tmp_path):
    (tmp_path / "settings.json").write_text("{ this is not json")
    app = make_app(tmp_path, lang="fr")
    app.push(TitleScene(app))
    run(app, 2)
    notice = app.toasts.current
    assert notice.startswith("Le fichier des paramètres était endommagé et a été remis à zéro")
    assert "ancien fichier gardé sous le nom settings.bad-" in notice
    app.scenes.clear()


def test_the_help_of_the_title_in_french(tmp_path):
    app = on_the_title(tmp_path, lang="fr")
    key(app, pygame.K_h, text="h")
    help_scene = app.scenes.top
    assert help_scene.is_help_screen
    shown = words_on_screen(app)
    assert "Sommaire" in shown and f"Aide{NBSP}: Pixel Parlor" in shown
    assert any(line.startswith("1. Pixel Parlor") for line in shown)
    assert any(word.startswith("Page 1 sur") for word in shown)
    key(app, pygame.K_1, text="1")
    assert "Bienvenue dans Pixel Parlor" in words_on_screen(app)
    assert any(line.startswith("Quatre jeux de table classiques") for line in words_on_screen(app))


def test_a_long_notice_wraps_and_stays_on_the_canvas(monkeypatch):
    from game.art.font import BitmapFont
    from game.display import CANVAS_SIZE
    from game.ui.toast import Toasts

    pygame.display.init()
    drawn = []
    draw = BitmapFont.draw

    def reading(font, surface, text, pos, *args, **kwargs):
        drawn.append((text, font.line_width(text), pos, kwargs.get("align", "left")))
        return draw(font, surface, text, pos, *args, **kwargs)

    monkeypatch.setattr(BitmapFont, "draw", reading)
    toasts = Toasts()
    toasts.show("Le fichier du Top 10 de Farkle était endommagé et a été remis à zéro " * 3)
    toasts.tick()
    toasts.draw(pygame.Surface(CANVAS_SIZE))
    assert len(drawn) > 1, "wrapped"
    for _text, width, (x, _y), align in drawn:
        assert align == "center" and 0 <= x - width // 2 and x + width // 2 <= CANVAS_SIZE[0]
