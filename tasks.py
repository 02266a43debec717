#!/usr/bin/env python3
"""Set up Pixel Parlor and run it, its tests or its build, with nothing but python3.

    python3 tasks.py play [game options...]   set up what playing needs, then play
    python3 tasks.py test [pytest options...] set up the test tools too, then run every test
                                              on every core (pytest -n 0 runs them in turn)
    python3 tasks.py test --under-load        the tests that wait on other processes and the
                                              network, while busy processes hold every core
    python3 tasks.py exe [--onefile] [--smoke] set up the build tools too, then build
    python3 tasks.py lock [--upgrade]         re-resolve requirements/*.in into the locks
    python3 tasks.py mutate MODULE [...]      mutation testing of a module (tools/mutate.py)
    python3 tasks.py i18n extract|update|compile|check
                                              the translation catalogs (README: Translating)

Setting up means a private virtual environment in .venv with the packages of the task's
lock file, requirements/<task>.txt: every package, the indirect ones too, pinned by
version and sha256 (installed with pip's --require-hashes), resolved for every platform
and every supported Python (requires-python in pyproject.toml, the one place that says
which). It is redone only when that lock file, the pip lock or the Python changes, so the
second run starts at once. `play` installs only what playing needs; `test` and `exe` add
their tools. Run by a versioned name (`python3.10 tasks.py test`) it keeps that Python's
environment apart, in .venv-3.10, so that every Python can be tested side by side.

The environment is made without pip (`venv --without-pip`, which works on Debian and
Ubuntu without the python3-venv package too), and pip comes from its own pinned wheel
(requirements/pip.txt), found where pip's configuration says (index-url,
extra-index-url, find-links, cert, proxy...) and checked against its pinned sha256. Only the standard library is used here, because this
file runs before anything is installed.

`lock` is the one command that refreshes the locks (the .in files say what we ask for;
`--upgrade` moves every unpinned package to its newest release); it also re-pins pip and
the resolver itself (uv, installed into .venv from requirements/lock.txt).
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
REQUIREMENTS = ROOT / "requirements"
TASKS = ("play", "test", "exe", "lock", "mutate", "i18n")


def say(message: str) -> None:
    print(f"[tasks] {message}", flush=True)


# -- which Python, which environment (pure: tests call these) ---------------------------
def supported_pythons(pyproject: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The oldest and the newest Python that pyproject.toml's requires-python admits:
    '>=3.10,<3.14' gives ((3, 10), (3, 13)). Read by hand, because Python 3.10 has no
    tomllib and nothing else is installed yet when this runs."""
    for line in pyproject.splitlines():
        name, _, value = line.partition("=")
        if name.strip() != "requires-python":
            continue
        oldest = below = None
        for clause in value.strip().strip("\"'").replace(" ", "").split(","):
            if re.fullmatch(r">=3\.\d+", clause):
                oldest = (3, int(clause[4:]))
            elif re.fullmatch(r"<3\.\d+", clause):
                below = int(clause[3:])
        if oldest and below and below > oldest[1]:
            return oldest, (3, below - 1)
        break
    raise SystemExit('pyproject.toml: requires-python should read ">=3.X,<3.Y"')


def version_name(version: tuple[int, int]) -> str:
    return f"{version[0]}.{version[1]}"


def venv_folder(invoked_as: str, version: tuple[int, int]) -> str:
    """.venv for python3 (python, a path to either); .venv-3.10 for python3.10 and the like,
    so that a second Python's environment never replaces the first one's."""
    if re.fullmatch(r"python\d+\.\d+(\.exe)?", Path(invoked_as).name.lower()):
        return f".venv-{version_name(version)}"
    return ".venv"


OLDEST, NEWEST = supported_pythons((ROOT / "pyproject.toml").read_text())
# How this Python was started (sys.orig_argv is 3.10's: an older Python only gets as far
# as being told it is too old).
INVOKED_AS = getattr(sys, "orig_argv", [sys.executable])[0]
VENV = ROOT / venv_folder(INVOKED_AS, sys.version_info[:2])
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
# Which interpreter made .venv: a different python3 (an upgrade) means a new .venv.
MADE_BY = VENV / ".made-by"
# The locks, each resolved with the one before as constraints, so that one .venv can hold
# several of them without a version disagreeing: (input, lock, constrained by).
LOCK_ORDER = (
    ("test", "test", None),
    ("exe", "exe", "test"),
    ("play", "play", "test"),
    ("mutate", "mutate", "test"),
    ("pip", "pip", None),
    ("lock", "lock", None),
)


# -- decisions (pure: tests call these) ------------------------------------------------
def python_support(version: tuple[int, int]) -> str:
    """'old' (below requires-python: refused), 'tested' or 'new' (above the newest tested:
    tried, with a notice)."""
    if version < OLDEST:
        return "old"
    return "new" if version > NEWEST else "tested"


def lock_file(task: str) -> Path:
    return REQUIREMENTS / f"{task}.txt"


def interpreter_id() -> str:
    """Which python3 runs this: its version and where it lives."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    return f"{sys.version}\n{os.path.realpath(base)}"


def fingerprint(task: str) -> str:
    """Changes whenever what `task` needs installed changes."""
    digest = hashlib.sha256(interpreter_id().encode())
    for path in (lock_file("pip"), lock_file(task)):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def stamp_file(task: str) -> Path:
    return VENV / f".installed-{task}"


def is_set_up(task: str) -> bool:
    stamp = stamp_file(task)
    return PYTHON.exists() and stamp.exists() and stamp.read_text() == fingerprint(task)


def venv_is_current() -> bool:
    """.venv exists and was made by this very interpreter."""
    return PYTHON.exists() and MADE_BY.exists() and MADE_BY.read_text() == interpreter_id()


def pinned(lock: Path, project: str) -> tuple[str, set[str]]:
    """(version, sha256 hashes) of `project` in a lock file written by `lock`."""
    text = lock.read_text().replace("\\\n", " ")
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words and words[0].lower().startswith(f"{project}=="):
            version = words[0].split("==", 1)[1]
            hashes = {w.split(":", 1)[1] for w in words[1:] if w.startswith("--hash=sha256:")}
            return version, hashes
    raise SystemExit(f"{lock} pins no {project}")


def pip_version_in_venv() -> str | None:
    """The version of pip in .venv, None when it has none (or no working python)."""
    try:
        result = subprocess.run(
            [str(PYTHON), "-c", "import pip; print(pip.__version__)"],
            capture_output=True,
            text=True,
        )
    except OSError:
        return None
    return result.stdout.strip() if result.returncode == 0 else None


def pip_step(current: str | None, wanted: str) -> str:
    """What to do about pip in .venv: 'keep', 'upgrade' (pip installs the pin itself,
    honouring its configuration fully) or 'bootstrap' (no pip: fetch the pinned wheel)."""
    if current == wanted:
        return "keep"
    return "upgrade" if current else "bootstrap"


# `tasks.py test` runs a pytest worker per core (pytest-xdist). The tests are shared out
# evenly and a worker that is done takes over tests still waiting at a busy one: the
# suite's tests take from milliseconds to over a minute, and whole files in one worker
# (--dist loadfile) would put a file's several minute-long network games on one core. No
# test needs another kept apart: each has its own folders (tmp_path), ports (bound to
# port 0) and display.
EVERY_CORE = ("-n", "auto", "--dist", "worksteal")
# `tasks.py test --under-load`: the tests marked `processes` (they start other programs or
# threads, or talk over the network, and wait on them), while a busy process per core runs.
UNDER_LOAD = ("-m", "processes")


def pytest_options(args: list[str]) -> list[str]:
    """pytest's options for `tasks.py test ARGS`: every core unless the person said
    otherwise. Their own -n, --dist, -m... come after ours, and pytest takes the last."""
    words = " ".join(args)
    if "no:xdist" in words or "--pdb" in args or "--trace" in args:
        return list(args)  # debugging runs in this process, one test at a time
    return [*EVERY_CORE, *args]


# -- doing -------------------------------------------------------------------------------
def make_venv() -> None:
    """A fresh .venv without pip: never asks for ensurepip, which Debian leaves out."""
    import venv

    say(f"creating the virtual environment in {VENV.name}/")
    venv.EnvBuilder(with_pip=False, clear=True, symlinks=os.name != "nt").create(VENV)
    MADE_BY.write_text(interpreter_id())


def pip_install(*args: str) -> None:
    """pip, saying what it fetches and installs as it goes (a first set-up downloads
    some 20 MB: a silent pip looks stuck)."""
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", *args],
        check=True,
    )


def ensure_pip() -> None:
    version, hashes = pinned(lock_file("pip"), "pip")
    step = pip_step(pip_version_in_venv(), version)
    if step == "upgrade":
        say(f"installing pip {version}")
        pip_install("--require-hashes", "-r", str(lock_file("pip")))
    elif step == "bootstrap":
        import tempfile

        sys.path.insert(0, str(ROOT / "tools"))
        from pipfetch import FetchError, fetch_wheel

        with tempfile.TemporaryDirectory() as folder:
            try:
                wheel, origin = fetch_wheel("pip", version, hashes, Path(folder))
            except FetchError as exc:
                raise SystemExit(f"[tasks] cannot set up pip: {exc}") from None
            say(f"installing pip {version} from {origin} (sha256 checked)")
            # A pip wheel runs itself (ensurepip does the same): it installs its own file.
            subprocess.run(
                [
                    str(PYTHON),
                    str(wheel / "pip"),
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    "--no-index",
                    "--no-deps",
                    str(wheel),
                ],
                check=True,
            )


def ensure_env(task: str) -> None:
    running = sys.version_info[:2]
    support = python_support(running)
    if support == "old":
        sys.exit(
            f"Pixel Parlor needs Python {version_name(OLDEST)} or newer "
            f"(tested on {version_name(OLDEST)} to {version_name(NEWEST)}); "
            f"this is {version_name(running)}."
        )
    if support == "new":
        say(
            f"Python {version_name(running)} is newer than those Pixel Parlor is tested on "
            f"({version_name(OLDEST)} to {version_name(NEWEST)}): trying it anyway"
        )
    if is_set_up(task):
        return
    if not venv_is_current():
        make_venv()
    ensure_pip()
    say(
        f"installing the locked packages of requirements/{lock_file(task).name} into "
        f"{VENV.name}/ (pip names each one as it downloads and installs it)"
    )
    pip_install("--require-hashes", "-r", str(lock_file(task)))
    stamp_file(task).write_text(fingerprint(task))


def relock(extra: list[str]) -> int:
    """Resolve requirements/*.in into the lock files (uv, for every platform at once)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from pipfetch import DEFAULT_INDEX, PipConfig

    # The configured index is honoured (a company mirror), but not extra indexes or
    # find-links: a lock must list every platform's files, which only a full index has.
    index = PipConfig.load().index_url or DEFAULT_INDEX
    uv = BIN / ("uv.exe" if os.name == "nt" else "uv")
    for source, target, constraint in LOCK_ORDER:
        args = [
            str(uv),
            "pip",
            "compile",
            "--quiet",
            "--universal",
            "--generate-hashes",
            "--python-version",
            version_name(OLDEST),
            "--index-url",
            index,
            "--no-config",
            "--custom-compile-command",
            "python3 tasks.py lock",
            str(REQUIREMENTS / f"{source}.in"),
            "-o",
            str(lock_file(target)),
            *extra,
        ]
        if constraint:
            args += ["-c", str(lock_file(constraint))]
        say(f"locking requirements/{source}.in")
        result = subprocess.run(args, cwd=ROOT)
        if result.returncode:
            return result.returncode
    return 0


def run(args: list[str], extra_env: dict[str, str] | None = None) -> int:
    """Run .venv's python; on POSIX it takes this process's place, so that Ctrl+C and
    the exit status are the game's own, with no second Python waiting behind it."""
    env = dict(os.environ, **(extra_env or {}))
    os.chdir(ROOT)
    command = [str(PYTHON), *args]
    if os.name == "posix":
        sys.stdout.flush()
        os.execve(command[0], command, env)
    return subprocess.run(command, env=env).returncode


def run_under_load(args: list[str], extra_env: dict[str, str]) -> int:
    """Run .venv's python while a busy process per core keeps every core at 100%, as on
    a shared machine; the busy ones are stopped however the run ends (Ctrl+C too)."""
    cores = os.cpu_count() or 1
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(cores)]
    say(f"{cores} busy processes hold every core (pids {', '.join(str(p.pid) for p in busy)})")
    try:
        command = [str(PYTHON), *args]
        return subprocess.run(command, env=dict(os.environ, **extra_env), cwd=ROOT).returncode
    finally:
        for process in busy:
            process.kill()
            process.wait()
        if hasattr(os, "getloadavg"):
            load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
            say(f"busy processes stopped; load average (1, 5, 15 min): {load}")


def compile_catalogs() -> None:
    """The game reads each language's compiled catalog (game/lang/locale/*/LC_MESSAGES/
    messages.mo, not kept in git): compiled from the .po files when one is newer."""
    code = "from game.lang.catalogs import compile_catalogs as c; [print(p) for p in c(True)]"
    result = subprocess.run(
        [str(PYTHON), "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if result.returncode:
        say(f"the translations could not be compiled (the game speaks English):\n{result.stderr}")
    elif result.stdout.strip():
        say("compiled the translations: " + ", ".join(result.stdout.split()))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in TASKS:
        print(__doc__)
        return 2
    task, rest = argv[0], argv[1:]
    ensure_env("play" if task == "i18n" else task)
    if task == "i18n":
        return run(["-m", "game.lang.catalogs", *rest])
    if task in ("play", "test", "exe"):
        compile_catalogs()
    if task == "play":
        return run(["main.py", *rest])
    if task == "test":
        headless = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        under_load = "--under-load" in rest
        if under_load:
            rest = [*UNDER_LOAD, *(arg for arg in rest if arg != "--under-load")]
        options = pytest_options(rest)
        say(f"running pytest {' '.join(options)}".rstrip())
        if under_load:
            return run_under_load(["-m", "pytest", *options], headless)
        return run(["-m", "pytest", *options], headless)
    if task == "exe":
        return run([str(ROOT / "tools" / "build_exe.py"), *rest])
    if task == "mutate":
        return run([str(ROOT / "tools" / "mutate.py"), *rest])
    return relock(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
