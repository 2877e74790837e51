"""The lobby: one tile per game in the catalogue, and the games kept on this
device. `build.py` renders the tiles into index.html at build time, so they
show before any Python has booted; the kept games are drawn at start-up."""

from .html import button, el, plural, render


def players_text(entry):
    low, high = entry["min_players"], entry["max_players"]
    if high == 1:
        return "Solitaire"
    return "%d\u2013%d players" % (low, high)


def game_tile(entry):
    game = [("data-game", entry["id"])]
    return el("li", el("h2", entry["title"]), el("p", entry["blurb"], class_="blurb"),
              el("p", players_text(entry), class_="meta"),
              el("div", button("Play", "play", game, classes="btn primary"),
                 button("Learn", "learn", game, classes="btn",
                        title="A guided first game: the coach shows you every rule as you play")
                 if entry.get("lesson") else None,
                 button("Rules", "rules", game, classes="btn ghost"), class_="tile-actions"),
              class_="tile", data_game=entry["id"])


def lobby_html(catalogue):
    """The lobby's game list, the deal of the day (filled at start-up: it
    needs today's date) and what was played on this device."""
    return render([el("ul", [game_tile(entry) for entry in catalogue], class_="tiles"),
                   el("section", id="daily", class_="daily", hidden=True,
                           aria_label="Deal of the day"), records_html()])


def records_html():
    """Finished games, statistics, and all local data to a file and back."""
    return el("section", el("h2", "Your games on this device"), el(
        "div", button("Finished games", "history", classes="btn"),
        button("Statistics", "stats", classes="btn"),
        button("Export all data", "export", classes="btn ghost",
               title="Download every game, save, statistic and setting kept here, as one file"),
        el("label", "Import data…", el("input", type="file", accept=".json,application/json",
                                             data_action="import", class_="sr-only"),
           class_="btn ghost file-button",
           title="Merge an exported file into the data kept here (nothing is overwritten)"),
        class_="tile-actions"), class_="records", aria_label="Your games on this device")


OPTION_LABELS = {"target": "Points to win the match"}
# What each level does, the same in every game (pyapp/bots).
LEVEL_NOTES = [("easy", "any sensible move, at random"),
               ("normal", "a fixed plan of good habits"),
               ("hard", "thinks ahead, trying out the cards it cannot see as the table's "
                        "moves suggest them")]


def _select(element_id, options, chosen):
    """A <select>; `options` are (value, label) pairs."""
    return el("select", [el("option", label, value=value, selected=value == chosen)
                         for value, label in options], id=element_id)


def levels_note(levels):
    """One line on what each of the levels offered does."""
    notes = [[el("b", name), ": ", note, ". "] for name, note in LEVEL_NOTES if name in levels]
    return el("p", notes, class_="note levels-note") if notes else None


def setup_rows(entry):
    """The setup sheet's fields: seats, the bots' level, the game's options."""
    low, high = entry["min_players"], entry["max_players"]
    seats = [(str(n), "%d: you and %d bot%s" % (n, n - 1, "" if n == 2 else "s"))
             for n in range(low, high + 1)]
    levels = entry["levels"]
    rows = [
        el("label", "Players ", _select("setup-players", seats, str(low))),
        el("label", "Bots ", _select(
            "setup-level", [(name, name) for name in levels],
            levels[len(levels) // 2] if levels else None)),
        levels_note(levels),
    ]
    rows.append(people_row(low))
    for option in entry["options"]:
        choices = [("", "standard")] + [
            (str(index), str(choice)) for index, choice in enumerate(option["choices"] or [])]
        rows.append(el("label", OPTION_LABELS.get(option["name"], option["name"]), " ",
                       _select("setup-option-" + option["name"], choices, "")))
    return rows


def people_row(players):
    """Pass and play: which other seats are people at this device. Only the
    table's seats are offered; the page redraws the boxes (people_boxes)
    when the number of players changes."""
    return el("fieldset", el("legend", "Also people at this device (pass and play)"),
              el("div", people_boxes(players), class_="people", id="setup-people-boxes"),
              class_="setup-people")


def people_boxes(players, ticked=()):
    """A box for each seat after the first of a table of `players`."""
    return [el("label", el("input", type="checkbox", id="setup-person-%d" % seat,
                           checked=seat in ticked),
               " Player %d" % (seat + 1)) for seat in range(1, players)]


def setup_html(entry):
    """The sheet that sets up a game with bots: seats, bot level, options."""
    return render([
        el("h2", entry["title"]), el("p", entry["blurb"], class_="note"),
        el("div", setup_rows(entry), class_="setup"),
        el("div", button("Deal", "start", [("data-game", entry["id"])], classes="btn primary"),
           class_="end-actions"),
    ])


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
    return el("li", el("button", el("strong", meta["title"]),
                       el("span", " \u00b7 ".join(fact for fact in facts if fact),
                          class_="kept-facts"),
                       type="button", class_="kept-main", data_action="resume",
                       data_resume=game_id),
              button("Discard", "discard", [
                  ("data-id", game_id),
                  ("aria-label", "Discard the %s game, deal #%s" % (meta["title"], meta["seed"]))],
                  classes="btn ghost"),
              class_="kept")


def aside_row(aside_id, record, now):
    """A save that cannot be resumed, with its reason, Export and Discard."""
    reason = "Cannot be resumed: %s (set aside %s)" % (
        record.get("reason") or "unknown reason", ago(now, record.get("when") or now))
    which = [("data-id", aside_id)]
    return el("li", el("div", el("strong", record.get("title") or "A saved game"),
                       el("span", reason, class_="kept-facts"), class_="kept-main"),
              button("Export", "export-aside", which, classes="btn ghost"),
              button("Discard", "discard-aside", which, classes="btn ghost"),
              class_="kept aside", data_setaside=aside_id)


def kept_games_html(games, asides, now):
    """The lobby's lists of unfinished games and set-aside saves ("" if none)."""
    parts = []
    if games:
        parts += [el("h2", "Games in progress"), el("ul", [
            game_row(game_id, entry["meta"], now) for game_id, entry in games], class_="kept-list")]
    if asides:
        parts += [el("h2", "Set aside"),
                  el("p", "These saves could not be resumed by this version. They stay here "
                          "until you discard them; Export downloads one as a file.",
                     class_="note"),
                  el("ul", [aside_row(aside_id, record, now) for aside_id, record in asides],
                     class_="kept-list")]
    return render(parts)
