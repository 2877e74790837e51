"""Naming the seats at a table with bots. Engines call seat s "Player s+1"
in their log lines and prompts; the table says which of them is you."""

from .html import esc


def seat_name(seat):
    return "Player %d" % (seat + 1)


def seat_role(seat, payload):
    """"you" for the human seat, else the bot's level."""
    level = payload["levels"][seat]
    return "you" if level is None else "bot, " + level


def seat_label_html(seat, payload):
    """"Player 2 · bot, normal" with the human's seat marked."""
    role = seat_role(seat, payload)
    return '<span class="seat-name%s">%s</span> <span class="seat-role">%s</span>' % (
        " you" if role == "you" else "", esc(seat_name(seat)), esc(role))
