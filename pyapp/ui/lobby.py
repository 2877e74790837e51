"""The lobby: one tile per game in the catalogue. `build.py` renders it into
index.html at build time, so it shows before any Python has booted."""

from .html import attrs, esc


def players_text(entry):
    low, high = entry["min_players"], entry["max_players"]
    if high == 1:
        return "Solitaire"
    return "%d\u2013%d players" % (low, high)


def game_tile(entry):
    return (
        '<li class="tile" data-game="%s">'
        '<h2>%s</h2><p class="blurb">%s</p><p class="meta">%s</p>'
        '<div class="tile-actions">'
        '<button type="button" class="btn primary"%s>Play</button>'
        '<button type="button" class="btn ghost"%s>Rules</button>'
        '<button type="button" class="btn ghost resume" hidden%s>Resume</button>'
        "</div></li>"
        % (esc(entry["id"]), esc(entry["title"]), esc(entry["blurb"]),
           esc(players_text(entry)),
           attrs([("data-action", "play"), ("data-game", entry["id"])]),
           attrs([("data-action", "rules"), ("data-game", entry["id"])]),
           attrs([("data-action", "resume"), ("data-game", entry["id"])]))
    )


def lobby_html(catalogue):
    """The lobby's game list."""
    return '<ul class="tiles">%s</ul>' % "".join(game_tile(e) for e in catalogue)


OPTION_LABELS = {"target": "Points to win the match"}
LEVEL_NOTES = {"easy": "easy", "normal": "normal", "hard": "hard (thinks ahead)"}


def _select(element_id, options, chosen):
    """A <select>; `options` are (value, label) pairs."""
    return '<select id="%s">%s</select>' % (element_id, "".join(
        "<option%s>%s</option>" % (attrs([("value", value), ("selected", value == chosen)]),
                                   esc(label))
        for value, label in options))


def setup_html(entry):
    """The sheet that sets up a game with bots: seats, bot level, options."""
    low, high = entry["min_players"], entry["max_players"]
    seats = [(str(n), "%d: you and %d bot%s" % (n, n - 1, "" if n == 2 else "s"))
             for n in range(low, high + 1)]
    levels = entry["levels"]
    rows = [
        '<label>Players %s</label>' % _select("setup-players", seats, str(low)),
        '<label>Bots %s</label>' % _select(
            "setup-level", [(name, LEVEL_NOTES.get(name, name)) for name in levels],
            levels[len(levels) // 2] if levels else None),
    ]
    for option in entry["options"]:
        choices = [("", "standard")] + [
            (str(index), str(choice)) for index, choice in enumerate(option["choices"] or [])]
        rows.append("<label>%s %s</label>" % (
            esc(OPTION_LABELS.get(option["name"], option["name"])),
            _select("setup-option-" + option["name"], choices, "")))
    return ('<h2>%s</h2><p class="note">%s</p><div class="setup">%s</div>'
            '<div class="end-actions"><button type="button" class="btn primary"%s>Deal</button>'
            "</div>" % (esc(entry["title"]), esc(entry["blurb"]), "".join(rows),
                        attrs([("data-action", "start"), ("data-game", entry["id"])])))
