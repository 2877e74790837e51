"""Naming the seats at a table with bots. Engines call seat s "Player s+1"
in their log lines and prompts; the table says which of them is you."""


def seat_name(seat):
    return "Player %d" % (seat + 1)


def seat_role(seat, payload):
    """"you" for the human seat, else the bot's level."""
    level = payload["levels"][seat]
    return "you" if level is None else "bot, " + level
