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
  generator alone. When set, it cost 203 / 252 ms of CPython CPU (median /
  95th percentile), in the worker about the 0.45 s at which the bot used to
  stop its search; at 5 players it now costs 83 / 93 ms in CPython and
  166 / 183 ms in the worker. Twice as many iterations were not clearly
  stronger (docs/benchmarks.md, 2026-12-06). Rollouts follow
  `rollout_policy`, a cheap version of the normal bot's habits, for 12
  actions, and are then scored by `evaluate`. With `inference` (off by
  default) its deals are weighted by `hand_weights` (below): the other seats
  are modelled as normal bots, and the Role each chose and the cards each
  played say which card it kept. On the hidden cards of normal bots'
  games (seeds 40000-40005 at 5 players, 41000-41005 at 4) the weighted
  deal gives the true card a mean log-likelihood 0.17 nats above the
  uniform deal's (5 players: -1.44 against -1.61), at no measurable CPU
  (77 positions of seeds 30001-30008, 5 players: p50 / p95 220 / 274 ms
  with it, 221 / 287 without, loaded machine). It wins no more: among
  normals on seeds 9000-9299 (bench/bots.py --inference, --no-inference),
  38.0% (32.7-43.6) with it against 39.3% (34.0-45.0) without at 4
  players, 22.3% (18.0-27.4) against 23.2% (18.7-28.3) at 5; so it stays
  off.

Fair play: every bot reads only `state.view(seat)`, `state.legal_actions()`
and `state.determinize(seat, rng)` (the hard bot with inference: with weights from
the public log); inside a sampled world it may read that world freely,
since the world is a guess.

Usage:

    from pyapp.bots.mission_for_peanuts import LEVELS
    action = LEVELS["normal"]().choose(state, state.to_act, Rng(1))
"""

from __future__ import annotations

from math import exp
from typing import TYPE_CHECKING, Any, Callable, cast

from ..engine.search import SearchBot
from ..games.mission_for_peanuts import (AGENT, ASSASSIN, CARD, HANDLER, INFORMANT,
                                         NO_COMBINATION, POLICE, SEER, SPY, TELEPATH,
                                         MissionForPeanuts, best_combination)
from ..games.mission_for_peanuts.cards import distinct
from ..games.mission_for_peanuts.state import round_log_start

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


# -- inference: what the other seats' choices say about their hands ----------
#
# Between turns every seat holds one hidden card and a face-up Role. The hard
# bot models every other seat as the normal bot, and reads the public log of
# the round for the two choices that show which card a seat kept: the Role it
# made of the two cards it was dealt (the normal bot's role_merit), and the
# card it played (for its ASSIST or DEPLOY) of the two it held after drawing.
# Each card that the seat may hold gets a weight, the likelihood of the
# observed choice had the seat kept it; the search's deals are dealt by those
# weights (determinize's `weights`). A hand that changed unseen (a swap moves
# the weights along with it; a trade with the deck, the Agent's pick, a
# card put back on the deck) is dealt uniformly again.

# How strongly the normal bot keeps each card rather than play the other one
# it holds (keep_likelihood's log-odds), fitted to 1,500 of its turns with
# two different cards at 5 players (seeds 50000-50029): it keeps the Spy
# most, then the Assassin and the Seer, and plays the Agent and the
# Informant most.
KEEP_MERIT = {SPY: 2.2, ASSASSIN: 0.7, SEER: 0.4, TELEPATH: 0.0, POLICE: -0.4,
              HANDLER: -0.8, INFORMANT: -1.0, AGENT: -1.0}
# The chance that a seat makes a choice the model would not (a person, or a
# habit the model lacks): a deal that contradicts a choice is unlikely, not
# impossible. (On the hidden cards of normal bots' games, seeds 40000-40005
# at 5 players, 0.01 predicts best and 0.05 a little worse; 0.02 keeps room
# for a person's surprises.)
SLACK = 0.02
# Every card code, in table order.
CARD_CODES = tuple(CARD)


def hand_weights(log: list[dict[str, Any]], seat: int,
                 players: int) -> dict[int, dict[str, float]]:
    """{other seat: {card: weight}}: how likely each card is to be that
    seat's hidden card, by its choices in this round's public log (see the
    inference notes above); seats with nothing to read are left out."""
    beliefs: list[dict[str, float] | None] = [None] * players
    for event in log[round_log_start(log):]:
        update = BELIEF_UPDATES.get(event.get("kind"))
        if update is not None:
            update(beliefs, event)
    return {s: b for s, b in enumerate(beliefs) if b and s != seat}


def _on_roles(beliefs: list[dict[str, float] | None], event: dict[str, Any]) -> None:
    """The Roles flip: each seat kept the card the normal bot would not make its Role."""
    for s, role in enumerate(event["roles"]):
        beliefs[s] = {card: role_likelihood(role, card) for card in CARD_CODES}


def _on_play(beliefs: list[dict[str, float] | None], event: dict[str, Any]) -> None:
    """A seat played `card` of the two it held: its old card (weighted as
    before) and the one it drew (uniform); the other one is kept."""
    prior = beliefs[event["seat"]] or {}
    played = event["card"]
    beliefs[event["seat"]] = {
        card: (prior.get(card, 1.0) + prior.get(played, 1.0)) * keep_likelihood(card, played)
        for card in CARD_CODES}


def _on_swap(beliefs: list[dict[str, float] | None], event: dict[str, Any]) -> None:
    a, b = event["seats"]
    beliefs[a], beliefs[b] = beliefs[b], beliefs[a]


def _forget(*keys: str) -> Callable[[list[dict[str, float] | None], dict[str, Any]], None]:
    """An update for an event after which the seats it names hold a card unseen."""
    def forget(beliefs: list[dict[str, float] | None], event: dict[str, Any]) -> None:
        for key in keys:
            beliefs[event[key]] = None
    return forget


BELIEF_UPDATES: dict[Any, Callable[[list[dict[str, float] | None], dict[str, Any]], None]] = {
    "roles": _on_roles, "assist": _on_play, "deploy": _on_play, "swap": _on_swap,
    "trade": _forget("seat"), "agent_pick": _forget("seat", "by"), "bury": _forget("seat"),
    "return": _forget("seat"), "elimination": _forget("seat"),
}


def role_likelihood(role: str, kept: str) -> float:
    """The chance that the normal bot, dealt `role` and `kept`, makes `role` its Role."""
    dealt = sorted([role, kept])
    chosen = max(distinct(dealt), key=lambda card: role_merit(card, dealt))
    return 1.0 - SLACK if chosen == role else SLACK


def keep_likelihood(kept: str, played: str) -> float:
    """The chance that the normal bot, holding `kept` and `played`, plays `played`."""
    if kept == played:
        return 0.5
    return SLACK + (1.0 - 2 * SLACK) / (1.0 + exp(KEEP_MERIT[played] - KEEP_MERIT[kept]))


HARD_ITERATIONS = 300


class HardBot:
    """Information-set MCTS (see the module docstring), its deals weighted by
    the other seats' past choices when `inference` is on.

    iterations: the search's fixed count, so a decision is repeatable.
    time_budget: a cap in seconds for experiments only.
    inference: weight the sampled deals by the other seats' past choices
        (off by default: it did not win more, see the module docstring).
    """

    name = "hard"

    def __init__(self, iterations: int | None = HARD_ITERATIONS,
                 time_budget: float | None = None, inference: bool = False) -> None:
        self.inference = inference
        self.search = SearchBot(iterations=iterations, time_budget=time_budget,
                                rollout_policy=rollout_policy, rollout_depth=12,
                                exploration=0.7, evaluate_all=evaluate_all)

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The search's pick, over deals weighted by the log when `inference`."""
        if self.inference:
            weights = hand_weights(state.log, seat, state.num_players)
            self.search.sampler = lambda real, me, r: cast(
                MissionForPeanuts, real).determinize(me, r, weights)
        return self.search.choose(state, seat, rng)


def hard_bot(iterations: int | None = HARD_ITERATIONS, time_budget: float | None = None,
             inference: bool = False) -> HardBot:
    """The hard bot; the benchmarks vary its iterations, cap and inference."""
    return HardBot(iterations, time_budget, inference)


def evaluate_all(world: GameState) -> list[float]:
    """Every seat's evaluate(), the round's odds worked out once."""
    return cast(MissionForPeanuts, world).evaluate_all()


LEVELS: Levels = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": hard_bot,
}
