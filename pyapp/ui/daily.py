"""The deal of the day for Deck of Spies: one seed per date, the same for
everyone (it is worked out from the date alone), and the local record of
the attempts at each day's deal:

    safehouse.daily   {"rows": [[id, minute, won (1/0), "2026-11-30"], ...]}

A finished Deck of Spies game with a day's seed is an attempt at that day's
deal, however it was opened (the lobby's button or a shared link).
"""

from .history import MONTHS
from .html import button, el, plural, render
from .stats import add_row, minute, read_rows

GAME = "deck-of-spies"
DAILY = "safehouse.daily"
MASK = 0x3FFFFFFF  # seeds stay small ints under MicroPython, whose big ints are slow


def daily_seed(day):
    """The seed of a date's deal ("2026-11-30"): a 32-bit FNV-1a hash of
    the date, kept to 30 bits."""
    value = 2166136261
    for char in "deck-of-spies:" + day:
        value = ((value ^ ord(char)) * 16777619) & 0xFFFFFFFF
    return value & MASK


def day_of_seed(seed, days):
    """Which of the `days` (date keys) deals `seed`, or None."""
    for day in days:
        if daily_seed(day) == seed:
            return day
    return None


def record_attempt(store, record, days):
    """Keep a finished game (a history record) as an attempt at the deal of
    one of the `days` (today, yesterday) when it is that day's deal."""
    if record["game"] != GAME:
        return False
    day = day_of_seed(record["seed"], days)
    if day is None:
        return False
    won = record["won"] and not record.get("autoplayed")  # the expert's win is not the person's
    return add_row(store, DAILY, [record["id"], minute(record["when"]), 1 if won else 0, day])


def attempts(store, day):
    """(attempts at `day`'s deal as rows, a reason if the record cannot be read)."""
    rows, problem = read_rows(store, DAILY)
    return [row for row in rows if len(row) > 3 and row[3] == day], problem


def day_text(day):
    """"30 Nov 2026" for "2026-11-30"."""
    return "%d %s %s" % (int(day[8:10]), MONTHS[int(day[5:7]) - 1], day[:4])


def attempts_text(rows):
    if not rows:
        return "No attempt yet today."
    won = sum(row[2] for row in rows)
    return "Your attempts today: %d, %s." % (
        len(rows), "won %s" % plural(won, "time") if won else "none won yet")


def daily_html(day, rows, problem):
    """The lobby's deal of the day: the date, today's attempts and Play."""
    note = "Your record of attempts could not be read (%s); it is left as it is." % problem \
        if problem else attempts_text(rows)
    return render([
        el("h2", "Deal of the day"),
        el("p", "Deck of Spies, %s: the same deal for everyone today (deal #%d)."
           % (day_text(day), daily_seed(day)), class_="blurb"),
        el("p", note, class_="meta", data_daily_attempts=str(len(rows))),
        button("Play today\u2019s deal", "daily", classes="btn primary")])
