#!/usr/bin/env python3
"""Mutation testing: do a module's tests notice when its code changes?

    python3 tasks.py mutate MODULE... [--tests TEST...] [--timeout S] [--jobs N] [--keep]
                                      [--resume LOG]

e.g. `python3 tasks.py mutate game/storage/atomic.py`. Cosmic Ray (pinned in
requirements/mutate.txt) makes every single mutation of the module (a < turned into <=,
a number changed, a `break` turned into `continue`...), one at a time, and runs the
module's tests against each: a mutant the tests fail on is killed; one they pass on
survived, which means that part of the module could change unnoticed. It prints the
score (killed / all) and every surviving mutant with its file:line, operator and diff.

The module's tests are the ones TESTS below names for it, else the test files named
after the module (test_*<stem>*.py in the tests/ folder that mirrors the module's
package); --tests picks others. They run without xdist, each mutant's run on its own
(--jobs N runs N mutants at once, each in a copy of its own), stopping at the first
failure, within a per-mutant timeout (a mutant that loops forever counts as killed). A mutant whose change makes no difference the program
can show (an equivalent mutant) survives whatever the tests do: EQUIVALENT lists those
found, with the reason, and the score is also given without them.

A whole run of a big module takes an hour or more: --resume LOG (the printout of an earlier
run, even one stopped half way) takes from it the mutants it recorded as killed and runs
the rest, survivors and equivalents included (their diffs are not in the log). The log
names a mutant by line and operator only, so a line and operator are taken from it only
when it recorded every one of their mutants (else all are run again), and a log whose
mutants this module does not have (the module changed since) is refused. The tests may
have grown since the log: a mutant they killed then, they kill now.

Everything happens in a copy of the tree (the files git tracks, and new ones it does not
ignore), so the checkout is never touched, even when a run is interrupted. Not run by
CI: a module takes minutes (mutants × the tests' time).
"""

from __future__ import annotations

import argparse
import ast
import multiprocessing
import multiprocessing.queues
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mutate_equivalents import EQUIVALENT as ENGINE_EQUIVALENT

ROOT = Path(__file__).resolve().parent.parent

# The tests of a module, where its test files are not named after it (paths from the
# repository's root; folders are allowed).
TESTS: dict[str, tuple[str, ...]] = {
    "game/storage/atomic.py": (
        "tests/storage/test_storage_atomic.py",
        "tests/storage/test_storage_writes.py",
    ),
    "game/storage/datafolder.py": (
        "tests/storage/test_storage_write_behind.py",
        "tests/storage/test_storage_writes.py",
        "tests/storage/test_storage_damage.py",
        "tests/storage/test_storage_folder.py",
        "tests/storage/test_storage_bounds.py",
        "tests/storage/test_storage_limits.py",
    ),
    # The engines' rules and state: the tests of their rules (a game's own saved-file cases
    # among them) and the contract's test of every engine (saved games at every step, one
    # change to a saved game, refusals, views); their solvers', agents' and tournaments'
    # tests take minutes and test other modules.
    "game/engine/farkle/rules.py": (
        "tests/engine/farkle/test_farkle_rules.py",
        "tests/engine/test_every_engine.py",
    ),
    "game/engine/lucie/rules.py": (
        "tests/engine/lucie/test_lucie_rules.py",
        "tests/engine/lucie/test_lucie_game.py",  # positions read from text
        "tests/engine/test_every_engine.py",
    ),
    "game/engine/lucie/game.py": (
        "tests/engine/lucie/test_lucie_game.py",
        "tests/engine/test_every_engine.py",
    ),
    "game/engine/mille/rules.py": (
        "tests/engine/mille/test_mille_legality.py",
        "tests/engine/mille/test_mille_turns.py",
        "tests/engine/mille/test_mille_observation.py",
        "tests/engine/test_every_engine.py",
        "tests/engine/mille/test_mille_guest_check.py",
        "tests/engine/mille/test_mille_cards.py",  # the deck each table's options make
        "tests/engine/mille/test_mille_scoring.py",  # the score sheets a hand's end writes
    ),
    "game/engine/shutbox/state.py": (
        "tests/engine/shutbox/test_shutbox_rules.py",
        "tests/engine/test_every_engine.py",
    ),
}

# Mutants that change nothing the program can show, so that no test can kill them:
# (module, the line the mutant removes, the line it puts in its place) -> why. Lines are
# compared without their spaces, so that the entry survives code moving up or down.
EQUIVALENT: dict[tuple[str, str, str], str] = {
    (
        "game/storage/atomic.py",
        "except ImportError:  # Windows refuses to delete a file another program has open anyway",
        "except CosmicRayTestingException:  # Windows refuses to delete a file another "
        "program has open anyway",
    ): "fcntl imports on every POSIX system: only Windows, where the ImportError is real, "
    "takes this path",
    (
        "game/storage/atomic.py",
        "fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
        "fcntl.flock(fd, fcntl.LOCK_EX + fcntl.LOCK_NB)",
    ): "LOCK_EX (2) and LOCK_NB (4) share no bit: | and + give the same 6",
    (
        "game/storage/atomic.py",
        "fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
        "fcntl.flock(fd, fcntl.LOCK_EX ^ fcntl.LOCK_NB)",
    ): "LOCK_EX (2) and LOCK_NB (4) share no bit: | and ^ give the same 6",
    (
        "game/storage/atomic.py",
        "data = file.read(max_bytes + 1)",
        "data = file.read(max_bytes << 1)",
    ): "reads up to twice the limit instead of one byte over it: the same files are "
    "refused and the same bytes returned (only more memory for a moment)",
    (
        "game/storage/atomic.py",
        "data = file.read(max_bytes + 1)",
        "data = file.read(max_bytes + 2)",
    ): "reads two bytes past the limit instead of one: the same files are refused and "
    "the same bytes returned",
    (
        "game/storage/datafolder.py",
        'self._cannot_open(PermissionError(13, "Permission denied"))',
        'self._cannot_open(PermissionError(14, "Permission denied"))',
    ): "the errno of the error made up here is never read, only its words",
    (
        "game/storage/datafolder.py",
        'self._cannot_open(PermissionError(13, "Permission denied"))',
        'self._cannot_open(PermissionError(12, "Permission denied"))',
    ): "the errno of the error made up here is never read, only its words",
    (
        "game/storage/datafolder.py",
        "*,",
        "/,",
    ): "DataFolder's options become positional too, and every caller names them anyway",
    (
        "game/storage/datafolder.py",
        "if schema < doc.record_type.SCHEMA:",
        "if schema != doc.record_type.SCHEMA:",
    ): "a newer schema was refused just before: here != and < hold for the same schemas",
    (
        "game/storage/datafolder.py",
        "@dataclass(frozen=True)",
        "@dataclass(frozen=False)",
    ): "no code assigns to a Document or hashes one: frozen only guards against a future slip",
}
# The engines' own, reviewed one by one (each with its reason), are kept apart.
EQUIVALENT.update(ENGINE_EQUIVALENT)

# The tests run headless, as `tasks.py test` runs them.
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def tests_of(module: str) -> list[str]:
    """The test files or folders of `module` (a path from the root): TESTS, else the test
    files named after it in the tests/ folder that mirrors its package."""
    if module in TESTS:
        return list(TESTS[module])
    path = Path(module)
    mirror = ROOT / "tests" / Path(*path.parent.parts[1:])  # game/net -> tests/net
    found = sorted(mirror.glob(f"test_*{path.stem}*.py")) if mirror.is_dir() else []
    return [p.relative_to(ROOT).as_posix() for p in found]


def test_command(tests: list[str]) -> list[str]:
    """pytest on `tests`, one process (-n 0: xdist off), stopping at the first failure."""
    return [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider", *tests]


def copy_tree(destination: Path) -> None:
    """The files of the checkout that git tracks or would track, copied to `destination`
    (everything but .venv and caches when there is no git)."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".hypothesis", "dist")
        shutil.copytree(ROOT, destination, ignore=ignore, dirs_exist_ok=True)
        return
    for name in listing.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():  # a file deleted but not yet committed is skipped
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


@dataclass
class Mutant:
    module: str
    line: int
    operator: str
    outcome: str  # "killed", "timeout", "survived", "equivalent" or "incompetent"
    diff: str
    why: str = ""  # for an equivalent mutant, the reason

    @property
    def where(self) -> str:
        return f"{self.module}:{self.line}"


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the type annotations of a module that never evaluates them (`from __future__
    import annotations`) start and end, as (line, column) pairs: a mutant there is
    equivalent, and is not run."""
    tree = ast.parse(source)
    lazy = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )
    if not lazy:
        return []
    spans = []
    for node in ast.walk(tree):
        found = []
        if isinstance(node, ast.arg) and node.annotation is not None:
            found.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
        spans += [
            ((a.lineno, a.col_offset), (a.end_lineno or a.lineno, a.end_col_offset or 0))
            for a in found
        ]
    return spans


def in_annotation(position: tuple[int, int], spans) -> bool:
    return any(start <= tuple(position) < end for start, end in spans)


def without_spaces(text: str) -> str:
    """Code compared as the parser sees it: Cosmic Ray's diffs may space it otherwise."""
    return "".join(text.split())


def changed_lines(diff: str) -> tuple[str, str]:
    """The lines a mutant's diff removes and those it adds, without spaces."""
    removed = [ln[1:] for ln in diff.splitlines() if ln[:1] == "-" and ln[:3] != "---"]
    added = [ln[1:] for ln in diff.splitlines() if ln[:1] == "+" and ln[:3] != "+++"]
    return without_spaces("".join(removed)), without_spaces("".join(added))


def equivalent_because(module: str, diff: str) -> str | None:
    """Why the mutant of `module` with this diff is equivalent, if EQUIVALENT says so."""
    for (where, removed, added), why in EQUIVALENT.items():
        if where == module and changed_lines(diff) == (
            without_spaces(removed),
            without_spaces(added),
        ):
            return why
    return None


# A mutant's line in the printout: [7/1893] killed      game/engine/mille/rules.py:393 core/X
LOGGED = re.compile(r"^\[\d+/\d+\] (killed|timeout)\s+(\S+):(\d+) (\S+)")


def recorded(log: Path, module: str) -> Counter[tuple[int, str, str]]:
    """How many mutants of `module` the printout `log` recorded as killed or stopped by
    the timeout, by (line, operator, outcome)."""
    found: Counter[tuple[int, str, str]] = Counter()
    for text in log.read_text(encoding="utf-8", errors="replace").splitlines():
        match = LOGGED.match(text)
        if match and match[2] == module:
            found[(int(match[3]), match[4], match[1])] += 1
    return found


def _work_in(folders: multiprocessing.queues.Queue) -> None:
    """A worker process's start: it takes a copy of the tree of its own (and ends at once
    on SIGTERM: the pool is stopped as a whole)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.chdir(folders.get())


def _mutate_and_test(job: tuple[int, Any, str, float]) -> tuple[int, Any]:
    from cosmic_ray.mutating import mutate_and_test

    number, mutations, command, timeout = job
    return number, mutate_and_test(mutations, command, timeout)


def mutate(
    module: str,
    tests: list[str],
    timeout: float | None,
    workdir: Path,
    jobs: int,
    sample: int | None = None,
    resume: Path | None = None,
) -> list[Mutant]:
    """Run every mutant of `module` (a path from the root) against `tests` in `workdir`, a
    copy of the tree (and `jobs` - 1 more copies beside it, one per mutant run at once);
    prints a line per mutant as it goes. `resume`: an earlier run's printout, whose killed
    mutants are taken from it (see the module's docstring)."""
    from cosmic_ray.commands import init
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    command = test_command(tests)
    print(f"[mutate] {module}: the tests first, unchanged: {shlex.join(command[1:])}", flush=True)
    start = time.monotonic()
    baseline = subprocess.run(command, capture_output=True, text=True, cwd=workdir)
    took = time.monotonic() - start
    if baseline.returncode != 0:
        sys.stdout.write(baseline.stdout[-3000:])
        raise SystemExit(
            f"[mutate] the tests of {module} fail without any mutation: fix them first"
        )
    if timeout is None:
        timeout = round(max(30.0, 5 * took), 1)
    os.chdir(workdir)
    with use_db(str(workdir.parent / f"{Path(module).stem}.sqlite"), WorkDB.Mode.create) as db:
        init([Path(module)], db, {})
        items = list(db.pending_work_items)
    annotations = annotation_spans(Path(module).read_text(encoding="utf-8"))
    if sample is not None:
        # The annotations' mutants are known without running them: the sample is of the rest.
        run = [i for i in items if not in_annotation(i.mutations[0].start_pos, annotations)]
        items = sorted(
            random.Random(f"mutate/{module}").sample(run, min(sample, len(run))),
            key=lambda i: (i.mutations[0].start_pos, i.mutations[0].operator_name),
        )
        print(f"[mutate] a sample of {len(items)} of the {len(run)} mutants outside annotations")
    # (line, operator) -> the outcomes the log recorded for all of its mutants.
    from_log: dict[tuple[int, str], list[str]] = {}
    if resume is not None:
        count = Counter((i.mutations[0].start_pos[0], i.mutations[0].operator_name) for i in items)
        logged: dict[tuple[int, str], list[str]] = {}
        for (line, operator, outcome), times in sorted(recorded(resume, module).items()):
            logged.setdefault((line, operator), []).extend([outcome] * times)
        for key, outcomes in logged.items():
            if len(outcomes) > count[key]:
                raise SystemExit(
                    f"[mutate] {resume} records {len(outcomes)} mutants of {module}:{key[0]} "
                    f"{key[1]}, and it has {count[key]}: the module changed since; run it whole"
                )
            if len(outcomes) == count[key]:
                from_log[key] = outcomes
        print(
            f"[mutate] {sum(map(len, from_log.values()))} mutants killed in {resume} are "
            "taken from it; the rest are run",
            flush=True,
        )
    print(
        f"[mutate] {len(items)} mutants; the tests take {took:.1f} s, a mutant is stopped "
        f"(and counted killed) after {timeout} s; {jobs} at a time",
        flush=True,
    )
    mutants: list[Mutant] = []

    def record(mutant: Mutant, note: str = "") -> None:
        mutants.append(mutant)
        print(
            f"[{len(mutants)}/{len(items)}] {mutant.outcome:<11} {mutant.where} "
            f"{mutant.operator}{note}",
            flush=True,
        )

    folders: multiprocessing.queues.Queue = multiprocessing.Queue()
    for number in range(jobs):
        folder = workdir.with_name(f"{workdir.name}-{number}") if number else workdir
        if number:
            copy_tree(folder)
        folders.put(str(folder))
    jobs_to_run = []
    for number, item in enumerate(items):
        (spec,) = item.mutations
        key = (spec.start_pos[0], spec.operator_name)
        if in_annotation(spec.start_pos, annotations):
            why = "a type annotation, never evaluated (from __future__ import annotations)"
            record(
                Mutant(module, spec.start_pos[0], spec.operator_name, "equivalent", "", why),
                " (a type annotation: not run)",
            )
        elif from_log.get(key):
            outcome = from_log[key].pop()
            record(Mutant(module, *key, outcome, ""), f" (from {resume.name})")
        else:
            jobs_to_run.append((number, item.mutations, shlex.join(command), timeout))
    # Leaving the block (done, or stopped) terminates the workers.
    with multiprocessing.Pool(jobs, initializer=_work_in, initargs=(folders,)) as pool:
        for number, result in pool.imap_unordered(_mutate_and_test, jobs_to_run):
            (spec,) = items[number].mutations
            if result.worker_outcome == WorkerOutcome.NO_TEST:
                continue
            if result.worker_outcome != WorkerOutcome.NORMAL:
                outcome = "incompetent"
            elif result.test_outcome == TestOutcome.KILLED:
                outcome = "timeout" if result.output == "timeout" else "killed"
            elif result.test_outcome == TestOutcome.SURVIVED:
                outcome = "survived"
            else:
                outcome = "incompetent"
            diff = result.diff or ""
            mutant = Mutant(module, spec.start_pos[0], spec.operator_name, outcome, diff)
            if outcome == "survived":
                why = equivalent_because(module, diff)
                if why:
                    mutant.outcome, mutant.why = "equivalent", why
            record(mutant)
    mutants.sort(key=lambda m: (m.line, m.operator))
    return mutants


def report(module: str, mutants: list[Mutant]) -> None:
    """The score, then each surviving and equivalent mutant with its diff."""
    count = {
        o: sum(m.outcome == o for m in mutants)
        for o in ("killed", "timeout", "survived", "equivalent", "incompetent")
    }
    scored = count["killed"] + count["timeout"] + count["survived"] + count["equivalent"]
    killed = count["killed"] + count["timeout"]
    print()
    print(f"== {module}")
    for mutant in [m for m in mutants if m.outcome == "survived"]:
        print(f"-- SURVIVED {mutant.where} {mutant.operator}")
        print(mutant.diff.rstrip())
    for mutant in [m for m in mutants if m.outcome == "equivalent" and m.diff]:
        print(f"-- equivalent {mutant.where} {mutant.operator}: {mutant.why}")
        print(mutant.diff.rstrip())
    unrun = [m for m in mutants if m.outcome == "equivalent" and not m.diff]
    if unrun:
        print(
            f"-- equivalent, not run: {len(unrun)} in type annotations (never evaluated), "
            f"lines {', '.join(sorted({str(m.line) for m in unrun}, key=int))}"
        )
    for mutant in [m for m in mutants if m.outcome == "incompetent"]:
        print(
            f"-- not run (cosmic-ray could not apply or test it) {mutant.where} {mutant.operator}"
        )
    if not scored:
        print("no mutants")
        return
    print(
        f"score {module}: {killed}/{scored} killed = {100 * killed / scored:.0f}% "
        f"({count['timeout']} of them by the timeout); {count['survived']} survived, "
        f"{count['equivalent']} equivalent"
        + (f", {count['incompetent']} not run" if count["incompetent"] else "")
    )
    if count["equivalent"]:
        real = scored - count["equivalent"]
        print(
            f"score {module} without the equivalent mutants: {killed}/{real} = "
            f"{100 * killed / real:.0f}%"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tasks.py mutate", description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", metavar="MODULE", help="e.g. game/storage/atomic.py")
    parser.add_argument("--tests", nargs="+", help="test files or folders (default: the module's)")
    parser.add_argument(
        "--timeout", type=float, help="seconds per mutant (default: 5× the tests' time, ≥ 30)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the copy it worked in")
    parser.add_argument(
        "--jobs", type=int, default=1, help="mutants run at once, each in a copy of its own"
    )
    parser.add_argument(
        "--sample",
        type=int,
        help="run only this many mutants, drawn at random (seeded): an estimate, for a big "
        "module on a busy machine",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="LOG",
        help="an earlier run's printout of this module: the mutants it recorded as killed "
        "are taken from it, the rest are run",
    )
    args = parser.parse_args(argv)
    if args.resume is not None:
        if args.sample is not None or not args.resume.is_file():
            parser.error("--resume takes the printout of a whole run (no --sample): a file")
        args.resume = args.resume.resolve()  # the run works in a copy of the tree
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the copy is removed all the same
    os.environ.update(HEADLESS)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    modules = []
    for given in args.modules:
        path = Path(given).resolve()
        if path.suffix != ".py" or not path.is_file() or not path.is_relative_to(ROOT):
            parser.error(f"{given} is not a Python file of this checkout")
        modules.append(path.relative_to(ROOT).as_posix())
    workspace = Path(tempfile.mkdtemp(prefix="pixel-parlor-mutate-"))
    workspace.chmod(0o755)  # readable by others, as the checkout is: tests run as `nobody`
    try:
        results = {}
        for module in modules:
            tests = args.tests or tests_of(module)
            if not tests:
                parser.error(
                    f"no test file is named after {module}: give --tests, or add the module "
                    "to TESTS in tools/mutate.py"
                )
            workdir = workspace / Path(module).stem
            copy_tree(workdir)
            results[module] = mutate(
                module, tests, args.timeout, workdir, max(1, args.jobs), args.sample, args.resume
            )
        for module, mutants in results.items():
            report(module, mutants)
    finally:
        os.chdir(ROOT)
        if args.keep:
            print(f"[mutate] the copy is kept in {workspace}")
        else:
            shutil.rmtree(workspace, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
