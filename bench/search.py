"""Iterations per second of the shared search (pyapp/engine/search.py).

Runs SearchBot on the toy games of tests/test_search.py under the running
interpreter, so a figure measured here (CPython) can be set beside one from
the browser worker (Pyodide) for the same positions:

    python3 bench/search.py            # about half a minute
    python3 bench/search.py --quick    # fewer repetitions

Each line: the position, the rollout setting, iterations per second of CPU
time (the median of the repetitions; CPU time, because this machine is
shared and wall time swings with its load), and the iterations that a 0.5 s
wall-clock budget reached in this run.
"""

import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.engine.search import SearchBot  # noqa: E402
from tests.test_search import Duel, nim  # noqa: E402


def positions():
    """(name, state, seat) for each position timed."""
    opening = Duel.create(players=2, seed=3, hand=6)
    follow = Duel.create(players=2, seed=4, hand=6)
    follow.apply(follow.legal_actions()[0])
    return [
        ("nim 3-4-5-6", nim([3, 4, 5, 6]), 0),
        ("duel of 6, leading", opening, opening.to_act),
        ("duel of 6, following", follow, follow.to_act),
    ]


SETTINGS = [("rollouts to the end", None), ("cut-off after 4 moves", 4), ("evaluate at once", 0)]


def rate(state, seat, depth, iterations, repeats):
    """Median iterations per second over `repeats` searches of `iterations`."""
    rates = []
    for repeat in range(repeats):
        bot = SearchBot(iterations=iterations, time_budget=None, rollout_depth=depth)
        started = process_time()
        bot.choose(state, seat, Rng(repeat))
        rates.append(iterations / (process_time() - started))
    rates.sort()
    return rates[len(rates) // 2]


def reached(state, seat, depth, budget=0.5):
    bot = SearchBot(time_budget=budget, rollout_depth=depth)
    bot.choose(state, seat, Rng(0))
    return bot.stats["iterations"], bot.stats["seconds"]


def main():
    quick = "--quick" in sys.argv
    iterations, repeats = (1000, 3) if quick else (3000, 5)
    print("Python %s" % sys.version.split()[0])
    print("%-22s %-24s %12s %16s" % ("position", "rollout", "CPU iter/s", "in 0.5 s"))
    for name, state, seat in positions():
        for label, depth in SETTINGS:
            per_second = rate(state, seat, depth, iterations, repeats)
            count, seconds = reached(state, seat, depth)
            print("%-22s %-24s %12.0f %10d (%.3f s)" % (name, label, per_second, count, seconds))


if __name__ == "__main__":
    main()
