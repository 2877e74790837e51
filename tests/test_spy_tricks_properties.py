"""Spy Tricks invariants over many seeded random games, and fair bots.

Every game is played by uniformly random legal actions from its own seed.
At every step the cards are conserved, an illegal action is refused with the
state untouched, and no view names a card its seat cannot know. Each game is
saved and reloaded at its end. Bots of every level must decide alike on two
states that look the same to their seat.
"""

import json

import pytest

from pyapp.bots.spy_tricks import LEVELS, hard_bot
from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
from pyapp.engine.rng import Rng
from pyapp.games.spy_tricks import CARDS, SPACES

GAMES_PER_COUNT = 500

# Every action a careless client could send; in any state most are illegal.
CANDIDATES = (
    [{"type": "play", "card": card} for card in CARDS]
    + [{"type": "place", "space": space, "collaborator": flag}
       for space in SPACES for flag in (False, True)]
    + [{"type": "pass"}, {"type": "play", "card": "X9"},
       {"type": "place", "space": "rank:0", "collaborator": False}, {"type": "shuffle"}]
)


def fingerprint(state):
    """Everything a state holds, hidden fields included."""
    return repr((state.hands, state.secret, sorted(state.on_board), state.pawns,
                 sorted(state.taken), state.pawns_left, state.coins, state.coin_counts,
                 state.collaborators, state.supply, state.phase, state.placers,
                 state.to_act, state.turn, state.trick, state.voids, state.round,
                 state.tricks_played, state.winner_card, state.loser_card,
                 state.rng.state, state.history, state.is_over, state._result))


def check_cards_conserved(state):
    places = [card for hand in state.hands for card in hand]
    places += [card for _, card in state.trick]
    places += sorted(state.on_board)
    places.append(state.secret)  # never on the board: the last empty space
    assert sorted(places) == sorted(CARDS), "a card was lost or copied"


def named_codes(value, found):
    """Every string in a view, except board spaces (values under "space")."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "space":
                named_codes(item, found)
    elif isinstance(value, list):
        for item in value:
            named_codes(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


def check_views_hide_secrets(state):
    for seat in range(state.num_players):
        view = state.view(seat)
        json.dumps(view)  # JSON-ready
        hidden = {card for other in range(state.num_players) if other != seat
                  for card in state.hands[other]}
        if not state.is_over:
            hidden.add(state.secret)
            assert view["secret"] is None
        assert not hidden & named_codes(view, set())


def play_random_game(players, seed):
    state = new_game("spy-tricks", players=players, seed=seed)
    rng = Rng(seed + 7919)
    steps = 0
    while not state.is_over:
        check_cards_conserved(state)
        legal = state.legal_actions()
        assert legal
        if steps % 3 == 0:
            check_views_hide_secrets(state)
            illegal = [a for a in CANDIDATES if a not in legal]
            before = fingerprint(state)
            with pytest.raises(IllegalAction) as refused:
                state.apply(rng.choice(illegal))
            assert str(refused.value)
            assert fingerprint(state) == before
        if steps % 17 == 0:
            seat = rng.below(players)
            assert state.determinize(seat, rng).view(seat) == state.view(seat)
        state.apply(rng.choice(legal))
        steps += 1
    check_cards_conserved(state)
    check_views_hide_secrets(state)
    assert state.legal_actions() == []
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_keep_every_invariant(players):
    for seed in range(GAMES_PER_COUNT):
        state = play_random_game(players, seed)
        result = state.result()
        assert result["scores"] == state.coins
        assert result["winners"]
        again = load_game(json.loads(json.dumps(state.save())))
        assert fingerprint(again) == fingerprint(state)
        assert again.log == state.log


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
