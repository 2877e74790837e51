"""The Spy Tricks table: view -> HTML.

The board is a compact grid laid out like the physical one: a row of nine card
spaces per suit with that suit's space at its end, the nine rank spaces below,
and the secret card in the corner. A card lies face up on its space once it is
played or revealed; pawns stand on spaces in their owner's colour. The suits,
ranks and counts come from the view's "setup": this module holds layout only.

Every choice is one of the engine's legal actions: each playable hand card and
each highlighted board space carries its exact action (`act_button`). With a
collaborator in hand, the "with a collaborator" toggle (a selection entry,
COLLABORATOR) switches the spaces to the actions that add one.

After a round ends, the engine's summing up of it (the log's "scores" event:
the secret, each pawn's payout, each seat's gain) is shown on the board, the
previous round's final board with each pawn's payout, until the first trick of
the next round is complete.

The deduction aid (which cards are unseen) is a checkbox with CSS sibling
selectors: UI-only state, no script.
"""

from .endgame import end_screen_html, outcome_title, player_cell
from .html import (act_button, button, card_key, choice_key, el, hidden_heading, join, key_label,
                   plural, render)
from .seats import seat_name, seat_role

COLLABORATOR = "collaborator"  # the selection entry of the collaborator toggle

# A number key picks a hand card; P plays it, or passes during a placement
# (the two are never offered together).
KEYS = {"h": "hint", "p": "play"}

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
              role="img", aria_label=card_name(code, names), title=space_label(code, names))


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
    return el("ol", [seat_html(seat, payload, recap) for seat in range(payload["players"])],
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


# -- the human's part -----------------------------------------------------------------------


def hand_card(code, number, action, names, picked, hinted):
    """A hand card with its number key; a button that plays it when it may be played."""
    face = card_face(code) + [card_key(number)]
    if action is None:
        return el("div", face, class_="st-card st-%s big st-off" % code[:1], role="img",
                  aria_label=card_name(code, names) + ", cannot be played now",
                  title=space_label(code, names))
    classes = "st-card st-%s big%s%s" % (code[:1], " selected" if picked else "",
                                         " st-hinted" if hinted else "")
    return act_button(face, action, classes=classes, title="Play " + space_label(code, names),
                      extra=[("aria-label", "Play " + card_name(code, names)),
                             ("aria-keyshortcuts", str(number))])


def hand_html(view, legal, hint_card, selection=()):
    """Your cards: the playable ones are buttons; a number key picks one, P plays it."""
    names = suit_names(view)
    playable = {action["card"]: action for action in legal if action["type"] == "play"}
    picked = picked_play(selection, legal)
    cards = []
    for number, code in enumerate(view["hand"], 1):
        if playable:
            cards.append(hand_card(code, number, playable.get(code), names,
                                   picked is not None and picked["card"] == code,
                                   code == hint_card))
        else:
            cards.append(card_html(code, names, "big", "div"))
    return el("section", el("h3", "Your hand"),
              el("div", cards or el("p", "no cards left", class_="none"), class_="st-hand"),
              class_="st-hand-zone", aria_label="Your hand")


def collaborator_toggle(on, hinted):
    return button([el("i", class_="st-collab"), " With a collaborator: ",
                   el("b", "on" if on else "off")], "select",
                  [("data-card", COLLABORATOR), ("aria-pressed", "true" if on else "false")],
                  classes="btn st-collab-toggle%s%s" % (" on" if on else "",
                                                        " st-hinted" if hinted else ""))


def actions_html(view, legal, selection, hint_action):
    """The prompt, and during a placement the collaborator toggle and pass."""
    prompt = el("p", view["prompt"], class_="prompt", data_testid="prompt")
    if any(a["type"] == "play" for a in legal):
        return [prompt, el("p", "Keys: a card's number picks it, then ", el("kbd", "P"),
                           " plays it.", class_="st-how keys-note")]
    if not any(a["type"] == "place" for a in legal):
        return prompt  # a pass is only ever offered beside a placement
    buttons = []
    on = False
    if any(a.get("collaborator") for a in legal):
        on = COLLABORATOR in selection
        hinted = bool(hint_action and hint_action.get("collaborator"))
        buttons.append(collaborator_toggle(on, hinted))
    pass_hinted = bool(hint_action and hint_action["type"] == "pass")
    buttons.append(act_button(key_label("Pass: place no pawn", "P"), {"type": "pass"},
                              classes="btn" + (" st-hinted" if pass_hinted else ""),
                              extra=[("aria-keyshortcuts", "p")]))
    how = "Tap a highlighted space to place a pawn %s there." % (
        "and a collaborator" if on else "on the board")
    keys = el("span", "Keys: a suit's letter (", join([el("kbd", suit) for suit, _ in
                                                       view["setup"]["suits"]], ", "),
              ") or ", el("kbd", "N"), " for the rank row, then the rank (", el("kbd", "0"),
              ": the suit itself).", class_="keys-note")
    return [prompt, el("p", how, " ", keys, class_="st-how"),
            el("div", buttons, class_="actions")]


def aid_html(payload):
    """The deduction aid: the unseen cards per suit, and who lacks which suit."""
    view = payload["view"]
    names = suit_names(view)
    rows = [el("li", el("span", name, class_="st-suit-name"),
               [el("span", rank, class_="st-chip st-" + suit) for rank in view["unseen"][suit]]
               or el("span", "none", class_="none"))
            for suit, name in view["setup"]["suits"]]
    total = sum(len(ranks) for ranks in view["unseen"].values())
    voids = ["%s has no %s" % (seat_name(seat), " or ".join(names[s] for s in view["voids"][seat]))
             for seat in range(payload["players"]) if seat != view["seat"] and view["voids"][seat]]
    note = ("One of these %d cards is the secret; the others are in the other hands."
            % total) if total else "Every card is accounted for."
    return el("section", el("h3", "Unseen cards"), el("ul", rows),
              el("p", note, " " + "; ".join(voids) + "." if voids else None, class_="st-aid-note"),
              el("p", "On the board, ", el("span", "?", class_="st-q"),
                 " marks an unseen card and a dot a card in your hand.", class_="st-aid-note"),
              class_="st-aid", aria_label="Unseen cards")


# -- the end ----------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]),
                   key=lambda s: (-view["coins"][s], -view["coin_counts"][s], s))
    rows = [el("tr", el("td", el("i", class_="st-pawn p%d" % seat), " ", player_cell(seat, view)),
               el("td", view["coins"][seat]), el("td", plural(view["coin_counts"][seat], "coin")),
               class_="p%d%s" % (seat, " won" if seat in winners else ""))
            for seat in order]
    table = el("table", el("thead", el("tr", el("th", "Player"), el("th", "Total"),
                                       el("th", "Coins"))),
               el("tbody", rows), class_="st-final")
    return end_screen_html(payload, outcome_title(view), view["seat"] in winners, render(table))


# -- the table ------------------------------------------------------------------------------


def picked_play(selection, legal):
    """The play of the hand card picked last (by its number key), or None."""
    plays = {}
    for action in legal:
        if action["type"] == "play":
            plays[action["card"]] = action
    for card in reversed(selection):
        if card in plays:
            return plays[card]
    return None


def requested_action(kind, selection, legal):
    """What P sends: the picked card's play, or a pass during a placement; a
    play of no card otherwise, which the engine explains."""
    if any(action["type"] == "play" for action in legal):
        return picked_play(selection, legal) or {"type": "play", "card": None}
    return {"type": "pass"}


def place_targets(legal, selection):
    """{space: the place action a click on it sends}, following the toggle."""
    with_collaborator = COLLABORATOR in selection and any(a.get("collaborator") for a in legal)
    targets = {}
    for action in legal:
        if action["type"] == "place" and bool(action["collaborator"]) == with_collaborator:
            targets[action["space"]] = action
    return targets


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view, legal = payload["view"], payload["legal"]
    hint_action = hint["action"] if hint else None
    recap = round_recap(payload)
    table = el(
        "div",
        el("input", type="checkbox", id="st-aid-switch", class_="st-aid-switch", data_keep=True),
        hidden_heading(2, "The table"),
        seats_html(payload, recap),
        el("div", board_html(view, recap, place_targets(legal, selection),
                             hint_action.get("space") if hint_action else None),
           el("div", trick_html(view), table_facts_html(view), class_="st-side"),
           class_="st-middle"),
        hand_html(view, legal, hint_action.get("card") if hint_action else None, selection),
        actions_html(view, legal, selection, hint_action),
        el("label", el("span", "Show", class_="st-show"), el("span", "Hide", class_="st-hide"),
           " unseen cards", for_="st-aid-switch", class_="btn ghost st-aid-label"),
        aid_html(payload),
        class_="st", inert=view["over"])  # under its end screen, a modal dialog
    return (end_html(payload) if view["over"] else "") + render(table)
