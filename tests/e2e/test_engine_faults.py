"""An engine fault on the page: the move is refused with the engine's message,
the game stays as it was, and another legal move then plays.

The site is a copy that boots its engine the plain way, from
engine/modules.zip (its snapshot is broken), with a fault planted in Deck of
Spies: every retire fails half-way.
"""

import zipfile

import pytest

from pyapp.games import new_game

from . import MOVE_TIMEOUT_MS, screenshot
from .test_deck_of_spies import assert_page_matches, click_action, moves_shown, open_deal, play_move
from .test_site import broken_snapshot_server  # noqa: F401  (a fixture)

pytest.importorskip("playwright.sync_api")

SEED = 7  # after its first counter, a retire is legal

# Appended to the copy's pyapp/games/deck_of_spies.py: a retire does its
# work, then fails, as a bug half-way through a move would.
FAULT = '''

_perform_without_fault = DeckOfSpies._perform


def _perform_with_fault(self, action):
    _perform_without_fault(self, action)
    if action["type"] == "retire":
        raise RuntimeError("planted fault")


DeckOfSpies._perform = _perform_with_fault
'''


@pytest.fixture
def faulty_engine_server(broken_snapshot_server, tmp_path):  # noqa: F811
    """broken_snapshot_server, with the fault in the copy it serves: its
    modules.zip holds Deck of Spies as source (zipimport compiles a .py
    when no .pyc is there; this CPython cannot make the vendored one's)."""
    site, name = tmp_path / "site", "pyapp/games/deck_of_spies"
    modules = site / "engine" / "modules.zip"
    with zipfile.ZipFile(modules) as shipped:
        entries = {entry: shipped.read(entry) for entry in shipped.namelist() if entry != name + ".pyc"}
    entries[name + ".py"] = ((site / (name + ".py")).read_text() + FAULT).encode()
    with zipfile.ZipFile(modules, "w") as planted:
        for entry, data in entries.items():
            planted.writestr(entry, data)
    return broken_snapshot_server


def test_a_move_the_engine_fails_on_is_refused_and_the_game_goes_on(faulty_engine_server, page):
    # (The server fixture comes first so that it outlives the request check.)
    open_deal(page, faulty_engine_server.url, seed=SEED)
    assert page.get_attribute("body", "data-engine-boot") == "files"
    state = new_game("deck-of-spies", seed=SEED)
    play_move(page, state, state.legal_actions()[0])
    retire = next(a for a in state.legal_actions() if a["type"] == "retire")

    click_action(page, retire)
    page.wait_for_function(
        "() => document.querySelector('#message').innerText.includes('nothing was played')",
        timeout=MOVE_TIMEOUT_MS)
    message = page.inner_text("#message")
    assert "The engine failed on that move (RuntimeError: planted fault)" in message
    assert page.get_attribute("body", "data-busy") == "false" and moves_shown(page) == 1
    screenshot(page, "engine-fault")

    play_move(page, state, {"type": "end_turn"})
    assert_page_matches(page, state)
