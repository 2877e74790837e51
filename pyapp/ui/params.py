"""Reading the page's URL parameters: `?game=deck-of-spies&seed=123`.

A link carries a whole deal: the game, seed, seats, the bots' level and the
game's options (each by its name, e.g. `&target=3`), and for pass and play
the people's seats, counted from 0 (`&humans=0,2`); `&pace=` sets how fast
the bots move (a setting of the person's, not of the deal)."""

KNOWN = ["game", "seed", "players", "level", "humans", "pace"]
PACES = ["instant", "fast", "normal", "slow"]
MAX_SEED = 2 ** 31 - 1
QUOTED = 40  # characters of a bad value that a message quotes back


def parse_query(query):
    """`?a=1&b=2` -> list of (name, value) pairs, %-decoding the values."""
    pairs = []
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((_decode(name), _decode(value)))
    return pairs


def _decode(text):
    """Undo URL %-escapes (UTF-8), leaving a malformed escape as typed."""
    text = text.replace("+", " ")
    out, i = bytearray(), 0
    while i < len(text):
        if text[i] == "%" and _is_hex(text[i + 1:i + 3]):
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
        else:
            out.extend(text[i].encode("utf-8"))
            i += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        return text


def _is_hex(pair):
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def quoted(text):
    """A bad value as a message quotes it: at most QUOTED characters."""
    return "\u201c%s\u201d" % (text if len(text) <= QUOTED else text[:QUOTED - 1] + "\u2026")


def game_request(query, catalogue):
    """What the URL asks for: (spec or None, list of problems for the person).

    A spec is {"game", "seed", "players"} with seed None when not given, and
    "levels" (one per seat, None for the human) for a game with bots. Any
    problem means no game is started; the lobby shows the problems instead.
    """
    pairs = parse_query(query)
    if not pairs:
        return None, []
    values, problems = _known_values(pairs, KNOWN + _option_names(catalogue))
    entry = _game_entry(values, catalogue, problems)
    if entry is None:
        return None, problems
    spec = _deal_spec(entry, values, problems)
    return (None, problems) if problems else (spec, [])


def _option_names(catalogue):
    names = []
    for entry in catalogue:
        names += [option["name"] for option in entry["options"] if option["name"] not in names]
    return names


def _known_values(pairs, known):
    """The known parameters' values, and a problem for each unknown one and
    for each given twice with two values (which one was meant, no one knows)."""
    values, problems = {}, []
    for name, value in pairs:
        if name in known:
            if values.get(name, value) != value:
                problems.append("The URL gives %s twice: %s and %s."
                                % (name, quoted(values[name]), quoted(value)))
            values[name] = value
        else:
            problems.append("Unknown URL parameter %s (known: %s)."
                            % (quoted(name), ", ".join(known)))
    return values, problems


def _game_entry(values, catalogue, problems):
    """The catalogue entry of the game the URL names, or None (with a problem if named badly)."""
    game_id = values.get("game")
    if game_id is None:
        if values:
            problems.append("The URL gives a seed or players but no game.")
        return None
    for entry in catalogue:
        if entry["id"] == game_id:
            return entry
    problems.append("There is no game %s here. Games: %s."
                    % (quoted(game_id), ", ".join(e["id"] for e in catalogue)))
    return None


def _deal_spec(entry, values, problems):
    """Seed, seats and bot levels for `entry` from the URL's values."""
    seed = _whole_number(values.get("seed"), "seed", 0, MAX_SEED, problems)
    players = _whole_number(values.get("players"), "players",
                            entry["min_players"], entry["max_players"], problems)
    players = players or entry["min_players"]
    level = values.get("level")
    levels = entry.get("levels") or []
    if level is not None and not levels:
        problems.append("%s has no bots, so no bot level to set (the link gives %s)."
                        % (entry["title"], quoted(level)))
    elif level is not None and level not in levels:
        problems.append("There is no bot level %s for %s (levels: %s)."
                        % (quoted(level), entry["title"], ", ".join(levels)))
    spec = {"game": entry["id"], "seed": seed, "players": players,
            "options": _options(entry, values, problems)}
    if levels:
        spec["levels"] = [None] + [level or levels[len(levels) // 2]] * (players - 1)
    _people(values.get("humans"), players, spec, problems)
    pace = values.get("pace")
    if pace is not None and pace not in PACES:
        problems.append("The pace must be one of %s, not %s." % (", ".join(PACES), quoted(pace)))
    elif pace is not None:
        spec["pace"] = pace
    return spec


def _people(text, players, spec, problems):
    """`&humans=0,2`: the people's seats, each a different seat of the table;
    their seats have no bot level."""
    if text is None:
        return
    seats = [part.strip() for part in text.split(",")]
    if "levels" not in spec or not all(seat.isdigit() and int(seat) < players for seat in seats) \
            or len(set(seats)) != len(seats):
        problems.append("The humans must be different seats from 0 to %d, separated by "
                        "commas, not %s." % (players - 1, quoted(text)))
        return
    spec["humans"] = sorted(int(seat) for seat in seats)
    bots = [level for level in spec["levels"] if level][0]
    spec["levels"] = [None if seat in spec["humans"] else bots for seat in range(players)]


def _options(entry, values, problems):
    """The game's options the URL sets, each one of its allowed choices."""
    options = {}
    for option in entry["options"]:
        text = values.get(option["name"])
        if text is None:
            continue
        choices = option["choices"] or []
        for choice in choices:
            if str(choice) == text:
                options[option["name"]] = choice
        if option["name"] not in options:
            problems.append("The %s of %s must be one of %s, not %s." % (
                option["name"], entry["title"], ", ".join(str(c) for c in choices), quoted(text)))
    return options


def _whole_number(text, name, low, high, problems):
    if text is None:
        return None
    digits = text.strip()
    if not digits or not all(c in "0123456789" for c in digits) or len(digits) > 10:
        problems.append("The %s must be a whole number from %d to %d, not %s."
                        % (name, low, high, quoted(text)))
        return None
    number = int(digits)
    if not low <= number <= high:
        allowed = str(low) if low == high else "from %d to %d" % (low, high)
        problems.append("The %s must be %s, not %d." % (name, allowed, number))
        return None
    return number
