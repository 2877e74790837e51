"""One bot benchmark for every game: a level's share of wins against others.

    python3 bench/bots.py --game mister-spy --players 5 --level hard --others normal \\
        --games 300 --first-seed 7000 --jobs 2
    python3 bench/bots.py --game deck-of-spies --level expert --games 1000 --first-seed 1
    python3 bench/bots.py --game mister-spy --players 5 --level hard --no-inference

--no-inference turns off the tested level's reading of the other seats'
choices (a hard bot's `inference`), to measure what that reading is worth
on the same seeds; --inference turns it on where it is off by default
(Mission for Peanuts). --table FILE prints docs/benchmarks.md's "Bot strength"
table from the RESULT lines saved in FILE (other lines are skipped):

    python3 bench/bots.py --table results.txt

The bot under test sits in seat (seed mod players), so it rotates through the
seats; every other seat plays at --others. The bots are the app's own
(`pyapp.bots.levels`), as shipped, time caps included, and each game's bot
generator is seeded from the game's seed, as the session does. A shared win
counts as a fraction. Decision times are CPU milliseconds of the bot under
test (process time, so a busy machine does not inflate them), counting only
decisions with more than one legal action.

The last line has this form (for a solitaire, `share` is the win rate and
`fair` is left out):

RESULT game=mister-spy players=5 level=hard others=normal games=300 share=27.3% lo=22.6% hi=32.6% fair=20.0% p50_ms=98 p95_ms=140
"""

import argparse
import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pyapp.bots import levels  # noqa: E402
from pyapp.engine.bots import RandomBot  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import GAMES, new_game  # noqa: E402
from stats import result_line, run_jobs  # noqa: E402


def bot_of(game_id, level, inference=None):
    """The level's bot; inference True or False overrides its default."""
    if level == "random":
        return RandomBot()
    make = levels(game_id)[level]
    return make() if inference is None else make(inference=inference)


def play(job):
    """One game: (the tested seat's share of the win, its decision times in ms)."""
    game_id, players, seed, level, others, inference = job
    seat = seed % players
    # A solitaire has no other seat, so its --others is never looked up.
    bots = [bot_of(game_id, level, inference) if index == seat else bot_of(game_id, others)
            for index in range(players)]
    state = new_game(game_id, players=players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    times = []
    while not state.is_over:
        mover = state.to_act
        choices = len(state.legal_actions())
        started = process_time()
        action = bots[mover].choose(state, mover, rng)
        if mover == seat and choices > 1:
            times.append((process_time() - started) * 1000)
        state.apply(action)
    winners = state.result()["winners"]
    return (1 / len(winners) if seat in winners else 0.0), times


TABLE_HEAD = ("| game | players | level vs others | games | share | 95% interval | fair "
              "| p50 / p95 ms |\n|---|---|---|---|---|---|---|---|")


def table(lines):
    """The markdown table of the RESULT lines among `lines`."""
    rows = [TABLE_HEAD]
    for line in lines:
        if not line.startswith("RESULT "):
            continue
        field = dict(item.split("=", 1) for item in line.split()[1:])
        versus = field["level"] + (" vs " + field["others"] if "others" in field else "")
        rows.append("| %s | %s | %s | %s | %s | %s-%s | %s | %s / %s |" % (
            field["game"], field["players"], versus, field["games"], field["share"],
            field["lo"], field["hi"], field.get("fair", "-"), field["p50_ms"], field["p95_ms"]))
    return "\n".join(rows)


def parser():
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--table", metavar="FILE",
                      help="print the markdown table of the RESULT lines in FILE, and stop")
    args.add_argument("--game", choices=sorted(GAMES))
    args.add_argument("--players", type=int, help="seats (default: the game's smallest table)")
    args.add_argument("--level", help="the level under test")
    args.add_argument("--others", default="normal",
                      help="every other seat's level (or random); a solitaire has none")
    args.add_argument("--games", type=int, default=300)
    args.add_argument("--first-seed", type=int, default=1)
    args.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    add_inference_switch(args, "the tested level")
    return args


def add_inference_switch(args, whose):
    """--no-inference / --inference: `whose` bots read the other seats'
    choices or not (neither: the level's default)."""
    reading = args.add_mutually_exclusive_group()
    reading.add_argument("--no-inference", dest="inference", action="store_false", default=None,
                         help="%s does not read the other seats' choices" % whose)
    reading.add_argument("--inference", dest="inference", action="store_true", default=None,
                         help="%s reads the other seats' choices" % whose)


def level_name(args):
    """The level as RESULT lines name it (hard, hard-inference,
    hard-noinference), once a switched inference is known to exist."""
    if args.inference is not None:
        check_inference(args.game, args.level)
    return args.level + {None: "", True: "-inference", False: "-noinference"}[args.inference]


def check_levels(args, players):
    known = list(levels(args.game)) + ["random"]
    for level in (args.level, args.others) if players > 1 else (args.level,):
        if level not in known:
            raise SystemExit("%s has no level %r (levels: %s)" % (args.game, level, ", ".join(known)))


def check_inference(game_id, level):
    try:
        bot_of(game_id, level, inference=False)
    except TypeError:
        raise SystemExit("%s's %s level has no inference to switch" % (game_id, level))


def main(argv):
    options = parser()
    args = options.parse_args(argv)
    if args.table:
        with open(args.table, encoding="utf-8") as results:
            print(table(results))
        return
    if not args.game or not args.level:
        options.error("--game and --level are required (or --table FILE)")
    players = args.players or GAMES[args.game].min_players
    check_levels(args, players)
    level = level_name(args)
    work = [(args.game, players, seed, args.level, args.others, args.inference)
            for seed in range(args.first_seed, args.first_seed + args.games)]
    results = run_jobs(play, work, args.jobs)
    print("seeds %d-%d%s" % (args.first_seed, args.first_seed + args.games - 1,
                             ", the tested seat rotating" if players > 1 else ""))
    print(result_line(args.game, players, level, args.others,
                      [share for share, _ in results],
                      [ms for _, game_times in results for ms in game_times]))


if __name__ == "__main__":
    main(sys.argv[1:])
