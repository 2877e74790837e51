"""The browser runtimes, vendored from exact npm pins.

Each package of PACKAGES is fetched once with `npm pack` into a cache outside
the repository (cache_root()/npm), checked against its pinned sha512
integrity, and only the files the page loads are extracted into the site,
without source maps and with the package's patches applied. Of a package
that ships a whole folder, `page_loads` names what the page loads:
`never_loaded()` is the rest, which the service worker does not precache.

TEST_PACKAGES are pinned and cached the same way for the tests alone (axe-core);
nothing of them goes into the site: `axe_source()` reads its file from the
cached tarball.
"""

import base64
import fnmatch
import hashlib
import os
import re
import subprocess
import tarfile
import tempfile
from pathlib import Path

from tools import BuildError, cache_root, debian

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
        "files": {"dist/core.js": 100},
        # Of the folder, what the page loads: the core (not its stylesheet:
        # static/app.css has the one rule of it the page needs), and the
        # plugins it imports at boot, for each of its two script types (py,
        # mpy), unless a config turns them off. What those plugins import
        # only when used (the editor's CodeMirror, the terminal's xterm, ...)
        # and the core's other lazy chunks ship, since the core can import()
        # them, but sw.js does not precache them (tests/e2e/test_site.py
        # records a session).
        # The others are plugins the UI's config turns off (tools/site.py's
        # UNUSED_PLUGINS) and what only they import.
        "page_loads": ["core.js", "core-*.js", "error-*.js"],
        "patches": {
            "dist/core-C9KDLldu.js": [
                # While it boots, PyScript compiles the hooks of PyScript
                # *workers* with Function(source), even on a page that has
                # none (this one has none: its engine is a plain worker).
                # That one call is all that would need 'unsafe-eval' in the
                # page's policy, so the build drops it; with no worker hooks
                # PyScript itself returns undefined there.
                ("return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()", "return undefined"),
                # Before the page's MicroPython script, PyScript runs Python
                # source that holds its whole `pyscript` package as strings,
                # writes each module into the file system and imports the
                # package: the longest task of the UI's boot, 0.4 s at
                # Lighthouse's 4x CPU slowdown, and 15-80 ms at 1x even as
                # bytecode. The UI does not use the package: on the main
                # thread its `window`, `document` and `ffi` are MicroPython's
                # own `js` and `jsffi` modules, which the UI imports itself.
                # So MicroPython's bootstrap runs nothing. (Pyodide's, unused
                # on the page, stays.)
                ('n="mpy"===t?Ao.replace(bo,""):Ao', 'n="mpy"===t?"":Ao'),
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
        "patches": {
            # Every failed lookup in MicroPython's file system throws an
            # FS.ErrnoError: each import tries several paths, so the UI's boot
            # throws some 350. This build's ErrnoError extends Error, and
            # while DevTools is attached (Lighthouse, Playwright) V8 records
            # a detailed stack trace of every Error made, through
            # MicroPython's deep WebAssembly stack: 40-70 ms of the boot's
            # main thread (measured), and the stack is never read. As
            # Emscripten's own later builds do, the build makes it a plain
            # class; the file system's code tells it by `name` and `errno`,
            # never by `instanceof Error`, and it keeps its `message`.
            "micropython.mjs": [
                ('ErrnoError:class extends Error{name="ErrnoError";constructor(errno){for(var key in '
                 'super(runtimeInitialized?(errno=>UTF8ToString(_strerror(errno)))(errno):""),',
                 'ErrnoError:class{name="ErrnoError";constructor(errno){for(var key in '
                 'this.message=runtimeInitialized?(errno=>UTF8ToString(_strerror(errno)))(errno):"",'),
            ],
        },
    },
]

# Packages the tests use and the site never ships: fetched, checked and
# cached like the runtimes above, read in place from their tarball.
# axe-core is the accessibility checker the browser tests inject into the
# page (tests/e2e/test_a11y.py): one file, the engine of the common
# accessibility audits, so the tests judge contrast, names and roles the way
# those audits do instead of by rules of our own.
TEST_PACKAGES = {
    "axe-core": {
        "name": "axe-core",
        "version": "4.14.1",
        "integrity": "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
        "files": {"axe.min.js": 300_000},
    },
}

SOURCE_MAP_LINE = re.compile(rb"^//# sourceMappingURL=.*$\n?", re.MULTILINE)


def npm_cache():
    return cache_root() / "npm"


def npm_integrity(path):
    digest = hashlib.sha512(Path(path).read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def fetch_package(package):
    """The cached tarball of `package`, fetched with `npm pack` on first use."""
    cache = npm_cache()
    safe_name = package["name"].lstrip("@").replace("/", "-")
    tarball = cache / ("%s-%s.tgz" % (safe_name, package["version"]))
    if tarball.exists() and npm_integrity(tarball) == package["integrity"]:
        return tarball
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        os.replace(npm_pack(package, Path(scratch)), tarball)
    return tarball


def npm_pack(package, scratch):
    """Fetch `package` into the folder `scratch`; the tarball, checked."""
    spec = "%s@%s" % (package["name"], package["version"])
    npm = debian.command("npm", "npm", "npm (Node.js) is needed once to fetch the pinned "
                         "runtimes (%s ...)" % spec)
    print("fetching %s with npm pack (cached in %s)" % (spec, scratch.parent), flush=True)
    done = subprocess.run(
        [npm, "pack", spec, "--silent", "--pack-destination", str(scratch)],
        cwd=scratch, capture_output=True, text=True,
    )
    packed = list(scratch.glob("*.tgz"))
    if done.returncode != 0 or len(packed) != 1:
        raise BuildError(
            "`npm pack %s` failed (exit %d):\n%s\nCheck that this machine reaches the "
            "npm registry (npm config get registry) and build again."
            % (spec, done.returncode, (done.stderr or done.stdout).strip())
        )
    got = npm_integrity(packed[0])
    if got != package["integrity"]:
        raise BuildError("%s does not match its pinned integrity:\n  pinned %s\n  got    %s"
                         % (spec, package["integrity"], got))
    return packed[0]


def vendor_package(package, site):
    """Extract the files the page needs from `package` into `site`."""
    tarball = fetch_package(package)
    shipped = []
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            if not member.isfile() or not member.name.startswith("package/"):
                continue
            inner = member.name[len("package/"):]
            destination = shipped_path(package, inner)
            if destination is None:
                continue
            data = prepared(package, inner, archive.extractfile(member).read(), tarball)
            target = site / package["dest"] / destination
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            shipped.append(inner)
    missing = sorted((set(package["files"]) | set(package.get("patches", {}))) - set(shipped))
    if missing:
        raise BuildError("%s lacks %s; delete %s and build again" % (tarball.name, missing, tarball))


def shipped_path(package, inner):
    """Where the tarball's file `inner` goes under the package's `dest`, or
    None if the page does not need it."""
    folder = package.get("dir_files")
    if folder and inner.startswith(folder + "/") and not inner.endswith(".map"):
        return inner[len(folder) + 1:]
    return inner if inner in package["files"] else None


def never_loaded(site):
    """The vendored files in `site` that the page never loads: those of a
    package with `page_loads` that match none of its patterns."""
    unused = []
    for package in PACKAGES:
        patterns = package.get("page_loads")
        if patterns is None:
            continue
        folder = site / package["dest"]
        for path in sorted(folder.rglob("*")):
            name = path.relative_to(folder).as_posix()
            if path.is_file() and not any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
                unused.append(path.relative_to(site).as_posix())
    return unused


def prepared(package, inner, data, tarball):
    """The bytes to ship for the tarball's file `inner`: its source-map
    comment dropped, its patches applied, its size checked."""
    if inner.endswith((".js", ".mjs")):
        # Shipping no source maps, so drop the comments that would make
        # devtools request them (a 404 each).
        data = SOURCE_MAP_LINE.sub(b"", data)
    for old, new in package.get("patches", {}).get(inner, []):
        if data.count(old.encode()) != 1:
            raise BuildError("%s in %s does not hold this text once, so its patch in "
                             "tools/vendor.py's PACKAGES needs updating: %s" % (inner, tarball.name, old))
        data = data.replace(old.encode(), new.encode())
    least = package["files"].get(inner, 0)
    if len(data) < least:
        raise BuildError("%s in %s is only %d bytes (expected at least %d); delete %s and build again"
                         % (inner, tarball.name, len(data), least, tarball))
    return data


def tool_file(name, inner):
    """The text of the file `inner` of TEST_PACKAGES[name], fetched on first use."""
    package = TEST_PACKAGES[name]
    tarball = fetch_package(package)
    with tarfile.open(tarball) as archive:
        data = archive.extractfile("package/" + inner).read()
    least = package["files"].get(inner, 0)
    if len(data) < least:
        raise BuildError("%s in %s is only %d bytes (expected at least %d); delete %s and try again"
                         % (inner, tarball.name, len(data), least, tarball))
    return data.decode("utf-8")


def axe_source():
    """The text of axe-core's axe.min.js, for the tests to inject into a page."""
    return tool_file("axe-core", "axe.min.js")
