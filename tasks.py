#!/usr/bin/env python3
"""Set up Pixel Parlor and run it, its tests or its build, with nothing but python3.

    python3 tasks.py play [game options...]   set up, then start the game
    python3 tasks.py test [pytest options...] set up, then run every test
    python3 tasks.py exe                      set up, then build the executable

Setting up means: a private virtual environment in .venv holding the pinned packages of
requirements-dev.txt (and requirements-build.txt for `exe`). It is made once and remade
only when a requirements file changes, so the second run starts at once.

Only the standard library is used here, because this file runs before anything is
installed. Debian's python3 without the python3-venv package has no ensurepip; then the
environment is made without pip and pip itself is fetched from PyPI as a wheel.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
MIN_PYTHON = (3, 10)
PIP_RELEASE_URL = "https://pypi.org/pypi/pip/json"


def say(message: str) -> None:
    print(f"[tasks] {message}", flush=True)


def requirement_files(task: str) -> list[Path]:
    files = [ROOT / "requirements.txt", ROOT / "requirements-dev.txt"]
    if task == "exe":
        files.append(ROOT / "requirements-build.txt")
    return files


def fingerprint(files: list[Path]) -> str:
    digest = hashlib.sha256(sys.version.encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def has_pip() -> bool:
    return subprocess.run([str(PYTHON), "-m", "pip", "--version"],
                          capture_output=True).returncode == 0


def bootstrap_pip_from_pypi() -> None:
    """Install pip into the venv from PyPI's wheel; a pip wheel can run itself."""
    say("this python has no ensurepip; fetching pip from PyPI")
    with urllib.request.urlopen(PIP_RELEASE_URL, timeout=60) as reply:
        release = json.load(reply)
    wheel = next(f for f in release["urls"] if f["filename"].endswith(".whl"))
    target = VENV / wheel["filename"]
    # Mirrors of PyPI may answer with addresses relative to the JSON's own.
    urllib.request.urlretrieve(urllib.parse.urljoin(PIP_RELEASE_URL, wheel["url"]), target)
    subprocess.run([str(PYTHON), str(target / "pip"), "install", "--quiet", str(target)],
                   check=True)
    target.unlink()


def make_venv() -> None:
    say(f"creating the virtual environment in {VENV.name}/")
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    except (subprocess.CalledProcessError, OSError):
        venv.EnvBuilder(with_pip=False, clear=True).create(VENV)
    if not has_pip():
        bootstrap_pip_from_pypi()


def ensure_env(task: str) -> None:
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"Pixel Parlor needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer.")
    files = requirement_files(task)
    stamp = VENV / f".installed-{task if task == 'exe' else 'dev'}"
    wanted = fingerprint(files)
    if PYTHON.exists() and stamp.exists() and stamp.read_text() == wanted:
        return
    if not PYTHON.exists() or not has_pip():
        make_venv()
    say("installing the pinned packages")
    args = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    for path in files:
        args += ["-r", str(path)]
    subprocess.run(args, check=True)
    stamp.write_text(wanted)


def run(args: list[str], extra_env: dict[str, str] | None = None) -> int:
    env = dict(os.environ, **(extra_env or {}))
    env["PYTHONDONTWRITEBYTECODE"] = env.get("PYTHONDONTWRITEBYTECODE", "1")
    return subprocess.run([str(PYTHON), *args], cwd=ROOT, env=env).returncode


def main(argv: list[str]) -> int:
    tasks = {"play", "test", "exe"}
    if not argv or argv[0] not in tasks:
        print(__doc__)
        return 2
    task, rest = argv[0], argv[1:]
    ensure_env(task)
    if task == "play":
        return run(["main.py", *rest])
    if task == "test":
        headless = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        return run(["-m", "pytest", *rest], headless)
    return run([str(ROOT / "tools" / "build_exe.py"), *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
