"""The UI's pure parts under CPython: URL parameters, escaping, the lobby, the
rules pages and the Deck of Spies table rendered from real views."""

import re

import pytest

from pyapp.bots import catalogue
from pyapp.games import new_game
from pyapp.ui import deck_of_spies as table
from pyapp.ui.html import action_json, esc, render
from pyapp.ui.lobby import lobby_html
from pyapp.ui.page import latest_move_html, table_page_html, table_query, undo_html
from pyapp.ui.params import game_request
from pyapp.ui.rules import rules_html
from pyapp.ui.tables import TABLES


def test_a_seeded_deal_is_read_from_the_url():
    spec, problems = game_request("?game=deck-of-spies&seed=123", catalogue())
    assert problems == []
    assert spec == {"game": "deck-of-spies", "seed": 123, "players": 1, "options": {}}


def test_no_parameters_ask_for_nothing():
    assert game_request("", catalogue()) == (None, [])


def test_unknown_games_and_parameters_and_bad_numbers_are_named():
    cases = {
        "?game=chess": "no game \u201cchess\u201d",
        "?game=deck-of-spies&seed=-4": "whole number",
        "?game=deck-of-spies&seed=99999999999": "whole number",
        "?game=deck-of-spies&colour=red": "Unknown URL parameter \u201ccolour\u201d",
        "?seed=5": "no game",
        "?game=deck-of-spies&players=3": "players",
        "?game=deck-of-spies&level=expert":
            "Deck of Spies has no bots, so no bot level to set (the link gives \u201cexpert\u201d)",
        "?game=spy-tricks&level=expert": "no bot level \u201cexpert\u201d for Spy Tricks (levels: ",
        "?game=spy-tricks&level=hard&level=easy":
            "The URL gives level twice: \u201chard\u201d and \u201ceasy\u201d",
    }
    for query, words in cases.items():
        spec, problems = game_request(query, catalogue())
        assert spec is None, query
        assert any(words in p for p in problems), (query, problems)


def test_a_parameter_given_twice_alike_is_read_once():
    spec, problems = game_request("?game=spy-tricks&seed=4&seed=4", catalogue())
    assert problems == [] and spec["seed"] == 4


def test_a_huge_bad_value_is_quoted_only_in_part():
    _, problems = game_request("?game=" + "x" * 100000 + "&" + "y" * 100000 + "=1", catalogue())
    assert problems and all(len(problem) < 300 for problem in problems)
    assert "x" * 39 + "\u2026" in problems[-1]


def test_url_escapes_are_decoded_and_bad_ones_kept():
    spec, _ = game_request("?game=deck%2Dof%2Dspies&seed=%31", catalogue())
    assert spec["game"] == "deck-of-spies" and spec["seed"] == 1
    _, problems = game_request("?game=%E2%9C%93%zz", catalogue())
    assert "\u2713%zz" in problems[0]


def test_text_is_escaped_for_html():
    assert esc('<b a="1">&\'') == "&lt;b a=&quot;1&quot;&gt;&amp;&#39;"


def test_the_lobby_has_a_tile_and_a_rules_page_for_every_game(app_catalogue):
    games = app_catalogue["catalogue"]
    html = lobby_html(games)
    for entry in games:
        assert 'data-game="%s"' % entry["id"] in html
        assert esc(entry["title"]) in html
        assert entry["id"] in TABLES
        assert "Table rules" in rules_html(entry) and entry["rules"]["table"]


def payload_for(state):
    return {"view": state.view(0), "legal": state.legal_actions(), "seed": state.seed}


def action_button(html, kind):
    match = re.search(r'<button[^>]*data-type="%s"[^>]*>' % kind, html)
    assert match, "no %s button" % kind
    return match.group(0)


def test_only_the_buttons_of_legal_actions_look_enabled():
    state = new_game("deck-of-spies", seed=123)
    legal = state.legal_actions()
    counter = next(a for a in legal if a["type"] == "counter")
    html = table.table_html(payload_for(state), counter["cards"])
    assert 'aria-disabled="true"' not in action_button(html, "counter")
    recruit_legal = table.action_for("recruit", counter["cards"], legal) is not None
    assert ('aria-disabled="true"' in action_button(html, "recruit")) != recruit_legal
    assert table.action_for("counter", list(reversed(counter["cards"])), legal) == counter
    nothing = table.table_html(payload_for(state), [])
    assert 'aria-disabled="true"' in action_button(nothing, "counter")


def test_a_try_that_is_not_legal_is_still_sent_for_the_engine_to_explain():
    state = new_game("deck-of-spies", seed=123)
    low = state.view(0)["hand"][0]
    action = table.requested_action("counter", [low], state.legal_actions())
    assert action == {"type": "counter", "cards": [low]}


def test_the_table_shows_every_zone_and_the_tally():
    state = new_game("deck-of-spies", seed=123)
    html = table.table_html(payload_for(state), [])
    for words in ("Spy deck", "Spy discard", "Removed Aces", "Draw deck", "Draw discard",
                  "Your hand", "Key spies: you <b>0</b>, spies <b>0</b>, need <b>7</b>",
                  "5\u20137", "8\u201310", "J\u2013K", "36 spies left"):
        assert words in html, words
    for card in state.view(0)["hand"]:
        assert 'data-card="%s"' % card in html


def test_forced_assassination_offers_one_button_per_ace_with_its_place():
    state = new_game("deck-of-spies", seed=123)
    state.hand = ["2S", "2H"]
    state.spy_deck[0] = "KD"
    html = table.table_html(payload_for(state), [])
    for entry in state.view(0)["aces_available"]:
        assert esc(action_json({"type": "assassinate", "ace": entry["card"]})) in html
        assert "from %s" % entry["place"] in html


def test_the_end_screen_says_why_and_offers_the_same_deal():
    state = new_game("deck-of-spies", seed=123)
    state.finish({"kind": "end", "winners": [], "scores": [3], "reason": "lost", "theirs": 9,
                  "spy": None, "hand_total": None})
    html = table.table_html(payload_for(state), [])
    assert "Mission failed" in html and "you hold 3" in html
    assert 'data-action="same-deal"' in html and "seed 123" in html


def test_the_table_page_frames_the_table_with_tools_and_the_move_log():
    state = new_game("deck-of-spies", seed=123)
    state.say("<script>alert(1)</script>")
    payload = payload_for(state)
    payload.update({"game": "deck-of-spies", "title": "Deck of Spies", "players": 1,
                    "levels": [None], "log": state.log, "save": {"game": state.save()},
                    "undo": {"allowed": False, "reason": "You have made no move to take back."}})
    html = table_page_html(payload, [], {"action": state.legal_actions()[0], "text": "Do it."})
    assert "Deal #123" in html and 'data-action="hint"' in html
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert html.index("&lt;script&gt;") < html.index("A new deal")  # newest first
    assert 'data-testid="hint">Hint: Do it.' in html
    assert table_query(payload) == "?game=deck-of-spies&seed=123"


def test_undo_is_aria_disabled_with_its_reason_until_the_engine_allows_it():
    refused = render(undo_html({"allowed": False, "reason": "Another player has moved since."}))
    assert 'data-action="undo"' in refused and 'aria-disabled="true"' in refused
    assert 'aria-describedby="undo-why"' in refused
    assert 'id="undo-why">Another player has moved since.</span>' in refused
    allowed = render(undo_html({"allowed": True, "reason": None}))
    assert 'data-action="undo"' in allowed and "aria-disabled" not in allowed
    assert "<kbd>U</kbd>" in allowed


def test_the_table_address_carries_seats_the_bots_level_and_options():
    payload = {"game": "mister-spy", "seed": 44, "players": 3, "levels": [None, "hard", "hard"],
               "save": {"game": {"options": {}}}}
    assert table_query(payload) == "?game=mister-spy&seed=44&players=3&level=hard"
    payload["levels"] = [None, "easy", "hard"]  # mixed levels have no one name
    assert table_query(payload) == "?game=mister-spy&seed=44&players=3"
    payload.update(game="mission-for-peanuts", save={"game": {"options": {"target": 5}}})
    assert table_query(payload) == "?game=mission-for-peanuts&seed=44&players=3&target=5"


def test_a_copied_address_deals_the_same_setup_again():
    query = "?game=mission-for-peanuts&seed=9&players=4&level=hard&target=5&pace=fast"
    spec, problems = game_request(query, catalogue())
    assert problems == []
    assert spec == {"game": "mission-for-peanuts", "seed": 9, "players": 4,
                    "levels": [None, "hard", "hard", "hard"], "options": {"target": 5},
                    "pace": "fast"}
    for bad in ("&target=99", "&target=true", "&pace=warp"):
        spec, problems = game_request(query + bad, catalogue())
        assert spec is None and problems, bad


def test_the_newest_move_shows_above_the_table_with_a_link_to_the_log():
    html = render(latest_move_html([{"text": "Player 2 plays R9."}, {"text": "<b>Player 3</b> wins."}]))
    assert "&lt;b&gt;Player 3&lt;/b&gt; wins." in html and "Player 2" not in html
    assert 'href="#move-log"' in html
    assert latest_move_html([]) is None


@pytest.mark.parametrize("game, players", [("deck-of-spies", 1), ("mission-for-peanuts", 3),
                                           ("spy-tricks", 3), ("mister-spy", 4)])
def test_every_table_marks_its_prompt_hand_and_result_and_offers_skip_while_bots_move(
        game, players):
    from playthrough import payloads

    _, seen = payloads(game, players, 5)
    deciding = next(payload for payload in seen if payload["legal"])
    html = table_page_html(deciding, [], None)
    assert "data-prompt" in html and "data-hand" in html and 'data-action="skip"' not in html
    assert "Speed" in html and ">Bots" not in html
    waiting = [payload for payload in seen if payload["bot_to_act"]]
    for payload in waiting[:3]:
        assert 'data-action="skip"' in table_page_html(payload, [], None)
    assert "data-result" in table_page_html(seen[-1], [], None)


@pytest.mark.parametrize("game, players", [("deck-of-spies", 1), ("mission-for-peanuts", 3),
                                           ("mission-for-peanuts", 5), ("spy-tricks", 4),
                                           ("mister-spy", 2), ("mister-spy", 6)])
def test_each_choice_of_a_decision_has_its_own_keys(game, players):
    """No two enabled buttons of a decision answer the same keys, and none
    shows the same keys as another (issue #35: both cards' buttons showed R)."""
    from playthrough import payloads

    for seed in (5, 6):
        for payload in payloads(game, players, seed)[1]:
            if not payload["legal"]:
                continue
            html = table_page_html(payload, [], None)
            buttons = re.findall(r'<button(?![^>]*aria-disabled="true")[^>]*>.*?</button>', html)
            codes = [re.search(r'data-choice-key="([^"]*)"', b) for b in buttons]
            codes = [c.group(1) for c in codes if c]
            assert len(codes) == len(set(codes)), codes
            shown = ["".join(re.findall(r"<kbd>([^<]*)</kbd>", b)) for b in buttons]
            shown = [keys for keys in shown if keys]
            assert len(shown) == len(set(shown)), (payload["view"].get("step"), shown)


@pytest.mark.parametrize("game, players", [("mission-for-peanuts", 4), ("spy-tricks", 3),
                                           ("mister-spy", 5)])
def test_the_seats_list_starts_with_the_switch_that_unfolds_them_on_a_phone(game, players):
    from playthrough import payloads

    html = table_page_html(payloads(game, players, 5)[1][0], [], None)
    seats = re.search(r'<ol aria-label="Players" class="[a-z]+-seats">(.*?)</ol>', html).group(1)
    assert seats.startswith('<li class="seats-fold"><input class="seats-switch" data-keep '
                            'id="seats-open" type="checkbox"><label class="btn ghost seats-label" '
                            'for="seats-open">')
    assert seats.count('class="seats-fold"') == 1 and seats.count("data-seat=") == players
