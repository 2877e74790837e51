"""Mission for Peanuts determinize: the deductions about the Spy that the
public log allows (each round starts with the Spy shuffled into the deck; a
Secret Police miss clears a hand)."""

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
    in_deck, cleared = state._spy_clues(seat)
    assert in_deck == 1 - 2 / (len(state.deck) + 2) and cleared == set()
    places = {where_the_spy_is(state.determinize(seat, Rng(k)), seat) for k in range(200)}
    assert "deck" in places and len(places) > 1


def test_a_hand_the_secret_police_cleared_gets_no_spy_until_it_changes():
    state = new_game("mission-for-peanuts", players=4, seed=3)
    seat, cleared = state.to_act, (state.to_act + 1) % 4
    state.log.append({"kind": "draw", "seat": (seat + 2) % 4, "text": ""})
    state.log.append({"kind": "police_miss", "seat": seat, "target": cleared, "text": ""})
    assert state._spy_clues(seat)[1] == {cleared}
    for k in range(100):
        assert SPY not in state.determinize(seat, Rng(k)).hands[cleared]
    state.log.append({"kind": "draw", "seat": cleared, "text": ""})
    assert state._spy_clues(seat)[1] == set()



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
        action = hard_bot(iterations=60).choose(state, seat, Rng(seat))
        assert seat_by_seat.choose(state, seat, Rng(seat)) == action
        state.apply(rng.choice(state.legal_actions()))
