"""Properties of Before I Kill You, Mister Spy... over many seeded random games.

For each player count, 500 games of random legal play check after every
action that no card is created or lost, in the table and in a determinized
world, and that the log names only cards the table has seen. The bots are
checked for fair play: the same view gives the same decision. What every
game must do (save and load, secret views, refusing illegal input) is in
tests/test_contract.py.
"""

import json

import pytest

from pyapp.bots.mister_spy import LEVELS
from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games.mister_spy import FULL_DECK

GAMES_PER_COUNT = 500
CODES = sorted(set(FULL_DECK))


def every_card(state):
    cards = list(state.deck) + list(state.discard) + list(state.captured) + list(state.taunts)
    for pile in state.hands + state.lairs:
        cards += pile
    return sorted(cards)


def public_cards(state):
    """The cards face up on the table, as a multiset."""
    cards = list(state.discard) + list(state.captured) + list(state.taunts)
    for lair in state.lairs:
        cards += lair
    return cards


def logged_codes(events):
    """The card codes that log events name as values."""
    text = json.dumps(events)
    return {code for code in CODES if '"%s"' % code in text}


def check_step(state, seed, step):
    assert every_card(state) == FULL_DECK
    for seat in range(state.num_players):
        world = state.determinize(seat, Rng(seed * 1000 + step))
        assert every_card(world) == FULL_DECK


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_card_and_log_only_seen_cards(players):
    for seed in range(GAMES_PER_COUNT):
        state = new_game("mister-spy", players=players, seed=seed)
        rng = Rng(seed)
        step = 0
        full_checks = seed % 10 == 0  # determinizing is costly: every tenth game
        while not state.is_over:
            if full_checks:
                check_step(state, seed, step)
            else:
                assert every_card(state) == FULL_DECK
            logged = len(state.log)
            state.apply(rng.choice(state.legal_actions()))
            # A logged card is a card the table has seen.
            assert logged_codes(state.log[logged:]) <= set(public_cards(state))
            step += 1
        assert every_card(state) == FULL_DECK
        result = state.result()
        assert result["winners"] and max(result["scores"]) == result["scores"][result["winners"][0]]


def sample_positions(players, count):
    """Mid-game positions of random play, with the seat to act."""
    positions = []
    for seed in range(count):
        state = new_game("mister-spy", players=players, seed=900 + seed)
        rng = Rng(seed)
        stop = 5 + seed * 7
        for _ in range(stop):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            positions.append(state)
    return positions


FAIR_BOTS = list(LEVELS.items())


@pytest.mark.parametrize("name, make", FAIR_BOTS, ids=[b[0] for b in FAIR_BOTS])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_play_fair_the_same_view_gives_the_same_decision(name, make, players):
    for state in sample_positions(players, 12):
        seat = state.to_act
        twin = state.determinize(seat, Rng(77))  # other hidden cards, same view
        assert twin.view(seat) == state.view(seat)
        assert twin.hands != state.hands or twin.deck != state.deck or len(state.deck) < 2
        chosen = make().choose(state, seat, Rng(5))
        assert chosen in state.legal_actions()
        assert make().choose(twin, seat, Rng(5)) == chosen


@pytest.mark.parametrize("players", [2, 3, 6])
def test_determinize_depends_only_on_the_view(players):
    for state in sample_positions(players, 15):
        for seat in range(players):
            twin = state.determinize(seat, Rng(3))
            a, b = state.determinize(seat, Rng(8)), twin.determinize(seat, Rng(8))
            assert (a.hands, a.deck) == (b.hands, b.deck)
            assert a.rng.state == b.rng.state


@pytest.mark.parametrize("name", list(LEVELS))
def test_every_bot_level_finishes_games_with_legal_moves(name):
    make = LEVELS[name]
    for players in (2, 5):
        state = new_game("mister-spy", players=players, seed=players)
        bots = [make() for _ in range(players)]
        rng = Rng(players)
        while not state.is_over:
            state.apply(bots[state.to_act].choose(state, state.to_act, rng))
        assert state.result()["winners"]
