"""Playout speed, decision times and win shares of the Mister Spy bots.

    python3 bench/mister_spy.py                    # 200 games a match, 20 for hard
    python3 bench/mister_spy.py 0 --hard-games 200 --first-seed 10001 --jobs 2
    python3 bench/mister_spy.py 100 --players 2,6

Prints, in order:
1. random playouts: whole games of uniformly random legal play, through the
   public API, per CPU second, for 2-6 players;
2. for each player count: the share of games won by normal against random
   bots and against easies, by hard against normals, and by normal against
   normals on the same seeds and seats as hard (the yardstick: what the seat
   itself is worth). The bot under test sits in each seat in turn; shared
   wins count as fractions. With the 95% Wilson interval and the fair share
   1/players;
3. each level's CPU milliseconds per decision in those games (median, 95th
   percentile and max; decisions with a single legal action are not
   counted). CPU time, because this machine is shared and wall time swings
   with its load. Hard checks a fixed number of deals, so its games are the
   same on every machine.

docs/bots.md: a Lair-building bot takes 92% of 2-player games against random
play and 47% at 6 players.
"""

import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots.mister_spy import LEVELS  # noqa: E402
from pyapp.engine.bots import RandomBot  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import mister_spy  # noqa: E402,F401  (registers the game)
from stats import game_bench_parser, percentile, playouts_per_second, run_jobs, wilson  # noqa: E402


PLURAL = {"random": "random bots", "easy": "easies", "normal": "normals"}


def make(level):
    return RandomBot() if level == "random" else LEVELS[level]()


def play(job):
    """One game: (hero's win share, {level: [CPU seconds per decision]})."""
    players, seed, hero, field = job
    seat = seed % players
    bots = [make(field) for _ in range(players)]
    bots[seat] = make(hero)
    levels = [field] * players
    levels[seat] = hero
    state = new_game("mister-spy", players=players, seed=seed)
    rng = Rng(seed + 1_000_003)
    times = {hero: [], field: []}
    while not state.is_over:
        actor = state.to_act
        choices = len(state.legal_actions())
        started = process_time()
        action = bots[actor].choose(state, actor, rng)
        if choices > 1:
            times[levels[actor]].append(process_time() - started)
        state.apply(action)
    winners = state.result()["winners"]
    return (1.0 / len(winners) if seat in winners else 0.0), times


def match(players, hero, field, seeds, jobs):
    work = [(players, seed, hero, field) for seed in seeds]
    results = run_jobs(play, work, jobs)
    share = sum(won for won, _ in results)
    times = {hero: [], field: []}
    for _, spent in results:
        for level, seconds in spent.items():
            times[level] += seconds
    return share, times


def main():
    parser = game_bench_parser(
        __doc__, 200, "games of normal against random bots and easies per player count",
        20, "games of hard against normals (and of the normal yardstick)")
    parser.add_argument("--no-yardstick", action="store_true",
                        help="skip normal against normals on hard's seeds")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    print("Python %s" % sys.version.split()[0])
    print("random playouts per CPU second: " + ", ".join(
        "%d players %.0f" % (n, playouts_per_second("mister-spy", n)) for n in counts), flush=True)
    print("%-7s %-20s %6s %8s %17s %6s" % ("players", "match", "games", "share",
                                          "95% interval", "fair"))
    times = {level: [] for level in ["random"] + list(LEVELS)}
    yardstick = 0 if args.no_yardstick else args.hard_games
    for n in counts:
        for hero, field, games in (("normal", "random", args.games),
                                   ("normal", "easy", args.games),
                                   ("hard", "normal", args.hard_games),
                                   ("normal", "normal", yardstick)):
            if games <= 0:
                continue
            seeds = range(args.first_seed, args.first_seed + games)
            share, spent = match(n, hero, field, seeds, args.jobs)
            for level, seconds in spent.items():
                times[level] += seconds
            low, high = wilson(share, games)
            print("%-7d %-20s %6d %7.1f%% %7.1f%% - %5.1f%% %5.1f%%" % (
                n, "%s vs %s" % (hero, PLURAL[field]), games, 100.0 * share / games,
                100 * low, 100 * high, 100.0 / n), flush=True)
    print("CPU ms per decision (decisions with a choice):")
    for level, seconds in times.items():
        if seconds and level != "random":
            print("  %-7s median %7.2f  p95 %7.2f  max %7.1f  (%d decisions)" % (
                level, 1000 * percentile(seconds, 0.5), 1000 * percentile(seconds, 0.95),
                1000 * max(seconds), len(seconds)))


if __name__ == "__main__":
    main()
