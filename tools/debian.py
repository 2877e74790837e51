"""Debian packages the build and the tests need, installed when missing.

`build.py` must set a fresh machine up by itself, so a step that finds a
command missing asks `provide()` for it. Run as root on a machine with
apt-get, that installs the package (once `apt-get update` has run); anywhere
else it raises a BuildError naming the command to run.
"""

import importlib.util
import os
import shutil
import subprocess

from tools import BuildError

_updated = False  # `apt-get update` runs at most once per build


def command(name, package, why):
    """The path of the command `name`, from the Debian `package` if it is missing."""
    found = shutil.which(name)
    if found is None:
        provide(package, why)
        found = shutil.which(name)
    if found is None:
        raise BuildError("%s was installed but the command %s is still not on PATH" % (package, name))
    return found


def venv_module(why):
    """Make sure `python3 -m venv` works: Debian ships it apart, as python3-venv."""
    if importlib.util.find_spec("ensurepip") is None:
        provide("python3-venv", why)


def provide(package, why):
    """Install the Debian `package` when we may; else a BuildError saying
    `why` it is needed and how to install it."""
    if not can_install():
        raise BuildError("%s; on Debian: apt-get install %s" % (why, package))
    print("installing %s with apt-get (%s)" % (package, why), flush=True)
    global _updated
    if not _updated:
        apt_get("update", "-q")
        _updated = True
    apt_get("install", "-y", "-q", "--no-install-recommends", package)


def can_install():
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def apt_get(*args):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if subprocess.run(["apt-get", *args], env=env).returncode != 0:
        raise BuildError("`apt-get %s` failed (see above)" % " ".join(args))
