"""The Spy Tricks table rendered from real payloads (CPython).

Seeded games with random seats (the easy bots' policy, for the human too)
give payloads at each kind of moment: the human leading or following, placing
after a trick with or without a collaborator, catching up at a round's end, a
bot's turn, a new round showing the last payouts, and the end.
"""

import json
import re

import pytest

from pyapp.games import new_game
from pyapp.ui import spy_tricks as table
from pyapp.ui import spy_tricks_cards as cards
from pyapp.ui.html import esc
from pyapp.ui.tables import TABLES

import playthrough

SEEDS = range(1, 9)


def payloads(players, seed):
    return playthrough.payloads("spy-tricks", players, seed)


@pytest.fixture(scope="module")
def games():
    return [payloads(players, seed) for players in (3, 4) for seed in SEEDS]


def every_payload(games):
    return [p for _, game in games for p in game]


def find(games, test, what):
    for payload in every_payload(games):
        if test(payload):
            return payload
    raise AssertionError("no payload in the seeded games shows " + what)


def offered(html):
    """The actions of every enabled data-act button (a greyed card carries its
    action too, for the engine to say why it is not legal)."""
    return [json.loads(raw.replace("&quot;", '"').replace("&#39;", "'").replace("&amp;", "&"))
            for raw in re.findall(r'<button(?![^>]*aria-disabled)[^>]*data-act="([^"]*)"', html)]


def placing(payload, collaborator=None):
    legal = payload["legal"]
    if not any(a["type"] == "place" for a in legal):
        return False
    return collaborator is None or any(a.get("collaborator") for a in legal) == collaborator


def test_every_legal_action_of_the_human_is_a_button_and_nothing_else_is(games):
    checked = set()
    for payload in every_payload(games):
        legal = payload["legal"]
        with_collaborator = [a for a in legal if a.get("collaborator")]
        selections = [[], [table.COLLABORATOR]] if with_collaborator else [[]]
        reachable = []
        for selection in selections:
            shown = offered(table.table_html(payload, selection))
            assert all(action in legal for action in shown), shown
            assert len(shown) == len({json.dumps(a, sort_keys=True) for a in shown})
            reachable.extend(shown)
        assert all(action in reachable for action in legal)
        checked.add(payload["view"]["phase"] if legal else "bot")
        if with_collaborator:
            checked.add("collaborator")
    assert checked >= {"play", "place", "catch-up", "bot", "collaborator"}


def test_only_cards_that_follow_suit_are_playable(games):
    payload = find(games, lambda p: p["view"]["trick"] and p["legal"]
                   and len(p["legal"]) < len(p["view"]["hand"]), "a hand that must follow")
    html = table.table_html(payload, [])
    playable = [a["card"] for a in offered(html)]
    led = payload["view"]["led_suit"]
    assert playable and all(card[0] == led for card in playable)
    assert html.count("st-off") == len(payload["view"]["hand"]) - len(playable)


def test_hand_cards_are_named_aloud_and_show_their_number_key_when_playable(games):
    payload = find(games, lambda p: p["view"]["trick"] and p["legal"]
                   and len(p["legal"]) < len(p["view"]["hand"]), "a hand that must follow")
    playable = [a["card"] for a in payload["legal"]]
    html = table.table_html(payload, [playable[0]])
    names = table.suit_names(payload["view"])
    for number, code in enumerate(payload["view"]["hand"], 1):
        name = table.card_name(code, names)
        assert '<kbd aria-hidden="true" class="card-key" data-key="%d"></kbd>' % number in html
        if code in playable:
            assert 'aria-label="Play %s" aria-keyshortcuts="%d" data-face="%s">' % (
                name, number, code) in html
        else:
            assert re.search(r'aria-disabled="true" aria-describedby="why-hand" data-act="[^"]*'
                             r'%s[^"]*" aria-label="Play %s"' % (code, re.escape(name)), html)
    assert html.count("st-card st-%s big selected" % playable[0][0]) == 1
    assert "then <kbd>P</kbd> plays it." in html


def test_a_card_is_named_by_its_suit_and_number_and_drawn_with_its_suits_glyph():
    names = {"R": "red", "B": "blue", "W": "white"}
    assert table.card_name("R9", names) == "Red 9"
    html = table.card_html("B4", names)
    assert 'aria-label="Blue 4"' in html and 'role="img"' in html
    assert 'data-glyph="%s"' % cards.SUIT_GLYPHS["B"] in html
    assert len(set(cards.SUIT_GLYPHS.values())) == len(cards.SUIT_GLYPHS)
    assert 'aria-label="The secret card, face down"' in cards.secret_html(None, names)


def test_the_board_has_a_legend_of_its_looks_and_the_suit_order(games):
    session, game = games[0]
    html = table.table_html(game[0], [])
    legend = html[html.index('<div class="st-legend">'):]
    for words in ("bright: face up", "bright, dashed: in this trick", "dashed: not seen yet",
                  "dot: a pawn", "black dot: a collaborator"):
        assert words in legend
    order = [name for _, name in game[0]["view"]["setup"]["suits"]]
    assert re.search(r"strongest first: .*%s.* &gt; .*%s.* &gt; .*%s" % tuple(order), legend)
    out = "greyed: out of play" in legend
    assert out == bool(game[0]["view"]["setup"]["out_of_play"])


def test_the_collaborator_toggle_switches_every_space_to_a_pawn_with_a_collaborator(games):
    payload = find(games, lambda p: placing(p, collaborator=True),
                   "a placement with a collaborator")
    plain = table.table_html(payload, [])
    assert 'data-card="collaborator"' in plain and 'aria-pressed="false"' in plain
    assert not any(a.get("collaborator") for a in offered(plain))
    toggled = table.table_html(payload, [table.COLLABORATOR])
    assert 'aria-pressed="true"' in toggled
    spaces = [a for a in offered(toggled) if a["type"] == "place"]
    assert spaces and all(a["collaborator"] for a in spaces)


def test_without_a_collaborator_there_is_no_toggle(games):
    payload = find(games, lambda p: placing(p, collaborator=False), "a placement without one")
    assert 'data-card="collaborator"' not in table.table_html(payload, [table.COLLABORATOR])


def test_a_catch_up_pawn_may_go_on_a_covered_space(games):
    payload = find(games, lambda p: p["view"]["phase"] == "catch-up" and p["legal"],
                   "a catch-up decision of the human")
    board = payload["view"]["board"]
    html = table.table_html(payload, [])
    covered = [a["space"] for a in offered(html) if a["type"] == "place" and a["space"] in board]
    assert covered, "a face-up card's space is offered at catch-up"


def shown_faces(html):
    """The card codes drawn face up anywhere on the table."""
    faces = re.findall(r'class="st-card st-([RBW])[^"]*"[^>]*><b>(\d)</b>', html)
    faces += re.findall(r'class="st-space st-card-space st-([RBW]) (?:up|in-trick)[^"]*"'
                        r'[^>]*><b class="st-face">(\d)</b>', html)
    return {suit + rank for suit, rank in faces}


def test_no_card_the_human_cannot_see_is_drawn(games):
    for session, game in games:
        for payload in game:
            view = payload["view"]
            if view["over"] or table.round_recap(payload) is not None:
                continue
            known = set(view["hand"]) | set(view["board"]) | {c for _, c in view["trick"]}
            if view["last_trick"]:
                known |= {c for _, c in view["last_trick"]["cards"]}
            assert shown_faces(table.table_html(payload, [])) <= known


def test_the_secret_lies_face_down_until_the_round_ends(games):
    payload = find(games, lambda p: p["view"]["tricks_played"] == 3, "a round in progress")
    html = table.table_html(payload, [])
    assert 'class="st-secret"' in html and "st-secret revealed" not in html


def test_the_last_rounds_payouts_are_shown_on_the_board_until_the_next_trick_is_done(games):
    session, game = games[0]
    log = session.state.log
    first_reveal = next(e for e in log if e["kind"] == "reveal")
    start = log.index(first_reveal)
    scores = next(i for i in range(start, len(log)) if log[i]["kind"] == "scores")
    payouts = [e for e in log[start:scores] if e["kind"] == "payout"]
    new_round = [p for p in game if p["view"]["round"] == 2 and p["view"]["tricks_played"] == 0]
    assert new_round
    for payload in new_round:
        recap = table.round_recap(payload)
        assert recap["round"] == 1 and recap["secret"] == first_reveal["secret"]
        assert recap["payouts"] == [
            {key: e[key] for key in ("seat", "space", "collaborator", "coins", "value")}
            for e in payouts]
        html = table.table_html(payload, [])
        assert "st-board recap" in html and "st-secret revealed" in html
        assert html.count('class="st-pay') == len(recap["payouts"])
        names = table.suit_names(payload["view"])
        assert "the secret was <b>%s</b>" % esc(table.space_label(recap["secret"], names)) in html
    later = next(p for p in game if p["view"]["round"] == 2 and p["view"]["tricks_played"] == 1)
    assert table.round_recap(later) is None
    assert "st-board recap" not in table.table_html(later, [])


def test_each_payout_counts_in_the_recap_and_the_gains_add_up(games):
    for session, game in games:
        for payload in game:
            recap = table.round_recap(payload)
            if recap is None or recap["coins"] is None:
                continue
            assert sum(recap["earned"]) == sum(e["value"] for e in recap["payouts"])
            assert all(e["value"] == sum(e["coins"]) for e in recap["payouts"])


def test_the_deduction_aid_lists_the_unseen_ranks_of_each_suit(games):
    payload = find(games, lambda p: p["view"]["tricks_played"] == 2 and p["legal"], "a decision")
    html = table.table_html(payload, [])
    assert 'id="st-aid-switch"' in html and 'for="st-aid-switch"' in html
    aid = html[html.index('class="st-aid"'):]
    for suit, _ in payload["view"]["setup"]["suits"]:
        chips = re.findall(r'<span class="st-chip st-%s">(\d)</span>' % suit, aid)
        assert [int(c) for c in chips] == payload["view"]["unseen"][suit]
    unseen_spaces = re.findall(r'st-card-space st-([RBW]) unseen', html)
    assert len(unseen_spaces) == sum(len(v) for v in payload["view"]["unseen"].values())


def test_a_bots_turn_offers_no_choice_and_says_who_is_acting(games):
    payload = find(games, lambda p: p["bot_to_act"], "a bot's turn")
    html = table.table_html(payload, [])
    assert offered(html) == []
    assert 'class="st-seat p%d' % payload["view"]["to_act"] in html
    assert "acting" in html and esc(payload["view"]["prompt"]) in html


def test_the_end_screen_names_the_result_and_offers_a_new_game(games):
    for session, game in games[:4]:
        payload = game[-1]
        html = table.table_html(payload, [])
        playthrough.assert_end_screen(html, payload["view"]["result"])
        assert offered(html) == []


def test_texts_from_the_payload_are_escaped(games):
    payload = playthrough.hostile_payload(games[0][1][5])
    playthrough.assert_escaped(table.table_html(payload, []))


def test_the_log_reads_as_sentences(games):
    session, _ = games[0]
    texts = [e["text"] for e in session.state.log]
    assert any(re.fullmatch(r"Player \d plays [RBW]\d\.", t) for t in texts)
    for text in texts:
        assert "rank:" not in text and "suit:" not in text, text
        assert text.endswith("."), text
        assert text.startswith(("Player", "Round", "The", "Totals", "2", "3")), text


def test_a_hint_names_its_move_in_words():
    state = new_game("spy-tricks", players=3, seed=1)
    assert state.describe({"type": "play", "card": "R7"}) == "play R7"
    assert state.describe({"type": "place", "space": "rank:4", "collaborator": True}) == \
        "place a pawn and a collaborator on rank 4"
    assert state.describe({"type": "place", "space": "suit:B", "collaborator": False}) == \
        "place a pawn on the blue suit"


def test_p_plays_the_card_picked_by_its_number_key_or_passes_during_a_placement():
    assert table.KEYS["p"] == "play" and table.KEYS["h"] == "hint"
    place = [{"type": "place", "space": "R4", "collaborator": False}, {"type": "pass"}]
    assert table.requested_action("play", [], place) == {"type": "pass"}
    plays = [{"type": "play", "card": "B3"}, {"type": "play", "card": "W1"}]
    assert table.requested_action("play", ["W1", "B3"], plays) == plays[0]
    assert table.requested_action("play", ["R9"], plays) == {"type": "play", "card": None}


def test_the_table_is_registered_and_its_rules_sheet_has_the_table_rules():
    assert TABLES["spy-tricks"] is table
    sheet = playthrough.rules_sheet("spy-tricks")
    for words in ("1s and 2s", "empty", "miss", "any space", "lowest total", "start player",
                  "number of coins", "own hand", "skipped", "last round", "failed to follow"):
        assert words in sheet, words


def test_the_board_and_counts_come_from_the_engines_setup(games):
    payload = json.loads(json.dumps(find(games, lambda p: p["view"]["tricks_played"] == 1,
                                         "a round in progress")))
    setup = payload["view"]["setup"]
    setup["suits"] = [[code, name.upper()] for code, name in setup["suits"]]
    setup["pawns_per_round"], setup["tricks_per_round"] = 7, 9
    html = table.table_html(payload, [])
    assert "RED suit" in html and "red suit" not in html
    first_stock = re.search(r'class="st-stock"[^>]*>(.*?)</div>', html).group(1)
    assert first_stock.count("st-pawn p0") == 7
    assert re.search(r"Trick \d of 9", html)


def test_three_players_show_how_many_cards_are_out_of_play(games):
    three = table.table_html(games[0][1][0], [])
    four = table.table_html(games[len(SEEDS)][1][0], [])
    assert "6 cards out of play" in three and "out of play</li>" not in four
