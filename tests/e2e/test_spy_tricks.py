"""Spy Tricks in Chromium: a seeded 3-player game against two bots, played to
its end screen through clicks on the page.

The person's choices are made the way a person would: a tap on a playable
card, a tap on a highlighted board space, the pass button. The run places
pawns (once with a collaborator when one is in hand) and passes, and takes
screenshots of the board mid-trick, a placement choice, a round's payouts
and the end screen at both widths.
"""

from . import MOVE_TIMEOUT_MS, both_widths, click_and_wait, no_horizontal_overflow, open_table

SEED = 11

# A human decision is pending, or the game is over, and no request is in flight.
SETTLED = """() => document.body.dataset.busy !== "true" && (
    document.querySelector(".end-screen") !== null ||
    document.body.dataset.humanTurn === "true")"""


def test_a_seeded_three_player_game_is_played_to_the_end_screen_through_clicks(page, site_server):
    # Every card is played by a click here, the forced ones too: the page
    # would otherwise play a lone card that follows suit for the person.
    page.add_init_script("localStorage.setItem('safehouse.settings', '{\"auto_answer\": false}')")
    open_table(page, "%s?game=spy-tricks&seed=%d&players=3&level=normal&pace=instant"
               % (site_server.url, SEED))
    done = {"play": 0, "place": 0, "collaborator": 0, "pass": 0}
    shots = set()
    assert not page.is_checked('input[data-setting="auto-answer"]')
    while True:
        page.wait_for_function(SETTLED, timeout=MOVE_TIMEOUT_MS)
        if page.query_selector(".end-screen"):
            break
        if page.query_selector(".st-board.recap") and "payout" not in shots:
            shots.add("payout")
            assert page.locator(".st-board.recap .st-pay").count() > 0
            assert page.locator(".st-secret.revealed").count() == 1
            both_widths(page, "spy-tricks-round-payout")
        targets = page.locator(".st-board button.st-target")
        if targets.count():
            if "place" not in shots:
                shots.add("place")
                page.click("label.st-aid-label")
                page.wait_for_selector(".st-aid", state="visible")
                both_widths(page, "spy-tricks-placement")
                assert no_horizontal_overflow(page)
            toggle = page.query_selector("button.st-collab-toggle")
            if toggle and not done["collaborator"]:
                toggle.click()
                page.wait_for_selector('button.st-collab-toggle[aria-pressed="true"]')
                assert '"collaborator": true' in targets.first.get_attribute("data-act")
                both_widths(page, "spy-tricks-collaborator-choice")
                click_and_wait(page, ".st-board button.st-target")
                done["collaborator"] += 1
            elif done["place"] <= done["pass"]:
                click_and_wait(page, ".st-board button.st-target")
                done["place"] += 1
            else:
                click_and_wait(page, 'button[data-act=\'{"type": "pass"}\']')
                done["pass"] += 1
            continue
        if page.locator(".st-trick:not(.done) .st-play").count() and "trick" not in shots:
            shots.add("trick")
            both_widths(page, "spy-tricks-mid-trick")
            assert no_horizontal_overflow(page)
        click_and_wait(page, '.st-hand button.st-card:not([aria-disabled="true"])')
        done["play"] += 1

    assert done["play"] == 3 * 5
    assert done["place"] >= 1 and done["pass"] >= 1 and done["collaborator"] == 1
    assert shots == {"payout", "place", "trick"}
    end = page.inner_text(".end-screen")
    assert ("You win" in end or "You share" in end or " wins" in end or "You lose" in end)
    assert "coins in value" in end
    log = page.inner_text(".log")
    assert "The last cards are laid down; the secret card is" in log
    both_widths(page, "spy-tricks-end")
