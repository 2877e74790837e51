"""A static server of a built site on 127.0.0.1, at / or under a sub-path.

`serve()` is `build.py serve`; the tests and benchmarks use `SiteServer`
as a context manager, on a free port, from a background thread.
"""

import http.server
import os
import threading

from tools import DIST

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
    ".bundle": "application/octet-stream",  # the UI's bytecode (tools/site.py's write_ui_bundle)
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a built site, optionally under a sub-path such as /safehouse/.

    Subclass with `directory`, `prefix` (a path ending in "/", or "/") and
    `quiet` set; `make_handler` does that.
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

    running: list["SiteServer"] = []

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
    """Serve `directory` in the foreground until Ctrl-C."""
    server = SiteServer(directory, prefix, port, quiet=False)
    print("Safehouse is served at %s  (Ctrl-C stops)" % server.url, flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
