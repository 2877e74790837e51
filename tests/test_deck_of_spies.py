"""Scenario tests of Deck of Spies: one constructed table per rule.

Every test builds the piles it needs with `table(...)` and checks one rule of
the rulebook or of docs/rules-decisions.md ("Deck of Spies").
"""

import json

import pytest

from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
from pyapp.engine.rng import Rng
from pyapp.games import deck_of_spies as dos
from pyapp.games.deck_of_spies import sort_cards


def table(hand, spies, draw_deck=(), draw_discard=(), spy_discard=(), removed=(),
          phase="act"):
    """A game with exactly these piles; the draw deck's last card is its top."""
    state = new_game("deck-of-spies", seed=1)
    state.hand = sort_cards(hand)  # the engine keeps the hand sorted
    state.spy_deck = list(spies)
    state.draw_deck = list(draw_deck)
    state.draw_discard = list(draw_discard)
    state.spy_discard = list(spy_discard)
    state.removed = list(removed)
    state.phase = phase
    return state


def illegal(state, action):
    """Apply an illegal action; return its message and check nothing changed."""
    before = (json.dumps(state.view(0)), json.dumps(state.save()), list(state.hand),
              list(state.draw_deck), list(state.draw_discard), list(state.spy_deck),
              list(state.spy_discard), list(state.removed), state.rng.state, len(state.log))
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    after = (json.dumps(state.view(0)), json.dumps(state.save()), list(state.hand),
             list(state.draw_deck), list(state.draw_discard), list(state.spy_deck),
             list(state.spy_discard), list(state.removed), state.rng.state, len(state.log))
    assert after == before
    return str(err.value)


def kinds(state):
    return [event.get("kind") for event in state.log]


FILLER = ["9S", "9H", "9D", "9C", "8S", "8H"]  # spies still to come, so the game goes on


# -- setup -------------------------------------------------------------------


def test_spy_deck_is_5_to_7s_then_8_to_10s_then_j_to_ks():
    for seed in range(1, 6):
        state = new_game("deck-of-spies", seed=seed)
        ranks = [dos.rank_of(c) for c in state.spy_deck]
        assert set(ranks[:12]) == {"5", "6", "7"} and len(ranks[:12]) == 12
        assert set(ranks[12:24]) == {"8", "9", "10"}
        assert set(ranks[24:]) == {"J", "Q", "K"}
        assert len(set(state.spy_deck)) == 36


def test_each_segment_of_the_spy_deck_is_shuffled():
    orders = {tuple(new_game("deck-of-spies", seed=seed).spy_deck) for seed in range(1, 6)}
    assert len(orders) == 5
    segments = {tuple(new_game("deck-of-spies", seed=seed).spy_deck[24:])
                for seed in range(1, 6)}
    assert len(segments) == 5


def test_draw_deck_is_the_16_aces_to_4s_and_five_are_drawn():
    state = new_game("deck-of-spies", seed=3)
    assert len(state.hand) == 5 and len(state.draw_deck) == 11
    assert sorted(state.hand + state.draw_deck) == sorted(
        r + s for r in "A234" for s in "SHDC")
    view = state.view(0)
    assert view["spy_deck_count"] == 36 and view["draw_deck_count"] == 11
    assert view["segment"] == "5\u20137" and view["segment_left"] == 12
    assert view["spy_top"] == state.spy_deck[0]


def test_view_shows_the_segment_of_the_face_up_spy_and_how_many_of_it_are_left():
    state = table(["2S"], ["9H", "10S", "JD", "KC"])
    view = state.view(0)
    assert view["segment"] == "8\u201310" and view["segment_left"] == 2
    assert view["spy_deck_count"] == 4 and view["spy_value"] == 9


def test_view_lists_the_spy_deck_segments_with_the_spies_left_in_each():
    state = table(["2S"], ["9H", "10S", "JD", "KC"])
    assert state.view(0)["segments"] == [
        {"label": "5\u20137", "left": 0, "state": "done"},
        {"label": "8\u201310", "left": 2, "state": "now"},
        {"label": "J\u2013K", "left": 2, "state": "next"}]
    assert [s["left"] for s in new_game("deck-of-spies", seed=1).view(0)["segments"]] == [
        12, 12, 12]


def test_view_names_the_suits_and_the_number_of_spies():
    view = new_game("deck-of-spies", seed=1).view(0)
    assert view["spy_count"] == 36
    assert view["suits"]["H"] == {"symbol": "\u2665", "name": "hearts", "red": True}
    assert view["suits"]["C"] == {"symbol": "\u2663", "name": "clubs", "red": False}


# -- counter -----------------------------------------------------------------


def test_counter_sends_the_spy_to_the_spy_discard_and_the_cards_to_the_draw_discard():
    state = table(["3H", "4D", "AC", "2S", "2H"], ["7S"] + FILLER,
                  draw_deck=["3C", "3D", "4S"])
    state.apply({"type": "counter", "cards": ["3H", "4D"]})
    assert state.spy_discard == ["7S"]
    assert state.draw_discard == ["3H", "4D"]
    assert state.spy_deck[0] == "9S"


def test_counter_may_meet_or_exceed_the_spy():
    state = table(["2S", "3H", "7C", "AD", "AS"], ["5S"] + FILLER)
    legal = state.legal_actions()
    assert {"type": "counter", "cards": ["7C"]} in legal
    assert {"type": "counter", "cards": ["2S", "3H"]} in legal


def test_counter_may_use_a_3_and_4_instead_of_a_3_and_2():
    state = table(["2S", "3H", "4D", "AC", "AS"], ["5S"] + FILLER)
    legal = state.legal_actions()
    assert {"type": "counter", "cards": ["3H", "4D"]} in legal
    assert {"type": "counter", "cards": ["2S", "3H"]} in legal
    assert {"type": "counter", "cards": ["AS", "4D"]} in legal


def test_counter_may_not_include_a_superfluous_card():
    state = table(["2C", "3H", "4D", "AS", "AH"], ["7S"] + FILLER)
    message = illegal(state, {"type": "counter", "cards": ["2C", "3H", "4D"]})
    assert message == "the 2\u2663 is not needed: 3\u2665 + 4\u2666 already reach 7"


def test_counter_names_the_superfluous_card_beside_one_that_reaches_alone():
    state = table(["2C", "9H", "AS", "AH", "AD"], ["5S"] + FILLER)
    message = illegal(state, {"type": "counter", "cards": ["2C", "9H"]})
    assert message == "the 2\u2663 is not needed: 9\u2665 already reaches 5"


def test_counter_short_of_the_spy_is_illegal():
    state = table(["3H", "4D", "AS", "AH", "5C"], ["8S"] + FILLER)
    message = illegal(state, {"type": "counter", "cards": ["3H", "4D"]})
    assert message == "3\u2665 + 4\u2666 make 7, short of the 8\u2660's 8"


def test_counter_with_an_unneeded_ace_of_the_spy_suit_is_illegal():
    # The Ace's exemption is for recruiting only.
    state = table(["AS", "3H", "4D", "2C", "2D"], ["7S"] + FILLER)
    message = illegal(state, {"type": "counter", "cards": ["AS", "3H", "4D"]})
    assert message == "the A\u2660 is not needed: 3\u2665 + 4\u2666 already reach 7"


def test_legal_counters_are_exactly_the_sets_without_a_superfluous_card():
    hand = ["AS", "2H", "3D", "4C", "6S"]
    state = table(hand, ["7H"] + FILLER)
    counters = [a["cards"] for a in state.legal_actions() if a["type"] == "counter"]
    expected = []
    for mask in range(1, 32):
        chosen = [c for i, c in enumerate(sort_cards(hand)) if mask >> i & 1]
        total = sum(dos.value_of(c) for c in chosen)
        if total >= 7 and all(total - dos.value_of(c) < 7 for c in chosen):
            expected.append(chosen)
    assert sorted(counters) == sorted(expected)
    assert ["AS", "6S"] in counters and ["AS", "2H", "3D", "4C"] not in counters


def test_card_lists_may_come_in_any_order():
    state = table(["3H", "4D", "AC", "2S", "2H"], ["7S"] + FILLER, draw_deck=["3C", "3D"])
    state.apply({"type": "counter", "cards": ["4D", "3H"]})
    assert state.history[-1] == {"type": "counter", "cards": ["3H", "4D"]}


# -- recruit -----------------------------------------------------------------


def test_recruit_with_cards_all_of_the_spy_suit():
    state = table(["3H", "5H", "AS", "2C", "4D"], ["7H"] + FILLER, draw_deck=["3C", "3D"])
    state.apply({"type": "recruit", "cards": ["3H", "5H"]})
    assert state.draw_discard == ["3H", "5H", "7H"]
    assert "7H" not in state.spy_discard


def test_recruit_needs_every_card_of_the_spy_suit():
    state = table(["3H", "5S", "AS", "2C", "4D"], ["7H"] + FILLER)
    message = illegal(state, {"type": "recruit", "cards": ["3H", "5S"]})
    assert message == ("to recruit the 7\u2665 every card must be a heart, or the A\u2665 "
                       "must join: the 5\u2660 is not")
    state.apply({"type": "counter", "cards": ["3H", "5S"]})  # the same cards can counter


def test_recruit_may_not_include_a_superfluous_card():
    state = table(["2H", "3H", "4H", "AS", "AC"], ["7H"] + FILLER)
    message = illegal(state, {"type": "recruit", "cards": ["2H", "3H", "4H"]})
    assert message == "the 2\u2665 is not needed: 3\u2665 + 4\u2665 already reach 7"


def test_ace_of_the_spy_suit_changes_the_suit_of_all_chosen_cards():
    # The rulebook's example: the 9 of clubs with the Ace and 4 of clubs and others.
    state = table(["AC", "4C", "4H", "2D", "3S"], ["9C"] + FILLER,
                  draw_deck=["3C", "3D", "3H", "2S"])
    assert {"type": "recruit", "cards": ["AC", "4H", "4C"]} in state.legal_actions()
    # Only the Ace is a club here.
    state.apply({"type": "recruit", "cards": ["AC", "2D", "3S", "4H"]})
    assert state.draw_discard[-1] == "9C"


def test_ace_of_the_spy_suit_may_join_for_its_power_alone():
    state = table(["AH", "3S", "4D", "2C", "2D"], ["7H"] + FILLER, draw_deck=["3C", "3D"])
    assert {"type": "recruit", "cards": ["AH", "3S", "4D"]} in state.legal_actions()
    assert {"type": "counter", "cards": ["AH", "3S", "4D"]} not in state.legal_actions()
    state.apply({"type": "recruit", "cards": ["AH", "3S", "4D"]})
    assert "7H" in state.draw_discard and "AH" in state.draw_discard


def test_ace_of_the_spy_suit_does_not_excuse_another_superfluous_card():
    state = table(["AH", "2S", "3S", "4D", "AC"], ["7H"] + FILLER)
    message = illegal(state, {"type": "recruit", "cards": ["AH", "2S", "3S", "4D"]})
    assert message == ("the 2\u2660 is not needed: A\u2665 + 3\u2660 + 4\u2666 already "
                       "reach 7")


def test_ace_of_the_spy_suit_counts_its_point_when_needed():
    state = table(["AH", "4S", "2C", "2D", "3C"], ["5H"] + FILLER)
    assert {"type": "recruit", "cards": ["AH", "4S"]} in state.legal_actions()
    assert {"type": "counter", "cards": ["AH", "4S"]} in state.legal_actions()


def test_ace_of_another_suit_cannot_help_a_recruit():
    state = table(["AS", "3H", "4H", "2C", "2D"], ["7H"] + FILLER)
    message = illegal(state, {"type": "recruit", "cards": ["AS", "3H", "4H"]})
    assert message == ("to recruit the 7\u2665 every card must be a heart, or the A\u2665 "
                       "must join: the A\u2660 is not")
    assert {"type": "recruit", "cards": ["3H", "4H"]} in state.legal_actions()
    recruits = [a["cards"] for a in state.legal_actions() if a["type"] == "recruit"]
    assert all("AS" not in cards for cards in recruits)


def test_ace_of_the_spy_suit_alone_cannot_reach_the_spy():
    state = table(["AH", "2C", "2D", "2S", "3S"], ["5H"] + FILLER)
    recruits = [a["cards"] for a in state.legal_actions() if a["type"] == "recruit"]
    assert ["AH"] not in recruits
    assert sort_cards(["AH", "2C", "2D"]) in recruits


# -- assassinate ---------------------------------------------------------------


def test_assassinate_is_never_a_free_choice():
    state = table(["AS", "2H", "3D", "AC", "AH"], ["8S"] + FILLER, draw_deck=["AD"])
    message = illegal(state, {"type": "assassinate", "ace": "AS"})
    assert message == ("you may assassinate only when your hand is below the spy: yours "
                       "totals 8 against the 8\u2660's 8")


def test_a_hand_below_the_spy_must_assassinate():
    state = table(["AS", "2H", "3D"], ["8S"] + FILLER, draw_deck=["4C", "AD"],
                  draw_discard=["AH", "2C"], spy_discard=["AC"], removed=[])
    assert state.legal_actions() == [{"type": "assassinate", "ace": ace}
                                     for ace in ["AS", "AH", "AD"]]
    message = illegal(state, {"type": "counter", "cards": ["AS", "2H", "3D"]})
    assert message == ("your whole hand totals 6, below the 8\u2660's 8: you must "
                       "assassinate it")
    assert illegal(state, {"type": "assassinate", "ace": "AC"}) == (
        "the A\u2663 was retired to the spy discard")
    assert state.view(0)["prompt"].startswith("Your hand cannot reach the 8\u2660")


def test_assassinate_with_an_ace_from_the_hand():
    state = table(["AS", "2H", "2D"], ["8S"] + FILLER,
                  draw_deck=["3C", "3D", "3H", "3S", "4C", "4D"])
    state.apply({"type": "assassinate", "ace": "AS"})
    assert state.removed == ["AS"]
    assert state.spy_discard == ["8S"]
    assert state.draw_discard == ["2H", "2D"]
    assert state.hand == sort_cards(["3D", "3H", "3S", "4C", "4D"])
    assert state.phase == "act"
    assert state.log[-1]["kind"] == "assassinate" and state.log[-1]["place"] == "hand"


def test_assassinate_with_an_ace_from_the_draw_deck_shuffles_the_draw_deck():
    deck = ["3C", "3D", "AH", "3H", "3S", "4C", "4D", "4H"]
    state = table(["2S", "2H"], ["8S"] + FILLER, draw_deck=deck)
    expected = [c for c in deck if c != "AH"]
    shuffler = state.rng.clone()
    shuffler.shuffle(expected)
    state.apply({"type": "assassinate", "ace": "AH"})
    assert state.removed == ["AH"]
    assert state.hand == sort_cards(expected[-5:])
    assert state.draw_deck == expected[:-5]
    assert state.log[-1]["place"] == "draw deck"
    assert "2S" in state.draw_discard and "2H" in state.draw_discard


def test_assassinate_with_an_ace_from_the_draw_discard_does_not_shuffle():
    deck = ["3C", "3D", "3H", "3S", "4C", "4D"]
    state = table(["2S", "2H"], ["8S"] + FILLER, draw_deck=deck, draw_discard=["AD", "4S"])
    rng_before = state.rng.state
    state.apply({"type": "assassinate", "ace": "AD"})
    assert state.rng.state == rng_before
    assert state.hand == sort_cards(deck[-5:])
    assert state.draw_discard == ["4S", "2S", "2H"]
    assert state.log[-1]["place"] == "draw discard"


def test_no_retire_follows_an_assassination():
    state = table(["AS", "2H", "2D"], ["8S"] + FILLER,
                  draw_deck=["3C", "3D", "3H", "4S", "4C", "4D"])
    state.apply({"type": "assassinate", "ace": "AS"})
    assert state.phase == "act"
    assert not any(a["type"] in ("retire", "end_turn") for a in state.legal_actions())


def test_must_assassinate_with_no_ace_left_loses_at_once():
    # The counter is fine, but the refilled hand cannot reach the next spy and
    # the only Ace sits in the spy discard.
    state = table(["3H", "4D"], ["7S", "KH"] + FILLER,
                  draw_deck=["2S", "2H"], draw_discard=[], spy_discard=["AC"])
    state.apply({"type": "counter", "cards": ["3H", "4D"]})
    assert sorted(state.hand) == sorted(["2S", "2H", "3H", "4D"])
    assert state.is_over and state.to_act is None
    assert state.legal_actions() == []
    assert state.result()["winners"] == []
    assert state.result()["summary"] == ("You lost: your hand totals 11 against the K\u2665 "
                                         "and no Ace is left to assassinate it.")
    assert state.log[-1]["kind"] == "end"
    assert illegal(state, {"type": "end_turn"}) == "the game is over"


def test_an_ace_removed_from_the_game_cannot_be_given_up_again():
    state = table(["2H", "2D"], ["8S"] + FILLER, draw_deck=["AH"], removed=["AS"])
    assert illegal(state, {"type": "assassinate", "ace": "AS"}) == (
        "the A\u2660 was already removed from the game")
    assert illegal(state, {"type": "assassinate", "ace": "2H"}) == (
        "'2H' is not an Ace you can give up")


# -- turn end: refill and reshuffle ------------------------------------------


def test_hand_refills_to_5_from_the_top_of_the_draw_deck():
    state = table(["3H", "4D", "AC", "2S", "2H"], ["7S"] + FILLER,
                  draw_deck=["4C", "4S", "3C"], draw_discard=["3D"])
    state.apply({"type": "counter", "cards": ["3H", "4D"]})
    state.apply({"type": "end_turn"})
    assert state.hand == sort_cards(["AC", "2S", "2H", "3C", "4S"])
    assert state.draw_deck == ["4C"]
    assert state.draw_discard == ["3D", "3H", "4D"]
    assert "reshuffle" not in kinds(state)


def test_empty_draw_deck_reshuffles_the_draw_discard_when_a_card_is_needed():
    state = table(["3H", "4D", "AC", "2S", "2H"], ["7S"] + FILLER,
                  draw_deck=["4S"], draw_discard=["3D", "3C"])
    pile = ["3D", "3C", "3H", "4D"]  # the cards just used are in it too
    shuffler = state.rng.clone()
    shuffler.shuffle(pile)
    state.apply({"type": "counter", "cards": ["3H", "4D"]})
    state.apply({"type": "end_turn"})
    assert state.hand == sort_cards(["AC", "2S", "2H", "4S", pile[-1]])
    assert state.draw_deck == pile[:-1]
    assert state.draw_discard == []
    assert kinds(state)[-2:] == ["end_turn", "reshuffle"]


def test_draw_discard_is_not_reshuffled_until_a_card_is_needed():
    state = table(["7H", "AC", "2S", "3C", "4D"], ["7S"] + FILLER, draw_deck=["4S"],
                  draw_discard=["3D"])
    state.apply({"type": "counter", "cards": ["7H"]})
    # The last card of the draw deck filled the hand: the deck stays empty.
    assert state.hand == sort_cards(["AC", "2S", "3C", "4D", "4S"])
    assert state.draw_deck == [] and state.draw_discard == ["3D", "7H"]
    assert "reshuffle" not in kinds(state)


def test_hand_stays_smaller_when_fewer_cards_exist():
    state = table(["3H", "4D", "AC", "2S", "2H"], ["7S"] + FILLER, draw_deck=[],
                  draw_discard=[])
    state.apply({"type": "counter", "cards": ["3H", "4D"]})
    state.apply({"type": "end_turn"})
    # The counter's own cards were in the draw discard: they come back.
    assert sorted(state.hand) == sorted(["AC", "2S", "2H", "3H", "4D"])
    state = table(["7H", "AC", "2S", "2H"], ["7S"] + FILLER)
    state.apply({"type": "counter", "cards": ["7H"]})
    state.apply({"type": "retire", "cards": ["2S", "2H"]})
    assert state.hand == sort_cards(["AC", "7H"])
    assert state.draw_deck == [] and state.draw_discard == []


# -- retire --------------------------------------------------------------------


def test_retire_comes_only_after_a_counter_or_recruit():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER)
    message = illegal(state, {"type": "retire", "cards": ["2S", "2H"]})
    assert message == "first counter or recruit the spy (retiring comes after)"
    assert illegal(state, {"type": "end_turn"}) == message


def test_retire_2_to_4_cards_of_one_rank_to_the_spy_discard():
    state = table(["2S", "2H", "2D", "3C", "4C"], ["7S"] + FILLER,
                  draw_deck=["3D", "3H", "3S", "4S", "4H"])
    state.apply({"type": "counter", "cards": ["3C", "4C"]})
    assert state.phase == "retire"
    assert state.legal_actions() == [
        {"type": "retire", "cards": ["2S", "2H"]}, {"type": "retire", "cards": ["2S", "2D"]},
        {"type": "retire", "cards": ["2H", "2D"]},
        {"type": "retire", "cards": ["2S", "2H", "2D"]}, {"type": "end_turn"}]
    state.apply({"type": "retire", "cards": ["2S", "2H", "2D"]})
    assert state.spy_discard == ["7S", "2S", "2H", "2D"]
    assert state.log[-1]["kind"] == "retire"


def test_retire_four_of_a_kind():
    state = table(["7H", "2S", "2H", "2D", "2C"], ["7S"] + FILLER)
    state.apply({"type": "counter", "cards": ["7H"]})
    assert {"type": "retire", "cards": ["2S", "2H", "2D", "2C"]} in state.legal_actions()


def test_retire_may_not_take_a_single_card_or_mixed_ranks():
    state = table(["2S", "2H", "3D", "3C", "7C"], ["7S"] + FILLER)
    state.apply({"type": "counter", "cards": ["7C"]})
    assert illegal(state, {"type": "retire", "cards": ["2S"]}) == (
        "retire takes 2\u20134 cards of one rank, not 2\u2660")
    assert illegal(state, {"type": "retire", "cards": ["2S", "3D"]}) == (
        "retire takes 2\u20134 cards of one rank, not 2\u2660 + 3\u2666")


def test_retire_happens_at_most_once_a_turn():
    state = table(["2S", "2H", "3D", "3C", "7C"], ["7S"] + FILLER,
                  draw_deck=["4S", "4H", "4D", "AS"])
    state.apply({"type": "counter", "cards": ["7C"]})
    state.apply({"type": "retire", "cards": ["2S", "2H"]})
    assert state.phase == "act" and state.spy_deck[0] == "9S"
    assert not any(a["type"] == "retire" for a in state.legal_actions())


def test_retire_after_a_recruit():
    state = table(["2S", "2H", "3D", "4D", "AC"], ["7D"] + FILLER,
                  draw_deck=["4S", "4H", "3S", "3H"])
    state.apply({"type": "recruit", "cards": ["3D", "4D"]})
    assert state.phase == "retire"
    state.apply({"type": "retire", "cards": ["2S", "2H"]})
    assert "7D" in state.draw_discard


def test_retired_face_cards_count_for_the_spies():
    state = table(["JS", "JH", "7C", "2S", "3D"], ["7S"] + FILLER,
                  draw_deck=["4S", "4H", "4D"])
    assert state.view(0)["key_spies"] == {"yours": 2, "spies": 0, "need": 7}
    state.apply({"type": "counter", "cards": ["7C"]})
    state.apply({"type": "retire", "cards": ["JS", "JH"]})
    assert state.spy_discard == ["7S", "JS", "JH"]
    assert state.view(0)["key_spies"] == {"yours": 0, "spies": 2, "need": 7}


def test_counter_is_not_legal_after_the_spy_is_dealt_with():
    state = table(["2S", "2H", "3D", "3C", "7C"], ["7S", "5S"] + FILLER)
    state.apply({"type": "counter", "cards": ["7C"]})
    assert illegal(state, {"type": "counter", "cards": ["2S", "3D"]}) == (
        "you have already dealt with this turn's spy: retire cards or end your turn")
    assert state.view(0)["prompt"] == "Retire 2\u20134 cards of one rank, or end your turn."


def test_end_turn_declines_to_retire():
    state = table(["2S", "2H", "3D", "3C", "7C"], ["7S"] + FILLER, draw_deck=["4S", "4H"])
    state.apply({"type": "counter", "cards": ["7C"]})
    state.apply({"type": "end_turn"})
    assert state.hand == sort_cards(["2S", "2H", "3D", "3C", "4H"])
    assert state.spy_discard == ["7S"] and state.phase == "act"
    assert state.log[-1]["kind"] == "end_turn"


def test_turn_ends_by_itself_when_no_two_cards_share_a_rank():
    # Our table rule: with nothing to retire, there is no retire step.
    state = table(["2S", "3H", "4D", "AC", "7C"], ["7S"] + FILLER, draw_deck=["4S", "4H"])
    state.apply({"type": "counter", "cards": ["7C"]})
    assert state.phase == "act" and state.spy_deck[0] == "9S"
    assert len(state.hand) == 5
    assert "end_turn" not in kinds(state)


# -- game end --------------------------------------------------------------


def _last_spy_table(yours, theirs):
    """The last spy (a 5) is about to be countered; `yours` key spies are in the
    player's piles and `theirs` in the spy discard."""
    keys = [r + s for r in dos.KEY_RANKS for s in dos.SUITS]
    own, lost = keys[:yours], keys[yours:yours + theirs]
    return table(["5H", "2S", "3D", "AC"] + own[:1], ["5S"], draw_deck=own[1:3],
                 draw_discard=own[3:], spy_discard=lost)


def test_game_ends_after_the_turn_in_which_the_last_spy_leaves():
    state = table(["5H", "2S", "2H", "AC", "3D"], ["5S"])
    state.apply({"type": "counter", "cards": ["5H"]})
    assert not state.is_over and state.phase == "retire"
    view = state.view(0)  # the spy deck is empty, the turn is not over yet
    assert view["spy_top"] is None and view["spy_deck_count"] == 0
    assert view["prompt"] == "Retire 2\u20134 cards of one rank, or end your turn."
    state.apply({"type": "end_turn"})
    assert state.is_over and state.view(0)["over"]


def test_win_with_7_of_the_12_key_spies():
    state = _last_spy_table(7, 5)
    state.apply({"type": "counter", "cards": ["5H"]})
    assert state.is_over
    assert state.result() == {
        "winners": [0], "scores": [7],
        "summary": "You won: you hold 7 of the 12 key spies, the spies keep 5."}
    assert state.log[-1] == {"text": state.result()["summary"], "kind": "end", "winners": [0],
                             "scores": [7], "reason": "won", "theirs": 5, "spy": None,
                             "hand_total": None}


def test_lose_with_6_of_the_12_key_spies():
    state = _last_spy_table(6, 6)
    state.apply({"type": "counter", "cards": ["5H"]})
    assert state.result() == {
        "winners": [], "scores": [6],
        "summary": "You lost: you hold 6 of the 12 key spies, the spies keep 6; you "
                   "needed 7."}


def test_key_spies_count_in_hand_draw_deck_and_draw_discard():
    state = table(["JS", "5H"], ["5S"], draw_deck=["QH", "KD"], draw_discard=["KS"],
                  spy_discard=["JH"])
    assert state.view(0)["key_spies"] == {"yours": 4, "spies": 1, "need": 7}


def test_retiring_face_cards_on_the_last_turn_can_lose_the_game():
    keys = [r + s for r in dos.KEY_RANKS for s in dos.SUITS]
    state = table(["5H", "JS", "JH", "2C"], ["5S"], draw_deck=keys[2:8],
                  spy_discard=keys[8:])
    assert state.view(0)["key_spies"]["yours"] == 8
    state.apply({"type": "counter", "cards": ["5H"]})
    state.apply({"type": "retire", "cards": ["JS", "JH"]})
    assert state.result() == {
        "winners": [], "scores": [6],
        "summary": "You lost: you hold 6 of the 12 key spies, the spies keep 6; you "
                   "needed 7."}


# -- explanations and robustness ------------------------------------------------


def test_card_not_in_hand_is_named():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER)
    assert illegal(state, {"type": "counter", "cards": ["3H", "4C"]}) == (
        "the 3\u2665 is not in your hand")
    assert illegal(state, {"type": "counter", "cards": ["3D", "3D", "4C"]}) == (
        "a card is chosen twice")
    assert illegal(state, {"type": "counter", "cards": ["ZZ"]}) == "'ZZ' is not a card"
    assert illegal(state, {"type": "counter", "cards": []}) == (
        "choose at least one card from your hand")
    assert illegal(state, {"type": "counter", "cards": "3D"}) == (
        "choose at least one card from your hand")


def test_unknown_and_malformed_actions_are_explained():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER)
    assert illegal(state, {"type": "pass"}) == (
        "unknown action 'pass': Deck of Spies knows counter, recruit, assassinate, retire, "
        "end_turn")
    assert illegal(state, {"cards": ["3D", "4C"]}).startswith("an action is a dict")
    assert illegal(state, "counter").startswith("an action is a dict")
    # A legal card list with a stray key, and cards that are not even strings.
    assert illegal(state, {"type": "counter", "cards": ["3D", "4C"], "x": 1}) == (
        "That move takes no 'x'.")
    assert illegal(state, {"type": "counter"}) == "Choose the cards first."
    assert illegal(state, {"type": "counter", "cards": [["3D"], 4]}) == (
        "['3D'] is not a card")


def test_an_action_type_that_is_not_a_string_is_unknown():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER)
    assert illegal(state, {"type": ["counter"], "cards": ["3D", "4C"]}).startswith(
        "unknown action ['counter']")
    assert illegal(state, {"type": True}).startswith("unknown action True")


def test_an_ace_must_be_named_by_its_code():
    state = table(["2S", "2H"], ["8S"] + FILLER, draw_deck=["AD", "4H", "4D", "4C", "3S"])
    for ace in (["AD"], 1, True, "2S", "AX"):
        assert illegal(state, {"type": "assassinate", "ace": ace}) == (
            "%r is not an Ace you can give up" % (ace,))


def test_retire_may_not_take_a_card_twice():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER, phase="retire")
    assert illegal(state, {"type": "retire", "cards": ["2S", "2S"]}) == (
        "a card is chosen twice")


def test_end_turn_comes_only_after_a_counter_or_recruit():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER)
    assert illegal(state, {"type": "end_turn"}) == (
        "first counter or recruit the spy (retiring comes after)")


def test_an_action_on_a_finished_game_is_refused():
    state = table(["2S", "2H", "3D", "4C", "AS"], ["7S"] + FILLER)
    state._finish_game()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.check({"type": "end_turn"})


def candidate_actions(state, rng):
    """The legal actions and many that are not: every subset of the hand under
    every card action type, every Ace, other cards, wrong types, extra and
    missing keys."""
    hand = state.hand
    subsets = [[c for i, c in enumerate(hand) if mask >> i & 1]
               for mask in range(1 << len(hand))]
    legal = state.legal_actions()
    candidates = list(legal)
    for action in legal:
        candidates += mutations(action, rng)
    for kind in ("counter", "recruit", "retire"):
        candidates += [{"type": kind, "cards": cards} for cards in subsets]
    candidates += [{"type": "assassinate", "ace": ace}
                   for ace in ("AS", "AH", "AD", "AC", "2S", ["AS"], 1, True, None)]
    candidates += [{"type": kind} for kind in ("end_turn", "counter", "pass", 1, None)]
    return candidates


def mutations(action, rng):
    """An action changed in one way each: another card, a card of the wrong
    type, a repeated card, a stray key, a missing key."""
    changed = [dict(action, x=1), {k: v for k, v in action.items() if k == "type"}]
    if "cards" in action:
        cards = action["cards"]
        other = dos.ALL_CARDS[rng.below(len(dos.ALL_CARDS))]
        changed += [dict(action, cards=cards[:-1] + [other]), dict(action, cards=cards + [True]),
                    dict(action, cards=cards + cards[:1]), dict(action, cards=cards[0]),
                    dict(action, type="recruit" if action["type"] == "counter" else "counter")]
    if "ace" in action:
        changed += [dict(action, ace=action["ace"][:-1] + "S"), dict(action, type="counter")]
    return changed


def test_an_action_is_legal_exactly_when_check_accepts_it():
    for seed in range(1, 9):
        state, rng = new_game("deck-of-spies", seed=seed), Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for candidate in candidate_actions(state, rng):
                action = state.canonical(candidate)
                try:
                    state.check(action)
                except IllegalAction as refusal:
                    assert action not in legal, action
                    assert str(refusal), action
                else:
                    assert action in legal, action
            state.apply(legal[rng.below(len(legal))])


def test_save_and_load_replay_the_same_game():
    state = new_game("deck-of-spies", seed=11)
    for _ in range(12):
        if state.is_over:
            break
        state.apply(state.legal_actions()[-1])
    again = load_game(json.loads(json.dumps(state.save())))
    assert again.view(0) == state.view(0)
    assert again.draw_deck == state.draw_deck and again.spy_deck == state.spy_deck


# -- view and determinize --------------------------------------------------------


def test_view_does_not_show_the_order_of_the_draw_deck_or_spy_deck():
    state = table(["2S", "5H"], ["9H", "10S", "8C", "JD", "KC"],
                  draw_deck=["3C", "4D", "AH", "QS"], draw_discard=["2D"])
    twin = table(["2S", "5H"], ["9H", "8C", "10S", "KC", "JD"],
                 draw_deck=["QS", "AH", "4D", "3C"], draw_discard=["2D"])
    assert json.dumps(state.view(0)) == json.dumps(twin.view(0))
    text = json.dumps(state.view(0))
    for hidden in ["10S", "8C", "JD", "KC"]:
        assert '"%s"' % hidden not in text


def test_view_tells_which_recruited_spies_a_reshuffle_put_in_the_draw_deck():
    # The 8H was recruited and reshuffled into the draw deck; the 9S is still to
    # come. The player knows that, so the views (and so the bots) must differ.
    state = table(["2S", "3H"], ["10D", "9S", "JC"], draw_deck=["8H", "4C"])
    twin = table(["2S", "3H"], ["10D", "8H", "JC"], draw_deck=["9S", "4C"])
    assert state.view(0) != twin.view(0)
    assert state.view(0)["draw_deck_cards"] == ["4C", "8H"]


def test_determinize_keeps_the_view_and_the_segments():
    state = new_game("deck-of-spies", seed=5)
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    world = state.determinize(0, Rng(3))
    assert world.view(0) == state.view(0)
    assert world.spy_deck[0] == state.spy_deck[0]
    assert [dos.segment_of(c) for c in world.spy_deck] == [
        dos.segment_of(c) for c in state.spy_deck]
    assert sorted(world.draw_deck) == sorted(state.draw_deck)


# -- the log -------------------------------------------------------------------


def test_log_records_every_public_event_with_its_cards():
    assert new_game("deck-of-spies", seed=2).log[0]["kind"] == "deal"
    state = table(["2S", "2H", "3D", "4D", "AC"], ["7D", "8S"] + FILLER,
                  draw_deck=["3S"], draw_discard=["4H", "4S"])
    state.apply({"type": "recruit", "cards": ["3D", "4D"]})
    assert state.log[-1] == {"text": "You recruited the 7\u2666 with 3\u2666 + 4\u2666.",
                             "kind": "recruit", "spy": "7D", "cards": ["3D", "4D"]}
    state.apply({"type": "retire", "cards": ["2S", "2H"]})
    assert state.log[-2:] == [
        {"text": "You retired 2\u2660 + 2\u2665.", "kind": "retire", "cards": ["2S", "2H"]},
        {"text": "Your draw discard is shuffled into a new draw deck.", "kind": "reshuffle"}]
    state = table(["3H", "5S", "AC", "2D", "4C"], ["8S"] + FILLER, draw_deck=["3S", "4S"])
    state.apply({"type": "counter", "cards": ["3H", "5S"]})
    assert state.log[-1] == {"text": "You countered the 8\u2660 with 3\u2665 + 5\u2660.",
                             "kind": "counter", "spy": "8S", "cards": ["3H", "5S"]}
    state = table(["2S", "2H"], ["8S"] + FILLER, draw_deck=["4S", "4H", "4D", "4C", "3S"],
                  draw_discard=["AD"])
    state.apply({"type": "assassinate", "ace": "AD"})
    assert state.log[-1] == {
        "text": "You assassinated the 8\u2660, giving up the A\u2666 from your draw discard.",
        "kind": "assassinate", "spy": "8S", "ace": "AD", "place": "draw discard"}


def test_every_action_type_has_one_entry_in_the_table_of_moves():
    assert list(dos.DeckOfSpies.MOVES) == list(dos.ACTION_KEYS)


def test_the_end_event_holds_the_facts_its_summary_is_said_from():
    end = {"kind": "end", "winners": [], "scores": [3], "reason": "no_ace", "theirs": 2,
           "spy": "9H", "hand_total": 6}
    assert dos.DeckOfSpies.event_text(end) == (
        "You lost: your hand totals 6 against the 9\u2665 and no Ace is left to assassinate it.")
    end.update(reason="lost", spy=None, hand_total=None)
    assert dos.DeckOfSpies.event_text(end) == (
        "You lost: you hold 3 of the 12 key spies, the spies keep 2; you needed 7.")
