"""The frame around every game's table: title bar with tools, the felt with
the game's own table, the hint line and the move log. Pure: view -> HTML."""

from .html import button, esc
from .tables import TABLES


def tools_html(payload):
    hint = button("Hint <kbd>H</kbd>", "hint") if payload["legal"] else ""
    return hint + "".join([
        button("Rules", "rules", [("data-game", payload["game"])], classes="btn ghost"),
        button("New deal", "new-deal", classes="btn ghost"),
        button("Lobby", "lobby", classes="btn ghost"),
    ])


def log_html(events):
    """The move log, newest first."""
    return "".join("<li>%s</li>" % esc(event["text"]) for event in reversed(events))


def table_page_html(payload, selection, hint):
    """The whole table screen for a payload from the session."""
    hint_line = ""
    if hint:
        hint_line = '<p class="hint" data-testid="hint">Hint: %s</p>' % esc(hint["text"])
    return (
        '<div class="table-head"><h1>%s</h1><p class="seed">Deal #%d</p>'
        '<div class="tools">%s</div></div>'
        '<div class="table-body"><div class="felt">%s%s</div>'
        '<aside class="log" aria-label="Move log"><h3>Moves</h3><ol>%s</ol></aside></div>'
        % (esc(payload["title"]), payload["seed"], tools_html(payload),
           TABLES[payload["game"]].table_html(payload, selection, hint), hint_line,
           log_html(payload["log"])))


def table_query(payload):
    """The URL query that reopens this deal (and resumes it while it is
    unfinished): game, seed, seats, and the bots' level when they share one."""
    query = "?game=%s&seed=%d" % (payload["game"], payload["seed"])
    if payload["players"] > 1:
        query += "&players=%d" % payload["players"]
    levels = set(level for level in payload["levels"] if level)
    if len(levels) == 1:
        query += "&level=" + levels.pop()
    return query
