"""The table module of each game. A table module provides:

    KEYS                  {key: action kind, or "hint"} keyboard shortcuts
    table_html(payload, selection, hint) -> str    the whole table for a payload
    requested_action(kind, selection, legal) -> action   what a data-type button sends

A module is imported when its game first needs it: MicroPython compiles a
module as it imports it, and all four at the page's start made one long
main-thread task (the worker draws most tables; the page needs a game's
module for its keys, and to draw a table with a card selected or a hint).
"""

import sys

# game id -> its module's name in this package
MODULES = {
    "deck-of-spies": "deck_of_spies",
    "mission-for-peanuts": "mission_for_peanuts",
    "mister-spy": "mister_spy",
    "spy-tricks": "spy_tricks",
}


class Tables:
    """{game id: table module}, each imported on first use."""

    def __getitem__(self, game_id):
        name = "pyapp.ui." + MODULES[game_id]
        if name not in sys.modules:
            __import__(name)
        return sys.modules[name]

    def __contains__(self, game_id):
        return game_id in MODULES


TABLES = Tables()
