"""Keyboard-only play: a whole Deck of Spies deal and one whole game of each
multiplayer game, played with page.keyboard alone (no click), at instant pace
against easy bots.

The person reaches a choice by Tab (or Shift+Tab, the shorter way) and takes
it with Enter or Space, or presses its shortcut key (the hand's cards by
Tab + Space or their number keys, Deck of Spies' actions by their letters,
a decision's choices by their number keys or, on the Spy Tricks board, a
row's letter and a rank, "h" for a hint). Deck of Spies plays the first legal move of the same deal
in CPython; the others take a seeded random choice among the two enabled
ones nearest the focus. Each game first opens the rules sheet by keyboard
and closes it with Escape. After
every key press the focus must be on an element, never dropped to <body>: a
listener notes each keyup (which comes after the key's own focus move and
redraw) that finds it there.
"""

import json
import random

import pytest

from pyapp.games import new_game
from pyapp.ui.tables import TABLES

from . import MOVE_TIMEOUT_MS, open_table

pytest.importorskip("playwright.sync_api")

WATCH_FOCUS = """() => {
  window.__focusLost = [];
  document.addEventListener("keyup", (event) => {
    const active = document.activeElement;
    if (!active || active === document.body) window.__focusLost.push(event.key);
  });
}"""

# For each element matching `selector`: how many Tab presses (Shift+Tab when
# negative) take the focus from where it is to it, in the page's tab order.
TAB_DISTANCES = """(selector) => {
  const order = [...document.querySelectorAll("a[href], button, select, input, [tabindex]")]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
  const active = document.activeElement;
  const here = order.indexOf(active);
  // On a container, Tab goes to the first element after it.
  const next = order.findIndex((e) => active.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
  return [...document.querySelectorAll(selector)].map((target) => {
    const there = order.indexOf(target);
    if (here >= 0) return there - here;
    return there >= next ? there - next + 1 : there - next;
  });
}"""

IS_FOCUSED = "([selector, index]) => document.activeElement === document.querySelectorAll(selector)[index]"

# No request in flight, and the person's turn or the game's end.
SETTLED = """() => document.body.dataset.busy !== "true" &&
    (document.body.dataset.humanTurn === "true" || document.body.dataset.over === "true")"""

ENABLED_CHOICE = '#table [data-act]:not([disabled]):not([aria-disabled="true"])'


def watch_focus(page):
    page.evaluate(WATCH_FOCUS)


def assert_focus_kept(page):
    lost = page.evaluate("window.__focusLost")
    assert lost == [], "the focus fell to <body> after the keys %s" % lost


def tab_to(page, selector, index=0):
    """Move the focus to the `index`-th match of `selector` by Tab / Shift+Tab."""
    steps = page.evaluate(TAB_DISTANCES, selector)[index]
    for _ in range(abs(steps)):
        page.keyboard.press("Tab" if steps > 0 else "Shift+Tab")
    assert page.evaluate(IS_FOCUSED, [selector, index]), "Tab did not reach %s" % selector


def moves(page):
    return int(page.get_attribute("body", "data-moves"))


def settle(page):
    page.wait_for_function(SETTLED, timeout=MOVE_TIMEOUT_MS)
    assert_focus_kept(page)
    return page.get_attribute("body", "data-over") == "true"


def wait_moved(page, before):
    page.wait_for_function("(n) => Number(document.body.dataset.moves) > n", arg=before,
                           timeout=MOVE_TIMEOUT_MS)


def read_the_rules(page):
    """The rules sheet opens by Enter, keeps Tab inside, closes on Escape and
    gives the focus back to its button."""
    tab_to(page, '#table [data-action="rules"]')
    page.keyboard.press("Enter")
    page.locator("#overlay").wait_for()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.querySelector('#overlay').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.locator("#overlay").wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.dataset.action") == "rules"


def start(page, url):
    open_table(page, url)
    watch_focus(page)
    read_the_rules(page)


# -- Deck of Spies: the first legal move of the same deal, found in CPython -----------------

# Always the first legal move: 19 moves (counters, retirements and an
# assassination), a short deal.
DECK_SEED = 53


def keyboard_move(page, action, keys, hand, by_number):
    """Make one Deck of Spies move: the cards by their number keys (`by_number`)
    or by Tab + Space, then the action's key; an assassination by Tab + Enter
    on its button."""
    if action["type"] == "assassinate":
        tab_to(page, '#table button[data-act*="%s"]' % action["ace"])
        page.keyboard.press("Enter")
        return
    for card in action.get("cards", []):
        if by_number and hand.index(card) < 9:
            page.keyboard.press(str(hand.index(card) + 1))
        else:
            tab_to(page, '.hand [data-card="%s"]' % card)
            page.keyboard.press("Space")
        page.wait_for_selector('.hand [data-card="%s"][aria-pressed="true"]' % card)
    page.keyboard.press(keys[action["type"]])


def test_a_deck_of_spies_deal_is_played_to_its_end_by_keyboard(page, site_server):
    start(page, "%s?game=deck-of-spies&seed=%d" % (site_server.url, DECK_SEED))
    page.keyboard.press("h")
    page.locator('[data-testid="hint"]').wait_for()
    keys = {kind: key for key, kind in TABLES["deck-of-spies"].KEYS.items()}
    state = new_game("deck-of-spies", seed=DECK_SEED)
    while not state.is_over:
        settle(page)
        action = state.legal_actions()[0]
        keyboard_move(page, action, keys, state.view(0)["hand"], len(state.history) % 2 == 1)
        state.apply(action)
        wait_moved(page, len(state.history) - 1)
    assert settle(page)
    assert page.locator(".end-screen").count() == 1
    assert "assassinate" in {action["type"] for action in state.history}


# -- the multiplayer games: a seeded random choice, by Tab + Enter/Space or its key ----------


def make_choice(page, game, rng):
    """Take one of the enabled choices: by its one-key shortcut when it has
    one, by the keys of the decision's choice (a number, or a Spy Tricks
    space's row and rank) when it has them, else by Tab and then Enter or
    Space. Returns how: "shortcut", "choice keys" or "tab"."""
    choices = page.eval_on_selector_all(
        ENABLED_CHOICE, "(all) => all.map((b) => [b.dataset.act, b.dataset.choiceKey || ''])")
    assert choices, "no choice to take on the %s table" % game
    # One of the two nearest in the tab order: a short walk.
    distances = page.evaluate(TAB_DISTANCES, ENABLED_CHOICE)
    index = rng.choice(sorted(range(len(choices)), key=lambda i: abs(distances[i]))[:2])
    action, choice_keys = json.loads(choices[index][0]), choices[index][1]
    shortcut = {kind: key for key, kind in TABLES[game].KEYS.items()}.get(action["type"])
    if shortcut and action == {"type": action["type"]}:
        page.keyboard.press(shortcut)
        return "shortcut"
    if choice_keys:
        assert page.locator('[data-choice-key="%s"]' % choice_keys).count() == 1
        for key in choice_keys:
            page.keyboard.press(key.upper() if key.isalpha() else key)
        return "choice keys"
    tab_to(page, ENABLED_CHOICE, index)
    page.keyboard.press(rng.choice(["Enter", "Space"]))
    return "tab"


@pytest.mark.parametrize("game, setup", [
    ("mission-for-peanuts", "players=3&target=1"), ("spy-tricks", "players=3"),
    ("mister-spy", "players=2")])
def test_a_multiplayer_game_is_played_to_its_end_by_keyboard(page, site_server, game, setup):
    start(page, "%s?game=%s&seed=3&%s&level=easy&pace=instant" % (site_server.url, game, setup))
    rng = random.Random(game)
    ways = []
    while not settle(page):
        before = moves(page)
        ways.append(make_choice(page, game, rng))
        wait_moved(page, before)
    assert len(ways) > 3
    assert "choice keys" in ways, "no choice of this game was made by its keys"
    assert page.locator(".end-screen").count() == 1
