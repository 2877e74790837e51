"""Undo and forced moves in the browser, one game of each kind.

The games are found under CPython (the same engine the worker runs) and put
in localStorage as kept games; the page resumes each from the lobby:
- after a move that revealed nothing, Undo is enabled, and U takes it back;
- after a move that revealed something, Undo is aria-disabled, says why, and
  a click on it explains and changes nothing;
- a forced move that reveals nothing is made for the human, with a note.
"""

import pytest

from pyapp.games import GAMES
from pyapp.session import MOVE_REVEALED
from pyapp.ui import saves

from playthrough import after_a_move, forced_move

from . import MOVE_TIMEOUT_MS, screenshot, wait_engine, wait_ui

def record(session):
    return saves.entry_text(session.payload(), 1)


@pytest.fixture(scope="module")
def kept():
    """The planted games: {key: (record text, move count to come back to)}."""
    games = {}
    for game_id in sorted(GAMES):
        quiet, before = after_a_move(game_id, revealing=False)
        games["%s-quiet" % game_id] = (record(quiet), before)
        shown, _ = after_a_move(game_id, revealing=True)
        games["%s-shown" % game_id] = (record(shown), len(shown.state.history))
    forced = forced_move("mister-spy", 4)
    games["mister-spy-forced"] = (record(forced), len(forced.state.history))
    return games


def resume(page, key):
    if page.get_attribute("body", "data-screen") == "table":
        page.click('[data-action="lobby"]')
    page.click('[data-resume="%s"]' % key)
    page.wait_for_selector('body[data-screen="table"][data-human-turn="true"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)


def test_undo_takes_back_a_quiet_move_and_explains_why_a_revealing_one_stands(page, site_server,
                                                                              kept):
    page.goto(site_server.url)
    wait_ui(page)
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  {saves.GAME + key: text for key, (text, _) in kept.items()})
    page.reload()
    wait_engine(page)
    undo = page.locator('[data-action="undo"]')
    for game_id in sorted(GAMES):
        resume(page, "%s-quiet" % game_id)
        assert undo.get_attribute("aria-disabled") is None, game_id
        if game_id == "mister-spy":
            screenshot(page, "undo-enabled")
        page.keyboard.press("u")
        page.wait_for_selector('body[data-moves="%d"]' % kept["%s-quiet" % game_id][1],
                               state="attached", timeout=MOVE_TIMEOUT_MS)

        resume(page, "%s-shown" % game_id)
        moves = page.get_attribute("body", "data-moves")
        assert undo.get_attribute("aria-disabled") == "true", game_id
        assert page.inner_text("#undo-why") == MOVE_REVEALED
        undo.focus()  # aria-disabled keeps it focusable, so its reason can be asked for
        page.keyboard.press("Enter")
        page.wait_for_selector("#message:has-text('%s')" % MOVE_REVEALED.split(",")[0])
        assert page.get_attribute("body", "data-moves") == moves
        if game_id == "mister-spy":
            screenshot(page, "undo-refused")


def test_a_forced_move_is_made_for_the_human_with_a_note(page, site_server, kept):
    page.goto(site_server.url)
    wait_ui(page)
    text, moves = kept["mister-spy-forced"]
    page.evaluate("(text) => localStorage.setItem('%smister-spy-forced', text)" % saves.GAME, text)
    page.reload()
    wait_engine(page)
    page.click('[data-resume="mister-spy-forced"]')
    page.wait_for_function("() => Number(document.body.dataset.moves) > %d" % moves,
                           timeout=MOVE_TIMEOUT_MS)
    page.locator("#move-log li:has-text('Played for you')").first.wait_for()
    screenshot(page, "forced-move-note")
