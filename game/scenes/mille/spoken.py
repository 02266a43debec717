"""What the Mille Bornes table says to a player who listens (speech, issue 34): the card
(or answer, or side) the keyboard is on, what the table waits for, and on request the
hand, the table and the scores. Only what the person's seat may see: their own hand (as
it lies on the screen, the cards the engine lets them play raised as on the screen), and
the tableaux, piles and scores every seat sees."""

from __future__ import annotations

from typing import Any, Protocol

from game.engine.mille.cards import SPEED_LIMIT
from game.lang import _, join_words, number
from game.scenes.mille.words import card_name


class SpokenTable(Protocol):
    """What speech reads of the table (play.MilleScene)."""

    state: Any
    choice: Any
    hands: Any
    finished: bool

    @property
    def selected_card(self) -> str | None: ...
    @property
    def choosing_card(self) -> bool: ...
    def prompt(self) -> Any: ...
    def playable_cards(self) -> set[str]: ...
    def side_name(self, side: int) -> str: ...


def card_words(table: SpokenTable, index: int, card: str) -> str:
    """ "Card 3: 75 km, playable." as the hand shows it."""
    if card in table.playable_cards():
        # TRANSLATORS: spoken: a hand card by its key and name, one the rules let you play
        return _("Card {key}: {card}, playable.").format(key=index + 1, card=card_name(card))
    # TRANSLATORS: spoken: a hand card by its key and name
    return _("Card {key}: {card}.").format(key=index + 1, card=card_name(card))


def focus(table: SpokenTable) -> str:
    """The answer, the side or the hand card the keyboard is on."""
    prompt = table.prompt()
    if prompt is not None:
        index = min(table.choice.prompt_focus, len(prompt.answers) - 1)
        key, label, _answer = prompt.answers[index]
        # TRANSLATORS: spoken: the answer the keyboard is on, by its key ("C: Coup fourré!")
        return _("{key}: {answer}").format(key=key, answer=label)
    if table.choice.targets:
        side = table.choice.targets[table.choice.target_index].side
        # TRANSLATORS: spoken: the side the chosen card would go on
        return _("On {side}.").format(side=table.side_name(side))
    card = table.selected_card
    if card is None or not table.hands.hand_shown:
        return ""
    return card_words(table, table.choice.selected, card)


def prompt(table: SpokenTable) -> str:
    """The question on the table with its answers, or the person's turn to play a card."""
    question = table.prompt()
    if question is not None:
        answers = join_words(
            f"{key}: {label}" for key, label, _answer in question.answers
        )  # i18n: not shown (the key and its label, each translated)
        return " ".join((question.title, *question.lines, answers))
    if table.finished:
        # TRANSLATORS: spoken once the game is over (N: a new game, Esc: the title)
        return _("The game is over. N starts a new game, Esc goes to the title.")
    if table.choosing_card:
        # TRANSLATORS: spoken at the start of your turn
        return _("Your turn: choose a card by its number, Enter plays it, X discards it.")
    return ""


def hand(table: SpokenTable) -> str:
    """F2: the person's hand, card by card as it lies, the playable ones said so."""
    if not table.hands.hand_shown or not table.hands.hand_order:
        return _("No hand to read.")
    return " ".join(card_words(table, i, card) for i, card in enumerate(table.hands.hand_order))


def side_words(table: SpokenTable, side: int) -> str:
    """One side's tableau: distance, what stops it, a speed limit, its safeties."""
    tableau = table.state.tableaux[side]
    words = [
        # TRANSLATORS: spoken: a side's distance this hand
        _("{side}: {km} km.").format(side=table.side_name(side), km=number(tableau.km))
    ]
    hazard = tableau.blocking_hazard()
    if hazard is not None:
        # TRANSLATORS: spoken: the hazard that stops a side
        words.append(_("Stopped by {card}.").format(card=card_name(hazard)))
    elif tableau.can_move():
        words.append(_("Rolling."))
    else:
        words.append(_("Needs a Roll card."))
    if tableau.speed and tableau.speed[-1] == SPEED_LIMIT:
        words.append(_("Speed limit."))
    if tableau.safeties:
        # TRANSLATORS: spoken: a side's safeties
        words.append(
            _("Safeties: {cards}.").format(cards=join_words(card_name(c) for c in tableau.safeties))
        )
    return " ".join(words)


def table_words(table: SpokenTable) -> str:
    """F3: every side's tableau, the target and the cards left to draw."""
    state = table.state
    words = [side_words(table, side) for side in range(len(state.tableaux))]
    # TRANSLATORS: spoken: the hand's target and the cards left in the draw pile
    words.append(
        _("Target {km} km; {count} cards to draw.").format(
            km=number(state.target), count=number(len(state.draw_pile))
        )
    )
    return " ".join(words)


def scores(table: SpokenTable) -> str:
    """F4: each side's game score, and the hand's number."""
    state = table.state
    words = [
        _("{name}: {points}.").format(name=table.side_name(side), points=number(points))
        for side, points in enumerate(state.scores)
    ]
    words.append(_("Hand {number}").format(number=max(1, state.hand_number)))
    return " ".join(words)


def sheet(table: SpokenTable, result: dict) -> list[str]:
    """The score sheet at the end of a hand, said: each side's points and what is next."""
    lines = []
    for side, data in enumerate(result.get("sides", [])):
        # TRANSLATORS: spoken on the score sheet: a side's points this hand and in all
        lines.append(
            _("{name}: {points} this hand, {total} in all.").format(
                name=table.side_name(side),
                points=number(data.get("total", 0)),
                total=number(data.get("game_total", 0)),
            )
        )
    return lines
