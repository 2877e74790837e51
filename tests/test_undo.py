"""Undo, the Board Game Arena way, in every game (issue #10), under CPython.

The human may take back their own moves in their own turn while none of them
revealed anything (`GameState.reveals`) and no other seat has moved since.
The cases are found by playing seeded games, so that each game meets each
rule: a move that is taken back exactly, a move that reveals and stands,
another seat's move that closes undo; and a reload finds the same by replay.
"""

import json

import pytest

from pyapp import worker
from pyapp.engine.rng import Rng
from pyapp.games import GAMES, new_game
from pyapp.session import MOVE_REVEALED, NOTHING_TO_UNDO, OTHERS_MOVED, STALE_CLICK, Session

import playthrough
from playthrough import reveals

SEEDS = range(1, 40)
MULTIPLAYER = sorted(g for g in GAMES if GAMES[g].max_players > 1)


def sessions(game_id, players=None):
    """Sessions of the game (its smallest table unless told), easy bots."""
    players = players or GAMES[game_id].min_players
    for seed in SEEDS:
        yield Session.start({"game": game_id, "players": players, "seed": seed,
                             "levels": [None] + ["easy"] * (players - 1)})


def human_decisions(game_id, players=None):
    return playthrough.human_decisions(game_id, players or GAMES[game_id].min_players, SEEDS)


def human_again(session):
    return not session.state.is_over and session.state.to_act == session.human


def undo_states(session):
    """The Undo state of the session and of the same game after a reload."""
    return [session.payload()["undo"], Session.restore(session.save()).payload()["undo"]]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_move_that_reveals_nothing_is_taken_back_exactly(game_id):
    for session in human_decisions(game_id):
        legal = session.payload()["legal"]
        quiet = [action for action in legal if not reveals(session, action)]
        if len(legal) < 2 or not quiet:
            continue
        save, view = session.save(), session.payload()["view"]
        session.act(quiet[0])
        if not human_again(session):
            continue
        assert undo_states(session) == [{"allowed": True, "reason": None}] * 2
        undone = session.undo(len(session.state.history))
        assert undone["ok"] and undone["view"] == view and session.save() == save
        return
    pytest.fail("no move of the human in %s reveals nothing and leaves them to act" % game_id)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_move_that_reveals_something_stands(game_id):
    for session in human_decisions(game_id):
        revealing = [action for action in session.payload()["legal"] if reveals(session, action)]
        if not revealing:
            continue
        session.act(revealing[0])
        if not human_again(session):
            continue
        assert undo_states(session) == [{"allowed": False, "reason": MOVE_REVEALED}] * 2
        save = session.save()
        refused = session.undo()
        assert not refused["ok"] and refused["error"] == MOVE_REVEALED
        assert session.save() == save
        return
    pytest.fail("no move of the human in %s reveals something and leaves them to act" % game_id)


@pytest.mark.parametrize("game_id", MULTIPLAYER)
def test_another_seat_s_move_closes_undo(game_id):
    session = next(sessions(game_id))
    bot_moved = False
    while not (bot_moved and human_again(session)):
        if session.payload()["bot_to_act"]:
            bot_moved = bool(session.bot_step()["ok"])
        else:
            session.act(session.payload()["legal"][0])
    assert undo_states(session) == [{"allowed": False, "reason": OTHERS_MOVED}] * 2


def test_undo_is_refused_before_any_move_and_while_a_bot_is_to_act():
    session = Session.start({"game": "deck-of-spies", "seed": 3})
    assert session.payload()["undo"] == {"allowed": False, "reason": NOTHING_TO_UNDO}
    bots = Session.start({"game": "mister-spy", "players": 3, "seed": 3})
    while not bots.payload()["bot_to_act"]:
        bots.act(bots.payload()["legal"][0])
    assert bots.undo()["error"] == "Wait: it is not your decision now."


def test_a_forced_move_made_for_the_human_is_noted_and_undone_with_their_choice():
    # Mister Spy has forced moves inside a turn (e.g. a lone Spy target).
    game_id = "mister-spy"
    for session in human_decisions(game_id, 4):
        legal = session.payload()["legal"]
        quiet = [action for action in legal if not reveals(session, action)]
        if len(legal) < 2 or not quiet:
            continue
        save = session.save()
        session.act(quiet[0])
        forced = session.payload()["only_choice"]
        if forced is None:
            continue
        payload = session.act(forced, len(session.state.history), for_human=True)
        notes = [event for event in payload["log"] if event.get("kind") == "note"]
        assert len(notes) == 1 and notes[0]["text"] == "Played for you: it was your only choice."
        if not payload["undo"]["allowed"]:
            continue  # a bot moved after the forced move
        assert session.undo()["ok"] and session.save() == save  # back past both
        assert not any(event.get("kind") == "note" for event in session.payload()["log"])
        return
    pytest.fail("no forced move right after a choice that can be taken back in %s" % game_id)


def test_only_a_single_legal_action_that_reveals_nothing_is_offered_to_make_for_the_human():
    for session in human_decisions("mister-spy", 4):
        payload = session.payload()
        if len(payload["legal"]) > 1:
            assert payload["only_choice"] is None
        elif payload["only_choice"] is not None:
            assert payload["only_choice"] == payload["legal"][0]
            assert not reveals(session, payload["legal"][0])
            return
    pytest.fail("no forced move in these Mister Spy games")


def test_the_worker_undoes_by_json_and_refuses_a_click_from_an_older_table():
    worker.start(json.dumps({"game": "deck-of-spies", "seed": 11}))
    refused = json.loads(worker.undo(json.dumps({"moves": 5})))
    assert refused["ok"] is False and refused["error"] == STALE_CLICK
    assert json.loads(worker.undo("[]"))["ok"] is False


def test_reveals_sees_a_shuffle_and_a_turned_card():
    state = new_game("deck-of-spies", seed=1)
    for action in state.legal_actions():
        twin = state.clone()
        twin.apply(action)
        if twin.rng.state != state.rng.state:
            assert state.reveals(action, 0, Rng(1))
        if twin.view(0)["spy_top"] != state.view(0)["spy_top"]:
            assert state.reveals(action, 0, Rng(1))
