"""Spy Tricks' cards and spaces: suit names and glyphs, card faces, pawns,
the round's recap, and how each space of the board looks.

A part of the Spy Tricks table (spy_tricks.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import act_button, choice_key, el
from .seats import seat_name


COLLABORATOR = "collaborator"  # the selection entry of the collaborator toggle

# A shape per suit, so that a suit is never told by its colour alone. Drawn
# by CSS from data-glyph: decoration, since every card is named in words.
SUIT_GLYPHS = {"R": "\u25b2", "B": "\u25a0", "W": "\u25c6"}

# -- small pieces ------------------------------------------------------------


def suit_names(view):
    """{suit letter: its name}, from the engine's setup."""
    return dict(view["setup"]["suits"])


def card_codes(setup):
    """The card spaces, row by row: each suit strongest first, its ranks in order."""
    return [suit + str(rank) for suit, _ in setup["suits"] for rank in setup["ranks"]]


def other_spaces(setup):
    """The rank spaces, then the suit spaces."""
    return ["rank:%d" % rank for rank in setup["ranks"]] + \
        ["suit:" + suit for suit, _ in setup["suits"]]


def space_label(space, names):
    """A space as a person reads it: "blue 4", "rank 4", "blue suit"."""
    if space.startswith("rank:"):
        return "rank " + space[5:]
    if space.startswith("suit:"):
        return names[space[5:]] + " suit"
    return "%s %s" % (names[space[:1]], space[1:])


def glyph(suit):
    return el("small", class_="st-glyph", data_glyph=SUIT_GLYPHS.get(suit, suit),
              aria_hidden="true")


def card_name(code, names):
    """"Red 9": what a card is called aloud."""
    label = space_label(code, names)
    return label[:1].upper() + label[1:]


def card_face(code):
    """A card's number and its suit's glyph."""
    return [el("b", code[1:]), glyph(code[:1])]


def card_html(code, names, classes="", tag="span"):
    """A card face on its suit's colour, named in words."""
    return el(tag, card_face(code), class_="st-card st-%s %s" % (code[:1], classes),
              role="img", aria_label=card_name(code, names), title=space_label(code, names),
              data_face=code)


def pawn_html(seat, collaborator=False, value=None):
    """A pawn in its owner's colour, a collaborator (black) beside it, and at a
    round's end the coins it earned."""
    label = seat_name(seat) + ("'s pawn and collaborator" if collaborator else "'s pawn")
    return el("span",
              el("i", class_="st-pawn p%d" % seat, title=label),
              el("i", class_="st-collab", title="collaborator") if collaborator else None,
              None if value is None else el("em", "+%d" % value if value else "0",
                                            class_="st-pay" + ("" if value else " zero")),
              class_="st-stand")


def stands(pawns):
    """{space: its pawn chips} for the view's pawns or a round end's payouts."""
    found = {}
    for pawn in pawns:
        found.setdefault(pawn["space"], []).append(
            pawn_html(pawn["seat"], pawn["collaborator"], pawn.get("value")))
    return found


# -- what happened at the last round end ---------------------------------------


def round_recap(payload):
    """The engine's summing up of the last round end (the log's latest "scores"
    event) while it is on show: at the game's end, and in a new round until
    its first trick is complete. None otherwise."""
    view = payload["view"]
    showing = view["over"] or (view["round"] > 1 and view["tricks_played"] == 0
                               and view["phase"] == "play")
    if showing:
        for event in reversed(payload["log"]):
            if event.get("kind") == "scores":
                return event
    return None


# -- the board ------------------------------------------------------------------


def recap_cells(setup, recap):
    """{space: (state classes, card face or None, pawn chips)} of a finished round."""
    secret, chips = recap["secret"], stands(recap["payouts"])
    cells = {}
    for code in card_codes(setup):
        state = "up out" if code in setup["out_of_play"] else "up"
        cells[code] = ("up secret-space" if code == secret else state, code, chips.get(code))
    for space in other_spaces(setup):
        cells[space] = ("pays" if space in recap["paying"] else "", None, chips.get(space))
    return cells


def live_card(code, view, in_trick, out):
    """(state classes, card face or None) of a card space during a round."""
    if code in view["board"]:
        if code in out:
            return "up out", code
        return ("up leftover" if code in view["leftovers"] else "up"), code
    if code in in_trick:
        return "in-trick", code
    return ("mine" if code in view["hand"] else "unseen"), None


def live_cells(view, setup):
    """{space: (state classes, card face or None, pawn chips)} during a round."""
    in_trick = [card for _, card in view["trick"]]
    chips = stands(view["pawns"])
    cells = {}
    for code in card_codes(setup):
        state, face = live_card(code, view, in_trick, setup["out_of_play"])
        cells[code] = (state, face, chips.get(code))
    for space in other_spaces(setup):
        cells[space] = ("", None, chips.get(space))
    return cells


SPACE_NOTES = {"up": "face up", "up out": "out of play", "up leftover": "face up this round",
               "in-trick": "in the trick", "mine": "in your hand", "unseen": "unseen",
               "up secret-space": "the secret card"}


def space_title(space, state, names):
    note = SPACE_NOTES.get(state)
    return space_label(space, names) + (" (%s)" % note if note else "")


def space_look(space, face, names):
    """(the space's kind classes, the mark drawn on it)."""
    if space.startswith("rank:"):
        return "st-rank-space", el("span", space[5:], class_="st-mark")
    if space.startswith("suit:"):
        suit = space[5:]
        return "st-suit-space st-" + suit, el(
            "span", glyph(suit), el("span", names[suit]), class_="st-mark")
    if face:
        return "st-card-space st-" + space[:1], el("b", space[1:], class_="st-face")
    return "st-card-space st-" + space[:1], el("span", space[1:], class_="st-mark")


def space_html(space, cell, target, hinted, names):
    """One board space; a button when placing a pawn there is a legal choice."""
    state, face, chips = cell
    kind, mark = space_look(space, face, names)
    classes = "st-space %s %s" % (kind, state)
    inner = [mark, el("span", chips, class_="st-stands") if chips else None]
    if target is None:
        return el("div", inner, class_=classes.strip(), title=space_title(space, state, names))
    classes += " st-target" + (" st-hinted" if hinted else "")
    keys = space_keys(space)
    label = "Place a pawn%s on %s (keys %s, %s)" % (
        " and a collaborator" if target["collaborator"] else "", space_label(space, names),
        keys[0].upper(), keys[1])
    return act_button(inner, target, classes=classes, title=label, extra=choice_key(keys))


def space_keys(space):
    """The two keys that choose a space, as its row and column read: the suit's
    letter (N for the rank row), then the rank, 0 for the suit's own space."""
    if space.startswith("suit:"):
        return space[5:].lower() + "0"
    if space.startswith("rank:"):
        return "n" + space[5:]
    return space.lower()


def secret_html(recap, names):
    if recap is not None:
        return el("div", card_html(recap["secret"], names), el("span", "secret"),
                  class_="st-secret revealed", title="The secret card")
    return el("div", el("span", class_="st-back"), el("span", "secret"), class_="st-secret",
              title="The secret card, face down", role="img",
              aria_label="The secret card, face down")
