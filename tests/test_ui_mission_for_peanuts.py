"""The Mission for Peanuts table rendered from real payloads (CPython).

Seeded matches with 3, 4 and 5 players, the human playing at random against
easy bots, give payloads at every kind of decision (Role, ASSIST / DEPLOY,
each targeting step, the Seer's cards, burying, the Agent's blind pick...),
at bots' turns and at the end. Constructed tables prove the rest: immune
players, what only the human may see, the moments banner.
"""

import json
import re

import pytest

from pyapp.engine.registry import catalogue
from pyapp.games import new_game
from pyapp.games.mission_for_peanuts import (AGENT, ASSASSIN, HANDLER, INFORMANT, POLICE, SEER,
                                             SPY, TELEPATH)
from pyapp.session import Session
from pyapp.ui import mission_for_peanuts as table
from pyapp.ui import mission_for_peanuts_cards as cards
from pyapp.ui.html import esc
from pyapp.ui.moments import recent_moments
from pyapp.ui.tables import TABLES

import playthrough

GAME = "mission-for-peanuts"
SEEDS = range(1, 7)
STEPS = {"role", "act", "swap_first", "swap_second", "agent_target", "police_target",
         "trade_target", "copy", "direction", "seer_discard", "bury", "return", "recall",
         "agent_pick"}


def payloads(players, seed):
    return playthrough.payloads(GAME, players, seed)


@pytest.fixture(scope="module")
def games():
    return [payloads(players, seed) for players in (3, 4, 5) for seed in SEEDS]


def every_payload(games):
    return [p for _, game in games for p in game]


def offered(html):
    """The actions of every data-act button."""
    return [json.loads(raw.replace("&quot;", '"').replace("&#39;", "'").replace("&amp;", "&"))
            for raw in re.findall(r'data-act="([^"]*)"', html)]


def constructed(roles, hands, deck, turn=0, step="act"):
    """A session on a laid-out table: `turn` has drawn and must act."""
    n = len(roles)
    state = new_game(GAME, players=n, seed=1)
    state.roles = list(roles)
    state.revealed = True
    state.hands = [sorted(h) for h in hands]
    state.deck = list(deck)
    state.piles = [[] for _ in range(n)]
    state.alive = [True] * n
    state.know = [[[] for _ in range(n)] for _ in range(n)]
    state.memory = [[None] * n for _ in range(n)]
    state.deck_seen = [[None] * len(state.deck) for _ in range(n)]
    state.step = step
    state.pending = {}
    state.turn = state.to_act = state.first = turn
    return Session(state, human=0, levels=[None] + ["easy"] * (n - 1))


def test_every_legal_action_of_the_human_is_a_button_and_nothing_else_is(games):
    checked = set()
    for payload in every_payload(games):
        legal = payload["legal"]
        shown = offered(table.table_html(payload, []))
        assert all(action in legal for action in shown), (shown, legal)
        assert all(action in shown for action in legal), (shown, legal)
        assert len(shown) == len({json.dumps(a, sort_keys=True) for a in shown})
        checked.add(payload["view"]["step"] if legal else "bot")
    assert checked >= STEPS | {"bot"}


def test_a_bots_turn_offers_no_choice_and_says_who_is_acting(games):
    payload = next(p for p in every_payload(games) if p["bot_to_act"])
    html = table.table_html(payload, [])
    seat = payload["view"]["to_act"]
    assert offered(html) == []
    assert 'class="mp-seat s%d' % seat in html and " acting" in html
    assert "Waiting for Player %d (bot)" % (seat + 1) in html
    assert payload["view"]["prompt"] not in html  # addressed to the bot ("your"), not to you


def test_the_human_picks_a_role_from_the_two_dealt_cards(games):
    payload = next(p for p in every_payload(games) if p["legal"] and p["view"]["step"] == "role")
    html = table.table_html(payload, [])
    assert [a["card"] for a in offered(html)] == sorted(set(payload["view"]["hand"]))
    assert "Make it my Role" in html


def test_each_hand_card_offers_its_assist_and_its_deploy(games):
    payload = next(p for p in every_payload(games)
                   if p["legal"] and p["view"]["step"] == "act" and SPY not in p["view"]["hand"])
    html = table.table_html(payload, [])
    for card in set(payload["view"]["hand"]):
        assert {"type": "deploy", "card": card} in offered(html)
        assert {"type": "assist", "card": card} in offered(html)


def test_a_hand_cards_number_then_a_letter_does_its_action(games):
    payload = next(p for p in every_payload(games)
                   if p["legal"] and p["view"]["step"] == "act" and SPY not in p["view"]["hand"])
    hand, legal = payload["view"]["hand"], payload["legal"]
    html = table.table_html(payload, [hand[-1]])
    for number, card in enumerate(hand, 1):
        assert '<kbd aria-hidden="true" class="card-key" data-key="%d"></kbd>' % number in html
    assert html.count("mp-card mp-big mp-c-%s selected" % hand[-1]) == hand.count(hand[-1])
    name = cards.card_name(hand[-1])
    last = hand.index(hand[-1]) + 1  # (the buttons go under a card's first copy)
    assert ('DEPLOY<span class="sr-only">: %s</span> <kbd>%d</kbd><kbd>D</kbd>' % (
        esc(name), last)) in html
    for number, card in enumerate(hand, 1):  # each choice has its own keys
        if hand.index(card) + 1 == number:
            assert html.count('data-choice-key="%da"' % number) == 1
            assert html.count('data-choice-key="%dd"' % number) == 1
    assert table.requested_action("assist", [hand[-1]], legal) == {
        "type": "assist", "card": hand[-1]}
    assert table.requested_action("deploy", [hand[0], hand[-1]], legal) == {
        "type": "deploy", "card": hand[-1]}
    if len(set(hand)) > 1:
        assert table.requested_action("deploy", [], legal) == {"type": "deploy"}


def test_cards_and_roles_are_named_and_face_down_cards_said_to_be(games):
    payload = next(p for p in every_payload(games) if p["legal"] and p["view"]["step"] == "act")
    html = table.table_html(payload, [])
    role = payload["view"]["roles"][payload["view"]["seat"]]
    assert 'aria-label="%s Role' % esc(cards.card_name(role)) in html
    assert '<div aria-label="face-down card" class="mp-card mp-back mp-big "' in \
        cards.back_face("big")
    assert 'class="mp-pile" role="group"' in html


def test_the_spy_is_shown_without_its_assist_when_the_deck_is_empty():
    session = constructed([SEER, HANDLER, AGENT], [[SPY, INFORMANT], [POLICE], [SEER]], [])
    html = table.table_html(session.payload(), [])
    assert {"type": "assist", "card": SPY} not in offered(html)
    assert {"type": "deploy", "card": SPY} in offered(html)
    assert "cannot be discarded for its blank ASSIST while the deck is empty" in html


def test_immune_players_are_greyed_with_the_reason_and_cannot_be_clicked():
    session = constructed([SEER, ASSASSIN, POLICE], [[POLICE, INFORMANT], [SEER], [AGENT]],
                          [HANDLER, SEER])
    session.act({"type": "assist", "card": POLICE})
    payload = session.payload()
    html = table.table_html(payload, [])
    assert offered(html) == [{"type": "target", "seat": 1}]
    reason = payload["view"]["immune"][0]["reason"]
    assert payload["view"]["immune"] == [{"seat": 2, "reason": reason}]
    assert ('class="btn mp-target off" data-action="disabled" aria-disabled="true" '
            'aria-describedby="why-target-2">') in html
    assert 'class="why shown" id="why-target-2">%s</span>' % esc(reason) in html
    assert 'mp-badge shield" title="%s">immune' % esc(reason) in html


def test_the_informant_swap_offers_the_player_yourself_and_then_the_second_player():
    session = constructed([SEER, HANDLER, ASSASSIN], [[INFORMANT, SEER], [POLICE], [AGENT]],
                          [HANDLER, SEER])
    session.act({"type": "assist", "card": INFORMANT})
    html = table.table_html(session.payload(), [])
    assert offered(html) == [{"type": "target", "seat": 0}, {"type": "target", "seat": 1}]
    assert "<b>You</b>" in html and "cannot be chosen for a swap" in html
    session.act({"type": "target", "seat": 0})
    html = table.table_html(session.payload(), [])
    assert offered(html) == [{"type": "target", "seat": 1}]
    assert "already chosen" in html


def test_the_seer_shows_the_cards_it_looks_at_only_to_its_player():
    session = constructed([SEER, HANDLER, AGENT], [[SEER, INFORMANT], [POLICE], [SEER]],
                          [TELEPATH, ASSASSIN, HANDLER, SPY])
    session.act({"type": "assist", "card": SEER})
    html = table.table_html(session.payload(), [])
    assert offered(html) == [{"type": "discard_face_down", "index": i} for i in range(3)]
    peek = html[html.index('class="mp-decision"'):html.index('class="mp-middle"')]
    assert re.findall(r'data-card="([a-z-]+)"', peek) == [TELEPATH, ASSASSIN, HANDLER]
    session.act({"type": "discard_face_down", "index": 1})
    html = table.table_html(session.payload(), [])
    assert "face down" in html  # the human's own face-down card, marked as such


def test_a_hand_the_human_was_shown_is_in_your_notes_and_marked_when_stale():
    session = constructed([SEER, HANDLER, AGENT], [[POLICE, INFORMANT], [SEER], [TELEPATH]],
                          [HANDLER, SEER])
    session.act({"type": "assist", "card": POLICE})
    session.act({"type": "target", "seat": 2})
    payload = session.payload()
    notes = table.notes_html(payload["view"])
    assert "Player 3</b> holds" in notes and "Telepath" in notes and "stale" not in notes
    payload["view"]["known_hands"][0]["stale"] = True
    assert "may have changed" in table.notes_html(payload["view"])


def test_what_a_bot_was_shown_never_appears_on_the_table():
    session = constructed([SEER, HANDLER, AGENT], [[INFORMANT], [TELEPATH, SEER], [ASSASSIN]],
                          [HANDLER, SEER, POLICE], turn=1)
    session.state.apply({"type": "assist", "card": TELEPATH})
    payload = session.payload()
    html = table.table_html(payload, [])
    assert "Nobody has shown you a hand" in html
    assert "mp-c-assassin" not in html and "Telepath" in html  # its own, now discarded
    assert "Assassin" not in table.notes_html(payload["view"])


def test_no_card_face_shows_what_the_human_cannot_see(games):
    """Every card drawn face up is in the human's view or in a public log event."""
    for payload in every_payload(games)[::7]:
        view = payload["view"]
        known = json.dumps([view[k] for k in ("hand", "roles", "discards", "known_hands",
                                              "deck_known", "pending", "result")])
        known += json.dumps([e for e in payload["log"]])
        html = table.table_html(payload, [])
        for code in set(re.findall(r"mp-c-([a-z-]+)", html)):
            assert '"%s"' % code in known, code


def test_a_showdown_is_shown_with_each_hand_its_combination_and_the_tie_break(games):
    found = None
    for payload in every_payload(games):
        moments = recent_moments(payload, cards.MOMENTS)
        if any(e["kind"] == "showdown" for e in moments) and payload["legal"]:
            found = payload
            break
    assert found is not None
    event = next(e for e in recent_moments(found, cards.MOMENTS) if e["kind"] == "showdown")
    html = table.table_html(found, [])
    assert "<h4>Showdown</h4>" in html and "Round over" not in html  # one panel for both
    for entry in event["hands"]:
        assert esc(entry["combination"] or "%d notches" % entry["notches"]) in html
    assert esc(event["verdict"]) in html
    if event["decided_by"]:
        assert event["verdict"].startswith("Decided by the ")
    assert "Peanut Points:" in html


def test_a_moment_stays_until_the_humans_next_decision_is_made(games):
    for session, game in games:
        for index, payload in enumerate(game):
            moments = [e for e in recent_moments(payload, cards.MOMENTS) if e["kind"] == "elimination"]
            if not moments or not payload["legal"]:
                continue
            assert "<h4>Eliminated</h4>" in table.table_html(payload, [])
            after = game[index + 1]
            shown = recent_moments(after, cards.MOMENTS)
            assert all(e not in shown for e in moments)
            return
    raise AssertionError("no elimination before a decision of the human")


def test_the_end_screen_names_the_result_and_offers_a_new_game(games):
    for session, game in games[:5]:
        html = table.table_html(game[-1], [])
        playthrough.assert_end_screen(html, game[-1]["view"]["result"])
        assert offered(html) == []


def test_texts_from_the_payload_are_escaped(games):
    # The prompt is drawn at the human's decisions (a bot's turn shows only who acts).
    decision = next(payload for payload in games[0][1] if payload["legal"])
    payload = playthrough.hostile_payload(decision, log_kind="round_void")
    playthrough.assert_escaped(table.table_html(payload, []))


def test_the_log_and_prompts_name_players_from_1(games):
    for session, game in games:
        for event in session.state.log:
            assert not re.search(r"\b[Ss]eats? \d", event["text"]), event["text"]
            assert event["text"].endswith((".", "!")), event["text"]
        for payload in game[::5]:
            prompt = payload["view"]["prompt"]
            assert prompt.startswith("Player ") or prompt == "The match is over.", prompt


def test_a_hint_names_its_move_in_words():
    session = constructed([SEER, HANDLER, AGENT], [[INFORMANT, SEER], [POLICE], [TELEPATH]],
                          [HANDLER, SEER])
    state = session.state
    assert state.describe({"type": "assist", "card": INFORMANT}) == \
        "discard the Informant for its ASSIST: two players of your choice swap hands"
    assert state.describe({"type": "deploy", "card": SEER}).startswith(
        "DEPLOY the Seer as your new Role (discarding the Seer)")
    state.apply({"type": "assist", "card": INFORMANT})
    state.apply({"type": "target", "seat": 1})
    assert state.describe({"type": "target", "seat": 2}) == \
        "swap Player 2's and Player 3's hands"
    assert state.describe({"type": "target", "seat": 0}) == "swap your hand with Player 2's"


def test_the_lobby_offers_a_list_of_peanut_point_targets():
    entry = next(e for e in catalogue() if e["id"] == GAME)
    option = next(o for o in entry["options"] if o["name"] == "target")
    assert option["choices"] and 1 in option["choices"] and 5 in option["choices"]
    assert new_game(GAME, players=3, seed=1).options["target"] == 3
    assert new_game(GAME, players=4, seed=1).options["target"] == 2


def test_the_table_is_registered_and_its_rules_sheet_has_the_table_rules():
    assert TABLES[GAME] is table
    sheet = playthrough.rules_sheet(GAME)
    for words in ("19 or 20 cards", "drawing never does", "Agent ASSIST", "min(3, deck)",
                  "the last one you put there is the bottom card", "yourself allowed",
                  "\u201cthe first\u201d", "Assassin Role", "extra turn is lost",
                  "dealt again", "one player at a time", "face-down cards included",
                  "shared match win", "does nothing at all", "eliminated player's pile"):
        assert esc(words) in sheet, words


def test_a_hint_marks_the_choice_it_points_at(games):
    payload = next(p for p in every_payload(games) if p["legal"] and p["view"]["step"] == "act")
    action = payload["legal"][-1]
    html = table.table_html(payload, [], {"action": action, "text": "x"})
    playthrough.assert_hint_marks(html, action, "mp-hinted")


def test_the_line_under_the_prompt_is_the_engine_s_rule_for_the_step(games):
    for payload in every_payload(games):
        if payload["legal"] and payload["view"]["how"]:
            html = table.table_html(payload, [])
            assert '<p class="mp-how">%s</p>' % esc(payload["view"]["how"]) in html


def test_card_faces_say_what_the_engine_s_card_table_in_the_payload_says(games):
    payload = json.loads(json.dumps(games[0][1][0]))  # the table is JSON-ready
    assert [card["code"] for card in payload["cards"]] == list(cards.EMBLEMS)
    for card in payload["cards"]:
        card["face_deploy"] = "deploy line of the " + card["code"]
    html = table.table_html(payload, [])
    for code in payload["view"]["hand"]:
        assert "deploy line of the " + code in html
