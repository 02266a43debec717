"""Ruff's lint and format check over the whole tree (configured in pyproject.toml), so
that the test command is also the style check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "command",
    [["check", "--no-cache"], ["format", "--check", "--no-cache"]],
    ids=["lint", "format"],
)
def test_ruff_is_clean(command):
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command, str(ROOT)], capture_output=True, text=True
    )
    assert result.returncode == 0, f"ruff {' '.join(command)}:\n{result.stdout}{result.stderr}"
