"""What every benchmark prints: win-share intervals, percentiles, playout speed."""

import math
import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval of a win share (wins may be fractional)."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (
        1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values, fraction):
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def playouts_per_second(game_id, players=None, games=300):
    """Whole random games per CPU second, through the public API."""
    started = process_time()
    for seed in range(games):
        state = new_game(game_id, players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return games / (process_time() - started)
