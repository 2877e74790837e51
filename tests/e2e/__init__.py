"""Helpers for the end-to-end tests (the fixtures are in conftest.py).

In a test module of this folder:

    from . import wait_ui, wait_engine, screenshot

    def test_lobby_lists_the_games(page, site_server):
        page.goto(site_server.url)
        wait_ui(page)
        screenshot(page, "lobby")

The page signals readiness on <body>: data-ui="ready" once the MicroPython UI
is interactive, data-engine="loading" | "ready" | "failed" for the Pyodide
worker. Wait on those, never sleep.
"""

from pathlib import Path

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"

# Generous: a cold Pyodide boot takes seconds, more on a busy 2-core machine.
UI_TIMEOUT_MS = 30_000
ENGINE_TIMEOUT_MS = 120_000


def _diagnostics(page):
    lines = getattr(page, "console_log", [])
    return "\nbrowser console (last 30 lines):\n" + "\n".join(lines[-30:])


def wait_ui(page, timeout=UI_TIMEOUT_MS):
    """Wait until the MicroPython UI is interactive (body[data-ui=ready])."""
    try:
        page.wait_for_selector('body[data-ui="ready"]', state="attached", timeout=timeout)
    except Exception as err:
        raise AssertionError("the UI did not become ready: %s%s" % (err, _diagnostics(page))) from None


def wait_engine(page, timeout=ENGINE_TIMEOUT_MS):
    """Wait until the Pyodide worker has booted (body[data-engine=ready])."""
    try:
        page.wait_for_selector(
            'body[data-engine="ready"], body[data-engine="failed"]',
            state="attached", timeout=timeout,
        )
    except Exception as err:
        raise AssertionError("the engine did not boot: %s%s" % (err, _diagnostics(page))) from None
    state = page.get_attribute("body", "data-engine")
    assert state == "ready", "the engine failed to boot%s" % _diagnostics(page)


def screenshot(page, name, full_page=False):
    """Save test-output/screenshots/NAME-WIDTHxHEIGHT.png; return its path."""
    size = page.viewport_size or {"width": 0, "height": 0}
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / ("%s-%dx%d.png" % (name, size["width"], size["height"]))
    page.screenshot(path=str(path), full_page=full_page)
    return path


# -- playing a table ------------------------------------------------------------

MOVE_TIMEOUT_MS = 60_000
PHONE = {"width": 390, "height": 844}
# A table's buttons that play a legal action (a greyed one carries its action
# too, for the engine to say why it is not legal).
PLAYABLE = '#table button[data-act]:not([aria-disabled="true"])'
DESKTOP = {"width": 1280, "height": 800}


def open_table(page, url):
    """Open a deal by its URL and wait until its table is shown."""
    page.goto(url)
    wait_ui(page)
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"]', state="attached", timeout=MOVE_TIMEOUT_MS)


def no_horizontal_overflow(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def both_widths(page, name):
    """Screenshots at desktop and phone width; the phone layout must not scroll sideways."""
    screenshot(page, name)
    page.set_viewport_size(PHONE)
    assert no_horizontal_overflow(page), name
    screenshot(page, name, full_page=True)
    page.set_viewport_size(DESKTOP)


def click_and_wait(page, target):
    """Click one choice (a selector or a locator) and wait until the page has taken the move."""
    moves = int(page.get_attribute("body", "data-moves"))
    if isinstance(target, str):
        page.click(target)
    else:
        target.click()
    page.wait_for_function("() => Number(document.body.dataset.moves) > %d" % moves,
                           timeout=MOVE_TIMEOUT_MS)


def first_time(seen, name):
    """True the first time a run meets `name` (recorded in the set `seen`): a
    playthrough takes each of its screenshots once."""
    if name in seen:
        return False
    seen.add(name)
    return True
