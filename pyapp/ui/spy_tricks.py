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

The drawing is in parts, each a module that the page compiles in a short
task (tables.py): spy_tricks_cards (faces, pawns, the recap, the spaces),
spy_tricks_board (the board, the legend, seats, the trick); this module
draws the hand, the actions and the whole table.
"""

from .endgame import end_screen_html, outcome_title, people_won, player_cell
from .html import (act_button, action_json, button, card_key, el, hidden_heading, join, key_label,
                   plural, render)
from .seats import seat_name
from .spy_tricks_board import board_html, seats_html, table_facts_html, trick_html
from .spy_tricks_cards import (COLLABORATOR, card_face, card_html, card_name, round_recap,
                               space_label, suit_names)


# A number key picks a hand card; P plays it, or passes during a placement
# (the two are never offered together).
KEYS = {"h": "hint", "p": "play"}


# -- the human's part -----------------------------------------------------------------------


def hand_card(code, number, action, names, picked, hinted):
    """A hand card with its number key; a button that plays it when it may be played."""
    face = card_face(code) + [card_key(number)]
    if action is None:  # greyed: a tap asks the engine why, said under the hand (HAND_WHY)
        return button(face, "do", [("aria-disabled", "true"), ("aria-describedby", HAND_WHY),
                                   ("data-act", action_json({"type": "play", "card": code})),
                                   ("aria-label", "Play " + card_name(code, names)),
                                   ("data-face", code)],
                      classes="st-card st-%s big st-off off" % code[:1],
                      title=space_label(code, names) + ": cannot be played now")
    classes = "st-card st-%s big%s%s" % (code[:1], " selected" if picked else "",
                                         " st-hinted" if hinted else "")
    return act_button(face, action, classes=classes, title="Play " + space_label(code, names),
                      extra=[("aria-label", "Play " + card_name(code, names)),
                             ("aria-keyshortcuts", str(number)), ("data-face", code)])


# The one place where a greyed hand card's reason shows: a card is too narrow.
HAND_WHY = "why-hand"


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
    greyed = playable and len(playable) < len(view["hand"])
    why = el("p", "A dashed card cannot be played now: tap it to hear why.", id=HAND_WHY,
             class_="why") if greyed else None
    return el("section", el("h3", "Your hand"),
              el("div", cards or el("p", "no cards left", class_="none"), class_="st-hand"), why,
              class_="st-hand-zone", aria_label="Your hand", data_hand=True)


def collaborator_toggle(on, hinted):
    return button([el("i", class_="st-collab"), " With a collaborator: ",
                   el("b", "on" if on else "off")], "select",
                  [("data-card", COLLABORATOR), ("aria-pressed", "true" if on else "false")],
                  classes="btn st-collab-toggle%s%s" % (" on" if on else "",
                                                        " st-hinted" if hinted else ""))


def actions_html(view, legal, selection, hint_action):
    """The prompt, and during a placement the collaborator toggle and pass."""
    prompt = el("p", view["prompt"], class_="prompt", data_testid="prompt", data_prompt=True)
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
    rows = [el("tr", el("td", el("i", class_="st-pawn p%d" % seat), " ",
                        player_cell(seat, payload)),
               el("td", view["coins"][seat]), el("td", plural(view["coin_counts"][seat], "coin")),
               class_="p%d%s" % (seat, " won" if seat in winners else ""))
            for seat in order]
    table = el("table", el("thead", el("tr", el("th", "Player"), el("th", "Total"),
                                       el("th", "Coins"))),
               el("tbody", rows), class_="st-final")
    return end_screen_html(payload, outcome_title(payload), people_won(payload), render(table))


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


def face_html(code, payload):
    """One card as the replay's list of every hand draws it."""
    return card_html(code, suit_names(payload["view"]))


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
