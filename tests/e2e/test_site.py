"""The built site in Chromium: it opens, stays local, works offline and under a sub-path."""

import gzip
import shutil

import pytest

import build

from . import open_table, screenshot, wait_engine, wait_ui
from .conftest import new_logged_context, off_origin

# A function, not an expression: Playwright evaluates a bare expression with
# eval(), which the page's policy forbids.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
SW_TIMEOUT_MS = 120_000


@pytest.fixture
def titles(app_catalogue):
    titles = [game["title"] for game in app_catalogue["catalogue"]]
    assert titles, "the catalogue is empty"
    return titles


def assert_lobby_lists(page, titles):
    text = page.inner_text("body")
    missing = [title for title in titles if title not in text]
    assert not missing, "the lobby does not show %s" % missing


def test_the_lobby_opens_and_lists_every_game(page, site_server, titles):
    page.goto(site_server.url)
    wait_ui(page)
    assert_lobby_lists(page, titles)
    wait_engine(page)
    screenshot(page, "lobby")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "lobby")


def test_no_request_leaves_the_local_server(page, context, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    wait_engine(page)
    # The log holds the worker's requests too: the interpreter it booted.
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm") for url in context.request_log)
    assert off_origin(context.request_log) == []


def test_a_request_to_another_host_fails_loudly(browser, site_server):
    # A bare context: this test makes the off-origin request on purpose.
    context = new_logged_context(browser)
    try:
        page = context.new_page()
        page.goto(site_server.url + "manifest.webmanifest")
        outcome = page.evaluate(
            """() => fetch("https://cdn.example.net/pyodide/", {mode: "no-cors"})
                       .then(() => "answered", (error) => "failed: " + error)"""
        )
    finally:
        context.close()
    assert outcome.startswith("failed")
    assert any("ERR_NAME_NOT_RESOLVED" in line for line in context.failed_requests), context.failed_requests


def test_after_one_visit_the_site_works_offline(page, context, site_server, titles):
    page.goto(site_server.url)
    wait_ui(page)
    wait_engine(page)
    # The service worker claims the page once it has precached the whole site.
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    context.set_offline(True)

    page.reload()
    wait_ui(page)
    wait_engine(page)
    assert_lobby_lists(page, titles)

    # Any address of the app with a query string opens it from the cache too.
    page.goto(site_server.url + "?from=bookmark")
    wait_ui(page)
    wait_engine(page)
    assert_lobby_lists(page, titles)


def test_the_site_works_under_a_sub_path(page, context, subpath_server, titles):
    page.goto(subpath_server.url)
    wait_ui(page)
    wait_engine(page)
    assert_lobby_lists(page, titles)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    scope = page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)")
    assert scope == subpath_server.url
    outside = [
        url for url in context.request_log
        if not url.startswith((subpath_server.url, "data:", "blob:"))
    ]
    assert outside == [], "requests outside the sub-path"


def test_the_page_has_its_icon_and_manifest(page, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    manifest = page.evaluate(
        """() => fetch(document.querySelector('link[rel="manifest"]').href).then((r) => r.json())"""
    )
    assert manifest["start_url"] == "./"
    icon = page.evaluate(
        """() => fetch(document.querySelector('link[rel~="icon"]').href).then((r) => r.status)"""
    )
    assert icon == 200


def test_the_engine_boots_from_its_snapshot(page, site_server):
    page.goto(site_server.url)
    wait_engine(page)
    assert page.get_attribute("body", "data-engine-boot") == "snapshot"


@pytest.fixture
def broken_snapshot_server(site_dist, tmp_path):
    """The site, but with an engine snapshot that is not one."""
    site = tmp_path / "site"
    shutil.copytree(site_dist, site, ignore=shutil.ignore_patterns("vendor"))
    (site / "vendor").symlink_to(site_dist / "vendor")
    (site / "engine" / "snapshot.gz").write_bytes(gzip.compress(b"not a heap" * 1000))
    with build.SiteServer(site) as server:
        yield server


def test_an_unusable_snapshot_falls_back_to_the_python_files(broken_snapshot_server, page):
    # (The server fixture comes first so that it outlives the request check.)
    open_table(page, broken_snapshot_server.url + "?game=deck-of-spies&seed=7")
    assert page.get_attribute("body", "data-engine-boot") == "files"
    assert page.locator("#table .hand").count() == 1
