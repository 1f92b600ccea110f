"""The code passes ruff with the project's settings (pyflakes and pycodestyle rules)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean():
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (it comes with the test extra)")
    done = subprocess.run([ruff, "check", "basra_dsl", "tests", "benchmarks"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
