"""What writing the log's sentences costs the strongest bots' decisions.

    python3 bench/log_text.py [--decisions N] [--seed S]

Every move of a bot's play-outs logs its events through `tell`, which also
renders each event's sentence (`event_text`), though no play-out shows it.
For each table below, one seeded game is played with the strongest level in
every seat; at each of its first N decisions with a choice, `choose()` is
timed (CPU) twice as shipped and twice with `tell` logging the fields alone,
in turn, so that the machine's load falls on both alike. It prints the CPU
seconds of each and their ratio, and how many decisions came out the same
both ways: all of them, or a bot reads the sentences.
"""

import argparse
import os
import sys
from time import process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pyapp.games  # noqa: E402,F401  (registers the games)
from pyapp.bots import levels, strongest  # noqa: E402
from pyapp.engine.protocol import GameState  # noqa: E402
from pyapp.engine.registry import new_game  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402

TABLES = (("deck-of-spies", 1), ("spy-tricks", 4), ("mission-for-peanuts", 4),
          ("mister-spy", 2), ("mister-spy", 5))
SHIPPED_TELL = GameState.tell


def tell_fields_only(state, event):
    """`tell` without the sentence: the event's fields, an empty text."""
    state.say("", **event)


def timed_choice(state, game_id, seat, seed, tell):
    """(the strongest bot's action, its CPU seconds) with `tell` in place."""
    GameState.tell = tell
    try:
        bot = levels(game_id)[strongest(game_id)]()
        started = process_time()
        action = bot.choose(state, seat, Rng(seed))
        return action, process_time() - started
    finally:
        GameState.tell = SHIPPED_TELL


def measure(game_id, players, seed, decisions):
    """(decisions timed, decisions alike, CPU s as shipped, CPU s without sentences)."""
    state = new_game(game_id, players=players, seed=seed)
    timed = alike = 0
    shipped = quiet = 0.0
    while not state.is_over and timed < decisions:
        seat = state.to_act
        if len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
            continue
        timed += 1
        actions = []
        for tell in (SHIPPED_TELL, tell_fields_only, SHIPPED_TELL, tell_fields_only):
            action, seconds = timed_choice(state, game_id, seat, seed + timed, tell)
            actions.append(action)
            if tell is SHIPPED_TELL:
                shipped += seconds
            else:
                quiet += seconds
        alike += all(action == actions[0] for action in actions)
        state.apply(actions[0])
    return timed, alike, shipped, quiet


def main():
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--decisions", type=int, default=20, help="decisions a table (20)")
    args.add_argument("--seed", type=int, default=4242, help="the first table's seed (4242)")
    options = args.parse_args()
    for index, (game_id, players) in enumerate(TABLES):
        timed, alike, shipped, quiet = measure(game_id, players, options.seed + index,
                                               options.decisions)
        print("%s players=%d decisions=%d alike=%d cpu_s=%.2f without_text=%.2f ratio=%.2f"
              % (game_id, players, timed, alike, shipped, quiet, quiet / shipped), flush=True)


if __name__ == "__main__":
    main()
