"""The screens beside the table: history, replay, statistics, the deal of
the day, export/import of all local data, and pass and play's screen
between two people. MicroPython, main thread.

main.py lends this module what it shares with the table (`connect`): the
engine call, messages, the confirmation dialog, the lobby and dealing. The
screens are drawn into one <main id="archive"> made here; body[data-screen]
is "history", "replay", "stats" or "pass" while one shows.
"""

import asyncio
import json

import js as window
from js import document
from jsffi import to_js

from pyapp.ui import daily, history, replay, stats, transfer
from pyapp.ui.browser import next_task
from pyapp.ui.handover import pass_html
from pyapp.ui.html import render

DAY_MS = 86400000
MOVES_AT_ONCE = 40  # lines of a replay's move list drawn in one task


class Host:
    """What main.py lends: set once by `connect`."""

    call = None  # async (name, json text) -> answer, or None while the engine is busy
    show_message = None  # (text, kind="error")
    ask = None  # (title, text, confirm label, then)
    show_lobby = None
    start_game = None  # async (spec)
    store = None  # () -> localStorage or None
    fresh_id = None  # () -> a new game id
    table = None  # () -> (game id, payload) of the game on the table
    redraw = None  # () draws the table from its payload
    catalogue = []


class Shown:
    """The replay on screen."""

    record = None  # the history record (or one made from the finished game on the table)
    back = "lobby"  # where "Close the replay" goes: "table", "history" or "lobby"
    step = 0
    steps = 0
    wanted = 0  # the step asked for last; keys pressed while a step loads coalesce
    loading = False
    answer = None
    hands = False
    reviewing = False  # a review is running; Cancel or leaving the replay stops it


class Front:
    """Pass and play: whose view the table shows, in which game."""

    game = None
    seat = None


def connect(call, show_message, ask, show_lobby, start_game, store, fresh_id, table, redraw,
            catalogue):
    Host.call, Host.show_message, Host.ask = call, show_message, ask
    Host.show_lobby, Host.start_game, Host.store = show_lobby, start_game, store
    Host.fresh_id, Host.table, Host.redraw = fresh_id, table, redraw
    Host.catalogue = catalogue


def element(element_id):
    return document.getElementById(element_id)


def clock():
    """(ms since 1970, minutes east of UTC) now."""
    today = window.Date.new()
    return history.ms_of_iso(str(today.toISOString())), -int(today.getTimezoneOffset())


def days_to_check():
    """Today and yesterday, as date keys: a deal of the day may end after midnight."""
    ms, offset = clock()
    return [history.day_key(ms, offset), history.day_key(ms - DAY_MS, offset)]


# -- screens ----------------------------------------------------------------------------


def screen():
    """The container of these screens, made once beside the table's."""
    found = element("archive")
    if found is None:
        found = document.createElement("main")
        found.id = "archive"
        found.className = "archive-view"
        element("table").after(found)
    return found


def show_screen(name, html):
    element("lobby").hidden = True
    element("table").hidden = True
    box = screen()
    box.innerHTML = html
    box.hidden = False
    document.body.setAttribute("data-screen", name)
    window.scrollTo(0, 0)
    heading = box.querySelector("h1")
    heading.setAttribute("tabindex", "-1")
    heading.focus()


def hide():
    """Leave these screens (the lobby or a table takes over)."""
    if element("archive") is not None:
        element("archive").hidden = True
    document.body.removeAttribute("data-replay-step")
    document.body.removeAttribute("data-replay-steps")


def show_table():
    hide()
    element("table").hidden = False
    document.body.setAttribute("data-screen", "table")


# -- pass and play -------------------------------------------------------------------------


def hold(payload):
    """True when `payload` shows another person's seat than the table did (or
    a pass-and-play game just opened): the table is emptied, so no hand is on
    the page, and the pass screen asks for the next person."""
    game_id = Host.table()[0]
    seat = payload["view"]["seat"]
    people = len(payload.get("humans") or [])
    if people < 2 or payload["view"]["over"] or (game_id, seat) == (Front.game, Front.seat):
        Front.game, Front.seat = game_id, seat
        if document.body.getAttribute("data-screen") == "pass":
            show_table()  # back to the one who holds the device
        return False
    element("table").innerHTML = ""
    document.body.setAttribute("data-human-turn", "false")
    show_screen("pass", pass_html(seat))
    return True


def hand_over():
    """The next person is at the device: their table."""
    game_id, payload = Host.table()
    if payload is None:
        return
    Front.game, Front.seat = game_id, payload["view"]["seat"]
    show_table()
    Host.redraw()


# -- recording a finished game ------------------------------------------------------------


def record_finished(game_id, payload):
    """Keep a finished game in the history, the statistics and the deal of the
    day's record; each counts a game (by its id) once."""
    record = history.record_of(game_id, payload, clock()[0])
    store = Host.store()
    history.add(store, record)
    stats.add_result(store, record)
    daily.record_attempt(store, record, days_to_check())


def render_lobby():
    """The lobby's deal of the day, with today's attempts."""
    box = element("daily")
    if box is None:
        return
    today = days_to_check()[0]
    rows, problem = daily.attempts(Host.store(), today)
    box.innerHTML = daily.daily_html(today, rows, problem)
    box.hidden = False


def play_daily():
    today = days_to_check()[0]
    asyncio.create_task(Host.start_game({"game": daily.GAME, "seed": daily.daily_seed(today)}))


# -- history and statistics ----------------------------------------------------------------


def show_history():
    records, broken = history.finished_games(Host.store())
    show_screen("history", history.history_html(Host.catalogue, records, broken, clock()[1]))


def show_stats():
    store = Host.store()
    per_game = {}
    for entry in Host.catalogue:
        per_game[entry["id"]] = stats.read_rows(store, stats.STATS + entry["id"])
    show_screen("stats", stats.stats_html(Host.catalogue, per_game))


def reset_stats(target):
    game = target.getAttribute("data-game")
    title = [entry["title"] for entry in Host.catalogue if entry["id"] == game][0]

    def reset():
        stats.reset(Host.store(), game)
        show_stats()

    Host.ask("Reset these statistics?", "Every count of %s starts again from zero. The "
             "history of finished games stays." % title, "Reset", reset)


# -- replay ----------------------------------------------------------------------------------


def open_replay(target):
    """A replay of a finished game: from the history, or of the game on the table."""
    record_id = target.getAttribute("data-history")
    if record_id:
        record, back = history.find(Host.store(), record_id), "history"
    else:
        game_id, payload = Host.table()
        record, back = history.record_of(game_id, payload, clock()[0]), "table"
    if record is None:
        Host.show_message("That game's record could not be read; it is left as it is.")
        return
    asyncio.create_task(start_replay(record, back))


async def start_replay(record, back):
    answer = await ask_step(record, 0, True)
    if answer is None:
        return
    Shown.record, Shown.back, Shown.steps = record, back, answer["steps"]
    Shown.hands = False
    moves = answer["moves"]
    show_screen("replay", replay.replay_html(record, moves[:MOVES_AT_ONCE]))
    document.body.setAttribute("data-replay-steps", str(answer["steps"]))
    show_step(answer)
    await list_moves(moves)


async def list_moves(moves):
    """The rest of the move list, a few dozen at a time: MicroPython builds
    ~3 lines a millisecond, and no task on the page may take long."""
    listed = element("replay-moves")
    for first in range(MOVES_AT_ONCE, len(moves), MOVES_AT_ONCE):
        await next_task()
        if not listed.isConnected:
            return
        listed.insertAdjacentHTML("beforeend", replay.moves_html(
            moves[first:first + MOVES_AT_ONCE], first + 1))


async def engine_call(name, request):
    """An engine call that waits its turn: a review shares the engine with
    stepping. None if the engine is not there, or stays busy for 10 s."""
    for _ in range(200):
        answer = await Host.call(name, json.dumps(request))
        if answer is not None or document.body.getAttribute("data-busy") != "true":
            return answer
        await asyncio.sleep(0.05)
    return None


async def ask_step(record, step, moves=False):
    """The worker's answer for one step, or None (the reason shown)."""
    answer = await engine_call("replay", {"save": record["save"], "step": step, "moves": moves})
    if answer is None:
        Host.show_message("The game engine is still loading or busy; try again in a "
                          "moment.", "info")
    elif not answer.get("ok"):
        Host.show_message("This game cannot be replayed: %s" % answer.get("error"))
        answer = None
    return answer


def show_step(answer):
    """Draw one step: the felt, every hand if asked, where we are, the highlight."""
    Shown.answer, Shown.step = answer, answer["step"]
    element("replay-felt").innerHTML = replay.step_html(answer["payload"])
    show_hands()
    element("replay-where").textContent = replay.where_text(Shown.step, Shown.steps)
    moves = element("replay-moves")
    for old in moves.querySelectorAll("[aria-current]"):
        old.removeAttribute("aria-current")
    current = moves.querySelector('li[data-step="%d"]' % Shown.step)
    if current is not None:  # (None while the list is still being drawn)
        current.setAttribute("aria-current", "step")
        current.scrollIntoView(to_js({"block": "nearest"}))
    document.body.setAttribute("data-replay-step", str(Shown.step))


def show_hands():
    box = element("replay-hands")
    box.hidden = not Shown.hands
    box.innerHTML = replay.hands_html(Shown.answer) if Shown.hands else ""


def go_to(step):
    """Show `step`; steps asked for while one loads are coalesced to the last."""
    Shown.wanted = max(0, min(Shown.steps, step))
    if not Shown.loading:
        asyncio.create_task(load_wanted())


async def load_wanted():
    Shown.loading = True
    try:
        while Shown.wanted != Shown.step and document.body.getAttribute("data-screen") == "replay":
            answer = await ask_step(Shown.record, Shown.wanted)
            if answer is None or document.body.getAttribute("data-screen") != "replay":
                return
            show_step(answer)
    finally:
        Shown.loading = False


def step_by(move):
    go_to(replay.target_step(move, Shown.wanted, Shown.steps))


async def review():
    """Each of the human's decisions reviewed in the worker, one call each,
    with progress; the worst of them listed."""
    box, save = element("replay-review"), Shown.record["save"]
    listed = await engine_call("review", {"save": save})
    if listed is None or not listed.get("ok"):
        Host.show_message("The review could not start: %s" % (
            (listed or {}).get("error") or "the game engine is not ready"))
        return
    Shown.reviewing, reviews, steps = True, [], listed["decisions"]
    try:
        for done, step in enumerate(steps):
            box.innerHTML = replay.review_progress_html(done, len(steps))
            while Shown.loading:  # a step asked for goes first
                await asyncio.sleep(0.02)
            answer = await engine_call("review", {"save": save, "step": step})
            if not Shown.reviewing or not box.isConnected or answer is None:
                box.innerHTML = render(replay.review_start_html("Review stopped."))
                return
            reviews.append((step, answer.get("review")))
        box.innerHTML = replay.review_result_html(reviews)
    finally:
        Shown.reviewing = False


def start_review():
    if not Shown.reviewing:
        asyncio.create_task(review())


def close_replay():
    if Shown.back == "history":
        show_history()
    elif Shown.back == "table" and Host.table()[1] is not None:
        show_table()
        found = element("table").querySelector('[data-action="replay"]')
        if found is not None:
            found.focus()
    else:
        Host.show_lobby()


# -- export and import ---------------------------------------------------------------------


def download(filename, text):
    """Offer `text` as a file to save (a download, which the page's CSP allows)."""
    link = document.createElement("a")
    link.href = "data:application/json;charset=utf-8," + window.encodeURIComponent(text)
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()


def export_all():
    ms, offset = clock()
    text = transfer.export_text(Host.store(), ms, lambda value: window.JSON.stringify(to_js(value)))
    download("safehouse-%s.json" % history.day_key(ms, offset), str(text))


async def import_file(field):
    """Merge the chosen export file into this device's data. The browser
    reads it and the engine's worker checks and merges it (static/transfer.mjs):
    only a small summary comes back here, so a file of any size leaves
    MicroPython's heap alone."""
    files = field.files
    if not files or not files.length:
        return
    Host.show_message("Reading the file\u2026", "info")
    try:
        summary = json.loads(str(await window.safehouseEngine.importFile(files.item(0))))
    except Exception as err:
        summary = {"ok": False, "error": "the page could not read it (%s)" % err}
    finally:
        field.value = ""
    Host.show_message(*transfer.import_message(summary))
    if summary["ok"]:
        Host.show_lobby()


# -- events ---------------------------------------------------------------------------------


HANDLERS = {
    "history": lambda target: show_history(),
    "stats": lambda target: show_stats(),
    "reset-stats": reset_stats,
    "replay": open_replay,
    "replay-step": lambda target: step_by(target.getAttribute("data-move")),
    "replay-to": lambda target: go_to(int(target.getAttribute("data-step"))),
    "replay-close": lambda target: close_replay(),
    "review": lambda target: start_review(),
    "review-cancel": lambda target: setattr(Shown, "reviewing", False),
    "export": lambda target: export_all(),
    "daily": lambda target: play_daily(),
    "continue": lambda target: hand_over(),
}


def on_key(event):
    """The replay's keys; True when the key was one of them."""
    move = replay.KEYS.get(event.key)
    if move is None or document.body.getAttribute("data-screen") != "replay":
        return False
    event.preventDefault()
    step_by(move)
    return True


def on_change(event):
    """The import field and the replay's every-hand switch; True when handled."""
    target = event.target
    if target.getAttribute("data-action") == "import":
        asyncio.create_task(import_file(target))
    elif target.getAttribute("data-setting") == "replay-hands":
        Shown.hands = bool(target.checked)
        show_hands()
    else:
        return False
    return True
