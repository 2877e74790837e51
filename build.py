#!/usr/bin/env python3
"""Build, serve and test Safehouse: the command line over tools/. Standard library only.

    python3 build.py [--out DIR]          build the site into dist/ (or DIR)
    python3 build.py single               build it with Safehouse.html, the whole
                                          app in one file to open from disk
    python3 build.py serve [--port 8000] [--prefix /]
                                          build, then serve it on 127.0.0.1
    python3 build.py test [pytest args]   set up .venv and a browser, build, run pytest

What each step does is in the tools/ package: vendor.py (the pinned npm
runtimes), snapshot.py (the engine's Pyodide heap), site.py (the site),
serve.py (the static server), testenv.py (.venv, Chromium, pytest),
single.py (Safehouse.html).
"""

import argparse
import os
import sys
from pathlib import Path

from tools import DIST, ROOT, BuildError, testenv
from tools.serve import SiteServer, serve
from tools.site import build

# tests/e2e/test_site.py and test_update.py still call build.build(src, out),
# build.SiteServer and build.ROOT; new code imports them from tools.
__all__ = ["ROOT", "SiteServer", "build", "main"]


def command_line():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DIST, help="where to build (default: dist/)")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("single", help="build the site with Safehouse.html, the app in one file")
    serving = commands.add_parser("serve", help="build, then serve the site on 127.0.0.1")
    serving.add_argument("--port", type=int, default=8000)
    serving.add_argument("--prefix", default="/", help="serve under a sub-path, e.g. /safehouse/")
    # No option of its own (no prefix character is "-"), so every word after
    # `test`, -h and -- included, reaches pytest untouched.
    testing = commands.add_parser("test", prefix_chars="\0", add_help=False,
                                  help="set up, build and run every test (pytest args follow)")
    testing.add_argument("pytest_args", nargs=argparse.REMAINDER)
    return parser


def main(argv=None):
    args = command_line().parse_args(argv)
    try:
        # The test environment first: no build when the tests could not run.
        environment = testenv.ready() if args.command == "test" else None
        # The tests test the site as deployed: with its one-file version.
        build_id = build(ROOT, args.out, single=args.command in ("single", "test"))
    except BuildError as err:
        print("build.py: %s" % err, file=sys.stderr)
        return 2
    print("built %s (build %s)" % (shown(args.out), build_id), flush=True)
    if args.command == "serve":
        serve(args.port, args.out, args.prefix)
    if args.command == "test":
        return testenv.run_pytest(environment, args.out, args.pytest_args)
    return 0


def shown(path):
    """`path` relative to here when it is below, else as given."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


if __name__ == "__main__":
    sys.exit(main())
