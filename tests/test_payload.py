"""One payload for the page: the live game, its replay (which the review
steps through) and the kept game's check are built by pyapp.session's
`payload_of` and `game_facts`, so each has the keys and types of
pyapp.session.Payload, checked here value by value against its annotations."""

import json
import types
import typing

import pytest

from pyapp import worker
from pyapp.replay import Replay
from pyapp.session import GameFacts, Hinted, Payload, Session

from playthrough import payloads


def conforms(value, hint, where="payload"):
    """Assert that `value` (JSON-ready) has the type `hint`: a TypedDict
    (its keys exactly), a list[...], a union, a plain class, or Any."""
    origin = typing.get_origin(hint)
    if hint is typing.Any:
        return
    if typing.is_typeddict(hint):
        fields = typing.get_type_hints(hint)
        assert isinstance(value, dict), (where, value)
        assert set(value) == set(fields), (where, sorted(set(value) ^ set(fields)))
        for name, field in fields.items():
            conforms(value[name], field, "%s[%r]" % (where, name))
    elif origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                conforms(value, option, where)
                return
            except AssertionError:
                pass
        raise AssertionError("%s: %r is not %s" % (where, value, hint))
    elif origin is list:
        assert isinstance(value, list), where
        for index, item in enumerate(value):
            conforms(item, typing.get_args(hint)[0], "%s[%d]" % (where, index))
    elif origin is dict:
        key_type, value_type = typing.get_args(hint)
        assert isinstance(value, dict), where
        for key, item in value.items():
            conforms(key, key_type, where)
            conforms(item, value_type, "%s[%r]" % (where, key))
    elif hint is type(None):
        assert value is None, where
    else:
        assert isinstance(value, hint) and not (hint is int and isinstance(value, bool)), \
            "%s: %r is not %s" % (where, value, hint.__name__)


PASS_AND_PLAY = {"game": "mister-spy", "players": 3, "seed": 4, "humans": [0, 2],
                 "levels": [None, "easy", None]}


def played(spec, moves):
    session = Session.start(spec)
    for _ in range(moves):
        if session.payload()["bot_to_act"]:
            session.bot_step()
        elif not session.state.is_over:
            session.act(session.state.legal_actions()[0])
    return session


@pytest.mark.parametrize("game, players, seed", [
    ("deck-of-spies", 1, 53), ("spy-tricks", 3, 4), ("mission-for-peanuts", 4, 2),
    ("mister-spy", 3, 1)])
def test_the_live_and_the_replay_payload_have_the_same_keys_and_types(game, players, seed):
    session, seen = payloads(game, players, seed)
    replay = Replay(json.loads(json.dumps(session.save())))
    for step, live in enumerate(seen):
        conforms(live, Payload, "live payload %d" % step)
        shown = replay.payload(step)
        conforms(shown, Payload, "replay payload %d" % step)
        assert set(shown) == set(live)
        assert (shown["replay"], live["replay"]) == (True, False)
        assert shown["save"] == session.save() and shown["humans"] == live["humans"] == [0]


def test_a_pass_and_play_replay_names_the_people_as_the_game_did():
    session = played(PASS_AND_PLAY, 12)
    live = session.payload()
    shown = Replay(session.save()).payload(len(session.state.history))
    conforms(shown, Payload)
    assert shown["humans"] == live["humans"] == [0, 2]
    assert {key: shown[key] for key in GameFacts.__annotations__} == \
        {key: live[key] for key in GameFacts.__annotations__}


def test_a_hint_and_an_error_keep_the_payloads_shape():
    session = played({"game": "spy-tricks", "players": 3, "seed": 2}, 0)
    while session.payload()["bot_to_act"]:
        session.bot_step()
    conforms(session.hint(), Hinted)
    refused = session.act({"type": "no such move"})
    conforms(refused, Payload)
    assert not refused["ok"] and refused["error"]


def test_the_worker_answers_payloads_and_a_kept_games_check_names_its_facts():
    spec = dict(PASS_AND_PLAY, seed=9)
    started = json.loads(worker.start(json.dumps(spec)))
    assert isinstance(started.pop("table_html"), str)
    conforms(started, Payload, "worker payload")
    checked = json.loads(worker.check(json.dumps(started["save"])))
    assert checked.pop("ok") is True and checked.pop("over") is False
    conforms(checked, GameFacts, "check")
    assert checked == {key: started[key] for key in GameFacts.__annotations__}
    replayed = json.loads(worker.replay(json.dumps({"save": started["save"], "step": 0})))
    assert isinstance(replayed["payload"].pop("table_html"), str)
    conforms(replayed["payload"], Payload, "worker replay payload")
