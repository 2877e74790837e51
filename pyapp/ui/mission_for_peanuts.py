"""The Mission for Peanuts table: view -> HTML.

From the top: the round's facts (round, first player, deck, target), a
banner for the moments since your last decision (an elimination, the family
found, a showdown with every hand and its combination, a round's winner),
one tile per seat (Role, hand size, discard pile, Peanut Points), your own
Role and hand as full card faces, the prompt with the choices open to you,
and "Your notes": the hands you were shown and the deck cards you know.

Every choice is exactly one of the engine's legal actions (`act_button`):
ASSIST / DEPLOY under each hand card, one button per player who may be
chosen (an immune player is shown greyed with the view's reason), one per
card on offer. The view says what only you may know; nothing else is drawn.

Card faces are CSS: a colour and a Unicode emblem per character, its notches
as pips, and one line each for its ASSIST and DEPLOY. What a face says comes
from the engine's card table, carried in the payload as "cards".
"""

from .endgame import end_screen_html, outcome_title, player_cell
from .html import (act_button, card_key, choice_key, disabled_button, el, hidden_heading, plural,
                   render)
from .moments import recent_moments
from .seats import seat_name, seat_role

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
              title=title, data_card=code, role="group", aria_label=name or card["name"])


def back_face(size="mini", label="", classes="", name="face-down card"):
    return el("div", el("span", label) if label else None,
              class_="mp-card mp-back mp-%s %s" % (size, classes), role="img", aria_label=name)


def pill(code, face_down=False):
    """A discarded card: a small coloured tag; a face-down one is a back."""
    if code == "back":
        return el("span", "face down", class_="mp-pill mp-pill-back", title="a face-down card")
    classes = "mp-pill mp-c-" + code + (" mp-down" if face_down else "")
    title = card_name(code) + (" (face down: only you know it)" if face_down else "")
    return el("span", emblem(code), card_name(code), class_=classes, title=title)


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


def banner_html(payload):
    """The latest moments, a round's result joined to what decided it."""
    moments = recent_moments(payload, MOMENTS)[-4:]
    players = payload["players"]
    cards = []
    index = 0
    while index < len(moments):
        event = moments[index]
        following = moments[index + 1] if index + 1 < len(moments) else None
        if event["kind"] != "round_end" and following and following["kind"] == "round_end":
            cards.append(moment_html(event, players, following))
            index += 2
        else:
            cards.append(moment_html(event, players))
            index += 1
    if not cards:
        return None
    return el("section", hidden_heading(3, "What just happened"), cards, class_="mp-banner",
              aria_live="polite", aria_label="What just happened")


# -- the round's facts and the seats ----------------------------------------------------


def peanuts_html(score, target):
    return el("span", [el("i", class_="got" if n < score else "")
                       for n in range(max(score, target))],
              class_="mp-peanuts", title="%s of %d" % (plural(score, "Peanut Point"), target))


def doing_text(view):
    if view["over"]:
        return "Match over"
    if view["step"] == "role":
        return "Choosing Roles"
    return "Your turn" if view["turn"] == view["seat"] else "%s's turn" % seat_name(view["turn"])


def facts_html(payload):
    view = payload["view"]
    facts = [
        el("b", "Round %d" % view["round"]),
        doing_text(view) + (" (extra turn next)" if view["extra_turn"] else ""),
        "first: %s" % seat_name(view["first_player"]),
        "to win: %s" % plural(view["target"], "Peanut Point"),
    ]
    return el("div", [el("span", fact) for fact in facts], class_="mp-facts")


def seat_badges(seat, view, immune):
    badges = []
    if seat == view["to_act"] and not view["over"]:
        badges.append(el("span", "choosing" if view["step"] == "role" else "to act",
                         class_="mp-badge acting"))
    if seat == view["first_player"]:
        badges.append(el("span", "first", class_="mp-badge first"))
    if seat in view["eliminated"]:
        badges.append(el("span", "Eliminated", class_="mp-badge out"))
    if seat in immune:
        badges.append(el("span", "immune", class_="mp-badge shield", title=immune[seat]))
    return badges


def role_slot(seat, view):
    role = view["roles"][seat]
    if role is not None and (view["roles_revealed"] or seat == view["seat"]):
        hidden = "" if view["roles_revealed"] else " (face down)"
        return card_face(role, "mid", extra=el("span", "Role" + hidden, class_="mp-flag"),
                         name="%s Role%s" % (card_name(role), hidden))
    if view["role_chosen"][seat]:
        return back_face("mid", "chosen", name="Role chosen, a face-down card")
    return back_face("mid", "not yet", "mp-empty", name="No Role chosen yet")


def seat_side(seat, view):
    """A seat's hand size and discard pile."""
    size = view["hand_sizes"][seat]
    pile = [pill(entry["card"], entry["face_down"]) for entry in view["discards"][seat]]
    return el("div",
              el("div", [el("i", class_="mp-minback")] * size, el("span", plural(size, "card")),
                 class_="mp-hand-count", title=plural(size, "card") + " in hand"),
              el("div", el("span", "pile", class_="mp-pile-label"),
                 pile or el("span", "empty", class_="none"),
                 class_="mp-pile", role="group", aria_label=seat_name(seat) + "'s discard pile"),
              class_="mp-side")


def seat_html(seat, payload, immune):
    view = payload["view"]
    role = seat_role(seat, payload)
    classes = "mp-seat s%d" % seat + (" you" if role == "you" else "") + (
        " out" if seat in view["eliminated"] else "") + (
        " acting" if seat == view["to_act"] and not view["over"] else "")
    who = el("div", el("b", seat_name(seat)), " ", el("small", role),
             seat_badges(seat, view, immune), peanuts_html(view["scores"][seat], view["target"]),
             class_="mp-who")
    return el("li", who, el("div", role_slot(seat, view), class_="mp-role"),
              seat_side(seat, view), class_=classes, data_seat=seat)


def seats_html(payload, immune):
    return el("ol", [seat_html(seat, payload, immune) for seat in range(payload["players"])],
              class_="mp-seats", aria_label="Players")


def deck_place(pos, count):
    return "top" if pos == 0 else ("bottom" if pos == count - 1 else "#%d" % (pos + 1))


def deck_html(view):
    count = view["deck_count"]
    known = None
    if view["deck_known"] and count:
        known = el("ul", [el("li", el("span", deck_place(entry["pos"], count)),
                             pill(entry["card"])) for entry in view["deck_known"]],
                   class_="mp-deck-known", aria_label="Deck cards you know")
    stack = el("div", el("div", el("span", count), class_="mp-card mp-back mp-mid", role="img",
                         aria_label=plural(count, "face-down card")),
               class_="mp-stack" + ("" if count else " empty"))
    return el("section", stack,
              el("div", el("h3", "Deck"),
                 el("p", plural(count, "card") + " left", class_="mp-deck-count"), known),
              class_="mp-deck", aria_label="Deck")


# -- your notes ---------------------------------------------------------------------------


def notes_html(view):
    items = []
    for note in view["known_hands"]:
        stale = note["stale"]
        items.append(el("li", el("b", seat_name(note["seat"])), " holds ", pills(note["cards"]),
                        [" ", el("em", "seen earlier; may have changed", class_="mp-stale")]
                        if stale else None, class_="stale" if stale else ""))
    body = el("ul", items) if items else el(
        "p", "Nobody has shown you a hand this round. The Telepath and the Secret Police show "
        "you hands; Informant swaps show you what you receive.", class_="none")
    return el("section", el("h3", "Your notes ", el("span", "only you see this",
                                                   class_="mp-private")),
              body, class_="mp-notes", aria_label="Your notes")


# -- your cards and your choices ---------------------------------------------------------


def card_action_label(kind, code):
    """(label, title) of the button under a hand card for an action `kind`, or None."""
    name = card_name(code)
    if kind == "choose_role":
        return "Make it my Role", "Choose the %s as your Role" % name
    if kind == "assist":
        if not FACES[code]["face_assist"]:
            return "Discard (no ASSIST)", "Discard the %s" % name
        return "ASSIST", "Discard the %s for its ASSIST" % name
    if kind == "deploy":
        return "DEPLOY", "Make the %s your new Role and do its DEPLOY" % name
    if kind == "bury":
        return "To the bottom", "Put the %s on the bottom of the deck" % name
    if kind == "return":
        return "To the top", "Put the %s on top of the deck" % name
    return None


def hand_card_actions(code, legal, hint_action, step):
    """The buttons under one hand card."""
    buttons = []
    for action in legal:
        labels = card_action_label(action["type"], code) if action.get("card") == code else None
        if labels:
            key = ACTION_KEYS[action["type"]]
            label = [labels[0], el("span", ": " + card_name(code), class_="sr-only"), " ",
                     el("kbd", key.upper())]
            buttons.append(choice(label, action, hint_action, title=labels[1],
                                  classes="btn mp-act mp-" + action["type"],
                                  extra=[("aria-keyshortcuts", key)]))
    if step == "act" and code == "spy" and not any(
            a["type"] == "assist" and a.get("card") == "spy" for a in legal):
        buttons.insert(0, disabled_button("No ASSIST", "why-assist-spy", (
            "The Spy cannot be discarded for its blank ASSIST while the deck is empty."),
            classes="btn mp-act"))
    if not buttons:
        return None
    return el("div", buttons, class_="mp-card-actions")


def picked_card(selection, legal):
    """The hand card picked last (by its number key) that has an action now, or None."""
    cards = [action.get("card") for action in legal]
    for card in reversed(selection):
        if card in cards:
            return card
    return None


def hand_slots(view, legal, hint_action, selection=()):
    """Each hand card's face, with its number key while the hand's cards have
    actions; the buttons go under the first copy of a card only."""
    keyed = any(action.get("card") in view["hand"] for action in legal)
    picked = picked_card(selection, legal)
    slots = []
    seen = []
    for number, code in enumerate(view["hand"], 1):
        actions = None if code in seen else hand_card_actions(code, legal, hint_action,
                                                              view["step"])
        seen.append(code)
        face = card_face(code, classes="selected" if code == picked else "",
                         extra=card_key(number) if keyed else None)
        slots.append(el("div", face, actions, class_="mp-slot"))
    if not slots:
        out = view["seat"] in view["eliminated"]
        slots.append(el("p", "You are Eliminated this round." if out else "No card in hand.",
                        class_="none"))
    return slots


def mine_html(payload, hint_action, selection=()):
    view = payload["view"]
    role = view["roles"][view["seat"]]
    role_part = None
    if role is not None:
        role_part = el("div", el("h3", "Your Role" + (
            "" if view["roles_revealed"] else " (face down)")),
            card_face(role, "big", "mp-is-role"), class_="mp-your-role")
    out = view["seat"] in view["eliminated"]
    return el("section", role_part,
              el("div", el("h3", "Your hand"),
                 el("div", hand_slots(view, payload["legal"], hint_action, selection),
                    class_="mp-hand"),
                 class_="mp-your-hand"),
              class_="mp-mine" + (" out" if out else ""), aria_label="Your cards")


def target_button(seat, action, payload, hint_action, number):
    """The button that chooses `seat`; an Agent copying sees the Role's ASSIST."""
    role = payload["view"]["roles"][seat]
    name = "You" if seat == payload["view"]["seat"] else seat_name(seat)
    extra = None
    if action["type"] == "copy" and role:
        extra = el("small", "ASSIST: " + (FACES[role]["face_assist"] or "none"))
    label = [emblem(role) if role else None, el("b", name),
             el("span", ("%s Role" % card_name(role)) if role else ""), extra]
    return choice(label, action, hint_action, classes="btn mp-target", number=number)


def target_choices(payload, immune, hint_action):
    """One button per player who may be chosen; immune players greyed with the reason."""
    view = payload["view"]
    pending = view["pending"] or {}
    chosen = {}
    for action in payload["legal"]:
        if action["type"] in ("target", "copy"):
            chosen[action["seat"]] = action
    out = []
    for seat in range(payload["players"]):
        role = view["roles"][seat]
        name = "You" if seat == view["seat"] else seat_name(seat)
        if seat in chosen:
            number = 1 + sum(1 for other in chosen if other < seat)
            out.append(target_button(seat, chosen[seat], payload, hint_action, number))
        elif seat in immune:
            out.append(disabled_button(
                [el("b", name), el("span", ("%s Role" % card_name(role)) if role else "")],
                "why-target-%d" % seat, immune[seat], classes="btn mp-target",
                reason_shown=True))
        elif pending.get("step") == "swap_second" and seat == pending.get("first"):
            out.append(disabled_button(el("b", name), "why-target-%d" % seat, "already chosen",
                                       classes="btn mp-target picked", reason_shown=True))
    return el("div", out, class_="mp-choices mp-targets")


def direction_choices(payload, hint_action):
    view = payload["view"]
    living = [s for s in range(payload["players"]) if s not in view["eliminated"]]
    ring = [seat_name(s)[7:] for s in living]
    buttons = []
    for number, action in enumerate(payload["legal"], 1):
        if action["dir"] == "left":
            path = " \u2192 ".join(ring + ring[:1])
            head, way = "Left \u2192", "to the next player"
        else:
            path = " \u2192 ".join(list(reversed(ring)) + ring[-1:])
            head, way = "\u2190 Right", "to the previous player"
        label = [el("b", head), el("span", way), el("small", "Players " + path)]
        buttons.append(choice(label, action, hint_action, classes="btn mp-target",
                              number=number))
    return el("div", buttons, class_="mp-choices")


def seer_choices(payload, hint_action):
    peek = (payload["view"]["pending"] or {}).get("peek") or []
    slots = []
    for number, action in enumerate(payload["legal"], 1):
        index = action["index"]
        code = peek[index] if index < len(peek) else None
        # Mid-sized, each beside its button: three big cards would push the
        # hand off a laptop's screen (the hand shows the same faces big).
        face = card_face(code, "mid") if code else back_face("mid")
        where = "%s from the top" % ORDINALS[index] if index < len(ORDINALS) else ""
        slots.append(el("div", face, el(
            "div", el("span", where, class_="mp-pos"),
            choice("Discard face down", action, hint_action, classes="btn mp-act",
                   number=number), class_="mp-seer-side"), class_="mp-seer-slot"))
    return el("div", slots, class_="mp-choices mp-seer")


def recall_choices(payload, hint_action):
    view = payload["view"]
    by_owner = {}
    order = []
    for number, action in enumerate(payload["legal"], 1):
        owner = action["seat"]
        if owner not in by_owner:
            by_owner[owner] = []
            order.append(owner)
        entry = view["discards"][owner][action["index"]]
        by_owner[owner].append(choice(pill(entry["card"], entry["face_down"]), action,
                                      hint_action, classes="mp-pick-pill", number=number))
    groups = [el("div", el("b", ("Your" if owner == view["seat"] else seat_name(owner) + "'s")
                           + " pile"), by_owner[owner], class_="mp-recall") for owner in order]
    return el("div", groups, class_="mp-choices mp-recalls")


def pick_choices(payload, hint_action):
    buttons = []
    for number, action in enumerate(payload["legal"], 1):
        index = action["index"]
        ordinal = ORDINALS[index] if index < len(ORDINALS) else str(index + 1)
        label = [el("span", el("span", "?"), class_="mp-card mp-back mp-mid", aria_hidden="true"),
                 el("b", ordinal + " card")]
        buttons.append(choice(label, action, hint_action, classes="btn mp-blind", number=number))
    return el("div", buttons, class_="mp-choices")


CHOICES = {"target": target_choices, "copy": target_choices}
OFFERS = {"direction": direction_choices, "discard_face_down": seer_choices,
          "recall": recall_choices, "pick": pick_choices}


def prompt_text(payload):
    view, legal = payload["view"], payload["legal"]
    prompt = view["prompt"]
    prefix = seat_name(view["seat"]) + ": "
    if legal and prompt.startswith(prefix):
        return "Your move: " + prompt[len(prefix):]
    if not legal and not view["over"]:
        return "Waiting for %s (bot)\u2026 %s" % (seat_name(view["to_act"]), prompt)
    return prompt


def prompt_html(payload, immune, hint_action):
    view, legal = payload["view"], payload["legal"]
    prompt = el("p", prompt_text(payload), class_="prompt", data_testid="prompt")
    if not legal:
        return prompt
    how = view.get("how")
    kind = legal[0]["type"]
    if kind in CHOICES:
        offer = CHOICES[kind](payload, immune, hint_action)
    else:
        offer = OFFERS[kind](payload, hint_action) if kind in OFFERS else None
    return el("section", prompt, el("p", how, class_="mp-how") if how else None, offer,
              class_="mp-decision")


# -- the end --------------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]), key=lambda s: (-view["scores"][s], s))
    rows = [el("tr", el("td", player_cell(seat, view)),
               el("td", peanuts_html(view["scores"][seat], view["target"])),
               el("td", view["scores"][seat]), class_="won" if seat in winners else "")
            for seat in order]
    head = el("tr", el("th", "Player"), el("th", "Peanut Points", colspan=2))
    details = [el("table", el("thead", head), el("tbody", rows), class_="mp-final"),
               el("p", plural(view["round"], "round") + " played.", class_="mp-rounds")]
    return end_screen_html(payload, outcome_title(view), view["seat"] in winners,
                           render(details))


# -- the table ------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """What a letter key sends: the action of its kind for the hand card picked
    by its number key, else the one action of its kind, else its bare kind for
    the engine to explain."""
    matching = [action for action in legal if action["type"] == kind]
    picked = picked_card(selection, matching)
    for action in matching:
        if picked is not None and action.get("card") == picked:
            return action
    return matching[0] if len(matching) == 1 else {"type": kind}


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view = payload["view"]
    index_cards(payload["cards"])
    hint_action = hint["action"] if hint else None
    immune = {}
    for entry in view["immune"]:
        immune[entry["seat"]] = entry["reason"]
    table = el("div", hidden_heading(2, "The table"), facts_html(payload), banner_html(payload),
               seats_html(payload, immune),
               prompt_html(payload, immune, hint_action),
               el("div", mine_html(payload, hint_action, selection),
                  el("div", deck_html(view), notes_html(view), class_="mp-aside"),
                  class_="mp-middle"),
               class_="mp", inert=view["over"])  # under its end screen, a modal dialog
    return (end_html(payload) if view["over"] else "") + render(table)
