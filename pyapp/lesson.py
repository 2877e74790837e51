"""Lessons: a guided first game of each game, on a fixed deal against bots.

A lesson is data that lives beside its game's engine (LESSON in
pyapp/games/<game>_lesson.py, or the game package's lesson.py), written from
the rulebook: the deal (seed, table, bot levels) and a script of steps, each
one of
- `say(text)`: the coach explains; the game waits for Next;
- `do(action, text, why)`: the person's next decision, which must be
  `action`; the coach points at its control, and `why` says why the lesson
  wants it when another move is tried (that move is not made);
- `bot(text)`: the next bot move, told with its reason once it is made; the
  game waits for Next.

Bot moves with no step of their own are made as in any game, between steps.
After the last step the lesson is done and the game goes on as any other.
The `Coach` follows the script for the session (pyapp/session.py): it
refuses a move the lesson does not want, holds the bots while the coach
speaks, and says what the page shows (`CoachView`). Its place is kept in the
save, so a lesson left is resumed where it was. tests/test_lesson.py follows
every lesson to its end.
"""

from typing import Any, NotRequired, TypedDict

from .engine.protocol import Action, GameState


class Step(TypedDict):
    kind: str  # "say", "do" or "bot"
    text: str
    action: NotRequired[Action]  # "do": the person's move
    why: NotRequired[str]  # "do": why the lesson wants it


class Lesson(TypedDict):
    game: str
    seed: int
    players: int
    levels: list[str | None]  # the bots' levels, None for the person (seat 0)
    options: dict[str, Any]
    minutes: int  # about how long it takes to follow
    steps: list[Step]


def is_legal(state: GameState, action: Action) -> bool:
    try:
        state.check(state.canonical(action))
    except Exception:  # IllegalAction, or a try too malformed to read
        return False
    return True


class CoachView(TypedDict):
    """What the page shows of the lesson: the coach's words, the action whose
    control it points at (None when there is none), whether it waits for
    Next, where the lesson is, and whether it is done."""

    text: str
    target: Action | None
    next: bool
    step: int
    steps: int
    done: bool


DONE = ("That is the whole of {title}: every rule you need has come up. Finish this game "
        "on your own, or play a real game from the lobby.")


def say(text: str) -> Step:
    return {"kind": "say", "text": text}


def do(action: Action, text: str, why: str) -> Step:
    return {"kind": "do", "text": text, "action": action, "why": why}


def bot(text: str) -> Step:
    return {"kind": "bot", "text": text}


def lesson_of(game_id: str) -> Lesson:
    """The lesson of `game_id`; ValueError for a game without one."""
    from .games import lessons  # the lessons import their games' card tables

    found = lessons.LESSONS.get(game_id)
    if found is None:
        raise ValueError("there is no lesson for %r" % game_id)
    return found


class Coach:
    """Where a lesson stands: `index` is the step on show, `told` the
    sentence of the bot move that a "bot" step tells, once it is made."""

    def __init__(self, lesson: Lesson, index: int = 0, told: str | None = None) -> None:
        self.lesson = lesson
        self.index = index
        self.told = told

    @classmethod
    def restore(cls, saved: object) -> "Coach":
        """A coach from `save()`; ValueError for a bad one."""
        if not isinstance(saved, dict) or not isinstance(saved.get("game"), str):
            raise ValueError("this lesson's save names no game")
        lesson = lesson_of(saved["game"])
        index, told = saved.get("step"), saved.get("told")
        if type(index) is not int or not 0 <= index <= len(lesson["steps"]) or \
                not (told is None or isinstance(told, str)):
            raise ValueError("this lesson's save has no place in its script")
        return cls(lesson, index, told)

    def save(self) -> dict[str, Any]:
        return {"game": self.lesson["game"], "step": self.index, "told": self.told}

    @property
    def step(self) -> Step | None:
        steps = self.lesson["steps"]
        return steps[self.index] if self.index < len(steps) else None

    def waits(self) -> bool:
        """The coach is speaking: nothing moves until Next."""
        step = self.step
        return step is not None and (step["kind"] == "say" or self.told is not None)

    def refusal(self, state: GameState, action: object) -> str | None:
        """Why the lesson does not make the person's `action` now, or None."""
        step = self.step
        if step is None:
            return None
        if self.waits():
            return "Read the coach's note first, then press Next."
        if step["kind"] != "do" or not isinstance(action, dict) or self.wants(state, action):
            return None
        if len(state.legal_actions()) == 1 or not is_legal(state, action):
            return None  # a forced move comes first; an illegal one, the engine explains
        wanted = step["action"]
        try:
            tried = "That would %s. " % state.describe(action).rstrip(".")
        except Exception:  # a malformed try: the engine's check will say what is wrong
            tried = ""
        return "%sThe lesson wants you to %s now: %s" % (
            tried, state.describe(wanted).rstrip("."), step["why"])

    def wants(self, state: GameState, action: object) -> bool:
        """`action` is the move of the "do" step on show."""
        step = self.step
        return step is not None and step["kind"] == "do" and isinstance(action, dict) and \
            state.canonical(action) == state.canonical(step["action"])

    def next_step(self) -> None:
        """The person made the move the step wanted."""
        self.index += 1

    def tell(self, text: str) -> None:
        """A bot moved (`text`: the log's sentence for it): a "bot" step tells it."""
        step = self.step
        if step is not None and step["kind"] == "bot":
            self.told = text

    def next(self) -> None:
        """Next: past the note on show."""
        if self.waits():
            self.index += 1
            self.told = None

    def view(self, state: GameState, seat: int) -> CoachView:
        step = self.step
        steps = len(self.lesson["steps"])
        if step is None:
            return {"text": DONE.format(title=state.title), "target": None, "next": False,
                    "step": steps, "steps": steps, "done": True}
        text = step["text"]
        if step["kind"] == "bot":
            text = "The bots are moving\u2026" if self.told is None else \
                ("%s %s" % (self.told, text)).strip()
        target = None
        if step["kind"] == "do" and state.to_act == seat:
            wanted = state.canonical(step["action"])
            target = wanted if wanted in state.legal_actions() else None
        return {"text": text, "target": target, "next": self.waits(),
                "step": self.index + 1, "steps": steps, "done": False}
