"""Pass and play: several people at one device, bots in the other seats.
In the session, the person to decide is always the seat in front, each sees
only their own seat's view, and no one's undo reaches another's moves; the
page reads the people from a link and keeps them in the table's link; the
end names the winners to everyone, and the game is kept as the people's."""

import json

import pytest

from pyapp.engine.rng import Rng
from pyapp.replay import Replay
from pyapp.session import OTHERS_MOVED, Session
from pyapp.ui import history, stats
from pyapp.ui.endgame import outcome_title, people_won, player_cell
from pyapp.ui.handover import pass_html
from pyapp.ui.page import table_query
from pyapp.ui.params import game_request
from pyapp.ui.replay import hands_html, replay_html, step_html
from pyapp.ui.seats import seat_role
from pyapp.ui.tables import TABLES

from page import FakeStorage

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


# -- the page's side ---------------------------------------------------------------------

CATALOGUE = [{"id": "mister-spy", "title": "Mister Spy", "min_players": 2, "max_players": 6,
              "levels": ["easy", "normal", "hard"], "options": []}]


def test_a_link_names_the_people_and_the_table_keeps_them_in_its_link():
    spec, problems = game_request("?game=mister-spy&players=4&humans=2,0&level=hard", CATALOGUE)
    assert problems == [] and spec["humans"] == [0, 2]
    assert spec["levels"] == [None, "hard", None, "hard"]
    payload = Session.start(dict(spec, seed=8)).payload()
    assert table_query(payload).endswith("&level=hard&humans=0,2")
    assert "humans" not in table_query(Session.start(dict(spec, seed=8, humans=None,
                                                          levels=None)).payload())


@pytest.mark.parametrize("humans", ["0,0", "4", "x", "0,,1", "-1"])
def test_a_link_with_bad_seats_for_the_people_is_explained(humans):
    spec, problems = game_request("?game=mister-spy&players=4&humans=" + humans, CATALOGUE)
    assert spec is None and "The humans must be different seats from 0 to 3" in problems[0]


def test_the_seat_in_view_is_you_and_another_person_is_a_person():
    payload = Session.start({"game": "mister-spy", "players": 3, "seed": 2, "humans": [0, 2],
                             "levels": [None, "easy", None]}).payload()
    front = payload["view"]["seat"]
    other = 2 - front  # the other person, of seats 0 and 2
    roles = [seat_role(seat, payload) for seat in range(3)]
    assert (roles[front], roles[1], roles[other]) == ("you", "bot, easy", "person")


def test_the_pass_screen_names_the_next_person_and_holds_no_table():
    html = pass_html(2)
    assert "Pass the device to Player 3" in html and 'data-action="continue"' in html
    assert "data-card" not in html


# -- the end, the history and the statistics ------------------------------------------------
#
# A pass-and-play game's end is read by every person at the device: it names
# the winners by seat and calls no one "you". It is no one person's result:
# the history lists it with its people and winners, the statistics (the
# results of the person who plays here) leave it out.

ENDS = [("spy-tricks", dict(SPEC, seed=5)),
        ("mister-spy", {"game": "mister-spy", "players": 3, "seed": 6, "humans": [0, 1],
                        "levels": [None, None, "easy"]}),
        ("mission-for-peanuts", {"game": "mission-for-peanuts", "players": 4, "seed": 2,
                                 "humans": [1, 3], "levels": ["easy", None, "easy", None]})]


def finished_payload(spec):
    session = play_through(spec, lambda session, payload: None)
    return session.payload()


def with_winners(payload, winners):
    view = dict(payload["view"], result=dict(payload["view"]["result"], winners=winners))
    return dict(payload, view=view)


@pytest.mark.parametrize("game, spec", ENDS)
def test_a_pass_and_play_end_names_the_winners_and_calls_no_one_you(game, spec):
    payload = finished_payload(spec)
    winners = payload["view"]["result"]["winners"]
    html = TABLES[game].end_html(payload)
    names = " and ".join("Player %d" % (seat + 1) for seat in winners)
    title = names + (" wins" if len(winners) == 1 else " share the win")
    assert '<h2 id="end-title">%s</h2>' % title in html
    assert "(you)" not in html and "You " not in html
    assert outcome_title(with_winners(payload, [1])) == "Player 2 wins"
    assert outcome_title(with_winners(payload, [0, 2])) == "Player 1 and Player 3 share the win"
    person, bot = spec["humans"][0], spec["levels"].index("easy")
    assert people_won(with_winners(payload, [person]))
    assert not people_won(with_winners(payload, [bot]))
    assert "end-screen won" in TABLES[game].end_html(with_winners(payload, [person]))
    assert "end-screen lost" in TABLES[game].end_html(with_winners(payload, [bot]))


def test_one_persons_end_still_speaks_to_them():
    payload = finished_payload(dict(SPEC, humans=None, levels=None))
    assert "humans" in payload and payload["humans"] == [0]
    assert outcome_title(with_winners(payload, [0])) == "You win"
    assert outcome_title(with_winners(payload, [2])) == "Player 3 wins"
    assert outcome_title(with_winners(payload, [1, 2])) == "You lose"
    assert player_cell(0, payload) == "Player 1 (you)" and player_cell(1, payload) == "Player 2"
    assert "(you)" in TABLES["spy-tricks"].end_html(payload)


def test_a_pass_and_play_game_is_kept_as_the_peoples_not_counted_as_yours():
    payload = finished_payload(ENDS[1][1])
    winners = payload["view"]["result"]["winners"]
    record = history.record_of("pp", payload, 1000)
    assert (record["people"], record["winners"], record["won"]) == ([0, 1], winners, None)
    store = FakeStorage()
    assert history.add(store, record) and not stats.add_result(store, record)
    assert stats.read_rows(store, stats.STATS + "mister-spy") == ([], None)
    [listed], _ = history.finished_games(store)
    row = history.history_row(listed, 0)
    expected = " and ".join("Player %d" % (seat + 1) for seat in winners) + " won"
    assert expected in row and "Pass and play: Player 1 and Player 2" in row
    assert "Won<" not in row and "Lost<" not in row and "history-row people" in row
    alone = history.record_of("me", finished_payload(dict(SPEC, humans=None, levels=None)), 1)
    assert "people" not in alone and stats.add_result(store, alone)


def test_a_pass_and_play_replay_names_the_winners_and_no_one_as_you():
    payload = finished_payload(ENDS[0][1])
    record = json.loads(json.dumps(history.record_of("pp", payload, 1000)))
    winners = record["winners"]
    header = replay_html(record, [])
    assert "Deal #5 \u00b7 " + history.outcome_text(record) in header and "you won" not in header
    replayed = Replay(record["save"])
    shown = replayed.payload(replayed.steps)
    assert shown["humans"] == [0, 2]
    hands = hands_html({"payload": shown, "hands": replayed.hands(replayed.steps)})
    assert "(you)" not in hands and "Player %d" % (winners[0] + 1) in hands


@pytest.mark.parametrize("game, spec", ENDS[1:])
def test_a_replay_waits_for_another_person_by_name_and_for_a_bot_as_a_bot(game, spec):
    replayed = Replay(play_through(spec, lambda session, payload: None).save())
    said = set()
    for step in range(replayed.steps):
        shown = replayed.payload(step)
        html, seat = step_html(shown), shown["view"]["to_act"]
        if seat == shown["view"]["seat"]:
            continue
        person = seat in spec["humans"]
        name = "Player %d" % (seat + 1)
        assert ("Waiting for %s\u2026" % name in html) == person, (step, seat)
        assert ("Waiting for %s (bot)\u2026" % name in html) == (not person), (step, seat)
        said.add(person)
    assert said == {True, False}
