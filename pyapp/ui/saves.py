"""The games kept on this device: every unfinished game, and the saves that
could not be resumed, set aside with their reason until the person discards
them. Nothing here deletes a game on its own.

Pure Python that MicroPython runs: main.py passes `window.localStorage`, the
tests a stand-in with the same methods (getItem, setItem, removeItem, key,
length). Every key starts with "safehouse.":

    safehouse.game.<id>     {"meta": {...}, "save": <Session save>}: an unfinished game
    safehouse.aside.<id>    {"key", "title", "reason", "when"}: a save that cannot be
                            resumed; its text stays untouched under "key"
    safehouse.save.<game>   the one-slot saves of earlier builds, carried over at start

`meta` is what the lobby lists without asking the engine: game, title,
players, levels, moves, seed and `updated` (ms since 1970).
"""

import json

GAME = "safehouse.game."
ASIDE = "safehouse.aside."
LEGACY = "safehouse.save."

MAX_CHARS = 1000000  # a long game's save is a few KB; anything near this is not one
MAX_DEPTH = 32  # a save nests 5 deep; deeper text is refused before parsing
_BRACKETS = {"[": 1, "{": 1, "]": -1, "}": -1}


# -- reading ------------------------------------------------------------------------


def read(store, key):
    """The text under `key`, or None (also when storage is refused)."""
    try:
        return store.getItem(key)
    except Exception:
        return None


def keys(store, prefix):
    """Every key that starts with `prefix`, sorted."""
    found = []
    try:
        for index in range(store.length):
            key = store.key(index)
            if key and key.startswith(prefix):
                found.append(key)
    except Exception:
        pass
    return sorted(found)


def nesting_depth(text, limit):
    """How deep the JSON text nests its brackets, counting no further than
    `limit` (brackets inside strings count too: an over-estimate is safe)."""
    depth = deepest = 0
    for char in text:
        step = _BRACKETS.get(char)
        if step:
            depth += step
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
    return deepest


def parse_json(text):
    """JSON text that a save could be, parsed; ValueError says why not."""
    if not isinstance(text, str) or not text:
        raise ValueError("it is empty")
    if len(text) > MAX_CHARS:
        raise ValueError("it is too large to be a saved game (%d characters)" % len(text))
    if nesting_depth(text, MAX_DEPTH) > MAX_DEPTH:
        raise ValueError("it is nested too deeply to be a saved game")
    try:
        return json.loads(text)
    except Exception:
        raise ValueError("it is not readable (not JSON, or cut short)")


def parse_entry(text):
    """An unfinished game's record; ValueError says what is wrong with it."""
    entry = parse_json(text)
    if not isinstance(entry, dict) or not isinstance(entry.get("meta"), dict) \
            or not isinstance(entry.get("save"), dict):
        raise ValueError("it is not a Safehouse game record")
    meta = entry["meta"]
    for name in ("game", "title", "players", "moves", "seed", "updated"):
        if name not in meta:
            raise ValueError("its description lacks %s" % name)
    return entry


def entry_id(key):
    return key[key.index(".", len("safehouse.")) + 1:]


def in_progress(store):
    """([(id, entry)] newest first, [(key, reason)] for records that cannot be read)."""
    games, broken = [], []
    asides = set(record["key"] for _, record in set_aside_saves(store))
    for key in keys(store, GAME):
        if key in asides:
            continue
        try:
            games.append((entry_id(key), parse_entry(read(store, key))))
        except ValueError as err:
            broken.append((key, str(err)))
    games.sort(key=lambda pair: -pair[1]["meta"]["updated"])
    return games, broken


def set_aside_saves(store):
    """[(id, {"key", "title", "reason", "when"})], newest first."""
    records = []
    for key in keys(store, ASIDE):
        try:
            record = json.loads(read(store, key))
            if isinstance(record, dict) and isinstance(record.get("key"), str):
                records.append((entry_id(key), record))
        except Exception:
            pass
    records.sort(key=lambda pair: -(pair[1].get("when") or 0))
    return records


def matching_game(games, spec):
    """The id of the unfinished game that `spec` (from a link) deals again, or None:
    same game, seed, seats, bot levels and the options the link names."""
    for game_id, entry in games:
        meta = entry["meta"]
        if (meta["game"], meta["seed"], meta["players"]) == \
                (spec["game"], spec.get("seed"), spec.get("players") or meta["players"]) \
                and (spec.get("levels") is None or meta.get("levels") == spec["levels"]) \
                and _same_options(entry["save"], spec.get("options") or {}):
            return game_id
    return None


def _same_options(save, options):
    try:
        dealt = save["game"]["options"]
    except Exception:
        return not options
    return all(dealt.get(name) == value for name, value in options.items())


# -- writing ------------------------------------------------------------------------


def new_game_id(now, random_fraction):
    """A key-safe id, unique enough for one person's games."""
    return "%s-%s" % (_base36(int(now)), _base36(int(random_fraction * 2176782336)))


def _base36(number):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def entry_text(payload, now, autoplayed=False):
    """The record of the game in `payload` (an engine answer), as stored;
    "autoplayed" once the expert has made a move of the person's."""
    meta = {"game": payload["game"], "title": payload["title"],
            "players": payload["players"], "levels": payload["levels"],
            "moves": payload["moves"], "seed": payload["seed"], "updated": now}
    if autoplayed:
        meta["autoplayed"] = True
    return json.dumps({"meta": meta, "save": payload["save"]})


def write(store, key, text):
    """Store `text`; False when the browser refuses (full, or private mode)."""
    try:
        store.setItem(key, text)
        return True
    except Exception:
        return False


def remove(store, key):
    try:
        store.removeItem(key)
    except Exception:
        pass


def set_aside(store, key, title, reason, now):
    """Mark the save under `key` as not resumable; its text stays where it is."""
    record = {"key": key, "title": title, "reason": reason, "when": now}
    return write(store, ASIDE + entry_id(key), json.dumps(record))


def discard_aside(store, aside_id):
    """Delete a set-aside save and its record (the person asked for it)."""
    text = read(store, ASIDE + aside_id)
    try:
        remove(store, json.loads(text)["key"])
    except Exception:
        pass
    remove(store, ASIDE + aside_id)


def carry_over_legacy(store, now, make_id, title_of):
    """Move each one-slot save of earlier builds to a game record of its own;
    one that cannot be read is set aside where it is."""
    for key in keys(store, LEGACY):
        text = read(store, key)
        try:
            save = parse_json(text)
            game = save["game"]
            payload = {"game": game["game"], "title": title_of(game["game"]),
                       "players": game["players"], "levels": save.get("levels"),
                       "moves": len(game["actions"]), "seed": game["seed"], "save": save}
        except Exception as err:
            reason = str(err) if isinstance(err, ValueError) else "it is not a saved game"
            set_aside(store, key, title_of(key[len(LEGACY):]), reason, now)
            continue
        if write(store, GAME + make_id(), entry_text(payload, now)):
            remove(store, key)
