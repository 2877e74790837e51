"""Bot decision times in the browser's Pyodide worker, beside CPython.

    .venv/bin/python bench/browser_bots.py [DECISIONS] [--largest] [--level L]
                                           [--game G [--players N]] [--dist FOLDER]
                                           (default 40 decisions a level)

For every game with bots and every bot level (or only --level), it plays
seeded games with that level in every seat (three seats, the game's
largest table with --largest, or N seats with --players) and times
`choose()` for the first DECISIONS decisions, once in CPython (this
process) and once in a Web Worker running the site's vendored Pyodide with
the same pyapp files, as the page's engine worker does. It prints the
median and 95th percentile per level, and the ratio between the two
interpreters. The page is a bench-only one, served from a temporary
folder; nothing of it ships. The worker loads the pyapp files of a built
site: by default it builds dist/ from the working tree first; --dist times
a site built elsewhere (python3 build.py --out FOLDER), as it is.
"""

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.games import GAMES  # noqa: E402
from tools import DIST  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from tools.site import build  # noqa: E402
from tools.testenv import chromium_launch_options  # noqa: E402
from stats import percentile  # noqa: E402

# The timing code, run as-is by both interpreters.
TIMING = r'''
import json, time
from pyapp.bots import levels
from pyapp.engine.rng import Rng
from pyapp.games import GAMES, new_game

def time_level(game_id, players, level, decisions):
    bots = [levels(game_id)[level]() for _ in range(players)]
    samples, seed = [], 1
    while len(samples) < decisions:
        state, rng = new_game(game_id, players=players, seed=seed), Rng(seed)
        while not state.is_over and len(samples) < decisions:
            seat = state.to_act
            started = time.perf_counter()
            action = bots[seat].choose(state, seat, rng)
            samples.append((time.perf_counter() - started) * 1000.0)
            state.apply(action)
        seed += 1
    return samples

def run(decisions, largest, only_level, only_game=None, seats=None):
    out = []
    for game_id in sorted(GAMES):
        cls = GAMES[game_id]
        if cls.max_players == 1 or only_game not in (None, game_id):
            continue
        players = seats or (cls.max_players if largest else max(3, cls.min_players))
        for level in levels(game_id):
            if only_level and level != only_level:
                continue
            out.append([game_id, players, level, time_level(game_id, players, level, decisions)])
    return json.dumps(out)
'''

WORKER_JS = """
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
onmessage = async (event) => {
  const { files, call, code } = event.data;
  const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
  for (const path of files) {
    const text = await (await fetch("./" + path)).text();
    const folder = path.split("/").slice(0, -1).join("/");
    pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(path, text);
  }
  pyodide.runPython(code);
  postMessage(pyodide.runPython(call));
};
"""

PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<title>bot timing</title><body>
<script type="module">
  const worker = new Worker("./bench-worker.js", { type: "module" });
  worker.onmessage = (event) => { window.__result = event.data; };
  worker.postMessage(%s);
</script>
"""


def in_cpython(call):
    scope = {}
    exec(TIMING, scope)
    return json.loads(eval(call, scope))


def in_browser(call, dist):
    from playwright.sync_api import sync_playwright

    files = sorted(
        path.relative_to(dist).as_posix()
        for path in (dist / "pyapp").rglob("*.py") if "/ui/" not in path.as_posix()
    )
    message = {"files": files, "call": call, "code": TIMING}
    with tempfile.TemporaryDirectory(prefix="safehouse-bots-") as folder:
        site = Path(folder)
        (site / "index.html").write_text(PAGE % json.dumps(message))
        (site / "bench-worker.js").write_text(WORKER_JS)
        (site / "vendor").symlink_to(dist / "vendor")
        (site / "pyapp").symlink_to(dist / "pyapp")
        with SiteServer(site) as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            page = browser.new_page()
            page.goto(server.url)
            page.wait_for_function("() => window.__result !== undefined", timeout=1_800_000)
            result = json.loads(page.evaluate("window.__result"))
            browser.close()
    return result


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decisions", type=int, nargs="?", default=40)
    parser.add_argument("--largest", action="store_true", help="each game's largest table")
    parser.add_argument("--level", help="only this bot level")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="this table size (needs --game)")
    parser.add_argument("--dist", type=Path,
                        help="a built site to time as it is (default: build dist/ first)")
    args = parser.parse_args(argv[1:])
    if args.players is not None:
        cls = GAMES[args.game] if args.game else None
        if cls is None or args.largest or cls.max_players == 1 \
                or not cls.min_players <= args.players <= cls.max_players:
            parser.error("--players needs --game with bots, a table size that game allows,"
                         " and no --largest")
    decisions = args.decisions
    call = "run(%d, %r, %r, %r, %r)" % (decisions, args.largest, args.level, args.game,
                                        args.players)
    dist = args.dist or DIST
    if args.dist is None:
        build()
    cpython = in_cpython(call)
    browser = in_browser(call, dist.resolve())
    print("bot decision times, ms, over %d decisions a level (median / 95th percentile)" % decisions)
    print("%-22s %-8s %8s %18s %18s %8s" % ("game (players)", "level", "", "CPython", "Pyodide worker",
                                             "ratio"))
    for (game, players, level, native), (_, _, _, wasm) in zip(cpython, browser):
        print("%-22s %-8s %8s %8.2f / %7.2f %8.2f / %7.2f %7.2fx" % (
            "%s (%d)" % (game, players), level, "",
            statistics.median(native), percentile(native, 0.95),
            statistics.median(wasm), percentile(wasm, 0.95),
            statistics.median(wasm) / max(statistics.median(native), 1e-6)))


if __name__ == "__main__":
    main(sys.argv)
