"""The strongest bot's judgement of a decision, shared by the hint and the
review (pyapp/review.py): at a state, the bot chooses from the seat's
information, and its own estimate of every option it weighed says what each
choice is worth.

One judgement serves both: `judge` runs the bot once with a generator seeded
by the game's seed and the move number (nothing hidden), so the hint given at
a decision is the move the review measures every choice against, and a
person who follows the hint is never told that a hinted move gave up win
chance.

The bot reads the state only through `legal_actions()`, `view(seat)`, the
public log and `determinize(seat, rng)` (pyapp/engine/bots.py, "Fair
play"): two deals that the seat could not tell apart get the same
judgement. The estimates are win chances in the bot's own eyes, not exact
ones:
- a searching bot's mean rewards at its root (a lone winner scores 1, shared
  wins split it, a cut-off rollout scores `evaluate`);
- Deck of Spies' expert: each first move's best plan's win chance;
- Mister Spy's hard: each sensible option's mean
  `evaluate` after playing it out in the deals of its check of the plan;
- a decision for which the bot keeps no figures (one sensible option): the
  game's `evaluate(seat)` one move ahead, averaged over ESTIMATE_WORLDS
  deals of what the seat cannot see.

The hint's reason says the win chances, then why in the game's own terms: the
measure of the game's evaluation (`evaluation_terms`: key spies, the cards'
average value and Aces in Deck of Spies; projected coins in Spy Tricks; the
chance to take the round in Mission for Peanuts, told calibrated; score and
promise in Mister Spy) in which the hinted move most leads the next best, one
move on, as the evaluation weighs it.
"""

from typing import TypedDict

from . import bots
from .engine.protocol import Action, GameState, Term
from .engine.rng import Rng

Ranked = list[tuple[Action, int, float]]  # (action, visits or 1, estimated win chance)

ESTIMATE_WORLDS = 8  # deals averaged by the one-move estimate


class Judgement(TypedDict):
    """The strongest bot's choice at a decision and its estimate of each option."""

    action: Action
    options: Ranked



def judgement_rng(state: GameState) -> Rng:
    """The judgement's generator: the seed and the move number, nothing hidden."""
    return Rng(state.seed * 7907 + len(state.history) + 3)


def judge(state: GameState, seat: int) -> Judgement:
    """The strongest bot's move for `seat` at `state`, and its estimate of
    every option it weighed (see the module docstring)."""
    rng = judgement_rng(state)
    bot = bots.levels(state.game_id)[bots.strongest(state.game_id)]()
    action = bot.choose(state, seat, rng)
    options = _root_figures(bot)
    if not any(state.canonical(option) == state.canonical(action) for option, _, _ in options):
        options = one_move_estimates(state, seat, rng)
    return {"action": action, "options": options}


def _root_figures(bot: object) -> Ranked:
    """The options the bot's last decision weighed, with their figures."""
    stats = getattr(bot, "stats", None) or getattr(getattr(bot, "search", None), "stats", None)
    if not isinstance(stats, dict) or not stats.get("root"):
        return []
    return [(action, visits, mean) for action, visits, mean in stats["root"] if visits]


def one_move_estimates(state: GameState, seat: int, rng: Rng) -> Ranked:
    """Each legal action with `evaluate(seat)` just after it, averaged over
    ESTIMATE_WORLDS deals of what the seat cannot see."""
    worlds = [state.determinize(seat, rng) for _ in range(ESTIMATE_WORLDS)]
    ranked: Ranked = []
    for action in state.legal_actions():
        total = 0.0
        for world in worlds:
            after = world.clone()
            after.apply(action)
            total += after.evaluate(seat)
        ranked.append((action, 1, total / len(worlds)))
    return ranked


def figure(state: GameState, judgement: Judgement, action: Action) -> float | None:
    """The judgement's estimate of `action`, or None when it was not weighed."""
    made = state.canonical(action)
    for option, _, mean in judgement["options"]:
        if state.canonical(option) == made:
            return mean
    return None


def reason(state: GameState, judgement: Judgement) -> str:
    """One sentence on why the judged move: its win chance by the bot's
    estimate against the next best option's."""
    action = judgement["action"]
    mine = figure(state, judgement, action)
    made = state.canonical(action)
    others = sorted([(mean, visits, option) for option, visits, mean in judgement["options"]
                     if state.canonical(option) != made], key=lambda other: -other[0])
    assert mine is not None, "judge() weighs its own move"
    if not others:
        return "Win chance %s by the bot's estimate; it weighed no other move worth making." \
            % percent(mine)
    mean, visits, option = others[0]
    mine_visits = next(v for o, v, _ in judgement["options"] if state.canonical(o) == made)
    other_text = state.describe(option).rstrip(".")
    if percent(mean) == percent(mine):
        said = "Win chance %s by the bot's estimate; the next best, %s, is about as good." % (
            percent(mine), other_text)
    elif mean < mine:
        said = "Win chance %s by the bot's estimate, against %s for the next best: %s." % (
            percent(mine), percent(mean), other_text)
    else:
        why = "on fewer sampled deals" if visits < mine_visits else "on a rougher estimate"
        said = "Win chance %s by the bot's estimate; %s scores %s but %s, so the bot " \
            "trusts this move more." % (percent(mine), other_text, percent(mean), why)
    return said + edge(state, action, option)


def edge(state: GameState, action: Action, other: Action) -> str:
    """A sentence naming the measure of the game's evaluation in which
    `action` most leads `other` one move on (each averaged over
    ESTIMATE_WORLDS deals of what the seat cannot see, weighted as the
    evaluation weighs it); "" when none does."""
    seat = state.to_act
    assert seat is not None, "a judgement is of a decision"
    rng = judgement_rng(state)
    worlds = [state.determinize(seat, rng) for _ in range(ESTIMATE_WORLDS)]
    mine, theirs = (mean_terms(worlds, seat, move) for move in (action, other))
    best = None
    for (words, value, weight, shown), (_, other_value, _, _) in zip(mine, theirs):
        if shown % value != shown % other_value and value > other_value and (
                best is None or weight * (value - other_value) > best[0]):
            best = (weight * (value - other_value), words, shown % value, shown % other_value)
    if best is None:
        return ""
    _, words, value_text, other_text = best
    return " One move on, %s: %s, against %s after the next best." % (words, value_text,
                                                                         other_text)


def mean_terms(worlds: list[GameState], seat: int, action: Action) -> list[Term]:
    """The evaluation's terms for `seat` just after `action`, averaged over `worlds`."""
    totals: list[Term] = []
    for world in worlds:
        after = world.clone()
        after.apply(action)
        terms = after.evaluation_terms(seat)
        if not totals:
            totals = [(words, 0.0, weight, shown) for words, _, weight, shown in terms]
        totals = [(words, total + value / len(worlds), weight, shown)
                  for (words, total, weight, shown), (_, value, _, _) in zip(totals, terms)]
    return totals


def percent(chance: float) -> str:
    return "%d%%" % round(100 * chance)

