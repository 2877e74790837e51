"""The site: build() makes dist/ from the source tree.

It vendors the runtimes (vendor.py), copies the engine's .py files and
static/, compiles the UI's modules to MicroPython bytecode (mpy.py), makes
the engine snapshot (snapshot.py), draws the PNG icons (icons.py), writes
manifest.webmanifest and .nojekyll,
then the two files named after the build:
- index.html with its placeholders filled ({{UI_CONFIG}}, {{UI_MODULES}},
  {{LOBBY_HTML}}, {{CATALOGUE_JSON}}, {{BUILD_ID}}, {{PRELOADS}},
  {{PY_CONFIG}}, {{DOWNLOAD}}, and last {{CSP}}, the Content-Security-Policy with the
  hashes of the page's inline scripts); the lobby and catalogue come from
  importing pyapp under this CPython;
- sw.js, from sw.template.js: it precaches every file the page loads (all
  but PyScript's unused chunks, .nojekyll and index.html, which is "./")
  under a cache named after the build id, so the page works offline after
  one visit, the engine's fallback boot (engine/modules.zip) included. The
  engine's .py files ship as the source of that zip and of the snapshot;
  the page never loads them.
With `single`, the site also holds Safehouse.html, the whole site in one
file (tools/single.py), and the lobby links to it ({{DOWNLOAD}}); it is made
from the finished site, and neither the build id nor sw.js counts it.
The build id is a hash of the whole site as built, the service worker
included. Everything is staged in <out>.partial/ and swapped into place only
when whole. Every URL the site uses is relative, so it also works under a
sub-path such as a GitHub Pages project site.
"""

import ast
import base64
import hashlib
import html
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from tools import DIST, ROOT, BuildError
from tools.icons import write_icons
from tools.mpy import compile_module
from tools.snapshot import write_engine_files
from tools.vendor import PACKAGES, never_loaded, vendor_package

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

# Pyodide's whole standard library: the build makes the engine's own from it
# (engine/stdlib.zip), so the page never loads it. It still ships, for the
# benchmarks' bare Pyodide pages (bench/boot.py, bench/browser_bots.py).
WHOLE_STDLIB = "vendor/pyodide/python_stdlib.zip"

PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")

# The service worker's template and its placeholders, each of which it holds
# once; they keep the template valid JavaScript as it stands.
SERVICE_WORKER = Path(__file__).with_name("sw.template.js")
SW_BUILD_ID = "/*BUILD_ID*/"
SW_PRECACHE = "/*PRECACHE*/[]"

# The page's Content-Security-Policy, in a <meta> (GitHub Pages sets no
# headers). Each source is there because the page needs it;
# docs/architecture.md, "Content-Security-Policy", says why. The inline
# scripts are allowed by their hashes, which the build appends to script-src.
CSP = {
    "default-src": "'self'",
    # MicroPython (the UI) compiles its WebAssembly on the page; no eval
    # (see the PyScript patch in tools/vendor.py's PACKAGES).
    "script-src": "'self' 'wasm-unsafe-eval'",
    "style-src": "'self'",
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


def build(src=ROOT, out=DIST, single=False):
    """Build the site of the source tree `src` into `out`; return the build id.
    With `single`, the site also offers Safehouse.html (tools/single.py)."""
    src, out = Path(src), Path(out)
    if not (src / "index.html").exists():
        raise BuildError("%s is missing" % (src / "index.html"))
    staging = out.with_name(out.name + ".partial")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        write_content(src, staging)
        build_id = write_named_after_build(src, staging, single)
        if single:
            # Imported here: tools/single.py builds on this module's helpers.
            from tools.single import write_single
            write_single(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out.exists():
        shutil.rmtree(out)
    os.replace(staging, out)
    return build_id


def write_content(src, site):
    """Every file of the site but the two named after the build."""
    for package in PACKAGES:
        vendor_package(package, site)
    for name in engine_files(src):
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / name, target)
    write_ui_bundle(src, site)
    if (src / "static").is_dir():
        shutil.copytree(src / "static", site / "static",
                        ignore=shutil.ignore_patterns("__pycache__", ".*"))
    write_engine_files(site, engine_files(src))
    # The PNG icons are drawn now: the manifest lists them beside the SVG, and
    # sw.js precaches them with every other file of the site.
    manifest = dict(MANIFEST, icons=MANIFEST["icons"] + write_icons(site))
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2) + "\n")
    (site / ".nojekyll").write_text("")


def write_named_after_build(src, site, single=False):
    """index.html and sw.js; returns the build id. The id hashes everything
    but itself: both files are first written with the id blank and hashed
    with the rest of the site, then written again with the id."""
    template = (src / "index.html").read_text(encoding="utf-8")
    values = dict(page_values(src, site, template), DOWNLOAD=download_link(single))
    worker = SERVICE_WORKER.read_text(encoding="utf-8")
    precache = ["./"] + ["./" + name for name in precached_files(site)]

    def write(build_id):
        page = finished_page(template, dict(values, BUILD_ID=build_id))
        (site / "index.html").write_text(page, encoding="utf-8")
        (site / "sw.js").write_text(service_worker(worker, build_id, precache), encoding="utf-8")

    write("")
    build_id = content_hash(site)
    write(build_id)
    return build_id


def precached_files(site):
    """What sw.js precaches besides "./": the site's files but those the page
    never loads. Not sw.js itself either: the browser always fetches it from
    the network."""
    never = set(never_loaded(site)) | {".nojekyll", "index.html", "sw.js", WHOLE_STDLIB}
    never |= {"engine/files.json", *json.loads((site / "engine" / "files.json").read_text())}
    return [name for name in site_files(site) if name not in never]


def site_files(site):
    """Every file of `site`, as sorted relative paths."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())


def content_hash(site):
    """A hash of every file's path and bytes, in a fixed order."""
    digest = hashlib.sha256()
    for path in sorted(site.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(site).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def service_worker(template, build_id, precache):
    """sw.js: the template with the build id and the list of files to precache."""
    filled = {SW_BUILD_ID: build_id, SW_PRECACHE: json.dumps(precache, indent=2)}
    for placeholder, value in filled.items():
        if template.count(placeholder) != 1:
            raise BuildError("%s must hold %s exactly once" % (SERVICE_WORKER.name, placeholder))
        template = template.replace(placeholder, value)
    return template


# ---------------------------------------------------------------- sources


def python_files(folder):
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def engine_files(src):
    """The .py files of the engine worker: all of pyapp/ but the UI, and of the
    UI the modules the worker uses (`worker_ui_modules`)."""
    pyapp = src / "pyapp"
    ui = pyapp / "ui"
    used = worker_ui_modules(ui)
    return [path.relative_to(src).as_posix() for path in python_files(pyapp)
            if ui not in path.parents or path.stem in used]


def worker_ui_modules(ui):
    """The UI modules that the worker (pyapp/worker.py) uses, the package's
    __init__ included: ui/tables.py (the worker draws each payload's table)
    with the games' modules it names (MODULES, imported on first use), and
    ui/transfer.py (the worker merges an imported file), with those their
    imports reach."""
    found, todo = {"__init__"}, ["tables", "transfer"]
    while todo:
        name = todo.pop()
        found.add(name)
        todo.extend(n for n in ui_imports(ui, name, lazy=True) if n not in found)
    return found


def boot_order(ui, name="main"):
    """The UI modules that ui/<name>.py imports, at any depth, each after
    those it imports, and `name` last: the order in which index.html's
    bootstrap imports them, one main-thread task each."""
    order = []

    def visit(module):
        if module not in order:
            for imported in ui_imports(ui, module):
                visit(imported)
            order.append(module)

    visit(name)
    return order


def ui_imports(ui, name, lazy=False):
    """The modules of the package `ui` that ui/<name>.py imports: relatively
    or as pyapp.ui.<module>; with `lazy`, also those tables.py's MODULES
    names (imported on first use)."""
    names = []
    for node in ast.walk(ast.parse((ui / (name + ".py")).read_text())):
        if isinstance(node, ast.ImportFrom) and (node.level == 1 or node.module == "pyapp.ui"):
            names += [alias.name for alias in node.names] if node.module in (None, "pyapp.ui") \
                else [node.module]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pyapp.ui."):
            names.append(node.module[len("pyapp.ui."):])
        elif lazy and isinstance(node, ast.Assign) and name == "tables" and \
                [target.id for target in node.targets] == ["MODULES"]:
            names += [part for parts in ast.literal_eval(node.value).values() for part in parts]
    return [n for n in dict.fromkeys(names) if (ui / (n + ".py")).is_file()]


# PyScript's plugins that the page never uses. PyScript fetches every plugin
# that a config does not leave out, and waits for them all before it runs
# Python: five more round trips at the UI's start. It reads one config for
# each interpreter, so both leave them out: the UI's (MicroPython) and the
# page's <py-config> (Pyodide, which runs only in the engine's worker, never
# on the page). "error" stays: it shows a Python error on the page.
UNUSED_PLUGINS = ["deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal"]
PLUGINS_OFF = ["!" + name for name in UNUSED_PLUGINS]
# The UI's bytecode, all in one file (write_ui_bundle).
UI_BUNDLE = "pyapp/ui.bundle"


def ui_modules(src):
    """(source .py, its .mpy's path in the site) for each module of the UI."""
    pyapp = src / "pyapp"
    return [(path, path.relative_to(src).with_suffix(".mpy").as_posix())
            for path in [pyapp / "__init__.py"] + python_files(pyapp / "ui")]


def write_ui_bundle(src, site):
    """UI_BUNDLE: the bytecode of every UI module (tools/mpy.py) in one file,
    a line of JSON listing [path, length] of each, then their bytes in that
    order. The page's MicroPython script unpacks it into the file system
    before its first import. One request instead of 33: over HTTP/1.1 a
    browser opens at most 6 connections to a host, and the 33 held
    MicroPython's wasm in that queue for 0.2 s (bench/boot.py --link 20)."""
    index, parts = [], []
    with tempfile.TemporaryDirectory(prefix="safehouse-mpy-") as scratch:
        for source, name in ui_modules(src):
            target = Path(scratch) / name
            compile_module(source, target, source.relative_to(src).as_posix())
            parts.append(target.read_bytes())
            index.append([name, len(parts[-1])])
    bundle = site / UI_BUNDLE
    bundle.parent.mkdir(parents=True, exist_ok=True)
    bundle.write_bytes(json.dumps(index).encode() + b"\n" + b"".join(parts))


def read_ui_bundle(bundle):
    """{path: bytecode} of a file write_ui_bundle wrote."""
    index, _, data = Path(bundle).read_bytes().partition(b"\n")
    modules, start = {}, 0
    for name, length in json.loads(index):
        modules[name] = data[start:start + length]
        start += length
    if start != len(data):
        raise BuildError("%s holds %d bytes more than its index lists" % (bundle, len(data) - start))
    return modules


def ui_config(src):
    """The PyScript config of the MicroPython UI: the local interpreter (or
    PyScript would fetch one from a CDN), the file to mount (the UI's
    bytecode, UI_BUNDLE) and the plugins left out."""
    return {"interpreter": "./vendor/micropython/micropython.mjs",
            "files": {"./" + UI_BUNDLE: UI_BUNDLE}, "plugins": PLUGINS_OFF}


# ---------------------------------------------------------------- index.html


def page_values(src, site, template):
    """The value of each placeholder of `template` but {{BUILD_ID}} and {{CSP}}."""
    config = ui_config(src)
    values = {"UI_CONFIG": attribute_json(config), "PRELOADS": preload_links(site, config["files"]),
              "PY_CONFIG": html.escape(json.dumps({"plugins": PLUGINS_OFF}), quote=False),
              "UI_MODULES": json.dumps(boot_order(src / "pyapp" / "ui"))}
    values.update(lobby_values(src, set(PLACEHOLDER.findall(template))))
    return values


def download_link(single):
    """{{DOWNLOAD}}: the lobby's link to Safehouse.html, where the site has it."""
    if not single:
        return ""
    return ('<footer id="download" class="records"><h2>Play offline</h2><p>The whole app in one '
            'file, to keep and open from disk with no network and no server.</p>'
            '<a class="btn" href="./Safehouse.html" download>Download Safehouse.html</a></footer>')


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
        import pyapp.bots

        catalogue = pyapp.bots.catalogue()
        values = {"CATALOGUE_JSON": script_json(catalogue)}
        if "LOBBY_HTML" in wanted:
            import pyapp.ui.lobby

            values["LOBBY_HTML"] = pyapp.ui.lobby.lobby_html(catalogue)
        return values
    finally:
        sys.path.remove(str(src))


def preload_links(site, ui_files):
    """<link rel="modulepreload"> for the modules the UI's boot waits on in a
    chain (core.js imports its hashed chunk, which imports the error plugin's
    chunk, then loads MicroPython), so the browser fetches and compiles them
    at once (the error chunk, asked for only once the core runs, queued
    behind the .mpy preloads and held MicroPython back by 0.3 s on
    loopback); and <link rel="preload"> for the UI's bytecode (UI_BUNDLE),
    which PyScript asks for only once MicroPython runs, so it comes in
    beside the chain, not after it. It is fetched as PyScript fetches it
    (CORS mode, same-origin credentials), or the browser would fetch it
    twice. Not MicroPython's wasm: fetched beside 30 others, it
    came in too slowly for the page to judge its link fast enough for the
    engine's snapshot (index.html's linkIsFast), even on loopback."""
    pyscript = site / "vendor" / "pyscript"
    chunks = sorted(pyscript.glob("core-*.js")) + sorted(pyscript.glob("error-*.js"))
    modules = [path.relative_to(site).as_posix() for path in chunks]
    modules.append("vendor/micropython/micropython.mjs")
    return "\n  ".join(['<link rel="modulepreload" href="./%s">' % html.escape(name)
                         for name in modules] +
                        ['<link rel="preload" href="%s" as="fetch" crossorigin>' % html.escape(url)
                         for url in ui_files])


def fill_page(template, values):
    used = set(PLACEHOLDER.findall(template))
    unknown = sorted(used - set(values))
    if unknown:
        raise BuildError("index.html has unknown placeholders: %s" % ", ".join(unknown))
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


def finished_page(template, values):
    """index.html with every placeholder filled, the policy last: it hashes
    the inline scripts of the page as filled (it sits in a <meta> attribute,
    outside every script, so filling it changes no hash)."""
    page = fill_page(template, dict(values, CSP=""))
    policy = content_security_policy(page)  # no quotes: it goes into content="..." as is
    return fill_page(template, dict(values, CSP=html.escape(policy, quote=False)))


def content_security_policy(page):
    """The policy for `page` as built: CSP with a hash per inline script."""
    hashes = ["'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
              for text in inline_scripts(page)]
    policy = dict(CSP, **{"script-src": " ".join([CSP["script-src"], *hashes])})
    return "; ".join("%s %s" % item for item in policy.items())


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
