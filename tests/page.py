"""A page under CPython: the page core (pyapp/ui/core.py) driven as the
browser's edge (pyapp/ui/main.py) drives it, with the engine worker run in
process (pyapp/worker.py), a stand-in for localStorage, and a clock that the
test moves. What the edge would draw is kept as plain values to assert on.

    page = Page()                  # the lobby, the engine still loading
    page.boot()                    # the engine is up, every kept game checked
    page.click("play", game="deck-of-spies")
    page.settle()                  # every engine answer and timer, in order
    assert page.body["data-screen"] == "table"
"""

import json
import random
from html import unescape

from pyapp import bots, worker
from pyapp.ui import core, screens  # noqa: F401  (screens adds its events to core's tables)

WALL = 1_796_000_000_000  # 2026-11-29, in ms since 1970


class FakeStorage:
    """The part of the Web Storage API that the page uses; tabs of one
    browser share one."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        return list(self.items)[index] if index < len(self.items) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


_CATALOGUE = []


def catalogue():
    if not _CATALOGUE:
        _CATALOGUE.extend(json.loads(json.dumps(bots.catalogue())))
    return json.loads(json.dumps(_CATALOGUE))


class Engine:
    """One engine worker: pyapp/worker.py with a session of its own."""

    def __init__(self):
        self.session = None
        self.replay = None
        self.dead = False  # the next call fails, as a crashed worker's does

    def call(self, name, argument):
        if name not in worker.CALLS:
            raise ValueError("not a call: " + name)
        kept = worker._session, worker._replay
        worker._session, worker._replay = self.session, self.replay
        try:
            return getattr(worker, name)(argument)
        finally:
            self.session, self.replay = worker._session, worker._replay
            worker._session, worker._replay = kept


class Page:
    """One tab: the model, what the edge would have drawn, and what waits."""

    def __init__(self, storage=None, query="", seed=1):
        self.storage = FakeStorage() if storage is None else storage
        self.model = core.Model(self.storage, catalogue())
        self.engine = Engine()
        self.at = 0.0
        self.random = random.Random(seed)  # the edge's Math.random()
        self.body = {}
        self.html, self.hidden, self.text = {}, {}, {}
        self.log = []  # every effect, in order
        self.events = []  # every event sent, with what each gave: [event, effects]
        self.calls = []  # engine calls not yet answered: [name, argument]
        self.timers = []  # [due, event]
        self.tasks = []  # events that wait for the next task
        self.focused = None
        self.marks = {}  # (container id, attribute) -> the selector of the one element marked
        self.entries = [[query, None]]  # the tab's history: [address, depth]
        self.entry = 0  # the entry on show
        self.booting = False
        self.send({"type": "start"})
        self.send({"type": "listening", "query": query})

    # -- the edge's side --------------------------------------------------------------

    def send(self, event):
        event.setdefault("at", self.at)
        event.setdefault("wall", WALL + int(self.at))
        event.setdefault("offset", 60)
        event.setdefault("random", self.random.random())
        sent = json.loads(json.dumps(event))  # as it is now (the core may keep and change it)
        effects = core.update(self.model, event)
        self.events.append([sent, json.loads(json.dumps(effects))])
        for effect in effects:
            self.apply(effect)

    def apply(self, effect):
        self.log.append(effect)
        name, args = effect[0], effect[1:]
        if name == "attr":
            if args[1] is None:
                self.body.pop(args[0], None)
            else:
                self.body[args[0]] = args[1]
        elif name == "html":
            self.html[args[0]] = args[1]
        elif name == "draw-table":
            self.html["table"] = args[0]
        elif name == "append-html":
            self.html[args[0]] = self.html.get(args[0], "") + args[1]
        elif name == "hidden":
            self.hidden[args[0]] = args[1]
        elif name == "text":
            self.text[args[0]] = args[1]
        elif name == "call":
            self.calls.append(list(args))
        elif name == "timer":
            self.timers.append([self.at + args[0], args[1]])
        elif name == "next-task":
            self.tasks.append(args[0])
        elif name == "boot-engine":
            self.booting = True
        elif name == "url":
            self.entries[self.entry] = [args[0], args[1]]
        elif name == "push":
            del self.entries[self.entry + 1:]
            self.entries.append([self.entries[self.entry][0] if args[0] is None else args[0],
                                 args[1]])
            self.entry += 1
        elif name == "history-back":
            self.go(-1, later=True)
        elif name == "focus":
            self.focused = effect
        elif name == "mark":
            self.marks[(args[0], args[1])] = args[2]

    # -- the person's side ----------------------------------------------------------------

    def click(self, action=None, in_table=False, **data):
        event = {"type": "click", "in_table": in_table}
        if action is not None:
            event["action"] = action
            event["data-action"] = action
        for name, value in data.items():
            event[name if name in ("form", "described", "described_by", "aria-disabled")
                  else "data-" + name.replace("_", "-")] = value
        self.send(event)

    def key(self, key, shift=False, choice_keys=()):
        self.send({"type": "key", "key": key, "shift": shift, "modified": False,
                   "choice_keys": list(choice_keys)})

    def change(self, **fields):
        event = {"type": "change"}
        for name, value in fields.items():
            event[name if name in ("id", "value", "checked", "form")
                  else "data-" + name.replace("_", "-")] = value
        self.send(event)

    def go(self, steps, later=False):
        """The browser's Back (-1) or Forward (1): its popstate comes as a task."""
        self.entry += steps
        assert 0 <= self.entry < len(self.entries), "went out of the app"
        event = {"type": "history", "depth": self.entries[self.entry][1]}
        if later:
            self.tasks.append(event)
        else:
            self.send(event)

    @property
    def address(self):
        return self.entries[self.entry][0]

    # -- time passing ------------------------------------------------------------------------

    def boot(self):
        assert self.booting, "the core never asked for the engine"
        self.send({"type": "booted", "from": "snapshot"})
        self.settle()

    def answer(self):
        """The engine answers the oldest call (or dies on it, when dead)."""
        name, argument = self.calls.pop(0)
        if self.engine.dead:
            self.send({"type": "call-failed", "why": "the worker crashed"})
            return
        self.send({"type": "answer", "text": self.engine.call(name, argument)})

    def run_timer(self):
        self.timers.sort(key=lambda timer: timer[0])
        due, event = self.timers.pop(0)
        self.at = max(self.at, due)
        self.send(event)

    def settle(self, steps=5000):
        """Answer calls, run tasks and timers (moving the clock) until nothing waits."""
        for _ in range(steps):
            if self.calls:
                self.answer()
            elif self.tasks:
                self.send(self.tasks.pop(0))
            elif self.timers:
                self.run_timer()
            else:
                return self
        raise AssertionError("the page never settled")

    def restart_engine(self):
        """The edge restarted a dead worker: a fresh one, with no game."""
        self.engine = Engine()
        self.send({"type": "restarted"})

    # -- what the person sees ---------------------------------------------------------------

    @property
    def payload(self):
        return self.model.payload

    @property
    def screen(self):
        return self.body.get("data-screen")

    def message(self):
        """The message on show, as text, or None."""
        if self.hidden.get("message", True):
            return None
        html = self.html.get("message", "")
        return unescape(html[html.index("<span>") + 6:html.index("</span>")])

    def effects_named(self, name):
        return [effect for effect in self.log if effect[0] == name]
