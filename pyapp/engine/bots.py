"""Bots that play any game through the protocol alone.

A bot is an object with `choose(state, seat, rng) -> action`, called when
`state.to_act == seat`. Fair play: a bot may read `state.view(seat)`,
`state.legal_actions()`, `state.determinize(seat, rng)` and the public move
log `state.log` (what every seat at the table has seen happen), and nothing
else, so two states that look the same to the seat get the same decision.
"""

from typing import Callable, Protocol

from .protocol import Action, GameState
from .rng import Rng


class Bot(Protocol):
    """What a bot level makes: a player that decides from its seat's knowledge."""

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The action `seat` plays now; called when `state.to_act == seat`."""


# A game's bot levels, weakest first: level name -> a factory of bots
# (`pyapp.bots.<game>.LEVELS`).
Levels = dict[str, Callable[[], Bot]]


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """Any legal action, uniformly."""
        return rng.choice(state.legal_actions())


class GreedyBot:
    """One-ply lookahead: the action whose result the game's `evaluate(seat)`
    scores highest, averaged over `samples` determinizations of what the seat
    cannot see. Ties go to the earliest action in the legal order.
    """

    name = "greedy"

    def __init__(self, samples: int = 4) -> None:
        self.samples = samples

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The legal action whose result scores best on average."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        worlds = [state.determinize(seat, rng) for _ in range(self.samples)]
        best = actions[0]
        best_value: float | None = None
        for action in actions:
            value = 0.0
            for world in worlds:
                after = world.clone()
                after.apply(action)
                value += after.evaluate(seat)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best
