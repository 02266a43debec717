"""Sounds: every WAV present and sane; Audio plays by name and is silent, never crashing,
without a device or mixer."""

import logging
import os
import subprocess
import sys
import wave
from array import array
from pathlib import Path

import pygame
import pytest

from game import audio
from game.audio import GAINS, Audio
from game.resources import asset_path
from game.shell.registry import game_sounds, load_games
from tests.harness import make_app

GAMES = load_games()
GAME_SOUNDS = game_sounds(GAMES)  # each registered game's own sounds and their gains
SOUND_NAMES = [*GAINS, *GAME_SOUNDS]  # every sound the program plays

MAX_SECONDS = {
    "click": 0.06,
    "card_flip": 0.1,
    "card_slide": 0.25,
    "door_clunk": 0.25,
    "error": 0.3,
    "dice_rattle": 0.6,
}


def samples(name):
    with wave.open(str(asset_path("sounds", f"{name}.wav")), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        rate = w.getframerate()
        data = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return rate, data


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_file_is_short_gentle_and_clean(name):
    rate, data = samples(name)
    seconds = len(data) / rate
    assert 0.015 <= seconds <= MAX_SECONDS.get(name, 2.2)
    peak = max(abs(v) for v in data) / 32767
    assert 0.2 <= peak <= 0.5, "audible, never harsh or clipped"
    # Starts and ends at rest: no click at either end.
    assert abs(data[0]) < 2000 and abs(data[-1]) < 200


def test_names_are_unique_and_have_gains():
    own = [name for info in GAMES for name in info.sounds]
    assert len(set(SOUND_NAMES)) == len(SOUND_NAMES) == len(GAINS) + len(own)
    assert set(Audio(enabled=False, sounds=GAME_SOUNDS).gains) == set(SOUND_NAMES)
    assert all(0 < gain <= 1 for gain in (*GAINS.values(), *GAME_SOUNDS.values()))


def test_an_app_plays_the_registered_games_sounds(tmp_path):
    assert set(make_app(tmp_path).audio.gains) == set(SOUND_NAMES)


def test_plays_every_sound_with_the_dummy_driver():
    sound = Audio(sounds=GAME_SOUNDS)
    if not sound.available:
        pytest.skip("no mixer in this build of pygame")
    for name in SOUND_NAMES:
        sound.play(name)
        assert 0.015 <= sound.length(name) <= 2.5
    sound.volume = 3
    assert sound.volume == 1.0
    sound.volume = -1
    assert sound.volume == 0.0
    sound.volume = 0.5
    sound.muted = True
    sound.play("win")
    assert sound.muted
    sound.muted = False
    sound.stop_all()


def test_unknown_sound_names_raise_even_when_silent():
    for sound in (Audio(enabled=False, sounds=GAME_SOUNDS), Audio(sounds=GAME_SOUNDS)):
        with pytest.raises(KeyError):
            sound.play("kazoo")


def exercise(sound):
    """Everything a scene might do; none of it may raise."""
    for name in SOUND_NAMES:
        sound.play(name)
    sound.volume = 0.3
    sound.muted = True
    sound.muted = False
    sound.stop_all()
    assert sound.length("win") == 0.0


def test_disabled_audio_is_silent():
    sound = Audio(enabled=False, sounds=GAME_SOUNDS)
    assert not sound.available
    exercise(sound)


def no_audio_device(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)


def test_no_audio_device_means_silence_said_once(monkeypatch, caplog):
    no_audio_device(monkeypatch)
    sound = Audio(sounds=GAME_SOUNDS)
    assert not sound.available
    assert sound.problem == "no audio device"
    exercise(sound)
    said = [r for r in caplog.records if r.name == "game.audio" and r.levelno >= logging.INFO]
    assert [r.getMessage() for r in said] == [
        "Sound is off: no audio device (No available audio device)"
    ]


def test_sound_working_or_not_wanted_has_no_problem():
    assert Audio(sounds=GAME_SOUNDS).problem == ""
    assert Audio(enabled=False, sounds=GAME_SOUNDS).problem == ""


def test_the_audio_libraries_chatter_is_kept_off_stderr_and_other_lines_are_not(capfd):
    with audio.audio_libraries_quiet():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        os.write(2, b"another thread's warning\n")
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "another thread's warning\nafter\n"


def test_a_real_audio_device_that_cannot_open_prints_one_line_not_alsas(tmp_path):
    # ALSA asked for a device that exists nowhere fails as on a machine without a sound
    # card, printing its "ALSA lib" lines (if SDL and ALSA are there at all).
    env = dict(os.environ, SDL_AUDIODRIVER="alsa", AUDIODEV="pixel_parlor_no_such_device")
    result = subprocess.run(
        [sys.executable, "-c", "from game.audio import Audio; assert not Audio().available"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "ALSA lib" not in result.stderr
    assert result.stderr.count("Sound is off: no audio device") == 1


def test_no_mixer_module_means_silence(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame.mixer", None)
    sound = Audio(sounds=GAME_SOUNDS)
    assert not sound.available
    exercise(sound)


def test_missing_sound_files_mean_silence(monkeypatch, tmp_path):
    monkeypatch.setattr(audio, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    sound = Audio(sounds=GAME_SOUNDS)
    assert not sound.available
    exercise(sound)


# -- a few voices at most, the newest winning, never past full scale ----------------------
def test_a_new_voice_fits_when_there_is_room():
    assert audio.voices_to_stop([], 0.45) == 0
    assert audio.voices_to_stop([0.2, 0.3], 0.4) == 0


def test_the_oldest_voices_stop_for_the_newest_when_the_peaks_would_clip():
    assert audio.voices_to_stop([0.45, 0.45], 0.45) == 1
    assert audio.voices_to_stop([0.4, 0.1, 0.3], 0.5) == 1
    assert audio.voices_to_stop([0.3, 0.3, 0.3], 0.9) == 3


def test_no_more_than_max_voices_even_when_quiet():
    quiet = [0.01] * audio.MAX_VOICES
    assert audio.voices_to_stop(quiet, 0.01) == 1
    assert audio.voices_to_stop(quiet[:-1], 0.01) == 0


def test_every_sound_alone_fits_the_headroom():
    sound = Audio(sounds=GAME_SOUNDS)
    if not sound.available:
        pytest.skip("no mixer in this build of pygame")
    for name in SOUND_NAMES:
        assert 0.1 < sound.level(name) <= audio.HEADROOM


def test_a_burst_of_sounds_keeps_few_voices_below_full_scale_and_the_newest_plays():
    sound = Audio(sounds=GAME_SOUNDS)
    if not sound.available:
        pytest.skip("no mixer in this build of pygame")
    burst = [
        "win",
        "door_clunk",
        "coup_fourre",
        "dice_rattle",
        "card_slide",
        "farkle",
        "big_win",
        "hot_dice",
        "reminder",
        "win",
    ]
    for name in burst:
        sound.play(name)
        playing = sound.sounding()
        assert playing[-1] == name, "the newest sound always plays"
        assert len(playing) <= audio.MAX_VOICES
        assert sum(sound.level(n) for n in playing) <= audio.HEADROOM
    busy = sum(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels()))
    assert busy <= audio.MAX_VOICES
    sound.stop_all()
    assert sound.sounding() == []


def test_a_lower_volume_leaves_room_for_more_voices():
    sound = Audio(sounds=GAME_SOUNDS)
    if not sound.available:
        pytest.skip("no mixer in this build of pygame")
    loud = ["win", "coup_fourre", "big_win"]
    for name in loud:
        sound.play(name)
    assert sound.sounding() == ["coup_fourre", "big_win"]
    sound.stop_all()
    sound.volume = 0.5
    for name in loud:
        sound.play(name)
    assert sound.sounding() == loud
    sound.stop_all()


def test_a_sounds_peak_is_measured_as_the_mixer_holds_it_rounded_up():
    sound = Audio(sounds=GAME_SOUNDS)
    if not sound.available or pygame.mixer.get_init()[1] != -16:
        pytest.skip("no signed 16-bit mixer")
    for name in SOUND_NAMES:
        data = array("h")
        data.frombytes(sound._sounds[name].get_raw())
        exact = max(max(data), -min(data)) / 32768
        assert exact <= audio.sample_peak(sound._sounds[name]) <= exact + 1 / 128


def test_without_a_temporary_file_the_mixer_opens_unquieted(monkeypatch):
    def no_room(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(audio.tempfile, "TemporaryFile", no_room)
    ran = []
    with audio.audio_libraries_quiet():
        ran.append(True)
    assert ran == [True]
