"""The engine protocol's contract, checked on every registered game.

After OpenSpiel's `RandomSimTest`: seeded random play to the end of a few
games of every game at every table size, and at every step:

- `load_game(save())`, through JSON, gives an equal state: the views of
  every seat, the legal actions, `to_act`, the log;
- every legal action passes `check`;
- no seat's view names a card hidden from it (`HIDDEN`, the one piece of
  per-game knowledge here);
- `determinize(seat, rng).view(seat) == view(seat)` for every seat;
- illegal input (wrong value types, an unknown type, a legal action of
  another moment, no dict at all) raises IllegalAction with a reason and
  leaves the save, the views and the legal actions byte for byte as they were.

The same seed and the same choices give the same game twice. Every action
goes through the game's one table of moves (`MOVES`), and every log event is
of a declared kind with exactly its fields, its sentence rendered from them;
so the bots decide the same when every sentence is blanked. Each game's own
rules are tested in tests/test_<game>*.py.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp import bots
from pyapp.engine.protocol import IllegalAction
from pyapp.engine.rng import Rng
from pyapp.games import GAMES, load_game, new_game

SEEDS = (1, 2)
JUNK = (None, 1.5, [[]], "?")  # values of the wrong type for any parameter


# -- what each game hides from a seat -------------------------------------------


def deck_of_spies_hidden(state, seat):
    """The spy deck below its face-up top card."""
    return set(state.spy_deck[1:])


def spy_tricks_hidden(state, seat):
    """The other hands, and the secret card until the game ends."""
    hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if not state.is_over:
        hidden.add(state.secret)
    return hidden


def mister_spy_hidden(state, seat):
    """Every code of which no copy is face up or in the seat's hand."""
    visible = set(state.hands[seat]) | set(state.discard) | set(state.captured)
    visible |= set(state.taunts)
    for lair in state.lairs:
        visible |= set(lair)
    hidden = set(state.deck)
    for hand in state.hands:
        hidden |= set(hand)
    return hidden - visible


# Log events after which a seat knows some card privately (Mission for Peanuts).
MFP_PRIVATE_LOOKS = ("mind_read", "police_look", "seer_look", "return", "bury", "trade",
                     "swap", "agent_pick", "agent_discard")


def mission_for_peanuts_hidden(state, seat):
    """Copies share a code, so only a seat that has had no private look this
    round can be judged: then it knows just its hand, its Role, the Roles once
    revealed, its own pile, the face-up discards and the card being resolved."""
    if _looked_privately(state, seat):
        return set()
    known = set(state.hands[seat]) | {state.roles[seat]}
    if state.revealed:
        known |= set(state.roles)
    for owner, pile in enumerate(state.piles):
        known |= {card for card, down in pile if owner == seat or not down}
    if state.pending:
        known.add(state.pending.get("card"))
    unseen = set(state.deck) | set(state.roles)
    for hand in state.hands:
        unseen |= set(hand)
    return unseen - known


def _looked_privately(state, seat):
    """Whether `seat` has had a private look at some card this round."""
    looked = False
    for event in state.log:
        kind = event.get("kind")
        if kind == "round_start":
            looked = False
        elif kind == "spy_trade":
            looked = True
        elif kind in MFP_PRIVATE_LOOKS:
            looked = looked or seat in _seats_named(event)
    return looked


def _seats_named(event):
    seats = [event[key] for key in ("seat", "by", "target") if isinstance(event.get(key), int)]
    return seats + list(event.get("seats", []))


HIDDEN = {
    "deck-of-spies": deck_of_spies_hidden,
    "mission-for-peanuts": mission_for_peanuts_hidden,
    "mister-spy": mister_spy_hidden,
    "spy-tricks": spy_tricks_hidden,
}


def strings_in(value, found):
    """Every string in a view, except board spaces (values under "space")."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "space":
                strings_in(item, found)
    elif isinstance(value, list):
        for item in value:
            strings_in(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


# -- the checks --------------------------------------------------------------------


def snapshot(state):
    """What any change would show: the save, every view, the legal actions."""
    views = [state.view(seat) for seat in range(state.num_players)]
    return json.dumps([state.save(), views, state.legal_actions(), state.to_act,
                       state.rng.state], sort_keys=True)


def check_save_and_load(state):
    again = load_game(json.loads(json.dumps(state.save())))
    for seat in range(state.num_players):
        assert again.view(seat) == state.view(seat)
    assert again.legal_actions() == state.legal_actions()
    assert (again.to_act, again.is_over, again.log) == (state.to_act, state.is_over, state.log)


def check_legal_actions_pass_check(state):
    for action in state.legal_actions():
        state.check(action)


def check_views_keep_secrets(state):
    for seat in range(state.num_players):
        view = state.view(seat)
        assert "seed" not in view and "rng" not in view
        leaked = HIDDEN[state.game_id](state, seat) & strings_in(view, set())
        assert not leaked, "seat %d sees %s" % (seat, sorted(leaked))


def check_determinize_keeps_views(state, rng):
    for seat in range(state.num_players):
        assert state.determinize(seat, rng).view(seat) == state.view(seat)


def illegal_inputs(state, seen, rng):
    """Malformed and out-of-place actions, none of them legal now."""
    legal = state.legal_actions()
    inputs = [None, "pass", [legal[0]] if legal else [], {"type": "no-such-action"},
              {"type": 7}, {"no": "type"}]
    inputs += [dict(action, **{key: junk}) for action in legal[:3]
               for key in action if key != "type" for junk in JUNK]
    inputs += [action for action in seen if action not in legal]
    rng.shuffle(inputs)
    return inputs[:8]


def check_illegal_inputs_change_nothing(state, seen, rng):
    before = snapshot(state)
    for action in illegal_inputs(state, seen, rng):
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert str(refused.value), "%r was refused without a reason" % (action,)
        assert snapshot(state) == before, "%r left a trace" % (action,)


def play(game_id, players, seed, checks=None):
    """A random game to the end; `checks(state, seen, rng)` before every action."""
    state = new_game(game_id, players=players, seed=seed)
    rng = Rng(seed * 7919 + players)
    seen = []  # legal actions of earlier moments, one of each
    while True:
        if checks:
            checks(state, seen, rng)
        if state.is_over:
            return state
        legal = state.legal_actions()
        seen += [action for action in legal[:4] if action not in seen]
        state.apply(rng.choice(legal))


def every_check(state, seen, rng):
    check_save_and_load(state)
    check_legal_actions_pass_check(state)
    check_views_keep_secrets(state)
    check_determinize_keeps_views(state, rng)
    if state.is_over:
        assert state.legal_actions() == [] and state.to_act is None
        check_illegal_inputs_change_nothing(state, seen, rng)
        return
    assert state.legal_actions()
    check_illegal_inputs_change_nothing(state, seen, rng)


TABLES = [(game_id, players) for game_id, cls in sorted(GAMES.items())
          for players in range(cls.min_players, cls.max_players + 1)]


@pytest.mark.parametrize("game_id, players", TABLES)
def test_random_games_keep_the_protocol_at_every_step(game_id, players):
    for seed in SEEDS:
        state = play(game_id, players, seed, every_check)
        result = state.result()
        assert len(result["scores"]) == players and result["summary"]


@pytest.mark.parametrize("game_id, players", TABLES)
def test_the_same_seed_and_choices_give_the_same_game(game_id, players):
    first, second = play(game_id, players, 3), play(game_id, players, 3)
    assert snapshot(first) == snapshot(second)
    assert first.log == second.log and first.result() == second.result()


def json_like(words):
    """Any JSON-ready value built from `words`, a few numbers and null."""
    leaves = st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(words)
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type"] + words), inner, max_size=3), max_leaves=10)


def words_of(state):
    """The keys and strings of the legal actions and of the view: the
    words a malformed action is likeliest to be made of."""
    found = strings_in([state.legal_actions(), state.view(state.to_act or 0)], set())
    found |= {key for action in state.legal_actions() for key in action}
    return sorted(found) + ["", "no-such-card"]


@settings(max_examples=300, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(1, 20), steps=st.integers(0, 60),
       data=st.data())
def test_any_malformed_action_is_refused_with_a_reason_and_changes_nothing(table, seed,
                                                                           steps, data):
    state = new_game(table[0], players=table[1], seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    action = data.draw(json_like(words_of(state)))
    if isinstance(action, dict) and state.canonical(action) in state.legal_actions():
        return
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert str(refused.value)
    assert snapshot(state) == before


def test_every_game_is_in_the_table_of_secrets():
    assert sorted(HIDDEN) == sorted(GAMES)


# -- one table of moves, typed events --------------------------------------------------


def check_moves_dispatch(state, seen, rng):
    """Every open type has a Move; every legal action is of an open type,
    its Move's check passes it and its words name it."""
    moves = type(state).MOVES
    if state.is_over:
        return
    open_kinds = list(state._open_kinds())
    assert set(open_kinds) <= set(moves), open_kinds
    for action in state.legal_actions():
        assert action["type"] in open_kinds, action
        moves[action["type"]].check(state, action)
        assert state.describe(action) == moves[action["type"]].describe(state, action)
        assert state.describe(action).strip()


@pytest.mark.parametrize("game_id, players", TABLES)
def test_every_action_is_dispatched_through_the_games_table_of_moves(game_id, players):
    types = set()
    for seed in SEEDS:
        state = play(game_id, players, seed, check_moves_dispatch)
        types |= {action["type"] for action in state.history}
    assert types <= set(GAMES[game_id].MOVES)


@pytest.mark.parametrize("game_id, players", TABLES)
def test_every_event_is_declared_and_its_sentence_is_rendered_from_its_fields(game_id, players):
    cls = GAMES[game_id]
    for seed in SEEDS:
        for event in play(game_id, players, seed).log:
            fields = {key: value for key, value in event.items() if key != "text"}
            declared = cls.EVENTS[event["kind"]]
            assert set(fields) == declared.__required_keys__, event
            assert json.loads(json.dumps(fields)) == fields
            assert event["text"] == cls.event_text(fields)
    assert cls.EVENTS["end"]  # every game ends with its typed "end" event


def without_sentences(state):
    """A copy of `state` whose log keeps every event's fields but says nothing."""
    twin = state.clone()
    twin.log = [dict(event, text="") for event in state.log]
    return twin


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_bot_reads_the_logs_sentences(game_id):
    """Rewording a sentence cannot change a decision: every level chooses the
    same with every event's "text" blanked, at moments well into a game."""
    cls = GAMES[game_id]
    state = new_game(game_id, players=min(cls.max_players, 3), seed=5)
    rng = Rng(5)
    for moment in (12, 30, 45):
        # on to the first real choice from that move on
        while not state.is_over and (len(state.history) < moment
                                     or len(state.legal_actions()) < 2):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            break
        seat = state.to_act
        for level, make in bots.levels(game_id).items():
            told = make().choose(state.clone(), seat, Rng(moment))
            assert make().choose(without_sentences(state), seat, Rng(moment)) == told, level
