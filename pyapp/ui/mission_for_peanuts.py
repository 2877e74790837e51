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
as pips, and one line each for its ASSIST and DEPLOY. What a face says comes
from the engine's card table, carried in the payload as "cards".

The drawing is in parts, each a module that the page compiles in a short
task (tables.py): mission_for_peanuts_cards (faces, moments, keys),
mission_for_peanuts_board (banner, facts, seats, deck, notes),
mission_for_peanuts_choices (your cards' actions, a decision's offers);
this module draws the prompt and the whole table.
"""

from .endgame import end_screen_html, outcome_title, people_won, player_cell
from .html import el, hidden_heading, plural, render
from .seats import decision_prompt
from .mission_for_peanuts_board import (banner_html, deck_html, facts_html, notes_html,
                                        peanuts_html, seats_html)
from .mission_for_peanuts_cards import KEYS, index_cards, pill
from .mission_for_peanuts_choices import (direction_choices, mine_html, pick_choices, picked_card,
                                          recall_choices, seer_choices, target_choices)


CHOICES = {"target": target_choices, "copy": target_choices}
OFFERS = {"direction": direction_choices, "discard_face_down": seer_choices,
          "recall": recall_choices, "pick": pick_choices}


def prompt_html(payload, immune, hint_action):
    view, legal = payload["view"], payload["legal"]
    prompt = el("p", decision_prompt(payload), class_="prompt", data_testid="prompt", data_prompt=True)
    if not legal:
        return prompt
    how = view.get("how")
    kind = legal[0]["type"]
    if kind in CHOICES:
        offer = CHOICES[kind](payload, immune, hint_action)
    else:
        offer = OFFERS[kind](payload, hint_action) if kind in OFFERS else None
    return el("section", prompt, el("p", how, class_="mp-how") if how else None, offer,
              class_="mp-decision")


# -- the end --------------------------------------------------------------------------------


def end_html(payload):
    view = payload["view"]
    winners = view["result"]["winners"]
    order = sorted(range(payload["players"]), key=lambda s: (-view["scores"][s], s))
    rows = [el("tr", el("td", player_cell(seat, payload)),
               el("td", peanuts_html(view["scores"][seat], view["target"])),
               el("td", view["scores"][seat]), class_="won" if seat in winners else "")
            for seat in order]
    head = el("tr", el("th", "Player"), el("th", "Peanut Points", colspan=2))
    details = [el("table", el("thead", head), el("tbody", rows), class_="mp-final"),
               el("p", plural(view["round"], "round") + " played.", class_="mp-rounds")]
    return end_screen_html(payload, outcome_title(payload), people_won(payload),
                           render(details))


# -- the table ------------------------------------------------------------------------------


def requested_action(kind, selection, legal):
    """What a letter key sends: the action of its kind for the hand card picked
    by its number key, else the one action of its kind, else its bare kind for
    the engine to explain."""
    matching = [action for action in legal if action["type"] == kind]
    picked = picked_card(selection, matching)
    for action in matching:
        if picked is not None and action.get("card") == picked:
            return action
    return matching[0] if len(matching) == 1 else {"type": kind}


def face_html(code, payload):
    """One card as the replay's list of every hand draws it: its coloured tag."""
    index_cards(payload["cards"])  # the page may not have drawn this game's table
    return pill(code)


def table_html(payload, selection, hint=None):
    """The whole table for a payload from the session."""
    view = payload["view"]
    index_cards(payload["cards"])
    hint_action = hint["action"] if hint else None
    immune = {}
    for entry in view["immune"]:
        immune[entry["seat"]] = entry["reason"]
    table = el("div", hidden_heading(2, "The table"), facts_html(payload), banner_html(payload),
               seats_html(payload, immune),
               prompt_html(payload, immune, hint_action),
               el("div", mine_html(payload, hint_action, selection),
                  el("div", deck_html(view), notes_html(view), class_="mp-aside"),
                  class_="mp-middle"),
               class_="mp", inert=view["over"])  # under its end screen, a modal dialog
    return (end_html(payload) if view["over"] else "") + render(table)
