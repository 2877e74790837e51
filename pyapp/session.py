"""One game for the page: which seat is human, the bots, hints, save and load.

Pure Python, JSON-ready dicts in and out; `pyapp/worker.py` exposes it to the
UI. Every answer is a *payload*: the human seat's view, the legal actions when
it is the human's decision, whether a bot moves next, the recent public log
and the save to keep. An error never changes the game: it comes back as
`"error"` beside the unchanged payload. Every call that changes the state is
a transaction: should the engine fail with anything but IllegalAction, the
state is put back as it was before the call.
"""

import traceback
from typing import Any, Callable

from . import bots
from .engine.protocol import GameState, IllegalAction, clipped, excerpt
from .engine.rng import Rng
from .games import load_game, new_game

Payload = dict[str, Any]  # what the page gets after every call

SAVE_FORMAT = 1
LOG_TAIL = 60  # the move log shows the latest events; the rest stay in the state
FAULT_LIMIT = 120  # characters of an engine failure's own message that the page shows


class Session:
    """A game with one human seat and bots in every other seat."""

    def __init__(self, state: GameState, human: object = 0, levels: object = None) -> None:
        if type(human) is not int or not 0 <= human < state.num_players:
            raise ValueError("the human seat must be one of the game's seats")
        self.state = state
        self.human = human
        self.levels = self._checked_levels(levels)
        self.last_fault: str | None = None  # the traceback of the last engine failure reported, for logs

    def _checked_levels(self, levels: object) -> list[str | None]:
        """One bot level per seat (None for the human); the middle level by default."""
        seats = self.state.num_players
        if seats == 1:
            return [None]
        names = list(bots.levels(self.state.game_id))
        if levels is None:
            levels = [names[len(names) // 2]] * seats
        if not isinstance(levels, list) or len(levels) != seats:
            raise ValueError("give one bot level for each of the %d seats" % seats)
        levels = list(levels)
        levels[self.human] = None
        for seat, level in enumerate(levels):
            if seat != self.human and not (isinstance(level, str) and level in names):
                raise ValueError("unknown bot level %s (levels: %s)"
                                 % (excerpt(level), ", ".join(names)))
        return levels

    @classmethod
    def start(cls, spec: object) -> "Session":
        """A new session from {"game", "players", "seed", "options", "levels"};
        without "players", the game's smallest table."""
        if not isinstance(spec, dict):
            raise ValueError("a new game is asked for with a JSON object")
        seed = spec.get("seed")
        if seed is None:
            raise ValueError("a new game needs a seed")
        options = spec.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError("a new game's options are a JSON object of names and values")
        state = new_game(spec.get("game"), players=spec.get("players"), seed=seed, **options)
        return cls(state, human=0, levels=spec.get("levels"))

    @classmethod
    def restore(cls, saved: object) -> "Session":
        """A session from `save()`; ValueError says what is wrong with a bad save."""
        if not isinstance(saved, dict) or saved.get("format") != SAVE_FORMAT:
            raise ValueError("this is not a Safehouse save (or it is from another version)")
        return cls(load_game(saved.get("game")), human=saved.get("human", 0),
                   levels=saved.get("levels"))

    def save(self) -> dict[str, Any]:
        """The session's save: the game's, the human seat and the bot levels."""
        return {"format": SAVE_FORMAT, "game": self.state.save(), "human": self.human,
                "levels": list(self.levels)}

    # -- moves -----------------------------------------------------------------

    def act(self, action: object, moves: object = None) -> Payload:
        """The human's action. `moves` is the move count the UI saw, so a click
        on a table that has since changed is refused instead of misapplied."""
        if moves is not None and moves != len(self.state.history):
            return self.payload(error="The table changed before that click arrived; "
                                      "nothing was played. Try again.")
        if self.state.to_act != self.human:
            return self.payload(error=self._not_your_turn())
        try:
            return self._transaction("The engine failed on that move (%s); nothing was "
                                     "played and your game is as it was.",
                                     lambda: self.state.apply(action))
        except IllegalAction as err:
            return self.payload(error=as_sentence(str(err)))

    def bot_step(self) -> Payload:
        """Play one bot decision, if a bot is to act."""
        seat = self.state.to_act
        if seat is None or seat == self.human:
            return self.payload()

        def play() -> None:
            level = self.levels[seat]
            assert level is not None  # only the human seat has no level
            bot = bots.levels(self.state.game_id)[level]()
            self.state.apply(bot.choose(self.state, seat, self._bot_rng()))
        return self._transaction("The engine failed on the bot's move (%s); nothing was "
                                 "played and your game is as it was.", play)

    def hint(self) -> Payload:
        """What the strongest bot would do in the human's place."""
        if self.state.to_act != self.human:
            return self.payload(error=self._not_your_turn())
        found: dict[str, Any] = {}

        def find() -> None:
            bot = bots.levels(self.state.game_id)[bots.strongest(self.state.game_id)]()
            action = bot.choose(self.state, self.human, self._bot_rng())
            found.update(action=action, text=self.state.describe(action))
        payload = self._transaction("The engine failed while looking for a hint (%s); "
                                    "your game is as it was.", find)
        if found:
            payload["hint"] = found
        return payload

    def _transaction(self, failure: str, change: Callable[[], None]) -> Payload:
        """The payload after `change()`, which may change the state. Should
        either raise, the state is put back as it was before; an IllegalAction
        goes on to the caller, any other failure is reported as `failure` % the
        fault."""
        before = self.state.clone()
        try:
            change()
            return self.payload()
        except Exception as err:
            self.state = before
            if isinstance(err, IllegalAction):
                raise
            self.last_fault = traceback.format_exc()
            return self.payload(error=failure % fault_text(err))

    def _bot_rng(self) -> Rng:
        """Bots draw from a generator tied to the seed and the move number, so a
        replayed game makes the same bot moves."""
        return Rng(self.state.seed * 7919 + len(self.state.history) + 1)

    def _not_your_turn(self) -> str:
        if self.state.is_over:
            return "The game is over."
        return "Wait: it is not your decision now."

    # -- what the page gets --------------------------------------------------

    def payload(self, error: str | None = None) -> Payload:
        """The human seat's view, its legal actions when it decides, and the save."""
        state = self.state
        human_to_act = state.to_act == self.human
        return {
            "ok": error is None,
            "error": error,
            "game": state.game_id,
            "title": state.title,
            "seed": state.seed,
            "players": state.num_players,
            "levels": list(self.levels),
            "moves": len(state.history),
            "view": state.view(self.human),
            "legal": state.legal_actions() if human_to_act else [],
            "bot_to_act": not state.is_over and not human_to_act,
            "log": state.log[-LOG_TAIL:],
            "cards": state.cards,
            "save": self.save(),
        }


def fault_text(err: BaseException) -> str:
    """An unexpected exception in a few words, e.g. "KeyError: 'x'"."""
    detail = clipped(str(err), FAULT_LIMIT)
    return type(err).__name__ + (": " + detail if detail else "")


def as_sentence(text: str, empty: str = "That move is not allowed.") -> str:
    """An engine message as a sentence for the page (`empty` if it says nothing)."""
    text = text.strip()
    if not text:
        return empty
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
