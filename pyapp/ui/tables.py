"""The table module of each game. A table module provides:

    KEYS                  {key: action kind, or "hint"} keyboard shortcuts
    table_html(payload, selection, hint) -> str    the whole table for a payload
    requested_action(kind, selection, legal) -> action   what a data-type button sends
"""

from . import deck_of_spies
from . import mission_for_peanuts
from . import mister_spy
from . import spy_tricks

TABLES = {
    "deck-of-spies": deck_of_spies,
    "mission-for-peanuts": mission_for_peanuts,
    "mister-spy": mister_spy,
    "spy-tricks": spy_tricks,
}
