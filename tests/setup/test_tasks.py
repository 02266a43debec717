"""tasks.py: what it decides (venv, pip, locks) without installing anything."""

import os
import re
import subprocess
import sys

import pytest

import tasks

REQUIREMENT = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)(?:\s*;\s*(.*?))?\s*\\?$")


def locked(task):
    """{(name, marker): (version, hashes)} of a lock file."""
    text = tasks.lock_file(task).read_text()
    found, current = {}, None
    for line in text.splitlines():
        match = REQUIREMENT.match(line)
        if match:
            current = (match.group(1).lower(), match.group(3) or "")
            found[current] = (match.group(2), [])
        elif line.strip().startswith("--hash=sha256:") and current:
            found[current][1].append(line.strip().split(":", 1)[1].rstrip(" \\"))
        elif line.strip() and not line.lstrip().startswith("#"):
            pytest.fail(f"{task}.txt: unexpected line {line!r}")
    return found


@pytest.mark.parametrize("task", ["play", "test", "exe", "pip", "lock", "mutate"])
def test_every_locked_package_is_pinned_with_hashes(task):
    packages = locked(task)
    assert packages
    for (name, _), (_version, hashes) in packages.items():
        assert hashes and all(len(h) == 64 for h in hashes), name


@pytest.mark.parametrize("task", ["play", "test", "exe"])
def test_each_lock_holds_what_its_input_asks_for(task):
    packages = locked(task)
    inputs = (tasks.REQUIREMENTS / f"{task}.in").read_text()
    if "-r play.in" in inputs:
        inputs += (tasks.REQUIREMENTS / "play.in").read_text()
    for line in inputs.splitlines():
        match = REQUIREMENT.match(line.split("#")[0].strip())
        if match:
            versions = {v for (n, _), (v, _) in packages.items() if n == match.group(1).lower()}
            assert match.group(2) in versions, line


def test_playing_installs_no_test_or_build_tools():
    names = {name for name, _ in locked("play")}
    assert names == {"pygame-ce", "platformdirs", "websockets"}


def test_locks_that_share_a_venv_agree_on_every_version():
    test, exe, play, mutate = locked("test"), locked("exe"), locked("play"), locked("mutate")
    for other in (exe, play, mutate):
        for key, (version, _) in other.items():
            if key in test:
                assert test[key][0] == version, key


def test_the_pip_pin_names_the_wheel_hash():
    version, hashes = tasks.pinned(tasks.lock_file("pip"), "pip")
    assert re.fullmatch(r"\d+(\.\d+)+", version)
    assert len(hashes) >= 1 and all(len(h) == 64 for h in hashes)


def test_pinned_refuses_a_lock_without_the_project(tmp_path):
    lock = tmp_path / "x.txt"
    lock.write_text("uv==1.0 \\\n    --hash=sha256:" + "0" * 64 + "\n")
    assert tasks.pinned(lock, "uv") == ("1.0", {"0" * 64})
    with pytest.raises(SystemExit):
        tasks.pinned(lock, "pip")


def test_pip_is_kept_upgraded_by_pip_or_bootstrapped():
    assert tasks.pip_step("26.3", "26.3") == "keep"
    assert tasks.pip_step("23.2.1", "26.3") == "upgrade"
    assert tasks.pip_step(None, "26.3") == "bootstrap"


@pytest.fixture
def fake_venv(tmp_path, monkeypatch):
    venv = tmp_path / ".venv"
    monkeypatch.setattr(tasks, "VENV", venv)
    monkeypatch.setattr(tasks, "PYTHON", venv / "bin" / "python")
    monkeypatch.setattr(tasks, "MADE_BY", venv / ".made-by")
    return venv


def test_set_up_only_while_the_lock_and_the_interpreter_stay_the_same(
    fake_venv, monkeypatch, tmp_path
):
    requirements = tmp_path / "requirements"
    requirements.mkdir()
    for name in ("pip", "play"):
        (requirements / f"{name}.txt").write_text(f"{name}==1\n")
    monkeypatch.setattr(tasks, "REQUIREMENTS", requirements)
    (fake_venv / "bin").mkdir(parents=True)
    tasks.PYTHON.write_text("")
    assert not tasks.is_set_up("play")
    tasks.stamp_file("play").write_text(tasks.fingerprint("play"))
    assert tasks.is_set_up("play")
    (requirements / "play.txt").write_text("play==2\n")
    assert not tasks.is_set_up("play")
    tasks.stamp_file("play").write_text(tasks.fingerprint("play"))
    monkeypatch.setattr(tasks, "interpreter_id", lambda: "another python")
    assert not tasks.is_set_up("play")


def test_the_venv_is_remade_for_another_interpreter(fake_venv, monkeypatch):
    (fake_venv / "bin").mkdir(parents=True)
    tasks.PYTHON.write_text("")
    assert not tasks.venv_is_current()
    tasks.MADE_BY.write_text(tasks.interpreter_id())
    assert tasks.venv_is_current()
    monkeypatch.setattr(tasks, "interpreter_id", lambda: "python 3.99")
    assert not tasks.venv_is_current()


def test_the_venv_is_made_without_ensurepip(tmp_path):
    """As on Debian without python3-venv: ensurepip cannot even be imported."""
    script = (
        "import sys; sys.modules['ensurepip'] = None\n"
        "from pathlib import Path\n"
        f"sys.path.insert(0, {str(tasks.ROOT)!r})\n"
        "import tasks\n"
        f"tasks.VENV = Path({str(tmp_path / 'v')!r})\n"
        "tasks.MADE_BY = tasks.VENV / '.made-by'\n"
        "tasks.make_venv()\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True)
    python = tmp_path / "v" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    assert python.exists()
    assert subprocess.run([str(python), "-c", "import pip"], capture_output=True).returncode


def test_the_game_runs_in_place_of_tasks_with_the_environment_as_it_was(monkeypatch):
    """Bytecode is written unless the user said otherwise; Ctrl+C reaches the game alone."""
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    monkeypatch.setattr(tasks.os, "name", "posix")
    monkeypatch.setattr(tasks.os, "chdir", lambda path: None)
    calls = []
    monkeypatch.setattr(tasks.os, "execve", lambda exe, args, env: calls.append((args, env)))
    tasks.run(["main.py", "--ticks", "1"])
    ((args, env),) = calls
    assert args == [str(tasks.PYTHON), "main.py", "--ticks", "1"]
    assert "PYTHONDONTWRITEBYTECODE" not in env
