"""The lobby: one tile per game in the catalogue. `build.py` renders it into
index.html at build time, so it shows before any Python has booted."""

from .html import attrs, esc, plural


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
        "</div></li>"
        % (esc(entry["id"]), esc(entry["title"]), esc(entry["blurb"]),
           esc(players_text(entry)),
           attrs([("data-action", "play"), ("data-game", entry["id"])]),
           attrs([("data-action", "rules"), ("data-game", entry["id"])]))
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


# -- the games kept on this device ------------------------------------------------------


def ago(now, then):
    """"just now", "5 min ago", "3 h ago", "2 days ago" for a time in ms."""
    minutes = max(0, int((now - then) // 60000))
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return "%d min ago" % minutes
    if minutes < 48 * 60:
        return "%d h ago" % (minutes // 60)
    return "%d days ago" % (minutes // (24 * 60))


def bots_text(levels):
    """"hard bots", "mixed bots" or "" for a solitaire."""
    bots = sorted(set(level for level in levels or [] if level))
    if not bots:
        return ""
    return "%s bots" % (bots[0] if len(bots) == 1 else "mixed")


def game_row(game_id, meta, now):
    """One unfinished game: a button that resumes it, and one that discards it."""
    seats = "Solitaire" if meta["players"] == 1 else "%d players" % meta["players"]
    facts = [seats, bots_text(meta.get("levels")), plural(meta["moves"], "move"),
             "deal #%s" % meta["seed"], "last played " + ago(now, meta["updated"])]
    return (
        '<li class="kept">'
        '<button type="button" class="kept-main"%s><strong>%s</strong>'
        '<span class="kept-facts">%s</span></button>'
        '<button type="button" class="btn ghost"%s>Discard</button></li>'
        % (attrs([("data-action", "resume"), ("data-resume", game_id)]), esc(meta["title"]),
           esc(" \u00b7 ".join(fact for fact in facts if fact)),
           attrs([("data-action", "discard"), ("data-id", game_id),
                  ("aria-label", "Discard the %s game, deal #%s" % (meta["title"], meta["seed"]))]))
    )


def aside_row(aside_id, record, now):
    """A save that cannot be resumed, with its reason, Export and Discard."""
    return (
        '<li class="kept aside"%s><div class="kept-main"><strong>%s</strong>'
        '<span class="kept-facts">Cannot be resumed: %s (set aside %s)</span></div>'
        '<button type="button" class="btn ghost"%s>Export</button>'
        '<button type="button" class="btn ghost"%s>Discard</button></li>'
        % (attrs([("data-setaside", aside_id)]), esc(record.get("title") or "A saved game"),
           esc(record.get("reason") or "unknown reason"), esc(ago(now, record.get("when") or now)),
           attrs([("data-action", "export-aside"), ("data-id", aside_id)]),
           attrs([("data-action", "discard-aside"), ("data-id", aside_id)]))
    )


def kept_games_html(games, asides, now):
    """The lobby's lists of unfinished games and set-aside saves ("" if none)."""
    parts = []
    if games:
        parts.append('<h2>Games in progress</h2><ul class="kept-list">%s</ul>' % "".join(
            game_row(game_id, entry["meta"], now) for game_id, entry in games))
    if asides:
        parts.append(
            '<h2>Set aside</h2><p class="note">These saves could not be resumed by this '
            'version. They stay here until you discard them; Export downloads one as a '
            'file.</p><ul class="kept-list">%s</ul>' % "".join(
                aside_row(aside_id, record, now) for aside_id, record in asides))
    return "".join(parts)
