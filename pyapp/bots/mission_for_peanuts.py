"""Bots for Mission for Peanuts: easy, normal and hard.

- easy: any legal action at random, except one that surely hands itself the
  Assassin (a swap or a trade into a card its view shows to be the Assassin)
  when a safe action exists.
- normal: one-ply lookahead from its own view. Each action, and the bot's
  own follow-up steps of a multi-step action (the Informant's two players,
  the Seer's card to bury...), is tried in `samples` worlds drawn by
  `state.determinize`, which counts the cards already seen and keeps every
  hand it was shown. A world is scored with the game's `evaluate` plus a
  few table habits: do not hold the Spy in hand where a Secret Police can
  find it, keep the Assassin in hand as a weapon, keep a combination pair,
  the more so when the deck runs low. Its Role at round start comes from a
  merit table (a shielding Role or the Spy as Role; the Assassin or the
  Secret Police kept in hand; a pair). So it avoids taking the Assassin,
  aims the Secret Police at likely Spy holders and swaps the Assassin into
  other hands, because those choices score well in most sampled worlds.
- hard: information-set MCTS (pyapp.engine.search.SearchBot) with a fixed
  HARD_ITERATIONS a decision, so a decision depends on the view and the
  generator alone (CPython CPU 203 ms at the median, 252 ms at the 95th
  percentile; the worker is 1.5-2 times slower, about the 0.45 s of search
  the bot used to stop at). Rollouts follow `rollout_policy`, a cheap version of the normal bot's
  habits, for 12 actions, and are then scored by `evaluate`.

Fair play: every bot reads only `state.view(seat)`, `state.legal_actions()`
and `state.determinize(seat, rng)`; inside a sampled world it may read that
world freely, since the world is a guess.

Usage:

    from pyapp.bots.mission_for_peanuts import LEVELS
    action = LEVELS["normal"]().choose(state, state.to_act, Rng(1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..engine.search import SearchBot
from ..games.mission_for_peanuts import (AGENT, ASSASSIN, INFORMANT, NO_COMBINATION, POLICE, SPY,
                                         TELEPATH, MissionForPeanuts, best_combination)

if TYPE_CHECKING:  # the protocol's aliases and types, for annotations only
    from ..engine.bots import Levels
    from ..engine.protocol import Action, GameState, View
    from ..engine.rng import Rng


def _sure_assassin(view: View, action: Action) -> bool:
    """Does this action, by what the view shows, put the Assassin into the bot's own hand?"""
    me = view["seat"]
    if view["roles"][me] == TELEPATH:
        return False
    pending = view["pending"] or {}
    step = pending.get("step")
    known = {k["seat"]: k["cards"] for k in view["known_hands"] if not k["stale"]}
    if action["type"] == "target" and step == "swap_second":
        pair = (pending["first"], action["seat"])
        if me in pair:
            other = pair[0] if pair[1] == me else pair[1]
            return ASSASSIN in known.get(other, [])
    if action["type"] == "target" and step == "trade_target" and action["seat"] == me:
        return any(k["pos"] == 0 and k["card"] == ASSASSIN for k in view["deck_known"])
    return False


class EasyBot:
    """Random legal play that never walks into a known Assassin."""

    name = "easy"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """Any legal action but one that surely takes the Assassin."""
        actions = state.legal_actions()
        view = state.view(seat)
        safe = [a for a in actions if not _sure_assassin(view, a)]
        return rng.choice(safe or actions)


def judge(world: MissionForPeanuts, seat: int) -> float:
    """How good a sampled world is for `seat`: `evaluate` plus table habits."""
    if world.is_over:
        winners: list[int] = world.result()["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    value = world.evaluate(seat)
    if not world.alive[seat] or not world.revealed:
        return value
    hand = world.hands[seat]
    if SPY in hand and any(POLICE in h for o, h in enumerate(world.hands) if o != seat):
        value *= 0.85
    rank, _ = best_combination([world.roles[seat]] + hand)
    if rank != NO_COMBINATION:  # a pair kept now is a showdown won later
        value *= 1.0 + 0.3 * (7 - rank) / 6.0
    return value


# Why a card is worth having as the Role: protection, or safety for the Spy.
ROLE_MERIT = {SPY: 2.0, TELEPATH: 1.5, ASSASSIN: 1.5, POLICE: 0.5}
# Why a card is worth keeping in hand for next turn's ASSIST.
HAND_MERIT = {ASSASSIN: 1.0, POLICE: 0.8, INFORMANT: 0.6, AGENT: 0.5, TELEPATH: 0.5, SPY: -1.5}


def role_merit(role: str, dealt: list[str]) -> float:
    """Round start: how good it is to make `role` the Role and keep the other card."""
    kept = list(dealt)
    kept.remove(role)
    merit = ROLE_MERIT.get(role, 0.0) + sum(HAND_MERIT.get(c, 0.0) for c in kept)
    rank, _ = best_combination([role] + kept)
    return merit + (0.3 * (7 - rank) if rank != NO_COMBINATION else 0.0)


class NormalBot:
    """One-ply lookahead over sampled worlds, scored by `judge`."""

    name = "normal"

    def __init__(self, samples: int = 6, depth: int = 3) -> None:
        self.samples = samples
        self.depth = depth

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The action whose sampled worlds `judge` scores best."""
        actions = state.legal_actions()
        view = state.view(seat)
        if len(actions) == 1 or view["step"] == "agent_pick":  # a blind pick is a coin toss
            return rng.choice(actions)
        if view["step"] == "role":
            return max(actions, key=lambda a: role_merit(a["card"], view["hand"]))
        safe = [a for a in actions if not _sure_assassin(view, a)] or actions
        worlds = [cast(MissionForPeanuts, state.determinize(seat, rng))
                  for _ in range(self.samples)]
        best, best_value = safe[0], -1.0
        for action in safe:
            value = sum(self._value(world, action, seat, self.depth) for world in worlds)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _value(self, world: MissionForPeanuts, action: Action, seat: int, depth: int) -> float:
        """The world after `action`, following the bot's own further steps greedily."""
        after = world.clone()
        after.advance(action)  # the action came from this world's legal list
        if after.is_over or after.to_act != seat or depth <= 1 or after.round != world.round:
            return judge(after, seat)
        return max(self._value(after, follow, seat, depth - 1)
                   for follow in after.legal_actions())


def rollout_policy(state: GameState, rng: Rng) -> Action:
    """A cheap guess at good play inside a sampled world, for the search's rollouts.

    It reads the sampled world's cards, as a player who guessed right would:
    the Secret Police goes for the Spy, nobody swaps into the Assassin, and
    the Assassin is swapped or dealt into other hands when it can be.
    """
    world = cast(MissionForPeanuts, state)
    actions = world.legal_actions()
    if len(actions) == 1:
        return actions[0]
    seat = cast(int, world.to_act)
    step = world.step
    if step == "act":
        hand = world.hands[seat]
        preferred = []
        for a in actions:
            card = a["card"]
            if a["type"] == "assist" and card in (INFORMANT, AGENT) and ASSASSIN in hand:
                preferred.append(a)  # swap or deal the Assassin into another hand
            elif a["type"] == "assist" and card == POLICE:
                preferred.append(a)
            elif a["type"] == "deploy" and card in (TELEPATH, ASSASSIN) and SPY in hand:
                preferred.append(a)
        if preferred and rng.random() < 0.7:
            return rng.choice(preferred)
        return rng.choice(actions)
    if step == "police_target":
        holders = [a for a in actions if SPY in world.hands[a["seat"]]]
        return rng.choice(holders or actions)
    if step in ("swap_second", "trade_target"):
        harmless = [a for a in actions if not _walks_into_assassin(world, seat, a)]
        return rng.choice(harmless or actions)
    return rng.choice(actions)


def _walks_into_assassin(world: MissionForPeanuts, seat: int, action: Action) -> bool:
    if world.roles[seat] == TELEPATH:
        return False
    if world.step == "trade_target":
        return action["seat"] == seat and world.deck[0] == ASSASSIN
    pair = (world.pending["first"], action["seat"])
    if seat not in pair:
        return False
    other = pair[0] if pair[1] == seat else pair[1]
    return ASSASSIN in world.hands[other]


HARD_ITERATIONS = 300


def hard_bot(iterations: int | None = HARD_ITERATIONS,
             time_budget: float | None = None) -> SearchBot:
    """The search bot; a time_budget is for experiments only."""
    return SearchBot(iterations=iterations, time_budget=time_budget,
                     rollout_policy=rollout_policy, rollout_depth=12, exploration=0.7,
                     evaluate_all=evaluate_all)


def evaluate_all(world: GameState) -> list[float]:
    """Every seat's evaluate(), the round's odds worked out once."""
    return cast(MissionForPeanuts, world).evaluate_all()


LEVELS: Levels = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": hard_bot,
}
