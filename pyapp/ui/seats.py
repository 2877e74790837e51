"""Naming the seats at a table with bots. Engines call seat s "Player s+1"
in their log lines and prompts; the table says which of them is you."""


def seat_name(seat):
    return "Player %d" % (seat + 1)


def seat_role(seat, payload):
    """"you" for the seat in view, "person" for another person at the device
    (pass and play), else the bot's level."""
    level = payload["levels"][seat]
    if seat == payload["view"]["seat"]:
        return "you"
    return "person" if level is None else "bot, " + level
