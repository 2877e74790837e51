"""Seeded games played through the session, for the table tests."""

from pyapp.engine.bots import RandomBot
from pyapp.games import GAMES
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


def human_decisions(game_id, players, seeds):
    """An independent copy of the session at each human decision of seeded
    games (easy bots), where the human plays at random."""
    for seed in seeds:
        session = Session.start({"game": game_id, "players": players, "seed": seed,
                                 "levels": [None] + ["easy"] * (players - 1)})
        rng = Rng(seed)
        while not session.state.is_over:
            payload = session.payload()
            if payload["bot_to_act"]:
                assert session.bot_step()["ok"]
                continue
            yield Session.restore(session.save())
            legal = payload["legal"]
            assert session.act(legal[rng.below(len(legal))])["ok"]


def reveals(session, action):
    """Whether the human's `action` would show them anything, as the session judges."""
    from pyapp.session import reveal_rng

    return session.state.reveals(action, session.human, reveal_rng(session.state))


def expected_title(winners):
    """What the end screen's title says to the human in seat 0."""
    if 0 in winners:
        return "You "  # "You win" or "You share the win"
    if len(winners) == 1:
        return "Player %d wins" % (winners[0] + 1)
    return "You lose"


def rules_sheet(game_id):
    """The rules sheet the page shows for `game_id`, from the game's catalogue entry."""
    from pyapp.bots import catalogue
    from pyapp.ui.rules import rules_html

    return rules_html(next(entry for entry in catalogue() if entry["id"] == game_id))


def assert_end_screen(html, result):
    """The end screen names `result` to the human in seat 0 and offers a new deal,
    the same deal and the lobby."""
    from pyapp.ui.html import esc

    assert 'class="end-screen' in html and esc(result["summary"]) in html
    assert expected_title(result["winners"]) in html
    for action in ("new-deal", "same-deal", "lobby"):
        assert 'data-action="%s"' % action in html


def hostile_payload(payload, log_kind=None):
    """A copy of `payload` whose prompt and bot levels are markup, and, with
    `log_kind`, a log line of that kind since the human's last decision too."""
    import json

    payload = json.loads(json.dumps(payload))
    payload["view"]["prompt"] = "<script>alert(1)</script>"
    payload["levels"] = [None] + ["<b>bold</b>"] * (payload["players"] - 1)
    if log_kind:
        payload["log"].append({"text": "<i>x</i>", "kind": log_kind})
        payload["view"]["log_since_decision"] = 1
    return payload


def assert_escaped(html):
    """The markup of a `hostile_payload` reached the page as text only."""
    assert "<script>" not in html and "<b>bold</b>" not in html and "<i>x</i>" not in html
    assert "&lt;script&gt;" in html


def assert_hint_marks(html, action, hinted_class):
    """Exactly one button carries `hinted_class`: the one that plays `action`."""
    import re

    from pyapp.ui.html import action_json, esc

    assert html.count(hinted_class) == 1
    hinted = re.search(r"<button[^>]*%s[^>]*>" % hinted_class, html).group(0)
    assert esc(action_json(action)) in hinted


UNDO_SEEDS = range(1, 40)  # where after_a_move and forced_move look


def human_to_act(session):
    return not session.state.is_over and session.state.to_act == session.human


def after_a_move(game_id, revealing):
    """A session right after a human move that did (or did not) reveal
    something, with the human to decide again and no forced move pending;
    and the move count before that move."""
    players = GAMES[game_id].min_players
    for session in human_decisions(game_id, players, UNDO_SEEDS):
        legal = session.payload()["legal"]
        moves = [action for action in legal if reveals(session, action) == revealing]
        if not moves or (len(legal) < 2 and not revealing):
            continue
        before = len(session.state.history)
        session.act(moves[0])
        if human_to_act(session) and session.payload()["only_choice"] is None:
            return session, before
    raise AssertionError("no such move in %s" % game_id)


def forced_move(game_id, players):
    """A session whose human decision is a forced move that reveals nothing."""
    for session in human_decisions(game_id, players, UNDO_SEEDS):
        if session.payload()["only_choice"] is not None:
            return session
    raise AssertionError("no forced move in %s" % game_id)
