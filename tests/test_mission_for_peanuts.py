"""Scenario tests for Mission for Peanuts, each from a constructed table.

`table()` lays out Roles, hands, the deck (top first) and discard piles, and
puts the turn player at the "act" step just after the turn's draw.
"""

import json

import pytest

from pyapp.engine.protocol import IllegalAction
from pyapp.engine.registry import load_game, new_game
from pyapp.engine.rng import Rng
from pyapp.games import mission_for_peanuts as mfp
from pyapp.games.mission_for_peanuts.effects import TARGETS
from pyapp.games.mission_for_peanuts.state import told_odds
from pyapp.games.mission_for_peanuts import (AGENT, ASSASSIN, HANDLER, INFORMANT, POLICE, SEER,
                                             SPY, TELEPATH)

GAME = "mission-for-peanuts"


def table(roles, hands, deck, piles=None, turn=0, alive=None, scores=None, target=None):
    """A round in progress: `turn` has drawn and must choose an action."""
    n = len(roles)
    state = new_game(GAME, players=n, seed=1, **({"target": target} if target else {}))
    state.roles = list(roles)
    state.revealed = True
    state.hands = [sorted(h) for h in hands]
    state.deck = list(deck)
    state.piles = [[(c, False) if isinstance(c, str) else tuple(c) for c in p]
                   for p in (piles or [[] for _ in range(n)])]
    state.alive = list(alive) if alive else [True] * n
    state.scores = list(scores) if scores else [0] * n
    state.know = [[[] for _ in range(n)] for _ in range(n)]
    state.memory = [[None] * n for _ in range(n)]
    state.deck_seen = [[None] * len(state.deck) for _ in range(n)]
    state.extra = False
    state.step = "act"
    state.pending = {}
    state.turn = state.to_act = state.first = turn
    state.log = []
    return state


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def events(state, kind):
    return [e for e in state.log if e.get("kind") == kind]


def showdown_after_seer_assist(roles, hands, piles=None):
    """The showdown that ends a round whose turn's player ASSISTs the Seer with an empty deck."""
    state = play(table(roles, hands, [], piles=piles), assist(SEER))
    return state, events(state, "showdown")[0]


def assist(card):
    return {"type": "assist", "card": card}


def deploy(card):
    return {"type": "deploy", "card": card}


def target(seat):
    return {"type": "target", "seat": seat}


# -- setup ------------------------------------------------------------------------

def test_the_deck_has_20_cards_and_one_assassin_fewer_with_four_or_fewer_players():
    assert len(mfp.round_deck(5)) == 20 and mfp.round_deck(5).count(ASSASSIN) == 3
    for n in (3, 4):
        assert len(mfp.round_deck(n)) == 19 and mfp.round_deck(n).count(ASSASSIN) == 2
    assert mfp.NOTCHES[ASSASSIN] == 3


def test_the_spy_is_never_dealt_and_each_player_gets_two_cards():
    for seed in range(40):
        state = new_game(GAME, players=5, seed=seed)
        assert all(len(h) == 2 and SPY not in h for h in state.hands)
        assert SPY in state.deck and len(state.deck) == 10


def test_roles_flip_together_once_all_players_have_chosen():
    state = new_game(GAME, players=3, seed=3)
    first = state.to_act
    card = state.hands[first][0]
    play(state, {"type": "choose_role", "card": card})
    for seat in range(3):
        view = state.view(seat)
        assert view["roles"][first] == (card if seat == first else None)
        assert view["role_chosen"][first]
    while state.step == "role":
        play(state, state.legal_actions()[0])
    assert all(r is not None for r in state.view((first + 1) % 3)["roles"])
    assert events(state, "roles")


def test_being_dealt_the_assassin_never_eliminates():
    state = new_game(GAME, players=3, seed=5)
    state.hands = [[ASSASSIN, SEER], [ASSASSIN, HANDLER], [AGENT, SEER]]
    while state.step == "role":
        seat = state.to_act
        keep = [c for c in state.hands[seat] if c != ASSASSIN][0]
        play(state, {"type": "choose_role", "card": keep})
    assert all(state.alive) and not events(state, "elimination")


def test_target_defaults_to_3_points_for_3_players_and_2_for_4_or_5():
    assert new_game(GAME, players=3, seed=1).options["target"] == 3
    assert new_game(GAME, players=4, seed=1).options["target"] == 2
    assert new_game(GAME, players=5, seed=1).options["target"] == 2
    assert new_game(GAME, players=4, seed=1, target=5).target == 5
    with pytest.raises(ValueError):
        new_game(GAME, players=3, seed=1, target=0)


# -- the Spy ----------------------------------------------------------------------

def test_a_spy_discarded_face_up_is_shuffled_back_into_the_deck():
    state = table([SEER, HANDLER, AGENT], [[SPY, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, POLICE, INFORMANT])
    play(state, assist(SPY))
    assert all(card != SPY for pile in state.piles for card, _ in pile)
    assert SPY in state.deck + state.hands[1]
    assert events(state, "spy_shuffled")


def test_the_spy_cannot_be_discarded_for_its_blank_assist_while_the_deck_is_empty():
    state = table([SEER, HANDLER, AGENT], [[SPY, SEER], [INFORMANT], [HANDLER]], [])
    assert assist(SPY) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Spy"):
        state.apply(assist(SPY))


def test_replacing_a_spy_role_shuffles_the_spy_into_the_deck():
    state = table([SPY, HANDLER, AGENT], [[TELEPATH, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, POLICE])
    play(state, deploy(TELEPATH))
    assert state.piles[0] == [] and SPY in state.deck + state.hands[1]


def test_spy_deploy_trades_it_for_the_top_card_and_puts_the_spy_on_top():
    state = table([SEER, HANDLER, AGENT], [[SPY, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, INFORMANT, HANDLER])
    play(state, deploy(SPY))
    assert state.roles[0] == POLICE and state.piles[0] == [(SEER, False)]
    assert state.deck == [INFORMANT, HANDLER]
    assert state.hands[1] == [INFORMANT, SPY]  # seat 1 drew it, and everybody saw it coming
    for seat in (0, 2):
        assert [k["cards"] for k in state.view(seat)["known_hands"]] == [[SPY]]


def test_spy_deploy_does_nothing_when_the_deck_is_empty():
    state = table([SEER, HANDLER, AGENT], [[SPY, SEER], [INFORMANT], [HANDLER]], [])
    play(state, deploy(SPY))
    assert events(state, "no_effect")
    assert events(state, "showdown")[0]["hands"][0]["role"] == SPY


def test_a_spy_deploy_that_makes_the_assassin_your_role_does_not_eliminate():
    state = table([SEER, HANDLER, AGENT], [[SPY, SEER], [INFORMANT], [HANDLER]],
                  [ASSASSIN, INFORMANT])
    play(state, deploy(SPY))
    assert state.roles[0] == ASSASSIN and state.alive[0]


# -- the Telepath -------------------------------------------------------------------

def test_telepath_assist_shows_every_other_hand_to_you_only_then_another_turn():
    state = table([SEER, HANDLER, AGENT], [[TELEPATH, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, AGENT, SEER])
    play(state, assist(TELEPATH))
    known = {k["seat"]: k["cards"] for k in state.view(0)["known_hands"]}
    assert known == {1: [INFORMANT], 2: [HANDLER]}
    assert state.view(1)["known_hands"] == [] and state.view(2)["known_hands"] == []
    assert state.turn == 0 and state.hands[0] == [POLICE, SEER]
    assert events(state, "extra_turn")


def test_an_extra_turn_is_lost_when_the_deck_is_empty():
    state = table([SEER, HANDLER, AGENT], [[TELEPATH, SEER], [INFORMANT], [HANDLER]], [])
    play(state, assist(TELEPATH))
    assert not events(state, "extra_turn") and events(state, "showdown")


def test_a_telepath_role_cannot_be_eliminated_by_the_assassin():
    state = table([INFORMANT, TELEPATH, AGENT], [[INFORMANT, ASSASSIN], [SEER], [HANDLER]],
                  [POLICE, AGENT, SEER])
    play(state, assist(INFORMANT), target(0), target(1))
    assert state.alive[1] and ASSASSIN in state.hands[1]
    assert events(state, "protected")


# -- the Assassin ------------------------------------------------------------------------

def test_the_assassin_has_no_assist_but_may_be_discarded():
    state = table([SEER, HANDLER, AGENT], [[ASSASSIN, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, AGENT])
    play(state, assist(ASSASSIN))
    assert state.piles[0] == [(ASSASSIN, False)] and state.turn == 1


def test_drawing_the_assassin_is_safe():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, ASSASSIN, SEER])
    play(state, deploy(SEER))
    assert state.alive[0] and ASSASSIN in state.hands[0]


def test_an_assassin_role_cannot_be_chosen_for_a_swap():
    state = table([SEER, ASSASSIN, AGENT], [[INFORMANT, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, AGENT])
    play(state, assist(INFORMANT))
    assert target(1) not in state.legal_actions()
    assert state.view(0)["immune"] == [{"seat": 1, "reason": "Assassin Role: cannot be chosen "
                                                            "for a swap"}]
    with pytest.raises(IllegalAction, match="Assassin Role"):
        state.apply(target(1))


def test_an_assassin_role_cannot_be_made_to_discard_their_hand_by_the_agent():
    state = table([SEER, ASSASSIN, AGENT], [[AGENT, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, AGENT])
    play(state, assist(AGENT))
    assert state.legal_actions() == [target(2)]
    assert state.view(0)["immune"][0]["seat"] == 1


def test_an_assassin_role_cannot_trade_its_hand_with_the_deck():
    state = table([SEER, ASSASSIN, AGENT], [[HANDLER, SEER], [INFORMANT], [HANDLER]],
                  [POLICE, AGENT], piles=[[INFORMANT], [], []])
    play(state, deploy(HANDLER), {"type": "recall", "seat": 0, "index": 0})
    assert [a["seat"] for a in state.legal_actions()] == [0, 2]


# -- the Seer -----------------------------------------------------------------------------

def test_seer_assist_looks_at_three_and_discards_one_face_down_even_the_spy():
    state = table([SEER, HANDLER, AGENT], [[SEER, INFORMANT], [INFORMANT], [HANDLER]],
                  [POLICE, SPY, AGENT, TELEPATH])
    play(state, assist(SEER))
    assert state.view(0)["pending"]["peek"] == [POLICE, SPY, AGENT]
    assert "peek" not in state.view(1)["pending"]
    play(state, {"type": "discard_face_down", "index": 1})
    assert state.piles[0] == [(SEER, False), (SPY, True)]
    assert state.view(0)["discards"][0][1] == {"card": SPY, "face_down": True}
    assert state.view(1)["discards"][0][1] == {"card": "back", "face_down": True}
    assert state.deck == [AGENT, TELEPATH] and state.hands[1] == [INFORMANT, POLICE]
    assert SPY not in json.dumps(state.view(1)) and SPY not in json.dumps(state.view(2))


def test_seer_assist_is_only_looking_so_it_neither_finds_the_family_nor_eliminates():
    state = table([TELEPATH, HANDLER, AGENT], [[SEER, SPY], [INFORMANT], [HANDLER]],
                  [ASSASSIN, POLICE, AGENT, SEER])
    play(state, assist(SEER), {"type": "discard_face_down", "index": 1})
    assert not events(state, "family") and state.alive[0]
    assert state.hands[0] == [SPY]


def test_seer_deploy_draws_two_and_buries_two_in_the_order_chosen():
    state = table([POLICE, HANDLER, AGENT], [[SEER, INFORMANT], [INFORMANT], [HANDLER]],
                  [AGENT, TELEPATH, POLICE])
    play(state, deploy(SEER))
    assert state.hands[0] == [AGENT, INFORMANT, TELEPATH]
    play(state, {"type": "bury", "card": TELEPATH}, {"type": "bury", "card": AGENT})
    assert state.hands[0] == [INFORMANT]
    assert state.deck == [TELEPATH, AGENT]  # seat 1 drew the Police; the last buried is bottom
    assert state.view(0)["deck_known"] == [{"pos": 0, "card": TELEPATH}, {"pos": 1, "card": AGENT}]
    assert state.view(2)["deck_known"] == []


def test_the_family_is_found_on_a_seer_deploy_draw():
    state = table([TELEPATH, HANDLER, AGENT], [[SEER, POLICE], [INFORMANT], [HANDLER]],
                  [ASSASSIN, SPY, AGENT])
    play(state, deploy(SEER))
    assert state.piles[0] == [(TELEPATH, False)] and state.roles[0] == SEER
    assert not events(state, "family")  # the Telepath went to the pile: no family
    state = table([SEER, HANDLER, AGENT], [[SEER, TELEPATH], [INFORMANT], [HANDLER]],
                  [ASSASSIN, SPY, AGENT])
    state.roles[0] = POLICE
    play(state, deploy(SEER))
    assert events(state, "family")[0]["seat"] == 0
    assert state.scores == [1, 0, 0] and state.round == 2


# -- the Informant ------------------------------------------------------------------------

def test_informant_assist_makes_any_two_players_trade_hands_even_yourself():
    state = table([SEER, HANDLER, AGENT], [[INFORMANT, SEER], [POLICE], [HANDLER]],
                  [POLICE, AGENT])
    play(state, assist(INFORMANT), target(0), target(2))
    assert state.hands[0] == [HANDLER] and state.hands[2] == [SEER]
    assert {k["seat"]: k["cards"] for k in state.view(0)["known_hands"]} == {2: [SEER]}
    assert {k["seat"]: k["cards"] for k in state.view(2)["known_hands"]} == {0: [HANDLER]}
    assert state.view(1)["known_hands"] == []


def test_a_player_who_receives_the_assassin_in_a_trade_is_eliminated():
    state = table([SEER, HANDLER, AGENT], [[INFORMANT, ASSASSIN], [SPY], [HANDLER]],
                  [POLICE, AGENT, SEER])
    play(state, assist(INFORMANT), target(0), target(1))
    assert not state.alive[1] and state.piles[1] == [(ASSASSIN, False)]
    assert state.hands[0] == [SPY]  # the trade gave seat 0 the Spy
    assert events(state, "elimination")[0]["reason"] == "assassin"
    assert state.turn == 2


def test_an_eliminated_players_spy_is_shuffled_into_the_deck():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], [SPY]], [AGENT, SEER])
    play(state, assist(POLICE), target(2))
    assert not state.alive[2] and state.piles[2] == [] and SPY in state.deck + state.hands[0]


def test_informant_deploy_draws_then_puts_a_card_back_on_top():
    state = table([POLICE, HANDLER, AGENT], [[INFORMANT, SEER], [INFORMANT], [HANDLER]],
                  [ASSASSIN, AGENT])
    play(state, deploy(INFORMANT))
    assert state.alive[0] and state.hands[0] == [ASSASSIN, SEER]
    assert state.view(1)["hand_sizes"][0] == 2
    play(state, {"type": "return", "card": ASSASSIN})
    assert state.hands[1] == [ASSASSIN, INFORMANT]  # the card on top went to the next player
    assert state.alive[1]  # drawing is safe


# -- the Handler -------------------------------------------------------------------------------

def test_handler_assist_passes_every_role_of_a_player_still_in_that_way():
    state = table([HANDLER, SEER, AGENT, POLICE], [[HANDLER, SEER], [INFORMANT], [], [AGENT]],
                  [POLICE, AGENT], alive=[True, True, False, True])
    play(state, assist(HANDLER), {"type": "direction", "dir": "left"})
    assert state.roles == [POLICE, HANDLER, AGENT, SEER]
    state = table([HANDLER, SEER, AGENT], [[HANDLER, SEER], [INFORMANT], [TELEPATH]],
                  [POLICE, AGENT])
    play(state, assist(HANDLER), {"type": "direction", "dir": "right"})
    assert state.roles == [SEER, AGENT, HANDLER]


def test_handler_deploy_shuffles_any_discard_even_face_down_then_a_trade_with_the_top():
    state = table([SEER, HANDLER, AGENT], [[HANDLER, INFORMANT], [POLICE], [TELEPATH]],
                  [AGENT], piles=[[], [(SPY, True)], []])
    play(state, deploy(HANDLER))
    legal = state.legal_actions()
    assert {"type": "recall", "seat": 1, "index": 0} in legal
    assert {"type": "recall", "seat": 0, "index": 0} in legal  # the Seer just discarded
    play(state, {"type": "recall", "seat": 1, "index": 0})
    assert sorted(state.deck) == [AGENT, SPY] and state.piles[1] == []
    top = state.deck[0]
    play(state, target(2))
    assert state.hands[2] == [top] and TELEPATH in state.hands[1]  # seat 1 drew it next
    assert [k["cards"] for k in state.view(2)["known_hands"]] == [[TELEPATH]]
    assert state.view(0)["known_hands"] == []


def test_a_handler_trade_that_hands_over_the_assassin_eliminates():
    state = table([SEER, HANDLER, AGENT], [[HANDLER, INFORMANT], [POLICE], [TELEPATH]],
                  [], piles=[[], [ASSASSIN], []])
    play(state, deploy(HANDLER), {"type": "recall", "seat": 1, "index": 0})
    assert state.deck == [ASSASSIN]
    play(state, target(1))
    assert not state.alive[1] and state.piles[1] == [(ASSASSIN, False)]
    assert POLICE in state.hands[2]  # the traded card went on top, and seat 2 drew it


def test_handler_deploy_with_no_discarded_card_does_nothing_at_all():
    state = table([SPY, HANDLER, AGENT], [[HANDLER, INFORMANT], [POLICE], [TELEPATH]],
                  [SEER, AGENT])
    play(state, deploy(HANDLER))
    assert events(state, "no_effect") and state.hands[0] == [INFORMANT]


# -- the Agent -----------------------------------------------------------------------------------

def test_agent_assist_draws_safely_then_the_target_discards_and_picks_blind():
    state = table([SEER, HANDLER, AGENT], [[AGENT, SEER], [POLICE], [TELEPATH]],
                  [ASSASSIN, INFORMANT, HANDLER])
    play(state, assist(AGENT))
    assert state.alive[0] and state.hands[0] == [ASSASSIN, SEER]
    play(state, target(1))
    assert state.piles[1] == [(POLICE, False)] and state.to_act == 1
    assert state.legal_actions() == [{"type": "pick", "index": 0}, {"type": "pick", "index": 1}]
    assert state.view(1)["hand"] == [] and state.view(1)["pending"]["blind_count"] == 2
    play(state, {"type": "pick", "index": 0})
    if state.alive[1]:  # seat 1 took the Seer, then drew the Informant on its turn
        assert state.hands[1] == [INFORMANT, SEER] and state.hands[0] == [ASSASSIN]
        assert [k["cards"] for k in state.view(0)["known_hands"]] == [[SEER]]
        assert state.view(2)["known_hands"] == []
    else:
        assert state.piles[1][-1] == (ASSASSIN, False) and state.hands[0] == [SEER]


def test_agent_target_who_picks_the_assassin_is_eliminated():
    state = table([SEER, HANDLER, AGENT], [[AGENT, ASSASSIN], [POLICE], [TELEPATH]],
                  [ASSASSIN, INFORMANT])
    play(state, assist(AGENT), target(1), {"type": "pick", "index": 1})  # both are Assassins
    assert not state.alive[1] and state.piles[1] == [(POLICE, False), (ASSASSIN, False)]
    assert state.alive[0]  # the Agent's own draw of the Assassin was safe


def test_the_family_can_be_found_with_the_agent_assist_draw():
    state = table([TELEPATH, HANDLER, SEER], [[AGENT, SPY], [POLICE], [HANDLER]], [ASSASSIN, SEER])
    play(state, assist(AGENT))
    assert events(state, "family") and state.scores == [1, 0, 0]


def test_faq_example_1_the_agent_needs_another_player_who_can_be_targeted():
    state = table([SEER, ASSASSIN, HANDLER], [[AGENT, SEER], [POLICE], []],
                  [INFORMANT, HANDLER], alive=[True, True, False])
    play(state, assist(AGENT))
    assert events(state, "no_effect")
    assert state.hands[0] == [SEER] and state.deck == [HANDLER]
    assert state.hands[1] == [INFORMANT, POLICE]  # the turn passed without a draw for the Agent


def test_faq_example_2_the_agent_cannot_act_after_the_final_card_is_drawn():
    state = table([SEER, HANDLER, POLICE], [[AGENT, SEER], [POLICE], [TELEPATH]], [])
    play(state, assist(AGENT))
    assert events(state, "no_effect")
    assert events(state, "showdown")[0]["hands"][1]["hand"] == [POLICE]


def test_agent_deploy_uses_the_assist_of_another_players_role_which_stays_put():
    state = table([SEER, POLICE, ASSASSIN], [[AGENT, INFORMANT], [TELEPATH], [SPY]],
                  [SEER, HANDLER])
    play(state, deploy(AGENT))
    assert state.legal_actions() == [{"type": "copy", "seat": 1}]  # no Assassin Role
    assert state.view(0)["immune"][0]["seat"] == 2
    play(state, {"type": "copy", "seat": 1})
    assert state.legal_actions() == [target(2)]  # the Secret Police may look at an Assassin Role
    play(state, target(2))
    assert state.roles == [AGENT, POLICE, ASSASSIN] and state.piles[1] == []
    assert not state.alive[2] and state.turn == 0 and events(state, "extra_turn")


# -- the Secret Police ----------------------------------------------------------------------------

def test_secret_police_shows_a_hand_to_you_only():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], [TELEPATH]],
                  [AGENT, SEER])
    play(state, assist(POLICE), target(1))
    assert state.alive[1] and state.turn == 1
    assert state.view(0)["known_hands"][0]["cards"] == [INFORMANT]
    assert state.view(2)["known_hands"] == []
    assert INFORMANT not in json.dumps(state.log[-4:])


def test_secret_police_finding_the_spy_eliminates_and_gives_another_turn():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [SPY], [TELEPATH]], [AGENT, SEER])
    play(state, assist(POLICE), target(1))
    assert not state.alive[1] and state.turn == 0 and events(state, "extra_turn")
    assert state.piles[1] == []


def test_a_secret_police_role_cannot_be_targeted_by_the_secret_police():
    state = table([SEER, POLICE, AGENT], [[POLICE, SEER], [SPY], [TELEPATH]], [AGENT, SEER])
    play(state, assist(POLICE))
    assert state.legal_actions() == [target(2)]
    assert state.view(0)["immune"] == [
        {"seat": 1, "reason": "Secret Police Role: cannot be targeted by the Secret Police"}]


# -- ending the round ------------------------------------------------------------------------

def test_the_family_after_the_turns_draw_wins_the_round_at_once():
    state = table([SEER, TELEPATH, AGENT], [[AGENT, SEER], [ASSASSIN], [HANDLER]],
                  [POLICE, SPY, SEER])
    play(state, assist(SEER), {"type": "discard_face_down", "index": 0})
    assert events(state, "family")[0]["seat"] == 1 and state.scores == [0, 1, 0]
    assert state.first == 1 and state.step == "role"


def test_the_last_player_standing_wins_the_round():
    state = table([SEER, HANDLER, AGENT], [[INFORMANT, ASSASSIN], [SEER], [HANDLER]],
                  [POLICE, AGENT], alive=[True, True, False])
    play(state, assist(INFORMANT), target(0), target(1))
    assert events(state, "round_end")[0]["how"] == "last_standing"
    assert state.scores == [1, 0, 0]


def test_if_everybody_is_eliminated_at_once_nobody_scores_and_the_round_is_dealt_again():
    state = table([SEER, HANDLER, SEER], [[], [ASSASSIN], [ASSASSIN, INFORMANT]],
                  [POLICE, AGENT], alive=[False, True, True], turn=2)
    play(state, assist(INFORMANT), target(1), target(2))
    assert events(state, "round_void") and state.scores == [0, 0, 0]
    assert state.round == 2 and state.first == 2


def test_showdown_ranks_the_combinations_from_spy_telepath_down_to_assassin_police():
    ranks = [mfp.best_combination([a, b])[0] for a, b in [
        (SPY, TELEPATH), (SPY, ASSASSIN), (TELEPATH, ASSASSIN), (SPY, INFORMANT),
        (TELEPATH, SEER), (HANDLER, AGENT), (ASSASSIN, POLICE)]]
    assert ranks == [1, 1, 2, 3, 4, 5, 6]
    _, showdown = showdown_after_seer_assist([HANDLER, TELEPATH, ASSASSIN],
                                             [[SEER, AGENT], [SEER], [POLICE]])
    assert showdown["winners"] == [1] and showdown["decided_by"] == "combination"
    assert [h["combination"] for h in showdown["hands"]] == [
        "Handler x Agent", "Telepath x Seer", "Assassin x Secret Police"]


def test_with_no_combination_the_fewest_notches_win():
    _, showdown = showdown_after_seer_assist([SEER, AGENT, POLICE],
                                             [[SEER, INFORMANT], [TELEPATH], [SEER]])
    assert showdown["winners"] == [1] and showdown["decided_by"] == "notches"
    assert [h["notches"] for h in showdown["hands"]] == [6, 4, 6]


def test_a_tie_goes_to_the_fewest_notches_in_the_discard_pile_face_down_ones_included():
    _, showdown = showdown_after_seer_assist(
        [SEER, AGENT, AGENT], [[SEER, INFORMANT], [TELEPATH], [TELEPATH]],
        piles=[[], [(SPY, True), HANDLER], [INFORMANT, INFORMANT]])
    assert showdown["winners"] == [1] and showdown["decided_by"] == "discard_notches"
    assert [h["discard_notches"] for h in showdown["hands"]] == [3, 4, 6]


def test_a_tie_after_both_tie_breaks_is_shared_and_every_tied_player_scores():
    state, showdown = showdown_after_seer_assist(
        [SEER, AGENT, AGENT], [[SEER, INFORMANT], [TELEPATH], [TELEPATH]],
        piles=[[], [HANDLER], [HANDLER]])
    assert showdown["winners"] == [1, 2] and showdown["tied"]
    assert state.scores == [0, 1, 1] and state.first in (1, 2)


def test_the_round_winner_goes_first_next_round():
    state = table([SEER, AGENT, POLICE], [[SEER, INFORMANT], [TELEPATH], [SEER]], [], turn=0)
    play(state, assist(SEER))
    assert state.first == 1 and state.to_act == 1 and state.step == "role"


# -- the match ------------------------------------------------------------------------------

def test_with_3_players_the_match_ends_when_a_player_reaches_3_peanut_points():
    state = table([SEER, AGENT, POLICE], [[SEER, INFORMANT], [TELEPATH], [SEER]], [],
                  scores=[2, 1, 2])
    play(state, assist(SEER))
    assert not state.is_over and state.scores == [2, 2, 2]
    state = table([SEER, AGENT, POLICE], [[SEER, INFORMANT], [TELEPATH], [SEER]], [],
                  scores=[2, 2, 2])
    play(state, assist(SEER))
    assert state.is_over and state.result()["winners"] == [1]
    assert state.legal_actions() == [] and state.to_act is None


@pytest.mark.parametrize("players", [4, 5])
def test_with_4_or_5_players_the_match_ends_at_2_peanut_points(players):
    roles = [SEER, AGENT, POLICE, HANDLER, SEER][:players]
    hands = [[SEER, INFORMANT], [TELEPATH], [SEER], [INFORMANT], [HANDLER]][:players]
    state = table(roles, hands, [], scores=[1] * players)
    assert state.target == 2
    play(state, assist(SEER))
    assert state.is_over and state.result()["winners"] == [1]
    assert state.result()["scores"][1] == 2


def test_a_match_is_rounds_until_the_target_and_replays_from_its_save():
    state = new_game(GAME, players=4, seed=11)
    rng = Rng(2)
    while not state.is_over:
        play(state, rng.choice(state.legal_actions()))
    assert max(state.scores) == 2 and len(events(state, "round_end")) >= 2
    again = load_game(json.loads(json.dumps(state.save())))
    assert again.result() == state.result() and again.log == state.log


def test_the_hint_tells_round_odds_tempered_never_sure_and_summing_to_one_over_the_living():
    told = told_odds([0.9, 0.1, 0.0, 0.0], living=[0, 1, 2])
    assert told[3] == 0.0 and abs(sum(told) - 1.0) < 1e-9
    assert told[0] > told[1] > told[2] > 0  # the order stays, and 0 is not said of a living seat
    assert told[0] < 0.9 and told[1] > 0.1  # pulled toward the fair third (docs/benchmarks.md)
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], []],
                  [AGENT, SEER], alive=[True, True, False], scores=[1, 0, 1])
    raw = state._round_odds()
    said = [state.evaluation_terms(seat)[0][1] for seat in range(3)]
    assert said == [100 * p for p in told_odds(raw, [0, 1])]
    assert said[2] == 0.0 and all(0 < p < 100 for p in said[:2])


# -- the view ---------------------------------------------------------------------------------

def test_a_hand_you_were_shown_follows_a_public_trade_and_goes_stale_when_it_changes_unseen():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [HANDLER], [TELEPATH]],
                  [INFORMANT, SEER, HANDLER, AGENT, SPY, SEER])
    play(state, assist(POLICE), target(1))  # seat 0 sees seat 1's Handler
    seen = state.view(0)["known_hands"]
    look = [i for i, e in enumerate(state.log) if e["kind"] == "police_look"][0]
    assert seen == [{"seat": 1, "cards": [HANDLER], "since": look, "stale": False}]
    play(state, assist(INFORMANT), target(1), target(2))  # seat 1 swaps with seat 2 publicly
    known = {k["seat"]: k for k in state.view(0)["known_hands"]}
    assert known[2]["cards"] == [HANDLER] and not known[2]["stale"]
    play(state, deploy(SEER))  # seat 2 draws two and buries two unseen
    play(state, {"type": "bury", "card": state.hands[2][0]})
    play(state, {"type": "bury", "card": state.hands[2][0]})
    known = {k["seat"]: k for k in state.view(0)["known_hands"]}
    assert known[2]["stale"]


def test_the_view_shows_scores_deck_count_eliminated_and_a_prompt():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], []],
                  [AGENT, SEER], alive=[True, True, False], scores=[1, 0, 1])
    view = state.view(1)
    assert view["scores"] == [1, 0, 1] and view["deck_count"] == 2
    assert view["eliminated"] == [2] and view["hand_sizes"] == [2, 1, 0]
    assert view["prompt"].startswith("Player 1:") and view["hand"] == [INFORMANT]
    assert POLICE not in json.dumps(view)


def test_an_illegal_action_names_what_is_wrong_and_changes_nothing():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], [TELEPATH]],
                  [AGENT, SEER])
    before = json.dumps([state.view(s) for s in range(3)])
    with pytest.raises(IllegalAction, match="no Spy in hand"):
        state.apply(assist(SPY))
    with pytest.raises(IllegalAction):
        state.apply(target(1))
    assert json.dumps([state.view(s) for s in range(3)]) == before


# -- legality: one check per action kind, and legal_actions() agrees with it -------------------

ODD_VALUES = [None, True, False, -1, 0, 1, 2, 3, 4, 9, 1.0, "1", "left", "right", "up", "nothing",
              ["spy"], {"card": "spy"}] + list(mfp.NAMES)


def strictly(action):
    """An action as text, so that True and 1 (equal in Python) stay apart."""
    return json.dumps(action, sort_keys=True)


def mutations(action):
    """Near misses of a legal action: each field changed, wrong types, a key too many or few."""
    for key in action:
        if key == "type":
            continue
        for value in ODD_VALUES:
            yield dict(action, **{key: value})
        yield {k: v for k, v in action.items() if k != key}
    yield dict(action, extra=1)
    for kind in list(mfp.steps.ACTION_FIELDS) + ["pass", "", 7, None]:
        yield dict(action, type=kind)


def candidates(state, rng, count=40):
    """Every legal action and `count` near misses drawn from a broad list."""
    legal = state.legal_actions()
    misses = [m for action in legal for m in mutations(action)]
    misses += [dict({"type": kind}, **{field: value for field in fields})
               for kind, fields in mfp.steps.ACTION_FIELDS.items() for value in ODD_VALUES]
    return legal + [rng.choice(misses) for _ in range(count)]


def refusal(state, action):
    """check()'s reason for refusing `action`, or None if it passes."""
    try:
        state.check(action)
    except IllegalAction as err:
        return str(err)
    return None


@pytest.mark.parametrize("players", [3, 4, 5])
def test_an_action_is_legal_exactly_when_its_check_passes(players):
    rng = Rng(players)
    for seed in range(4):
        state = new_game(GAME, players=players, seed=seed)
        while not state.is_over:
            legal = {strictly(a) for a in state.legal_actions()}
            for action in candidates(state, rng):
                reason = refusal(state, action)
                assert (reason is None) == (strictly(action) in legal), (state.step, action, reason)
                assert reason is None or reason.strip(), action
            play(state, rng.choice(state.legal_actions()))


def test_a_seat_given_as_true_is_refused_though_true_equals_1():
    state = table([SEER, HANDLER, AGENT], [[INFORMANT, SEER], [POLICE], [TELEPATH]],
                  [AGENT, SEER, SPY])
    play(state, assist(INFORMANT), target(0))
    with pytest.raises(IllegalAction, match="not a player at this table"):
        state.apply({"type": "target", "seat": True})


def test_an_action_with_a_key_too_many_or_too_few_is_refused_in_words_not_keys():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], [TELEPATH]],
                  [AGENT, SEER])
    with pytest.raises(IllegalAction, match="^That move takes no 'seat'.$"):
        state.apply({"type": "assist", "card": SEER, "seat": 1})
    with pytest.raises(IllegalAction, match="^Choose a card first.$"):
        state.apply({"type": "assist"})


def test_an_unknown_action_type_is_refused_with_the_game_s_action_types():
    state = table([SEER, HANDLER, AGENT], [[POLICE, SEER], [INFORMANT], [TELEPATH]],
                  [AGENT, SEER])
    with pytest.raises(IllegalAction, match="no 'pass' action .*choose_role, assist"):
        state.apply({"type": "pass"})
    with pytest.raises(IllegalAction, match="^Not now: first discard a card for its ASSIST"):
        state.apply({"type": "direction", "dir": "left"})


def test_every_step_of_the_table_is_reached_with_its_prompt():
    rng = Rng(5)
    reached = set()
    for seed in range(40):
        state = new_game(GAME, players=3 + seed % 3, seed=seed)
        while not state.is_over:
            reached.add(state.step)
            assert state.view(state.to_act)["prompt"].startswith(mfp.player(state.to_act))
            play(state, rng.choice(state.legal_actions()))
    assert reached == set(mfp.STEPS)


def test_a_showdown_says_what_decided_it_in_words():
    state = table([SEER, HANDLER, AGENT], [[TELEPATH, SEER], [INFORMANT], [POLICE]], [])
    play(state, deploy(TELEPATH))  # the deck is out at the end of the turn: showdown
    showdown = events(state, "showdown")[0]
    assert showdown["verdict"] == "Decided by the best combination."


def test_the_view_explains_the_rule_of_the_step_to_decide():
    state = table([SEER, HANDLER, AGENT], [[SEER, POLICE], [INFORMANT], [TELEPATH]],
                  [AGENT, SEER, SPY, HANDLER])
    play(state, deploy(SEER))
    assert state.view(0)["how"].startswith("2 cards to go. Each card goes under the whole deck")
    play(state, {"type": "bury", "card": state.hands[0][0]})
    assert state.view(0)["how"].startswith("1 card to go.")


def test_every_action_type_has_one_entry_in_the_table_of_moves():
    assert sorted(mfp.MissionForPeanuts.MOVES) == sorted(mfp.steps.ACTION_FIELDS)
    assert {kind for step in mfp.STEPS.values() for kind in step.kinds} == set(
        mfp.MissionForPeanuts.MOVES)
    targeting = {name for name, step in mfp.STEPS.items() if "target" in step.kinds}
    assert targeting == set(TARGETS)


def test_an_elimination_and_a_void_action_give_their_reason_as_a_code():
    text = mfp.MissionForPeanuts.event_text
    assert text({"kind": "elimination", "seat": 1, "reason": "police", "cards": [SPY]}) == (
        "Player 2 is Eliminated (the Secret Police found the Spy) and discards the Spy.")
    assert text({"kind": "no_effect", "seat": 0, "reason": "agent_cannot_draw"}) == (
        "Nothing happens: the deck is empty, so the Agent cannot draw.")
    assert text({"kind": "draw", "seat": 2, "count": 2, "card": SEER}) == (
        "Player 3 draws 2 cards for the Seer.")
