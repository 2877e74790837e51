"""A tap on a greyed option, on a phone (390x844, touch), shows why at the
option, in view and within the screen's width, and makes no move (issue
#35). Every game's greyed options are clicked under CPython
(tests/test_ui_core.py); this proves what only a browser shows: the reason
opens where the finger is."""

import pytest

from . import MOVE_TIMEOUT_MS, screenshot, wait_ui

# Deals whose first decision of the person's has a greyed option (found under
# CPython with normal bots; Mission for Peanuts' are rare and shown always).
DEALS = [("deck-of-spies", "seed=1"), ("spy-tricks", "players=3&seed=4&level=normal"),
         ("mister-spy", "players=2&seed=1&level=normal")]
GREYED = '#table [aria-disabled="true"][data-action]:not([data-action="undo"])'
# The greyed option's reason: on show, inside the viewport.
REASON = """(button) => {
  const why = document.getElementById(button.getAttribute("aria-describedby"));
  const r = why.getBoundingClientRect();
  return {shown: why.classList.contains("shown") && r.height > 0, text: why.textContent,
          inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth};
}"""


@pytest.mark.parametrize("game, setup", DEALS)
def test_a_tap_on_a_greyed_option_shows_why_at_it(phone, site_server, game, setup):
    page = phone
    page.goto("%s?game=%s&%s&pace=instant" % (site_server.url, game, setup))
    wait_ui(page)
    page.wait_for_selector('body[data-screen="table"][data-human-turn="true"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    moves = page.get_attribute("body", "data-moves")
    greyed = page.locator(GREYED).last
    greyed.scroll_into_view_if_needed()
    greyed.tap(force=True)  # (Playwright holds aria-disabled controls unusable; a finger does not)
    page.wait_for_selector("#message:not([hidden])", timeout=MOVE_TIMEOUT_MS)
    page.wait_for_function(
        "(sel) => [...document.querySelectorAll(sel)].some((b) =>"
        " document.getElementById(b.getAttribute('aria-describedby')).classList.contains('shown'))",
        arg=GREYED, timeout=MOVE_TIMEOUT_MS)
    reason = page.locator(GREYED).last.evaluate(REASON)
    assert reason["shown"] and reason["inView"] and reason["text"].strip(), reason
    assert "{" not in page.inner_text("#message")
    assert page.get_attribute("body", "data-moves") == moves
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing widened
    page.wait_for_timeout(300)  # the redrawn cards arrive (180 ms) before the picture
    screenshot(page, "refusal-%s" % game)
