"""Spy Tricks bots: easy, normal and hard.

- easy: any legal action, uniformly (the random placer of docs/bots.md).
- normal: reads its view only. It works out the odds of each unseen card
  being the secret, counting the deals that respect the suits each player has
  shown to be void (a void in blue makes every unseen blue card likelier to
  be the secret). It places each pawn where the expected payout is highest
  and plays cards to become the trick's winner or loser, the two seats that
  place; the middle seats get nothing.
- hard: information-set MCTS (pyapp.engine.search) over determinizations,
  which respect voids as well, to choose its cards; its rollouts play the
  normal bot's rules. Its pawns go where the normal bot's exact expected
  payout says: that is what the search would estimate, by sampling, from
  dozens of almost equal spaces.

Usage:

    from pyapp.bots.spy_tricks import LEVELS
    bot = LEVELS["normal"]()
    action = bot.choose(state, state.to_act, Rng(1))
"""

from ..engine.bots import RandomBot
from ..engine.search import SearchBot
from ..games.spy_tricks import (
    CARD_COIN, CARDS, RANK_COIN, STRENGTH, SUIT_COIN, SUITS,
    TRICKS_PER_ROUND, count_deals, pawn_value)

# Expected coins above which a collaborator joins a pawn before the last
# chance of the round (our choice).
COLLABORATOR_THRESHOLD = 3.0
# A win places first, so it is worth a little more than a loss (our choice).
WIN_WEIGHT = 1.3


def secret_odds(view):
    """{card: chance it is the secret} for each unseen card of the view.

    The deals of the unseen cards to the other hands and the secret are
    equally likely, except those giving a player a suit it showed to lack,
    which are impossible. Cards of one suit are interchangeable, so it is
    enough to count the deals that put each suit under the secret.
    """
    seat = view["seat"]
    unseen = view["unseen"]
    counts = [len(unseen[suit]) for suit in SUITS]
    others = [(view["hand_counts"][s], view["voids"][s])
              for s in range(len(view["hand_counts"])) if s != seat]
    total, _ = count_deals(counts, others + [(1, [])])
    odds = {}
    for index, suit in enumerate(SUITS):
        if counts[index] == 0:
            continue
        rest = list(counts)
        rest[index] -= 1
        deals, _ = count_deals(rest, others)
        for rank in unseen[suit]:
            odds[suit + str(rank)] = deals / total
    return odds


def space_values(view):
    """{space: expected coins of one pawn there} for spaces that can score."""
    values = {}
    for card, chance in secret_odds(view).items():
        for space in (card, "rank:" + card[1:], "suit:" + card[0]):
            values[space] = values.get(space, 0.0) + chance * pawn_value(space, card)
    return values


class NormalBot:
    """Expected-payout pawn placement and winner-or-loser card play."""

    name = "normal"

    def choose(self, state, seat, rng):
        view = state.view(seat)
        actions = state.legal_actions()
        if view["phase"] == "play":
            return self.choose_card(view, actions)
        return choose_placement(view, actions)

    @staticmethod
    def choose_card(view, actions):
        """The card likeliest to end as the trick's strongest or weakest."""
        trick = [card for _, card in view["trick"]]
        pool = [suit + str(rank) for suit in SUITS for rank in view["unseen"][suit]]
        return pick_card(actions, trick, pool, len(view["hand_counts"]) - 1 - len(trick))


def pick_card(actions, trick, pool, still_to_play):
    """The play likeliest to make the trick's winner or loser.

    A card wins if nothing played beats it and each later player's card,
    taken as a random one of `pool`, is weaker; it loses the other way round.
    """
    best, best_score = None, -1.0
    for action in actions:
        power = STRENGTH[action["card"]]
        weaker = sum(1 for other in pool if STRENGTH[other] < power) / (len(pool) or 1)
        wins = 0.0 if any(STRENGTH[c] > power for c in trick) else weaker ** still_to_play
        loses = 0.0 if any(STRENGTH[c] < power for c in trick) else (1 - weaker) ** still_to_play
        # Between equal chances, spend a middling card: extremes win or lose
        # later tricks.
        keep = abs(power - 14) / 100.0
        score = WIN_WEIGHT * wins + loses - keep
        if score > best_score:
            best, best_score = action, score
    return best


def choose_placement(view, actions):
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


def _use_collaborator(view, value):
    """Double a good pawn, or any scoring pawn at the round's last chance."""
    last_chance = view["phase"] == "catch-up" or view["tricks_played"] == TRICKS_PER_ROUND
    return value >= COLLABORATOR_THRESHOLD or last_chance


class HardBot:
    """Search for the cards, exact expected payout for the pawns."""

    name = "hard"

    def __init__(self, iterations=None, time_budget=0.5):
        self.search = SearchBot(iterations=iterations, time_budget=time_budget,
                                rollout_policy=rollout_policy,
                                rollout_depth=ROLLOUT_DEPTH, exploration=EXPLORATION)

    def choose(self, state, seat, rng):
        actions = state.legal_actions()
        if actions[0]["type"] != "play":
            return choose_placement(state.view(seat), actions)
        if len(actions) == 1:
            return actions[0]
        return self.search.choose(state, seat, rng)


# Rollouts stop once the trick and its placements are done, give or take,
# where evaluate() scores the pawns against the sampled secret; longer ones
# only added noise (our choice: 30 actions won 30% of 90 3-player games
# against normals, 8 won 34-36%). evaluate()'s rewards differ by hundredths
# early in a game, so the UCB constant is small.
ROLLOUT_DEPTH = 8
EXPLORATION = 0.15


def rollout_policy(state, rng):
    """A quick guess at play inside a sampled world.

    Cards: as the normal bot, against the cards the acting seat cannot see.
    Pawns: the acting seat places on the empty
    space with the highest expected payout if every card it cannot see were
    equally likely the secret (voids ignored, for speed); pass if none pays.
    """
    seat = state.to_act
    board, hand = state.on_board, state.hands[seat]
    if state.phase == "play":
        trick = [card for _, card in state.trick]
        pool = [card for card in CARDS
                if card not in board and card not in hand and card not in trick]
        return pick_card(state.legal_actions(), trick, pool,
                         state.num_players - 1 - len(trick))
    hidden = [card for card in CARDS if card not in board and card not in hand]
    value = {}
    for card in hidden:
        for space, coin in ((card, CARD_COIN), ("rank:" + card[1:], RANK_COIN),
                            ("suit:" + card[0], SUIT_COIN)):
            value[space] = value.get(space, 0) + coin
    if state.pawns_left[seat] and value:
        open_any = state.phase == "catch-up"
        for space in sorted(value, key=value.get, reverse=True):
            if open_any or space not in state.taken:
                return {"type": "place", "space": space, "collaborator": False}
    return {"type": "pass"}


def hard_bot(iterations=None, time_budget=0.5):
    return HardBot(iterations=iterations, time_budget=time_budget)


LEVELS = {
    "easy": RandomBot,
    "normal": NormalBot,
    "hard": hard_bot,
}
