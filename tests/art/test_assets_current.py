"""The committed assets are exactly what assets/make_assets.py makes (pixels, data, samples)."""

import importlib.util

from game.resources import SOURCE_ROOT


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
