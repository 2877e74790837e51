"""All local data to a file and back (pyapp/ui/transfer.py), under CPython
with the stand-in for localStorage: the import runs as in the engine's
worker (pyapp/worker.py's import_data), checks each entry of the file with
the page's own reader of its kind, merges without overwriting, and says
what it skipped and why."""

import json

import pytest

from pyapp import worker
from pyapp.session import Session
from pyapp.ui import daily, history, saves, stats, transfer

from test_ui_history import finished, record
from page import FakeStorage
from test_ui_saves import import_into


def store_with_everything():
    payload = Session.start({"game": "spy-tricks", "players": 3, "seed": 2}).payload()
    return FakeStorage({
        saves.GAME + "u1": saves.entry_text(payload, 5),
        saves.ASIDE + "x": json.dumps({"key": "safehouse.save.old", "title": "T", "reason": "r"}),
        "safehouse.save.old": "not a save",  # set aside: it goes as it is
        history.HISTORY + "a": json.dumps(record("a")),
        history.REPLAY + "a": json.dumps({"format": 1}),
        stats.STATS + "deck-of-spies": json.dumps({"rows": [["a", 1000, 0, 1, None]]}),
        daily.DAILY: json.dumps({"rows": [["a", 1000, 0, "2026-11-30"]]}),
        transfer.SETTINGS: json.dumps({"pace": "fast"}),
        "other.app": "not ours",
    })


def counts(answer):
    return {name: answer[name] for name in ("added", "merged", "kept")}


def test_export_then_clear_then_import_restores_everything():
    store = store_with_everything()
    text = transfer.export_text(store, 99)
    assert "other.app" not in json.loads(text)["items"]
    empty = FakeStorage({"other.app": "theirs"})
    answer = import_into(empty, text)
    assert counts(answer) == {"added": 8, "merged": 0, "kept": 0} and answer["skipped"] == []
    assert empty.items == dict(store.items, **{"other.app": "theirs"})
    again = import_into(empty, text)
    assert counts(again) == {"added": 0, "merged": 0, "kept": 8} and again["writes"] == []


def test_an_import_merges_and_never_overwrites():
    theirs = transfer.export_text(store_with_everything(), 1)
    mine = FakeStorage({
        saves.GAME + "u1": saves.entry_text(finished("spy-tricks", 3, 9), 7),
        stats.STATS + "deck-of-spies": json.dumps({"rows": [["b", 500, 1, 1, None]]}),
        transfer.SETTINGS: json.dumps({"pace": "slow", "auto_answer": False}),
        history.HISTORY + "a": json.dumps(dict(record("a"), summary="mine")),
    })
    before = dict(mine.items)
    answer = import_into(mine, theirs, lambda: "fresh")
    assert counts(answer) == {"added": 4, "merged": 3, "kept": 1} and answer["skipped"] == []
    assert mine.getItem(saves.GAME + "u1") == before[saves.GAME + "u1"]
    assert saves.GAME + "fresh" in mine.items  # their unfinished game, beside mine
    rows = json.loads(mine.getItem(stats.STATS + "deck-of-spies"))["rows"]
    assert [row[0] for row in rows] == ["b", "a"]
    assert json.loads(mine.getItem(transfer.SETTINGS)) == {"pace": "slow", "auto_answer": False}
    assert mine.getItem(history.HISTORY + "a") == before[history.HISTORY + "a"]


def test_an_unfinished_game_beside_mine_never_takes_the_id_of_another():
    theirs = transfer.export_text(store_with_everything(), 1)
    mine = FakeStorage({saves.GAME + "u1": saves.entry_text(finished("spy-tricks", 3, 9), 7),
                        saves.GAME + "taken": "mine"})
    ids = iter(["taken", "free"])
    import_into(mine, theirs, lambda: next(ids))
    assert mine.getItem(saves.GAME + "taken") == "mine" and saves.GAME + "free" in mine.items


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("{not json", "not readable"),
    ('{"items": {}}', "not a Safehouse export"),
    ('{"safehouse": "export", "format": 2, "items": {}}', "another version"),
    ('{"safehouse": "export", "format": 1, "items": {"x.y": "1"}}', "not Safehouse data"),
    ('{"safehouse": "export", "format": 1, "items": {"safehouse.a": 1}}', "not Safehouse data"),
    ("[" * 60 + "]" * 60, "not a Safehouse export"),
    ("[" * 100 + "]" * 100, "nests too deeply"),
    ("[" * 100000 + "]" * 100000, "not readable"),
    ("x" * (transfer.MAX_FILE_CHARS + 1), "too large"),
])
def test_a_file_that_is_not_an_export_changes_nothing(text, words):
    store = store_with_everything()
    before = dict(store.items)
    with pytest.raises(ValueError, match=words):
        import_into(store, text)
    assert store.items == before


# -- each entry is checked before it is merged -------------------------------------------------


def export_of(items):
    return json.dumps({"safehouse": "export", "format": 1, "exported": 1, "items": items})


def test_a_corrupt_statistics_value_is_skipped_with_its_reason_and_the_rest_is_merged():
    good = store_with_everything()
    items = dict(good.items)
    del items["other.app"]
    items[stats.STATS + "mister-spy"] = "{broken"
    mine = FakeStorage({stats.STATS + "mister-spy": json.dumps({"rows": [["m", 5, 1, 3, "easy"]]})})
    before = mine.getItem(stats.STATS + "mister-spy")
    answer = import_into(mine, export_of(items))
    assert counts(answer) == {"added": 8, "merged": 0, "kept": 0}
    assert answer["skipped"] == [["the statistics of Mister Spy",
                                  "it is not readable (not JSON, or cut short)"]]
    assert mine.getItem(stats.STATS + "mister-spy") == before
    assert stats.read_rows(mine, stats.STATS + "mister-spy") == ([["m", 5, 1, 3, "easy"]], None)
    for key, text in good.items.items():
        assert key == "other.app" or mine.getItem(key) == text
    text, kind = transfer.import_message(dict(answer, ok=True, unstored=[]))
    assert kind == "error" and text == (
        "Imported: 8 added, 0 merged with what was here, 0 already here. 1 skipped: the "
        "statistics of Mister Spy, because it is not readable (not JSON, or cut short).")


RECORD = json.dumps({key: value for key, value in record("r").items() if key != "save"})


@pytest.mark.parametrize("key, text, what, why", [
    (saves.GAME + "g", "{", "an unfinished game", "not readable"),
    (saves.GAME + "g", '{"meta": {"game": "x"}, "save": {}}', "an unfinished game",
     "its description lacks title"),
    (saves.GAME + "g", "[" * 500 + "]" * 500, "an unfinished game", "nested too deeply"),
    (saves.ASIDE + "s", '{"title": 1}', "a set-aside save", "not readable"),
    (saves.LEGACY + "spy-tricks", "{", "a saved game of an earlier version", "not readable"),
    (stats.STATS + "spy-tricks", '{"rows": [1, 2]}', "the statistics of Spy Tricks",
     "its rows are not lists"),
    (daily.DAILY, '{"rows": ', "the record of the deal of the day", "not readable"),
    (history.HISTORY + "0000000000001.r", '{"id": "r"}', "a finished game's record",
     "it lacks game"),
    (history.HISTORY + "0000000000001.r", RECORD, "a finished game's record",
     "its replay is missing"),
    (history.REPLAY + "r", "[1]", "a finished game's replay", "not a saved game"),
    (transfer.SETTINGS, '["fast"]', "the settings", "not readable"),
    ("safehouse.newer", "{}", "safehouse.newer", "does not know it"),
])
def test_each_kind_of_entry_is_read_by_its_own_reader(key, text, what, why):
    store = FakeStorage()
    answer = import_into(store, export_of({key: text, stats.STATS + "deck-of-spies":
                                           json.dumps({"rows": [["a", 1, 1, 1, None]]})}))
    [(skipped_what, skipped_why)] = answer["skipped"]
    assert skipped_what == what and why in skipped_why
    assert counts(answer)["added"] == 1 and list(store.items) == [stats.STATS + "deck-of-spies"]


def test_a_finished_games_record_comes_with_its_replay():
    store = FakeStorage()
    answer = import_into(store, export_of({history.HISTORY + "0000000000001.r": RECORD,
                                           history.REPLAY + "r": json.dumps({"format": 1})}))
    assert counts(answer)["added"] == 2 and history.find(store, "r")["save"] == {"format": 1}


def test_statistics_here_that_cannot_be_read_are_left_as_they_are_and_said():
    mine = FakeStorage({stats.STATS + "spy-tricks": "{mine, broken"})
    answer = import_into(mine, export_of({stats.STATS + "spy-tricks":
                                          json.dumps({"rows": [["a", 1, 1, 3, "easy"]]})}))
    [(what, why)] = answer["skipped"]
    assert what == "the statistics of Spy Tricks" and "the one here cannot be read" in why
    assert mine.items == {stats.STATS + "spy-tricks": "{mine, broken"}


def test_large_statistics_merge_as_any():
    rows = [["g%d" % number, number, number % 2, 3, "easy"] for number in range(60000)]
    mine = FakeStorage({stats.STATS + "spy-tricks": json.dumps({"rows": rows[::2]})})
    answer = import_into(mine, export_of({stats.STATS + "spy-tricks": json.dumps({"rows": rows})}))
    assert counts(answer) == {"added": 0, "merged": 1, "kept": 0}
    assert stats.read_rows(mine, stats.STATS + "spy-tricks")[0] == rows


def test_the_oldest_finished_games_make_room_for_imported_ones():
    mine = FakeStorage()
    for number in range(history.KEEP):
        history.add(mine, record("m%d" % number, when=10 + number))
    newer = {history.HISTORY + "%013d.new" % 1000: json.dumps(record("new", when=1000)),
             history.REPLAY + "new": "{}"}
    answer = import_into(mine, export_of(newer))
    assert answer["removes"] == [history.HISTORY + "%013d.m0" % 10, history.REPLAY + "m0"]
    assert [record["id"] for record in history.finished_games(mine)[0]][:2] == ["new", "m49"]


# -- the message ---------------------------------------------------------------------------


def test_the_message_counts_what_the_browser_did_not_store_and_shortens_long_lists():
    summary = {"ok": True, "added": 5, "merged": 1, "kept": 2,
               "skipped": [["a finished game's record", "it lacks id"]] * 4,
               "unstored": [["the statistics of Spy Tricks", "merged",
                             "the browser's storage is full"]]}
    text, kind = transfer.import_message(summary)
    assert kind == "error"
    assert text == ("Imported: 5 added, 0 merged with what was here, 2 already here. 4 skipped: "
                    "a finished game's record, because it lacks id; a finished game's record, "
                    "because it lacks id; a finished game's record, because it lacks id; and 1 "
                    "more. 1 not stored: the statistics of Spy Tricks, because the browser's "
                    "storage is full.")
    clean = dict(summary, skipped=[], unstored=[])
    assert transfer.import_message(clean) == (
        "Imported: 5 added, 1 merged with what was here, 2 already here.", "info")
    assert transfer.import_message({"ok": False, "error": "the file is empty"}) == (
        "This file could not be imported: the file is empty. Nothing was changed.", "error")


# -- the worker's call ---------------------------------------------------------------------------


def request_of(store, text, now=1764500000000):
    mine = {key: store.getItem(key) for key in saves.keys(store, transfer.PREFIX)}
    return json.dumps({"store": mine, "now": now}) + "\n" + text


def test_the_worker_answers_the_writes_and_touches_no_game():
    assert "import_data" in worker.CALLS
    worker.start(json.dumps({"game": "deck-of-spies", "seed": 3}))
    playing = worker._session
    items = dict(store_with_everything().items)
    del items["other.app"]
    items[stats.STATS + "mister-spy"] = "{broken"
    mine = FakeStorage({saves.GAME + "u1": "a game of mine"})
    answer = json.loads(worker.import_data(request_of(mine, export_of(items))))
    assert worker._session is playing
    assert answer["ok"] and counts(answer) == {"added": 7, "merged": 1, "kept": 0}
    assert answer["skipped"] == [["the statistics of Before I Kill You, Mister Spy...",
                                  "it is not readable (not JSON, or cut short)"]]
    written = {key: (text, what, count) for key, text, what, count in answer["writes"]}
    assert saves.GAME + "u1" not in written and len(written) == 8
    [beside] = [key for key in written if key.startswith(saves.GAME)]
    assert written[beside] == (items[saves.GAME + "u1"], "an unfinished game", "merged")
    assert written[stats.STATS + "deck-of-spies"][1:] == ("the statistics of Deck of Spies",
                                                          "added")
    assert answer["removes"] == []


def test_the_worker_reads_a_file_of_megabytes():
    rows = [["g%07d" % number, number, number % 2, 3, "easy"] for number in range(100000)]
    text = export_of({stats.STATS + "spy-tricks": json.dumps({"rows": rows})})
    assert len(text) > 3000000
    answer = json.loads(worker.import_data(request_of(FakeStorage(), text)))
    assert answer["ok"] and answer["added"] == 1 and answer["skipped"] == []


HEAD = '{"store": {}, "now": 1}\n'


@pytest.mark.parametrize("request_text, words", [
    ("", "no entries"),
    ('{"store": {}}\n{}', "no entries"),
    ('{"store": [], "now": 1}\n{}', "no entries"),
    (HEAD + "[" * 200000, "the file is not readable (it nests too deeply)"),
    (HEAD + "x" * 100, "the file is not readable (not JSON, or cut short)"),
    (HEAD + export_of({saves.GAME + "deep": "[" * 200000}), ""),
])
def test_the_worker_refuses_a_bad_request_or_file_with_a_reason(request_text, words):
    answer = json.loads(worker.import_data(request_text))
    if words:
        assert answer == {"ok": False, "error": answer["error"]} and words in answer["error"]
    else:  # a deep entry is skipped, not parsed (Pyodide's C stack would overflow)
        assert answer["skipped"] == [["an unfinished game", "it is nested too deeply"]]
