"""The choices between hands of La Belle Lucie: the dialog at the end of a hand (how it
went, the statistics, the coach's verdict, and the next hand) and N's dialog (a random
deal, a deal number, or the same deal again)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from game.engine.lucie import LucieGame
from game.lang import _, ngettext, number
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
    @property
    def deals_winnable(self) -> bool: ...
    def abandon_warning(self) -> str: ...
    def start_hand(self, deal: int | None = None, same_deal: bool = False) -> None: ...
    def ask_deal_number(self) -> None: ...
    def ask_deal_code(self) -> None: ...


def end_dialog(table: HandTable) -> ChoiceDialog:
    """The hand is over: say how it went, and offer the next one."""
    game, stats = table.game, table.stats
    if game.is_won:
        title = _("You won!")
        unused = game.redeals_left
        head = (
            ngettext(
                "All 52 cards are home: score 100, with {n} shuffle unused.",
                "All 52 cards are home: score 100, with {n} shuffles unused.",
                unused,
            ).format(n=number(unused))
            if unused
            else _("All 52 cards are home: score 100.")
        )
    else:
        title = _("Hand over")
        head = ngettext(
            "{n} card home: score {score}.", "{n} cards home: score {score}.", game.cards_home
        ).format(n=number(game.cards_home), score=game.score)
    sentences = [head]
    if table.attract or table.demo_played:
        sentences.append(_("The computer played in this hand: it does not count."))
    elif stats.played:
        average = stats.average_score if stats.average_score is not None else 0
        sentences.append(
            _("Hands played {played}, won {won}, average score {average}.").format(
                played=number(stats.played), won=number(stats.won), average=number(average, 1)
            )
        )
    verdict = table.coaching.verdict_words(table.KEY_LABELS["review"])
    if verdict:
        sentences.append(verdict)
    choices = [
        # TRANSLATORS: the end of a hand's choices (buttons, short).
        ("N", _("New hand"), lambda: table.start_hand()),
        ("A", _("Same deal"), lambda: table.start_hand(same_deal=True)),
        ("T", _("See table"), lambda: None),
    ]
    if table.coaching.reviewable:
        choices.insert(2, ("V", _("Review"), table.coaching.open_review))
    return ChoiceDialog(table.app, " ".join(sentences), choices, title=title)


def new_hand_dialog(table: HandTable) -> ChoiceDialog:
    """N: a random deal, a chosen deal number, or this deal again."""
    message = _("Deal a new hand?")
    warning = table.abandon_warning()
    if warning:
        message = f"{message} {warning}"
    return ChoiceDialog(
        table.app,
        message,
        [
            # TRANSLATORS: N's choices (buttons, short).
            (
                "R",
                # TRANSLATORS: N's choice when the set-up asks for winnable deals only.
                _("Winnable deal") if table.deals_winnable else _("Random deal"),
                lambda: table.start_hand(),
            ),
            ("D", _("Deal number"), table.ask_deal_number),
            # TRANSLATORS: N's choice: play a deal by its code, e.g. L-JF9A-12 (short).
            ("C", _("Deal code"), table.ask_deal_code),
            ("A", _("Same deal"), lambda: table.start_hand(same_deal=True)),
            ("X", _("Cancel"), lambda: None),
        ],
        title=_("New hand"),
    )
