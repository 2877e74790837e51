"""The Before I Kill You, Mister Spy... table rendered from real payloads (CPython).

Seeded games with 2, 3, 4 and 6 players, the human playing at random against
easy bots, give payloads at every kind of decision (turn start, after a Lair
card, the Spy's source with teams, a capture, a foil window), at bots' turns
and at the end. Constructed tables prove the rest: a team sent by selection,
the capture and foil panels, taunt lines, escapes, hidden hands.
"""

import json
import re

import pytest

from pyapp.games import new_game
from pyapp.games.mister_spy import DOUBLER_LINES, SPY_NAMES
from pyapp.session import Session
from pyapp.ui import mister_spy as table
from pyapp.ui import mister_spy_cards as cards
from pyapp.ui.html import esc, render
from pyapp.ui.moments import recent_moments
from pyapp.ui.page import table_page_html
from pyapp.ui.tables import TABLES

import playthrough

GAME = "mister-spy"
PHASES = {"play", "spy", "source", "capture", "foil"}


def payloads(players, seed):
    return playthrough.payloads(GAME, players, seed)


@pytest.fixture(scope="module")
def games():
    return [payloads(players, seed) for players in (2, 3, 4, 6) for seed in range(1, 4)]


def every_payload(games):
    return [p for _, game in games for p in game]


def unescape(raw):
    return raw.replace("&quot;", '"').replace("&#39;", "'").replace("&amp;", "&")


def offered(html):
    """The actions of every data-act button."""
    return [json.loads(unescape(raw)) for raw in re.findall(r'data-act="([^"]*)"', html)]


def toggles(html):
    """The data-card values of the selection toggles."""
    return re.findall(r'data-action="select" data-card="([^"]*)"', html)


def team_selection(hand, team):
    """The toggles a person clicks to select `team` from `hand`."""
    picked, used = [], {}
    for code in team:
        copy = used.get(code, 0)
        used[code] = copy + 1
        picked.append("%s#%d" % (code, copy))
    return picked


def constructed(hands, lairs, deck, discard=(), turn=0, players=None):
    """A session on a laid-out table, `turn` to act at the start of a turn."""
    n = players or len(hands)
    state = new_game(GAME, players=n, seed=1)
    state.hands = [sorted(h) for h in hands]
    state.lairs = [list(lair) for lair in lairs]
    state.deck = list(deck)
    state.discard = list(discard)
    state.scores = [0] * n
    state.phase = "play"
    state.played = False
    state.turn = state.to_act = turn
    return Session(state, human=0, levels=[None] + ["easy"] * (n - 1))


# -- every choice, and only legal ones ---------------------------------------------------


def test_every_legal_action_of_the_human_is_a_button_or_a_selection_and_nothing_else(games):
    checked = set()
    for payload in every_payload(games):
        legal = payload["legal"]
        html = table.table_html(payload, [])
        shown = offered(html)
        assert all(action in legal for action in shown), (shown, legal)
        assert len(shown) == len({json.dumps(a, sort_keys=True) for a in shown})
        hand = payload["view"]["hand"]
        for action in legal:
            if action in shown:
                continue
            # Only a team is reached by selection: select its cards, then "Send team".
            assert action["type"] == "spy_source" and len(action["cards"]) > 1, action
            selection = team_selection(hand, action["cards"])
            assert set(selection) <= set(toggles(html))
            selected = table.table_html(payload, selection)
            assert 'data-type="send"' in selected and "Send team of %d" % sum(
                int(c[1:]) for c in action["cards"]) in selected
            assert table.requested_action("send", selection, legal) == action
            checked.add("team")
        checked.add(payload["view"]["phase"] if legal else "bot")
    assert checked >= PHASES | {"bot", "team"}


def test_a_bots_turn_offers_no_choice_and_says_who_is_acting(games):
    payload = next(p for p in every_payload(games) if p["bot_to_act"])
    html = table.table_html(payload, [])
    seat = payload["view"]["to_act"]
    assert offered(html) == [] and toggles(html) == []
    assert 'class="ms-seat s%d' % seat in html and " acting" in html
    assert "Waiting for Player %d (bot)" % (seat + 1) in html


def test_a_spy_goes_to_a_declared_lair_before_any_source_is_offered():
    session = constructed([["L3", "S2", "D-A"], ["S5", "L2"]], [["L4"], ["L3"]], ["L2", "S4"])
    html = table.table_html(session.payload(), [])
    kinds = [a["type"] for a in offered(html)]
    assert kinds == ["lair", "spy_target", "spy_target", "end_turn"]
    assert "Choose the Lair first" in html and "spy_source" not in html
    session.act({"type": "spy_target", "seat": 1})
    html = table.table_html(session.payload(), [])
    assert offered(html) == [
        {"type": "spy_source", "source": "hand", "cards": ["S2"]},
        {"type": "spy_source", "source": "blind", "seat": 1},
        {"type": "spy_source", "source": "deck"}]
    assert "Top of the deck" in html and "Into <b>Player 2&#39;s Lair</b> of <b>3</b>" in html


def test_a_lair_without_cards_is_greyed_as_no_target():
    session = constructed([["S2", "D-A"], ["S5", "L2"]], [["L4"], []], ["S4"])
    html = table.table_html(session.payload(), [])
    assert offered(html) == [{"type": "spy_target", "seat": 0}, {"type": "end_turn"}]
    assert ('<button type="button" class="btn ms-target off" data-action="disabled" '
            'aria-disabled="true" aria-describedby="why-target-1">') in html
    assert 'id="why-target-1">No Lair: no Spy can go there.</span>' in html


def test_a_team_is_selected_in_the_hand_and_sent_with_one_button():
    session = constructed([["S2", "S2", "S5", "L2"], ["L2"]], [["L2"], ["L4", "L4"]], ["L3"])
    session.act({"type": "spy_target", "seat": 1})
    payload = session.payload()
    html = table.table_html(payload, [])
    assert toggles(html) == ["S2#0", "S2#1", "S5#0"]
    assert ('class="btn ms-send off" data-action="do" aria-disabled="true" aria-describedby='
            '"why-send" data-type="send" aria-keyshortcuts="s">Send team <kbd>S</kbd>') in html
    assert 'id="why-send">Tap two or more Spies in your hand below.</span>' in html
    html = table.table_html(payload, ["S2#0", "S2#1"])
    assert html.count('class="ms-card ms-S ms-big selected"') == 2
    action = table.requested_action("send", ["S2#0", "S2#1"], payload["legal"])
    assert action == {"type": "spy_source", "source": "hand", "cards": ["S2", "S2"]}
    assert action in payload["legal"] and "Send team of 4" in html
    # A number key toggles a plain code: the first copy.
    assert table.selected_copies(payload["view"]["hand"], ["S2", "S5#0"]) == [1, 3]
    session.act(action)
    assert session.state.captured == ["S2", "S2"]


def test_a_team_is_not_offered_into_your_own_lair_and_the_reason_is_shown():
    session = constructed([["S2", "S3", "L2"], ["L2"]], [["L4", "L4"], []], ["L3"])
    session.act({"type": "spy_target", "seat": 0})
    html = table.table_html(session.payload(), [])
    assert toggles(html) == []
    assert "A team can only go into another player&#39;s Lair." in html


def test_the_capture_offers_kill_and_one_taunt_per_doubler_with_the_values():
    session = constructed([["S3", "D-A", "D-B", "D-B", "L2"], ["L2"]], [["L4"], []], ["L3"],
                          discard=["D-A"])
    session.act({"type": "spy_target", "seat": 0})
    session.act({"type": "spy_source", "source": "hand", "cards": ["S3"]})
    payload = session.payload()
    html = table.table_html(payload, [])
    assert offered(html) == [{"type": "kill"}, {"type": "taunt", "card": "D-A"},
                             {"type": "taunt", "card": "D-B"}]
    assert "+3 points" in html and html.count("\u2192 worth 6") == 2
    name = SPY_NAMES["S3"][0]
    assert "Your Lair captured <b>%s</b> (3)" % name in html
    assert html.count("nobody can foil it") == 2  # D-A's partner is discarded; both D-Bs held
    assert esc(DOUBLER_LINES["D-B"]) in html
    # K kills; two taunts share no key (T would not know which), each is clicked
    assert 'aria-keyshortcuts="k"' in html and "Kill <kbd>K</kbd>" in html
    assert 'aria-keyshortcuts="t"' not in html
    assert table.requested_action("kill", [], payload["legal"]) == {"type": "kill"}
    assert table.requested_action("taunt", [], payload["legal"]) == {"type": "taunt"}


def test_a_key_sends_the_one_legal_action_of_its_kind():
    foil = {"type": "foil", "card": "D-C"}
    assert table.requested_action("foil", [], [foil, {"type": "let_stand"}]) == foil
    assert table.requested_action("taunt", [], [{"type": "taunt", "card": "D-A"}]) == {
        "type": "taunt", "card": "D-A"}
    for key, kind in (("f", "foil"), ("t", "taunt"), ("k", "kill"), ("l", "let_stand")):
        assert table.KEYS[key] == kind


def test_cards_are_named_aloud_and_team_toggles_show_their_number_key():
    assert table.card_title("L3") == "Lair card, 3"
    assert 'role="img"' in table.card_face("S5", "Dr. No")
    assert 'aria-label="Spy 5: Dr. No"' in table.card_face("S5", "Dr. No")
    toggle = table.hand_card("S2", "Jaws", 1, False, False, 3)
    assert 'aria-keyshortcuts="3" aria-label="Spy 2: Jaws"' in toggle
    assert '<kbd aria-hidden="true" class="card-key" data-key="3"></kbd>' in toggle
    assert "card-key" not in table.hand_card("L2", None, None, False, False, 4)
    deck = {"deck_count": 3, "deck_top_is_spy": True}
    assert 'aria-label="face-down card, a Spy&#39;s back"' in table.deck_html(deck)


def taunted_by_player_2(your_hand):
    """A session where Player 2 has captured your S3 in their Lair and taunts
    with Doubler C: your foil window, holding `your_hand`."""
    session = constructed([your_hand, ["S3", "D-C", "L2"]], [[], ["L4"]], ["L3"], turn=1)
    state = session.state
    state.apply({"type": "spy_target", "seat": 1})
    state.apply({"type": "spy_source", "source": "hand", "cards": ["S3"]})
    state.apply({"type": "taunt", "card": "D-C"})
    return session


def test_a_foil_window_shows_the_taunt_line_and_foil_or_let_it_stand():
    payload = taunted_by_player_2(["D-C", "L2"]).payload()
    html = table.table_html(payload, [])
    assert offered(html) == [{"type": "foil", "card": "D-C"}, {"type": "let_stand"}]
    line = "Before I kill you, %s... %s" % (SPY_NAMES["S3"][0], DOUBLER_LINES["D-C"])
    assert esc(line) in html
    assert "Player 2&#39;s Spy becomes worth 6" in html
    # The taunt is a moment on the banner, with its line.
    assert '<div class="ms-moment taunt s1"><h4>Player 2 taunts with Doubler C</h4>' in html


def test_without_the_partner_the_foil_is_greyed_and_only_let_it_stand_is_offered():
    html = table.table_html(taunted_by_player_2(["D-A", "L2"]).payload(), [])
    assert offered(html) == [{"type": "let_stand"}]
    assert ('aria-describedby="why-foil"><b>Foil</b><span aria-hidden="true" class="why shown" '
            'id="why-foil">You do not hold the other D-C.</span></button>') in html
    assert table.requested_action("let_stand", [], [{"type": "let_stand"}]) == {
        "type": "let_stand"}


def test_an_escape_shows_the_destroyed_lair_and_a_kill_shows_its_points(games):
    escapes = kills = 0
    for payload in every_payload(games):
        if not payload["legal"]:
            continue
        html = table.table_html(payload, [])
        for event in recent_moments(payload, cards.MOMENTS):
            if event["kind"] == "escape":
                escapes += 1
                assert "<h4>Escape!</h4>" in html and "destroy" in html  # "destroy" for a team
                moment = cards.moment_html(event)
                assert render(moment).count("ms-wreck") == len(event["lair"]) >= 1
                assert esc(event["text"]) in moment
            if event["kind"] == "kill":
                kills += 1
                assert '<b class="ms-plus">+%d</b>' % event["points"] in cards.moment_html(event)
                gain = payload["view"]["recent_points"][event["seat"]]
                assert gain >= event["points"] and '<em class="ms-gain">+%d</em>' % gain in html
    assert escapes and kills


def test_a_moment_stays_until_the_humans_next_decision_is_made(games):
    for session, game in games:
        for index, payload in enumerate(game[:-1]):
            moments = recent_moments(payload, cards.MOMENTS)
            if not moments or not payload["legal"]:
                continue
            after = game[index + 1]
            assert all(event not in recent_moments(after, cards.MOMENTS) for event in moments)
            return
    raise AssertionError("no moment before a decision of the human")


def test_the_public_backs_show_each_hands_spies_and_the_deck_top():
    session = constructed([["S1", "L2"], ["S3", "S4", "D-A"], ["L3"]], [["L4"], [], []],
                          ["L2", "S6"], players=3)
    html = table.table_html(session.payload(), [])
    assert "2 cards in hand, 1 Spy" in html and "3 cards in hand, 2 Spies" in html
    assert "Top card: <b>a Spy</b>" in html and 'ms-big-back spy" role="img"><span>SPY</span>' in html


def test_no_card_face_shows_what_the_human_cannot_see(games):
    """Every face on the table is in the human's view: hand, Lairs, discard, capture."""
    for payload in every_payload(games)[::5]:
        view = payload["view"]
        visible = list(view["hand"]) + list(view["discard"])
        for lair in view["lairs"]:
            visible += lair["cards"]
        if view["capture"]:
            visible += view["capture"]["spies"] + view["capture"]["taunts"]
        for event in recent_moments(payload, cards.MOMENTS):
            visible += event.get("lair", [])
        html = table.table_html(payload, [])
        faces = re.findall(r'class="ms-card ms-[LSD][^"]*"[^>]* title="(Lair card, |Spy |'
                           r'Doubler )(\w)', html)
        assert faces
        for kind, mark in faces:
            code = {"Lair card, ": "L", "Spy ": "S", "Doubler ": "D-"}[kind] + mark
            assert code in visible, code


def test_the_end_screen_names_the_winner_and_offers_a_new_game(games):
    for session, game in games[:6]:
        payload = game[-1]
        html = table.table_html(payload, [])
        playthrough.assert_end_screen(html, payload["view"]["result"])
        assert offered(html) == []


def test_texts_from_the_payload_are_escaped(games):
    payload = playthrough.hostile_payload(games[1][1][3], log_kind="foil")
    payload["log"][-1]["seat"] = 1
    playthrough.assert_escaped(table_page_html(payload, [], None))


def test_the_log_and_prompts_name_players_from_1_and_read_as_sentences(games):
    for session, game in games:
        for event in session.state.log:
            text = event["text"]
            assert not re.search(r"\b[Ss]eats? \d|Player 0\b", text), text
            assert text.endswith((".", "!", '"')), text
            assert not re.search(r"Player (\d)'s Lair.*\bPlayer \1 ", text)
            assert not re.search(r"\(L\d", text), text  # Lair cards read as values
        for payload in game[::5]:
            prompt = payload["view"]["prompt"]
            assert prompt.startswith("Player ") or payload["view"]["over"], prompt


def test_a_hint_names_its_move_in_words():
    session = constructed([["L3", "S2", "S4", "D-A"], ["S5", "L2"]], [["L4"], ["L3"]], ["S4"])
    state = session.state
    assert state.describe({"type": "lair", "card": "L3"}) == "add your 3 to your Lair (making it 7)"
    assert state.describe({"type": "spy_target", "seat": 1}) == \
        "send a Spy into Player 2's Lair (3)"
    assert state.describe({"type": "end_turn"}) == "play nothing and end your turn"
    state.apply({"type": "spy_target", "seat": 1})
    assert state.describe({"type": "spy_source", "source": "hand", "cards": ["S2", "S4"]}) == \
        "send a team of 2 + 4 (worth 6)"
    assert state.describe({"type": "spy_source", "source": "blind", "seat": 1}) == \
        "send a Spy taken blind from Player 2's hand"


def test_a_hint_marks_the_choice_it_points_at(games):
    payload = next(p for p in every_payload(games) if p["legal"] and p["view"]["phase"] == "play")
    action = payload["legal"][-1]
    html = table.table_html(payload, [], {"action": action, "text": "x"})
    playthrough.assert_hint_marks(html, action, "ms-hinted")


def test_the_table_is_registered_and_its_rules_sheet_has_the_table_rules():
    assert TABLES[GAME] is table
    sheet = playthrough.rules_sheet(GAME)
    for words in ("six Lair cards each of 2, 3 and 4", "6 with 2\u20133 players",
                  "Card backs are public", "that player's own included",
                  "cannot be taken back", "starting left of the owner",
                  "whether or not they hold the partner", "holds both copies",
                  "the foiling card are discarded", "Played Doublers are discarded",
                  "the idle round", "ties share", "under 4% reach 30",
                  "each copy gets its own name", "its holder has no say",
                  "passes by itself"):
        assert esc(words) in sheet, words
