"""Each game's bot levels: `pyapp.bots.<module>.LEVELS` maps a level name to a
factory that returns a bot (`choose(state, seat, rng) -> action`), weakest
first; the last level is the strongest and also gives the player's hints."""

import importlib

BOT_MODULES = {
    "deck-of-spies": "deck_of_spies",
    "mission-for-peanuts": "mission_for_peanuts",
    "spy-tricks": "spy_tricks",
    "mister-spy": "mister_spy",
}


def levels(game_id):
    """A game's bot levels, weakest first: {name: factory}."""
    return importlib.import_module("pyapp.bots." + BOT_MODULES[game_id]).LEVELS


def strongest(game_id):
    return list(levels(game_id))[-1]
