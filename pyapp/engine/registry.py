"""The registry of games: create and reload any game by its id."""

from .protocol import IllegalAction

GAMES = {}


def register(cls):
    """Class decorator: make a game reachable by its id."""
    GAMES[cls.game_id] = cls
    return cls


def game_class(game_id):
    if game_id not in GAMES:
        raise ValueError(
            "unknown game %r (games: %s)" % (game_id, ", ".join(sorted(GAMES)))
        )
    return GAMES[game_id]


def new_game(game_id, players=None, seed=0, **options):
    """A new game of `game_id`; ValueError names what is wrong with the request."""
    return game_class(game_id).create(players=players, seed=seed, **options)


def load_game(saved):
    """Rebuild a game from `state.save()` by replaying its seed and actions."""
    if not isinstance(saved, dict):
        raise ValueError("a saved game is a dict, not %s" % type(saved).__name__)
    for key in ("game", "version", "players", "seed", "options", "actions"):
        if key not in saved:
            raise ValueError("the saved game has no %r" % key)
    cls = game_class(saved["game"])
    if saved["version"] != cls.version:
        raise ValueError(
            "the save is from version %r of %s; this is version %d"
            % (saved["version"], cls.title, cls.version)
        )
    if not isinstance(saved["options"], dict) or not isinstance(saved["actions"], list):
        raise ValueError("the saved game's options or actions are malformed")
    state = cls.create(players=saved["players"], seed=saved["seed"], **saved["options"])
    for number, action in enumerate(saved["actions"], 1):
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ValueError("the saved game's move %d cannot be replayed: %s" % (number, err))
    return state


def catalogue():
    """The lobby's list of games, in a fixed order, JSON-ready."""
    return [
        {
            "id": cls.game_id,
            "title": cls.title,
            "blurb": cls.blurb,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": [
                {"name": name, "choices": list(spec[1]) if spec[1] else None}
                for name, spec in sorted(cls.OPTIONS.items())
            ],
        }
        for _, cls in sorted(GAMES.items(), key=lambda item: item[1].order)
    ]
