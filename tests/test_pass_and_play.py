"""Pass and play (pyapp/session.py): several people at one device, bots in
the other seats. The person to decide is always the seat in front, each
sees only their own seat's view, and no one's undo reaches another's moves."""

import json

import pytest

from pyapp.engine.rng import Rng
from pyapp.session import OTHERS_MOVED, Session

SPEC = {"game": "spy-tricks", "players": 4, "seed": 3, "humans": [0, 2],
        "levels": [None, "easy", None, "easy"]}


def play_through(spec, check):
    """Play a game with the people choosing at random; `check(session,
    payload)` at every payload."""
    session, rng = Session.start(spec), Rng(5)
    payload = session.payload()
    while not session.state.is_over:
        check(session, payload)
        if payload["bot_to_act"]:
            payload = session.bot_step()
        else:
            legal = payload["legal"]
            payload = session.act(legal[rng.below(len(legal))], payload["moves"])
        assert payload["ok"], payload["error"]
    return session


def test_each_person_decides_from_their_own_view_and_the_bots_play_the_rest():
    deciders = set()

    def check(session, payload):
        to_act = session.state.to_act
        assert payload["humans"] == [0, 2]
        assert payload["bot_to_act"] == (to_act not in (0, 2))
        if to_act in (0, 2):
            deciders.add(to_act)
            assert payload["view"] == session.state.view(to_act)
            assert payload["legal"] == session.state.legal_actions()
        assert payload["view"]["seat"] in (0, 2)  # a bot's view is never in front
    play_through(SPEC, check)
    assert deciders == {0, 2}


def test_no_one_takes_back_another_persons_move():
    session = Session.start(dict(SPEC, game="mister-spy", players=3, seed=1, humans=[0, 1],
                                 levels=[None, None, "easy"]))
    for _ in range(40):
        before = session.human
        payload = session.act(session.state.legal_actions()[-1]) if not \
            session.payload()["bot_to_act"] else session.bot_step()
        if session.human != before:
            assert payload["undo"] == {"allowed": False, "reason": OTHERS_MOVED}
            return
    pytest.fail("the device never passed between the two people")


def test_a_saved_pass_and_play_game_resumes_with_the_same_people_in_front():
    session = Session.start(SPEC)
    for _ in range(7):
        session.bot_step() if session.payload()["bot_to_act"] else \
            session.act(session.state.legal_actions()[0])
    again = Session.restore(json.loads(json.dumps(session.save())))
    assert (again.humans, again.human) == ([0, 2], session.human)
    assert again.payload()["view"] == session.payload()["view"]
    assert "humans" not in Session.start(dict(SPEC, humans=None, levels=None)).save()


@pytest.mark.parametrize("humans", [[], [0, 0], [1, 4], [0, "2"], "0,2", [0, True]])
def test_the_peoples_seats_are_checked(humans):
    with pytest.raises(ValueError, match="people's seats"):
        Session.start(dict(SPEC, humans=humans))
