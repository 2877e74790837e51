"""Nothing lost: a failing engine leaves the game as it was, bad input gets a
short reason, and saves of another engine version are carried over.

All under CPython, through the Session and the worker's JSON API.
"""

import json
import re

import pytest

from pyapp import bots, worker
from pyapp.engine.protocol import IllegalAction, excerpt
from pyapp.engine.registry import game_class, load_game
from pyapp.games import GAMES, new_game
from pyapp.session import Session

HUGE = 20_000_000  # characters: far past the worker's 1 MB request limit
BIG = 900_000  # characters: within it, so the engine itself must quote briefly
SHORT_ANSWER = 8_000  # an error beside the current game's payload (its view, the log tail)
QUOTED_AT_MOST = 300  # characters of any error


def session_of(game_id, seed=4):
    cls = GAMES[game_id]
    return Session.start({"game": game_id, "players": cls.min_players, "seed": seed,
                          "levels": [None] + ["easy"] * (cls.min_players - 1)})


def play_one(session):
    """One move: the human's first legal action, or the bot's."""
    assert not session.state.is_over
    if session.state.to_act == session.human:
        return session.act(session.payload()["legal"][0])
    return session.bot_step()


def until(session, human_to_act):
    """Play on until it is, or is not, the human's decision."""
    while (session.state.to_act == session.human) != human_to_act:
        play_one(session)
    return session


def snapshot(session):
    """What must not change when a call fails."""
    payload = session.payload()
    return (json.dumps(session.save()), payload["view"], payload["legal"],
            len(session.state.history))


def plant_fault(patch, cls, error=RuntimeError("planted fault")):
    """Make `cls._perform` do its work and then fail, as a bug half-way would."""
    perform = cls._perform

    def faulty(state, action):
        perform(state, action)
        raise error
    patch.setattr(cls, "_perform", faulty)


# -- actions are transactions ---------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_failing_move_changes_nothing_and_the_next_one_plays(game_id, monkeypatch):
    session = until(session_of(game_id), human_to_act=True)
    before = snapshot(session)
    action = session.payload()["legal"][0]
    with monkeypatch.context() as patch:
        plant_fault(patch, GAMES[game_id])
        payload = session.act(action, moves=before[3])
    assert not payload["ok"]
    assert payload["error"] == ("The engine failed on that move (RuntimeError: planted fault); "
                                "nothing was played and your game is as it was.")
    assert snapshot(session) == before
    assert payload["save"] == session.save() and payload["moves"] == before[3]
    assert session.act(action, moves=before[3])["ok"]
    assert len(session.state.history) == before[3] + 1


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if GAMES[g].max_players > 1))
def test_a_failing_bot_move_changes_nothing_and_the_bot_then_plays(game_id, monkeypatch):
    session = until(session_of(game_id), human_to_act=False)
    before = snapshot(session)
    with monkeypatch.context() as patch:
        plant_fault(patch, GAMES[game_id], KeyError("x"))
        payload = session.bot_step()
    assert payload["error"] == ("The engine failed on the bot's move (KeyError: 'x'); "
                                "nothing was played and your game is as it was.")
    assert snapshot(session) == before
    assert "KeyError: 'x'" in session.last_fault and "in faulty" in session.last_fault
    assert session.bot_step()["ok"]
    assert len(session.state.history) == before[3] + 1


def test_a_hint_whose_bot_breaks_the_state_changes_nothing(monkeypatch):
    game_id = "spy-tricks"
    session = until(session_of(game_id), human_to_act=True)
    before = snapshot(session)
    strongest = type(bots.levels(game_id)[bots.strongest(game_id)]())

    def meddling(bot, state, seat, rng):
        state.apply(state.legal_actions()[0])
        raise ZeroDivisionError("division by zero")
    monkeypatch.setattr(strongest, "choose", meddling)
    payload = session.hint()
    assert payload["error"] == ("The engine failed while looking for a hint "
                                "(ZeroDivisionError: division by zero); your game is as it was.")
    assert "hint" not in payload
    assert snapshot(session) == before


def test_apply_records_an_action_only_once_it_is_performed(monkeypatch):
    state = new_game("deck-of-spies", seed=3)
    monkeypatch.setattr(type(state), "_perform", lambda state, action: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        state.apply(state.legal_actions()[0])
    assert state.history == [] and state.save()["actions"] == []


def test_the_worker_says_a_failed_move_kept_the_game(monkeypatch):
    first = json.loads(worker.start(json.dumps({"game": "deck-of-spies", "seed": 2})))
    plant_fault(monkeypatch, GAMES["deck-of-spies"])
    answer = json.loads(worker.act(json.dumps({"action": first["legal"][0], "moves": 0})))
    assert "nothing was played" in answer["error"]
    assert answer["save"] == first["save"] and answer["view"] == first["view"]


def test_an_engine_failure_is_told_in_a_few_words(monkeypatch):
    session = session_of("deck-of-spies")
    plant_fault(monkeypatch, GAMES["deck-of-spies"], KeyError("k" * BIG))
    error = session.act(session.payload()["legal"][0])["error"]
    assert len(error) < 250 and error.startswith("The engine failed on that move (KeyError: 'kkk")


# -- short messages for huge input ------------------------------------------------


def test_an_excerpt_is_a_short_repr():
    assert excerpt("AS") == "'AS'"
    assert excerpt(["x"] * 100, limit=12) == "['x', 'x', \u2026"
    assert len(excerpt("y" * HUGE)) == 40 and excerpt("y" * HUGE).endswith("\u2026")
    assert excerpt({"type": 7}) == "{'type': 7}"


def answer_size(text):
    """The size of an answer that must carry a short error and no long run of the input."""
    error = json.loads(text)["error"]
    assert error and len(error) <= QUOTED_AT_MOST, text[:200]
    assert "z" * 60 not in text, text[:200]
    return len(text)


@pytest.mark.parametrize("size", [HUGE, BIG])
def test_huge_requests_get_short_answers(size):
    long_text = "z" * size
    assert answer_size(worker.start(json.dumps({"game": long_text, "seed": 1}))) < SHORT_ANSWER
    assert answer_size(worker.start(json.dumps(
        {"game": "mission-for-peanuts", "players": 3, "seed": 1, "options": {"target": long_text}}
    ))) < SHORT_ANSWER
    assert answer_size(worker.start(json.dumps(
        {"game": "spy-tricks", "players": 3, "seed": 1, "levels": [None, long_text, "easy"]}
    ))) < SHORT_ANSWER
    worker.start(json.dumps({"game": "deck-of-spies", "seed": 1}))
    for action in ({"type": long_text}, {"type": "counter", "cards": [long_text]}, long_text):
        assert answer_size(worker.act(json.dumps({"action": action, "moves": 0}))) < SHORT_ANSWER


def test_a_huge_request_is_refused_as_too_large():
    error = json.loads(worker.start("[" + " " * HUGE + "]"))["error"]
    assert error == "The request is too large (20000002 characters; at most 1000000)."


def bad_values(long_text):
    """Values of every kind that no action accepts."""
    return [long_text, [long_text], {long_text: long_text}, 10 ** 30, None, -1]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_quotes_only_an_excerpt_of_a_bad_action(game_id):
    state = until(session_of(game_id), human_to_act=True).state
    keys = {key for action in state.legal_actions() for key in action} | {"type"}
    kinds = {action["type"] for action in state.legal_actions()} | {"z" * BIG}
    for kind in kinds:
        for key in keys:
            for value in bad_values("q" * BIG):
                action = {"type": kind, key: value} if key != "type" else {"type": value}
                try:
                    state.apply(action)
                except IllegalAction as err:
                    assert 0 < len(str(err)) < 400, (kind, key, str(err)[:200])
                else:
                    pytest.fail("%s accepted %s" % (game_id, excerpt(action)))


def test_the_registry_and_session_quote_only_an_excerpt():
    long_text = "w" * BIG
    refusals = [
        lambda: game_class(long_text),
        lambda: new_game("mission-for-peanuts", players=3, **{long_text: 1}),
        lambda: new_game("mission-for-peanuts", players=3, target=long_text),
        lambda: Session.start({"game": "spy-tricks", "seed": 1, "players": 3,
                               "levels": [None, "easy", long_text]}),
        lambda: load_game(dict(new_game("deck-of-spies").save(), version=long_text)),
    ]
    for refuse in refusals:
        with pytest.raises(ValueError) as refused:
            refuse()
        assert len(str(refused.value)) < 300, str(refused.value)[:200]


# -- saves of another engine version ----------------------------------------------------


def played_save(game_id, moves, seed=8):
    session = session_of(game_id, seed)
    while len(session.state.history) < moves:
        play_one(session)
    return session.save()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_save_from_another_version_is_replayed_on_this_one(game_id, monkeypatch):
    saved = played_save(game_id, 6)
    monkeypatch.setattr(GAMES[game_id], "version", 2)
    again = Session.restore(saved)
    assert again.save()["game"]["version"] == 2
    assert again.save()["game"]["actions"] == saved["game"]["actions"]


def test_a_save_whose_move_is_no_longer_legal_is_refused_saying_which(monkeypatch):
    saved = played_save("mister-spy", 4)
    saved["game"]["actions"][2] = {"type": "retired_move"}
    monkeypatch.setattr(GAMES["mister-spy"], "version", 2)
    title = re.escape(GAMES["mister-spy"].title)
    with pytest.raises(ValueError, match=r"^saved by version 1 of %s \(this is version 2\); its "
                                         r"move 3 is no longer legal: unknown action type "
                                         r"'retired_move'; " % title):
        Session.restore(saved)


def test_a_save_whose_options_are_gone_is_refused_saying_so(monkeypatch):
    saved = played_save("mission-for-peanuts", 2)
    monkeypatch.setattr(GAMES["mission-for-peanuts"], "version", 3)
    monkeypatch.setattr(GAMES["mission-for-peanuts"], "OPTIONS", {})
    with pytest.raises(ValueError, match=r"version 1 of .* \(this is version 3\); its setup "
                                         r"is no longer valid: .* has no option 'target'"):
        Session.restore(saved)


@pytest.mark.parametrize("version", ["1", 1.0, True, None, [1]])
def test_a_version_that_is_not_a_whole_number_is_refused(version):
    saved = played_save("deck-of-spies", 1)
    saved["game"]["version"] = version
    words = "version is not a whole number: " + re.escape(excerpt(version))
    with pytest.raises(ValueError, match=words):
        Session.restore(saved)


# -- the worker's JSON input and its new calls ---------------------------------------------


def deep(depth):
    return "[" * depth + "]" * depth


def test_a_deeply_nested_save_is_refused_and_the_game_kept():
    first = json.loads(worker.start(json.dumps({"game": "spy-tricks", "players": 3, "seed": 6})))
    answer = json.loads(worker.restore(deep(100_000)))
    assert answer["error"] == "The saved game nests more than 64 levels deep."
    assert answer["view"] == first["view"] and answer["save"] == first["save"]


def test_the_nesting_limit_counts_brackets_outside_strings_only():
    assert worker.parse(json.dumps({"a": "[" * 1000})) == {"a": "[" * 1000}
    assert worker.parse(json.dumps(["\\\"[" * 100])) == ["\\\"[" * 100]
    assert worker.parse(deep(64)) is not None
    with pytest.raises(ValueError, match="nests more than 64 levels"):
        worker.parse(deep(65))
    with pytest.raises(ValueError, match="nests more than 64 levels"):
        worker.parse('{"a": ' * 65 + "1" + "}" * 65)


@pytest.mark.parametrize("text, reason", [
    (None, "The request is not text."),
    (b"{}", "The request is not text."),
    ("{", "The request is not readable (it is not JSON)."),
    ("[1, 2]", "A new game is asked for with a JSON object."),
    ('{"game": "deck-of-spies", "seed": 1, "options": [1]}',
     "A new game's options are a JSON object of names and values."),
])
def test_a_bad_start_request_is_refused_with_a_sentence(text, reason):
    assert json.loads(worker.start(text))["error"] == reason


def test_a_move_that_is_not_an_object_is_refused():
    worker.start(json.dumps({"game": "deck-of-spies", "seed": 1}))
    answer = json.loads(worker.act("[1]"))
    assert answer["error"] == 'A move is sent as a JSON object with an "action".'


def check(save):
    return json.loads(worker.check(save if isinstance(save, str) else json.dumps(save)))


def test_check_answers_what_the_lobby_lists_and_keeps_the_current_game():
    current = worker.start(json.dumps({"game": "deck-of-spies", "seed": 11}))
    kept = worker._session
    saved = played_save("spy-tricks", 5)
    answer = check(saved)
    assert answer == {"ok": True, "save": saved, "game": "spy-tricks", "title": "Spy Tricks",
                      "players": 3, "levels": [None, "easy", "easy"], "humans": [0],
                      "moves": 5, "seed": 8, "over": False}
    assert worker._session is kept and kept.save() == json.loads(current)["save"]


def test_check_carries_a_save_to_this_version(monkeypatch):
    saved = played_save("mister-spy", 3)
    monkeypatch.setattr(GAMES["mister-spy"], "version", 5)
    answer = check(saved)
    assert answer["ok"] and answer["save"]["game"]["version"] == 5 and answer["moves"] == 3


def refused_saves():
    good = played_save("deck-of-spies", 3)
    text = json.dumps(good)
    wrong_move = json.loads(text)
    wrong_move["game"]["actions"][1] = {"type": "counter", "cards": ["KS", "KH"]}
    return [
        ("", "The saved game is not readable (it is not JSON)."),
        (text[: len(text) // 2], "The saved game is not readable (it is not JSON)."),
        (deep(100_000), "The saved game nests more than 64 levels deep."),
        ("null", "This is not a Safehouse save (or it is from another version)."),
        (dict(good, game=None), "A saved game is a dict, not NoneType."),
        (dict(good, game=dict(good["game"], seed="x")), "The seed must be a whole number."),
        (dict(good, game=dict(good["game"], game="x" * BIG)), "Unknown game 'xxxx"),
        (dict(good, game=dict(good["game"], version="2")),
         "The saved game's version is not a whole number: '2'."),
        (dict(good, human=True), "The human seat must be one of the game's seats."),
        (wrong_move, "The saved game's move 2 cannot be replayed: "),
    ]


def test_check_refuses_a_bad_save_with_a_sentence():
    current = json.loads(worker.start(json.dumps({"game": "deck-of-spies", "seed": 12})))
    for save, reason in refused_saves():
        answer = check(save)
        assert answer["ok"] is False and set(answer) == {"ok", "error"}
        assert answer["error"].startswith(reason), (answer["error"], reason)
        assert answer["error"].endswith(".") and len(answer["error"]) <= worker.ERROR_LIMIT
    assert json.loads(worker.hint())["save"] == current["save"]


def test_stats_count_objects_and_have_no_heap_outside_the_browser():
    stats = json.loads(worker.stats(""))
    assert stats["objects"] > 1000 and stats["heap_bytes"] is None
    assert "check" in worker.CALLS and "stats" in worker.CALLS
