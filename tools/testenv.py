"""What the tests need, and running them.

For `build.py test`, `ready()` makes .venv with the exact pins of
requirements-test.txt, fetches the pinned test packages (vendor.TEST_PACKAGES)
and finds Chromium, and `run_pytest()` runs pytest on
a built site with SAFEHOUSE_DIST and SAFEHOUSE_CHROMIUM set. The end-to-end
tests and the benchmarks start Chromium with `chromium_launch_options()`.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools import ROOT, BuildError, debian, vendor

VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-test.txt"

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
    """$SAFEHOUSE_CHROMIUM, else Debian's chromium; else "playwright" if
    Playwright has its own; else None."""
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
        debian.venv_module("the tests run from a .venv")
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


def ready():
    """(.venv's python, the Chromium to use) for running the tests."""
    python = ensure_venv()
    for package in vendor.TEST_PACKAGES.values():
        vendor.fetch_package(package)  # fetched here, before any test needs it
    chromium = find_chromium() or debian.command(
        "chromium", "chromium", "the end-to-end tests need Chromium and none was found")
    return python, chromium


def run_pytest(environment, site, pytest_args):
    """Run pytest in `environment` (from ready()) on the built `site`; its exit code."""
    python, chromium = environment
    print("browser: %s" % chromium, flush=True)
    env = dict(os.environ, SAFEHOUSE_CHROMIUM=chromium, SAFEHOUSE_DIST=str(Path(site).resolve()))
    return subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
