"""Accessibility, judged by axe-core (pinned in tools/vendor.py's TEST_PACKAGES,
injected by the test, never shipped): every screen has no violation of any
impact and no text whose contrast axe cannot judge, at 1280x800 and 390x844.

The screens: the lobby, the setup and rules sheets, the table of every game
at its largest seat count (Mission for Peanuts also with its banner of
moments showing) and an end screen. axe runs through the DevTools protocol
(page.evaluate), which the page's Content-Security-Policy does not govern;
the fixtures still fail the test on any violation of that policy.
"""

import pytest

from tools.vendor import axe_source

from . import DESKTOP, MOVE_TIMEOUT_MS, PHONE, PLAYABLE, click_and_wait, open_table, wait_ui

pytest.importorskip("playwright.sync_api")

RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations", "incomplete"]});
  // Why: e.g. "bgGradient", or the colours and their contrast ratio.
  const why = (node) => node.any.map((check) => check.data || {}).map((data) =>
    [data.messageKey, data.fgColor, data.bgColor, data.contrastRatio].filter(Boolean).join(" "));
  const found = (items) => items.map((item) => ({
    id: item.id, impact: item.impact,
    targets: item.nodes.slice(0, 6).map((node) => [node.target.join(" "), ...why(node)].join(" ")),
    nodes: item.nodes.length}));
  return {violations: found(results.violations),
          unjudged: found(results.incomplete.filter((item) => item.id === "color-contrast"))};
}"""

# A human decision is pending, or the game is over, and no request is in flight.
SETTLED = """() => document.body.dataset.busy !== "true" && (
    document.querySelector(".end-screen") !== null ||
    document.body.dataset.humanTurn === "true")"""


def failures(results):
    """What axe found, one line per rule: rule id, impact, where."""
    lines = ["%s (%s) on %d: %s" % (item["id"], item["impact"], item["nodes"],
                                    ", ".join(item["targets"]))
             for item in results["violations"]]
    lines += ["color-contrast not judged on %d: %s" % (item["nodes"], ", ".join(item["targets"]))
              for item in results["unjudged"]]
    return lines


def assert_accessible(page, screen):
    """axe finds nothing on `screen` at either width."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(axe_source())
    # No card still fading in (main.py's arrivals): axe judges the colours at rest.
    page.emulate_media(reduced_motion="reduce")
    found = []
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        found += ["%s at %dx%d: %s" % (screen, size["width"], size["height"], line)
                  for line in failures(page.evaluate(RUN_AXE))]
    page.set_viewport_size(DESKTOP)
    assert not found, "axe-core found:\n" + "\n".join(found)


# The lobby's screens: each (the button that opens it, or None, and its name).
LOBBY_SCREENS = [(None, "lobby"),
                 ('.tile[data-game="mister-spy"] [data-action="play"]', "setup sheet"),
                 ('.tile[data-game="spy-tricks"] [data-action="rules"]', "rules sheet")]


def test_the_lobby_and_its_sheets_are_accessible(page, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    for opener, screen in LOBBY_SCREENS:
        if opener:
            page.keyboard.press("Escape")  # closes the sheet before, if any
            page.click(opener)
            page.locator("#overlay").wait_for()
        assert_accessible(page, screen)


def open_deal(page, site_server, deal):
    open_table(page, "%s?%s&pace=instant" % (site_server.url, deal))
    page.wait_for_function(SETTLED, timeout=MOVE_TIMEOUT_MS)


def play_by_keys(page, number, letter):
    """A number key picks a hand card (or arms its choices' keys), then a
    letter does its action."""
    moves = int(page.get_attribute("body", "data-moves"))
    page.keyboard.press(number)
    page.locator("#table .selected, #table .key-armed").first.wait_for()
    page.keyboard.press(letter)
    page.wait_for_function("() => Number(document.body.dataset.moves) > %d" % moves,
                           timeout=MOVE_TIMEOUT_MS)
    assert page.locator("#message").is_hidden()  # no refusal


def test_mister_spy_at_six_seats_is_accessible(page, site_server):
    open_deal(page, site_server, "game=mister-spy&seed=5&players=6")
    assert_accessible(page, "mister-spy table")


def test_spy_tricks_at_four_seats_is_accessible_and_a_card_is_played_by_keys(page, site_server):
    open_deal(page, site_server, "game=spy-tricks&seed=5&players=4")
    assert_accessible(page, "spy-tricks table")
    play_by_keys(page, "1", "p")


def test_deck_of_spies_is_accessible_and_a_disabled_button_says_why(page, site_server):
    """Nothing selected: Counter is disabled; focused, it shows its reason;
    clicked, it says it and sends nothing. The focus ring is white, a
    selected card gold."""
    open_deal(page, site_server, "game=deck-of-spies&seed=123")
    assert_accessible(page, "deck-of-spies table")
    counter = page.locator('#table [data-type="counter"]')
    assert counter.get_attribute("aria-disabled") == "true"
    page.focus('#table [data-type="recruit"]')
    page.keyboard.press("Shift+Tab")  # a keyboard focus: the ring and the reason show
    assert page.locator("#why-counter").is_visible()
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
    assert ring == "rgb(255, 255, 255)", ring
    counter.click(force=True)  # Playwright waits for an enabled button otherwise
    page.locator("#message").wait_for(state="visible")
    assert "Select cards in your hand first" in page.inner_text("#message")
    assert page.get_attribute("body", "data-moves") == "0"
    page.keyboard.press("1")
    selected = page.locator("#table .hand .card.selected")
    selected.wait_for()
    assert page.evaluate("(card) => getComputedStyle(card).borderTopColor",
                         selected.element_handle()) == "rgb(227, 179, 65)"


def test_mission_for_peanuts_its_banner_and_the_end_screen_are_accessible(page, site_server):
    """Five seats, one Peanut Point to win: the Role picked by keys (its number,
    then R), then the first choice each time until the match ends; axe runs on
    the table, its first banner and the end screen."""
    open_deal(page, site_server, "game=mission-for-peanuts&seed=9&players=5&level=easy&target=1")
    assert_accessible(page, "mission-for-peanuts table")
    play_by_keys(page, "2", "r")
    banner = False
    while True:
        page.wait_for_function(SETTLED, timeout=MOVE_TIMEOUT_MS)
        if page.query_selector(".end-screen"):
            break
        if not banner and page.query_selector(".mp-banner"):
            banner = True
            assert_accessible(page, "mission-for-peanuts banner")
        click_and_wait(page, page.locator(PLAYABLE).first)
    assert banner
    assert_accessible(page, "end screen")
