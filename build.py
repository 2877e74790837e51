#!/usr/bin/env python3
"""Build, serve and test Safehouse. Standard library only.

    python3 build.py                      build the site into dist/
    python3 build.py serve [--port 8000]  build, then serve dist/ on 127.0.0.1
    python3 build.py test [pytest args]   set up .venv and a browser, build, run pytest

The build
- vendors the browser runtimes from exact npm pins (PACKAGES below), fetched
  once with `npm pack` into a cache outside the repository
  ($XDG_CACHE_HOME/safehouse/npm, else ~/.cache/safehouse/npm) and checked
  against their pinned sha512 integrity;
- makes engine/snapshot.gz, the engine worker's Pyodide heap with every
  engine module imported, by booting the vendored Pyodide under Node (cached
  by content beside the npm cache);
- fills the placeholders of index.html ({{UI_CONFIG}}, {{LOBBY_HTML}},
  {{CATALOGUE_JSON}}, {{BUILD_ID}}, {{PRELOADS}}, and last {{CSP}}, the
  Content-Security-Policy with the hashes of the page's inline scripts); the
  lobby and catalogue come from importing pyapp under this CPython;
- writes sw.js, which precaches every file of the site under a cache named
  after the content hash, so the page works offline after one visit; a new
  build's worker waits until a page asks it to take over;
- stages everything in dist.partial/ and swaps it into dist/ only when whole.

Every URL the site uses is relative, so it also works under a sub-path such
as a GitHub Pages project site (https://<user>.github.io/<repo>/).
"""

import argparse
import base64
import gzip
import hashlib
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-test.txt"

# The runtimes, pinned exactly. `integrity` is npm's sha512 of the tarball;
# `files` maps each file we ship (path inside the tarball) to the smallest
# size we accept, which catches a truncated or wrong download.
# `dir_files` ships a whole folder of the tarball, minus source maps.
# `patches` replaces text that must occur exactly once in a shipped file.
PACKAGES = [
    {
        "name": "pyodide",
        "version": "314.0.7",
        "integrity": "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
        "dest": "vendor/pyodide",
        "files": {
            "pyodide.mjs": 10_000,
            "pyodide.asm.mjs": 1_000_000,
            "pyodide.asm.wasm": 9_000_000,
            "python_stdlib.zip": 2_000_000,
            "pyodide-lock.json": 50_000,
        },
    },
    {
        "name": "@pyscript/core",
        "version": "0.7.31",
        "integrity": "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
        "dest": "vendor/pyscript",
        "dir_files": "dist",
        "files": {"dist/core.js": 100, "dist/core.css": 100},
        # While it boots, PyScript compiles the hooks of PyScript *workers*
        # with Function(source), even on a page that has none (this one has
        # none: its engine is a plain worker). That one call is all that
        # would need 'unsafe-eval' in the page's policy, so the build drops
        # it; with no worker hooks PyScript itself returns undefined there.
        "patches": {
            "dist/core-C9KDLldu.js": [
                ("return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()", "return undefined"),
            ],
        },
    },
    {
        # The build PyScript 0.7.31 expects; npm's `latest` tag is older.
        "name": "@micropython/micropython-webassembly-pyscript",
        "version": "1.28.0-6",
        "integrity": "sha512-eRJw+jOhFPoEClHRI8RmzIBjORpOhVdDFcdrNYHUc0U+EwchuD5cYIfmgvj3RWim7vBnjBK8mYxMBBVduOo8Lw==",
        "dest": "vendor/micropython",
        "files": {"micropython.mjs": 50_000, "micropython.wasm": 300_000},
    },
]

# Content types the site needs; Python's defaults lack or vary on some.
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}

MANIFEST = {
    "name": "Safehouse",
    "short_name": "Safehouse",
    "description": "Four spy card games against built-in bots. Works offline.",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": "#1d2027",
    "theme_color": "#1d2027",
    "icons": [
        {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
    ],
}

SOURCE_MAP_LINE = re.compile(rb"^//# sourceMappingURL=.*$\n?", re.MULTILINE)
PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")


class BuildError(Exception):
    """A build step failed; the message says what to do about it."""


# ---------------------------------------------------------------- vendoring


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "safehouse" / "npm"


def npm_integrity(path):
    digest = hashlib.sha512(Path(path).read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def fetch_package(package):
    """The cached tarball of `package`, fetched with `npm pack` on first use."""
    cache = cache_dir()
    safe_name = package["name"].lstrip("@").replace("/", "-")
    tarball = cache / ("%s-%s.tgz" % (safe_name, package["version"]))
    if tarball.exists() and npm_integrity(tarball) == package["integrity"]:
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm is needed once to fetch the pinned runtimes (%s@%s ...).\n"
            "Install Node.js with npm (Debian: apt-get install npm), then build again."
            % (package["name"], package["version"])
        )
    cache.mkdir(parents=True, exist_ok=True)
    spec = "%s@%s" % (package["name"], package["version"])
    print("fetching %s with npm pack (cached in %s)" % (spec, cache), flush=True)
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        done = subprocess.run(
            [npm, "pack", spec, "--silent", "--pack-destination", scratch],
            cwd=scratch, capture_output=True, text=True,
        )
        packed = list(Path(scratch).glob("*.tgz"))
        if done.returncode != 0 or len(packed) != 1:
            raise BuildError(
                "`npm pack %s` failed (exit %d):\n%s\nCheck that this machine reaches the "
                "npm registry (npm config get registry) and build again."
                % (spec, done.returncode, (done.stderr or done.stdout).strip())
            )
        got = npm_integrity(packed[0])
        if got != package["integrity"]:
            raise BuildError(
                "%s does not match its pinned integrity:\n  pinned %s\n  got    %s"
                % (spec, package["integrity"], got)
            )
        os.replace(packed[0], tarball)
    return tarball


def vendor_package(package, site):
    """Extract the files the page needs from `package` into `site`."""
    tarball = fetch_package(package)
    dest = site / package["dest"]
    wanted = dict(package["files"])
    folder = package.get("dir_files")
    shipped = []
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            if not member.isfile() or not member.name.startswith("package/"):
                continue
            inner = member.name[len("package/"):]
            in_folder = folder and inner.startswith(folder + "/") and not inner.endswith(".map")
            if inner not in wanted and not in_folder:
                continue
            data = archive.extractfile(member).read()
            if inner.endswith((".js", ".mjs")):
                # Shipping no source maps, so drop the comments that would
                # make devtools request them (a 404 each).
                data = SOURCE_MAP_LINE.sub(b"", data)
            for old, new in package.get("patches", {}).get(inner, []):
                if data.count(old.encode()) != 1:
                    raise BuildError("%s in %s does not hold this text once, so its patch in "
                                     "build.py's PACKAGES needs updating: %s" % (inner, tarball.name, old))
                data = data.replace(old.encode(), new.encode())
            target = dest / (inner[len(folder) + 1:] if in_folder else inner)
            if inner in wanted and len(data) < wanted[inner]:
                raise BuildError(
                    "%s in %s is only %d bytes (expected at least %d); delete %s and build again"
                    % (inner, tarball.name, len(data), wanted[inner], tarball)
                )
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            shipped.append(inner)
    missing = sorted((set(wanted) | set(package.get("patches", {}))) - set(shipped))
    if missing:
        raise BuildError("%s lacks %s; delete %s and build again" % (tarball.name, missing, tarball))


# ---------------------------------------------------------------- engine snapshot


# Run by Node at build time (fed on stdin, so no path of this machine becomes
# the program name inside the heap): boot the vendored Pyodide, import every
# engine module, and write the interpreter's memory. The page's worker
# restores it instead of starting CPython from scratch. Node loads the same
# pyodide.asm.wasm the browser does, so the heap fits it.
SNAPSHOT_SCRIPT = """\
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const site = process.env.SAFEHOUSE_SITE;
const { loadPyodide } = await import(pathToFileURL(site + "/vendor/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: site + "/vendor/pyodide/", _makeSnapshot: true });
const names = JSON.parse(readFileSync(site + "/engine/files.json", "utf8"));
for (const name of names) {
  pyodide.FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
  pyodide.FS.writeFile(name, readFileSync(site + "/" + name));
}
pyodide.runPython(`
import importlib
for name in ${JSON.stringify(names)}:
    importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
`);
writeFileSync(process.env.SAFEHOUSE_SNAPSHOT, pyodide.makeMemorySnapshot());
"""
NODE_MIN_MAJOR = 18  # pyodide's own requirement


def find_node():
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise BuildError("the build needs Node.js to make the engine snapshot; "
                         "on Debian: apt-get install nodejs")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    found = re.match(r"v(\d+)", version)
    major = int(found.group(1)) if found else 0
    if major < NODE_MIN_MAJOR:
        raise BuildError("Node.js %s is too old to run Pyodide; it needs %d or newer"
                         % (version or "(unknown)", NODE_MIN_MAJOR))
    return node


def snapshot_key(site, names):
    """What the snapshot depends on: the script, the runtime, the engine."""
    digest = hashlib.sha256(SNAPSHOT_SCRIPT.encode())
    for path in sorted((site / "vendor" / "pyodide").iterdir()):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for name in names:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    return digest.hexdigest()[:24]


def check_no_machine_paths(data, site):
    """The heap ships to every visitor: it must not carry this machine's paths."""
    for path in {str(ROOT), str(site.resolve()), str(cache_dir().parent)}:
        if path.encode() in data:
            raise BuildError("the engine snapshot holds the local path %s; not shipping it" % path)


def write_engine_snapshot(site, src):
    """site/engine/files.json (the worker's .py files, for the plain boot)
    and site/engine/snapshot.gz (the booted heap), cached by content."""
    names = engine_files(src)
    (site / "engine").mkdir(exist_ok=True)
    (site / "engine" / "files.json").write_text(json.dumps(names, indent=1) + "\n")
    cached = cache_dir().parent / "snapshots" / ("engine-%s.gz" % snapshot_key(site, names))
    if not cached.exists():
        print("making the engine snapshot (Node + Pyodide, a few seconds)", flush=True)
        with tempfile.TemporaryDirectory(prefix="safehouse-snapshot-") as scratch:
            raw = Path(scratch) / "snapshot.bin"
            made = subprocess.run(
                [find_node(), "--input-type=module", "-"], input=SNAPSHOT_SCRIPT, text=True,
                env=dict(os.environ, SAFEHOUSE_SITE=str(site.resolve()), SAFEHOUSE_SNAPSHOT=str(raw)),
                capture_output=True,
            )
            if made.returncode != 0 or not raw.exists():
                raise BuildError("Node could not make the engine snapshot:\n%s" % made.stderr[-2000:])
            data = raw.read_bytes()
        check_no_machine_paths(data, site)
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("engine-*.gz"):
            old.unlink()
        partial = cached.with_suffix(".partial")
        partial.write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
        os.replace(partial, cached)
    shutil.copyfile(cached, site / "engine" / "snapshot.gz")


# ---------------------------------------------------------------- the page


def python_files(folder):
    return sorted(
        path for path in folder.rglob("*.py") if "__pycache__" not in path.parts
    )


def ui_config(src):
    """The PyScript config of the MicroPython UI: the local interpreter (or
    PyScript would fetch one from a CDN) and the files to mount."""
    pyapp = src / "pyapp"
    files = {}
    for path in [pyapp / "__init__.py"] + python_files(pyapp / "ui"):
        rel = path.relative_to(src).as_posix()
        files["./" + rel] = rel
    return {"interpreter": "./vendor/micropython/micropython.mjs", "files": files}


def engine_files(src):
    """The .py files of the engine worker: all of pyapp/ but the UI."""
    pyapp = src / "pyapp"
    ui = pyapp / "ui"
    return [path.relative_to(src).as_posix()
            for path in python_files(pyapp) if ui not in path.parents]


def attribute_json(value):
    """JSON text safe inside an HTML attribute, quoted either way."""
    return html.escape(json.dumps(value, sort_keys=True), quote=True)


def script_json(value):
    """JSON text safe inside <script type="application/json">."""
    return json.dumps(value, sort_keys=True).replace("<", "\\u003c")


def lobby_values(src, wanted):
    """{{LOBBY_HTML}} and {{CATALOGUE_JSON}}, from the app's own code.

    Imports pyapp from `src` under this CPython; an import error fails the
    build, loudly.
    """
    if not wanted & {"LOBBY_HTML", "CATALOGUE_JSON"}:
        return {}
    sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
    sys.path.insert(0, str(src))
    try:
        import pyapp.games

        catalogue = pyapp.games.catalogue()
        values = {"CATALOGUE_JSON": script_json(catalogue)}
        if "LOBBY_HTML" in wanted:
            import pyapp.ui.lobby

            values["LOBBY_HTML"] = pyapp.ui.lobby.lobby_html(catalogue)
        return values
    finally:
        sys.path.remove(str(src))


def preload_links(site):
    """<link rel="modulepreload"> for the modules the UI's boot waits on in a
    chain (core.js imports its hashed chunk, which then loads MicroPython), so
    the browser fetches and compiles them at once."""
    chunks = sorted((site / "vendor" / "pyscript").glob("core-*.js"))
    modules = [path.relative_to(site).as_posix() for path in chunks]
    modules.append("vendor/micropython/micropython.mjs")
    return "\n  ".join('<link rel="modulepreload" href="./%s">' % html.escape(name)
                        for name in modules)


def fill_page(template, values):
    used = set(PLACEHOLDER.findall(template))
    unknown = sorted(used - set(values))
    if unknown:
        raise BuildError("index.html has unknown placeholders: %s" % ", ".join(unknown))
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


# The page's Content-Security-Policy, in a <meta> (GitHub Pages sets no
# headers). Each source is there because the page needs it; README.md,
# "Content-Security-Policy", says why. The inline scripts are allowed by
# their hashes, which the build appends to script-src.
CSP = {
    "default-src": "'self'",
    # MicroPython (the UI) compiles its WebAssembly on the page; no eval
    # (see the PyScript patch in PACKAGES).
    "script-src": "'self' 'wasm-unsafe-eval'",
    "style-src": "'self'",
    # Mister Spy's score bars set their width in a style="" attribute.
    "style-src-attr": "'unsafe-inline'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'none'",
}
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
SCRIPT_TYPE = re.compile(r"""(?<![\w-])type\s*=\s*["']?([^"'\s>]*)""", re.I)
SCRIPT_SRC = re.compile(r"(?<![\w-])src\s*=", re.I)
JAVASCRIPT_TYPES = {"", "module", "text/javascript", "application/javascript"}


def inline_scripts(page):
    """The text of every inline <script> of `page` that the browser runs:
    no src, and no data type such as application/json or PyScript's mpy."""
    scripts = []
    for attributes, text in SCRIPT_TAG.findall(page):
        kind = SCRIPT_TYPE.search(attributes)
        runs = (kind.group(1).lower() if kind else "") in JAVASCRIPT_TYPES
        if runs and not SCRIPT_SRC.search(attributes):
            scripts.append(text)
    return scripts


def content_security_policy(page):
    """The policy for `page` as built: CSP with a hash per inline script."""
    hashes = ["'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
              for text in inline_scripts(page)]
    policy = dict(CSP, **{"script-src": " ".join([CSP["script-src"], *hashes])})
    return "; ".join("%s %s" % item for item in policy.items())


def finished_page(template, values):
    """index.html with every placeholder filled, the policy last: it hashes
    the inline scripts of the page as filled (it sits in a <meta> attribute,
    outside every script, so filling it changes no hash)."""
    page = fill_page(template, dict(values, CSP=""))
    policy = content_security_policy(page)  # no quotes: it goes into content="..." as is
    return fill_page(template, dict(values, CSP=html.escape(policy, quote=False)))


def content_hash(site):
    """A hash of every file's path and bytes, in a fixed order."""
    digest = hashlib.sha256()
    for path in sorted(site.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(site).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


SERVICE_WORKER = """\
// Safehouse service worker, written by build.py: precache the whole site on
// install, then answer same-origin GETs from that cache, so the page works
// offline after one visit. The cache is named after the build's content hash.
//
// A page runs one build wholly: a new deploy's worker precaches its cache and
// then waits, while the open pages keep the old worker and the old cache.
// The page offers a reload; its message {type: "activate"} makes the waiting
// worker take over, which deletes the old cache, and every open page reloads
// on the change of controller (index.html's last script).
const CACHE = "safehouse-%(build_id)s";
const PRECACHE = %(precache)s;
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server; "reload" would fetch 13 MB twice.
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, {cache: "no-cache"}))))
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((key) => key.startsWith("safehouse-") && key !== CACHE);
    await Promise.all(old.map((key) => caches.delete(key)));
    // The first Safehouse worker takes the open page at once, so the first
    // visit is offline-ready (that page runs this very build). A later one
    // takes over when a page asks, or once no page of the old build is open;
    // the pages it takes over reload.
    if (old.length === 0) await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.location.origin + "/")) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let hit = await cache.match(request, {ignoreSearch: request.mode === "navigate"});
    if (!hit && request.mode === "navigate") {
      // Any page address with a query string (or an unknown path in scope)
      // opens the app itself.
      hit = await cache.match(ROOT, {ignoreSearch: true});
    }
    return hit || fetch(request);
  })());
});
"""


def write_service_worker(site, build_id):
    files = sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*") if path.is_file()
    )
    precache = ["./"] + ["./" + name for name in files]
    text = SERVICE_WORKER % {"build_id": build_id, "precache": json.dumps(precache, indent=2)}
    (site / "sw.js").write_text(text)


def build(src=ROOT, out=DIST):
    """Build the site of the source tree `src` into `out`; return the build id."""
    src, out = Path(src), Path(out)
    index = src / "index.html"
    if not index.exists():
        raise BuildError("%s is missing" % index)
    staging = out.with_name(out.name + ".partial")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        for package in PACKAGES:
            vendor_package(package, staging)
        for path in python_files(src / "pyapp"):
            target = staging / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        if (src / "static").is_dir():
            shutil.copytree(
                src / "static", staging / "static",
                ignore=shutil.ignore_patterns("__pycache__", ".*"),
            )
        write_engine_snapshot(staging, src)
        (staging / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=2) + "\n")
        (staging / ".nojekyll").write_text("")

        template = index.read_text(encoding="utf-8")
        wanted = set(PLACEHOLDER.findall(template))
        values = {
            "UI_CONFIG": attribute_json(ui_config(src)),
            "PRELOADS": preload_links(staging),
        }
        values.update(lobby_values(src, wanted))
        # The build id hashes everything but itself: the page with the id
        # still blank, and every other file (sw.js is written after).
        values["BUILD_ID"] = ""
        (staging / "index.html").write_text(finished_page(template, values), encoding="utf-8")
        build_id = content_hash(staging)
        values["BUILD_ID"] = build_id
        (staging / "index.html").write_text(finished_page(template, values), encoding="utf-8")
        write_service_worker(staging, build_id)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out.exists():
        shutil.rmtree(out)
    os.replace(staging, out)
    return build_id


# ---------------------------------------------------------------- serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a built site, optionally under a sub-path such as /safehouse/.

    Subclass with `directory`, `prefix` (a path ending in "/", or "/") and
    `log_requests` set; `make_handler` does that.
    """

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES)
    directory = str(DIST)
    prefix = "/"
    quiet = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=self.directory, **kwargs)

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            # Outside the sub-path, as on GitHub Pages: nothing is there.
            return os.path.join(self.directory, ".outside-the-sub-path")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_head(self):
        if self.prefix != "/" and self.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self):
        # The service worker must be revalidated on every load to see updates.
        if self.path.split("?")[0].endswith("/sw.js"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(directory, prefix="/", quiet=False):
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/': %r" % prefix)
    return type("Handler", (SiteHandler,), {
        "directory": str(directory), "prefix": prefix, "quiet": quiet,
    })


class SiteServer:
    """A threaded static server of a built site on 127.0.0.1.

    `port=0` takes a free port. As a context manager it serves from a
    background thread; `SiteServer.running` lists the servers up now (the
    tests allow requests to their origins and no other).
    """

    running = []

    def __init__(self, directory=DIST, prefix="/", port=0, quiet=True):
        handler = make_handler(directory, prefix, quiet=quiet)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.httpd.daemon_threads = True
        self.origin = "http://127.0.0.1:%d" % self.httpd.server_address[1]
        self.url = self.origin + prefix
        self.thread = None

    def __enter__(self):
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        SiteServer.running.append(self)
        return self

    def __exit__(self, *exc):
        SiteServer.running.remove(self)
        self.httpd.shutdown()
        self.httpd.server_close()


def serve(port, directory=DIST, prefix="/"):
    server = SiteServer(directory, prefix, port, quiet=False)
    print("Safehouse is served at %s  (Ctrl-C stops)" % server.url, flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()


# ---------------------------------------------------------------- testing


# How tests and benchmarks start Chromium. Background services off (this
# machine has no network but the registries); any host name but 127.0.0.1
# fails to resolve, so an accidental off-origin request fails loudly.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def chromium_launch_options(chromium=None):
    """Keyword arguments for Playwright's chromium.launch*()."""
    chromium = chromium or find_chromium()
    options = {"headless": True, "args": list(CHROMIUM_ARGS)}
    if chromium and chromium != "playwright":
        options["executable_path"] = chromium
    return options


def playwright_browsers_dir():
    configured = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    return Path(configured) if configured and configured != "0" else Path.home() / ".cache" / "ms-playwright"


def find_chromium():
    """Debian's chromium; else "playwright" if Playwright has its own; else None."""
    configured = os.environ.get("SAFEHOUSE_CHROMIUM")
    if configured:
        return configured
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    browsers = playwright_browsers_dir()
    if browsers.is_dir() and any(browsers.glob("chromium*")):
        return "playwright"
    return None


def ensure_venv():
    """.venv with exactly the pins of requirements-test.txt; returns its python."""
    python = VENV / "bin" / "python"
    stamp = VENV / ".safehouse-requirements"
    wanted = REQUIREMENTS.read_text()
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    print("setting up .venv with %s" % REQUIREMENTS.name, flush=True)
    if not python.exists():
        made = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
        if made.returncode != 0:
            raise BuildError("could not create .venv; on Debian: apt-get install python3-venv")
    installed = subprocess.run([
        str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "-r", str(REQUIREMENTS),
    ])
    if installed.returncode != 0:
        raise BuildError("pip could not install %s into .venv (see above)" % REQUIREMENTS.name)
    stamp.write_text(wanted)
    return python


def run_tests(pytest_args):
    python = ensure_venv()
    chromium = find_chromium()
    if chromium is None:
        raise BuildError(
            "the end-to-end tests need Chromium and none was found.\n"
            "Install Debian's: apt-get install chromium"
        )
    build_id = build()
    print("built dist/ (build %s); browser: %s" % (build_id, chromium), flush=True)
    env = dict(os.environ, SAFEHOUSE_CHROMIUM=chromium, SAFEHOUSE_DIST=str(DIST))
    return subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode


# ---------------------------------------------------------------- command line


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "test":
        # Everything after `test` goes to pytest untouched.
        try:
            return run_tests(argv[1:])
        except BuildError as err:
            print("build.py test: %s" % err, file=sys.stderr)
            return 2
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DIST, help="where to build (default: dist/)")
    commands = parser.add_subparsers(dest="command")
    serving = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serving.add_argument("--port", type=int, default=8000)
    serving.add_argument("--prefix", default="/", help="serve under a sub-path, e.g. /safehouse/")
    commands.add_parser("test", help="set up and run every test (pytest args follow)")
    args = parser.parse_args(argv)
    try:
        build_id = build(ROOT, args.out)
    except BuildError as err:
        print("build.py: %s" % err, file=sys.stderr)
        return 2
    shown = os.path.relpath(args.out)
    print("built %s (build %s)" % (args.out if shown.startswith("..") else shown, build_id), flush=True)
    if args.command == "serve":
        serve(args.port, args.out, args.prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
