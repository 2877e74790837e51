"""The session and the worker's JSON API, under CPython: an error never
changes the game, and a too-fast click cannot land on a changed table."""

import json

import pytest

from pyapp import worker
from pyapp.session import Session


def start(seed=5):
    return Session.start({"game": "deck-of-spies", "seed": seed})


def test_a_new_session_shows_the_human_view_and_legal_actions():
    payload = start().payload()
    assert payload["ok"] and payload["error"] is None
    assert payload["view"]["seat"] == 0 and payload["legal"]
    assert payload["bot_to_act"] is False and payload["moves"] == 0


def test_an_illegal_action_is_explained_and_changes_nothing():
    session = start()
    before = session.save()
    payload = session.act({"type": "counter", "cards": ["KS"]}, moves=0)
    assert not payload["ok"]
    assert "not in your hand" in payload["error"]
    assert payload["error"][0].isupper() and payload["error"].endswith(".")
    assert session.save() == before


def test_a_click_from_an_older_table_is_refused():
    session = start()
    action = session.payload()["legal"][0]
    assert session.act(action, moves=0)["ok"]
    payload = session.act(session.payload()["legal"][0], moves=0)
    assert not payload["ok"] and "changed" in payload["error"]
    assert payload["moves"] == 1


def test_a_saved_session_resumes_exactly():
    session = start()
    for _ in range(4):
        session.act(session.payload()["legal"][-1])
    again = Session.restore(json.loads(json.dumps(session.save())))
    assert again.payload()["view"] == session.payload()["view"]


@pytest.mark.parametrize("saved, words", [
    ({}, "not a Safehouse save"),
    ({"format": 1, "game": {"game": "deck-of-spies"}}, "no 'version'"),
    ({"format": 1, "game": {"game": "poker", "version": 1, "players": 1, "seed": 1,
                            "options": {}, "actions": []}}, "unknown game"),
    ({"format": 1, "game": {"game": "deck-of-spies", "version": 1, "players": 1, "seed": 1,
                            "options": {}, "actions": [{"type": "end_turn"}]}},
     "cannot be replayed"),
])
def test_a_corrupt_save_is_refused_with_a_reason(saved, words):
    with pytest.raises(ValueError, match=words):
        Session.restore(saved)


def test_bad_game_requests_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="unknown game"):
        Session.start({"game": "poker", "seed": 1})
    with pytest.raises(ValueError, match="for 1 player, not 3"):
        Session.start({"game": "deck-of-spies", "seed": 1, "players": 3})
    with pytest.raises(ValueError, match="seed"):
        Session.start({"game": "deck-of-spies", "seed": "x"})


PEANUTS = {"game": "mission-for-peanuts", "players": 3, "seed": 1}


@pytest.mark.parametrize("change, words", [
    ({"options": {"target": True}}, "option target must be one of 1, 2, .*, not True"),
    ({"options": {"target": 2.0}}, "not 2.0"),
    ({"options": {"target": "2"}}, "not '2'"),
    ({"players": True}, "players must be a whole number"),
    ({"players": False}, "players must be a whole number"),
    ({"players": 0}, "3-5 players, not 0"),
    ({"seed": True}, "seed must be a whole number"),
    ({"levels": [None, 1, "easy"]}, "unknown bot level 1"),
    ({"levels": [None, ["easy"], "easy"]}, r"unknown bot level \['easy'\]"),
])
def test_options_players_seed_and_levels_are_type_checked_exactly(change, words):
    with pytest.raises(ValueError, match=words):
        Session.start(dict(PEANUTS, **change))


def test_a_valid_option_is_kept_as_given():
    session = Session.start(dict(PEANUTS, options={"target": 1}))
    assert session.save()["game"]["options"] == {"target": 1}


def test_the_worker_keeps_the_game_through_bad_requests():
    first = json.loads(worker.start(json.dumps({"game": "deck-of-spies", "seed": 9})))
    assert first["ok"]
    bad_restore = json.loads(worker.restore("{not json"))
    assert not bad_restore["ok"] and "not readable" in bad_restore["error"]
    assert bad_restore["view"] == first["view"]
    bad_start = json.loads(worker.start(json.dumps({"game": "nope", "seed": 1})))
    assert not bad_start["ok"] and bad_start["view"] == first["view"]
    garbage = json.loads(worker.act(json.dumps({"action": "counter everything"})))
    assert not garbage["ok"] and garbage["view"] == first["view"]
    move = {"action": first["legal"][0], "moves": 0}
    assert json.loads(worker.act(json.dumps(move)))["moves"] == 1


def test_the_warm_up_changes_no_game_and_no_bot_decision():
    """The worker runs warm-up slices while a person sets up a game, and they
    may fall between any two requests: they must leave the game and every
    bot's choice exactly as they would be without."""
    spec = json.dumps({"game": "spy-tricks", "players": 4, "seed": 31,
                       "levels": [None, "hard", "hard", "hard"]})

    def played(warming):
        payloads = [json.loads(worker.start(spec))]
        for _ in range(10):
            if warming:
                assert worker.warm_up() == "warm"
            last = payloads[-1]
            if last["bot_to_act"]:
                payloads.append(json.loads(worker.bot_step()))
            else:
                move = {"action": last["legal"][0], "moves": last["moves"]}
                payloads.append(json.loads(worker.act(json.dumps(move))))
        return payloads

    cold, warm = played(False), played(True)
    assert cold[-1]["moves"] == 10
    assert sum(p["bot_to_act"] for p in cold) >= 6  # mostly hard bots' decisions
    assert cold == warm
