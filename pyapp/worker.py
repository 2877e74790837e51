"""The engine worker's API: the only module the page's worker calls.

static/engine-worker.mjs boots Pyodide in a Web Worker and calls the
functions named in CALLS, one at a time, with JSON text in and out. This
module keeps one Session. It never touches the DOM, so the page needs no
cross-origin isolation.

Every answer is JSON text. A failed call never replaces or changes the
current game; it answers an "error" sentence (beside that game's payload,
for the calls that answer one).
"""

import gc
import json
import re
from typing import Any, Callable, Mapping, TypedDict

from pyapp.bots.spy_tricks import hard_bot
from pyapp.engine.protocol import clipped
from pyapp.engine.rng import Rng
from pyapp.games import GAMES, new_game
from pyapp.replay import Replay
from pyapp.review import decisions, review_step
from pyapp.session import Payload, Session, as_sentence, fault_text
from pyapp.ui import saves, transfer
from pyapp.ui.tables import TABLES

MAX_REQUEST_CHARS = 1_000_000
MAX_NESTING = 64  # a save nests 5 deep; the limit only stops hostile text
ERROR_LIMIT = 300  # characters of an error sentence, a last guard

# A JSON string literal, escapes included: brackets inside it nest nothing.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class NoGame(TypedDict):
    """A failed call's answer while no game is in progress."""

    ok: bool
    error: str
    view: None


class Drawn(Payload):
    """A payload with its table as the page draws it (`_with_table`)."""

    table_html: str


Answer = Payload | NoGame

_session: Session | None = None
_replay: Replay | None = None  # the game last replayed: stepping through it replays nothing


def parse(text: object, what: str = "request", limit: int = MAX_REQUEST_CHARS) -> Any:
    """The value of a request's JSON text; ValueError if the text is not a
    string, is longer than `limit`, nests too deeply or is not JSON."""
    if not isinstance(text, str):
        raise ValueError("The %s is not text." % what)
    if len(text) > limit:
        raise ValueError("The %s is too large (%d characters; at most %d)."
                         % (what, len(text), limit))
    if _nests_too_deeply(text):
        raise ValueError("The %s nests more than %d levels deep." % (what, MAX_NESTING))
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError("The %s is not readable (it is not JSON)." % what) from None


def _nests_too_deeply(text: str) -> bool:
    """Whether JSON text nests deeper than MAX_NESTING, counted in a loop.
    json.loads recurses: on a 100,000-deep nesting Pyodide's C stack
    overflows, a fatal error that no `except` catches."""
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_NESTING:
            return True
    return False


def _answer(work: Callable[[], Payload]) -> str:
    """Run `work()` and turn its payload, or any failure, into JSON text."""
    try:
        payload: Answer = work()
    except Exception as err:
        payload = _current(_failure(err))
    return _reply(_with_table(payload))


def _with_table(payload: Answer) -> Drawn | NoGame:
    """The payload with "table_html": its table as the page draws it with no
    card selected and no hint. CPython draws it many times faster than the
    page's MicroPython, and here it keeps the page's main thread free while
    bots move. It is drawn from the payload as the page will read it (JSON),
    so it is the very markup the page would make."""
    if payload["view"] is None:
        return payload
    seen = json.loads(json.dumps(payload))
    drawn: Drawn = {**payload, "table_html": TABLES[payload["game"]].table_html(seen, [], None)}
    return drawn


def _failure(err: Exception) -> str:
    """The sentence that a failed call answers."""
    if isinstance(err, ValueError):
        return as_sentence(str(err), "The engine refused that request.")
    # A bug: the session is as it was (its calls are transactions), so say so.
    return "Something went wrong in the engine (%s); your game is unchanged." % fault_text(err)


def _reply(answer: Mapping[str, Any]) -> str:
    """An answer as JSON text, its error sentence capped at ERROR_LIMIT."""
    if answer.get("error"):
        answer = dict(answer, error=clipped(answer["error"], ERROR_LIMIT))
    return json.dumps(answer)


def _current(error: str) -> Answer:
    """The current game's payload with `error`, or just the error without a game."""
    if _session is None:
        return {"ok": False, "error": error, "view": None}
    return _session.payload(error=error)


def _require_session() -> Session:
    if _session is None:
        raise ValueError("No game is in progress.")
    return _session


def start(spec_json: str) -> str:
    """Begin a new game from {"game", "players", "seed", "options", "levels"}."""
    def work() -> Payload:
        global _session
        _session = Session.start(parse(spec_json))
        return _session.payload()
    return _answer(work)


def restore(save_json: str) -> str:
    """Resume a saved game; a corrupt save is refused with a reason."""
    def work() -> Payload:
        global _session
        _session = _restored(save_json)
        return _session.payload()
    return _answer(work)


def check(save_json: str) -> str:
    """Whether a stored save can be resumed, found by the same replay as
    `restore`, but without touching the current game. Answers {"ok": true,
    "over"} and the game's facts (pyapp.session.GameFacts: "save", as this
    engine version makes it, "game", "title", "players", "levels", "humans",
    "moves", "seed"), or {"ok": false, "error"}."""
    try:
        session = _restored(save_json)
    except Exception as err:
        return _reply({"ok": False, "error": _failure(err)})
    return _reply({"ok": True, **session.facts(), "over": session.state.is_over})


def _restored(save_json: str) -> Session:
    return Session.restore(parse(save_json, "saved game"))


def act(request_json: str) -> str:
    """The human's action: {"action": {...}, "moves": n}, with "for_human":
    true when the page makes the human's only choice for them."""
    def work() -> Payload:
        request = parse(request_json)
        if not isinstance(request, dict):
            raise ValueError("A move is sent as a JSON object with an \"action\".")
        return _require_session().act(request.get("action"), request.get("moves"),
                                      request.get("for_human") is True)
    return _answer(work)


def undo(request_json: str) -> str:
    """Take back the human's last choice: {"moves": n}."""
    def work() -> Payload:
        request = parse(request_json)
        if not isinstance(request, dict):
            raise ValueError("Undo is sent as a JSON object with \"moves\".")
        return _require_session().undo(request.get("moves"))
    return _answer(work)


def bot_step(_: object = None) -> str:
    """Play one bot decision, if a bot is to act."""
    return _answer(lambda: _require_session().bot_step())


def coach_next(_: object = None) -> str:
    """In a lesson: past the coach's note on show."""
    return _answer(lambda: _require_session().coach_next())


def hint(_: object = None) -> str:
    """What the strongest bot would do in the human's place."""
    return _answer(lambda: _require_session().hint())


def replay(request_json: str) -> str:
    """One step of a saved game's replay, without touching the current game:
    {"save", "step", "moves": true to list the moves too} answers {"ok",
    "steps", "step", "payload": what the human seat saw (its table drawn
    here, read-only, as for any payload), "hands": every
    seat's [seat, hand], "moves": [{"seat", "text"}] if asked} or {"ok":
    false, "error"}."""
    try:
        request, replayed = _replay_request(request_json)
        step = request.get("step")
        answer = {"ok": True, "steps": replayed.steps, "step": step,
                  "payload": _with_table(replayed.payload(step)), "hands": replayed.hands(step)}
        if request.get("moves") is True:
            answer["moves"] = replayed.moves()
    except Exception as err:
        return _reply({"ok": False, "error": _failure(err)})
    return _reply(answer)


def review(request_json: str) -> str:
    """A review of the human's decisions in a saved game, one at a time so
    that the page can show progress and stop: {"save"} answers {"ok",
    "decisions": [steps]}; {"save", "step"} answers {"ok", "step", "review":
    pyapp.review.review_decision's answer or null}; else {"ok": false, "error"}."""
    try:
        request, replayed = _replay_request(request_json)
        if "step" not in request:
            answer = {"ok": True, "decisions": decisions(replayed)}
        else:
            answer = {"ok": True, "step": request["step"],
                      "review": review_step(replayed, request["step"])}
    except Exception as err:
        return _reply({"ok": False, "error": _failure(err)})
    return _reply(answer)


def _replay_request(request_json: str) -> tuple[dict[str, Any], Replay]:
    """A replay or review request, and its game dealt again (kept for the next)."""
    global _replay
    request = parse(request_json)
    if not isinstance(request, dict):
        raise ValueError("A replay is asked for with a JSON object holding a \"save\".")
    if _replay is None or _replay.saved != request.get("save"):
        _replay = Replay(request.get("save"))
    return request, _replay


def import_data(request: str) -> str:
    """Merge an export file into this device's data, without touching the
    game in progress (pyapp/ui/transfer.py's import_export, which checks
    each entry first). The request's first line is JSON {"store": {key:
    text}, the page's safehouse.* entries, "now": ms}; the rest is the
    file's text as it is (so that megabytes of it are not escaped into JSON
    once more). Answers {"ok": true, "writes": [[key, text, what, count]],
    "removes": [key], "added", "merged", "kept", "skipped": [[what, why]]},
    for the page to write, or {"ok": false, "error"}: why the file is not
    an export, in words that follow "could not be imported: "."""
    try:
        head, _, text = request.partition("\n")
        try:
            asked = parse(head, "import request", transfer.MAX_FILE_CHARS)
        except ValueError:
            asked = None
        if not isinstance(asked, dict) or not isinstance(asked.get("store"), dict) \
                or type(asked.get("now")) is not int:
            raise ValueError("the page sent no entries to merge it into")
        # (pyapp/ui is untyped: MicroPython, which runs it on the page, has no typing)
        answer = transfer.import_export(  # type: ignore[no-untyped-call]
            _own_entries(asked["store"]), text, _id_maker(asked["now"]), _titles(),
            _nests_too_deeply)
    except ValueError as err:
        return _reply({"ok": False, "error": str(err)})
    except MemoryError:
        return _reply({"ok": False, "error": "the engine ran out of memory while reading it"})
    except Exception as err:
        return _reply({"ok": False, "error": "the engine failed while reading it (%s)"
                       % fault_text(err)})
    return _reply({"ok": True, **answer})


def _own_entries(store: dict[Any, Any]) -> dict[str, str]:
    return {key: text for key, text in store.items()
            if isinstance(key, str) and key.startswith(transfer.PREFIX) and isinstance(text, str)}


def _id_maker(now: int) -> Callable[[], str]:
    """New game ids as the page makes them (saves.new_game_id), drawn from
    the time of the import."""
    rng = Rng(now)
    return lambda: str(saves.new_game_id(now, rng.random()))  # type: ignore[no-untyped-call]


def _titles() -> dict[str, str]:
    return {game_id: game.title for game_id, game in GAMES.items()}


# A slice of a hard bot's search (a whole Spy Tricks decision is 120
# iterations, some 200 ms under CPython): small, so that a request the page
# sends meanwhile waits little.
WARM_UP_ITERATIONS = 8
WARM_UP_SEED = 1


def warm_up(_: object = None) -> str:
    """One slice of a hard bot's search, on a deal of its own: the session,
    the replay and every later decision are untouched. The worker runs these
    slices (static/engine-worker.mjs, not a page call) while a person sets
    up a game. V8 first runs Pyodide's WebAssembly from quickly made code and
    optimizes what stays hot; cold, a deal's first hard decisions took 2-4
    times their CPython time. Answers "warm"."""
    state = new_game("spy-tricks", players=4, seed=WARM_UP_SEED)
    seat = state.to_act
    assert seat is not None  # a new deal has a player to act
    hard_bot(iterations=WARM_UP_ITERATIONS).choose(state, seat, Rng(WARM_UP_SEED))
    return "warm"


def ping(_: object = None) -> str:
    """The worker is up."""
    return "ready"


def stats(_: object = None) -> str:
    """For the soak benchmark: {"objects": Python objects the collector
    tracks, "heap_bytes": the size of the WebAssembly memory under Pyodide,
    else null}."""
    return json.dumps({"objects": len(gc.get_objects()), "heap_bytes": _heap_bytes()})


def _heap_bytes() -> int | None:
    try:
        # Only in Pyodide; imported when called, so that no JS object is in the snapshot.
        import pyodide_js  # type: ignore[import-not-found]
        return int(pyodide_js._module.HEAP8.length)
    except (ImportError, AttributeError):
        return None


# What the page may call (static/engine-worker.mjs refuses anything else).
CALLS = ("start", "restore", "check", "act", "undo", "bot_step", "coach_next", "hint", "replay",
         "review", "import_data", "ping", "stats")
