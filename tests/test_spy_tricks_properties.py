"""Spy Tricks invariants over many seeded random games, and fair bots.

Every game is played by uniformly random legal actions from its own seed.
At every step the cards are conserved; at the end the scores are the coins.
Bots of every level must decide alike on two states that look the same to
their seat. What every game must do (save and load, secret views, refusing
illegal input) is in tests/test_contract.py.
"""

import pytest

from pyapp.bots.spy_tricks import LEVELS, hard_bot
from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games.spy_tricks import CARDS

GAMES_PER_COUNT = 500


def check_cards_conserved(state):
    places = [card for hand in state.hands for card in hand]
    places += [card for _, card in state.trick]
    places += sorted(state.on_board)
    places.append(state.secret)  # never on the board: the last empty space
    assert sorted(places) == sorted(CARDS), "a card was lost or copied"


def play_random_game(players, seed):
    state = new_game("spy-tricks", players=players, seed=seed)
    rng = Rng(seed + 7919)
    while not state.is_over:
        check_cards_conserved(state)
        state.apply(rng.choice(state.legal_actions()))
    check_cards_conserved(state)
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_keep_every_card_and_score_the_coins(players):
    for seed in range(GAMES_PER_COUNT):
        state = play_random_game(players, seed)
        result = state.result()
        assert result["scores"] == state.coins
        assert result["winners"]


def states_alike_to(seat, state, rng):
    """A state with the same view for `seat` but other hidden cards."""
    for _ in range(50):
        twin = state.determinize(seat, rng)
        if twin.hands != state.hands or twin.secret != state.secret:
            assert twin.view(seat) == state.view(seat)
            return twin
    raise AssertionError("no other deal found")


def positions(players, seed):
    """A few decision points of one random game, play and placement alike."""
    state = new_game("spy-tricks", players=players, seed=seed)
    rng = Rng(seed)
    found = []
    while not state.is_over and len(found) < 6:
        if rng.below(6) == 0 and any(hand for hand in state.hands):
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_decide_alike_on_states_that_look_alike(level):
    # The hard level searches for a time; a fixed count of iterations makes
    # it repeatable, which is what this test needs.
    bot = hard_bot(iterations=60, time_budget=None) if level == "hard" else LEVELS[level]()
    for players in (3, 4):
        for seed in range(3):
            for state in positions(players, seed):
                seat = state.to_act
                twin = states_alike_to(seat, state, Rng(seed))
                assert bot.choose(state, seat, Rng(99)) == bot.choose(twin, seat, Rng(99))
