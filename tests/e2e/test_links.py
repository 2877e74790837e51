"""A link carries the whole deal: the copied address deals the same game,
seed, seats, bot levels and options in another browser; &pace= sets the
bots' pace."""

import pytest

from .conftest import check_requests, new_logged_context

pytest.importorskip("playwright.sync_api")

DEAL = "?game=mission-for-peanuts&seed=31&players=4&level=hard&target=2"


def open_table_at(page, url):
    page.goto(url)
    page.wait_for_selector('body[data-engine="ready"][data-screen="table"]', state="attached",
                           timeout=120_000)


def test_the_copied_link_deals_the_same_setup_elsewhere(browser, context, page, site_server):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table_at(page, site_server.url + DEAL + "&pace=slow")
    assert page.locator('#table select[data-setting="pace"]').input_value() == "slow"
    page.click('#table button[data-action="copy-link"]')
    page.locator("#message:has-text('Link copied')").wait_for()
    link = page.evaluate("navigator.clipboard.readText()")
    for part in ("seed=31", "players=4", "level=hard", "target=2"):
        assert part in link, link

    elsewhere = new_logged_context(browser)
    try:
        other = elsewhere.new_page()
        open_table_at(other, link)
        assert "Deal #31" in other.inner_text("#table")
        assert other.inner_text("#table").count("bot, hard") == 3
        assert "target=2" in other.url and "level=hard" in other.url
    finally:
        elsewhere.close()
    check_requests(elsewhere)
