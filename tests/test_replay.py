"""The replay of a finished game (pyapp/replay.py and the worker's "replay"
call): at every step the human seat sees exactly what it saw while playing."""

import json
import re

import pytest

from pyapp import worker
from pyapp.games import load_game
from pyapp.replay import Replay
from pyapp.session import Session
from pyapp.ui import mission_for_peanuts_cards
from pyapp.ui.replay import hands_html, step_html

from playthrough import payloads

GAMES = [("deck-of-spies", 1, 53), ("mission-for-peanuts", 3, 8), ("spy-tricks", 3, 4),
         ("mister-spy", 4, 12)]


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_each_step_shows_the_view_the_human_had_then(game, players, seed):
    session, seen = payloads(game, players, seed)
    replay = Replay(json.loads(json.dumps(session.save())))
    actions = session.save()["game"]["actions"]
    assert replay.steps == len(actions) == len(seen) - 1
    for step, played in enumerate(seen):
        shown = replay.payload(step)
        dealt_again = load_game(dict(session.state.save(), actions=actions[:step]))
        assert shown["view"] == played["view"] == dealt_again.view(0)
        assert shown["log"] == played["log"] and shown["moves"] == step
        assert shown["legal"] == [] and not shown["bot_to_act"]


@pytest.mark.parametrize("game, players, seed", GAMES[1:])
def test_every_hand_is_each_seats_own_view_of_it(game, players, seed):
    session, _ = payloads(game, players, seed)
    replay = Replay(session.save())
    dealt = replay.states[0]
    assert replay.hands(0) == [[seat, dealt.view(seat)["hand"]] for seat in range(players)]


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_every_hand_is_drawn_face_by_face_even_before_the_page_drew_the_table(
        game, players, seed):
    session, _ = payloads(game, players, seed)
    replay = Replay(session.save())
    mission_for_peanuts_cards.FACES.clear()  # the worker drew the table, not the page
    for step in (0, replay.steps):
        hands = replay.hands(step)
        html = hands_html({"payload": replay.payload(step), "hands": hands})
        faces = re.findall(r'data-face="([^"]+)"', html)
        assert faces == [code for _, hand in hands for code in hand], (step, html)


def test_the_moves_are_told_by_the_public_log_in_order():
    session, _ = payloads("spy-tricks", 3, 4)
    replay = Replay(session.save())
    moves, dealt = replay.moves(), replay.states[0]
    assert len(moves) == len(session.state.history)
    assert " ".join(move["text"] for move in moves) == \
        " ".join(event["text"] for event in session.state.log[len(dealt.log):])
    assert moves[0]["seat"] == dealt.to_act


def test_a_step_outside_the_game_is_refused():
    session, _ = payloads("deck-of-spies", 1, 53)
    replay = Replay(session.save())
    for step in (-1, replay.steps + 1, "2", True, None):
        with pytest.raises(ValueError, match="from 0 to %d" % replay.steps):
            replay.payload(step)


def test_the_worker_replays_without_touching_the_game_in_progress():
    playing = json.loads(worker.start(json.dumps({"game": "spy-tricks", "players": 3, "seed": 2})))
    session, seen = payloads("deck-of-spies", 1, 53)
    request = {"save": session.save(), "step": 3, "moves": True}
    answer = json.loads(worker.replay(json.dumps(request)))
    assert answer["ok"] and answer["steps"] == len(seen) - 1 and answer["step"] == 3
    assert answer["payload"]["view"] == seen[3]["view"]
    assert len(answer["moves"]) == answer["steps"]
    later = json.loads(worker.replay(json.dumps(dict(request, step=answer["steps"], moves=False))))
    assert later["payload"]["view"]["over"] and "moves" not in later
    drawn = later["payload"].pop("table_html")  # read-only: the result is a panel, no dialog
    assert drawn == step_html(later["payload"]) and "replay-result" in drawn
    assert "end-screen" not in drawn
    assert "data-act=" not in answer["payload"]["table_html"]  # no legal action offered
    assert json.loads(worker.bot_step())["view"] == playing["view"]  # still the same game


@pytest.mark.parametrize("request_text, words", [
    ("[]", "JSON object"),
    (json.dumps({"save": {"format": 2}, "step": 0}), "not a Safehouse save"),
    (json.dumps({"save": {"format": 1}, "step": 0}), "saved game"),
    ("{", "not readable"),
])
def test_the_worker_refuses_a_bad_replay_with_a_reason(request_text, words):
    answer = json.loads(worker.replay(request_text))
    assert not answer["ok"] and words in answer["error"]


def test_a_save_whose_actions_do_not_fit_is_refused():
    saved = Session.start({"game": "deck-of-spies", "seed": 1}).save()
    saved["game"]["actions"] = [{"type": "end_turn"}]
    with pytest.raises(ValueError, match="cannot be replayed"):
        Replay(saved)


@pytest.mark.parametrize("game, players, seed", [GAMES[1], GAMES[3]])
def test_a_step_says_whose_move_it_was_a_bots_or_yours(game, players, seed):
    session, _ = payloads(game, players, seed)
    replay = Replay(session.save())
    said = set()
    for step in range(replay.steps):
        payload = replay.payload(step)
        html, seat = step_html(payload), payload["view"]["to_act"]
        if seat == 0:
            assert "Your move: " in html and "(bot)" not in html, step
            said.add("you")
        else:
            assert "Waiting for Player %d (bot)" % (seat + 1) in html, step
            said.add("bot")
    assert said == {"you", "bot"}
