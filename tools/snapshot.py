"""The engine worker's memory snapshot, made under Node.

write_engine_files() writes engine/files.json (the engine's .py files),
engine/modules.zip (the same modules compiled, which the worker imports when
it boots the plain way), engine/stdlib.zip (the standard library modules the
engine loads, compiled: both boots mount it instead of Pyodide's whole
python_stdlib.zip) and engine/snapshot.gz: the heap of the vendored Pyodide
with every engine module imported. Node makes the last three, running
make-snapshot.mjs: only the vendored CPython can compile for itself. The
worker restores that heap instead of starting CPython. They are cached in
cache_root()/snapshots by the hash of everything they depend on (the script,
the runtime, the engine's files), so a rebuild stays fast.
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

from tools import ROOT, BuildError, cache_root, debian

SCRIPT = Path(__file__).with_name("make-snapshot.mjs")
MADE = ("snapshot.gz", "stdlib.zip", "modules.zip")  # what Node makes for engine/
NODE_MIN_MAJOR = 18  # pyodide's own requirement


def find_node():
    node = shutil.which("node") or shutil.which("nodejs") or debian.command(
        "node", "nodejs", "the build needs Node.js to make the engine snapshot")
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
    `site`), site/engine/modules.zip, site/engine/stdlib.zip and
    site/engine/snapshot.gz, the heap with them imported."""
    (site / "engine").mkdir(exist_ok=True)
    (site / "engine" / "files.json").write_text(json.dumps(names, indent=1) + "\n")
    script = SCRIPT.read_text()
    cached = cache_root() / "snapshots" / ("engine-%s" % snapshot_key(site, names, script))
    made = {name: cached.with_name(cached.name + "-" + name) for name in MADE}
    if not all(path.exists() for path in made.values()):
        files = make_snapshot(site, script)
        files["snapshot.gz"] = gzip.compress(files.pop("snapshot.bin"), compresslevel=9, mtime=0)
        keep_only(cached.parent, {made[name]: data for name, data in files.items()})
    for name, path in made.items():
        shutil.copyfile(path, site / "engine" / name)


def make_snapshot(site, script):
    """{"snapshot.bin": the raw heap, "stdlib.zip": the standard library it
    was made with, "modules.zip": the engine's modules compiled}, made by
    Node running `script` over the site."""
    print("making the engine snapshot (Node + Pyodide, a few seconds)", flush=True)
    with tempfile.TemporaryDirectory(prefix="safehouse-snapshot-") as scratch:
        paths = {name: Path(scratch) / name for name in ("snapshot.bin", "stdlib.zip", "modules.zip")}
        # On stdin, so that no path of this machine becomes the program name.
        made = subprocess.run(
            [find_node(), "--input-type=module", "-"], input=script, text=True,
            env=dict(os.environ, SAFEHOUSE_SITE=str(site.resolve()),
                     SAFEHOUSE_SNAPSHOT=str(paths["snapshot.bin"]),
                     SAFEHOUSE_STDLIB=str(paths["stdlib.zip"]),
                     SAFEHOUSE_MODULES=str(paths["modules.zip"])),
            capture_output=True,
        )
        if made.returncode != 0 or not all(path.exists() for path in paths.values()):
            raise BuildError("Node could not make the engine snapshot:\n%s" % made.stderr[-2000:])
        files = {name: path.read_bytes() for name, path in paths.items()}
    for shipped in files.values():
        check_no_machine_paths(shipped, site)
    return files


def keep_only(folder, files):
    """Store `files` ({path: bytes}) in `folder`, the one set kept (a
    snapshot is 5 MB)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("engine-*"):
        old.unlink(missing_ok=True)  # another build may have just removed it
    for path, data in files.items():
        partial = path.with_name("%s.%d.partial" % (path.name, os.getpid()))
        partial.write_bytes(data)
        os.replace(partial, path)
