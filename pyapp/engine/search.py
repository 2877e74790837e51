"""Information-set Monte Carlo tree search for any game of the protocol.

The "hard" bots of every game share this search. It is single-observer
information-set MCTS (SO-ISMCTS): P. I. Cowling, E. J. Powley and
D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on
Computational Intelligence and AI in Games 4(2), 2012, section IV and
Algorithm 3.

One tree is grown for the searching seat's information set. A node is not a
state but a sequence of actions as that seat would describe it, so the worlds
that the seat cannot tell apart share statistics. Every iteration:

1. `_iterate` samples a world that agrees with what the seat knows:
   `state.determinize(seat, rng)`, or the bot's own `sampler`. The tree is then restricted to what is
   possible in that world.
2. `_descend` walks the tree. While every legal action of the world already
   has an edge, it follows the edge with the best UCB score (`_select`):

       mean reward + exploration * sqrt(ln(availability) / visits)

   The availability of an edge counts the iterations in which its action was
   legal on arrival at the node, not the visits of the parent as in plain
   UCT. An opponent's card that exists in few worlds is then not judged
   against iterations in which it could not have been played.
   With a `candidates` hook, the tree only ever takes the actions it keeps
   of the world's legal ones (say, a heuristic's few best), so a small
   budget is not spread over moves no good player would make.
   Below the root the walk ends where `rollout_stop` says a rollout would
   end: the tree grows no deeper than the rollouts' horizon, or a chain of
   single-candidate moves would carry it past that point, and every
   rollout from there on through one more round.
3. The first node with an untried legal action gets one new edge, an untried
   action picked at random (expansion).
4. `_roll_out` plays the rollout policy for up to `rollout_depth` actions,
   or to the end of the game when `rollout_depth` is None; a `rollout_stop`
   predicate may end it sooner (say, at the end of a round, where a game's
   evaluate() knows the coins exactly).
5. `_rewards` scores every seat: at the end of the game the winners share 1.0
   (a lone winner gets 1, two tied winners 0.5 each, everybody 0 if there is
   no winner); at a cut-off each seat gets the game's `evaluate(seat)`, or
   the bot's `evaluate_all(world)`, which gives the same numbers for every
   seat at once.
6. `_back_up` adds to every edge of the path the reward of the seat that
   chose it, so each seat is modelled as playing for itself.

Edges are keyed by the acting seat and by `action_key(action)`, a hashable
value under which two actions are equal exactly when the dicts are equal.
Keying by seat matters when who acts next depends on hidden cards (say, only
a seat that holds the right card may foil).

The decision is the root edge visited most often among the actions legal in
the real state (root actions are the seat's own, so every world offers the
same ones). Ties go to the higher mean reward, then to the earlier action.

Fair play: the search reads the real state only through `legal_actions()`
and `determinize(seat, rng)`, both functions of what the seat knows. Given
`iterations` and `time_budget=None` a decision depends on the seat's view and
the generator's state alone, and so is repeatable.

Usage:

    from pyapp.engine.rng import Rng
    from pyapp.engine.search import SearchBot
    bot = SearchBot(time_budget=0.5, rollout_depth=8)
    action = bot.choose(state, state.to_act, Rng(1))
    bot.stats   # {"iterations": n, "seconds": s,
                #  "root": [(action, visits, mean reward), ...] in legal order}

Measured by bench/search.py on toy games (CPython 3.11, one core): about
17-28k iterations per CPU second, a third of it the search's own bookkeeping
(keys, availability, UCB) and the rest the game's moves.
"""

from math import log, sqrt
from time import perf_counter
from typing import Any, Callable

from .protocol import Action, GameState
from .rng import Rng

_CONTAINERS = (list, dict)

Key = tuple[Any, ...]  # action_key(action)
Policy = Callable[[GameState, Rng], Action]
Candidates = Callable[[GameState, list[Action]], list[Action]]
Ranked = list[tuple[Action, int, float]]  # (action, visits, mean reward) at the root
Sampler = Callable[[GameState, int, Rng], GameState]
EvaluateAll = Callable[[GameState], list[float]]


def action_key(action: Action) -> Key:
    """A hashable stand-in for an action dict, equal for equal dicts.

    Cheaper than `json.dumps(action, sort_keys=True)`, and it follows Python's
    `==` on dicts (True == 1), which is how the protocol compares actions.
    """
    items = [(k, _freeze(v) if type(v) in _CONTAINERS else v) for k, v in action.items()]
    items.sort()  # keys are distinct, so the sort never compares values
    return tuple(items)


def _freeze(value: Any) -> Key:
    if type(value) is dict:
        return action_key(value)
    return tuple([_freeze(v) if type(v) in _CONTAINERS else v for v in value])


def _determinize(state: GameState, seat: int, rng: Rng) -> GameState:
    """The default sampler: a uniform re-deal of what the seat cannot see."""
    return state.determinize(seat, rng)


def random_policy(state: GameState, rng: Rng) -> Action:
    """The default rollout policy: any legal action, uniformly."""
    return rng.choice(state.legal_actions())


class _Node:
    """An edge of the tree and the node it leads to.

    `seat` chose the edge; `total` sums that seat's rewards over `visits`;
    `available` counts the iterations in which the edge could be taken;
    `children` maps the seat to act next to {action_key: _Node}.
    """

    __slots__ = ("seat", "visits", "total", "available", "stamp", "children")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.stamp = -1  # the last iteration that counted this edge available
        self.children: dict[int | None, dict[Key, _Node]] = {}


class SearchBot:
    """SO-ISMCTS bot; see the module docstring.

    iterations: a fixed number of iterations (repeatable for a given rng).
    time_budget: seconds of search; None for no limit. With both, whichever
        runs out first ends the search.
    max_moves: optional cap on the moves simulated in one decision (the
        tree's and the rollouts'), so a decision whose rollouts run long does
        fewer iterations. The work is counted, not timed, so a decision
        still repeats everywhere; the iteration that reaches the cap is the
        last.
    rollout_policy: (state, rng) -> one of state.legal_actions(), played in
        a sampled world (it may read that world freely: it is a guess, not
        the truth). Default: uniformly random.
    rollout_depth: actions played after expansion before scoring every seat
        with evaluate(seat); None plays to the end of the game.
    exploration: the UCB constant; rewards lie in [0, 1].
    candidates: optional (world, actions) -> a non-empty sublist of
        `actions` (the world's legal actions): the only ones the tree takes
        there. Default: all of them.
    rollout_stop: optional (world) -> bool, asked before each rollout move
        and at each node below the root; True ends the iteration there and
        every seat is scored with evaluate(seat).
    sampler: optional (state, seat, rng) -> a world for one iteration, in
        place of `state.determinize(seat, rng)`; say, one that favours the
        deals under which the other seats' past choices were likely. It
        must read no more than determinize may.
    evaluate_all: optional (world) -> [world.evaluate(seat) for every seat],
        for a game that can share the work between the seats; the same
        numbers, sooner.
    """

    name = "search"

    def __init__(self, iterations: int | None = None, time_budget: float | None = 0.5,
                 rollout_policy: Policy | None = None, rollout_depth: int | None = None,
                 exploration: float = 0.7, candidates: Candidates | None = None,
                 rollout_stop: Callable[[GameState], bool] | None = None,
                 sampler: Sampler | None = None,
                 evaluate_all: EvaluateAll | None = None,
                 max_moves: int | None = None) -> None:
        if iterations is None and time_budget is None:
            raise ValueError("give the search a number of iterations or a time budget")
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout_policy = rollout_policy or random_policy
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.candidates = candidates
        self.rollout_stop = rollout_stop
        self.sampler = sampler
        self.evaluate_all = evaluate_all or _evaluate_each
        self.max_moves = max_moves
        self.stats: dict[str, Any] | None = None

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The most visited legal root action after the search."""
        if state.to_act != seat:
            raise ValueError("seat %r was asked to choose, but seat %r is to act"
                             % (seat, state.to_act))
        actions = state.legal_actions()
        started = perf_counter()
        root = _Node(None)
        done = 0
        if len(actions) > 1:
            done = self._search(root, state, seat, rng, started)
        choice, ranked = _decide(root, seat, actions)
        self.stats = {"iterations": done, "seconds": perf_counter() - started,
                      "root": ranked}
        return choice

    def _search(self, root: _Node, state: GameState, seat: int, rng: Rng,
                started: float) -> int:
        """Run iterations until the count, the moves or the time is spent;
        return the count."""
        limit = self.iterations
        deadline = None if self.time_budget is None else started + self.time_budget
        moves_left = self.max_moves
        sampler = self.sampler or _determinize
        done = 0
        while limit is None or done < limit:
            if deadline is not None and perf_counter() >= deadline:
                break
            if moves_left is not None and moves_left <= 0:
                break
            moves = self._iterate(root, sampler(state, seat, rng), rng, done)
            done += 1
            if moves_left is not None:
                moves_left -= moves
        return done

    def _iterate(self, root: _Node, world: GameState, rng: Rng, stamp: int) -> int:
        """One iteration in one sampled world (steps 2-6 of the module
        docstring); return the moves it simulated."""
        path = self._descend(root, world, rng, stamp)
        played = 0
        if not world.is_over:
            played = self._roll_out(world, rng)
        _back_up(path, _rewards(world, self.evaluate_all))
        return len(path) + played

    def _descend(self, node: _Node, world: GameState, rng: Rng, stamp: int) -> list[_Node]:
        """Select down the tree and expand one edge; return the edges taken."""
        path: list[_Node] = []
        exploration = self.exploration
        candidates = self.candidates
        stop = self.rollout_stop
        while not world.is_over:
            if path and stop is not None and stop(world):
                return path  # the tree ends where a rollout would
            actor = world.to_act
            edges = node.children.get(actor)
            if edges is None:
                edges = node.children[actor] = {}
            actions = world.legal_actions()
            if candidates is not None:
                actions = candidates(world, actions)
            available, untried = _split(edges, actions, stamp)
            if untried:
                key = rng.choice(list(untried))
                child = edges[key] = _Node(actor)
                child.available = 1
                path.append(child)
                world.advance(untried[key])
                return path
            action, node = _select(available, exploration)
            path.append(node)
            world.advance(action)
        return path

    def _roll_out(self, world: GameState, rng: Rng) -> int:
        """Play the rollout policy until the depth, the stop or the end;
        return the moves played."""
        policy = self.rollout_policy
        depth = self.rollout_depth
        stop = self.rollout_stop
        played = 0
        while not world.is_over and (depth is None or played < depth):
            if stop is not None and stop(world):
                break
            world.advance(policy(world, rng))
            played += 1
        return played


def _split(edges: dict[Key, _Node], actions: list[Action],
           stamp: int) -> tuple[list[tuple[Action, _Node]], dict[Key, Action]]:
    """Mark the existing edges legal in this world available; return
    [(action, edge)] for them and {key: action} for the untried actions."""
    available: list[tuple[Action, _Node]] = []
    untried: dict[Key, Action] = {}
    for action in actions:
        key = action_key(action)
        child = edges.get(key)
        if child is None:
            untried.setdefault(key, action)
        elif child.stamp != stamp:  # a duplicate action counts once
            child.stamp = stamp
            child.available += 1
            available.append((action, child))
    return available, untried


def _select(available: list[tuple[Action, _Node]],
            exploration: float) -> tuple[Action, _Node]:
    """The (action, edge) with the highest UCB score; the earliest on ties."""
    best = available[0]
    best_score = -1.0
    for pair in available:
        child = pair[1]
        visits = child.visits
        score = child.total / visits + exploration * sqrt(log(child.available) / visits)
        if score > best_score:
            best, best_score = pair, score
    return best


def _evaluate_each(world: GameState) -> list[float]:
    """The default evaluate_all: the game's evaluate(), seat by seat."""
    return [world.evaluate(seat) for seat in range(world.num_players)]


def _rewards(world: GameState, evaluate_all: EvaluateAll = _evaluate_each) -> list[float]:
    """Each seat's reward in [0, 1] for the world where the iteration stopped."""
    if world.is_over:
        winners = world.result()["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(world.num_players)]
    return evaluate_all(world)


def _back_up(path: list[_Node], rewards: list[float]) -> None:
    """Credit every edge of the path with the reward of the seat that chose it."""
    for edge in path:
        edge.visits += 1
        edge.total += rewards[edge.seat]  # type: ignore[index]  # the root is never on a path


def _decide(root: _Node, seat: int, actions: list[Action]) -> tuple[Action, Ranked]:
    """The most visited action legal in the real state, and the root's
    statistics as [(action, visits, mean reward)] in legal order."""
    edges = root.children.get(seat, {})
    ranked: Ranked = []
    for action in actions:
        edge = edges.get(action_key(action))
        if edge is None or edge.visits == 0:
            ranked.append((action, 0, 0.0))
        else:
            ranked.append((action, edge.visits, edge.total / edge.visits))
    best = actions[0]
    best_rank = (-1, -1.0)
    for action, visits, mean in ranked:
        if (visits, mean) > best_rank:
            best, best_rank = action, (visits, mean)
    return best, ranked
