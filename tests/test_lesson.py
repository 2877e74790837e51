"""The lessons (pyapp/lesson.py and each game's script): every lesson can be
followed to its end through the session as the page does it, a move other
than the one it wants is not made, the bots wait while the coach speaks, and
a lesson left is resumed where it was."""

import json

import pytest

from pyapp import worker
from pyapp.games.lessons import LESSONS
from pyapp.session import LESSON_GOES_ON, Payload, Session

from test_payload import conforms

GAMES = sorted(LESSONS)


def follow(session, tries_others=True):
    """Follow the coach to the end of the script, as a person clicking its
    targets would; with `tries_others`, first try another legal move at each
    decision. Returns the payloads seen."""
    payload, seen = session.payload(), []
    session.bot_moves = 0
    while not payload["coach"]["done"]:
        seen.append(payload)
        coach = payload["coach"]
        assert coach["text"] and not payload["error"], coach
        if coach["next"]:
            assert session.bot_step()["moves"] == payload["moves"]  # the bots wait
            payload = session.coach_next()
        elif payload["bot_to_act"]:
            payload = session.bot_step()
            session.bot_moves += 1
        elif coach["target"] is None:
            assert payload["only_choice"], "a decision the script does not cover: %s" % coach
            payload = session.act(payload["only_choice"], payload["moves"], for_human=True)
        else:
            target = coach["target"]
            assert session.state.canonical(target) in payload["legal"], target
            others = [a for a in payload["legal"] if a != session.state.canonical(target)]
            if tries_others and others:
                refused = session.act(others[0], payload["moves"])
                assert "The lesson wants you to" in refused["error"]
                assert refused["moves"] == payload["moves"] and refused["coach"] == coach
            payload = session.act(target, payload["moves"])
        assert payload["ok"], payload["error"]
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_is_followed_to_its_end_and_a_move_it_does_not_want_is_not_made(game):
    session = Session.start({"game": game, "lesson": True})
    lesson = LESSONS[game]
    assert session.state.seed == lesson["seed"] and session.levels == lesson["levels"]
    seen = follow(session)
    for payload in seen[:3] + seen[-2:]:
        conforms(payload, Payload)
    steps = lesson["steps"]
    assert [payload["coach"]["step"] for payload in seen][-1] == len(steps)
    # Every step was shown, in order, and every "do" was made as written.
    assert sorted({payload["coach"]["step"] for payload in seen}) == list(range(1, len(steps) + 1))
    # Every bot move within the script is told, each by its own step.
    assert session.bot_moves == sum(step["kind"] == "bot" for step in steps)
    done = session.payload()["coach"]
    assert done["done"] and done["target"] is None and not done["next"]
    assert "play a real game" in done["text"]


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_try_in_a_lesson_gets_the_engines_own_reason(game):
    """A greyed option asks the engine why: in a lesson too, its rule answers,
    not the lesson's wish for another move."""
    session = Session.start({"game": game, "lesson": True})
    payload = session.payload()
    while True:
        if payload["coach"]["next"]:
            payload = session.coach_next()
            continue
        if payload["bot_to_act"]:
            payload = session.bot_step()
            continue
        target = payload["coach"]["target"]
        bare = {"type": target["type"]}
        if session.state.canonical(bare) in payload["legal"]:  # no keys to leave out
            payload = session.act(target, payload["moves"])
            continue
        break
    refused = session.act(bare, payload["moves"])
    assert refused["moves"] == payload["moves"] and refused["error"]
    assert "The lesson wants" not in refused["error"]
    try:
        session.state.check(session.state.canonical(bare))
    except Exception as err:  # the same words the engine gives outside a lesson
        assert str(err).rstrip(".") in refused["error"]
    else:
        raise AssertionError("%s was legal" % bare)


@pytest.mark.parametrize("game", GAMES)
def test_each_lessons_words_say_what_each_step_is_for(game):
    for step in LESSONS[game]["steps"]:
        assert step["text"].strip() and step["text"] == step["text"].strip()
        if step["kind"] == "do":
            assert step["why"].strip()


def test_a_lesson_left_is_resumed_where_it_was_and_undo_waits_for_its_end():
    session = Session.start({"game": "deck-of-spies", "lesson": True})
    session.coach_next()
    session.coach_next()
    target = session.payload()["coach"]["target"]
    assert session.act(target)["ok"]
    assert session.undo()["error"] == LESSON_GOES_ON
    again = Session.restore(json.loads(json.dumps(session.save())))
    assert again.payload()["coach"] == session.payload()["coach"]
    assert again.payload()["coach"]["step"] == 4
    follow(again, tries_others=False)
    assert again.undo_refusal() != LESSON_GOES_ON


def test_a_note_on_show_holds_every_move_until_next():
    session = Session.start({"game": "deck-of-spies", "lesson": True})
    payload = session.payload()
    assert payload["coach"]["next"] and payload["coach"]["target"] is None
    refused = session.act(payload["legal"][0])
    assert refused["moves"] == 0 and "press Next" in refused["error"]


def test_the_worker_starts_a_lesson_and_moves_past_a_note():
    started = json.loads(worker.start(json.dumps({"game": "deck-of-spies", "lesson": True})))
    assert started["ok"] and started["coach"]["step"] == 1 and started["coach"]["next"]
    after = json.loads(worker.coach_next())
    assert after["coach"]["step"] == 2
    bad = json.loads(worker.start(json.dumps({"game": "no-such-game", "lesson": True})))
    assert not bad["ok"] and "no lesson" in bad["error"]
    saved = dict(after["save"], lesson={"game": "deck-of-spies", "step": 99})
    refused = json.loads(worker.restore(json.dumps(saved)))
    assert not refused["ok"] and "no place in its script" in refused["error"]


def told_kinds(game):
    """The log's event kinds (with a card's power, a Spy's source, a
    placement's space kind) of the lesson followed to its end."""
    session = Session.start({"game": game, "lesson": True})
    follow(session, tries_others=False)
    kinds = set()
    for event in session.state.log:
        kinds.add(event["kind"])
        if event["kind"] in ("assist", "deploy"):
            kinds.add("%s:%s" % (event["kind"], event["card"]))
        elif event["kind"] == "spy":
            kinds.add("spy:" + event["source"] + (":team" if len(event["cards"]) > 1 else ""))
        elif event["kind"] == "place":
            kinds.add("place:" + (event["space"].split(":")[0] if ":" in event["space"]
                                  else "card") + (":catch-up" if event["catch_up"] else ""))
        elif event["kind"] == "escape":
            kinds.add("escape:foiled" if event["foiled"] else "escape:too-big")
    return kinds


# What each lesson must show in play (its module's docstring says which
# rules it leaves to the coach's words).
COVERED = {
    "deck-of-spies": {"counter", "recruit", "retire", "end_turn", "reshuffle"},
    "mission-for-peanuts": {"role_chosen", "roles", "elimination", "showdown", "round_end"} | {
        "assist:" + card for card in ("telepath", "seer", "informant", "handler", "agent",
                                      "secret-police")} | {
        "deploy:" + card for card in ("telepath", "assassin", "seer", "informant", "handler",
                                      "secret-police")},
    "spy-tricks": {"play", "trick", "place:card", "place:rank", "place:suit",
                   "place:card:catch-up", "pass", "reveal", "payout", "scores", "collaborators"},
    "mister-spy": {"lair", "target", "spy:hand", "spy:hand:team", "spy:blind", "spy:deck",
                   "capture", "kill", "taunt", "taunt_stands", "let_stand", "foil",
                   "escape:foiled", "escape:too-big"},
}


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_shows_every_rule_it_promises(game):
    assert COVERED[game] <= told_kinds(game)
