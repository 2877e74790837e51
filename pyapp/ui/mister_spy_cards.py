"""Mister Spy's cards and moments: card faces and backs, a choice's button,
and the banner's lines for a taunt, a foil, an escape or a kill.

A part of the Mister Spy table (mister_spy.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import act_button, card_key, choice_key, el, hidden_heading
from .moments import recent_moments
from .seats import seat_name


# Log kinds that get a moment on the banner; "taunt_stands" joins its taunt.
MOMENTS = ["taunt", "taunt_stands", "foil", "escape", "kill"]
MOMENTS_SHOWN = 4

# -- card faces --------------------------------------------------------------------


def value(code):
    """The number a card code carries ("L3", "S5"): see the engine's card codes."""
    return int(code[1:])


def letter(code):
    return code[2:]


def card_title(code, label=None):
    if code[0] == "L":
        return "Lair card, %d" % value(code)
    if code[0] == "S":
        return "Spy %d%s" % (value(code), ": " + label if label else "")  # as the face reads
    return "Doubler %s%s" % (letter(code), ": \u201c%s\u201d" % label if label else "")


def card_inner(code, label=None):
    """The face's words, spaced so that they read as words ("Spy 5 Jaws"); the
    card's grid draws no space."""
    if code[0] == "L":
        return [el("span", "Lair", class_="ms-kind"), " ", el("b", value(code), class_="ms-val"),
                el("span", class_="ms-icon", aria_hidden="true")]
    if code[0] == "S":
        return [el("span", "Spy", class_="ms-kind"), " ", el("b", value(code), class_="ms-val"),
                [" ", el("small", label, class_="ms-name")] if label else None]
    return [el("span", "Doubler", class_="ms-kind"), " ", el("b", letter(code), class_="ms-val"),
            " ", el("small", "\u00d72", class_="ms-x")]


_FACES = {}  # (code, label, size, classes) -> a plain face, built once: a long game's
# discard pile repeats them on every redraw, and MicroPython builds slowly.


def card_face(code, label=None, size="", classes="", tag="div", extra=None, **attributes):
    """A card face: "ms-L" (Lair), "ms-S" (Spy) or "ms-D" (Doubler), named
    aloud by its title (a button keeps its own name)."""
    if tag == "div" and extra is None and not attributes:
        key = (code, label, size, classes)
        face = _FACES.get(key)
        if face is None:
            face = _FACES[key] = _card_face(code, label, size, classes, tag, None, {})
        return face
    return _card_face(code, label, size, classes, tag, extra, attributes)


def _card_face(code, label, size, classes, tag, extra, attributes):
    name = card_title(code, label)
    if tag == "div":
        attributes["role"], attributes["aria_label"] = "img", name
    return el(tag, card_inner(code, label), extra,
              class_=("ms-card ms-%s %s %s" % (code[0], size, classes)).strip(),
              title=name, data_face=code, **attributes)


def backs_html(size, spies):
    """A hand's public backs: the red Spy backs after the blue others."""
    return ([el("i", class_="ms-back")] * (size - spies)
            + [el("i", class_="ms-back spy")] * spies)


def choice(label, action, hint_action, classes="btn", title=None, key=None, number=None):
    """The button of one legal action; `key` is its letter shortcut (KEYS), a
    `number` its number key among the decision's choices."""
    hinted = hint_action is not None and action == hint_action
    extra = [("aria-keyshortcuts", key)] if key else []
    if number is not None:
        label, extra = [card_key(number), label], extra + choice_key(number)
    return act_button(label, action, classes=classes + (" ms-hinted" if hinted else ""),
                      title=title, extra=extra)


def lair_name(seat, me):
    return "your Lair" if seat == me else "%s's Lair" % seat_name(seat)


def sentence(text):
    """An engine reason ("a team can only ...") as a sentence."""
    return text[:1].upper() + text[1:] + "."


def spy_names(capture):
    return " and ".join(capture["names"])


# -- the moments since your last decision ---------------------------------------------------


def after_colon(text):
    """"The taunt stands: X is now worth 8." -> "X is now worth 8." """
    return text.split(": ", 1)[-1]


def taunt_moment(event, stands=None):
    seat = event.get("seat", 0)
    heading = "%s taunts with Doubler %s" % (seat_name(seat), letter(event.get("card", "D-?")))
    return el("div", el("h4", heading), el("blockquote", "\u201c%s\u201d" % event.get("line", "")),
              el("p", stands["text"], class_="ms-stands") if stands else None,
              class_="ms-moment taunt s%d" % seat)


def escape_moment(event):
    lair = [card_face(code, size="ms-mini", classes="ms-wreck") for code in event.get("lair", [])]
    return el("div", el("div", lair, class_="ms-rubble",
                        title="The destroyed Lair of " + seat_name(event.get("seat", 0))),
              el("h4", "Escape!"), el("p", event["text"]), class_="ms-moment escape")


def moment_html(event):
    kind, text, seat = event["kind"], event["text"], event.get("seat", 0)
    if kind == "taunt":
        return taunt_moment(event)
    if kind == "taunt_stands":
        return el("div", el("h4", "The taunt stands"), el("p", after_colon(text)),
                  class_="ms-moment stands")
    if kind == "foil":
        return el("div", el("h4", "Foiled!"), el("p", text), class_="ms-moment foil s%d" % seat)
    if kind == "escape":
        return escape_moment(event)
    said = text[len("Bang. "):] if text.startswith("Bang. ") else text
    return el("div", el("b", "+%d" % event.get("points", 0), class_="ms-plus"), el("h4", "Bang!"),
              el("p", said), class_="ms-moment kill s%d" % seat)


def banner_html(payload):
    """The latest moments; a "taunt stands" line joins the taunt before it."""
    moments = []  # [event, the "taunt stands" that joined it or None]
    for event in recent_moments(payload, MOMENTS):
        last = moments[-1] if moments else None
        if (event["kind"] == "taunt_stands" and last and last[0]["kind"] == "taunt"
                and last[1] is None):
            last[1] = event
        else:
            moments.append([event, None])
    cards = [taunt_moment(event, stands) if stands else moment_html(event)
             for event, stands in moments[-MOMENTS_SHOWN:]]
    if not cards:
        return None
    return el("section", hidden_heading(3, "What just happened"), cards, class_="ms-banner",
              aria_live="polite", aria_label="What just happened")
