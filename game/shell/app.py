"""The App: window, fixed-tick loop, scene stack and the keys that work everywhere.

One tick is 1/60 s for every scene. Each frame the app turns the waiting input events
into actions for the top scene, runs as many ticks as the elapsed time calls for (a
fixed-timestep accumulator, capped so a stall cannot make it spiral), then draws once and
presents the frame if it changed; when nothing has changed for a while the loop sleeps on
the event queue instead (pacing.py).
Only the top scene is ticked: whatever a scene covers is frozen, which is how the boss
key stops time for the game beneath it.

The App knows no particular screen: the two it opens itself, help and the boss screen,
are handed to it (`Screens`) by main, since the screens sit above the shell.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from game import input as keys
from game import lang
from game.art import palette, sprites
from game.audio import Audio
from game.display import Display
from game.input import Action
from game.lang import _
from game.pacing import Pacer
from game.shell.base import Scene, Screens
from game.shell.options import Options
from game.shell.pads import PadIntent, Pads
from game.shell.padscreens import ControllerGone, OnScreenKeyboard
from game.shell.registry import game_cheers, game_sounds, registered_games
from game.shell.stack import SceneStack
from game.storage import Storage
from game.storage.settings import FAST, SPEEDS
from game.ui.commandbar import CommandBar
from game.ui.toast import Toasts

#: The events of game controllers (the App hands them to its Pads).
PAD_EVENTS = (
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
)
TICK_RATE = 60
NOISE_NAP_MS = 16  # see wait_for_input
TICK_SECONDS = 1.0 / TICK_RATE
# At most this many ticks are run to catch up after a stall (a quarter second); the rest
# of the lost time is dropped so that a slow machine slows the game instead of freezing.
MAX_CATCHUP_TICKS = 15
# When set, the first frame's wall-clock time is printed (python -m game.bench reads it).
FIRST_FRAME_REPORT_ENV = "PIXELPARLOR_REPORT_FIRST_FRAME"


class App:
    """The running program: owns the display, audio, storage and the scene stack."""

    def __init__(self, options: Options, screens: Screens):
        self.options = options
        self.screens = screens
        self.storage = Storage(options.data_dir, no_save=options.no_save, write_behind=True)
        settings = self.storage.settings
        self._start_language(options.lang)
        self.audio = Audio(
            enabled=not options.no_sound and settings.sound,
            sounds=game_sounds(registered_games()),
            cheers=game_cheers(registered_games()),
        )
        self.audio.set_volumes(settings.effects_volume, settings.cheers_volume)
        pygame.display.init()
        pygame.key.set_repeat(300, 40)
        keys.controller_init()
        self.pads = Pads()
        #: The command bar entry the controller's shoulder buttons chose (an index into
        #: the top scene's commands), and the scene it was chosen on.
        self.bar_focus: int | None = None
        self._bar_scene: Scene | None = None
        fullscreen = settings.fullscreen and not options.windowed
        self.display = Display(
            fullscreen=fullscreen, icon=_window_icon(), renderer=options.renderer
        )
        self.pacer = Pacer()
        self.scenes = SceneStack()
        self.command_bar = CommandBar()
        self.toasts = Toasts()
        #: Global tick counter: every tick the app has run since it started.
        self.ticks = 0
        self.running = True
        self.mouse_pos: tuple[int, int] | None = None
        self.first_frame_at: float | None = None
        self._rng_counter = 0
        self._fast_flag = options.fast  # --fast: every game Fast this run...
        self._speed_chosen: set[str] = set()  # ... but those whose speed the player chose
        pygame.mouse.set_visible(False)  # we draw our own pixel pointer

    # -- modes -------------------------------------------------------------------
    def game_in_view(self) -> str | None:
        """The game of the topmost scene that belongs to one (a table, its set-up, a
        score sheet over its table), or None (the title, Settings...)."""
        for scene in reversed(list(self.scenes)):
            game_id = getattr(scene, "game_id", None)
            if isinstance(game_id, str) and game_id:
                return game_id
        return None

    def speed(self, game_id: str | None = None) -> str:
        """How fast a game is shown (NORMAL, QUICK or FAST), each game its own: the game
        in view unless one is named."""
        game_id = game_id if game_id is not None else self.game_in_view()
        if self._fast_flag and game_id not in self._speed_chosen:
            return FAST
        return self.storage.settings.speed_of(game_id)

    @property
    def fast(self) -> bool:
        """Fast mode: animations collapse to nothing (the game in view's speed is FAST)."""
        return self.speed() == FAST

    def set_speed(self, game_id: str, speed: str) -> None:
        """A game's speed from now on (its table's F, Settings), kept in the settings."""
        if speed not in SPEEDS:
            raise ValueError(f"a speed is one of {SPEEDS}, not {speed!r}")
        self._speed_chosen.add(game_id)  # --fast no longer overrides what was chosen
        self.storage.settings.speeds[game_id] = speed
        self.storage.save_settings()

    # -- language ----------------------------------------------------------------
    def _start_language(self, asked: str | None) -> None:
        """--lang for this run; else the one chosen in Settings; at the first start the
        system's, which is kept so that a later change of the system's does not move it."""
        settings = self.storage.settings
        if not lang.normalize(settings.language):
            settings.language = lang.system_language()
            self.storage.save_settings()
        lang.set_language(asked or settings.language)

    def set_language(self, code: str) -> None:
        """Speak `code` from now on (Settings): kept, and every open screen redone."""
        if not lang.set_language(code):
            raise ValueError(f"a language is one of {lang.LANGUAGES}, not {code!r}")
        self.storage.settings.language = code
        self.storage.save_settings()
        for scene in list(self.scenes):
            scene.language_changed()

    @property
    def mono(self) -> bool:
        """Black-and-white picture."""
        return self.options.mono or self.storage.settings.mono

    @property
    def showing(self) -> str:
        """How the picture is shown: palette.COLOUR, SAFE (colour-blind safe) or MONO."""
        if self.mono:
            return palette.MONO
        return palette.SAFE if self.storage.settings.colour_blind else palette.COLOUR

    @property
    def reduced_motion(self) -> bool:
        """Reduced motion (Settings): moves land at once, nothing tumbles or flashes."""
        return self.storage.settings.reduced_motion

    @property
    def demo(self) -> bool:
        """Demo mode: the computer plays every seat."""
        return self.options.demo

    def new_rng(self) -> random.Random:
        """A generator for a new game: replayable from --seed, fresh otherwise."""
        self._rng_counter += 1
        if self.options.seed is None:
            return random.Random()
        return random.Random(f"{self.options.seed}/{self._rng_counter}")

    # -- scenes --------------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        return self.scenes.push(scene)

    def pop(self) -> Scene | None:
        scene = self.scenes.pop()
        if not len(self.scenes):
            self.quit()
        return scene

    def replace(self, scene: Scene) -> Scene:
        return self.scenes.replace(scene)

    def open_help(self, scene: Scene) -> None:
        self.push(self.screens.help(self, scene.help_pages(), scene.title))

    def toggle_boss(self) -> None:
        """Show the phony DOS screen, or return from it to exactly where we were."""
        top = self.scenes.top
        if top is not None and top.is_boss_screen:
            top.close()
            return
        self.save_all()
        self.audio.stop_all()
        self.push(self.screens.boss(self))

    def demo_finished(self, scene: Scene, restart: Callable[[], Scene]) -> None:
        """A demo game has ended: back to the title's attract loop if the title started
        it, else (--demo --game) the same game again."""
        if any(s.attract_game is scene for s in self.scenes):
            self.scenes.remove(scene)
        else:
            self.replace(restart())

    def notify(self, message: str) -> None:
        """Show a one-line notice at the top of the screen for a few seconds."""
        self.toasts.show(message)

    # -- saving and quitting ---------------------------------------------------------
    def save_all(self) -> None:
        """Every scene saves what must survive; then the settings."""
        for scene in self.scenes:
            scene.save()
        self.storage.save_settings()

    def toggle_fullscreen(self) -> None:
        self.display.toggle_fullscreen()
        self.pacer.repaint()
        self.storage.settings.fullscreen = self.display.fullscreen
        self.storage.save_settings()

    def quit(self) -> None:
        """Stop after this frame; shutdown() saves first."""
        self.running = False

    def shutdown(self) -> None:
        self.save_all()
        self.storage.flush()  # waits until every save is on disk
        self.scenes.clear()
        self.audio.stop_all()

    # -- the loop ------------------------------------------------------------------
    def run(self, max_ticks: int | None = None) -> None:
        """Play until quit; with `max_ticks`, run that many ticks flat out and stop."""
        clock = pygame.time.Clock()
        behind = 0.0
        self.frame(0)
        while self.running:
            if max_ticks is not None:
                if self.ticks >= max_ticks:
                    break
                self.frame(1)
                continue
            top = self.scenes.top
            moving = (top is not None and top.moving) or self.pads.held  # a held d-pad repeats
            sleep_ms = self.pacer.sleep_ms(moving)
            woken_by = None
            if sleep_ms is None:
                elapsed_ms = clock.tick(TICK_RATE)
            else:
                woken_by = self.wait_for_input(sleep_ms)
                elapsed_ms = clock.tick()
            behind = min(behind + elapsed_ms / 1000.0, MAX_CATCHUP_TICKS * TICK_SECONDS)
            due = int(behind / TICK_SECONDS)
            behind -= due * TICK_SECONDS
            self.frame(due, woken_by)
        self.shutdown()

    def wait_for_input(self, sleep_ms: int) -> pygame.event.Event:
        """Sleep on the event queue for up to `sleep_ms`, until an event that means
        something: a controller's raw joystick twins and a stick's jitter inside its dead
        zone (is_noise) are dropped and the sleep goes on, so that a pad lying on the desk
        costs nothing."""
        deadline = pygame.time.get_ticks() + sleep_ms
        while True:
            event = pygame.event.wait(max(1, deadline - pygame.time.get_ticks()))
            if event.type == pygame.NOEVENT or not self.pads.is_noise(event):
                return event
            left = deadline - pygame.time.get_ticks()
            if left <= 0:
                return pygame.event.Event(pygame.NOEVENT)
            # A trembling stick sends hundreds of these a second: look again a frame
            # later rather than at each (a press then waits at most that frame).
            pygame.time.wait(min(left, NOISE_NAP_MS))

    def frame(self, ticks: int, first_event: pygame.event.Event | None = None) -> None:
        """One frame: handle input (`first_event` is one already taken from the queue), run
        `ticks` fixed ticks, render once."""
        if first_event is not None and first_event.type != pygame.NOEVENT:
            self.handle_event(first_event)
        self.handle_events()
        for _tick in range(ticks):
            if not self.running:
                break
            self.tick()
        if self.running and self.pacer.drawing:
            self.render()

    def tick(self) -> None:
        self.ticks += 1
        for intent in self.pads.tick():
            self.pad_intent(intent)
        top = self.scenes.top
        if top is not None:
            top.tick()
        self.toasts.tick()
        for notice in self.storage.take_notices():
            self.notify(notice)

    def render(self) -> None:
        canvas = self.display.canvas
        self.draw_scenes(canvas)
        self.toasts.draw(canvas)
        if self.mouse_pos is not None and self.pads.last is None:
            canvas.blit(sprites.pointer(), self.mouse_pos)
        showing = self.showing
        if self.pacer.should_present(canvas, showing, self.ticks):
            self.display.present(palette.picture_filter(showing))
        if self.first_frame_at is None:
            self.first_frame_at = time.time()
            if os.environ.get(FIRST_FRAME_REPORT_ENV):
                print(f"first-frame-at {self.first_frame_at:.6f}", file=sys.stderr, flush=True)

    def draw_scenes(self, canvas: pygame.Surface) -> None:
        """Draw the visible scenes, bottom first, each with its command bar."""
        top = self.scenes.top
        self.command_bar.pad = self.pad_layout
        for scene in self.scenes.visible():
            scene.draw(canvas)
            if scene.has_command_bar:
                hover = self.mouse_pos if scene is top and self.pads.last is None else None
                focus = self.bar_focus if scene is top and self._bar_scene is top else None
                self.command_bar.draw(canvas, scene.bar(), hover, focus)

    # -- input ---------------------------------------------------------------------
    def handle_events(self) -> None:
        for event in pygame.event.get():
            self.handle_event(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.pads.is_noise(event):
            return  # nothing that changes anything: the still loop keeps sleeping
        self.pacer.saw(event)
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.display.resized((event.x, event.y))
        elif event.type == pygame.KEYDOWN:
            self.keys_in_hand()
            if isinstance(self.scenes.top, OnScreenKeyboard):
                self.scenes.top.close()  # a real keyboard types into the field itself
            self.handle_key(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.keys_in_hand()
            self.handle_mouse(event)
        elif event.type in PAD_EVENTS:
            for intent in self.pads.event(event):
                self.pad_intent(intent)
        elif event.type == pygame.MOUSEWHEEL:
            if event.y:
                self.send(Action("wheel_up" if event.y > 0 else "wheel_down", pos=self.mouse_pos))

    def handle_key(self, event: pygame.event.Event) -> None:
        if keys.is_alt_f4(event):
            self.quit()
            return
        if event.key == keys.FULLSCREEN_KEY or keys.is_alt_enter(event):
            self.toggle_fullscreen()
            return
        if event.key in keys.BOSS_KEYS_ALWAYS:
            self.toggle_boss()
            return
        action = keys.key_action(event)
        if action is not None:
            self.press(action)

    def press(self, action: Action) -> None:
        """A key's action: the boss and help keys are the app's, the rest the scene's.

        Clicking a command bar entry comes here too, so that clicking "B Boss" is
        exactly pressing B.
        """
        top = self.scenes.top
        typing = bool(top and top.wants_text)
        char = action.char.lower() if action.name == "char" else ""
        if not typing and char == keys.BOSS_CHAR:
            self.toggle_boss()
        elif (not typing and char == keys.HELP_CHAR) or (
            # F1 types nothing, so it is help even while typing; the phony DOS
            # screen has no help pages, so there it does nothing.
            action.name == "help" and top is not None and top.help_pages()
        ):
            self.toggle_help()
        else:
            self.send(action)

    def toggle_help(self) -> None:
        top = self.scenes.top
        if top is not None and top.is_help_screen:
            top.close()
        elif top is not None:
            self.open_help(top)

    def handle_mouse(self, event: pygame.event.Event) -> None:
        pos = self.display.to_canvas(event.pos)
        self.mouse_pos = pos
        if pos is None:
            return
        if event.type == pygame.MOUSEMOTION:
            self.send(Action("hover", pos=pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.send(Action("click", pos=pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.send(Action("rclick", pos=pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.send(Action("release", pos=pos))

    # -- controllers ---------------------------------------------------------------
    @property
    def pad_layout(self) -> keys.PadLayout | None:
        """The glyphs of the controller played last; None while keys or the mouse are."""
        return self.pads.last.layout if self.pads.last is not None else None

    def keys_in_hand(self) -> None:
        """A key or the mouse was used: the bar shows keys again, and loses its focus."""
        self.pads.last = None
        self.bar_focus = None

    def pad_intent(self, intent: PadIntent) -> None:
        """Do what a controller asked (game.shell.pads turns its events into intents)."""
        top = self.scenes.top
        # Behind the phony screen nothing tells of a game: no notice, no pause drawn over
        # it (the table beneath is frozen by it anyway).
        hidden = top is not None and top.is_boss_screen
        if intent.kind == "connected":
            if not hidden:
                self.notify(
                    _("Controller connected: {name}").format(name=intent.name)
                    if intent.name
                    else _("Controller connected")
                )
            if top is not None and isinstance(top, ControllerGone):
                top.close()
            return
        if intent.kind == "disconnected":
            if hidden:
                return
            self.notify(
                _("Controller disconnected: {name}").format(name=intent.name)
                if intent.name
                else _("Controller disconnected")
            )
            if intent.step and self.game_in_view() and not isinstance(top, ControllerGone):
                self.push(ControllerGone(self))  # the table beneath stops
            return
        self.mouse_pos = None  # our pointer hides while a pad plays
        if intent.kind == "boss":
            self.toggle_boss()
            return
        if (
            top is not None
            and top.on_screen_keyboard
            and not top.is_boss_screen
            and not (intent.kind == "role" and intent.role in ("b", "back"))
        ):
            # A text field played with a pad: the on-screen keyboard types into it. B (the
            # field's Esc: leave Join, keep a name's default) and Back (help) are the
            # screen's own, so that a pad can always leave it.
            self.bar_focus = None
            self.push(OnScreenKeyboard(self, top))
            return
        if intent.kind == "press" and intent.action is not None:
            if intent.action.name in ("up", "down", "left", "right"):
                self.bar_focus = None  # the d-pad is back on the screen
            self.press(intent.action)
        elif intent.kind == "role":
            self.press_role(intent.role)

    def press_role(self, role: str) -> None:
        """A button by its role: the command bar entry that claims it, else its own meaning
        (A Enter or the entry in focus, B Esc or leaving the focus, the shoulders moving
        the focus along the bar, Start Esc, Back help)."""
        top = self.scenes.top
        commands = top.bar() if top is not None and top.has_command_bar else []
        if self._bar_scene is not top:
            self.bar_focus = None
        claimed = next((c for c in commands if c.pad == role and c.enabled), None)
        if claimed is not None:
            self.press(claimed.action)
        elif role in ("lb", "rb"):
            self.step_bar_focus(commands, -1 if role == "lb" else 1)
        elif role == "a" and self.bar_focus is not None and self.bar_focus < len(commands):
            if commands[self.bar_focus].enabled:
                self.press(commands[self.bar_focus].action)
        elif role == "b" and self.bar_focus is not None:
            self.bar_focus = None
        elif role in keys.ROLE_ACTIONS:
            self.press(Action(keys.ROLE_ACTIONS[role]))

    def step_bar_focus(self, commands: list, step: int) -> None:
        """Move the controller's focus along the command bar's entries, as they are read."""
        order = self.command_bar.in_order(commands) if commands else []
        if not order:
            self.bar_focus = None
            return
        if self.bar_focus in order:
            self.bar_focus = order[(order.index(self.bar_focus) + step) % len(order)]
        else:
            self.bar_focus = order[0] if step > 0 else order[-1]
        self._bar_scene = self.scenes.top

    def send(self, action: Action) -> None:
        """Give an action to the top scene, marked with the device it came from."""
        top = self.scenes.top
        if top is not None:
            top.dispatch(action if action.device else replace(action, device=self.pads.device))

    # -- pictures ------------------------------------------------------------------
    def snapshot(self, path: Path, mono: bool = False, showing: str | None = None) -> None:
        """Draw the current stack and save the 640×360 canvas as a PNG, as drawn, in mono,
        or as `showing` says (palette.SHOWINGS)."""
        canvas = self.display.canvas
        self.draw_scenes(canvas)
        self.toasts.draw(canvas)
        convert = palette.picture_filter(showing or (palette.MONO if mono else palette.COLOUR))
        picture = convert(canvas) if convert else canvas
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(path))


def _window_icon() -> pygame.Surface | None:
    try:
        return sprites.window_icon()
    except (pygame.error, FileNotFoundError):
        return None
