"""Before I Kill You, Mister Spy... in Chromium: a seeded 3-player game against
two normal bots, played to its end screen through clicks on the page.

The person follows a fixed policy, read off the table: build with the first
Lair card offered; send a Spy into their own Lair when they can, else, with
two or more Spies in hand, a team of the two smallest into the first other
Lair offered (selecting the cards, then "Send team"), else end the turn; take
the smallest Spy of their hand, else the deck's, else the first blind one;
taunt a captured Spy once with the first Doubler, then kill it; foil when
able, else let the taunt stand. With seed 6 that run (replayed under CPython
with the session's bots, whose rng is Rng(seed * 7919 + moves + 1)) meets
builds, own-Lair Spies, a team, a capture the person taunts and kills, a foil
window, bots' taunts, a foil and escapes, and ends on the last Spy.
Screenshots at both widths: the person's turn, the team selection, the first
capture decision, the first taunt or escape moment, a bot's move and the end.
"""

from . import MOVE_TIMEOUT_MS, both_widths, click_and_wait, first_time, open_table, screenshot

SEED = 6

# A human decision is pending, or the game is over, and no request is in flight.
SETTLED = """() => document.body.dataset.busy !== "true" && (
    document.querySelector(".end-screen") !== null ||
    document.body.dataset.humanTurn === "true" &&
    document.querySelector(".ms-decision button[data-act]") !== null)"""


def first(page, selector):
    found = page.locator(selector)
    return found.first if found.count() else None


def choose(page, phase):
    """The button the policy clicks (after selecting a team's cards), and its kind."""
    if phase in ("play", "spy"):
        build = first(page, ".ms-build")
        if build:
            return build, "lair"
        own = first(page, '.ms-target[data-act*=\'"seat": 0\']')
        if own:
            return own, "own-target"
        other = first(page, ".ms-target[data-act]")
        if other and page.locator(".ms-hand .ms-S").count() >= 2:
            return other, "target"
        return page.locator(".ms-end-btn"), "end_turn"
    if phase == "source":
        toggles = page.locator('.ms-hand button[data-action="select"]')
        if toggles.count():
            toggles.nth(0).click()
            page.wait_for_selector(".ms-hand button.selected")
            toggles.nth(1).click()
            page.wait_for_selector('button[data-type="send"]:has-text("Send team")')
            return page.locator('button[data-type="send"]'), "team"
        pick = first(page, ".ms-pick") or first(page, '[data-act*=\'"source": "deck"\']')
        return pick or page.locator(".ms-decision button[data-act]").first, "source"
    if phase == "capture":
        taunt = first(page, ".ms-taunt")
        if taunt and page.locator(".ms-capture .ms-D").count() == 0:
            return taunt, "taunt"
        return page.locator(".ms-kill"), "kill"
    button = page.locator(".ms-decision button[data-act]").first
    return button, "foil" if "ms-foil" in (button.get_attribute("class") or "") else "let_stand"


def test_a_seeded_three_player_game_is_played_to_the_end_screen_through_clicks(
        page, site_server):
    # Forced answers are the human's to click too: this deal's only let-stands are forced.
    page.add_init_script("localStorage.setItem('safehouse.settings', '{\"auto_answer\": false}')")
    open_table(page, "%s?game=mister-spy&seed=%d&players=3&level=normal" % (site_server.url, SEED))
    kinds = []
    shots = set()
    while True:
        page.wait_for_function(SETTLED, timeout=MOVE_TIMEOUT_MS)
        if page.query_selector(".end-screen"):
            break
        phase = page.get_attribute(".ms-decision", "class").split()[-1]
        moments = page.locator(".ms-moment.taunt, .ms-moment.escape").count()
        if moments and first_time(shots, "moment"):
            both_widths(page, "mister-spy-moment")
        if phase == "play" and first_time(shots, "turn"):
            assert page.locator(".ms-seat").count() == 3
            both_widths(page, "mister-spy-turn")
        if phase == "capture" and first_time(shots, "capture"):
            assert "Kill" in page.inner_text(".ms-kill")
            both_widths(page, "mister-spy-capture")
        button, kind = choose(page, phase)
        if kind == "team" and first_time(shots, "team"):
            assert page.locator(".ms-hand button.selected").count() == 2
            both_widths(page, "mister-spy-team")
        kinds.append(kind)
        click_and_wait(page, button)
        if kind == "end_turn" and first_time(shots, "bot"):
            page.wait_for_selector(".ms-decision.waiting", timeout=MOVE_TIMEOUT_MS)
            screenshot(page, "mister-spy-bot-turn")

    assert {"lair", "own-target", "target", "team", "source", "taunt", "kill", "end_turn",
            "let_stand"} <= set(kinds), kinds
    assert shots == {"turn", "capture", "moment", "team", "bot"}
    end = page.inner_text(".end-screen")
    assert "Player 3 wins" in end and "The last Spy has reached the discard pile" in end
    log = page.inner_text(".log")
    assert "Before I kill you" in log and "destroys" in log and "Seat" not in log
    both_widths(page, "mister-spy-end")
