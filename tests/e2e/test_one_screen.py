"""One screen on every device (issue #36): at 390x844 (a touch phone),
1280x720 and 1366x657, when it is the person's turn, the prompt, every
enabled choice and the hand are all in view without the person scrolling
(the page brings a new decision into view: core.reveal); at the end, the
result. Measured for each game at each table size; the scrolling's
decisions are the core's (tests/test_ui_core.py), this proves the geometry."""

import pytest

from . import MOVE_TIMEOUT_MS, screenshot, wait_ui
from .conftest import check_requests, new_logged_context

SIZES = [(390, 844), (1280, 720), (1366, 657)]
TABLES = [("deck-of-spies", 1)] + [("mission-for-peanuts", n) for n in (3, 4, 5)] + [
    ("spy-tricks", n) for n in (3, 4)] + [("mister-spy", n) for n in (2, 3, 4, 5, 6)]
# Where what must be seen lies, against the viewport less a sticky bar at its top.
IN_VIEW = """(selector) => {
  const bar = [...document.querySelectorAll(".latest-move")]
    .find((b) => getComputedStyle(b).position === "sticky");
  const top = bar ? bar.offsetHeight : 0;
  const boxes = [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length)
    .map((e) => { const r = e.getBoundingClientRect();
                  return {what: e.outerHTML.slice(0, 80), top: r.top, bottom: r.bottom}; });
  const out = boxes.filter((b) => b.top < top - 1 || b.bottom > innerHeight + 1);
  return {count: boxes.length, out: out.slice(0, 3)};
}"""
DECISION = ("#table [data-prompt], #table [data-hand], "
            '#table [data-act]:not([aria-disabled="true"]), '
            '#table [data-action="do"]:not([aria-disabled="true"])')


def deal_url(base, game, players, seed=5):
    extra = "&players=%d&level=easy" % players if players > 1 else ""
    return "%s?game=%s&seed=%d&pace=instant%s" % (base, game, seed, extra)


def open_for_a_move(page, url):
    """Open a deal and wait until the person is to move."""
    page.goto(url)
    wait_ui(page)
    page.wait_for_selector('body[data-human-turn="true"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)


@pytest.mark.parametrize("width, height", SIZES)
def test_the_decision_is_in_view_at_every_table(browser, site_server, width, height):
    phone = width < 500
    context = new_logged_context(browser, viewport={"width": width, "height": height},
                                 is_mobile=phone, has_touch=phone)
    page = context.new_page()
    for game, players in TABLES:
        page.goto(deal_url(site_server.url, game, players))
        wait_ui(page)
        page.wait_for_selector('body[data-screen="table"][data-human-turn="true"]',
                               state="attached", timeout=MOVE_TIMEOUT_MS)
        page.wait_for_function("(sel) => document.querySelector(sel) !== null",
                               arg="#table [data-prompt]", timeout=MOVE_TIMEOUT_MS)
        found = page.evaluate(IN_VIEW, DECISION)
        assert found["count"] >= 2 and not found["out"], (game, players, width, found)
        screenshot(page, "one-screen-%s-%d" % (game, players))
    context.close()
    check_requests(context)


def test_the_result_is_in_view_when_a_game_ends_on_a_phone(phone, site_server):
    page = phone
    open_for_a_move(page, deal_url(site_server.url, "deck-of-spies", 1, seed=82))
    page.tap('[data-action="autoplay"]')
    page.wait_for_selector('body[data-over="true"]', state="attached", timeout=MOVE_TIMEOUT_MS)
    page.wait_for_selector("#table [data-result]")
    found = page.evaluate(IN_VIEW, "#table [data-result]")
    assert found["count"] == 1 and not found["out"], found
    screenshot(page, "one-screen-result")


def test_a_hint_asked_for_on_a_phone_comes_into_view_below_the_hand(phone, site_server):
    # Mission for Peanuts 4 players, deal 71: the hint is drawn under the hand
    # and the notes, well below the fold of a phone.
    page = phone
    open_for_a_move(page, deal_url(site_server.url, "mission-for-peanuts", 4, seed=71))
    page.tap('[data-action="hint"]')
    page.wait_for_selector("#table .hint [data-hint-reason]", timeout=MOVE_TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('#table .hint').getBoundingClientRect()"
                           ".bottom <= innerHeight + 1", timeout=MOVE_TIMEOUT_MS)
    found = page.evaluate(IN_VIEW, "#table .hint")
    assert found["count"] == 1 and not found["out"], found
    screenshot(page, "one-screen-hint")
