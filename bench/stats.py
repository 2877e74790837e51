"""What every benchmark prints: win-share intervals, percentiles, playout speed;
and what the game benchmarks share: their command line's start, their pool of jobs."""

import argparse
import math
import os
import sys
from multiprocessing import Pool
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval of a win share (wins may be fractional)."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (
        1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values, fraction):
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def result_line(game_id, players, level, others, shares, times, interval=None):
    """The RESULT line of these games, the form bench/bots.py --table
    reads: a share of the wins (a shared win counts as a fraction) with its
    95% interval (Wilson's, unless `interval` gives it), the fair share at a
    table, and CPU ms a decision."""
    games = len(shares)
    wins = sum(shares)
    lo, hi = interval or wilson(wins, games)
    times = times or [0.0]
    fields = ["game=%s" % game_id, "players=%d" % players, "level=%s" % level]
    if players > 1:
        fields.append("others=%s" % others)
    fields += ["games=%d" % games, "share=%.1f%%" % (100 * wins / games),
               "lo=%.1f%%" % (100 * lo), "hi=%.1f%%" % (100 * hi)]
    if players > 1:
        fields.append("fair=%.1f%%" % (100 / players))
    fields += ["p50_ms=%.0f" % percentile(times, 0.5), "p95_ms=%.0f" % percentile(times, 0.95)]
    return "RESULT " + " ".join(fields)


# Bands of a stated chance, in percent, for calibration tables.
CHANCE_BANDS = [(0, 10), (10, 20), (20, 30), (30, 45), (45, 60), (60, 80), (80, 101)]


def calibration_lines(pairs, said="said", came="came true"):
    """A table of (stated chance, outcome in [0, 1]) pairs by band of the
    stated chance: how many, the mean stated, the mean outcome."""
    lines = ["| %s | positions | mean said | %s |" % (said, came), "|---|---|---|---|"]
    for low, high in CHANCE_BANDS:
        inside = [(chance, outcome) for chance, outcome in pairs if low <= 100 * chance < high]
        if inside:
            lines.append("| %d-%d%% | %d | %.1f%% | %.1f%% |" % (
                low, min(high, 100), len(inside), 100 * sum(c for c, _ in inside) / len(inside),
                100 * sum(o for _, o in inside) / len(inside)))
    return lines


def log_loss_and_brier(pairs):
    """The mean log-loss (nats) and Brier score of (stated chance, outcome) pairs."""
    loss = brier = 0.0
    for chance, outcome in pairs:
        clamped = min(max(chance, 1e-6), 1 - 1e-6)
        loss -= outcome * math.log(clamped) + (1 - outcome) * math.log(1 - clamped)
        brier += (chance - outcome) ** 2
    return loss / len(pairs), brier / len(pairs)


def playouts_per_second(game_id, players=None, games=300):
    """Whole random games per CPU second, through the public API."""
    started = process_time()
    for seed in range(games):
        state = new_game(game_id, players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return games / (process_time() - started)


def game_bench_parser(doc, games, games_help, hard_games, hard_games_help):
    """The command line a game benchmark starts from: how many games of normal
    and of hard to play, and --jobs; the benchmark adds its own options."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=games, help=games_help)
    parser.add_argument("--hard-games", type=int, default=hard_games, help=hard_games_help)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    return parser


def run_jobs(play, work, jobs, chunksize=1):
    """[play(job) for job in work], over `jobs` processes when more than one."""
    if jobs <= 1:
        return [play(job) for job in work]
    with Pool(jobs) as pool:
        return pool.map(play, work, chunksize=chunksize)
