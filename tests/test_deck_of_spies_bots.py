"""Deck of Spies bots: legal, fair, and sensible in plain positions."""

import itertools

import pytest

from pyapp.bots.deck_of_spies import CODE, LEVELS, _can_recruit, _plays, _rollout, recruit_rate
from pyapp.engine.registry import new_game
from pyapp.engine.rng import Rng
from pyapp.games.deck_of_spies import HAND_SIZE, sort_cards

FILLER = ["9S", "9H", "9D", "9C", "8S", "8H"]


def table(hand, spies, draw_deck=(), draw_discard=(), spy_discard=(), phase="act"):
    state = new_game("deck-of-spies", seed=1)
    state.hand = sort_cards(hand)
    state.spy_deck = list(spies)
    state.draw_deck = list(draw_deck)
    state.draw_discard = list(draw_discard)
    state.spy_discard = list(spy_discard)
    state.removed = []
    state.phase = phase
    return state


def positions():
    """States along a few games: act and retire phases, all three segments."""
    found = []
    for seed in (3, 8, 21):
        state = new_game("deck-of-spies", seed=seed)
        bot = LEVELS["greedy"]()
        rng = Rng(seed)
        while not state.is_over:
            if len(state.legal_actions()) > 1 and rng.below(3) == 0:
                found.append(state.clone())
            state.apply(bot.choose(state, 0, rng))
    return found


POSITIONS = positions()


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_returns_a_legal_action(level):
    bot = LEVELS[level]()
    phases = set()
    for index, state in enumerate(POSITIONS):
        action = bot.choose(state, 0, Rng(index))
        assert action in state.legal_actions()
        phases.add(state.phase)
    assert phases == {"act", "retire"}


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_decides_alike_when_only_hidden_orders_differ(level):
    bot = LEVELS[level]()
    checked = 0
    for index, state in enumerate(POSITIONS):
        twin = state.determinize(0, Rng(1000 + index))
        assert twin.view(0) == state.view(0)
        if twin.draw_deck == state.draw_deck and twin.spy_deck == state.spy_deck:
            continue
        checked += 1
        assert bot.choose(state, 0, Rng(index)) == bot.choose(twin, 0, Rng(index))
    assert checked > 10


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_whole_game(level):
    state = new_game("deck-of-spies", seed=5)
    bot, rng = LEVELS[level](), Rng(5)
    while not state.is_over:
        state.apply(bot.choose(state, 0, rng))
    assert state.result()["summary"].startswith("You ")
    assert state.result()["scores"] == [state.view(0)["key_spies"]["yours"]]


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_recruits_a_key_spy_it_can(level):
    state = table(["JH", "AH", "2S", "3D", "4C"], ["KH"] + FILLER,
                  draw_deck=["4S", "4H", "3S", "3H", "2D"])
    action = LEVELS[level]().choose(state, 0, Rng(1))
    assert action["type"] == "recruit"


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_retires_low_pairs_and_keeps_face_cards(level):
    state = table(["2S", "2H", "JS", "JH"], ["9S"] + FILLER, draw_deck=["4S", "4H", "3S"],
                  phase="retire")
    assert LEVELS[level]().choose(state, 0, Rng(1)) == {"type": "retire",
                                                         "cards": ["2S", "2H"]}


def test_recruit_rate_grows_when_the_deck_thins():
    keys = ["JS", "QH", "KD", "KC"]
    fat = ["AS", "AH", "2S", "2H", "2D", "2C", "3S", "3H", "7D", "8C", "9S", "10H"]
    thin = ["AS", "AH", "3S", "3H", "7D", "8C", "9S", "10H"]
    assert recruit_rate(thin, keys) > recruit_rate(fat, keys)
    assert recruit_rate(thin, []) == 0.0


def test_recruit_rate_counts_the_hands_that_reach_a_spy_in_its_suit_or_by_its_ace():
    # Five of these six cards: the 10S and 2S reach the JS together unless
    # one of them is the card left out (2 hands in 6).
    six = ["10S", "2S", "AH", "3D", "4C", "5C"]
    assert recruit_rate(six, ["JS"]) == pytest.approx(4 / 6)
    # All five: the spades reach the JS, and the AH turns all 20 points to
    # hearts for the JH; without it no heart reaches the QH.
    five = ["10S", "2S", "AH", "3D", "4C"]
    assert recruit_rate(five, ["JS", "JH"]) == 1.0
    assert recruit_rate(["10S", "2S", "2H", "3D", "4C"], ["QH"]) == 0.0


def codes(cards):
    return [CODE[card] for card in cards]


def chosen(hand, mask):
    return [card for index, card in enumerate(hand) if mask >> index & 1]


def test_rollout_plays_the_cheapest_counter_and_recruit():
    hand = ["AH", "3H", "4S", "9C"]
    counter, recruit = _plays(codes(hand), CODE["7H"])
    assert chosen(hand, counter) == ["3H", "4S"]
    # Only the AH turns enough points to hearts; it costs more than a 3.
    assert chosen(hand, recruit) == ["AH", "3H", "4S"]
    assert _plays(codes(["2S", "3S"]), CODE["7S"]) == (0, 0)


def test_rollout_wins_by_recruiting_and_loses_without_an_ace():
    spies = codes(["KS", "KH", "KD", "KC", "QS", "QH", "QD"])
    # Each King or Queen recruits its own suit's spy, then comes back around.
    strong = codes(["KS", "KH", "KD", "KC", "QS"])
    assert _rollout(strong, [], [], spies, 0, 0, Rng(1)) == 1.0
    assert _rollout(codes(["2S", "3H"]), codes(["4D"]), [], spies, 0, 0, Rng(1)) == 0.0
    # Six key spies owned: one more recruit wins, one more lost loses.
    assert _rollout(codes(["KS"]), [], [], codes(["QS"]), 6, 0, Rng(1)) == 1.0
    assert _rollout(codes(["2S"]), codes(["AS"]), [], codes(["QS"]), 0, 5, Rng(1)) == 0.0
    # No spy left to meet: the key spies owned decide.
    assert _rollout([], [], [], [], 7, 5, Rng(1)) == 1.0
    assert _rollout([], [], [], [], 6, 5, Rng(1)) == 0.0


def test_recruit_rate_is_counted_over_every_hand():
    # Brute force over every 5-card hand of a 9-card deck, each key spy left.
    owned = ["AS", "AH", "3S", "4H", "7D", "8C", "9S", "10H", "5C"]
    keys = ["JS", "QH", "KD", "KC", "JH"]
    hands = list(itertools.combinations(owned, HAND_SIZE))
    reached = sum(_can_recruit(list(hand), spy) for hand in hands for spy in keys)
    assert recruit_rate(owned, keys) == pytest.approx(reached / (len(hands) * len(keys)))


def test_expert_keeps_aces_that_a_thinner_deck_would_shed(monkeypatch):
    # Seed 4 before the face cards: 10 cards owned, 4 of them Aces, and the
    # 9S still to meet. Retiring two Aces raises the recruit rate, but an Ace
    # is also the one guard against an assassination that ends the game
    # (ACE_WORTH).
    spies = ["9S", "JC", "KC", "QC", "JS", "KH", "QD", "JH", "QH", "KD", "JD", "QS", "KS"]
    owned = ["AH", "AD", "10D", "AC", "6D", "8D", "5D", "6H", "AS", "9H"]
    spy_discard = [rank + suit for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")
                   for suit in "SHDC" if rank + suit not in owned + spies]

    def choice(seed):
        state = table(["AH", "AD", "10D"], spies, ["AC", "6D", "8D"], ["5D", "6H", "AS", "9H"],
                      spy_discard, phase="retire")
        return LEVELS["expert"]().choose(state, 0, Rng(seed))

    assert [choice(seed) for seed in (1, 2, 3)] == [{"type": "end_turn"}] * 3
    monkeypatch.setattr("pyapp.bots.deck_of_spies.ACE_WORTH", 0.0)
    assert choice(1) == {"type": "retire", "cards": ["AH", "AD"]}
