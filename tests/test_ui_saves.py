"""The games kept on this device (pyapp/ui/saves.py), under CPython with a
stand-in for localStorage: nothing is deleted on its own, a record that
cannot be read is set aside with its reason, links find their game."""

import json

import pytest

from pyapp.session import Session
from pyapp.ui import saves
from pyapp.ui.lobby import kept_games_html

from page import FakeStorage


TITLES = {"deck-of-spies": "Deck of Spies", "mister-spy": "Mister Spy", "spy-tricks": "Spy Tricks"}


def import_into(store, text, make_id=lambda: "new"):
    """Import the export file `text` into `store` as the page does
    (static/transfer.mjs): the worker's answer (pyapp/ui/transfer.py), its
    writes and removals then applied. Returns that answer."""
    from pyapp.ui import transfer
    from pyapp.worker import _nests_too_deeply
    mine = {key: store.getItem(key) for key in saves.keys(store, transfer.PREFIX)}
    answer = transfer.import_export(mine, text, make_id, TITLES, _nests_too_deeply)
    for key, value, _, _ in answer["writes"]:
        store.setItem(key, value)
    for key in answer["removes"]:
        store.removeItem(key)
    return answer


def payload(game="mister-spy", seed=44, players=3, level="easy", moves=0):
    session = Session.start({"game": game, "seed": seed, "players": players,
                             "levels": [None] + [level] * (players - 1)})
    for _ in range(moves):
        if session.state.to_act == session.human:
            session.act(session.state.legal_actions()[0])
        else:
            session.bot_step()
    return session.payload()


def test_a_kept_game_is_listed_with_what_the_lobby_shows():
    store = FakeStorage()
    store.setItem(saves.GAME + "a1", saves.entry_text(payload(moves=3), 1000))
    games, broken = saves.in_progress(store)
    assert broken == []
    [(game_id, entry)] = games
    assert game_id == "a1"
    meta = entry["meta"]
    assert (meta["game"], meta["players"], meta["moves"], meta["seed"]) == ("mister-spy", 3, 3, 44)
    assert meta["levels"] == [None, "easy", "easy"]
    html = kept_games_html(games, [], 1000 + 5 * 60000)
    assert 'data-resume="a1"' in html and "easy bots" in html and "3 moves" in html
    assert "last played 5 min ago" in html


def test_games_are_listed_newest_first():
    store = FakeStorage()
    store.setItem(saves.GAME + "old", saves.entry_text(payload(seed=1), 1000))
    store.setItem(saves.GAME + "new", saves.entry_text(payload(seed=2), 2000))
    assert [game_id for game_id, _ in saves.in_progress(store)[0]] == ["new", "old"]


@pytest.mark.parametrize("text, words", [
    ("{not json", "not readable"),
    ('{"meta": {"game": "x"', "not readable"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ("x" * (saves.MAX_CHARS + 1), "too large"),
    ('{"meta": {}, "save": {}}', "lacks game"),
    ("[1, 2]", "not a Safehouse game record"),
])
def test_a_record_that_cannot_be_read_is_reported_not_dropped(text, words):
    store = FakeStorage({saves.GAME + "bad": text})
    games, broken = saves.in_progress(store)
    assert games == []
    [(key, reason)] = broken
    assert key == saves.GAME + "bad" and words in reason
    assert store.getItem(key) == text


def test_a_set_aside_save_keeps_its_text_until_discarded():
    store = FakeStorage({saves.GAME + "bad": "{not json"})
    saves.set_aside(store, saves.GAME + "bad", "Deck of Spies", "it is not readable", 5)
    assert saves.in_progress(store) == ([], [])  # no longer offered to resume
    [(aside_id, record)] = saves.set_aside_saves(store)
    assert record == {"key": saves.GAME + "bad", "title": "Deck of Spies",
                      "reason": "it is not readable", "when": 5}
    html = kept_games_html([], [(aside_id, record)], 5)
    assert 'data-setaside="bad"' in html and "it is not readable" in html
    assert 'data-action="export-aside"' in html and 'data-action="discard-aside"' in html
    assert store.getItem(saves.GAME + "bad") == "{not json"
    saves.discard_aside(store, aside_id)
    assert store.items == {}


def test_saves_of_earlier_builds_become_games_of_their_own():
    good = json.dumps(Session.start({"game": "deck-of-spies", "seed": 9}).save())
    store = FakeStorage({saves.LEGACY + "deck-of-spies": good,
                         saves.LEGACY + "spy-tricks": "{truncated"})
    ids = iter(["n1"])
    saves.carry_over_legacy(store, 7, lambda: next(ids), lambda game: game.title())
    [(game_id, entry)] = saves.in_progress(store)[0]
    assert game_id == "n1" and entry["save"] == json.loads(good)
    assert entry["meta"]["seed"] == 9 and entry["meta"]["moves"] == 0
    assert saves.LEGACY + "deck-of-spies" not in store.items
    [(_, record)] = saves.set_aside_saves(store)
    assert record["key"] == saves.LEGACY + "spy-tricks" and "not readable" in record["reason"]
    assert store.getItem(saves.LEGACY + "spy-tricks") == "{truncated"


def test_a_link_finds_the_game_in_progress_with_the_same_deal_and_setup():
    store = FakeStorage()
    store.setItem(saves.GAME + "a", saves.entry_text(payload(seed=44, level="easy"), 1))
    games = saves.in_progress(store)[0]
    same = {"game": "mister-spy", "seed": 44, "players": 3, "levels": [None, "easy", "easy"]}
    assert saves.matching_game(games, same) == "a"
    for other in ({"seed": 45}, {"players": 4}, {"levels": [None, "hard", "hard"]},
                  {"game": "spy-tricks"}, {"options": {"target": 20}}):
        assert saves.matching_game(games, dict(same, **other)) is None


def test_storage_that_refuses_loses_nothing_and_raises_nothing():
    class Refusing:
        def __getattr__(self, name):
            raise RuntimeError("SecurityError")

    assert saves.in_progress(Refusing()) == ([], [])
    assert saves.write(Refusing(), "safehouse.x", "1") is False
    assert saves.read(None, "safehouse.x") is None


def test_new_ids_are_key_safe():
    game_id = saves.new_game_id(1764500000000, 0.123456)
    assert game_id.replace("-", "").isalnum() and game_id == game_id.lower()
