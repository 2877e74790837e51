"""Mister Spy's choices: the steps of a turn (the Lair card, the Lair a Spy
goes into, where the Spy comes from, the team), taunts, kills and foils,
each a button of one legal action.

A part of the Mister Spy table (mister_spy.py): each part is a module of its own so
that the page's MicroPython loads it in a short task (tables.py).
"""

from .html import button, disabled_button, el, key_label, plural
from .seats import seat_name
from .mister_spy_cards import card_face, choice, lair_name, letter, sentence, spy_names, value


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
