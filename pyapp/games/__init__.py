"""The game registry: `from pyapp.games import GAMES, new_game, load_game`.

Importing a game module registers it; this package imports every game whose
table the app can show.
"""

from ..engine.registry import GAMES, catalogue, load_game, new_game
from . import deck_of_spies  # noqa: F401  (registers the game)
