"""The Deck of Spies table: view -> HTML, and which buttons a selection enables.

Legality comes only from the engine's legal actions: a button is "on" when an
action of its type with exactly the selected cards is among them. Any other
click is still sent, so the engine can say why it is not allowed. What the
table shows of the cards (suit symbols and names, the spy deck's segments,
the number of spies) comes from the view too: this module is layout only.
"""

from .endgame import end_screen_html
from .html import (act_button, button, card_key, disabled_button, el, hidden_heading, key_label,
                   plural, render)

CARD_ACTIONS = [  # (action type, label, keyboard key)
    ("counter", "Counter", "c"),
    ("recruit", "Recruit", "r"),
    ("retire", "Retire", "t"),
]
KEYS = {"c": "counter", "r": "recruit", "t": "retire", "e": "end_turn", "a": "assassinate",
        "h": "hint", "p": "autoplay"}


RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}


def card_name(code, suits):
    """"7 of hearts", "Queen of spades": a card as it is said aloud."""
    rank = code[:-1]
    return "%s of %s" % (RANK_NAMES.get(rank, rank), suits[code[-1]]["name"])


def card_label(code, suits):
    """"10♥": the rank and the suit's symbol."""
    return code[:-1] + suits[code[-1]]["symbol"]


def card_classes(suit, selected, marked, small):
    names = ["card"]
    for name, wanted in (("red", suit["red"]), ("small", small), ("selected", selected),
                         ("marked", marked)):
        if wanted:
            names.append(name)
    return " ".join(names)


def card_html(code, suits, selectable=False, selected=False, marked=False, small=False,
              key=None):
    """One face-up card; a button when it can be selected, showing its number key."""
    rank, suit = code[:-1], suits[code[-1]]
    classes = card_classes(suit, selected, marked, small)
    face = [el("span", rank, class_="rank"), el("span", suit["symbol"], class_="suit"),
            el("span", suit["symbol"], class_="pip")]
    name = card_name(code, suits)
    if not selectable:
        return el("div", face, class_=classes, role="img", aria_label=name, title=name,
                  data_face=code)
    return el("button", face, card_key(key) if key else None, type="button", class_=classes,
              data_action="select", data_card=code, data_face=code, aria_pressed="true" if selected else "false",
              aria_label=name, aria_keyshortcuts=str(key) if key and key <= 9 else None)


def back_html(count, label):
    """A face-down pile: its count, or "empty"."""
    if not count:
        return el("div", "empty", class_="card empty", title=label)
    return el("div", el("span", count), class_="card back", title=label, role="img",
              aria_label="%s: %s" % (label, plural(count, "face-down card")))


def action_for(kind, selection, legal):
    """The legal action of `kind` whose cards are exactly the selection, or None."""
    chosen = sorted(selection)
    for action in legal:
        if action["type"] == kind and sorted(action.get("cards", [])) == chosen:
            return action
    return None


def requested_action(kind, selection, legal):
    """What a click on `kind` sends: the matching legal action, else the
    person's own try, for the engine to explain."""
    if kind == "end_turn":
        return {"type": "end_turn"}
    if kind == "assassinate":  # A: the one Ace offered; with two, their buttons choose
        aces = [action for action in legal if action["type"] == kind]
        return aces[0] if len(aces) == 1 else {"type": kind, "ace": None}
    return action_for(kind, selection, legal) or {"type": kind, "cards": sorted(selection)}


def face_html(code, payload):
    """One card as the replay's list of every hand draws it."""
    return card_html(code, payload["view"]["suits"], small=True)


def segment_note(segment):
    if segment["state"] == "done":
        return "done"
    return "%d %s" % (segment["left"], "left" if segment["state"] == "now" else "to come")


def segments_html(view):
    """The segments of the spy deck: done, now (with how many are left), to come."""
    return el("ol", [el("li", el("b", segment["label"]), el("span", segment_note(segment)),
                        class_="seg " + segment["state"]) for segment in view["segments"]],
              class_="segments", aria_label="Spy deck segments")


def tally_html(view):
    keys = view["key_spies"]
    return el("p", "Key spies: you ", el("b", keys["yours"]), ", spies ",
              el("b", keys["spies"]), ", need ", el("b", keys["need"]),
              class_="tally", data_testid="tally")


def zone(name, label, children, heading=None):
    """One labelled zone of the table, headed by its label unless told."""
    return el("section", el("h3", heading or label), children, class_="zone " + name,
              aria_label=label)


def fan_html(cards, suits, empty, marked=()):
    """Small face-up cards side by side, or a note that there are none."""
    return el("div", [card_html(c, suits, small=True, marked=c in marked) for c in cards]
              or el("p", empty, class_="none"), class_="fan")


def spy_zones(view):
    """The spy deck with its segments, and the spy discard with its key spies."""
    spy, lost = view["spy_top"], len(view["spy_discard"])
    return [
        zone("spy-deck", "Spy deck", [
            el("div", card_html(spy, view["suits"]) if spy else back_html(0, "Spy deck"),
               class_="pile"),
            el("p", plural(view["spy_deck_count"], "spy", "spies") + " left", class_="count"),
            segments_html(view)]),
        zone("spy-discard", "Spy discard", [
            el("div", back_html(lost, "Spy discard"), class_="pile"),
            el("p", "%s, %s" % (plural(lost, "card"), plural(
                view["key_spies"]["spies"], "key spy", "key spies")), class_="count")]),
    ]


def player_zones(view, hint_cards):
    """The removed Aces, the draw deck and the draw discard."""
    suits, drawn = view["suits"], view["draw_deck_count"]
    return [
        zone("removed", "Removed Aces", fan_html(view["removed"], suits, "none yet")),
        zone("draw-deck", "Draw deck", [
            el("div", back_html(drawn, "Draw deck"), class_="pile", data_deck=drawn),
            el("p", plural(drawn, "card"), class_="count")]),
        zone("draw-discard", "Draw discard",
             fan_html(view["draw_discard"], suits, "empty", hint_cards),
             heading=["Draw discard ", el("span", "(%d)" % len(view["draw_discard"]),
                                          class_="count")]),
    ]


def zones_html(view, hint_cards):
    return el("div", spy_zones(view), player_zones(view, hint_cards), class_="zones")


def hand_html(view, selection, hint_cards, can_select):
    cards = [card_html(code, view["suits"], selectable=can_select, selected=code in selection,
                       marked=code in hint_cards, key=number)
             for number, code in enumerate(view["hand"], 1)]
    return el("section",
              el("h3", "Your hand ", el("span", "(total %d)" % view["hand_total"], class_="count")),
              el("div", cards or el("p", "empty", class_="none"), class_="hand"),
              class_="hand-zone", aria_label="Your hand", data_hand=True)


def assassination_buttons(view):
    """One button per Ace offered; A is the key of the only one."""
    keyed = len(view["aces_available"]) == 1
    return [act_button(["Assassinate with %s " % card_label(entry["card"], view["suits"]),
                        el("small", "from " + entry["place"]), el("kbd", "A") if keyed else None],
                       {"type": "assassinate", "ace": entry["card"]}, classes="btn danger",
                       extra=[("aria-keyshortcuts", "a")] if keyed else ())
            for entry in view["aces_available"]]


def card_action_button(kind, label, key, selection, legal):
    """A card action's button: on when the selected cards make it legal, else
    disabled with what to do (its key still asks the engine, which explains)."""
    shown, keys = key_label(label, key.upper()), [("data-type", kind), ("aria-keyshortcuts", key)]
    if action_for(kind, selection, legal) is not None:
        return button(shown, "do", keys, classes="btn primary")
    reason = ("Select cards in your hand first (click them or press their numbers)."
              if not selection else "The selected cards do not make a legal %s; tap it or "
              "press %s to hear why." % (label.lower(), key.upper()))
    return disabled_button(shown, "why-" + kind, reason, "do", keys, classes="btn primary")


def card_action_buttons(view, legal, selection):
    """Counter and Recruit, or Retire and End turn, each on when legal."""
    retiring = view["phase"] == "retire"
    buttons = [card_action_button(kind, label, key, selection, legal)
               for kind, label, key in CARD_ACTIONS if (kind == "retire") == retiring]
    if retiring:
        buttons.append(act_button(key_label("End turn", "E"), {"type": "end_turn"},
                                  extra=[("aria-keyshortcuts", "e")]))
    return buttons


def coach_selector(action, selection):
    """The control a lesson points at for `action`: for a card action, the
    next card to select (or a card selected in excess, to unselect), then
    its button; None for any other (its own button)."""
    if action["type"] not in ("counter", "recruit", "retire"):
        return None
    for card in list(selection) + list(action["cards"]):
        if (card in selection) != (card in action["cards"]):
            return '[data-action="select"][data-card="%s"]' % card
    return '[data-action="do"][data-type="%s"]' % action["type"]


def actions_html(view, legal, selection):
    if view["over"]:
        return None
    if any(a["type"] == "assassinate" for a in legal):
        return el("div", assassination_buttons(view), class_="actions")
    return el("div", card_action_buttons(view, legal, selection), class_="actions")


def end_html(payload):
    won = bool(payload["view"]["result"]["winners"])
    return end_screen_html(payload, "Mission accomplished" if won else "Mission failed", won)


def hinted_cards(hint):
    """The cards a hint points at, to mark them on the table."""
    if not hint:
        return []
    action = hint["action"]
    if "ace" in action:
        return [action["ace"]]
    return action.get("cards", [])


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view, legal = payload["view"], payload["legal"]
    hint_cards = hinted_cards(hint)
    can_select = not view["over"] and any("cards" in a for a in legal)
    table = render(el(
        "div",
        hidden_heading(2, "The table"),
        el("div", tally_html(view),
           el("p", "Turn %d of %d" % (view["turn_number"], view["spy_count"]), class_="turn"),
           class_="status"),
        zones_html(view, hint_cards),
        hand_html(view, selection, hint_cards, can_select),
        el("p", view["prompt"], class_="prompt", data_testid="prompt", data_prompt=True),
        actions_html(view, legal, selection),
        class_="dos", inert=view["over"]))  # under its end screen, a modal dialog
    return end_html(payload) + table if view["over"] else table
