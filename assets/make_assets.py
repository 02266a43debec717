#!/usr/bin/env python3
"""Regenerate every sprite sheet, font and sound of Pixel Parlor, deterministically.

    python assets/make_assets.py            write everything under assets/
    python assets/make_assets.py --check    report files that differ from the script

The game loads the committed files; tests/art checks they match this script (decoded
pixels, JSON data and samples are compared, not file bytes). Edit the drawing code in
assets/assetgen/, run this, look at the gallery (python -m game.scenes.gallery --out DIR),
and commit the script and the files together.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
import wave
from pathlib import Path

ASSETS = Path(__file__).resolve().parent
ROOT = ASSETS.parent
# This repo's game package first (the palette lives there); assetgen from beside us.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ASSETS) not in sys.path:
    sys.path.append(str(ASSETS))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from assetgen.sound import Wave  # noqa: E402

# The program's own makers; each registered game adds the shared sheets it draws from
# (GameInfo.art) and its own maker, assetgen/<id>.py, when that makes a sheet (build()).
SHELL_MAKERS = ("fonts", "uisheet", "sounds")


def makers() -> list[str]:
    """Every maker to run, each once: the fonts first, then the games' art, then the rest."""
    from game.shell.registry import load_games

    names = [SHELL_MAKERS[0]]
    for info in load_games():
        for name in (*info.art, info.id):
            if name in names or importlib.util.find_spec(f"assetgen.{name}") is None:
                continue  # a game with no art of its own (it draws its icon)
            if hasattr(importlib.import_module(f"assetgen.{name}"), "build"):
                names.append(name)
    return names + [name for name in SHELL_MAKERS[1:] if name not in names]


def build_only(makers) -> dict:
    """The outputs of some makers (see MAKERS): {path under assets/: Surface | dict | ...}."""
    outputs = {}
    for name in makers:
        module = importlib.import_module(f"assetgen.{name}")
        outputs.update(module.build())
    return outputs


def build() -> dict:
    """Every output file as {path under assets/: Surface | dict | Wave | bytes}."""
    return build_only(makers())


def encode_json(data, indent: int = 0) -> str:
    """JSON with one key per line and lists kept on one line (short, diff-friendly)."""
    if not isinstance(data, dict):
        return json.dumps(data, ensure_ascii=True)
    pad = " " * (indent + 1)
    items = [
        f"{pad}{json.dumps(key, ensure_ascii=True)}: {encode_json(data[key], indent + 1)}"
        for key in sorted(data)
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def write(outputs: dict) -> None:
    """Write every output under assets/."""
    for rel, item in sorted(outputs.items()):
        path = ASSETS / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(item, pygame.Surface):
            pygame.image.save(item, str(path))
        elif isinstance(item, Wave):
            item.save(path)
        elif isinstance(item, bytes):
            path.write_bytes(item)
        else:
            path.write_text(encode_json(item) + "\n", encoding="utf-8")


def pixels(surface: pygame.Surface) -> bytes:
    """RGBA bytes with every fully transparent pixel zeroed (its RGB is meaningless)."""
    data = bytearray(pygame.image.tobytes(surface, "RGBA"))
    for i in range(3, len(data), 4):
        if data[i] == 0:
            data[i - 3 : i] = b"\0\0\0"
    return bytes(data)


def differs(rel: str, item) -> str | None:
    """Why the committed file differs from the generated item, or None if it matches."""
    path = ASSETS / rel
    if not path.exists():
        return "missing"
    if isinstance(item, pygame.Surface):
        loaded = pygame.image.load(str(path))
        if loaded.get_size() != item.get_size():
            return f"size {loaded.get_size()} != {item.get_size()}"
        return None if pixels(loaded) == pixels(item) else "pixels differ"
    if isinstance(item, Wave):
        with wave.open(str(path), "rb") as w:
            got = (
                w.getframerate(),
                w.getnchannels(),
                w.getsampwidth(),
                w.readframes(w.getnframes()),
            )
        want = (item.rate, 1, 2, item.frames())
        return None if got == want else "samples differ"
    if isinstance(item, bytes):
        return None if path.read_bytes() == item else "bytes differ"
    return (
        None
        if json.loads(path.read_text(encoding="utf-8")) == json.loads(encode_json(item))
        else "data differ"
    )


def stale(outputs: dict) -> list[str]:
    """'path: reason' for each committed file that does not match the generator."""
    problems = [
        f"{rel}: {why}" for rel, item in sorted(outputs.items()) if (why := differs(rel, item))
    ]
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    pygame.display.init()
    outputs = build()
    if args.check:
        problems = stale(outputs)
        print("\n".join(problems) or f"all {len(outputs)} files up to date")
        return 1 if problems else 0
    write(outputs)
    print(f"wrote {len(outputs)} files under {ASSETS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
