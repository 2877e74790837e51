"""Spy Tricks rules, each proved on a table set up by hand.

`table()` lays out a position the way a rule needs it: chosen hands, secret,
face-up cards and pawns. It checks that every card is in exactly one place,
so a scenario cannot cheat by losing a card.
"""

import json

import pytest

from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
from pyapp.engine.rng import Rng
from pyapp.games.spy_tricks import (
    CARD_ORDER, CARDS, OUT_OF_PLAY, SPACES, STRENGTH, SpyTricksState, pawn_value)


def table(players, hands, secret, leftovers, played=(), leader=0, tricks_played=0,
          pawns=(), collaborators=None, supply=None, coins=None, coin_counts=None):
    """A round in progress, with the trick led by `leader` about to start."""
    state = new_game("spy-tricks", players=players, seed=1)
    state.hands = [sorted(hand, key=CARD_ORDER.get) for hand in hands]
    state.secret = secret
    state.leftovers = sorted(leftovers, key=CARD_ORDER.get)
    state.on_board = set(OUT_OF_PLAY[players]) | set(leftovers) | set(played)
    state.start_player = state.winner_card = state.to_act = state.turn = leader
    state.tricks_played = tricks_played
    for seat, space, collaborator in pawns:
        state.pawns.append((seat, space, collaborator))
        state.taken.add(space)
        state.pawns_left[seat] -= 1
    if collaborators is not None:
        state.collaborators = list(collaborators)
    if supply is not None:
        state.supply = supply
    if coins is not None:
        state.coins = list(coins)
        state.coin_counts = list(coin_counts or [1 if c else 0 for c in coins])
    places = [card for hand in state.hands for card in hand] + [secret] + sorted(state.on_board)
    assert sorted(places) == sorted(state._deck_for() + OUT_OF_PLAY[players])
    return state


def play(state, *cards):
    for card in cards:
        state.apply({"type": "play", "card": card})


def place(state, space, collaborator=False):
    state.apply({"type": "place", "space": space, "collaborator": collaborator})


def passes(state, times=1):
    for _ in range(times):
        state.apply({"type": "pass"})


def pass_to_round_end(state):
    """Decline every remaining placement, catch-up included."""
    current = state.round
    while state.round == current and not state.is_over:
        passes(state)


def snapshot(state):
    return (json.dumps([state.view(seat) for seat in range(state.num_players)]),
            state.secret, repr(state.hands), len(state.history), len(state.log))


# Four players with six cards each, a secret and two face-up leftovers.
FOUR = [
    ["R9", "R5", "B7", "B3", "W8", "W2"],
    ["R8", "R4", "B6", "B2", "W7", "W1"],
    ["R7", "R3", "B5", "B1", "W6", "W5"],
    ["R6", "R2", "B9", "B8", "W9", "W4"],
]
FOUR_SECRET = "B4"
FOUR_LEFTOVERS = ["R1", "W3"]


def four_players(**kwargs):
    return table(4, FOUR, FOUR_SECRET, FOUR_LEFTOVERS, **kwargs)


# -- strength and tricks --------------------------------------------------------

def test_suits_are_ordered_red_over_blue_over_white_then_by_number():
    ordered = sorted(CARDS, key=STRENGTH.get)
    assert ordered[:9] == ["W%d" % rank for rank in range(1, 10)]
    assert ordered[9:18] == ["B%d" % rank for rank in range(1, 10)]
    assert ordered[18:] == ["R%d" % rank for rank in range(1, 10)]
    assert STRENGTH["R1"] > STRENGTH["B9"] > STRENGTH["W9"] > STRENGTH["W1"]


def test_each_player_must_follow_suit_if_able():
    state = four_players()
    play(state, "W8")
    assert state.legal_actions() == [{"type": "play", "card": "W1"},
                                     {"type": "play", "card": "W7"}]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must follow white instead of playing R8"):
        state.apply({"type": "play", "card": "R8"})
    assert snapshot(state) == before


def test_a_card_not_in_hand_cannot_be_played():
    state = four_players()
    with pytest.raises(IllegalAction, match="R8 is not in your hand"):
        state.apply({"type": "play", "card": "R8"})


def void_table():
    """FOUR, but seat 0 swapped its blue cards for the face-up R1 and W3."""
    hands = [["R9", "R5", "R1", "W8", "W3", "W2"]] + FOUR[1:]
    return table(4, hands, "B4", ["B7", "B3"], leader=3)


def test_a_player_who_cannot_follow_may_play_any_card_and_is_known_void():
    state = void_table()
    play(state, "B9")
    assert len(state.legal_actions()) == 6  # seat 0 has no blue
    play(state, "R9")
    assert state.view(2)["voids"] == [["B"], [], [], []]
    # seat 2 holds B1, B5 and sees B3, B7, B9: B2, B6, B8 and B4 are unseen
    assert state.view(2)["unseen"]["B"] == [2, 4, 6, 8]


def test_the_strongest_card_wins_and_the_weakest_loses_whatever_suit_was_led():
    hands = [["W5", "W6", "W7", "W8", "W9", "R9"], ["W2", "W3", "W4", "B1", "B2", "B3"],
             ["R1", "R2", "R3", "R4", "R5", "R6"], ["B4", "B5", "B6", "B7", "B8", "B9"]]
    state = table(4, hands, "W1", ["R7", "R8"])
    play(state, "W5", "W2", "R1", "B9")
    assert state.last_trick == {"cards": [[0, "W5"], [1, "W2"], [2, "R1"], [3, "B9"]],
                                "winner": 2, "loser": 1}
    view = state.view(0)
    assert (view["winner_card"], view["loser_card"]) == (2, 1)
    assert {"W5", "W2", "R1", "B9"} <= set(view["board"])


def test_the_winner_places_first_then_the_loser_then_the_winner_leads():
    hands = [["W5", "W6", "W7", "W8", "W9", "R9"], ["W2", "W3", "W4", "B1", "B2", "B3"],
             ["R1", "R2", "R3", "R4", "R5", "R6"], ["B4", "B5", "B6", "B7", "B8", "B9"]]
    state = table(4, hands, "W1", ["R7", "R8"])
    play(state, "W5", "W2", "R1", "B9")
    assert state.to_act == 2 and state.view(2)["prompt"].startswith("You won")
    place(state, "rank:1")
    assert state.to_act == 1 and state.view(1)["prompt"].startswith("You lost")
    passes(state)
    assert state.phase == "play" and state.to_act == 2
    assert state.view(0)["pawns"] == [{"seat": 2, "space": "rank:1", "collaborator": False}]
    assert state.view(0)["pawns_left"] == [5, 5, 4, 5]


# -- placement --------------------------------------------------------------------

def test_a_pawn_may_not_be_placed_on_a_space_that_already_contains_a_pawn():
    state = four_players(pawns=[(3, "rank:4", False)])
    play(state, "R9", "R8", "R7", "R6")  # seat 0 wins, seat 3 loses
    assert {"type": "place", "space": "rank:4", "collaborator": False} not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="A pawn already stands on rank:4"):
        place(state, "rank:4")
    assert snapshot(state) == before


def test_a_card_space_is_not_empty_once_its_card_lies_on_it():
    state = four_players()
    play(state, "R9", "R8", "R7", "R6")
    spaces = [action["space"] for action in state.legal_actions() if action["type"] == "place"]
    for card in ["R9", "R8", "R7", "R6", "R1", "W3"]:  # played and face-up cards
        assert card not in spaces
    assert "B4" in spaces and "R5" in spaces  # the secret's and an own card's space
    with pytest.raises(IllegalAction, match="R7 lies on its space already"):
        place(state, "R7")


def test_rank_and_suit_spaces_only_need_to_be_free_of_pawns():
    state = four_players()
    play(state, "R9", "R8", "R7", "R6")
    spaces = [action["space"] for action in state.legal_actions() if action["type"] == "place"]
    assert spaces[-12:] == SPACES[-12:]


def test_a_collaborator_may_be_placed_only_by_a_player_who_has_one():
    state = four_players(collaborators=[0, 0, 0, 1], supply=2)
    play(state, "R9", "R8", "R7", "R6")
    assert not any(action.get("collaborator") for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="no collaborator"):
        place(state, "rank:4", True)
    passes(state)
    assert {"type": "place", "space": "rank:4", "collaborator": True} in state.legal_actions()
    place(state, "rank:4", True)
    assert state.collaborators == [0, 0, 0, 0]
    assert state.view(0)["pawns"] == [{"seat": 3, "space": "rank:4", "collaborator": True}]


def test_pawns_cannot_be_placed_while_a_trick_is_in_progress():
    state = four_players()
    with pytest.raises(IllegalAction, match="play a card now"):
        place(state, "rank:4")
    with pytest.raises(IllegalAction, match="must play a card"):
        passes(state)


def test_a_player_with_no_pawns_left_is_skipped():
    spent = [(0, space, False) for space in ("rank:1", "rank:2", "rank:3", "rank:5", "rank:6")]
    state = four_players(pawns=spent)
    play(state, "R9", "R8", "R7", "R6")
    assert state.to_act == 3  # the winner, seat 0, has nothing to place
    assert state.log[-1]["kind"] == "skip"


# -- round end ----------------------------------------------------------------------

def last_trick_table(pawns=(), collaborators=None, supply=None, coins=None):
    """Four players, one card each before the fifth trick; the secret is B4.

    The board shows all but the last four cards and the secret, so rank 4
    (R4, W4 out) and the blue suit (B4 and B9 unseen) can still score.
    """
    hands = [["R9", "R5"], ["R8", "B9"], ["R7", "W1"], ["R6", "R2"]]
    played = [card for card in CARDS
              if card not in {"B4"} | {c for hand in hands for c in hand} | {"R1", "W3"}]
    return table(4, hands, "B4", ["R1", "W3"], played=played, tricks_played=4,
                 pawns=pawns, collaborators=collaborators, supply=supply, coins=coins)


def test_pawns_pay_ten_on_the_secret_card_five_on_its_rank_two_on_its_suit():
    assert [pawn_value(space, "B4") for space in ("B4", "rank:4", "suit:B", "R4", "suit:R")] \
        == [10, 5, 2, 0, 0]


def test_a_collaborator_doubles_the_coins_obtained():
    state = last_trick_table(pawns=[(1, "B4", True), (2, "rank:4", False), (3, "suit:B", True)],
                             collaborators=[0, 0, 0, 0], supply=1)
    play(state, "R9", "R8", "R7", "R6")
    pass_to_round_end(state)
    assert state.round == 2
    assert state.coins == [0, 20, 5, 4]
    assert state.coin_counts == [0, 2, 1, 2]
    payouts = [(e["seat"], e["space"], e["coins"]) for e in state.log if e.get("kind") == "payout"]
    assert payouts == [(1, "B4", [10, 10]), (2, "rank:4", [5]), (3, "suit:B", [2, 2])]


def test_used_collaborators_return_to_the_board():
    state = last_trick_table(pawns=[(1, "B4", True), (3, "suit:B", True)],
                             collaborators=[0, 0, 0, 1], supply=0)
    play(state, "R9", "R8", "R7", "R6")
    pass_to_round_end(state)
    # the two used ones come back, and seats 0 and 2, tied lowest at 0, take them
    assert state.coins == [0, 20, 0, 4]
    assert state.collaborators == [1, 0, 1, 1]
    assert state.supply == 0


def test_the_reveal_and_each_pawns_payout_are_logged_before_the_scores_move():
    state = last_trick_table(pawns=[(1, "B4", False), (2, "R3", False)])
    play(state, "R9", "R8", "R7", "R6")
    pass_to_round_end(state)
    kinds = [e["kind"] for e in state.log if e.get("kind") in ("reveal", "payout", "scores")]
    assert kinds == ["reveal", "payout", "payout", "scores"]
    reveal = next(e for e in state.log if e.get("kind") == "reveal")
    assert reveal["secret"] == "B4"
    assert reveal["cards"] == [[0, "R5"], [1, "B9"], [2, "W1"], [3, "R2"]]


def test_the_totals_sum_the_round_end_up_with_each_pawns_payout():
    state = last_trick_table(pawns=[(1, "B4", True), (2, "R3", False)],
                             collaborators=[0, 0, 0, 0], supply=2)
    play(state, "R9", "R8", "R7", "R6")
    pass_to_round_end(state)
    logged = [{key: e[key] for key in ("seat", "space", "collaborator", "coins", "value")}
              for e in state.log if e.get("kind") == "payout"]
    totals = next(e for e in state.log if e.get("kind") == "scores")
    assert {key: totals[key] for key in ("round", "secret", "payouts", "earned", "coins")} == {
        "round": 1, "secret": "B4", "payouts": logged,
        "earned": [0, 20, 0, 0], "coins": [0, 20, 0, 0]}
    assert [p["value"] for p in totals["payouts"]] == [20, 0]


def test_a_player_whose_pawns_are_all_misses_may_place_on_any_occupied_space():
    # Seat 2's pawn sits on R3, which lies on the board: a miss.
    state = last_trick_table(pawns=[(1, "rank:4", False), (2, "R3", False)])
    play(state, "R9", "R8", "R7", "R6")
    passes(state, 2)  # winner seat 0 and loser seat 3 decline
    # catch-up from the last winner (seat 0) clockwise; seat 1 has a live pawn
    assert state.phase == "catch-up" and state.to_act == 0
    passes(state)
    assert state.to_act == 2
    assert len([a for a in state.legal_actions() if a["type"] == "place"]) == len(SPACES)
    place(state, "rank:4")  # occupied by seat 1, allowed at catch-up
    assert state.to_act == 3
    place(state, "R9")  # covered by its card: allowed too, though it cannot score
    assert state.round == 2
    assert state.coins == [0, 5, 5, 0]


def test_a_player_with_a_pawn_that_can_still_score_gets_no_catch_up():
    state = last_trick_table(pawns=[(0, "suit:B", False), (1, "B9", False),
                                    (2, "rank:4", False), (3, "rank:9", False)])
    play(state, "R9", "R8", "R7", "R6")
    passes(state, 2)
    assert state.round == 2  # nobody was eligible, the round ended


def test_a_rank_whose_three_cards_are_visible_is_a_miss():
    state = last_trick_table(pawns=[(0, "rank:3", False), (1, "suit:W", False),
                                    (2, "rank:4", False), (3, "rank:9", False)])
    play(state, "R9", "R8", "R7", "R6")
    passes(state, 2)
    # rank 3 is all on the board; white still has W1 in seat 2's hand
    assert state.phase == "catch-up" and state.to_act == 0
    assert state.placers == [0]


def test_a_suit_whose_cards_are_all_visible_is_a_miss():
    hands = [["W9", "R5"], ["W8", "B9"], ["W7", "R3"], ["W6", "R2"]]
    played = [card for card in CARDS if card not in
              {"B4", "R1", "W3"} | {c for hand in hands for c in hand}]
    state = table(4, hands, "B4", ["R1", "W3"], played=played, tricks_played=4,
                  pawns=[(0, "suit:W", False), (1, "rank:4", False),
                         (2, "suit:B", False), (3, "suit:R", False)])
    play(state, "W9", "W8", "W7", "W6")
    passes(state, 2)
    assert state.phase == "catch-up" and state.placers == [0]


def test_a_player_without_pawns_left_gets_no_catch_up():
    misses = [(0, space, False) for space in ("R3", "R4", "W2", "W4", "W5")]
    state = last_trick_table(pawns=misses + [(1, "rank:4", False), (2, "suit:B", False),
                                             (3, "rank:9", False)])
    play(state, "R9", "R8", "R7", "R6")
    passes(state)  # loser seat 3; winner seat 0 had no pawn left
    assert state.round == 2


# -- collaborators and rounds ------------------------------------------------------------

def test_the_lowest_total_gets_a_collaborator():
    state = last_trick_table(coins=[7, 3, 10, 12], supply=3)
    play(state, "R9", "R8", "R7", "R6")
    pass_to_round_end(state)  # everybody may catch up, and declines
    assert state.collaborators == [0, 1, 0, 0] and state.supply == 2


def test_tied_lowest_players_all_get_a_collaborator_when_enough_are_left():
    state = last_trick_table(coins=[5, 5, 10, 5], supply=3)
    play(state, "R9", "R8", "R7", "R6")
    passes(state, 6)
    assert state.collaborators == [1, 1, 0, 1] and state.supply == 0


def test_tied_lowest_players_get_none_when_too_few_are_left():
    state = last_trick_table(coins=[5, 5, 10, 5], collaborators=[0, 0, 1, 0], supply=2)
    play(state, "R9", "R8", "R7", "R6")
    passes(state, 6)
    assert state.collaborators == [0, 0, 1, 0] and state.supply == 2
    assert state.log[-2]["kind"] == "collaborators" and state.log[-2]["seats"] == []


def test_the_start_player_passes_left_and_there_are_as_many_rounds_as_players():
    state = new_game("spy-tricks", players=3, seed=11)
    rng = Rng(3)
    starts = [state.start_player]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        if state.start_player != starts[-1] and not state.is_over:
            starts.append(state.start_player)
    assert starts == [(starts[0] + k) % 3 for k in range(3)]
    assert state.round == 3


def test_three_players_put_the_ones_and_twos_face_up_on_their_spaces():
    state = new_game("spy-tricks", players=3, seed=5)
    view = state.view(0)
    ones_and_twos = [suit + rank for suit in "RBW" for rank in "12"]
    assert set(ones_and_twos) <= set(view["board"])
    assert len(view["board"]) == 8 and len(view["leftovers"]) == 2
    assert view["hand_counts"] == [6, 6, 6]
    assert view["collaborator_supply"] == 2 and view["pawns_left"] == [5, 5, 5]
    assert view["unseen"] == {
        suit: [rank for rank in range(3, 10)
               if suit + str(rank) not in view["hand"] + view["leftovers"]]
        for suit in "RBW"}
    assert sum(len(ranks) for ranks in view["unseen"].values()) == 13  # 12 held + secret


def test_four_players_share_out_all_27_cards():
    state = new_game("spy-tricks", players=4, seed=5)
    view = state.view(0)
    assert len(view["board"]) == 2 and view["collaborator_supply"] == 3
    assert sum(len(state.hands[s]) for s in range(4)) == 24


def final_round(coins, coin_counts):
    """The last round of a 3-player game, one trick left and no pawn on the board."""
    hands = [["R9", "R5"], ["R8", "B9"], ["R7", "W3"]]
    played = [card for card in CARDS if card not in
              {"B4", "R3", "W4"} | {c for hand in hands for c in hand} | set(OUT_OF_PLAY[3])]
    state = table(3, hands, "B4", ["R3", "W4"], played=played, tricks_played=4,
                  coins=coins, coin_counts=coin_counts)
    state.round = 3
    return state


def test_a_final_tie_goes_to_the_player_with_the_most_coins():
    state = final_round([20, 20, 12], [2, 4, 3])
    play(state, "R9", "R8", "R7")
    passes(state, 2 + 3)  # trick placements, then everyone's catch-up
    assert state.is_over
    assert state.result()["winners"] == [1]
    assert state.result()["scores"] == [20, 20, 12]
    assert state.view(0)["secret"] == "B4"


def test_a_final_tie_in_value_and_coin_count_is_shared():
    state = final_round([20, 20, 12], [4, 4, 3])
    play(state, "R9", "R8", "R7")
    passes(state, 5)
    assert state.result()["winners"] == [0, 1]
    assert "share" in state.result()["summary"]


# -- the view ---------------------------------------------------------------------------

def test_the_view_carries_the_tables_fixed_facts_for_the_ui():
    three = new_game("spy-tricks", players=3, seed=1).view(0)["setup"]
    assert three["suits"] == [["R", "red"], ["B", "blue"], ["W", "white"]]
    assert three["ranks"] == list(range(1, 10))
    assert three["out_of_play"] == ["R1", "R2", "B1", "B2", "W1", "W2"]
    assert (three["tricks_per_round"], three["pawns_per_round"]) == (5, 5)
    assert new_game("spy-tricks", players=4, seed=1).view(0)["setup"]["out_of_play"] == []


def test_the_secret_lies_face_down_and_no_view_names_another_hand():
    state = four_players()
    for seat in range(4):
        text = json.dumps(state.view(seat))
        assert state.view(seat)["secret"] is None
        for card in [FOUR_SECRET] + [c for s in range(4) if s != seat for c in FOUR[s]]:
            assert '"%s"' % card not in text


def test_determinize_deals_no_card_of_a_suit_to_a_player_known_void_in_it():
    state = void_table()
    play(state, "B9", "R9")  # seat 0 is void in blue
    rng = Rng(9)
    for _ in range(50):
        world = state.determinize(2, rng)
        assert world.view(2) == state.view(2)
        assert not any(card[0] == "B" for card in world.hands[0])
        assert sorted(world.hands[0] + world.hands[1] + world.hands[3] + [world.secret]) == \
            sorted(state.hands[0] + state.hands[1] + state.hands[3] + [state.secret])


def test_a_sampled_world_plays_the_same_without_writing_sentences():
    state = new_game("spy-tricks", players=4, seed=8)
    world = state.determinize(1, Rng(2))
    told = world.clone()
    told.narrated = True  # the same world, every move written out as a real game does
    rng = Rng(6)
    while world.round == 1:
        action = rng.choice(world.legal_actions())
        world.advance(action)
        told.advance(action)
    assert [world.view(seat) for seat in range(4)] == [told.view(seat) for seat in range(4)]
    assert world.log == state.log
    kinds = {event["kind"] for event in told.log[len(state.log):]}
    assert {"play", "trick", "place", "reveal", "payout", "scores", "round"} <= kinds
    assert state.narrated and state.clone().narrated and not world.clone().narrated


def test_a_saved_game_reloads_exactly():
    state = new_game("spy-tricks", players=4, seed=21)
    rng = Rng(4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    again = load_game(json.loads(json.dumps(state.save())))
    assert snapshot(again) == snapshot(state)


# -- the normal bot's reading of the table ------------------------------------------------

def test_a_shown_void_makes_the_suit_likelier_to_be_the_secret():
    from pyapp.bots.spy_tricks import secret_odds
    state = void_table()
    play(state, "B9", "R9")  # seat 0 has no blue, so fewer places hide blue cards
    odds = secret_odds(state.view(2))
    # seat 2 holds R3 R7 B1 B5 W5 W6 and sees B3 B7 B9 R9
    assert sorted(odds) == sorted(["R1", "R2", "R4", "R5", "R6", "R8", "B2", "B4", "B6", "B8",
                                   "W1", "W2", "W3", "W4", "W7", "W8", "W9"])
    assert abs(sum(odds.values()) - 1.0) < 1e-9
    assert odds["B4"] > odds["R4"] and odds["R4"] == odds["W4"]


def test_the_normal_bot_places_its_pawn_where_the_secret_is_likeliest():
    from pyapp.bots.spy_tricks import NormalBot, space_values
    state = last_trick_table()
    play(state, "R9", "R8", "R7", "R6")
    values = space_values(state.view(0))
    # Seat 0 holds R5 and cannot see R2, B4, B9 and W1: each card is 1 in 4.
    assert values["B4"] == pytest.approx(2.5) and values["rank:4"] == pytest.approx(1.25)
    assert values["suit:B"] == pytest.approx(1.0) and "R5" not in values
    action = NormalBot().choose(state, 0, Rng(1))
    assert action == {"type": "place", "space": "R2", "collaborator": False}



# -- legality: one check per action kind -------------------------------------------------

def test_a_card_that_is_not_a_card_code_is_refused_with_a_reason():
    state = four_players()
    for card in (["R7"], {"R": 7}, 7, None, True, "R0", "X1"):
        with pytest.raises(IllegalAction, match="not a Spy Tricks card"):
            state.apply({"type": "play", "card": card})


def test_a_play_names_only_its_card_and_a_missing_card_is_asked_for():
    state = four_players()
    with pytest.raises(IllegalAction, match="^That move takes no 'seat'.$"):
        state.apply({"type": "play", "card": "R9", "seat": 0})
    with pytest.raises(IllegalAction, match="^Choose a card first.$"):
        state.apply({"type": "play"})


def test_a_collaborator_is_true_or_false_not_a_number():
    state = four_players(collaborators=[1, 0, 0, 0], supply=2)
    play(state, "R9", "R8", "R7", "R6")
    for flag in (1, 0, None, "yes"):
        with pytest.raises(IllegalAction, match="whether a collaborator goes"):
            state.apply({"type": "place", "space": "rank:4", "collaborator": flag})
    with pytest.raises(IllegalAction, match="whether a collaborator goes"):
        state.apply({"type": "place", "space": "rank:4"})


def test_a_space_that_is_not_on_the_board_is_refused():
    state = four_players()
    play(state, "R9", "R8", "R7", "R6")
    for space in ("rank:0", "suit:X", ["B4"], 4, None):
        with pytest.raises(IllegalAction, match="is not a space"):
            place(state, space)


def test_an_unknown_action_type_is_refused_by_name():
    state = four_players()
    for kind in ("draw", 3, None, ["play"], {"play": 1}):
        with pytest.raises(IllegalAction, match="Spy Tricks has no"):
            state.apply({"type": kind})


def reachable_states():
    """States met in seeded random games, at every kind of decision."""
    for seed in range(1, 7):
        state = new_game("spy-tricks", players=3 + seed % 2, seed=seed)
        rng = Rng(seed)
        step = 0
        while not state.is_over:
            if step % 5 == 0 or state.phase == "catch-up":
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


BAD_VALUES = [None, True, 1, 0, 4, "", "R0", "rank:0", "suit:X", ["R7"], {"card": "R7"}]


def candidate_actions(state):
    """Every legal action and many near misses: other cards, spaces and flags,
    wrong types, an extra or a missing key."""
    candidates = [dict(action) for action in state.legal_actions()]
    candidates += [{"type": "play", "card": card} for card in CARDS + BAD_VALUES]
    candidates += [{"type": "place", "space": space, "collaborator": flag}
                   for space in SPACES + BAD_VALUES for flag in (False, True)]
    candidates += [{"type": "place", "space": "rank:4", "collaborator": flag}
                   for flag in BAD_VALUES]
    candidates += [{"type": kind} for kind in ["pass", "play", "place", "draw"] + BAD_VALUES]
    for action in state.legal_actions():
        candidates.append(dict(action, seat=state.to_act))
        for key in action:
            if key != "type":
                candidates.append({k: v for k, v in action.items() if k != key})
    return candidates


def test_an_action_is_legal_exactly_when_its_check_passes():
    def text(action):  # True is 1 to ==, but no bool is an int here
        return json.dumps(action, sort_keys=True)

    for state in reachable_states():
        legal = {text(action) for action in state.legal_actions()}
        for action in candidate_actions(state):
            try:
                state.check(action)
            except IllegalAction as refusal:
                assert str(refusal), action
                assert text(action) not in legal, (action, str(refusal))
            else:
                assert text(action) in legal, action


def test_every_action_type_has_one_entry_in_the_table_of_moves():
    assert list(SpyTricksState.MOVES) == ["play", "place", "pass"]


def test_a_collaborator_handout_nobody_gets_says_how_many_tied():
    text = SpyTricksState.event_text({"kind": "collaborators", "seats": [], "tied": 3,
                                      "supply": 2})
    assert text == ("3 players tie for the lowest total, and the supply has only 2 "
                    "collaborators: nobody gets one.")
