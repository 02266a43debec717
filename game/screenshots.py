"""--screenshots DIR: every screen in its typical states, saved as PNG in colour, in the
colour-blind-safe colours (-safe) and in mono (-mono)."""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from game.art.palette import COLOUR, SHOWINGS
from game.input import Action
from game.lang import _, text
from game.net.host import NO_WATCHERS
from game.scenes.gallery import GalleryScene, gallery_page_count
from game.scenes.help import ARCADE_CHAPTER as PROGRAM_NAME
from game.scenes.help import HelpScene, title_help
from game.scenes.join import MODE, JoinScene
from game.scenes.keys import KeysScene
from game.scenes.sample_medals import medal_states
from game.scenes.sample_progress import progress_states
from game.scenes.scores import ScoresScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.shell.name_entry import NameEntryScene
from game.shell.padscreens import ControllerGone, OnScreenKeyboard
from game.shell.registry import registered_games
from game.table import TableScene
from game.table.pictures import PICTURE_SECRET, coach_states, network_states

if TYPE_CHECKING:
    from game.shell.app import App

# Ticks run after setting up each state, so that entry animations have settled.
SETTLE_TICKS = 2


def shell_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """The shell's own screens: (file name, set-up) pairs."""
    yield "title", lambda: app.push(TitleScene(app))

    def title_quit():
        app.push(TitleScene(app)).ask_quit()  # the title's own question, in its words

    yield "title-quit", title_quit
    yield "title-friends", lambda: app.push(TitleScene(app)).play_with_friends()
    yield "settings", lambda: app.push(SettingsScene(app))
    yield from keys_states(app)
    yield from controller_states(app)

    def join():
        guest = "Bea"  # i18n: not shown (a name)
        scene = app.push(JoinScene(app, "192.168.1.20", "K7QX-R2M9", guest))
        scene.problem = _("wrong table code")

    def join_invitation():
        scene = app.push(JoinScene(app, name="Bea"))  # i18n: not shown (a name)
        scene.paste(f"pixelparlor://192.168.1.20:28989/K7QX-R2M9?tls={'3f9a' * 16}\n")

    # -- the relay (issue 36): an invitation through a relay, its secret after '#' --
    def join_relay_invitation():
        scene = app.push(JoinScene(app, name="Bea"))  # i18n: not shown (a name)
        scene.paste(f"pixelparlor://relay.example.org:8765/K7QX-R2M9#{PICTURE_SECRET}\n")

    yield "join", join
    yield "join-invitation", join_invitation
    yield "join-relay-invitation", join_relay_invitation

    # Spectators (issue 36): Join to watch, and a watcher the host refuses.
    def join_watch(refused: bool = False):
        scene = app.push(JoinScene(app, name="Wes"))  # i18n: not shown (a name)
        scene.paste("pixelparlor://192.168.1.20:28989/K7QX-R2M9\n")
        scene.field = MODE
        scene.choose_watch(True)
        if refused:
            scene.field = MODE
            scene.problem = text(NO_WATCHERS)

    yield "join-watch", join_watch
    yield "join-watch-refused", lambda: join_watch(refused=True)
    # Help as the title opens it: the contents, the arcade's keys, a game's rules.
    yield "help", lambda: app.push(HelpScene(app, title_help(), PROGRAM_NAME))

    def help_keys():
        scene = app.push(HelpScene(app, title_help(), PROGRAM_NAME))
        scene.turn_to_chapter(1)
        scene.turn(1)

    yield "help-keys", help_keys

    def help_rules():
        scene = app.push(HelpScene(app, title_help(), PROGRAM_NAME))
        scene.turn_to_chapter(len(scene.chapters))  # the last game's rules

    yield "help-rules", help_rules
    yield "scores", lambda: app.push(ScoresScene(app, None))
    games = registered_games()
    if games:  # each game's own pictures show its page filled; here, before any game
        yield f"scores-{games[0].id}-empty", lambda: app.push(ScoresScene(app, games[0].id))
        yield from progress_states(
            app, games[0].id, lambda storage: None, name="scores-progress-empty"
        )
    yield from medal_states(app)  # issue 35

    def boss():
        app.push(TitleScene(app))
        app.toggle_boss()
        app.scenes.top.command = "type memo1102.txt"  # i18n: not shown (the DOS disguise)

    yield "boss", boss
    yield from daily_states(app)
    for page in range(gallery_page_count()):

        def gallery(page=page):
            scene = app.push(GalleryScene(app))
            scene.page = page

        yield f"gallery-{page + 1}", gallery


def controller_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """With a controller in hand (issue 34): the title's and a table's command bars in
    each family's glyphs, the on-screen keyboard over Join and over a name, the pause of
    an unplugged controller."""
    # The names SDL gives these controllers (not shown: they pick the glyphs).
    families = {
        "xbox": "Xbox One Controller",  # i18n: not shown (a controller's name in SDL)
        "playstation": "PS5 Controller",  # i18n: not shown (a controller's name in SDL)
        "nintendo": "Nintendo Switch Pro Controller",  # i18n: not shown (SDL's name)
    }
    for family, name in families.items():

        def title(name=name):
            app.pads.in_hand(name)
            app.push(TitleScene(app))

        yield f"pad-{family}-title", title

    def join_keyboard():
        app.pads.in_hand(families["playstation"])
        join = app.push(JoinScene(app, "192.168.1.20", "K7QX", "Bea"))  # i18n: not shown (a name)
        app.push(OnScreenKeyboard(app, join))

    yield "pad-join-keyboard", join_keyboard

    def name_keyboard():
        app.pads.in_hand(families["xbox"])
        games = registered_games()
        app.push(games[0].new_scene(app) if games else TitleScene(app))  # a seat's name
        entry = app.push(NameEntryScene(app, _("Name for seat {number}:").format(number=1), print))
        keyboard = app.push(OnScreenKeyboard(app, entry))
        keyboard.shift = keyboard.accents = True

    yield "pad-name-keyboard", name_keyboard

    def gone():
        app.pads.in_hand(families["xbox"])
        app.push(TitleScene(app))
        app.push(ControllerGone(app))

    yield "pad-unplugged", gone


def first_table_in_hand(app: App, info) -> None:
    """A game's first pictured table with a PlayStation pad in hand: its own commands on
    X and Y, the rest reached by the shoulder buttons (the second one in focus)."""
    for _state, setup in info.screenshots(app):
        app.scenes.clear()
        setup()
        if isinstance(app.scenes.top, TableScene):
            break
    app.pads.in_hand("PS5 Controller")  # i18n: not shown (a controller's name in SDL)
    app.press_role("rb")
    app.press_role("rb")


def keys_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """The Keys screen (issue 34): a game's list, a key refused, the longest list."""
    yield "keys", lambda: app.push(KeysScene(app))

    def refused():
        scene = app.push(KeysScene(app))
        scene.menu.selected = scene.command_row("roll") if scene.keys.key("roll") else 1
        scene.wait_for_key(scene.keys.game.commands[scene.menu.selected - 1].name)
        scene.take_key(Action("char", char="l"))

    yield "keys-refused", refused
    yield "keys-shutbox", lambda: app.push(KeysScene(app, "shutbox"))


# The daily screen's pictures show this day, whatever the day they are made on.
PICTURES_DAY = datetime.date(2026, 11, 26)


def daily_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """Deal codes and the daily deal (issue 35): the day's screen before and after,
    its calendar and share line, and a code typed (a typo refused)."""
    # late import: the pictures of the daily deal only
    from game.engine.dealcode import DealCode
    from game.scenes.daily import DailyScene, _best
    from game.shell.code_entry import DealCodeEntry
    from game.shell.registry import game_info
    from game.table.daily import daily_code

    yield "daily", lambda: app.push(DailyScene(app, today=PICTURES_DAY))

    def played():
        farkle = game_info("farkle")
        if farkle is None:
            return
        for back, score, won in (
            (0, 5150, True),
            (1, 3900, False),
            (2, 5050, True),
            (3, 2300, False),
            (5, 5400, True),
            (6, None, False),
        ):
            day = PICTURES_DAY - datetime.timedelta(days=back)
            app.storage.start_daily("farkle", day, daily_code(farkle, day).text)
            if score is not None:
                app.storage.finish_daily(
                    "farkle", day, won=won, score=score, moves=60, accuracy=91 + back
                )
        code = daily_code(farkle, PICTURES_DAY)
        _best[code.text] = farkle.deal_best(code)  # worked out at once for the picture
        app.push(DailyScene(app, "farkle", today=PICTURES_DAY))

    yield "daily-played", played

    def lucie_won():
        lucie = game_info("lucie")
        if lucie is None:
            return
        code = daily_code(lucie, PICTURES_DAY)
        app.storage.start_daily("lucie", PICTURES_DAY, code.text)
        app.storage.finish_daily("lucie", PICTURES_DAY, won=True, score=100, moves=41, accuracy=96)
        # The picture shows a winning line: deal 25's, which the solver wins without a shuffle.
        _best[code.text] = lucie.deal_best(DealCode("L", 25, 1))
        app.push(DailyScene(app, "lucie", today=PICTURES_DAY))

    yield "daily-lucie", lucie_won

    def code_typo():
        app.push(TitleScene(app))
        entry = app.push(DealCodeEntry(app, lambda code: None))
        entry.type("L-JF9A-13")
        entry.finish(entry.text)

    yield "code-entry-typo", code_typo

    def code_other_version():
        app.push(TitleScene(app))
        entry = app.push(DealCodeEntry(app, lambda code: None))
        entry.type("L-JF9A-20")
        entry.finish(entry.text)

    yield "code-entry-version", code_other_version

    def setup_with_code():
        farkle = game_info("farkle")
        if farkle is None:
            return
        setup = app.push(farkle.new_scene(app))
        setup.deal = DealCode("F", 271828, 1)

    yield "setup-deal-code", setup_with_code

    def lucie_new_hand():
        lucie = game_info("lucie")
        if lucie is None:
            return
        table = app.push(lucie.deal_table(app, DealCode("L", 605482, 1), None))
        table.saving = False  # a picture: the player's files are not touched
        table.open_new_hand()

    yield "lucie-new-hand-code", lucie_new_hand

    def log_with_code():
        farkle = game_info("farkle")
        if farkle is None:
            return
        table = app.push(farkle.deal_table(app, DealCode("F", 271828, 1), None))
        table.saving = False
        table.shared_keys.open_log()

    yield "log-deal-code", log_with_code


def render_all(app: App, folder: Path) -> list[Path]:
    """Render every shell screen and every registered game's states; returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def shoot(name: str, setup: Callable[[], object]) -> None:
        app.scenes.clear()
        app.toasts.clear()  # a notice of the last picture's (a medal earned) is not this one's
        app.keys_in_hand()  # the keys' bar, unless the state takes a controller
        setup()
        for _tick in range(SETTLE_TICKS):
            app.tick()
        for showing in SHOWINGS:
            suffix = "" if showing == COLOUR else f"-{showing}"
            path = folder / f"{name}{suffix}.png"
            app.snapshot(path, showing=showing)
            written.append(path)

    for name, setup in shell_states(app):
        shoot(name, setup)
    for info in registered_games():
        shoot(f"pad-{info.id}", lambda info=info: first_table_in_hand(app, info))
    for info in registered_games():
        states = itertools.chain(
            info.screenshots(app), coach_states(app, info), network_states(app, info)
        )
        for state, setup in states:
            shoot(f"{info.id}-{state}", setup)
    app.scenes.clear()
    return written
