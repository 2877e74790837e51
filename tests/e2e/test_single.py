"""Safehouse.html, the site in one file (tools/single.py), opened from disk
with the network off; and the served site's index.html opened from disk,
which says what to do instead of loading forever.

One browser session; the file is the built site's own (`build.py test`
builds it) or, in a site built without it, made here."""

import shutil

import pytest

from pyapp.games import new_game
from tools.single import SINGLE, write_single

from . import MOVE_TIMEOUT_MS, PLAYABLE, click_and_wait, screenshot, wait_engine, wait_ui
from .conftest import new_logged_context
from .test_deck_of_spies import play_move

LOCAL = ("file:", "blob:", "data:")
SEED = 7
# A few moves of each game: (its id, players, human moves to make).
GAMES = [("deck-of-spies", 1, 3), ("mission-for-peanuts", 3, 2), ("spy-tricks", 3, 2), ("mister-spy", 2, 2)]
HUMAN_TURN = 'body[data-human-turn="true"][data-busy="false"]'


@pytest.fixture(scope="module")
def single_file(site_dist, tmp_path_factory):
    """Safehouse.html, alone in an empty folder."""
    folder = tmp_path_factory.mktemp("single")
    built = site_dist / SINGLE
    if built.is_file():
        shutil.copyfile(built, folder / SINGLE)
    else:
        write_single(site_dist, folder / SINGLE)
    assert [path.name for path in folder.iterdir()] == [SINGLE]
    return folder / SINGLE


@pytest.fixture
def offline_page(browser):
    """A page of an offline context; yields (page, what went wrong: a list)."""
    context = new_logged_context(browser, offline=True)
    page = context.new_page()
    page.console_log = []
    page.on("console", lambda message: page.console_log.append("%s: %s" % (message.type, message.text)))
    errors = []
    page.on("pageerror", lambda error: errors.append("page error: %s" % error))
    try:
        yield page, errors
    finally:
        context.close()
    errors += ["request: %s" % url for url in context.request_log if not url.startswith(LOCAL)]
    errors += ["failed: %s" % line for line in context.failed_requests]
    errors += ["blocked: %s" % line for line in context.csp_violations]
    assert errors == []


def play_a_few_moves(page, game, moves):
    """`moves` of the person's moves: any button that plays one; in Deck of
    Spies, which picks cards first, the deal's first legal moves."""
    state = new_game(game, seed=SEED) if game == "deck-of-spies" else None
    for _ in range(moves):
        page.wait_for_selector(HUMAN_TURN, state="attached", timeout=MOVE_TIMEOUT_MS)
        if state:
            play_move(page, state, state.legal_actions()[0])
        else:
            click_and_wait(page, page.locator(PLAYABLE + ":visible").first)


def test_the_one_file_plays_every_game_offline_and_resumes_after_a_reload(offline_page, single_file):
    page, errors = offline_page
    url = single_file.as_uri()
    page.goto(url)
    wait_ui(page)
    wait_engine(page)
    assert page.get_attribute("body", "data-engine-boot") == "snapshot"
    # What cannot work from a file is not there.
    assert page.locator('link[rel="manifest"], #download').count() == 0
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 720}):
        page.set_viewport_size(size)
        screenshot(page, "single-lobby")
    for game, players, moves in GAMES:
        page.goto("%s?game=%s&seed=%d&players=%d&pace=instant" % (url, game, SEED, players))
        wait_ui(page)
        page.wait_for_selector('body[data-screen="table"]', state="attached", timeout=MOVE_TIMEOUT_MS)
        play_a_few_moves(page, game, moves)
    screenshot(page, "single-table")
    played = int(page.get_attribute("body", "data-moves"))

    page.goto(url)  # the lobby, as a person reopens the file
    wait_ui(page)
    wait_engine(page)
    assert page.locator('[data-action="resume"]').count() == len(GAMES)
    page.locator('[data-action="resume"]', has_text="Before I Kill You").click()
    page.wait_for_selector('body[data-screen="table"]', state="attached", timeout=MOVE_TIMEOUT_MS)
    page.wait_for_function("() => document.body.dataset.moves === '%d'" % played, timeout=MOVE_TIMEOUT_MS)
    play_a_few_moves(page, "mister-spy", 1)
    assert errors == []


def test_the_sites_page_opened_from_a_file_names_the_file_and_the_command(browser, site_dist):
    """(The browser refuses the page's module scripts: those requests fail.)"""
    context = browser.new_context(offline=True)
    try:
        page = context.new_page()
        page.goto((site_dist / "index.html").as_uri())
        says_what_to_do(page)
    finally:
        context.close()


def says_what_to_do(page):
    page.wait_for_selector('body[data-engine="unavailable"]', state="attached", timeout=1000)
    message = page.locator("#message")
    assert message.is_visible()
    assert "Safehouse.html" in message.inner_text() and "python3 build.py serve" in message.inner_text()
    assert message.locator("a").get_attribute("href") == "./Safehouse.html"
    assert "Loading" not in page.inner_text("header")
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 720}):
        page.set_viewport_size(size)
        screenshot(page, "index-from-file")
