"""Properties of Deck of Spies over many seeded games played to the end.

Each check is written from the rulebook, not from the engine's helpers, so a
wrong helper cannot vouch for itself. What every game must do (save and load,
secrecy of views, refusing illegal input) is in tests/test_contract.py.
"""

import itertools
import json

from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games import deck_of_spies  # noqa: F401  (registers the game)

GAMES = 1000
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
POINTS = {rank: number for number, rank in enumerate(RANKS, 1)}
ALL_CARDS = sorted(rank + suit for rank in RANKS for suit in "SHDC")
SEGMENT_RANKS = [{"5", "6", "7"}, {"8", "9", "10"}, {"J", "Q", "K"}]


def points(cards):
    return sum(POINTS[card[:-1]] for card in cards)


def piles(state):
    return {"hand": list(state.hand), "draw_deck": list(state.draw_deck),
            "draw_discard": list(state.draw_discard), "spy_deck": list(state.spy_deck),
            "spy_discard": list(state.spy_discard), "removed": list(state.removed),
            "phase": state.phase, "rng": state.rng.state, "log": len(state.log)}


# -- the rulebook, by brute force -----------------------------------------------


def no_card_superfluous(cards, target, exempt=None):
    total = points(cards)
    return total >= target and all(
        total - POINTS[card[:-1]] < target for card in cards if card != exempt)


def expected_meets(hand, spy):
    """Every (type, card set) the rules allow against this spy."""
    target, suit = POINTS[spy[:-1]], spy[-1]
    found = set()
    for size in range(1, len(hand) + 1):
        for chosen in itertools.combinations(hand, size):
            if no_card_superfluous(chosen, target):
                found.add(("counter", frozenset(chosen)))
            suited = "A" + suit in chosen or all(card[-1] == suit for card in chosen)
            if suited and no_card_superfluous(chosen, target, "A" + suit):
                found.add(("recruit", frozenset(chosen)))
    return found


def expected_retires(hand):
    found = set()
    for rank in RANKS:
        same = [card for card in hand if card[:-1] == rank]
        for size in range(2, len(same) + 1):
            found.update(frozenset(chosen) for chosen in itertools.combinations(same, size))
    return found


def check_legal_actions(state):
    legal = state.legal_actions()
    if state.phase == "retire":
        retires = {frozenset(a["cards"]) for a in legal if a["type"] == "retire"}
        assert retires == expected_retires(state.hand)
        assert legal[-1] == {"type": "end_turn"}
        assert len(legal) == len(retires) + 1
        return
    spy = state.spy_deck[0]
    if points(state.hand) < POINTS[spy[:-1]]:
        aces = sorted(c for c in state.hand + state.draw_deck + state.draw_discard
                      if c[0] == "A")
        assert sorted(a["ace"] for a in legal) == aces and aces
        assert all(a["type"] == "assassinate" for a in legal)
        return
    meets = {(a["type"], frozenset(a["cards"])) for a in legal}
    assert len(meets) == len(legal)
    assert meets == expected_meets(state.hand, spy)


def check_cards_accounted_for(state):
    zones = (state.hand + state.draw_deck + state.draw_discard + state.spy_deck
             + state.spy_discard + state.removed)
    assert sorted(zones) == ALL_CARDS


def check_spy_deck_in_segments(state):
    ranks = [card[:-1] for card in state.spy_deck]
    order = [next(i for i, seg in enumerate(SEGMENT_RANKS) if r in seg) for r in ranks]
    assert order == sorted(order)


def check_view_hides_the_order(state, rng):
    """Shuffling the hidden orders (the draw deck, the spy deck below its top
    within its segments) changes nothing in the view."""
    view = state.view(0)
    twin = state.clone()
    rng.shuffle(twin.draw_deck)
    if twin.spy_deck:
        below = twin.spy_deck[1:]
        rng.shuffle(below)
        below.sort(key=lambda c: next(i for i, seg in enumerate(SEGMENT_RANKS)
                                      if c[:-1] in seg))  # stable: shuffled in segments
        twin.spy_deck[1:] = below
    assert json.dumps(twin.view(0), sort_keys=True) == json.dumps(view, sort_keys=True)


def choose(state, rng, careful):
    """Random play, or a little care so that games reach the face cards."""
    legal = state.legal_actions()
    if not careful:
        return rng.choice(legal)
    recruits = [a for a in legal if a["type"] == "recruit"]
    retires = [a for a in legal if a["type"] == "retire" and a["cards"][0][0] in "234"]
    return rng.choice(recruits or retires or legal)


def play(seed, checks):
    state = new_game("deck-of-spies", seed=seed)
    rng = Rng(seed * 7919 + 1)
    careful = seed % 2 == 0
    while True:
        checks(state, rng)
        if state.is_over:
            return state
        state.apply(choose(state, rng, careful))


def test_every_step_of_a_thousand_games_keeps_the_rules():
    outcomes = {"won": 0, "lost": 0, "retire_on_last": 0}

    def checks(state, rng):
        check_cards_accounted_for(state)
        check_spy_deck_in_segments(state)
        if state.is_over:
            won = state.result()["winners"] == [0]
            outcomes["won" if won else "lost"] += 1
            assert won == (not state.spy_deck and sum(
                c[:-1] in "JQK" for c in state.hand + state.draw_deck + state.draw_discard
            ) >= 7)
            return
        if not state.spy_deck:
            outcomes["retire_on_last"] += 1
        assert len(state.hand) <= 5
        check_legal_actions(state)
        if rng.below(6) == 0:
            check_view_hides_the_order(state, rng)

    for seed in range(1, GAMES + 1):
        play(seed, checks)
    assert outcomes["won"] > 0 and outcomes["lost"] > 0 and outcomes["retire_on_last"] > 0


def test_every_seed_deals_its_own_spy_deck():
    deals = {tuple(new_game("deck-of-spies", seed=s).spy_deck) for s in range(1, 101)}
    assert len(deals) == 100


def test_determinize_is_a_function_of_the_view_and_the_rng():
    def checks(state, rng):
        if state.is_over:
            return
        twin = state.clone()
        shuffler = Rng(rng.below(1000))
        shuffler.shuffle(twin.draw_deck)
        assert twin.view(0) == state.view(0)
        seed = rng.below(1 << 30)
        one, two = state.determinize(0, Rng(seed)), twin.determinize(0, Rng(seed))
        assert piles(one) == piles(two)
        assert one.rng.state == two.rng.state

    for seed in range(1, 101):
        play(seed, checks)
