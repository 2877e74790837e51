"""A review of the human's decisions in a saved game: at each one, the game's
strongest bot searches from the human's seat as things stood, and its
search's estimate of every option it weighed says how much win chance the
choice made gave up.

The search reads the state only through `legal_actions()` and
`determinize(seat, rng)` (pyapp/engine/search.py, "Fair play"), both
functions of what the seat knows, and its generator is seeded by the game's
seed and the move number: two deals that the human could not tell apart get
the same review. The estimates are the search's mean rewards at its root (a
lone winner scores 1, shared wins split it, a cut-off rollout scores
`evaluate`), so they are win chances in the bot's own eyes, not exact ones.
A bot whose search keeps no such statistics (Deck of Spies' expert plans
without a tree) gives no review.
"""

from typing import Any

from . import bots
from .engine.protocol import Action, GameState
from .engine.rng import Rng
from .replay import Replay

Ranked = list[tuple[Action, int, float]]  # the search's (action, visits, mean reward)


def decisions(replay: Replay) -> list[int]:
    """The steps at which the human seat chose among two or more actions."""
    return [step for step, state in enumerate(replay.states[:-1])
            if state.to_act == replay.human and len(state.legal_actions()) > 1]


def review_rng(state: GameState) -> Rng:
    """The search's generator: the seed and the move number, nothing hidden."""
    return Rng(state.seed * 7907 + len(state.history) + 3)


def searched_options(state: GameState, seat: int) -> Ranked | None:
    """The strongest bot's search from `seat` at `state`: each option it
    visited with its mean reward, or None when the bot keeps no such figures."""
    bot = bots.levels(state.game_id)[bots.strongest(state.game_id)]()
    bot.choose(state, seat, review_rng(state))
    stats = getattr(bot, "stats", None) or getattr(getattr(bot, "search", None), "stats", None)
    if not isinstance(stats, dict) or not stats.get("root"):
        return None
    return [(action, visits, mean) for action, visits, mean in stats["root"] if visits]


def review_decision(state: GameState, seat: int, chosen: Action) -> dict[str, Any] | None:
    """How `chosen` compares with the search's favourite at `state`: {"chosen",
    "chosen_text", "chance", "best", "best_text", "best_chance", "loss" (win
    chance given up, in points)}; None when the search did not weigh the
    choice made."""
    ranked = searched_options(state, seat)
    made = state.canonical(chosen)
    mine = [mean for action, _, mean in ranked or [] if state.canonical(action) == made]
    if not mine:
        return None
    best, _, best_chance = max(ranked or [], key=lambda option: option[2])
    return {"chosen": chosen, "chosen_text": state.describe(chosen), "chance": mine[0],
            "best": best, "best_text": state.describe(best), "best_chance": best_chance,
            "loss": round(100 * (best_chance - mine[0]))}


def review_step(replay: Replay, step: object) -> dict[str, Any] | None:
    """The review of the human's decision at `step` (see `decisions`)."""
    state = replay.state(step)
    if step not in decisions(replay):
        raise ValueError("the human made no choice at move %s" % step)
    assert isinstance(step, int)
    return review_decision(state, replay.human, replay.states[step + 1].history[-1])
