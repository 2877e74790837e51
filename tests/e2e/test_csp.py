"""The page's Content-Security-Policy (written by build.py): every game plays
under it, and it does forbid what it says it forbids.

Every end-to-end test runs under the policy and fails on any violation
(conftest.py); these tests make sure each table is exercised and that the
policy is really enforced, not merely present.
"""

import pytest

from pyapp.games import new_game

from . import MOVE_TIMEOUT_MS, PLAYABLE, click_and_wait, open_table, wait_ui
from .conftest import own_context
from .test_deck_of_spies import open_deal, play_move

# A choice is on the table and no request is in flight.
CHOICE = """() => document.body.dataset.busy !== "true"
    && document.querySelector('#table button[data-act]:not([aria-disabled="true"])') !== null"""


def test_deck_of_spies_plays_under_the_policy(page, site_server):
    # Its moves are card selections, so they come from the engine (as in
    # test_deck_of_spies.py), not from data-act buttons.
    open_deal(page, site_server.url, seed=7)
    state = new_game("deck-of-spies", seed=7)
    for _ in range(3):
        play_move(page, state, state.legal_actions()[0])
    assert page.evaluate("window.__cspViolations") == []


@pytest.mark.parametrize("query", [
    "game=mission-for-peanuts&seed=3&players=3&level=easy",
    "game=spy-tricks&seed=3&players=3&level=easy",
    "game=mister-spy&seed=3&players=2&level=easy",
])
def test_a_table_plays_under_the_policy(page, site_server, query):
    open_table(page, site_server.url + "?" + query)
    for _ in range(4):
        page.wait_for_function(CHOICE, timeout=MOVE_TIMEOUT_MS)
        click_and_wait(page, page.locator(PLAYABLE).first)
    assert page.evaluate("window.__cspViolations") == []


# Each probe tries one thing the policy forbids and says whether it ran. The
# code to evaluate runs in a timer: Playwright's own evaluation is exempt
# from the policy's ban on eval, the page's later tasks are not.
LATER = """() => new Promise((resolve) => setTimeout(() => {
    try { resolve(%s === 1); } catch (error) { resolve(false); }
}))"""
PROBES = {
    "eval": LATER % 'eval("1")',
    "Function": LATER % 'Function("return 1")()',
    "inline script": """() => {
        const script = document.createElement("script");
        script.textContent = "window.__probe = 'ran'";
        document.head.append(script);
        return window.__probe === "ran";
    }""",
    "inline style element": """() => {
        const style = document.createElement("style");
        style.textContent = "body { --probe: ran; }";
        document.head.append(style);
        return getComputedStyle(document.body).getPropertyValue("--probe").trim() === "ran";
    }""",
    "script from another host": """() => new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = "https://cdn.example.net/probe.js";
        script.onload = () => resolve(true);
        script.onerror = () => resolve(false);
        document.head.append(script);
    })""",
}


def test_the_policy_forbids_eval_inline_code_and_other_hosts(browser, site_server):
    # Unchecked: this test meets violations on purpose.
    with own_context(browser, check=False) as context:
        page = context.new_page()
        page.goto(site_server.url)
        wait_ui(page)
        ran = {name: page.evaluate(probe) for name, probe in PROBES.items()}
        page.wait_for_function("() => window.__cspViolations.length >= %d" % len(PROBES))
        blocked = page.evaluate("window.__cspViolations")
    assert ran == dict.fromkeys(PROBES, False)
    # "<directive> blocked <what>", and where, as conftest.py records them.
    assert sorted(" ".join(line.split()[:3]) for line in blocked) == [
        "script-src blocked eval",
        "script-src blocked eval",
        "script-src-elem blocked https://cdn.example.net/probe.js",
        "script-src-elem blocked inline",
        "style-src-elem blocked inline",
    ]
    # The policy, not the host resolver, stopped the request to the other host.
    assert [line for line in context.failed_requests if "example.net" in line] == [
        "https://cdn.example.net/probe.js (csp)"]


def test_a_save_exported_as_a_data_url_downloads(page, site_server):
    # How the lobby exports a set-aside save: a click on <a download href="data:...">.
    page.goto(site_server.url)
    wait_ui(page)
    with page.expect_download() as download:
        page.evaluate("""() => {
            const link = document.createElement("a");
            link.href = "data:application/json;charset=utf-8," + encodeURIComponent('{"seed": 7}');
            link.download = "safehouse-probe.json";
            document.body.append(link);
            link.click();
            link.remove();
        }""")
    saved = download.value
    assert saved.suggested_filename == "safehouse-probe.json"
    with open(saved.path(), encoding="utf-8") as file:
        assert file.read() == '{"seed": 7}'
