"""One game for the page: which seat is human, the bots, hints, save and load.

Pure Python, JSON-ready dicts in and out; `pyapp/worker.py` exposes it to the
UI. Every answer is a *payload*: the human seat's view, the legal actions when
it is the human's decision, whether a bot moves next, the recent public log
and the save to keep. An error never changes the game: it comes back as
`"error"` beside the unchanged payload. Every call that changes the state is
a transaction: should the engine fail with anything but IllegalAction, the
state is put back as it was before the call.

Undo works the Board Game Arena way: the human may take back their own moves
in their own turn, as long as none of them revealed anything (see
`GameState.reveals`) and no other seat has moved since. The session keeps the
state before each such move; after a restore it finds them again by replay.
"""

import traceback
from typing import Any, Callable, TypedDict

from . import bots
from .engine.protocol import Action, Event, GameState, IllegalAction, View, clipped, excerpt
from .engine.rng import Rng
from .games import load_game, new_game
from .judgement import judge, reason
from .lesson import Coach, CoachView, lesson_of

SAVE_FORMAT = 1
LOG_TAIL = 60  # the move log shows the latest events; the rest stay in the state
FAULT_LIMIT = 120  # characters of an engine failure's own message that the page shows

# Why Undo is closed, as the Undo button says it.
NOTHING_TO_UNDO = "You have made no move to take back."
OTHERS_MOVED = "Another player has moved since your last move, so it stands."
MOVE_REVEALED = "Your last move showed you something new, so it stands."
TOLD_EVENTS = 2  # a lesson's coach tells a bot's move by its first log sentences
LESSON_GOES_ON = "A lesson goes forward only: Undo opens once it is done."
STALE_CLICK = "The table changed before that click arrived; nothing was played. Try again."

# A point the human can come back to: the state before one of their moves,
# and whether that move was a choice (it was not when it was the only one).
Takeback = tuple[GameState, bool]


# -- what the page gets --------------------------------------------------------
#
# One shape for the live game, its replay (pyapp/replay.py, which the review
# steps through too) and the kept game's check, built by `game_facts` and
# `payload_of` alone, so that they cannot drift apart.


class GameFacts(TypedDict):
    """What names a game and its seats: the lobby lists a kept game by these
    (pyapp/ui/saves.py's entry_text), and the save resumes it."""

    game: str
    title: str
    seed: int
    players: int
    levels: list[str | None]  # a bot level per seat, None for a person
    humans: list[int]  # the people's seats: one, or several passing the device
    moves: int
    save: dict[str, Any]  # Session.save()


class Undo(TypedDict):
    allowed: bool
    reason: str | None  # why Undo is closed, as its button says it


class Hint(TypedDict):
    action: Action
    text: str
    reason: str  # one sentence from the bot's own estimates (pyapp/review.py)


class Payload(GameFacts):
    """What the page gets after every call: the facts, and the table as the
    seat in front sees it."""

    ok: bool
    error: str | None  # a sentence; the game is as it was
    view: View  # what the seat in front may know
    legal: list[Action]  # its actions when it decides now, else []
    bot_to_act: bool
    undo: Undo
    only_choice: Action | None  # its one legal action when making it reveals nothing
    log: list[Event]  # the latest public events, the page's notes among them
    cards: list[dict[str, Any]]  # the game's card catalogue
    replay: bool  # read-only: the table shows the result as a panel, offers no action
    coach: CoachView | None  # in a lesson: what the coach says and points at (pyapp/lesson.py)


class Hinted(Payload):
    """The payload after a hint call that found one."""

    hint: Hint


def game_facts(state: GameState, levels: list[str | None], humans: list[int],
               save: dict[str, Any]) -> GameFacts:
    """The facts of `state`, whose seats are the `humans` and bots of `levels`."""
    return {"game": state.game_id, "title": state.title, "seed": state.seed,
            "players": state.num_players, "levels": list(levels), "humans": list(humans),
            "moves": len(state.history), "save": save}


def payload_of(facts: GameFacts, state: GameState, seat: int, undo: Undo,
               legal: list[Action] | None = None, only_choice: Action | None = None,
               log: list[Event] | None = None, error: str | None = None,
               replay: bool = False, coach: CoachView | None = None) -> Payload:
    """The payload of `state` as `seat` sees it. A replay offers no action and
    waits for no bot; `log` is by default the latest public events."""
    return {
        "ok": error is None,
        "error": error,
        **facts,
        "view": state.view(seat),
        "legal": list(legal or []),
        "bot_to_act": not replay and not state.is_over and state.to_act != seat,
        "undo": undo,
        "only_choice": only_choice,
        "log": list(state.log[-LOG_TAIL:]) if log is None else log,
        "cards": state.cards,
        "replay": replay,
        "coach": coach,
    }


class Session:
    """A game with one human seat, or several that pass the device (pass and
    play), and bots in every other seat. `human` is the seat in front: the
    person whose view the page shows, who decides next or decided last."""

    def __init__(self, state: GameState, human: object = 0, levels: object = None,
                 humans: object = None) -> None:
        if type(human) is not int or not 0 <= human < state.num_players:
            raise ValueError("the human seat must be one of the game's seats")
        self.state = state
        self.humans = self._checked_humans([human] if humans is None else humans)
        if human not in self.humans:
            raise ValueError("the seat in front must be one of the people's seats")
        self.human = state.to_act if state.to_act in self.humans else human
        self.levels = self._checked_levels(levels)
        self.last_fault: str | None = None  # the traceback of the last engine failure reported, for logs
        # The human's moves that can be taken back (None: not yet found after
        # a restore), and why no earlier one can.
        self._takebacks: list[Takeback] | None = []
        self._undo_closed = NOTHING_TO_UNDO
        # Log lines of the page's own (moves made for the human): the move
        # count after the move, the position in the log, the line.
        self._notes: list[tuple[int, int, Event]] = []
        self.coach: Coach | None = None  # in a lesson, its place in the script

    def _checked_humans(self, humans: object) -> list[int]:
        """The seats of the people at the device: distinct seats, at least one."""
        seats = range(self.state.num_players)
        if not isinstance(humans, list) or not humans or len(set(humans)) != len(humans) \
                or not all(type(seat) is int and seat in seats for seat in humans):
            raise ValueError("the people's seats must be distinct seats of the game, "
                             "at least one, not %s" % excerpt(humans))
        return sorted(humans)

    def _checked_levels(self, levels: object) -> list[str | None]:
        """One bot level per seat (None for a person); the middle level by default."""
        seats = self.state.num_players
        if seats == 1:
            return [None]
        names = list(bots.levels(self.state.game_id))
        if levels is None:
            levels = [names[len(names) // 2]] * seats
        if not isinstance(levels, list) or len(levels) != seats:
            raise ValueError("give one bot level for each of the %d seats" % seats)
        levels = list(levels)
        for seat in self.humans:
            levels[seat] = None
        for seat, level in enumerate(levels):
            if seat not in self.humans and not (isinstance(level, str) and level in names):
                raise ValueError("unknown bot level %s (levels: %s)"
                                 % (excerpt(level), ", ".join(names)))
        return levels

    @classmethod
    def start(cls, spec: object) -> "Session":
        """A new session from {"game", "players", "seed", "options", "levels"}
        and, for pass and play, "humans" (the people's seats); without
        "players", the game's smallest table."""
        if not isinstance(spec, dict):
            raise ValueError("a new game is asked for with a JSON object")
        if spec.get("lesson"):
            return cls.start_lesson(spec.get("game"))
        seed = spec.get("seed")
        if seed is None:
            raise ValueError("a new game needs a seed")
        options = spec.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError("a new game's options are a JSON object of names and values")
        state = new_game(spec.get("game"), players=spec.get("players"), seed=seed, **options)
        humans = spec.get("humans")
        first = humans[0] if isinstance(humans, list) and humans else 0
        return cls(state, human=first, levels=spec.get("levels"), humans=humans)

    @classmethod
    def start_lesson(cls, game_id: object) -> "Session":
        """The lesson of `game_id` (pyapp/lesson.py) from its first step."""
        if not isinstance(game_id, str):
            raise ValueError("a lesson is asked for by its game's id")
        lesson = lesson_of(game_id)
        state = new_game(game_id, players=lesson["players"], seed=lesson["seed"],
                         **lesson["options"])
        session = cls(state, levels=lesson["levels"])
        session.coach = Coach(lesson)
        return session

    @classmethod
    def restore(cls, saved: object) -> "Session":
        """A session from `save()`; ValueError says what is wrong with a bad save."""
        if not isinstance(saved, dict) or saved.get("format") != SAVE_FORMAT:
            raise ValueError("this is not a Safehouse save (or it is from another version)")
        session = cls(load_game(saved.get("game")), human=saved.get("human", 0),
                      levels=saved.get("levels"), humans=saved.get("humans"))
        session._takebacks = None  # found by replay when first asked for
        if saved.get("lesson") is not None:
            session.coach = Coach.restore(saved["lesson"])
        return session

    def save(self) -> dict[str, Any]:
        """The session's save: the game's, the human seat (the one in front)
        and the bot levels; with several people, their seats."""
        saved = {"format": SAVE_FORMAT, "game": self.state.save(), "human": self.human,
                 "levels": list(self.levels)}
        if len(self.humans) > 1:
            saved["humans"] = list(self.humans)
        if self.coach is not None:
            saved["lesson"] = self.coach.save()
        return saved

    # -- moves -----------------------------------------------------------------

    def act(self, action: object, moves: object = None, for_human: bool = False) -> Payload:
        """The human's action. `moves` is the move count the UI saw, so a click
        on a table that has since changed is refused instead of misapplied.
        `for_human`: the page made this move, the human's only choice, for
        them; the log says so."""
        if moves is not None and moves != len(self.state.history):
            return self.payload(error=STALE_CLICK)
        if self.state.to_act != self.human:
            return self.payload(error=self._not_your_turn())
        refusal = self.coach.refusal(self.state, action) if self.coach else None
        if refusal is not None:
            return self.payload(error=refusal)

        def play() -> None:
            takeback = self._takeback_before(action)  # raises IllegalAction first
            only = len(self.state.legal_actions()) == 1
            log_at = len(self.state.log)
            wanted = self.coach is not None and self.coach.wants(self.state, action)
            self.state.apply(action)
            self._remember(takeback)
            if self.coach is not None and wanted:
                self.coach.next_step()
            if for_human and only:  # the note follows the move's own line
                self._note(min(log_at + 1, len(self.state.log)),
                           "Played for you: it was your only choice.")
            self._face_front()
        try:
            return self._transaction("The engine failed on that move (%s); nothing was "
                                     "played and your game is as it was.", play)
        except IllegalAction as err:
            return self.payload(error=as_sentence(str(err)))

    def bot_step(self) -> Payload:
        """Play one bot decision, if a bot is to act."""
        seat = self.state.to_act
        if seat is None or seat in self.humans or (self.coach and self.coach.waits()):
            return self.payload()

        def play() -> None:
            level = self.levels[seat]
            assert level is not None  # only the people's seats have no level
            bot = bots.levels(self.state.game_id)[level]()
            told_from = len(self.state.log)
            self.state.apply(bot.choose(self.state, seat, self._bot_rng()))
            if self.coach is not None:  # the move and what it settled; the log tells the rest
                told = self.state.log[told_from:told_from + TOLD_EVENTS]
                self.coach.tell(" ".join(event["text"] for event in told))
            self._close_undo(OTHERS_MOVED)
            self._face_front()
        return self._transaction("The engine failed on the bot's move (%s); nothing was "
                                 "played and your game is as it was.", play)

    def coach_next(self) -> Payload:
        """In a lesson: past the coach's note on show."""
        if self.coach is not None:
            self.coach.next()
        return self.payload()

    def _face_front(self) -> None:
        """With several people, the one to decide comes in front (the page
        passes the device to them); their undo never reaches past another
        person's moves."""
        seat = self.state.to_act
        if seat in self.humans and seat != self.human:
            assert seat is not None
            self.human = seat
            self._close_undo(OTHERS_MOVED)

    # -- undo ------------------------------------------------------------------

    def undo(self, moves: object = None) -> Payload:
        """Take back the human's last choice (and the moves made for them
        after it), when `undo_refusal()` allows."""
        if moves is not None and moves != len(self.state.history):
            return self.payload(error=STALE_CLICK)
        refusal = self.undo_refusal()
        if refusal is not None:
            return self.payload(error=refusal)
        takebacks = self._takeback_points()
        while True:
            self.state, was_choice = takebacks.pop()
            if was_choice:
                break
        self._notes = [note for note in self._notes if note[0] <= len(self.state.history)]
        return self.payload()

    def undo_refusal(self) -> str | None:
        """Why the human cannot take back a move now, or None if they can."""
        if self.state.is_over or self.state.to_act != self.human:
            return self._not_your_turn()
        if self.coach is not None and self.coach.step is not None:
            return LESSON_GOES_ON
        if not any(was_choice for _, was_choice in self._takeback_points()):
            return self._undo_closed
        return None

    def _takeback_before(self, action: object) -> Takeback | None:
        """The point to come back to if the human's `action` can be taken back
        (it reveals nothing), else None. IllegalAction if it is not legal."""
        state = self.state
        if state.reveals(action, self.human, reveal_rng(state)):  # type: ignore[arg-type]
            return None
        return state.clone(), len(state.legal_actions()) > 1

    def _remember(self, takeback: Takeback | None) -> None:
        if takeback is None:
            self._close_undo(MOVE_REVEALED)
        else:
            self._takeback_points().append(takeback)

    def _close_undo(self, why: str) -> None:
        self._takebacks = []
        self._undo_closed = why

    def _takeback_points(self) -> list[Takeback]:
        if self._takebacks is None:
            try:
                self._takebacks, self._undo_closed = self._replayed_takebacks()
            except Exception:  # as in _only_choice: only Undo is lost, never the payload
                self.last_fault = traceback.format_exc()
                self._close_undo(NOTHING_TO_UNDO)
        assert self._takebacks is not None
        return self._takebacks

    def _replayed_takebacks(self) -> tuple[list[Takeback], str]:
        """The takeback points of a restored game, found by replaying it: the
        human's moves after the last move of another seat, from the last one
        back to the first that revealed something."""
        saved = self.state.save()
        state = load_game(dict(saved, actions=[]))
        moves: list[tuple[GameState, Action]] = []
        why = NOTHING_TO_UNDO
        for action in saved["actions"]:
            if state.to_act == self.human:
                moves.append((state.clone(), action))
            else:
                moves, why = [], OTHERS_MOVED
            state.apply(action)
        for index in range(len(moves) - 1, -1, -1):
            before, action = moves[index]
            if before.reveals(action, self.human, reveal_rng(before)):
                moves, why = moves[index + 1:], MOVE_REVEALED
                break
        return [(before, len(before.legal_actions()) > 1) for before, _ in moves], why

    def hint(self) -> Payload:
        """What the strongest bot would do in the human's place."""
        if self.state.to_act != self.human:
            return self.payload(error=self._not_your_turn())
        found: list[Hint] = []

        def find() -> None:
            judgement = judge(self.state, self.human)
            action = judgement["action"]
            found.append({"action": action, "text": self.state.describe(action),
                          "reason": reason(self.state, judgement)})
        payload = self._transaction("The engine failed while looking for a hint (%s); "
                                    "your game is as it was.", find)
        if found:
            hinted: Hinted = {**payload, "hint": found[0]}
            return hinted
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

    def _only_choice(self, legal: list[Action]) -> Action | None:
        """The human's single legal action, if making it shows them nothing.
        The test compares re-deals with the real outcome, so it hints at that
        outcome only for a move the human must make anyway, and sees just
        after. Should the engine fail on the test, the page just does not make
        it: the payload, which also reports failures, must not fail."""
        if len(legal) != 1:
            return None
        try:
            reveals = self.state.reveals(legal[0], self.human, reveal_rng(self.state))
        except Exception:
            self.last_fault = traceback.format_exc()
            return None
        return None if reveals else legal[0]

    def _note(self, log_at: int, text: str) -> None:
        """A line of the page's own in the move log, at position `log_at`."""
        self._notes.append((len(self.state.history), log_at, {"text": text, "kind": "note"}))

    def _log_tail(self) -> list[Event]:
        """The latest events of the game's log, with the page's notes among them."""
        events = list(self.state.log[-LOG_TAIL:])
        start = len(self.state.log) - len(events)
        for _, at, note in reversed(self._notes):
            if at >= start:
                events.insert(at - start, note)
        return events[-LOG_TAIL:]

    def _not_your_turn(self) -> str:
        if self.state.is_over:
            return "The game is over."
        return "Wait: it is not your decision now."

    # -- what the page gets --------------------------------------------------

    def facts(self) -> GameFacts:
        return game_facts(self.state, self.levels, self.humans, self.save())

    def payload(self, error: str | None = None) -> Payload:
        """The human seat's view, its legal actions when it decides, and the save.
        "undo" says whether Undo may be used (or why not); "only_choice" is the
        human's one legal action when it reveals nothing, which the page may
        make for them."""
        legal = self.state.legal_actions() if self.state.to_act == self.human else []
        refusal = self.undo_refusal()
        return payload_of(self.facts(), self.state, self.human,
                          {"allowed": refusal is None, "reason": refusal}, legal=legal,
                          only_choice=self._only_choice(legal), log=self._log_tail(),
                          error=error, coach=self._coach_view())

    def _coach_view(self) -> CoachView | None:
        return self.coach.view(self.state, self.human) if self.coach is not None else None


def reveal_rng(state: GameState) -> Rng:
    """The re-deals that test a move for what it reveals depend only on the
    game and the move number, so a replay finds the same answer."""
    return Rng(state.seed * 104729 + len(state.history) + 17)


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
