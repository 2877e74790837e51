"""The end-of-game dialog every table shows over its felt."""

from .html import button, el, raw, render
from .seats import seat_name


def pass_and_play(payload):
    """Whether several people share the device (payload["humans"]): then the
    end addresses no one as "you", since all of them read it."""
    return len(payload.get("humans") or []) > 1


def people_won(payload):
    """Whether the people at the device won: the one person, or with pass
    and play any of them."""
    winners = payload["view"]["result"]["winners"]
    people = payload.get("humans") if pass_and_play(payload) else [payload["view"]["seat"]]
    return any(seat in winners for seat in people)


def seats_text(seats):
    """"Player 2", "Player 1 and Player 3" or "Player 1, Player 2 and Player 4"."""
    names = [seat_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def outcome_title(payload):
    """"You win", "You share the win", "Player 3 wins" or "You lose"; with
    pass and play, only who won: "Player 2 wins", "Player 1 and Player 3
    share the win" (or "No one wins")."""
    view = payload["view"]
    winners = view["result"]["winners"]
    if pass_and_play(payload):
        if not winners:
            return "No one wins"
        return seats_text(winners) + (" wins" if len(winners) == 1 else " share the win")
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
                         raw(details), class_="replay-result " + ("won" if won else "lost"),
                         data_result=True))
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
        aria_labelledby="end-title", data_result=True))


def player_cell(seat, payload):
    """A seat's name in a score table, "(you)" marked unless several people
    share the device (plain text, nothing to escape)."""
    you = not pass_and_play(payload) and seat == payload["view"]["seat"]
    return seat_name(seat) + (" (you)" if you else "")
