"""The built site in Chromium: it opens, stays local, works offline and under a sub-path."""

import gzip
import json
import re
import shutil
from urllib.parse import urlsplit

import pytest

import build
from tools import site

from . import open_table, screenshot, wait_engine, wait_ui
from .conftest import check_requests, new_logged_context, off_origin

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


# Browsers without scheduler.yield(): Safari has no `scheduler`; Chromium
# before 129 has one without yield(). The UI then yields with timers.
NO_SCHEDULER_YIELD = {
    "no-scheduler": "for (let o = window; o; o = Object.getPrototypeOf(o)) delete o.scheduler;",
    "no-yield": "delete Scheduler.prototype.yield;",
}


@pytest.mark.parametrize("script", NO_SCHEDULER_YIELD.values(), ids=list(NO_SCHEDULER_YIELD))
def test_a_browser_without_scheduler_yield_boots_and_deals(page, site_server, script):
    """The UI's modules and its start load in tasks apart, with timers in
    place of scheduler.yield(), and the engine worker still starts (the page
    posts its start with scheduler.postTask where it can)."""
    page.add_init_script(script)
    open_table(page, site_server.url + "?game=spy-tricks&seed=5&players=4")
    assert page.evaluate("() => typeof scheduler === 'undefined' || !('yield' in scheduler)")
    screenshot(page, "spy-tricks-without-scheduler-yield")
    assert "your hand" in page.inner_text("#table").lower()
    assert not [line for line in page.console_log if "error" in line.lower()], page.console_log


def test_no_request_leaves_the_local_server(page, context, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    wait_engine(page)
    # The log holds the worker's requests too: the interpreter it booted.
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm") for url in context.request_log)
    assert off_origin(context.request_log) == []


def test_the_page_fetches_the_ui_once_and_no_plugin_it_leaves_out(page, site_server):
    """The UI's bytecode, one bundle, is preloaded beside the boot chain: the
    preload is the very fetch PyScript makes, not a second one. The page
    fetches no .py file. PyScript's unused plugins are left out, so they are
    not fetched at all."""
    page.goto(site_server.url)
    wait_ui(page)
    paths = page.evaluate("() => performance.getEntriesByType('resource')"
                          ".map((entry) => new URL(entry.name).pathname)")
    files = [path for path in paths if path.startswith("/pyapp/")]
    assert files == ["/" + site.UI_BUNDLE]
    plugins = [path for path in paths for name in site.UNUSED_PLUGINS
               if path.startswith("/vendor/pyscript/%s-" % name)]
    assert plugins == []
    # Nor PyScript's stylesheet: app.css hides the configuration's JSON.
    assert not any(path.startswith("/vendor/pyscript/") and path.endswith(".css") for path in paths)
    assert page.locator("py-config").is_hidden()


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


# Which comes first on the page: the engine's worker being started, or
# PyScript about to run the UI (mpy:ready).
RECORD_BOOT_ORDER = """(() => {
  const order = window.bootOrder = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (String(url).includes("engine-worker")) order.push("engine");
    }
  };
  document.addEventListener("mpy:ready", () => order.push("ui"), { once: true });
})()"""


def test_after_one_visit_the_site_works_offline(page, context, site_server, titles):
    page.add_init_script(RECORD_BOOT_ORDER)
    page.goto(site_server.url)
    wait_ui(page)
    wait_engine(page)
    # The first visit boots the engine once the UI is up.
    assert page.evaluate("bootOrder") == ["ui", "engine"]
    # The service worker claims the page once it has precached the whole site.
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    context.set_offline(True)

    page.reload()
    wait_ui(page)
    wait_engine(page)
    assert_lobby_lists(page, titles)
    # From the second visit on, the snapshot is at hand in the cache, and the
    # engine boots with the page, before PyScript runs the UI. (Which file is
    # requested first is the browser's choice: its preload scanner may fetch
    # the UI's preloaded modules before the worker asks for its script.)
    assert page.get_attribute("body", "data-engine-boot") == "snapshot"
    assert page.evaluate("bootOrder") == ["engine", "ui"]

    # Any address of the app with a query string opens it from the cache too.
    page.goto(site_server.url + "?from=bookmark")
    wait_ui(page)
    wait_engine(page)
    assert_lobby_lists(page, titles)

    # The fallback boot works offline too: with the cached snapshot spoilt,
    # the worker boots from the precached compiled modules and deals a game.
    page.evaluate(SPOIL_CACHED_SNAPSHOT)
    open_table(page, site_server.url + "?game=deck-of-spies&seed=7")
    assert page.get_attribute("body", "data-engine-boot") == "files"
    assert page.locator("#table .hand").count() == 1


SPOIL_CACHED_SNAPSHOT = """async () => {
  const [name] = (await caches.keys()).filter((key) => key.startsWith("safehouse-"));
  const cache = await caches.open(name);
  const url = new URL("engine/snapshot.gz", location.href).href;
  if (!(await cache.match(url))) throw new Error("the snapshot is not precached");
  await cache.put(url, new Response("not a heap"));
}"""


def precached_paths(site_dist):
    """The site paths sw.js precaches, "" for "./"."""
    text = (site_dist / "sw.js").read_text()
    urls = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    return {url[len("./"):] for url in urls}


def session_of_every_game(browser, site_server, app_catalogue):
    """The engine's boot ("snapshot" or "files") and the site paths fetched
    in a first visit that opens a table of every game."""
    # No service worker: the requests are the page's and its engine's own.
    # (The page's registration then fails, which is this test's doing.)
    context = new_logged_context(browser, service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_server.url)
        wait_ui(page)
        wait_engine(page)
        boot = page.get_attribute("body", "data-engine-boot")
        for game in app_catalogue["catalogue"]:
            open_table(page, site_server.url + "?game=%s&seed=7&pace=instant" % game["id"])
    finally:
        context.close()
    check_requests(context)
    return boot, {urlsplit(url).path[1:] for url in context.request_log if url.startswith(site_server.url)}


def test_the_service_worker_precaches_what_a_session_of_every_game_fetches(
        browser, site_server, site_dist, app_catalogue):
    boot, fetched = session_of_every_game(browser, site_server, app_catalogue)
    if boot != "snapshot":
        # The page judged loopback a slow link: it times its largest download,
        # which a stalled machine can hold up (seen once in a CI run). The
        # session is measured as a fast link has it, so it is played again.
        boot, fetched = session_of_every_game(browser, site_server, app_catalogue)
    assert boot == "snapshot"
    precached = precached_paths(site_dist)
    assert fetched - precached == set(), "fetched but not precached"
    # Precached and not fetched: only the engine's fallback boot (its modules
    # compiled), what installing the app needs (the manifest and its icons),
    # and the import's script, loaded when a person imports a file.
    fallback = {"engine/modules.zip"}
    install = {"manifest.webmanifest"} | {path for path in precached if path.startswith("icons/")}
    on_demand = {"static/transfer.mjs"}
    assert precached - fetched - fallback - install - on_demand == set()
    size = lambda path: (site_dist / (path or "index.html")).stat().st_size  # noqa: E731
    precached_bytes, fetched_bytes = sum(map(size, precached)), sum(map(size, fetched))
    print("precached %d bytes, a session of every game fetched %d (%.3fx)"
          % (precached_bytes, fetched_bytes, precached_bytes / fetched_bytes))
    assert precached_bytes <= 1.1 * fetched_bytes


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
