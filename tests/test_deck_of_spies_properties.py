"""Properties of Deck of Spies over many seeded games played to the end.

Each check is written from the rulebook, not from the engine's helpers, so a
wrong helper cannot vouch for itself.
"""

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
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


def snapshot(state):
    return json.dumps([state.view(0), state.save(), piles(state)], sort_keys=True)


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
    """Shuffling the hidden orders changes nothing in the view, and no card of
    the spy deck below the top is named."""
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
    strings = set()

    def collect(value):
        if isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, str):
            strings.add(value)

    collect(view)
    assert not strings & set(state.spy_deck[1:])
    assert "seed" not in view and "rng" not in view


def illegal_actions(state, rng):
    """A few actions that are not legal now: random card lists, wrong types,
    wrong phase, malformed values."""
    hand = state.hand
    some = [rng.choice(ALL_CARDS) for _ in range(rng.below(5))]
    mine = [card for card in hand if rng.below(2)]
    candidates = [
        {"type": rng.choice(["counter", "recruit", "retire"]), "cards": some},
        {"type": rng.choice(["counter", "recruit", "retire"]), "cards": mine},
        {"type": "assassinate", "ace": rng.choice(ALL_CARDS)},
        {"type": "end_turn"},
        {"type": rng.choice(["counter", "recruit"]), "cards": mine + mine[:1]},
        {"type": "counter", "cards": "".join(mine)},
        {"type": "recruit", "cards": [1, None]},
        {"type": "retire"},
        {"type": "bribe", "cards": mine},
        {"type": "end_turn", "cards": mine},
        {"cards": mine},
        ["counter", mine],
    ]
    legal = state.legal_actions()
    picked = [candidates[rng.below(len(candidates))] for _ in range(3)]
    return [a for a in picked if not (isinstance(a, dict) and sorted_action(a) in legal)]


def sorted_action(action):
    """The action as legal_actions would list it (cards in the engine's order)."""
    cards = action.get("cards")
    if isinstance(cards, list) and all(isinstance(c, str) and c in ALL_CARDS for c in cards):
        order = {c: i for i, c in enumerate(r + s for r in RANKS for s in "SHDC")}
        return dict(action, cards=sorted(cards, key=order.__getitem__))
    return action


def check_illegal_changes_nothing(state, rng):
    for action in illegal_actions(state, rng):
        before = snapshot(state)
        try:
            state.apply(action)
        except IllegalAction as err:
            assert str(err)
        else:
            raise AssertionError("%r was accepted" % (action,))
        assert snapshot(state) == before


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
            assert state.legal_actions() == [] and state.to_act is None
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
        assert state.determinize(0, rng).view(0) == state.view(0)
        if rng.below(6) == 0:
            check_view_hides_the_order(state, rng)
            check_illegal_changes_nothing(state, rng)

    for seed in range(1, GAMES + 1):
        play(seed, checks)
    assert outcomes["won"] > 0 and outcomes["lost"] > 0 and outcomes["retire_on_last"] > 0


def test_load_game_reproduces_the_state_at_every_step():
    def checks(state, rng):
        again = load_game(json.loads(json.dumps(state.save())))
        assert piles(again) == piles(state)
        assert again.view(0) == state.view(0) and again.log == state.log

    for seed in range(1, 31):
        play(seed, checks)


def test_the_same_seed_gives_the_same_game():
    def no_checks(state, rng):
        pass

    for seed in range(1, 101):
        first, second = play(seed, no_checks), play(seed, no_checks)
        assert first.save() == second.save() and first.log == second.log
        assert piles(first) == piles(second)
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


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(
        ALL_CARDS + ["counter", "recruit", "assassinate", "retire", "end_turn", "", "AZ"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["type", "cards", "ace", "x"]), inner, max_size=3),
    max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(action=JSONISH, seed=st.integers(1, 50), steps=st.integers(0, 40))
def test_any_malformed_action_is_refused_with_a_reason_and_changes_nothing(action, seed,
                                                                           steps):
    state = new_game("deck-of-spies", seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(choose(state, rng, True))
    before = snapshot(state)
    if isinstance(action, dict) and sorted_action(action) in state.legal_actions():
        return
    try:
        state.apply(action)
    except IllegalAction as err:
        assert str(err)
    else:
        raise AssertionError("%r was accepted" % (action,))
    assert snapshot(state) == before
