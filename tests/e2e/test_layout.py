"""The table fits every screen, and moves only as far as the person lets it.

One page (a context made here, checked as the `context` fixture's are) goes
through the screens, switching sizes by set_viewport_size:
- at 390x844: no horizontal scroll, and every enabled control at least
  44x44 px (a visually hidden checkbox counts by its label), on the lobby,
  the setup and rules sheets and every game's largest table; the latest move
  stays in view when the person has scrolled down to the hand, also after
  the bots have moved;
- at 1280x800: the prompt, the choices and the hand inside the viewport
  without scrolling, at every game's largest table (Mister Spy's is 6 seats)
  and at Mission for Peanuts' 5 seats with a banner showing;
- at both sizes, no words are cut off by a box that hides its overflow (a
  card face), and the words of every Mister Spy card fit on each face
  that shows them (every Spy's name);
- a card drawn outside its table (the replay's list of every hand) has the
  colours it has on the table.
Motion: only the cards that arrive animate (a toggle does not replay the
others), and under prefers-reduced-motion every animation and transition
lasts 0 s.
"""

import pytest

from pyapp.games import GAMES, new_game
from pyapp.games.mister_spy import DOUBLER_LINES, LAIR_VALUES, SPY_NAMES
from pyapp.session import Session
from pyapp.ui.html import render
from pyapp.ui.mister_spy_cards import card_face
from pyapp.ui.tables import TABLES

from . import DESKTOP, MOVE_TIMEOUT_MS, PHONE, PLAYABLE, both_widths, open_table, wait_ui
from .conftest import check_requests, new_logged_context, own_context

pytest.importorskip("playwright.sync_api")

# Every enabled control smaller than 44x44 px, described; a checkbox that is
# visually hidden (or tiny) is measured by its label, the target a finger hits.
SMALL_TARGETS = """() => {
  const small = [];
  const controls = 'button, a[href], select, input, [role="button"], [data-card]';
  for (const control of document.querySelectorAll(controls)) {
    if (control.disabled) continue;
    const label = control.tagName === "INPUT" && control.labels && control.labels[0];
    const box = (label || control).getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (box.width < 44 || box.height < 44) {
      const text = (control.textContent || control.getAttribute("aria-label") || "").trim();
      small.push(control.tagName + "." + control.className + " '" + text.slice(0, 24) + "' "
                 + Math.round(box.width) + "x" + Math.round(box.height));
    }
  }
  return small;
}"""

# What must be on screen at a decision, as {part: selector} inside the table.
DECISION_PARTS = {
    "prompt": "#table .prompt",
    "choice": "#table button[data-act]:not([disabled]), #table button[data-type]:not([disabled])",
    "hand": "#table .hand-zone, #table .mp-your-hand, #table .st-hand-zone, #table .ms-hand-zone",
}

# The parts of DECISION_PARTS not wholly inside the viewport, described.
OUTSIDE_VIEWPORT = """(parts) => {
  const outside = [];
  for (const [part, selector] of Object.entries(parts)) {
    const shown = [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length);
    if (!shown.length) outside.push(part + " missing");
    for (const element of shown) {
      const box = element.getBoundingClientRect();
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
        outside.push(part + " " + (element.textContent || "").trim().slice(0, 24)
                     + " at bottom " + Math.round(box.bottom) + ", right " + Math.round(box.right));
      }
    }
  }
  return outside;
}"""

# Words cut off by a box that hides its overflow (a card face): each such
# box under `root` with the words it cuts. A visually hidden label (1 px) is
# meant to be cut.
CLIPPED_WORDS = """(root) => {
  const clipped = [];
  const hides = (value) => value === "hidden" || value === "clip";
  for (const box of document.querySelectorAll(root + ", " + root + " *")) {
    const style = getComputedStyle(box);
    if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
    const edge = box.getBoundingClientRect();
    if (edge.width < 2 || edge.height < 2) continue;
    const texts = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      if (!text.textContent.trim()) continue;
      const words = document.createRange();
      words.selectNodeContents(text);
      const cut = [...words.getClientRects()].some((line) => line.width >= 1 && (
          line.left < edge.left - 0.5 || line.right > edge.right + 0.5 ||
          line.top < edge.top - 0.5 || line.bottom > edge.bottom + 0.5));
      if (cut) clipped.push(box.className + ": " + text.textContent.trim().slice(0, 30));
    }
  }
  return clipped;
}"""

LATEST_MOVE_IN_VIEW = """() => {
  const box = document.querySelector(".latest-move").getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
}"""

# The person's decision is shown and no request is in flight.
HUMAN_TURN = """() => document.body.dataset.busy !== "true" &&
    document.body.dataset.humanTurn === "true\""""

LARGEST_TABLES = [
    ("deck-of-spies", "deck-of-spies", ""),
    ("mission-for-peanuts-5", "mission-for-peanuts", "&players=5&level=easy"),
    ("spy-tricks-4", "spy-tricks", "&players=4&level=easy"),
    ("mister-spy-6", "mister-spy", "&players=6&level=easy"),
]
# Seed 1, 5 seats, easy bots: after the person's first two choices (each the
# table's first), the next Role pick comes with the round's showdown banner.
BANNER_DEAL = "mission-for-peanuts&players=5&level=easy&seed=1"
BANNER_AFTER = 2
# Seed 11, 5 seats, easy bots: the person's first two choices (each the
# table's first) discard the Seer for its ASSIST: three big cards to choose from.
SEER_DEAL = "mission-for-peanuts&players=5&level=easy&seed=11"
SEER_AFTER = 2


@pytest.fixture(scope="module")
def page(browser):
    with own_context(browser) as context:
        yield context.new_page()


def assert_fits_a_phone(page, name):
    page.set_viewport_size(PHONE)
    try:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], \
            "%s scrolls sideways on a phone" % name
        assert page.evaluate(SMALL_TARGETS) == [], "%s: targets under 44x44 px" % name
        assert page.evaluate(CLIPPED_WORDS, "body") == [], "%s: words cut off" % name
    finally:
        page.set_viewport_size(DESKTOP)


def assert_decision_above_the_fold(page, name):
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate(OUTSIDE_VIEWPORT, DECISION_PARTS) == [], \
        "%s at 1280x800: not all of the decision is in view" % name
    assert page.evaluate(CLIPPED_WORDS, "body") == [], "%s at 1280x800: words cut off" % name


def wait_human_turn(page):
    page.wait_for_function(HUMAN_TURN, timeout=MOVE_TIMEOUT_MS)


def open_deal(page, site_server, query):
    page.set_viewport_size(DESKTOP)
    open_table(page, "%s?game=%s&pace=instant" % (site_server.url, query))
    wait_human_turn(page)


def test_the_lobby_and_its_sheets_fit_a_phone(page, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    assert_fits_a_phone(page, "the lobby")
    page.click('#lobby button[data-action="play"][data-game="mister-spy"]')
    page.locator("#overlay").wait_for()
    assert_fits_a_phone(page, "the setup sheet")
    page.keyboard.press("Escape")
    page.click('#lobby button[data-action="rules"][data-game="mission-for-peanuts"]')
    page.locator("#overlay").wait_for()
    assert_fits_a_phone(page, "the rules sheet")
    page.keyboard.press("Escape")


@pytest.mark.parametrize("name, game, setup", LARGEST_TABLES)
def test_the_largest_table_fits_both_screens(page, site_server, name, game, setup):
    open_deal(page, site_server, "%s%s&seed=7" % (game, setup))
    assert_decision_above_the_fold(page, name)
    assert_fits_a_phone(page, name)
    both_widths(page, "layout-" + name)


def take_first_choices(page, count):
    """Take the table's first choice `count` times, each after the bots' moves."""
    for _ in range(count):
        moves = int(page.get_attribute("body", "data-moves"))
        page.locator(PLAYABLE).first.click()
        page.wait_for_function("(n) => Number(document.body.dataset.moves) > n", arg=moves)
        wait_human_turn(page)


# (name, deal, first choices taken, what must be on the table then)
CROWDED_DECISIONS = [
    ("banner", BANNER_DEAL, BANNER_AFTER, ".mp-banner"),
    ("seer", SEER_DEAL, SEER_AFTER, '#table [data-act*="discard_face_down"]'),
]


@pytest.mark.parametrize("name, deal, after, shown", CROWDED_DECISIONS)
def test_a_crowded_decision_of_five_seats_stays_in_view(page, site_server, name, deal, after,
                                                        shown):
    open_deal(page, site_server, deal)
    take_first_choices(page, after)
    assert page.locator(shown).count() >= 1
    assert_decision_above_the_fold(page, "Mission for Peanuts, 5 seats, " + name)
    assert_fits_a_phone(page, "Mission for Peanuts, " + name)
    both_widths(page, "layout-mission-for-peanuts-" + name)


def test_on_a_phone_the_latest_move_stays_in_view_beside_the_hand(page, site_server):
    open_deal(page, site_server, "mister-spy&players=4&level=easy&seed=7")
    page.set_viewport_size(PHONE)
    try:
        page.locator("#table .ms-hand-zone").scroll_into_view_if_needed()
        assert page.evaluate(LATEST_MOVE_IN_VIEW)
        assert page.locator('.latest-move a[href="#move-log"]').count() == 1
        moves = int(page.get_attribute("body", "data-moves"))
        page.locator('#table button[data-act*="end_turn"]').click()
        page.wait_for_function("(n) => Number(document.body.dataset.moves) > n + 1", arg=moves)
        wait_human_turn(page)
        assert page.evaluate(LATEST_MOVE_IN_VIEW), "the bots moved out of sight"
        newest = page.inner_text("#move-log li:first-child")
        assert page.inner_text(".latest-move span") == newest
    finally:
        page.set_viewport_size(DESKTOP)


# Each face the hand shows (every Spy by each of its names, every Doubler and
# Lair), at the hand's size and a team choice's, and every Spy as a capture
# shows it, each in the container that sizes it.
NAMED_SPIES = [(code, name) for code, names in SPY_NAMES.items() for name in names]
OTHER_CARDS = [(code, None) for code in sorted(DOUBLER_LINES) + sorted(LAIR_VALUES)]
HAND_FACES = render([card_face(code, name, size=size) for code, name in NAMED_SPIES + OTHER_CARDS
                     for size in ("ms-big", "ms-small")])
CAUGHT_FACES = render([card_face(code, name, classes="ms-caught") for code, name in NAMED_SPIES])

SHOW_FACES = """([faces, caught]) => {
  const box = document.createElement("div");
  box.id = "faces";
  box.innerHTML = '<div class="ms-hand">' + faces + '</div><div class="ms-capture">' + caught
      + "</div>";
  document.querySelector("#table .ms").appendChild(box);
}"""


# Each game's table class, and a few cards of a deal as the replay's list of
# every hand draws them (outside the table).
TABLE_CLASSES = {"deck-of-spies": "dos", "mission-for-peanuts": "mp", "mister-spy": "ms",
                 "spy-tricks": "st"}

# [colours of each face inside its table's box, colours of each outside it].
FACE_COLOURS = """([table, faces]) => {
  const colours = (box) => [...box.querySelectorAll("[data-face]")].map((face) => {
    const style = getComputedStyle(face);
    return [face.dataset.face, style.backgroundColor, style.color, style.borderColor];
  });
  const inside = document.createElement("div"), outside = document.createElement("div");
  inside.className = table;
  inside.innerHTML = outside.innerHTML = faces;
  document.body.append(inside, outside);
  const found = [colours(inside), colours(outside)];
  inside.remove();
  outside.remove();
  return found;
}"""


@pytest.mark.parametrize("game", sorted(TABLE_CLASSES))
def test_a_card_drawn_outside_its_table_keeps_its_colours(page, site_server, game):
    state = new_game(game, GAMES[game].max_players, 3)
    payload = Session.start({"game": game, "players": state.num_players, "seed": 3}).payload()
    hands = [code for seat in range(state.num_players) for code in state.view(seat)["hand"]]
    faces = render([TABLES[game].face_html(code, payload) for code in dict.fromkeys(hands)])
    page.goto(site_server.url)
    wait_ui(page)
    inside, outside = page.evaluate(FACE_COLOURS, [TABLE_CLASSES[game], faces])
    assert inside and outside == inside


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_words_of_every_card_face_fit_on_it(page, site_server, viewport):
    open_deal(page, site_server, "mister-spy&players=3&level=easy&seed=7")
    page.set_viewport_size(viewport)
    page.evaluate(SHOW_FACES, [HAND_FACES, CAUGHT_FACES])
    try:
        assert page.evaluate(CLIPPED_WORDS, "#faces") == []
    finally:
        page.evaluate("document.getElementById('faces').remove()")
        page.set_viewport_size(DESKTOP)


# -- motion ---------------------------------------------------------------------------

def animations(page, selector):
    """(animation name, duration, transition duration) of each element matching `selector`."""
    return page.eval_on_selector_all(selector, """(all) => all.map((e) => {
        const style = getComputedStyle(e);
        return [style.animationName, style.animationDuration, style.transitionDuration];
    })""")


def select_first_card(page):
    page.keyboard.press("1")
    page.wait_for_selector(".hand .card.selected")


def test_only_the_cards_that_arrive_move(page, site_server):
    open_deal(page, site_server, "deck-of-spies&seed=5")
    dealt = page.locator(".hand .card").count()
    assert page.locator(".hand .card.arrived").count() == dealt  # the deal comes in
    select_first_card(page)
    (lifted,) = animations(page, ".card.arrived")  # and no other card replays
    assert lifted[:2] == ["lift", "0.18s"]


def still(duration):
    return all(part.strip() == "0s" for part in duration.split(","))


def test_reduced_motion_turns_every_motion_off(browser, site_server):
    context = new_logged_context(browser, reduced_motion="reduce")
    try:
        page = context.new_page()
        open_table(page, "%s?game=deck-of-spies&seed=5" % site_server.url)
        select_first_card(page)
        moving = [entry for entry in animations(page, "body *")
                  if not (still(entry[1]) and still(entry[2]))]
    finally:
        context.close()
    check_requests(context)
    assert moving == []
