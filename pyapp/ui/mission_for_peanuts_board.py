"""Mission for Peanuts' board: the banner, the round's facts, one tile per
seat, the deck and "Your notes".

A part of the Mission for Peanuts table (mission_for_peanuts.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import el, hidden_heading, plural
from .moments import recent_moments
from .seats import fold_switch, seat_name, seat_role
from .mission_for_peanuts_cards import (MOMENTS, back_face, card_face, card_name, moment_html, pill,
                                        pills)


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
    return el("ol", fold_switch(),
              [seat_html(seat, payload, immune) for seat in range(payload["players"])],
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
               class_="mp-stack" + ("" if count else " empty"), data_deck=count)
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
