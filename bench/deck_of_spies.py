"""Win rates of the Deck of Spies bots, and the engine's playout speed.

Plays seeds 1..N (N = 1000 unless given) with each policy: the random bot,
the generic GreedyBot of pyapp.engine.bots (which leans on the engine's
`evaluate()`), and every level of pyapp.bots.deck_of_spies.LEVELS. Each
line: wins, the rate with its 95% Wilson interval, and the bot's CPU
milliseconds per decision (CPU time, because this machine is shared and wall
time swings with its load). The last line: random playouts per CPU second.

    python3 bench/deck_of_spies.py                 # seeds 1-1000, all policies
    python3 bench/deck_of_spies.py 200 --jobs 2    # seeds 1-200, two processes
    python3 bench/deck_of_spies.py 1000 --only expert

docs/bots.md has the baselines: random 0%, a simple greedy about 21%, a
greedy that keeps low pairs to retire about 41%, one-turn lookahead over 32
sampled deals about 66%. The expert (32 worlds, rollouts among the face
cards, the recruit rate counted over every hand) wins 88.1% of seeds 1-1000
and 84.9% of fresh seeds 900001-901000 by bench/bots.py, which seeds the bot
otherwise; the goal is 88% of fresh seeds.
"""

import argparse
import os
import sys
from multiprocessing import Pool
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots.deck_of_spies import LEVELS  # noqa: E402
from pyapp.engine.bots import GreedyBot, RandomBot  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import deck_of_spies  # noqa: E402,F401  (registers the game)
from stats import playouts_per_second, wilson  # noqa: E402

POLICIES = dict([("random", RandomBot), ("generic greedy", GreedyBot)]
                + [(name, factory) for name, factory in LEVELS.items()])


def play(job):
    """(won, decisions, CPU seconds spent deciding) for one seed and policy."""
    name, seed = job
    bot = POLICIES[name]()
    state = new_game("deck-of-spies", seed=seed)
    rng = Rng(seed + 1_000_003)
    decisions, thinking = 0, 0.0
    while not state.is_over:
        started = process_time()
        action = bot.choose(state, 0, rng)
        thinking += process_time() - started
        decisions += 1
        state.apply(action)
    return bool(state.result()["winners"]), decisions, thinking


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=1000)
    parser.add_argument("--only", help="comma-separated policies, e.g. greedy,expert")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(POLICIES)
    print("Python %s, seeds 1-%d" % (sys.version.split()[0], args.games))
    print("%-16s %7s %8s %17s %10s" % ("policy", "wins", "rate", "95% interval", "ms/dec"))
    for name in names:
        jobs = [(name, seed) for seed in range(1, args.games + 1)]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                results = pool.map(play, jobs, chunksize=8)
        else:
            results = [play(job) for job in jobs]
        wins = sum(won for won, _, _ in results)
        decisions = sum(count for _, count, _ in results)
        thinking = sum(seconds for _, _, seconds in results)
        low, high = wilson(wins, args.games)
        print("%-16s %7d %7.1f%% %7.1f%% - %5.1f%% %10.2f" % (
            name, wins, 100.0 * wins / args.games, 100 * low, 100 * high,
            1000.0 * thinking / max(1, decisions)), flush=True)
    print("random playouts: %.0f whole games per CPU second" % playouts_per_second("deck-of-spies"))


if __name__ == "__main__":
    main()
