"""Mission for Peanuts in Chromium: a seeded 3-player match against two normal
bots, played to its end screen through clicks on the page.

The person always takes the first choice the table offers (the first button
carrying an action). With seed 34 that run meets, besides Role picks and
ASSIST / DEPLOY turns, the Secret Police and Agent targets, a Seer's face-down
discard, an Informant swap, a blind pick from an Agent's cards, showdowns and
eliminations (found by replaying the session's bots under CPython: the bot rng
is Rng(seed * 7919 + moves + 1)). Screenshots at both widths: the first Role
pick, the first targeted choice, the first showdown or elimination moment and
the end screen.
"""

from . import screenshot, wait_engine, wait_ui

SEED = 34
MOVE_TIMEOUT_MS = 60_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TARGETED = ("target", "pick", "discard_face_down", "direction", "recall", "copy")

# A human decision is pending, or the match is over, and no request is in flight.
SETTLED = """() => document.body.dataset.busy !== "true" && (
    document.querySelector(".end-screen") !== null ||
    document.querySelector(".mp button[data-act]") !== null)"""


def open_game(page, base_url):
    page.goto("%s?game=mission-for-peanuts&seed=%d&players=3&level=normal" % (base_url, SEED))
    wait_ui(page)
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"]', state="attached", timeout=MOVE_TIMEOUT_MS)


def no_horizontal_overflow(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def both_widths(page, name):
    screenshot(page, "mission-for-peanuts-" + name)
    page.set_viewport_size(PHONE)
    assert no_horizontal_overflow(page), name
    screenshot(page, "mission-for-peanuts-" + name, full_page=True)
    page.set_viewport_size(DESKTOP)


def click_and_wait(page, button):
    """Click one choice and wait until the page has taken the move."""
    moves = int(page.get_attribute("body", "data-moves"))
    button.click()
    page.wait_for_function("() => Number(document.body.dataset.moves) > %d" % moves,
                           timeout=MOVE_TIMEOUT_MS)


def test_a_seeded_three_player_match_is_played_to_the_end_screen_through_clicks(
        page, site_server):
    open_game(page, site_server.url)
    kinds = set()
    shots = set()
    while True:
        page.wait_for_function(SETTLED, timeout=MOVE_TIMEOUT_MS)
        if page.query_selector(".end-screen"):
            break
        button = page.locator(".mp button[data-act]").first
        action = button.get_attribute("data-act")
        kind = action.split('"type": "')[1].split('"')[0]
        moment = page.locator(".mp-moment.showdown, .mp-moment.elim")
        if moment.count() and "moment" not in shots:
            shots.add("moment")
            both_widths(page, "moment")
        if kind == "choose_role" and "role" not in shots:
            shots.add("role")
            assert page.locator(".mp-seat").count() == 3
            both_widths(page, "role-pick")
        if kind in TARGETED and "targeted" not in shots:
            shots.add("targeted")
            assert page.locator(".mp-decision button[data-act]").count() >= 1
            both_widths(page, "targeted-choice")
        kinds.add(kind)
        click_and_wait(page, button)

    assert {"choose_role", "assist", "target", "pick", "discard_face_down"} <= kinds, kinds
    assert shots == {"role", "targeted", "moment"}
    end = page.inner_text(".end-screen")
    assert "Player 3 wins" in end and "Player 3 completes the mission" in end
    log = page.inner_text(".log")
    assert "Showdown: Player" in log and "Seat" not in log
    both_widths(page, "end")
