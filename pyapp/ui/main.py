"""The page controller, on MicroPython in the main thread.

It binds one delegated click handler and one key handler, keeps the latest
payload from the engine worker, renders it with the pure table modules and
sends back the actions the person picks. It decides no rule: what is legal and
why not comes from the engine.

Nothing is lost:
- every unfinished game is kept in localStorage (pyapp/ui/saves.py), each
  under its own id; a save that cannot be resumed is set aside, never deleted;
- while a request is in flight, further engine requests are dropped, and each
  action carries the move count it was chosen at, so a too-fast click can
  never land on a table it was not meant for;
- before each move the tab checks that its game's record is still the one it
  wrote: when another tab has moved the game on, this tab stops (data-stale);
- a dead or silent engine worker is restarted and the game on the table
  restored from its save (data-engine="restarting", then "ready").
"""

import asyncio
import json

import js as window  # the page's global object, as pyscript.window is on the main thread
from js import document
from jsffi import create_proxy

from pyapp.ui import archive, saves
from pyapp.ui.browser import next_task
from pyapp.ui.html import button, el, render
from pyapp.ui.lobby import kept_games_html, setup_html
from pyapp.ui.page import KEYS, table_page_html, table_query
from pyapp.ui.params import game_request
from pyapp.ui.rules import rules_html
from pyapp.ui.tables import MODULES as TABLE_MODULES, TABLES

# How long each bot move stays on show, so a person can follow the bots.
PACES = {"instant": 0, "fast": 0.3, "normal": 0.7, "slow": 1.4}
SETTINGS = "safehouse.settings"  # {"pace": ..., "auto_answer": bool}, kept on this device
RETRIED_CALLS = ("act", "undo", "bot_step", "hint")  # safe to send again once the game is restored


class App:
    """Everything the page remembers between events."""

    engine = None  # window.safehouseEngine once it has booted
    ready = False  # the engine has booted and the kept games are checked
    catalogue = []
    payload = None
    selection = []
    hint = None
    busy = False
    waiting = None  # what to do once the engine is ready: a coroutine function
    game_id = None  # the id of the kept game on the table
    written = None  # the text of its record as this tab last read or wrote it
    saved_moves = -1
    stale = False  # the game on the table moved on in another tab
    pace = "normal"
    auto_answer = True  # make the human's only choice for them, when it reveals nothing
    hurry = False  # the person clicked during the bots' moves: skip to their turn
    # The page is playing moves (the bots', forced ones): the table on show
    # is a move behind, so a click on it must not be sent as a move.
    moving = False
    autoplay = False  # the expert is finishing the solitaire for the person to watch
    confirming = None  # what a confirmed dialog does
    refocus = None  # the element that had focus before the dialog
    typed = ""  # the first key of a two-key choice ("r" of "r9"), until the next key


def element(element_id):
    return document.getElementById(element_id)


def store():
    """localStorage, or None where the browser refuses it (saves.py copes)."""
    try:
        return window.localStorage
    except Exception:
        return None


def now():
    """Milliseconds since 1970. (Date.now() itself reaches MicroPython cut to
    32 bits: a wrong date on every save, and on the lobby's "last played".)"""
    return archive.clock()[0]


def moment():
    """Milliseconds on the page's own clock (performance.now(), a float that
    crosses the bridge whole), for how long something took."""
    return window.performance.now()


def show_message(text, kind="error", button_label=None, button_action=None):
    box = element("message")
    extra = button(button_label, button_action) if button_label else None
    box.innerHTML = render([el("span", text), extra, el(
        "button", "\u00d7", type="button", class_="close", data_action="dismiss",
        aria_label="Dismiss")])
    box.className = "message " + kind
    box.hidden = False


def clear_message():
    element("message").hidden = True


def entry_of(game_id):
    for entry in App.catalogue:
        if entry["id"] == game_id:
            return entry
    return None


def title_of(game_id):
    entry = entry_of(game_id)
    return entry["title"] if entry else "A saved game"


def set_busy(busy):
    App.busy = busy
    document.body.setAttribute("data-busy", "true" if busy else "false")


def settings():
    text = saves.read(store(), SETTINGS)
    if not text:
        return {}  # (not json.loads(None): a raised error costs ms on a first visit)
    try:
        kept = json.loads(text)
        return kept if isinstance(kept, dict) else {}
    except Exception:
        return {}


def keep_setting(name, value):
    kept = settings()
    kept[name] = value
    saves.write(store(), SETTINGS, json.dumps(kept))


def set_pace(pace):
    """Keep the bots' pace on this device; it applies from the next bot move."""
    if pace not in PACES:
        return
    App.pace = pace
    keep_setting("pace", pace)


def set_auto_answer(on):
    """Whether the page makes the human's only choices for them; from now on."""
    App.auto_answer = on
    keep_setting("auto_answer", on)
    if on and not App.moving and App.payload is not None and App.payload.get("only_choice"):
        asyncio.create_task(run_bots())  # (a loop already running makes it itself)


async def pause_for_pace(shown):
    """Let the move drawn at moment() `shown` stay on show for the pace; the
    next move's thinking already counted. A click on the table cuts it short.
    (Timed on the page's clock: each sleep runs late by a little, and summed
    over a full table's moves that ate the pace target's slack.)

    It looks every 50 ms. Waking once, at the deadline or at a click, took
    15% less main-thread time during play, yet gave more tasks over 50 ms in
    alternating runs of bench/pace.py (Spy Tricks, 4 seats, hard bots, 2
    deals a run): 5.0 a run when an asyncio.wait_for timeout on an Event
    ended the wait (6 runs), 2.0 with one plain sleep or a JavaScript
    promise (4 runs), against 1.0 for this look (9 runs)."""
    deadline = shown + PACES[App.pace] * 1000
    while not App.hurry:
        left = deadline - moment()
        if left <= 0:
            return
        await asyncio.sleep(min(left, 50) / 1000)


def narrate(before, after):
    """Tell a screen reader, politely, what happened since the last payload."""
    events = new_events(before["log"] if before else [], after["log"])
    if events:
        element("narration").textContent = " ".join(event["text"] for event in events[-4:])


def new_events(old, new):
    """The events of the log tail `new` that came after the tail `old`."""
    if not old:
        return new[-1:]
    for index in range(len(new) - 1, -1, -1):
        if new[index] == old[-1]:
            return new[index + 1:]
    return new[-1:]


async def copy_link():
    """The address reproduces the deal, seats, levels and options."""
    url = str(window.location.href)
    try:
        await window.navigator.clipboard.writeText(url)
        show_message("Link copied: " + url, "info")
    except Exception:
        show_message("Copy this link to share the deal: " + url, "info")


# -- the kept games ----------------------------------------------------------------


def game_key():
    return saves.GAME + App.game_id


def render_kept():
    """List the unfinished and set-aside games in the lobby; a record that
    cannot even be read is set aside first."""
    games, broken = saves.in_progress(store())
    for key, reason in broken:
        saves.set_aside(store(), key, "A saved game", reason, now())
    if broken:
        games, _ = saves.in_progress(store())
    html = kept_games_html(games, saves.set_aside_saves(store()), now())
    kept = element("kept")
    kept.innerHTML = html
    kept.hidden = not html
    archive.render_lobby()


def set_aside_game(game_id, title, reason):
    saves.set_aside(store(), saves.GAME + game_id, title, reason, now())
    show_message("Your %s game could not be resumed: %s. It is set aside in the lobby, "
                 "where you can export or discard it." % (title, reason.rstrip(".")))
    render_kept()


def still_current():
    """False (and the tab goes stale) when another tab changed this game's record."""
    if App.stale:
        return False
    if App.game_id is None or saves.read(store(), game_key()) == App.written:
        return True
    become_stale()
    return False


def become_stale():
    App.stale = True
    document.body.setAttribute("data-stale", "true")
    show_message("This game continued in another tab. Reload to play on from where it "
                 "stands there.", "info", "Reload", "reload")


def keep_game(payload):
    """Write the game's record after a change; drop it once the game is over."""
    if not still_current():
        return
    if payload["view"]["over"]:
        archive.record_finished(App.game_id, payload)  # before its record goes: counted once
        saves.remove(store(), game_key())
        App.written = None
    elif payload["moves"] != App.saved_moves:
        text = saves.entry_text(payload, now())
        if saves.write(store(), game_key(), text):
            App.written = text
    App.saved_moves = payload["moves"]


def on_storage(event):
    """Another tab changed local data: refresh the lobby, or notice that this
    tab's game has moved on there."""
    if not document.body.getAttribute("data-screen") == "table":
        render_kept()
    elif App.game_id is not None:
        still_current()


def carry_over():
    """One-slot saves of earlier builds become games of their own."""
    saves.carry_over_legacy(store(), now(), fresh_id, title_of)


def fresh_id():
    return saves.new_game_id(now(), window.Math.random())


async def check_kept_games():
    """Replay every kept game on this engine: set aside the ones it cannot
    resume, and carry the rest to its version."""
    games, _ = saves.in_progress(store())
    for game_id, entry in games:
        answer = await call("check", json.dumps(entry["save"]))
        if answer is None:
            continue
        if not answer.get("ok"):
            saves.set_aside(store(), saves.GAME + game_id, entry["meta"]["title"],
                            answer.get("error") or "the engine refused it", now())
        elif answer["save"] != entry["save"]:
            saves.write(store(), saves.GAME + game_id,
                        saves.entry_text(answer, entry["meta"]["updated"]))
    render_kept()


# -- screens --------------------------------------------------------------------


def leave_game():
    App.payload = None
    App.game_id = None
    App.written = None
    App.stale = False
    document.body.removeAttribute("data-stale")


def show_lobby():
    leave_game()
    archive.hide()
    element("table").hidden = True
    element("lobby").hidden = False
    document.body.setAttribute("data-screen", "lobby")
    render_kept()
    window.history.replaceState(None, "", window.location.pathname)


def render_table():
    """Redraw the table; switches marked data-keep (table-local toggles such as
    a deduction aid) keep their state across the redraw. In pass and play, a
    view of another person's seat waits behind the pass screen."""
    payload = App.payload
    if archive.hold(payload):
        return
    table = element("table")
    kept = [box.id for box in table.querySelectorAll("input[data-keep]") if box.checked]
    focused = focus_key(table)
    # static/redraw.mjs: changes only what changed, then marks the cards that
    # arrived so only those animate (one call, not one per card, across the bridge).
    window.safehouseRedraw.draw(table, table_page_html(payload, App.selection, App.hint, App.pace,
                                                       App.auto_answer, App.autoplay), CARDS)
    for box_id in kept:
        box = element(box_id)
        if box:
            box.checked = True
    refocus(table, focused)
    document.body.setAttribute("data-moves", str(payload["moves"]))
    document.body.setAttribute("data-over", "true" if payload["view"]["over"] else "false")
    waiting = payload["legal"] and not only_choice(payload)  # a forced move is made for them
    document.body.setAttribute("data-human-turn", "true" if waiting else "false")


CARDS = ".card, .mp-card, .ms-card, .st-card"  # every game's card faces and backs


FOCUS_KEYS = ("data-card", "data-act", "data-type", "data-action")


def focus_key(container):
    """A selector that finds the focused control again after a redraw, or None."""
    active = document.activeElement
    if active is None or not container.contains(active):
        return None
    for name in FOCUS_KEYS:
        value = active.getAttribute(name)
        if value is not None:
            return "[%s=\"%s\"]" % (name, window.CSS.escape(value))
    return None


def refocus(container, selector):
    """Focus goes back to the same control (by its key), else to the table,
    never to the page's body."""
    again = container.querySelector(selector) if selector else None
    if again is not None:
        again.focus()
    elif selector:
        container.setAttribute("tabindex", "-1")
        container.focus()


def open_game(game_id, written, payload):
    """Put a game on the table: `written` is its stored record's text (None for a new game)."""
    leave_game()
    App.game_id = game_id
    App.written = written
    App.saved_moves = payload["moves"] if written else -1
    App.payload = payload
    App.selection = []
    App.hint = None
    element("lobby").hidden = True
    archive.hide()
    element("table").hidden = False
    document.body.setAttribute("data-screen", "table")
    window.history.replaceState(None, "", table_query(payload))
    render_table()
    keep_game(payload)
    asyncio.create_task(load_table_module(payload["game"]))


async def load_table_module(game_id):
    """Import the game's table modules (its keys, and the drawing of a table
    with a card selected) once the table is on show, one main-thread task
    each: compiling them is too long a task to add to the first drawing."""
    for name in TABLE_MODULES[game_id]:
        await asyncio.sleep(0.1)
        __import__("pyapp.ui." + name)


def show_sheet(html):
    """The rules or setup sheet, as a dialog that takes focus."""
    App.refocus = document.activeElement
    element("overlay-body").innerHTML = html
    element("overlay").hidden = False
    first = element("overlay-body").querySelector("select, button")
    (first or element("overlay").querySelector(".close")).focus()


def close_sheet():
    if element("overlay").hidden:
        return
    element("overlay").hidden = True
    give_focus_back()


def give_focus_back():
    if App.refocus is not None and App.refocus.isConnected:
        App.refocus.focus()
    App.refocus = None


def ask(title, text, confirm_label, then):
    """A confirmation dialog; `then()` runs only if the person confirms.
    Focus goes to Cancel, the choice that loses nothing."""
    App.confirming = then
    App.refocus = document.activeElement
    element("confirm-title").textContent = title
    element("confirm-text").textContent = text
    element("confirm-yes").textContent = confirm_label
    element("confirm").hidden = False
    element("confirm-no").focus()


def answer_dialog(confirmed):
    then, App.confirming = App.confirming, None
    element("confirm").hidden = True
    give_focus_back()
    if confirmed and then is not None:
        then()


def open_dialog():
    """The dialog in front, if any: the confirmation, or the rules or setup sheet."""
    for dialog_id in ("confirm", "overlay"):
        if not element(dialog_id).hidden:
            return element(dialog_id)
    return None


def setup_spec(game_id):
    """The game the setup sheet asks for: seats, one bot level, options."""
    entry = entry_of(game_id)
    players = int(element("setup-players").value)
    level = element("setup-level").value
    options = {}
    for option in entry["options"]:
        chosen = element("setup-option-" + option["name"]).value
        if chosen:
            options[option["name"]] = option["choices"][int(chosen)]
    humans = [0] + [seat for seat in range(1, players)
                    if element("setup-person-%d" % seat).checked]  # pass and play
    return {"game": game_id, "players": players, "options": options, "humans": humans,
            "levels": [None if seat in humans else level for seat in range(players)]}


def play(game_id):
    """Solitaire deals at once; a game with bots asks how to set it up."""
    entry = entry_of(game_id)
    if entry["max_players"] == 1:
        asyncio.create_task(start_game({"game": game_id}))
    else:
        show_sheet(setup_html(entry))
        if App.ready and App.engine is not None:
            # While the person sets the game up, the worker warms up: the
            # first bots then think at full speed. Not earlier: a reload in
            # the first seconds would wait for V8 optimizing the warm code.
            App.engine.warmUp()


# -- talking to the engine ----------------------------------------------------


def failure_text(err):
    """The message of an error, also of a rejected JS promise (which MicroPython
    raises with the JS error's name and message as its last arguments)."""
    args = getattr(err, "args", ())
    return str(args[-1]) if args else str(err)


async def ask_engine(name, argument):
    """One request to the worker; raises when the worker died or gave no answer."""
    text = await App.engine.call(name, argument)
    return json.loads(str(text))


async def call(name, argument):
    """One engine request; None (and nothing sent) while another is running.
    If the worker has died, it is restarted, the game on the table restored,
    and a request that is safe to repeat is sent once more."""
    if App.busy or App.engine is None:
        return None
    set_busy(True)
    try:
        try:
            return await ask_engine(name, argument)
        except Exception as err:
            failure = failure_text(err)
        if await revive_engine(failure) and name in RETRIED_CALLS and App.payload is not None:
            try:
                return await ask_engine(name, argument)
            except Exception as err:
                await revive_engine(failure_text(err))
        return {"ok": False, "view": None,
                "error": "the game engine stopped while working on it (%s)" % failure}
    finally:
        set_busy(False)


async def revive_engine(why):
    """A fresh worker in place of a dead one, with the table's game restored."""
    set_engine_status("restarting", "The game engine stopped; restarting it\u2026")
    try:
        await App.engine.restart()
        restored = None
        if App.payload is not None:
            restored = await ask_engine("restore", json.dumps(App.payload["save"]))
    except Exception as err:
        set_engine_status("failed", "The game engine could not be restarted (%s). Reload the "
                                    "page; your games are kept." % failure_text(err))
        App.engine = None
        return False
    set_engine_status("ready", "Engine ready")
    if restored is None:
        show_message("The game engine stopped (%s) and was restarted." % why, "info")
    elif restored.get("ok"):
        App.payload = restored
        render_table()
        show_message("The game engine stopped (%s) and was restarted; your game is restored "
                     "with all its %d moves." % (why, restored["moves"]), "info")
    else:
        set_aside_game(App.game_id, App.payload["title"], restored.get("error") or why)
        show_lobby()
        return False
    return True


def accept(payload):
    """Show a payload for the game on the table; an error in it is explained
    and the game kept."""
    if payload is None:
        return False
    if payload.get("error"):
        show_message(payload["error"])
    if payload.get("view") is None or App.payload is None or \
            payload["game"] != App.payload["game"] or payload["seed"] != App.payload["seed"]:
        return False
    narrate(App.payload, payload)
    App.payload = payload
    if payload["ok"]:
        App.selection = []
        App.hint = None
    render_table()
    keep_game(payload)
    return payload["ok"]


def when_ready(work, text):
    """Run `work()` now, or once the engine has loaded."""
    if App.ready:
        return True
    App.waiting = work
    show_message(text, "info")
    window.safehouseFonts.warm()  # meanwhile: the table will be the engine's first drawing
    return False


async def start_game(spec, fresh=False):
    """Deal `spec`; a link to a deal that is already in progress resumes it
    (unless `fresh`), and a new deal is kept beside the other games."""
    if not when_ready(lambda: start_game(spec, fresh),
                      "Dealing %s as soon as the engine has loaded\u2026" % title_of(spec["game"])):
        return
    clear_message()
    if not fresh and spec.get("seed") is not None:
        found = saves.matching_game(saves.in_progress(store())[0], spec)
        if found is not None:
            await resume_game(found)
            return
    if spec.get("seed") is None:
        spec["seed"] = int(window.Math.floor(window.Math.random() * 2147483647))
    payload = await call("start", json.dumps(spec))
    if payload is None:
        return
    if not payload.get("ok"):
        show_message(payload.get("error") or "The game could not be dealt.")
        return
    open_game(fresh_id(), None, payload)
    await run_bots()


async def resume_game(game_id):
    if not when_ready(lambda: resume_game(game_id), "Resuming as soon as the engine has loaded\u2026"):
        return
    text = saves.read(store(), saves.GAME + game_id)
    try:
        entry = saves.parse_entry(text)
    except ValueError as err:
        set_aside_game(game_id, "saved", str(err))
        return
    payload = await call("restore", json.dumps(entry["save"]))
    if payload is None:
        return
    if not payload.get("ok"):
        set_aside_game(game_id, entry["meta"]["title"], payload.get("error") or "unknown reason")
        return
    clear_message()
    open_game(game_id, text, payload)
    await run_bots()


async def send_action(action):
    if App.payload is None or App.moving or not still_current():
        return
    request = {"action": action, "moves": App.payload["moves"]}
    if accept(await call("act", json.dumps(request))):
        clear_message()
        await run_bots()


async def run_bots():
    """Play the bots' moves, and the human's only choices when the page
    makes them, each shown for the pace. As soon as a move is drawn, the next
    bot starts thinking while it is on show, so the moves cost about
    max(pace, thinking) each, not their sum.

    The engine is asked only once the move before is drawn, not as soon as
    that move arrives, so that its search never shares this machine's 2
    cores with the page's drawing. Asking on arrival banked a quick
    decision's slack for a slow one, but the page then drew while a hard
    bot searched: in alternating runs of bench/pace.py (Spy Tricks, 4
    seats, hard bots, 5 runs of 2 deals, seeds 13000-13400), 17 tasks over
    50 ms during play against 5 now (15 against 2 after the table's first
    second), and 66 frames blocking input against 30. The waits' worst
    ratio to their target was 0.98-1.02 a run against 0.97-1.04: a wait
    over target came from the first bot after the person's move thinking
    about 0.95 s, both ways.
    Asking only once the drawn frame was painted (a requestAnimationFrame)
    made more, 11 against 3 in 3 runs (seeds 13500-13700), most at the
    table's first paint. A hurry (a click during these moves) lasts only
    until they stop."""
    shown = moment()  # when the move on show was drawn
    App.moving = True
    try:
        move = next_move(App.payload) if still_current() else None
        while move is not None:
            payload = await move
            await pause_for_pace(shown)
            shown = moment()
            if not still_current() or App.payload is None or not accept(payload):
                return
            move = next_move(payload)
    finally:
        App.hurry = False
        App.moving = False


def next_move(payload):
    """The engine call that plays the move after `payload`, drawn: a bot's,
    or the human's only choice when the page makes it for them (it names
    the move count it answers, the one on the table); None when the human
    decides or the game is over."""
    if payload is None or payload.get("view") is None:
        return None
    if payload["bot_to_act"]:
        return call("bot_step", "")
    choice = only_choice(payload)
    if choice is None:
        return None
    return call("act", json.dumps({"action": choice, "moves": payload["moves"], "for_human": True}))


def only_choice(payload):
    """The human's only legal action in `payload`, when the page is to make it
    for them (the engine says it reveals nothing, so it is no decision at all)."""
    return payload.get("only_choice") if App.auto_answer else None


async def take_back():
    """Undo the human's last choice, or say why it stands."""
    if App.payload is None or App.moving or not still_current():
        return
    undo = App.payload["undo"]
    if not undo["allowed"]:
        show_message(undo["reason"], "info")
        return
    if accept(await call("undo", json.dumps({"moves": App.payload["moves"]}))):
        clear_message()


async def autoplay():
    """The expert plays the person's moves to the deal's end, each shown for
    the pace; "Stop autoplay" (or P) hands the deal back after the move in hand."""
    if App.autoplay:
        App.autoplay = False
        return
    if App.payload is None or App.moving or not still_current():
        return
    App.autoplay = App.moving = True
    render_table()
    try:
        while App.autoplay and App.payload["legal"] and still_current():
            started = moment()
            advice = await call("hint", "")
            if advice is None or not advice.get("hint"):
                accept(advice)  # says why, if the engine did
                return
            await pause_for_pace(started)
            request = {"action": advice["hint"]["action"], "moves": App.payload["moves"]}
            if not App.autoplay or not accept(await call("act", json.dumps(request))):
                return
    finally:
        App.autoplay = App.moving = False
        if App.payload is not None:
            render_table()


async def ask_hint():
    if App.payload is None or not App.payload["legal"] or not still_current():
        return
    payload = await call("hint", "")
    if payload is not None and payload.get("hint"):
        App.hint = payload["hint"]
        render_table()


# -- what the buttons do -------------------------------------------------------------


def table_action(target):
    """The action a table button asks for: the exact legal action it carries
    (`data-act`), or the action of its type (`data-type`) with the selected
    cards, which the engine explains if it is not legal."""
    exact = target.getAttribute("data-act") if target else None
    if exact:
        return json.loads(exact)
    return requested(target.getAttribute("data-type"))


def requested(kind):
    payload = App.payload
    return TABLES[payload["game"]].requested_action(kind, App.selection, payload["legal"])


def same_setup(payload, seed):
    """The setup of the game on the table, with another seed or the same."""
    return {"game": payload["game"], "players": payload["players"], "seed": seed,
            "levels": payload["levels"], "options": payload["save"]["game"]["options"]}


def toggle(card):
    if App.payload is None or App.payload["view"]["over"]:
        return
    if card in App.selection:
        App.selection.remove(card)
    else:
        App.selection.append(card)
    render_table()


def deal_again(seed):
    """A new game with the table's setup, after asking if it abandons this one."""
    payload = App.payload
    spec = same_setup(payload, seed)
    if payload["view"]["over"]:
        asyncio.create_task(start_game(spec, fresh=True))
        return

    def abandon():
        if still_current():
            saves.remove(store(), game_key())
            asyncio.create_task(start_game(spec, fresh=True))

    ask("Abandon this game?",
        "Deal a new %s game? The game in progress (%d moves) will be deleted."
        % (payload["title"], payload["moves"]), "Abandon and deal", abandon)


def discard_game(target):
    game_id = target.getAttribute("data-id")

    def discard():
        saves.remove(store(), saves.GAME + game_id)
        render_kept()

    ask("Discard this game?", "The unfinished game will be deleted from this device.",
        "Discard", discard)


def discard_aside(target):
    aside_id = target.getAttribute("data-id")

    def discard():
        saves.discard_aside(store(), aside_id)
        render_kept()

    ask("Discard this save?", "The set-aside save will be deleted from this device. "
        "Export it first to keep a copy.", "Discard", discard)


def export_aside(target):
    """Download a set-aside save's text, untouched, as a .json file."""
    aside_id = target.getAttribute("data-id")
    try:
        record = json.loads(saves.read(store(), saves.ASIDE + aside_id))
        text = saves.read(store(), record["key"]) or ""
    except Exception:
        text = ""
    archive.download("safehouse-%s.json" % aside_id, text)


def on_table(work):
    """A handler that acts on the game on the table, if there is one and this
    tab still holds it."""
    def handler(target):
        if App.payload is None:
            return
        if App.stale:
            become_stale()
            return
        work(target)
    return handler


def start_from_sheet(target):
    spec = setup_spec(target.getAttribute("data-game"))
    close_sheet()
    asyncio.create_task(start_game(spec))


def show_rules(target):
    show_sheet(rules_html(entry_of(target.getAttribute("data-game") or App.payload["game"])))


HANDLERS = {
    "dismiss": lambda target: clear_message(),
    "close": lambda target: close_sheet(),
    "rules": show_rules,
    "lobby": lambda target: show_lobby(),
    "play": lambda target: play(target.getAttribute("data-game")),
    "start": start_from_sheet,
    "resume": lambda target: asyncio.create_task(resume_game(target.getAttribute("data-resume"))),
    "discard": discard_game,
    "discard-aside": discard_aside,
    "export-aside": export_aside,
    "confirm": lambda target: answer_dialog(True),
    "cancel": lambda target: answer_dialog(False),
    "reload": lambda target: window.location.reload(),
    "copy-link": lambda target: asyncio.create_task(copy_link()),
    "select": on_table(lambda target: toggle(target.getAttribute("data-card"))),
    "do": on_table(lambda target: asyncio.create_task(send_action(table_action(target)))),
    "hint": on_table(lambda target: asyncio.create_task(ask_hint())),
    "autoplay": on_table(lambda target: asyncio.create_task(autoplay())),
    "undo": on_table(lambda target: asyncio.create_task(take_back())),
    "new-deal": on_table(lambda target: deal_again(None)),
    "same-deal": on_table(lambda target: deal_again(App.payload["seed"])),
}
HANDLERS.update(archive.HANDLERS)  # history, replay, statistics, export, deal of the day


def on_click(event):
    if App.payload is not None and App.payload["bot_to_act"] and \
            element("table").contains(event.target):
        App.hurry = True
    target = event.target.closest("[data-action]")
    if not target:
        return
    if target.tagName == "A":
        event.preventDefault()
    if target.getAttribute("aria-disabled") == "true":  # it says why instead of acting
        show_message(element(target.getAttribute("aria-describedby")).textContent, "info")
        return
    handler = HANDLERS.get(target.getAttribute("data-action"))
    if handler is not None:
        handler(target)


def on_change(event):
    if archive.on_change(event):
        return
    setting = event.target.getAttribute("data-setting")
    if setting == "pace":
        set_pace(event.target.value)
    elif setting == "auto-answer":
        set_auto_answer(bool(event.target.checked))


def dialog_key(dialog, event):
    """In a dialog: Escape closes it (a confirmation is cancelled), and Tab
    cycles through its controls without leaving it."""
    if event.key == "Escape" and dialog.id == "confirm":
        answer_dialog(False)
    elif event.key == "Escape":
        close_sheet()
    elif event.key == "Tab":
        event.preventDefault()
        controls = list(dialog.querySelectorAll("button, select, input, a[href]"))
        here = -1
        for index, control in enumerate(controls):
            if control.isSameNode(document.activeElement):
                here = index
        controls[(here + (-1 if event.shiftKey else 1)) % len(controls)].focus()


def press_choice(key, table_keys):
    """Press the decision's choice whose key (data-choice-key) this key, after
    the one typed before, completes; or keep the key as the first of two.
    True when the key is used so."""
    typed, App.typed = App.typed + key.lower(), ""
    for armed in document.querySelectorAll(".key-armed"):
        armed.classList.remove("key-armed")
    if len(key) != 1 or not (key.isalpha() or key.isdigit()):
        return False
    table = element("table")
    chosen = table.querySelector('[data-choice-key="%s"]' % typed)
    if chosen is not None:
        chosen.click()
        return True
    starting = table.querySelectorAll('[data-choice-key^="%s"]' % typed)
    if len(typed) > 1 or not starting.length or typed in KEYS or typed in table_keys:
        return False
    App.typed = typed
    for choice in starting:
        choice.classList.add("key-armed")
    return True


def on_key(event):
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    dialog = open_dialog()
    if dialog is not None:
        dialog_key(dialog, event)
        return
    if archive.on_key(event):
        return
    if App.payload is None or element("table").hidden or App.stale:
        return
    key = event.key
    table = TABLES[App.payload["game"]]
    hand = App.payload["view"]["hand"]
    if press_choice(key, table.KEYS):
        return
    if key in "123456789" and len(key) == 1 and int(key) <= len(hand):
        toggle(hand[int(key) - 1])
    elif key.lower() in KEYS or key.lower() in table.KEYS:
        kind = KEYS.get(key.lower()) or table.KEYS[key.lower()]
        if kind == "hint":
            asyncio.create_task(ask_hint())
        elif kind == "autoplay":
            asyncio.create_task(autoplay())
        elif kind == "undo":
            asyncio.create_task(take_back())
        else:
            asyncio.create_task(send_action(requested(kind)))


# -- start-up -----------------------------------------------------------------------


def set_engine_status(state, text):
    document.body.setAttribute("data-engine", state)
    status = element("engine-status")
    status.className = "engine-status " + state
    status.querySelector(".label").textContent = text


async def boot_engine():
    try:
        engine = window.safehouseEngine  # index.html's first script
        booted_from = await engine.boot()  # "snapshot", or "files" if that failed
        await engine.call("ping", "")
        document.body.setAttribute("data-engine-boot", str(booted_from))
        App.engine = engine
    except Exception as err:
        set_engine_status("failed", "The game engine failed to load (%s). Reload to retry."
                          % failure_text(err))
        return
    await check_kept_games()
    App.ready = True
    set_engine_status("ready", "Engine ready")
    if App.waiting is not None:
        work, App.waiting = App.waiting, None
        await work()


def read_url():
    """The deal the URL asks for, or None; bad parameters are explained."""
    spec, problems = game_request(str(window.location.search), App.catalogue)
    if problems:
        show_message(" ".join(problems) + " Showing the lobby instead.")
        window.history.replaceState(None, "", window.location.pathname)
    return spec


async def start():
    """Show the lobby and listen to the page, in short tasks: done in one,
    this was the UI's longest task of the boot (issue #13). The first waits
    for a task of its own, since index.html's script, which awaits this once
    this module and those it imports are in, has just imported the last of
    them (together: 20-40 ms). The page's handlers come last, so that no
    click meets a half-set page."""
    await next_task()
    App.catalogue = json.loads(element("catalogue").textContent)
    kept = settings()
    App.pace = kept.get("pace") if kept.get("pace") in PACES else "normal"
    App.auto_answer = kept.get("auto_answer") is not False
    archive.connect(call, show_message, ask, show_lobby, start_game, store, fresh_id,
                    lambda: (App.game_id, App.payload), render_table, App.catalogue)
    await next_task()
    carry_over()
    render_kept()
    document.body.setAttribute("data-screen", "lobby")
    await next_task()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_change))
    window.onstorage = create_proxy(on_storage)  # (window.addEventListener loses its `this` here)
    spec = read_url()
    document.body.setAttribute("data-ui", "ready")
    if spec is not None and spec.get("pace"):
        set_pace(spec.pop("pace"))
    if spec is not None:
        when_ready(lambda: start_game(spec),
                   "Dealing %s as soon as the engine has loaded\u2026" % title_of(spec["game"]))
    asyncio.create_task(boot_engine())
