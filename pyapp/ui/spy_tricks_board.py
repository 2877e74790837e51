"""Spy Tricks' board: the spaces (each drawn once per look), the legend,
one tile per seat, the trick and the table's facts.

A part of the Spy Tricks table (spy_tricks.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import el, join, plural
from .seats import fold_switch, seat_name, seat_role
from .spy_tricks_cards import (card_html, glyph, live_cells, recap_cells, secret_html, space_html,
                               space_label, suit_names)


# Markup of board spaces with no pawn and no choice, and of legends, by what
# they show: most of the board looks the same from one redraw to the next,
# and MicroPython builds markup slowly on the main thread.
_DRAWN = {}


def drawn_once(key, build):
    found = _DRAWN.get(key)
    if found is None:
        found = _DRAWN[key] = build()
    return found


def board_html(view, recap, targets, hint_space):
    setup, names = view["setup"], suit_names(view)
    cells = live_cells(view, setup) if recap is None else recap_cells(setup, recap)
    suits = tuple(names.items())

    def space(name):
        cell, target = cells[name], targets.get(name)
        if target is None and not cell[2]:
            return drawn_once((name, cell[0], bool(cell[1]), suits),
                              lambda: space_html(name, cell, None, False, names))
        return space_html(name, cell, target, hint_space == name, names)

    rows = []
    for suit, _ in setup["suits"]:
        rows.extend(space(suit + str(rank)) for rank in setup["ranks"])
        rows.append(space("suit:" + suit))
    rows.extend(space("rank:%d" % rank) for rank in setup["ranks"])
    rows.append(secret_html(recap, names))
    caption = None
    if recap is not None:
        caption = el("p", "Round %d is over: the secret was " % recap["round"],
                     el("b", space_label(recap["secret"], names)),
                     ". Each pawn shows what it earned.", class_="st-recap-note")
    with_collaborator = any(target["collaborator"] for target in targets.values())
    classes = "st-board" + (" recap" if recap is not None else "") + (
        " with-collaborator" if with_collaborator else "")
    legend = drawn_once(("legend", suits, bool(setup["out_of_play"])), lambda: legend_html(setup))
    return el("section", caption, el("div", rows, class_=classes), legend,
              class_="st-board-zone", aria_label="Board")


def legend_html(setup):
    """What the board's looks mean, and the suits strongest first."""
    names = suit_names({"setup": setup})
    order = [[glyph(suit), " ", names[suit]] for suit, _ in setup["suits"]]
    entries = [("st-key up", "bright: face up"),
               ("st-key in-trick", "bright, dashed: in this trick"),
               ("st-key", "dashed: not seen yet"),
               ("st-pawn p0", "dot: a pawn, in its player's colour"),
               ("st-collab", "black dot: a collaborator")]
    if setup["out_of_play"]:
        entries.insert(2, ("st-key out", "greyed: out of play"))
    return el("div", el("ul", [el("li", el("i", class_=look, aria_hidden="true"), " ", text)
                               for look, text in entries]),
              el("p", "Suits, strongest first: ", join(order, " > "), class_="st-order"),
              class_="st-legend")


# -- players ----------------------------------------------------------------------

BADGES = [("start_player", "start", "start"), ("winner_card", "win", "winner card"),
          ("loser_card", "lose", "loser card")]


def stock_html(seat, view):
    """The seat's pawns (the used ones dimmed) and collaborators in hand."""
    left = view["pawns_left"][seat]
    pawns = [el("i", class_="st-pawn p%d%s" % (seat, "" if n < left else " used"))
             for n in range(view["setup"]["pawns_per_round"])]
    collaborators = [el("i", class_="st-collab") for _ in range(view["collaborators"][seat])]
    return el("div", pawns, collaborators, class_="st-stock", title="%s left, %s" % (
        plural(left, "pawn"), plural(view["collaborators"][seat], "collaborator")))


def seat_html(seat, payload, recap):
    view = payload["view"]
    role = seat_role(seat, payload)
    acting = seat == view["to_act"] and not view["over"]
    gained = None if recap is None else el("span", "+%d" % recap["earned"][seat],
                                           class_="st-gain")
    worth = plural(view["coin_counts"][seat], "coin") + " worth %d" % view["coins"][seat]
    badges = [el("span", text, class_="st-badge " + kind)
              for key, kind, text in BADGES if view[key] == seat]
    return el(
        "li",
        el("div", el("i", class_="st-pawn p%d" % seat), el("b", seat_name(seat)), " ",
           el("small", role), class_="st-who"),
        el("div", el("b", view["coins"][seat]), " coins", gained, class_="st-coins", title=worth),
        stock_html(seat, view),
        el("div", plural(view["hand_counts"][seat], "card") + " in hand", class_="st-meta"),
        el("div", badges, class_="st-badges"),
        class_="st-seat p%d%s%s" % (seat, " you" if role == "you" else "",
                                     " acting" if acting else ""),
        data_seat=seat)


def seats_html(payload, recap):
    return el("ol", fold_switch(),
              [seat_html(seat, payload, recap) for seat in range(payload["players"])],
              class_="st-seats", aria_label="Players")


# -- the trick -----------------------------------------------------------------------


def play_html(seat, card, finished, names):
    """One card of a trick; a finished trick tags its winner and loser."""
    tag = None
    if finished is not None and seat == finished["winner"]:
        tag = el("em", "wins", class_="st-tag win")
    elif finished is not None and seat == finished["loser"]:
        tag = el("em", "loses", class_="st-tag lose")
    return el("li", card_html(card, names), el("span", seat_name(seat)), tag,
              class_="st-play p%d" % seat)


def trick_html(view):
    names, per_round = suit_names(view), view["setup"]["tricks_per_round"]
    finished = view["last_trick"]
    if view["trick"] or finished is None or view["over"]:
        finished, cards = None, view["trick"]
        note = names[view["led_suit"]] + " led" if cards else ""
        title = "Trick %d of %d" % (min(view["tricks_played"] + 1, per_round), per_round)
    else:
        cards, note = finished["cards"], ""
        title = "Trick %d of %d, done" % (view["tricks_played"], per_round)
    plays = [play_html(seat, card, finished, names) for seat, card in cards]
    return el("section", el("h3", title, " ", el("span", note, class_="count")),
              el("ol", plays or el("li", "no card yet", class_="none")),
              class_="st-trick" + ("" if finished is None else " done"), aria_label="Trick")


def table_facts_html(view):
    names, out = suit_names(view), view["setup"]["out_of_play"]
    facts = [el("li", plural(view["collaborator_supply"], "collaborator") + " in the supply")]
    if out:
        facts.append(el("li", plural(len(out), "card") + " out of play"))
    return el("section", el("h3", "Round %d of %d" % (view["round"], view["rounds"])),
              el("div", [card_html(code, names) for code in view["leftovers"]],
                 el("span", "face up"), class_="st-leftovers", title="The two face-up cards"),
              el("ul", facts), class_="st-facts", aria_label="This round")
