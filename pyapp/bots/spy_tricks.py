"""Spy Tricks bots: easy, normal and hard.

- easy: any legal action, uniformly (the random placer of docs/bots.md).
- normal: reads its view only. It works out the odds of each unseen card
  being the secret, counting the deals that respect the suits each player has
  shown to be void (a void in blue makes every unseen blue card likelier to
  be the secret). It places each pawn where the expected payout is highest
  and plays cards to become the trick's winner or loser, the two seats that
  place; the middle seats get nothing.
- hard: the shared search core (pyapp.engine.search.SearchBot), ISMCTS
  over deals sampled by `determinize`, so consistent with everything the
  seat knows, voids included. In a sampled world the secret is known, so
  each iteration plays the world out to the END OF THE ROUND (`rollout_stop`
  = `at_round_start`), every seat playing the heuristic player from its own
  knowledge (`rollout_policy`), and evaluate() then scores the round's
  actual coins, plus collaborators in hand, as shares of a softmax over
  totals; in the last round the rollout reaches the game's end and the true
  winners. The tree ends there too (the search core stops its walk where
  `rollout_stop` says): before, the other seats' single candidates carried
  it into the next round, and with it every rollout through one round
  more, so a decision at a round's end took 3-6 times as long. A decision
  simulates at most HARD_MAX_MOVES moves, which only a round's first leads
  reach. The tree weighs only the seat's own choices (`candidates`): all
  its cards, and of its placements pass and the HARD_PLACEMENTS best by the
  heuristic's worth; the other seats take the heuristic's action.
  The heuristic player (`HeuristicBot`, the hard level until searching
  paid off) plays cards as the normal bot and places pawns with the
  round-end catch-up in mind. A seat whose pawns all turned out misses may
  place one pawn on any space at the round's end, when only the last cards
  in the hands and the secret are unseen: that pawn is worth far more than
  a pawn placed mid-round (about 6.5 coins against 1.5 for the normal bot,
  whose live rank pawns seldom leave it the chance). Every placement is
  weighed as its expected payout plus the catch-up chance it leaves
  (`placement_worths`); passing keeps that chance whole. It keeps its
  collaborators for pawns worth at least COLLABORATOR_HARD_THRESHOLD, or for
  the catch-up.
  Measured on fresh seeds 5001-5400, one bot among two normals (fair share
  33.3%): hard 45.0% (95%: 40.2-49.9%), the heuristic player 33.4% on the
  same deals (paired difference +11.6 +- 5.8 points); searching the
  placements only, with the heuristic's cards, won 38.6%. On seeds
  7001-7300: hard 41.3% (35.9-47.0%), heuristic 37.7%, normal 33.5%. With
  four players (fair share 25%), on seeds 5001-5300 and 7001-7300: hard
  34.1% (29.0-39.6%) and 35.3% (30.1-40.9%), the heuristic player 30.0% and
  30.7%, one normal among normals 23.2% and 21.7% (17.4-26.7%); a UCB
  constant of 0.3 or 0.15 instead of 0.7 made no clear difference there
  (32.8% and 36.6% against about 33% on 200-300 deals). An earlier search
  cut off by evaluate() after a few moves, with every legal action in the
  tree, did no better than the heuristic.
  With the tree ending at the round's end, on fresh seeds 60000-60299
  among normals: 42.6% (37.1-48.3%) with three players and 38.7%
  (33.3-44.3%) with four; with the cap of HARD_MAX_MOVES besides, 45.9%
  (40.4-51.6%) and 38.8% (33.4-44.4%) on the same deals, while the 95th
  percentile of a decision in the browser worker fell from 490 to 237 ms
  with four players.

Usage:

    from pyapp.bots.spy_tricks import LEVELS
    bot = LEVELS["normal"]()
    action = bot.choose(state, state.to_act, Rng(1))
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any, cast

from ..engine.bots import RandomBot
from ..engine.search import SearchBot
from ..games.spy_tricks import (
    CARD_COIN, CARDS, PAYING_SPACES, RANKS, SPACES, STRENGTH, SUITS, TRICKS_PER_ROUND, Counts,
    Holder, SpyTricksState, count_deals, pawn_value)

if TYPE_CHECKING:  # the protocol's aliases and types, for annotations only
    from ..engine.bots import Levels
    from ..engine.protocol import Action, GameState, View
    from ..engine.rng import Rng
    from ..engine.search import Candidates

# Expected coins above which a collaborator joins a pawn before the last
# chance of the round (our choice).
COLLABORATOR_THRESHOLD = 3.0
# A win places first, so it is worth a little more than a loss (our choice).
WIN_WEIGHT = 1.3

# The engine's payouts, tabled both ways: the spaces that pay when a card is
# the secret, with their coins, and the cards each space pays for.
SPACE_COINS: dict[str, tuple[tuple[str, int], ...]] = {
    card: tuple((space, pawn_value(space, card)) for space in PAYING_SPACES[card])
    for card in CARDS
}
SPACE_CARDS: dict[str, tuple[str, ...]] = {
    space: tuple(card for card in CARDS if space in PAYING_SPACES[card]) for space in SPACES}
# Per suit, the card code of each rank: a view names its unseen cards by rank.
CODES: dict[str, dict[int, str]] = {suit: {rank: suit + str(rank) for rank in RANKS}
                                    for suit in SUITS}


def secret_odds(view: View) -> dict[str, float]:
    """{card: chance it is the secret} for each unseen card of the view.

    The deals of the unseen cards to the other hands and the secret are
    equally likely, except those giving a player a suit it showed to lack,
    which are impossible. Cards of one suit are interchangeable, so it is
    enough to count the deals that put each suit under the secret.
    """
    seat = view["seat"]
    unseen = view["unseen"]
    counts = tuple(len(unseen[suit]) for suit in SUITS)
    others = tuple((view["hand_counts"][s], tuple(view["voids"][s]))
                   for s in range(len(view["hand_counts"])) if s != seat)
    odds: dict[str, float] = {}
    for suit, chance in zip(SUITS, _suit_card_odds(counts, others)):
        codes = CODES[suit]
        for rank in unseen[suit]:
            odds[codes[rank]] = chance
    return odds


def _suit_card_odds(counts: Counts, others: tuple[Holder, ...]) -> tuple[float, ...]:
    """Per suit, the chance that one given unseen card of it is the secret.

    Cached: a search's rollouts ask for the same few counts thousands of
    times, and the answer depends on the key alone."""
    key = (counts, others)
    odds = _SUIT_ODDS.get(key)
    if odds is None:
        if len(_SUIT_ODDS) > 4096:  # a bound on memory; the odds are cheap to redo
            _SUIT_ODDS.clear()
        total, _ = count_deals(counts, others + ((1, ()),))
        found: list[float] = []
        for index in range(len(SUITS)):
            if counts[index] == 0:
                found.append(0.0)
                continue
            rest = list(counts)
            rest[index] -= 1
            deals, _ = count_deals(rest, others)
            found.append(deals / total)
        odds = _SUIT_ODDS[key] = tuple(found)
    return odds


# Odds by (unseen counts, other hands): see _suit_card_odds.
_SUIT_ODDS: dict[tuple[Counts, tuple[Holder, ...]], tuple[float, ...]] = {}


def space_values(view: View, odds: dict[str, float] | None = None) -> dict[str, float]:
    """{space: expected coins of one pawn there} for spaces that can score;
    `odds` is secret_odds(view) when the caller has it already."""
    values: dict[str, float] = {}
    get = values.get
    if odds is None:
        odds = secret_odds(view)
    for card, chance in odds.items():
        (card_space, card_coins), (rank, rank_coins), (suit, suit_coins) = SPACE_COINS[card]
        values[card_space] = chance * card_coins  # a card pays only on its own space
        values[rank] = get(rank, 0.0) + chance * rank_coins
        values[suit] = get(suit, 0.0) + chance * suit_coins
    return values


class NormalBot:
    """Expected-payout pawn placement and winner-or-loser card play."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The normal level's action for `seat`, read from its view."""
        view = state.view(seat)
        actions = state.legal_actions()
        if view["phase"] == "play":
            return self.choose_card(view, actions)
        return choose_placement(view, actions)

    @staticmethod
    def choose_card(view: View, actions: list[Action]) -> Action:
        """The card likeliest to end as the trick's strongest or weakest."""
        trick = [card for _, card in view["trick"]]
        unseen = view["unseen"]
        pool = [CODES[suit][rank] for suit in SUITS for rank in unseen[suit]]
        return pick_card(actions, trick, pool, len(view["hand_counts"]) - 1 - len(trick))


def pick_card(actions: list[Action], trick: list[str], pool: list[str],
              still_to_play: int) -> Action:
    """The play likeliest to make the trick's winner or loser.

    A card wins if nothing played beats it and each later player's card,
    taken as a random one of `pool`, is weaker; it loses the other way round.
    """
    best, best_score = actions[0], -1.0  # every score beats -1
    strengths = sorted([STRENGTH[other] for other in pool])
    played = [STRENGTH[card] for card in trick]
    strongest, weakest = max(played, default=0), min(played, default=len(STRENGTH) + 1)
    for action in actions:
        power = STRENGTH[action["card"]]
        weaker = bisect_left(strengths, power) / (len(pool) or 1)
        wins = 0.0 if strongest > power else weaker ** still_to_play
        loses = 0.0 if weakest < power else (1 - weaker) ** still_to_play
        # Between equal chances, spend a middling card: extremes win or lose
        # later tricks.
        keep = abs(power - 14) / 100.0
        score = WIN_WEIGHT * wins + loses - keep
        if score > best_score:
            best, best_score = action, score
    return best


def choose_placement(view: View, actions: list[Action]) -> Action:
    """The legal space with the highest expected payout, or pass if none pays."""
    values = space_values(view)
    best, best_value = None, 0.0
    for action in actions:
        if action["type"] == "place" and not action["collaborator"]:
            value = values.get(action["space"], 0.0)
            if value > best_value:
                best, best_value = action, value
    if best is None:
        return {"type": "pass"}
    if view["collaborators"][view["seat"]] and _use_collaborator(view, best_value):
        return {"type": "place", "space": best["space"], "collaborator": True}
    return best


def _use_collaborator(view: View, value: float) -> bool:
    """Double a good pawn, or any scoring pawn at the round's last chance."""
    last_chance = view["phase"] == "catch-up" or view["tricks_played"] == TRICKS_PER_ROUND
    return value >= COLLABORATOR_THRESHOLD or last_chance


# The catch-up pawn is reckoned at CATCH_UP_WEIGHT times the 10 coins over
# the number of players (its card's odds when only the last cards and the
# secret are unseen), doubled with a collaborator in hand. The hard bot
# doubles only pawns worth COLLABORATOR_HARD_THRESHOLD coins, and spending
# its last collaborator before the last round costs COLLABORATOR_KEEP
# catch-up pawns. Our choice, tuned over 1500 three-player games against
# normals: weights 0.4-0.7 won 35-37%, 1.0 won 32% and 1.6 won 27%;
# thresholds 2, 5 and 7 won 35.5%, 37.4% and 36.2%.
CATCH_UP_WEIGHT = 0.6
COLLABORATOR_HARD_THRESHOLD = 5.0
COLLABORATOR_KEEP = 2.0

# The hard bot's search: iterations a decision (CPython CPU at the median
# and 95th percentile: 48 and 88 ms with three players, 60 and 140 ms with
# four; Pyodide is 1.5-2.3 times slower), and the number of placements
# besides pass that it weighs. No time cap: a decision depends on the view
# and the generator alone, the same on every machine.
# Our choice; with four players 240 iterations did no better (32.0% against
# 30.8% on the same 100 deals).
HARD_ITERATIONS = 120
HARD_PLACEMENTS = 4
# A cap on the moves a decision simulates. A round's first lead rolls every
# world out through the whole round: with four players 120 iterations
# simulate up to 3900 moves against 1800 at the median (3200 and 1600 with
# three), and those decisions made a person wait past the pace in the
# browser. The cap leaves them about 85 iterations; the others never reach it.
HARD_MAX_MOVES = 2800


def choose_placement_keeping_catch_up(view: View, actions: list[Action]) -> Action:
    """The placement, or pass, worth the most (`placement_worths`); the
    first of equal worths, as max() keeps it."""
    return max(placement_worths(view, actions), key=lambda pair: pair[0])[1]


def placement_worths(view: View, actions: list[Action]) -> list[tuple[float, Action]]:
    """[(worth, action)] for pass and each placement that can pay: its
    expected payout plus the catch-up pawn's value times the chance the seat
    still gets it after. Pass comes first; a collaborator placement is left
    out below COLLABORATOR_HARD_THRESHOLD."""
    seat = view["seat"]
    odds = secret_odds(view)
    values = space_values(view, odds)
    played = _played_chances(view, odds)
    chance = 1.0
    for pawn in view["pawns"]:
        if pawn["seat"] == seat:
            chance *= _miss_chance(played, pawn["space"])
    collaborators = view["collaborators"][seat]
    pawns_left = view["pawns_left"][seat]
    one_pawn = CATCH_UP_WEIGHT * CARD_COIN / len(view["hand_counts"])

    worths = [(chance * _catch_up_worth(one_pawn, collaborators, pawns_left), {"type": "pass"})]
    keep = 0.0 if view["round"] == view["rounds"] else COLLABORATOR_KEEP * one_pawn
    # What the catch-up is worth after a placement, without and with a collaborator.
    later = _catch_up_worth(one_pawn, collaborators, pawns_left - 1)
    later_doubled = _catch_up_worth(one_pawn, collaborators - 1, pawns_left - 1)
    for action in actions:
        if action["type"] != "place":
            continue
        value = values.get(action["space"], 0.0)
        if value <= 0:
            continue
        after = chance * _miss_chance(played, action["space"])
        if action["collaborator"]:
            if value < COLLABORATOR_HARD_THRESHOLD:
                continue
            total = 2 * value + after * later_doubled
            if collaborators == 1:
                total -= keep
        else:
            total = value + after * later
        worths.append((total, action))
    return worths


def _catch_up_worth(one_pawn: float, collaborators: int, pawns: int) -> float:
    """What the round-end catch-up pawn is worth to a seat with these left."""
    if pawns <= 0:
        return 0.0
    return one_pawn * (2 if collaborators else 1)


def _played_chances(view: View, odds: dict[str, float]) -> dict[str, float]:
    """{card: the chance it lies on the board when the round's last placement
    is done}, for every card of the game.

    A card still unseen is played unless it is the secret or stays as its
    holder's last card; the seat's own cards are played unless kept last.
    The cards are taken as independent, which is close enough to rank moves.
    """
    seat = view["seat"]
    hand = view["hand"]
    other_hand = max(count for s, count in enumerate(view["hand_counts"]) if s != seat)
    not_last = 1.0 - 1.0 / other_hand if other_hand else 0.0
    played = dict.fromkeys(view["board"], 1.0)
    if hand:
        played.update(dict.fromkeys(hand, 1.0 - 1.0 / len(hand)))
    for _, card in view["trick"]:
        played[card] = not_last
    for card, chance in odds.items():
        played[card] = (1.0 - chance) * not_last if other_hand else 0.0
    return played


def _miss_chance(played: dict[str, float], space: str) -> float:
    """The chance a pawn on `space` is a miss when the round's last
    placement is done: every card that could pay it lies on the board."""
    chance = 1.0
    for card in SPACE_CARDS[space]:
        chance *= played[card]
    return chance


# Per suit, its cards' (code, rank) in the card table's order, for quick_view.
_SUIT_CARDS = tuple((suit, tuple((code, rank) for rank, code in CODES[suit].items()))
                    for suit in SUITS)


def quick_view(state: SpyTricksState, seat: int) -> View:
    """The keys of view(seat) that the heuristics read, taken from the
    state's fields: a rollout asks for them at every move, and view() builds
    much more. "pawns" only while pawns are placed: nothing else reads them.
    Only for sampled worlds, which a bot may read freely."""
    known = state.on_board.union(state.hands[seat])
    if state.trick:
        known.update([card for _, card in state.trick])
    view = {
        "seat": seat, "phase": state.phase, "round": state.round,
        "rounds": state.num_players, "tricks_played": state.tricks_played,
        "hand": state.hands[seat], "hand_counts": [len(hand) for hand in state.hands],
        "trick": state.trick, "board": state.on_board, "voids": state.voids,
        "unseen": {suit: [rank for code, rank in cards if code not in known]
                   for suit, cards in _SUIT_CARDS},
        "collaborators": state.collaborators, "pawns_left": state.pawns_left,
    }
    if state.phase != "play":
        view["pawns"] = [{"seat": owner, "space": space, "collaborator": collaborator}
                         for owner, space, collaborator in state.pawns]
    return view


class HeuristicBot:
    """The hard bot without search: the normal bot's cards, and pawns placed
    with the round-end catch-up in mind. Every seat plays it in the hard
    bot's rollouts; bench/spy_tricks.py measures it as a yardstick."""

    name = "heuristic"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The heuristic's action for `seat`, read from its view."""
        return heuristic_action(state.view(seat), state.legal_actions())


def heuristic_action(view: View, actions: list[Action]) -> Action:
    """The heuristic player's action for a view: see HeuristicBot."""
    if view["phase"] == "play":
        return NormalBot.choose_card(view, actions)
    if view["phase"] == "catch-up":
        return choose_placement(view, actions)
    return choose_placement_keeping_catch_up(view, actions)


def rollout_policy(world: GameState, rng: Rng) -> Action:
    """Every seat plays the heuristic hard player, from its own knowledge."""
    actions = world.legal_actions()
    if len(actions) == 1:  # forced (a lone card to follow, or pass): the heuristic's too
        return actions[0]
    seat = cast(int, world.to_act)
    return heuristic_action(quick_view(cast(SpyTricksState, world), seat), actions)


def at_round_start(world: GameState) -> bool:
    """The first lead of a round is still to come: the last round is paid."""
    spy_world = cast(SpyTricksState, world)
    return spy_world.phase == "play" and spy_world.tricks_played == 0 and not spy_world.trick


class HardBot:
    """ISMCTS over sampled deals, each played out to the end of the round."""

    name = "hard"

    def __init__(self, iterations: int = HARD_ITERATIONS,
                 time_budget: float | None = None,
                 placements: int = HARD_PLACEMENTS,
                 max_moves: int | None = HARD_MAX_MOVES) -> None:
        self.iterations = iterations
        self.time_budget = time_budget
        self.placements = placements
        self.max_moves = max_moves
        self.stats: dict[str, Any] | None = None  # the last search's, for benches and curious tests

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The search's action for `seat`."""
        search = SearchBot(iterations=self.iterations, time_budget=self.time_budget,
                           rollout_policy=rollout_policy, rollout_stop=at_round_start,
                           candidates=self._candidates(seat), max_moves=self.max_moves)
        action = search.choose(state, seat, rng)
        self.stats = search.stats
        return action

    def _candidates(self, seat: int) -> Candidates:
        """The tree's actions in a sampled world: every card of the seat,
        its `placements` best placements by the heuristic's worth and pass;
        for the other seats, the heuristic's own choice."""
        placements = self.placements

        def candidates(world: GameState, actions: list[Action]) -> list[Action]:
            if len(actions) == 1:  # forced: the heuristic's choice too, and the only candidate
                return actions
            view = quick_view(cast(SpyTricksState, world), cast(int, world.to_act))
            if world.to_act != seat:
                return [heuristic_action(view, actions)]
            if view["phase"] == "play":
                return actions
            if view["phase"] == "catch-up":
                values = space_values(view)
                worths = [(0.0, {"type": "pass"})] + [
                    ((2 if action["collaborator"] else 1) * values.get(action["space"], 0.0),
                     action) for action in actions if action["type"] == "place"]
            else:
                worths = placement_worths(view, actions)
            ranked = sorted(range(len(worths)), key=lambda i: -worths[i][0])
            keep = sorted(ranked[:placements])
            chosen = [worths[i][1] for i in keep]
            if keep[0] != 0:  # pass is worths[0]: always a candidate
                chosen.append({"type": "pass"})
            return chosen

        return candidates


def hard_bot(iterations: int = HARD_ITERATIONS, time_budget: float | None = None) -> HardBot:
    """The hard level: a fixed count of iterations, so a decision repeats
    everywhere; a time_budget is for experiments only."""
    return HardBot(iterations, time_budget)


LEVELS: Levels = {
    "easy": RandomBot,
    "normal": NormalBot,
    "hard": hard_bot,
}
