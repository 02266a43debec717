"""Build the executable with PyInstaller (build.spec), and smoke-test what was built.

    python3 tasks.py exe [--onefile] [--smoke]

The result is dist/PixelParlor-<version>/PixelParlor-<version>[.exe] (one-folder, the
default) or dist/PixelParlor-<version>-onefile[.exe] (one-file). --smoke runs the built program
headless (SDL's dummy drivers): every game in demo mode, the title's attract loop, the
screenshots, a read-only data folder, and a network table (the built program hosts with
--host, a guest from the source plays a few moves at it); any non-zero exit fails.

Every build is also packed the way a user downloads it, beside it in dist/: the folder
(or the one file) in PixelParlor-<version>[-onefile]-<os>-<machine>.zip on Windows and
.tar.gz elsewhere (symbolic links kept as links). It prints the size on disk (every file
once: PyInstaller's symbolic links into the bundle are not followed, hard links not
counted twice), the archive's size (MB are 10^6 bytes) and, with --smoke, the CPU time
and wall to the first frame against a bare pygame window, headless
(game.bench_startup's figures).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import socket
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the game's registry and start-up benchmark are used here
DIST = ROOT / "dist"
WORK = ROOT / "build"
SMOKE_TICKS = 1500  # 25 s of game time: several computer turns in every game
SMOKE_GUEST_MOVES = 6  # a guest's moves at the built program's network table
STARTUP_RUNS = 5
# Modules that must not ship (measuring players, not the game's): build.spec excludes
# tools/ and tests/, and the build checks the bundle's module list for them.
NOT_SHIPPED = ("tools", "tests", "mille_expert_2026", "expert_2026")


def version() -> str:
    text = (ROOT / "game" / "__init__.py").read_text()
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def exe_suffix() -> str:
    return ".exe" if os.name == "nt" else ""


def built_program(onefile: bool) -> Path:
    name = f"PixelParlor-{version()}"
    if onefile:
        return DIST / f"{name}-onefile{exe_suffix()}"
    return DIST / name / f"{name}{exe_suffix()}"


def build(onefile: bool) -> Path:
    env = dict(os.environ, PIXELPARLOR_ONEFILE="1" if onefile else "0")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK),
            str(ROOT / "build.spec"),
        ],
        cwd=ROOT,
        env=env,
        check=True,
    )
    program = built_program(onefile)
    if not program.exists():
        sys.exit(f"build finished but {program} is missing")
    tocs = sorted(WORK.rglob("PYZ-*.toc"))  # build/build/PYZ-00.toc: what the bundle holds
    if not tocs:
        sys.exit(f"build finished but PyInstaller's module list (PYZ-*.toc) is not in {WORK}")
    found = unshipped_modules("".join(toc.read_text(encoding="utf-8") for toc in tocs))
    if found:
        sys.exit(f"the bundle holds modules that must not ship: {found}")
    return program


def unshipped_modules(toc: str) -> list[str]:
    """The modules of PyInstaller's module list (PYZ-00.toc: entries "('name', path,
    'PYMODULE')") that are, or are inside, one of NOT_SHIPPED."""
    names = re.findall(r"\(\s*'([\w.]+)'\s*,", toc)
    return sorted(name for name in names if any(part in NOT_SHIPPED for part in name.split(".")))


def size_on_disk(path: Path) -> int:
    """Bytes of the regular files at or under `path`, each counted once: symbolic links
    are not followed (PyInstaller links 26 of the bundle's libraries, 13 MB, from the
    folder's top), and hard links to one file count once."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for top, _folders, files in os.walk(path) if path.is_dir() else [(path.parent, [], [path])]:
        for name in files:
            info = os.lstat(Path(top) / name)
            if stat.S_ISREG(info.st_mode) and (info.st_dev, info.st_ino) not in seen:
                seen.add((info.st_dev, info.st_ino))
                total += info.st_size
    return total


def archive_name(built: Path) -> Path:
    """PixelParlor-<version>[-onefile]-<os>-<machine>.zip or .tar.gz, beside the build."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    stem = f"{built.name.removesuffix('.exe')}-{system}-{platform.machine().lower()}"
    return built.parent / (stem + (".zip" if os.name == "nt" else ".tar.gz"))


def pack(built: Path) -> Path:
    """The download: the folder (or the one file) packed whole, links kept as links."""
    archive = archive_name(built)
    archive.unlink(missing_ok=True)
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
            for path in sorted([built, *built.rglob("*")] if built.is_dir() else [built]):
                packed.write(path, path.relative_to(built.parent))
    else:
        with tarfile.open(archive, "w:gz", compresslevel=9) as packed:
            packed.add(built, arcname=built.name)  # tarfile keeps symbolic links as links
    return archive


def headless_env(**extra: str) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)


def run_program(program: Path, args: list[str], label: str, as_user: list[str] = ()) -> None:
    started = time.time()
    result = subprocess.run(
        [*as_user, str(program), *args],
        env=headless_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    seconds = time.time() - started
    status = "ok" if result.returncode == 0 else f"FAILED (exit {result.returncode})"
    print(f"  {label:<34} {status}  {seconds:5.1f} s", flush=True)
    if result.returncode != 0:
        print(result.stdout[-2000:], result.stderr[-4000:], sep="\n", file=sys.stderr)
        raise SystemExit(1)


def registered_game_ids() -> list[str]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.shell.registry import load_games

    return [g.id for g in load_games()]


def read_only_runner(folder: Path) -> list[str]:
    """How to run the program so that `folder` really cannot be written.

    chmod stops ordinary users; root ignores it, so as root the program runs as the
    unprivileged user "nobody" (setpriv, from util-linux) when that is possible.
    """
    folder.chmod(0o555)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        if shutil.which("setpriv"):
            return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        print("  (running as root without setpriv: the read-only check is not strict)")
    return []


# The smoke test's table code: one the game's own rule accepts (tests/setup/test_build_exe.py).
SMOKE_CODE = "SMK7QXR2"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def network_table(program: Path, data: Path) -> None:
    """The built program hosts a Mille Bornes table (--host: its server, websockets and the
    standard modules they need are in the bundle); a guest run from the source, with the
    game's own computer player, joins and plays a few moves."""
    port, code = free_port(), SMOKE_CODE
    started = time.time()
    host = subprocess.Popen(
        [
            str(program),
            "--host",
            "--game",
            "mille",
            "--port",
            str(port),
            "--seats",
            "remote,computer:easy",
            "--code",
            code,
            "--data-dir",
            str(data),
        ],
        env=headless_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        guest = subprocess.run(
            [
                sys.executable,
                "-m",
                "game.net.bot",
                "--port",
                str(port),
                "--code",
                code,
                "--level",
                "easy",
                "--rejoin-for",
                "30",
                "--stop-after",
                str(SMOKE_GUEST_MOVES),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        host.terminate()
        host_out, host_err = host.communicate(timeout=30)
    summary = {}
    if guest.stdout.strip():
        summary = json.loads(guest.stdout.strip().splitlines()[-1])
    played = summary.get("moves") == SMOKE_GUEST_MOVES and not summary.get("problems")
    status = "ok" if guest.returncode == 0 and played else "FAILED"
    print(
        f"  {'network table (host + a guest)':<34} {status}  {time.time() - started:5.1f} s",
        flush=True,
    )
    if status != "ok":
        print(
            guest.stdout[-2000:],
            guest.stderr[-2000:],
            host_out[-2000:],
            host_err[-4000:],
            sep="\n",
            file=sys.stderr,
        )
        raise SystemExit(1)


def startup(program: Path) -> dict:
    """CPU time and wall to the first frame, headless, against a bare pygame window."""
    from game.bench_startup import bare_window, compare_starts, start_env

    ways = {"bare window": bare_window(), "executable": [str(program)]}
    return compare_starts(ways, STARTUP_RUNS, start_env(headless=True))


def smoke(program: Path) -> dict:
    print(f"Smoke-testing {program.relative_to(ROOT)}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        tmp_path.chmod(0o755)  # "nobody" must reach the read-only folder inside
        data = tmp_path / "data"
        for game_id in registered_game_ids():
            run_program(
                program,
                ["--demo", "--game", game_id, "--ticks", str(SMOKE_TICKS), "--data-dir", str(data)],
                f"demo {game_id}",
            )
        run_program(
            program,
            ["--demo", "--ticks", str(SMOKE_TICKS), "--data-dir", str(data)],
            "demo attract loop",
        )
        shots = tmp_path / "shots"
        run_program(program, ["--screenshots", str(shots), "--data-dir", str(data)], "screenshots")
        count = len(list(shots.glob("*.png")))
        if count == 0:
            raise SystemExit("the screenshots run wrote no pictures")
        network_table(program, tmp_path / "network")
        frozen_data = tmp_path / "read-only"
        frozen_data.mkdir()
        runner = read_only_runner(frozen_data)
        for game_id in registered_game_ids()[:1] or [None]:
            args = ["--demo", "--ticks", str(SMOKE_TICKS), "--data-dir", str(frozen_data)]
            if game_id:
                args += ["--game", game_id]
            run_program(program, args, "read-only data folder", runner)
        if any(frozen_data.iterdir()):
            raise SystemExit("something was written into the read-only data folder")
    return {"screenshots": count}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one file instead of a folder")
    parser.add_argument("--smoke", action="store_true", help="smoke-test what was built")
    args = parser.parse_args(argv)
    started = time.time()
    program = build(args.onefile)
    built = program if args.onefile else program.parent
    archive = pack(built)
    report = {
        "program": str(program.relative_to(ROOT)),
        "build_seconds": round(time.time() - started, 1),
        "size_on_disk_mb": round(size_on_disk(built) / 1e6, 1),
        "download": str(archive.relative_to(ROOT)),
        "download_mb": round(archive.stat().st_size / 1e6, 1),
    }
    if args.smoke:
        report.update(smoke(program))
        report["startup_to_first_frame"] = startup(program)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
