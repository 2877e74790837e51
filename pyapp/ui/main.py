"""The page's edge, on MicroPython in the main thread: it binds the browser
to the page core (pyapp/ui/core.py, pyapp/ui/screens.py) and decides nothing.

- The browser's events (clicks, keys, changes, storage, the engine worker's
  answers, timers) become the core's events: plain dicts of what happened,
  with the time and a random fraction (`dispatch`).
- The core's effects become DOM changes, engine calls, timers, focus and
  downloads (`EFFECTS`), carried out in the order the core gave them.
"""

import asyncio
import json

import js as window  # the page's global object, as pyscript.window is on the main thread
from js import document
from jsffi import create_proxy, to_js

from pyapp.ui import core, history, transfer
from pyapp.ui import screens  # noqa: F401  (it adds the screens' events to the core's tables)
from pyapp.ui.browser import next_task


class Edge:
    """The model fed, the DOM event in hand, the element to refocus as a dialog closes."""

    model = None
    dom_event = None
    refocus = None


def element(element_id):
    return document.getElementById(element_id)


def store():
    """localStorage, or None where the browser refuses it (saves.py copes)."""
    try:
        return window.localStorage
    except Exception:
        return None


def clock():
    """(ms since 1970, minutes east of UTC) now. (Date.now() itself reaches
    MicroPython cut to 32 bits: a wrong date on every save.)"""
    today = window.Date.new()
    return history.ms_of_iso(str(today.toISOString())), -int(today.getTimezoneOffset())


def dispatch(event, dom_event=None):
    """Hand `event` to the core, with the time, and carry out its effects."""
    event["at"] = window.performance.now()
    event["wall"], event["offset"] = clock()
    event["random"] = window.Math.random()
    Edge.dom_event = dom_event
    try:
        for effect in core.update(Edge.model, event):
            EFFECTS[effect[0]](*effect[1:])
    finally:
        Edge.dom_event = None


spawn = asyncio.create_task


# -- from the browser to the core -----------------------------------------------------------


def attributes(target):
    """A control's data-* attributes (and aria-disabled), as the event's fields."""
    found = {}
    for attribute in target.attributes:
        name = str(attribute.name)
        if name.startswith("data-") or name == "aria-disabled":
            found[name] = str(attribute.value)
    return found


def form_values(container):
    """The values of the fields in a dialog: select values, checkbox ticks."""
    values = {}
    for field in container.querySelectorAll("select[id], input[id]"):
        values[str(field.id)] = bool(field.checked) if field.type == "checkbox" else \
            str(field.value)
    return values


def with_target(event, target):
    """`event` with its target's data-* attributes and, in a dialog, the dialog's fields."""
    event.update(attributes(target))
    if target.closest("#overlay"):
        event["form"] = form_values(element("overlay"))
    return event


def on_click(dom_event):
    target = dom_event.target.closest("[data-action]")
    event = {"type": "click", "in_table": bool(element("table").contains(dom_event.target))}
    if target:
        if target.tagName == "A":
            dom_event.preventDefault()
        event["action"] = str(target.getAttribute("data-action"))
        described = target.getAttribute("aria-describedby")
        if described and element(described) is not None:
            event.update(described=str(element(described).textContent), described_by=str(described))
        with_target(event, target)
    dispatch(event, dom_event)


def on_key(dom_event):
    table = element("table")
    keys = [] if table.hidden else [str(choice.getAttribute("data-choice-key")) for choice in
                                    table.querySelectorAll("[data-choice-key]")]
    dispatch({"type": "key", "key": str(dom_event.key), "shift": bool(dom_event.shiftKey),
              "modified": bool(dom_event.ctrlKey or dom_event.metaKey or dom_event.altKey),
              "choice_keys": keys}, dom_event)


def on_change(dom_event):
    target = dom_event.target
    dispatch(with_target({"type": "change", "id": str(target.id or ""), "checked": bool(
        target.checked), "value": str(target.value or "")}, target), dom_event)


# -- the engine worker -----------------------------------------------------------------------


async def outcome(work, done, failed):
    """Await `work()`, then tell the core: the event `done(result)`, or the
    event `failed` with why it failed."""
    try:
        result = await work()
    except Exception as err:  # (a rejected JS promise: its message is the last argument)
        failed["why"] = str(err.args[-1]) if getattr(err, "args", ()) else str(err)
        dispatch(failed)
        return
    dispatch(done(result))


async def boot_engine():
    engine = window.safehouseEngine  # index.html's first script
    booted_from = await engine.boot()  # "snapshot", or "files" if that failed
    await engine.call("ping", "")
    return booted_from


def call(name, argument):
    spawn(outcome(lambda: window.safehouseEngine.call(name, argument),
                  lambda text: {"type": "answer", "text": str(text)}, {"type": "call-failed"}))


def copy_link():
    url = str(window.location.href)
    spawn(outcome(lambda: window.navigator.clipboard.writeText(url),
                  lambda _: {"type": "copied", "ok": True, "url": url},
                  {"type": "copied", "ok": False, "url": url}))


async def after(wait, event):
    await wait
    dispatch(event)


async def import_modules(names):
    """Modules imported one main-thread task each."""
    for name in names:
        await asyncio.sleep(0.1)
        __import__(name)


def import_file():
    """The chosen export file goes to the engine's worker to be read and
    merged (static/transfer.mjs): its text never enters MicroPython's heap."""
    field = document.querySelector('input[data-action="import"]')
    if field is not None and field.files.length:
        file, field.value = field.files.item(0), ""  # (the file stays readable)
        spawn(outcome(lambda: window.safehouseEngine.importFile(file), lambda text: {
            "type": "imported", "summary": json.loads(str(text))}, {"type": "imported"}))


# -- from the core to the browser -------------------------------------------------------------


def set_attr(name, value):
    if value is None:
        document.body.removeAttribute(name)
    else:
        document.body.setAttribute(name, value)


def on_element(name):
    """An effect that sets one property of an element (by its id), if it is there."""
    def effect(element_id, value):
        found = element(element_id)
        if found is not None:
            setattr(found, name, value)
    return effect


CARDS = ".card, .mp-card, .mp-pill, .ms-card, .st-card"  # every game's card faces and backs
FOCUS_KEYS = ("data-card", "data-act", "data-type", "data-action")


def draw_table(html, glide=False):
    """Redraw the table; switches marked data-keep (table-local toggles such
    as a deduction aid) keep their state, and focus stays on the same control."""
    table = element("table")
    kept = [box.id for box in table.querySelectorAll("input[data-keep]") if box.checked]
    focused = focus_key(table)
    # static/redraw.mjs: changes only what changed, then marks the cards that
    # arrived so only those animate (one call, not one per card, across the bridge).
    window.safehouseRedraw.draw(table, html, CARDS, glide)
    for box_id in kept:
        box = element(box_id)
        if box:
            box.checked = True
    refocus(table, focused)


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


def remember_focus():
    Edge.refocus = document.activeElement


def focus_back():
    if Edge.refocus is not None and Edge.refocus.isConnected:
        Edge.refocus.focus()
    Edge.refocus = None


def focus(*selectors):
    """Focus the first element found by one of the selectors (a heading is
    made focusable first)."""
    for selector in selectors:
        found = document.querySelector(selector)
        if found is not None:
            if found.tagName == "H1":
                found.setAttribute("tabindex", "-1")
            found.focus()
            return


def cycle_focus(dialog_id, backwards):
    """Tab stays within the dialog."""
    Edge.dom_event.preventDefault()
    controls = list(element(dialog_id).querySelectorAll("button, select, input, a[href]"))
    here = -1
    for index, control in enumerate(controls):
        if control.isSameNode(document.activeElement):
            here = index
    controls[(here + (-1 if backwards else 1)) % len(controls)].focus()


def arm(prefix):
    """Mark the choices whose two-key code starts with `prefix` (None: none)."""
    for armed in document.querySelectorAll(".key-armed"):
        armed.classList.remove("key-armed")
    if prefix:
        for choice in element("table").querySelectorAll('[data-choice-key^="%s"]' % prefix):
            choice.classList.add("key-armed")


def press(key):
    element("table").querySelector('[data-choice-key="%s"]' % key).click()


def mark(container_id, name, selector, value):
    """Give one element of a container the attribute `name` (and no other)."""
    container = element(container_id)
    if container is None:
        return
    for old in container.querySelectorAll("[%s]" % name):
        old.removeAttribute(name)
    current = container.querySelector(selector)
    if current is not None:  # (None while the list is still being drawn)
        current.setAttribute(name, value)
        current.scrollIntoView(to_js({"block": "nearest"}))


def history_entry(push):
    """An effect that adds (or replaces) the entry of the browser's history:
    its address (None: as it is; "": the lobby's) and its depth among the app's."""
    def effect(query, depth):
        state, address = to_js({"depth": depth}), window.location.href if query is None \
            else query or window.location.pathname
        if push:
            window.history.pushState(state, "", address)
        else:
            window.history.replaceState(state, "", address)
    return effect


def depth_of(state):
    depth = getattr(state, "depth", None) if state else None
    return None if depth is None else int(depth)


def download(filename, text):
    """Offer `text` as a file to save (a download, which the page's CSP allows)."""
    link = document.createElement("a")
    link.href = "data:application/json;charset=utf-8," + window.encodeURIComponent(text)
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()


def export_all(filename, now):
    # The browser's JSON.stringify writes it: MicroPython takes a quarter of
    # a second to write 50 finished games.
    text = transfer.export_text(store(), now, lambda value: window.JSON.stringify(to_js(value)))
    download(filename, str(text))


EFFECTS = {
    "attr": set_attr,
    "hidden": on_element("hidden"),
    "html": on_element("innerHTML"),
    "text": on_element("textContent"),
    "class": on_element("className"),
    "append-html": lambda element_id, html: element(element_id).insertAdjacentHTML(
        "beforeend", html),
    "draw-table": draw_table,
    "reveal": lambda selector, smooth: window.safehouseRedraw.reveal(selector, smooth),
    "mark": mark,
    "url": history_entry(False),
    "push": history_entry(True),
    "history-back": lambda: window.history.back(),
    "scroll-top": lambda: window.scrollTo(0, 0),
    "remember-focus": remember_focus,
    "focus-back": focus_back,
    "focus": focus,
    "cycle-focus": cycle_focus,
    "prevent-default": lambda: Edge.dom_event.preventDefault(),
    "arm": arm,
    "press": press,
    "call": call,
    "restart-engine": lambda: spawn(outcome(window.safehouseEngine.restart,
                                            lambda _: {"type": "restarted"},
                                            {"type": "restart-failed"})),
    "boot-engine": lambda: spawn(outcome(boot_engine, lambda booted_from: {
        "type": "booted", "from": str(booted_from)}, {"type": "boot-failed"})),
    "warm-up": lambda: window.safehouseEngine.warmUp(),
    "warm-fonts": lambda: window.safehouseFonts.warm(),
    "timer": lambda ms, event: spawn(after(asyncio.sleep(ms / 1000), event)),
    "next-task": lambda event: spawn(after(next_task(), event)),
    "import": lambda names: spawn(import_modules(names)),
    "copy-link": copy_link,
    "download": download,
    "export": export_all,
    "import-file": import_file,
    "reload": lambda: window.location.reload(),
}


# -- start-up -----------------------------------------------------------------------------------


async def start():
    """Show the lobby and listen to the page, in short tasks: done in one,
    this was the UI's longest task of the boot (issue #13). The first waits
    for a task of its own, since index.html's script, which awaits this once
    this module and those it imports are in, has just imported the last of
    them (together: 20-40 ms). The page's handlers come last, so that no
    click meets a half-set page."""
    await next_task()
    Edge.model = core.Model(store(), json.loads(element("catalogue").textContent))
    dispatch({"type": "start"})
    await next_task()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_change))
    # (window.addEventListener loses its `this` here)
    window.onstorage = create_proxy(lambda dom_event: dispatch({"type": "storage"}))
    window.onpopstate = create_proxy(
        lambda dom_event: dispatch({"type": "history", "depth": depth_of(dom_event.state)}))
    dispatch({"type": "listening", "query": str(window.location.search),
              "depth": depth_of(window.history.state)})
