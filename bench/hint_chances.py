"""How true the hint's "win chance by the bot's estimate" is, in any game.

    python3 bench/hint_chances.py --game G [--players N] [--level L] [--games K]
                                  [--first-seed S] [--jobs J]

Plays K games in which seat 0 is a person who follows every hint (the
judgement's move, pyapp/judgement.py) and the other seats are level L (the
default, normal, is a new game's). At each of seat 0's decisions with a
choice it keeps the hinted move's win chance as the hint states it, and at
the end seat 0's share of the win (a shared win counts as a share). Prints a
table by the stated chance (positions, the mean stated, the share won), then
the log-loss and Brier score of the stated chances beside those of the best
constant guess, seat 0's own win share over these games (known only
afterwards). Lower is better.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots import levels  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import GAMES  # noqa: E402
from pyapp.judgement import figure, judge  # noqa: E402
from stats import calibration_lines, log_loss_and_brier, run_jobs, wilson  # noqa: E402


def play(job):
    """One game: ([each hinted decision's stated win chance], seat 0's share)."""
    game_id, players, level, seed = job
    bots = [None] + [levels(game_id)[level]() for _ in range(players - 1)]
    state = new_game(game_id, players=players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    stated = []
    while not state.is_over:
        seat = state.to_act
        if seat == 0:
            judgement = judge(state, 0)
            action = judgement["action"]
            if len(state.legal_actions()) > 1:
                stated.append(figure(state, judgement, action))
        else:
            action = bots[seat].choose(state, seat, rng)
        state.apply(action)
    winners = state.result()["winners"]
    return stated, (1 / len(winners) if 0 in winners else 0.0)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, help="seats (default: the game's smallest table)")
    parser.add_argument("--level", default="normal", help="the other seats' level")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    players = args.players or GAMES[args.game].min_players
    work = [(args.game, players, args.level, seed)
            for seed in range(args.first_seed, args.first_seed + args.games)]
    games = run_jobs(play, work, args.jobs)
    shares = [share for _, share in games]
    won = sum(shares) / len(shares)
    pairs = [(chance, share) for stated, share in games for chance in stated]
    lo, hi = wilson(sum(shares), len(shares))
    table = "%d players, the others %s" % (players, args.level) if players > 1 else "solitaire"
    print("%s, %s, %d games (seeds %d-%d): %d hinted decisions; "
          "the hint's follower won %.1f%% (%.1f-%.1f)" % (
              args.game, table, args.games, args.first_seed,
              args.first_seed + args.games - 1, len(pairs), 100 * won, 100 * lo, 100 * hi))
    print("\n".join(calibration_lines(pairs, "stated win chance", "won")))
    print("| guess | log-loss | Brier |\n|---|---|---|")
    print("| stated | %.4f | %.4f |" % log_loss_and_brier(pairs))
    print("| constant %.1f%% | %.4f | %.4f |" % (
        (100 * won,) + log_loss_and_brier([(won, share) for _, share in pairs])))


if __name__ == "__main__":
    main(sys.argv[1:])
