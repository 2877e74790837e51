"""Shared test setup (CPython only): the built site and a static server of it.

`site_dist` is the built site: dist/ as `python3 build.py test` just built it
(it sets SAFEHOUSE_DIST), or else a fresh build into a temporary folder, so a
bare `python -m pytest` never tests a stale dist/.

`site_server` serves it at http://127.0.0.1:<free port>/ and `subpath_server`
serves the same files under /safehouse/ only, as GitHub Pages serves a project
site (the root of that origin is empty).

`app_catalogue` is what the page should list: pyapp.bots.catalogue() and
the lobby HTML, computed in a fresh CPython as the build does (in this test
process, tests that import a game module directly register extra games).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.serve import SiteServer  # noqa: E402  (needs ROOT on sys.path)


@pytest.fixture(scope="session")
def site_dist(tmp_path_factory):
    built = os.environ.get("SAFEHOUSE_DIST")
    if built:
        return Path(built)
    out = tmp_path_factory.mktemp("site") / "dist"
    # A separate process: the build imports pyapp, which must not disturb
    # the modules this test run has imported.
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--out", str(out)],
        capture_output=True, text=True,
    )
    assert done.returncode == 0, "the build failed:\n" + done.stdout + done.stderr
    return out


@pytest.fixture(scope="session")
def site_server(site_dist):
    with SiteServer(site_dist) as server:
        yield server


@pytest.fixture(scope="session")
def subpath_server(site_dist):
    with SiteServer(site_dist, prefix="/safehouse/") as server:
        yield server


CATALOGUE_SCRIPT = """
import json, pyapp.bots, pyapp.ui.lobby
games = pyapp.bots.catalogue()
print(json.dumps({"catalogue": games, "lobby_html": pyapp.ui.lobby.lobby_html(games)}))
"""


@pytest.fixture(scope="session")
def app_catalogue():
    done = subprocess.run(
        [sys.executable, "-B", "-c", CATALOGUE_SCRIPT], cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
