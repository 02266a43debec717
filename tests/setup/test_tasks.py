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
    # babel: the set-up compiles the translations with it (the game reads them with gettext);
    # pynacl seals a table's messages through a relay (cffi and pycparser are its own)
    assert names == {
        "pygame-ce",
        "platformdirs",
        "websockets",
        "babel",
        "pynacl",
        "cffi",
        "pycparser",
    }


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

    def execve(exe, args, env):  # the real one never returns: this process is the game
        calls.append((args, env))
        raise SystemExit(0)

    monkeypatch.setattr(tasks.os, "execve", execve)
    with pytest.raises(SystemExit):
        tasks.run(["main.py", "--ticks", "1"])
    ((args, env),) = calls
    assert args == [str(tasks.PYTHON), "main.py", "--ticks", "1"]
    assert "PYTHONDONTWRITEBYTECODE" not in env


# -- which Pythons -----------------------------------------------------------------------
def test_the_supported_pythons_are_requires_python_read_by_hand():
    assert tasks.supported_pythons('requires-python = ">=3.10,<3.14"\n') == ((3, 10), (3, 13))
    assert tasks.supported_pythons("x = 1\nrequires-python = '>= 3.11, < 3.13'") == (
        (3, 11),
        (3, 12),
    )
    for unbounded in ('requires-python = ">=3.10"', 'python = ">=3.10,<3.14"', ""):
        with pytest.raises(SystemExit):
            tasks.supported_pythons(unbounded)


def test_tasks_reads_the_same_range_as_a_toml_parser():
    toml = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    pyproject = toml.loads((tasks.ROOT / "pyproject.toml").read_text())
    oldest, newest = tasks.OLDEST, tasks.NEWEST
    assert pyproject["project"]["requires-python"] == (
        f">={oldest[0]}.{oldest[1]},<{newest[0]}.{newest[1] + 1}"
    )
    assert "target-version" not in pyproject["tool"]["ruff"], "ruff reads requires-python"


def test_this_python_is_a_supported_one():
    """The suite runs on the Pythons CI runs it on (.ci/run): each must be in the range."""
    assert tasks.python_support(sys.version_info[:2]) == "tested"


def test_a_python_below_the_range_is_refused_and_a_newer_one_tried():
    oldest, newest = tasks.OLDEST, tasks.NEWEST
    assert tasks.python_support((oldest[0], oldest[1] - 1)) == "old"
    assert tasks.python_support(oldest) == tasks.python_support(newest) == "tested"
    assert tasks.python_support((newest[0], newest[1] + 1)) == "new"


def test_the_readme_states_the_range_of_pyproject():
    readme = (tasks.ROOT / "README.md").read_text()
    play_and_test = readme.split("## Play and test", 1)[1].split("\n## ", 1)[0]
    low, high = (tasks.version_name(v) for v in (tasks.OLDEST, tasks.NEWEST))
    assert f"Python {low} to {high}" in " ".join(play_and_test.split())


@pytest.mark.parametrize(
    "invoked_as, folder",
    [
        ("python3", ".venv"),
        ("/usr/bin/python3", ".venv"),
        ("python", ".venv"),
        ("python3.10", ".venv-3.10"),
        ("/root/.pyenv/versions/3.10.13/bin/python3.10", ".venv-3.10"),
    ],
)
def test_a_python_run_by_its_versioned_name_keeps_an_environment_of_its_own(invoked_as, folder):
    assert tasks.venv_folder(invoked_as, (3, 10)) == folder


# -- how the tests run -------------------------------------------------------------------
def test_the_tests_use_every_core_unless_told_otherwise():
    assert tasks.pytest_options([]) == list(tasks.EVERY_CORE)
    assert tasks.pytest_options(["-n", "0", "-k", "pinned"]) == [
        *tasks.EVERY_CORE,
        "-n",
        "0",
        "-k",
        "pinned",
    ]
    for alone in (["-p", "no:xdist"], ["--pdb"], ["-x", "--trace"]):
        assert tasks.pytest_options(alone) == alone


def test_a_persons_own_worker_count_wins_over_every_core(tmp_path):
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *tasks.pytest_options(["-n", "0"]),
            "-p",
            "no:cacheprovider",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout and "workers" not in result.stdout


def test_pip_says_what_it_fetches_and_installs(monkeypatch):
    commands = []
    monkeypatch.setattr(tasks.subprocess, "run", lambda command, **kw: commands.append(command))
    tasks.pip_install("-r", "x.txt")
    ((command,),) = [commands]
    assert command[1:4] == ["-m", "pip", "install"]
    assert not {"-q", "--quiet"} & set(command)


def test_under_load_runs_the_waiting_tests_on_every_core(monkeypatch):
    calls = []
    monkeypatch.setattr(tasks, "ensure_env", lambda task: None)
    monkeypatch.setattr(tasks, "run_under_load", lambda args, env: calls.append(args) or 0)
    monkeypatch.setattr(tasks, "compile_catalogs", lambda: None)
    assert tasks.main(["test", "--under-load", "-k", "killed"]) == 0
    assert calls == [["-m", "pytest", *tasks.EVERY_CORE, *tasks.UNDER_LOAD, "-k", "killed"]]


def test_the_busy_processes_run_while_the_tests_do_and_are_stopped_after(monkeypatch):
    started = []
    real_popen = subprocess.Popen

    def popen(*args, **kwargs):
        started.append(real_popen(*args, **kwargs))
        return started[-1]

    def tests_run(command, **kwargs):
        assert len(started) == (os.cpu_count() or 1)
        assert all(busy.poll() is None for busy in started), "every core is kept busy"
        return subprocess.CompletedProcess(command, 3)

    monkeypatch.setattr(tasks.subprocess, "Popen", popen)
    monkeypatch.setattr(tasks.subprocess, "run", tests_run)
    assert tasks.run_under_load(["-m", "pytest"], {}) == 3, "the tests' exit status"
    assert started and all(busy.poll() is not None for busy in started), "all stopped"
