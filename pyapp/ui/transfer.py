"""All local data as one file, and that file merged back, on this browser
or another:

    {"safehouse": "export", "format": 1, "exported": <ms>, "items": {key: text}}

`items` holds every safehouse.* key with its text untouched. An import
never overwrites:
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

from . import saves
from .daily import DAILY
from .stats import STATS, merged_rows, read_rows

PREFIX = "safehouse."
FORMAT = 1
MAX_FILE_CHARS = 8000000  # 50 finished games and a few unfinished ones take ~0.3 MB
SETTINGS = "safehouse.settings"


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


def parse_export(text):
    """The items of an export file; ValueError says what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("the file is empty")
    if len(text) > MAX_FILE_CHARS:
        raise ValueError("the file is too large to be a Safehouse export")
    try:  # (no nesting count first: MicroPython's parser does not recurse, CPython's
        data = json.loads(text)  # raises RecursionError, and the count is slow here)
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


def import_text(store, text, make_id):
    """Merge an export file into `store`: {"added", "merged", "kept"} counts
    of keys. ValueError (and nothing changed) when the file is not one."""
    counts = {"added": 0, "merged": 0, "kept": 0}
    for key, theirs in parse_export(text).items():
        mine = saves.read(store, key)
        if mine is None:
            done = "added" if saves.write(store, key, theirs) else "kept"
        elif mine == theirs:
            done = "kept"
        else:
            done = merge(store, key, theirs, make_id)
        counts[done] += 1
    return counts


def merge(store, key, theirs, make_id):
    """One key that differs here and in the file; which count it adds to."""
    if key == DAILY or key.startswith(STATS):
        return merged_into(store, key, theirs, merge_rows)
    if key == SETTINGS:
        return merged_into(store, key, theirs, merge_settings)
    if key.startswith(saves.GAME):
        return "merged" if saves.write(store, saves.GAME + make_id(), theirs) else "kept"
    return "kept"


def merged_into(store, key, theirs, combine):
    """Write `combine(key, mine, theirs)` under `key`, unless it cannot be
    read on either side (then the data here stays as it is)."""
    try:
        text = combine(store, key, theirs)
    except ValueError:
        return "kept"
    return "merged" if text is not None and saves.write(store, key, text) else "kept"


def merge_rows(store, key, theirs):
    mine, problem = read_rows(store, key)
    if problem:
        raise ValueError(problem)
    try:
        rows = saves.parse_json(theirs)["rows"]
    except Exception:
        raise ValueError("the file's rows are not readable")
    return json.dumps({"rows": merged_rows(mine, rows)})


def merge_settings(store, key, theirs):
    try:
        mine, rest = json.loads(saves.read(store, key)), json.loads(theirs)
    except Exception:
        raise ValueError("settings not readable")
    if not isinstance(mine, dict) or not isinstance(rest, dict):
        raise ValueError("settings not readable")
    for name in rest:
        if name not in mine:
            mine[name] = rest[name]
    return json.dumps(mine)
