"""The Spy Tricks table: view -> HTML.

The board is a compact grid laid out like the physical one: a row of nine card
spaces per suit with that suit's space at its end, the nine rank spaces below,
and the secret card in the corner. A card lies face up on its space once it is
played or revealed; pawns stand on spaces in their owner's colour.

Every choice is one of the engine's legal actions: each playable hand card and
each highlighted board space carries its exact action (`act_button`). With a
collaborator in hand, the "with a collaborator" toggle (a selection entry,
COLLABORATOR) switches the spaces to the actions that add one.

After a round ends the log's "reveal", "payout" and "scores" events are shown
on the board, the previous round's final board with each pawn's payout, until
the first trick of the next round is complete.

The deduction aid (which cards are unseen) is a checkbox with CSS sibling
selectors: UI-only state, no script.
"""

from .endgame import end_screen_html, outcome_title, player_cell
from .html import act_button, attrs, button, el, esc, key_label, plural, raw, render
from .seats import seat_name, seat_role

SUITS = ["R", "B", "W"]
SUIT_WORDS = {"R": "red", "B": "blue", "W": "white"}
RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9]
OUT_OF_PLAY_RANKS = {3: [1, 2], 4: []}  # with three players the 1s and 2s lie face up
TRICKS_PER_ROUND = 5
PAWNS_PER_ROUND = 5
COLLABORATOR = "collaborator"  # the selection entry of the collaborator toggle

KEYS = {"h": "hint", "p": "pass"}

# -- small pieces ------------------------------------------------------------


def space_label(space):
    """A space as a person reads it: "blue 4", "rank 4", "blue suit"."""
    if space.startswith("rank:"):
        return "rank " + space[5:]
    if space.startswith("suit:"):
        return SUIT_WORDS.get(space[5:], space[5:]) + " suit"
    return "%s %s" % (SUIT_WORDS.get(space[:1], space[:1]), space[1:])


def card_html(code, classes="", tag="span", pairs=()):
    """A card face: its number on its suit's colour, with the suit's initial."""
    suit, rank = code[:1], code[1:]
    return "<%s%s><b>%s</b><small>%s</small></%s>" % (
        tag, attrs([("class", "st-card st-%s %s" % (suit, classes)),
                    ("title", "%s %s" % (SUIT_WORDS.get(suit, suit), rank))] + list(pairs)),
        esc(rank), esc(suit), tag)


def pawn_html(seat, collaborator=False, value=None):
    """A pawn in its owner's colour, a collaborator (black) beside it, and at a
    round's end the coins it earned."""
    label = seat_name(seat) + ("'s pawn and collaborator" if collaborator else "'s pawn")
    chip = '<i class="st-pawn p%d" title="%s"></i>' % (seat, esc(label))
    if collaborator:
        chip += '<i class="st-collab" title="collaborator"></i>'
    if value is not None:
        chip += '<em class="st-pay%s">%s</em>' % ("" if value else " zero",
                                                   "+%d" % value if value else "0")
    return '<span class="st-stand">%s</span>' % chip


# -- what happened at the last round end ---------------------------------------


def round_recap(payload):
    """The last reveal, its payouts and the totals after it, from the log, while
    they are on show: at the game's end, and in a new round until its first
    trick is complete. None otherwise."""
    view = payload["view"]
    showing = view["over"] or (view["round"] > 1 and view["tricks_played"] == 0
                               and view["phase"] == "play")
    if not showing:
        return None
    log = payload["log"]
    start = None
    for index in range(len(log) - 1, -1, -1):
        if log[index].get("kind") == "reveal":
            start = index
            break
    if start is None:
        return None
    payouts, coins = [], None
    for event in log[start + 1:]:
        if event.get("kind") == "payout":
            payouts.append(event)
        elif event.get("kind") == "scores":
            coins = event["coins"]
            break
    earned = [0] * payload["players"]
    for event in payouts:
        earned[event["seat"]] += event["value"]
    return {"round": view["round"] if view["over"] else view["round"] - 1,
            "secret": log[start]["secret"], "payouts": payouts, "earned": earned,
            "coins": coins}


# -- the board ------------------------------------------------------------------


def board_spaces(payload, recap):
    """{space: (state classes, card face or None, pawns html)} for every space."""
    view = payload["view"]
    out_ranks = OUT_OF_PLAY_RANKS.get(payload["players"], [])
    cells = {}
    if recap is not None:
        secret = recap["secret"]
        stands = {}
        for event in recap["payouts"]:
            stands.setdefault(event["space"], []).append(
                pawn_html(event["seat"], event["collaborator"], event["value"]))
        for suit in SUITS:
            for rank in RANKS:
                code = suit + str(rank)
                state = "up out" if rank in out_ranks else "up"
                if code == secret:
                    state = "up secret-space"
                cells[code] = (state, code, "".join(stands.get(code, [])))
        for space in ["rank:%d" % r for r in RANKS] + ["suit:" + s for s in SUITS]:
            state = "pays" if space in ("rank:" + secret[1:], "suit:" + secret[:1]) else ""
            cells[space] = (state, None, "".join(stands.get(space, [])))
        return cells
    board = view["board"]
    in_trick = [card for _, card in view["trick"]]
    stands = {}
    for pawn in view["pawns"]:
        stands.setdefault(pawn["space"], []).append(pawn_html(pawn["seat"], pawn["collaborator"]))
    for suit in SUITS:
        for rank in RANKS:
            code = suit + str(rank)
            if code in board:
                state = "up"
                if rank in out_ranks:
                    state += " out"
                elif code in view["leftovers"]:
                    state += " leftover"
                face = code
            elif code in in_trick:
                state, face = "in-trick", code
            elif code in view["hand"]:
                state, face = "mine", None
            else:
                state, face = "unseen", None
            cells[code] = (state, face, "".join(stands.get(code, [])))
    for space in ["rank:%d" % r for r in RANKS] + ["suit:" + s for s in SUITS]:
        cells[space] = ("", None, "".join(stands.get(space, [])))
    return cells


def space_title(space, state):
    notes = {"up": "face up", "up out": "out of play", "up leftover": "face up this round",
             "in-trick": "in the trick", "mine": "in your hand", "unseen": "unseen",
             "up secret-space": "the secret card"}
    note = notes.get(state)
    return space_label(space) + (" (%s)" % note if note else "")


def space_html(space, cell, target, hinted):
    """One board space; a button when placing a pawn there is a legal choice."""
    state, face, stands = cell
    if space.startswith("rank:"):
        kind, mark = "st-rank-space", '<span class="st-mark">%s</span>' % esc(space[5:])
    elif space.startswith("suit:"):
        kind = "st-suit-space st-%s" % space[5:]
        mark = '<span class="st-mark"><i class="st-dot"></i><span>%s</span></span>' % esc(
            SUIT_WORDS[space[5:]])
    else:
        kind = "st-card-space st-%s" % space[:1]
        mark = ('<b class="st-face">%s</b>' if face else '<span class="st-mark">%s</span>') \
            % esc(space[1:])
    classes = "st-space %s %s" % (kind, state)
    inner = mark + ('<span class="st-stands">%s</span>' % stands if stands else "")
    title = space_title(space, state)
    if target is not None:
        classes += " st-target" + (" st-hinted" if hinted else "")
        label = "Place a pawn%s on %s" % (
            " and a collaborator" if target["collaborator"] else "", space_label(space))
        return render(act_button(raw(inner), target, classes=classes, title=label))
    return '<div%s>%s</div>' % (attrs([("class", classes.strip()), ("title", title)]), inner)


def secret_html(recap):
    if recap is not None:
        return ('<div class="st-secret revealed" title="The secret card">%s<span>secret</span>'
                "</div>" % card_html(recap["secret"]))
    return ('<div class="st-secret" title="The secret card, face down">'
            '<span class="st-back"></span><span>secret</span></div>')


def board_html(payload, recap, targets, hint_space):
    with_collaborator = any(target["collaborator"] for target in targets.values())
    cells = board_spaces(payload, recap)
    rows = []
    for suit in SUITS:
        for rank in RANKS:
            code = suit + str(rank)
            rows.append(space_html(code, cells[code], targets.get(code), hint_space == code))
        space = "suit:" + suit
        rows.append(space_html(space, cells[space], targets.get(space), hint_space == space))
    for rank in RANKS:
        space = "rank:%d" % rank
        rows.append(space_html(space, cells[space], targets.get(space), hint_space == space))
    rows.append(secret_html(recap))
    caption = ""
    if recap is not None:
        caption = ('<p class="st-recap-note">Round %d is over: the secret was <b>%s</b>. '
                   "Each pawn shows what it earned.</p>"
                   % (recap["round"], esc(space_label(recap["secret"]))))
    return ('<section class="st-board-zone" aria-label="Board">%s'
            '<div class="st-board%s%s">%s</div></section>'
            % (caption, " recap" if recap is not None else "",
               " with-collaborator" if with_collaborator else "", "".join(rows)))


# -- players ----------------------------------------------------------------------


def seat_html(seat, payload, recap):
    view = payload["view"]
    badges = []
    if seat == view["start_player"]:
        badges.append('<span class="st-badge start">start</span>')
    if seat == view["winner_card"]:
        badges.append('<span class="st-badge win">winner card</span>')
    if seat == view["loser_card"]:
        badges.append('<span class="st-badge lose">loser card</span>')
    left = view["pawns_left"][seat]
    pawns = "".join('<i class="st-pawn p%d%s"></i>' % (seat, "" if n < left else " used")
                    for n in range(PAWNS_PER_ROUND))
    collaborators = view["collaborators"][seat]
    gained = ""
    if recap is not None:
        gained = '<span class="st-gain">+%d</span>' % recap["earned"][seat]
    acting = seat == view["to_act"] and not view["over"]
    role = seat_role(seat, payload)
    return (
        '<li class="st-seat p%d%s%s" data-seat="%d">'
        '<div class="st-who"><i class="st-pawn p%d"></i><b>%s</b> <small>%s</small></div>'
        '<div class="st-coins" title="%s"><b>%d</b> coins%s</div>'
        '<div class="st-stock" title="%s">%s%s</div>'
        '<div class="st-meta">%s</div><div class="st-badges">%s</div></li>'
        % (seat, " you" if role == "you" else "", " acting" if acting else "", seat,
           seat, esc(seat_name(seat)), esc(role),
           esc(plural(view["coin_counts"][seat], "coin") + " worth %d" % view["coins"][seat]),
           view["coins"][seat], gained,
           esc("%s left, %s" % (plural(left, "pawn"), plural(collaborators, "collaborator"))),
           pawns, '<i class="st-collab"></i>' * collaborators,
           esc(plural(view["hand_counts"][seat], "card") + " in hand"),
           "".join(badges)))


def seats_html(payload, recap):
    return '<ol class="st-seats" aria-label="Players">%s</ol>' % "".join(
        seat_html(seat, payload, recap) for seat in range(payload["players"]))


# -- the trick -----------------------------------------------------------------------


def trick_html(view):
    cards, note, winner, loser = view["trick"], "", None, None
    if cards:
        title = "Trick %d of %d" % (view["tricks_played"] + 1, TRICKS_PER_ROUND)
        note = "%s led" % SUIT_WORDS[view["led_suit"]]
        done = False
    elif view["last_trick"] is not None and not view["over"]:
        last = view["last_trick"]
        cards, winner, loser = last["cards"], last["winner"], last["loser"]
        title = "Trick %d of %d, done" % (view["tricks_played"], TRICKS_PER_ROUND)
        done = True
    else:
        title = "Trick %d of %d" % (min(view["tricks_played"] + 1, TRICKS_PER_ROUND),
                                    TRICKS_PER_ROUND)
        done = False
    plays = []
    for seat, card in cards:
        tag = ""
        if seat == winner:
            tag = '<em class="st-tag win">wins</em>'
        elif seat == loser:
            tag = '<em class="st-tag lose">loses</em>'
        plays.append('<li class="st-play p%d">%s<span>%s</span>%s</li>'
                     % (seat, card_html(card), esc(seat_name(seat)), tag))
    if not plays:
        plays.append('<li class="none">no card yet</li>')
    return ('<section class="st-trick%s" aria-label="Trick"><h3>%s <span class="count">%s'
            '</span></h3><ol>%s</ol></section>'
            % (" done" if done else "", esc(title), esc(note), "".join(plays)))


def table_facts_html(payload):
    view = payload["view"]
    leftovers = "".join(card_html(code) for code in view["leftovers"])
    out = ""
    if OUT_OF_PLAY_RANKS.get(payload["players"]):
        out = "<li>1s and 2s out of play</li>"
    return ('<section class="st-facts" aria-label="This round"><h3>Round %d of %d</h3>'
            '<div class="st-leftovers" title="The two face-up cards">%s<span>face up</span></div>'
            '<ul><li>%s in the supply</li>%s</ul></section>'
            % (view["round"], view["rounds"], leftovers,
               esc(plural(view["collaborator_supply"], "collaborator")), out))


# -- the human's part -----------------------------------------------------------------------


def hand_html(view, legal, hint_card):
    playable = {}
    for action in legal:
        if action["type"] == "play":
            playable[action["card"]] = action
    cards = []
    for code in view["hand"]:
        action = playable.get(code)
        if action is not None:
            classes = "st-card st-%s big%s" % (code[:1], " st-hinted" if code == hint_card else "")
            cards.append(render(act_button([el("b", code[1:]), el("small", code[:1])],
                                           action, classes=classes,
                                           title="Play %s %s" % (SUIT_WORDS[code[:1]], code[1:]))))
        else:
            cards.append(card_html(code, "big" + (" st-off" if playable else ""), tag="div"))
    return ('<section class="st-hand-zone" aria-label="Your hand"><h3>Your hand</h3>'
            '<div class="st-hand">%s</div></section>'
            % ("".join(cards) or '<p class="none">no cards left</p>'))


def actions_html(view, legal, selection, hint_action):
    """The prompt, and during a placement the collaborator toggle and pass."""
    prompt = '<p class="prompt" data-testid="prompt">%s</p>' % esc(view["prompt"])
    if not any(a["type"] == "place" for a in legal):
        return prompt  # a pass is only ever offered beside a placement
    buttons = []
    on = False
    if any(a.get("collaborator") for a in legal):
        on = COLLABORATOR in selection
        hinted = bool(hint_action and hint_action.get("collaborator"))
        buttons.append("<button%s>%s</button>" % (attrs([
            ("type", "button"),
            ("class", "btn st-collab-toggle%s%s" % (" on" if on else "",
                                                    " st-hinted" if hinted else "")),
            ("data-action", "select"), ("data-card", COLLABORATOR),
            ("aria-pressed", "true" if on else "false")]),
            '<i class="st-collab"></i> With a collaborator: <b>%s</b>' % ("on" if on else "off")))
    pass_hinted = bool(hint_action and hint_action["type"] == "pass")
    buttons.append(render(act_button(key_label("Pass: place no pawn", "P"), {"type": "pass"},
                                     classes="btn" + (" st-hinted" if pass_hinted else ""))))
    how = ("Tap a highlighted space to place a pawn and a collaborator there (its coins "
           "count twice)." if on else "Tap a highlighted space on the board to place a pawn there.")
    return prompt + '<p class="st-how">%s</p><div class="actions">%s</div>' % (
        esc(how), "".join(buttons))


def aid_html(payload):
    """The deduction aid: the unseen cards per suit, and who lacks which suit."""
    view = payload["view"]
    rows = []
    for suit in SUITS:
        ranks = view["unseen"][suit]
        chips = "".join('<span class="st-chip st-%s">%d</span>' % (suit, rank) for rank in ranks)
        rows.append('<li><span class="st-suit-name">%s</span>%s</li>'
                    % (SUIT_WORDS[suit], chips or '<span class="none">none</span>'))
    total = sum(len(view["unseen"][suit]) for suit in SUITS)
    voids = []
    for seat in range(payload["players"]):
        if seat != view["seat"] and view["voids"][seat]:
            voids.append("%s has no %s" % (seat_name(seat), " or ".join(
                SUIT_WORDS[s] for s in view["voids"][seat])))
    note = ("One of these %d cards is the secret; the others are in the other hands."
            % total) if total else "Every card is accounted for."
    return ('<section class="st-aid" aria-label="Unseen cards"><h3>Unseen cards</h3>'
            '<ul>%s</ul><p class="st-aid-note">%s%s</p><p class="st-aid-note">On the board, '
            '<span class="st-q">?</span> marks an unseen card and a dot a card in your hand.'
            "</p></section>"
            % ("".join(rows), esc(note), esc(" " + "; ".join(voids) + "." if voids else "")))


# -- the end ----------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]),
                   key=lambda s: (-view["coins"][s], -view["coin_counts"][s], s))
    rows = "".join(
        '<tr class="p%d%s"><td><i class="st-pawn p%d"></i> %s</td><td>%d</td><td>%s</td></tr>'
        % (seat, " won" if seat in winners else "", seat, player_cell(seat, view),
           view["coins"][seat], esc(plural(view["coin_counts"][seat], "coin")))
        for seat in order)
    table = ('<table class="st-final"><thead><tr><th>Player</th><th>Total</th><th>Coins</th>'
             "</tr></thead><tbody>%s</tbody></table>" % rows)
    return end_screen_html(payload, outcome_title(view), view["seat"] in winners, table)


# -- the table ------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """What a key sends: "p" passes (the engine explains when it may not)."""
    return {"type": kind}


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
    hint_card = hint_action.get("card") if hint_action else None
    hint_space = hint_action.get("space") if hint_action else None
    recap = round_recap(payload)
    targets = place_targets(legal, selection)
    parts = [
        '<div class="st">',
        '<input type="checkbox" id="st-aid-switch" class="st-aid-switch" data-keep>',
        seats_html(payload, recap),
        '<div class="st-middle">',
        board_html(payload, recap, targets, hint_space),
        '<div class="st-side">', trick_html(view), table_facts_html(payload), "</div>",
        "</div>",
        hand_html(view, legal, hint_card),
        actions_html(view, legal, selection, hint_action),
        '<label for="st-aid-switch" class="btn ghost st-aid-label">'
        '<span class="st-show">Show</span><span class="st-hide">Hide</span> unseen cards</label>',
        aid_html(payload),
        "</div>",
    ]
    if view["over"]:
        parts.append(end_html(payload))
    return "".join(parts)
