"""Scenario tests for Before I Kill You, Mister Spy... (rules/mister-spy.txt).

Each test builds the table it needs with `table()` and names the rule it
proves in the rulebook's words.
"""

import json

import pytest

from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games.mister_spy import (
    ACTION_KINDS, ALL_SPIES, CAPTURE, DOUBLER_LINES, FOIL, FULL_DECK, PLAY, SOURCE, SPY,
    SOURCES, SPY_NAMES, MisterSpyState,
)

KILL = {"type": "kill"}
LET_STAND = {"type": "let_stand"}
END_TURN = {"type": "end_turn"}


def table(players=3, hands=None, lairs=None, deck=(), discard=(), scores=None, turn=0):
    """A state at the start of `turn`'s decisions (the draw already done).

    `deck` lists cards bottom first, so deck[-1] is the top card.
    """
    state = MisterSpyState.create(players=players, seed=1)
    state.hands = [sorted(hand) for hand in (hands or [[] for _ in range(players)])]
    state.lairs = [list(lair) for lair in (lairs or [[] for _ in range(players)])]
    state.deck = list(deck)
    state.discard = list(discard)
    state.scores = list(scores or [0] * players)
    state.turn = state.to_act = turn
    state.phase = PLAY
    state.log = []
    return state


def target(seat):
    return {"type": "spy_target", "seat": seat}


def from_hand(*cards):
    return {"type": "spy_source", "source": "hand", "cards": list(cards)}


def blind(seat):
    return {"type": "spy_source", "source": "blind", "seat": seat}


FROM_DECK = {"type": "spy_source", "source": "deck"}


def taunt(card):
    return {"type": "taunt", "card": card}


def foil(card):
    return {"type": "foil", "card": card}


def kinds(state):
    return [event["kind"] for event in state.log]


# -- How to Begin ---------------------------------------------------------------


@pytest.mark.parametrize("players, dealt", [(2, 6), (3, 6), (4, 5), (5, 5), (6, 5)])
def test_deal_5_cards_or_6_if_only_2_or_3_are_playing(players, dealt):
    state = new_game("mister-spy", players=players, seed=11)
    first = state.turn
    for seat in range(players):
        expected = dealt + 1 if seat == first else dealt  # the first player has drawn
        assert len(state.hands[seat]) == expected
    assert len(state.deck) == 54 - players * dealt - 1


def test_play_starts_on_the_dealers_left():
    state = new_game("mister-spy", players=4, seed=5)
    deal = state.log[0]
    assert deal["kind"] == "deal"
    assert state.turn == (deal["seat"] + 1) % 4


# -- On Every Turn ------------------------------------------------------------------


def test_first_draw_one_card_from_the_deck():
    state = table(hands=[["L2"], ["D-A"], ["D-B"]], deck=["S4", "L3"])
    state.apply(END_TURN)
    assert state.turn == 1
    assert state.hands[1] == ["D-A", "L3"]
    assert state.deck == ["S4"]
    assert state.log[-1]["kind"] == "draw" and state.log[-1]["spy"] is False


def test_if_the_deck_is_empty_you_skip_the_draw():
    state = table(hands=[["L2"], ["D-A"], ["D-B"]])
    state.apply(END_TURN)
    assert state.turn == 1 and state.hands[1] == ["D-A"]
    assert state.log[-1]["kind"] == "no_draw"


def test_the_size_of_your_lair_is_the_total_of_its_lair_cards():
    state = table(hands=[["L2", "L3"], [], []], lairs=[["L4"], [], []])
    state.apply({"type": "lair", "card": "L3"})
    assert state.lairs[0] == ["L4", "L3"]
    assert state.view(1)["lairs"][0] == {"cards": ["L4", "L3"], "total": 7}


def test_you_may_play_only_one_lair_card_a_turn():
    state = table(hands=[["L2", "L3", "S1"], [], []], lairs=[["L4"], [], []])
    state.apply({"type": "lair", "card": "L3"})
    assert state.phase == SPY
    assert {"type": "lair", "card": "L2"} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="start of the turn"):
        state.apply({"type": "lair", "card": "L2"})


def test_if_you_have_no_lair_cards_no_one_can_play_spies_into_it():
    state = table(hands=[["S2"], ["S1"], ["D-A"]], lairs=[["L2"], [], ["L3"]])
    targets = [a["seat"] for a in state.legal_actions() if a["type"] == "spy_target"]
    assert targets == [0, 2]
    with pytest.raises(IllegalAction, match="Player 2 has no Lair"):
        state.apply(target(1))


def test_a_spy_may_be_played_from_your_own_hand_into_your_own_lair():
    state = table(hands=[["S3", "L2"], [], []], lairs=[["L4"], [], []])
    state.apply(target(0))
    assert state.legal_actions() == [from_hand("S3")]
    state.apply(from_hand("S3"))
    assert state.phase == CAPTURE and state.captured == ["S3"]
    assert state.hands[0] == ["L2"]


def test_a_spy_may_be_played_from_someone_elses_hand_even_into_their_own_lair():
    state = table(hands=[["L2"], ["S2", "L3", "D-A"], []], lairs=[[], ["L2"], []])
    state.apply(target(1))
    assert state.legal_actions() == [blind(1)]
    state.apply(blind(1))
    assert state.hands[1] == ["D-A", "L3"]
    assert state.phase == CAPTURE and state.to_act == 1 and state.captured == ["S2"]


def test_a_spy_from_another_hand_is_taken_at_random():
    taken = set()
    for seed in range(40):
        state = table(hands=[[], ["S1", "S6"], []], lairs=[["L4", "L4"], [], []])
        state.rng = Rng(seed)
        state.apply(target(0))
        state.apply(blind(1))
        taken.add(state.captured[0])
    assert taken == {"S1", "S6"}


def test_a_spy_may_be_played_from_the_top_of_the_deck_only_if_it_is_a_spy():
    state = table(hands=[[], [], []], lairs=[["L3"], [], []], deck=["S6", "S2"])
    state.apply(target(0))
    assert state.legal_actions() == [FROM_DECK]
    state.apply(FROM_DECK)
    assert state.captured == ["S2"] and state.deck == ["S6"]

    covered = table(hands=[["D-A"], [], []], lairs=[["L3"], [], []], deck=["S6", "L2"])
    assert covered.view(0)["deck_top_is_spy"] is False
    assert covered.legal_actions() == [END_TURN]


def test_declare_where_the_spy_is_going_before_you_look_at_it():
    state = table(hands=[["S1"], ["S5"], []], lairs=[["L2"], ["L3"], []], deck=["S4"])
    state.apply(target(1))
    assert state.phase == SOURCE and state.view(2)["target"] == 1
    assert state.captured == [] and state.hands[1] == ["S5"] and state.deck == ["S4"]
    # The target is not taken back: only sources for it are open.
    assert all(a["type"] == "spy_source" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="declared once"):
        state.apply(target(0))


def test_a_team_of_spies_from_your_hand_counts_as_one_spy_of_their_combined_value():
    state = table(hands=[["S2", "S3", "S3"], [], []], lairs=[[], ["L4", "L4"], []])
    state.apply(target(1))
    teams = [a["cards"] for a in state.legal_actions() if len(a.get("cards", [])) > 1]
    assert teams == [["S3", "S3"], ["S2", "S3"], ["S2", "S3", "S3"]]
    state.apply(from_hand("S2", "S3", "S3"))
    # 8 against a Lair of 8: captured, and the owner may kill the whole team.
    assert state.phase == CAPTURE and state.to_act == 1
    state.apply(KILL)
    assert state.scores == [0, 8, 0]


def test_a_team_can_only_be_played_into_another_players_lair():
    state = table(hands=[["S2", "S3"], [], []], lairs=[["L4", "L4"], [], []])
    state.apply(target(0))
    assert state.legal_actions() == [from_hand("S2"), from_hand("S3")]
    with pytest.raises(IllegalAction, match="another player's Lair"):
        state.apply(from_hand("S2", "S3"))


# -- Captured or escaped ----------------------------------------------------------------


def test_a_spy_equal_to_the_lair_is_captured():
    state = table(hands=[["S5"], [], []], lairs=[[], ["L2", "L3"], []])
    state.apply(target(1))
    state.apply(from_hand("S5"))
    assert state.phase == CAPTURE
    assert state.view(0)["capture"]["spy_value"] == 5
    assert state.view(0)["capture"]["lair_value"] == 5


def test_no_matter_whose_turn_it_is_the_capturing_player_deals_with_it():
    state = table(hands=[["S1"], ["D-A"], []], lairs=[[], ["L2"], []])
    state.apply(target(1))
    state.apply(from_hand("S1"))
    assert state.turn == 0 and state.to_act == 1
    assert state.legal_actions() == [KILL, taunt("D-A")]


def test_a_spy_larger_than_the_lair_escapes_and_every_lair_card_is_discarded():
    state = table(hands=[["S6"], ["D-A"], []], lairs=[[], ["L2", "L3"], []],
                  deck=["L4"])
    state.apply(target(1))
    state.apply(from_hand("S6"))
    assert state.lairs[1] == []
    assert state.discard == ["S6", "L2", "L3"]
    assert state.scores == [0, 0, 0]
    escape = [e for e in state.log if e["kind"] == "escape"][0]
    assert escape["lair"] == ["L2", "L3"] and escape["seat"] == 1
    assert state.turn == 1  # the turn has passed on


# -- Kill and taunt ----------------------------------------------------------------------


@pytest.mark.parametrize("taunts, points", [(0, 3), (1, 6), (2, 12), (3, 24)])
def test_kill_scores_the_spys_value_doubled_for_each_successful_taunt(taunts, points):
    state = table(hands=[["S3", "D-A", "D-C", "D-E"], ["L2"], ["L2"]],
                  lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    for card in ["D-A", "D-C", "D-E"][:taunts]:
        state.apply(taunt(card))
        state.apply(LET_STAND)  # seat 1
        state.apply(LET_STAND)  # seat 2
        assert state.phase == CAPTURE and state.to_act == 0
    state.apply(KILL)
    assert state.scores == [points, 0, 0]
    kill = [e for e in state.log if e["kind"] == "kill"]
    assert [e["points"] for e in kill] == [points]
    assert state.discard == ["S3"] + ["D-A", "D-C", "D-E"][:taunts]


def test_a_taunt_is_read_aloud_with_its_line():
    state = table(hands=[["S3", "D-B"], [], []], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-B"))
    said = [e for e in state.log if e["kind"] == "taunt"][0]
    line = said["line"]
    assert line == "Before I kill you, %s... %s" % (SPY_NAMES["S3"][0], DOUBLER_LINES["D-B"])


def test_the_capture_in_view_shows_the_multiplier_and_what_a_taunt_would_make_it():
    state = table(hands=[["S3", "D-A", "D-B"], ["L2"], []], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-A"))
    pending = state.view(2)["capture"]
    assert pending["open_taunt"] == "D-A"
    shown = ("multiplier", "points", "points_if_taunt_stands")
    assert [pending[key] for key in shown] == [1, 3, 6]
    state.apply(LET_STAND)
    standing = state.view(2)["capture"]
    assert standing["taunts"] == ["D-A"] and standing["open_taunt"] is None
    assert [standing[key] for key in shown] == [2, 6, 12]


def test_another_player_holding_the_matching_letter_can_foil_the_taunt():
    state = table(hands=[["S3", "D-C"], ["D-C"], ["L2"]], lairs=[["L4"], [], []],
                  deck=["L3", "L2"])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-C"))
    assert state.phase == FOIL and state.to_act == 1
    assert state.legal_actions() == [foil("D-C"), LET_STAND]
    state.apply(foil("D-C"))
    # The Spy escapes and blows up the Lair; nobody scores.
    assert state.lairs[0] == [] and state.scores == [0, 0, 0]
    assert sorted(state.discard) == ["D-C", "D-C", "L4", "S3"]
    assert kinds(state)[-3:] == ["foil", "escape", "draw"]


def test_a_player_without_the_matching_letter_can_only_let_the_taunt_stand():
    state = table(hands=[["S3", "D-C"], ["D-A"], ["D-C"]], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-C"))
    assert state.to_act == 1 and state.legal_actions() == [LET_STAND]
    with pytest.raises(IllegalAction, match="Player 2 does not hold the other D-C"):
        state.apply(foil("D-C"))


def test_foils_are_offered_in_turn_order_from_the_owners_left():
    state = table(players=4, hands=[["S1"], ["D-A"], ["D-B"], ["D-C"]],
                  lairs=[[], [], ["L4"], []], turn=0)
    state.apply(target(2))
    state.apply(from_hand("S1"))
    state.hands[2].append("D-E")
    state.apply(taunt("D-E"))
    asked = []
    while state.phase == FOIL:
        asked.append(state.to_act)
        state.apply(LET_STAND)
    assert asked == [3, 1]  # seat 0 holds only Spies now, so it holds no Doubler


def test_nobody_is_asked_when_the_partner_is_already_in_the_discard_pile():
    state = table(hands=[["S3", "D-C"], ["D-A"], ["D-B"]], lairs=[["L4"], [], []],
                  discard=["D-C"])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-C"))
    assert state.phase == CAPTURE and state.to_act == 0
    assert state.log[-1]["kind"] == "taunt_stands"


def test_an_owner_holding_both_copies_of_a_letter_cannot_be_foiled():
    state = table(hands=[["S3", "D-C", "D-C"], ["D-A"], ["D-B"]], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-C"))
    for _ in range(2):
        assert state.phase == FOIL and state.legal_actions() == [LET_STAND]
        state.apply(LET_STAND)
    assert state.phase == CAPTURE


def test_you_cant_play_the_partner_of_a_doubler_youve_already_played():
    state = table(hands=[["S3", "D-C", "D-C", "D-A"], ["L2"], ["L2"]], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-C"))
    state.apply(LET_STAND)
    state.apply(LET_STAND)
    assert state.legal_actions() == [KILL, taunt("D-A")]
    with pytest.raises(IllegalAction, match="D-C was already played on this Spy"):
        state.apply(taunt("D-C"))


def test_other_players_cant_cancel_your_older_doublers():
    state = table(hands=[["S3", "D-A", "D-C"], ["D-A", "L2"], ["L2"]], lairs=[["L4", "L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-A"))
    assert state.legal_actions() == [foil("D-A"), LET_STAND]
    state.apply(LET_STAND)  # seat 1 passes on the A...
    state.apply(LET_STAND)
    state.apply(taunt("D-C"))
    assert state.to_act == 1
    assert state.legal_actions() == [LET_STAND]  # ...and can no longer play it
    with pytest.raises(IllegalAction, match="only the newest taunt, D-C"):
        state.apply(foil("D-A"))
    state.apply(LET_STAND)
    state.apply(LET_STAND)
    state.apply(KILL)
    assert state.scores[0] == 12  # the rulebook's example: 3 points, A and C


# -- Winning ---------------------------------------------------------------------------------


def test_the_first_player_to_score_30_points_wins_at_once_even_off_turn():
    state = table(hands=[["S4", "S6"], ["D-A", "S1"], ["S2"]], lairs=[[], ["L4", "L2"], []],
                  scores=[29, 27, 0], deck=["S5", "S3"])
    state.apply(target(1))
    state.apply(from_hand("S4"))
    state.apply(KILL)
    assert state.is_over and state.to_act is None
    assert state.result()["winners"] == [1]
    assert state.result()["scores"] == [29, 31, 0]
    assert "reaches 31 points" in state.result()["summary"]


def test_the_game_ends_when_the_last_spy_hits_the_discard_pile():
    others = [code for code in sorted(SPY_NAMES) for _ in range(3)]
    others.remove("S6")
    state = table(hands=[["S6"], ["D-A", "L2"], ["L3"]], lairs=[[], ["L2"], []],
                  discard=others, scores=[3, 7, 7], deck=["L4", "L4"])
    assert len(others) == ALL_SPIES - 1
    state.apply(target(1))
    state.apply(from_hand("S6"))
    assert state.is_over
    assert state.result()["winners"] == [1, 2]  # ties share
    assert "last Spy" in state.result()["summary"]


def test_the_game_ends_when_a_full_round_passes_with_no_card_played():
    state = table(hands=[["D-A"], ["D-B"], ["L2"]], lairs=[["L2"], [], []])
    state.apply(END_TURN)
    state.apply(END_TURN)
    assert not state.is_over
    state.apply(END_TURN)
    assert state.is_over and state.result()["winners"] == [0, 1, 2]
    assert "full round" in state.result()["summary"]


def test_a_card_played_starts_the_idle_round_again():
    state = table(hands=[["D-A"], ["D-B"], ["L2", "D-C"]], lairs=[["L2"], [], []])
    state.apply(END_TURN)
    state.apply(END_TURN)
    state.apply({"type": "lair", "card": "L2"})
    state.apply(END_TURN)
    assert state.idle_turns == 0
    state.apply(END_TURN)
    state.apply(END_TURN)
    assert not state.is_over
    state.apply(END_TURN)
    assert state.is_over


def test_the_turn_that_drew_the_last_card_counts_toward_the_idle_round():
    state = table(players=2, hands=[["D-A"], ["D-B"]], lairs=[["L2"], []], deck=["D-C"])
    state.apply(END_TURN)
    assert state.turn == 1 and state.deck == []  # seat 1 drew the last card
    state.apply(END_TURN)
    assert state.idle_turns == 1
    state.apply(END_TURN)
    assert state.is_over


def test_a_turn_with_nothing_to_play_passes_by_itself():
    # Seat 1 holds only Spies (public: the backs) and no Lair exists for them.
    state = table(hands=[["L2", "D-A"], ["S2"], ["D-B"]])
    state.apply(END_TURN)
    assert state.turn == 2
    assert [e["kind"] for e in state.log] == ["no_draw", "pass", "no_draw"]


# -- What everybody can see --------------------------------------------------------------------


def test_the_backs_show_how_many_spies_each_hand_holds_and_the_decks_top():
    state = table(hands=[["S1", "L2"], ["S5", "S6", "D-A"], []], deck=["L2", "S4"])
    view = state.view(0)
    assert view["hand"] == ["L2", "S1"]
    assert view["hand_sizes"] == [2, 3, 0] and view["hand_spies"] == [1, 2, 0]
    assert view["deck_top_is_spy"] is True and view["deck_count"] == 2
    assert "S5" not in str(view) and "S4" not in str(view)


def test_determinize_keeps_every_back_in_place():
    state = table(hands=[["S1", "L2"], ["S5", "S6", "D-A"], ["L4"]], deck=["L2", "S4", "D-B"])
    world = state.determinize(0, Rng(3))
    assert world.view(0) == state.view(0)
    assert [sum(c[0] == "S" for c in hand) for hand in world.hands] == [1, 2, 0]
    assert world.deck[-1][0] != "S"


def test_an_illegal_action_names_the_offending_card_and_changes_nothing():
    state = table(hands=[["S3", "L2"], [], []], lairs=[["L4"], [], []])
    before = state.view(0)
    with pytest.raises(IllegalAction, match="'L4' is not a Lair card in Player 1's hand"):
        state.apply({"type": "lair", "card": "L4"})
    state.apply(target(0))
    with pytest.raises(IllegalAction, match="'S5' is not a Spy in Player 1's hand"):
        state.apply(from_hand("S5"))
    assert state.hands[0] == ["L2", "S3"]
    with pytest.raises(IllegalAction, match="not now"):
        state.apply(KILL)
    fresh = table(hands=[["S3", "L2"], [], []], lairs=[["L4"], [], []])
    assert fresh.view(0) == before


def test_a_bool_is_not_a_seat_and_a_list_is_not_a_card():
    state = table(hands=[["S3", "L2"], ["S1"], []], lairs=[["L4"], ["L2"], []])
    for action in ({"type": "spy_target", "seat": True}, {"type": "lair", "card": ["L2"]}):
        with pytest.raises(IllegalAction, match="no seat True|is not a Lair card"):
            state.apply(action)
    state.apply(target(1))
    with pytest.raises(IllegalAction, match="no seat True"):
        state.apply({"type": "spy_source", "source": "blind", "seat": True})
    with pytest.raises(IllegalAction, match="'S3'\\] is not a Spy"):
        state.apply({"type": "spy_source", "source": "hand", "cards": [["S3"]]})


def test_an_action_carries_exactly_the_keys_of_its_type():
    state = table(hands=[["S3", "L2"], [], []], lairs=[["L4"], [], []])
    with pytest.raises(IllegalAction, match="^That move takes no 'copies'.$"):
        state.apply({"type": "lair", "card": "L2", "copies": 2})
    with pytest.raises(IllegalAction, match="^Choose a card first.$"):
        state.apply({"type": "lair"})
    state.apply(target(0))
    with pytest.raises(IllegalAction, match="^Choose the cards first.$"):
        state.apply({"type": "spy_source", "source": "hand", "seat": 0})


def test_an_unknown_action_type_is_refused_with_what_the_player_must_do():
    state = table(hands=[["S3", "L2"], [], []], lairs=[["L4"], [], []])
    with pytest.raises(IllegalAction, match="unknown action type 'deal'; Player 1 must play"):
        state.apply({"type": "deal"})


def test_a_team_must_be_listed_in_sorted_order():
    state = table(hands=[["S2", "S3"], [], []], lairs=[[], ["L4", "L4"], []])
    state.apply(target(1))
    with pytest.raises(IllegalAction, match="sorted order"):
        state.apply(from_hand("S3", "S2"))


def candidate_actions(state):
    """Every legal action, and mutations of them: other cards, other seats
    and sources, wrong types, extra and missing keys."""
    seats = list(range(-1, state.num_players + 1)) + [True, False, 1.0, "1", None]
    cards = sorted(set(FULL_DECK)) + ["S9", "", True, 3, ["S3"], None]
    candidates = [{"type": kind} for kind in list(ACTION_KINDS) + ["deal"]]
    candidates += [{"type": None}, {"type": ["kill"]}, {"type": 1}]
    candidates += [{"type": kind, "card": card} for kind in ("lair", "taunt", "foil")
                   for card in cards]
    candidates += [{"type": "spy_target", "seat": seat} for seat in seats]
    candidates += [blind(seat) for seat in seats]
    candidates += [{"type": "spy_source", "source": source}
                   for source in ("deck", "hand", "blind", "attic", None, ["deck"])]
    teams = [[card] for card in cards] + [[], "S3", ["S6", "S1"], ["S1", "S1"], ["S2", "S5"],
                                          ["S1", "S2", "S3"], [1], [True]]
    candidates += [from_hand(*team) if isinstance(team, list) else
                   {"type": "spy_source", "source": "hand", "cards": team} for team in teams]
    for action in state.legal_actions():
        candidates.append(dict(action, extra=1))
        candidates += [{k: v for k, v in action.items() if k != key} for key in action
                       if key != "type"]
    return state.legal_actions() + candidates


def test_an_action_is_legal_exactly_when_check_accepts_it():
    """For random reachable states, every candidate is either among the legal
    actions and passes check(), or is refused by check() with a reason."""
    for players in range(2, 7):
        for seed in range(1, 4):
            state = new_game("mister-spy", players=players, seed=seed)
            rng = Rng(seed)
            while not state.is_over:
                legal = {json.dumps(a, sort_keys=True) for a in state.legal_actions()}
                before = state.view(state.to_act)
                for action in candidate_actions(state):
                    is_legal = json.dumps(action, sort_keys=True) in legal
                    try:
                        state.check(action)
                    except IllegalAction as refusal:
                        assert not is_legal and str(refusal), (action, str(refusal))
                    else:
                        assert is_legal, action
                assert state.view(state.to_act) == before
                actions = state.legal_actions()
                state.apply(actions[rng.below(len(actions))])


# -- What the table is told ------------------------------------------------------------------


def test_the_view_says_how_many_spies_are_still_out_and_what_wins():
    state = table(hands=[["S1"], [], []], discard=["S2", "S3", "L2"])
    view = state.view(1)
    assert (view["spies_out"], view["all_spies"], view["win_score"]) == (ALL_SPIES - 2, 18, 30)


def test_the_owner_alone_sees_each_taunts_line_and_whether_it_can_be_foiled():
    state = table(hands=[["S3", "D-A", "D-B", "D-B"], ["L2"], []], lairs=[["L4"], [], []],
                  discard=["D-A"])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    offers = state.view(0)["taunt_offers"]
    assert [(o["card"], o["safe"]) for o in offers] == [("D-A", True), ("D-B", True)]
    assert offers[1]["line"] == "Before I kill you, %s... %s" % (
        SPY_NAMES["S3"][0], DOUBLER_LINES["D-B"])
    assert state.view(1)["taunt_offers"] == []


def test_the_view_says_why_no_team_goes_into_your_own_lair():
    state = table(hands=[["S2", "S3"], [], []], lairs=[["L4", "L4"], ["L2"], []])
    state.apply(target(0))
    assert state.view(0)["team_refusal"] == "a team can only go into another player's Lair"
    assert state.view(1)["team_refusal"] is None


def test_the_view_counts_the_points_killed_since_the_seats_last_decision():
    state = table(hands=[["S3"], ["D-A"], []], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(KILL)
    assert state.view(1)["recent_points"] == [3, 0, 0]
    state.apply(END_TURN)  # seat 1 decides: what came before is no longer recent
    assert state.view(1)["recent_points"] == [0, 0, 0]


def test_the_player_to_act_is_told_the_rule_behind_the_decision():
    state = table(hands=[["S2", "D-A"], ["L2"], []], lairs=[["L4"], [], []])
    assert state.view(0)["rule_note"] == "Choose the Lair first; you see the Spy only after."
    assert state.view(1)["rule_note"] is None
    state.apply(target(0))
    assert state.view(0)["rule_note"].startswith("a Spy of 4 or less is captured")
    state.apply(from_hand("S2"))
    assert "Kill it now for 2" in state.view(0)["rule_note"]
    state.apply(taunt("D-A"))
    assert state.view(1)["rule_note"] == "Foiling takes the other D-A."
    nobody = table(hands=[["D-A", "L2"], ["L3"], []], lairs=[["L4"], [], []])
    assert "no hand holds a Spy" in nobody.view(0)["rule_note"]


# -- The normal bot's plan (docs/bots.md) ------------------------------------------------------


def normal_choice(state):
    from pyapp.bots.mister_spy import NormalBot
    return NormalBot().choose(state, state.to_act, Rng(1))


def test_normal_bot_builds_its_lair_to_6_with_the_card_that_just_reaches_it():
    state = table(hands=[["L2", "L3", "L4", "S1"], ["D-A"], ["D-B"]], lairs=[["L3"], [], []])
    assert normal_choice(state) == {"type": "lair", "card": "L3"}


def test_normal_bot_feeds_its_own_spy_to_its_own_lair_when_surely_captured():
    state = table(hands=[["S2", "S5", "D-A"], ["D-B"], ["D-C"]], lairs=[["L4"], [], []])
    assert normal_choice(state) == target(0)
    state.apply(target(0))
    assert normal_choice(state) == from_hand("S2")


def test_normal_bot_foils_whenever_it_can():
    state = table(hands=[["S3", "D-C"], ["D-C", "L2"], ["L2"]], lairs=[["L4"], [], []])
    state.apply(target(0))
    state.apply(from_hand("S3"))
    state.apply(taunt("D-C"))
    assert normal_choice(state) == foil("D-C")


def test_normal_bot_taunts_only_when_the_partner_cannot_be_in_another_hand():
    risky = table(hands=[["S3", "D-C"], ["L2", "L3"], ["L4"]], lairs=[["L4"], [], []],
                  deck=["D-C", "L2"])
    risky.apply(target(0))
    risky.apply(from_hand("S3"))
    assert normal_choice(risky) == KILL
    safe = table(hands=[["S3", "D-C"], ["L2", "L3"], ["L4"]], lairs=[["L4"], [], []],
                 discard=["D-C"], deck=["L2"])
    safe.apply(target(0))
    safe.apply(from_hand("S3"))
    assert normal_choice(safe) == taunt("D-C")


def test_normal_bot_breaks_the_leaders_big_lair_with_a_team():
    state = table(hands=[["S4", "S5", "D-A"], ["L2"], ["D-B"]],
                  lairs=[["L2"], ["L4", "L4"], []], scores=[2, 20, 3])
    assert normal_choice(state) == target(1)
    state.apply(target(1))
    assert normal_choice(state) == from_hand("S4", "S5")
    state.apply(from_hand("S4", "S5"))
    assert state.lairs[1] == []



def test_every_action_type_has_one_entry_in_the_table_of_moves():
    assert list(MisterSpyState.MOVES) == list(ACTION_KINDS)
    assert sorted(SOURCES) == ["blind", "deck", "hand"]


def test_a_spy_event_says_where_the_spy_came_from_and_its_sentence_follows():
    state = MisterSpyState.create(players=3, seed=7)
    event = {"kind": "spy", "seat": 0, "target": 1, "source": "blind", "from_seat": 2,
             "cards": ["S3"], "names": ["Captain Velvet"], "value": 3, "lair_value": 4}
    assert state.event_text(event) == (
        "Player 1 sends Captain Velvet (3) taken blind from Player 3's hand into "
        "Player 2's Lair of 4.")
    event.update(source="hand", from_seat=None, cards=["S2", "S3"],
                 names=["Doctor Noodle", "Captain Velvet"], value=5, target=0)
    assert state.event_text(event) == (
        "Player 1 sends Doctor Noodle (2) and Captain Velvet (3) as a team from their hand "
        "into their own Lair of 4.")


def test_a_teams_sentences_agree_in_number_and_a_foil_names_the_matching_doubler():
    from pyapp.games.mister_spy import MisterSpyState

    text = MisterSpyState.event_text
    team = {"kind": "escape", "seat": 1, "lair": ["L4"], "cards": ["S2", "S3"],
            "names": ["Doctor Noodle", "Captain Velvet"], "foiled": False}
    assert text(team) == ("Doctor Noodle and Captain Velvet escape from the Lair of 4 and "
                          "destroy Player 2's Lair (4).")
    alone = dict(team, cards=["S6"], names=["Double-Oh-Nothing"], foiled=True)
    assert text(alone) == "Double-Oh-Nothing escapes and destroys Player 2's Lair (4)."
    stands = {"kind": "taunt_stands", "seat": 0, "points": 10,
              "names": ["Doctor Noodle", "Captain Velvet"]}
    assert text(stands) == "The taunt stands: Doctor Noodle and Captain Velvet are now worth 10."
    foil = {"kind": "foil", "seat": 1, "card": "D-C", "owner": 0}
    assert text(foil) == "Player 2 foils the taunt with the matching D-C!"


def test_the_prompt_speaks_to_the_seat_deciding_and_of_it_to_the_others():
    """Issue #36: a waiting seat read "Player 2: send a Spy into your own Lair"."""
    from pyapp.bots import levels

    state, bot, rng = new_game("mister-spy", seed=3, players=3), levels("mister-spy")["easy"](), \
        Rng(1)
    phases = set()
    while not state.is_over:
        acting = state.to_act
        for seat in range(3):
            prompt = state.view(seat)["prompt"]
            if seat == acting:
                assert prompt.startswith("Player %d: " % (acting + 1)), prompt
            else:
                assert prompt.startswith("Player %d may " % (acting + 1)), prompt
                assert " your own " not in prompt and "your matching" not in prompt
        phases.add(state.phase)
        state.apply(bot.choose(state, acting, rng))
    assert len(phases) >= 4
