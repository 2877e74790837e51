"""The end-of-game dialog every table shows over its felt."""

from .html import button, esc
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
    """Title, the engine's summary, the game's own details (e.g. a score
    table) and the ways on: a new deal, the same deal again, the lobby."""
    return (
        '<div class="end-screen %s" role="dialog" aria-modal="true" aria-labelledby="end-title">'
        '<div class="end-card"><h2 id="end-title">%s</h2><p>%s</p>%s'
        '<div class="end-actions">%s%s%s</div></div></div>'
        % ("won" if won else "lost", esc(title), esc(payload["view"]["result"]["summary"]),
           details,
           button("New deal", "new-deal", classes="btn primary"),
           button("Same deal again (seed %d)" % payload["seed"], "same-deal", classes="btn"),
           button("Back to the lobby", "lobby", classes="btn ghost")))


def player_cell(seat, view):
    return esc(seat_name(seat) + (" (you)" if seat == view["seat"] else ""))
