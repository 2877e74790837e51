"""The game registry: `from pyapp.games import GAMES, new_game, load_game`.

Importing a game module registers it; this package imports every game whose
table the app can show. The lobby's catalogue, which also names each game's
bot levels, is `pyapp.bots.catalogue()`: the bots import the games, never the
other way round.
"""

from ..engine.registry import GAMES, load_game, new_game
from . import deck_of_spies, mission_for_peanuts, mister_spy, spy_tricks

__all__ = ["GAMES", "load_game", "new_game", "deck_of_spies", "mission_for_peanuts",
           "mister_spy", "spy_tricks"]

