"""The choices between hands of La Belle Lucie: the dialog at the end of a hand (how it
went, the statistics, the coach's verdict, and the next hand) and N's dialog (a random
deal, a deal number, or the same deal again)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from game.engine.lucie import LucieGame
from game.scenes.lucie.words import plural
from game.shell.dialog import ChoiceDialog
from game.storage import GameStats

if TYPE_CHECKING:
    from game.shell.app import App


class _Coaching(Protocol):
    @property
    def reviewable(self) -> bool: ...
    def verdict_words(self, review_key: str) -> str: ...
    def open_review(self) -> None: ...


class HandTable(Protocol):
    """What the dialogs read of the table, and the ways to the next hand it offers."""

    app: App
    game: LucieGame
    attract: bool
    demo_played: bool
    coaching: _Coaching
    KEY_LABELS: Mapping[str, str]

    @property
    def stats(self) -> GameStats: ...
    def abandon_warning(self) -> str: ...
    def start_hand(self, deal: int | None = None, same_deal: bool = False) -> None: ...
    def ask_deal_number(self) -> None: ...


def end_dialog(table: HandTable) -> ChoiceDialog:
    """The hand is over: say how it went, and offer the next one."""
    game, stats = table.game, table.stats
    if game.is_won:
        title = "You won!"
        unused = game.redeals_left
        head = "All 52 cards are home: score 100" + (
            f", with {plural(unused, 'shuffle')} unused." if unused else "."
        )
    else:
        title = "Hand over"
        head = f"{game.cards_home} cards home: score {game.score}."
    if table.attract or table.demo_played:
        tail = " The computer played in this hand: it does not count."
    elif stats.played:
        average = stats.average_score if stats.average_score is not None else 0
        tail = f" Hands played {stats.played}, won {stats.won}, average score {average:.1f}."
    else:
        tail = ""
    verdict = table.coaching.verdict_words(table.KEY_LABELS["review"])
    choices = [
        ("N", "New hand", lambda: table.start_hand()),
        ("A", "Same deal", lambda: table.start_hand(same_deal=True)),
        ("T", "See table", lambda: None),
    ]
    if table.coaching.reviewable:
        choices.insert(2, ("V", "Review", table.coaching.open_review))
    return ChoiceDialog(
        table.app, head + tail + (f" {verdict}" if verdict else ""), choices, title=title
    )


def new_hand_dialog(table: HandTable) -> ChoiceDialog:
    """N: a random deal, a chosen deal number, or this deal again."""
    message = "Deal a new hand?"
    warning = table.abandon_warning()
    if warning:
        message += f" {warning}"
    return ChoiceDialog(
        table.app,
        message,
        [
            ("R", "Random deal", lambda: table.start_hand()),
            ("D", "Deal number", table.ask_deal_number),
            ("A", "Same deal", lambda: table.start_hand(same_deal=True)),
            ("X", "Cancel", lambda: None),
        ],
        title="New hand",
    )
