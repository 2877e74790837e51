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
as pips, and one line each for its ASSIST and DEPLOY.
"""

from .endgame import end_screen_html, outcome_title, player_cell
from .html import act_button, attrs, button, esc, plural, raw, render
from .moments import recent_moments
from .seats import seat_name, seat_role

TEXT = "\ufe0e"  # asks for the text (not emoji) form of a symbol
# code, Role, character, notches, emblem, ASSIST line, DEPLOY line, a note
CARDS = [
    ("spy", "Spy", "Loid Forger", 1, "\u272a", "",
     "Trade it for the top card; the Spy goes on top.",
     "Never rests face up in a pile."),
    ("telepath", "Telepath", "Anya Forger", 2, "\u25c9", "See every other hand, then go again.",
     "Shield: the Assassin cannot eliminate you.", ""),
    ("assassin", "Assassin", "Yor Forger", 3, "\u2020", "",
     "Shield: your hand cannot be swapped or discarded.",
     "Put into a hand by an action: Eliminated."),
    ("seer", "Seer", "Bond Forger", 3, "\u2736", "Look at the top 3; discard 1 face down.",
     "Draw 2, then put 2 on the bottom.", ""),
    ("informant", "Informant", "Franky Franklin", 3, "\u2709", "Any two players swap hands.",
     "Draw 1, then put 1 on top of the deck.", ""),
    ("handler", "Handler", "Sylvia Sherwood", 3, "\u260e", "Every Role passes left or right.",
     "Shuffle a discard in; a player swaps hands with the top card.", ""),
    ("agent", "Agent", "Fiona Frost", 2, "\u2295",
     "Draw 1; a player discards their hand and picks one of yours blind.",
     "Use another player's Role ASSIST.", ""),
    ("secret-police", "Secret Police", "Yuri Briar", 3, "\u2605",
     "See a hand: a Spy there is Eliminated; go again.",
     "Shield: the Secret Police cannot choose you.", ""),
]
FACES = {}
for _entry in CARDS:
    FACES[_entry[0]] = _entry
ORDINALS = ["1st", "2nd", "3rd"]
# Log kinds that get a moment on the banner.
MOMENTS = ["elimination", "protected", "family", "showdown", "round_end", "round_void"]

KEYS = {"h": "hint"}

# -- card faces ---------------------------------------------------------------------


def card_name(code):
    return FACES[code][1]


def notch_pips(count):
    return '<span class="mp-notches" title="%s">%s</span>' % (
        esc(plural(count, "notch", "notches")), "<i></i>" * count)


def emblem(code):
    return '<span class="mp-emblem" aria-hidden="true">%s</span>' % (FACES[code][4] + TEXT)


def card_face(code, size="big", classes="", extra=""):
    """A character card: emblem, name, notches; the big size adds its character,
    ASSIST and DEPLOY lines."""
    code_, name, character, notches, _, assist, deploy, note = FACES[code]
    inner = '<span class="mp-head">%s%s</span><b class="mp-name">%s</b>' % (
        emblem(code), notch_pips(notches), esc(name))
    if size == "big":
        lines = '<small class="mp-char">%s</small>' % esc(character)
        lines += '<span class="mp-eff"><em>ASSIST</em> %s</span>' % esc(assist or "\u2014")
        lines += '<span class="mp-eff"><em>DEPLOY</em> %s</span>' % esc(deploy)
        if note:
            lines += '<span class="mp-note">%s</span>' % esc(note)
        inner += lines
    title = "%s (%s), %s" % (name, character, plural(notches, "notch", "notches"))
    return '<div%s>%s%s</div>' % (
        attrs([("class", "mp-card mp-%s mp-c-%s %s" % (size, code_, classes)),
               ("title", title), ("data-card", code_)]), inner, extra)


def back_face(size="mini", label="", classes=""):
    return '<div class="mp-card mp-back mp-%s %s">%s</div>' % (
        size, classes, '<span>%s</span>' % esc(label) if label else "")


def pill(code, face_down=False, known=True):
    """A discarded card: a small coloured tag; a face-down one is a back."""
    if code == "back":
        return '<span class="mp-pill mp-pill-back" title="a face-down card">face down</span>'
    classes = "mp-pill mp-c-" + code + (" mp-down" if face_down else "")
    title = card_name(code) + (" (face down: only you know it)" if face_down else "")
    return '<span%s>%s%s</span>' % (attrs([("class", classes), ("title", title)]),
                                     emblem(code), esc(card_name(code)))


def pills(cards):
    return "".join(pill(code) for code in cards)


def same(action, hint_action):
    return hint_action is not None and action == hint_action


def choice(label, action, hint_action, classes="btn", title=None):
    return render(act_button(raw(label), action, classes=classes + (" mp-hinted" if same(
        action, hint_action) else ""), title=title))


# -- the moments since your last decision -------------------------------------------------


def showdown_html(event):
    rows = []
    winners = event["winners"]
    for entry in event["hands"]:
        won = entry["seat"] in winners
        result = entry["combination"] or plural(entry["notches"], "notch", "notches")
        rows.append(
            '<tr class="%s"><th>%s</th><td class="mp-cards">%s%s</td><td>%s</td>'
            '<td title="notches in the discard pile">%s</td></tr>'
            % ("won" if won else "", esc(seat_name(entry["seat"])) + (" \u2605" if won else ""),
               pill(entry["role"]), pills(entry["hand"]), esc(result),
               esc(str(entry["discard_notches"]))))
    verdict = event["verdict"]
    return ('<table class="mp-showdown"><thead><tr><th>Player</th><th>Role + hand</th>'
            "<th>Combination</th><th>Pile</th></tr></thead><tbody>%s</tbody></table>"
            '<p class="mp-verdict">%s</p>' % ("".join(rows), esc(verdict)))


def moment_html(event, players):
    kind = event["kind"]
    if kind == "showdown":
        return '<div class="mp-moment showdown"><h4>Showdown</h4>%s</div>' % showdown_html(event)
    if kind == "family":
        cards = [event["role"]] + event["hand"]
        return ('<div class="mp-moment family"><h4>Family found!</h4><p>%s</p>'
                '<div class="mp-pills">%s</div></div>' % (esc(event["text"]), pills(cards)))
    if kind == "elimination":
        return ('<div class="mp-moment elim"><h4>Eliminated</h4><p>%s</p>'
                '<div class="mp-pills">%s</div></div>' % (esc(event["text"]),
                                                          pills(event["cards"])))
    if kind == "round_end":
        return '<div class="mp-moment round"><h4>Round over</h4>%s</div>' % round_line(
            event, players)
    title = "Protected" if kind == "protected" else "No winner"
    return '<div class="mp-moment %s"><h4>%s</h4><p>%s</p></div>' % (
        esc(kind), esc(title), esc(event["text"]))


def round_line(event, players):
    scores = " \u00b7 ".join("%s %d" % (seat_name(s), event["scores"][s]) for s in range(players))
    return '<p class="mp-scoreline"><b>%s</b> Peanut Points: %s</p>' % (
        esc(event["text"]), esc(scores))


def banner_html(payload):
    """The latest moments, a round's result joined to what decided it."""
    moments = recent_moments(payload, MOMENTS)[-4:]
    players = payload["players"]
    cards = []
    for index, event in enumerate(moments):
        if event["kind"] == "round_end" and index and moments[index - 1]["kind"] != "round_end":
            cards[-1] = cards[-1][:-len("</div>")] + round_line(event, players) + "</div>"
        else:
            cards.append(moment_html(event, players))
    if not cards:
        return ""
    return ('<section class="mp-banner" aria-live="polite" aria-label="What just happened">%s'
            "</section>" % "".join(cards))


# -- the round's facts and the seats ----------------------------------------------------


def peanuts_html(score, target):
    shown = max(score, target)
    return '<span class="mp-peanuts" title="%s">%s</span>' % (
        esc("%s of %d" % (plural(score, "Peanut Point"), target)),
        "".join('<i class="%s"></i>' % ("got" if n < score else "") for n in range(shown)))


def facts_html(payload):
    view = payload["view"]
    if view["step"] == "role" and not view["over"]:
        doing = "Choosing Roles"
    elif view["over"]:
        doing = "Match over"
    else:
        doing = "%s's turn" % seat_name(view["turn"])
        if view["turn"] == view["seat"]:
            doing = "Your turn"
    facts = [
        "<b>Round %d</b>" % view["round"],
        esc(doing) + (" (extra turn next)" if view["extra_turn"] else ""),
        "first: %s" % esc(seat_name(view["first_player"])),
        "to win: %s" % esc(plural(view["target"], "Peanut Point")),
    ]
    return '<div class="mp-facts">%s</div>' % "".join("<span>%s</span>" % f for f in facts)


def seat_badges(seat, view, immune):
    badges = []
    if seat == view["to_act"] and not view["over"]:
        badges.append('<span class="mp-badge acting">%s</span>' % (
            "choosing" if view["step"] == "role" else "to act"))
    if seat == view["first_player"]:
        badges.append('<span class="mp-badge first">first</span>')
    if seat in view["eliminated"]:
        badges.append('<span class="mp-badge out">Eliminated</span>')
    if seat in immune:
        badges.append('<span class="mp-badge shield" title="%s">immune</span>' % esc(immune[seat]))
    return "".join(badges)


def role_slot(seat, view):
    role = view["roles"][seat]
    if role is not None and (view["roles_revealed"] or seat == view["seat"]):
        hidden = "" if view["roles_revealed"] else " (face down)"
        return card_face(role, "mid", extra='<span class="mp-flag">%s</span>' % (
            "Role" + hidden))
    if view["role_chosen"][seat]:
        return back_face("mid", "chosen")
    return back_face("mid", "not yet", "mp-empty")


def seat_html(seat, payload, immune):
    view = payload["view"]
    out = seat in view["eliminated"]
    acting = seat == view["to_act"] and not view["over"]
    role = seat_role(seat, payload)
    size = view["hand_sizes"][seat]
    pile = view["discards"][seat]
    pile_html = "".join(pill(entry["card"], entry["face_down"]) for entry in pile)
    return (
        '<li class="mp-seat s%d%s%s%s" data-seat="%d">'
        '<div class="mp-who"><b>%s</b> <small>%s</small>%s%s</div>'
        '<div class="mp-role">%s</div>'
        '<div class="mp-side"><div class="mp-hand-count" title="%s">%s<span>%s</span></div>'
        '<div class="mp-pile" aria-label="%s"><span class="mp-pile-label">pile</span>%s</div>'
        "</div></li>"
        % (seat, " you" if role == "you" else "", " out" if out else "",
           " acting" if acting else "", seat,
           esc(seat_name(seat)), esc(role), seat_badges(seat, view, immune),
           peanuts_html(view["scores"][seat], view["target"]),
           role_slot(seat, view),
           esc(plural(size, "card") + " in hand"),
           '<i class="mp-minback"></i>' * size, esc(plural(size, "card")),
           esc(seat_name(seat) + "'s discard pile"),
           pile_html or '<span class="none">empty</span>'))


def seats_html(payload, immune):
    return '<ol class="mp-seats" aria-label="Players">%s</ol>' % "".join(
        seat_html(seat, payload, immune) for seat in range(payload["players"]))


def deck_html(view):
    count = view["deck_count"]
    known = ""
    if view["deck_known"] and count:
        items = []
        for entry in view["deck_known"]:
            pos = entry["pos"]
            where = "top" if pos == 0 else ("bottom" if pos == count - 1 else "#%d" % (pos + 1))
            items.append("<li><span>%s</span>%s</li>" % (esc(where), pill(entry["card"])))
        known = '<ul class="mp-deck-known" aria-label="Deck cards you know">%s</ul>' % "".join(
            items)
    return ('<section class="mp-deck" aria-label="Deck"><div class="mp-stack%s">'
            '<div class="mp-card mp-back mp-mid"><span>%d</span></div></div>'
            '<div><h3>Deck</h3><p class="mp-deck-count">%s left</p>%s</div></section>'
            % ("" if count else " empty", count, esc(plural(count, "card")), known))


# -- your notes ---------------------------------------------------------------------------


def notes_html(view):
    items = []
    for note in view["known_hands"]:
        stale = note["stale"]
        items.append(
            '<li class="%s"><b>%s</b> holds %s%s</li>'
            % ("stale" if stale else "", esc(seat_name(note["seat"])), pills(note["cards"]),
               ' <em class="mp-stale">seen earlier; may have changed</em>' if stale else ""))
    body = "<ul>%s</ul>" % "".join(items) if items else (
        '<p class="none">Nobody has shown you a hand this round. The Telepath and the '
        "Secret Police show you hands; Informant swaps show you what you receive.</p>")
    return ('<section class="mp-notes" aria-label="Your notes"><h3>Your notes '
            '<span class="mp-private">only you see this</span></h3>%s</section>' % body)


# -- your cards and your choices ---------------------------------------------------------


def hand_card_actions(code, first, legal, hint_action, step):
    """The buttons under one hand card (only under the first copy of a card)."""
    if not first:
        return ""
    buttons = []
    for action in legal:
        if action.get("card") != code:
            continue
        kind = action["type"]
        if kind == "choose_role":
            label, title = "Make it my Role", "Choose the %s as your Role" % card_name(code)
        elif kind == "assist":
            none = not FACES[code][5]
            label = "Discard (no ASSIST)" if none else "ASSIST"
            title = "Discard the %s%s" % (card_name(code), "" if none else " for its ASSIST")
        elif kind == "deploy":
            label, title = "DEPLOY", "Make the %s your new Role and do its DEPLOY" % card_name(code)
        elif kind == "bury":
            label, title = "To the bottom", "Put the %s on the bottom of the deck" % card_name(code)
        elif kind == "return":
            label, title = "To the top", "Put the %s on top of the deck" % card_name(code)
        else:
            continue
        buttons.append(choice(esc(label), action, hint_action, classes="btn mp-act mp-" + kind,
                              title=title))
    if step == "act" and code == "spy" and not any(
            a["type"] == "assist" and a.get("card") == "spy" for a in legal):
        buttons.insert(0, '<span class="btn mp-act off" title="%s">No ASSIST</span>' % esc(
            "The Spy cannot be discarded for its blank ASSIST while the deck is empty."))
    if not buttons:
        return ""
    return '<div class="mp-card-actions">%s</div>' % "".join(buttons)


def mine_html(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    me = view["seat"]
    role = view["roles"][me]
    out = me in view["eliminated"]
    hand = []
    seen = []
    for code in view["hand"]:
        first = code not in seen
        seen.append(code)
        hand.append('<div class="mp-slot">%s%s</div>' % (
            card_face(code), hand_card_actions(code, first, legal, hint_action, view["step"])))
    if not hand:
        hand.append('<p class="none">%s</p>' % (
            "You are Eliminated this round." if out else "No card in hand."))
    role_part = ""
    if role is not None:
        role_part = ('<div class="mp-your-role"><h3>Your Role%s</h3>%s</div>'
                     % ("" if view["roles_revealed"] else " (face down)",
                        card_face(role, "big", "mp-is-role")))
    return ('<section class="mp-mine%s" aria-label="Your cards">%s'
            '<div class="mp-your-hand"><h3>Your hand</h3><div class="mp-hand">%s</div></div>'
            "</section>" % (" out" if out else "", role_part, "".join(hand)))


def target_choices(payload, immune, hint_action):
    """One button per player who may be chosen; immune players greyed with the reason."""
    view, legal = payload["view"], payload["legal"]
    me = view["seat"]
    pending = view["pending"] or {}
    out = []
    chosen = {}
    for action in legal:
        if action["type"] in ("target", "copy"):
            chosen[action["seat"]] = action
    for seat in range(payload["players"]):
        role = view["roles"][seat]
        name = "You" if seat == me else seat_name(seat)
        role_text = ("%s Role" % card_name(role)) if role else ""
        if seat in chosen:
            action = chosen[seat]
            extra = ""
            if action["type"] == "copy" and role:
                extra = '<small>ASSIST: %s</small>' % esc(FACES[role][5] or "none")
            label = "%s<b>%s</b><span>%s</span>%s" % (emblem(role) if role else "", esc(name),
                                                      esc(role_text), extra)
            out.append(choice(label, action, hint_action, classes="btn mp-target"))
        elif seat in immune:
            out.append('<span class="btn mp-target off" title="%s"><b>%s</b><span>%s</span>'
                       "<small>%s</small></span>" % (esc(immune[seat]), esc(name),
                                                     esc(role_text), esc(immune[seat])))
        elif pending.get("step") == "swap_second" and seat == pending.get("first"):
            out.append('<span class="btn mp-target picked"><b>%s</b><span>already chosen</span>'
                       "</span>" % esc(name))
    return '<div class="mp-choices mp-targets">%s</div>' % "".join(out)


def direction_choices(payload, hint_action):
    view = payload["view"]
    living = [s for s in range(payload["players"]) if s not in view["eliminated"]]
    ring = [seat_name(s)[7:] for s in living]
    buttons = []
    for action in payload["legal"]:
        if action["dir"] == "left":
            path = " \u2192 ".join(ring + ring[:1])
            label = "<b>Left \u2192</b><span>to the next player</span><small>%s</small>"
        else:
            path = " \u2192 ".join(list(reversed(ring)) + ring[-1:])
            label = "<b>\u2190 Right</b><span>to the previous player</span><small>%s</small>"
        buttons.append(choice(label % esc("Players " + path), action, hint_action,
                              classes="btn mp-target"))
    return '<div class="mp-choices">%s</div>' % "".join(buttons)


def seer_choices(payload, hint_action):
    peek = (payload["view"]["pending"] or {}).get("peek") or []
    slots = []
    for action in payload["legal"]:
        index = action["index"]
        code = peek[index] if index < len(peek) else None
        face = card_face(code, "big") if code else back_face("big")
        where = "%s from the top" % ORDINALS[index] if index < len(ORDINALS) else ""
        slots.append('<div class="mp-slot"><span class="mp-pos">%s</span>%s%s</div>' % (
            esc(where), face, '<div class="mp-card-actions">%s</div>' % choice(
                "Discard face down", action, hint_action, classes="btn mp-act")))
    return '<div class="mp-choices mp-hand">%s</div>' % "".join(slots)


def recall_choices(payload, hint_action):
    view = payload["view"]
    groups = []
    by_owner = {}
    order = []
    for action in payload["legal"]:
        owner = action["seat"]
        if owner not in by_owner:
            by_owner[owner] = []
            order.append(owner)
        entry = view["discards"][owner][action["index"]]
        code = entry["card"]
        if code == "back":
            label = '<span class="mp-pill mp-pill-back">face down</span>'
        else:
            label = pill(code, entry["face_down"])
        by_owner[owner].append(choice(label, action, hint_action, classes="mp-pick-pill"))
    for owner in order:
        groups.append('<div class="mp-recall"><b>%s pile</b>%s</div>' % (
            esc("Your" if owner == view["seat"] else seat_name(owner) + "'s"),
            "".join(by_owner[owner])))
    return '<div class="mp-choices mp-recalls">%s</div>' % "".join(groups)


def pick_choices(payload, hint_action):
    buttons = []
    for action in payload["legal"]:
        index = action["index"]
        buttons.append(choice(
            '<span class="mp-card mp-back mp-mid"><span>?</span></span><b>%s card</b>'
            % esc(ORDINALS[index] if index < len(ORDINALS) else str(index + 1)),
            action, hint_action, classes="btn mp-blind"))
    return '<div class="mp-choices">%s</div>' % "".join(buttons)


def prompt_html(payload, immune, hint_action):
    view, legal = payload["view"], payload["legal"]
    prompt = view["prompt"]
    mine = view["seat"]
    prefix = seat_name(mine) + ": "
    if legal and prompt.startswith(prefix):
        prompt = "Your move: " + prompt[len(prefix):]
    elif not legal and not view["over"]:
        prompt = "Waiting for %s (bot)\u2026 %s" % (seat_name(view["to_act"]), prompt)
    parts = ['<p class="prompt" data-testid="prompt">%s</p>' % esc(prompt)]
    if not legal:
        return "".join(parts)
    how = view.get("how")
    if how:
        parts.append('<p class="mp-how">%s</p>' % esc(how))
    kind = legal[0]["type"]
    if kind in ("target", "copy"):
        parts.append(target_choices(payload, immune, hint_action))
    elif kind == "direction":
        parts.append(direction_choices(payload, hint_action))
    elif kind == "discard_face_down":
        parts.append(seer_choices(payload, hint_action))
    elif kind == "recall":
        parts.append(recall_choices(payload, hint_action))
    elif kind == "pick":
        parts.append(pick_choices(payload, hint_action))
    return '<section class="mp-decision">%s</section>' % "".join(parts)


# -- the end --------------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]), key=lambda s: (-view["scores"][s], s))
    rows = "".join(
        '<tr class="%s"><td>%s</td><td>%s</td><td>%d</td></tr>'
        % ("won" if seat in winners else "", player_cell(seat, view),
           peanuts_html(view["scores"][seat], view["target"]), view["scores"][seat])
        for seat in order)
    details = ('<table class="mp-final"><thead><tr><th>Player</th><th>Peanut Points</th>'
               '<th></th></tr></thead><tbody>%s</tbody></table><p class="mp-rounds">%s played.'
               "</p>" % (rows, esc(plural(view["round"], "round"))))
    return end_screen_html(payload, outcome_title(view), view["seat"] in winners, details)


# -- the table ------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """Every choice is a data-act button; a key only ever asks for a hint."""
    return {"type": kind}


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view = payload["view"]
    hint_action = hint["action"] if hint else None
    immune = {}
    for entry in view["immune"]:
        immune[entry["seat"]] = entry["reason"]
    parts = [
        '<div class="mp">',
        facts_html(payload),
        banner_html(payload),
        seats_html(payload, immune),
        prompt_html(payload, immune, hint_action),
        '<div class="mp-middle">',
        mine_html(payload, hint_action),
        '<div class="mp-aside">', deck_html(view), notes_html(view), "</div>",
        "</div>",
        "</div>",
    ]
    if view["over"]:
        parts.append(end_html(payload))
    return "".join(parts)
