"""The shared search core (pyapp/engine/search.py) on two toy games.

- Nim: perfect information, so the search must find the winning move.
- Duel: a few tricks of high card from hidden hands, so the search must play
  fair (a function of the seat's view and the generator only), must find the
  obvious card plays, and must beat random play clearly.

Both games are defined here by subclassing GameState, the way the real games
do; they are not registered, so they never reach the lobby. bench/search.py
times the search on them.
"""

from functools import reduce

import pytest

from pyapp.engine.bots import GreedyBot, RandomBot
from pyapp.engine.protocol import GameState, IllegalAction, Move
from pyapp.engine.rng import Rng
from pyapp.engine.search import SearchBot, _Node, _rewards, _split, action_key


class Nim(GameState):
    """Normal-play Nim: take any number of stones from one heap; whoever
    takes the last stone wins. Action: {"type": "take", "heap": i, "count": k}.
    """

    game_id = "toy-nim"
    title = "Nim"
    min_players = max_players = 2
    OPTIONS = {"heaps": ((3, 4, 5), None)}

    def _setup(self):
        self.heaps = list(self.options["heaps"])

    def _open_kinds(self):
        return ("take",)

    def _takes(self):
        return [{"type": "take", "heap": i, "count": k}
                for i, size in enumerate(self.heaps) for k in range(1, size + 1)]

    def _check_take(self, action):
        if action not in self._takes():
            raise IllegalAction("no heap holds that many stones")

    def _take(self, action):
        self.heaps[action["heap"]] -= action["count"]
        self.tell({"kind": "take", "seat": self.to_act, "count": action["count"]})
        if not any(self.heaps):
            self.finish({"kind": "end", "winners": [self.to_act],
                         "scores": [1 if s == self.to_act else 0 for s in range(2)]})
        else:
            self.to_act = self.turn = 1 - self.to_act

    MOVES = {"take": Move(_check_take, _take, _takes, lambda state, action: "take stones")}

    @staticmethod
    def event_text(event):
        if event["kind"] == "take":
            return "Seat %d takes %d." % (event["seat"], event["count"])
        winners = event["winners"]
        if len(winners) == 1:
            return "Seat %d takes the last stone." % winners[0]
        return "A shared win." if winners else "Nobody wins."

    def view(self, seat):
        view = self.base_view(seat)
        view.update(hand=[], heaps=list(self.heaps), prompt="Take stones from one heap.")
        return view

    def determinize(self, seat, rng):
        twin = self.clone()
        twin.rng = Rng(rng.derive_seed())
        return twin

    def clone(self):
        twin = self._copy_base_into(Nim.__new__(Nim))
        twin.heaps = list(self.heaps)
        return twin

    def evaluate(self, seat):
        """Exact: the seat to move wins when the heaps' xor is not zero."""
        if self.is_over:
            return 1.0 if seat in self._result["winners"] else 0.0
        mover_wins = reduce(lambda a, b: a ^ b, self.heaps) != 0
        return 1.0 if mover_wins == (seat == self.to_act) else 0.0


def nim(heaps, to_act=0):
    state = Nim.create(players=2, seed=0, heaps=tuple(heaps))
    state.to_act = state.turn = to_act
    return state


class Duel(GameState):
    """Two players, cards 1 to 2n+1, n each (option "hand", 3 by default)
    and one face down. The leader plays a card, then the follower; the higher
    card takes the trick and leads the next. More than half of the tricks
    win; with an even n an n/2-n/2 split is a shared win.
    Action: {"type": "play", "card": c}.
    """

    game_id = "toy-duel"
    title = "Duel"
    min_players = max_players = 2
    OPTIONS = {"hand": (3, (3, 4, 5, 6))}

    def _setup(self):
        size = self.options["hand"]
        deck = list(range(1, 2 * size + 2))
        self.rng.shuffle(deck)
        self.cards = sorted(deck)
        self.hands = [sorted(deck[:size]), sorted(deck[size:2 * size])]
        self.face_down = deck[-1]
        self.trick = []  # [seat, card] in play order
        self.played = []  # every card played, in order
        self.tricks = [0, 0]

    def _open_kinds(self):
        return ("play",)

    def _plays(self):
        return [{"type": "play", "card": c} for c in self.hands[self.to_act]]

    def _check_play(self, action):
        if action not in self._plays():
            raise IllegalAction("that card is not in your hand")

    def _play(self, action):
        seat, card = self.to_act, action["card"]
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self.played.append(card)
        self.tell({"kind": "play", "seat": seat, "card": card})
        if len(self.trick) == 1:
            self.to_act = 1 - seat
            return
        winner = max(self.trick, key=lambda play: play[1])[0]
        self.tricks[winner] += 1
        self.trick = []
        if 2 * self.tricks[winner] > self.options["hand"]:
            self.finish({"kind": "end", "winners": [winner], "scores": list(self.tricks)})
        elif not self.hands[winner]:
            self.finish({"kind": "end", "winners": [0, 1], "scores": list(self.tricks)})
        else:
            self.to_act = self.turn = winner

    MOVES = {"play": Move(_check_play, _play, _plays,
                          lambda state, action: "play %d" % action["card"])}

    @staticmethod
    def event_text(event):
        if event["kind"] == "play":
            return "Seat %d plays %d." % (event["seat"], event["card"])
        if len(event["winners"]) == 1:
            return "Seat %d takes the duel." % event["winners"][0]
        return "The duel is a draw."

    def view(self, seat):
        view = self.base_view(seat)
        view.update(hand=list(self.hands[seat]), trick=[list(p) for p in self.trick],
                    played=list(self.played), tricks=list(self.tricks),
                    prompt="Play a card.")
        return view

    def determinize(self, seat, rng):
        twin = self.clone()
        other = 1 - seat
        seen = set(self.hands[seat]) | set(self.played)
        unseen = [c for c in self.cards if c not in seen]
        rng.shuffle(unseen)
        count = len(self.hands[other])
        twin.hands[other] = sorted(unseen[:count])
        twin.face_down = unseen[count]
        twin.rng = Rng(rng.derive_seed())
        return twin

    def clone(self):
        twin = self._copy_base_into(Duel.__new__(Duel))
        twin.cards = self.cards
        twin.hands = [list(h) for h in self.hands]
        twin.face_down = self.face_down
        twin.trick = [list(p) for p in self.trick]
        twin.played = list(self.played)
        twin.tricks = list(self.tricks)
        return twin

    def evaluate(self, seat):
        """The trick lead plus the remaining tricks weighed by how often the
        seat's cards beat the other's (a card on the table counts as held),
        mapped from [-n, n] onto [0, 1]."""
        if self.is_over:
            winners = self._result["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        mine, theirs = list(self.hands[seat]), list(self.hands[1 - seat])
        for owner, card in self.trick:
            (mine if owner == seat else theirs).append(card)
        beats = sum(a > b for a in mine for b in theirs) / (len(mine) * len(theirs))
        lead = self.tricks[seat] - self.tricks[1 - seat] + (2 * beats - 1) * len(mine)
        return 0.5 + lead / (2.0 * self.options["hand"])


def duel(hands, face_down, seed=0):
    state = Duel.create(players=2, seed=seed, hand=len(hands[0]))
    state.hands = [sorted(h) for h in hands]
    state.face_down = face_down
    return state


def play_match(bots, state, seed):
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_act
        state.apply(bots[seat].choose(state, seat, rng))
    return state.result()["winners"]


def win_rate(bot, other, games, hand):
    """`bot`'s share of the wins over `games` Duels (a draw counts half),
    taking each seat in turn."""
    won = 0.0
    for seed in range(games):
        seat = seed % 2
        bots = [bot, other] if seat == 0 else [other, bot]
        state = Duel.create(players=2, seed=seed, hand=hand)
        winners = play_match(bots, state, seed + 1000)
        won += 1.0 / len(winners) if seat in winners else 0.0
    return won / games


# -- perfect information ------------------------------------------------------


def test_search_takes_the_move_that_leaves_a_zero_nim_sum():
    # 1 ^ 2 ^ 4 = 7: only taking one stone from the heap of 4 leaves xor 0.
    state = nim([1, 2, 4])
    action = SearchBot(iterations=3000, time_budget=None).choose(state, 0, Rng(3))
    assert action == {"type": "take", "heap": 2, "count": 1}


def test_search_takes_the_last_stone():
    state = nim([0, 0, 3], to_act=1)
    action = SearchBot(iterations=200, time_budget=None).choose(state, 1, Rng(1))
    assert action == {"type": "take", "heap": 2, "count": 3}


def test_a_cut_off_scores_each_seat_with_evaluate():
    # Random rollouts are noise in Nim 3-4-5 (the search rarely finds the
    # move with them); scoring each new node with the exact evaluate at once
    # finds the one move that leaves xor 0: two stones from the heap of 3.
    state = nim([3, 4, 5])
    bot = SearchBot(iterations=8000, time_budget=None, rollout_depth=0)
    assert bot.choose(state, 0, Rng(2)) == {"type": "take", "heap": 0, "count": 2}


def test_the_rollout_policy_plays_at_most_rollout_depth_moves_an_iteration():
    calls = []

    def first_action(state, rng):
        calls.append(1)
        return state.legal_actions()[0]

    state = nim([5, 5, 5])
    SearchBot(iterations=20, time_budget=None, rollout_policy=first_action,
              rollout_depth=2).choose(state, 0, Rng(1))
    assert 0 < len(calls) <= 2 * 20
    calls.clear()
    SearchBot(iterations=20, time_budget=None, rollout_policy=first_action,
              rollout_depth=0).choose(state, 0, Rng(1))
    assert calls == []


def test_a_rollout_stop_ends_the_rollout_where_it_says():
    seen = []

    def first_action(state, rng):
        seen.append(sum(state.heaps))
        return state.legal_actions()[0]

    state = nim([5, 5, 5])
    SearchBot(iterations=30, time_budget=None, rollout_policy=first_action,
              rollout_stop=lambda world: sum(world.heaps) <= 9).choose(state, 0, Rng(1))
    assert seen and min(seen) > 9
    # Stopping at once is a cut-off at depth 0: the exact evaluate finds the
    # one move of Nim 3-4-5 that leaves xor 0, as in the test above.
    bot = SearchBot(iterations=8000, time_budget=None, rollout_stop=lambda world: True)
    assert bot.choose(nim([3, 4, 5]), 0, Rng(2)) == {"type": "take", "heap": 0, "count": 2}


def test_the_tree_grows_no_deeper_than_a_rollout_stop():
    expanded_at = []

    def every_action(world, actions):
        expanded_at.append(sum(world.heaps))
        return actions

    state = nim([5, 5, 5])
    SearchBot(iterations=300, time_budget=None, candidates=every_action,
              rollout_stop=lambda world: sum(world.heaps) <= 9).choose(state, 0, Rng(1))
    assert max(expanded_at) == 15 and min(expanded_at) > 9


def test_the_tree_takes_only_the_candidates_the_hook_keeps():
    asked = []

    def singles(world, actions):
        asked.append((world.to_act, len(actions)))
        return [action for action in actions if action["count"] == 1]

    state = nim([3, 4, 5])
    bot = SearchBot(iterations=200, time_budget=None, candidates=singles)
    assert bot.choose(state, 0, Rng(1))["count"] == 1
    assert all(visits == 0 for action, visits, _ in bot.stats["root"] if action["count"] > 1)
    assert sum(visits for _, visits, _ in bot.stats["root"]) == 200
    assert {seat for seat, _ in asked} == {0, 1}  # deeper nodes too


def test_winners_share_one_at_the_end_of_the_game():
    state = nim([1, 1])
    state.finish({"kind": "end", "winners": [0, 1], "scores": [1, 1]})
    assert _rewards(state) == [0.5, 0.5]
    state = nim([1, 1])
    state.finish({"kind": "end", "winners": [], "scores": [0, 0]})
    assert _rewards(state) == [0.0, 0.0]


# -- hidden information -----------------------------------------------------


def test_two_deals_that_look_the_same_to_the_seat_get_the_same_search():
    # Seat 1 must answer a lead of 4 holding 2, 5, 6; seat 0's other cards
    # and the face-down card differ between the two deals.
    one = duel([[4, 1, 3], [2, 5, 6]], 7)
    two = duel([[4, 7, 1], [2, 5, 6]], 3)
    for state in (one, two):
        state.apply({"type": "play", "card": 4})
    assert one.view(1) == two.view(1)
    assert one.determinize(1, Rng(5)).view(1) == one.view(1)
    for bot in (SearchBot(iterations=500, time_budget=None), GreedyBot(samples=8)):
        assert bot.choose(one, 1, Rng(9)) == bot.choose(two, 1, Rng(9))
    bot = SearchBot(iterations=500, time_budget=None)
    bot.choose(one, 1, Rng(9))
    first = bot.stats["root"]
    bot.choose(two, 1, Rng(9))
    assert bot.stats["root"] == first


def test_search_takes_a_trick_with_its_cheapest_winning_card():
    # Against a lead of 2, the 3 takes the trick and keeps the 7 to win the
    # next one whatever seat 0 holds; the 1 or the 7 lose the duel.
    state = duel([[2, 4, 5], [1, 3, 7]], 6)
    state.apply({"type": "play", "card": 2})
    action = SearchBot(iterations=1000, time_budget=None).choose(state, 1, Rng(4))
    assert action == {"type": "play", "card": 3}


def test_search_throws_its_lowest_card_on_a_trick_it_cannot_take():
    state = duel([[7, 2, 3], [1, 4, 6]], 5)
    state.apply({"type": "play", "card": 7})
    action = SearchBot(iterations=1000, time_budget=None).choose(state, 1, Rng(4))
    assert action == {"type": "play", "card": 1}


def test_search_beats_random_play_clearly():
    # Measured over 200 deals: 73% (random against random: 50%).
    bot = SearchBot(iterations=150, time_budget=None)
    assert win_rate(bot, RandomBot(), games=120, hand=5) >= 0.65


def test_greedy_bot_plays_the_toy_games_and_beats_random_play():
    assert GreedyBot(samples=4).choose(nim([1, 2, 4]), 0, Rng(1)) == {
        "type": "take", "heap": 2, "count": 1}
    assert win_rate(GreedyBot(samples=4), RandomBot(), games=120, hand=5) >= 0.65


def test_an_edge_counts_as_available_only_in_worlds_where_it_is_legal():
    five = _Node(1)
    edges = {action_key({"type": "play", "card": 5}): five}
    # The same action twice, keys in another order: it counts once.
    actions = [{"type": "play", "card": 6}, {"type": "play", "card": 5},
               {"card": 5, "type": "play"}]
    available, untried = _split(edges, actions, stamp=0)
    assert available == [({"type": "play", "card": 5}, five)]
    assert untried == {action_key({"type": "play", "card": 6}): {"type": "play", "card": 6}}
    assert five.available == 1
    _split(edges, [{"type": "play", "card": 6}], stamp=1)  # a world without the 5
    assert five.available == 1
    _split(edges, [{"type": "play", "card": 5}], stamp=2)
    assert five.available == 2


# -- the budget -------------------------------------------------------------


def test_a_fixed_iteration_count_gives_a_repeatable_decision():
    state = Duel.create(players=2, seed=5)
    runs = []
    for _ in range(2):
        bot = SearchBot(iterations=300, time_budget=None)
        runs.append((bot.choose(state, 0, Rng(11)), bot.stats["root"]))
    assert runs[0] == runs[1]
    assert sum(visits for _, visits, _ in runs[0][1]) == 300


def test_a_tiny_time_budget_still_returns_a_legal_action():
    state = nim([3, 4, 5])
    bot = SearchBot(time_budget=0.001)
    assert bot.choose(state, 0, Rng(1)) in state.legal_actions()
    bot = SearchBot(time_budget=0.0)
    assert bot.choose(state, 0, Rng(1)) in state.legal_actions()
    assert bot.stats["iterations"] == 0


def test_the_search_stops_at_whichever_budget_runs_out_first():
    state = nim([3, 4, 5])
    bot = SearchBot(iterations=7, time_budget=60.0)
    bot.choose(state, 0, Rng(1))
    assert bot.stats["iterations"] == 7
    bot = SearchBot(iterations=10 ** 9, time_budget=0.05)
    bot.choose(state, 0, Rng(1))
    assert 0 < bot.stats["iterations"] < 10 ** 9
    assert bot.stats["seconds"] < 1.0  # generous: the machine is shared


def test_a_single_legal_action_is_returned_without_searching():
    state = nim([0, 0, 1])
    bot = SearchBot(iterations=100, time_budget=None)
    assert bot.choose(state, 0, Rng(1)) == {"type": "take", "heap": 2, "count": 1}
    assert bot.stats["iterations"] == 0


def test_the_search_needs_a_budget_and_the_seat_to_act():
    with pytest.raises(ValueError):
        SearchBot(iterations=None, time_budget=None)
    with pytest.raises(ValueError):
        SearchBot(iterations=10, time_budget=None).choose(nim([3, 4, 5]), 1, Rng(1))


class CountingNim(Nim):
    """Nim that counts, across every copy, the moves advanced and performed."""
    advanced = performed = 0

    @classmethod
    def fresh(cls, heaps):
        cls.advanced = cls.performed = 0
        return cls.create(players=2, seed=0, heaps=heaps)

    def advance(self, action):
        CountingNim.advanced += 1
        GameState.advance(self, action)

    def _perform(self, action):
        CountingNim.performed += 1
        Nim._perform(self, action)

    def clone(self):
        twin = self._copy_base_into(CountingNim.__new__(CountingNim))
        twin.heaps = list(self.heaps)
        return twin


def test_every_simulated_move_goes_through_advance():
    state = CountingNim.fresh((2, 2))
    SearchBot(iterations=10, time_budget=None).choose(state, 0, Rng(1))
    assert CountingNim.performed > 0
    assert CountingNim.advanced == CountingNim.performed


def test_max_moves_ends_the_search_with_the_iteration_that_reaches_it():
    state = CountingNim.fresh((5, 5, 5))
    bot = SearchBot(iterations=1000, time_budget=None, max_moves=100)
    bot.choose(state, 0, Rng(1))
    done, simulated = bot.stats["iterations"], CountingNim.advanced
    assert 100 <= simulated and done < 100  # each iteration simulates at least one move
    state = CountingNim.fresh((5, 5, 5))
    SearchBot(iterations=done - 1, time_budget=None).choose(state, 0, Rng(1))
    assert CountingNim.advanced < 100  # one iteration fewer stays under the cap
    # Without a cap, the count of iterations is the only limit.
    unlimited = SearchBot(iterations=1000, time_budget=None)
    unlimited.choose(state, 0, Rng(1))
    assert unlimited.stats["iterations"] == 1000


def test_a_cut_off_scores_every_seat_with_evaluate_all_when_the_bot_gives_one():
    asked = []

    def every_seat(world):
        asked.append(world.num_players)
        return [world.evaluate(seat) for seat in range(world.num_players)]

    state = nim([3, 4, 5])
    bot = SearchBot(iterations=8000, time_budget=None, rollout_depth=0, evaluate_all=every_seat)
    assert bot.choose(state, 0, Rng(2)) == {"type": "take", "heap": 0, "count": 2}
    assert asked  # the hook scored the cut-offs
