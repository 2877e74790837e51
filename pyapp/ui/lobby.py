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
