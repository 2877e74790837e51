"""How true the Mission for Peanuts hint's "your chance to take this round" is.

    python3 bench/hint_odds.py [--players N] [--level L] [--games K] [--first-seed S]
                               [--jobs J] [--powers P,P,...] [--mixes M,M,...]

Plays K matches with level L in every seat. At each decision with a choice,
it works out the acting seat's chance to take the round as the hint names it
(`evaluation_terms` just after the move played, averaged over the judgement's
deals of what the seat cannot see: pyapp/judgement.py, `edge`), and later
whether that seat took the round (a shared round counts as a share; the
positions of a voided round are dropped, and so are moves after which some
deal has already ended the round, since its "this round" is then the next).

Prints two tables by what the hint said (the positions, the mean said, the
share that took the round): the raw round odds, and the odds as told
(`told_odds` with the shipped TOLD_POWER and TOLD_MIX). Then, for each power
in --powers and mix in --mixes, the log-loss and Brier score of the odds told
that way, on the even and on the odd seeds, beside those of the fair guess
1/seats. Lower is better.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots import levels  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games.mission_for_peanuts.state import TOLD_MIX, TOLD_POWER, told_odds  # noqa: E402
from pyapp.judgement import ESTIMATE_WORLDS, judgement_rng  # noqa: E402
from stats import calibration_lines, log_loss_and_brier, run_jobs  # noqa: E402

GAME = "mission-for-peanuts"


def hint_worlds(state, seat, action):
    """Each judgement deal's round odds just after `action`, as the hint
    sees them; None when some deal's round is already over."""
    rng = judgement_rng(state)
    odds = []
    for _ in range(ESTIMATE_WORLDS):
        after = state.determinize(seat, rng)
        after.apply(action)
        if after.is_over or after.round != state.round:
            return None
        odds.append((after._round_odds(), after._living()))
    return odds


def play(job):
    """One match: [(seed, seat, players, each deal's odds, took the round)]."""
    seed, players, level = job
    bots = [levels(GAME)[level]() for _ in range(players)]
    state = new_game(GAME, players=players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    pending, rows = [], []
    while not state.is_over:
        seat = state.to_act
        action = bots[seat].choose(state, seat, rng)
        if len(state.legal_actions()) > 1:
            odds = hint_worlds(state, seat, action)
            if odds is not None:
                pending.append((seat, odds))
        seen = len(state.log)
        state.apply(action)
        for event in state.log[seen:]:
            if event["kind"] == "round_void":
                pending = []
            elif event["kind"] == "round_end":
                winners = event["winners"]
                rows += [(seed, s, players, odds, 1 / len(winners) if s in winners else 0.0)
                         for s, odds in pending]
                pending = []
    return rows


def told(odds, seat, power=1.0, mix=0.0):
    """The hint's chance for `seat`: each deal's odds as `told_odds` tells
    them with this power and mix, then averaged."""
    return sum(told_odds(world, living, power, mix)[seat] for world, living in odds) / len(odds)


def scores(rows, power, mix):
    """(log-loss, Brier) of the told odds over `rows`, then those of 1/seats."""
    told_pairs = [(told(odds, seat, power, mix), took) for _, seat, _, odds, took in rows]
    fair_pairs = [(1 / players, took) for _, _, players, _, took in rows]
    return log_loss_and_brier(told_pairs) + log_loss_and_brier(fair_pairs)


def calibration_table(rows, power, mix):
    pairs = [(told(odds, seat, power, mix), took) for _, seat, _, odds, took in rows]
    print("\n".join(calibration_lines(pairs, "said (power %g, mix %g)" % (power, mix),
                                       "took the round")))


def numbers(text):
    return [float(item) for item in text.split(",")]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--powers", type=numbers, default=[1.0, 0.5, TOLD_POWER])
    parser.add_argument("--mixes", type=numbers, default=[0.0, 0.3, TOLD_MIX])
    args = parser.parse_args(argv)
    work = [(seed, args.players, args.level)
            for seed in range(args.first_seed, args.first_seed + args.games)]
    rows = [row for rows in run_jobs(play, work, args.jobs) for row in rows]
    print("%d players, %s in every seat, %d matches (seeds %d-%d): %d positions" % (
        args.players, args.level, args.games, args.first_seed,
        args.first_seed + args.games - 1, len(rows)))
    calibration_table(rows, 1.0, 0.0)
    calibration_table(rows, TOLD_POWER, TOLD_MIX)
    print("| power | mix | seeds | log-loss | Brier | fair log-loss | fair Brier |")
    print("|---|---|---|---|---|---|---|")
    for power in sorted(set(args.powers), reverse=True):
        for mix in sorted(set(args.mixes)):
            for parity, name in ((0, "even"), (1, "odd")):
                part = [row for row in rows if row[0] % 2 == parity]
                if part:
                    print("| %g | %g | %s | %.4f | %.4f | %.4f | %.4f |" % (
                        (power, mix, name) + scores(part, power, mix)))


if __name__ == "__main__":
    main(sys.argv[1:])
