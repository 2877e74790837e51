"""The page controller, on MicroPython in the main thread.

It binds one delegated click handler and one key handler, keeps the latest
payload from the engine worker, renders it with the pure table modules and
sends back the actions the person picks. It decides no rule: what is legal and
why not comes from the engine. While a request is in flight, further engine
requests are dropped, and each action carries the move count it was chosen at,
so a too-fast click can never land on a table it was not meant for.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from pyapp.ui.html import esc
from pyapp.ui.lobby import setup_html
from pyapp.ui.page import table_page_html, table_query
from pyapp.ui.params import game_request
from pyapp.ui.rules import rules_html
from pyapp.ui.tables import TABLES

BOT_PACE = 0.7  # seconds between bot moves, so a person can follow them
SAVE_KEY = "safehouse.save."


class App:
    """Everything the page remembers between events."""

    engine = None
    catalogue = []
    payload = None
    selection = []
    hint = None
    busy = False
    waiting_spec = None


def element(element_id):
    return document.getElementById(element_id)


def show_message(text, kind="error"):
    box = element("message")
    box.innerHTML = ('<span>%s</span><button type="button" class="close" data-action="dismiss"'
                     ' aria-label="Dismiss">&times;</button>' % esc(text))
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
    return entry["title"] if entry else game_id


# -- saving -----------------------------------------------------------------


def stored_save(game_id):
    try:
        return window.localStorage.getItem(SAVE_KEY + game_id)
    except Exception:
        return None


def keep_save(payload):
    key = SAVE_KEY + payload["game"]
    try:
        if payload["view"]["over"]:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, json.dumps(payload["save"]))
    except Exception:
        pass  # private browsing may refuse storage; the game goes on unsaved


def drop_save(game_id):
    try:
        window.localStorage.removeItem(SAVE_KEY + game_id)
    except Exception:
        pass


def saved_seed(game_id):
    text = stored_save(game_id)
    if not text:
        return None
    try:
        return json.loads(text)["game"]["seed"]
    except Exception:
        return None


def show_resume_buttons():
    for button in document.querySelectorAll("button.resume"):
        button.hidden = not stored_save(button.getAttribute("data-game"))


# -- screens --------------------------------------------------------------------


def show_lobby():
    App.payload = None
    element("table").hidden = True
    element("lobby").hidden = False
    document.body.setAttribute("data-screen", "lobby")
    show_resume_buttons()
    window.history.replaceState(None, "", window.location.pathname)


def render_table():
    """Redraw the table; switches marked data-keep (table-local toggles such as
    a deduction aid) keep their state across the redraw."""
    payload = App.payload
    table = element("table")
    kept = [box.id for box in table.querySelectorAll("input[data-keep]") if box.checked]
    table.innerHTML = table_page_html(payload, App.selection, App.hint)
    for box_id in kept:
        box = element(box_id)
        if box:
            box.checked = True
    document.body.setAttribute("data-moves", str(payload["moves"]))
    document.body.setAttribute("data-over", "true" if payload["view"]["over"] else "false")


def show_table(payload):
    App.payload = payload
    App.selection = []
    App.hint = None
    element("lobby").hidden = True
    element("table").hidden = False
    document.body.setAttribute("data-screen", "table")
    window.history.replaceState(None, "", table_query(payload))
    render_table()


def show_sheet(html):
    element("overlay-body").innerHTML = html
    element("overlay").hidden = False


def close_sheet():
    element("overlay").hidden = True


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
    return {"game": game_id, "players": players, "options": options,
            "levels": [None] + [level] * (players - 1)}


def play(game_id):
    """Solitaire deals at once; a game with bots asks how to set it up."""
    entry = entry_of(game_id)
    if entry["max_players"] == 1:
        asyncio.create_task(start_game({"game": game_id}))
    else:
        show_sheet(setup_html(entry))


# -- talking to the engine ----------------------------------------------------


async def call(name, argument):
    """One engine request; None (and nothing sent) while another is running."""
    if App.busy or App.engine is None:
        return None
    App.busy = True
    document.body.setAttribute("data-busy", "true")
    try:
        text = await App.engine.call(name, argument)
        return json.loads(str(text))
    except Exception as err:
        show_message("The engine did not answer (%s). Your game is kept; try again." % err)
        return None
    finally:
        App.busy = False
        document.body.setAttribute("data-busy", "false")


def accept(payload):
    """Show a payload; an error in it is explained and the game kept."""
    if payload is None:
        return False
    if payload.get("error"):
        show_message(payload["error"])
    if payload.get("view") is None:
        return False
    if App.payload is None or App.payload["game"] != payload["game"] or \
            App.payload["seed"] != payload["seed"]:
        show_table(payload)
    else:
        App.payload = payload
        if payload["ok"]:
            App.selection = []
            App.hint = None
        render_table()
    keep_save(payload)
    return payload["ok"]


async def start_game(spec):
    if App.engine is None:
        App.waiting_spec = spec
        show_message("Dealing as soon as the engine has loaded\u2026", "info")
        return
    clear_message()
    text = stored_save(spec["game"])
    if text and saved_seed(spec["game"]) == spec.get("seed"):
        await resume_game(spec["game"])
        return
    if spec.get("seed") is None:
        spec["seed"] = int(window.Math.floor(window.Math.random() * 2147483647))
    payload = await call("start", json.dumps(spec))
    if payload is not None and payload.get("error"):
        show_message(payload["error"])
    elif accept(payload):
        await run_bots()


async def resume_game(game_id):
    text = stored_save(game_id)
    if not text:
        return
    payload = await call("restore", text)
    if payload is None:
        return
    if payload.get("error") or payload.get("view") is None or payload["game"] != game_id:
        drop_save(game_id)
        show_message("Your saved %s game could not be restored (%s) and was discarded."
                     % (title_of(game_id), payload.get("error")))
        show_resume_buttons()
        return
    if accept(payload):
        await run_bots()


async def send_action(action):
    if App.payload is None:
        return
    request = {"action": action, "moves": App.payload["moves"]}
    if accept(await call("act", json.dumps(request))):
        clear_message()
        await run_bots()


async def run_bots():
    while App.payload is not None and App.payload["bot_to_act"]:
        await asyncio.sleep(BOT_PACE)
        if not accept(await call("bot_step", "")):
            return


async def ask_hint():
    if App.payload is None or not App.payload["legal"]:
        return
    payload = await call("hint", "")
    if payload is not None and payload.get("hint"):
        App.hint = payload["hint"]
        render_table()


# -- events -----------------------------------------------------------------------


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


def handle(action, target):
    game_id = target.getAttribute("data-game")
    if action == "dismiss":
        clear_message()
    elif action == "close":
        close_sheet()
    elif action == "rules":
        show_sheet(rules_html(game_id or App.payload["game"]))
    elif action == "lobby":
        show_lobby()
    elif action == "play":
        play(game_id)
    elif action == "start":
        spec = setup_spec(game_id)
        close_sheet()
        asyncio.create_task(start_game(spec))
    elif action == "resume":
        asyncio.create_task(resume_game(game_id))
    elif action == "select":
        toggle(target.getAttribute("data-card"))
    elif App.payload is None:
        return
    elif action == "do":
        asyncio.create_task(send_action(table_action(target)))
    elif action == "hint":
        asyncio.create_task(ask_hint())
    elif action == "new-deal":
        drop_save(App.payload["game"])
        asyncio.create_task(start_game(same_setup(App.payload, None)))
    elif action == "same-deal":
        spec = same_setup(App.payload, App.payload["seed"])
        drop_save(spec["game"])
        App.payload = None
        asyncio.create_task(start_game(spec))


def on_click(event):
    target = event.target.closest("[data-action]")
    if not target:
        return
    if target.tagName == "A":
        event.preventDefault()
    handle(target.getAttribute("data-action"), target)


def on_key(event):
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    key = event.key
    if key == "Escape":
        close_sheet()
        return
    if App.payload is None or element("table").hidden:
        return
    table = TABLES[App.payload["game"]]
    hand = App.payload["view"]["hand"]
    if key in "123456789" and len(key) == 1 and int(key) <= len(hand):
        toggle(hand[int(key) - 1])
    elif key.lower() in table.KEYS:
        kind = table.KEYS[key.lower()]
        if kind == "hint":
            asyncio.create_task(ask_hint())
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
        set_engine_status("failed", "The game engine failed to load (%s). Reload to retry." % err)
        return
    set_engine_status("ready", "Engine ready")
    if App.waiting_spec is not None:
        spec, App.waiting_spec = App.waiting_spec, None
        await start_game(spec)


def read_url():
    """The deal the URL asks for, or None; bad parameters are explained."""
    spec, problems = game_request(str(window.location.search), App.catalogue)
    if problems:
        show_message(" ".join(problems) + " Showing the lobby instead.")
        window.history.replaceState(None, "", window.location.pathname)
    return spec


def main():
    App.catalogue = json.loads(element("catalogue").textContent)
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    show_resume_buttons()
    document.body.setAttribute("data-screen", "lobby")
    spec = read_url()
    document.body.setAttribute("data-ui", "ready")
    if spec is not None:
        App.waiting_spec = spec
        show_message("Dealing %s as soon as the engine has loaded\u2026" % title_of(spec["game"]),
                     "info")
    asyncio.create_task(boot_engine())


main()
