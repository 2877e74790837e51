"""The engine layer: protocol, registry, seeded generator and generic bots."""

from .protocol import GameState, IllegalAction
from .registry import GAMES, catalogue, load_game, new_game, register
from .rng import Rng
