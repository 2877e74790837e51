"""A review of the human's decisions in a saved game: at each one, the
strongest bot's judgement (pyapp/judgement.py, the same that gives the hint)
says how much win chance the choice made gave up against the bot's own
move."""

from typing import Any

from .engine.protocol import Action, GameState
from .judgement import figure, judge
from .replay import Replay


def decisions(replay: Replay) -> list[int]:
    """The steps at which the human seat chose among two or more actions."""
    return [step for step, state in enumerate(replay.states[:-1])
            if state.to_act == replay.human and len(state.legal_actions()) > 1]


def review_decision(state: GameState, seat: int, chosen: Action) -> dict[str, Any] | None:
    """How `chosen` compares with the bot's own move at `state`: {"chosen",
    "chosen_text", "chance", "best", "best_text", "best_chance", "loss" (win
    chance given up, in percentage points, never below 0)}; None when the
    judgement did not weigh the choice made."""
    judgement = judge(state, seat)
    best = judgement["action"]
    chance, best_chance = figure(state, judgement, chosen), figure(state, judgement, best)
    if chance is None or best_chance is None:
        return None
    return {"chosen": chosen, "chosen_text": state.describe(chosen), "chance": chance,
            "best": best, "best_text": state.describe(best), "best_chance": best_chance,
            "loss": max(0, round(100 * (best_chance - chance)))}


def review_step(replay: Replay, step: object) -> dict[str, Any] | None:
    """The review of the human's decision at `step` (see `decisions`)."""
    state = replay.state(step)
    if step not in decisions(replay):
        raise ValueError("the human made no choice at move %s" % step)
    assert isinstance(step, int)
    return review_decision(state, replay.human, replay.states[step + 1].history[-1])

