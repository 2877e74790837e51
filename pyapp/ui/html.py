"""A tiny HTML builder that MicroPython can run (it has no `html` module).

Every string is escaped when the page is built from it, unless it is marked
as already-built HTML: `el()` returns such a mark (`Html`), and `raw()` makes
one by hand for the rare trusted fragment. So text from the engine (a log
line, a player's name) can never become markup by accident.

    el("button", "Hint ", el("kbd", "H"), class_="btn", data_action="hint")
    -> <button class="btn" data-action="hint">Hint <kbd>H</kbd></button>

Attribute names: a trailing "_" is dropped (`class_`, `for_`) and "_" becomes
"-" (`data_action`, `aria_label`); True writes the bare name, None and False
leave the attribute out. Children may be strings, numbers, `Html`, lists or
None (nothing).
"""

import json

_ESCAPES = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;")]
_VOID = ("br", "hr", "img", "input", "meta", "link")


class Html:
    """Markup that is already built; `render` leaves it as it is."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text

    def __add__(self, other):
        return Html(self.text + render(other))

    def __eq__(self, other):
        return isinstance(other, Html) and other.text == self.text

    def __contains__(self, part):
        return part in self.text


def raw(text):
    """Mark trusted, already-built HTML (never text from outside)."""
    return text if isinstance(text, Html) else Html(text)


def esc(value):
    """Text made safe for HTML content and attribute values."""
    text = value if type(value) is str else str(value)
    # Most text needs no escape; looking is cheaper than five replaces
    # under MicroPython, where building a big table is a main-thread task.
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        for plain, safe in _ESCAPES:
            text = text.replace(plain, safe)
    return text


def render(node):
    """The HTML text of a node: escaped text, built markup, or a list of them."""
    kind = type(node)
    if kind is Html:
        return node.text
    if kind is str:
        return esc(node)
    if node is None or node is False:
        return ""
    if kind is list or kind is tuple:
        return "".join([render(child) for child in node])
    return esc(node)


def attrs(pairs):
    """` name="value"` for each (name, value) pair whose value is not None/False."""
    out = ""
    for name, value in pairs:
        if value is True:
            out += " " + name
        elif value is not None and value is not False:
            out += " " + name + '="' + esc(value) + '"'
    return out


_NAMES = {}  # keyword -> attribute name, worked out once each


def _attribute_name(keyword):
    name = keyword.rstrip("_").replace("_", "-")
    _NAMES[keyword] = name
    return name


def el(tag, *children, **attributes):
    """An element: <tag attributes>children</tag>, its text escaped."""
    if attributes:
        names = _NAMES
        pairs = [(names.get(key) or _attribute_name(key), value)
                 for key, value in attributes.items()]
        if len(pairs) > 1:
            pairs.sort()
        opening = "<" + tag + attrs(pairs) + ">"
    else:
        opening = "<" + tag + ">"
    if tag in _VOID:
        return Html(opening)
    if len(children) == 1:
        return Html(opening + render(children[0]) + "</" + tag + ">")
    return Html(opening + "".join([render(child) for child in children]) + "</" + tag + ">")


def join(nodes, separator=""):
    """Built nodes joined by a (text) separator."""
    return Html(render(separator).join(render(node) for node in nodes))


def button(label, action, extra=(), classes="btn", title=None, enabled=True):
    """A button for the delegated click handler; `label` is text or built HTML.
    A button that would not be legal stays clickable (so the engine can
    explain why) but looks off."""
    pairs = [("type", "button"), ("class", classes + ("" if enabled else " off")),
             ("data-action", action), ("title", title),
             ("data-legal", None if enabled else "false")]
    return Html("<button%s>%s</button>" % (attrs(pairs + list(extra)), render(label)))


def disabled_button(label, why_id, reason, action="disabled", extra=(), classes="btn",
                    reason_shown=False):
    """A control that looks disabled and is (aria-disabled: a click shows
    `reason` instead of acting, see main.py), yet stays focusable so its reason
    is read: the reason is its description (id `why_id`), shown on hover and
    focus, or always with `reason_shown`. `action` and `extra` keep the
    data-* keys that find the control again after a redraw."""
    pairs = [("type", "button"), ("class", classes + " off"), ("data-action", action),
             ("aria-disabled", "true"), ("aria-describedby", why_id)]
    why = el("span", reason, id=why_id, class_="why" + (" shown" if reason_shown else ""),
             aria_hidden="true")
    return Html("<button%s>%s</button>" % (attrs(pairs + list(extra)), render([label, why])))


def action_json(action):
    """An action as JSON text, its keys sorted: the same text whether CPython
    (the worker draws most tables) or MicroPython (whose dicts keep no order)
    wrote it, so a control keeps its data-act, the key that finds it again
    after a redraw."""
    return "{" + ", ".join("%s: %s" % (json.dumps(name), json.dumps(action[name]))
                           for name in sorted(action)) + "}"


def act_button(label, action, classes="btn", title=None, extra=()):
    """A button that sends exactly `action`, one of the legal actions."""
    return button(label, "do", [("data-act", action_json(action))] + list(extra), classes=classes,
                  title=title)


def key_label(text, key):
    """A label with its keyboard shortcut: "Counter <kbd>C</kbd>"."""
    return [text, " ", el("kbd", key)]


def card_key(number):
    """The number key that picks a hand card, shown in the card's corner. CSS
    draws it from data-key, so the card's name (aria-label) stays all its
    text; the key itself is the card's aria-keyshortcuts."""
    return el("kbd", class_="card-key", data_key=number, aria_hidden="true") if number <= 9 else None


def choice_key(key):
    """The attributes that give a decision's choice its key: a number (show it
    with `card_key`; past 9 there is none) or keys typed in turn ("r9"). The
    page presses the button whose key was typed (main.py)."""
    if key is None or (type(key) is int and key > 9):
        return []
    key = str(key)
    pairs = [("data-choice-key", key)]
    if len(key) == 1:  # (aria-keyshortcuts has no way to say "r, then 9")
        pairs.append(("aria-keyshortcuts", key))
    return pairs


def hidden_heading(level, text):
    """A heading for screen readers only: it keeps the outline's levels in
    order where the page shows none (axe's heading-order)."""
    return el("h%d" % level, text, class_="sr-only")


def plural(count, word, many=None):
    return "%d %s" % (count, word if count == 1 else (many or word + "s"))
