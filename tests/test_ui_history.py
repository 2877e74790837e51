"""What is kept of finished games (pyapp/ui/history.py, stats.py, daily.py),
under CPython with the stand-in for localStorage: each game is recorded and
counted once, the oldest records make room (after an import too), what
cannot be read is reported and left alone. (Export and import:
tests/test_transfer.py.)"""

import datetime
import json

import pytest

from pyapp.session import Session
from pyapp.ui import daily, history, saves, stats, transfer
from pyapp.ui.replay import hands_html, replay_html, step_html, target_step
from pyapp.replay import Replay

from playthrough import payloads
from test_ui_saves import FakeStorage, import_into

CATALOGUE = [{"id": "deck-of-spies", "title": "Deck of Spies", "max_players": 1},
             {"id": "spy-tricks", "title": "Spy Tricks", "max_players": 4}]


def finished(game="deck-of-spies", players=1, seed=53):
    return payloads(game, players, seed)[1][-1]


def record(game_id="g1", when=1000, won=False, game="deck-of-spies", players=1, levels=None):
    return {"id": game_id, "game": game, "title": "T", "when": when, "won": won,
            "summary": "", "players": players, "levels": levels or [None], "seed": 1,
            "moves": 3, "save": {"format": 1}}


# -- history -----------------------------------------------------------------------------


def test_a_finished_game_is_recorded_once_however_often_its_end_is_seen():
    store, payload = FakeStorage(), finished()
    first = history.record_of("a1", payload, 1000)
    assert history.add(store, first)
    assert not history.add(store, history.record_of("a1", payload, 2000))
    [listed], broken = history.finished_games(store)
    assert broken == [] and listed["when"] == 1000 and listed["won"] is False
    assert "save" not in listed and len(json.dumps(listed)) < 400  # the list reads only this
    kept = history.find(store, "a1")
    assert kept["save"] == payload["save"] and kept["moves"] == payload["moves"]
    assert history.find(store, "nothing") is None


def test_the_record_replays_the_game_to_its_end():
    payload = finished("spy-tricks", 3, 4)
    kept = json.loads(json.dumps(history.record_of("a1", payload, 1)))
    replay = Replay(kept["save"])
    assert replay.payload(replay.steps)["view"] == payload["view"]
    assert kept["won"] == (0 in payload["view"]["result"]["winners"])


def test_only_the_last_fifty_are_kept():
    store = FakeStorage()
    for number in range(history.KEEP + 3):
        assert history.add(store, record("g%d" % number, when=number))
    records, broken = history.finished_games(store)
    assert len(records) == history.KEEP and broken == []
    assert (records[0]["id"], records[-1]["id"]) == ("g52", "g3")
    assert len(saves.keys(store, history.REPLAY)) == history.KEEP
    assert history.find(store, "g2") is None and history.find(store, "g3")["save"]
    imported, old = FakeStorage(dict(store.items)), dict(record("old", when=1))
    answer = import_into(imported, transfer.export_text(FakeStorage(
        {history.HISTORY + "%013d.old" % 1: json.dumps(old), history.REPLAY + "old": "{}"}), 1))
    assert answer["added"] == 2 and answer["skipped"] == []
    assert history.key_of(imported, "old") is None and imported.items == store.items


def test_a_record_that_cannot_be_read_is_reported_and_left_alone():
    bad = history.HISTORY + "0000000000005.bad"
    store = FakeStorage({bad: "{cut sh"})
    history.add(store, record("good", when=9))
    records, broken = history.finished_games(store)
    assert [r["id"] for r in records] == ["good"]
    assert broken == [(bad, "it is not readable (not JSON, or cut short)")]
    assert store.getItem(bad) == "{cut sh" and history.find(store, "bad") is None


def test_the_history_lists_each_game_with_its_result_and_says_what_it_could_not_read():
    records = [record("w", won=True), record("l", game="spy-tricks", players=3,
                                             levels=[None, "hard", "hard"])]
    html = history.history_html(CATALOGUE, records, [("k", "it lacks id")], 0)
    assert html.index("Deck of Spies") < html.index("Spy Tricks")
    assert 'data-history="w"' in html and ">Won<" in html and ">Lost<" in html
    assert "hard bots" in html and "1 Jan 1970, 00:00" in html
    assert "1 stored record could not be read (it lacks id)" in html
    assert "data-history-empty" in history.history_html(CATALOGUE, [], [], 0)


@pytest.mark.parametrize("iso", ["2026-11-30T20:40:12.345Z", "2000-02-29T23:59:59.999Z",
                                 "1970-01-01T00:00:00.000Z", "2100-03-01T00:00:00.000Z"])
def test_times_are_read_and_written_as_the_calendar_has_them(iso):
    ms = history.ms_of_iso(iso)
    real = datetime.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    assert ms == round(real.timestamp() * 1000)
    east = real + datetime.timedelta(minutes=90)
    assert history.local_time(ms, 90) == (east.year, east.month, east.day, east.hour, east.minute)
    assert history.day_key(ms, 0) == iso[:10]


# -- statistics ----------------------------------------------------------------------------


def test_statistics_count_each_finished_game_once():
    store = FakeStorage()
    assert stats.add_result(store, record("a", won=True))
    assert not stats.add_result(store, record("a", won=True))
    rows, problem = stats.read_rows(store, stats.STATS + "deck-of-spies")
    assert problem is None and stats.summary(rows)["played"] == 1


def test_streaks_rates_and_breakdowns():
    results = [(1, 3, "easy"), (1, 3, "easy"), (1, 4, "hard"), (0, 4, "hard"), (1, 3, "easy"),
               (0, 5, "mixed"), (1, 3, "hard"), (1, 3, "hard")]
    rows = [["g%d" % n, n, won, seats, level] for n, (won, seats, level) in enumerate(results)]
    numbers = stats.summary(rows)
    assert (numbers["played"], numbers["won"], numbers["streak"], numbers["best"]) == (8, 6, 2, 3)
    assert numbers["by_seats"] == [[3, 5, 5], [4, 2, 1], [5, 1, 0]]
    assert numbers["by_level"] == [["easy", 3, 3], ["hard", 4, 3], ["mixed", 1, 0]]
    assert numbers["recent"] == [1, 1, 1, 0, 1, 0, 1, 1]
    html = stats.stats_html(CATALOGUE, {"deck-of-spies": ([], None), "spy-tricks": (rows, None)})
    assert '<strong data-stat="played">8</strong>' in html and "75%" in html
    assert "The last 8 games, oldest first: 6 won, 2 lost" in html


def test_unreadable_statistics_are_reported_and_left_alone():
    store = FakeStorage({stats.STATS + "deck-of-spies": "[1, 2"})
    assert not stats.add_result(store, record("a"))
    assert store.getItem(stats.STATS + "deck-of-spies") == "[1, 2"
    rows, problem = stats.read_rows(store, stats.STATS + "deck-of-spies")
    html = stats.stats_html(CATALOGUE, {"deck-of-spies": (rows, problem),
                                        "spy-tricks": ([], None)})
    assert "could not be read" in html and 'data-action="reset-stats"' in html
    stats.reset(store, "deck-of-spies")
    assert stats.add_result(store, record("a"))


class SmallHeapStorage(FakeStorage):
    """localStorage as the page's MicroPython reads it: a text of a megabyte
    or more fails to come across (its heap), and saves.read answers None."""

    def getItem(self, key):
        text = super().getItem(key)
        if text is not None and len(text) >= 1000000:
            raise MemoryError("memory allocation failed, allocating %d bytes" % len(text))
        return text


def test_statistics_too_large_to_read_here_are_reported_and_never_overwritten():
    big = json.dumps({"rows": [["g%d" % number, number, 1, 1, None] for number in range(40000)]})
    store = SmallHeapStorage({stats.STATS + "deck-of-spies": big})
    assert stats.read_rows(store, stats.STATS + "deck-of-spies") == ([], stats.UNREAD)
    assert not stats.add_result(store, record("a"))
    assert store.items[stats.STATS + "deck-of-spies"] == big
    assert stats.read_rows(store, stats.STATS + "spy-tricks") == ([], None)
    assert stats.add_result(store, record("b", game="spy-tricks", players=3))


def test_the_level_of_a_game_is_the_bots_shared_one():
    assert stats.bots_level([None, "hard", "hard"]) == "hard"
    assert stats.bots_level([None, "easy", "hard"]) == "mixed"
    assert stats.bots_level([None]) is None


# -- the deal of the day ----------------------------------------------------------------------


def test_the_deal_of_the_day_is_a_function_of_the_date_alone():
    assert daily.daily_seed("2026-11-30") == daily.daily_seed("2026-11-30") == 314307376
    seeds = set(daily.daily_seed("2026-12-%02d" % day) for day in range(1, 32))
    assert len(seeds) == 31 and all(0 <= seed < 2 ** 30 for seed in seeds)


def test_a_finished_deal_of_the_day_is_an_attempt_once():
    store, today = FakeStorage(), "2026-11-30"
    game = dict(record("a", won=True), seed=daily.daily_seed(today))
    assert daily.record_attempt(store, game, [today, "2026-11-29"])
    assert not daily.record_attempt(store, game, [today, "2026-11-29"])
    assert not daily.record_attempt(store, dict(game, id="b", seed=5), [today])
    assert not daily.record_attempt(store, dict(game, id="c", game="spy-tricks"), [today])
    rows, problem = daily.attempts(store, today)
    assert len(rows) == 1 and problem is None
    html = daily.daily_html(today, rows, problem)
    assert "won 1 time" in html and "30 Nov 2026" in html and "deal #314307376" in html and 'data-action="daily"' in html


# -- the replay screen's parts -------------------------------------------------------------------


def test_steps_stay_within_the_game():
    assert [target_step(move, 0, 9) for move in ("back", "next", "first", "last")] == [0, 1, 0, 9]
    assert target_step("next", 9, 9) == 9


def test_a_replay_draws_each_step_read_only_with_every_hand_on_demand():
    session, seen = payloads("spy-tricks", 3, 4)
    replay = Replay(session.save())
    frame = replay_html(history.record_of("a", seen[-1], 1), replay.moves())
    assert frame.count('data-action="replay-to"') == replay.steps + 1
    assert 'data-setting="replay-hands"' in frame
    middle = replay.payload(5)
    table = step_html(middle)
    assert 'data-action="do"' not in table and "data-act=" not in table
    last = step_html(replay.payload(replay.steps))
    assert "replay-result" in last and "end-screen" not in last
    hands = hands_html({"payload": middle, "hands": replay.hands(5)})
    assert hands.count("<li>") == 3 and "Player 2" in hands
