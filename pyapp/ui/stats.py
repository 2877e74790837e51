"""Statistics of the games finished on this device, per game.

Each game keeps one row per finished game, not running totals, so a game is
counted once however often its end is seen, and an import merges two
devices' rows exactly (by the game's id):

    safehouse.stats.<game>   {"rows": [[id, minute, won (1/0), seats, level], ...]}

`minute` counts minutes since 1970 (a small int: MicroPython's big ints,
above 2^30, are slow), oldest first. `level` is the bots' level when they
share one, "mixed", or null for a solitaire. Pure Python that MicroPython
runs; the store is as in saves.py.
"""

import json

from . import saves
from .html import button, el, render

STATS = "safehouse.stats."
RECENT = 20  # games in the chart
OPENING, CLOSING = '{"rows": [', "]}"  # how json.dumps writes the rows, here and in MicroPython
UNREAD = "it is there, but too large to be read on this page"


# -- rows, here and in the deal of the day's record ------------------------------------


def read_rows(store, key):
    """(rows, None), or ([], reason) when the text under `key` cannot be read."""
    text = saves.read(store, key)
    if text is None:
        return [], UNREAD if stored(store, key) else None
    try:  # (json.loads, not saves.parse_json: its nesting count is a slow loop here,
        data = json.loads(text)  # and a thousand games' rows nest 3 deep)
    except Exception:
        return [], "it is not readable (not JSON, or cut short)"
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not all(isinstance(row, list) and len(row) >= 3
                                             for row in rows):
        return [], "it is not readable (its rows are not lists)"
    return rows, None


def stored(store, key):
    """Whether `key` holds a text, read or not: the page's MicroPython fails
    to read one of a megabyte or more (its heap), and saves.read then
    answers None as for no text at all."""
    return key in saves.keys(store, key)


def merged_rows(mine, theirs):
    """Both lists of rows, each game (row[0]) once, oldest first."""
    seen = set(row[0] for row in mine)
    rows = mine + [row for row in theirs if row[0] not in seen]
    rows.sort(key=lambda row: row[1])
    return rows


def add_row(store, key, row):
    """Add `row`, the newest, unless its game is there already; True when
    written. The text is extended, not parsed (a thousand rows take MicroPython
    a tenth of a second to read); one that is not such a list is left as it is
    (the screen says so)."""
    text = saves.read(store, key)
    if text is None:
        return not stored(store, key) and saves.write(store, key, json.dumps({"rows": [row]}))
    if not (text.startswith(OPENING) and text.endswith(CLOSING)) or json.dumps(row[0]) in text:
        return False
    comma = "" if text == OPENING + CLOSING else ", "
    return saves.write(store, key, text[:-len(CLOSING)] + comma + json.dumps(row) + CLOSING)


# -- this game's rows -------------------------------------------------------------------


def bots_level(levels):
    """The bots' level when they share one, "mixed", or None without bots."""
    found = sorted(set(level for level in levels or [] if level))
    if not found:
        return None
    return found[0] if len(found) == 1 else "mixed"


def add_result(store, record):
    """Count a finished game (a history record) in its game's statistics,
    unless several people played it (pass and play): the statistics are the
    results of the person who plays here, and a pass-and-play game's result
    is that of whoever sat in the winning seat, which the page cannot tell
    apart from a friend's. The history lists such games."""
    if record.get("people") or record.get("autoplayed") or record.get("lesson"):
        return False  # (nor a game the expert or the coach played with the person)
    row = [record["id"], minute(record["when"]), 1 if record["won"] else 0, record["players"],
           bots_level(record.get("levels"))]
    return add_row(store, STATS + record["game"], row)


def minute(ms):
    """Minutes since 1970 of a time in ms."""
    return int(ms // 60000)


def reset(store, game):
    saves.remove(store, STATS + game)


def summary(rows):
    """{"played", "won", "by_seats": [[seats, played, won]], "by_level": [[level,
    played, won]], "streak", "best", "recent": [won, ...] oldest first}."""
    streak = best = 0
    for row in rows:
        streak = streak + 1 if row[2] else 0
        best = max(best, streak)
    return {"played": len(rows), "won": sum(row[2] for row in rows),
            "by_seats": tally(rows, 3), "by_level": tally(rows, 4), "streak": streak,
            "best": best, "recent": [row[2] for row in rows[-RECENT:]]}


def tally(rows, column):
    """[[value, played, won]] for each value of a column, in sorted order."""
    counts = {}
    for row in rows:
        value = row[column] if len(row) > column else None
        if value is not None:
            played, won = counts.get(value, (0, 0))
            counts[value] = (played + 1, won + row[2])
    return [[value, counts[value][0], counts[value][1]] for value in sorted(counts)]


# -- the statistics screen ------------------------------------------------------------


def rate_text(played, won):
    return "\u2014" if not played else "%d%%" % round(100 * won / played)


def chart_svg(recent):
    """The recent results as bars, oldest first: a win tall, a loss short."""
    if not recent:
        return None
    bars = [el("rect", x=str(12 * index), y="0" if won else "16", width="9",
               height="32" if won else "16", class_="won" if won else "lost")
            for index, won in enumerate(recent)]
    wins = sum(recent)
    label = "The last %d games, oldest first: %d won, %d lost" % (
        len(recent), wins, len(recent) - wins)
    chart = el("svg", el("title", label), bars, viewBox="0 0 %d 32" % (12 * RECENT - 3),
               preserveAspectRatio="xMinYMid meet", class_="stats-chart", role="img",
               aria_label=label)
    return el("figure", chart, el("figcaption", "Recent games, oldest first: a tall bar is a win"),
              class_="stats-figure")


def breakdown(title, counts, name):
    """A small table of played, won and win rate per seat count or level."""
    if not counts:
        return None
    rows = [el("tr", el("th", name(value), scope="row"), el("td", played), el("td", won),
               el("td", rate_text(played, won))) for value, played, won in counts]
    return el("table", el("caption", title),
              el("thead", el("tr", el("th", "", scope="col"), el("th", "played", scope="col"),
                             el("th", "won", scope="col"), el("th", "rate", scope="col"))),
              el("tbody", rows), class_="stats-table")


def fact(label, value, stat, game):
    return el("div", el("dt", label), el("dd", value, data_stat=stat, data_game=game))


def game_stats(entry, rows, problem):
    """One game's section: its counts, breakdowns, chart and Reset."""
    game = entry["id"]
    numbers = summary(rows)
    facts = el("dl", fact("Played", numbers["played"], "played", game),
               fact("Won", numbers["won"], "won", game),
               fact("Win rate", rate_text(numbers["played"], numbers["won"]), "rate", game),
               fact("Current streak", numbers["streak"], "streak", game),
               fact("Best streak", numbers["best"], "best", game), class_="stats-facts")
    seats = breakdown("By seats", numbers["by_seats"] if entry["max_players"] > 1 else [],
                      lambda seats: "%d players" % seats)
    levels = breakdown("By bot level", numbers["by_level"], str)
    note = el("p", "These statistics could not be read (%s). They are left as they are; "
                   "Reset starts them again." % problem, class_="note error") if problem else None
    reset_button = button("Reset", "reset-stats", [
        ("data-game", game), ("aria-label", "Reset the statistics of " + entry["title"])],
        classes="btn ghost") if rows or problem else None
    return el("section", el("h2", entry["title"]), note, facts, chart_svg(numbers["recent"]),
              el("div", seats, levels, class_="stats-tables"), reset_button,
              class_="stats-game", data_game=game)


def stats_html(catalogue, per_game):
    """The statistics screen; `per_game` maps a game's id to (rows, problem)."""
    played = sum(len(per_game[entry["id"]][0]) for entry in catalogue)
    won = sum(sum(row[2] for row in per_game[entry["id"]][0]) for entry in catalogue)
    return render(el("div",
        el("div", el("h1", "Statistics"),
           el("div", button("Back to the lobby", "lobby", classes="btn ghost"), class_="tools"),
           class_="table-head"),
        el("p", "Games played: ", el("strong", played, data_stat="played"),
           ", won: ", el("strong", won, data_stat="won"), " (all games on this device; "
           "pass-and-play games are in Finished games only).",
           class_="stats-total"),
        [game_stats(entry, *per_game[entry["id"]]) for entry in catalogue],
        class_="archive stats"))
