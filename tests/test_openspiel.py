"""interop/openspiel.py: the four games as OpenSpiel games.

OpenSpiel's own contract test, `pyspiel.random_sim_test`, runs on every game
at every table size: legal actions sorted and within num_distinct_actions,
their strings unique, clones equal, the information state and observation
strings for every seat at every step, returns that sum to 1 within [0, 1],
games no longer than max_game_length. The tests below add what it cannot
know: that the information state hides what its seat cannot see, that the
numbering of actions is fixed and round-trips, that a game is its seed's
deal, and that OpenSpiel's ISMCTS on the adapter repeats itself on a seed.
Arena runs belong in bench/arena.py, not here.
"""

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from interop.openspiel import codec, short_name
from pyapp.engine.rng import Rng
from pyapp.games import GAMES, deck_of_spies, new_game
from test_contract import TABLES


def load(game_id, players, seed=1):
    return pyspiel.load_game(short_name(game_id), {"players": players, "seed": seed})


def random_states(game_id, players, seed):
    """Every state of a random game of the adapter, from the deal to the end,
    each a clone of the one before with one more move, as a search walks."""
    state = load(game_id, players, seed).new_initial_state()
    rng = Rng(seed * 31 + players)
    while True:
        yield state
        if state.is_terminal():
            return
        state = state.clone()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id, players", TABLES)
def test_openspiels_random_sim_test_passes(game_id, players):
    # serialize=False: OpenSpiel cannot serialize a sampled-stochastic game.
    pyspiel.random_sim_test(load(game_id, players, seed=players), num_sims=2,
                            serialize=False, verbose=False)


@pytest.mark.parametrize("game_id, players", TABLES)
def test_the_information_state_is_the_seats_view_and_the_public_log_and_nothing_else(
        game_id, players):
    # What a Safehouse bot may read (pyapp/engine/bots.py); the views keep
    # their secrets by tests/test_contract.py, the log is the public one.
    # The text is exactly the compact JSON of both, although the adapter
    # encodes the log a new event at a time, carried from clone to clone:
    # a state's text stays its own after its clone moves on.
    previous = None
    for state in random_states(game_id, players, seed=5):
        for seat in range(players):
            for known in (state, previous) if previous else (state,):
                assert known.information_state_string(seat) == json.dumps(
                    {"view": known.engine.view(seat), "log": known.engine.log},
                    sort_keys=True, separators=(",", ":"))
            assert json.loads(state.observation_string(seat)) == state.engine.view(seat)
        previous = state


def unseen_cards_differ(world, state, seat):
    """Whether a resampled world dealt the cards `seat` cannot see otherwise:
    another seat sees something else, or (the solitaire) the face-down spy
    deck is in another order."""
    if state.engine.num_players == 1:
        return world.engine.spy_deck != state.engine.spy_deck
    return any(world.engine.view(other) != state.engine.view(other)
               for other in range(state.engine.num_players) if other != seat)


@pytest.mark.parametrize("game_id, players", TABLES)
def test_two_states_that_differ_only_in_unseen_cards_give_the_same_information_state(
        game_id, players):
    # The second state is the first re-dealt by the engine's determinize,
    # what ISMCTS samples: the same moves, other cards where the seat cannot see.
    worlds, different = Rng(players), 0
    for state in random_states(game_id, players, seed=7):
        for seat in range(players):
            world = state.resampled(seat, worlds)
            assert world.engine.save() == state.engine.save()
            assert world.information_state_string(seat) == state.information_state_string(seat)
            different += unseen_cards_differ(world, state, seat)
    assert different > 0  # so the equality was tested on other deals


@pytest.mark.parametrize("game_id, players", TABLES)
def test_every_legal_action_has_a_number_that_round_trips(game_id, players):
    numbers = codec(game_id)
    for state in random_states(game_id, players, seed=2):
        legal = state.engine.legal_actions()
        ids = state.legal_actions()
        assert sorted(numbers.encode(action) for action in legal) == ids
        assert [numbers.decode(numbers.encode(action)) for action in legal] == legal
        if state.is_terminal():
            winners = state.engine.result()["winners"]
            assert state.returns() == [1 / len(winners) if seat in winners else 0.0
                                       for seat in range(players)]


def test_the_numbering_of_actions_is_fixed():
    # The numbers are an interface: an agent trained on them relies on them.
    counts = {game_id: len(codec(game_id)) for game_id in GAMES}
    assert counts == {"deck-of-spies": 36499, "mission-for-peanuts": 192,
                      "mister-spy": 4132, "spy-tricks": 106}
    assert codec("spy-tricks").encode({"type": "pass"}) == 105
    assert codec("spy-tricks").decode(0) == {"type": "play", "card": "B1"}
    assert codec("mister-spy").decode(0) == {"type": "foil", "card": "D-A"}
    assert codec("mission-for-peanuts").decode(0) == {"type": "assist", "card": "agent"}
    assert codec("deck-of-spies").encode({"type": "counter", "cards": ["5S"]}) == 4932


def test_an_action_outside_the_game_has_no_number():
    with pytest.raises(ValueError, match="outside the game's action space"):
        codec("spy-tricks").encode({"type": "play", "card": "R10"})
    with pytest.raises(ValueError, match="outside the game's action space"):
        codec("spy-tricks").encode({"type": "play", "card": "R10"})  # not learnt as met


def test_an_action_has_one_number_whatever_the_order_of_its_keys():
    numbers = codec("deck-of-spies")
    for action in ({"type": "counter", "cards": ["5S"]}, {"cards": ["5S"], "type": "counter"}):
        assert numbers.encode(action) == 4932
        assert numbers.encode(action) == 4932  # the second time from what was learnt


def test_deck_of_spies_numbers_only_card_sets_that_some_spy_accepts():
    # The counters and recruits were derived from the rule; the engine's own
    # predicates confirm each (every 7th, to stay quick).
    spies = [rank + suit for _, ranks in deck_of_spies.SPY_SEGMENTS for rank in ranks
             for suit in deck_of_spies.SUITS]
    offered = {
        "counter": lambda cards, spy: deck_of_spies._counter_is_minimal(cards, spy),
        "recruit": lambda cards, spy: (deck_of_spies._recruit_suit_ok(cards, spy)
                                       and deck_of_spies._recruit_is_minimal(cards, spy)),
    }
    for action in codec("deck-of-spies").actions[::7]:
        if action["type"] in offered:
            assert any(offered[action["type"]](action["cards"], spy) for spy in spies), action


@pytest.mark.parametrize("game_id, players", TABLES)
def test_a_game_is_the_deal_of_its_seed(game_id, players):
    game = load(game_id, players, seed=42)
    first, second = game.new_initial_state(), game.new_initial_state()
    engine = new_game(game_id, players=players, seed=42)
    for state in (first, second):
        assert state.engine.save() == engine.save()
        assert state.engine.rng.state == engine.rng.state
        assert str(state) == str(first)


def test_a_game_cut_short_at_its_length_cap_is_a_draw():
    state = load("mission-for-peanuts", 4).new_initial_state()
    state._engine.length_cap = 3  # the cap of 2130 moves, brought within reach
    for _ in range(3):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and not state.engine.is_over
    assert state.returns() == [0.25] * 4
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def ismcts_moves(seed, decisions=3):
    """The first ISMCTS decisions on a Spy Tricks deal, everything seeded."""
    game = load("spy-tricks", 3, seed)
    generator = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, generator), 1.4, 20,
                           random_state=generator)
    worlds = Rng(seed)
    bot.set_resampler(lambda state, player: state.resampled(player, worlds))
    state, moves = game.new_initial_state(), []
    while len(moves) < decisions:
        moves.append(int(bot.step(state)))
        state.apply_action(moves[-1])
    return moves


def test_openspiels_ismcts_makes_the_same_moves_on_the_same_seed():
    assert ismcts_moves(3) == ismcts_moves(3)
