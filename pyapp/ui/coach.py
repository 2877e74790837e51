"""The lesson on the page: Learn in the lobby, the coach's box on the table,
and the pointer at the one control to use. The script, its words and its
judgement of each move are the engine's (pyapp/lesson.py): the payload's
"coach" says what to show, and this module only shows it.

The pointer: the table module of the game may say which control makes an
action (`coach_selector(action, selection)`, for actions made by selecting
cards first); else the action's own button, found by its data-act.
"""

from . import core, saves
from .html import action_json, button, el, render
from .tables import TABLES

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy reads these; MicroPython has no typing module
    from typing import Any, Callable
    from .core import Event, Model

NO_TARGET = "[data-coach-none]"  # a selector that finds nothing: no pointer


def coach_html(coach: "dict[str, Any]", game: str) -> str:
    """The coach's words, where the lesson is, and Next, or at the end Play a
    real game."""
    if coach["done"]:
        tools = [button("Play a real game", "play", [("data-game", game)], classes="btn primary"),
                 button("Lobby", "lobby", classes="btn ghost")]
        where = "Lesson complete"
    else:
        tools = [button("Next", "coach-next", classes="btn primary") if coach["next"] else None,
                 button("Leave the lesson", "lobby", classes="btn ghost",
                        title="Your place is kept: Learn brings you back to it")]
        where = "Lesson \u00b7 step %d of %d" % (coach["step"], coach["steps"])
    return render([el("p", where, class_="coach-where"), el("p", coach["text"], class_="coach-text"),
                   el("div", tools, class_="coach-tools")])


def coach_selector(game: str, action: "Any", selection: "list[Any]") -> str:
    """The CSS selector of the control that the person uses next for `action`."""
    table = TABLES[game]
    own = getattr(table, "coach_selector", None)
    if own is not None:
        found = own(action, selection)
        if found:
            return str(found)
    return "[data-act='%s']" % action_json(action)


def point(model: "Model") -> None:
    """After a table is drawn: the coach's box, the lesson's state on the
    body, and the pointer on the one control to use (scrolled into view)."""
    payload = model.payload
    coach = payload.get("coach") if payload is not None else None
    if payload is None or coach is None:
        leave(model)
        return
    core.set_attr(model, "data-tutorial", "done" if coach["done"] else "on")
    core.emit(model, "html", "coach", coach_html(coach, payload["game"]))
    core.emit(model, "hidden", "coach", False)
    target = coach.get("target")
    in_table = coach_selector(payload["game"], target, model.selection) if target else None
    in_box = '[data-action="coach-next"]' if coach["next"] else None
    core.emit(model, "mark", "table", "data-coach-target", in_table or NO_TARGET, "true")
    core.emit(model, "mark", "coach", "data-coach-target", in_box or NO_TARGET, "true")
    if in_box:
        core.emit(model, "focus", in_box)


def leave(model: "Model") -> None:
    """No lesson on show."""
    core.set_attr(model, "data-tutorial", None)
    core.emit(model, "hidden", "coach", True)


def learn(model: "Model", event: "Event") -> None:
    """Learn: the game's lesson, resumed where it was left if it was."""
    game = event.get("data-game")
    if not game:
        return
    kept = [game_id for game_id, entry in saves.in_progress(model.store)[0]
            if entry["meta"]["game"] == game and entry["save"].get("lesson")]
    if kept:
        core.resume_game(model, kept[0])
    else:
        core.start_game(model, {"game": game, "lesson": True}, fresh=True)


def coach_next(model: "Model", event: "Event") -> None:
    """Next: past the coach's note; the bots then move on."""
    payload = model.payload
    if payload is None or not (payload.get("coach") or {}).get("next") or \
            not core.still_current(model) or model.moving:
        return
    core.request(model, "coach_next", "", "coach-moved")


def coach_moved(model: "Model", payload: "dict[str, Any] | None", context: "Any") -> None:
    if core.accept(model, payload):
        core.run_moves(model)


ACTIONS: "dict[str, Callable[[Model, Event], None]]" = {"learn": learn, "coach-next": coach_next}
ANSWERS: "dict[str, Callable[[Model, Any, Any], None]]" = {"coach-moved": coach_moved}
core.ACTIONS.update(ACTIONS)
core.ANSWERS.update(ANSWERS)
core.DRAWN_HOOKS.append(point)
core.LEFT_HOOKS.append(leave)
