"""Each game's bot levels, and the app's catalogue of games with them.

`LEVELS[game_id]` maps a level name to a factory that returns a bot
(`choose(state, seat, rng) -> action`), weakest first; the last level is the
strongest and also gives the player's hints.

>>> list(levels("spy-tricks"))
['easy', 'normal', 'hard']
>>> strongest("mister-spy")
'hard'
"""

from typing import Any

from ..engine.bots import Levels
from ..engine.registry import catalogue as games_catalogue
from ..games.lessons import LESSONS
from . import deck_of_spies, mission_for_peanuts, mister_spy, spy_tricks

LEVELS: dict[str, Levels] = {
    "deck-of-spies": deck_of_spies.LEVELS,
    "mission-for-peanuts": mission_for_peanuts.LEVELS,
    "mister-spy": mister_spy.LEVELS,
    "spy-tricks": spy_tricks.LEVELS,
}


def levels(game_id: str) -> Levels:
    """A game's bot levels, weakest first: {name: factory}."""
    return LEVELS[game_id]


def strongest(game_id: str) -> str:
    """The name of a game's strongest level, the one that gives hints."""
    return list(LEVELS[game_id])[-1]


def catalogue() -> list[dict[str, Any]]:
    """The lobby's list of games, each with its bot levels (weakest first;
    none for a solitaire), JSON-ready."""
    entries = games_catalogue()
    for entry in entries:
        entry["levels"] = list(LEVELS[entry["id"]]) if entry["max_players"] > 1 else []
        entry["lesson"] = entry["id"] in LESSONS
    return entries
