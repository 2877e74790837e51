"""Soak: whole games through the Session API, counting what goes wrong.

    python3 bench/soak.py [--seconds S]            (S a combination, default 3)
    .venv/bin/python bench/soak.py --browser [--games N]

For every game, every player count and every policy it plays seeded games
for S seconds through Session.act / Session.bot_step, as the page does:
"random" (the human seat plays a random legal action, the bots are the
weakest level), "easy" and "normal" (every seat plays that bot level: the
weakest and the default one). Each line: games finished, actions, and
exceptions: anything a call raised, or an error in the answer to a legal
move. That column must be 0; the first failure's traceback is printed.

With --browser it also builds the site into a temporary folder, opens it in
Chromium and plays N (default 100) whole games in that one page through
window.safehouseEngine.call, every game and table size in turn, the human
seat at random and easy bots, and prints the engine's stats() (Python
objects and WebAssembly memory) before and after.
"""

import argparse
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp import bots  # noqa: E402
from pyapp.engine.rng import Rng  # noqa: E402
from pyapp.games import GAMES  # noqa: E402
from pyapp.session import Session  # noqa: E402

POLICIES = ("random", "easy", "normal")
BROWSER_TIMEOUT_MS = 1_800_000


def tables():
    """(game id, players) for every game and table size."""
    return [(game_id, players) for game_id in sorted(GAMES)
            for players in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)]


def bot_level(game_id, policy):
    """The level a policy plays: the weakest, or the session's default (the middle one)."""
    names = list(bots.levels(game_id))
    return names[len(names) // 2] if policy == "normal" else names[0]


class Tally:
    def __init__(self):
        self.finished = self.actions = self.failures = 0
        self.first_failure = None

    def failed(self, text):
        self.failures += 1
        self.first_failure = self.first_failure or text


def human_move(session, policy, rng, bot):
    """The human seat's action under `policy`."""
    if policy == "random":
        return rng.choice(session.payload()["legal"])
    return bot.choose(session.state, session.human, rng)


def one_call(session, policy, rng, bot, tally):
    """One move through the session; False if it failed (the game is then abandoned)."""
    try:
        if session.state.to_act == session.human:
            payload = session.act(human_move(session, policy, rng, bot))
        else:
            payload = session.bot_step()
    except Exception:
        tally.failed(traceback.format_exc())
        return False
    if payload["error"]:
        tally.failed("%s\n%s" % (payload["error"], session.last_fault or ""))
        return False
    tally.actions += 1
    return True


def soak(game_id, players, policy, seconds):
    """Seeded games of one table and policy for `seconds`; their Tally."""
    tally, seed = Tally(), 0
    level = bot_level(game_id, policy)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seed += 1
        session = Session.start({"game": game_id, "players": players, "seed": seed,
                                 "levels": [None] + [level] * (players - 1)})
        rng, bot = Rng(seed), bots.levels(game_id)[level]()
        while not session.state.is_over and time.monotonic() < deadline:
            if not one_call(session, policy, rng, bot, tally):
                break
        tally.finished += session.state.is_over
    return tally


def in_cpython(seconds):
    print("CPython, %g s a line" % seconds)
    print("%-20s %7s %-16s %8s %9s %10s" % ("game", "players", "policy", "finished", "actions",
                                            "exceptions"))
    first = None
    for game_id, players in tables():
        for policy in POLICIES:
            tally = soak(game_id, players, policy, seconds)
            first = first or tally.first_failure
            print("%-20s %7d %-16s %8d %9d %10d" % (
                game_id, players, "%s (%s)" % (policy, bot_level(game_id, policy)),
                tally.finished, tally.actions, tally.failures), flush=True)
    if first:
        print("\nthe first failure:\n" + first)


# Played in the page: `count` whole games, every table in turn.
PLAY_IN_PAGE = """
async ({ tables, count }) => {
  const engine = window.safehouseEngine;
  const call = async (name, argument) => JSON.parse(await engine.call(name, argument));
  const out = { finished: 0, actions: 0, errors: 0, firstError: null };
  for (let number = 0; number < count; number++) {
    const [game, players] = tables[number % tables.length];
    const levels = [null].concat(Array(players - 1).fill("easy"));
    let payload = await call("start", JSON.stringify({ game, players, seed: number + 1, levels }));
    while (!payload.error && !payload.view.over) {
      payload = payload.legal.length
        ? await call("act", JSON.stringify({
            action: payload.legal[Math.floor(Math.random() * payload.legal.length)],
            moves: payload.moves }))
        : await call("bot_step", "");
      out.actions += 1;
    }
    if (payload.error) {
      out.errors += 1;
      out.firstError = out.firstError || game + ": " + payload.error;
    } else {
      out.finished += 1;
    }
  }
  return out;
}
"""


def in_browser(games):
    from playwright.sync_api import sync_playwright
    from tools.serve import SiteServer
    from tools.site import build
    from tools.testenv import chromium_launch_options

    with tempfile.TemporaryDirectory(prefix="safehouse-soak-") as folder:
        site = Path(folder) / "site"
        build(out=site)
        with SiteServer(site) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            page = browser.new_page()
            page.goto(server.url)
            page.wait_for_selector('body[data-engine="ready"]', state="attached",
                                   timeout=BROWSER_TIMEOUT_MS)
            stats = 'window.safehouseEngine.call("stats", "").then(JSON.parse)'
            before = page.evaluate(stats)
            started = time.monotonic()
            played = page.evaluate(PLAY_IN_PAGE, {"tables": tables(), "count": games})
            took = time.monotonic() - started
            after = page.evaluate(stats)
            browser.close()
    print("\nthe browser's engine worker (Pyodide), %d games, human at random, easy bots, "
          "%.0f s" % (games, took))
    print("finished %d, actions %d, errors %d%s" % (
        played["finished"], played["actions"], played["errors"],
        "; the first: " + played["firstError"] if played["firstError"] else ""))
    print("%-8s %12s %14s" % ("", "objects", "heap bytes"))
    for label, figures in (("before", before), ("after", after)):
        print("%-8s %12d %14s" % (label, figures["objects"], figures["heap_bytes"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="a combination (default 3)")
    parser.add_argument("--browser", action="store_true", help="also soak the page's engine worker")
    parser.add_argument("--games", type=int, default=100, help="games in the browser (default 100)")
    args = parser.parse_args()
    in_cpython(args.seconds)
    if args.browser:
        in_browser(args.games)


if __name__ == "__main__":
    main()
