"""Mister Spy's board: the table's facts, one tile per seat, the deck, the
discard pile and the capture in progress.

A part of the Mister Spy table (mister_spy.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import el, plural
from .seats import fold_switch, seat_name, seat_role
from .mister_spy_cards import backs_html, card_face, lair_name


# -- the facts and the seats ---------------------------------------------------------------


def facts_html(payload):
    view = payload["view"]
    me = view["seat"]
    if view["over"]:
        doing = "Game over"
    elif view["turn"] == me:
        doing = "Your turn"
    else:
        doing = "%s's turn" % seat_name(view["turn"])
    facts = [el("b", doing), "%d points win" % view["win_score"],
             [el("b", view["spies_out"]), " of %d Spies still out" % view["all_spies"]]]
    if not view["deck_count"] and not view["over"]:
        facts.append("deck empty: idle turns %d of %d" % (view["idle_turns"], payload["players"]))
    return el("div", [el("span", fact) for fact in facts], class_="ms-facts")


def score_html(score, target, gain):
    """The score, what was just gained, and a bar towards the points that win."""
    return el("div", el("b", score), el("span", "/%d" % target),
              el("em", "+%d" % gain, class_="ms-gain") if gain else None,
              el("progress", class_="ms-bar", max=target, value=min(score, target),
                 aria_hidden="true"),
              class_="ms-score", title="%s of %d" % (plural(score, "point"), target))


def lair_html(view, seat):
    lair = view["lairs"][seat]
    if not lair["cards"]:
        return el("div", el("span", "no Lair", class_="ms-nolair"), class_="ms-lair none-yet")
    cards = [card_face(code, size="ms-mini") for code in lair["cards"]]
    return el("div", el("div", cards, class_="ms-lair-cards"),
              el("span", lair["total"], class_="ms-total", title="Lair size"), class_="ms-lair")


def seat_badges(seat, view, acting):
    capture = view["capture"]
    badges = []
    if acting:
        deciding = view["phase"] in ("capture", "foil")
        badges.append(el("span", "deciding" if deciding else "to act", class_="ms-badge acting"))
    if seat == view["turn"] and not acting and not view["over"]:
        badges.append(el("span", "turn", class_="ms-badge turn"))
    if view["target"] == seat:
        badges.append(el("span", "Spy incoming", class_="ms-badge target"))
    if capture is not None and capture["owner"] == seat:
        badges.append(el("span", "captured a Spy", class_="ms-badge caught"))
    return badges


def seat_html(seat, payload):
    view = payload["view"]
    capture = view["capture"]
    acting = seat == view["to_act"] and not view["over"]
    role = seat_role(seat, payload)
    targeted = view["target"] == seat or (capture is not None and capture["owner"] == seat)
    classes = "ms-seat s%d%s%s%s" % (seat, " you" if role == "you" else "",
                                     " acting" if acting else "", " targeted" if targeted else "")
    size, spies = view["hand_sizes"][seat], view["hand_spies"][seat]
    spy_count = plural(spies, "Spy", "Spies")
    backs = el("div", backs_html(size, spies), el("span", "%d \u00b7 %s" % (size, spy_count)),
               class_="ms-hand-backs",
               title="%s in hand, %s" % (plural(size, "card"), spy_count))
    return el("li", el("div", el("b", seat_name(seat)), " ", el("small", role),
                       seat_badges(seat, view, acting), class_="ms-who"),
              score_html(view["scores"][seat], view["win_score"], view["recent_points"][seat]),
              backs, lair_html(view, seat), class_=classes, data_seat=seat)


def seats_html(payload):
    return el("ol", fold_switch(), [seat_html(seat, payload) for seat in range(payload["players"])],
              class_="ms-seats", aria_label="Players")


# -- deck, discard pile, capture ------------------------------------------------------------


def deck_html(view):
    count = view["deck_count"]
    if count:
        top = view["deck_top_is_spy"]
        stack = el("div", el("div", el("span", "SPY") if top else None,
                             class_="ms-card ms-big-back" + (" spy" if top else ""), role="img",
                             aria_label="face-down card" + (", a Spy's back" if top else "")),
                   class_="ms-stack", data_deck=count)
        note = ["Top card: ", el("b", "a Spy" if top else "not a Spy")]
    else:
        stack = el("div", el("div", class_="ms-card ms-big-back"), class_="ms-stack empty",
                   data_deck=0)
        note = "No draws left"
    return el("section", stack,
              el("div", el("h3", "Deck"), el("p", plural(count, "card"), class_="ms-deck-count"),
                 el("p", note, class_="ms-deck-top")),
              class_="ms-deck", aria_label="Deck")


def pile_row(label, body):
    return el("div", el("span", label, class_="ms-pile-label"), body, class_="ms-pile-row")


def discard_html(view):
    discard = view["discard"]
    labels = view["discard_labels"]
    rows = []
    for kind, label in (("S", "Spies"), ("D", "Doublers")):
        faces = [card_face(code, labels[i], size="ms-mini") for i, code in enumerate(discard)
                 if code[0] == kind]
        if faces:
            rows.append(pile_row(label, faces))
    lairs = sum(1 for code in discard if code[0] == "L")
    if lairs:
        rows.append(pile_row("Lair", el("span", plural(lairs, "Lair card"), class_="ms-pile-note")))
    return el("section", el("h3", "Discard pile ",
                            el("span", plural(len(discard), "card"), class_="count")),
              rows or el("p", "empty", class_="none"),
              class_="ms-discard", aria_label="Discard pile")


def capture_html(view):
    capture = view["capture"]
    if capture is None:
        return None
    spies = [card_face(code, capture["names"][i], classes="ms-caught")
             for i, code in enumerate(capture["spies"])]
    newest = len(capture["taunts"]) - 1
    taunts = [card_face(code, capture["taunt_lines"][i],
                        classes="ms-open" if i == newest and capture["open_taunt"] else "")
              for i, code in enumerate(capture["taunts"])]
    worth = ["Worth ", el("b", capture["points"]), " now"]
    if capture["open_taunt"]:
        worth = ["Worth ", el("b", capture["points"]), "; ",
                 el("b", capture["points_if_taunt_stands"]), " if the open taunt stands"]
    elif capture["multiplier"] > 1:
        worth.append(" (\u00d7%d)" % capture["multiplier"])
    return el("section",
              el("h3", "Captured in %s (%d)" % (lair_name(capture["owner"], view["seat"]),
                                               capture["lair_value"])),
              el("div", spies, taunts, class_="ms-capture-cards"), el("p", worth, class_="ms-worth"),
              class_="ms-capture", aria_label="Capture")
