"""The engine protocol shared by every game (see docs: engine-api.md).

`GameState` holds what all four games do the same way: the seat bookkeeping,
legality checking before any mutation, the action history that `save()`
replays, the dispatch of an action to its rules, and the public log. Every
hook that the session, the worker, the search or a bot calls on a state is
declared here, typed. A game subclass supplies the rules:

    _setup()                 deal from `self.rng`
    MOVES                    its action types, each a `Move`: check, apply,
                             options, describe (see below)
    _open_kinds()            the action types open to `to_act` now, in order
    _check_open(action)      refuse an unknown type, one not open now, or
                             wrong keys, in the game's words
    event_text(event)        the log's sentence for one of its events,
                             rendered from the event's fields alone
    view(seat)               what that seat may know, JSON-ready
    determinize(seat, rng)   a state that agrees with the seat's knowledge
    clone()                  a fast hand-written copy
    evaluate(seat)           how well the seat stands, in [0, 1]
    evaluation_terms(seat)   the measures evaluate() weighs, named in words

and may refine `canonical`.

One way to dispatch a move, in every game: `MOVES` maps each action type to
its `Move`, after PokerKit's verify_*/can_* pairs and OpenSpiel's declared
game metadata. `check` runs the game's `_check_open`, then the type's
`Move.check`, which raises IllegalAction(reason): legality and its
explanation are one function. `legal_actions()` joins the `Move.options` of
the open types, each of which lists only actions its check passes;
`_perform` calls `Move.apply`, and `describe` `Move.describe`.

Events: the log holds typed events, never bare prose. A game declares each
event kind as a TypedDict with its "kind" and its facts (its `EVENTS`
table), logs one with `tell(event)`, and `event_text` renders its sentence,
stored under "text" for the page, from those fields in one function. Bots
read the fields; rewording a sentence cannot change a decision. `finish`
takes the game's "end" event: its "winners" and "scores" are the result's,
its sentence is the result's "summary".

The aliases `Action`, `View`, `Save`, `Result` and `Event` name the
JSON-ready dicts of the protocol, for the games' and bots' own hints.

>>> from pyapp.games import load_game, new_game
>>> state = new_game("spy-tricks", players=3, seed=7)
>>> state.apply({"type": "bribe"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
pyapp.engine.protocol.IllegalAction: ...
>>> state.apply(state.legal_actions()[0])
>>> load_game(state.save()).view(0) == state.view(0)
True
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from .rng import Rng

Action = dict[str, Any]  # {"type": ..., parameters}; equal dicts are the same action
View = dict[str, Any]  # what one seat may know, JSON-ready
Save = dict[str, Any]  # {"game", "version", "players", "seed", "options", "actions"}
Result = dict[str, Any]  # {"winners": [seat], "scores": [number], "summary": str}
Event = dict[str, Any]  # a public log entry: "kind", its facts, its sentence under "text"
# One term of a game's evaluation, for the hint's reason: (what it measures,
# in words; its value; its weight in the evaluation; the value's format).
Term = tuple[str, float, float, str]


class IllegalAction(ValueError):
    """An action that is not legal now; the message says why."""


# What a person chooses to fill each key of an action: a refusal asks for
# the missing one in these words, never by its key.
CHOICE_WORDS = {"card": "a card", "cards": "the cards", "ace": "an Ace", "seat": "a player",
                "dir": "a direction", "index": "one of the cards on offer",
                "source": "where the Spy comes from", "space": "a space on the board",
                "collaborator": "whether a collaborator goes with the pawn"}


def check_keys(action: Action, keys: Iterable[str]) -> None:
    """Raise IllegalAction unless `action` has exactly the keys `keys` besides
    "type": a missing one is asked for as a choice to make first."""
    wanted = list(keys)
    missing = [key for key in wanted if key not in action]
    if missing:
        raise IllegalAction("Choose %s first." % " and ".join(
            CHOICE_WORDS.get(key, "its " + key) for key in missing))
    extra = sorted(str(key) for key in action if key != "type" and key not in wanted)
    if extra:
        raise IllegalAction("That move takes no %s." % excerpt(extra[0]))


def excerpt(value: object, limit: int = 40) -> str:
    """repr(value) for quoting input in a message, cut to `limit` characters
    with "…", so that a huge bad input never makes a huge message."""
    if isinstance(value, str):
        value = value[:limit]  # enough to show; repr() of all of it would copy it
    return clipped(repr(value), limit)


def clipped(text: str, limit: int) -> str:
    """`text`, cut to `limit` characters with "…" if it is longer."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _one_of(value: object, allowed: Any) -> bool:
    """`value in allowed`, with types matched exactly: True == 1 in Python,
    but True is no player count or target."""
    return any(type(value) is type(choice) and value == choice for choice in allowed)


State = TypeVar("State", bound="GameState")


class Move(NamedTuple, Generic[State]):
    """The rules of one action type, as a game's MOVES table declares them."""

    check: Callable[[State, Action], None]  # raise IllegalAction(reason) unless legal now
    apply: Callable[[State, Action], None]  # perform it, once checked
    options: Callable[[State], list[Action]]  # those open to to_act, in order; each passes check
    describe: Callable[[State, Action], str]  # a hint's words for it, to the player taking it


class GameState:
    """Base class of every game's state."""

    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    blurb: ClassVar[str] = ""
    # The rules sheet: the rulebook in short, our Table rules.
    rules: ClassVar[dict[str, Any]] = {"rules": [], "table": []}
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    version: ClassVar[int] = 1
    order: ClassVar[int] = 0  # position in the lobby
    # Option name -> (default, allowed values or None for "any int in range"),
    # overridden by games that take options.
    OPTIONS: ClassVar[dict[str, tuple[Any, Any]]] = {}
    # The card table the table draws from: static, public data.
    cards: ClassVar[list[dict[str, Any]]] = []
    # Action type -> its rules; legal_actions() takes the open types in the
    # order of `_open_kinds()`.
    MOVES: ClassVar[Mapping[str, Move[Any]]] = {}
    # Event kind -> the TypedDict of its fields: what the log may hold.
    EVENTS: ClassVar[Mapping[str, type]] = {}

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.num_players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.log: list[Event] = []
        self.to_act: int | None = 0  # None once the game is over
        self.turn = 0
        self.is_over = False
        self._result: Result | None = None

    # -- creation -------------------------------------------------------

    @classmethod
    def create(cls, players: int | None = None, seed: int = 0, **options: Any) -> Self:
        """A new game; raises ValueError for a bad player count or option."""
        if players is None:
            players = cls.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("players must be a whole number")
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError("%s is for %s player%s, not %d" % (
                cls.title, cls.player_range(), "" if cls.max_players == 1 else "s", players))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number")
        state = cls(players, seed, cls.check_options(players, options))
        state._setup()
        return state

    @classmethod
    def player_range(cls) -> str:
        """The table sizes as a person reads them: "3-5", or "1"."""
        if cls.min_players == cls.max_players:
            return str(cls.min_players)
        return "%d-%d" % (cls.min_players, cls.max_players)

    @classmethod
    def check_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults and reject unknown or out-of-range options."""
        checked: dict[str, Any] = {}
        for name, value in options.items():
            if name not in cls.OPTIONS:
                known = ", ".join(sorted(cls.OPTIONS)) or "none"
                raise ValueError("%s has no option %s (options: %s)"
                                 % (cls.title, excerpt(name), known))
            allowed = cls.OPTIONS[name][1]
            if value is not None and allowed is not None and not _one_of(value, allowed):
                raise ValueError(
                    "option %s must be one of %s, not %s"
                    % (name, ", ".join(str(v) for v in allowed), excerpt(value))
                )
            checked[name] = value
        for name in cls.OPTIONS:
            if checked.get(name) is None:
                checked[name] = cls.default_option(name, players)
        return checked

    @classmethod
    def default_option(cls, name: str, players: int) -> Any:
        """An option's value when the player leaves it out; a game may make it
        depend on the table size."""
        return cls.OPTIONS[name][0]

    # -- the protocol -----------------------------------------------------

    def apply(self, action: object) -> None:
        """Perform a legal action; otherwise raise IllegalAction and change nothing."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction("an action is a dict with a \"type\" key, not %s"
                                % excerpt(action))
        action = self.canonical(action)
        self.check(action)
        self._perform(action)
        self.history.append(action)  # only once performed: a failed action is not saved

    def check(self, action: Action) -> None:
        """Raise IllegalAction(reason) unless the (canonical) `action` is legal now:
        the game's `_check_open`, then its type's check in MOVES."""
        if self.is_over:
            raise IllegalAction("the game is over")
        self._check_open(action)
        self.MOVES[action["type"]].check(self, action)

    def legal_actions(self) -> list[Action]:
        """The actions open to `to_act`, in a fixed order; empty once over:
        the options of each open type, which pass its check."""
        if self.is_over:
            return []
        actions: list[Action] = []
        moves = self.MOVES
        for kind in self._open_kinds():
            actions += moves[kind].options(self)
        return actions

    def advance(self, action: Action) -> None:
        """Perform an action taken from `legal_actions()`, without checking it again.

        For search and bots that simulate many moves: `apply` proves legality
        by regenerating the legal actions, which would double the cost of
        every simulated move."""
        self.history.append(action)
        self._perform(action)

    def reveals(self, action: Action, seat: int, rng: Rng, worlds: int = 6) -> bool:
        """Whether doing `action` now could show `seat` something it does not
        know: it draws on the game's randomness (a shuffle), or the seat's view
        after it differs between re-deals of the cards the seat cannot see
        (`worlds` samples from `determinize`). A move that reveals nothing can
        be taken back, or made for the seat when it is its only choice, without
        the seat learning anything. The action must be legal."""
        after = self.clone()
        after.apply(action)
        if after.rng.state != self.rng.state:
            return True
        seen = after.view(seat)
        for _ in range(worlds):
            world = self.determinize(seat, rng)
            try:
                world.apply(action)
            except IllegalAction:  # legal or not depends on unseen cards: that tells
                return True
            if world.view(seat) != seen:
                return True
        return False

    def result(self) -> Result:
        """Winners, scores and a summary sentence; only once the game is over."""
        if not self.is_over or self._result is None:
            raise ValueError("the game is not over yet")
        return self._result

    def save(self) -> Save:
        """A JSON-ready record from which `load_game` rebuilds this exact state."""
        return {
            "game": self.game_id,
            "version": self.version,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [dict(a) for a in self.history],
        }

    def tell(self, event: Mapping[str, Any]) -> None:
        """Add one of the game's typed events to the public log, with the
        sentence `event_text` renders from its fields."""
        self.say(self.event_text(event), **event)

    def say(self, text: str, **details: Any) -> None:
        """Add an entry to the public log: its sentence and its fields. Games
        log through `tell`, so that the sentence comes from the fields."""
        event: Event = {"text": text}
        event.update(details)
        self.log.append(event)

    def finish(self, end: Mapping[str, Any]) -> None:
        """End the game with the game's "end" event: its winners and scores
        are the result's, its sentence the result's summary, and it is logged."""
        self.is_over = True
        self.to_act = None
        self._result = {"winners": list(end["winners"]), "scores": list(end["scores"]),
                        "summary": self.event_text(end)}
        self.tell(end)

    def _copy_base_into(self, twin: Self) -> Self:
        """Copy the bookkeeping fields shared by every game into `twin`."""
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.options = dict(self.options)
        twin.rng = self.rng.clone()
        twin.history = list(self.history)
        twin.log = list(self.log)
        twin.to_act = self.to_act
        twin.turn = self.turn
        twin.is_over = self.is_over
        twin._result = self._result
        return twin

    def base_view(self, seat: int) -> View:
        """The view keys every game shares."""
        return {
            "game": self.game_id,
            "seat": seat,
            "to_act": self.to_act,
            "turn": self.turn,
            "over": self.is_over,
            "result": self._result,
        }

    # -- supplied by each game ----------------------------------------------

    def _setup(self) -> None:
        """Deal the game from `self.rng`."""
        raise NotImplementedError

    def _open_kinds(self) -> Sequence[str]:
        """The action types open to `to_act` now, in the order they are listed."""
        raise NotImplementedError

    def _check_open(self, action: Action) -> None:
        """Raise IllegalAction unless `action` is of a type in MOVES that is
        open now. A game refines it in its own words, and with its types'
        keys; the type's own check then judges the values."""
        kind = action["type"]
        if not isinstance(kind, str) or kind not in self.MOVES:
            raise IllegalAction("%s has no %s action (actions: %s)"
                                % (self.title, excerpt(kind), ", ".join(self.MOVES)))
        if kind not in self._open_kinds():
            raise IllegalAction("a %s action is not open now" % kind)

    def _perform(self, action: Action) -> None:
        """Change the state by one legal action: its type's effect."""
        self.MOVES[action["type"]].apply(self, action)

    @staticmethod
    def event_text(event: Any) -> str:
        """The log's sentence for one of the game's events, from its fields alone."""
        raise NotImplementedError

    def canonical(self, action: Action) -> Action:
        """The action in the one form legal_actions() uses (e.g. card lists in
        order), so the person's order of clicks does not matter."""
        return action

    def describe(self, action: Action) -> str:
        """A short sentence for an action, as a hint would phrase it: its
        type's description, or its keys and values for an unknown type."""
        kind = action.get("type")
        move = self.MOVES.get(kind) if isinstance(kind, str) else None
        if move is not None:
            return move.describe(self, action)
        details = ", ".join("%s %s" % (k, v) for k, v in sorted(action.items()) if k != "type")
        return str(action["type"]).replace("_", " ") + (": " + details if details else "")

    def view(self, seat: int) -> View:
        """Everything `seat` may know and nothing more, JSON-ready."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A full state that agrees with all `seat` knows, the unseen cards re-dealt."""
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy."""
        raise NotImplementedError

    def evaluate(self, seat: int) -> float:
        """How well `seat` stands, in [0, 1], for the generic bots and search."""
        raise NotImplementedError

    def evaluation_terms(self, seat: int) -> list[Term]:
        """The measures that evaluate() weighs for `seat`, each named in words
        for the hint's reason (pyapp/judgement.py); a figure that a person
        reads as a chance is told as a calibrated one (Mission for Peanuts'
        round odds: `told_odds`); [] when it names none."""
        return []
