"""The Mister Spy hard bot's inference: what the public log says about the
other hands (card_weights), and determinize dealing by those weights; and
its check of the plan's every decision, at every table."""

import pytest

from pyapp.bots.mister_spy import (
    CHECK_WORLDS, SLACK, HardBot, NormalBot, _own_lair_source, _sensible_in_view, card_weights,
    clear_improvement)
from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng


def view_of(players=3, held=3):
    """The view keys card_weights reads: every hand holds `held` cards, no Spy."""
    return {"scores": [0] * players, "hand_sizes": [held] * players,
            "hand_spies": [0] * players}


def draw(seat, spy=False):
    return {"kind": "draw", "seat": seat, "spy": spy}


TAUNT_LET_STAND = [
    draw(0), {"kind": "target", "seat": 0, "target": 0},
    {"kind": "capture", "seat": 0, "value": 3},
    {"kind": "taunt", "seat": 0, "card": "D-C"},
    {"kind": "let_stand", "seat": 1},
]


def test_a_taunt_let_stand_makes_the_partner_unlikely_in_that_hand():
    weights = card_weights(TAUNT_LET_STAND, 2, view_of())
    assert weights[1] == {"D-C": SLACK}
    assert weights[0]["D-C"] == 1 / SLACK  # the plan taunts unsafely only with both copies


def test_a_card_drawn_since_the_choice_softens_what_it_says():
    log = TAUNT_LET_STAND + [{"kind": "kill", "seat": 0, "points": 6}, draw(1)]
    assert SLACK < card_weights(log, 2, view_of())[1]["D-C"] < 1


def test_a_turn_without_a_lair_card_below_six_says_the_hand_had_none():
    log = [draw(1), {"kind": "target", "seat": 1, "target": 0}]
    assert card_weights(log, 0, view_of())[1] == {"L2": SLACK, "L3": SLACK, "L4": SLACK}
    built = [draw(1), {"kind": "lair", "seat": 1, "card": "L4", "total": 6}, draw(1),
             {"kind": "target", "seat": 1, "target": 0}]
    # On a Lair of 6 the plan keeps a single Lair card back: no absence to read;
    # adding a 4 to a Lair of 2 is the plan's choice whatever else the hand held.
    assert not [code for code in card_weights(built, 0, view_of())[1] if code[0] == "L"]


def test_a_lair_card_played_says_which_better_one_was_missing():
    log = [draw(1), {"kind": "lair", "seat": 1, "card": "L4", "total": 7}]
    assert card_weights(log, 0, view_of())[1] == {"L3": SLACK}  # 3 + 3 reaches 6 exactly


def test_the_bots_own_seat_gets_no_weights():
    assert 2 not in card_weights(TAUNT_LET_STAND, 2, view_of())


def test_determinize_deals_by_the_weights_and_keeps_the_view():
    state = new_game("mister-spy", players=4, seed=5)
    seat = state.to_act
    other = (seat + 1) % 4
    unseen = [c for c in state.unseen_cards(seat) if c[0] != "S"]
    banned = unseen[0]
    held_banned = 0
    for k in range(40):
        world = state.determinize(seat, Rng(k), {other: {banned: 0.0}})
        assert world.view(seat) == state.view(seat)
        held_banned += banned in world.hands[other]
    assert held_banned == 0
    same = state.determinize(seat, Rng(9), None)
    assert (same.hands, same.deck) == (lambda w: (w.hands, w.deck))(state.determinize(seat, Rng(9)))


def test_a_turn_that_sent_no_spy_of_its_own_into_its_lair_says_its_spies_were_big():
    log = [draw(1, spy=True), {"kind": "lair", "seat": 1, "card": "L4", "total": 6},
           {"kind": "target", "seat": 1, "target": 0}, draw(2)]
    weights = card_weights(log, 0, dict(view_of(), hand_spies=[0, 1, 0]))[1]
    # A blind Spy into a Lair of 6 is worth about 3.8 to the plan: a Spy of
    # its own of 4-6 would have gone in instead.
    assert weights == {"S4": SLACK, "S5": SLACK, "S6": SLACK}


def test_at_a_big_table_hard_takes_the_blind_spy_the_log_says_is_big():
    state = new_game("mister-spy", players=5, seed=11)
    seat = state.to_act
    state.lairs[seat] = ["L2", "L4"]  # a Lair of 6 catches any Spy
    state.hands[seat] = ["D-A"]
    state.hands[(seat + 1) % 5] = ["S1", "S2", "L2"]
    state.hands[(seat + 2) % 5] = ["S5", "S6", "L3"]
    state.apply({"type": "spy_target", "seat": seat})
    sources = state.legal_actions()
    big, small = (seat + 2) % 5, (seat + 1) % 5
    small_spies = {code: 0.0 for code in ("S3", "S4", "S5", "S6")}
    big_spies = {code: 0.0 for code in ("S1", "S2", "S3", "S4")}
    for weights in ({small: small_spies, big: big_spies}, {big: big_spies}):
        choice = _own_lair_source(state, seat, sources, weights, Rng(3))
        assert choice == {"type": "spy_source", "source": "blind", "seat": big}


def test_the_inference_reads_the_events_fields_never_their_sentences():
    """Whether a Spy came from its sender's hand is the spy event's "source":
    blanking every sentence of the log changes no weight, while reading every
    Spy as taken blind does change some."""
    read_the_source = 0
    for seed in range(1, 7):
        state, rng = new_game("mister-spy", players=3, seed=seed), Rng(seed)
        while not state.is_over:
            seat, view = state.to_act, state.view(state.to_act)
            weights = card_weights(state.log, seat, view)
            silent = [dict(event, text="") for event in state.log]
            assert card_weights(silent, seat, view) == weights
            blind = [dict(event, source="blind") if event["kind"] == "spy" else event
                     for event in state.log]
            read_the_source += card_weights(blind, seat, view) != weights
            state.apply(rng.choice(state.legal_actions()))
    assert read_the_source


def test_the_check_keeps_the_plan_unless_another_action_leads_it_clearly():
    planned = [0.20, 0.30, 0.10, 0.40]
    steady = [0.25, 0.35, 0.15, 0.45]  # ahead by 0.05 in every deal
    lucky = [0.90, 0.10, 0.05, 0.35]   # ahead on average, by one deal
    assert clear_improvement([planned, lucky], 0, margin=0.5) == 0
    assert clear_improvement([planned, lucky, steady], 0, margin=0.5) == 2
    assert clear_improvement([steady, planned], 1, margin=0.5) == 0
    assert clear_improvement([planned, planned], 0, margin=0.0) == 0  # a tie keeps the plan


@pytest.mark.parametrize("players", [2, 4])
def test_hard_departs_from_the_plan_only_to_a_sensible_action(players):
    # (A Spy's source may differ anyway: hard picks it by its deals.)
    departures, state = 0, new_game("mister-spy", players=players, seed=40)
    for _ in range(40):  # the plan plays on; the check only looks
        seat, actions = state.to_act, state.legal_actions()
        view = state.view(seat)
        chosen = HardBot().choose(state, seat, Rng(40))
        planned = NormalBot().choose(state, seat, Rng(40))
        if chosen != planned and view["phase"] != "source":
            departures += 1
            assert chosen in _sensible_in_view(view, actions)
        state.apply(planned)
    assert departures > 0


@pytest.mark.parametrize("players", [2, 4])
def test_hard_keeps_the_checks_figures_for_the_hint_and_review(players):
    state = new_game("mister-spy", players=players, seed=40)
    weighed = 0
    for _ in range(20):
        seat = state.to_act
        bot = HardBot()
        chosen = bot.choose(state, seat, Rng(40))
        root = bot.stats.get("root", [])
        if root:
            weighed += 1
            assert chosen in [action for action, _, _ in root]
            assert all(deals == CHECK_WORLDS and 0.0 <= mean <= 1.0 for _, deals, mean in root)
        state.apply(chosen)
    assert weighed > 0
