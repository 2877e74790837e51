"""Cards that travel (issue #36): a card played glides from the hand to the
trick (FLIP: a transform animation added to the card, at most 300 ms); a
bot's card glides as its move is shown; none glides under reduced motion
or at pace instant. The glides are static/redraw.mjs's; every call to
Element.animate is recorded by an init script."""

import pytest

from . import MOVE_TIMEOUT_MS, PLAYABLE, wait_ui
from .conftest import check_requests, new_logged_context

RECORD = """
window.__glides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  window.__glides.push({face: this.dataset.face || null, first: JSON.stringify(keyframes[0]),
                        duration: options.duration, kind: this.classList[0]});
  return animate.call(this, keyframes, options);
};
"""
URL = "%s?game=spy-tricks&players=3&seed=4&level=normal&pace=%s"


def play_a_card(browser, site_server, pace, **options):
    """Play the first playable card at the person's turn; the glides seen
    until the person's next turn, and the card played."""
    context = new_logged_context(browser, **options)
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(URL % (site_server.url, pace))
    wait_ui(page)
    page.wait_for_selector('body[data-human-turn="true"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    page.evaluate("window.__glides = []")
    card = page.locator('#table .st-hand [data-act]:not([aria-disabled="true"])').first
    face = card.get_attribute("data-face")
    moves = int(page.get_attribute("body", "data-moves"))
    card.click()
    page.wait_for_function("(m) => Number(document.body.dataset.moves) > m + 1", arg=moves,
                           timeout=MOVE_TIMEOUT_MS)  # the bots' moves too
    glides = page.evaluate("window.__glides")
    context.close()
    check_requests(context)
    return glides, face


def test_a_card_played_glides_to_the_trick_and_the_bots_cards_too(browser, site_server):
    glides, face = play_a_card(browser, site_server, "fast")
    mine = [glide for glide in glides if glide["face"] == face]
    assert mine and "translate(" in mine[0]["first"] and mine[0]["duration"] <= 300, glides
    assert any(glide["face"] not in (None, face) for glide in glides), glides  # a bot's card


@pytest.mark.parametrize("pace, motion", [("fast", "reduce"), ("instant", "no-preference")])
def test_no_card_glides_under_reduced_motion_or_at_pace_instant(browser, site_server, pace,
                                                                motion):
    glides, _ = play_a_card(browser, site_server, pace, reduced_motion=motion)
    assert glides == [], glides


def test_a_card_drawn_glides_from_the_deck(browser, site_server):
    """Deck of Spies' hand is refilled from the draw deck after each turn: the
    cards drawn, on no table before, glide in (autoplay plays the turns)."""
    context = new_logged_context(browser)
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto("%s?game=deck-of-spies&seed=82&pace=fast" % site_server.url)
    wait_ui(page)
    page.wait_for_selector('body[data-human-turn="true"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    seen = set(page.eval_on_selector_all("[data-face]",
                                         "(all) => all.map((card) => card.dataset.face)"))
    page.click('[data-action="autoplay"]')
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 6",
                           timeout=MOVE_TIMEOUT_MS)
    page.click('[data-action="autoplay"]')  # stop
    glides = page.evaluate("window.__glides")
    hand = set(page.eval_on_selector_all("[data-hand] [data-face]",
                                         "(all) => all.map((card) => card.dataset.face)"))
    context.close()
    check_requests(context)
    drawn = [glide["face"] for glide in glides if glide["face"] and glide["face"] not in seen]
    assert drawn and set(drawn) & hand, (drawn, hand)


def test_a_discarded_card_glides_to_its_pile(browser, site_server):
    """Mission for Peanuts: a card played for its ASSIST or DEPLOY lands on a
    discard pile (a small tag, .mp-pill), gliding from the hand."""
    context = new_logged_context(browser)
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto("%s?game=mission-for-peanuts&players=3&seed=5&level=easy&pace=fast" %
              site_server.url)
    wait_ui(page)
    for _ in range(8):
        page.wait_for_selector('body[data-human-turn="true"], body[data-over="true"]',
                               state="attached", timeout=MOVE_TIMEOUT_MS)
        if any(glide["kind"] == "mp-pill" for glide in page.evaluate("window.__glides")):
            break
        moves = int(page.get_attribute("body", "data-moves"))
        page.locator(PLAYABLE).first.click()
        page.wait_for_function("(m) => Number(document.body.dataset.moves) > m", arg=moves,
                               timeout=MOVE_TIMEOUT_MS)
    glides = page.evaluate("window.__glides")
    context.close()
    check_requests(context)
    assert any(glide["kind"] == "mp-pill" for glide in glides), glides
