"""A finished game is kept, replayed and counted, and all local data goes
to a file and back: one page, one short seeded Deck of Spies deal.

- the replay (from the end screen) steps by keys and buttons, and at each
  step shown the table is the engine's view(0) of the game after that many
  moves (body[data-replay-step]); the review lists its findings or none;
- each of these screens passes axe-core at both widths (test_a11y's check);
- after a reload the statistics count the game once, and the history lists it;
- export -> clear the storage -> import brings every key back as it was; a
  file that is not an export changes nothing and says why;
- an import of 3 MB, then of 50 MB (read and checked in the engine's
  worker, not by the page's MicroPython): each says what it merged, what it
  skipped and why, and what the browser could not store; nothing kept
  before is lost, and a file beyond the limit is refused before it is read;
- pass and play (`&humans=0,1`): while the pass screen shows, the page holds
  no table and no card; after Continue the table is that person's seat.
"""

import json
import os
import time

import pytest

pytest.importorskip("playwright.sync_api")

from pyapp.games import new_game  # noqa: E402
from pyapp.ui.tables import TABLES  # noqa: E402

from . import DESKTOP, MOVE_TIMEOUT_MS, PHONE, open_table, screenshot, wait_engine, wait_ui  # noqa: E402
from .test_a11y import assert_accessible  # noqa: E402

SEED = 288  # its first legal moves lose in 18 moves: the shortest of the first 400 deals

STORED = """() => Object.fromEntries(Object.keys(localStorage)
    .filter((key) => key.startsWith("safehouse.")).map((key) => [key, localStorage[key]]))"""
HAND = """() => [...document.querySelectorAll('#replay-felt .hand [data-card], #replay-felt .hand .card')]
    .map((card) => card.getAttribute('aria-label'))"""


def play_to_the_end(page):
    """The first legal move each time, by number keys and the action's key."""
    keys = {kind: key for key, kind in TABLES["deck-of-spies"].KEYS.items()}
    state = new_game("deck-of-spies", seed=SEED)
    states = [state.clone()]
    while not state.is_over:
        page.wait_for_selector('body[data-human-turn="true"]', state="attached",
                               timeout=MOVE_TIMEOUT_MS)
        action = state.legal_actions()[0]
        hand = state.view(0)["hand"]
        if action["type"] == "assassinate":
            page.click('#table button[data-act*="%s"]' % action["ace"])
        else:
            for card in action.get("cards", []):
                page.keyboard.press(str(hand.index(card) + 1))
                page.wait_for_selector('.hand [data-card="%s"][aria-pressed="true"]' % card)
            page.keyboard.press(keys[action["type"]])
        state.apply(action)
        states.append(state.clone())
        page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n",
                               arg=len(state.history), timeout=MOVE_TIMEOUT_MS)
    page.wait_for_selector('body[data-over="true"]', state="attached")
    return states


def shown_step(page, step, states):
    """Wait for `step`; the felt shows that state's view for seat 0."""
    page.wait_for_selector('body[data-replay-step="%d"]' % step, state="attached")
    view = states[step].view(0)
    suits = view["suits"]
    names = ["%s of %s" % ({"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}.get(
        code[:-1], code[:-1]), suits[code[-1]]["name"]) for code in view["hand"]]
    assert page.evaluate(HAND) == names, step
    assert page.inner_text("#replay-felt [data-testid=prompt]") == view["prompt"]
    current = page.get_attribute("#replay-moves [aria-current=step]", "data-step")
    assert current == str(step)


def replay_by_keys(page, states):
    page.click('.end-screen [data-action="replay"]')
    page.wait_for_selector('body[data-screen="replay"]', state="attached")
    last = len(states) - 1
    assert page.get_attribute("body", "data-replay-steps") == str(last)
    shown_step(page, 0, states)
    for step in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        shown_step(page, step, states)
    page.keyboard.press("ArrowLeft")
    shown_step(page, 2, states)
    page.keyboard.press("End")
    page.wait_for_selector('body[data-replay-step="%d"]' % last, state="attached")
    assert page.locator("#replay-felt .replay-result").count() == 1
    assert page.locator(".end-screen").count() == 1  # the table's own, hidden behind
    page.click('#replay-moves [data-step="5"] button')
    shown_step(page, 5, states)
    page.keyboard.press("Home")
    shown_step(page, 0, states)
    page.click('[data-action="review"]')
    page.wait_for_selector("[data-review-item], [data-review-empty]", timeout=MOVE_TIMEOUT_MS)
    for item in page.locator("[data-review-item]").all():
        assert int(item.get_attribute("data-loss")) > 10
    both_widths(page, "replay")
    page.click('[data-action="replay-close"]')
    page.wait_for_selector('body[data-screen="table"]', state="attached")


def both_widths(page, name):
    """Screenshots at both widths, no sideways scroll on a phone, and axe finds nothing."""
    assert_accessible(page, name)
    screenshot(page, name)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    screenshot(page, name, full_page=True)
    page.set_viewport_size(DESKTOP)


def reloaded(page, url=None):
    """Wait for the page, after a reload or going to `url`."""
    if url:
        page.goto(url)
    wait_ui(page)
    wait_engine(page)


def open_screen(page, action):
    page.click('#lobby [data-action="%s"]' % action)
    page.wait_for_selector('body[data-screen="%s"]' % action, state="attached")


def test_a_finished_game_is_kept_replayed_counted_and_carried_then_two_people_pass(page, site_server, tmp_path):
    open_table(page, "%s?game=deck-of-spies&seed=%d" % (site_server.url, SEED))
    states = play_to_the_end(page)
    replay_by_keys(page, states)

    page.reload()  # on the end screen (its link deals the seed afresh): counted once all the same
    reloaded(page)
    page.wait_for_selector('body[data-screen="table"]', state="attached", timeout=MOVE_TIMEOUT_MS)
    page.click('#table [data-action="lobby"]')
    open_screen(page, "stats")
    assert page.inner_text('[data-stat="played"]') == "1"
    assert page.inner_text('[data-stat="played"][data-game="deck-of-spies"]') == "1"
    both_widths(page, "stats")
    page.click('[data-action="lobby"]')
    open_screen(page, "history")
    assert page.locator("[data-history] .outcome").all_inner_texts() == ["Lost"]
    both_widths(page, "history")

    page.click('[data-action="lobby"]')
    kept = page.evaluate(STORED)
    with page.expect_download() as download:
        page.click('[data-action="export"]')
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["items"] == kept

    page.evaluate("() => localStorage.clear()")
    reloaded(page, site_server.url)
    bad = tmp_path / "bad.json"
    bad.write_text('{"items": 1}')
    page.set_input_files('[data-action="import"]', str(bad))
    assert "could not be imported" in imported(page)
    page.set_input_files('[data-action="import"]', str(exported))
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('Imported')")
    assert page.evaluate(STORED) == kept
    open_screen(page, "stats")
    assert page.inner_text('[data-stat="played"]') == "1"

    pass_and_play(page, site_server.url)


TURN_OR_PASS = """(moves) => document.body.dataset.screen === "pass" || (
    document.body.dataset.humanTurn === "true" && document.body.dataset.busy !== "true"
    && Number(document.body.dataset.moves) > moves)"""


def pass_and_play(page, url):
    """Two people at Mister Spy's table: each turn of another person's is
    behind a pass screen that leaves nothing of any hand on the page."""
    page.goto(url + "?game=mister-spy&players=3&seed=5&humans=0,1&pace=instant")
    wait_ui(page)
    in_front, moves = [], -1
    while True:
        page.wait_for_function(TURN_OR_PASS, arg=moves, timeout=MOVE_TIMEOUT_MS)
        if page.get_attribute("body", "data-screen") == "pass":
            assert page.inner_html("#table") == ""
            assert page.locator("[data-card], .ms-hand-zone, .ms-hand-backs").count() == 0
            if not in_front:
                both_widths(page, "pass")
            seat = int(page.inner_text("#archive h1").split()[-1]) - 1
            page.click('[data-action="continue"]')
            page.wait_for_selector('body[data-screen="table"]', state="attached")
            assert page.get_attribute(".ms-seat.you", "data-seat") == str(seat)
            in_front.append(seat)
            if len(in_front) == 2:
                break
        moves = int(page.get_attribute("body", "data-moves"))
        page.wait_for_selector('body[data-human-turn="true"]', state="attached",
                               timeout=MOVE_TIMEOUT_MS)
        page.locator("#table [data-act]:not([aria-disabled=true])").first.click()
    assert in_front == [0, 1]


# -- large imports ----------------------------------------------------------------------------

MESSAGE_DONE = """() => { const box = document.querySelector("#message");
    return !box.hidden && !box.textContent.includes("Reading the file"); }"""


def imported(page):
    """The message once an import has answered."""
    page.wait_for_function(MESSAGE_DONE, timeout=MOVE_TIMEOUT_MS * 2)
    return page.inner_text("#message span")


def rows_text(count, prefix, first_minute=29000000):
    return json.dumps({"rows": [["%s%07d" % (prefix, number), first_minute + number, number % 2, 3,
                                 "easy"] for number in range(count)]})


def export_file(path, items):
    path.write_text(json.dumps({"safehouse": "export", "format": 1, "exported": 1, "items": items}))
    return str(path)


HERE = {
    "safehouse.stats.spy-tricks": json.dumps({"rows": [["h1", 28000000, 1, 3, "easy"]]}),
    "safehouse.stats.mister-spy": json.dumps({"rows": [["m1", 28000000, 0, 4, "hard"]]}),
    "safehouse.settings": json.dumps({"pace": "slow"}),
}


def timed_import(page, path):
    start = time.perf_counter()
    page.set_input_files('[data-action="import"]', path)
    message = imported(page)
    print("import of %.1f MB: %.2f s" % (os.path.getsize(path) / 1e6, time.perf_counter() - start))
    return message


def test_an_import_of_megabytes_is_checked_entry_by_entry_and_loses_nothing(page, site_server,
                                                                           tmp_path):
    page.goto(site_server.url)
    wait_ui(page)
    page.evaluate("(items) => Object.entries(items).forEach(([key, text]) => "
                  "localStorage.setItem(key, text))", HERE)
    reloaded(page, site_server.url)
    errors = []
    page.on("console", lambda line: errors.append(line.text) if "Error" in line.text else None)

    # Three games' statistics of 24,000 games each (the page reads up to some
    # 25,000 rows of a game: its heap), one that is corrupt, and settings.
    three = export_file(tmp_path / "three.json", dict(
        {"safehouse.stats." + game: rows_text(24000, game[:2])
         for game in ("spy-tricks", "deck-of-spies", "mission-for-peanuts")},
        **{"safehouse.stats.mister-spy": "{broken",
           "safehouse.settings": json.dumps({"pace": "fast", "auto_answer": False})}))
    assert 3e6 < os.path.getsize(three) < 3.1e6
    assert timed_import(page, three) == (
        "Imported: 2 added, 2 merged with what was here, 0 already here. 1 skipped: the "
        "statistics of Before I Kill You, Mister Spy..., because it is not readable (not JSON, "
        "or cut short).")
    after = page.evaluate(STORED)
    assert after["safehouse.stats.mister-spy"] == HERE["safehouse.stats.mister-spy"]
    assert json.loads(after["safehouse.settings"]) == {"pace": "slow", "auto_answer": False}
    rows = json.loads(after["safehouse.stats.spy-tricks"])["rows"]
    assert len(rows) == 24001 and rows[0][0] == "h1"
    page.click('#lobby [data-action="stats"]')
    page.wait_for_selector('body[data-screen="stats"]', state="attached")
    played = {game: page.inner_text('[data-stat="played"][data-game="%s"]' % game)
              for game in ("spy-tricks", "deck-of-spies", "mission-for-peanuts", "mister-spy")}
    assert played == {"spy-tricks": "24001", "deck-of-spies": "24000",
                      "mission-for-peanuts": "24000", "mister-spy": "1"}
    assert page.locator(".stats .note.error").count() == 0
    page.click('[data-action="lobby"]')

    fifty = export_file(tmp_path / "fifty.json", {
        "safehouse.stats.spy-tricks": rows_text(1190000, "f"),
        "safehouse.settings": json.dumps({"pace": "fast", "auto_answer": False})})
    assert 49.9e6 < os.path.getsize(fifty) < 50.1e6
    assert timed_import(page, fifty) == (
        "Imported: 0 added, 1 merged with what was here, 0 already here. 1 not stored: the "
        "statistics of Spy Tricks, because the browser's storage is full.")
    assert page.evaluate(STORED) == after

    beyond = tmp_path / "beyond.json"
    with open(beyond, "wb") as out:
        out.truncate(65 * 1024 * 1024)
    assert timed_import(page, str(beyond)) == (
        "This file could not be imported: the file is too large to be a Safehouse export "
        "(68.2 MB; at most 67.1 MB). Nothing was changed.")
    assert page.evaluate(STORED) == after
    assert not [line for line in errors if "MemoryError" in line]
