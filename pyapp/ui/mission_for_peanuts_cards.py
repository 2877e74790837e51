"""Mission for Peanuts' cards and moments: card faces, backs and pills
(from the engine's card table, payload["cards"]), the keys, a choice's
button, and the banner's lines for a showdown, an elimination or a round.

A part of the Mission for Peanuts table (mission_for_peanuts.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import act_button, card_key, choice_key, el, plural
from .seats import seat_name


TEXT = "\ufe0e"  # asks for the text (not emoji) form of a symbol
# The card table is the engine's (payload["cards"]); the emblem is only how we draw it.
EMBLEMS = {"spy": "\u272a", "telepath": "\u25c9", "assassin": "\u2020", "seer": "\u2736",
           "informant": "\u2709", "handler": "\u260e", "agent": "\u2295",
           "secret-police": "\u2605"}
# code -> its row of the payload's card table, indexed afresh by each render.
FACES = {}
ORDINALS = ["1st", "2nd", "3rd"]
# Log kinds that get a moment on the banner.
MOMENTS = ["elimination", "protected", "family", "showdown", "round_end", "round_void"]

# A number key picks a hand card; a letter then does that card's action (or
# the one action of its kind, when only one card offers it).
KEYS = {"h": "hint", "r": "choose_role", "a": "assist", "d": "deploy", "b": "bury",
        "t": "return"}
ACTION_KEYS = dict((kind, key) for key, kind in KEYS.items())

# -- card faces ---------------------------------------------------------------------


def index_cards(cards):
    """Index the payload's card table by code for this render."""
    FACES.clear()
    for card in cards:
        FACES[card["code"]] = card


def card_name(code):
    return FACES[code]["name"]


def notch_pips(count):
    return el("span", [el("i")] * count, class_="mp-notches",
              title=plural(count, "notch", "notches"))


def emblem(code):
    """The character's emblem: decoration (the name is printed beside it),
    drawn by CSS from data-emblem so it is no text to read or to judge."""
    return el("span", class_="mp-emblem", data_emblem=EMBLEMS[code] + TEXT, aria_hidden="true")


def card_face(code, size="big", classes="", extra=None, name=None):
    """A character card: emblem, name, notches; the big size adds its character,
    ASSIST and DEPLOY lines. A group named `name` (the card's name unless told),
    so its lines stay readable."""
    card = FACES[code]
    notches, note = card["copies"], card["note"]
    inner = [el("span", emblem(code), notch_pips(notches), class_="mp-head"),
             el("b", card["name"], class_="mp-name")]
    if size == "big":
        inner += [el("small", card["character"], class_="mp-char"),
                  el("span", el("em", "ASSIST"), " ", card["face_assist"] or "\u2014",
                     class_="mp-eff"),
                  el("span", el("em", "DEPLOY"), " ", card["face_deploy"], class_="mp-eff"),
                  el("span", note, class_="mp-note") if note else None]
    title = "%s (%s), %s" % (card["name"], card["character"],
                             plural(notches, "notch", "notches"))
    return el("div", inner, extra, class_="mp-card mp-%s mp-c-%s %s" % (size, code, classes),
              title=title, data_card=code, data_face=code, role="group",
              aria_label=name or card["name"])


def back_face(size="mini", label="", classes="", name="face-down card"):
    return el("div", el("span", label) if label else None,
              class_="mp-card mp-back mp-%s %s" % (size, classes), role="img", aria_label=name)


def pill(code, face_down=False):
    """A discarded card: a small coloured tag; a face-down one is a back."""
    if code == "back":
        return el("span", "face down", class_="mp-pill mp-pill-back", title="a face-down card")
    classes = "mp-pill mp-c-" + code + (" mp-down" if face_down else "")
    title = card_name(code) + (" (face down: only you know it)" if face_down else "")
    return el("span", emblem(code), card_name(code), class_=classes, title=title, data_face=code)


def pills(cards):
    return [pill(code) for code in cards]


def choice(label, action, hint_action, classes="btn", title=None, extra=(), number=None):
    """The button for one legal action; the hinted one is marked. A `number`
    is its key among the decision's choices (the hand's cards have none then)."""
    hinted = hint_action is not None and action == hint_action
    if number is not None:
        label, extra = [card_key(number), label], list(extra) + choice_key(number)
    return act_button(label, action, classes=classes + (" mp-hinted" if hinted else ""),
                      title=title, extra=extra)


# -- the moments since your last decision -------------------------------------------------


def showdown_row(entry, winners):
    won = entry["seat"] in winners
    result = entry["combination"] or plural(entry["notches"], "notch", "notches")
    return el("tr", el("th", seat_name(entry["seat"]) + (" \u2605" if won else "")),
              el("td", pill(entry["role"]), pills(entry["hand"]), class_="mp-cards"),
              el("td", result),
              el("td", str(entry["discard_notches"]), title="notches in the discard pile"),
              class_="won" if won else "")


def showdown_html(event):
    head = el("tr", el("th", "Player"), el("th", "Role + hand"), el("th", "Combination"),
              el("th", "Pile"))
    rows = [showdown_row(entry, event["winners"]) for entry in event["hands"]]
    return [el("table", el("thead", head), el("tbody", rows), class_="mp-showdown"),
            el("p", event["verdict"], class_="mp-verdict")]


def moment_html(event, players, round_end=None):
    """One moment of the banner; `round_end` joins the round's result to what decided it."""
    kind = event["kind"]
    result = round_line(round_end, players) if round_end else None
    if kind == "showdown":
        return el("div", el("h4", "Showdown"), showdown_html(event), result,
                  class_="mp-moment showdown")
    if kind == "family":
        cards = [event["role"]] + event["hand"]
        return el("div", el("h4", "Family found!"), el("p", event["text"]),
                  el("div", pills(cards), class_="mp-pills"), result, class_="mp-moment family")
    if kind == "elimination":
        return el("div", el("h4", "Eliminated"), el("p", event["text"]),
                  el("div", pills(event["cards"]), class_="mp-pills"), result,
                  class_="mp-moment elim")
    if kind == "round_end":
        return el("div", el("h4", "Round over"), round_line(event, players),
                  class_="mp-moment round")
    title = "Protected" if kind == "protected" else "No winner"
    return el("div", el("h4", title), el("p", event["text"]), result,
              class_="mp-moment " + kind)


def round_line(event, players):
    scores = " \u00b7 ".join("%s %d" % (seat_name(s), event["scores"][s]) for s in range(players))
    return el("p", el("b", event["text"]), " Peanut Points: ", scores, class_="mp-scoreline")
