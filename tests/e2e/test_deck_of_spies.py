"""Deck of Spies in Chromium, through clicks, against the built site.

The test plays the same deal in CPython beside the page: it picks each move
there, makes it on the page with clicks, and checks that the page shows what
the CPython engine shows, so the two interpreters agree move by move.
"""

import pytest

from pyapp.engine.bots import GreedyBot
from pyapp.engine.rng import Rng
from pyapp.games import new_game
from pyapp.session import Session
from pyapp.ui.html import action_json

from . import screenshot, wait_engine, wait_ui
from .conftest import new_logged_context, check_requests

SEED = 123
MOVE_TIMEOUT_MS = 30_000


def open_deal(page, base_url, seed=SEED):
    page.goto("%s?game=deck-of-spies&seed=%d" % (base_url, seed))
    wait_ui(page)
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"][data-moves="0"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)


def moves_shown(page):
    return int(page.get_attribute("body", "data-moves"))


def click_action(page, action):
    """Make one move on the page the way a person would."""
    if action["type"] in ("assassinate", "end_turn"):
        page.click("button[data-act='%s']" % action_json(action))
        return
    for card in action.get("cards", []):
        page.click('button.card[data-card="%s"]' % card)
        page.wait_for_selector('button.card[data-card="%s"][aria-pressed="true"]' % card)
    page.click('button[data-action="do"][data-type="%s"]' % action["type"])


def play_move(page, state, action):
    before = len(state.history)
    click_action(page, action)
    state.apply(action)
    page.wait_for_selector('body[data-moves="%d"][data-busy="false"]' % (before + 1),
                           state="attached", timeout=MOVE_TIMEOUT_MS)


def assert_page_matches(page, state):
    view = state.view(0)
    keys = view["key_spies"]
    tally = page.inner_text('[data-testid="tally"]')
    assert tally == "Key spies: you %d, spies %d, need 7" % (keys["yours"], keys["spies"])
    hand = page.eval_on_selector_all(".hand .card", "cards => cards.map(c => c.dataset.card)")
    if not view["over"]:
        assert hand == view["hand"]


def test_a_seeded_deal_is_played_to_the_end_screen_through_clicks(page, site_server):
    open_deal(page, site_server.url)
    screenshot(page, "deck-of-spies-table")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "deck-of-spies-table", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})

    state = new_game("deck-of-spies", seed=SEED)
    bot, rng = GreedyBot(samples=2), Rng(5)
    while not state.is_over:
        assert_page_matches(page, state)
        play_move(page, state, bot.choose(state, 0, rng))
        if state.view(0)["phase"] == "retire" and len(state.history) == 1:
            screenshot(page, "deck-of-spies-retire")

    page.wait_for_selector(".end-screen", timeout=MOVE_TIMEOUT_MS)
    summary = page.inner_text(".end-screen")
    assert state.result()["summary"] in summary
    assert ("Mission accomplished" if state.result()["winners"] else "Mission failed") in summary
    screenshot(page, "deck-of-spies-end")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "deck-of-spies-end")

    page.click('button[data-action="same-deal"]')
    page.wait_for_selector('body[data-moves="0"][data-over="false"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    assert_page_matches(page, new_game("deck-of-spies", seed=SEED))


def test_an_illegal_try_is_explained_and_changes_nothing(page, site_server):
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    lowest = state.view(0)["hand"][0]
    page.click('button.card[data-card="%s"]' % lowest)
    counter = page.locator('button[data-action="do"][data-type="counter"]')
    assert counter.get_attribute("aria-disabled") == "true"
    page.keyboard.press("c")  # a disabled button's key still asks the engine, which explains
    message = page.locator("#message")
    message.wait_for(state="visible")
    assert "short of" in message.inner_text()
    assert moves_shown(page) == 0
    assert_page_matches(page, state)


def test_keys_select_cards_and_the_hint_names_a_legal_move(page, site_server):
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    page.keyboard.press("1")
    first = state.view(0)["hand"][0]
    page.wait_for_selector('button.card[data-card="%s"][aria-pressed="true"]' % first)
    page.keyboard.press("h")
    hint = page.locator('[data-testid="hint"]')
    hint.wait_for(timeout=MOVE_TIMEOUT_MS)
    described = [state.describe(a) for a in state.legal_actions()]
    assert hint.inner_text().replace("Hint: ", "") in described
    # Why, from the expert's own estimates (pyapp/judgement.py).
    assert page.inner_text("[data-hint-reason]").startswith("Win chance ")
    screenshot(page, "deck-of-spies-hint")


def test_autoplay_plays_the_experts_moves_until_stopped(page, site_server):
    page.goto("%s?game=deck-of-spies&seed=%d&pace=fast" % (site_server.url, SEED))
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"][data-moves="0"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    page.keyboard.press("p")
    page.wait_for_selector('[data-action="autoplay"][aria-pressed="true"]', state="attached")
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 3",
                           timeout=MOVE_TIMEOUT_MS)
    screenshot(page, "deck-of-spies-autoplay")
    page.click('[data-action="autoplay"]')
    page.wait_for_selector('[data-action="autoplay"][aria-pressed="false"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    page.wait_for_selector('body[data-busy="false"]', state="attached")
    # The moves made are the hint's, the expert's, move after move.
    session = Session.start({"game": "deck-of-spies", "players": 1, "seed": SEED})
    for _ in range(moves_shown(page)):
        session.act(session.hint()["hint"]["action"])
    assert moves_shown(page) >= 3
    assert_page_matches(page, session.state)


def test_double_clicks_make_one_move(page, site_server):
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    action = state.legal_actions()[0]
    for card in action["cards"]:
        page.click('button.card[data-card="%s"]' % card)
    page.dblclick('button[data-action="do"][data-type="%s"]' % action["type"])
    page.wait_for_selector('body[data-moves="1"][data-busy="false"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    state.apply(action)
    page.wait_for_timeout(300)  # give a stray second move the time to land, if it could
    assert moves_shown(page) == 1
    assert_page_matches(page, state)


def test_a_reload_resumes_the_game(page, site_server):
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    play_move(page, state, state.legal_actions()[0])
    page.reload()
    wait_ui(page)
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"][data-moves="1"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    assert_page_matches(page, state)


@pytest.mark.parametrize("query, words", [
    ("?game=no-such-game", "There is no game"),
    ("?game=deck-of-spies&seed=abc", "seed must be a whole number"),
    ("?game=deck-of-spies&color=red", "Unknown URL parameter"),
])
def test_bad_url_parameters_are_answered_over_the_lobby(page, site_server, query, words):
    page.goto(site_server.url + query)
    wait_ui(page)
    message = page.locator("#message")
    message.wait_for(state="visible")
    assert words in message.inner_text()
    assert page.get_attribute("body", "data-screen") == "lobby"
    assert page.locator("#lobby").is_visible()


def test_a_corrupt_save_is_set_aside_and_the_lobby_still_works(page, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    page.evaluate("localStorage.setItem('safehouse.save.deck-of-spies', '{not json')")
    page.reload()
    wait_ui(page)
    wait_engine(page)
    aside = page.locator('[data-setaside="deck-of-spies"]')
    assert "not readable" in aside.inner_text()
    page.click('button[data-action="play"][data-game="deck-of-spies"]')
    page.wait_for_selector('body[data-screen="table"][data-moves="0"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)


def test_after_one_visit_a_deal_is_played_offline(browser, site_server):
    context = new_logged_context(browser)
    try:
        page = context.new_page()
        page.goto(site_server.url)
        wait_ui(page)
        wait_engine(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
        context.set_offline(True)
        open_deal(page, site_server.url)
        state = new_game("deck-of-spies", seed=SEED)
        for _ in range(3):
            play_move(page, state, state.legal_actions()[-1])
        assert_page_matches(page, state)
    finally:
        context.close()
    check_requests(context)


def test_a_deal_is_played_under_a_sub_path(page, subpath_server):
    open_deal(page, subpath_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    for _ in range(3):
        play_move(page, state, state.legal_actions()[0])
    assert_page_matches(page, state)
