"""Seeded games played through the session, for the table tests."""

from pyapp.engine.bots import RandomBot
from pyapp.engine.rng import Rng
from pyapp.session import Session


def payloads(game_id, players, seed):
    """Every payload of one seeded game: the human seat plays at random, the
    other seats are easy bots. Returns the session and the payloads."""
    session = Session.start({"game": game_id, "players": players, "seed": seed,
                             "levels": [None] + ["easy"] * (players - 1)})
    rng, bot = Rng(seed), RandomBot()
    out = [session.payload()]
    while not session.state.is_over:
        if session.state.to_act == 0:
            session.act(bot.choose(session.state, 0, rng))
        else:
            session.bot_step()
        out.append(session.payload())
    return session, out


def expected_title(winners):
    """What the end screen's title says to the human in seat 0."""
    if 0 in winners:
        return "You "  # "You win" or "You share the win"
    if len(winners) == 1:
        return "Player %d wins" % (winners[0] + 1)
    return "You lose"


def rules_sheet(game_id):
    """The rules sheet the page shows for `game_id`, from the game's catalogue entry."""
    from pyapp.games import catalogue
    from pyapp.ui.rules import rules_html

    return rules_html(next(entry for entry in catalogue() if entry["id"] == game_id))
