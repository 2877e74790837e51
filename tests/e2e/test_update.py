"""Updates are atomic: a page runs one build wholly.

Build A is served and played; then build B (the same source with a changed
stylesheet) replaces it on the server, as a deploy does. The open page keeps
running A, from A's cache, and offers "A new version is ready"; its Reload
button makes B's service worker take over, and every open tab of the site
reloads onto B, the game in progress carried over.
"""

import shutil
import subprocess
import sys

import pytest

import build
from pyapp.games import new_game

from . import both_widths, wait_engine, wait_ui
from .conftest import own_context
from .test_deck_of_spies import assert_page_matches, open_deal, play_move

SEED = 7
SW_TIMEOUT_MS = 120_000
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
APP_CSS = """() => fetch("./static/app.css").then((response) => response.text())"""
CACHES = "() => caches.keys()"


def build_site(src, out):
    """build.build(src, out) in a fresh CPython (the build imports pyapp from
    `src`, which must not meet the modules of this test run); its build id."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys, build; print(build.build(sys.argv[1], sys.argv[2]))",
         str(src), str(out)],
        cwd=build.ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, "the build failed:\n" + done.stdout + done.stderr
    return done.stdout.split()[-1]


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """Builds A and B of this source, which differ in static/app.css only:
    {"A": (folder, build id), "B": (folder, build id)}."""
    root = tmp_path_factory.mktemp("update")
    src = root / "src"
    src.mkdir()
    shutil.copy(build.ROOT / "index.html", src)
    for name in ("pyapp", "static"):
        shutil.copytree(build.ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    first = build_site(src, root / "a")
    with open(src / "static" / "app.css", "a", encoding="utf-8") as css:
        css.write("\n/* build B */\n")
    second = build_site(src, root / "b")
    assert first != second
    return {"A": (root / "a", first), "B": (root / "b", second)}


def deploy(built, site):
    """Replace the served folder's contents with `built`, as a deploy does.
    Fresh modification times, so the server answers revalidations with B."""
    for child in site.iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.copytree(built, site, dirs_exist_ok=True, copy_function=shutil.copy)


def test_an_open_page_runs_its_build_until_reload_then_every_tab_moves_on(
        browser, builds, tmp_path):
    (a, a_id), (b, b_id) = builds["A"], builds["B"]
    site = tmp_path / "site"
    shutil.copytree(a, site)
    # The server outlives the context, whose checks need its origin.
    with build.SiteServer(site) as server, own_context(browser) as context:
        page = context.new_page()
        open_deal(page, server.url, seed=SEED)
        page.evaluate("window.__sameDocument = true")
        state = new_game("deck-of-spies", seed=SEED)
        for _ in range(2):
            play_move(page, state, state.legal_actions()[0])
        # The first worker takes this page over without reloading it.
        page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
        assert page.evaluate("window.__sameDocument") is True
        assert page.get_attribute("body", "data-update") is None
        lobby = context.new_page()
        lobby.goto(server.url)
        wait_ui(lobby)
        assert lobby.evaluate(CONTROLLED)

        deploy(b, site)
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector('body[data-update="ready"]', state="attached", timeout=SW_TIMEOUT_MS)
        # B is installed and waiting; this page still runs A, wholly.
        assert page.get_attribute("body", "data-build") == a_id
        assert page.evaluate(APP_CSS) == (a / "static" / "app.css").read_text()
        assert page.evaluate(CACHES) == ["safehouse-" + a_id, "safehouse-" + b_id]
        assert page.is_visible("#update") and lobby.get_attribute("body", "data-build") == a_id
        both_widths(page, "update-ready")

        page.click('[data-action="update-reload"]')
        for tab in (page, lobby):
            tab.wait_for_selector('body[data-build="%s"]' % b_id, state="attached",
                                  timeout=SW_TIMEOUT_MS)
            wait_ui(tab)
            assert tab.evaluate(APP_CSS) == (b / "static" / "app.css").read_text()
        assert page.evaluate(CACHES) == ["safehouse-" + b_id]
        assert page.evaluate("window.__sameDocument") is None
        assert page.get_attribute("body", "data-update") is None
        # The game in progress carried over.
        wait_engine(page)
        page.wait_for_selector('body[data-screen="table"][data-moves="2"]', state="attached",
                               timeout=SW_TIMEOUT_MS)
        assert_page_matches(page, state)
