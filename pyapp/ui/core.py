"""The page core: every decision the page makes, as one function.

    effects = update(model, event)

`model` is the page's whole state (a `Model`, passed explicitly, changed in
place); `event` is what happened (a dict: a click, a key, an engine answer, a
timer, a storage change, a dead worker); the effects are what the browser
must now do, in order (lists: draw this HTML, call the engine, start a
timer, focus, download). pyapp/ui/main.py is the thin edge that turns the
browser's events into events and effects into DOM, worker and timer calls;
it decides nothing. This module imports nothing from the browser, so it runs
the same under MicroPython (the page) and CPython (tests/test_ui_core.py).

The one port the core touches directly is `model.store`, an object with
localStorage's methods (getItem, setItem, removeItem, key, length): every
read of a save must see the other tabs' writes at once, which an effect
answered later could not.

Every event the edge sends carries the time: "at" (the page's clock in ms,
for pacing), "wall" (ms since 1970, for saves) and "offset" (minutes east of
UTC, for the day of the deal of the day), and "random" (a fraction in [0,
1), for new seeds and game ids). So a test replays a session exactly.

Nothing is lost:
- every unfinished game is kept in the store (pyapp/ui/saves.py), each under
  its own id; a save that cannot be resumed is set aside, never deleted;
- one engine request is in flight at a time; a person's request made while
  one runs is dropped, and each action carries the move count it was chosen
  at, so a too-fast click can never land on a table it was not meant for;
- before each move the tab checks that its game's record is still the one
  it wrote: when another tab has moved the game on, this tab goes stale;
- a dead engine worker is restarted and the game on the table restored from
  its save; a request that is safe to repeat is sent once more.

The screens beside the table (history, statistics, replay with its review,
pass and play's hand-over, import and export) are in pyapp/ui/screens.py,
which works on the same model.
"""

import json

from . import daily, history, saves, stats
from .handover import pass_html
from .html import button, el, render
from .lobby import kept_games_html, people_boxes, setup_html
from .page import KEYS, table_page_html, table_query
from .params import game_request
from .rules import rules_html
from .tables import MODULES as TABLE_MODULES, TABLES

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy reads these; MicroPython has no typing module
    from typing import Any, Callable
    Event = dict[str, Any]
    Effect = list[Any]

# How long each bot move stays on show, so a person can follow the bots.
PACES = {"instant": 0, "fast": 0.3, "normal": 0.7, "slow": 1.4}
# In a stretch of bots' moves, each move after the first stays on show
# PACE_DECAY as long as the one before, never under PACE_FLOOR seconds, and
# once the stretch has taken STRETCH_BUDGET seconds the rest show as they
# come: a six-seat round of Mister Spy (up to some 25 moves) passes within
# 4 s at "normal", where a flat 0.7 s made it up to 18 s (issue #36; measured
# by bench/pace.py). "slow" is chosen to follow every move, and keeps its length.
PACE_DECAY, PACE_FLOOR, STRETCH_BUDGET = 0.75, 0.1, 3.5
SETTINGS = "safehouse.settings"  # {"pace": ..., "auto_answer": bool}, kept on this device
RETRIED_CALLS = ("act", "undo", "bot_step", "hint")  # safe to send again once the game is restored
DAY_MS = 86400000
STARTING = "Dealing %s as soon as the engine has loaded\u2026"
RESUMING = "Resuming as soon as the engine has loaded\u2026"


class Model:
    """Everything the page remembers between events."""

    def __init__(self, store: "Any", catalogue: "list[dict[str, Any]]") -> None:
        self.store = store
        self.catalogue = catalogue
        self.effects: "list[Effect]" = []
        self.now: "dict[str, Any]" = {"at": 0, "wall": 0, "offset": 0, "random": 0.5}
        self.screen = "loading"  # lobby, table, history, stats, replay, pass
        # The dialog open: "overlay" (the setup sheet), "rules" (the rules
        # sheet, an entry of the browser's history) or "confirm".
        self.dialog: "str | None" = None
        self.confirming: "Event | None" = None  # the event a confirmed dialog sends
        # The engine: "loading", "up" (booted, kept games being checked),
        # "ready", "restarting" or "failed".
        self.engine = "loading"
        self.engine_before = "ready"  # what it was before a restart
        self.pending: "dict[str, Any] | None" = None  # the request in flight
        self.importing = False  # a file is being merged by the engine (no request meanwhile)
        self.queue: "list[dict[str, Any]]" = []  # requests that wait their turn
        self.checking: "list[str]" = []  # kept games still to be checked at boot
        self.waiting: "Event | None" = None  # what to do once the engine is ready
        # The game on the table.
        self.payload: "dict[str, Any] | None" = None
        self.selection: "list[Any]" = []
        self.hint: "dict[str, Any] | None" = None
        self.game_id: "str | None" = None
        self.written: "str | None" = None  # its record's text as this tab last read or wrote it
        self.saved_at: "Any" = None  # the save point (`save_point`) last written
        self.stale = False  # the game on the table moved on in another tab
        self.front: "tuple[Any, Any]" = (None, None)  # pass and play: the (game, seat) on show
        # Settings, kept on this device.
        self.pace = "normal"
        self.auto_answer = True  # make the human's only choice for them, when it reveals nothing
        # The page is playing moves (the bots', forced ones): the table on
        # show is a move behind, so a click on it must not be sent as a move.
        self.moving = False
        self.hurry = False  # the person clicked during the bots' moves: skip to their turn
        self.shown = 0.0  # when the move on show was drawn (the page's clock)
        self.held: "dict[str, Any] | None" = None  # a move that waits out the pace
        self.timer = 0  # the token of the one timer that counts
        self.autoplay = False  # the expert is finishing the solitaire for the person to watch
        self.autoplayed = False  # the expert made a move of the person's in this game
        self.typed = ""  # the first key of a two-key choice ("r" of "r9"), until the next key
        self.replay: "dict[str, Any] | None" = None  # screens.py's replay on show
        self.replays = 0  # replays opened: tells a late task of the last one from the next
        # The browser's history: the app's entries (a place each: {"screen", ...}),
        # the one on show, and pops the page caused itself (not the person's Back).
        self.visits: "list[dict[str, Any] | None]" = [{"screen": "lobby"}]
        self.place = 0
        self.own_pops = 0
        self.link_pace: "str | None" = None  # a link's pace, for the game it deals
        self.revealed: "tuple[Any, ...] | None" = None  # the moment last scrolled into view
        self.in_row = 0  # the moves shown since the person's last (see shown_for)
        self.stretch_began = 0.0  # when the person's last move was shown (ms)
        self.more_open = False  # the table's folded tools on show (a phone folds them)


def update(model: Model, event: "Event") -> "list[Effect]":
    """What `event` changes in `model`, and the effects the page must carry out."""
    model.effects = []
    for name in ("at", "wall", "offset", "random"):
        if name in event:
            model.now[name] = event[name]
    handler = EVENTS.get(event["type"])
    if handler is not None:
        handler(model, event)
    effects, model.effects = model.effects, []
    return effects


def emit(model: Model, *effect: "Any") -> None:
    model.effects.append(list(effect))


# -- small things the page shows ---------------------------------------------------


def show_message(model: Model, text: str, kind: str = "error",
                 label: "str | None" = None, action: "str | None" = None) -> None:
    extra = button(label, action) if label else None
    emit(model, "html", "message", render([el("span", text), extra, el(
        "button", "\u00d7", type="button", class_="close", data_action="dismiss",
        aria_label="Dismiss")]))
    emit(model, "class", "message", "message " + kind)
    emit(model, "hidden", "message", False)


def clear_message(model: Model) -> None:
    emit(model, "hidden", "message", True)


def set_attr(model: Model, name: str, value: "str | None") -> None:
    emit(model, "attr", name, value)


def set_engine_status(model: Model, state: str, text: str) -> None:
    set_attr(model, "data-engine", state)
    emit(model, "class", "engine-status", "engine-status " + state)
    emit(model, "text", "engine-status-label", text)


def entry_of(model: Model, game_id: "str | None") -> "dict[str, Any] | None":
    for entry in model.catalogue:
        if entry["id"] == game_id:
            return entry
    return None


def title_of(model: Model, game_id: "str | None") -> str:
    entry = entry_of(model, game_id)
    return entry["title"] if entry else "A saved game"


def fresh_id(model: Model) -> str:
    return str(saves.new_game_id(model.now["wall"], model.now["random"]))


def days_to_check(model: Model) -> "list[str]":
    """Today and yesterday, as date keys: a deal of the day may end after midnight."""
    wall, offset = model.now["wall"], model.now["offset"]
    return [history.day_key(wall, offset), history.day_key(wall - DAY_MS, offset)]


# -- settings -----------------------------------------------------------------------


def settings(model: Model) -> "dict[str, Any]":
    text = saves.read(model.store, SETTINGS)
    if not text:
        return {}  # (not json.loads(None): a raised error costs ms on a first visit)
    try:
        kept = json.loads(text)
        return kept if isinstance(kept, dict) else {}
    except Exception:
        return {}


def keep_setting(model: Model, name: str, value: "Any") -> None:
    kept = settings(model)
    kept[name] = value
    saves.write(model.store, SETTINGS, json.dumps(kept))


def kept_pace(model: Model) -> str:
    """The pace kept on this device (normal until one is chosen)."""
    pace = settings(model).get("pace")
    return str(pace) if pace in PACES else "normal"


def set_pace(model: Model, pace: "Any") -> None:
    """The pace chosen on the table: kept on this device; it applies from
    the next move."""
    if pace not in PACES:
        return
    model.pace = pace
    keep_setting(model, "pace", pace)


def set_auto_answer(model: Model, on: bool) -> None:
    """Whether the page makes the human's only choices for them; from now on."""
    model.auto_answer = on
    keep_setting(model, "auto_answer", on)
    if on and not model.moving and model.payload is not None and model.payload.get("only_choice"):
        run_moves(model)


# -- the kept games -----------------------------------------------------------------


def game_key(model: Model) -> str:
    return saves.GAME + str(model.game_id)


def render_kept(model: Model) -> None:
    """List the unfinished and set-aside games in the lobby, and the deal of
    the day; a record that cannot even be read is set aside first."""
    games, broken = saves.in_progress(model.store)
    for key, reason in broken:
        saves.set_aside(model.store, key, "A saved game", reason, model.now["wall"])
    if broken:
        games, _ = saves.in_progress(model.store)
    html = kept_games_html(games, saves.set_aside_saves(model.store), model.now["wall"])
    emit(model, "html", "kept", html)
    emit(model, "hidden", "kept", not html)
    today = days_to_check(model)[0]
    rows, problem = daily.attempts(model.store, today)
    emit(model, "html", "daily", daily.daily_html(today, rows, problem))
    emit(model, "hidden", "daily", False)


def set_aside_game(model: Model, game_id: str, title: str, reason: str) -> None:
    saves.set_aside(model.store, saves.GAME + game_id, title, reason, model.now["wall"])
    show_message(model, "Your %s game could not be resumed: %s. It is set aside in the lobby, "
                        "where you can export or discard it." % (title, reason.rstrip(".")))
    render_kept(model)


def still_current(model: Model) -> bool:
    """False (and the tab goes stale) when another tab changed this game's record."""
    if model.stale:
        return False
    if model.game_id is None or saves.read(model.store, game_key(model)) == model.written:
        return True
    become_stale(model)
    return False


def become_stale(model: Model) -> None:
    model.stale = True
    set_attr(model, "data-stale", "true")
    show_message(model, "This game continued in another tab. Reload to play on from where it "
                        "stands there.", "info", "Reload", "reload")


def keep_game(model: Model, payload: "dict[str, Any]") -> None:
    """Write the game's record after a change; drop it once the game is over."""
    if not still_current(model):
        return
    if payload["view"]["over"]:
        record_finished(model, payload)  # before its record goes: counted once
        saves.remove(model.store, game_key(model))
        model.written = None
    elif save_point(payload) != model.saved_at:
        text = saves.entry_text(payload, model.now["wall"], model.autoplayed)
        if saves.write(model.store, game_key(model), text):
            model.written = text
    model.saved_at = save_point(payload)


def save_point(payload: "dict[str, Any]") -> "list[Any]":
    """What a new record is written for: a move, or a lesson's next step."""
    return [payload["moves"], (payload.get("coach") or {}).get("step")]


def record_finished(model: Model, payload: "dict[str, Any]") -> None:
    """Keep a finished game in the history, the statistics and the deal of the
    day's record; each counts a game (by its id) once."""
    record = history.record_of(model.game_id, payload, model.now["wall"], model.autoplayed)
    history.add(model.store, record)
    stats.add_result(model.store, record)
    daily.record_attempt(model.store, record, days_to_check(model))


def on_storage(model: Model, event: "Event") -> None:
    """Another tab changed local data: refresh the lobby, or notice that this
    tab's game has moved on there."""
    if model.screen != "table":
        render_kept(model)
    elif model.game_id is not None:
        still_current(model)


# -- screens ------------------------------------------------------------------------


def show_screen(model: Model, name: str) -> None:
    """One of the page's screens: the lobby, the table, or one of the archive's."""
    model.screen = name
    emit(model, "hidden", "lobby", name != "lobby")
    emit(model, "hidden", "table", name != "table")
    emit(model, "hidden", "archive", name in ("lobby", "table"))
    set_attr(model, "data-screen", name)
    if name != "replay":
        set_attr(model, "data-replay-step", None)
        set_attr(model, "data-replay-steps", None)
        model.replay = None


def show_archive(model: Model, name: str, html: str) -> None:
    """A screen beside the table (history, statistics, replay, pass), drawn
    whole into <main id="archive">, its heading focused."""
    show_screen(model, name)
    emit(model, "html", "archive", html)
    emit(model, "scroll-top")
    emit(model, "focus", "#archive h1")


def leave_game(model: Model) -> None:
    model.payload = None
    model.game_id = None
    model.written = None
    model.stale = False
    model.moving = model.autoplay = model.autoplayed = model.hurry = model.more_open = False
    model.held = None
    set_attr(model, "data-stale", None)
    for hook in LEFT_HOOKS:
        hook(model)


def show_lobby(model: Model, navigate: bool = True) -> None:
    leave_game(model)
    show_screen(model, "lobby")
    render_kept(model)
    if navigate:
        visit(model, {"screen": "lobby"}, "")


def render_table(model: Model) -> None:
    """Redraw the table (the edge keeps focus and table-local toggles across
    it). In pass and play, a view of another person's seat waits behind the
    pass screen."""
    payload = model.payload
    if payload is None or hold(model, payload):
        return
    emit(model, "draw-table", table_page_html(payload, model.selection, model.hint, model.pace,
                                              model.auto_answer, model.autoplay, model.more_open),
         model.pace != "instant")  # cards glide to their new places, unless instant
    set_attr(model, "data-moves", str(payload["moves"]))
    set_attr(model, "data-over", "true" if payload["view"]["over"] else "false")
    waiting = payload["legal"] and not only_choice(model, payload)  # a forced move is made for them
    set_attr(model, "data-human-turn", "true" if waiting else "false")
    reveal(model, payload, bool(waiting))
    for hook in DRAWN_HOOKS:
        hook(model)


def reveal(model: Model, payload: "dict[str, Any]", waiting: bool) -> None:
    """Scroll into view, once each, a new decision of the person's (its
    prompt, its choices and the hand) or the game's result, so that on a
    phone it is never below the fold. A lesson's pointer scrolls itself."""
    over = payload["view"]["over"]
    moment = (model.game_id, payload["moves"], over)
    if payload.get("coach") or moment == model.revealed or not (waiting or over):
        return
    model.revealed = moment
    emit(model, "reveal", REVEALED["result" if over else "decision"], model.pace != "instant")


# What a new decision, a result or a hint asked for brings into view: the
# edge scrolls the page the least that shows them all (static/redraw.mjs).
# The greyed choices too: Deck of Spies' Counter opens once cards are
# selected, with no new decision.
REVEALED = {
    "decision": '[data-prompt], [data-hand], [data-act], [data-action="do"]',
    "result": "[data-result]",
    "hint": ".hint",
}


def hold(model: Model, payload: "dict[str, Any]") -> bool:
    """True when `payload` shows another person's seat than the table did (or
    a pass-and-play game just opened): the table is emptied, so no hand is on
    the page, and the pass screen asks for the next person."""
    seat = payload["view"]["seat"]
    people = len(payload.get("humans") or [])
    if people < 2 or payload["view"]["over"] or (model.game_id, seat) == model.front:
        model.front = (model.game_id, seat)
        if model.screen == "pass":
            show_screen(model, "table")  # back to the one who holds the device
        return False
    emit(model, "html", "table", "")
    set_attr(model, "data-human-turn", "false")
    show_archive(model, "pass", pass_html(seat))
    return True


def hand_over(model: Model, event: "Event") -> None:
    """The next person is at the device: their table."""
    if model.payload is None:
        return
    model.front = (model.game_id, model.payload["view"]["seat"])
    show_screen(model, "table")
    render_table(model)


def open_game(model: Model, game_id: str, written: "str | None",
              payload: "dict[str, Any]") -> None:
    """Put a game on the table: `written` is its stored record's text (None for a new game)."""
    leave_game(model)
    model.game_id = game_id
    model.written = written
    model.saved_at = save_point(payload) if written else None
    model.payload = payload
    model.selection = []
    model.hint = None
    model.pace = model.link_pace or kept_pace(model)
    model.link_pace = None
    show_screen(model, "table")
    visit(model, {"screen": "table", "game": game_id}, table_query(payload))
    render_table(model)
    keep_game(model, payload)
    # The game's table modules (its keys, the drawing of a table with a card
    # selected), once the table is on show, one main-thread task each:
    # compiling them is too long a task to add to the first drawing.
    emit(model, "import", ["pyapp.ui." + name for name in TABLE_MODULES[payload["game"]]])


def show_sheet(model: Model, html: str) -> None:
    """The rules or setup sheet, as a dialog that takes focus."""
    model.dialog = "overlay"
    emit(model, "remember-focus")
    emit(model, "html", "overlay-body", html)
    emit(model, "hidden", "overlay", False)
    emit(model, "focus", "#overlay select, #overlay button:not(.close)", "#overlay .close")


def close_sheet(model: Model, navigate: bool = True) -> None:
    """Close the rules or setup sheet (the rules' entry in the browser's
    history goes too, when the page closes it)."""
    if model.dialog not in ("overlay", "rules"):
        return
    if model.dialog == "rules" and navigate and model.place > 0:
        model.place -= 1
        model.own_pops += 1
        emit(model, "history-back")
    model.dialog = None
    emit(model, "hidden", "overlay", True)
    emit(model, "focus-back")


def ask(model: Model, title: str, text: str, label: str, then: "Event") -> None:
    """A confirmation dialog; the event `then` is handled only if the person
    confirms. Focus goes to Cancel, the choice that loses nothing."""
    model.dialog = "confirm"
    model.confirming = then
    emit(model, "remember-focus")
    emit(model, "text", "confirm-title", title)
    emit(model, "text", "confirm-text", text)
    emit(model, "text", "confirm-yes", label)
    emit(model, "hidden", "confirm", False)
    emit(model, "focus", "#confirm-no")


def answer_dialog(model: Model, confirmed: bool) -> None:
    then, model.confirming = model.confirming, None
    model.dialog = None
    emit(model, "hidden", "confirm", True)
    emit(model, "focus-back")
    if confirmed and then is not None:
        EVENTS[then["type"]](model, then)


def play(model: Model, game_id: "str | None") -> None:
    """Solitaire deals at once; a game with bots asks how to set it up."""
    entry = entry_of(model, game_id)
    if entry is None:
        return
    if entry["max_players"] == 1:
        start_game(model, {"game": game_id})
        return
    show_sheet(model, setup_html(entry))
    if model.engine == "ready":
        # While the person sets the game up, the worker warms up: the first
        # bots then think at full speed. Not earlier: a reload in the first
        # seconds would wait for V8 optimizing the warm code.
        emit(model, "warm-up")


def setup_spec(entry: "dict[str, Any]", form: "dict[str, Any]") -> "dict[str, Any]":
    """The game the setup sheet asks for: seats, one bot level, options.
    Only seats of the table can be people (the sheet offers no others)."""
    players = int(form.get("setup-players") or entry["min_players"])
    level = form.get("setup-level")
    options = {}
    for option in entry["options"]:
        chosen = form.get("setup-option-" + option["name"])
        if chosen:
            options[option["name"]] = option["choices"][int(chosen)]
    humans = [0] + [seat for seat in range(1, players) if form.get("setup-person-%d" % seat)]
    return {"game": entry["id"], "players": players, "options": options, "humans": humans,
            "levels": [None if seat in humans else level for seat in range(players)]}


def start_from_sheet(model: Model, event: "Event") -> None:
    entry = entry_of(model, event.get("data-game"))
    if entry is None:
        return
    spec = setup_spec(entry, event.get("form") or {})
    close_sheet(model)
    start_game(model, spec)


def setup_players_changed(model: Model, event: "Event") -> None:
    """The setup sheet offers as people only the seats the table has."""
    try:
        players = int(event.get("value") or 0)
    except ValueError:
        return
    form = event.get("form") or {}
    ticked = [seat for seat in range(1, players) if form.get("setup-person-%d" % seat)]
    emit(model, "html", "setup-people-boxes", render(people_boxes(players, ticked)))


def show_rules(model: Model, event: "Event") -> None:
    """The rules sheet: an entry of the browser's history, so Back closes it."""
    game = event.get("data-game") or (model.payload or {}).get("game")
    entry = entry_of(model, game)
    if entry is not None:
        show_sheet(model, rules_html(entry))
        model.dialog = "rules"
        here = dict(model.visits[model.place] or {"screen": model.screen})
        here["rules"] = game
        visit(model, here)


# -- the browser's history ------------------------------------------------------------


def visit(model: Model, place: "dict[str, Any]", query: "str | None" = None) -> None:
    """Go to `place` (a screen, or the rules over one) as an entry of the
    browser's history, so that Back returns to the screen before. Another
    place of the same screen (a new deal) takes the entry's place; the
    place just before is gone back to, not added again."""
    here = model.visits[model.place]
    if here is not None and here["screen"] == place["screen"] and \
            ("rules" in here) == ("rules" in place):
        model.visits[model.place] = place
        if query is not None:
            emit(model, "url", query, model.place)
    elif model.place > 0 and model.visits[model.place - 1] == place:
        model.place -= 1
        model.own_pops += 1
        emit(model, "history-back")
    else:
        del model.visits[model.place + 1:]
        model.visits.append(place)
        model.place += 1
        emit(model, "push", query, model.place)


def on_history(model: Model, event: "Event") -> None:
    """The person went Back (or Forward) to the app's entry at `depth`: that
    screen again, or the lobby when it cannot be had again. A dialog open
    closes, and nothing is lost: a game left is kept, one gone back to is
    resumed."""
    if model.own_pops:
        model.own_pops -= 1
        return
    depth = event.get("depth")
    depth = depth if isinstance(depth, int) and 0 <= depth < len(model.visits) else 0
    model.place = depth
    place = model.visits[depth] or {"screen": "lobby"}
    if model.dialog == "confirm":
        answer_dialog(model, False)
    if model.dialog in ("overlay", "rules") and place.get("rules") is None:
        close_sheet(model, navigate=False)
    go_to(model, place)


def lobby_again(model: Model) -> None:
    show_lobby(model, navigate=False)
    emit(model, "url", "", model.place)  # (a link's address, when the app began with one)


def go_to(model: Model, place: "dict[str, Any]") -> None:
    screen = place["screen"]
    if place.get("rules") and model.dialog != "rules":
        go_to(model, dict((name, place[name]) for name in place if name != "rules"))
        entry = entry_of(model, place["rules"])
        if entry is not None:
            show_sheet(model, rules_html(entry))
            model.dialog = "rules"
    elif screen == "table" and model.payload is not None and model.game_id == place.get("game"):
        if model.screen != "table":
            show_screen(model, "table")
            render_table(model)
    elif screen == "table" and saves.read(model.store, saves.GAME + str(place.get("game"))):
        resume_game(model, place["game"])
    elif screen in SCREENS:
        SCREENS[screen](model, place)
    elif model.screen != "lobby":
        show_lobby(model, navigate=False)
        model.visits[model.place] = {"screen": "lobby"}
        emit(model, "url", "", model.place)


# -- talking to the engine ------------------------------------------------------------


def request(model: Model, name: str, argument: str, purpose: str,
            context: "Any" = None, wait: bool = False, first: bool = False) -> bool:
    """Ask the engine. One request is in flight at a time: another made
    meanwhile is dropped (False), unless it may `wait` its turn (`first`: at
    the head of the line)."""
    if model.engine not in ("up", "ready") or model.importing:
        return False
    asked = {"name": name, "argument": argument, "purpose": purpose, "context": context,
             "retried": False}
    if model.pending is not None:
        if not wait:
            return False
        if first:
            model.queue.insert(0, asked)
        else:
            model.queue.append(asked)
        return True
    send(model, asked)
    return True


def send(model: Model, asked: "dict[str, Any]") -> None:
    model.pending = asked
    set_attr(model, "data-busy", "true")
    emit(model, "call", asked["name"], asked["argument"])


def on_answer(model: Model, event: "Event") -> None:
    """The engine's answer to the request in flight."""
    asked = model.pending
    if asked is None:
        return
    try:
        answer = json.loads(event["text"])
    except Exception:
        answer = {"ok": False, "view": None, "error": "the game engine's answer was unreadable"}
    finish(model, asked, answer)


def finish(model: Model, asked: "dict[str, Any]", answer: "dict[str, Any] | None") -> None:
    """Hand `answer` to what asked for it, then send the next request in line."""
    model.pending = None
    set_attr(model, "data-busy", "false")
    ANSWERS[asked["purpose"]](model, answer, asked["context"])
    if model.pending is None and model.queue and model.engine in ("up", "ready"):
        send(model, model.queue.pop(0))


def on_call_failed(model: Model, event: "Event") -> None:
    """The worker died or gave no answer: restart it (the request stays in
    flight meanwhile, so nothing else is sent to a worker that is not there)."""
    asked = model.pending
    if asked is None:
        return
    if asked.get("restoring"):  # the fresh worker died too
        on_restart_failed(model, event)
        return
    asked["failure"] = event.get("why") or "no answer"
    model.engine_before, model.engine = model.engine, "restarting"
    set_engine_status(model, "restarting", "The game engine stopped; restarting it\u2026")
    emit(model, "restart-engine")


def on_restarted(model: Model, event: "Event") -> None:
    """A fresh worker: restore the table's game in it first."""
    asked = model.pending
    model.engine = model.engine_before
    if asked is None:
        return
    if model.payload is not None:
        emit(model, "call", "restore", json.dumps(model.payload["save"]))
        asked["restoring"] = True
        return
    set_engine_status(model, "ready", "Engine ready")
    show_message(model, "The game engine stopped (%s) and was restarted." % asked["failure"], "info")
    give_up(model, asked)


def on_restore_answer(model: Model, asked: "dict[str, Any]", event: "Event") -> None:
    """The table's game, restored in a fresh worker (or not)."""
    del asked["restoring"]
    try:
        restored = json.loads(event["text"])
    except Exception:
        restored = {"ok": False, "error": "the game engine's answer was unreadable"}
    set_engine_status(model, "ready", "Engine ready")
    why = asked["failure"]
    if not restored.get("ok"):
        payload = model.payload or {}
        set_aside_game(model, str(model.game_id), payload.get("title") or "saved",
                       restored.get("error") or why)
        show_lobby(model)
        model.pending = None
        set_attr(model, "data-busy", "false")
        model.queue = []
        return
    model.payload = restored
    render_table(model)
    show_message(model, "The game engine stopped (%s) and was restarted; your game is restored "
                        "with all its %d moves." % (why, restored["moves"]), "info")
    if asked["name"] in RETRIED_CALLS and not asked["retried"]:
        asked["retried"] = True
        emit(model, "call", asked["name"], asked["argument"])
        return
    give_up(model, asked)


def give_up(model: Model, asked: "dict[str, Any]") -> None:
    finish(model, asked, {"ok": False, "view": None, "error":
                          "the game engine stopped while working on it (%s)" % asked["failure"]})


def on_engine_answer(model: Model, event: "Event") -> None:
    if model.pending is not None and model.pending.get("restoring"):
        on_restore_answer(model, model.pending, event)
    else:
        on_answer(model, event)


def on_restart_failed(model: Model, event: "Event") -> None:
    model.engine = "failed"
    set_engine_status(model, "failed", "The game engine could not be restarted (%s). Reload the "
                                       "page; your games are kept." % (event.get("why") or "?"))
    asked, model.pending, model.queue = model.pending, None, []
    set_attr(model, "data-busy", "false")
    if asked is not None:
        ANSWERS[asked["purpose"]](model, {"ok": False, "view": None, "error": (
            "the game engine stopped while working on it (%s)" % asked.get("failure"))},
            asked["context"])


def accept(model: Model, payload: "dict[str, Any] | None") -> bool:
    """Show a payload for the game on the table; an error in it is explained
    and the game kept."""
    if payload is None:
        return False
    if payload.get("error"):
        show_message(model, payload["error"])
    table = model.payload
    if payload.get("view") is None or table is None or \
            payload["game"] != table["game"] or payload["seed"] != table["seed"]:
        return False
    narrate(model, table, payload)
    model.payload = payload
    if payload["ok"]:
        model.selection = []
        model.hint = None
    render_table(model)
    keep_game(model, payload)
    return bool(payload["ok"])


def narrate(model: Model, before: "dict[str, Any] | None", after: "dict[str, Any]") -> None:
    """Tell a screen reader, politely, what happened since the last payload."""
    events = new_events(before["log"] if before else [], after["log"])
    if events:
        emit(model, "text", "narration", " ".join(event["text"] for event in events[-4:]))


def new_events(old: "list[Any]", new: "list[Any]") -> "list[Any]":
    """The events of the log tail `new` that came after the tail `old`."""
    if not old:
        return new[-1:]
    for index in range(len(new) - 1, -1, -1):
        if new[index] == old[-1]:
            return new[index + 1:]
    return new[-1:]


def when_ready(model: Model, work: "Event", text: str) -> bool:
    """True when the engine is ready for `work`; else it waits for the engine."""
    if model.engine == "ready" and not model.checking:
        return True
    model.waiting = work
    show_message(model, text, "info")
    emit(model, "warm-fonts")  # meanwhile: the table will be the engine's first drawing
    return False


# -- starting and resuming ----------------------------------------------------------


def start_game(model: Model, spec: "dict[str, Any]", fresh: bool = False) -> None:
    """Deal `spec`; a link to a deal that is already in progress resumes it
    (unless `fresh`), and a new deal is kept beside the other games."""
    work = {"type": "deal", "spec": spec, "fresh": fresh}
    if not when_ready(model, work, STARTING % title_of(model, spec["game"])):
        return
    clear_message(model)
    if not fresh and spec.get("seed") is not None:
        found = saves.matching_game(saves.in_progress(model.store)[0], spec)
        if found is not None:
            resume_game(model, found)
            return
    if spec.get("seed") is None:
        spec["seed"] = int(model.now["random"] * 2147483647)
    request(model, "start", json.dumps(spec), "dealt")


def dealt(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    if payload is None:
        return
    if not payload.get("ok"):
        show_message(model, payload.get("error") or "The game could not be dealt.")
        return
    open_game(model, fresh_id(model), None, payload)
    run_moves(model)


def resume_game(model: Model, game_id: "str | None") -> None:
    if game_id is None:
        return
    if not when_ready(model, {"type": "resume", "id": game_id}, RESUMING):
        return
    text = saves.read(model.store, saves.GAME + game_id)
    try:
        entry = saves.parse_entry(text)
    except ValueError as err:
        set_aside_game(model, game_id, "saved", str(err))
        return
    request(model, "restore", json.dumps(entry["save"]), "resumed", [game_id, text, entry])


def resumed(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    game_id, text, entry = context
    if payload is None:
        return
    if not payload.get("ok"):
        set_aside_game(model, game_id, entry["meta"]["title"], payload.get("error") or
                       "unknown reason")
        return
    clear_message(model)
    open_game(model, game_id, text, payload)
    model.autoplayed = bool(entry["meta"].get("autoplayed"))
    run_moves(model)


def same_setup(payload: "dict[str, Any]", seed: "Any") -> "dict[str, Any]":
    """The setup of the game on the table, with another seed or the same."""
    return {"game": payload["game"], "players": payload["players"], "seed": seed,
            "levels": payload["levels"], "options": payload["save"]["game"]["options"],
            "humans": list(payload.get("humans") or [0])}


def deal_again(model: Model, seed: "Any") -> None:
    """A new game with the table's setup, after asking if it abandons this one."""
    payload = model.payload
    if payload is None:
        return
    spec = same_setup(payload, seed)
    if payload["view"]["over"]:
        start_game(model, spec, fresh=True)
        return
    ask(model, "Abandon this game?", "Deal a new %s game? The game in progress (%d moves) will "
        "be deleted." % (payload["title"], payload["moves"]), "Abandon and deal",
        {"type": "abandon", "spec": spec})


def abandon(model: Model, event: "Event") -> None:
    if model.payload is not None and still_current(model):
        saves.remove(model.store, game_key(model))
        start_game(model, event["spec"], fresh=True)


# -- moves ---------------------------------------------------------------------------


def table_free(model: Model) -> bool:
    """The table takes a move of the person's: a game is on it, no move is
    being played by the page, and no other tab has moved it on."""
    return model.payload is not None and not model.moving and still_current(model)


def send_action(model: Model, action: "Any") -> None:
    if action is None or not table_free(model):
        return
    assert model.payload is not None
    request(model, "act", json.dumps({"action": action, "moves": model.payload["moves"]}), "acted")


def acted(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    if accept(model, payload):
        clear_message(model)
        run_moves(model)


def only_choice(model: Model, payload: "dict[str, Any]") -> "Any":
    """The human's only legal action in `payload`, when the page is to make it
    for them (the engine says it reveals nothing, so it is no decision at all)."""
    return payload.get("only_choice") if model.auto_answer else None


def run_moves(model: Model) -> None:
    """Play the bots' moves, and the human's only choices when the page makes
    them, each shown for the pace. The engine is asked for the next move only
    once the move before is drawn (so its search never shares the CPU with
    the page's drawing), and a move that comes back sooner than the pace
    waits out the rest (so moves cost about max(pace, thinking) each). A
    hurry (a click on the table) shows each move as soon as it comes, until
    these moves stop."""
    model.shown = model.now["at"]
    model.in_row = 0
    model.stretch_began = model.shown
    model.moving = True
    if not still_current(model) or not ask_next_move(model):
        stop_moves(model)


def ask_next_move(model: Model) -> bool:
    """Ask for the move after the payload on the table: a bot's, or the
    human's only choice (naming the move count it answers); False when the
    human decides, or the game is over."""
    payload = model.payload
    if payload is None or payload.get("view") is None or coach_speaks(payload):
        return False
    if payload["bot_to_act"]:
        return request(model, "bot_step", "", "moved")
    choice = only_choice(model, payload)
    if choice is None:
        return False
    return request(model, "act", json.dumps(
        {"action": choice, "moves": payload["moves"], "for_human": True}), "moved")


def coach_speaks(payload: "dict[str, Any]") -> bool:
    """In a lesson, the coach's note waits for Next: nothing moves meanwhile."""
    return bool((payload.get("coach") or {}).get("next"))


def stop_moves(model: Model) -> None:
    model.moving = model.hurry = False
    model.held = None


def moved(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    """A move the page asked for: shown once the one before has been on show
    for the pace."""
    if not model.moving:
        return
    left = model.shown + shown_for(model) * 1000 - model.now["at"]
    if left > 0 and not model.hurry and payload is not None:
        model.held = payload
        model.timer += 1
        emit(model, "timer", left, {"type": "due", "token": model.timer})
        return
    show_move(model, payload)


def on_due(model: Model, event: "Event") -> None:
    if event.get("token") == model.timer and model.held is not None:
        payload, model.held = model.held, None
        show_move(model, payload)


def shown_for(model: Model) -> float:
    """Seconds the move on the table stays on show before the next one."""
    return pace_seconds(model.pace, model.in_row, (model.shown - model.stretch_began) / 1000)


def pace_seconds(pace: str, in_row: int, spent: float = 0.0) -> float:
    """Seconds on show, at `pace`, for the move `in_row` moves into a stretch
    that has taken `spent` seconds so far."""
    seconds = PACES[pace]
    if pace == "slow" or not seconds:
        return seconds
    if spent >= STRETCH_BUDGET:
        return 0.0
    return max(PACE_FLOOR, seconds * PACE_DECAY ** in_row)


def show_move(model: Model, payload: "dict[str, Any] | None") -> None:
    model.shown = model.now["at"]
    model.in_row += 1
    if not still_current(model) or model.payload is None or not accept(model, payload) or \
            not ask_next_move(model):
        stop_moves(model)


def hurry(model: Model) -> None:
    """Skip to the person's turn: Skip, or a click on the table while the bots move."""
    if not model.moving:
        return
    model.hurry = True
    if model.held is not None:
        payload, model.held = model.held, None
        show_move(model, payload)


def take_back(model: Model) -> None:
    """Undo the human's last choice, or say why it stands."""
    if not table_free(model):
        return
    assert model.payload is not None
    undo = model.payload["undo"]
    if not undo["allowed"]:
        show_message(model, undo["reason"], "info")
        return
    request(model, "undo", json.dumps({"moves": model.payload["moves"]}), "undone")


def undone(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    if accept(model, payload):
        clear_message(model)


def ask_hint(model: Model) -> None:
    if model.payload is None or not model.payload["legal"] or not still_current(model):
        return
    request(model, "hint", "", "hinted")


def hinted(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    if payload is not None and payload.get("hint") and model.payload is not None:
        model.hint = payload["hint"]
        render_table(model)
        # It is drawn under the hand: on a phone, below the fold.
        emit(model, "reveal", REVEALED["hint"], model.pace != "instant")


def toggle_autoplay(model: Model) -> None:
    """The expert plays the person's moves to the deal's end, each shown for
    the pace; "Stop autoplay" (or P) hands the deal back after the move in hand."""
    if model.autoplay:
        model.autoplay = False
        if model.pending is None:  # between two moves: stop now
            model.timer += 1
            end_autoplay(model)
        return
    if not table_free(model):
        return
    model.autoplay = model.moving = True
    render_table(model)
    autoplay_next(model)


def autoplay_next(model: Model) -> None:
    payload = model.payload
    if model.autoplay and payload is not None and payload["legal"] and still_current(model):
        model.shown = model.now["at"]
        if request(model, "hint", "", "autoplay-hint"):
            return
    end_autoplay(model)


def end_autoplay(model: Model) -> None:
    model.autoplay = model.moving = False
    model.held = None
    if model.payload is not None:
        render_table(model)


def autoplay_hinted(model: Model, advice: "dict[str, Any] | None", context: "Any") -> None:
    if advice is None or not advice.get("hint") or model.payload is None:
        accept(model, advice)  # says why, if the engine did
        end_autoplay(model)
        return
    act = {"type": "autoplay-act", "action": advice["hint"]["action"]}
    left = model.shown + PACES[model.pace] * 1000 - model.now["at"]
    if left > 0:
        model.timer += 1
        act["token"] = model.timer
        emit(model, "timer", left, act)
    else:
        autoplay_act(model, act)


def autoplay_act(model: Model, event: "Event") -> None:
    if "token" in event and event["token"] != model.timer:
        return
    if not model.autoplay or model.payload is None:
        end_autoplay(model)
        return
    request(model, "act", json.dumps({"action": event["action"],
                                      "moves": model.payload["moves"]}), "autoplayed")


def autoplayed(model: Model, payload: "dict[str, Any] | None", context: "Any") -> None:
    if payload is not None and payload.get("ok"):
        model.autoplayed = True  # (before accept() keeps the game, or records it finished)
    if accept(model, payload) and model.autoplay:
        autoplay_next(model)
    else:
        end_autoplay(model)


def toggle(model: Model, card: "Any") -> None:
    if model.payload is None or model.payload["view"]["over"]:
        return
    if card in model.selection:
        model.selection.remove(card)
    else:
        model.selection.append(card)
    render_table(model)


def requested(model: Model, kind: "Any") -> "Any":
    """The action of type `kind` with the selected cards, which the engine
    explains if it is not legal."""
    payload = model.payload
    if payload is None:
        return None
    return TABLES[payload["game"]].requested_action(kind, model.selection, payload["legal"])


def table_action(model: Model, event: "Event") -> "Any":
    """The action a table button asks for: the exact legal action it carries
    (`data-act`), or the action of its type (`data-type`) with the selected cards."""
    exact = event.get("data-act")
    if exact:
        return json.loads(exact)
    return requested(model, event.get("data-type"))


# -- the boot ------------------------------------------------------------------------


def on_start(model: Model, event: "Event") -> None:
    """The page's first event: settings, kept games, the lobby."""
    kept = settings(model)
    model.pace = kept_pace(model)
    model.auto_answer = kept.get("auto_answer") is not False
    saves.carry_over_legacy(model.store, model.now["wall"], lambda: fresh_id(model),
                            lambda game: title_of(model, game))
    show_screen(model, "lobby")
    render_kept(model)


def on_listening(model: Model, event: "Event") -> None:
    """The page listens: the UI is ready, the link's deal is asked for, the
    engine boots."""
    depth = event.get("depth")
    if isinstance(depth, int) and depth > 0:  # a reload: the entries before are the app's
        model.visits = [None] * depth + [{"screen": "lobby"}]
        model.place = depth
    spec, problems = game_request(event.get("query") or "", model.catalogue)
    if problems:
        show_message(model, " ".join(problems) + " Showing the lobby instead.")
        emit(model, "url", "", model.place)
    set_attr(model, "data-ui", "ready")
    if spec is not None and spec.get("pace"):
        model.link_pace = spec.pop("pace")  # for the game the link deals, not kept
    if spec is not None:
        when_ready(model, {"type": "deal", "spec": spec, "fresh": False},
                   STARTING % title_of(model, spec["game"]))
    emit(model, "boot-engine")


def on_booted(model: Model, event: "Event") -> None:
    """The engine is up: replay every kept game on it, setting aside the ones
    it cannot resume and carrying the rest to its version; then it is ready."""
    model.engine = "up"
    set_attr(model, "data-engine-boot", str(event.get("from")))
    games, _ = saves.in_progress(model.store)
    model.checking = [game_id for game_id, _ in games]
    for game_id, entry in games:
        request(model, "check", json.dumps(entry["save"]), "checked", [game_id, entry], wait=True)
    if not games:
        engine_ready(model)


def checked(model: Model, answer: "dict[str, Any] | None", context: "Any") -> None:
    game_id, entry = context
    if answer is not None and not answer.get("ok"):
        saves.set_aside(model.store, saves.GAME + game_id, entry["meta"]["title"],
                        answer.get("error") or "the engine refused it", model.now["wall"])
    elif answer is not None and answer["save"] != entry["save"]:
        saves.write(model.store, saves.GAME + game_id,
                    saves.entry_text(answer, entry["meta"]["updated"]))
    if game_id in model.checking:
        model.checking.remove(game_id)
    if not model.checking:
        if model.screen == "lobby":
            render_kept(model)
        engine_ready(model)


def engine_ready(model: Model) -> None:
    model.engine = "ready"
    set_engine_status(model, "ready", "Engine ready")
    if model.waiting is not None:
        work, model.waiting = model.waiting, None
        EVENTS[work["type"]](model, work)


def on_boot_failed(model: Model, event: "Event") -> None:
    model.engine = "failed"
    set_engine_status(model, "failed", "The game engine failed to load (%s). Reload to retry."
                      % (event.get("why") or "?"))


# -- clicks and keys -------------------------------------------------------------------


def on_table(work: "Callable[[Model, Event], None]") -> "Callable[[Model, Event], None]":
    """A handler that acts on the game on the table, if there is one and this
    tab still holds it."""
    def handler(model: Model, event: "Event") -> None:
        if model.payload is None:
            return
        if model.stale:
            become_stale(model)
            return
        work(model, event)
    return handler


def discard_game(model: Model, event: "Event") -> None:
    ask(model, "Discard this game?", "The unfinished game will be deleted from this device.",
        "Discard", {"type": "discarded", "id": event.get("data-id")})


def discarded(model: Model, event: "Event") -> None:
    saves.remove(model.store, saves.GAME + str(event["id"]))
    render_kept(model)


def discard_aside(model: Model, event: "Event") -> None:
    ask(model, "Discard this save?", "The set-aside save will be deleted from this device. "
        "Export it first to keep a copy.", "Discard",
        {"type": "discarded-aside", "id": event.get("data-id")})


def discarded_aside(model: Model, event: "Event") -> None:
    saves.discard_aside(model.store, str(event["id"]))
    render_kept(model)


def export_aside(model: Model, event: "Event") -> None:
    """Download a set-aside save's text, untouched, as a .json file."""
    aside_id = event.get("data-id")
    try:
        record = json.loads(saves.read(model.store, saves.ASIDE + str(aside_id)))
        text = saves.read(model.store, record["key"]) or ""
    except Exception:
        text = ""
    emit(model, "download", "safehouse-%s.json" % aside_id, text)


def on_copied(model: Model, event: "Event") -> None:
    if event.get("ok"):
        show_message(model, "Link copied: " + event["url"], "info")
    else:
        show_message(model, "Copy this link to share the deal: " + event["url"], "info")


ACTIONS: "dict[str, Callable[[Model, Event], None]]" = {
    "dismiss": lambda model, event: clear_message(model),
    "close": lambda model, event: close_sheet(model),
    "rules": show_rules,
    "lobby": lambda model, event: show_lobby(model),
    "play": lambda model, event: play(model, event.get("data-game")),
    "start": start_from_sheet,
    "resume": lambda model, event: resume_game(model, event.get("data-resume")),
    "discard": discard_game,
    "discard-aside": discard_aside,
    "export-aside": export_aside,
    "confirm": lambda model, event: answer_dialog(model, True),
    "cancel": lambda model, event: answer_dialog(model, False),
    "reload": lambda model, event: emit(model, "reload"),
    "copy-link": lambda model, event: emit(model, "copy-link"),
    "select": on_table(lambda model, event: toggle(model, event.get("data-card"))),
    "do": on_table(lambda model, event: send_action(model, table_action(model, event))),
    "hint": on_table(lambda model, event: ask_hint(model)),
    "autoplay": on_table(lambda model, event: toggle_autoplay(model)),
    "undo": on_table(lambda model, event: take_back(model)),
    "new-deal": on_table(lambda model, event: deal_again(model, None)),
    "same-deal": on_table(lambda model, event: deal_again(model, (model.payload or {})["seed"])),
    "continue": hand_over,
    "skip": lambda model, event: hurry(model),
    "more-tools": lambda model, event: toggle_more_tools(model),
}


def toggle_more_tools(model: Model) -> None:
    """A phone's "More": the table's folded tools, shown or folded again."""
    if model.payload is not None:
        model.more_open = not model.more_open
        render_table(model)


def on_click(model: Model, event: "Event") -> None:
    """A click: on the table while the bots move, it hurries them; on a
    control (its data-* attributes are the event's), it does what it says."""
    action = event.get("action")
    if model.payload is not None and model.payload["bot_to_act"] and event.get("in_table") \
            and action != "more-tools":
        hurry(model)
    if action is None:
        return
    if event.get("aria-disabled") == "true":  # it says why instead of acting
        explain(model, event)
        return
    handler = ACTIONS.get(action)
    if handler is not None:
        handler(model, event)


def explain(model: Model, event: "Event") -> None:
    """A greyed control says why it is off. One that carries its action, or
    asks for an action of a type with the selected cards, asks the engine,
    whose refusal names the cards and the rule, and shows it at the control
    too; any other (or with nothing selected) shows its own description,
    there and in the message."""
    asks = event.get("action") == "do" and table_free(model) and (
        event.get("data-act") or (event.get("data-type") and model.selection))
    action = table_action(model, event) if asks else None
    if action is not None:
        assert model.payload is not None
        request(model, "act", json.dumps({"action": action, "moves": model.payload["moves"]}),
                "explained", event.get("described_by"))
        return
    show_message(model, event.get("described") or "Not now.", "info")
    if event.get("described_by"):  # and at the control itself, on a phone too
        show_why(model, event["described_by"])


def explained(model: Model, payload: "dict[str, Any] | None", why_id: "Any") -> None:
    """The engine's answer to a greyed control's action: its refusal, shown
    at the control and in the message (or the move, should it be legal after all)."""
    if payload is not None and not payload.get("ok") and payload.get("error") and why_id:
        accept(model, payload)
        emit(model, "text", why_id, payload["error"])
        show_why(model, why_id)
        return
    acted(model, payload, None)


def show_why(model: Model, why_id: str) -> None:
    """A greyed control's reason on show, and in view."""
    emit(model, "class", why_id, "why shown")
    emit(model, "reveal", "#" + why_id, False)


def on_change(model: Model, event: "Event") -> None:
    setting = event.get("data-setting")
    if setting == "pace":
        set_pace(model, event.get("value"))
    elif setting == "auto-answer":
        set_auto_answer(model, bool(event.get("checked")))
    elif event.get("id") == "setup-players":
        setup_players_changed(model, event)
    else:
        for hook in CHANGE_HOOKS:
            hook(model, event)


def dialog_key(model: Model, event: "Event") -> None:
    """In a dialog: Escape closes it (a confirmation is cancelled), and Tab
    cycles through its controls without leaving it."""
    if event["key"] == "Escape" and model.dialog == "confirm":
        answer_dialog(model, False)
    elif event["key"] == "Escape":
        close_sheet(model)
    elif event["key"] == "Tab":
        emit(model, "cycle-focus", "confirm" if model.dialog == "confirm" else "overlay",
             bool(event.get("shift")))


def press_choice(model: Model, key: str, choice_keys: "list[str]", table_keys: "Any") -> bool:
    """Press the decision's choice whose key (data-choice-key) this key, after
    the one typed before, completes; or keep the key as the first of two.
    True when the key is used so."""
    typed, model.typed = model.typed + key.lower(), ""
    emit(model, "arm", None)
    if len(key) != 1 or not (key.isalpha() or key.isdigit()):
        return False
    if typed in choice_keys:
        emit(model, "press", typed)
        return True
    starting = [choice for choice in choice_keys if choice.startswith(typed)]
    if len(typed) > 1 or not starting or typed in KEYS or typed in table_keys:
        return False
    model.typed = typed
    emit(model, "arm", typed)
    return True


def on_key(model: Model, event: "Event") -> None:
    if event.get("modified"):
        return
    if model.dialog is not None:
        dialog_key(model, event)
        return
    for hook in KEY_HOOKS:
        if hook(model, event):
            return
    payload = model.payload
    if payload is None or model.screen != "table" or model.stale:
        return
    key = event["key"]
    table = TABLES[payload["game"]]
    hand = payload["view"]["hand"]
    if press_choice(model, key, event.get("choice_keys") or [], table.KEYS):
        return
    if len(key) == 1 and key in "123456789" and int(key) <= len(hand):
        toggle(model, hand[int(key) - 1])
    elif key.lower() in KEYS or key.lower() in table.KEYS:
        kind = KEYS.get(key.lower()) or table.KEYS[key.lower()]
        if kind == "hint":
            ask_hint(model)
        elif kind == "autoplay":
            toggle_autoplay(model)
        elif kind == "undo":
            take_back(model)
        elif kind == "skip":
            hurry(model)
        else:
            send_action(model, requested(model, kind))


# What each event does, and who gets each answer. pyapp/ui/screens.py adds
# its own events, actions, answers and key and change hooks as it loads.
KEY_HOOKS: "list[Callable[[Model, Event], bool]]" = []
DRAWN_HOOKS: "list[Callable[[Model], None]]" = []  # after each drawing of the table
LEFT_HOOKS: "list[Callable[[Model], None]]" = []  # when the game leaves the table
CHANGE_HOOKS: "list[Callable[[Model, Event], None]]" = []
EVENTS: "dict[str, Callable[[Model, Event], None]]" = {
    "start": on_start,
    "listening": on_listening,
    "booted": on_booted,
    "boot-failed": on_boot_failed,
    "click": on_click,
    "key": on_key,
    "change": on_change,
    "storage": on_storage,
    "answer": on_engine_answer,
    "call-failed": on_call_failed,
    "restarted": on_restarted,
    "restart-failed": on_restart_failed,
    "due": on_due,
    "copied": on_copied,
    "deal": lambda model, event: start_game(model, event["spec"], event.get("fresh", False)),
    "resume": lambda model, event: resume_game(model, event["id"]),
    "abandon": abandon,
    "discarded": discarded,
    "discarded-aside": discarded_aside,
    "autoplay-act": autoplay_act,
    "history": on_history,
}
# The screens that a place in the browser's history shows again (screens.py adds its own).
SCREENS: "dict[str, Callable[[Model, dict[str, Any]], None]]" = {
    "lobby": lambda model, place: lobby_again(model),
}
ANSWERS: "dict[str, Callable[[Model, Any, Any], None]]" = {
    "dealt": dealt,
    "resumed": resumed,
    "acted": acted,
    "explained": explained,
    "moved": moved,
    "undone": undone,
    "hinted": hinted,
    "autoplay-hint": autoplay_hinted,
    "autoplayed": autoplayed,
    "checked": checked,
}
