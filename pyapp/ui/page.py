"""The frame around every game's table: title bar with tools, the felt with
the game's own table, the hint line and the move log. Pure: view -> HTML."""

from .html import button, disabled_button, el, key_label, raw, render
from .tables import TABLES


PACE_LABELS = [("instant", "Instant"), ("fast", "Fast"), ("normal", "Normal"), ("slow", "Slow")]


def pace_html(pace, multiplayer=True):
    """How fast the bots (or the solitaire's autoplay) move: a setting kept on this device."""
    what = "the bots move" if multiplayer else "autoplay moves"
    return el("label", "Speed ", el("select", [
        el("option", name, value=value, selected=value == pace) for value, name in PACE_LABELS],
        data_setting="pace"), class_="pace", title="How fast " + what)


def autoplay_html(playing):
    """In the solitaire, the strongest bot can finish the deal for the person to watch."""
    if playing:
        return button(key_label("Stop autoplay", "P"), "autoplay", [("aria-pressed", "true")],
                      classes="btn primary", title="Stop, and play on yourself")
    return button(key_label("Autoplay", "P"), "autoplay", [("aria-pressed", "false")],
                  classes="btn ghost", title="Let the expert finish this deal at the chosen pace")


# Keys of the whole table screen; each game's own are its table module's KEYS.
KEYS = {"u": "undo", "n": "skip"}


def auto_answer_html(on):
    """Whether the page makes the human's only choices (that reveal nothing) for them."""
    return el("label", el("input", type="checkbox", data_setting="auto-answer", checked=on),
              " Auto-play forced moves", class_="auto-answer",
              title="When you have only one legal move and it shows you nothing, "
                    "play it for you (the log says so)")


def undo_html(undo):
    """Undo, enabled exactly when the engine allows it; otherwise it says why."""
    label = key_label("Undo", "U")
    if undo["allowed"]:
        return button(label, "undo", classes="btn ghost", title="Take back your last move")
    return disabled_button(label, "undo-why", undo["reason"], action="undo", classes="btn ghost")


# The tools' markup by what it shows: it changes seldom, and is redrawn every move.
_TOOLS = {}


def tools_html(payload, pace, auto_answer=True, autoplay=False, more_open=False):
    over = payload["view"]["over"]
    undo = None if over else payload["undo"]
    shows = (bool(payload["legal"]), undo and (undo["allowed"], undo["reason"]),
             payload["players"] > 1, pace, auto_answer, payload["game"], autoplay and not over,
             over, bool(payload.get("bot_to_act")) and not over, more_open)
    drawn = _TOOLS.get(shows)
    if drawn is None:
        drawn = _TOOLS[shows] = render(tools_shown(shows[0], undo, *shows[2:]))
    return raw(drawn)


def tools_shown(decision, undo, multiplayer, pace, auto_answer, game, autoplay, over, waiting,
                more_open):
    """The table's tools: those of the moment in one row, then the rest,
    which a phone folds behind "More" (CSS shows them all on a wider screen)."""
    solitaire = not multiplayer and not over
    now = [button(key_label("Skip to my turn", "N"), "skip", classes="btn primary",
                  title="Show the bots' moves at once, up to your next decision")
           if waiting else None,
           button(key_label("Hint", "H"), "hint") if decision else None,
           undo_html(undo) if undo else None,
           autoplay_html(autoplay) if solitaire else None]
    more = [pace_html(pace, multiplayer) if multiplayer or solitaire else None,
            auto_answer_html(auto_answer) if multiplayer else None,
            button("Rules", "rules", [("data-game", game)], classes="btn ghost"),
            button("Copy link", "copy-link", classes="btn ghost",
                   title="Copy the address of this deal: game, seed, seats, bots and options"),
            button("New deal", "new-deal", classes="btn ghost"),
            button("Lobby", "lobby", classes="btn ghost")]
    toggle = button("More", "more-tools",
                    [("aria-expanded", "true" if more_open else "false"),
                     ("aria-controls", "more-tools")], classes="btn ghost more-toggle")
    return now + [toggle, el("div", more, id="more-tools",
                             class_="more-tools" + (" open" if more_open else ""))]


# Each log line's markup by (text, note or not): the log only grows, and the
# page redraws it whole on every move, on the main thread.
_LOG_LINES = {}


def log_line(event):
    note = event.get("kind") == "note"
    key = (event["text"], note)
    line = _LOG_LINES.get(key)
    if line is None:
        if len(_LOG_LINES) > 2000:  # another game's lines, by now
            _LOG_LINES.clear()
        line = _LOG_LINES[key] = el("li", event["text"], class_="note" if note else None)
    return line


def log_html(events):
    """The move log, newest first."""
    return [log_line(event) for event in reversed(events)]


def table_html(payload, selection, hint):
    """The game's table: as the worker drew it, when nothing is selected and
    no hint shown (the worker draws it as this page would, off its main
    thread), else drawn here."""
    drawn = payload.get("table_html")
    if drawn is not None and not selection and not hint:
        return drawn
    return TABLES[payload["game"]].table_html(payload, selection, hint)


def table_page_html(payload, selection, hint, pace="normal", auto_answer=True, autoplay=False,
                    more_open=False):
    """The whole table screen for a payload from the session."""
    hint_line = None
    if hint:
        hint_line = el("div", el("p", "Hint: " + hint["text"], data_testid="hint"),
                       el("p", hint.get("reason"), class_="hint-reason", data_hint_reason=True)
                       if hint.get("reason") else None,
                       class_="hint")
    table = raw(table_html(payload, selection, hint))
    return render([
        el("div", el("h1", payload["title"]), el("p", "Deal #%d" % payload["seed"], class_="seed"),
           el("div", tools_html(payload, pace, auto_answer, autoplay, more_open), class_="tools"),
           class_="table-head"),
        latest_move_html(payload["log"]),
        el("div",
           el("div", table, hint_line, class_="felt"),
           el("aside", el("h3", "Moves"), el("ol", log_html(payload["log"])),
              class_="log", id="move-log", aria_label="Move log", tabindex="0"),
           class_="table-body"),
    ])


def latest_move_html(events):
    """The newest event above the table, with a link to the whole log: on a
    phone the log sits far below, and a bot's move must not pass unseen."""
    if not events:
        return None
    return el("p", el("span", events[-1]["text"]), " ", el("a", "All moves", href="#move-log"),
              class_="latest-move")


def table_query(payload):
    """The URL query that reopens this deal (and resumes it while it is
    unfinished): game, seed, seats, the bots' level when they share one, and
    the people's seats in pass and play."""
    query = "?game=%s&seed=%d" % (payload["game"], payload["seed"])
    if payload["players"] > 1:
        query += "&players=%d" % payload["players"]
    levels = set(level for level in payload["levels"] if level)
    if len(levels) == 1:
        query += "&level=" + levels.pop()
    if len(payload.get("humans") or []) > 1:  # pass and play
        query += "&humans=" + ",".join(str(seat) for seat in payload["humans"])
    options = payload["save"]["game"]["options"]
    for name in sorted(options):
        if options[name] is not None:
            query += "&%s=%s" % (name, options[name])
    return query
