"""The engine protocol shared by every game (see docs: engine-api.md).

`GameState` holds what all four games do the same way: the seat bookkeeping,
legality checking before any mutation, the action history that `save()`
replays, and the public log. A game subclass supplies the rules:

    _setup()                 deal from `self.rng`
    legal_actions()          the actions open to `to_act`, in a fixed order
    _perform(action)         mutate the state for one legal action
    _explain_illegal(action) a sentence saying why an action is not legal
    view(seat)               what that seat may know, JSON-ready
    determinize(seat, rng)   a state that agrees with the seat's knowledge
    clone()                  a fast hand-written copy
"""

from .rng import Rng


class IllegalAction(ValueError):
    """An action that is not legal now; the message says why."""


def excerpt(value, limit=40):
    """repr(value) for quoting input in a message, cut to `limit` characters
    with "…", so that a huge bad input never makes a huge message."""
    if isinstance(value, str):
        value = value[:limit]  # enough to show; repr() of all of it would copy it
    return clipped(repr(value), limit)


def clipped(text, limit):
    """`text`, cut to `limit` characters with "…" if it is longer."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _one_of(value, allowed):
    """`value in allowed`, with types matched exactly: True == 1 in Python,
    but True is no player count or target."""
    return any(type(value) is type(choice) and value == choice for choice in allowed)


class GameState:
    """Base class of every game's state."""

    game_id = ""
    title = ""
    blurb = ""
    rules = {"rules": [], "table": []}  # the rules sheet: the rulebook in short, our Table rules
    min_players = 1
    max_players = 1
    version = 1
    order = 0  # position in the lobby
    # Option name -> (default, allowed values or None for "any int in range"),
    # overridden by games that take options.
    OPTIONS = {}

    def __init__(self, players, seed, options):
        self.num_players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history = []
        self.log = []
        self.to_act = 0
        self.turn = 0
        self.is_over = False
        self._result = None

    # -- creation -------------------------------------------------------

    @classmethod
    def create(cls, players=None, seed=0, **options):
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
    def player_range(cls):
        if cls.min_players == cls.max_players:
            return str(cls.min_players)
        return "%d-%d" % (cls.min_players, cls.max_players)

    @classmethod
    def check_options(cls, players, options):
        """Fill in defaults and reject unknown or out-of-range options."""
        checked = {}
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
    def default_option(cls, name, players):
        return cls.OPTIONS[name][0]

    # -- the protocol -----------------------------------------------------

    def apply(self, action):
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

    def check(self, action):
        """Raise IllegalAction(reason) unless the (canonical) `action` is legal
        now. A game overrides it with one check per action kind, so that the
        reason for a refusal and `legal_actions()` come from the same code."""
        if action not in self.legal_actions():
            raise IllegalAction(self._explain_illegal(action) or
                                GameState._explain_illegal(self, action))

    def result(self):
        """Winners, scores and a summary sentence; only once the game is over."""
        if not self.is_over:
            raise ValueError("the game is not over yet")
        return self._result

    def save(self):
        """A JSON-ready record from which `load_game` rebuilds this exact state."""
        return {
            "game": self.game_id,
            "version": self.version,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [dict(a) for a in self.history],
        }

    def say(self, text, **details):
        """Add a public event to the move log."""
        event = {"text": text}
        event.update(details)
        self.log.append(event)

    def finish(self, winners, scores, summary):
        self.is_over = True
        self.to_act = None
        self._result = {"winners": winners, "scores": scores, "summary": summary}
        self.say(summary, kind="end")

    def _copy_base_into(self, twin):
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

    def base_view(self, seat):
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

    def _setup(self):
        raise NotImplementedError

    def legal_actions(self):
        raise NotImplementedError

    def _perform(self, action):
        raise NotImplementedError

    def canonical(self, action):
        """The action in the one form legal_actions() uses (e.g. card lists in
        order), so the person's order of clicks does not matter."""
        return action

    def _explain_illegal(self, action):
        return "%s is not a legal action now" % excerpt(action)

    def describe(self, action):
        """A short sentence for an action, as a hint would phrase it."""
        details = ", ".join("%s %s" % (k, v) for k, v in sorted(action.items()) if k != "type")
        return action["type"].replace("_", " ") + (": " + details if details else "")

    def view(self, seat):
        raise NotImplementedError

    def determinize(self, seat, rng):
        raise NotImplementedError

    def clone(self):
        raise NotImplementedError
