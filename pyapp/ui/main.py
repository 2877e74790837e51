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
    """What the edge holds of the browser: the model it feeds, the DOM event
    being handled (so an effect may prevent its default) and the element to
    give focus back to when a dialog closes."""

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


def spawn(coroutine):
    asyncio.create_task(coroutine)


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


def on_click(dom_event):
    target = dom_event.target.closest("[data-action]")
    event = {"type": "click", "in_table": bool(element("table").contains(dom_event.target))}
    if target:
        if target.tagName == "A":
            dom_event.preventDefault()
        event.update(attributes(target))
        event["action"] = event.get("data-action")
        described = target.getAttribute("aria-describedby")
        if described and element(described) is not None:
            event["described"] = str(element(described).textContent)
        if target.closest("#overlay"):
            event["form"] = form_values(element("overlay"))
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
    event = {"type": "change", "id": str(target.id or ""), "value": str(target.value or ""),
             "checked": bool(target.checked)}
    event.update(attributes(target))
    if target.closest("#overlay"):
        event["form"] = form_values(element("overlay"))
    dispatch(event, dom_event)


def on_storage(dom_event):
    dispatch({"type": "storage"})


# -- the engine worker -----------------------------------------------------------------------


def failure_text(err):
    """The message of an error, also of a rejected JS promise (which MicroPython
    raises with the JS error's name and message as its last arguments)."""
    args = getattr(err, "args", ())
    return str(args[-1]) if args else str(err)


async def call(name, argument):
    try:
        text = await window.safehouseEngine.call(name, argument)
    except Exception as err:
        dispatch({"type": "call-failed", "why": failure_text(err)})
        return
    dispatch({"type": "answer", "text": str(text)})


async def restart_engine():
    try:
        await window.safehouseEngine.restart()
    except Exception as err:
        dispatch({"type": "restart-failed", "why": failure_text(err)})
        return
    dispatch({"type": "restarted"})


async def boot_engine():
    try:
        engine = window.safehouseEngine  # index.html's first script
        booted_from = await engine.boot()  # "snapshot", or "files" if that failed
        await engine.call("ping", "")
    except Exception as err:
        dispatch({"type": "boot-failed", "why": failure_text(err)})
        return
    dispatch({"type": "booted", "from": str(booted_from)})


async def later(seconds, event):
    await asyncio.sleep(seconds)
    dispatch(event)


async def after_a_task(event):
    await next_task()
    dispatch(event)


async def import_modules(names):
    """Modules imported one main-thread task each."""
    for name in names:
        await asyncio.sleep(0.1)
        __import__(name)


async def copy_link():
    url = str(window.location.href)
    try:
        await window.navigator.clipboard.writeText(url)
        dispatch({"type": "copied", "ok": True, "url": url})
    except Exception:
        dispatch({"type": "copied", "ok": False, "url": url})


async def import_file():
    """The chosen export file, merged into this device's data. The browser
    reads it and the engine's worker checks and merges it (static/transfer.mjs):
    only a small summary comes back here, so a file of any size leaves
    MicroPython's heap alone."""
    field = document.querySelector('input[data-action="import"]')
    files = field.files if field is not None else None
    if not files or not files.length:
        return
    try:
        summary = json.loads(str(await window.safehouseEngine.importFile(files.item(0))))
    except Exception as err:
        summary = {"ok": False, "error": "the page could not read it (%s)" % failure_text(err)}
    finally:
        field.value = ""
    dispatch({"type": "imported", "summary": summary})


# -- from the core to the browser -------------------------------------------------------------


def set_attr(name, value):
    if value is None:
        document.body.removeAttribute(name)
    else:
        document.body.setAttribute(name, value)


def set_hidden(element_id, hidden):
    found = element(element_id)
    if found is not None:
        found.hidden = hidden


def set_html(element_id, html):
    found = element(element_id)
    if found is not None:
        found.innerHTML = html


def set_text(element_id, text):
    found = element(element_id)
    if found is not None:
        found.textContent = text


def set_class(element_id, name):
    element(element_id).className = name


def engine_status(state, text):
    status = element("engine-status")
    status.className = "engine-status " + state
    status.querySelector(".label").textContent = text


CARDS = ".card, .mp-card, .ms-card, .st-card"  # every game's card faces and backs
FOCUS_KEYS = ("data-card", "data-act", "data-type", "data-action")


def draw_table(html):
    """Redraw the table; switches marked data-keep (table-local toggles such
    as a deduction aid) keep their state, and focus stays on the same control."""
    table = element("table")
    kept = [box.id for box in table.querySelectorAll("input[data-keep]") if box.checked]
    focused = focus_key(table)
    # static/redraw.mjs: changes only what changed, then marks the cards that
    # arrived so only those animate (one call, not one per card, across the bridge).
    window.safehouseRedraw.draw(table, html, CARDS)
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


def focus(selector):
    found = document.querySelector(selector)
    if found is not None:
        found.focus()


def focus_first(dialog_id):
    dialog = element(dialog_id)
    first = dialog.querySelector("select, button:not(.close)") or dialog.querySelector(".close")
    first.focus()


def focus_heading(container_id):
    heading = element(container_id).querySelector("h1")
    if heading is not None:
        heading.setAttribute("tabindex", "-1")
        heading.focus()


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


def append_html(element_id, html):
    found = element(element_id)
    if found is not None:
        found.insertAdjacentHTML("beforeend", html)


def set_url(query, depth):
    """This entry of the browser's history: its address, and its depth among the app's."""
    window.history.replaceState(to_js({"depth": depth}), "", query or window.location.pathname)


def push_url(query, depth):
    """A new entry of the browser's history (Back returns to the one before)."""
    window.history.pushState(to_js({"depth": depth}), "",
                             window.location.href if query is None else
                             query or window.location.pathname)


def on_history(dom_event):
    state = dom_event.state
    depth = getattr(state, "depth", None) if state else None
    dispatch({"type": "history", "depth": None if depth is None else int(depth)})


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
    "hidden": set_hidden,
    "html": set_html,
    "text": set_text,
    "class": set_class,
    "append-html": append_html,
    "engine-status": engine_status,
    "draw-table": draw_table,
    "mark": mark,
    "url": set_url,
    "push": push_url,
    "history-back": lambda: window.history.back(),
    "scroll-top": lambda: window.scrollTo(0, 0),
    "remember-focus": remember_focus,
    "focus-back": focus_back,
    "focus": focus,
    "focus-first": focus_first,
    "focus-heading": focus_heading,
    "cycle-focus": cycle_focus,
    "prevent-default": lambda: Edge.dom_event.preventDefault(),
    "arm": arm,
    "press": press,
    "call": lambda name, argument: spawn(call(name, argument)),
    "restart-engine": lambda: spawn(restart_engine()),
    "boot-engine": lambda: spawn(boot_engine()),
    "warm-up": lambda: window.safehouseEngine.warmUp(),
    "warm-fonts": lambda: window.safehouseFonts.warm(),
    "timer": lambda ms, event: spawn(later(ms / 1000, event)),
    "next-task": lambda event: spawn(after_a_task(event)),
    "import": lambda names: spawn(import_modules(names)),
    "copy-link": lambda: spawn(copy_link()),
    "download": download,
    "export": export_all,
    "import-file": lambda: spawn(import_file()),
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
    archive = document.createElement("main")  # the screens beside the table
    archive.id, archive.className, archive.hidden = "archive", "archive-view", True
    element("table").after(archive)
    await next_task()
    dispatch({"type": "start"})
    await next_task()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_change))
    window.onstorage = create_proxy(on_storage)  # (window.addEventListener loses its `this` here)
    window.onpopstate = create_proxy(on_history)
    state = window.history.state
    depth = getattr(state, "depth", None) if state else None
    dispatch({"type": "listening", "query": str(window.location.search),
              "depth": None if depth is None else int(depth)})
