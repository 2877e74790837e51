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

The drawing is in parts, each a module that the page compiles in a short
task (tables.py): mister_spy_cards (faces, moments), mister_spy_board (facts,
seats, piles, the capture), mister_spy_choices (a turn's choices); this
module draws the decision panel, the hand and the whole table.
"""

from .endgame import end_screen_html, outcome_title, people_won, player_cell
from .html import card_key, el, hidden_heading, join, plural, render
from .seats import decision_prompt, own_prompt
from .mister_spy_board import capture_html, deck_html, discard_html, facts_html, seats_html
from .mister_spy_cards import banner_html, card_face, card_title
from .mister_spy_choices import (capture_choices, foil_choices, play_choices, selected_copies,
                                 source_choices, team_from)


KEYS = {"h": "hint", "e": "end_turn", "k": "kill", "l": "let_stand", "s": "send", "f": "foil",
        "t": "taunt"}


def decision_html(payload, selection, hint_action):
    view, legal = payload["view"], payload["legal"]
    prompt = el("p", decision_prompt(payload), class_="prompt", data_testid="prompt", data_prompt=True)
    if not legal:
        # Whom the table waits for, and what they are to do (in a replay of
        # your own turn, the prompt already says it).
        how = None if view["over"] or own_prompt(view) is not None else \
            el("p", view["prompt"], class_="ms-how")
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
        class_="ms-hand-zone", aria_label="Your hand", data_hand=True)


# -- the end -------------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]), key=lambda s: (-view["scores"][s], s))
    rows = [el("tr", el("td", player_cell(seat, payload) + (" \u2605" if seat in winners else "")),
               el("td", el("b", view["scores"][seat])),
               class_="s%d%s" % (seat, " won" if seat in winners else "")) for seat in order]
    note = "%s still out, %s left in the deck." % (plural(view["spies_out"], "Spy", "Spies"),
                                                   plural(view["deck_count"], "card"))
    details = join([el("table", el("thead", el("tr", el("th", "Player"), el("th", "Points"))),
                       el("tbody", rows), class_="ms-final"),
                    el("p", note, class_="ms-final-note")])
    return end_screen_html(payload, outcome_title(payload), people_won(payload), render(details))


# -- the table -------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """"send" sends the selected Spies from your hand (alone or as a team);
    another key sends the one legal action of its kind, or its bare kind for
    the engine to explain (e.g. two taunts offered: click the one you mean)."""
    if kind == "send":
        return {"type": "spy_source", "source": "hand", "cards": team_from(selection)}
    matching = [action for action in legal if action["type"] == kind]
    return matching[0] if len(matching) == 1 else {"type": kind}


def face_html(code, payload):
    """One card as the replay's list of every hand draws it."""
    return card_face(code, size="ms-mini")


def coach_selector(action, selection):
    """The control a lesson points at for a team from the hand: the next Spy
    to select (or one selected in excess, to unselect), then Send; None for
    any other action (its own button)."""
    if action["type"] != "spy_source" or action["source"] != "hand" or len(action["cards"]) < 2:
        return None
    picked, wanted = team_from(selection), list(action["cards"])
    for code in wanted:
        if code in picked:
            picked.remove(code)
        else:
            return '[data-action="select"][data-card^="%s#"][aria-pressed="false"]' % code
    if picked:
        return '[data-action="select"][data-card^="%s#"][aria-pressed="true"]' % picked[0]
    return '[data-action="do"][data-type="send"]'


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
