"""Keyboard focus is never dropped to the page: a redraw keeps it on the same
control, and the rules sheet takes it, keeps it and gives it back."""

import pytest

from pyapp.games import new_game

from .test_deck_of_spies import SEED, open_deal

pytest.importorskip("playwright.sync_api")


def focused(page, attribute):
    return page.evaluate("(name) => document.activeElement.getAttribute(name)", attribute)


def focus_inside(page, selector):
    return page.evaluate("(s) => document.querySelector(s).contains(document.activeElement)",
                         selector)


def test_a_card_keeps_the_focus_when_the_table_is_redrawn(page, site_server):
    open_deal(page, site_server.url)
    card = new_game("deck-of-spies", seed=SEED).view(0)["hand"][0]
    page.focus('button.card[data-card="%s"]' % card)
    page.keyboard.press("Enter")  # a toggle redraws the whole table
    page.wait_for_selector('button.card[data-card="%s"][aria-pressed="true"]' % card)
    assert focused(page, "data-card") == card
    page.keyboard.press("Space")
    page.wait_for_selector('button.card[data-card="%s"][aria-pressed="false"]' % card)
    assert focused(page, "data-card") == card


def test_the_rules_sheet_takes_keeps_and_returns_the_focus(page, site_server):
    open_deal(page, site_server.url)
    page.focus('#table button[data-action="rules"]')
    page.keyboard.press("Enter")
    page.locator("#overlay").wait_for()
    assert focus_inside(page, "#overlay")
    for _ in range(3):
        page.keyboard.press("Tab")
        assert focus_inside(page, "#overlay")
    page.keyboard.press("Shift+Tab")
    assert focus_inside(page, "#overlay")
    page.keyboard.press("Escape")
    page.locator("#overlay").wait_for(state="hidden")
    assert focused(page, "data-action") == "rules"


REDRAWS = [
    '<p class="prompt">Play</p><ol reversed=""><li>b</li><li>a</li></ol><div id="hand"><b>1</b><b>2</b></div>',
    '<p class="note">Banner</p><p class="prompt">Play</p><ol reversed=""><li>c</li><li>b</li><li>a</li></ol>'
    '<div id="hand"><b>1</b><b>2</b></div>',
    '<p class="prompt">Wait</p><ol reversed=""><li class="note">d</li><li>c</li><li>b</li><li>a</li></ol>'
    '<div id="hand"><b>2</b></div>text',
    '<div id="hand"><b>2</b><i>3</i></div><p class="prompt">Wait</p>',
    '',
    '<p class="prompt">Play</p><ol reversed=""><li>b</li><li>a</li></ol><div id="hand"><b>1</b><b>2</b></div>',
]


def test_a_redraw_gives_the_new_markup_and_keeps_what_did_not_change(page, site_server):
    open_deal(page, site_server.url)
    kept = page.evaluate("""(redraws) => {
        const box = document.createElement("div");
        document.body.append(box);
        const results = [];
        for (const html of redraws) {
            const before = [...box.querySelectorAll("li, #hand b")];
            window.safehouseRedraw.draw(box, html, ".no-card");
            const after = new Set(box.querySelectorAll("li, #hand b"));
            results.push([box.innerHTML === html, before.filter((node) => after.has(node)).length]);
        }
        box.remove();
        return results;
    }""", REDRAWS)
    assert all(same for same, _ in kept)
    # A banner on top and a new log line keep the two lines and two cards;
    # then the lines stay while the hand loses a card.
    assert [count for _, count in kept][1:3] == [4, 4]


def test_a_redraw_keeps_the_log_lines_that_stay_and_changes_a_space_in_place(page, site_server):
    open_deal(page, site_server.url)
    kept = page.evaluate("""() => {
        const box = document.createElement("div");
        document.body.append(box);
        const log = (lines) => "<ol>" + lines.map((n) => "<li>line " + n + "</li>").join("") + "</ol>";
        const spaces = (kinds) => "<div class=\\"board\\">" + kinds.map((kind, n) =>
            kind === "b" ? `<button class="space target">${n}</button>` : `<div class="space">${n}</div>`).join("") + "</div>";
        const lines = Array.from({length: 60}, (_, n) => 60 - n);
        const draw = (html) => {
            const before = [...box.querySelectorAll("li, .space")].map((node) => [node, node.outerHTML]);
            window.safehouseRedraw.draw(box, html, ".no-card");
            const after = new Set(box.querySelectorAll("li, .space"));
            return [box.innerHTML === html,
                    before.filter(([node, markup]) => after.has(node) && node.outerHTML === markup).length];
        };
        draw(log(lines) + spaces(["d", "d", "d", "d", "d"]));
        // Two lines come in on top, two leave at the bottom; one space turns into a button.
        const moved = draw(log([62, 61, ...lines.slice(0, 58)]) + spaces(["d", "b", "d", "d", "d"]));
        // The button turns back, and a line leaves the top.
        const back = draw(log([61, ...lines.slice(0, 58)]) + spaces(["d", "d", "d", "d", "d"]));
        box.remove();
        return [moved, back];
    }""")
    assert [same for same, _ in kept] == [True, True]
    # 58 lines and 4 spaces stay the very same nodes, untouched; then 59 and 4.
    assert [count for _, count in kept] == [58 + 4, 59 + 4]
