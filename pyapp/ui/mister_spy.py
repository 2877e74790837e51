"""The Before I Kill You, Mister Spy... table: view -> HTML.

From the top: the table's facts (whose turn, points to win, Spies still out),
a banner for the moments since your last decision (a taunt and its line, a
foil, an escape with the Lair it destroys, a kill and its points), one tile
per seat (score, the hand's public backs: Spies and other cards, the Lair and
its total), the deck, the discard pile and the capture in progress, then the
decision panel and your hand.

Every choice is one of the engine's legal actions, one button each
(`act_button`): a Lair card to build, the Lair a Spy goes into (declared
before anybody sees the Spy), where the Spy comes from, kill or taunt with a
Doubler, foil or let a taunt stand. A team of Spies is the one choice made by
selection: the Spies of your hand are toggles (`data-card` "CODE#k", the k-th
copy of CODE; the number keys toggle plain codes, read as the first copy)
and the "Send team" button (`data-type="send"`) sends the matching
spy_source action.

Card faces are CSS: a Lair card shows its value, a Spy (printed on red paper,
as in the box) its value and name, a Doubler its letter with its taunt line
as the title. Backs are public: a Spy's back is red, every other back blue.
"""

from .endgame import end_screen_html, outcome_title, player_cell
from .html import act_button, attrs, button, esc, plural, raw, render
from .moments import recent_moments
from .seats import seat_name, seat_role

WIN_SCORE = 30
ALL_SPIES = 18
# Log kinds that get a moment on the banner; "taunt_stands" joins its taunt.
MOMENTS = ["taunt", "taunt_stands", "foil", "escape", "kill"]
MOMENTS_SHOWN = 4

KEYS = {"h": "hint", "e": "end_turn", "k": "kill", "l": "let_stand", "s": "send"}

# -- card faces --------------------------------------------------------------------


def value(code):
    return int(code[1:])


def letter(code):
    return code[2:]


def card_title(code, label=None):
    if code[0] == "L":
        return "Lair card, %d" % value(code)
    if code[0] == "S":
        return "Spy, value %d%s" % (value(code), ": " + label if label else "")
    line = ": \u201cBefore I kill you, Mister Spy... %s\u201d" % label if label else ""
    return "Doubler %s%s" % (letter(code), line)


def card_inner(code, label=None):
    if code[0] == "L":
        return ('<span class="ms-kind">Lair</span><b class="ms-val">%d</b>'
                '<span class="ms-icon" aria-hidden="true">\u2302\ufe0e</span>' % value(code))
    if code[0] == "S":
        name = '<small class="ms-name">%s</small>' % esc(label) if label else ""
        return ('<span class="ms-kind">Spy</span><b class="ms-val">%d</b>%s'
                % (value(code), name))
    return ('<span class="ms-kind">Doubler</span><b class="ms-val">%s</b>'
            '<small class="ms-x">\u00d72</small>' % esc(letter(code)))


def card_face(code, label=None, size="", classes="", tag="div", pairs=()):
    """A card face: "ms-L" (Lair), "ms-S" (Spy) or "ms-D" (Doubler)."""
    return "<%s%s>%s</%s>" % (
        tag, attrs([("class", ("ms-card ms-%s %s %s" % (code[0], size, classes)).strip()),
                    ("title", card_title(code, label))] + list(pairs)),
        card_inner(code, label), tag)


def backs_html(size, spies):
    """A hand's public backs: the red Spy backs after the blue others."""
    others = size - spies
    return ('<i class="ms-back"></i>' * others) + ('<i class="ms-back spy"></i>' * spies)


def same(action, hint_action):
    return hint_action is not None and action == hint_action


def choice(label, action, hint_action, classes="btn", title=None):
    return render(act_button(raw(label), action, classes=classes + (" ms-hinted" if same(
        action, hint_action) else ""), title=title))


def lair_name(seat, me):
    return "your Lair" if seat == me else "%s's Lair" % seat_name(seat)


# -- the moments since your last decision ---------------------------------------------------


def after_colon(text):
    """"The taunt stands: X is now worth 8." -> "X is now worth 8." """
    return text.split(": ", 1)[-1]


def moment_html(event):
    kind = event["kind"]
    text = event["text"]
    seat = event.get("seat", 0)
    if kind == "taunt":
        line = event.get("line", "")
        return ('<div class="ms-moment taunt s%d"><h4>%s taunts with Doubler %s</h4>'
                '<blockquote>\u201c%s\u201d</blockquote></div>'
                % (seat, esc(seat_name(seat)), esc(letter(event.get("card", "D-?"))), esc(line)))
    if kind == "taunt_stands":
        return '<div class="ms-moment stands"><h4>The taunt stands</h4><p>%s</p></div>' % esc(
            after_colon(text))
    if kind == "foil":
        return '<div class="ms-moment foil s%d"><h4>Foiled!</h4><p>%s</p></div>' % (
            seat, esc(text))
    if kind == "escape":
        lair = "".join(card_face(code, size="ms-mini", classes="ms-wreck")
                       for code in event.get("lair", []))
        return ('<div class="ms-moment escape"><div class="ms-rubble" title="%s">%s</div>'
                "<h4>Escape!</h4><p>%s</p></div>"
                % (esc("The destroyed Lair of " + seat_name(seat)), lair, esc(text)))
    points = event.get("points", 0)
    return ('<div class="ms-moment kill s%d"><b class="ms-plus">+%d</b><h4>Bang!</h4>'
            "<p>%s</p></div>" % (seat, points, esc(text[len("Bang. "):]
                                                  if text.startswith("Bang. ") else text)))


def banner_html(payload):
    """The latest moments; a "taunt stands" line joins the taunt before it."""
    cards = []
    kinds = []
    for event in recent_moments(payload, MOMENTS):
        if event["kind"] == "taunt_stands" and kinds and kinds[-1] == "taunt":
            cards[-1] = cards[-1][:-len("</div>")] + '<p class="ms-stands">%s</p></div>' % esc(
                event["text"])
            kinds[-1] = "taunt+"
            continue
        cards.append(moment_html(event))
        kinds.append(event["kind"])
    cards = cards[-MOMENTS_SHOWN:]
    if not cards:
        return ""
    return ('<section class="ms-banner" aria-live="polite" aria-label="What just happened">%s'
            "</section>" % "".join(cards))


def recent_gains(payload):
    """Per seat, the points killed since the human's last decision."""
    gains = [0] * payload["players"]
    for event in recent_moments(payload, MOMENTS):
        if event["kind"] == "kill":
            gains[event["seat"]] += event.get("points", 0)
    return gains


# -- the facts and the seats ---------------------------------------------------------------


def spies_out(view):
    gone = sum(1 for code in view["discard"] if code[0] == "S")
    return ALL_SPIES - gone


def facts_html(payload):
    view = payload["view"]
    me = view["seat"]
    if view["over"]:
        doing = "Game over"
    elif view["turn"] == me:
        doing = "Your turn"
    else:
        doing = "%s's turn" % seat_name(view["turn"])
    facts = ["<b>%s</b>" % esc(doing),
             "%d points win" % view.get("win_score", WIN_SCORE),
             "<b>%d</b> of %d Spies still out" % (spies_out(view), ALL_SPIES)]
    if not view["deck_count"] and not view["over"]:
        facts.append("deck empty: idle turns %d of %d" % (view["idle_turns"], payload["players"]))
    return '<div class="ms-facts">%s</div>' % "".join("<span>%s</span>" % f for f in facts)


def score_html(score, target, gain):
    width = min(100, score * 100 // max(1, target))
    plus = '<em class="ms-gain">+%d</em>' % gain if gain else ""
    return ('<div class="ms-score" title="%s"><b>%d</b><span>/%d</span>%s'
            '<i class="ms-bar"><i style="width:%d%%"></i></i></div>'
            % (esc("%s of %d" % (plural(score, "point"), target)), score, target, plus, width))


def lair_html(view, seat):
    lair = view["lairs"][seat]
    if not lair["cards"]:
        return '<div class="ms-lair none-yet"><span class="ms-nolair">no Lair</span></div>'
    cards = "".join(card_face(code, size="ms-mini") for code in lair["cards"])
    return ('<div class="ms-lair"><div class="ms-lair-cards">%s</div>'
            '<span class="ms-total" title="Lair size">%d</span></div>' % (cards, lair["total"]))


def seat_html(seat, payload, gains):
    view = payload["view"]
    capture = view["capture"]
    acting = seat == view["to_act"] and not view["over"]
    role = seat_role(seat, payload)
    badges = []
    if acting:
        badges.append('<span class="ms-badge acting">%s</span>' % (
            "deciding" if view["phase"] in ("capture", "foil") else "to act"))
    if seat == view["turn"] and not acting and not view["over"]:
        badges.append('<span class="ms-badge turn">turn</span>')
    if view["target"] == seat:
        badges.append('<span class="ms-badge target">Spy incoming</span>')
    if capture is not None and capture["owner"] == seat:
        badges.append('<span class="ms-badge caught">captured a Spy</span>')
    size, spies = view["hand_sizes"][seat], view["hand_spies"][seat]
    classes = "ms-seat s%d%s%s%s" % (seat, " you" if role == "you" else "",
                                     " acting" if acting else "",
                                     " targeted" if view["target"] == seat or (
                                         capture is not None and capture["owner"] == seat)
                                     else "")
    return (
        '<li class="%s" data-seat="%d">'
        '<div class="ms-who"><b>%s</b> <small>%s</small>%s</div>%s'
        '<div class="ms-hand-backs" title="%s">%s<span>%s</span></div>'
        "%s</li>"
        % (classes, seat, esc(seat_name(seat)), esc(role), "".join(badges),
           score_html(view["scores"][seat], view.get("win_score", WIN_SCORE), gains[seat]),
           esc("%s in hand, %s" % (plural(size, "card"), plural(spies, "Spy", "Spies"))),
           backs_html(size, spies),
           esc("%d \u00b7 %s" % (size, plural(spies, "Spy", "Spies"))),
           lair_html(view, seat)))


def seats_html(payload, gains):
    return '<ol class="ms-seats" aria-label="Players">%s</ol>' % "".join(
        seat_html(seat, payload, gains) for seat in range(payload["players"]))


# -- deck, discard pile, capture ------------------------------------------------------------


def deck_html(view):
    count = view["deck_count"]
    if count:
        top = view["deck_top_is_spy"]
        stack = '<div class="ms-stack"><div class="ms-card ms-big-back%s">%s</div></div>' % (
            " spy" if top else "", "<span>SPY</span>" if top else "")
        note = "Top card: <b>%s</b>" % ("a Spy" if top else "not a Spy")
    else:
        stack = '<div class="ms-stack empty"><div class="ms-card ms-big-back"></div></div>'
        note = "No draws left"
    return ('<section class="ms-deck" aria-label="Deck">%s<div><h3>Deck</h3>'
            '<p class="ms-deck-count">%s</p><p class="ms-deck-top">%s</p></div></section>'
            % (stack, esc(plural(count, "card")), note))


def discard_html(view):
    discard, labels = view["discard"], view.get("discard_labels") or [None] * len(view["discard"])
    spies = "".join(card_face(code, labels[i], size="ms-mini") for i, code in enumerate(discard)
                    if code[0] == "S")
    doublers = "".join(card_face(code, labels[i], size="ms-mini")
                       for i, code in enumerate(discard) if code[0] == "D")
    lairs = sum(1 for code in discard if code[0] == "L")
    rows = []
    if spies:
        rows.append('<div class="ms-pile-row"><span class="ms-pile-label">Spies</span>%s</div>'
                    % spies)
    if doublers:
        rows.append('<div class="ms-pile-row"><span class="ms-pile-label">Doublers</span>%s'
                    "</div>" % doublers)
    if lairs:
        rows.append('<div class="ms-pile-row"><span class="ms-pile-label">Lair</span>'
                    '<span class="ms-pile-note">%s</span></div>'
                    % esc(plural(lairs, "Lair card")))
    body = "".join(rows) or '<p class="none">empty</p>'
    return ('<section class="ms-discard" aria-label="Discard pile"><h3>Discard pile '
            '<span class="count">%s</span></h3>%s</section>'
            % (esc(plural(len(discard), "card")), body))


def capture_html(view):
    capture = view["capture"]
    if capture is None:
        return ""
    owner = capture["owner"]
    spies = "".join(card_face(code, capture["names"][i], classes="ms-caught")
                    for i, code in enumerate(capture["spies"]))
    lines = capture.get("taunt_lines") or []
    taunts = "".join(
        card_face(code, lines[i] if i < len(lines) else None,
                  classes="ms-open" if i == len(capture["taunts"]) - 1
                  and capture["open_taunt"] else "")
        for i, code in enumerate(capture["taunts"]))
    worth = "Worth <b>%d</b> now" % capture["points"]
    if capture["open_taunt"]:
        worth = "Worth <b>%d</b>; <b>%d</b> if the open taunt stands" % (
            capture["points"], capture["points_if_taunt_stands"])
    elif capture["multiplier"] > 1:
        worth += " (\u00d7%d)" % capture["multiplier"]
    return ('<section class="ms-capture" aria-label="Capture"><h3>Captured in %s (%d)</h3>'
            '<div class="ms-capture-cards">%s%s</div><p class="ms-worth">%s</p></section>'
            % (esc(lair_name(owner, view["seat"])), capture["lair_value"], spies, taunts, worth))


# -- the human's decision -----------------------------------------------------------------


def selected_copies(hand, selection):
    """The indices of the hand cards the selection marks: "S3#1" is the second
    S3; a plain "S3" (a number key) is the first."""
    picked = []
    seen = {}
    for index, code in enumerate(hand):
        copy = seen.get(code, 0)
        seen[code] = copy + 1
        if "%s#%d" % (code, copy) in selection or (copy == 0 and code in selection):
            picked.append(index)
    return picked


def team_from(selection):
    """The sorted Spy codes a selection names."""
    return sorted(entry.split("#")[0] for entry in selection if entry[:1] == "S")


def play_choices(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    me = view["seat"]
    parts = []
    builds = [a for a in legal if a["type"] == "lair"]
    if builds:
        total = view["lairs"][me]["total"]
        buttons = "".join(
            choice('%s<span>Lair \u2192 <b>%d</b></span>'
                   % (card_face(a["card"], size="ms-mini"), total + value(a["card"])),
                   a, hint_action, classes="btn ms-build",
                   title="Add your %d to your Lair" % value(a["card"])) for a in builds)
        parts.append('<div class="ms-step"><h4>1 \u00b7 Build your Lair <small>optional</small>'
                     '</h4><div class="ms-choices">%s</div></div>' % buttons)
    targets = {}
    for action in legal:
        if action["type"] == "spy_target":
            targets[action["seat"]] = action
    buttons = []
    for seat in range(payload["players"]):
        lair = view["lairs"][seat]
        name = "Your Lair" if seat == me else seat_name(seat)
        if seat in targets:
            buttons.append(choice(
                '<b>%s</b><span class="ms-tsize">%d</span>' % (esc(name), lair["total"]),
                targets[seat], hint_action, classes="btn ms-target",
                title="Send a Spy into %s (%d)" % (lair_name(seat, me), lair["total"])))
        elif not lair["cards"]:
            buttons.append('<span class="btn ms-target off" title="No Lair: no Spy can go '
                           'there"><b>%s</b><span class="ms-tsize">no Lair</span></span>'
                           % esc(name))
    if targets:
        how = "Choose the Lair first; you see the Spy only after."
    elif builds:
        how = "No Lair is built yet, so no Spy can be played."
    else:
        how = "No Spy can be played now."
    parts.append('<div class="ms-step"><h4>%sSend a Spy <small>optional</small></h4>'
                 '<p class="ms-how">%s</p><div class="ms-choices">%s</div></div>'
                 % ("2 \u00b7 " if builds else "", esc(how), "".join(buttons) if targets else ""))
    end = next(a for a in legal if a["type"] == "end_turn")
    parts.append('<div class="actions ms-end">%s</div>' % choice(
        "End turn <kbd>E</kbd>", end, hint_action, classes="btn ms-end-btn"))
    return "".join(parts)


def source_choices(payload, selection, hint_action):
    view, legal = payload["view"], payload["legal"]
    me, target = view["seat"], view["target"]
    labels = view.get("hand_labels") or [None] * len(view["hand"])
    rows = []
    singles = [a for a in legal if a["source"] == "hand" and len(a["cards"]) == 1]
    if singles:
        buttons = []
        for action in singles:
            code = action["cards"][0]
            label = labels[view["hand"].index(code)] if code in view["hand"] else None
            buttons.append(choice(card_face(code, label, size="ms-small"), action, hint_action,
                                  classes="ms-pick", title="Send your %d Spy" % value(code)))
        rows.append('<div class="ms-src"><span class="ms-src-label">Your hand</span>'
                    '<div class="ms-choices">%s</div></div>' % "".join(buttons))
    hand_spies = sum(1 for code in view["hand"] if code[0] == "S")
    teams = [a for a in legal if a["source"] == "hand" and len(a["cards"]) > 1]
    if teams:
        rows.append('<div class="ms-src ms-team"><span class="ms-src-label">A team</span>%s</div>'
                    % team_control(legal, teams, selection, hint_action))
    elif hand_spies >= 2 and target == me:
        why = esc("A team can only go into another player's Lair.")
        rows.append('<div class="ms-src ms-team"><span class="ms-src-label">A team</span>'
                    '<span class="btn off ms-send" title="%s">Send team</span>'
                    '<span class="ms-how">%s</span></div>' % (why, why))
    blinds = [a for a in legal if a["source"] == "blind"]
    if blinds:
        buttons = "".join(choice(
            '<i class="ms-back spy"></i><b>%s</b><span>%s</span>'
            % (esc(seat_name(a["seat"])), esc(plural(view["hand_spies"][a["seat"]], "Spy",
                                                     "Spies"))),
            a, hint_action, classes="btn ms-blind",
            title="Take one of %s's Spies at random" % seat_name(a["seat"])) for a in blinds)
        rows.append('<div class="ms-src"><span class="ms-src-label">Blind, from a hand</span>'
                    '<div class="ms-choices">%s</div></div>' % buttons)
    deck = [a for a in legal if a["source"] == "deck"]
    if deck:
        rows.append('<div class="ms-src"><span class="ms-src-label">The deck</span>'
                    '<div class="ms-choices">%s</div></div>' % choice(
                        '<i class="ms-back spy"></i><b>Top of the deck</b>', deck[0], hint_action,
                        classes="btn ms-blind", title="Send the Spy on top of the deck"))
    lair = view["lairs"][target]
    head = ('<p class="ms-how">Into <b>%s</b> of <b>%d</b>: a Spy of %d or less is captured, '
            "a larger one escapes and destroys it.</p>"
            % (esc(lair_name(target, me)), lair["total"], lair["total"]))
    return head + '<div class="ms-sources">%s</div>' % "".join(rows)


def team_control(legal, teams, selection, hint_action):
    """The "Send" button for the Spies selected in the hand, when they are a
    legal source; greyed with what to do otherwise."""
    cards = team_from(selection)
    action = {"type": "spy_source", "source": "hand", "cards": cards}
    hinted = " ms-hinted" if hint_action in teams else ""
    how = "Tap two or more Spies in your hand below."
    if cards and action in legal:
        if len(cards) == 1:
            label = "Send spy (%d) <kbd>S</kbd>" % value(cards[0])
            how = "Tap another Spy to make a team."
        else:
            label = "Send team of %d <kbd>S</kbd>" % sum(value(c) for c in cards)
            how = " + ".join(str(value(c)) for c in cards)
        return render(button(raw(label), "do", [("data-type", "send")],
                             classes="btn primary ms-send" + hinted)) + '<span class="ms-how">%s</span>' % (
                          esc(how))
    return '<span class="btn off ms-send%s">Send team</span><span class="ms-how">%s</span>' % (
        hinted, esc(how))


def capture_choices(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    capture = view["capture"]
    safe = view.get("safe_taunts") or []
    points = capture["points"]
    buttons = []
    for action in legal:
        if action["type"] == "kill":
            buttons.append(choice("<b>Kill</b><span>+%d points</span>" % points, action,
                                  hint_action, classes="btn ms-kill primary",
                                  title="Kill the Spy for %d" % points))
    lines = {}
    for index, code in enumerate(view["hand"]):
        labels = view.get("hand_labels") or []
        if index < len(labels):
            lines[code] = labels[index]
    for action in legal:
        if action["type"] == "taunt":
            code = action["card"]
            note = "nobody can foil it" if code in safe else "may be foiled"
            buttons.append(choice(
                '%s<span><b>Taunt</b> \u2192 worth %d<small>%s</small></span>'
                % (card_face(code, size="ms-mini"), capture["points_if_taunt_stands"], note),
                action, hint_action, classes="btn ms-taunt",
                title="\u201cBefore I kill you, %s... %s\u201d" % (
                    " and ".join(capture["names"]), lines.get(code, ""))))
    names = " and ".join(capture["names"])
    head = ('<p class="ms-how">Your Lair captured <b>%s</b> (%d). Kill it now for %d, or taunt it '
            "with a Doubler: if nobody foils the taunt it is worth %d; if somebody does, it "
            "escapes and destroys your Lair.</p>"
            % (esc(names), capture["spy_value"], points, capture["points_if_taunt_stands"]))
    return head + '<div class="ms-choices">%s</div>' % "".join(buttons)


def foil_choices(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    capture = view["capture"]
    code = capture["open_taunt"]
    owner = capture["owner"]
    lines = capture.get("taunt_lines") or []
    line = lines[-1] if lines else ""
    buttons = []
    foils = [a for a in legal if a["type"] == "foil"]
    if foils:
        buttons.append(choice(
            "%s<span><b>Foil!</b><small>the Spy escapes and destroys %s</small></span>"
            % (card_face(code, size="ms-mini"), esc(lair_name(owner, -1))),
            foils[0], hint_action, classes="btn ms-foil primary"))
    else:
        buttons.append('<span class="btn off ms-foil" title="You do not hold the other %s">'
                       "<b>Foil</b><small>you do not hold the other %s</small></span>"
                       % (esc(code), esc(code)))
    for action in legal:
        if action["type"] == "let_stand":
            buttons.append(choice("<b>Let it stand</b><small>%s</small>" % esc(
                "%s's Spy becomes worth %d" % (seat_name(owner), capture["points_if_taunt_stands"])),
                                  action, hint_action, classes="btn ms-stand"))
    head = ('<blockquote class="ms-quote">\u201cBefore I kill you, %s... %s\u201d</blockquote>'
            '<p class="ms-how">%s taunts with Doubler %s. Foiling takes the other %s.</p>'
            % (esc(" and ".join(capture["names"])), esc(line), esc(seat_name(owner)),
               esc(letter(code)), esc(code)))
    return head + '<div class="ms-choices">%s</div>' % "".join(buttons)


def decision_html(payload, selection, hint_action):
    view, legal = payload["view"], payload["legal"]
    prompt = view["prompt"]
    prefix = seat_name(view["seat"]) + ": "
    if legal and prompt.startswith(prefix):
        prompt = "Your move: " + prompt[len(prefix):]
    elif not legal and not view["over"]:
        prompt = "Waiting for %s (bot)\u2026" % seat_name(view["to_act"])
    parts = ['<p class="prompt" data-testid="prompt">%s</p>' % esc(prompt)]
    if not legal:
        if not view["over"]:
            parts.append('<p class="ms-how">%s</p>' % esc(view["prompt"]))
        return '<section class="ms-decision waiting">%s</section>' % "".join(parts)
    phase = view["phase"]
    if phase in ("play", "spy"):
        parts.append(play_choices(payload, hint_action))
    elif phase == "source":
        parts.append(source_choices(payload, selection, hint_action))
    elif phase == "capture":
        parts.append(capture_choices(payload, hint_action))
    else:
        parts.append(foil_choices(payload, hint_action))
    return '<section class="ms-decision %s">%s</section>' % (esc(phase), "".join(parts))


def hand_html(payload, selection, hint_action):
    """Your cards; while choosing a Spy's source the Spies toggle for a team."""
    view, legal = payload["view"], payload["legal"]
    hand = view["hand"]
    labels = view.get("hand_labels") or [None] * len(hand)
    teams = any(a["type"] == "spy_source" and a["source"] == "hand" and len(a["cards"]) > 1
                for a in legal)
    hinted_team = []
    if hint_action and hint_action.get("source") == "hand" and len(hint_action["cards"]) > 1:
        hinted_team = list(hint_action["cards"])
    picked = selected_copies(hand, selection) if teams else []
    cards = []
    seen = {}
    for index, code in enumerate(hand):
        copy = seen.get(code, 0)
        seen[code] = copy + 1
        if teams and code[0] == "S":
            hinted = code in hinted_team
            if hinted:
                hinted_team.remove(code)
            on = index in picked
            cards.append(card_face(
                code, labels[index], size="ms-big",
                classes="selected" * on + " ms-hinted" * hinted, tag="button",
                pairs=[("type", "button"), ("data-action", "select"),
                       ("data-card", "%s#%d" % (code, copy)),
                       ("aria-pressed", "true" if on else "false")]))
        else:
            cards.append(card_face(code, labels[index], size="ms-big"))
    body = "".join(cards) or '<p class="none">No cards in your hand.</p>'
    spies = sum(1 for code in hand if code[0] == "S")
    return ('<section class="ms-hand-zone" aria-label="Your hand"><h3>Your hand '
            '<span class="count">%s, %s</span></h3><div class="ms-hand">%s</div></section>'
            % (esc(plural(len(hand), "card")), esc(plural(spies, "Spy", "Spies")), body))


# -- the end -------------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]), key=lambda s: (-view["scores"][s], s))
    rows = "".join(
        '<tr class="s%d%s"><td>%s</td><td><b>%d</b></td></tr>'
        % (seat, " won" if seat in winners else "",
           player_cell(seat, view) + (" \u2605" if seat in winners else ""),
           view["scores"][seat])
        for seat in order)
    details = ('<table class="ms-final"><thead><tr><th>Player</th><th>Points</th></tr></thead>'
               '<tbody>%s</tbody></table><p class="ms-final-note">%s</p>'
               % (rows, esc("%s still out, %s left in the deck." % (
                   plural(spies_out(view), "Spy", "Spies"),
                   plural(view["deck_count"], "card")))))
    return end_screen_html(payload, outcome_title(view), view["seat"] in winners, details)


# -- the table -------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """"send" sends the selected Spies from your hand (alone or as a team);
    other keys name a one-word action, which the engine explains if illegal."""
    if kind == "send":
        return {"type": "spy_source", "source": "hand", "cards": team_from(selection)}
    return {"type": kind}


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view = payload["view"]
    hint_action = hint["action"] if hint else None
    gains = recent_gains(payload)
    parts = [
        '<div class="ms">',
        facts_html(payload),
        banner_html(payload),
        seats_html(payload, gains),
        '<div class="ms-main"><div class="ms-play">',
        decision_html(payload, selection, hint_action),
        hand_html(payload, selection, hint_action),
        '</div><div class="ms-side">', capture_html(view), deck_html(view), discard_html(view),
        "</div></div>",
        "</div>",
    ]
    if view["over"]:
        parts.append(end_html(payload))
    return "".join(parts)
