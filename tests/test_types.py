"""mypy --strict passes on the engines, the bots, the session, the worker
and the page core (pyapp/ui/core.py, screens.py).

The settings (and the modules still exempt) are in mypy.ini; the rest of
pyapp/ui runs under MicroPython, which has no `typing`, and is not checked.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is not installed (python3 build.py test installs "
                                   "it from requirements-test.txt)")


def test_mypy_finds_no_error_in_pyapp():
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "mypy.ini"),
         "--cache-dir", os.devnull],  # no cache in the shared tree
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
