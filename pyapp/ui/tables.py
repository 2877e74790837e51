"""The table module of each game. A table module provides:

    KEYS                  {key: action kind, or "hint"} keyboard shortcuts
    table_html(payload, selection, hint) -> str    the whole table for a payload
    requested_action(kind, selection, legal) -> action   what a data-type button sends
    face_html(code, payload) -> str   one card as the replay's list of every hand draws it

A module is imported when its game first needs it: all four at the page's
start made one long main-thread task (the worker draws most tables; the
page needs a game's module for its keys, and to draw a table with a card
selected or a hint). A large table is split into parts, each loaded in a
task short enough not to hold up the page (under 50 ms): the page imports
them one per task, in the order below, when the game's table opens. The page
loads them as bytecode (tools/mpy.py), so MicroPython does not compile them.
"""

import sys

# game id -> its table's modules in this package, each after those it
# imports; the last is the table module.
MODULES = {
    "deck-of-spies": ["deck_of_spies"],
    "mission-for-peanuts": ["mission_for_peanuts_cards", "mission_for_peanuts_board",
                            "mission_for_peanuts_choices", "mission_for_peanuts"],
    "mister-spy": ["mister_spy_cards", "mister_spy_board", "mister_spy_choices", "mister_spy"],
    "spy-tricks": ["spy_tricks_cards", "spy_tricks_board", "spy_tricks"],
}


class Tables:
    """{game id: table module}, each imported on first use."""

    def __getitem__(self, game_id):
        name = "pyapp.ui." + MODULES[game_id][-1]
        if name not in sys.modules:
            __import__(name)
        return sys.modules[name]

    def __contains__(self, game_id):
        return game_id in MODULES


TABLES = Tables()
