"""Small HTML helpers that MicroPython can run (it has no `html` module)."""

import json

_ESCAPES = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;")]


def esc(value):
    """Text made safe for HTML content and attribute values."""
    text = str(value)
    for raw, safe in _ESCAPES:
        text = text.replace(raw, safe)
    return text


def attrs(pairs):
    """` name="value"` for each (name, value) pair whose value is not None."""
    out = []
    for name, value in pairs:
        if value is True:
            out.append(" " + name)
        elif value is not None and value is not False:
            out.append(' %s="%s"' % (name, esc(value)))
    return "".join(out)


def button(label, action, extra=(), classes="btn", title=None, enabled=True):
    """A button for the delegated click handler. A button that would not be
    legal stays clickable (so the engine can explain why) but looks off."""
    pairs = [("type", "button"), ("class", classes + ("" if enabled else " off")),
             ("data-action", action), ("title", title),
             ("data-legal", None if enabled else "false")]
    return "<button%s>%s</button>" % (attrs(pairs + list(extra)), label)


def act_button(label, action, classes="btn", title=None):
    """A button that sends exactly `action`, one of the legal actions."""
    return button(label, "do", [("data-act", json.dumps(action))], classes=classes, title=title)


def plural(count, word, many=None):
    return "%d %s" % (count, word if count == 1 else (many or word + "s"))
