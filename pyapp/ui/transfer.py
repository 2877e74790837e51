"""All local data as one file, and that file merged back, on this browser
or another:

    {"safehouse": "export", "format": 1, "exported": <ms>, "items": {key: text}}

`items` holds every safehouse.* key with its text untouched.

The page (MicroPython) writes the file. An import runs in the engine's
worker instead (pyapp/worker.py's import_data, under Pyodide): the page's
static/transfer.mjs sends it the file and this device's safehouse.* entries,
`import_export` answers what to write, and the page writes it. So the
file's text never enters the page's MicroPython, whose heap a file of a few
MB exhausted, and the page's thread stays free while it is read.

Each entry of the file is read first by the reader the page itself uses for
its kind (saves.parse_entry for an unfinished game, stats.read_rows for
statistics and the deal of the day's record, history.parse_record for a
finished game's record, ...). One that cannot be read is skipped, and the
answer says which and why; a save set aside (saves.set_aside) goes as it
is, since it is kept precisely because it cannot be read. Of the rest, an
import never overwrites:
- a key that is not here is added as it is;
- the same text is already here: nothing to do;
- statistics and the deal of the day's record are merged row by row (each
  finished game once);
- settings: the names not set here are added;
- an unfinished game that differs from the one here under its id is kept
  beside it under a new id;
- anything else that differs (a finished game's record, a set-aside save)
  stays as it is here.
A file that is not such an export changes nothing and says why.
"""

import json

from . import history, saves
from .daily import DAILY
from .stats import STATS, merged_rows, read_rows

PREFIX = "safehouse."
FORMAT = 1
# Far above any export (a browser keeps some 5 million characters per site;
# 50 finished games and a few unfinished ones take ~0.3 MB), yet a size that
# the worker reads in seconds. static/transfer.mjs refuses a larger file
# before reading it.
MAX_FILE_CHARS = 64 * 1024 * 1024
SETTINGS = "safehouse.settings"
REASONS_SHOWN = 3  # skipped entries whose reason the message gives; the rest are counted


def export_text(store, now, dumps=json.dumps):
    """Every safehouse.* key and its text, as the export file's JSON. (The
    page passes the browser's JSON.stringify as `dumps`: MicroPython takes
    a quarter of a second to write 50 finished games.)"""
    items = {}
    for key in saves.keys(store, PREFIX):
        text = saves.read(store, key)
        if text is not None:
            items[key] = text
    return dumps({"safehouse": "export", "format": FORMAT, "exported": now, "items": items})


# -- import (in the engine's worker) --------------------------------------------------------


class Entries:
    """Entries as a plain dict (key: text) with the methods of localStorage
    that saves.py uses, so that the page's own code reads and writes them
    unchanged. Notes every key written, in order."""

    def __init__(self, items):
        self.items = dict(items)
        self.written = []
        self._keys = None  # the keys in order, for key(index), until one is added or removed

    @property
    def length(self):
        return len(self.items)

    def key(self, index):
        if self._keys is None:
            self._keys = list(self.items)
        return self._keys[index] if index < len(self._keys) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, text):
        if key not in self.items:
            self._keys = None
        self.items[key] = text
        self.written.append(key)

    def removeItem(self, key):
        if key in self.items:
            del self.items[key]
            self._keys = None


def parse_export(text, too_deep):
    """The items of an export file; ValueError says what is wrong with it.
    `too_deep(text)` tells JSON text that nests too deeply to parse safely."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("the file is empty")
    if len(text) > MAX_FILE_CHARS:
        raise ValueError("the file is too large to be a Safehouse export (%s; at most %s)"
                         % (megabytes(len(text)), megabytes(MAX_FILE_CHARS)))
    if too_deep(text):
        raise ValueError("the file is not readable (it nests too deeply)")
    try:
        data = json.loads(text)
    except Exception:
        raise ValueError("the file is not readable (not JSON, or cut short)")
    if not isinstance(data, dict) or data.get("safehouse") != "export" \
            or not isinstance(data.get("items"), dict):
        raise ValueError("the file is not a Safehouse export")
    if data.get("format") != FORMAT:
        raise ValueError("the file is an export of another version (format %s)"
                         % data.get("format"))
    for key, value in data["items"].items():
        if not isinstance(key, str) or not key.startswith(PREFIX) or not isinstance(value, str):
            raise ValueError("the file holds an entry that is not Safehouse data")
    return data["items"]


def megabytes(count):
    return "%.1f MB" % (count / 1000000)


def import_export(mine, text, make_id, titles, too_deep):
    """Merge the export file `text` into `mine`, this device's entries
    ({key: text}). `make_id()` gives a new game id, `titles` maps a game's
    id to its title, `too_deep` is as for parse_export. Answers {"writes":
    [[key, text, what, count]], "removes": [key], "added", "merged",
    "kept", "skipped": [[what, why]]}, where `what` names an entry for a
    person and `count` is the count its write adds to. ValueError (nothing
    to write) when the file is not an export."""
    items = parse_export(text, too_deep)
    store = Entries(mine)
    counts = {"added": 0, "merged": 0, "kept": 0}
    skipped, notes = [], {}
    carried = set_aside_keys(items) | set_aside_keys(mine)
    for key in replays_first(items):
        what = described(key, titles)
        read, problem = (None, None) if key in carried else \
            read_entry(key, items[key], store, too_deep)
        if problem is None:
            written = len(store.written)
            done, problem = merge(store, key, items[key], read, make_id)
            for changed in store.written[written:]:
                notes[changed] = [what, done]
        if problem is None:
            counts[done] += 1
        else:
            skipped.append([what, problem])
    history.prune(store)  # the oldest finished games beyond history.KEEP make room
    writes = [[key, text, notes[key][0], notes[key][1]] for key, text in store.items.items()
              if mine.get(key) != text]
    removes = [key for key in mine if key not in store.items]
    return {"writes": writes, "removes": removes, "added": counts["added"],
            "merged": counts["merged"], "kept": counts["kept"], "skipped": skipped}


def replays_first(items):
    """The file's keys, finished games' replays first: a finished game's
    record is merged only when its replay is there."""
    keys = sorted(items)
    return [key for key in keys if key.startswith(history.REPLAY)] + \
        [key for key in keys if not key.startswith(history.REPLAY)]


def set_aside_keys(items):
    """The saves that set-aside records among `items` keep as they are
    (unfinished games and saves of earlier builds only)."""
    kept = set()
    for _, record in saves.set_aside_saves(Entries(items)):
        if record["key"].startswith(saves.GAME) or record["key"].startswith(saves.LEGACY):
            kept.add(record["key"])
    return kept


def described(key, titles):
    """An entry, as a person would name it."""
    if key == SETTINGS:
        return "the settings"
    if key == DAILY:
        return "the record of the deal of the day"
    if key.startswith(STATS):
        game = key[len(STATS):]
        return "the statistics of %s" % titles.get(game, game)
    for prefix, name in ((saves.GAME, "an unfinished game"), (saves.ASIDE, "a set-aside save"),
                         (saves.LEGACY, "a saved game of an earlier version"),
                         (history.HISTORY, "a finished game's record"),
                         (history.REPLAY, "a finished game's replay")):
        if key.startswith(prefix):
            return name
    return key


def read_entry(key, text, store, too_deep):
    """The file's entry under `key` read by the page's own reader of its
    kind: (what the reader made of it, None), or (None, why it cannot be
    merged). `store` holds this device's entries and those merged so far."""
    if too_deep(text):
        return None, "it is nested too deeply"
    try:
        if key.startswith(saves.GAME):
            return saves.parse_entry(text), None
        if key.startswith(saves.LEGACY):
            return saves.parse_json(text), None
        if key.startswith(saves.ASIDE):
            records = saves.set_aside_saves(Entries({key: text}))
            return (records[0][1], None) if records else (None, "it is not readable")
        if key.startswith(STATS) or key == DAILY:
            rows, problem = read_rows(Entries({key: text}), key)
            return (None, problem) if problem else (rows, None)
        if key.startswith(history.REPLAY):
            save = history.parse_json(text)
            return (save, None) if isinstance(save, dict) else (None, "it is not a saved game")
        if key.startswith(history.HISTORY):
            record = history.parse_record(text)
            if store.getItem(history.REPLAY + history.id_of(key)) is None:
                return None, "its replay is missing or could not be read"
            return record, None
        if key == SETTINGS:
            return read_settings(text), None
    except ValueError as err:
        return None, str(err)
    return None, "this version of Safehouse does not know it"


def merge(store, key, theirs, read, make_id):
    """Merge one readable entry of the file (`read`: what read_entry made
    of it): (the count it adds to, None), or (None, why it could not be
    merged)."""
    mine = saves.read(store, key)
    if mine is None:
        return ("added" if saves.write(store, key, theirs) else "kept"), None
    if mine == theirs:
        return "kept", None
    if key == DAILY or key.startswith(STATS):
        return merged_into(store, key, read, merge_rows)
    if key == SETTINGS:
        return merged_into(store, key, read, merge_settings)
    if key.startswith(saves.GAME):
        beside = saves.GAME + make_id()
        while saves.read(store, beside) is not None:
            beside = saves.GAME + make_id()
        return ("merged" if saves.write(store, beside, theirs) else "kept"), None
    return "kept", None


def merged_into(store, key, theirs, combine):
    """Write `combine(store, key, theirs)` under `key` (`theirs`: what
    read_entry made of the file's entry); when what is here cannot be read,
    it stays as it is and the file's entry is not merged."""
    try:
        text = combine(store, key, theirs)
    except ValueError as err:
        return None, "the one here cannot be read (%s), so it was left as it is" % err
    return ("merged" if saves.write(store, key, text) else "kept"), None


def merge_rows(store, key, theirs):
    mine, problem = read_rows(store, key)
    if problem:
        raise ValueError(problem)
    return json.dumps({"rows": merged_rows(mine, theirs)})


def read_settings(text):
    """The settings' names and values; ValueError if they cannot be read."""
    try:
        settings = json.loads(text)
    except Exception:
        settings = None
    if not isinstance(settings, dict):
        raise ValueError("it is not readable")
    return settings


def merge_settings(store, key, theirs):
    mine = read_settings(saves.read(store, key))
    for name in theirs:
        if name not in mine:
            mine[name] = theirs[name]
    return json.dumps(mine)


# -- what the page says -----------------------------------------------------------------


def import_message(summary):
    """(text, kind) of the message after an import. `summary` is what
    static/transfer.mjs answers: {"ok": false, "error"}, or the worker's
    counts and "skipped" with "unstored": [[what, count, why]], the writes
    the browser refused."""
    if not summary.get("ok"):
        return ("This file could not be imported: %s. Nothing was changed."
                % summary.get("error"), "error")
    counts = {"added": summary["added"], "merged": summary["merged"], "kept": summary["kept"]}
    unstored = summary.get("unstored") or []
    for _, count, _ in unstored:
        counts[count] -= 1
    text = "Imported: %d added, %d merged with what was here, %d already here." % (
        counts["added"], counts["merged"], counts["kept"])
    for name, entries in (("skipped", summary["skipped"]), ("not stored", unstored)):
        if entries:
            text += " %d %s: %s." % (len(entries), name, reasons_text(entries))
    return text, "error" if summary["skipped"] or unstored else "info"


def reasons_text(entries):
    """The first few entries, "what, because why" each, and how many more."""
    shown = ["%s, because %s" % (entry[0], entry[-1]) for entry in entries[:REASONS_SHOWN]]
    rest = len(entries) - REASONS_SHOWN
    if rest > 0:
        shown.append("and %d more" % rest)
    return "; ".join(shown)
