"""Nothing is lost: each test reproduces a way the page once lost a game
(two tabs, New deal, a shared link, saves it could not load, a dead engine
worker) and proves the game is kept."""

import json

import pytest

from pyapp.games import new_game
from pyapp.session import Session
from pyapp.ui import saves

from . import screenshot, wait_engine, wait_ui
from .test_deck_of_spies import (MOVE_TIMEOUT_MS, click_action, moves_shown, open_deal,
                                 play_move)

pytest.importorskip("playwright.sync_api")

SEED = 123


def kept_items(page):
    """localStorage's safehouse.* items, as a dict."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((key) => key.startsWith("safehouse.")).map((key) => [key, localStorage.getItem(key)]))""")


def kept_games(page):
    """The game records that can be read (set-aside texts stay beside them)."""
    games = {}
    for key, text in kept_items(page).items():
        try:
            games[key] = saves.parse_entry(text)
        except ValueError:
            assert key.startswith(saves.GAME) is False or saves.ASIDE + saves.entry_id(key) \
                in kept_items(page), "an unreadable record that is not set aside: %s" % key
    return {key: entry for key, entry in games.items() if key.startswith(saves.GAME)}


def play_moves(page, state, count):
    for _ in range(count):
        play_move(page, state, state.legal_actions()[0])


def dialog(page):
    box = page.locator('[role="dialog"]:visible')
    box.wait_for()
    return box


def focus_is_in(page, selector):
    return page.evaluate("(s) => document.querySelector(s).contains(document.activeElement)",
                         selector)


def test_two_tabs_of_one_game_never_overwrite_each_other(context, site_server):
    first, second = context.new_page(), context.new_page()
    state = new_game("deck-of-spies", seed=SEED)
    open_deal(first, site_server.url)
    play_moves(first, state, 1)
    # The same address in a second tab resumes the same game, not a copy.
    second.goto("%s?game=deck-of-spies&seed=%d" % (site_server.url, SEED))
    wait_engine(second)
    second.wait_for_selector('body[data-screen="table"][data-moves="1"]', state="attached")
    assert len(kept_games(first)) == 1

    play_moves(first, state, 3)
    second.wait_for_selector('body[data-stale="true"]', state="attached")
    assert "continued in another tab" in second.inner_text("#message")
    second.click("#table .hand .card >> nth=0")
    second.click('#table button[data-action="do"]:not([aria-disabled="true"]) >> nth=0')
    second.keyboard.press("e")  # End turn, by its key
    second.wait_for_timeout(300)  # a refused move would have landed by now
    assert moves_shown(second) == 1
    screenshot(second, "stale-tab")

    first.reload()
    wait_engine(first)
    first.wait_for_selector('body[data-screen="table"][data-moves="4"]', state="attached")
    second.click('#message button[data-action="reload"]')
    wait_engine(second)
    second.wait_for_selector('body[data-screen="table"][data-moves="4"]', state="attached")
    assert second.get_attribute("body", "data-stale") is None


def test_new_deal_asks_before_it_abandons_a_game(page, site_server):
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    play_moves(page, state, 2)
    page.click('button[data-action="new-deal"]')
    box = dialog(page)
    assert focus_is_in(page, "#confirm")
    assert "2 moves" in box.inner_text()
    screenshot(page, "confirm-new-deal")
    page.keyboard.press("Tab")
    assert focus_is_in(page, "#confirm")  # focus stays in the dialog
    box.locator('[data-action="cancel"]').click()
    assert moves_shown(page) == 2 and "seed=%d" % SEED in page.url
    assert page.evaluate("document.activeElement.dataset.action") == "new-deal"

    page.click('button[data-action="new-deal"]')
    dialog(page).locator('[data-action="confirm"]').click()
    page.wait_for_selector('body[data-moves="0"]', state="attached", timeout=MOVE_TIMEOUT_MS)
    page.wait_for_function("() => !/[?&]seed=%d(&|$)/.test(location.search)" % SEED)
    [record] = kept_games(page).values()
    assert record["meta"]["seed"] != SEED and record["meta"]["moves"] == 0


def test_back_returns_to_the_lobby_and_forward_to_the_game_kept(page, site_server):
    """The browser's Back and Forward move between the app's screens (the
    decisions are the page core's, tests/test_ui_core.py; this proves the
    edge's history entries and popstate)."""
    open_deal(page, site_server.url)
    play_moves(page, new_game("deck-of-spies", seed=SEED), 1)
    page.go_back()
    page.wait_for_selector('body[data-screen="lobby"]', state="attached")
    assert page.url.rstrip("/") == site_server.url.rstrip("/")
    page.wait_for_selector('[data-action="resume"]')
    page.go_forward()
    page.wait_for_selector('body[data-screen="table"][data-moves="1"]', state="attached",
                           timeout=MOVE_TIMEOUT_MS)
    assert "seed=%d" % SEED in page.url


def test_a_link_to_another_deal_starts_it_beside_the_saved_game(page, site_server):
    page.goto(site_server.url + "?game=mission-for-peanuts&seed=5&players=3&level=easy")
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"]', state="attached")
    page.goto(site_server.url + "?game=mission-for-peanuts&seed=777&players=4")
    wait_engine(page)
    page.wait_for_selector('body[data-screen="table"]', state="attached")
    assert "Deal #777" in page.inner_text("#table")
    page.click('a[data-action="lobby"]')
    rows = page.locator("[data-resume]")
    rows.first.wait_for()
    assert rows.count() == 2
    assert sorted(record["meta"]["seed"] for record in kept_games(page).values()) == [5, 777]
    # Saved at the browser's time (Date.now() reaches MicroPython cut to 32 bits).
    clock = page.evaluate("Date.now()")
    assert all(clock - 120_000 < record["meta"]["updated"] <= clock
               for record in kept_games(page).values())
    page.click('[data-resume]:has-text("deal #5 ")')
    page.wait_for_selector('body[data-screen="table"]', state="attached")
    assert "Deal #5" in page.inner_text("#table") and "level=easy" in page.url


def entry_for(session, updated=1):
    return saves.entry_text(session.payload(), updated)


def played(game, seed, moves, players=None):
    """A session of `game` with `moves` actions played (the first legal each time)."""
    spec = {"game": game, "seed": seed}
    if players:
        spec.update(players=players, levels=[None] + ["easy"] * (players - 1))
    session = Session.start(spec)
    for _ in range(moves):
        if session.state.to_act == session.human:
            session.act(session.state.legal_actions()[0])
        else:
            session.bot_step()
    return session


def with_version(entry_text, version):
    entry = json.loads(entry_text)
    entry["save"]["game"]["version"] = version
    return json.dumps(entry)


def unloadable_saves():
    """Local data as earlier builds, bugs and tampering leave it."""
    good = entry_for(played("deck-of-spies", 11, 3))
    replayable = with_version(entry_for(played("deck-of-spies", 12, 2)), 0)
    broken_old = json.loads(with_version(entry_for(played("deck-of-spies", 13, 2)), 0))
    broken_old["save"]["game"]["actions"].insert(0, {"type": "end_turn"})
    other_game = json.dumps(played("mister-spy", 14, 3, players=2).save())
    return {
        saves.GAME + "good": good,
        saves.GAME + "corrupt": "{not json",
        saves.GAME + "truncated": good[:len(good) // 2],
        saves.GAME + "deep": '{"meta": ' + "[" * 100000 + "]" * 100000 + "}",
        saves.GAME + "oldversion": replayable,
        saves.GAME + "oldillegal": json.dumps(broken_old),
        # The one-slot key of earlier builds, holding another game's save.
        saves.LEGACY + "deck-of-spies": other_game,
    }


def test_saves_that_cannot_be_resumed_are_set_aside_and_the_rest_carried_over(page, site_server):
    page.goto(site_server.url)
    wait_ui(page)
    items = unloadable_saves()
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    page.reload()
    wait_engine(page)
    page.locator('[data-setaside="oldillegal"]').wait_for()
    aside = {row.get_attribute("data-setaside"): row.inner_text()
             for row in page.locator("[data-setaside]").all()}
    assert sorted(aside) == ["corrupt", "deep", "oldillegal", "truncated"]
    assert "not readable" in aside["corrupt"] and "not readable" in aside["truncated"]
    assert "nested too deeply" in aside["deep"]
    assert "version 0" in aside["oldillegal"]
    resumable = page.locator("[data-resume]")
    assert resumable.count() == 3  # good, oldversion (replayed) and the other game
    assert "Mister Spy" in page.inner_text("#kept")
    screenshot(page, "lobby-set-aside")
    # Nothing was deleted: every text is still there, untouched.
    stored = kept_items(page)
    for key in ("corrupt", "truncated", "deep", "oldillegal"):
        assert stored[saves.GAME + key] == items[saves.GAME + key]

    with page.expect_download() as download:
        page.click('[data-setaside="corrupt"] [data-action="export-aside"]')
    assert open(download.value.path()).read() == "{not json"

    page.click('[data-setaside="corrupt"] [data-action="discard-aside"]')
    dialog(page).locator('[data-action="confirm"]').click()
    page.locator('[data-setaside="corrupt"]').wait_for(state="detached")
    assert saves.GAME + "corrupt" not in kept_items(page)

    # The replayed old-version save resumes on this engine, with its moves.
    game_id = page.locator('[data-resume]:has-text("deal #12 ")').get_attribute("data-resume")
    page.click('[data-resume="%s"]' % game_id)
    page.wait_for_selector('body[data-screen="table"][data-moves="2"]', state="attached")
    version = kept_games(page)[saves.GAME + game_id]["save"]["game"]["version"]
    assert version == new_game("deck-of-spies").version


def engine_states(page):
    """Every value body[data-engine] has taken since the page loaded."""
    return page.evaluate("window.__engineStates")


RECORD_ENGINE_STATES = """
window.__engineStates = [];
new MutationObserver(() => window.__engineStates.push(document.body.dataset.engine))
  .observe(document, {attributes: true, subtree: true, attributeFilter: ["data-engine"]});
"""


def test_a_dead_engine_worker_is_restarted_and_the_game_goes_on(page, site_server):
    page.add_init_script(RECORD_ENGINE_STATES)
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    play_moves(page, state, 2)
    [worker] = page.workers
    worker.evaluate("self.close()")
    play_move(page, state, state.legal_actions()[0])  # the click is not lost either
    assert moves_shown(page) == 3
    assert "restarting" in engine_states(page)
    page.wait_for_selector('body[data-engine="ready"]', state="attached")
    assert "restarted" in page.inner_text("#message")
    play_moves(page, state, 1)
    assert moves_shown(page) == 4


def test_a_silent_engine_worker_times_out_and_is_replaced(page, site_server):
    open_deal(page, site_server.url)
    state = new_game("deck-of-spies", seed=SEED)
    play_moves(page, state, 1)
    [worker] = page.workers
    worker.evaluate("self.onmessage = () => {}")  # alive, but answers nothing any more
    action = state.legal_actions()[0]
    click_action(page, action)
    state.apply(action)
    # The click is answered after the engine's 30 s time-out and a restart.
    page.wait_for_selector('body[data-moves="2"][data-busy="false"]', state="attached",
                           timeout=90_000)
    assert "gave no answer" in page.inner_text("#message")
    page.wait_for_selector('body[data-engine="ready"][data-busy="false"]', state="attached")
    play_moves(page, state, 1)
    assert moves_shown(page) == 3
