"""The four Safehouse games as OpenSpiel games.

Importing this module registers, with `pyspiel.register_game`, one OpenSpiel
game per Safehouse game, each a thin wrapper around its engine (as
OpenSpiel's own pokerkit_wrapper.py wraps an outside poker engine):

    safehouse_deck_of_spies         players=1
    safehouse_mission_for_peanuts   players=3..5
    safehouse_mister_spy            players=2..6
    safehouse_spy_tricks            players=3..4

    >>> import pyspiel
    >>> game = pyspiel.load_game("safehouse_spy_tricks", {"players": 4, "seed": 7})
    >>> state = game.new_initial_state()
    >>> state.current_player() == state.engine.to_act
    True
    >>> state.apply_action(state.legal_actions()[0])

What OpenSpiel sees, and why:

- Chance is *sampled stochastic*: the engines shuffle and draw from their own
  seeded generator, inside `apply`, so no chance node is ever shown. The deal
  is done when the state is made, from the game parameter `seed`: the game
  `{"players": 4, "seed": 7}` is exactly `new_game("spy-tricks", players=4,
  seed=7)`, deal and reshuffles alike, so a result names its seeds and is
  replayed bit for bit. Every `new_initial_state()` of one game object is
  that same deal; load the game with another seed for another deal.
- Actions: each game's every possible action dict at its largest table, in
  one fixed order (the JSON text of the dict, keys sorted), numbered from 0.
  `num_distinct_actions` is that count, a constant per game (`ActionCodec`).
- `returns()`: the winners share 1 (a shared win counts as a fraction, as
  bench/bots.py counts it), everybody else gets 0; the returns of a table
  game sum to 1 (constant-sum). The solitaire returns 1 for a win, else 0.
- `information_state_string(player)`: the seat's `view(player)` and the
  public move log (`state.log`: what everybody at the table saw happen), as
  JSON. That is all a Safehouse bot may read, so no hidden card can be in
  it; tests/test_openspiel.py checks that two deals differing only in cards
  the seat cannot see give the same string. `observation_string(player)` is
  the view alone.
- `resample_from_infostate(player, sampler)`: the engine's
  `determinize(player, rng)`, with `rng` seeded from the sampler;
  `resampled(player, rng)` does the same from a Safehouse `Rng`, which is
  how bench/arena.py keeps OpenSpiel's ISMCTS reproducible.
- A bound on a game's length (`max_game_length`): OpenSpiel needs one. Deck
  of Spies, Spy Tricks and Mister Spy have one from their rules (see
  `MAX_GAME_LENGTH`). A Mission for Peanuts round may in principle never end
  (a Spy discarded for its blank ASSIST goes back into the deck), so there
  the adapter ends a game that reaches its cap as a draw, every seat getting
  1/n. The cap is ten times the longest of 300 random games per table size.
- No tensors: the engines' views are JSON, and the strings carry them whole.
  A state cannot be serialized (OpenSpiel refuses it for sampled-stochastic
  games); the engine's own `save()` is the record of a game.
"""

from __future__ import annotations

import functools
import json
from itertools import product
from typing import Any, Callable, Iterable, Iterator

import pyspiel

from pyapp.engine.protocol import Action, GameState
from pyapp.engine.rng import Rng
from pyapp.games import GAMES, deck_of_spies, mister_spy, spy_tricks
from pyapp.games.mission_for_peanuts import CARDS as MFP_CARDS
from pyapp.games.mission_for_peanuts import steps as mfp_steps

# JSON with sorted keys and no spaces: one text for equal values, and it
# composes (a list's text is its items' texts joined), which log_text uses.
compact_json = functools.partial(json.dumps, sort_keys=True, separators=(",", ":"))

# -- every action of each game ----------------------------------------------------


def _deck_of_spies_actions() -> Iterator[Action]:
    """Counter and recruit name the cards of a hand (at most HAND_SIZE) that
    could meet some spy; retire names 2-4 cards of one rank."""
    yield {"type": "end_turn"}
    for ace in deck_of_spies.ACES:
        yield {"type": "assassinate", "ace": ace}
    for rank in deck_of_spies.RANKS:
        same = [rank + suit for suit in deck_of_spies.SUITS]
        for cards in _subsets(same):
            if deck_of_spies.RETIRE_SIZES[0] <= len(cards) <= deck_of_spies.RETIRE_SIZES[1]:
                yield {"type": "retire", "cards": cards}
    for cards in _hands_that_may_meet_a_spy():
        if _meets_a_spy(cards):
            yield {"type": "counter", "cards": cards}
        if _may_recruit(cards):
            yield {"type": "recruit", "cards": cards}


def _subsets(cards: list[str]) -> Iterator[list[str]]:
    """Every non-empty subset, each in the order of `cards`."""
    for mask in range(1, 1 << len(cards)):
        yield [card for index, card in enumerate(cards) if mask >> index & 1]


SPY_VALUES = [deck_of_spies.VALUE[rank] for _, ranks in deck_of_spies.SPY_SEGMENTS
              for rank in ranks]
LOWEST_SPY, HIGHEST_SPY = min(SPY_VALUES), max(SPY_VALUES)
CARD_VALUE = {card: deck_of_spies.value_of(card) for card in deck_of_spies.ALL_CARDS}


def _meets_a_spy(cards: list[str], exempt: str | None = None) -> bool:
    """Whether some spy value v has the cards reaching it with none of them
    superfluous (`exempt`, an Ace joining a recruit for its suit power, may
    be): total >= v > total - c for every other card c. Such a v exists
    exactly when total >= the lowest spy and total - min(c) < the highest."""
    total = sum(CARD_VALUE[card] for card in cards)
    rest = [CARD_VALUE[card] for card in cards if card != exempt]
    return bool(rest) and total >= LOWEST_SPY and total - min(rest) < HIGHEST_SPY


def _may_recruit(cards: list[str]) -> bool:
    """A recruit of some spy: all of its suit, or with the Ace of its suit,
    which is then exempt from being superfluous."""
    one_suit = len({deck_of_spies.suit_of(card) for card in cards}) == 1
    aces = [card for card in cards if card in deck_of_spies.ACES]
    return (one_suit and _meets_a_spy(cards)) or any(_meets_a_spy(cards, ace) for ace in aces)


def _hands_that_may_meet_a_spy() -> Iterator[list[str]]:
    """Every set of up to HAND_SIZE cards, in card order, that can pass
    `_meets_a_spy` for some exempt card or none. Its cards other than Aces
    must total less than the highest spy once their smallest is left out,
    which keeps this to thousands of sets out of millions."""
    aces = deck_of_spies.ACES
    others = sorted((card for card in deck_of_spies.ALL_CARDS if card not in aces),
                    key=CARD_VALUE.__getitem__, reverse=True)

    def cores(start: int, chosen: list[str], total: int) -> Iterator[list[str]]:
        yield chosen
        if len(chosen) == deck_of_spies.HAND_SIZE or total >= HIGHEST_SPY:
            return  # a smaller card now would leave the rest too strong
        for index in range(start, len(others)):
            card = others[index]
            yield from cores(index + 1, chosen + [card], total + CARD_VALUE[card])

    for core in cores(0, [], 0):
        for extra in [[]] + list(_subsets(aces)):
            cards = core + extra
            if cards and len(cards) <= deck_of_spies.HAND_SIZE:
                yield deck_of_spies.sort_cards(cards)


def _mission_for_peanuts_actions() -> Iterator[Action]:
    """Cards by code, seats up to the largest table, and indexes into a hand,
    a pile or the cards the Seer sees: none can hold more than a round's deck."""
    codes = [card.code for card in MFP_CARDS]
    seats = range(GAMES["mission-for-peanuts"].max_players)
    indexes = range(sum(card.copies for card in MFP_CARDS))
    fields = {"card": codes, "seat": seats, "index": indexes, "dir": sorted(mfp_steps.DIRECTIONS)}
    for kind, keys in mfp_steps.ACTION_FIELDS.items():
        for values in product(*(fields[key] for key in keys)):
            yield dict(zip(keys, values), type=kind)


def _mister_spy_actions() -> Iterator[Action]:
    """Every Spy team is a sub-multiset of the Spies (SPY_COPIES of each code)."""
    seats = range(GAMES["mister-spy"].max_players)
    for kind in ("end_turn", "kill", "let_stand"):
        yield {"type": kind}
    yield {"type": "spy_source", "source": "deck"}
    for code in mister_spy.LAIR_VALUES:
        yield {"type": "lair", "card": code}
    for code in mister_spy.DOUBLER_LINES:
        yield {"type": "taunt", "card": code}
        yield {"type": "foil", "card": code}
    for seat in seats:
        yield {"type": "spy_target", "seat": seat}
        yield {"type": "spy_source", "source": "blind", "seat": seat}
    spies = sorted(mister_spy.SPY_NAMES)
    for counts in product(range(mister_spy.SPY_COPIES + 1), repeat=len(spies)):
        team = [code for code, count in zip(spies, counts) for _ in range(count)]
        if team:
            yield {"type": "spy_source", "source": "hand", "cards": team}


def _spy_tricks_actions() -> Iterator[Action]:
    yield {"type": "pass"}
    for card in spy_tricks.CARDS:
        yield {"type": "play", "card": card}
    for space in spy_tricks.SPACES:
        for collaborator in (False, True):
            yield {"type": "place", "space": space, "collaborator": collaborator}


ACTION_SPACES: dict[str, Callable[[], Iterable[Action]]] = {
    "deck-of-spies": _deck_of_spies_actions,
    "mission-for-peanuts": _mission_for_peanuts_actions,
    "mister-spy": _mister_spy_actions,
    "spy-tricks": _spy_tricks_actions,
}


def _items(action: Action) -> tuple[Any, ...]:
    """An action dict's items in its own key order, hashable (card lists as tuples)."""
    return tuple((name, tuple(value) if isinstance(value, list) else value)
                 for name, value in action.items())


def _key(action: Action) -> tuple[Any, ...]:
    """A hashable form of an action dict, whatever the order of its keys."""
    return tuple(sorted(_items(action)))


class ActionCodec:
    """A game's every possible action, numbered in one fixed order: by the
    JSON text of the action with its keys sorted. The numbers change only
    when the game's set of possible actions does."""

    def __init__(self, actions: Iterable[Action]) -> None:
        by_text = {json.dumps(action, sort_keys=True): action for action in actions}
        self.actions: list[Action] = [by_text[text] for text in sorted(by_text)]
        self._ids = {_key(action): number for number, action in enumerate(self.actions)}
        # The same numbers by the keys in the order an engine wrote them, learnt
        # as met, so that an ISMCTS search does not sort each action's keys.
        self._ids_as_written: dict[tuple[Any, ...], int] = {}

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The number of an action in its canonical form (as legal_actions() gives it)."""
        as_written = _items(action)
        number = self._ids_as_written.get(as_written)
        if number is None:
            try:
                number = self._ids[_key(action)]
            except KeyError:
                raise ValueError("%s is outside the game's action space" % json.dumps(action))
            self._ids_as_written[as_written] = number
        return number

    def decode(self, number: int) -> Action:
        """A fresh copy of the action numbered `number` (its lists copied too:
        the engine keeps the action in its history)."""
        return {name: list(value) if isinstance(value, list) else value
                for name, value in self.actions[number].items()}


@functools.cache
def codec(game_id: str) -> ActionCodec:
    """The action numbering of a game, built once per process."""
    return ActionCodec(ACTION_SPACES[game_id]())


# -- bounds on a game's length ----------------------------------------------------


def _spy_tricks_length(players: int) -> int:
    """As many rounds as players; each round TRICKS_PER_ROUND tricks of one
    card a seat, each trick's winner and loser placing or passing, and at
    the round's end at most one catch-up placement a seat."""
    tricks = spy_tricks.TRICKS_PER_ROUND
    return players * (tricks * (players + 2) + players)


def _mister_spy_length(players: int) -> int:
    """Cards never go back into a hand, and only a draw or a played card
    (which leaves a hand) keeps the game going: at most one turn per card of
    the deck while it lasts, then at most `players` turns per card played
    from a hand (the idle round ends the game). A turn is at most a Lair
    card, a target, a source, a taunt per Doubler letter each followed by
    every other seat's foil-or-let-stand, and the kill or end of the turn."""
    cards = len(mister_spy.FULL_DECK)
    turns = cards + cards * players + players
    letters = len(mister_spy.DOUBLER_LINES)
    return turns * (3 + letters * players + 2)


def _deck_of_spies_length(players: int) -> int:
    """One spy a turn, and a turn is its counter, recruit or assassination,
    then at most a retire or end_turn."""
    return 2 * len(SPY_VALUES) * len(deck_of_spies.SUITS)


# Mission for Peanuts has no bound (see the module docstring): ten times the
# longest of 300 random games (213, 137 and 158 decisions at 3, 4 and 5 seats).
MISSION_FOR_PEANUTS_CAP = 2130

MAX_GAME_LENGTH: dict[str, Callable[[int], int]] = {
    "deck-of-spies": _deck_of_spies_length,
    "mission-for-peanuts": lambda players: MISSION_FOR_PEANUTS_CAP,
    "mister-spy": _mister_spy_length,
    "spy-tricks": _spy_tricks_length,
}


# -- the OpenSpiel game and state -------------------------------------------------


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Safehouse game: "safehouse_spy_tricks"."""
    return "safehouse_" + game_id.replace("-", "_")


def _game_type(cls: type[GameState]) -> pyspiel.GameType:
    solitaire = cls.max_players == 1
    return pyspiel.GameType(
        short_name=short_name(cls.game_id),
        long_name="Safehouse: " + cls.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if solitaire
                 else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": cls.min_players, "seed": 0},
    )


class SafehouseGame(pyspiel.Game):
    """One Safehouse game at one table size, dealt from one seed. Each game
    registers its own subclass, which names its engine and its game type."""

    engine_class: type[GameState]
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any]) -> None:
        cls = self.engine_class
        players, seed = params["players"], params["seed"]
        # The deal, made once: every initial state is a clone of it, which
        # also keeps cheap the new state that each C++ Clone() starts from.
        self.deal = cls.create(players=players, seed=seed)
        self.game_id = cls.game_id
        self.codec = codec(cls.game_id)
        self.length_cap = MAX_GAME_LENGTH[cls.game_id](players)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.codec),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if players == 1 else 1.0,
            max_game_length=self.length_cap,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> SafehouseState:
        """The deal of this game's seed."""
        return SafehouseState(self, self.deal.clone())

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SafehouseObserver:
        """Strings only: the information state, or the observation."""
        return SafehouseObserver(iig_obs_type, params)


class _Engine:
    """The engine's state with its game's action numbering and length cap,
    held so that OpenSpiel's clone (a deepcopy of each attribute of the
    Python state) uses the engine's fast `clone()`. It also keeps the JSON
    of the log's events encoded so far: the log only grows, so an
    information state encodes each event once, not at every call (the whole
    log's JSON was the largest cost of an ISMCTS search)."""

    __slots__ = ("state", "codec", "length_cap", "log_json")

    def __init__(self, state: GameState, codec: ActionCodec, length_cap: int,
                 log_json: list[str] | None = None) -> None:
        self.state = state
        self.codec = codec
        self.length_cap = length_cap
        self.log_json = log_json if log_json is not None else []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        # The clone's log is this log, so the events encoded so far carry over.
        return _Engine(self.state.clone(), self.codec, self.length_cap, list(self.log_json))

    def holding(self, state: GameState) -> _Engine:
        """The same holder around another state of the same game."""
        return _Engine(state, self.codec, self.length_cap)

    def cut_short(self) -> bool:
        """Whether the game reached its length cap unfinished (a draw)."""
        return not self.state.is_over and len(self.state.history) >= self.length_cap

    def log_text(self) -> str:
        """The log as compact JSON, encoding only the events new since the last call."""
        log, encoded = self.state.log, self.log_json
        encoded.extend(compact_json(event) for event in log[len(encoded):])
        return "[" + ",".join(encoded) + "]"


class SafehouseState(pyspiel.State):
    """An OpenSpiel state wrapping a Safehouse engine's state."""

    def __init__(self, game: SafehouseGame, engine: GameState) -> None:
        super().__init__(game)
        self._engine = _Engine(engine, game.codec, game.length_cap)

    @property
    def engine(self) -> GameState:
        """The wrapped Safehouse state (for Safehouse bots: they read only their seat of it)."""
        return self._engine.state

    def current_player(self) -> int:
        """The seat to act, or TERMINAL."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._engine.state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        """The numbers of the engine's legal actions, ascending."""
        encode = self._engine.codec.encode
        return sorted(map(encode, self._engine.state.legal_actions()))

    def _apply_action(self, action: int) -> None:
        """Apply the action numbered `action`; the engine refuses an illegal one."""
        self._engine.state.apply(self._engine.codec.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action dict as JSON."""
        return json.dumps(self._engine.codec.decode(action), sort_keys=True)

    def action_id(self, action: Action) -> int:
        """The number of an engine action (e.g. a Safehouse bot's choice)."""
        return self._engine.codec.encode(self.engine.canonical(action))

    def is_terminal(self) -> bool:
        """The engine's game is over, or it was cut short at the length cap."""
        held = self._engine  # not the `engine` property: OpenSpiel asks this many times a move
        return held.state.is_over or held.cut_short()

    def returns(self) -> list[float]:
        """The winners share 1; a game cut short is a draw, 1/n each."""
        players = self.engine.num_players
        if not self.engine.is_over:
            return [1.0 / players if self._engine.cut_short() else 0.0] * players
        winners = self.engine.result()["winners"]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]

    def information_state_text(self, player: int) -> str:
        """What `player` knows: its view and the public move log, as the
        compact JSON of {"log": ..., "view": ...} (built from its parts)."""
        return '{"log":%s,"view":%s}' % (self._engine.log_text(),
                                           compact_json(self.engine.view(player)))

    def observation_text(self, player: int) -> str:
        """What `player` sees now: its view, as JSON."""
        return compact_json(self.engine.view(player))

    def resampled(self, player: int, rng: Rng) -> SafehouseState:
        """A state `player` cannot tell from this one: the engine's
        determinize, the cards unseen by the seat re-dealt from `rng`."""
        world = self.clone()  # keeps OpenSpiel's history and move number
        world._engine = self._engine.holding(self.engine.determinize(player, rng))
        return world

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> SafehouseState:
        """OpenSpiel's resampling: `resampled` with a generator seeded from the sampler."""
        return self.resampled(player, Rng(int(probability_sampler() * 2 ** 53)))

    def __str__(self) -> str:
        """Every seat's view, for debugging."""
        engine = self.engine
        return json.dumps([engine.view(seat) for seat in range(engine.num_players)],
                          sort_keys=True)


class SafehouseObserver:
    """OpenSpiel's observer protocol, strings only: perfect recall gives the
    information state, otherwise the observation."""

    tensor = None  # no tensors (provides_*_tensor is False)
    dict = {}  # noqa: A003  (named tensors: none; some OpenSpiel code reads it)

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError("Safehouse observers take no parameters, not %r" % (params,))
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("Safehouse games observe one seat's view, public and private")
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall

    def set_from(self, state: SafehouseState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: SafehouseState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)


def _register() -> None:
    """One class per game, as OpenSpiel's own Python games register theirs.
    A class, not a closure or a partial: OpenSpiel's registry drops its
    creators after Python has shut down, and a class, which refers to itself,
    is not freed then; freeing a partial at that point aborts the interpreter
    ("PyThreadState_Get: ... GIL is released", exit code 250)."""
    for cls in GAMES.values():
        name = "".join(word.title() for word in cls.game_id.split("-")) + "Game"
        game_class = type(name, (SafehouseGame,), {
            "engine_class": cls, "game_type": _game_type(cls), "__module__": __name__})
        GAME_CLASSES[cls.game_id] = game_class
        pyspiel.register_game(game_class.game_type, game_class)


GAME_CLASSES: dict[str, type[SafehouseGame]] = {}


_register()
