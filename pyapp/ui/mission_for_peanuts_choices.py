"""Mission for Peanuts' choices: your Role and hand with each card's
ASSIST / DEPLOY buttons, and the players, directions and cards a decision
offers, each a button of one legal action.

A part of the Mission for Peanuts table (mission_for_peanuts.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import card_key, choice_key, disabled_button, el
from .seats import seat_name
from .mission_for_peanuts_cards import (ACTION_KEYS, FACES, ORDINALS, back_face, card_face,
                                        card_name, choice, emblem, pill)


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


def hand_card_actions(code, number, legal, hint_action, step):
    """The buttons under one hand card, the `number`th of the hand. Each has
    its own keys: the card's number, then the action's letter ("2", "D")."""
    buttons = []
    for action in legal:
        labels = card_action_label(action["type"], code) if action.get("card") == code else None
        if labels:
            letter = ACTION_KEYS[action["type"]]
            keyed = number <= 9
            keys = [" ", el("kbd", str(number)), el("kbd", letter.upper())] if keyed else []
            label = [labels[0], el("span", ": " + card_name(code), class_="sr-only"), keys]
            buttons.append(choice(label, action, hint_action, title=labels[1],
                                  classes="btn mp-act mp-" + action["type"],
                                  extra=choice_key("%d%s" % (number, letter)) if keyed else []))
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
        actions = None if code in seen else hand_card_actions(code, number, legal, hint_action,
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
                 class_="mp-your-hand", data_hand=True),
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
