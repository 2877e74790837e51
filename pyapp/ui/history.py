"""The finished games kept on this device: the last KEEP of them, each with
what it takes to replay it and its result, listed per game.

Pure Python that MicroPython runs, on a store like saves.py's. Each game is
two keys, so that the list reads only small records (MicroPython parses
JSON slowly) and the oldest go without reading any:

    safehouse.history.<when>.<id>   {"id", "game", "title", "when", "won", "summary",
                                     "players", "levels", "seed", "moves"}, and of a
                                     pass-and-play game "people" and "winners" (seats)
    safehouse.replay.<id>           the session's save (seed, options, actions,
                                    the human seat, the bots' levels)

<when> is ms since 1970 in 13 digits, so the keys sort by age. <id> is the
id the game had while unfinished (saves.GAME + id): a game seen ending
twice, say after a reload, is still one record. A record that cannot be
read is reported and left where it is.

A pass-and-play game (several people at the device) is no one person's
result: its record names the people's seats and the winners', and "won"
is None. It is listed with who won, and the statistics leave it out
(stats.add_result).
"""

import json

from . import saves
from .endgame import pass_and_play, seats_text
from .html import button, el, plural, render
from .lobby import bots_text

HISTORY = "safehouse.history."
REPLAY = "safehouse.replay."
KEEP = 50
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def record_of(game_id, payload, when, autoplayed=False):
    """The history record of a finished game's last payload (its save under
    "save"); "autoplayed" when the expert made some of the person's moves."""
    view = payload["view"]
    result = view["result"]
    record = {"id": game_id, "game": payload["game"], "title": payload["title"], "when": when,
              "won": view["seat"] in result["winners"], "summary": result["summary"],
              "players": payload["players"], "levels": payload["levels"],
              "seed": payload["seed"], "moves": payload["moves"], "save": payload["save"]}
    if autoplayed:
        record["autoplayed"] = True
    if payload["save"].get("lesson"):
        record["lesson"] = True
    if pass_and_play(payload):
        record["won"] = None
        record["people"] = list(payload["humans"])
        record["winners"] = list(result["winners"])
    return record


def record_keys(store):
    """The records' keys, oldest first."""
    return saves.keys(store, HISTORY)


def id_of(key):
    """The game id of a record's key (after its time)."""
    rest = key[len(HISTORY):]
    return rest[rest.find(".") + 1:]


def key_of(store, record_id):
    """The key of a game's record, or None."""
    for key in record_keys(store):
        if id_of(key) == record_id:
            return key
    return None


def add(store, record):
    """Keep `record` unless its game is kept already; True when it is new.
    The oldest records beyond KEEP make room."""
    if key_of(store, record["id"]) is not None:
        return False
    listed = dict(record)
    save = listed.pop("save")
    if not saves.write(store, REPLAY + record["id"], json.dumps(save)) or not saves.write(
            store, HISTORY + "%013d.%s" % (record["when"], record["id"]), json.dumps(listed)):
        return False
    prune(store)
    return True


def prune(store):
    """The oldest records beyond KEEP go (say, after an import)."""
    for old in record_keys(store)[:-KEEP]:
        saves.remove(store, REPLAY + id_of(old))
        saves.remove(store, old)


def parse_json(text):
    """Stored JSON text parsed; ValueError if it is not readable. (Not
    saves.parse_json: its nesting count is a slow loop in MicroPython, whose
    parser does not recurse; CPython's raises RecursionError, caught here.)"""
    try:
        return json.loads(text)
    except Exception:
        raise ValueError("it is not readable (not JSON, or cut short)")


def parse_record(text):
    """A history record; ValueError says what is wrong with it."""
    record = parse_json(text)
    if not isinstance(record, dict):
        raise ValueError("it is not a record of a finished game")
    for name in ("id", "game", "title", "when", "won", "players", "seed", "moves"):
        if name not in record:
            raise ValueError("it lacks %s" % name)
    return record


def finished_games(store):
    """([record] newest first, [(key, reason)] for records that cannot be read);
    the records hold no save (see `find`)."""
    records, broken = [], []
    for key in reversed(record_keys(store)):
        try:
            records.append(parse_record(saves.read(store, key)))
        except ValueError as err:
            broken.append((key, str(err)))
    return records, broken


def find(store, record_id):
    """One finished game's record with its save, or None if it cannot be read."""
    key = key_of(store, record_id)
    try:
        record = parse_record(saves.read(store, key))
        record["save"] = parse_json(saves.read(store, REPLAY + record_id))
        return record
    except ValueError:
        return None


# -- dates ----------------------------------------------------------------------------


def ms_of_iso(text):
    """Milliseconds since 1970 of an ISO time such as JavaScript's
    toISOString() writes ("2026-11-30T20:40:12.345Z"). (MicroPython receives
    Date.now() as an int cut to 32 bits, so the page reads the time this way.)"""
    year, month, day = int(text[0:4]), int(text[5:7]), int(text[8:10])
    shifted = year - (1 if month <= 2 else 0)
    era = shifted // 400
    year_of_era = shifted - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    days = era * 146097 + day_of_era - 719468
    seconds = int(text[11:13]) * 3600 + int(text[14:16]) * 60 + int(text[17:19])
    return (days * 86400 + seconds) * 1000 + int(text[20:23] or 0)


def local_time(ms, offset):
    """(year, month, day, hour, minute) of a time in ms since 1970, at `offset`
    minutes east of UTC (the civil-from-days algorithm: MicroPython has no
    time zones)."""
    days, minute = divmod(int(ms // 60000) + offset, 1440)
    era, day_of_era = divmod(days + 719468, 146097)
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524
                   - day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    shifted_month = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * shifted_month + 2) // 5 + 1
    month = shifted_month + 3 if shifted_month < 10 else shifted_month - 9
    year = year_of_era + era * 400 + (1 if month <= 2 else 0)
    return year, month, day, minute // 60, minute % 60


def date_text(ms, offset):
    """"30 Nov 2026, 14:05" in local time."""
    year, month, day, hour, minute = local_time(ms, offset)
    return "%d %s %d, %02d:%02d" % (day, MONTHS[month - 1], year, hour, minute)


def day_key(ms, offset):
    """"2026-11-30": the local date, as keys and deals of the day name it."""
    year, month, day = local_time(ms, offset)[:3]
    return "%04d-%02d-%02d" % (year, month, day)


# -- the history screen ---------------------------------------------------------------


def outcome_text(record, won="Won", lost="Lost"):
    """`won` or `lost`, as the person at the device did; of a pass-and-play
    game, who won: "Player 2 won", "Player 1 and Player 3 won"."""
    if record.get("people"):
        winners = record.get("winners") or []
        return seats_text(winners) + " won" if winners else "No one won"
    outcome = won if record["won"] else lost
    return outcome + " by autoplay" if record.get("autoplayed") else outcome


def people_text(record):
    """"Pass and play: Player 1, Player 3", or None for one person's game."""
    people = record.get("people")
    return "Pass and play: " + seats_text(people) if people else None


def history_row(record, offset):
    seats = "Solitaire" if record["players"] == 1 else "%d players" % record["players"]
    when = date_text(record["when"], offset)
    facts = [when, seats, people_text(record), bots_text(record.get("levels")),
             plural(record["moves"], "move"), "deal #%s" % record["seed"]]
    return el("li", el("div", el("strong", outcome_text(record), class_="outcome"),
                       el("span", " \u00b7 ".join(fact for fact in facts if fact),
                          class_="kept-facts"),
                       el("span", record.get("summary") or "", class_="kept-facts"),
                       class_="kept-main"),
              button("Replay", "replay", [
                  ("data-history", record["id"]),
                  ("aria-label", "Replay the %s game of %s" % (record["title"], when))],
                  classes="btn"),
              class_="kept history-row " + (
                  "people" if record.get("people") else "won" if record["won"] else "lost"),
              data_history=record["id"])


def broken_note(broken):
    """What the person reads about records that cannot be read (kept as they are)."""
    if not broken:
        return None
    return el("p", "%s could not be read (%s). %s left as %s, and nothing else is affected."
              % (plural(len(broken), "stored record"), broken[0][1],
                 "It is" if len(broken) == 1 else "They are",
                 "it was" if len(broken) == 1 else "they were"),
              class_="note error", data_broken=str(len(broken)))


def history_html(catalogue, records, broken, offset):
    """The finished games, grouped per game in the catalogue's order."""
    parts = [el("div", el("h1", "Finished games"),
                el("div", button("Back to the lobby", "lobby", classes="btn ghost"),
                   class_="tools"), class_="table-head"),
             el("p", "The last %d games you finished on this device." % KEEP, class_="note"),
             broken_note(broken)]
    for entry in catalogue:
        mine = [record for record in records if record["game"] == entry["id"]]
        if mine:
            parts += [el("h2", entry["title"]),
                      el("ul", [history_row(record, offset) for record in mine],
                         class_="kept-list")]
    if not records:
        parts.append(el("p", "No finished game yet: finish one and it appears here.",
                        class_="note", data_history_empty=True))
    return render(el("div", parts, class_="archive history"))
