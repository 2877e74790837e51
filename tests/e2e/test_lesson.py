"""Learn, on a phone (390x844, touch): each game's lesson is followed to its
end by tapping what the coach points at, which is always in view, never
under the coach's box; a tap elsewhere makes no move. The lessons' scripts
are checked move by move under CPython (tests/test_lesson.py,
tests/test_ui_lesson.py); this proves the page's edge: the pointer lands on
a real control, the box shows, the taps reach the engine."""

import time

import pytest

from pyapp.games.lessons import LESSONS

from . import MOVE_TIMEOUT_MS, screenshot, wait_engine, wait_ui

# The pointer's element and the coach's box: both in the viewport, apart.
POINTER_IN_VIEW = """() => {
  const target = document.querySelector("[data-coach-target]");
  const box = document.querySelector("[data-coach]").getBoundingClientRect();
  if (!target) return null;
  const r = target.getBoundingClientRect();
  const inView = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  const underBox = target.closest("[data-coach]") === null && r.bottom > box.top && r.top < box.bottom
    && r.right > box.left && r.left < box.right;
  return {inView, underBox, what: target.outerHTML.slice(0, 120)};
}"""
# What changes with each tap: the move count, the coach's words, the pointer.
SIGNATURE = """() => [document.body.dataset.moves, document.body.dataset.tutorial,
  document.querySelector("[data-coach]").innerText,
  (document.querySelector("[data-coach-target]") || {}).outerHTML].join("|")"""
OTHER_MOVE = '#table [data-action="do"]:not([data-coach-target]):not([aria-disabled])'


def wait_for_pointer(page):
    """The pointer's place once the page has settled (the bots' moves shown)."""
    deadline = time.monotonic() + MOVE_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        if page.get_attribute("body", "data-tutorial") == "done":
            return None
        found = page.evaluate(POINTER_IN_VIEW)
        if found is not None:
            return found
        page.wait_for_timeout(100)
    raise AssertionError("the coach never pointed at anything")


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_each_lesson_is_followed_to_its_end_on_a_phone(phone, site_server, game):
    page = phone
    page.goto("%s?pace=instant" % site_server.url)
    wait_ui(page)
    wait_engine(page)
    page.tap('[data-action="learn"][data-game="%s"]' % game)
    page.wait_for_selector('body[data-tutorial="on"]', state="attached", timeout=MOVE_TIMEOUT_MS)
    started, taps, tried_elsewhere = time.monotonic(), 0, False
    while True:
        found = wait_for_pointer(page)
        if found is None:
            break
        assert found["inView"] and not found["underBox"], found
        if taps == 0:
            screenshot(page, "lesson-%s-start" % game)
        moves = page.get_attribute("body", "data-moves")
        if not tried_elsewhere and page.locator("#table [data-coach-target]").count() and \
                page.locator(OTHER_MOVE).count():
            tried_elsewhere = True  # a tap the lesson does not want: no move
            page.locator(OTHER_MOVE).first.tap()
            page.wait_for_selector("#message:not([hidden])", timeout=MOVE_TIMEOUT_MS)
            assert "The lesson wants you to" in page.inner_text("#message")
            assert page.get_attribute("body", "data-moves") == moves
        before = page.evaluate(SIGNATURE)
        page.locator("[data-coach-target]").tap()
        taps += 1
        assert taps < 300
        page.wait_for_function("(before) => (%s)() !== before" % SIGNATURE, arg=before,
                               timeout=MOVE_TIMEOUT_MS)
    screenshot(page, "lesson-%s-done" % game)
    assert tried_elsewhere and "Play a real game" in page.inner_text("[data-coach]")
    print("lesson %s: %d taps in %.1f s" % (game, taps, time.monotonic() - started))
