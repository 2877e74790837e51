"""The registry of games: create and reload any game by its id."""

from typing import Any, TypeVar

from .protocol import GameState, IllegalAction, Save, excerpt

GAMES: dict[str, type[GameState]] = {}

GameClass = TypeVar("GameClass", bound=type[GameState])


def register(cls: GameClass) -> GameClass:
    """Class decorator: make a game reachable by its id."""
    GAMES[cls.game_id] = cls
    return cls


def game_class(game_id: object) -> type[GameState]:
    """The class of the game `game_id`; ValueError names the known ones."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise ValueError(
            "unknown game %s (games: %s)" % (excerpt(game_id), ", ".join(sorted(GAMES)))
        )
    return GAMES[game_id]


def new_game(game_id: object, players: int | None = None, seed: int = 0,
             **options: Any) -> GameState:
    """A new game of `game_id`; ValueError names what is wrong with the request."""
    return game_class(game_id).create(players=players, seed=seed, **options)


def load_game(saved: object) -> GameState:
    """Rebuild a game from `state.save()` by replaying its seed and actions.

    A save from another version of the game's engine is replayed on this one:
    if every move is still legal, the result is this version's state."""
    cls, record = _checked_save(saved)
    version = record["version"]
    # Said first in a refusal when the save comes from another version.
    origin = ""
    if version != cls.version:
        origin = "saved by version %s of %s (this is version %d); " % (
            excerpt(version), cls.title, cls.version)
    try:
        state = cls.create(players=record["players"], seed=record["seed"], **record["options"])
    except ValueError as err:
        if origin:
            raise ValueError("%sits setup is no longer valid: %s" % (origin, err))
        raise
    for number, action in enumerate(record["actions"], 1):
        try:
            state.apply(action)
        except IllegalAction as err:
            if origin:
                raise ValueError("%sits move %d is no longer legal: %s" % (origin, number, err))
            raise ValueError("the saved game's move %d cannot be replayed: %s" % (number, err))
    return state


def _checked_save(saved: object) -> tuple[type[GameState], Save]:
    """The game class of a save whose fields have the right shape, and the save."""
    if not isinstance(saved, dict):
        raise ValueError("a saved game is a dict, not %s" % type(saved).__name__)
    for key in ("game", "version", "players", "seed", "options", "actions"):
        if key not in saved:
            raise ValueError("the saved game has no %r" % key)
    cls = game_class(saved["game"])
    version = saved["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("the saved game's version is not a whole number: %s" % excerpt(version))
    if not isinstance(saved["options"], dict) or not isinstance(saved["actions"], list):
        raise ValueError("the saved game's options or actions are malformed")
    return cls, saved


def catalogue() -> list[dict[str, Any]]:
    """The lobby's list of games, in a fixed order, JSON-ready."""
    return [
        {
            "id": cls.game_id,
            "title": cls.title,
            "blurb": cls.blurb,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "rules": cls.rules,
            "options": [
                {"name": name, "choices": list(spec[1]) if spec[1] else None}
                for name, spec in sorted(cls.OPTIONS.items())
            ],
        }
        for _, cls in sorted(GAMES.items(), key=lambda item: item[1].order)
    ]
