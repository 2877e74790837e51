"""The bots' pace on the table: each bot move stays on show for the pace,
and a click on the table during the bots' moves plays them on to the
person's next decision at once (issue #10, "Brisk bots")."""

import time

from . import MOVE_TIMEOUT_MS, wait_ui

SLOW_S = 1.4  # the "slow" pace, as pyapp/ui/main.py
# Four seats and easy bots (they decide in milliseconds), so that the time
# between two decisions of the person is the pace, not the bots' thinking.
URL = "%s?game=spy-tricks&players=4&seed=31&level=easy&pace=slow"


def moves(page):
    return int(page.get_attribute("body", "data-moves"))


def human_turn(page, after, start):
    """Until the person decides again after move `after`: (seconds since
    `start`, bot moves between)."""
    page.wait_for_function(
        """(after) => Number(document.body.dataset.moves) > after + 1
             && document.body.dataset.humanTurn === "true" """, arg=after, timeout=MOVE_TIMEOUT_MS)
    return time.monotonic() - start, moves(page) - after - 1


def play_first_choice(page):
    """The person plays the table's first legal move; the move count before it."""
    before = moves(page)
    page.locator('#table [data-act]:not([aria-disabled="true"]):not(.off)').first.click()
    page.wait_for_function("(before) => Number(document.body.dataset.moves) > before",
                           arg=before, timeout=MOVE_TIMEOUT_MS)
    return before


# A hurry must land while the bots still move: the Skip button is on show
# only until the last bot move is drawn, a pace after the person's move when
# one bot moves, which a click on a busy machine can miss. So the hurried
# turns are ones where this deal has at least this many bot moves to come.
HURRIED_STRETCH = 3


def play_turns(page, hurry, turns=3):
    """The person makes `turns` moves, with a click on the table's title
    (`hurry` true) or on Skip (`hurry` "button") after each: (seconds until
    the person's next decision, bot moves in between), summed."""
    waited = bots = 0
    for _ in range(turns):
        start = time.monotonic()
        before = play_first_choice(page)
        if hurry == "button":
            page.click('[data-action="skip"]')
        elif hurry:
            page.click("#table h1")
        seconds, moved = human_turn(page, before, start)
        assert not hurry or moved >= HURRIED_STRETCH, \
            "move %d: %d bot moves, too few to hurry; the deal's turns changed" % (before, moved)
        waited, bots = waited + seconds, bots + moved
    return waited, bots


def test_a_click_during_the_bots_moves_skips_to_the_persons_turn(page, site_server):
    page.goto(URL % site_server.url)
    wait_ui(page)
    page.wait_for_selector('body[data-screen="table"][data-human-turn="true"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    # Left alone, every bot move stays on show for the pace.
    waited, bots = play_turns(page, hurry=False)
    assert bots >= 3 and waited >= bots * SLOW_S * 0.9, (waited, bots)
    # A click on the table (not on a control) while they play: the rest come at once.
    waited, bots = play_turns(page, hurry=True)
    assert bots >= 3 and waited < bots * SLOW_S * 0.5, (waited, bots)
    # Two turns with one or two bot moves after each (see HURRIED_STRETCH).
    play_turns(page, hurry=False, turns=2)
    # So does the "Skip to my turn" button shown while they play.
    waited, bots = play_turns(page, hurry="button")
    assert bots >= 3 and waited < bots * SLOW_S * 0.5, (waited, bots)

