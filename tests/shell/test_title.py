"""The title menu and the transitions between the shell's screens."""

import pygame
import pytest

from game.scenes.gallery import GalleryScene
from game.scenes.help import HelpScene
from game.scenes.scores import ScoresScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.shell.dialog import ChoiceDialog
from game.shell.registry import registered_games
from tests.harness import click, key, move, run


def test_the_title_has_a_tile_for_each_registered_game_and_nothing_else(app):
    title = app.scenes.top
    assert [g.id for g in title.games] == [g.id for g in registered_games()]
    assert len(title.tiles) == len(title.games)
    assert [b.label for b in title.buttons] == [
        "Settings",
        "Scores",
        "Friends",
        "Help",
        "Daily",
        "Quit",
    ]


def test_keyboard_reaches_every_button(app):
    title = app.scenes.top
    key(app, pygame.K_DOWN)
    assert title.row == 1
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, ScoresScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title


def test_letter_keys_open_screens(app):
    title = app.scenes.top
    for letter, kind in (("s", SettingsScene), ("t", ScoresScene)):
        key(app, pygame.key.key_code(letter), text=letter)
        assert isinstance(app.scenes.top, kind)
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is title


def test_h_and_f1_toggle_help(app):
    title = app.scenes.top
    key(app, pygame.K_h, text="h")
    assert isinstance(app.scenes.top, HelpScene)
    key(app, pygame.K_h, text="h")
    assert app.scenes.top is title
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, HelpScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title


def test_help_pages_turn_with_arrows_and_clicks(app):
    key(app, pygame.K_F1)
    help_scene = app.scenes.top
    assert len(help_scene.pages) > 2
    key(app, pygame.K_RIGHT)
    assert help_scene.page == 1
    click(app, help_scene.next_rect.center)
    assert help_scene.page == 2
    click(app, help_scene.prev_rect.center)
    assert help_scene.page == 1


def test_mouse_hover_selects_and_click_activates(app):
    title = app.scenes.top
    button = title.buttons[3]  # Help
    move(app, button.rect.center)
    assert (title.row, title.col) == (1, 3)
    click(app, button.rect.center)
    assert isinstance(app.scenes.top, HelpScene)


def test_escape_asks_before_quitting(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ChoiceDialog)
    key(app, pygame.K_n, text="n")
    assert isinstance(app.scenes.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y, text="y")
    assert not app.running


def test_command_bar_entries_are_clickable(app):
    title = app.scenes.top
    commands = title.commands()
    rects = app.command_bar.layout(commands)
    settings = next(i for i, c in enumerate(commands) if c.word == "Settings")
    click(app, rects[settings].center)
    assert isinstance(app.scenes.top, SettingsScene)


def test_settings_toggles_are_saved(app, tmp_path):
    from game.storage import Storage

    key(app, pygame.K_s, text="s")
    settings = app.scenes.top
    labels = [item.label for item in settings.menu.items]
    settings.menu.selected = labels.index("Colours")
    key(app, pygame.K_RETURN)
    assert app.showing == "safe" and not app.mono
    key(app, pygame.K_RETURN)
    assert app.mono
    settings.menu.selected = labels.index("Effects volume")
    key(app, pygame.K_LEFT)
    assert abs(app.storage.settings.effects_volume - 0.7) < 1e-9
    assert abs(app.audio.effects_volume - 0.7) < 1e-9
    app.storage.flush()  # saves are written behind the game
    reread = Storage(tmp_path).settings
    assert reread.mono and abs(reread.effects_volume - 0.7) < 1e-9
    assert abs(reread.cheers_volume - 0.8) < 1e-9


def test_settings_show_and_change_each_games_speed(app, tmp_path):
    """Issue 32: one Normal/Fast switch for every game; now each game has its own speed,
    Normal, Quick or Fast, a row each, kept in the settings file."""
    from game.storage import Storage

    key(app, pygame.K_s, text="s")
    settings = app.scenes.top
    labels = [item.label for item in settings.menu.items]
    games = registered_games()
    assert [f"{g.title} speed" for g in games] == [lab for lab in labels if lab.endswith("speed")]
    row = labels.index(f"{games[0].title} speed")
    click(app, settings.menu.row_rect(row).center)  # a click turns it on
    assert settings.menu.items[row].value() == "Quick"
    key(app, pygame.K_RIGHT)
    assert settings.menu.items[row].value() == "Fast"
    assert app.speed(games[0].id) == "fast"
    assert [app.speed(g.id) for g in games[1:]] == ["normal"] * (len(games) - 1)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)  # Normal, back to Fast
    app.storage.flush()
    assert Storage(tmp_path).settings.speeds == {games[0].id: "fast"}


def test_mono_mode_shows_only_black_and_white(app):
    app.storage.settings.mono = True
    run(app, 1)
    from game.art.palette import to_mono

    picture = to_mono(app.display.canvas)
    colours = {
        tuple(picture.get_at((x, y)))[:3] for x in range(0, 640, 7) for y in range(0, 360, 5)
    }
    assert colours <= {(0, 0, 0), (255, 255, 255)}
    window = pygame.display.get_surface()
    shown = {
        tuple(window.get_at((x, y)))[:3]
        for x in range(0, window.get_width(), 11)
        for y in range(0, window.get_height(), 7)
    }
    assert shown <= {(0, 0, 0), (255, 255, 255)}


def test_clicking_boss_and_help_on_the_command_bar_equals_pressing_the_keys(app):
    from game.scenes.boss import BossScene

    title = app.scenes.top
    commands = title.commands()
    rects = app.command_bar.layout(commands)
    for word, kind in (("Boss", BossScene), ("Help", HelpScene)):
        index = next(i for i, c in enumerate(commands) if c.word == word)
        click(app, rects[index].center)
        assert isinstance(app.scenes.top, kind)
        key(app, pygame.K_F12 if kind is BossScene else pygame.K_ESCAPE)
        assert app.scenes.top is title


def test_f1_is_help_even_while_typing_a_name(app):
    from game.shell.name_entry import NameEntryScene

    entry = app.push(NameEntryScene(app, "Your name:", lambda name: None))
    run(app, 1)
    key(app, pygame.K_h, text="h")
    assert entry.text.endswith("h") and app.scenes.top is entry
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, HelpScene)


def test_demo_mode_cycles_the_games_on_the_title(tmp_path):
    """--demo without --game: the title starts each game in turn; each goes back to it."""
    from game.scenes.title import ATTRACT_WAIT_TICKS
    from game.shell.registry import load_games
    from tests.harness import make_app

    load_games()  # the title's attract loop shows the registered games
    demo_app = make_app(tmp_path, demo=True, fast=True, seed=3)
    title = demo_app.push(TitleScene(demo_app))
    run(demo_app, ATTRACT_WAIT_TICKS + 1)
    first = demo_app.scenes.top
    assert first is title.attract_game and first is not title
    demo_app.demo_finished(first, restart=lambda: TitleScene(demo_app))
    assert demo_app.scenes.top is title, "a game the title started returns to the title"
    run(demo_app, ATTRACT_WAIT_TICKS + 1)
    second = demo_app.scenes.top
    assert second is not first and type(second) is not type(first)
    demo_app.scenes.clear()
    pygame.display.quit()


def test_demo_of_one_game_plays_it_again(app):
    """--demo --game NAME: a finished demo game is followed by the same game."""
    from game.shell.registry import registered_games

    info = registered_games()[0]
    game_scene = app.push(info.new_scene(app))
    again = info.new_scene(app)
    app.demo_finished(game_scene, restart=lambda: again)
    assert app.scenes.top is again


def test_the_tiles_say_each_games_rules_right(app):
    """What a player reads under the titles: La Belle Lucie gives two shuffles and a free
    draw (not three shuffles), and Mille Bornes' race is not only the 1000 km one (two
    players race to 700)."""
    from tests.harness import words_on_screen

    tiles = " ".join(words_on_screen(app))
    assert "two shuffles and a free draw" in tiles
    assert "three shuffles" not in tiles.lower()
    assert "Race to 700 or 1000 km" in tiles


@pytest.mark.parametrize("code", ["en", "fr", "pl"])
def test_every_tagline_fits_its_tile(app, code):
    from game import lang
    from game.lang import catalogs
    from game.scenes.title import TAGLINE_LINES, tagline_lines

    catalogs.compile_catalogs(only_if_stale=True)
    lang.set_language(code)
    try:
        title = app.scenes.top
        for info, tile in zip(title.games, title.tiles):
            lines = tagline_lines(info, tile.width)
            assert len(lines) <= TAGLINE_LINES, (code, lines)
    finally:
        lang.set_language("en")


def test_the_gallery_is_not_on_the_title_but_behind_a_flag(app, tmp_path, monkeypatch):
    """Issue 32: the title's bar offered G Gallery, a developers' page about the palette
    and the font; --gallery opens it instead."""
    import game.main

    title = app.scenes.top
    assert "Gallery" not in [command.word for command in title.commands()]
    key(app, pygame.K_g, text="g")
    assert app.scenes.top is title

    shown = []
    real = game.main.open_gallery

    def open_and_look(started) -> None:
        real(started)
        shown.append([type(scene) for scene in started.scenes])

    monkeypatch.setattr(game.main, "open_gallery", open_and_look)
    flags = ["--windowed", "--no-sound", "--ticks", "2", "--data-dir", str(tmp_path / "d")]
    assert game.main.main(flags) == 0 and shown == []
    assert game.main.main([*flags, "--gallery"]) == 0
    assert shown == [[TitleScene, GalleryScene]], "over the title: Esc leaves it for the title"


def test_the_title_help_turns_to_a_part_and_back_to_the_contents_by_mouse(app):
    """Issue 32: Help on the title holds every game's rules, a part each; the command
    bar's Contents entry comes back to the list of parts."""
    key(app, pygame.K_h, text="h")
    help_scene = app.scenes.top
    games = [g for g in registered_games() if g.rules is not None]
    assert [name for name, _ in help_scene.chapters] == ["Pixel Parlor"] + [g.title for g in games]
    key(app, pygame.K_3, text="3")
    assert help_scene.page_chapters[help_scene.page] == games[1].title
    commands = help_scene.commands()
    rects = app.command_bar.layout(commands)
    shown = [c for c in commands if c.enabled]
    click(app, rects[[c.word for c in shown].index("Contents")].center)
    assert help_scene.page == 0
    key(app, pygame.K_9, text="9")  # no such part: the page stays
    assert help_scene.page == 0


def test_a_finished_demo_table_is_freed_at_the_titles_next_tick(tmp_path):
    """Issue 30: a table is a web of reference cycles, freed only by the cyclic
    collector's rare full pass, so finished demo tables piled up between passes. Counted
    by objects, not time: with automatic collection off, each finished table is alive
    when it leaves and gone after the title's next tick, game after game."""
    import gc
    import weakref

    from game.scenes.title import ATTRACT_WAIT_TICKS
    from game.shell.registry import load_games
    from tests.harness import make_app

    load_games()
    demo_app = make_app(tmp_path, demo=True, fast=True, seed=3)
    title = demo_app.push(TitleScene(demo_app))
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(len(title.games) + 1):
            run(demo_app, ATTRACT_WAIT_TICKS + 1)
            table = weakref.ref(demo_app.scenes.top)
            assert table() is not title
            demo_app.demo_finished(table(), restart=lambda: TitleScene(demo_app))
            assert table() is not None, "held by its own cycles until collected"
            run(demo_app, 1)
            assert table() is None, f"{table} was still alive after the title's tick"
            assert title.attract_game is None
    finally:
        if was_enabled:
            gc.enable()
        demo_app.scenes.clear()
        pygame.display.quit()
