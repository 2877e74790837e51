"""Fingerprints of behaviour, for refactors that must change no decision.

For every game, seat count and bot level, it plays seeded games in which
every seat is that bot (every level decides by its view and the generator
alone, the hard ones on fixed iteration counts, so they repeat), and prints one
hash per line over every action chosen and one over every seat's final view. It also
replays each game from its save and checks the replayed state's views match.
Run it before and after a refactor; any changed line names what changed.

    python3 bench/fingerprint.py                    # 3 games per line, every game
    python3 bench/fingerprint.py 10 spy-tricks      # 10 games per line, one game
"""

import argparse
import hashlib
import json
import sys

from stats import new_game, Rng  # noqa: F401  (stats puts the repo on sys.path)

from pyapp import bots
from pyapp.games import GAMES, load_game


def play(game_id, players, level, seed):
    """One seeded game among bots of one level: (actions, views at the end)."""
    state = new_game(game_id, players=players, seed=seed)
    bot = bots.levels(game_id)[level]()
    rng = Rng(seed * 31 + 7)
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act, rng))
    replayed = load_game(json.loads(json.dumps(state.save())))
    views = [state.view(seat) for seat in range(players)]
    assert views == [replayed.view(seat) for seat in range(players)], "a replay differs"
    return state.history, views


def fingerprint(game_id, players, level, games):
    """Two hashes: of every action chosen (the decisions), and of the final
    views (which a refactor that adds to the views changes on purpose)."""
    decisions, views = hashlib.sha256(), hashlib.sha256()
    for seed in range(1, games + 1):
        actions, final_views = play(game_id, players, level, seed)
        decisions.update(json.dumps(actions, sort_keys=True).encode())
        views.update(json.dumps(final_views, sort_keys=True).encode())
    return "actions %s views %s" % (decisions.hexdigest()[:16], views.hexdigest()[:16])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=3, help="seeded games a line")
    parser.add_argument("only", nargs="*", metavar="GAME", help="only these games (ids)")
    args = parser.parse_args(argv[1:])
    unknown = sorted(set(args.only) - set(GAMES))
    if unknown:
        parser.error("no game %s; the games are %s" % (", ".join(unknown), ", ".join(sorted(GAMES))))
    for game_id, cls in sorted(GAMES.items()):
        if args.only and game_id not in args.only:
            continue
        for players in range(cls.min_players, cls.max_players + 1):
            for level in bots.levels(game_id):
                print("%-20s %d players %-7s %s" % (
                    game_id, players, level, fingerprint(game_id, players, level, args.games)),
                    flush=True)


if __name__ == "__main__":
    main(sys.argv)
