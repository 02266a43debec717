"""Medals at the tables (issue 35): each earned by a person's own play in a scripted game
or a position set up from JSON, never by a computer's seat or the demo, earned once,
kept across a restart, toasted, and shown on the Scores screen's Medals page."""

from __future__ import annotations

import datetime as dt
import random
import sys
from pathlib import Path

import pygame
import pytest

from game.engine.farkle import COMPUTER as FARKLE_COMPUTER
from game.engine.farkle import HUMAN, FarkleOptions, FarkleState, Seat
from game.engine.lucie import LucieGame
from game.engine.mille import Action
from game.engine.shutbox import Player, ShutBoxState
from game.engine.shutbox.ai import hint as perfect_move
from game.scenes.farkle.pictures import ScriptedDice
from game.scenes.farkle.play import FarkleScene
from game.scenes.lucie.play import LucieScene
from game.scenes.mille.play import MilleScene
from game.scenes.scores import MEDALS, ScoresScene
from game.scenes.shutbox.play import ShutBoxScene
from game.table import COMPUTER, HERE, TableSeat
from game.ui import badges
from tests.engine.lucie.lucie_layouts import layout as lucie_layout
from tests.harness import key, make_app, run, settle

sys.path.insert(0, str(Path(__file__).parent / "mille"))
from helpers_mille_scene import position as mille_position  # noqa: E402
from helpers_mille_scene import tableau  # noqa: E402

STRAIGHT = (1, 2, 3, 4, 5, 6)


def earned(app, game_id: str) -> dict:
    return {key: (m.date, m.name) for key, m in app.storage.medals(game_id).earned.items()}


def toasts(app) -> list[str]:
    return [app.toasts.current, *app.toasts._waiting]


def press(app, letter: str) -> None:
    key(app, pygame.key.key_code(letter), text=letter)


def farkle_table(
    app, kinds, dice, state: FarkleState | None = None, seen: list | None = None
) -> FarkleScene:
    """A Farkle table of these seats (a person's, or a computer's level) and dice;
    `seen` gathers the events the table's medals see."""
    names = ("Anna", "Bert")
    seats = [
        Seat(HUMAN, None, names[i]) if kind == HUMAN else Seat(FARKLE_COMPUTER, kind, names[i])
        for i, kind in enumerate(kinds)
    ]
    state = state or FarkleState.new(seats, FarkleOptions())
    scene = FarkleScene(app, state, ScriptedDice(dice, seed=1))
    if seen is not None:
        saw = scene.medals.saw
        scene.medals.saw = lambda events: (seen.extend(events), saw(events))
    app.push(scene)
    run(app, 1)
    return scene


# -- Farkle ----------------------------------------------------------------------------------


def test_six_of_a_kind_rolled_by_a_person_is_earned_once_and_toasted(new_app, monkeypatch):
    app = new_app(fast=True)
    played = []
    monkeypatch.setattr(app.audio, "play", played.append)
    farkle_table(app, (HUMAN, "cautious"), (6, 6, 6, 6, 6, 6))
    assert earned(app, "farkle") == {"six_of_a_kind": (dt.date.today(), "Anna")}
    run(app, 5)
    assert "Medal earned: Six of a kind!" in toasts(app)
    assert played.count("medal") == 1, "a sparkle of bells with the toast"
    assert played.index("dice_rattle") < played.index("medal"), "once the roll is shown"
    assert "Medal earned: Six of a kind!" in [line.text for line in app.scenes.top.talk.recent(50)]
    # Earned once: another six of a kind (Bert's, another day's table) changes nothing.
    app.toasts.current, app.toasts._left = "", 0
    farkle_table(app, ("human", HUMAN), (3, 3, 3, 3, 3, 3))
    run(app, 5)
    assert earned(app, "farkle") == {"six_of_a_kind": (dt.date.today(), "Anna")}
    assert not any("Medal" in toast for toast in toasts(app))
    assert played.count("medal") == 1


def test_a_computers_six_of_a_kind_earns_nothing(new_app):
    app = new_app(fast=True)
    seen = []
    scene = farkle_table(app, ("cautious", HUMAN), (4, 4, 4, 4, 4, 4), seen=seen)
    settle(app, scene)
    assert any(
        e.kind == "roll" and e.data["seat"] == 0 and e.data["dice"] == (4,) * 6 for e in seen
    )
    assert earned(app, "farkle") == {}
    assert not any("Medal" in toast for toast in toasts(app))


def test_the_demo_playing_a_persons_seat_earns_nothing(new_app):
    app = new_app(fast=True)
    scene = FarkleScene(
        app,
        FarkleState.new([Seat(HUMAN, None, "Anna"), Seat(HUMAN, None, "Bert")], FarkleOptions()),
        ScriptedDice((2, 2, 2, 2, 2, 2), seed=1),
        demo=True,
    )
    app.push(scene)
    run(app, 3)
    assert earned(app, "farkle") == {}


def test_hot_dice_three_times_in_one_turn(new_app):
    app = new_app(fast=True)
    scene = farkle_table(app, (HUMAN, "cautious"), STRAIGHT * 4)
    for time in range(3):
        assert earned(app, "farkle") == {}, f"not before the third hot dice ({time})"
        settle(app, scene)
        press(app, "a")  # hold all six
        press(app, "r")  # and roll them all again: hot dice
    settle(app, scene)
    assert scene.counters[0]["hot_dice"] == 3
    assert set(earned(app, "farkle")) == {"hot_dice_3"}
    assert "Medal earned: Red hot!" in toasts(app)


def test_hot_dice_in_different_turns_do_not_add_up(new_app):
    app = new_app(fast=True)
    scene = farkle_table(app, (HUMAN, "cautious"), STRAIGHT * 3)
    for _ in range(2):
        settle(app, scene)
        press(app, "a")
        press(app, "r")
    scene.medals.saw(scene.state.apply(("bank", (0, 1, 2, 3, 4, 5)), random.Random(1)))
    # The next turn starts from nothing: one more hot dice is its first.
    scene.medals.saw([_event("hot_dice", seat=0)])
    assert earned(app, "farkle") == {}


def _event(kind: str, **data):
    from game.engine.core import Event

    return Event(kind, data)


def behind_in_the_last_round() -> FarkleState:
    """From JSON: Bert (the computer) went out first with 10,050; Anna, at 9,500, plays
    the last turn of the final round."""
    return FarkleState.from_json(
        {
            "schema": FarkleState.new([Seat(), Seat()], FarkleOptions()).to_json()["schema"],
            "seats": [
                {"kind": "human", "level": None, "name": "Anna"},
                {"kind": "computer", "level": "cautious", "name": "Bert"},
            ],
            "options": FarkleOptions().to_json(),
            "scores": [9500, 10050],
            "current": 0,
            "phase": "start",
            "turn_points": 0,
            "roll": [],
            "set_aside": [],
            "final_round": True,
            "final_trigger": 1,
            "final_pending": [],
            "winners": [],
            "turn_number": 30,
        }
    )


def test_winning_from_behind_in_the_last_round(new_app):
    app = new_app(fast=True)
    scene = farkle_table(app, (), (1, 1, 1, 2, 3, 4, 5, 5, 5), behind_in_the_last_round())
    settle(app, scene)
    press(app, "a")  # three 1s and a 5
    press(app, "r")
    settle(app, scene)
    press(app, "a")  # three 5s
    press(app, "n")  # banks 1,100 + 500: 11,100 beats 10,050
    settle(app, scene)
    assert scene.state.is_over and scene.state.winners == [0]
    assert "from_behind" in earned(app, "farkle")


def test_losing_in_the_last_round_earns_nothing(new_app):
    app = new_app(fast=True)
    scene = farkle_table(app, (), (2, 3, 4, 6, 2, 3), behind_in_the_last_round())
    settle(app, scene)  # a farkle: the last round is all or nothing
    assert scene.state.is_over and scene.state.winners == [1]
    assert earned(app, "farkle") == {}


# -- La Belle Lucie ---------------------------------------------------------------------------


def one_king_to_go(redeals: int) -> LucieGame:
    """Every card home but the king of spades, alone in a fan (and `redeals` left)."""
    return LucieGame(lucie_layout("KS", home="KC KD KH QS", redeals=redeals), 1)


def play_the_king(app, game: LucieGame, hint_first: bool = False) -> LucieScene:
    scene = LucieScene(app, game)
    app.push(scene)
    run(app, 1)
    if hint_first:
        key(app, pygame.K_SLASH, mod=pygame.KMOD_SHIFT, text="?")
        settle(app, scene)
    for char in "KS":
        key(app, pygame.key.key_code(char.lower()), mod=pygame.KMOD_SHIFT, text=char)
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.game.is_won and scene.finished
    return scene


def test_a_hand_won_without_a_shuffle_or_a_hint(new_app):
    app = new_app(fast=True)
    play_the_king(app, one_king_to_go(redeals=2))
    assert set(earned(app, "lucie")) == {"no_shuffle", "no_hints"}
    assert earned(app, "lucie")["no_hints"][1] == "", "a solitaire's medal is yours"


def test_a_shuffle_used_or_a_hint_taken_is_not_that_medal(new_app):
    app = new_app(fast=True)
    play_the_king(app, one_king_to_go(redeals=1))
    assert set(earned(app, "lucie")) == {"no_hints"}
    app = new_app(fast=True)
    scene = play_the_king(app, one_king_to_go(redeals=2), hint_first=True)
    assert scene.ending.final_results()[0].hints == 1
    assert set(earned(app, "lucie")) == {"no_shuffle"}


# -- Shut The Box ------------------------------------------------------------------------------


def test_shutting_the_box_from_a_position(new_app):
    app = new_app(fast=True)
    state = ShutBoxState.new([Player("Ann"), Player("Cindy", computer=True, level="pub")])
    data = state.to_json()
    data["open_doors"], data["dice"], data["phase"] = [9], [4, 5], "shut"
    scene = ShutBoxScene(app, ShutBoxState.from_json(data), ScriptedDice((), seed=2))
    app.push(scene)
    settle(app, scene)
    key(app, pygame.K_9, text="9")
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert earned(app, "shutbox") == {"box_shut": (dt.date.today(), "Ann")}


def test_a_computer_shutting_the_box_earns_nothing(new_app):
    app = new_app(fast=True)
    state = ShutBoxState.new([Player("Ann"), Player("Cindy", computer=True, level="perfect")])
    data = state.to_json()
    data["current"], data["open_doors"], data["dice"], data["phase"] = 1, [9], [4, 5], "shut"
    data["players"][0]["turn_scores"] = [30]  # Ann has had her first turn
    scene = ShutBoxScene(app, ShutBoxState.from_json(data), ScriptedDice((), seed=2))
    app.push(scene)
    settle(app, scene)
    assert scene.state.players[1].boxes_shut == 1
    assert earned(app, "shutbox") == {}


def play_shutbox(app, choose) -> ShutBoxScene:
    """A whole game, Ann against the Pub regular: `choose(state)` makes each of Ann's
    decisions; Enter answers every prompt and the Top Ten's name."""
    players = [Player("Ann"), Player("Cindy", computer=True, level="pub")]
    scene = ShutBoxScene(app, ShutBoxState.new(players), random.Random(5))
    app.push(scene)
    for _ in range(400):
        settle(app, scene)
        if scene.finished:
            break
        if app.scenes.top is not scene:
            key(app, pygame.K_RETURN)
            continue
        seat = scene.seat_to_act()
        if seat == 0 and not scene.submit(0, choose(scene.state)):
            key(app, pygame.K_RETURN)
        elif seat != 0:
            key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.finished
    return scene


def test_a_perfect_game_and_a_game_with_a_slip(new_app):
    app = new_app(fast=True)
    scene = play_shutbox(app, lambda state: perfect_move(state).action)
    [result] = scene.ending.final_results()
    assert result.accuracy == 100 and result.hints == 0
    assert "perfect" in earned(app, "shutbox")

    slipped: list = []

    def slip_once(state):
        best = perfect_move(state)
        worse = [action for action, _ in best.options if action != best.action]
        if (
            worse
            and not slipped
            and len(best.options) > 1
            and best.options[1][1] < best.options[0][1]
        ):
            slipped.append(worse[-1])
            return worse[-1]
        return best.action

    app = new_app(fast=True)
    scene = play_shutbox(app, slip_once)
    [result] = scene.ending.final_results()
    assert result.accuracy is not None and result.accuracy < 100
    assert "perfect" not in earned(app, "shutbox")


# -- Mille Bornes ------------------------------------------------------------------------------


def mille_table(app, seats, state) -> MilleScene:
    scene = MilleScene(app, state, seats, random.Random(1))
    app.push(scene)
    run(app, 1)
    settle(app, scene)
    return scene


ANN_AND_CINDY = [TableSeat("Ann", HERE), TableSeat("Cindy", COMPUTER, "basic")]


def test_a_coup_fourre(new_app):
    app = new_app(fast=True)
    state = mille_position(
        ["driving_ace 100 75 50 25 gasoline", "accident 25 50 75 100 200"],
        [tableau("roll", "", "100"), tableau()],
        to_act=1,
    )
    scene = mille_table(app, ANN_AND_CINDY, state)
    press(app, "c")
    settle(app, scene)
    assert scene.state.tableaux[0].coups_fourres == ["driving_ace"]
    assert earned(app, "mille") == {"coup_fourre": (dt.date.today(), "Ann")}


def test_a_computers_coup_fourre_earns_nothing(new_app):
    app = new_app(fast=True)
    state = mille_position(
        ["accident 25 50 75 100 200", "driving_ace 100 75 50 25 gasoline"],
        [tableau("roll", "", "100"), tableau("roll", "", "100")],
        to_act=0,
    )
    scene = mille_table(app, ANN_AND_CINDY, state)
    scene.play_move(Action("play", "accident", 1))
    settle(app, scene)
    assert scene.state.tableaux[1].coups_fourres == ["driving_ace"]
    assert earned(app, "mille") == {}


def test_a_shutout_with_every_safety(new_app):
    app = new_app(fast=True)
    state = mille_position(
        ["100 stop 25 gasoline 50 75", "25 50 75 100 200 repairs"],
        [
            tableau(
                "roll",
                "",
                "200 200 100 50 50",
                "driving_ace extra_tank puncture_proof right_of_way",
            ),
            tableau("roll"),
        ],
    )
    scene = mille_table(app, ANN_AND_CINDY, state)
    press(app, str(scene.hands.hand_order.index("100") + 1))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    press(app, "n")  # no extension: the hand ends
    settle(app, scene)
    assert set(earned(app, "mille")) == {"shutout", "all_safeties"}


# -- the daily streaks -------------------------------------------------------------------------


class StandInDailyRecord:
    def __init__(self, days: int) -> None:
        self.days = days

    def streak(self, game_id: str, today: dt.date) -> int:
        return self.days if game_id == "lucie" else 0


@pytest.mark.parametrize(
    "days, medals", [(6, set()), (7, {"daily_7"}), (30, {"daily_7", "daily_30"})]
)
def test_daily_streaks_earn_their_medals_when_the_scores_open(new_app, days, medals):
    app = new_app(fast=True)
    app.storage._daily_record = lambda: StandInDailyRecord(days)  # the daily deals' record
    app.push(ScoresScene(app, "lucie", MEDALS))
    run(app, 1)
    assert set(earned(app, "lucie")) == medals
    assert all(name == "" for _, name in earned(app, "lucie").values())
    assert earned(app, "farkle") == {}


def test_seven_daily_deals_in_a_row_in_the_real_record_earn_the_week(new_app):
    """The daily deals' own record (game.storage.daily, the dealcodes part), not a
    stand-in: seven days finished in a row up to today are the week's medal."""
    from game.shell.registry import game_info
    from game.table.daily import daily_code

    app = new_app(fast=True)
    lucie = game_info("lucie")
    today = dt.datetime.now(dt.timezone.utc).date()
    for back in range(7):
        day = today - dt.timedelta(days=back)
        app.storage.start_daily("lucie", day, daily_code(lucie, day).text)
        app.storage.finish_daily("lucie", day, won=False, score=40, moves=30, accuracy=80)
    assert app.storage.daily().streak("lucie", today) == 7
    app.push(ScoresScene(app, "lucie", MEDALS))
    run(app, 1)
    assert set(earned(app, "lucie")) == {"daily_7"}


def test_a_streak_is_checked_after_a_game_too(new_app):
    app = new_app(fast=True)
    app.storage._daily_record = lambda: StandInDailyRecord(7)
    play_the_king(app, one_king_to_go(redeals=2))
    assert "daily_7" in earned(app, "lucie")


# -- kept, and shown ---------------------------------------------------------------------------


def test_medals_survive_a_restart_and_show_bright_and_dim(new_app, tmp_path):
    app = new_app(fast=True)
    farkle_table(app, (HUMAN, "cautious"), (6, 6, 6, 6, 6, 6))
    app.storage.flush()
    again = make_app(app.storage.data_dir)
    assert set(earned(again, "farkle")) == {"six_of_a_kind"}
    scene = again.push(ScoresScene(again, "farkle", MEDALS))
    again.frame(0)
    canvas = again.display.canvas
    from game.scenes.medals_page import BADGE_TOP, SCALE, medal_columns

    columns = medal_columns(5)

    def colours_in_badge(i):
        x = columns[i].centerx - badges.BADGE_SIZE * SCALE // 2
        rect = pygame.Rect(x, BADGE_TOP, badges.BADGE_SIZE * SCALE, badges.BADGE_SIZE * SCALE)
        return {
            tuple(canvas.get_at((px, py)))[:3]
            for px in range(rect.left, rect.right, 2)
            for py in range(rect.top, rect.bottom, 2)
        }

    from game.art import palette as pal

    assert pal.YELLOW in colours_in_badge(0), "six of a kind earned: its gold rim"
    assert pal.YELLOW not in colours_in_badge(1) and pal.LIGHT_GREY in colours_in_badge(1), (
        "red hot not earned: grey, with a padlock"
    )
    assert scene is again.scenes.top
    again.scenes.clear()


def test_every_medal_is_drawn_so_that_mono_tells_earned_from_not():
    from game.art.palette import MONO_BLACK, MONO_WHITE, mono_level
    from game.shell.registry import registered_games

    medals = [m for info in registered_games() for m in info.medals]
    assert len(medals) >= 4 * 4
    assert len({(info.id, m.id) for info in registered_games() for m in info.medals}) == len(medals)
    for medal in medals:
        badges.check_emblem(medal.emblem)
        assert mono_level(medal.face) == MONO_BLACK, medal.id
        assert {mono_level(c) for c in medal.ribbon} == {MONO_BLACK, MONO_WHITE}, medal.id
        assert medal.on_move or medal.on_end or medal.streak, medal.id


# -- who earns: the part alone -----------------------------------------------------------------


def test_only_the_hosts_own_people_earn_and_a_guests_screen_earns_nothing(new_app):
    """A network table: Anna here, Bert a friend's seat (REMOTE). Bert's six of a kind
    earns nothing at the host's screen, and a guest's screen hands out no medals."""
    from game.table.seats import REMOTE

    app = new_app(fast=True)
    scene = farkle_table(app, (HUMAN, "cautious"), STRAIGHT)
    scene.seats[1] = TableSeat("Bert", REMOTE)
    scene.net = type("Net", (), {"computer_plays": lambda self, seat: False})()
    six = [_event("roll", seat=1, dice=(5,) * 6)]
    scene.medals.saw(six)
    assert earned(app, "farkle") == {}
    scene.guest = object()  # this screen a guest's: the host keeps the records
    scene.medals.saw([_event("roll", seat=0, dice=(5,) * 6)])
    assert earned(app, "farkle") == {}
    scene.guest = None
    scene.medals.saw([_event("roll", seat=0, dice=(5,) * 6)])
    assert set(earned(app, "farkle")) == {"six_of_a_kind"}
    scene.net = None


def test_the_mouse_over_a_badge_frames_it_and_speech_reads_the_page(new_app, listening):
    from game.scenes.medals_page import medal_columns
    from tests.harness import move

    app = new_app()
    app.storage.earn_medal("mille", "shutout", "Ann")
    scene = app.push(ScoresScene(app, "mille", MEDALS))
    run(app, 1)
    column = medal_columns(len(scene.game.medals))[1]
    move(app, column.center)
    assert scene.hover_medal == 1
    app.frame(0)
    assert tuple(app.display.canvas.get_at(column.topleft))[:3] == pal_select()
    move(app, (5, 5))
    assert scene.hover_medal is None
    heard = list(listening.spoken)
    assert "1 of 5 medals earned" in heard
    assert any(line.startswith("Shutout: Earned") for line in heard)
    assert any(line.startswith("Untouchable: Not earned yet. Lay all four") for line in heard)


def pal_select():
    from game.ui import theme

    return theme.SELECT_BG
