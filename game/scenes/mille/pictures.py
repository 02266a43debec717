"""Mille Bornes's states for --screenshots: set-up, a hand in play, a computer's card in
flight, a coup fourré, teams of two and of three, the extension call, the score sheet and
the end of a game, the help, the Esc menu and the Scores screen's Progress page.

Each picture is a real position and its moves go through the engine, so what is shown
is what the game shows. Pictures never write the player's files.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from game.engine.mille import DEAL_ACTION, Action, MilleState, Options, make_agent
from game.engine.mille.cards import D75, ROLL, STOP, build_deck, card_msg
from game.engine.mille.coach import ACCURACY_STRETCH, HALF_ACCURACY_AT
from game.engine.mille.rules import PLAY, Tableau
from game.lang import N_, Msg, _
from game.net.client import NetClient
from game.scenes.help import HelpScene
from game.scenes.mille.hands import AS_DRAWN, BY_KIND
from game.scenes.mille.joined import MilleGuestScene
from game.scenes.mille.play import GAME_ID, MilleScene
from game.scenes.mille.start import new_game_scene
from game.scenes.sample_progress import progress_states, record_sample_progress
from game.shell.setup import COMPUTER, HUMAN, SeatConfig
from game.table import COMPUTER as COMPUTER_SEAT
from game.table import HERE, REMOTE, TableExamples, TableSeat
from game.table.door import open_to_guests
from game.table.guest import GuestLink

if TYPE_CHECKING:
    from game.shell.app import App

NAMES = ("Ann", "Cindy", "Greg", "Rosamund", "Bob", "Genevieve")  # i18n: not shown (names)
ANN, CINDY = NAMES[:2]
BEA, FRIEND = "Bea", "Friend"  # i18n: not shown (names)
LEVELS = ("", "expert", "basic", "expert", "basic", "easy")
TEAM_GAME_SEED = 11  # the seeded hands the team pictures play into
TEAM_GAME_MOVES = 40  # ...and how many moves in


def seats(players: int) -> list[TableSeat]:
    """Ann (a person here) and computers."""
    return [
        TableSeat(NAMES[i], COMPUTER_SEAT if LEVELS[i] else HERE, LEVELS[i]) for i in range(players)
    ]


def tableau(
    battle: str = "", speed: str = "", distance: str = "", safeties: str = "", coups: str = ""
) -> Tableau:
    """A tableau from card lists, ids parted by commas or spaces (bottom first)."""
    return Tableau(_ids(battle), _ids(speed), _ids(distance), _ids(safeties), _ids(coups))


def _ids(cards: str) -> list[str]:
    """ "roll,stop" or "roll stop" -> ["roll", "stop"]."""
    return cards.replace(",", " ").split()


def position(
    players: int,
    hands: Sequence[str],
    tableaux: Sequence[Tableau],
    *,
    to_act: int = 0,
    scores: Sequence[int] = (),
    discards: str = "",
    hand_number: int = 2,
    pile_left: int | None = None,
    seed: int = 4,
    **options: bool,
) -> MilleState:
    """A hand in play: the given hands and tableaux, the rest of the deck (shuffled with
    `seed`) in the pile, or its first `pile_left` cards. Also the scene tests' positions."""
    state = MilleState.new_game(Options(players=players, **options))
    state.hand_number = hand_number
    state.phase, state.to_act, state.turn_seat = PLAY, to_act, to_act
    state.hands = [_ids(h) for h in hands]
    state.tableaux = list(tableaux)
    state.discard_pile = _ids(discards)
    if scores:
        state.scores = list(scores)
    used = Counter(card for hand in state.hands for card in hand)
    used.update(state.discard_pile)
    for t in state.tableaux:
        used.update(t.cards())
    pile = []
    for card in build_deck():
        if used[card]:
            used[card] -= 1
        else:
            pile.append(card)
    random.Random(seed).shuffle(pile)
    state.draw_pile = pile[:pile_left] if pile_left is not None else pile
    return state


def _table(app: App, state: MilleState, players: int | None = None) -> MilleScene:
    scene = MilleScene(app, state, seats(players or state.players), random.Random(7))
    _picture(scene)
    app.push(scene)
    return scene


def _picture(scene: MilleScene) -> None:
    """A table for a picture: nothing saved, and the same whatever the player chose."""
    scene.saving = False
    scene.hands.sort = BY_KIND


def _settle(scene: MilleScene) -> None:
    """Land every card and let the table reach its next question."""
    scene.hurry()
    scene.update()


def mid_hand(app: App) -> MilleScene:
    """Ann (250 km, her Extra Tank laid sideways) has chosen a Stop for Cindy."""
    state = position(
        2,
        ["100,200,stop,spare_tire,25,end_of_limit,accident", "50,75,roll,gasoline,100,repairs"],
        [
            tableau("roll", "", "100,75,50,25", "extra_tank", "extra_tank"),
            tableau("roll,accident,repairs,roll", "speed_limit", "200,100,50,50", "driving_ace"),
        ],
        scores=(1250, 1675),
        discards="25,gasoline,stop,roll",
    )
    scene = _table(app, state)
    scene.talk.say(Msg("{name} plays {card}.", name=CINDY, card=card_msg(ROLL)), "computer")
    scene.controls.select(scene.hands.hand_order.index("stop"))
    return scene


def as_drawn(app: App) -> MilleScene:
    """Ann's hand as drawn (O): the cards in the order they came, the newest last."""
    scene = mid_hand(app)
    card = scene.selected_card
    scene.hands.sort = AS_DRAWN
    scene.choice.selected = scene.hands.hand_order.index(card)
    return scene


def coup_fourre(app: App) -> MilleScene:
    """Cindy plays a Stop on Ann, who holds Right of Way: the coup fourré question."""
    state = position(
        2,
        ["100,right_of_way,75,25,gasoline,50", "stop,100,roll,25,75,spare_tire,50"],
        [tableau("roll", "", "100,100,75", "puncture_proof"), tableau("roll", "", "200,50,25", "")],
        to_act=1,
        scores=(2100, 1900),
        discards="accident,25",
    )
    scene = _table(app, state)
    scene.play_move(Action("play", "stop", 0))
    _settle(scene)
    return scene


def coup_fourre_turning(app: App) -> MilleScene:
    """Ann declares: Right of Way turns sideways as it lands, to a fanfare."""
    scene = coup_fourre(app)
    declare = scene.prompt().answers[0][2]
    scene.play_move(declare)
    _into_flight(scene, 2 / 3)
    return scene


def _into_flight(scene: MilleScene, fraction: float) -> None:
    """Show the first beat `fraction` of the way through (its cards in the air)."""
    step = scene.steps.current
    step.begin()
    step.elapsed = int(step.ticks * fraction)


def computer_turn(app: App) -> MilleScene:
    """Cindy's 100 km card on its way from her name plate to her distance row."""
    state = position(
        2,
        ["100,stop,75,gasoline,25,roll", "100,75,roll,25,50,spare_tire,200"],
        [
            tableau("roll,stop,roll", "", "100,50,25", "puncture_proof"),
            tableau("roll", "", "200,100,75", ""),
        ],
        to_act=1,
        scores=(2100, 1900),
        discards="accident,25,flat_tire",
    )
    scene = _table(app, state)
    scene.play_move(Action("play", "100", 1))
    _into_flight(scene, 1 / 2)
    return scene


def extension(app: App) -> MilleScene:
    """Ann reaches 700 km first: end the hand, or extend the trip to 1000?"""
    state = position(
        3,
        [
            "100,stop,75,gasoline,25,roll,repairs",
            "50,75,roll,100,25,accident",
            "25,50,spare_tire,roll,100,flat_tire",
        ],
        [
            tableau("roll", "", "200,100,100,75,75,50", "driving_ace"),
            tableau("roll,flat_tire,spare_tire,roll", "", "100,100,75,50", ""),
            tableau("roll", "speed_limit", "50,25,25", "right_of_way", "right_of_way"),
        ],
        scores=(2600, 3150, 2275),
        discards="25,50,accident,out_of_gas",
    )
    scene = _table(app, state)
    scene.play_move(Action("play", "100", 0))
    _settle(scene)
    return scene


def played_into(app: App, players: int, moves: int = TEAM_GAME_MOVES) -> MilleScene:
    """A seeded hand played by the computer for every seat until Ann is to play."""
    state = played_into_state(players, moves)
    scene = _table(app, state)
    partner = NAMES[state.seats_of(0)[1]]
    scene.talk.say(_("Your turn: {name} is your partner, across the table.").format(name=partner))
    playable = scene.playable_cards()
    chosen = next((i for i, c in enumerate(scene.hands.hand_order) if c in playable), 0)
    scene.controls.select(chosen)
    return scene


def played_into_state(players: int, moves: int = TEAM_GAME_MOVES) -> MilleState:
    """The state of played_into's table."""
    rng = random.Random(TEAM_GAME_SEED)
    state = MilleState.new_game(Options(players=players))
    state.apply(DEAL_ACTION, rng)
    agents = [make_agent("basic", random.Random(seat)) for seat in range(players)]
    done = 0
    while done < moves or state.to_act != 0 or state.phase != PLAY:
        seat = state.to_act
        if seat is None:  # a hand over: the next one
            state.apply(DEAL_ACTION, rng)
            continue
        state.apply(agents[seat].choose(state.observation(seat), state.legal_actions()), rng)
        done += 1
    state.scores = [1450, 1225, 980][: state.options.sides]
    return state


SHARED_SEATS = ("", "expert", "basic", "")  # Ann and Rosamund at one screen


def shared_screen(app: App) -> MilleScene:
    """Four players, Ann and Rosamund at this screen: Ann has played, the computers play
    on, and her hand lies face down; Rosamund's curtain comes next."""
    state = played_into_state(4)
    scene = MilleScene(
        app,
        state,
        [
            TableSeat(NAMES[i], COMPUTER_SEAT if level else HERE, level)
            for i, level in enumerate(SHARED_SEATS)
        ],
        random.Random(7),
    )
    _picture(scene)
    app.push(scene)
    _settle(scene)
    scene.hands.lift_curtain()
    legal = scene.legal()
    scene.play_move(next((a for a in legal if a.verb == "play"), legal[-1]))
    scene.hurry()
    scene.thinker.finish()
    scene.update()  # Cindy (a computer) thinks...
    return scene


def shared_curtain(app: App) -> MilleScene:
    """...then Rosamund's curtain: pass the keyboard, then show the hand."""
    scene = shared_screen(app)
    for _step in range(400):
        if scene.hands.curtain is not None and not scene.steps:
            break
        scene.thinker.finish()
        scene.hurry()
        scene.update()
    return scene


def shared_turn(app: App) -> MilleScene:
    """Rosamund lifts her curtain: her hand, in the top row's colours, her name on the tag."""
    scene = shared_curtain(app)
    scene.hands.lift_curtain()
    scene.update()
    return scene


def score_sheet(app: App) -> None:
    """Ann completes the trip: the hand's points, line by line."""
    scene = extension(app)
    scene.play_move(scene.prompt().answers[1][2])  # end the hand at 700
    _settle(scene)
    sheet = app.scenes.top
    sheet.shown = sheet.lines


def game_over(app: App) -> MilleScene:
    """Ann's last 75 km wins the game."""
    scene, move = last_move(app)
    scene.saving = False
    app.push(scene)
    scene.play_move(move)
    scene.hurry()
    scene.update()  # the score sheet...
    sheet = app.scenes.top
    sheet.shown = sheet.lines
    sheet.done()  # ...read, then the end (a picture counts nothing)
    scene.update()
    return scene


def setup(app: App) -> None:
    """The set-up screen with four at the table: two teams."""
    scene = app.push(new_game_scene(app))
    table = [
        (ANN, HUMAN, ""),
        (CINDY, COMPUTER, "expert"),
        (NAMES[2], COMPUTER, "basic"),
        (NAMES[3], COMPUTER, "expert"),
        ("", "none", "expert"),
        ("", "none", "expert"),
    ]
    scene.seats = [
        SeatConfig(kind, name or _("Player {number}").format(number=i + 1), level)
        for i, (name, kind, level) in enumerate(table)
    ]


def help_page(app: App, heading: str) -> None:
    scene = mid_hand(app)
    helper = app.push(HelpScene(app, scene.help_pages(), scene.title))
    helper.page = next(i for i, page in enumerate(helper.pages) if page[0] == _(heading))


def record_progress(storage) -> None:
    """A player's last games for the Progress page, to 5,000: the winner's total is
    over it, the loser's a few hands behind."""

    def score(rng: random.Random, won: bool) -> int:
        return rng.randrange(5_000, 6_400, 50) if won else rng.randrange(1_800, 4_900, 50)

    record_sample_progress(storage, GAME_ID, score, HALF_ACCURACY_AT, ACCURACY_STRETCH)


def screenshot_states(app: App) -> Iterable[tuple[str, Callable[[], None]]]:
    """(state name, set-up) pairs for GameInfo.screenshots."""
    yield "setup", lambda: setup(app)
    yield "mid-hand", lambda: mid_hand(app)
    yield "hand-as-drawn", lambda: as_drawn(app)
    yield "computer-turn", lambda: computer_turn(app)
    yield "coup-fourre", lambda: coup_fourre(app)
    yield "coup-fourre-turning", lambda: coup_fourre_turning(app)
    yield "teams-4", lambda: played_into(app, 4)
    yield "teams-6", lambda: played_into(app, 6)
    yield "shared-hidden", lambda: shared_screen(app)
    yield "shared-curtain", lambda: shared_curtain(app)
    yield "shared-turn", lambda: shared_turn(app)
    yield "extension", lambda: extension(app)
    yield "score-so-far", lambda: mid_hand(app).controls.show_score_so_far()
    yield "score-sheet", lambda: score_sheet(app)
    yield "game-over", lambda: game_over(app)
    yield "help-cards", lambda: help_page(app, N_("The cards"))
    yield "paused", lambda: mid_hand(app).menu.open()
    yield "hint", lambda: hint(app)
    yield "log", lambda: move_log(app)
    yield "network-host-waiting", lambda: network_host(app)
    yield "network-guest", lambda: network_guest(app, waiting=False)
    yield "network-guest-waiting", lambda: network_guest(app, waiting=True)
    yield "moment-asked", lambda: moment_asked(app)
    yield "moment-watched", lambda: moment_at_a_guest(app, attacked=0)
    yield "moment-no-safety", lambda: moment_at_a_guest(app, attacked=1)
    yield from progress_states(app, GAME_ID, record_progress)


def network_host(app: App) -> MilleScene:
    """Ann hosts: seat 2 is a friend's, who has not sat down yet (loopback only)."""

    state = played_into_state(2, 6)
    seats = [TableSeat(ANN), TableSeat(FRIEND, REMOTE)]
    scene = app.push(MilleScene(app, state, seats, random.Random(7)))
    scene.saving = False
    open_to_guests(scene, code="K7QXR2M9", port=0, bind="127.0.0.1")
    # Ann has played; the friend's seat is to act.
    legal = scene.legal()
    scene.play_move(next((a for a in legal if a.verb == "play"), legal[-1]))
    scene.hurry()
    for _step in range(3):
        scene.tick()
    return scene


def network_guest(app: App, waiting: bool) -> MilleScene:
    """Bea's screen at Ann's table: her seat, drawn from the view the host sends her."""

    state = played_into_state(2, 6)
    if waiting:  # Bea has played: Ann's turn, and Ann is away
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.verb == "play"), legal[-1]), random.Random(3))
    view = {
        "type": "view",
        "moves": 12,
        "seat": 0,
        "names": [BEA, ANN],
        "to_act": state.to_act,
        "your_turn": not waiting,
        "legal": [],
        "view": state.observation(0).to_json(),
        "news": [],
        "over": False,
        "waiting_for": ANN if waiting else None,
    }
    link = GuestLink(NetClient("127.0.0.1", 9, "K7QXR2M9", BEA), 0)  # never connected
    scene = app.push(MilleGuestScene(app, link, view))
    lines = (
        Msg("{name} plays {card}.", name=ANN, card=card_msg(ROLL)),
        Msg(
            "{name} drives {card}: {km} of {target} km.",
            name=BEA,
            card=card_msg(D75),
            km="75",
            target="700",
        ),
    )
    for line in lines:
        scene.talk.say(line)
    if waiting:
        scene.talk.say(_("{name} left the table: waiting for them.").format(name=ANN))
        link._say_waiting(scene, ANN)  # noqa: SLF001 - as a view would say it
    return scene


def stop_with_friends(holder: int) -> MilleState:
    """Ann, Bea and Cindy each for themselves; Cindy is to play a Stop, and `holder`
    (Ann or Bea) holds Right of Way."""
    hands = ["100,25,gasoline,50,75,repairs", "200,50,75,25,spare_tire,100"]
    hands[holder] = hands[holder].replace("100", "right_of_way", 1)
    return position(
        3,
        [*hands, "stop,100,roll,25,75,spare_tire,50"],
        [
            tableau("roll", "", "100,100,75", "puncture_proof"),
            tableau("roll", "", "200,50"),
            tableau("roll", "", "200,50,25"),
        ],
        to_act=2,
        scores=(2100, 1650, 1900),
        discards="accident,25",
    )


def moment_asked(app: App) -> MilleScene:
    """Ann hosts Bea, a friend: Cindy's Stop lands on Ann, who holds Right of Way, and
    the moment's clock runs while she decides (Bea sees only that Ann may answer)."""

    seats = [
        TableSeat(ANN),
        TableSeat(BEA, REMOTE),
        TableSeat(CINDY, COMPUTER_SEAT, "expert"),
    ]
    scene = MilleScene(app, stop_with_friends(holder=0), seats, random.Random(7))
    _picture(scene)
    app.push(scene)
    open_to_guests(scene, code="K7QXR2M9", port=0, bind="127.0.0.1")
    scene.play_move(Action("play", "stop", 0))
    _settle(scene)
    scene.moments.current.ticks = scene.moments.current.ticks * 3 // 5
    return scene


def moment_at_a_guest(app: App, attacked: int) -> MilleScene:
    """Bea's screen at Ann's table as Cindy's Stop lands on `attacked`: on Ann, who may
    call a coup fourré (whether she holds it, Bea cannot know); or on Bea, who holds
    no safety for it and is asked nothing, while the moment runs for everyone."""

    state = stop_with_friends(holder=0)
    state.apply(Action("play", "stop", attacked), moment=True)
    seats = [
        TableSeat(ANN),
        TableSeat(BEA, REMOTE),
        TableSeat(CINDY, COMPUTER_SEAT, "expert"),
    ]
    view = {
        "type": "view",
        "moves": 12,
        "seat": 1,
        "names": [ANN, BEA, CINDY],
        "seats": [seat.to_json() for seat in seats],
        "to_act": None,
        "your_turn": False,
        "legal": [],
        "view": state.observation(1).to_json(),
        "news": [],
        "over": False,
        "waiting_for": None,
    }
    link = GuestLink(NetClient("127.0.0.1", 9, "K7QXR2M9", BEA), 1)  # never connected
    scene = app.push(MilleGuestScene(app, link, view))
    scene.hands.sort = BY_KIND
    played = Msg(
        "{name} plays {card} on {side}.", name=CINDY, card=card_msg(STOP), side=scene.name(attacked)
    )
    scene.talk.say(played, "computer")
    scene.moments.current.ticks = scene.moments.current.ticks * 2 // 5
    return scene


def hint(app: App) -> MilleScene:
    """Ann asks what the Expert would play from her hand."""
    scene = mid_hand(app)
    scene.choice.selected = None
    scene.hints.ask()
    for _step in range(200):
        if scene.hint is not None:
            break
        scene.update()
    return scene


def move_log(app: App) -> None:
    """The move log some moves into a hand: Ann plays her first playable card each turn."""
    scene = mid_hand(app)
    for _step in range(3000):
        scene.thinker.finish()
        scene.update()
        scene.hurry()
        if len(scene.talk.log) >= 12 and scene.awaiting_human:
            break
        if scene.awaiting_human:
            legal = scene.legal()
            scene.play_move(next((a for a in legal if a.verb == "play"), legal[-1]))
    scene.shared_keys.open_log()


def playing(app: App) -> MilleScene:
    """A new game: Ann (here) against Cindy (Basic)."""
    return MilleScene.new_game(
        app, [TableSeat(ANN), TableSeat(CINDY, COMPUTER_SEAT, "basic")], Options(players=2)
    )


def last_move(app: App) -> tuple[MilleScene, Action]:
    """Ann's 75 km completes the trip and wins the game (as game_over's picture)."""
    state = position(
        2,
        ["75,stop,gasoline,25,roll,repairs,50", "50,75,roll,100,25,accident"],
        [
            tableau(
                "roll",
                "",
                "200,200,100,75,50,25,100,100,75",
                "extra_tank,right_of_way",
                "right_of_way",
            ),
            tableau("roll", "speed_limit", "100,100,75,50,25", "puncture_proof"),
        ],
        scores=(4210, 4480),
        discards="accident,25,stop",
        pile_left=0,
    )
    state.target = 1000
    state.extended_by = 0
    scene = MilleScene(
        app, state, [TableSeat(ANN), TableSeat(CINDY, COMPUTER_SEAT, "basic")], random.Random(7)
    )
    return scene, Action("play", "75", 0)


EXAMPLES = TableExamples(playing=playing, last_move=last_move)
