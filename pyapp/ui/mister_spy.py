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
as in the box) its value and name, a Doubler its letter with its text as the
title. Backs are public: a Spy's back is red, every other back blue. The
numbers and words of the game (points to win, Spies in the game, names,
taunt lines, why no team is offered) come from the engine's view.
"""

from .endgame import end_screen_html, outcome_title, player_cell
from .html import (act_button, button, card_key, choice_key, disabled_button, el, hidden_heading,
                   join, key_label, plural, render)
from .moments import recent_moments
from .seats import seat_name, seat_role

# Log kinds that get a moment on the banner; "taunt_stands" joins its taunt.
MOMENTS = ["taunt", "taunt_stands", "foil", "escape", "kill"]
MOMENTS_SHOWN = 4

KEYS = {"h": "hint", "e": "end_turn", "k": "kill", "l": "let_stand", "s": "send", "f": "foil",
        "t": "taunt"}

# -- card faces --------------------------------------------------------------------


def value(code):
    """The number a card code carries ("L3", "S5"): see the engine's card codes."""
    return int(code[1:])


def letter(code):
    return code[2:]


def card_title(code, label=None):
    if code[0] == "L":
        return "Lair card, %d" % value(code)
    if code[0] == "S":
        return "Spy %d%s" % (value(code), ": " + label if label else "")  # as the face reads
    return "Doubler %s%s" % (letter(code), ": \u201c%s\u201d" % label if label else "")


def card_inner(code, label=None):
    """The face's words, spaced so that they read as words ("Spy 5 Jaws"); the
    card's grid draws no space."""
    if code[0] == "L":
        return [el("span", "Lair", class_="ms-kind"), " ", el("b", value(code), class_="ms-val"),
                el("span", class_="ms-icon", aria_hidden="true")]
    if code[0] == "S":
        return [el("span", "Spy", class_="ms-kind"), " ", el("b", value(code), class_="ms-val"),
                [" ", el("small", label, class_="ms-name")] if label else None]
    return [el("span", "Doubler", class_="ms-kind"), " ", el("b", letter(code), class_="ms-val"),
            " ", el("small", "\u00d72", class_="ms-x")]


_FACES = {}  # (code, label, size, classes) -> a plain face, built once: a long game's
# discard pile repeats them on every redraw, and MicroPython builds slowly.


def card_face(code, label=None, size="", classes="", tag="div", extra=None, **attributes):
    """A card face: "ms-L" (Lair), "ms-S" (Spy) or "ms-D" (Doubler), named
    aloud by its title (a button keeps its own name)."""
    if tag == "div" and extra is None and not attributes:
        key = (code, label, size, classes)
        face = _FACES.get(key)
        if face is None:
            face = _FACES[key] = _card_face(code, label, size, classes, tag, None, {})
        return face
    return _card_face(code, label, size, classes, tag, extra, attributes)


def _card_face(code, label, size, classes, tag, extra, attributes):
    name = card_title(code, label)
    if tag == "div":
        attributes["role"], attributes["aria_label"] = "img", name
    return el(tag, card_inner(code, label), extra,
              class_=("ms-card ms-%s %s %s" % (code[0], size, classes)).strip(),
              title=name, **attributes)


def backs_html(size, spies):
    """A hand's public backs: the red Spy backs after the blue others."""
    return ([el("i", class_="ms-back")] * (size - spies)
            + [el("i", class_="ms-back spy")] * spies)


def choice(label, action, hint_action, classes="btn", title=None, key=None, number=None):
    """The button of one legal action; `key` is its letter shortcut (KEYS), a
    `number` its number key among the decision's choices."""
    hinted = hint_action is not None and action == hint_action
    extra = [("aria-keyshortcuts", key)] if key else []
    if number is not None:
        label, extra = [card_key(number), label], extra + choice_key(number)
    return act_button(label, action, classes=classes + (" ms-hinted" if hinted else ""),
                      title=title, extra=extra)


def lair_name(seat, me):
    return "your Lair" if seat == me else "%s's Lair" % seat_name(seat)


def sentence(text):
    """An engine reason ("a team can only ...") as a sentence."""
    return text[:1].upper() + text[1:] + "."


def spy_names(capture):
    return " and ".join(capture["names"])


# -- the moments since your last decision ---------------------------------------------------


def after_colon(text):
    """"The taunt stands: X is now worth 8." -> "X is now worth 8." """
    return text.split(": ", 1)[-1]


def taunt_moment(event, stands=None):
    seat = event.get("seat", 0)
    heading = "%s taunts with Doubler %s" % (seat_name(seat), letter(event.get("card", "D-?")))
    return el("div", el("h4", heading), el("blockquote", "\u201c%s\u201d" % event.get("line", "")),
              el("p", stands["text"], class_="ms-stands") if stands else None,
              class_="ms-moment taunt s%d" % seat)


def escape_moment(event):
    lair = [card_face(code, size="ms-mini", classes="ms-wreck") for code in event.get("lair", [])]
    return el("div", el("div", lair, class_="ms-rubble",
                        title="The destroyed Lair of " + seat_name(event.get("seat", 0))),
              el("h4", "Escape!"), el("p", event["text"]), class_="ms-moment escape")


def moment_html(event):
    kind, text, seat = event["kind"], event["text"], event.get("seat", 0)
    if kind == "taunt":
        return taunt_moment(event)
    if kind == "taunt_stands":
        return el("div", el("h4", "The taunt stands"), el("p", after_colon(text)),
                  class_="ms-moment stands")
    if kind == "foil":
        return el("div", el("h4", "Foiled!"), el("p", text), class_="ms-moment foil s%d" % seat)
    if kind == "escape":
        return escape_moment(event)
    said = text[len("Bang. "):] if text.startswith("Bang. ") else text
    return el("div", el("b", "+%d" % event.get("points", 0), class_="ms-plus"), el("h4", "Bang!"),
              el("p", said), class_="ms-moment kill s%d" % seat)


def banner_html(payload):
    """The latest moments; a "taunt stands" line joins the taunt before it."""
    moments = []  # [event, the "taunt stands" that joined it or None]
    for event in recent_moments(payload, MOMENTS):
        last = moments[-1] if moments else None
        if (event["kind"] == "taunt_stands" and last and last[0]["kind"] == "taunt"
                and last[1] is None):
            last[1] = event
        else:
            moments.append([event, None])
    cards = [taunt_moment(event, stands) if stands else moment_html(event)
             for event, stands in moments[-MOMENTS_SHOWN:]]
    if not cards:
        return None
    return el("section", hidden_heading(3, "What just happened"), cards, class_="ms-banner",
              aria_live="polite", aria_label="What just happened")


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
    return el("ol", [seat_html(seat, payload) for seat in range(payload["players"])],
              class_="ms-seats", aria_label="Players")


# -- deck, discard pile, capture ------------------------------------------------------------


def deck_html(view):
    count = view["deck_count"]
    if count:
        top = view["deck_top_is_spy"]
        stack = el("div", el("div", el("span", "SPY") if top else None,
                             class_="ms-card ms-big-back" + (" spy" if top else ""), role="img",
                             aria_label="face-down card" + (", a Spy's back" if top else "")),
                   class_="ms-stack")
        note = ["Top card: ", el("b", "a Spy" if top else "not a Spy")]
    else:
        stack = el("div", el("div", class_="ms-card ms-big-back"), class_="ms-stack empty")
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


def step_html(heading, how, choices):
    return el("div", el("h4", heading, " ", el("small", "optional")),
              el("p", how, class_="ms-how") if how else None,
              el("div", choices, class_="ms-choices"), class_="ms-step")


def build_step(view, builds, hint_action):
    total = view["lairs"][view["seat"]]["total"]
    buttons = [choice([card_face(a["card"], size="ms-mini"),
                       el("span", "Lair \u2192 ", el("b", total + value(a["card"])))],
                      a, hint_action, classes="btn ms-build",
                      title="Add your %d to your Lair" % value(a["card"]), number=number)
               for number, a in enumerate(builds, 1)]
    return step_html("1 \u00b7 Build your Lair", None, buttons)


def target_button(seat, view, target_action, hint_action, number):
    """The Lair of `seat` as a Spy's target: a choice, greyed when it has no Lair."""
    me = view["seat"]
    lair = view["lairs"][seat]
    name = "Your Lair" if seat == me else seat_name(seat)
    if target_action is not None:
        return choice([el("b", name), el("span", lair["total"], class_="ms-tsize")],
                      target_action, hint_action, classes="btn ms-target",
                      title="Send a Spy into %s (%d)" % (lair_name(seat, me), lair["total"]),
                      number=number)
    if not lair["cards"]:
        return disabled_button([el("b", name), el("span", "no Lair", class_="ms-tsize")],
                               "why-target-%d" % seat, "No Lair: no Spy can go there.",
                               classes="btn ms-target")
    return None


def play_choices(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    builds = [a for a in legal if a["type"] == "lair"]
    targets = {}
    for action in legal:
        if action["type"] == "spy_target":
            targets[action["seat"]] = action
    numbers = dict((seat, len(builds) + rank) for rank, seat in enumerate(sorted(targets), 1))
    buttons = [target_button(seat, view, targets.get(seat), hint_action, numbers.get(seat))
               for seat in range(payload["players"])] if targets else []
    end = next(a for a in legal if a["type"] == "end_turn")
    return [build_step(view, builds, hint_action) if builds else None,
            step_html("%sSend a Spy" % ("2 \u00b7 " if builds else ""), view["rule_note"],
                      buttons),
            el("div", choice(key_label("End turn", "E"), end, hint_action,
                             classes="btn ms-end-btn", key="e"), class_="actions ms-end")]


def source_row(label, body, classes="ms-src"):
    return el("div", el("span", label, class_="ms-src-label"), body, class_=classes)


def hand_source_rows(payload, selection, hint_action):
    """Your own Spies: one button each, and the team made by selection."""
    view, legal = payload["view"], payload["legal"]
    labels = view["hand_labels"]
    singles = [a for a in legal if a["source"] == "hand" and len(a["cards"]) == 1]
    teams = [a for a in legal if a["source"] == "hand" and len(a["cards"]) > 1]
    rows = []
    if singles:
        # While Spies toggle for a team, a number picks a hand card (S sends it).
        buttons = [choice(card_face(code, labels[view["hand"].index(code)], size="ms-small"),
                          a, hint_action, classes="ms-pick", title="Send your %d Spy" % value(code),
                          number=None if teams else number)
                   for number, (a, code) in enumerate([(a, a["cards"][0]) for a in singles], 1)]
        rows.append(source_row("Your hand", el("div", buttons, class_="ms-choices")))
    if teams:
        rows.append(source_row("A team", team_control(legal, teams, selection, hint_action),
                               "ms-src ms-team"))
    elif view["team_refusal"]:
        why = sentence(view["team_refusal"])
        rows.append(source_row("A team", [send_button_off(why, ""),
                                          el("span", why, class_="ms-how")], "ms-src ms-team"))
    return rows


def other_source_rows(payload, hint_action, first):
    """Spies not from your hand: blind from another hand, or the deck's top;
    their number keys count on from `first`."""
    view, legal = payload["view"], payload["legal"]
    rows = []
    blinds = [choice([el("i", class_="ms-back spy"), el("b", seat_name(a["seat"])),
                      el("span", plural(view["hand_spies"][a["seat"]], "Spy", "Spies"))],
                     a, hint_action, classes="btn ms-blind",
                     title="Take one of %s's Spies at random" % seat_name(a["seat"]),
                     number=number)
              for number, a in enumerate([a for a in legal if a["source"] == "blind"], first)]
    if blinds:
        rows.append(source_row("Blind, from a hand", el("div", blinds, class_="ms-choices")))
    for action in legal:
        if action["source"] == "deck":
            button_ = choice([el("i", class_="ms-back spy"), el("b", "Top of the deck")], action,
                             hint_action, classes="btn ms-blind",
                             title="Send the Spy on top of the deck", number=first + len(blinds))
            rows.append(source_row("The deck", el("div", button_, class_="ms-choices")))
    return rows


def first_source_number(payload):
    """The number key of the first Spy not from your hand: after the hand's
    cards while they toggle for a team, else after your single Spies."""
    hand_sources = [a for a in payload["legal"] if a["source"] == "hand"]
    if any(len(a["cards"]) > 1 for a in hand_sources):
        return len(payload["view"]["hand"]) + 1
    return len(hand_sources) + 1


def source_choices(payload, selection, hint_action):
    view = payload["view"]
    target = view["target"]
    total = view["lairs"][target]["total"]
    head = el("p", "Into ", el("b", lair_name(target, view["seat"])), " of ", el("b", total),
              ": ", view["rule_note"], class_="ms-how")
    rows = hand_source_rows(payload, selection, hint_action) + other_source_rows(
        payload, hint_action, first_source_number(payload))
    return [head, el("div", rows, class_="ms-sources")]


def team_control(legal, teams, selection, hint_action):
    """The "Send" button for the Spies selected in the hand, when they are a
    legal source; greyed with what to do otherwise."""
    cards = team_from(selection)
    action = {"type": "spy_source", "source": "hand", "cards": cards}
    hinted = " ms-hinted" if hint_action in teams else ""
    if not cards or action not in legal:
        how = "Tap two or more Spies in your hand below."
        return [send_button_off(how, hinted), el("span", how, class_="ms-how")]
    if len(cards) == 1:
        label = key_label("Send spy (%d)" % value(cards[0]), "S")
        how = "Tap another Spy to make a team."
    else:
        label = key_label("Send team of %d" % sum(value(c) for c in cards), "S")
        how = " + ".join(str(value(c)) for c in cards)
    return [button(label, "do", [("data-type", "send"), ("aria-keyshortcuts", "s")],
                   classes="btn primary ms-send" + hinted),
            el("span", how, class_="ms-how")]


def send_button_off(why, hinted):
    """"Send team", disabled: `why` is its description (also shown beside it)."""
    return disabled_button(key_label("Send team", "S"), "why-send", why, "do",
                           [("data-type", "send"), ("aria-keyshortcuts", "s")],
                           classes="btn ms-send" + hinted)


def taunt_button(offer, capture, hint_action, key=None, number=None):
    """A taunt with one Doubler; `key` (T) when it is the only taunt offered,
    else a `number` key."""
    action = {"type": "taunt", "card": offer["card"]}
    note = "nobody can foil it" if offer["safe"] else "may be foiled"
    return choice([card_face(offer["card"], size="ms-mini"),
                   el("span", el("b", key_label("Taunt", "T") if key else "Taunt"),
                      " \u2192 worth %d" % capture["points_if_taunt_stands"], el("small", note))],
                  action, hint_action, classes="btn ms-taunt", title="\u201c%s\u201d" % offer["line"],
                  key=key, number=number)


def capture_choices(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    capture = view["capture"]
    points = capture["points"]
    buttons = [choice([el("b", key_label("Kill", "K")), el("span", "+%d points" % points)], action,
                      hint_action, classes="btn ms-kill primary", title="Kill the Spy for %d" % points,
                      key="k")
               for action in legal if action["type"] == "kill"]
    offers = view["taunt_offers"]
    several = len(offers) > 1  # then each taunt has a number key, not T
    buttons += [taunt_button(offer, capture, hint_action, None if several else "t",
                             number if several else None)
                for number, offer in enumerate(offers, 1)]
    head = el("p", "Your Lair captured ", el("b", spy_names(capture)),
              " (%d). " % capture["spy_value"], view["rule_note"], class_="ms-how")
    return [head, el("div", buttons, class_="ms-choices")]


def foil_choices(payload, hint_action):
    view, legal = payload["view"], payload["legal"]
    capture = view["capture"]
    code, owner = capture["open_taunt"], capture["owner"]
    foils = [a for a in legal if a["type"] == "foil"]
    if foils:
        foil = choice([card_face(code, size="ms-mini"),
                       el("span", el("b", key_label("Foil!", "F")),
                          el("small", "the Spy escapes and destroys %s" % lair_name(owner, -1)))],
                      foils[0], hint_action, classes="btn ms-foil primary", key="f")
    else:
        foil = disabled_button(el("b", "Foil"), "why-foil",
                               "You do not hold the other %s." % code, classes="btn ms-foil",
                               reason_shown=True)
    worth = capture["points_if_taunt_stands"]
    stands = [choice([el("b", key_label("Let it stand", "L")),
                      el("small", "%s's Spy becomes worth %d" % (seat_name(owner), worth))],
                     action, hint_action, classes="btn ms-stand", key="l")
              for action in legal if action["type"] == "let_stand"]
    head = [el("blockquote", "\u201c%s\u201d" % capture["taunt_lines"][-1], class_="ms-quote"),
            el("p", "%s taunts with Doubler %s. " % (seat_name(owner), letter(code)),
               view["rule_note"], class_="ms-how")]
    return [head, el("div", foil, stands, class_="ms-choices")]


def decision_prompt(view, legal):
    prompt = view["prompt"]
    prefix = seat_name(view["seat"]) + ": "
    if legal and prompt.startswith(prefix):
        return "Your move: " + prompt[len(prefix):]
    if not legal and not view["over"]:
        return "Waiting for %s (bot)\u2026" % seat_name(view["to_act"])
    return prompt


def decision_html(payload, selection, hint_action):
    view, legal = payload["view"], payload["legal"]
    prompt = el("p", decision_prompt(view, legal), class_="prompt", data_testid="prompt")
    if not legal:
        how = None if view["over"] else el("p", view["prompt"], class_="ms-how")
        return el("section", prompt, how, class_="ms-decision waiting")
    phase = view["phase"]
    if phase in ("play", "spy"):
        body = play_choices(payload, hint_action)
    elif phase == "source":
        body = source_choices(payload, selection, hint_action)
    elif phase == "capture":
        body = capture_choices(payload, hint_action)
    else:
        body = foil_choices(payload, hint_action)
    return el("section", prompt, body, class_="ms-decision " + phase)


def hand_card(code, label, copy, picked, hinted, number):
    """A card of your hand; `copy` is set when it toggles for a team, and then
    it shows its number key."""
    if copy is None:
        return card_face(code, label, size="ms-big")
    return card_face(code, label, size="ms-big",
                     classes="selected" * picked + " ms-hinted" * hinted, tag="button",
                     extra=card_key(number), type="button", data_action="select",
                     data_card="%s#%d" % (code, copy), aria_pressed="true" if picked else "false",
                     aria_label=card_title(code, label),
                     aria_keyshortcuts=str(number) if number <= 9 else None)


def hand_html(payload, selection, hint_action):
    """Your cards; while choosing a Spy's source the Spies toggle for a team."""
    view, legal = payload["view"], payload["legal"]
    hand, labels = view["hand"], view["hand_labels"]
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
        toggles = teams and code[0] == "S"
        hinted = toggles and code in hinted_team
        if hinted:
            hinted_team.remove(code)
        cards.append(hand_card(code, labels[index], copy if toggles else None,
                               index in picked, hinted, index + 1))
    spies = sum(1 for code in hand if code[0] == "S")
    return el("section", el("h3", "Your hand ", el("span", "%s, %s" % (
        plural(len(hand), "card"), plural(spies, "Spy", "Spies")), class_="count")),
        el("div", cards or el("p", "No cards in your hand.", class_="none"), class_="ms-hand"),
        class_="ms-hand-zone", aria_label="Your hand")


# -- the end -------------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]), key=lambda s: (-view["scores"][s], s))
    rows = [el("tr", el("td", player_cell(seat, view) + (" \u2605" if seat in winners else "")),
               el("td", el("b", view["scores"][seat])),
               class_="s%d%s" % (seat, " won" if seat in winners else "")) for seat in order]
    note = "%s still out, %s left in the deck." % (plural(view["spies_out"], "Spy", "Spies"),
                                                   plural(view["deck_count"], "card"))
    details = join([el("table", el("thead", el("tr", el("th", "Player"), el("th", "Points"))),
                       el("tbody", rows), class_="ms-final"),
                    el("p", note, class_="ms-final-note")])
    return end_screen_html(payload, outcome_title(view), view["seat"] in winners, render(details))


# -- the table -------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """"send" sends the selected Spies from your hand (alone or as a team);
    another key sends the one legal action of its kind, or its bare kind for
    the engine to explain (e.g. two taunts offered: click the one you mean)."""
    if kind == "send":
        return {"type": "spy_source", "source": "hand", "cards": team_from(selection)}
    matching = [action for action in legal if action["type"] == kind]
    return matching[0] if len(matching) == 1 else {"type": kind}


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view = payload["view"]
    hint_action = hint["action"] if hint else None
    table = el("div", hidden_heading(2, "The table"), facts_html(payload), banner_html(payload),
               seats_html(payload),
               el("div", el("div", decision_html(payload, selection, hint_action),
                            hand_html(payload, selection, hint_action), class_="ms-play"),
                  el("div", capture_html(view), deck_html(view), discard_html(view),
                     class_="ms-side"), class_="ms-main"),
               class_="ms", inert=view["over"])  # under its end screen, a modal dialog
    return (end_html(payload) if view["over"] else "") + render(table)
