"""The committed assets are exactly what assets/make_assets.py makes (pixels, data, samples)."""

import importlib
import importlib.util

from game.audio import GAINS
from game.resources import SOURCE_ROOT
from game.shell.registry import load_games


def load_generator():
    path = SOURCE_ROOT / "assets" / "make_assets.py"
    spec = importlib.util.spec_from_file_location("make_assets", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_assets_match_the_generator():
    make_assets = load_generator()
    outputs = make_assets.build()
    problems = make_assets.stale(outputs)
    assert not problems, "assets are out of date; run python assets/make_assets.py\n" + "\n".join(
        problems
    )
    # And nothing the game loads is left over from an older generator.
    made = {str(path) for path in outputs}
    on_disk = {
        str(p.relative_to(SOURCE_ROOT / "assets"))
        for p in (SOURCE_ROOT / "assets").rglob("*")
        if p.suffix in (".png", ".json", ".wav", ".ico")
    }
    assert on_disk <= made


def test_the_comparison_notices_a_changed_pixel():
    make_assets = load_generator()
    outputs = make_assets.build_only(["dice"])
    surface = outputs["sprites/dice.png"].copy()
    surface.set_at((5, 5), (1, 2, 3, 255))
    assert make_assets.differs("sprites/dice.png", surface) == "pixels differ"
    assert make_assets.differs("sprites/dice.png", outputs["sprites/dice.png"]) is None
    assert make_assets.differs("sprites/nothing.png", surface) == "missing"


def sounds_made_by(maker: str) -> set[str]:
    """The sounds an art maker (assetgen/<maker>.py) makes: its SOUNDS, if it has any."""
    if importlib.util.find_spec(f"assetgen.{maker}") is None:
        return set()
    return set(getattr(importlib.import_module(f"assetgen.{maker}"), "SOUNDS", {}))


def test_each_sound_is_made_by_the_maker_of_whoever_plays_it():
    load_generator()  # puts assetgen on the path
    assert sounds_made_by("sounds") == set(GAINS)
    for info in load_games():
        assert sounds_made_by(info.id) == set(info.sounds), info.id
