"""Properties of Before I Kill You, Mister Spy... over many seeded random games.

For each player count, 500 games of random legal play check after every
action that no card is created or lost, that the views hide what they must,
that determinize agrees with the view, and at intervals that illegal actions
are refused without a trace; every game must also survive save and load.
The bots are checked for fair play: the same view gives the same decision.
"""

import json

import pytest

from pyapp.bots.mister_spy import LEVELS, hard_bot
from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
from pyapp.engine.rng import Rng
from pyapp.games.mister_spy import DOUBLER_LINES, FULL_DECK, LAIR_VALUES, SPY_NAMES

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


def codes_in(value):
    """Every card code that appears as a string anywhere in a JSON-ready value."""
    text = json.dumps(value)
    return [code for code in CODES if '"%s"' % code in text]


def snapshot(state):
    return (json.dumps([state.view(s) for s in range(state.num_players)], sort_keys=True),
            json.dumps(state.save(), sort_keys=True), state.rng.state,
            [list(h) for h in state.hands], list(state.deck), len(state.log))


def illegal_candidates(state):
    """Actions of every shape, most of them illegal now."""
    n = state.num_players
    candidates = [{"type": "lair", "card": code} for code in LAIR_VALUES]
    candidates += [{"type": "lair", "card": "S3"}, {"type": "spy_target", "seat": n}]
    candidates += [{"type": "spy_target", "seat": s} for s in range(n)]
    candidates += [{"type": "spy_source", "source": "hand", "cards": [code]} for code in SPY_NAMES]
    candidates += [{"type": "spy_source", "source": "hand", "cards": ["S6", "S1"]},
                   {"type": "spy_source", "source": "deck"},
                   {"type": "spy_source", "source": "attic"}]
    candidates += [{"type": "spy_source", "source": "blind", "seat": s} for s in range(n)]
    candidates += [{"type": "taunt", "card": code} for code in DOUBLER_LINES]
    candidates += [{"type": "foil", "card": code} for code in DOUBLER_LINES]
    candidates += [{"type": "kill"}, {"type": "let_stand"}, {"type": "end_turn"},
                   {"type": "dance"}, {"kind": "kill"}, "kill"]
    return candidates


def check_step(state, seed, step):
    assert every_card(state) == FULL_DECK
    public = public_cards(state)
    for seat in range(state.num_players):
        view = state.view(seat)
        visible = set(public) | set(state.hands[seat])
        assert set(codes_in(view)) <= visible, "view %d shows a hidden card" % seat
        world = state.determinize(seat, Rng(seed * 1000 + step))
        assert world.view(seat) == view
        assert every_card(world) == FULL_DECK


def fields(state):
    """Every mutable field of the state, cheaply, as comparable values."""
    return (state.to_act, state.turn, state.phase, state.target, state.capture_owner,
            state.played, state.idle_turns, state.is_over, state.rng.state,
            repr((state.hands, state.lairs, state.deck, state.discard, state.scores,
                  state.captured, state.taunts, state.foil_queue)),
            len(state.history), len(state.log))


def check_illegal_actions(state):
    legal = state.legal_actions()
    before, whole = fields(state), snapshot(state)
    for action in illegal_candidates(state):
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert str(refused.value)
        assert fields(state) == before
    assert snapshot(state) == whole


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_card_hide_every_hand_and_reload_exactly(players):
    for seed in range(GAMES_PER_COUNT):
        state = new_game("mister-spy", players=players, seed=seed)
        rng = Rng(seed)
        step = 0
        full_checks = seed % 10 == 0  # views and refusals are costly: every tenth game
        while not state.is_over:
            if full_checks:
                check_step(state, seed, step)
                if step % 3 == 0:
                    check_illegal_actions(state)
            else:
                assert every_card(state) == FULL_DECK
            logged = len(state.log)
            state.apply(rng.choice(state.legal_actions()))
            # A logged card is a card the table has seen.
            assert set(codes_in(state.log[logged:])) <= set(public_cards(state))
            step += 1
        assert every_card(state) == FULL_DECK
        assert state.legal_actions() == []
        result = state.result()
        assert result["winners"] and max(result["scores"]) == result["scores"][result["winners"][0]]
        reloaded = load_game(json.loads(json.dumps(state.save())))
        assert snapshot(reloaded) == snapshot(state)
        assert reloaded.log == state.log


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


FAIR_BOTS = [("easy", LEVELS["easy"]), ("normal", LEVELS["normal"]),
             ("hard", lambda: hard_bot(iterations=25, time_budget=None))]


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
    make = LEVELS[name] if name != "hard" else (lambda: hard_bot(iterations=8, time_budget=None))
    for players in (2, 5):
        state = new_game("mister-spy", players=players, seed=players)
        bots = [make() for _ in range(players)]
        rng = Rng(players)
        while not state.is_over:
            state.apply(bots[state.to_act].choose(state, state.to_act, rng))
        assert state.result()["winners"]
