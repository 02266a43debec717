"""tools/build_exe.py's figures: the size on disk counts every file once (links not
followed, hard links once), and the download keeps the bundle's links as links."""

import os
import sys
import tarfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import build_exe  # noqa: E402

pytestmark = pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges")


def bundle(tmp_path: Path) -> Path:
    """A folder like PyInstaller's: a library in _internal, linked from the top."""
    folder = tmp_path / "PixelParlor-9.9"
    (folder / "_internal").mkdir(parents=True)
    (folder / "PixelParlor-9.9").write_bytes(b"p" * 1000)
    (folder / "_internal" / "libbig.so").write_bytes(b"x" * 5000)
    (folder / "libbig.so").symlink_to("_internal/libbig.so")
    (folder / "_internal" / "pygame").symlink_to(".", target_is_directory=True)
    os.link(folder / "_internal" / "libbig.so", folder / "_internal" / "libbig.so.1")
    return folder


def test_the_size_on_disk_counts_each_file_once(tmp_path):
    assert build_exe.size_on_disk(bundle(tmp_path)) == 6000
    assert build_exe.size_on_disk(tmp_path / "PixelParlor-9.9" / "PixelParlor-9.9") == 1000


def test_the_download_holds_the_folder_with_its_links_as_links(tmp_path):
    folder = bundle(tmp_path)
    archive = build_exe.pack(folder)
    assert archive.parent == tmp_path and archive.name.startswith("PixelParlor-9.9-")
    assert archive.name.endswith(".tar.gz")
    with tarfile.open(archive) as packed:
        members = {m.name: m for m in packed.getmembers()}
    assert members["PixelParlor-9.9/libbig.so"].issym()
    assert members["PixelParlor-9.9/_internal/libbig.so"].isfile()
    assert members["PixelParlor-9.9/PixelParlor-9.9"].size == 1000


def test_the_one_file_programs_download_is_named_after_it(tmp_path):
    program = tmp_path / "PixelParlor-9.9.1-onefile"
    program.write_bytes(b"p" * 100)
    archive = build_exe.pack(program)
    assert archive.name.startswith("PixelParlor-9.9.1-onefile-")
    with tarfile.open(archive) as packed:
        assert packed.getnames() == ["PixelParlor-9.9.1-onefile"]


def test_the_smoke_tests_table_code_is_one_the_host_accepts():
    """(A code of the old six letters made the built program's host refuse to start.)"""
    from game.net import protocol

    assert protocol.valid_code(protocol.normal_code(build_exe.SMOKE_CODE))


def test_the_tools_and_the_frozen_reference_players_do_not_ship():
    spec = (Path(__file__).resolve().parents[2] / "build.spec").read_text(encoding="utf-8")
    excludes = spec.split("excludes = [", 1)[1].split("]", 1)[0]
    assert '"tools"' in excludes and '"tests"' in excludes
    toc = (
        "('PYZ-00.pyz', [('game.engine.mille.expert', '/x/expert.py', 'PYMODULE'),\n"
        " ('tools.mille_expert_2026', '/x/tools/mille_expert_2026.py', 'PYMODULE'),\n"
        " ('tests', '/x/tests/__init__.py', 'PYMODULE'),\n"
        " ('game.tools_menu', '/x/game/tools_menu.py', 'PYMODULE')])"
    )
    assert build_exe.unshipped_modules(toc) == ["tests", "tools.mille_expert_2026"]
