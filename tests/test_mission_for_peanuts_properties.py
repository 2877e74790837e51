"""Properties of Mission for Peanuts over many seeded random matches.

For 3, 4 and 5 players, 500 random matches each. At every step: every card
is in exactly one place, and each part of every seat's view shows a card
only where the rules showed it. On a subset of steps a determinization keeps
every card once and depends only on its generator. Then fair play for every
bot. What every game must do (save and load, refusing illegal input, views
that agree with determinize) is in tests/test_contract.py.
"""

import json
import re
from collections import Counter

import pytest

from pyapp.bots.mission_for_peanuts import LEVELS, hard_bot
from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games import mission_for_peanuts as mfp

GAME = "mission-for-peanuts"
GAMES_PER_COUNT = 500
CODE = re.compile(r"\b(spy|telepath|assassin|seer|informant|handler|agent|secret-police)\b")
# The only view keys that may name a card; each is checked for what it may show.
CARD_KEYS = ("hand", "roles", "discards", "known_hands", "deck_known", "pending", "result")


def check_accounting(state):
    cards = [c for hand in state.hands for c in hand]
    cards += [r for r in state.roles if r is not None]
    cards += [c for pile in state.piles for c, _ in pile]
    cards += state.deck
    assert Counter(cards) == Counter(mfp.round_deck(state.num_players))
    assert not any(c == mfp.SPY and not down for pile in state.piles for c, down in pile)


def check_view(state, seat):
    """The view names a card only where the rules showed it to the seat."""
    view = state.view(seat)
    rest = {k: v for k, v in view.items() if k not in CARD_KEYS}
    assert not CODE.search(json.dumps(rest)), rest
    assert view["hand"] == state.hands[seat]
    for s, role in enumerate(view["roles"]):
        assert role == (state.roles[s] if state.revealed or s == seat else None)
    for owner, pile in enumerate(view["discards"]):
        for shown, (card, down) in zip(pile, state.piles[owner]):
            assert shown["card"] == ("back" if down and owner != seat else card)
    for known in view["known_hands"]:
        if not known["stale"]:
            assert not Counter(known["cards"]) - Counter(state.hands[known["seat"]])
    for known in view["deck_known"]:
        assert state.deck[known["pos"]] == known["card"]
    pending = view["pending"]
    if pending and "peek" in pending:
        assert seat == pending["by"] == state.to_act
    return view


def check_determinize(state, seat, seed):
    world = state.determinize(seat, Rng(seed))
    check_accounting(world)
    twin = state.determinize(seat, Rng(seed))
    assert (twin.hands, twin.deck, twin.piles) == (world.hands, world.deck, world.piles)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_matches_keep_every_card_once_and_show_only_what_was_shown(players):
    for game in range(GAMES_PER_COUNT):
        state = new_game(GAME, players=players, seed=game)
        rng = Rng(10_000 + game)
        steps = 0
        while not state.is_over:
            check_accounting(state)
            for seat in range(players):
                check_view(state, seat)
            if steps % 7 == game % 7:
                check_determinize(state, state.to_act, steps)
                check_determinize(state, (state.to_act + 1) % players, steps)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        result = state.result()
        assert result["winners"] and all(result["scores"][w] >= state.target
                                         for w in result["winners"])


def positions(players, count):
    """Decision points from random play, with several seats and steps."""
    found = []
    game = 0
    while len(found) < count:
        state = new_game(GAME, players=players, seed=500 + game)
        rng = Rng(game)
        for step in range(rng.below(80) + 5):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            found.append(state)
        game += 1
    return found


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_bot_decides_from_its_view_alone(level):
    make = (lambda: hard_bot(iterations=60, time_budget=None)) if level == "hard" \
        else LEVELS[level]
    for players in (3, 5):
        for state in positions(players, 6 if level == "hard" else 12):
            seat = state.to_act
            other = state.determinize(seat, Rng(99))  # same view, other hidden cards
            assert other.view(seat) == state.view(seat)
            assert make().choose(state, seat, Rng(7)) == make().choose(other, seat, Rng(7))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_play_whole_matches_with_legal_actions(level):
    for seed in range(4):
        state = new_game(GAME, players=3 + seed % 3, seed=seed)
        rng = Rng(seed)
        bots = [LEVELS[level]() for _ in range(state.num_players)]
        while not state.is_over:
            state.apply(bots[state.to_act].choose(state, state.to_act, rng))
        assert state.result()["winners"]


def test_easy_bot_never_swaps_itself_into_a_known_assassin():
    state = new_game(GAME, players=3, seed=1)
    state.roles, state.revealed = [mfp.SEER, mfp.HANDLER, mfp.AGENT], True
    state.hands = [[mfp.INFORMANT, mfp.SEER], [mfp.ASSASSIN], [mfp.POLICE]]
    state.deck = [mfp.SPY, mfp.TELEPATH]
    state.know[0][1], state.memory[0][1] = [mfp.ASSASSIN], ([mfp.ASSASSIN], 0)
    state.deck_seen = [[None, None] for _ in range(3)]
    state.step, state.turn, state.to_act, state.pending = "act", 0, 0, {}
    state.apply({"type": "assist", "card": mfp.INFORMANT})
    state.apply({"type": "target", "seat": 0})
    bot = LEVELS["easy"]()
    for seed in range(30):
        assert bot.choose(state, 0, Rng(seed)) == {"type": "target", "seat": 2}
