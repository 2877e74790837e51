"""Naming the seats at a table with bots. Engines call seat s "Player s+1"
in their log lines and prompts; the table says which of them is you."""

from .html import el


def seat_name(seat):
    return "Player %d" % (seat + 1)


def seat_role(seat, payload):
    """"you" for the seat in view, "person" for another person at the device
    (pass and play), else the bot's level."""
    level = payload["levels"][seat]
    if seat == payload["view"]["seat"]:
        return "you"
    return "person" if level is None else "bot, " + level


def decision_prompt(payload):
    """The line above the choices in a game whose engine addresses its prompt
    to the seat to act ("Player 2: ..."): "Your move: ..." when that is the
    seat in view (live, or its turn in a replay), else whom the table waits
    for, a bot or another person at this device."""
    view = payload["view"]
    own = own_prompt(view)
    if own is not None:
        return "Your move: " + own
    if not payload["legal"] and not view["over"]:
        seat = view["to_act"]
        bot = " (bot)" if payload["levels"][seat] is not None else ""
        return "Waiting for %s%s\u2026" % (seat_name(seat), bot)
    return view["prompt"]


def own_prompt(view):
    """The engine's prompt without its "Player N: " when it is addressed to
    the seat in view, else None."""
    prefix = seat_name(view["seat"]) + ": "
    prompt = view["prompt"]
    return prompt[len(prefix):] if prompt.startswith(prefix) else None


def fold_switch():
    """First in a table's list of seats: on a phone the other players' seats
    fold to their names and scores (app.css), and this switch unfolds them.
    A checkbox the page keeps across redraws (data-keep), CSS only."""
    return el("li", el("input", type="checkbox", id="seats-open", class_="seats-switch",
                       data_keep=True),
              el("label", el("span", "Show all players in full", class_="seats-show"),
                 el("span", "Fold the other players", class_="seats-hide"),
                 for_="seats-open", class_="btn ghost seats-label"),
              class_="seats-fold")
