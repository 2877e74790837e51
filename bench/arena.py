"""OpenSpiel's search against the Safehouse bots, through interop/openspiel.py.

    python3 bench/arena.py --game mister-spy --players 2 --level hard --bot ismcts \\
        --sims 1000 --games 20 --first-seed 50000 --jobs 2
    python3 bench/arena.py --game spy-tricks --players 3 --level hard --bot mcts-cheat
    python3 bench/arena.py --game deck-of-spies --level expert --bot ismcts --games 10

--bot ismcts is OpenSpiel's ISMCTSBot: it searches worlds resampled from
what its seat knows (the engine's `determinize`, through the adapter's
`resampled`), with random rollouts. --bot mcts-cheat is OpenSpiel's MCTSBot
searching the true state: it sees every hand, the deck's order and the
generator behind every later shuffle, so it is a ceiling that shows how much
the hidden cards matter, not a fair player. Both run --sims simulations a
decision, with exploration constant --uct-c (UCB1's sqrt(2) by default, the
returns being in [0, 1]).

The OpenSpiel bot sits in seat (seed mod players), so it rotates through the
seats, and every other seat plays the Safehouse --level, as shipped
(`pyapp.bots.levels`), seeded from the game's seed as bench/bots.py does;
--no-inference (or --inference) switches that level's reading of the other
seats' choices, as in bench/bots.py. The first RESULT line is the OpenSpiel
bot's share of the wins (a shared win counts as a fraction), the second the
level's share a seat (what the OpenSpiel bot left, split among the level's
seats), both in bench/bots.py's form, so `python3 bench/bots.py --table FILE`
tabulates them; times are CPU milliseconds per decision with more than one
legal action. A "game" line reports each game as it ends. For the solitaire
there are no other seats: the level plays the same seeds on its own and gets a
RESULT line of its own first.

Every random choice is seeded from the game's seed (the deal, the OpenSpiel
bot's numpy generator, its resampled worlds, the Safehouse bots), so a run
repeats exactly. Needs open-spiel: `python3 build.py test` installs the pin of
requirements-test.txt into .venv; run this with .venv/bin/python.
"""

import argparse
import math
import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from bots import (  # noqa: E402
    add_inference_switch, bot_of, check_levels, level_name, play as play_level)
from interop.openspiel import short_name  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import GAMES  # noqa: E402
from stats import result_line, run_jobs, wilson  # noqa: E402

BOTS = ("ismcts", "mcts-cheat")


def openspiel_bot(kind, game, sims, uct_c, seed):
    """OpenSpiel's ISMCTS or full-state MCTS, with random rollouts, seeded."""
    generator = np.random.RandomState(seed)
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    if kind == "mcts-cheat":
        return mcts.MCTSBot(game, uct_c, sims, rollouts, solve=True, random_state=generator)
    bot = ismcts.ISMCTSBot(game, rollouts, uct_c, sims, random_state=generator)
    # OpenSpiel's own resampling seeds from the clock; these worlds come from the seed.
    worlds = Rng(seed)
    bot.set_resampler(lambda state, player: state.resampled(player, worlds))
    return bot


def play(job):
    """One game: (the OpenSpiel bot's share of the win, its decision times in ms)."""
    game_id, players, seed, level, inference, kind, sims, uct_c = job
    game = pyspiel.load_game(short_name(game_id), {"players": players, "seed": seed})
    state = game.new_initial_state()
    seat = seed % players
    searcher = openspiel_bot(kind, game, sims, uct_c, seed)
    bots = [None if index == seat else bot_of(game_id, level, inference)
            for index in range(players)]
    rng = Rng(seed * 7919 + 1)  # the Safehouse bots' generator, as in bench/bots.py
    times = []
    while not state.is_terminal():
        mover = state.current_player()
        if mover == seat:
            choices = len(state.legal_actions())
            started = process_time()
            action = int(searcher.step(state))
            if choices > 1:
                times.append((process_time() - started) * 1000)
        else:
            action = state.action_id(bots[mover].choose(state.engine, mover, rng))
        state.apply_action(action)
    share = state.returns()[seat]
    # A line per game as it ends, so that a long run cut short still tells.
    print("game seed=%d seat=%d share=%.2f decisions=%d cpu_s=%.0f" % (
        seed, seat, share, len(times), sum(times) / 1000), flush=True)
    return share, times


def parser():
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--game", required=True, choices=sorted(GAMES))
    args.add_argument("--players", type=int, help="seats (default: the game's smallest table)")
    args.add_argument("--level", required=True, help="the Safehouse level of the other seats")
    args.add_argument("--bot", choices=BOTS, default="ismcts")
    args.add_argument("--sims", type=int, default=1000, help="simulations a decision")
    args.add_argument("--uct-c", type=float, default=math.sqrt(2))
    args.add_argument("--games", type=int, default=20)
    args.add_argument("--first-seed", type=int, default=50000)
    args.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    add_inference_switch(args, "the level")
    return args


def main(argv):
    args = parser().parse_args(argv)
    players = args.players or GAMES[args.game].min_players
    args.others = args.level  # what bench/bots.py's check_levels reads
    check_levels(args, players)
    level = level_name(args)
    seeds = range(args.first_seed, args.first_seed + args.games)
    print("seeds %d-%d%s" % (seeds[0], seeds[-1],
                             ", the OpenSpiel bot's seat rotating" if players > 1 else ""))
    if players == 1:
        level_games = run_jobs(play_level, [(args.game, 1, seed, args.level, None,
                                             args.inference) for seed in seeds], args.jobs)
        print(result_line(args.game, 1, level, None, [share for share, _ in level_games],
                          [ms for _, game_times in level_games for ms in game_times]),
              flush=True)
    work = [(args.game, players, seed, args.level, args.inference, args.bot, args.sims,
             args.uct_c) for seed in seeds]
    results = run_jobs(play, work, args.jobs)
    name = "%s-%d" % (args.bot, args.sims)
    shares = [share for share, _ in results]
    print(result_line(args.game, players, name, level, shares,
                      [ms for _, game_times in results for ms in game_times]))
    if players > 1:
        # The level's share a seat: what the OpenSpiel bot left, split among
        # the level's seats. Being that function of the OpenSpiel bot's
        # share, its interval is the image of that share's Wilson interval
        # (so its lower bound is above the fair share exactly when the
        # OpenSpiel bot's upper bound is below it).
        low, high = wilson(sum(shares), len(shares))
        print(result_line(args.game, players, level, name,
                          [(1 - share) / (players - 1) for share in shares], [],
                          interval=((1 - high) / (players - 1), (1 - low) / (players - 1))))


if __name__ == "__main__":
    main(sys.argv[1:])
