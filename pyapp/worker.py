"""The engine worker's API: the only module the page's worker calls.

static/engine-worker.mjs boots Pyodide in a Web Worker and calls the
functions named in CALLS, one at a time, with JSON text in and out. This
module keeps one Session. It never touches the DOM, so the page needs no
cross-origin isolation.
"""

import json

from pyapp.session import Session

_session = None


def _answer(work):
    """Run `work()` and turn its payload, or any failure, into JSON text."""
    try:
        payload = work()
    except ValueError as err:
        payload = _current(str(err))
    except Exception as err:  # a bug must not lose the game: report and keep it
        payload = _current("Something went wrong in the engine (%s: %s); your game is "
                           "unchanged." % (type(err).__name__, err))
    return json.dumps(payload)


def _current(error):
    if _session is None:
        return {"ok": False, "error": error, "view": None}
    payload = _session.payload(error=error)
    return payload


def _require_session():
    if _session is None:
        raise ValueError("No game is in progress.")
    return _session


def start(spec_json):
    """Begin a new game from {"game", "players", "seed", "options", "levels"}."""
    def work():
        global _session
        _session = Session.start(json.loads(spec_json))
        return _session.payload()
    return _answer(work)


def restore(save_json):
    """Resume a saved game; a corrupt save is refused with a reason."""
    def work():
        global _session
        try:
            saved = json.loads(save_json)
        except ValueError:
            raise ValueError("The saved game is not readable (it is not JSON).")
        _session = Session.restore(saved)
        return _session.payload()
    return _answer(work)


def act(request_json):
    """The human's action: {"action": {...}, "moves": n}."""
    def work():
        request = json.loads(request_json)
        return _require_session().act(request.get("action"), request.get("moves"))
    return _answer(work)


def bot_step(_=None):
    return _answer(lambda: _require_session().bot_step())


def hint(_=None):
    return _answer(lambda: _require_session().hint())


def ping(_=None):
    return "ready"


# What the page may call (static/engine-worker.mjs refuses anything else).
CALLS = ("start", "restore", "act", "bot_step", "hint", "ping")
