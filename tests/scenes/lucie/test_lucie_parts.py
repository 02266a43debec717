"""The parts of La Belle Lucie's table on their own, each over a stand-in for the table
that has only what the part's Protocol names: the controls turn keys and clicks into the
table's moves, the presenter turns the engine's events into steps, words and sounds."""

from types import SimpleNamespace

from game.engine.lucie import LucieGame
from game.input import Action
from game.scenes.lucie import layout, present
from game.scenes.lucie.controls import DECK, Controls
from game.scenes.lucie.entry import CardEntry
from game.scenes.lucie.keys import LUCIE_KEYS
from game.scenes.lucie.picture import CardsPicture
from game.scenes.lucie.present import Presenter
from game.storage.keymap import KeyMap
from game.table import SHARED_CHARS, Shown, StepQueue, Talk


class StandInTable:
    """A table as the controls see it (ControlledTable), noting the moves asked of it."""

    keys = KeyMap(LUCIE_KEYS)
    # The shared keys acting at once: D is typed with Enter at this table.
    SHARED_CHARS = {char: name for char, name in SHARED_CHARS.items() if name != "demo"}
    KEY_LABELS = {"demo": "D+Enter"}

    def __init__(self, game: LucieGame) -> None:
        self.asked: list[str] = []
        self.game = game
        self.shown = Shown(lambda: CardsPicture.of(game))
        self.entry = CardEntry()
        self.talk = Talk(lambda sound: None)
        self.presenter = Presenter(self)
        self.menu = SimpleNamespace(open=lambda: self.asked.append("menu"))
        self.demo_and_fast = SimpleNamespace(toggle_demo=lambda: self.asked.append("demo"))
        self.demo = self.finished = self.is_over = self.busy = False
        self.shared_keys = SimpleNamespace(key=lambda action: self.asked.append(action.name))

    def hurry(self) -> None:
        self.asked.append("hurry")

    def play(self, card: str) -> None:
        self.asked.append(card)

    def shuffle(self) -> None:
        self.asked.append("shuffle")

    def open_new_hand(self) -> None:
        self.asked.append("new")

    def offer_next_hand(self) -> None:
        self.asked.append("next")


def type_keys(controls: Controls, text: str) -> None:
    for char in text:
        controls.handle(Action("char", char=char))


def test_the_controls_turn_keys_and_clicks_into_the_tables_moves():
    table = StandInTable(LucieGame.new(1))
    controls = Controls(table)
    type_keys(controls, "n")
    type_keys(controls, "S")
    controls.handle(Action("confirm"))
    top = table.shown.now.fans[0][-1]
    type_keys(controls, top)
    controls.handle(Action("confirm"))
    controls.handle(Action("click", pos=layout.DECK_RECT.center))
    assert table.asked == ["new", "shuffle", top, "shuffle"]
    assert not controls.handle(Action("char", char="?")), "a shared key is the table's"
    controls.handle(Action("hover", pos=layout.DECK_RECT.center))
    assert controls.hover == DECK


def test_the_controls_send_a_finished_hands_enter_to_the_next_hand():
    table = StandInTable(LucieGame.new(1))
    table.finished = True
    controls = Controls(table)
    controls.handle(Action("confirm"))
    assert table.asked == ["next"]
    assert [command.key for command in controls.commands()][0] == "Enter"


def test_the_presenters_arrow_lasts_a_moment_and_a_move_takes_it_away():
    game = LucieGame.new(1)
    sounds: list[str] = []
    stage = SimpleNamespace(
        app=SimpleNamespace(fast=False, audio=SimpleNamespace(play=sounds.append)),
        game=game,
        steps=StepQueue(),
        talk=Talk(sounds.append),
        anim=lambda ticks: ticks,
    )
    stage.shown = Shown(lambda: CardsPicture.of(game))
    presenter = Presenter(stage)
    buried = game.fans[0][0]
    presenter.locate_buried(buried)
    assert presenter.located == buried and "buried" in stage.talk.line.text
    for _ in range(present.LOCATE_TICKS - 1):
        presenter.tick()
    assert presenter.located == buried
    presenter.tick()
    assert presenter.located is None
    presenter.show_arrow(buried)
    presenter.forget_arrow()
    assert presenter.located is None
