"""Boot-time benchmark: the app's two interpreters against a bare Pyodide page.

    .venv/bin/python bench/boot.py [N]                   loopback, N >= 5 rounds (default 5)
    .venv/bin/python bench/boot.py --link 20 --rtt 40    a 20 Mbit/s link, 40 ms a response,
                                                         N >= 3 rounds (default 3)
    .venv/bin/python bench/boot.py --lighthouse [CLI]    Lighthouse 12.2.3's default mobile
                                                         audit of the lobby, N >= 3 runs
    .venv/bin/python bench/boot.py --main-thread         cold loads at 4x CPU slowdown: the
                                                         MicroPython time on the main thread
                                                         until the UI is ready, N >= 3
    .venv/bin/python bench/boot.py --single              Safehouse.html opened from a file
                                                         against the bare boot on loopback,
                                                         and its size, N >= 5
    (--dist DIR measures a site built already; run `python3 build.py test`
    once to make .venv)

Builds the site into a temporary folder (never dist/, which the tests
share), unless --dist names one. Then, in each round, for the app and for a
bare page that only boots the same vendored Pyodide (served from a temporary
folder, never shipped):
- cold: a fresh persistent profile (empty HTTP cache, no service worker),
  load until ready;
- warm (loopback only): once the service worker controls the page (the
  app's case), reload in that same profile, as a returning visitor does.

With --link MBIT the server behaves as GitHub Pages does: it gzips text,
JavaScript, JSON and wasm on the fly (files already gzipped, such as
engine/snapshot.gz, go as they are), lets the browser keep each file for
10 minutes (Cache-Control: max-age=600), and every byte of every connection
goes through one shared link of MBIT Mbit/s, each response --rtt ms late.
It then also prints the bytes the server sent (headers and bodies) until each
readiness mark.

With --lighthouse it runs Lighthouse (default mobile settings: simulated
slow 4G and a 4x slower CPU, performance only) on the site served as GitHub
Pages serves it, and prints each run's performance score, Total Blocking
Time, simulated LCP and longest main-thread task, and their medians (issue
#13: TBT <= 200 ms, performance >= 0.9). Runs in which Chrome presented its
first frame late (LATE_PAINT_MS) are marked, with the medians of the others
beside those of all. Lighthouse is no dependency of the project:
without it, the benchmark says how to install it outside the repository.
Its times are the host's multiplied by 4, so a loaded machine (the load is
printed) inflates them.

With --main-thread it loads the app cold with the CPU slowed down 4 times
(as Lighthouse's mobile setting does, through the DevTools protocol) and a
CPU profile running, until the UI is ready, and prints the time MicroPython
ran Python on the main thread (from the profile), the blocking time of the
tasks after the first contentful paint (each task's time over 50 ms, as
Total Blocking Time counts it) and the longest task. Lighthouse's simulated
numbers need Lighthouse; these need only the browser, and they count the
page's own work, not a model of it.

With --single it builds the site with Safehouse.html (tools/single.py),
copies that file alone into an empty folder and, side by side with the bare
page on loopback, opens it from file:// (cold loads, each in a fresh
profile). It also loads the served site once over a 20 Mbit/s link, as a
first visit (--link above), and prints the file's size beside the bytes
that visit sent until the engine was ready (issue #37: the file <= 1.45x
those bytes, its UI ready <= 0.25x and its engine <= 0.6x the bare boot).

"Ready" is the moment the page sets <body data-ui="ready">, <body
data-engine="ready"> (the app) or <body data-pyodide="ready"> (the bare
page), in ms since navigation start, read by a MutationObserver in the page,
so Playwright's own overhead is not counted. Prints the medians and the
ratios against the bare Pyodide boot, with the targets.
"""

import argparse
import gzip
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.serve import SiteServer  # noqa: E402
from tools.site import build  # noqa: E402
from tools.testenv import chromium_launch_options, find_chromium  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

# Issue #13's targets, as ratios to the bare Pyodide boot.
TARGETS = {"loopback": {"ui": 0.2, "engine": 0.5}, "link": {"ui": 0.2, "engine": 0.8, "bytes": 1.3},
           # Issue #37's, for Safehouse.html from a file against the bare boot
           # on loopback, and its size against a first visit's bytes.
           "single": {"ui": 0.25, "engine": 0.6}}
SINGLE_SIZE_TARGET = 1.45
FIRST_VISIT_LINK = (20, 40)  # Mbit/s and ms a response: a first visit's link
TIMEOUT_MS = 180_000
LIGHTHOUSE_TARGETS = {"performance": 0.9, "tbt": 200}
LIGHTHOUSE_INSTALL = ("npm i -E --prefix /tmp/lh lighthouse@12.2.3, then "
                      "--lighthouse /tmp/lh/node_modules/.bin/lighthouse")

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

# Record when each readiness attribute of <body> turns "ready", and tell the
# benchmark at once (window.__bootMark, a Playwright binding, when present),
# so it can note the bytes sent so far.
MARKS_SCRIPT = """
(() => {
  const marks = (window.__bootMarks = {});
  const check = () => {
    for (const key of ["ui", "engine", "pyodide"]) {
      if (document.body.dataset[key] === "ready" && !(key in marks)) {
        marks[key] = performance.now();
        if (window.__bootMark) window.__bootMark(key);
      }
    }
  };
  const watch = () => {
    check();
    new MutationObserver(check).observe(document.body, { attributes: true });
  };
  if (document.body) watch(); else document.addEventListener("DOMContentLoaded", watch);
})();
"""

# ------------------------------------------------------------ a Pages-like link

# What GitHub Pages compresses on the fly; everything else goes as it is.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/wasm",
                "application/manifest+json", "image/svg+xml")
CHUNK = 16 * 1024
# GitHub Pages lets a browser reuse each file for 10 minutes unasked.
PAGES_CACHE_CONTROL = "Cache-Control: max-age=600"


class Link:
    """One link shared by every connection: bytes leave at `mbit` Mbit/s in
    the order they were queued, and each response starts `rtt_ms` late."""

    def __init__(self, mbit, rtt_ms):
        self.bytes_per_s = mbit * 1e6 / 8
        self.rtt = rtt_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0

    def send(self, wfile, data):
        time.sleep(self.rtt)
        for start in range(0, len(data), CHUNK):
            chunk = data[start:start + CHUNK]
            with self.lock:
                self.free_at = max(time.monotonic(), self.free_at) + len(chunk) / self.bytes_per_s
                due = self.free_at
            time.sleep(max(0.0, due - time.monotonic()))
            wfile.write(chunk)
            with self.lock:
                self.sent += len(chunk)


def pages_server(directory, link=None):
    """A SiteServer of `directory` whose answers are gzipped as GitHub Pages
    gzips them and, given a `link`, go through it."""
    server = SiteServer(directory)
    base = server.httpd.RequestHandlerClass
    gzipped = {}

    class LinkHandler(base):
        def do_GET(self):
            real, self.wfile = self.wfile, io.BytesIO()
            try:
                super().do_GET()
                response = self.wfile.getvalue()
            finally:
                self.wfile = real
            if link:
                link.send(self.wfile, self.pages_encoded(response))
            else:
                self.wfile.write(self.pages_encoded(response))

        def pages_encoded(self, response):
            head, _, body = response.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            fields = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:]}
            if "cache-control" not in fields:
                lines.append(PAGES_CACHE_CONTROL)
            accepts = "gzip" in self.headers.get("Accept-Encoding", "")
            if accepts and " 200 " in lines[0] and fields.get("content-type", "").startswith(COMPRESSIBLE):
                if self.path not in gzipped:
                    gzipped[self.path] = gzip.compress(body, compresslevel=6)
                body = gzipped[self.path]
                lines = [line for line in lines if not line.lower().startswith("content-length:")]
                lines += ["Content-Length: %d" % len(body), "Content-Encoding: gzip", "Vary: Accept-Encoding"]
            return "\r\n".join(lines).encode("latin-1") + b"\r\n\r\n" + body

    server.httpd.RequestHandlerClass = LinkHandler
    return server


# ------------------------------------------------------------------ measuring


def wait_marks(page, keys):
    condition = " && ".join("(%r in window.__bootMarks)" % key for key in keys)
    page.wait_for_function("() => window.__bootMarks && %s" % condition, timeout=TIMEOUT_MS)
    return page.evaluate("window.__bootMarks")


def one_round(playwright, url, keys, service_worker, link=None, reload=True):
    """Readiness times (ms) of `url` in a fresh profile: cold, then warm
    (None with a link or without `reload`); with a link, the bytes sent
    until each mark."""
    with tempfile.TemporaryDirectory(prefix="safehouse-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800}, **chromium_launch_options()
        )
        try:
            sent = {}
            if link:
                start = link.sent
                context.expose_function("__bootMark", lambda key: sent.setdefault(key, link.sent - start))
            context.add_init_script(MARKS_SCRIPT)
            page = context.new_page()
            page.goto(url)
            cold = wait_marks(page, keys)
            warm = None
            if reload and not link:
                if service_worker:
                    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                           timeout=TIMEOUT_MS)
                page.reload()
                warm = wait_marks(page, keys)
        finally:
            context.close()
    return cold, warm, sent


def measure(pw, app_url, bare_url, rounds, link, reload=True):
    """samples[(what, when)] -> list of ms; with a link also (what, "bytes");
    without `reload`, cold loads only."""
    samples = {}
    for number in range(1, rounds + 1):
        # Alternate the order so that a slow spell of this shared machine
        # does not always hit the same page.
        order = [("app", app_url), ("bare", bare_url)]
        for name, url in order if number % 2 else reversed(order):
            keys = ["ui", "engine"] if name == "app" else ["pyodide"]
            cold, warm, sent = one_round(pw, url, keys, service_worker=name == "app", link=link, reload=reload)
            for key in keys:
                what = "bare" if key == "pyodide" else key
                samples.setdefault((what, "cold"), []).append(cold[key])
                if warm:
                    samples.setdefault((what, "warm"), []).append(warm[key])
                if key in sent:
                    samples.setdefault((what, "bytes"), []).append(sent[key])
        print("round %d/%d: %s" % (number, rounds, ", ".join(
            "%s %s %.0f" % (what, when, values[-1]) for (what, when), values in sorted(samples.items())
        )), flush=True)
    return samples


def report(samples, rounds, targets):
    median = {key: statistics.median(values) for key, values in samples.items()}
    columns = [when for when in ("cold", "warm", "bytes") if ("bare", when) in median]
    print("\nmedians of %d loads; ms since navigation start, bytes on the wire until ready "
          "(ratio to the bare Pyodide boot):" % rounds)
    print("%-28s" % "" + "".join("%18s" % when for when in columns))
    for what, label in [("bare", "bare Pyodide (loadPyodide)"), ("ui", "app UI ready (MicroPython)"),
                        ("engine", "app engine ready (Pyodide)")]:
        cells = []
        for when in columns:
            value = median[what, when]
            shown = "%.2f MB" % (value / 1e6) if when == "bytes" else "%.0f" % value
            if what != "bare":
                ratio = value / median["bare", when]
                target = targets.get("bytes" if when == "bytes" else what)
                if when == "bytes" and what == "ui":
                    target = None  # no target: the UI needs only its own files
                shown += " %.2fx%s" % (ratio, "!" if target and ratio > target else "")
            cells.append("%18s" % shown)
        print("%-28s" % label + "".join(cells))
    print("targets: %s of the bare boot ('!' marks a miss)"
          % ", ".join("%s <= %.2fx" % item for item in targets.items()))


# ------------------------------------------------------------------ one file


def single(site, scratch, bare_dir, rounds):
    """Safehouse.html from a file beside the bare boot on loopback; then its
    size beside a first visit's bytes."""
    from tools.single import SINGLE, write_single

    folder = Path(scratch) / "single"
    folder.mkdir()
    if (Path(site) / SINGLE).is_file():
        shutil.copyfile(Path(site) / SINGLE, folder / SINGLE)
    else:
        write_single(site, folder / SINGLE)
    with SiteServer(bare_dir) as bare, sync_playwright() as pw:
        # Cold only: a reload of a file reads the same file again (and a
        # bare page's reload reads a warm HTTP cache).
        samples = measure(pw, (folder / SINGLE).as_uri(), bare.url, rounds, None, reload=False)
    report(samples, rounds, TARGETS["single"])
    link = Link(*FIRST_VISIT_LINK)
    with pages_server(site, link) as served, sync_playwright() as pw:
        # The page's service worker starts its precache once the engine is
        # ready, and the context closes under it: no traceback for that.
        served.httpd.handle_error = lambda request, address: None
        first_visit = one_round(pw, served.url, ["ui", "engine"], service_worker=True, link=link)[2]["engine"]
    size = (folder / SINGLE).stat().st_size
    ratio = size / first_visit
    print("%s: %.2f MB; a first visit of the served site (%g Mbit/s, +%g ms): %.2f MB on the wire "
          "until the engine is ready; %.2fx%s (target <= %.2fx)"
          % (SINGLE, size / 1e6, *FIRST_VISIT_LINK, first_visit / 1e6, ratio,
             "!" if ratio > SINGLE_SIZE_TARGET else "", SINGLE_SIZE_TARGET))


# ------------------------------------------------------------- main thread

SLOWDOWN = 4  # Lighthouse's mobile CPU slowdown

# The page's tasks over 50 ms and its first contentful paint.
TASKS_SCRIPT = """
(() => {
  const seen = (window.__bootTasks = { tasks: [], fcp: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") seen.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
})();
"""


def python_ms(profile):
    """Of a CPU profile, the ms in which MicroPython ran Python: samples with
    micropython.mjs's `ccall` (every entry into its WebAssembly) on the stack."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}

    def in_python(node_id):
        while node_id is not None:
            frame = nodes[node_id]["callFrame"]
            if frame["functionName"] == "ccall" and frame["url"].endswith("micropython.mjs"):
                return True
            node_id = parent.get(node_id)
        return False

    deltas = profile["timeDeltas"][1:] + [0]  # each sample lasts until the next
    return sum(delta for sample, delta in zip(profile["samples"], deltas) if in_python(sample)) / 1000


def main_thread_round(playwright, url):
    """One cold load at SLOWDOWN x CPU until the UI is ready: (UI ready ms,
    MicroPython ms, blocking ms after the first paint, longest task ms)."""
    with tempfile.TemporaryDirectory(prefix="safehouse-bench-") as profile_dir:
        context = playwright.chromium.launch_persistent_context(
            profile_dir, viewport={"width": 1280, "height": 800}, **chromium_launch_options())
        try:
            context.add_init_script(MARKS_SCRIPT)
            context.add_init_script(TASKS_SCRIPT)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
            page.goto(url)
            ready = wait_marks(page, ["ui"])["ui"]
            profile = cdp.send("Profiler.stop")["profile"]
            seen = page.evaluate("window.__bootTasks")
        finally:
            context.close()
    tasks = [(start, duration) for start, duration in seen["tasks"] if start < ready]
    blocking = sum(duration - 50 for start, duration in tasks if start >= (seen["fcp"] or 0))
    return ready, python_ms(profile), blocking, max([duration for _, duration in tasks], default=0)


def main_thread(site, rounds):
    columns = ("UI ready", "MicroPython", "blocking after FCP", "longest task")
    with SiteServer(site) as app, sync_playwright() as pw:
        results = []
        for number in range(1, rounds + 1):
            results.append(main_thread_round(pw, app.url))
            print("round %d/%d: %s" % (number, rounds, ", ".join(
                "%s %.0f ms" % pair for pair in zip(columns, results[-1]))), flush=True)
    print("\nmedians of %d cold loads at %dx CPU slowdown, until the UI is ready: %s" % (
        rounds, SLOWDOWN, ", ".join("%s %.0f ms" % (name, statistics.median(column))
                                    for name, column in zip(columns, zip(*results)))))


# ---------------------------------------------------------------- Lighthouse


def lighthouse_cli(named):
    """The Lighthouse command line to run, or None (then say how to get it)."""
    cli = named if named != "PATH" else shutil.which("lighthouse")
    return cli if cli and Path(cli).is_file() else None


# Headless Chrome here sometimes presents a page's first frame a second or
# two late, even a copy of the lobby with no script at all (3 of 6 runs):
# its first paint comes long after DOMContentLoaded. Lantern then puts every
# request started before that paint (the whole boot chain) on the path of
# its simulated LCP, which comes out near 4.2 s instead of 1.8 s. Such runs
# are marked, and their score is no measure of the page.
LATE_PAINT_MS = 500


def lighthouse_run(cli, url):
    """One default mobile audit of `url`: a dict of its performance score,
    TBT, simulated LCP, longest task (ms), and whether Chrome painted late."""
    with tempfile.TemporaryDirectory(prefix="safehouse-lighthouse-") as scratch:
        report_path = Path(scratch) / "report.json"
        subprocess.run([cli, url, "--only-categories=performance", "--output=json",
                        "--output-path=%s" % report_path, "--quiet",
                        "--chrome-flags=--headless=new --no-sandbox"],
                       env=dict(os.environ, CHROME_PATH=find_chromium()), check=True)
        report = json.loads(report_path.read_text())
    audits = report["audits"]
    tasks = audits["long-tasks"].get("details", {}).get("items", [])
    observed = audits["metrics"]["details"]["items"][0]
    late = observed["observedFirstContentfulPaint"] - observed["observedDomContentLoaded"]
    return {"performance": report["categories"]["performance"]["score"],
            "tbt": audits["total-blocking-time"]["numericValue"],
            "lcp": audits["largest-contentful-paint"]["numericValue"],
            "longest": max([task["duration"] for task in tasks], default=0),
            "late_paint": late > LATE_PAINT_MS}


def lighthouse_medians(results):
    return {key: statistics.median(result[key] for result in results)
            for key in ("performance", "tbt", "lcp", "longest")}


def lighthouse(cli, site, runs):
    with pages_server(site) as app:
        results = []
        for number in range(1, runs + 1):
            load = os.getloadavg()[0]
            results.append(lighthouse_run(cli, app.url))
            print("run %d/%d (load %.1f): performance %.2f, TBT %.0f ms, LCP %.0f ms, longest task %.0f ms%s"
                  % (number, runs, load, *(results[-1][key] for key in ("performance", "tbt", "lcp", "longest")),
                     " (Chrome painted late)" if results[-1]["late_paint"] else ""), flush=True)
    medians = lighthouse_medians(results)
    print("\nmedians of %d Lighthouse runs (default mobile, the lobby): performance %.2f%s, "
          "TBT %.0f ms%s, LCP %.0f ms, longest main-thread task %.0f ms (x4 CPU slowdown)"
          % (runs, medians["performance"], "!" if medians["performance"] < LIGHTHOUSE_TARGETS["performance"] else "",
             medians["tbt"], "!" if medians["tbt"] > LIGHTHOUSE_TARGETS["tbt"] else "", medians["lcp"],
             medians["longest"]))
    on_time = [result for result in results if not result["late_paint"]]
    if on_time and len(on_time) < len(results):
        medians = lighthouse_medians(on_time)
        print("medians of the %d runs Chrome painted on time: performance %.2f, TBT %.0f ms, LCP %.0f ms"
              % (len(on_time), medians["performance"], medians["tbt"], medians["lcp"]))
    print("targets: performance >= %(performance).2f, TBT <= %(tbt)d ms ('!' marks a miss)"
          % LIGHTHOUSE_TARGETS)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, help="loads of each page (loopback >= 5, link >= 3)")
    parser.add_argument("--link", type=float, metavar="MBIT", help="serve through a shared MBIT Mbit/s link, gzipped")
    parser.add_argument("--rtt", type=float, default=40, metavar="MS", help="ms added to each response (with --link)")
    parser.add_argument("--dist", type=Path, help="a site built already (default: build one in a temporary folder)")
    parser.add_argument("--lighthouse", nargs="?", const="PATH", metavar="CLI",
                        help="audit with Lighthouse 12.2.3 (its CLI; default: lighthouse on PATH)")
    parser.add_argument("--main-thread", action="store_true",
                        help="cold loads at 4x CPU slowdown: MicroPython's main-thread time until the UI is ready")
    parser.add_argument("--single", action="store_true",
                        help="Safehouse.html from a file against the bare boot, and its size")
    args = parser.parse_args(argv)
    least = 3 if args.link or args.lighthouse or args.main_thread else 5
    args.rounds = least if args.rounds is None else args.rounds
    if args.rounds < least:
        parser.error("use N >= %d rounds" % least)
    return args


def main(argv):
    args = parse_args(argv)
    cli = args.lighthouse and lighthouse_cli(args.lighthouse)
    if args.lighthouse and not cli:
        sys.exit("no Lighthouse CLI at %s; install it outside the repository: %s"
                 % (args.lighthouse, LIGHTHOUSE_INSTALL))
    with tempfile.TemporaryDirectory(prefix="safehouse-bench-site-") as scratch:
        site = args.dist or Path(scratch) / "dist"
        if not args.dist:
            build(out=site, single=args.single)
        if cli:
            return lighthouse(cli, site, args.rounds)
        if args.main_thread:
            return main_thread(site, args.rounds)
        bare_dir = Path(scratch) / "bare"
        bare_dir.mkdir()
        (bare_dir / "index.html").write_text(BARE_PAGE)
        (bare_dir / "vendor").symlink_to(Path(site).resolve() / "vendor")
        if args.single:
            return single(site, scratch, bare_dir, args.rounds)
        link = Link(args.link, args.rtt) if args.link else None
        serve = (lambda folder: pages_server(folder, link)) if link else SiteServer
        with serve(site) as app, serve(bare_dir) as bare, sync_playwright() as pw:
            if link:
                print("a shared %g Mbit/s link, +%g ms a response, gzip as GitHub Pages" % (args.link, args.rtt))
            samples = measure(pw, app.url, bare.url, args.rounds, link)
    report(samples, args.rounds, TARGETS["link" if link else "loopback"])


if __name__ == "__main__":
    main(sys.argv[1:])
