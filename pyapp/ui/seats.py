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
