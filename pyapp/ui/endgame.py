"""The end-of-game dialog every table shows over its felt."""

from .html import button, el, raw, render
from .seats import seat_name


def outcome_title(view):
    """"You win", "You share the win", "Player 3 wins" or "You lose"."""
    winners = view["result"]["winners"]
    if view["seat"] in winners:
        return "You win" if len(winners) == 1 else "You share the win"
    if len(winners) == 1:
        return "%s wins" % seat_name(winners[0])
    return "You lose"


def end_screen_html(payload, title, won, details=""):
    """Title, the engine's summary, the game's own details (built HTML, e.g. a
    score table) and the ways on: a replay, a new deal, the same deal again,
    the lobby. In a replay (pyapp/ui/replay.py) the result is a plain panel
    above the table instead of a dialog."""
    if payload.get("replay"):
        return render(el("div", el("h2", title), el("p", payload["view"]["result"]["summary"]),
                         raw(details), class_="replay-result " + ("won" if won else "lost")))
    return render(el(
        "div",
        el("div", el("h2", title, id="end-title"), el("p", payload["view"]["result"]["summary"]),
           raw(details),
           el("div", button("New deal", "new-deal", classes="btn primary"),
              button("Replay", "replay", classes="btn", title="Step through this game move by move"),
              button("Same deal again (seed %d)" % payload["seed"], "same-deal", classes="btn"),
              button("Back to the lobby", "lobby", classes="btn ghost"), class_="end-actions"),
           class_="end-card"),
        class_="end-screen " + ("won" if won else "lost"), role="dialog", aria_modal="true",
        aria_labelledby="end-title"))


def player_cell(seat, view):
    """A seat's name in a score table, "(you)" marked (plain text, nothing to escape)."""
    return seat_name(seat) + (" (you)" if seat == view["seat"] else "")
