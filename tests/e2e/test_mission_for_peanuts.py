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

from . import MOVE_TIMEOUT_MS, both_widths, click_and_wait, open_table

SEED = 34
TARGETED = ("target", "pick", "discard_face_down", "direction", "recall", "copy")

# A human decision is pending, or the match is over, and no request is in flight.
SETTLED = """() => document.body.dataset.busy !== "true" && (
    document.querySelector(".end-screen") !== null ||
    document.body.dataset.humanTurn === "true" &&
    document.querySelector(".mp button[data-act]") !== null)"""


def test_a_seeded_three_player_match_is_played_to_the_end_screen_through_clicks(
        page, site_server):
    open_table(page, "%s?game=mission-for-peanuts&seed=%d&players=3&level=normal&pace=instant"
               % (site_server.url, SEED))
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
            both_widths(page, "mission-for-peanuts-moment")
        if kind == "choose_role" and "role" not in shots:
            shots.add("role")
            assert page.locator(".mp-seat").count() == 3
            both_widths(page, "mission-for-peanuts-role-pick")
        if kind in TARGETED and "targeted" not in shots:
            shots.add("targeted")
            assert page.locator(".mp-decision button[data-act]").count() >= 1
            both_widths(page, "mission-for-peanuts-targeted-choice")
        kinds.add(kind)
        click_and_wait(page, button)

    assert {"choose_role", "assist", "target", "pick", "discard_face_down"} <= kinds, kinds
    assert shots == {"role", "targeted", "moment"}
    end = page.inner_text(".end-screen")
    assert "Player 3 wins" in end and "Player 3 completes the mission" in end
    log = page.inner_text(".log")
    assert "Showdown: Player" in log and "Seat" not in log
    both_widths(page, "mission-for-peanuts-end")
