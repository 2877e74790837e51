"""Benchmark for Mission for Peanuts: playout speed, bot speed, bot strength.

    python3 bench/mission_for_peanuts.py [GAMES] [--hard-iterations N] [--jobs N]

Prints:
- random playouts (whole matches) per second, CPython, for 3, 4 and 5 players;
- each bot level's decision time, median and 95th percentile;
- the win share of hard against two normals and of normal against two
  easies, over GAMES 3-player matches each (default 300; the bot's seat
  rotates), with a 95% Wilson interval. The fair share is 1/3.
"""

import argparse
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots.mission_for_peanuts import HARD_ITERATIONS, LEVELS, hard_bot  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from stats import percentile, wilson  # noqa: E402

GAME = "mission-for-peanuts"


def playouts_per_second(players, seconds=3.0):
    count, started, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        state = new_game(GAME, players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        count += 1
        seed += 1
    return count / (time.perf_counter() - started)


def make(level, hard_iterations):
    return hard_bot(iterations=hard_iterations) if level == "hard" else LEVELS[level]()


def play_match(job):
    """One 3-player match: `hero` in seat game % 3 against two `villain`s."""
    game, hero, villain, hard_iterations = job
    seat = game % 3
    bots = [make(villain, hard_iterations) for _ in range(3)]
    bots[seat] = make(hero, hard_iterations)
    state = new_game(GAME, players=3, seed=100_000 + game)
    rng = Rng(game)
    times = {hero: [], villain: []}
    while not state.is_over:
        actor = state.to_act
        level = hero if actor == seat else villain
        started = time.perf_counter()
        action = bots[actor].choose(state, actor, rng)
        times[level].append(time.perf_counter() - started)
        state.apply(action)
    winners = state.result()["winners"]
    return (1.0 / len(winners) if seat in winners else 0.0), times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=300)
    parser.add_argument("--hard-iterations", type=int, default=HARD_ITERATIONS)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    for players in (3, 4, 5):
        rate = playouts_per_second(players)
        print("random playouts, %d players: %.0f matches/s" % (players, rate))

    times = {"easy": [], "normal": [], "hard": []}
    with Pool(args.jobs) as pool:
        for hero, villain in (("normal", "easy"), ("hard", "normal")):
            jobs = [(g, hero, villain, args.hard_iterations) for g in range(args.games)]
            wins = 0.0
            started = time.perf_counter()
            for share, spent in pool.imap_unordered(play_match, jobs):
                wins += share
                for level, values in spent.items():
                    times[level].extend(values)
            low, high = wilson(wins, args.games)
            print("%s vs two %s: %.1f%% of %d matches (95%% CI %.1f-%.1f%%), %.0f s"
                  % (hero, villain, 100 * wins / args.games, args.games, 100 * low, 100 * high,
                     time.perf_counter() - started))
    for level, values in times.items():
        print("%s decision time: median %.2f ms, p95 %.2f ms (%d decisions)"
              % (level, 1000 * percentile(values, 0.5), 1000 * percentile(values, 0.95),
                 len(values)))


if __name__ == "__main__":
    main()
