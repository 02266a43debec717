"""The command line: every flag of the game, parsed once into an `Options` value."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.lang import LANGUAGES, N_, _, join_words, ngettext
from game.shell.registry import GameInfo, game_flags, load_games

#: How the picture may reach the screen (game.display's renderers, which
#: tests/shell/test_command_line.py checks agree): named here, not imported from
#: game.display, because that imports pygame and --help must work before pygame is
#: installed (the README sends a new player to `python3 main.py --help`).
RENDERERS = ("auto", "gpu", "software")


@dataclass(frozen=True)
class Options:
    """How this run of the game was asked to behave."""

    windowed: bool = False
    mono: bool = False
    fast: bool = False
    demo: bool = False
    no_sound: bool = False
    #: --speech: what matters said aloud for this run (Settings' Speech keeps it on).
    speech: bool = False
    no_save: bool = False
    #: --lang: the language of this run ("en", "fr", "pl"; None: the one in Settings).
    lang: str | None = None
    seed: int | None = None
    data_dir: Path | None = None
    game: str | None = None
    ticks: int | None = None
    screenshots: Path | None = None
    renderer: str = "auto"
    #: --gallery: the art kit's gallery (every sprite, palette and font) over the title,
    #: a page for the developers and artists, not on the title's bar.
    gallery: bool = False
    #: --host: a table on the network without a window (game/hosting.py).
    host: bool = False
    port: int = 28_989
    seats: str | None = None
    code: str | None = None
    stand_in_after: int = 60
    #: A guest at a network table has this many seconds for each decision (0: no timer).
    turn_timer: int = 0
    #: --no-watchers: a network table takes no watchers (spectators, issue 36).
    no_watchers: bool = False
    #: Where a network table listens (None: every interface, IPv4 and IPv6).
    bind: str | None = None
    #: The certificate and its key for wss:// (both or neither).
    cert: Path | None = None
    key: Path | None = None
    # -- issue 36 (the relay) --
    #: --via: --host's table opened at this relay (game/net/relayed.py), not listening.
    via: str | None = None
    #: --deal: a deal code (issue 35) to start at its game's standard table, checked.
    deal: str | None = None
    #: The games' own flags (GameFlag.dest: value), e.g. {"shutbox_toggles": "RP"}.
    game_flags: Mapping[str, Any] = field(default_factory=dict)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, got {text}").format(text=repr(text))
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(
            _("expected a number >= 0, got {value}").format(value=value)
        )
    return value


def _deal_code(typed: str) -> str:
    """--deal: a code that reads, for a game this program has (else argparse's error, with
    the reason a player reads for a mistyped code)."""
    # late import: the codes' module is needed only with --deal
    from game.engine.dealcode import BadCode, parse
    from game.lang import text
    from game.shell.registry import deal_versions

    try:
        return parse(typed, deal_versions()).text
    except BadCode as refused:
        raise argparse.ArgumentTypeError(text(refused.message)) from None


# argparse's own words ("usage:", "show this help message and exit", its errors) come from
# its gettext domain, which has no French or Polish here: they are given ours (marked
# below for the catalogs; the 3.10 and 3.11+ wordings both).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("optional arguments"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("the following arguments are required: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def speak_argparse() -> None:
    """argparse's words in the language of the moment (the module reads its `_` and
    `ngettext` when it speaks)."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def build_parser(games: Sequence[GameInfo]) -> argparse.ArgumentParser:
    speak_argparse()
    parser = argparse.ArgumentParser(
        prog="pixel-parlor",
        description=_("Pixel Parlor: {games} in one retro pixel-art arcade.").format(
            games=join_words(g.title for g in games)
        ),
        epilog=_(
            "In the game: F11 or Alt+Enter full-screen/window, B or F12 boss key, "
            "H or F1 help, Esc back."
        ),
    )
    parser.add_argument(
        "--windowed", action="store_true", help=_("start in a window instead of full-screen")
    )
    parser.add_argument(
        "--mono", action="store_true", help=_("black-and-white picture (the originals' B switch)")
    )
    parser.add_argument(
        "--fast",
        action="store_true",
        help=_("every game at Fast speed (no animations) for this run"),
    )
    parser.add_argument(
        "--demo", action="store_true", help=_("demo mode: the computer plays every seat")
    )
    parser.add_argument("--no-sound", action="store_true", help=_("play silently"))
    parser.add_argument(
        "--speech",
        action="store_true",
        help=_("say what matters aloud (the screen reader's speech engine) for this run"),
    )
    parser.add_argument(
        "--no-save",
        action="store_true",
        help=_(
            "write nothing: no scores, settings or saved games "
            "(like running from a write-protected disk)"
        ),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_(
            "the language of this run: English, French or Polish "
            "(default: the one chosen in Settings, at first the system's)"
        ),
    )
    parser.add_argument(
        "--seed",
        type=_positive_int,
        metavar="N",
        help=_("seed the dice and shuffles, so a game replays exactly"),
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help=_("where scores, settings and saved games are kept"),
    )
    parser.add_argument("--game", choices=[g.id for g in games], help=_("start straight in a game"))
    parser.add_argument(
        "--deal",
        type=_deal_code,
        metavar="CODE",
        help=_("start the deal of this code, e.g. L-4KQ7-11 (the same code, the same game)"),
    )
    parser.add_argument(
        "--ticks",
        type=_positive_int,
        metavar="N",
        help=_("run N ticks as fast as possible, then exit (works headless)"),
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help=_(
            "render every screen in its typical states to PNG files "
            "in DIR (colour, colour-blind safe and mono), then exit"
        ),
    )
    parser.add_argument(
        "--gallery",
        action="store_true",
        help=_("open the art gallery: every sprite, colour and letter the games draw"),
    )
    parser.add_argument(
        "--host",
        action="store_true",
        help=_(
            "host --game's table on the network, with no window and no "
            "sound (Ctrl+C stops it; started again it resumes the game)"
        ),
    )
    parser.add_argument(
        "--port",
        type=_positive_int,
        default=28_989,
        metavar="N",
        help=_(
            "the port a network table listens on, --host's or one opened at the desktop "
            "(default 28989; open it on the router to play over the internet)"
        ),
    )
    parser.add_argument(
        "--seats", metavar="LIST", help=_("--host's seats, e.g. remote,remote,computer:expert")
    )
    parser.add_argument(
        "--code", metavar="CODE", help=_("--host's table code (default: a new random one)")
    )
    parser.add_argument(
        "--stand-in-after",
        type=_positive_int,
        default=60,
        metavar="S",
        help=_(
            "a guest away this many seconds has the computer play their "
            "seat until they are back (default 60)"
        ),
    )
    parser.add_argument(
        "--no-watchers",
        action="store_true",
        help=_(
            "a network table takes no watchers (V in the host's panel, or the command "
            "watchers on, allows them)"
        ),
    )
    parser.add_argument(
        "--turn-timer",
        type=_positive_int,
        default=0,
        metavar="S",
        help=_(
            "a guest at a network table has S seconds for each decision, then the "
            "computer plays the rest of that turn for them (default 0: no timer)"
        ),
    )
    parser.add_argument(
        "--bind",
        metavar="ADDR",
        help=_(
            "the address a network table listens on (default: every interface, "
            "IPv4 and IPv6), e.g. 192.168.1.20 or ::1"
        ),
    )
    parser.add_argument(
        "--cert",
        type=Path,
        metavar="FILE",
        help=_(
            "a certificate (PEM) for a network table: guests connect with wss://, "
            "encrypted (needs --key)"
        ),
    )
    parser.add_argument(
        "--key", type=Path, metavar="FILE", help=_("the private key (PEM) of --cert")
    )
    # -- issue 36 (the relay) --
    parser.add_argument(
        "--relay",
        action="store_true",
        help=_(
            "run a relay for other people's tables (no window, no game): hosts and "
            "guests connect out to it; with --port, --bind, --cert and --key"
        ),
    )
    parser.add_argument(
        "--via",
        metavar="RELAY",
        help=_(
            "--host's table opened at a relay instead of listening, e.g. "
            "relay.example.org:8765 (add ?tls=ca or ?tls=FINGERPRINT for wss://)"
        ),
    )
    parser.add_argument(
        "--renderer",
        choices=RENDERERS,
        default="auto",
        help=_(
            "how the picture is scaled to the screen: by the graphics "
            "card (gpu), by the processor (software), or the better "
            "this machine offers (auto, the default)"
        ),
    )
    for flag in game_flags(games):
        parser.add_argument(
            flag.flag,
            dest=flag.dest,
            type=flag.parse,
            default=flag.default,
            metavar=flag.metavar,
            help=_(flag.help),
        )
    return parser


def parse_options(argv: Sequence[str] | None, games: Sequence[GameInfo] | None = None) -> Options:
    """Parse the command line (the registered games' ids and flags included); a bad flag
    or value exits with status 2 and a message."""
    games = load_games() if games is None else games
    parser = build_parser(games)
    ns = parser.parse_args(argv)
    if (ns.cert is None) != (ns.key is None):
        parser.error("--cert and --key go together: the certificate and its private key")
    options = Options(
        windowed=ns.windowed,
        mono=ns.mono,
        fast=ns.fast,
        demo=ns.demo,
        no_sound=ns.no_sound,
        speech=ns.speech,
        no_save=ns.no_save,
        lang=ns.lang,
        seed=ns.seed,
        data_dir=ns.data_dir,
        game=ns.game,
        deal=ns.deal,
        ticks=ns.ticks,
        screenshots=ns.screenshots,
        renderer=ns.renderer,
        gallery=ns.gallery,
        host=ns.host,
        port=ns.port,
        seats=ns.seats,
        code=ns.code,
        stand_in_after=ns.stand_in_after,
        turn_timer=ns.turn_timer,
        no_watchers=ns.no_watchers,
        bind=ns.bind or None,
        cert=ns.cert,
        key=ns.key,
        via=ns.via or None,
        game_flags={flag.dest: getattr(ns, flag.dest) for flag in game_flags(games)},
    )
    # A game's flag may stand for the program's own switches (MLSHUT B: black and white).
    implied = {
        name for flag in game_flags(games) for name in flag.implies(options.game_flags[flag.dest])
    }
    return replace(options, **{name: True for name in implied})
