"""The Deck of Spies table: view -> HTML, and which buttons a selection enables.

Legality comes only from the engine's legal actions: a button is "on" when an
action of its type with exactly the selected cards is among them. Any other
click is still sent, so the engine can say why it is not allowed.
"""

from .endgame import end_screen_html
from .html import act_button, attrs, button, el, esc, key_label, plural, render

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SEGMENTS = ["5\u20137", "8\u201310", "J\u2013K"]
CARD_ACTIONS = [  # (action type, label, keyboard key)
    ("counter", "Counter", "c"),
    ("recruit", "Recruit", "r"),
    ("retire", "Retire", "t"),
]
KEYS = {"c": "counter", "r": "recruit", "t": "retire", "e": "end_turn", "h": "hint"}

def card_label(code):
    return code[:-1] + SUIT_SYMBOLS[code[-1]]


def card_html(code, selectable=False, selected=False, marked=False, small=False, key=None):
    """One face-up card; a button when it can be selected."""
    rank, suit = code[:-1], code[-1]
    classes = "card" + (" red" if suit in "HD" else "") + (" small" if small else "")
    classes += " selected" if selected else ""
    classes += " marked" if marked else ""
    face = ('<span class="rank">%s</span><span class="suit">%s</span>'
            '<span class="pip">%s</span>' % (esc(rank), SUIT_SYMBOLS[suit], SUIT_SYMBOLS[suit]))
    label = "%s of %s" % (rank, SUIT_WORDS[suit])
    if not selectable:
        return '<div class="%s" title="%s">%s</div>' % (classes, esc(label), face)
    return "<button%s>%s</button>" % (attrs([
        ("type", "button"), ("class", classes), ("data-action", "select"),
        ("data-card", code), ("aria-pressed", "true" if selected else "false"),
        ("aria-label", label + (" (key %s)" % key if key else "")),
    ]), face)


def back_html(count, label):
    if not count:
        return '<div class="card empty" title="%s">empty</div>' % esc(label)
    return '<div class="card back" title="%s"><span>%d</span></div>' % (esc(label), count)


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
    return action_for(kind, selection, legal) or {"type": kind, "cards": sorted(selection)}


def segments_html(view):
    """The three segments of the spy deck: done, now (with how many are left), to come."""
    current = view["segment"]
    now = SEGMENTS.index(current) if current in SEGMENTS else len(SEGMENTS)
    chips = []
    for index, label in enumerate(SEGMENTS):
        if index < now:
            state, note = "done", "done"
        elif index == now:
            state, note = "now", "%d left" % view["segment_left"]
        else:
            state, note = "next", "12 to come"
        chips.append('<li class="seg %s"><b>%s</b><span>%s</span></li>' % (state, label, note))
    return '<ol class="segments" aria-label="Spy deck segments">%s</ol>' % "".join(chips)


def tally_html(view):
    keys = view["key_spies"]
    return ('<p class="tally" data-testid="tally">Key spies: you <b>%d</b>, spies <b>%d</b>, '
            "need <b>%d</b></p>" % (keys["yours"], keys["spies"], keys["need"]))


def zones_html(view, hint_cards):
    spy = view["spy_top"]
    spy_cards = view["spy_discard"]
    keys_lost = sum(1 for c in spy_cards if c[:-1] in ("J", "Q", "K"))
    removed = "".join(card_html(c, small=True) for c in view["removed"]) or \
        '<p class="none">none yet</p>'
    discard = "".join(card_html(c, small=True, marked=c in hint_cards)
                      for c in view["draw_discard"]) or '<p class="none">empty</p>'
    spy_face = card_html(spy) if spy else back_html(0, "Spy deck")
    return (
        '<div class="zones">'
        '<section class="zone spy-deck" aria-label="Spy deck"><h3>Spy deck</h3>'
        '<div class="pile">%s</div><p class="count">%s</p>%s</section>'
        '<section class="zone spy-discard" aria-label="Spy discard"><h3>Spy discard</h3>'
        '<div class="pile">%s</div><p class="count">%s, %s</p></section>'
        '<section class="zone removed" aria-label="Removed Aces"><h3>Removed Aces</h3>'
        '<div class="fan">%s</div></section>'
        '<section class="zone draw-deck" aria-label="Draw deck"><h3>Draw deck</h3>'
        '<div class="pile">%s</div><p class="count">%s</p></section>'
        '<section class="zone draw-discard" aria-label="Draw discard">'
        '<h3>Draw discard <span class="count">(%d)</span></h3><div class="fan">%s</div>'
        "</section></div>"
        % (spy_face, plural(view["spy_deck_count"], "spy", "spies") + " left",
           segments_html(view),
           back_html(len(spy_cards), "Spy discard"), plural(len(spy_cards), "card"),
           plural(keys_lost, "key spy", "key spies"),
           removed,
           back_html(view["draw_deck_count"], "Draw deck"),
           plural(view["draw_deck_count"], "card"),
           len(view["draw_discard"]), discard)
    )


def hand_html(view, selection, hint_cards, can_select):
    cards = []
    for number, code in enumerate(view["hand"], 1):
        cards.append(card_html(code, selectable=can_select, selected=code in selection,
                               marked=code in hint_cards, key=str(number)))
    return ('<section class="hand-zone" aria-label="Your hand"><h3>Your hand '
            '<span class="count">(total %d)</span></h3><div class="hand">%s</div></section>'
            % (view["hand_total"], "".join(cards) or '<p class="none">empty</p>'))


def actions_html(view, legal, selection):
    if view["over"]:
        return ""
    buttons = []
    kinds = [a["type"] for a in legal]
    if "assassinate" in kinds:
        for entry in view["aces_available"]:
            buttons.append(act_button(
                ["Assassinate with %s " % card_label(entry["card"]),
                 el("small", "from " + entry["place"])],
                {"type": "assassinate", "ace": entry["card"]}, classes="btn danger"))
        return '<div class="actions">%s</div>' % render(buttons)
    for kind, label, key in CARD_ACTIONS:
        if kind == "retire" and view["phase"] != "retire":
            continue
        if kind != "retire" and view["phase"] == "retire":
            continue
        enabled = action_for(kind, selection, legal) is not None
        buttons.append(button(key_label(label, key.upper()), "do",
                              [("data-type", kind)], classes="btn primary", enabled=enabled))
    if view["phase"] == "retire":
        buttons.append(act_button(key_label("End turn", "E"), {"type": "end_turn"}))
    return '<div class="actions">%s</div>' % render(buttons)


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
    parts = [
        '<div class="dos">',
        '<div class="status">%s<p class="turn">Turn %d of 36</p></div>'
        % (tally_html(view), min(view["turn_number"], 36)),
        zones_html(view, hint_cards),
        hand_html(view, selection, hint_cards, can_select),
        '<p class="prompt" data-testid="prompt">%s</p>' % esc(view["prompt"]),
        actions_html(view, legal, selection),
        "</div>",
    ]
    if view["over"]:
        parts.append(end_html(payload))
    return "".join(parts)
