"""The review of the human's decisions (pyapp/review.py and the worker's
"review" call) and the hint (pyapp/judgement.py): one judgement of the
strongest bot from the human's information says what the hint is and how
much win chance each choice gave up against it, and never reads a hidden
card."""

import json
import re

import pytest

from pyapp import bots, worker
from pyapp.bots.deck_of_spies import GreedyPlanBot
from pyapp.engine.rng import Rng
from pyapp.replay import Replay
from pyapp.judgement import judge
from pyapp.review import decisions, review_decision, review_step
from pyapp.session import Session
from pyapp.ui.replay import review_progress_html, review_result_html

from playthrough import payloads


@pytest.fixture(scope="module")
def replayed():
    session, _ = payloads("spy-tricks", 3, 11)
    return Replay(session.save())


def test_every_decision_of_the_human_is_reviewed_against_the_bots_own_move(replayed):
    steps = decisions(replayed)
    assert steps and all(replayed.states[step].to_act == replayed.human for step in steps)
    found = [review_step(replayed, step) for step in steps[:6]]
    assert any(found)
    for step, review in zip(steps, found):
        if review is None:
            continue
        state = replayed.states[step]
        assert review["chosen"] == replayed.states[step + 1].history[-1]
        assert review["best"] == judge(state, replayed.human)["action"]
        assert 0 <= review["chance"] <= 1 and 0 <= review["best_chance"] <= 1
        assert review["loss"] == max(0, round(100 * (review["best_chance"] - review["chance"])))
        assert review["best_text"] == replayed.states[step].describe(review["best"])


@pytest.mark.parametrize("game, players, seed", [("spy-tricks", 3, 11),
                                                 ("mission-for-peanuts", 4, 6)])
def test_a_deal_the_human_cannot_tell_apart_gets_the_same_review(game, players, seed):
    session, _ = payloads(game, players, seed)
    replay = Replay(session.save())
    step = decisions(replay)[1]
    state, seat = replay.states[step], replay.human
    other = state.determinize(seat, Rng(99))  # the same view, other hidden cards
    assert other.view(seat) == state.view(seat)
    assert any(other.view(s) != state.view(s) for s in range(players) if s != seat)
    chosen = replay.states[step + 1].history[-1]
    assert review_decision(other, seat, chosen) == review_decision(state, seat, chosen)


def test_deck_of_spies_is_reviewed_against_the_expert_from_the_players_information():
    session, _ = payloads("deck-of-spies", 1, 53)
    replay = Replay(session.save())
    reviews = [review_step(replay, step) for step in decisions(replay)]
    assert all(review is not None for review in reviews)
    assert any(review["loss"] > 0 for review in reviews)
    step = decisions(replay)[2]
    state, chosen = replay.states[step], replay.states[step + 1].history[-1]
    reshuffled = state.determinize(0, Rng(7))  # the same view, the decks in another order
    assert reshuffled.view(0) == state.view(0)
    assert (reshuffled.draw_deck, reshuffled.spy_deck) != (state.draw_deck, state.spy_deck)
    assert review_decision(reshuffled, 0, chosen) == review_decision(state, 0, chosen)


def test_a_bot_without_figures_is_judged_one_move_ahead_by_the_games_evaluation(monkeypatch):
    session, _ = payloads("deck-of-spies", 1, 53)
    replay = Replay(session.save())
    monkeypatch.setitem(bots.LEVELS["deck-of-spies"], "expert", GreedyPlanBot)
    step = decisions(replay)[0]
    state, chosen = replay.states[step], replay.states[step + 1].history[-1]
    judgement = judge(state, 0)
    assert [option for option, _, _ in judgement["options"]] == state.legal_actions()
    review = review_step(replay, step)
    assert review["best"] == judgement["action"] and review["chosen"] == chosen
    assert 0 <= review["chance"] <= 1 and 0 <= review["best_chance"] <= 1


def test_the_worker_lists_the_decisions_then_reviews_one_at_a_time(replayed):
    request = {"save": replayed.saved}
    listed = json.loads(worker.review(json.dumps(request)))
    assert listed == {"ok": True, "decisions": decisions(replayed)}
    step = listed["decisions"][0]
    one = json.loads(worker.review(json.dumps(dict(request, step=step))))
    assert one["ok"] and one["step"] == step
    assert one["review"] == json.loads(json.dumps(review_step(replayed, step)))
    bots_turn = next(step for step, state in enumerate(replayed.states)
                     if state.to_act not in (None, replayed.human))
    bad = json.loads(worker.review(json.dumps(dict(request, step=bots_turn))))
    assert not bad["ok"] and "no choice at move" in bad["error"]


def test_the_page_lists_the_worst_decisions_or_says_there_are_none():
    review = {"chosen_text": "Play R3.", "chance": 0.3, "best_text": "Play B6.",
              "best_chance": 0.55, "loss": 25}
    small = dict(review, loss=4, chance=0.51)
    html = review_result_html([(4, review), (9, small), (11, None)])
    assert html.count("data-review-item") == 1 and 'data-loss="25"' in html
    assert "Move 5: win chance 30%, against 55% for the bot&#39;s move." in html and "points" not in html
    assert 'data-action="replay-to" data-step="4"' in html
    assert "data-review-empty" in review_result_html([(9, small)])
    assert "keeps no estimates" in review_result_html([(1, None)])
    assert "Reviewing decision 3 of 7" in review_progress_html(2, 7)


EDGE = re.compile(r"One move on, ([^:]+): ([-+\d.]+)%?, against ([-+\d.]+)%? after the next best\.")
# Deck of Spies 1132644710 is the deal whose hints the review once called mistakes.
HINTED_GAMES = [("deck-of-spies", 1, 1132644710), ("mission-for-peanuts", 3, 43),
                ("spy-tricks", 3, 32), ("mister-spy", 2, 33), ("mister-spy", 4, 34)]


@pytest.mark.parametrize("game, players, seed", HINTED_GAMES)
def test_a_person_who_follows_every_hint_is_never_told_a_hinted_move_gave_up_win_chance(
        game, players, seed):
    session = Session.start({"game": game, "players": players, "seed": seed,
                             "levels": [None] + ["normal"] * (players - 1)})
    hinted, edges = 0, []
    while not session.state.is_over:
        if session.payload()["bot_to_act"]:
            assert session.bot_step()["ok"]
            continue
        hint = session.hint()["hint"]
        assert hint["reason"].startswith("Win chance ")
        edges += EDGE.findall(hint["reason"])
        assert session.act(hint["action"])["ok"]
        hinted += 1
    # The reason names, in the game's own terms, a measure of its evaluation
    # in which the hinted move leads the next best one move on.
    assert edges, "no hint said why in the game's terms"
    for words, mine, theirs in edges:
        assert float(mine) > float(theirs), (words, mine, theirs)
    replay = Replay(session.save())
    reviews = [review_step(replay, step) for step in decisions(replay)]
    assert hinted >= len(reviews) > 0 and all(review is not None for review in reviews)
    assert max(review["loss"] for review in reviews) <= 5
