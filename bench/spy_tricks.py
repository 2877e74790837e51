"""Spy Tricks: engine speed, bot decision times, bot strength and aim.

    python3 bench/spy_tricks.py                    # 400 games a match-up
    python3 bench/spy_tricks.py 1500 --jobs 2
    python3 bench/spy_tricks.py --hard-games 400 --first-seed 5001 --jobs 2
    python3 bench/spy_tricks.py 0 --hard-games 300 --players 4 --first-seed 7001

Prints, for 3 and 4 players:
- random playouts: whole games per CPU second through the public API;
- decision times of each level, in CPU ms (the machine is shared, so wall
  time swings with its load): mean, median and 95th percentile;
- win shares with 95% Wilson intervals: one normal among easies, one hard
  among normals, and in the same seats and deals one heuristic hard player
  (the search's rollout policy, without search) and one normal among
  normals, the yardsticks for hard (a shared win counts as a share);
- aim: how often each seat's first pawn of a round lands on the secret's
  card, rank or suit, for the normal bot and for the random placers (easy)
  in the same games, and the share of all pawns that score.

docs/bots.md has the baselines: an expected-payout placer scores on about
28% of its pawns (random 12-14%) and wins about 70% of 3-player and 61% of
4-player games against random placers.
"""

import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots.spy_tricks import LEVELS, HeuristicBot  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import spy_tricks  # noqa: E402,F401  (registers the game)
from stats import game_bench_parser, playouts_per_second, run_jobs, wilson  # noqa: E402

BOTS = dict(LEVELS, heuristic=HeuristicBot)


def play(job):
    """One game of `hero` in seat (seed mod players) against `foe` everywhere else.

    Returns the hero's win share, per level the CPU seconds of each decision,
    and per level the first-pawn and all-pawn tallies.
    """
    players, hero, foe, seed = job
    seat_of_hero = seed % players
    bots = [BOTS[hero if seat == seat_of_hero else foe]() for seat in range(players)]
    levels = [hero if seat == seat_of_hero else foe for seat in range(players)]
    state = new_game("spy-tricks", players=players, seed=seed)
    rng = Rng(seed + 1_000_003)
    timing = {hero: [], foe: []}
    while not state.is_over:
        seat = state.to_act
        started = process_time()
        action = bots[seat].choose(state, seat, rng)
        spent = process_time() - started
        timing[levels[seat]].append(spent)
        state.apply(action)
    winners = state.result()["winners"]
    share = 1.0 / len(winners) if seat_of_hero in winners else 0.0
    return share, timing, aim(state, levels)


def aim(state, levels):
    """{level: [rounds, first on card, on rank, on suit, pawns, scoring pawns]}."""
    tallies = {level: [0, 0, 0, 0, 0, 0] for level in levels}
    first = {}
    for event in state.log:
        kind = event.get("kind")
        if kind == "round":
            first = {}
        elif kind == "place" and event["seat"] not in first:
            first[event["seat"]] = event["space"]
        elif kind == "payout":
            tallies[levels[event["seat"]]][4] += 1
            tallies[levels[event["seat"]]][5] += event["value"] > 0
        elif kind == "reveal":
            secret = event["secret"]
            for seat, level in enumerate(levels):
                tally = tallies[level]
                tally[0] += 1
                space = first.get(seat)
                tally[1] += space == secret
                tally[2] += space == "rank:" + secret[1:]
                tally[3] += space == "suit:" + secret[0]
    return tallies


def match(players, hero, foe, games, jobs, first_seed=1):
    work = [(players, hero, foe, seed) for seed in range(first_seed, first_seed + games)]
    results = run_jobs(play, work, jobs, chunksize=4)
    share = sum(result[0] for result in results)
    timing = {hero: [], foe: []}
    aims = {}
    for _, spent, tallies in results:
        for level in spent:
            timing[level].extend(spent[level])
        for level, tally in tallies.items():
            total = aims.setdefault(level, [0] * 6)
            for index in range(6):
                total[index] += tally[index]
    low, high = wilson(share, games)
    print("  %s vs %ss: %.1f wins in %d games = %.1f%% (95%%: %.1f%% - %.1f%%; fair %.1f%%)"
          % (hero, foe, share, games, 100 * share / games, 100 * low, 100 * high,
             100.0 / players), flush=True)
    return timing, aims


def main():
    parser = game_bench_parser(
        __doc__, 400, "games of normal against easies (default 400; 0 skips them)",
        400, "games of hard against normals, and of the heuristic player and "
             "of normal against normals in the same seats (default 400)")
    parser.add_argument("--first-seed", type=int, default=1,
                        help="seed of the first hard game (default 1; the heuristics were "
                             "tuned on 1-1500, so use 5001 or more for a fresh measure)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    args = parser.parse_args()
    print("Python %s" % sys.version.split()[0])
    for players in args.players:
        print("%d players" % players)
        print("  random playouts: %.0f whole games per CPU second" % playouts_per_second("spy-tricks", players))
        timing, aims = {}, {}
        if args.games:
            timing, aims = match(players, "normal", "easy", args.games, args.jobs)
        if args.hard_games:
            first = args.first_seed
            hard_timing, _ = match(players, "hard", "normal", args.hard_games, args.jobs, first)
            match(players, "heuristic", "normal", args.hard_games, args.jobs, first)
            match(players, "normal", "normal", args.hard_games, args.jobs, first)
            timing["hard"] = hard_timing["hard"]
        for level, spent in timing.items():
            spent = sorted(spent)
            print("  %-6s CPU ms a decision: mean %.2f, median %.2f, 95th percentile %.2f "
                  "over %d decisions" % (
                      level, 1000.0 * sum(spent) / max(1, len(spent)),
                      1000.0 * spent[len(spent) // 2], 1000.0 * spent[int(0.95 * len(spent))],
                      len(spent)))
        for level in aims:
            rounds, card, rank, suit, pawns, scoring = aims[level]
            print("  %-6s first pawn of a round on the secret's card %.1f%%, rank %.1f%%, "
                  "suit %.1f%%; %.1f%% of %d pawns score" % (
                      level, 100.0 * card / rounds, 100.0 * rank / rounds,
                      100.0 * suit / rounds, 100.0 * scoring / max(1, pawns), pawns))


if __name__ == "__main__":
    main()
