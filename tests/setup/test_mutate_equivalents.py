"""tools/mutate.py stays true to the tree: each equivalent mutant names a module of the
tree, a line that module still has and a reason (an entry whose line has gone would
silently stop counting, and a new mutant there would pass for an old equivalent); each
module's tests exist."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_mutate():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["mutate"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(ROOT / "tools"))
        sys.modules.pop("mutate", None)
        sys.modules.pop("mutate_equivalents", None)


def test_every_equivalent_mutant_names_a_line_its_module_still_has_and_why():
    mutate = load_mutate()
    assert len(mutate.EQUIVALENT) > 100  # the storage modules' and the engines'
    for (module, removed, added), why in mutate.EQUIVALENT.items():
        source = mutate.without_spaces((ROOT / module).read_text(encoding="utf-8"))
        assert mutate.without_spaces(removed) in source, (module, removed)
        assert mutate.without_spaces(removed) != mutate.without_spaces(added), (module, removed)
        assert len(why) > 20, (module, removed)


def test_every_module_named_for_its_tests_and_each_test_file_exists():
    mutate = load_mutate()
    for module, tests in mutate.TESTS.items():
        assert (ROOT / module).is_file(), module
        for test in tests:
            assert (ROOT / test).exists(), (module, test)


def test_a_resumed_run_takes_from_its_log_only_the_mutants_it_killed(tmp_path):
    mutate = load_mutate()
    log = tmp_path / "run.log"
    log.write_text(
        "[mutate] game/a.py: the tests first, unchanged\n"
        "[1/9] killed      game/a.py:3 core/X\n"
        "[2/9] timeout     game/a.py:3 core/X\n"
        "[3/9] survived    game/a.py:4 core/Y\n"
        "[4/9] equivalent  game/a.py:5 core/Z (a type annotation: not run)\n"
        "[5/9] killed      game/b.py:3 core/X (from old.log)\n",
        encoding="utf-8",
    )
    assert mutate.recorded(log, "game/a.py") == {
        (3, "core/X", "killed"): 1,
        (3, "core/X", "timeout"): 1,
    }
    assert mutate.recorded(log, "game/b.py") == {(3, "core/X", "killed"): 1}
