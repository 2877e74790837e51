"""Boot-time benchmark: the app's two interpreters against a bare Pyodide page.

    .venv/bin/python bench/boot.py [N]      (N >= 5 runs, default 5; run
                                             `python3 build.py test` once to
                                             make .venv)

Builds dist/, then in each of N rounds, for the app and for a bare page that
only boots the same vendored Pyodide (served from a temporary folder, never
shipped):
- cold: a fresh persistent profile (empty HTTP cache, no service worker),
  load until ready;
- warm: once the service worker controls the page (the app's case), reload in
  that same profile, as a returning visitor does.

"Ready" is the moment the page sets <body data-ui="ready">, <body
data-engine="ready"> (the app) or <body data-pyodide="ready"> (the bare
page), in ms since navigation start, read by a MutationObserver in the page,
so Playwright's own overhead is not counted. Prints the medians and the
ratios against the bare Pyodide boot, with the targets: UI <= 0.25x, engine
<= 1.15x.
"""

import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import DIST  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from tools.site import build  # noqa: E402
from tools.testenv import chromium_launch_options  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

TARGETS = {"ui": 0.25, "engine": 1.15}
TIMEOUT_MS = 180_000

BARE_PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>bare Pyodide boot</title>
<body data-pyodide="loading">
<script type="module">
  import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
  const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
  pyodide.runPython("import sys");
  document.body.dataset.pyodide = "ready";
</script>
"""

# Record when each readiness attribute of <body> turns "ready".
MARKS_SCRIPT = """
(() => {
  const marks = (window.__bootMarks = {});
  const check = () => {
    for (const key of ["ui", "engine", "pyodide"]) {
      if (document.body.dataset[key] === "ready" && !(key in marks)) marks[key] = performance.now();
    }
  };
  const watch = () => {
    check();
    new MutationObserver(check).observe(document.body, { attributes: true });
  };
  if (document.body) watch(); else document.addEventListener("DOMContentLoaded", watch);
})();
"""


def wait_marks(page, keys):
    condition = " && ".join("(%r in window.__bootMarks)" % key for key in keys)
    page.wait_for_function("() => window.__bootMarks && %s" % condition, timeout=TIMEOUT_MS)
    return page.evaluate("window.__bootMarks")


def one_round(playwright, url, keys, service_worker):
    """Cold then warm readiness times (ms) of `url` in a fresh profile."""
    with tempfile.TemporaryDirectory(prefix="safehouse-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800}, **chromium_launch_options()
        )
        try:
            context.add_init_script(MARKS_SCRIPT)
            page = context.new_page()
            page.goto(url)
            cold = wait_marks(page, keys)
            if service_worker:
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            page.reload()
            warm = wait_marks(page, keys)
        finally:
            context.close()
    return cold, warm


def main(argv):
    rounds = int(argv[1]) if len(argv) > 1 else 5
    if rounds < 5:
        sys.exit("use N >= 5 rounds")
    build()
    samples = {(what, when): [] for what in ("ui", "engine", "bare") for when in ("cold", "warm")}
    with tempfile.TemporaryDirectory(prefix="safehouse-bare-") as bare_dir:
        (Path(bare_dir) / "index.html").write_text(BARE_PAGE)
        (Path(bare_dir) / "vendor").symlink_to(DIST / "vendor")
        with SiteServer(DIST) as app, SiteServer(bare_dir) as bare, sync_playwright() as pw:
            for number in range(1, rounds + 1):
                # Alternate the order so that a slow spell of this shared
                # machine does not always hit the same page.
                order = [("app", app.url), ("bare", bare.url)]
                for name, url in order if number % 2 else reversed(order):
                    if name == "app":
                        cold, warm = one_round(pw, url, ["ui", "engine"], service_worker=True)
                        for key in ("ui", "engine"):
                            samples[key, "cold"].append(cold[key])
                            samples[key, "warm"].append(warm[key])
                    else:
                        cold, warm = one_round(pw, url, ["pyodide"], service_worker=False)
                        samples["bare", "cold"].append(cold["pyodide"])
                        samples["bare", "warm"].append(warm["pyodide"])
                print("round %d/%d: app ui %.0f/%.0f ms, engine %.0f/%.0f ms; bare pyodide %.0f/%.0f ms (cold/warm)" % (
                    number, rounds,
                    samples["ui", "cold"][-1], samples["ui", "warm"][-1],
                    samples["engine", "cold"][-1], samples["engine", "warm"][-1],
                    samples["bare", "cold"][-1], samples["bare", "warm"][-1],
                ), flush=True)

    median = {key: statistics.median(values) for key, values in samples.items()}
    print("\nmedians of %d loads, ms since navigation start (ratio to the bare Pyodide boot):" % rounds)
    print("%-28s %10s %10s" % ("", "cold", "warm"))
    for what, label in [("bare", "bare Pyodide (loadPyodide)"), ("ui", "app UI ready (MicroPython)"),
                        ("engine", "app engine ready (Pyodide)")]:
        cells = []
        for when in ("cold", "warm"):
            value = median[what, when]
            if what == "bare":
                cells.append("%7.0f   " % value)
            else:
                ratio = value / median["bare", when]
                cells.append("%5.0f %.2fx%s" % (value, ratio, "" if ratio <= TARGETS[what] else "!"))
        print("%-28s %10s %10s" % (label, cells[0], cells[1]))
    print("targets: UI <= %.2fx, engine <= %.2fx of the bare boot ('!' marks a miss)" % (TARGETS["ui"], TARGETS["engine"]))


if __name__ == "__main__":
    main(sys.argv)
