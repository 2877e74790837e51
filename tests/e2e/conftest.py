"""Browser fixtures for the end-to-end tests: plain Playwright, sync API.

- `browser` (session): Chromium, Debian's if installed (testenv.find_chromium),
  launched with testenv.CHROMIUM_ARGS, where every host name but 127.0.0.1
  fails to resolve.
- `context` / `page` (per test): a fresh profile at 1280x800. Every request
  is logged (`context.request_log`, a list of URLs); at teardown the test
  fails if any went to another origin than the test servers, or failed.
  Every page of the context records the Content-Security-Policy violations
  it meets (`window.__cspViolations`, the console, `context.csp_violations`);
  at teardown the test fails if there was any.
  `page.console_log` holds the browser console, shown when a wait times out.

These tests are skipped only when the playwright package is missing, as
under a bare `python3 -m pytest`; `python3 build.py test` always installs it.
"""

import os
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest

from tools import testenv
from tools.serve import SiteServer

from . import PHONE

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sync_playwright = None

HERE = os.path.dirname(os.path.abspath(__file__))
VIEWPORT = {"width": 1280, "height": 800}
LOCAL_SCHEMES = ("data:", "blob:", "about:")

# Run in every page before its own scripts: note each violation of the
# page's policy where a test can read it, and in the console.
CSP_PREFIX = "CSP violation: "
RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.sourceFile ? " (" + event.sourceFile + ":" + event.lineNumber + ":" + event.columnNumber + ")" : "";
  const text = event.effectiveDirective + " blocked " + (event.blockedURI || "(none)") + where;
  window.__cspViolations.push(text);
  console.error("%s" + text);
});
""" % CSP_PREFIX


def pytest_collection_modifyitems(config, items):
    if sync_playwright is not None:
        return
    skip = pytest.mark.skip(reason="playwright is not installed; `python3 build.py test` installs it")
    for item in items:
        if str(item.path).startswith(HERE + os.sep):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser():
    chromium = testenv.find_chromium()
    if chromium is None:
        pytest.fail("no Chromium found; install Debian's: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**testenv.chromium_launch_options(chromium))
        yield browser
        browser.close()


def off_origin(urls):
    """The URLs that went anywhere but a test server of this run."""
    origins = {server.origin for server in SiteServer.running}
    return [
        url for url in urls
        if not url.startswith(LOCAL_SCHEMES)
        and "%s://%s" % urlsplit(url)[:2] not in origins
    ]


def new_logged_context(browser, **options):
    """A browser context that records every request, failure and CSP violation."""
    options.setdefault("viewport", VIEWPORT)
    context = browser.new_context(**options)
    context.request_log = []
    context.failed_requests = []
    context.csp_violations = []
    context.on("request", lambda request: context.request_log.append(request.url))
    context.on(
        "requestfailed",
        lambda request: context.failed_requests.append("%s (%s)" % (request.url, request.failure)),
    )
    context.add_init_script(RECORD_CSP_VIOLATIONS)

    def note_violation(message):
        if message.text.startswith(CSP_PREFIX):
            context.csp_violations.append(message.text[len(CSP_PREFIX):])

    context.on("console", note_violation)
    return context


def check_requests(context):
    """After the context closed: fail on a stray or failed request, or on
    anything the page's Content-Security-Policy blocked."""
    assert not context.csp_violations, "the page's policy blocked: %s" % context.csp_violations
    strays = off_origin(context.request_log)
    assert not strays, "requests left the test server's origin: %s" % strays
    # A navigation that replaces a loading page aborts its requests; that is
    # the test's doing, not the site's.
    failed = [line for line in context.failed_requests if "ERR_ABORTED" not in line]
    assert not failed, "requests failed: %s" % failed


@contextmanager
def own_context(browser, check=True):
    """A logged context, closed at the end; then, with `check` and unless the
    block failed, the checks of the `context` fixture (check_requests)."""
    context = new_logged_context(browser)
    try:
        yield context
    finally:
        context.close()
    if check:
        check_requests(context)


@pytest.fixture
def context(browser):
    with own_context(browser) as context:
        yield context


@pytest.fixture
def page(context):
    page = context.new_page()
    page.console_log = []
    page.on("console", lambda message: page.console_log.append("%s: %s" % (message.type, message.text)))
    page.on("pageerror", lambda error: page.console_log.append("pageerror: %s" % error))
    yield page


@pytest.fixture
def phone(browser):
    """A page on a touch phone, 390x844, whose console errors fail the test."""
    context = new_logged_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.console_log = []
    page.on("console", lambda message: page.console_log.append(message.text))
    page.on("pageerror", lambda error: page.console_log.append("pageerror: %s" % error))
    yield page
    errors = [line for line in page.console_log if line.startswith("pageerror")]
    context.close()
    check_requests(context)
    assert not errors, errors
