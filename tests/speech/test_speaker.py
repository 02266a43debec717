"""The Speaker (game/speech.py): the backend chosen at start, lines said off the main
thread, an urgent line cutting the one being said, the console when no engine is there or
the one there fails, and never an exception into the game."""

import sys
import threading

import pytest

from game import speech
from game.speech import Backend, Console, Espeak, MacSay, Quiet, SpdSay, Speaker, choose_backend


def which_of(*present):
    return lambda name: f"/usr/bin/{name}" if name in present else None


def test_speech_dispatcher_first_then_espeak_then_the_console():
    assert isinstance(choose_backend("linux", which_of("spd-say", "espeak-ng"), ""), SpdSay)
    assert isinstance(choose_backend("linux", which_of("espeak-ng"), ""), Espeak)
    assert isinstance(choose_backend("linux", which_of("espeak"), ""), Espeak)
    assert isinstance(choose_backend("darwin", which_of("say"), ""), MacSay)
    assert isinstance(choose_backend("win32", which_of(), ""), Console)
    assert isinstance(choose_backend("linux", which_of(), ""), Console)


def test_a_backend_can_be_forced_and_a_missing_one_is_the_console():
    both = which_of("spd-say", "espeak-ng")
    assert isinstance(choose_backend("linux", both, "espeak"), Espeak)
    assert isinstance(choose_backend("linux", both, "console"), Console)
    assert isinstance(choose_backend("linux", both, "none"), Quiet)
    assert isinstance(choose_backend("linux", which_of(), "spd"), Console)


def test_the_commands_carry_the_language_and_end_the_options():
    assert SpdSay("spd-say").command("Ann to play.", "fr")[-2:] == ["--", "Ann to play."]
    assert "-l" in SpdSay().command("x", "pl") and "pl" in SpdSay().command("x", "pl")
    assert Espeak().command("-rf /", "en") == ["espeak-ng", "-v", "en", "-s", "175", "--", "-rf /"]


def test_nothing_is_said_or_recorded_while_speech_is_off():
    speaker = Speaker(Quiet(), enabled=False)
    speaker.say("Ann to play.")
    assert not speaker.spoken and speaker.count == 0


def test_every_line_is_recorded_in_order_with_its_spaces_tidied_and_the_record_bounded():
    speaker = Speaker(Quiet(), enabled=True)
    speaker.say("  Ann   rolls\n4 + 3 = 7. ")
    speaker.say("")
    assert list(speaker.spoken) == ["Ann rolls 4 + 3 = 7."]
    for n in range(speech.SPOKEN_LIMIT + 10):
        speaker.say(f"line {n}")
    assert len(speaker.spoken) == speech.SPOKEN_LIMIT
    assert speaker.count == speech.SPOKEN_LIMIT + 11
    assert speaker.said_since(speaker.count - 2) == [
        f"line {speech.SPOKEN_LIMIT + 8}",
        f"line {speech.SPOKEN_LIMIT + 9}",
    ]
    assert speaker.wait_idle()


def test_the_console_prints_each_line(capsys):
    speaker = Speaker(Console(), enabled=True)
    speaker.say("Ann to play.")
    speaker.say("Door 7, open.")
    assert speaker.wait_idle()
    assert capsys.readouterr().out.splitlines() == ["Ann to play.", "Door 7, open."]


class Slow(Backend):
    """A program that speaks until it is cut (a shell's sleep)."""

    name = "slow"

    def __init__(self):
        self.started: list[str] = []
        self.cancelled = 0

    def command(self, text, language):
        self.started.append(text)
        return [sys.executable, "-c", "import time; time.sleep(30)"]

    def cancel(self):
        self.cancelled += 1


def test_say_returns_at_once_and_an_urgent_line_cuts_the_one_being_said():
    backend = Slow()
    speaker = Speaker(backend, enabled=True)
    speaker.say("A long line that takes thirty seconds.")
    speaker.say("A line waiting behind it.")
    # say() never waited for the program: the test is here long before thirty seconds.
    for _ in range(200):
        if backend.started:
            break
        threading.Event().wait(0.01)
    speaker.say("Door 3, open.", interrupt=True)
    for _ in range(500):
        if backend.started[-1:] == ["Door 3, open."]:
            break
        threading.Event().wait(0.01)
    assert backend.started == ["A long line that takes thirty seconds.", "Door 3, open."]
    assert backend.cancelled == 1, "the engine was told to stop what it was saying"
    speaker.close()


class Failing(Backend):
    name = "failing"

    def command(self, text, language):
        return ["/nonexistent/speech-engine", text]


class Refusing(Backend):
    name = "refusing"

    def command(self, text, language):
        return [sys.executable, "-c", "raise SystemExit(3)"]


@pytest.mark.parametrize("backend", [Failing(), Refusing()], ids=["missing", "fails"])
def test_an_engine_that_is_missing_or_fails_turns_the_speaker_to_the_console(backend, capsys):
    speaker = Speaker(backend, enabled=True)
    speaker.say("Ann to play.")
    assert speaker.wait_idle()
    speaker.say("Cindy to play.")
    assert speaker.wait_idle()
    assert isinstance(speaker.backend, Console)
    assert capsys.readouterr().out.splitlines() == ["Ann to play.", "Cindy to play."]


def test_nothing_said_raises_into_the_game():
    class Broken(Backend):
        def command(self, text, language):
            raise RuntimeError("the engine's own bug")

    speaker = Speaker(Broken(), enabled=True)
    speaker.say(object())  # not even a text
    speaker.say("Ann to play.")
    assert speaker.wait_idle()


def test_the_module_speaker_is_off_until_installed_on():
    old = speech.speaker()
    try:
        speech.install(Speaker(Quiet(), enabled=False))
        speech.say("nothing")
        assert not speech.enabled() and not speech.speaker().spoken
        on = speech.install(Speaker(Quiet(), enabled=True))
        speech.say_lines(["Top cards: ...", "Fan 1: ..."])
        assert list(on.spoken) == ["Top cards: ...", "Fan 1: ..."]
    finally:
        speech.install(old)


def test_a_hanging_engine_is_cut_and_the_next_one_takes_over(monkeypatch, capsys):
    """speech-dispatcher without a sound device never returns from spd-say -w."""
    monkeypatch.setattr(speech, "LINE_BASE_SECONDS", 0.2)
    monkeypatch.setattr(speech, "LINE_CHAR_SECONDS", 0.0)
    speaker = Speaker(Slow(), enabled=True)
    speaker.say("Ann to play.")
    assert speaker.wait_idle()
    assert isinstance(speaker.backend, Console)
    assert capsys.readouterr().out.splitlines() == ["Ann to play."]


def test_the_engines_found_are_tried_in_turn_down_to_the_console():
    chain = speech.available_backends("linux", which_of("spd-say", "espeak-ng"), "")
    assert [b.name for b in chain] == ["spd", "espeak", "console"]
    speaker = Speaker(Failing(), enabled=True)
    speaker._spares = [Refusing(), Console()]
    speaker.say("Ann to play.")
    assert speaker.wait_idle()
    assert isinstance(speaker.backend, Console)
