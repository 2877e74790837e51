"""Properties of Mission for Peanuts over many seeded random matches.

For 3, 4 and 5 players, 500 random matches each. At every step: every card
is in exactly one place, illegal actions are refused without a trace, and
no seat's view shows a card it was not shown. On a subset of steps (the
expensive checks): `load_game(save())` rebuilds the same state, and a
determinization agrees with the seat's view. Then fair play for every bot.
"""

import json
import re
from collections import Counter

import pytest

from pyapp.bots.mission_for_peanuts import LEVELS, hard_bot
from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
from pyapp.engine.rng import Rng
from pyapp.games import mission_for_peanuts as mfp

GAME = "mission-for-peanuts"
GAMES_PER_COUNT = 500
REPLAY_EVERY_STEP = 4  # matches per player count whose save is replayed at every step
CODE = re.compile(r"\b(spy|telepath|assassin|seer|informant|handler|agent|secret-police)\b")
# The only view keys that may name a card; each is checked for what it may show.
CARD_KEYS = ("hand", "roles", "discards", "known_hands", "deck_known", "pending", "result")
# Log kinds after which a seat holds private knowledge of some card.
PRIVATE = ("mind_read", "police_look", "seer_look", "return", "bury", "trade", "swap",
           "agent_pick", "agent_discard")

ODD_ACTIONS = [
    {"type": "assist", "card": "spy"}, {"type": "deploy", "card": "assassin"},
    {"type": "choose_role", "card": "telepath"}, {"type": "target", "seat": 0},
    {"type": "target", "seat": 4}, {"type": "target", "seat": -1}, {"type": "copy", "seat": 2},
    {"type": "direction", "dir": "up"}, {"type": "discard_face_down", "index": 3},
    {"type": "bury", "card": "seer"}, {"type": "return", "card": "agent"},
    {"type": "recall", "seat": 1, "index": 9}, {"type": "pick", "index": 2},
    {"type": "pass"}, {"type": "assist"}, {"type": "assist", "card": "nothing"},
]


def fingerprint(state):
    return (len(state.history), len(state.log), state.to_act, state.turn, state.step,
            repr(state.hands), repr(state.deck), repr(state.roles), repr(state.piles),
            repr(state.know), repr(state.deck_seen), state.rng.state, repr(state.pending))


def check_accounting(state):
    cards = [c for hand in state.hands for c in hand]
    cards += [r for r in state.roles if r is not None]
    cards += [c for pile in state.piles for c, _ in pile]
    cards += state.deck
    assert Counter(cards) == Counter(mfp.round_deck(state.num_players))
    assert not any(c == mfp.SPY and not down for pile in state.piles for c, down in pile)


def check_illegal_refused(state, rng):
    legal = state.legal_actions()
    for action in (rng.choice(ODD_ACTIONS), rng.choice(ODD_ACTIONS)):
        if action in legal:
            continue
        before = fingerprint(state)
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert str(err.value)
        assert fingerprint(state) == before


def check_view(state, seat, private):
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
    if not private:  # no private look this round, and the Spy was never put on top in public
        assert view["known_hands"] == [] and view["deck_known"] == []
    return view


def private_knowledge(state, start, flags):
    """Update, from the new log events, which seats have had a private look this round."""
    for event in state.log[start:]:
        kind = event.get("kind")
        if kind == "round_start":
            flags[:] = [False] * len(flags)
        elif kind == "spy_trade":
            flags[:] = [True] * len(flags)
        elif kind in PRIVATE:
            for key in ("seat", "by", "target"):
                if isinstance(event.get(key), int):
                    flags[event[key]] = True
            for seat in event.get("seats", []):
                flags[seat] = True
    return len(state.log)


def check_save_round_trip(state):
    again = load_game(json.loads(json.dumps(state.save())))
    assert again.legal_actions() == state.legal_actions()
    for seat in range(state.num_players):
        assert again.view(seat) == state.view(seat)
    assert fingerprint(again) == fingerprint(state)


def check_determinize(state, seat, seed):
    world = state.determinize(seat, Rng(seed))
    assert world.view(seat) == state.view(seat)
    check_accounting(world)
    twin = state.determinize(seat, Rng(seed))
    assert (twin.hands, twin.deck, twin.piles) == (world.hands, world.deck, world.piles)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_matches_keep_every_card_once_refuse_illegal_actions_and_leak_nothing(players):
    for game in range(GAMES_PER_COUNT):
        state = new_game(GAME, players=players, seed=game)
        rng = Rng(10_000 + game)
        flags = [False] * players
        seen_log = 0
        steps = 0
        while not state.is_over:
            check_accounting(state)
            seen_log = private_knowledge(state, seen_log, flags)
            for seat in range(players):
                check_view(state, seat, flags[seat])
            check_illegal_refused(state, rng)
            if game < REPLAY_EVERY_STEP or rng.below(40) == 0:
                check_save_round_trip(state)
            if steps % 7 == game % 7:
                check_determinize(state, state.to_act, steps)
                check_determinize(state, (state.to_act + 1) % players, steps)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        check_save_round_trip(state)
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
