"""The Deck of Spies table's layout under CPython: what it shows comes from
the view and the legal actions, and every text is escaped."""

import json

from pyapp.games import new_game
from pyapp.ui import deck_of_spies as table
from pyapp.ui.html import esc


def payload_for(state):
    return {"view": state.view(0), "legal": state.legal_actions(), "seed": state.seed}


def test_card_faces_take_the_suits_symbol_name_and_colour_from_the_view():
    payload = payload_for(new_game("deck-of-spies", seed=123))
    payload["view"]["suits"] = {suit: {"symbol": "<%s>" % suit, "name": suit + "-suit",
                                       "red": suit == "S"} for suit in "SHDC"}
    html = table.table_html(payload, [])
    spy = payload["view"]["spy_top"]
    red = " red" if spy[-1] == "S" else ""
    name = "%s of %s-suit" % (table.RANK_NAMES.get(spy[:-1], spy[:-1]), spy[-1])
    assert ('<div aria-label="%s" class="card%s" data-face="%s" role="img" title="%s"><span '
            'class="rank">%s</span><span class="suit">&lt;%s&gt;</span>' % (
                name, red, spy, name, spy[:-1], spy[-1])) in html


def test_the_spy_deck_segments_are_the_views_segments():
    payload = payload_for(new_game("deck-of-spies", seed=123))
    payload["view"]["segments"] = [{"label": "low", "left": 3, "state": "now"},
                                   {"label": "high", "left": 9, "state": "next"}]
    html = table.table_html(payload, [])
    assert ('<li class="seg now"><b>low</b><span>3 left</span></li>'
            '<li class="seg next"><b>high</b><span>9 to come</span></li>') in html


def test_the_turn_counts_up_to_the_number_of_spies_in_the_view():
    payload = payload_for(new_game("deck-of-spies", seed=123))
    payload["view"]["spy_count"] = 40
    assert '<p class="turn">Turn 1 of 40</p>' in table.table_html(payload, [])


def test_the_spy_discard_counts_the_key_spies_the_view_gives_the_spies():
    payload = payload_for(new_game("deck-of-spies", seed=123))
    payload["view"]["key_spies"]["spies"] = 2
    assert "0 cards, 2 key spies" in table.table_html(payload, [])


def test_the_engines_text_is_escaped():
    payload = payload_for(new_game("deck-of-spies", seed=123))
    payload["view"]["prompt"] = "<script>alert(1)</script>"
    html = table.table_html(payload, [])
    assert "<script>" not in html and esc("<script>alert(1)</script>") in html


def test_each_hand_card_is_a_toggle_named_aloud_with_its_key_on_its_face():
    state = new_game("deck-of-spies", seed=123)
    chosen = state.view(0)["hand"][0]
    html = table.table_html(payload_for(state), [chosen])
    for number, card in enumerate(state.view(0)["hand"], 1):
        assert ('aria-keyshortcuts="%d" aria-label="%s" aria-pressed' % (
            number, table.card_name(card, state.view(0)["suits"]))) in html
        assert ('<kbd aria-hidden="true" class="card-key" data-key="%d"></kbd></button>'
                % number) in html
    assert html.count('aria-pressed="true"') == 1


def test_cards_are_named_as_they_are_said_and_piles_as_face_down_cards():
    suits = new_game("deck-of-spies", seed=123).view(0)["suits"]
    assert table.card_name("7H", suits) == "7 of hearts"
    assert table.card_name("QS", suits) == "Queen of spades"
    assert table.card_name("AD", suits) == "Ace of diamonds"
    assert 'aria-label="Draw deck: 3 face-down cards"' in table.back_html(3, "Draw deck")


def test_counter_without_the_cards_for_it_is_disabled_and_says_why():
    state = new_game("deck-of-spies", seed=123)
    html = table.table_html(payload_for(state), [])
    assert ('<button type="button" class="btn primary off" data-action="do" aria-disabled="true"'
            ' aria-describedby="why-counter" data-type="counter" aria-keyshortcuts="c">') in html
    assert ('<span aria-hidden="true" class="why" id="why-counter">Select cards in your hand '
            'first') in html
    assert "Select cards in your hand first" in html


def test_retire_offers_retire_and_end_turn_only():
    state = new_game("deck-of-spies", seed=123)
    state.hand, state.phase = ["2S", "2H", "3D"], "retire"
    html = table.table_html(payload_for(state), ["2S", "2H"])
    assert 'data-type="retire"' in html and 'data-type="counter"' not in html
    assert esc(json.dumps({"type": "end_turn"})) in html
    assert 'data-legal="false"' not in html


def test_the_layout_module_holds_no_card_table_or_game_constant():
    names = set(vars(table))
    assert not names & {"SUIT_SYMBOLS", "SUIT_WORDS", "SEGMENTS", "KEY_RANKS", "RANKS"}


def test_a_sends_the_only_assassination_offered_and_shows_on_its_button():
    suits = new_game("deck-of-spies", seed=123).view(0)["suits"]
    one = {"suits": suits, "aces_available": [{"card": "AS", "place": "your hand"}]}
    assert "<kbd>A</kbd>" in table.render(table.assassination_buttons(one))
    ace = {"type": "assassinate", "ace": "AS"}
    assert table.requested_action("assassinate", [], [ace, {"type": "end_turn"}]) == ace
    two = [ace, {"type": "assassinate", "ace": "AH"}]
    assert table.requested_action("assassinate", [], two) == {"type": "assassinate", "ace": None}
    one["aces_available"].append({"card": "AH", "place": "the removed Aces"})
    assert "<kbd>" not in table.render(table.assassination_buttons(one))
    assert table.KEYS["a"] == "assassinate"
