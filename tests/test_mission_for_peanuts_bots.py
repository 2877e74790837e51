"""Mission for Peanuts determinize: the deductions about the Spy that the
public log allows (each round starts with the Spy shuffled into the deck;
only a hand that took a card from the deck since may hold it; a Secret
Police miss clears a hand; a card discarded face down before the Spy went
back into the deck is not the Spy), and the hard bot's inference."""

from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games.mission_for_peanuts import SPY


def where_the_spy_is(world, seat):
    if SPY in world.deck:
        return "deck"
    holders = [s for s in range(world.num_players) if s != seat and SPY in world.hands[s]]
    return "hand %d" % holders[0] if holders else "elsewhere"


def test_at_the_start_of_a_round_the_spy_is_always_in_the_deck():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    seat = state.to_act
    for k in range(60):
        world = state.determinize(seat, Rng(k))
        assert world.view(seat) == state.view(seat)
        assert where_the_spy_is(world, seat) == "deck"


def test_cards_drawn_since_make_the_spy_leave_the_deck_in_some_deals():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    seat = state.to_act
    state.log.append({"kind": "draw", "seat": (seat + 1) % 4, "text": ""})
    state.log.append({"kind": "draw", "seat": (seat + 2) % 4, "text": ""})
    clues = state._spy_clues(seat)
    assert clues.in_deck == 1 - 2 / (len(state.deck) + 2)
    assert clues.cleared == {seat, (seat + 3) % 4}  # their hands are as dealt, without the Spy
    places = {where_the_spy_is(state.determinize(seat, Rng(k)), seat) for k in range(200)}
    assert "deck" in places and len(places) > 1


def test_a_hand_the_secret_police_cleared_gets_no_spy_until_it_changes():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    seat, cleared = state.to_act, (state.to_act + 1) % 4
    state.log.append({"kind": "draw", "seat": cleared, "text": ""})
    state.log.append({"kind": "draw", "seat": (seat + 2) % 4, "text": ""})
    assert cleared not in state._spy_clues(seat).cleared
    state.log.append({"kind": "police_miss", "seat": seat, "target": cleared, "text": ""})
    assert cleared in state._spy_clues(seat).cleared
    for k in range(100):
        assert SPY not in state.determinize(seat, Rng(k)).hands[cleared]
    state.log.append({"kind": "draw", "seat": cleared, "text": ""})
    assert cleared not in state._spy_clues(seat).cleared



def test_the_hard_search_decides_as_it_would_scoring_seat_by_seat():
    # evaluate_all only shares the round's odds between the seats: a search
    # that asks evaluate() seat by seat takes the same actions.
    from pyapp.bots.mission_for_peanuts import hard_bot, rollout_policy
    from pyapp.engine.search import SearchBot

    rng = Rng(11)
    state = new_game("mission-for-peanuts", players=5, seed=5)
    for _ in range(6):
        seat = state.to_act
        seat_by_seat = SearchBot(iterations=60, time_budget=None, rollout_policy=rollout_policy,
                                 rollout_depth=12, exploration=0.7)
        action = hard_bot(iterations=60, inference=False).choose(state, seat, Rng(seat))
        assert seat_by_seat.choose(state, seat, Rng(seat)) == action
        state.apply(rng.choice(state.legal_actions()))


def reveal_roles(state, rng):
    """Play the round's Role choices (any legal ones), so the Roles flip and the first turn's draw is made."""
    while state.step == "role":
        state.apply(rng.choice(state.legal_actions()))


def test_a_hand_as_dealt_cannot_hold_the_spy_which_was_shuffled_in_after_the_deal():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    reveal_roles(state, Rng(1))
    drew = state.turn  # the only seat that has taken a card from the deck
    seat = (drew + 1) % 4
    untouched = {(drew + 2) % 4, (drew + 3) % 4}
    holders = set()
    for k in range(300):
        world = state.determinize(seat, Rng(k))
        holders |= {s for s in range(4) if s != seat and SPY in world.hands[s]}
    assert not holders & untouched
    assert SPY in state.hands[drew] or drew in holders


def test_a_swap_hands_over_the_chance_of_holding_the_spy():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    reveal_roles(state, Rng(1))
    drew = state.turn
    seat, other = (drew + 1) % 4, (drew + 2) % 4
    state.log.append({"kind": "swap", "seats": [drew, other], "text": ""})
    assert state._spy_clues(seat).cleared == {seat, drew, (drew + 3) % 4}


def test_a_card_discarded_face_down_before_the_spy_went_back_into_the_deck_is_not_the_spy():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    reveal_roles(state, Rng(1))
    seat, older, newer = state.turn, (state.turn + 1) % 4, (state.turn + 2) % 4
    for owner in (older, newer):  # each discards the deck's bottom card face down
        card = next(c for c in reversed(state.deck) if c != SPY)
        state.deck.remove(card)
        state.piles[owner].append((card, True))
        state.log.append({"kind": "face_down", "seat": owner, "text": ""})
        if owner == older:
            state.log.append({"kind": "spy_shuffled", "text": ""})
    state.deck_seen = [[None] * len(state.deck) for _ in range(4)]
    for other in (older, newer, (seat + 3) % 4):  # draws that may have taken the Spy
        state.log.append({"kind": "draw", "seat": other, "text": ""})
    assert state._spy_clues(seat).face_down[older] == 0
    piles = [state.determinize(seat, Rng(k)).piles for k in range(300)]
    assert all(p[older][0][0] != SPY for p in piles)
    assert any(p[newer][0][0] == SPY for p in piles)


def test_a_weighted_deal_gives_a_seat_the_cards_its_choices_suggest():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    reveal_roles(state, Rng(1))
    seat, other = state.turn, (state.turn + 1) % 4
    leaning = {other: {"seer": 50.0}}
    uniform = sum(state.determinize(seat, Rng(k)).hands[other] == ["seer"] for k in range(200))
    weighted = sum(state.determinize(seat, Rng(k), leaning).hands[other] == ["seer"]
                   for k in range(200))
    assert weighted > 150 > 4 * uniform


def test_the_role_a_seat_chose_says_which_card_it_kept():
    from pyapp.bots.mission_for_peanuts import SLACK, role_likelihood
    # The normal bot makes the Assassin its Role over the Seer (a shield), never the Seer.
    assert role_likelihood("assassin", "seer") == 1 - SLACK
    assert role_likelihood("seer", "assassin") == SLACK
    assert role_likelihood("seer", "seer") == 1 - SLACK


def test_inference_reads_the_log_and_moves_its_reading_with_a_swapped_hand():
    from pyapp.bots.mission_for_peanuts import hand_weights, keep_likelihood
    log = [{"kind": "round_start"}, {"kind": "draw", "seat": 1},
           {"kind": "assist", "seat": 1, "card": "agent"}]
    read = hand_weights(log, 0, 3)
    # Seat 1 played the Agent of the two cards it held: the normal bot keeps
    # the Spy over almost anything, the Seer over the Agent, and plays the
    # Informant about as readily as the Agent.
    assert read[1]["spy"] > read[1]["seer"] > read[1]["informant"]
    assert keep_likelihood("spy", "agent") > 0.5 > keep_likelihood("agent", "spy")
    swapped = hand_weights(log + [{"kind": "swap", "seats": [1, 2]}], 0, 3)
    assert swapped[2] == read[1] and 1 not in swapped
    assert 1 not in hand_weights(log + [{"kind": "trade", "seat": 1, "by": 2}], 0, 3)


def test_the_hard_bot_with_inference_is_repeatable_and_off_by_default():
    from pyapp.bots.mission_for_peanuts import hard_bot
    state = new_game("mission-for-peanuts", players=5, seed=8)
    rng = Rng(2)
    reveal_roles(state, rng)
    for _ in range(4):
        seat = state.to_act
        with_inference = hard_bot(iterations=40, inference=True).choose(state, seat, Rng(seat))
        assert hard_bot(iterations=40, inference=True).choose(state, seat, Rng(seat)) \
            == with_inference
        assert hard_bot(iterations=40).choose(state, seat, Rng(seat)) \
            == hard_bot(iterations=40, inference=False).choose(state, seat, Rng(seat))
        state.apply(rng.choice(state.legal_actions()))
