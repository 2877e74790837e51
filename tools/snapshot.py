"""The engine worker's memory snapshot, made under Node.

write_engine_files() writes engine/files.json (the worker's .py files, which
it imports when it boots the plain way) and engine/snapshot.gz: the heap of
the vendored Pyodide with every engine module imported, made by Node running
make-snapshot.mjs. The worker restores that heap instead of starting CPython.
A snapshot is cached in cache_root()/snapshots by the hash of everything it
depends on (the script, the runtime, the engine's files), so a rebuild stays
fast.
"""

import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from tools import ROOT, BuildError, cache_root

SCRIPT = Path(__file__).with_name("make-snapshot.mjs")
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


def snapshot_key(site, names, script):
    """What the snapshot depends on: the script, the runtime, the engine."""
    digest = hashlib.sha256(script.encode())
    for path in sorted((site / "vendor" / "pyodide").iterdir()):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for name in names:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    return digest.hexdigest()[:24]


def check_no_machine_paths(data, site):
    """The heap ships to every visitor: it must not carry this machine's paths."""
    for path in {str(ROOT), str(site.resolve()), str(cache_root())}:
        if path.encode() in data:
            raise BuildError("the engine snapshot holds the local path %s; not shipping it" % path)


def write_engine_files(site, names):
    """site/engine/files.json, the engine's .py files `names` (already in
    `site`), and site/engine/snapshot.gz, the heap with them imported."""
    (site / "engine").mkdir(exist_ok=True)
    (site / "engine" / "files.json").write_text(json.dumps(names, indent=1) + "\n")
    script = SCRIPT.read_text()
    cached = cache_root() / "snapshots" / ("engine-%s.gz" % snapshot_key(site, names, script))
    if not cached.exists():
        keep_only(cached, gzip.compress(make_snapshot(site, script), compresslevel=6, mtime=0))
    shutil.copyfile(cached, site / "engine" / "snapshot.gz")


def make_snapshot(site, script):
    """The raw heap, made by Node running `script` over the site."""
    print("making the engine snapshot (Node + Pyodide, a few seconds)", flush=True)
    with tempfile.TemporaryDirectory(prefix="safehouse-snapshot-") as scratch:
        raw = Path(scratch) / "snapshot.bin"
        # On stdin, so that no path of this machine becomes the program name.
        made = subprocess.run(
            [find_node(), "--input-type=module", "-"], input=script, text=True,
            env=dict(os.environ, SAFEHOUSE_SITE=str(site.resolve()), SAFEHOUSE_SNAPSHOT=str(raw)),
            capture_output=True,
        )
        if made.returncode != 0 or not raw.exists():
            raise BuildError("Node could not make the engine snapshot:\n%s" % made.stderr[-2000:])
        data = raw.read_bytes()
    check_no_machine_paths(data, site)
    return data


def keep_only(cached, data):
    """Store `data` as `cached`, the one snapshot kept (they are 6 MB each)."""
    cached.parent.mkdir(parents=True, exist_ok=True)
    for old in cached.parent.glob("engine-*.gz"):
        old.unlink(missing_ok=True)  # another build may have just removed it
    partial = cached.with_name("%s.%d.partial" % (cached.name, os.getpid()))
    partial.write_bytes(data)
    os.replace(partial, cached)
