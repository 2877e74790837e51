"""Deck of Spies bots: greedy and expert.

A turn is planned whole: the counter, recruit or assassination, then the best
retire (or none) from the hand it leaves. Both levels read only the view, the
legal actions and, for the expert, determinized worlds.

- greedy: scores each plan by rules of thumb from docs/bots.md: recruit when
  possible, spend few points, keep Aces, retire low pairs, and prefer plays
  that leave a low pair to retire. No sampling, well under a millisecond.
- expert: one-turn lookahead, then rollouts among the face cards. For each
  plan it refills the hand and turns up the next spy in 32 determinized
  worlds, and scores the result by the key spies it can still expect: those
  owned, the next spy if it is a key one and the next hand can recruit it,
  and the rest at the rate a 5-card hand of the resulting deck recruits a
  face card (`recruit_rate`, counted over every hand). The rate is what
  thinning, recruiting and keeping Aces all buy, so it is the one currency in
  which the plans are compared. Among the face cards, where it misses most (a
  recruited King recruits again when it comes back; a hand short of a face
  card's points costs an Ace), the 8 plans best by that score are also played
  to the end in the same worlds by cheap rules (`_rollout`: recruit when the
  hand can, else counter at the least cost, then retire a low pair); every
  plan meets the same draw and spy orders, and its value is the mean of its
  score and its rollouts' win share. Against the one-turn expert alone on
  tuning seeds, with 4 plans rolled out: 87 wins against 84 in seeds
  20001-20100, 129 against 119 in 20101-20255 (15 seeds won that it lost, 5
  lost). With 4 plans it won 84.0% (81.6-86.1) of seeds 1-1000, against 81.1%
  without the rollouts, and 83.2% (79.3-86.6) of seeds 77001-77400, against
  79.8%, at 9 / 28 ms CPU a decision. 8 plans rather than 4, the same games
  played on from the first face card: 519 wins against 512 in seeds
  20001-20600 (13 seeds won that 4 plans lost, 6 lost), 351 against 344 in
  20601-21000 (12 and 5); 16 plans won the very same games as 8. With 8 it
  won 85.7% (83.4-87.7) of seeds 1-1000 and 84.0% (80.1-87.3) of seeds
  77001-77400 (bench/bots.py), at 8 / 36 ms CPU a decision (median / 95th
  percentile). The rate was then estimated from 192 sampled hands; it is now
  counted exactly over every hand (`_subsets_by_points`), and cached, as a
  pure function of the deck: 88.1% (85.9-90.0) of seeds 1-1000, 85.0% of
  77001-77400 and 84.9% (82.5-87.0) of fresh seeds 900001-901000, against
  83.9% for the sampled rate on those, at 4 / 21 ms a decision. Tried and not
  kept, being no better: with the exact rate, 64 worlds for both stages (866
  wins against 862 in seeds 900001-901000, the bot seeded as in
  bench/deck_of_spies.py, at twice the CPU); with the sampled rate, rollouts
  from the 8-10 segment on (496 wins against 511 in seeds 20001-20600, at 2.7
  times the CPU); the rollouts' win share weighted 0.7 against the one-turn
  value (505 wins in seeds 20001-20600 against 512 at 0.5); rollouts that
  spend an Ace only when no other set will do (`ACE_COST` 20), which win more
  as a policy (72% of deals from the first face card against 66%, seeds
  20001-20600) but made the bot no better (505 wins against 512 with 4 plans,
  515 against 519 with 8); a two-turn lookahead (the best next plan in a
  re-deal, for the 4 plans best one turn deep: 76.3% against 80.0% of tuning
  seeds 20001-20300, at ten times the cost); common random numbers for the
  rates (one set of random card orders deals every deck its hands, so decks
  that differ by a card differ only in the hands it joins: a rate
  difference's noise falls threefold) with an assassination that costs the
  rate of the deck less its least useful Ace instead of a flat 3%: 78.6%
  (76.0-81.0) of seeds 1-1000 and 79.8% of 77001-77400; crediting the next
  hand's low pairs as retired already (34 wins in seeds 20001-20050 against
  40); the rollouts' win share alone as the value (86 wins in seeds
  20001-20100 against 87 for the mean), and so from the 8-10 segment on, at
  twice the CPU (48 wins in seeds 20001-20057, as many as among the face
  cards only); 64 worlds and 384 sampled hands a rate, without rollouts (66
  wins in seeds 20001-20089 against 73 with 32 and 192), or with 6 plans
  rolled out in 64 worlds (54 wins in seeds 20001-20066 against 55 of the
  one-turn expert). Retuned around the exact rate, in seeds 20001-21000
  (867 wins as set): RATE_LIFT at two thirds (869) or four thirds (873),
  SLOPE 1.0 (868) or 1.7 (874), ASSASSINATION_FACTOR 0.9 (873), rollouts
  from the 8-10 segment on (859). From the first face card of seeds
  30001-30400, each played on 4 times with other generators (1363 wins of
  1600 as set): ROLLOUT_WEIGHT 0.75 (1347) or 0.25 (1320), a binomial tail
  over the key spies left in place of the logistic (1351), 16 plans rolled
  out (1363), rollouts that retire pairs up to 7 (1353), ACE_COST 1 (1336)
  or 6 (1343). None is clearly better. Played on 8 times like that from
  the first face card, 40 games it lost in seeds 20001-21000 are won 46%
  of the time and 40 it won 93%: luck among the face cards decides many
  of its losses. A two-turn lookahead before the face cards, with the
  exact rate (the 4 plans best one turn deep played on in 16 of the
  worlds to the end of the next turn, whose plan is chosen there by its
  rate alone or by its one-turn value in that world; the mean of the two
  turns' values), won 351 of seeds 20001-20400 either way, against 352 as
  set, at five times the CPU.

  Aces owned (`ACE_WORTH`): at the first face card, the win chance rose with
  each Ace owned well beyond what the recruit rate credits them (a logistic
  fit over 1000 deals of seeds 50001-51000), and the bot as set shed Ace
  pairs to thin its deck. Counting each Ace as two thirds of a key spy won
  882 of those seeds against 861 (a third: 873; a whole one: 873), then on
  seeds it was not fitted on, seeded as in bench/deck_of_spies.py, 875
  against 867 (1400001-1401000) and 895 against 844 (1500001-1501000, 94
  seeds gained and 43 lost); with bench/bots.py it won 90.2% (88.2-91.9) of
  fresh seeds 1700001-1701000 at 3 / 19 ms a decision.

Usage:

    from pyapp.bots.deck_of_spies import LEVELS
    bot = LEVELS["expert"]()
    action = bot.choose(state, 0, Rng(1))
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, cast

from ..engine.bots import Levels
from ..engine.protocol import Action, GameState, View
from ..engine.rng import Rng
from ..games.deck_of_spies import (
    HAND_SIZE, KEY_RANKS, KEY_SPIES, KEY_SPIES_TO_WIN, SPY_SEGMENTS, SUITS, VALUE, is_key_spy,
    Card, DeckOfSpies, rank_of, suit_of, value_of)

Plan = tuple[Action, list[Card] | None, list[Card]]  # (first action, retire cards, hand kept)

LOW_RANKS = ("2", "3", "4")  # the cards worth retiring
# Our choices below, first guesses but for WORLDS, doubled from 16 to 32
# (with 96 sampled hands a rate then: 76.2% of seeds 1-1000, 80.0% of tuning
# seeds 20001-20300; with 192: 81.1%, 82.0%) for the lesser sampling noise.
WORLDS = 32          # determinizations per expert decision
SLOPE = 1.3          # logistic slope of the win chance in expected key spies
# The spies still to come will strengthen the deck, so the rate measured now
# understates the rate at face-card time by about this much.
RATE_LIFT = dict(zip([label for label, _ in SPY_SEGMENTS] + [None], (0.30, 0.15, 0.0, 0.0)))
# An assassination next turn costs an Ace and, in the J-K segment, a key spy
# already counted above; this small extra cost is for the Ace.
ASSASSINATION_FACTOR = 0.97
# Each Ace owned, in key spies to expect: an Ace is the one insurance against
# an assassination that ends the game, and what the recruit rate misses of
# it. Fitted at the first face card of 1000 deals (seeds 50001-51000): beyond
# the rate, each Ace owned raised the log-odds of a win by 0.87, or 0.67 key
# spies at SLOPE.
ACE_WORTH = 0.67
# In the face-card segment (and at the last retire, with no spy left) the
# best few plans one turn deep are played out to the end in the first worlds
# by cheap rules (`_rollout`), and their value is the mean of the two.
ROLLOUT_SEGMENTS = (SPY_SEGMENTS[-1][0], None)
ROLLOUT_PLANS = 8
ROLLOUT_WORLDS = 32
ROLLOUT_WEIGHT = 0.5  # of the rollouts' win share, against the one-turn value


# -- plans -----------------------------------------------------------------


def _retire_options(hand: list[Card]) -> list[list[Card] | None]:
    """The retire sets a hand offers (2-4 of one rank), plus None for none."""
    options: list[list[Card] | None] = [None]
    by_rank: dict[str, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(rank_of(card), []).append(card)
    for rank in sorted(by_rank, key=VALUE.__getitem__):
        same = by_rank[rank]
        for mask in range(1, 1 << len(same)):
            chosen = [c for i, c in enumerate(same) if mask >> i & 1]
            if len(chosen) >= 2:
                options.append(chosen)
    return options


def _plans(view: View, legal: list[Action]) -> list[Plan]:
    """(first action, retire cards or None, hand kept) for every whole turn."""
    hand = view["hand"]
    plans: list[Plan] = []
    if view["phase"] == "retire":
        for action in legal:
            cards = action.get("cards")
            kept = [c for c in hand if not cards or c not in cards]
            plans.append((action, cards, kept))
        return plans
    for action in legal:
        if action["type"] == "assassinate":
            plans.append((action, None, []))
            continue
        left = [c for c in hand if c not in action["cards"]]
        for retire in _retire_options(left):
            kept = [c for c in left if not retire or c not in retire]
            plans.append((action, retire, kept))
    return plans


class _Turn:
    """What a plan does to the piles the player owns, from the view."""

    def __init__(self, view: View, plan: Plan) -> None:
        action, retire, kept = plan
        self.kept = kept
        spy = view["spy_top"]
        deck = list(view["draw_deck_cards"])
        discard = list(view["draw_discard"])
        yours, theirs = view["key_spies"]["yours"], view["key_spies"]["spies"]
        if view["phase"] == "act":
            kind = action["type"]
            if kind == "assassinate":
                ace = action["ace"]
                for pile in (deck, discard):
                    if ace in pile:
                        pile.remove(ace)
                discard.extend(c for c in view["hand"] if c != ace)
                theirs += is_key_spy(spy)
            else:
                discard.extend(action["cards"])
                if kind == "recruit":
                    discard.append(spy)
                    yours += is_key_spy(spy)
                else:
                    theirs += is_key_spy(spy)
        if retire:
            yours -= sum(1 for c in retire if is_key_spy(c))
            theirs += sum(1 for c in retire if is_key_spy(c))
        # The draw deck as a set: each world draws it in its own order.
        self.in_deck, self.discard = set(deck), discard
        self.yours, self.theirs = yours, theirs
        self.owned = sorted(kept + deck + discard, key=_card_key)
        self.aces = sum(1 for c in self.owned if rank_of(c) == "A")


def _card_key(card: Card) -> tuple[int, str]:
    return (VALUE[rank_of(card)], suit_of(card))


# -- greedy ------------------------------------------------------------------


def _greedy_score(view: View, plan: Plan) -> float:
    """Rules of thumb, in points: a recruit is worth its value, a key spy a
    lot; spent points, spent Aces and retired Aces cost; low cards retired
    gain; a low pair left in hand is worth keeping for the next retire."""
    action, retire, kept = plan
    score = 0.0
    spy = view["spy_top"]
    if view["phase"] == "act":
        kind = action["type"]
        if kind == "recruit":
            score += 40.0 if is_key_spy(spy) else 4.0 + value_of(spy)
            cards = action["cards"]
        elif kind == "counter":
            cards = action["cards"]
        else:
            cards = []
            # Give up the Ace whose suit has the fewest key spies still to come.
            score -= 2.0 * _key_spies_left_of_suit(view, suit_of(action["ace"]))
            if action["ace"] in view["draw_deck_cards"]:
                score += 1.0  # a thinner draw deck for the refill
        score -= 0.3 * sum(value_of(c) for c in cards)
        score -= 3.0 * sum(1 for c in cards if rank_of(c) == "A")
    for card in retire or []:
        rank = rank_of(card)
        if rank in LOW_RANKS:
            score += 8.0 - value_of(card)
        elif rank == "A":
            score -= 6.0
        else:
            score -= 20.0 + 40.0 * is_key_spy(card)
    ranks = [rank_of(c) for c in kept]
    if any(ranks.count(r) >= 2 for r in LOW_RANKS):
        score += 2.5
    return score


def _key_spies_left_of_suit(view: View, suit: str) -> int:
    seen = view["hand"] + view["draw_deck_cards"] + view["draw_discard"] + view["spy_discard"]
    return sum(1 for r in KEY_RANKS if r + suit not in seen)


class _PlanBot:
    """What both levels share: a lone legal action is played at once; otherwise
    the turn's plans are built from the view and `_best_plan` picks one."""

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The first action of the best plan."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        return self._best_plan(state, seat, rng, view, _plans(view, legal))[0]

    def _best_plan(self, state: GameState, seat: int, rng: Rng, view: View,
                   plans: list[Plan]) -> Plan:
        """The plan to play, one of `plans` (never empty)."""
        raise NotImplementedError


class GreedyPlanBot(_PlanBot):
    """Best plan by `_greedy_score`; ties go to the earliest legal action."""

    name = "greedy"

    def _best_plan(self, state: GameState, seat: int, rng: Rng, view: View,
                   plans: list[Plan]) -> Plan:
        return max(plans, key=lambda plan: _greedy_score(view, plan))


# -- expert ------------------------------------------------------------------


def _can_recruit(hand: list[Card], spy: Card) -> bool:
    """A set of hand cards can recruit `spy`: its suit's cards reach it, or its
    suit's Ace is in hand and the whole hand reaches it."""
    suit, target = suit_of(spy), value_of(spy)
    total = suited = 0
    ace = False
    for card in hand:
        points = VALUE[rank_of(card)]
        total += points
        if suit_of(card) == suit:
            suited += points
            ace = ace or points == 1
    return suited >= target or (ace and total >= target)


def recruit_rate(owned: list[Card], key_spies_left: list[Card]) -> float:
    """The chance that a random 5-card hand of `owned` (all of it, if fewer)
    can recruit a random one of `key_spies_left`, counted over every hand."""
    if not key_spies_left or not owned:
        return 0.0
    return _recruit_rate(tuple(sorted(owned, key=_card_key)), tuple(sorted(key_spies_left)))


@lru_cache(maxsize=4096)
def _recruit_rate(owned: tuple[Card, ...], key_spies_left: tuple[Card, ...]) -> float:
    """`recruit_rate` of sorted tuples; a pure function, so decks met again
    later in the game, or by another plan, cost nothing."""
    size = min(HAND_SIZE, len(owned))
    recruiting = 0
    for suit in SUITS:
        targets = [value_of(spy) for spy in key_spies_left if suit_of(spy) == suit]
        if targets:
            recruiting += _hands_recruiting(owned, suit, size, targets)
    return recruiting / (math.comb(len(owned), size) * len(key_spies_left))


def _hands_recruiting(owned: tuple[Card, ...], suit: str, size: int,
                      targets: list[int]) -> int:
    """Over the spies of `suit` worth `targets`, how many (hand, spy) pairs
    of `size`-card hands of `owned` recruit: the hand's cards of the suit
    reach the spy, or the suit's Ace is among them and the whole hand does."""
    suited = _subsets_by_points([value_of(c) for c in owned
                                 if suit_of(c) == suit and rank_of(c) != "A"], size)
    others = _subsets_by_points([value_of(c) for c in owned if suit_of(c) != suit], size)
    with_ace = "A" + suit in owned
    return sum(_hands_reaching(suited, others, with_ace, size, target) for target in targets)


def _hands_reaching(suited: list[list[int]], others: list[list[int]], with_ace: bool,
                    size: int, target: int) -> int:
    """How many hands reach `target` points, from `_subsets_by_points` of
    the suit's cards but its Ace (`suited`) and of the other suits' cards."""
    count = 0
    for k in range(size + 1):
        # Hands of k cards of the suit, no Ace among them: the suit alone.
        count += sum(suited[k][target:]) * sum(others[size - k])
        if with_ace and k >= 1:
            # The Ace and k - 1 others of the suit: the whole hand counts.
            for points, ways in enumerate(suited[k - 1]):
                count += ways * sum(others[size - k][max(0, target - points - 1):])
    return count


def _subsets_by_points(points: list[int], size: int) -> list[list[int]]:
    """ways[k][p]: how many k-card subsets of cards with these `points`
    total p points, for k up to `size` (p capped at a King's 13, the most a
    spy needs)."""
    top = VALUE["K"]
    ways = [[0] * (top + 1) for _ in range(size + 1)]
    ways[0][0] = 1
    for value in points:
        for k in range(size, 0, -1):
            row = ways[k]
            for total, count in enumerate(ways[k - 1]):
                if count:
                    row[min(top, total + value)] += count
    return ways


def _key_spies_left(view: View) -> list[Card]:
    """The key spies not yet met: neither owned nor in the spy discard."""
    seen = set(view["hand"] + view["draw_deck_cards"] + view["draw_discard"]
               + view["spy_discard"])
    return [r + s for r in KEY_RANKS for s in SUITS if r + s not in seen]


def _by_first_action(chances: list[tuple[Action, float]]) -> list[tuple[Action, int, float]]:
    """Each first action once, with the chance of its best plan."""
    root: list[tuple[Action, int, float]] = []
    for action, chance in chances:
        known = [index for index, (other, _, _) in enumerate(root) if other == action]
        if known:
            root[known[0]] = (action, 1, max(root[known[0]][2], chance))
        else:
            root.append((action, 1, chance))
    return root


def _win_chance(expected_keys: float) -> float:
    return 1.0 / (1.0 + math.exp(-SLOPE * (expected_keys - (KEY_SPIES_TO_WIN - 0.5))))


# -- rollouts ----------------------------------------------------------------
# A card in a rollout is one int, points * 4 + suit index, so that a rollout
# turn is integer arithmetic over at most 31 subsets of the hand.

CODE = {rank + suit: VALUE[rank] * 4 + index for index, suit in enumerate(SUITS) for rank in VALUE}
KEY_POINTS = VALUE["J"]     # a spy of at least these points is a key spy
LOW_POINTS = (2, 3, 4)      # the ranks a rollout retires in pairs
ACE_COST = 3                # points a rollout would rather spend than an Ace


# For each hand size, each non-empty subset mask with the mask less its
# lowest card and that card's index: subsets in an order where each one's
# smaller part comes before it.
_STEPS = [[(mask, mask & (mask - 1), (mask & -mask).bit_length() - 1)
           for mask in range(1, 1 << size)] for size in range(HAND_SIZE + 1)]


def _plays(hand: list[int], spy: int) -> tuple[int, int]:
    """(counter mask, recruit mask): the cheapest subsets of the hand that
    meet the spy (cost: points spent, an Ace dearer); 0 when there is none."""
    points, suit = spy >> 2, spy & 3
    if sum(card >> 2 for card in hand) < points:
        return 0, 0
    own_ace = 4 + suit
    size = 1 << len(hand)
    total = [0] * size
    suited = [0] * size
    cost = [0] * size
    counter = recruit = 0
    counter_cost = recruit_cost = 999
    for mask, prev, index in _STEPS[len(hand)]:
        card = hand[index]
        value = card >> 2
        total[mask] = spent = total[prev] + value
        # An Ace of the spy's suit in the set makes every card count as suited.
        suited[mask] = suited[prev] + (99 if card == own_ace else value if card & 3 == suit else 0)
        cost[mask] = price = cost[prev] + (value if value > 1 else ACE_COST)
        if spent >= points and price < counter_cost:
            counter, counter_cost = mask, price
            if suited[mask] >= points:
                recruit, recruit_cost = mask, price
        elif spent >= points and price < recruit_cost and suited[mask] >= points:
            recruit, recruit_cost = mask, price
    return counter, recruit


def _rollout(hand: list[int], deck: list[int], discard: list[int], spies: list[int],
             yours: int, theirs: int, rng: Rng) -> float:
    """Meet `spies` in turn by cheap rules (recruit when the hand can, else
    counter at the least cost, then retire a low pair); 1.0 for a win. The
    piles are the rollout's own, changed in place."""
    for spy in spies:
        _refill(hand, deck, discard, rng)
        points, key = spy >> 2, spy >> 2 >= KEY_POINTS
        counter, recruit = _plays(hand, spy)
        if not counter:
            if not _give_up_ace(hand, deck, discard, rng):
                return 0.0
            discard.extend(hand)
            hand.clear()
            theirs += key
        else:
            mask = recruit or counter
            discard.extend(c for i, c in enumerate(hand) if mask >> i & 1)
            hand[:] = [c for i, c in enumerate(hand) if not mask >> i & 1]
            if recruit:
                discard.append(spy)
                yours += key
            else:
                theirs += key
            _retire_low_pair(hand)
        if yours >= KEY_SPIES_TO_WIN:
            return 1.0
        if theirs > KEY_SPIES - KEY_SPIES_TO_WIN:
            return 0.0
    return 1.0 if yours >= KEY_SPIES_TO_WIN else 0.0


def _refill(hand: list[int], deck: list[int], discard: list[int], rng: Rng) -> None:
    while len(hand) < HAND_SIZE:
        if not deck:
            if not discard:
                return
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
        hand.append(deck.pop())


def _give_up_ace(hand: list[int], deck: list[int], discard: list[int], rng: Rng) -> bool:
    """Remove an Ace (points 1), from the discard first; False if none is left."""
    for pile in (discard, hand, deck):
        for card in pile:
            if card >> 2 == 1:
                pile.remove(card)
                if pile is deck:
                    rng.shuffle(deck)
                return True
    return False


def _rollout_world(turn: _Turn, view: View, world: DeckOfSpies, seed: int) -> float:
    """A rollout from the end of `turn` in `world`: its draw and spy orders."""
    at = 1 if view["phase"] == "act" else 0
    deck = [CODE[c] for c in world.draw_deck if c in turn.in_deck]
    return _rollout([CODE[c] for c in turn.kept], deck, [CODE[c] for c in turn.discard],
                    [CODE[c] for c in world.spy_deck[at:]], turn.yours, turn.theirs, Rng(seed))


def _retire_low_pair(hand: list[int]) -> None:
    for points in LOW_POINTS:
        if sum(1 for c in hand if c >> 2 == points) >= 2:
            hand[:] = [c for c in hand if c >> 2 != points]
            return


class LookaheadBot(_PlanBot):
    """One-turn lookahead over determinized worlds (see the module docstring)."""

    name = "expert"

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds
        # The last decision's win chance of each first action, in a search's
        # root form {"root": [(action, 1, chance)]}: the review reads it.
        self.stats: dict[str, Any] | None = None

    def _best_plan(self, state: GameState, seat: int, rng: Rng, view: View,
                   plans: list[Plan]) -> Plan:
        """The plan with the best win chance: each plan scored one turn deep
        over the worlds, the best few of them then by rollouts to the end."""
        # This bot plays only Deck of Spies, whose worlds have its piles.
        worlds = [cast(DeckOfSpies, state.determinize(seat, rng)) for _ in range(self.worlds)]
        seed = rng.derive_seed()
        scored = self._one_turn_values(view, plans, worlds, seed)
        scored.sort(key=lambda item: -item[2])
        deep = ROLLOUT_PLANS if view["segment"] in ROLLOUT_SEGMENTS else 0
        for index, (plan, turn, value) in enumerate(scored[:deep]):
            wins = sum(_rollout_world(turn, view, world, seed + number)
                       for number, world in enumerate(worlds[:ROLLOUT_WORLDS]))
            chance = wins / min(ROLLOUT_WORLDS, len(worlds))
            scored[index] = (plan, turn, ROLLOUT_WEIGHT * chance + (1 - ROLLOUT_WEIGHT) * value)
        best = max(scored[:max(1, deep)], key=lambda item: item[2])[0]
        self.stats = {"root": _by_first_action([(plan[0], value) for plan, _, value in scored])}
        return best

    def _one_turn_values(self, view: View, plans: list[Plan], worlds: list[DeckOfSpies],
                         seed: int) -> list[tuple[Plan, _Turn, float]]:
        """Each plan with its win chance one turn deep, averaged over `worlds`."""
        keys_left = _key_spies_left(view)
        lift = RATE_LIFT[view["segment"]]
        scored = []
        for plan in plans:
            turn = _Turn(view, plan)
            rate = min(1.0, recruit_rate(turn.owned, keys_left) + lift)
            value = sum(self._after(turn, view, world, rate, seed + index)
                        for index, world in enumerate(worlds))
            scored.append((plan, turn, value / len(worlds)))
        return scored

    @staticmethod
    def _after(turn: _Turn, view: View, world: DeckOfSpies, rate: float, seed: int) -> float:
        """Win chance in `world` once the plan's turn ends: refill, turn up the
        next spy, and count the key spies to expect."""
        hand = list(turn.kept)
        # The world's order of the draw deck, less an Ace the plan gives up.
        deck = [c for c in world.draw_deck if c in turn.in_deck]
        discard = list(turn.discard)
        shuffled = False
        while len(hand) < HAND_SIZE:
            if not deck:
                if not discard or shuffled:
                    break
                deck, discard = discard, []
                Rng(seed).shuffle(deck)
                shuffled = True
            hand.append(deck.pop())
        at = 1 if view["phase"] == "act" else 0
        yours, theirs = turn.yours, turn.theirs
        if len(world.spy_deck) <= at:
            return 1.0 if yours >= KEY_SPIES_TO_WIN else 0.0
        spy = world.spy_deck[at]
        total = sum(VALUE[rank_of(c)] for c in hand)
        if total < value_of(spy) and not turn.aces:
            return 0.0
        left = KEY_SPIES - yours - theirs
        expected = yours
        if is_key_spy(spy):
            expected += 1.0 if _can_recruit(hand, spy) else 0.0
            left -= 1
        expected += rate * left + ACE_WORTH * turn.aces
        value = _win_chance(expected)
        if total < value_of(spy):
            value *= ASSASSINATION_FACTOR
        return value


LEVELS: Levels = {"greedy": GreedyPlanBot, "expert": LookaheadBot}
