"""The game registry: `from pyapp.games import GAMES, new_game, load_game`.

Importing a game module registers it; this package imports every game whose
table the app can show.
"""

from ..engine.registry import GAMES, load_game, new_game
from ..engine.registry import catalogue as _engine_catalogue
from . import deck_of_spies  # noqa: F401  (registers the game)
from . import mission_for_peanuts  # noqa: F401
from . import mister_spy  # noqa: F401
from . import spy_tricks  # noqa: F401


def catalogue():
    """The lobby's list of games, each with its bot levels (weakest first)."""
    from ..bots import levels  # the bots import the games, so only at call time

    entries = _engine_catalogue()
    for entry in entries:
        entry["levels"] = list(levels(entry["id"])) if entry["max_players"] > 1 else []
    return entries
