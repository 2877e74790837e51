"""The page core's screens beside the table: history, statistics, the deal
of the day, replay with its review, and export and import of all local data.
Pure, like pyapp/ui/core.py, whose model and effects they share: importing
this module adds its events, actions and answers to core's tables.

The replay on show is `model.replay`, a dict:
    record   the history record replayed (or one made of the game on the table)
    back     where "Close the replay" goes: "table", "history" or "lobby"
    step, steps, wanted   the step on show, their count, the step asked for
                          last (keys pressed while a step loads coalesce)
    loading  a step is being asked for
    answer   the engine's answer for the step on show
    hands    every hand is shown
    review   None, or the review running: {"steps", "done", "reviews"}
"""

import json

from . import coach  # noqa: F401  (it adds the lesson's actions and hooks to the core)
from . import core, daily, history, replay, stats, transfer
from .core import ask, emit, request, show_archive, show_message
from .html import render

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy reads these; MicroPython has no typing module
    from typing import Any, Callable
    from .core import Event, Model

MOVES_AT_ONCE = 40  # lines of a replay's move list drawn in one task


# -- history and statistics ----------------------------------------------------------------


def show_history(model: "Model", navigate: bool = True) -> None:
    records, broken = history.finished_games(model.store)
    show_archive(model, "history", history.history_html(model.catalogue, records, broken,
                                                        model.now["offset"]))
    if navigate:
        core.visit(model, {"screen": "history"})


def show_stats(model: "Model", navigate: bool = True) -> None:
    per_game = {}
    for entry in model.catalogue:
        per_game[entry["id"]] = stats.read_rows(model.store, stats.STATS + entry["id"])
    show_archive(model, "stats", stats.stats_html(model.catalogue, per_game))
    if navigate:
        core.visit(model, {"screen": "stats"})


def reset_stats(model: "Model", event: "Event") -> None:
    game = event.get("data-game")
    ask(model, "Reset these statistics?", "Every count of %s starts again from zero. The "
        "history of finished games stays." % core.title_of(model, game), "Reset",
        {"type": "stats-reset", "game": game})


def stats_reset(model: "Model", event: "Event") -> None:
    stats.reset(model.store, event["game"])
    show_stats(model, navigate=False)


def play_daily(model: "Model") -> None:
    today = core.days_to_check(model)[0]
    core.start_game(model, {"game": daily.GAME, "seed": daily.daily_seed(today)})


# -- replay ----------------------------------------------------------------------------------


def open_replay(model: "Model", event: "Event") -> None:
    """A replay of a finished game: from the history, or of the game on the table."""
    record_id = event.get("data-history")
    if record_id:
        record, back = history.find(model.store, record_id), "history"
    elif model.payload is not None and model.payload["view"]["over"]:
        record = history.record_of(model.game_id, model.payload, model.now["wall"],
                                   model.autoplayed)
        back = "table"
    else:
        record, back = None, "lobby"
    if record is None:
        show_message(model, "That game's record could not be read; it is left as it is.")
        return
    ask_step(model, record, 0, [record, back, True], moves=True)


def replay_again(model: "Model", place: "dict[str, Any]") -> None:
    """Back (or Forward) to a replay: it opens again, from its start."""
    record = history.find(model.store, place.get("record"))
    if record is None:
        core.show_lobby(model)
        return
    before = model.visits[model.place - 1] if model.place > 0 else None
    ask_step(model, record, 0, [record, (before or {"screen": "lobby"})["screen"], False],
             moves=True)


def ask_step(model: "Model", record: "dict[str, Any]", step: int, context: "Any",
             moves: bool = False) -> None:
    """Ask the engine for one step; a step goes ahead of a review's next call."""
    argument = json.dumps({"save": record["save"], "step": step, "moves": moves})
    if not request(model, "replay", argument, "replay-step", context, wait=True, first=True):
        show_message(model, "The game engine is still loading or busy; try again in a "
                            "moment.", "info")
        if model.replay is not None:
            model.replay["loading"] = False


def step_answer(model: "Model", answer: "dict[str, Any] | None") -> "dict[str, Any] | None":
    """The answer for a step, or None (the reason shown)."""
    if answer is not None and not answer.get("ok"):
        show_message(model, "This game cannot be replayed: %s" % answer.get("error"))
        return None
    return answer


def replay_step(model: "Model", answer: "dict[str, Any] | None", context: "Any") -> None:
    """A step came: the replay's first (context: [record, back]) or the one
    asked for (context: the replay it was asked for)."""
    answer = step_answer(model, answer)
    if isinstance(context, list):
        if answer is not None:
            start_replay(model, context[0], context[1], answer, context[2])
        return
    shown = model.replay
    if shown is not context or shown is None:
        return  # the replay was left meanwhile
    shown["loading"] = False
    if answer is None:
        return
    show_step(model, answer)
    load_wanted(model)


def start_replay(model: "Model", record: "dict[str, Any]", back: str,
                 answer: "dict[str, Any]", navigate: bool) -> None:
    moves = answer["moves"]
    show_archive(model, "replay", replay.replay_html(record, moves[:MOVES_AT_ONCE]))
    if navigate:
        core.visit(model, {"screen": "replay", "record": record["id"]})
    model.replays += 1
    model.replay = {"record": record, "back": back, "step": 0, "steps": answer["steps"],
                    "wanted": 0, "loading": False, "answer": None, "hands": False,
                    "review": None, "moves": moves, "number": model.replays}
    core.set_attr(model, "data-replay-steps", str(answer["steps"]))
    show_step(model, answer)
    if len(moves) > MOVES_AT_ONCE:
        emit(model, "next-task", {"type": "list-moves", "first": MOVES_AT_ONCE,
                                  "replay": model.replays})


def list_moves(model: "Model", event: "Event") -> None:
    """The rest of the move list, a few dozen a task: MicroPython builds ~3
    lines a millisecond, and no task on the page may take long."""
    shown = model.replay
    if shown is None or shown["number"] != event["replay"]:
        return
    first, moves = event["first"], shown["moves"]
    emit(model, "append-html", "replay-moves",
         replay.moves_html(moves[first:first + MOVES_AT_ONCE], first + 1))
    if first + MOVES_AT_ONCE < len(moves):
        emit(model, "next-task", {"type": "list-moves", "first": first + MOVES_AT_ONCE,
                                  "replay": event["replay"]})
    mark_step(model, shown["step"])  # its line may have been drawn just now


def show_step(model: "Model", answer: "dict[str, Any]") -> None:
    """Draw one step: the felt, every hand if asked, where we are, the highlight."""
    shown = model.replay
    assert shown is not None
    shown["answer"], shown["step"] = answer, answer["step"]
    emit(model, "html", "replay-felt", replay.step_html(answer["payload"]))
    show_hands(model)
    emit(model, "text", "replay-where", replay.where_text(shown["step"], shown["steps"]))
    mark_step(model, shown["step"])
    core.set_attr(model, "data-replay-step", str(shown["step"]))


def mark_step(model: "Model", step: int) -> None:
    emit(model, "mark", "replay-moves", "aria-current", 'li[data-step="%d"]' % step, "step")


def show_hands(model: "Model") -> None:
    shown = model.replay
    assert shown is not None
    emit(model, "hidden", "replay-hands", not shown["hands"])
    emit(model, "html", "replay-hands",
         replay.hands_html(shown["answer"]) if shown["hands"] else "")


def go_to(model: "Model", step: int) -> None:
    """Show `step`; steps asked for while one loads are coalesced to the last."""
    shown = model.replay
    if shown is None:
        return
    shown["wanted"] = max(0, min(shown["steps"], step))
    load_wanted(model)


def load_wanted(model: "Model") -> None:
    shown = model.replay
    if shown is None or shown["loading"] or shown["wanted"] == shown["step"]:
        return
    shown["loading"] = True
    ask_step(model, shown["record"], shown["wanted"], shown)


def step_by(model: "Model", move: "Any") -> None:
    shown = model.replay
    if shown is not None:
        go_to(model, replay.target_step(move, shown["wanted"], shown["steps"]))


def close_replay(model: "Model") -> None:
    shown = model.replay
    back = shown["back"] if shown else "lobby"
    if back == "history":
        show_history(model)
    elif back == "table" and model.payload is not None:
        core.show_screen(model, "table")
        core.visit(model, {"screen": "table", "game": model.game_id})
        emit(model, "focus", '#table [data-action="replay"]')
    else:
        core.show_lobby(model)


# -- review ----------------------------------------------------------------------------------


def start_review(model: "Model") -> None:
    """Each of the human's decisions reviewed in the worker, one call each,
    with progress; the worst of them listed."""
    shown = model.replay
    if shown is None or shown["review"] is not None:
        return
    shown["review"] = {"steps": None, "done": 0, "reviews": []}
    if not request(model, "review", json.dumps({"save": shown["record"]["save"]}),
                   "review-listed", shown, wait=True):
        shown["review"] = None
        show_message(model, "The review could not start: the game engine is not ready")


def review_listed(model: "Model", listed: "dict[str, Any] | None",
                  shown: "dict[str, Any]") -> None:
    if shown is not model.replay or shown["review"] is None:
        return
    if listed is None or not listed.get("ok"):
        shown["review"] = None
        show_message(model, "The review could not start: %s" % (
            (listed or {}).get("error") or "the game engine is not ready"))
        return
    shown["review"]["steps"] = listed["decisions"]
    review_next(model, shown)


def review_next(model: "Model", shown: "dict[str, Any]") -> None:
    review = shown["review"]
    steps = review["steps"]
    if review["done"] == len(steps):
        shown["review"] = None
        emit(model, "html", "replay-review", replay.review_result_html(review["reviews"]))
        return
    emit(model, "html", "replay-review", replay.review_progress_html(review["done"], len(steps)))
    argument = json.dumps({"save": shown["record"]["save"], "step": steps[review["done"]]})
    request(model, "review", argument, "reviewed", shown, wait=True)


def reviewed(model: "Model", answer: "dict[str, Any] | None", shown: "dict[str, Any]") -> None:
    if shown is not model.replay or shown["review"] is None:
        return
    review = shown["review"]
    if answer is None:
        cancel_review(model)
        return
    review["reviews"].append((review["steps"][review["done"]], answer.get("review")))
    review["done"] += 1
    review_next(model, shown)


def cancel_review(model: "Model") -> None:
    shown = model.replay
    if shown is None or shown["review"] is None:
        return
    shown["review"] = None
    emit(model, "html", "replay-review", render(replay.review_start_html("Review stopped.")))


# -- export and import ---------------------------------------------------------------------


def export_all(model: "Model") -> None:
    day = history.day_key(model.now["wall"], model.now["offset"])
    emit(model, "export", "safehouse-%s.json" % day, model.now["wall"])


def import_file(model: "Model") -> None:
    """Read and merge the file chosen (the edge hands it to the engine's
    worker); the engine takes no other request meanwhile."""
    if model.pending is not None or model.importing:
        show_message(model, "The game engine is busy; choose the file again in a moment.", "info")
        return
    model.importing = True
    core.set_attr(model, "data-busy", "true")
    show_message(model, "Reading the file\u2026", "info")
    emit(model, "import-file")


def imported(model: "Model", event: "Event") -> None:
    """The worker read and merged a file: say how it went (what was added,
    merged, skipped and why); nothing is changed by a file that is not an export."""
    model.importing = False
    core.set_attr(model, "data-busy", "false")
    summary = event.get("summary") or {
        "ok": False, "error": "the page could not read it (%s)" % event.get("why")}
    show_message(model, *transfer.import_message(summary))
    if summary.get("ok"):
        core.show_lobby(model)


# -- events ---------------------------------------------------------------------------------


def on_key(model: "Model", event: "Event") -> bool:
    """The replay's keys; True when the key was one of them."""
    move = replay.KEYS.get(event["key"])
    if move is None or model.screen != "replay":
        return False
    emit(model, "prevent-default")
    step_by(model, move)
    return True


def on_change(model: "Model", event: "Event") -> None:
    """The import field and the replay's every-hand switch."""
    if event.get("data-action") == "import":
        import_file(model)
    elif event.get("data-setting") == "replay-hands" and model.replay is not None:
        model.replay["hands"] = bool(event.get("checked"))
        show_hands(model)


ACTIONS: "dict[str, Callable[[Model, Event], None]]" = {
    "history": lambda model, event: show_history(model),
    "stats": lambda model, event: show_stats(model),
    "reset-stats": reset_stats,
    "replay": open_replay,
    "replay-step": lambda model, event: step_by(model, event.get("data-move")),
    "replay-to": lambda model, event: go_to(model, int(event.get("data-step") or 0)),
    "replay-close": lambda model, event: close_replay(model),
    "review": lambda model, event: start_review(model),
    "review-cancel": lambda model, event: cancel_review(model),
    "export": lambda model, event: export_all(model),
    "daily": lambda model, event: play_daily(model),
}
EVENTS: "dict[str, Callable[[Model, Event], None]]" = {
    "stats-reset": stats_reset,
    "list-moves": list_moves,
    "imported": imported,
}
ANSWERS: "dict[str, Callable[[Model, Any, Any], None]]" = {
    "replay-step": replay_step,
    "review-listed": review_listed,
    "reviewed": reviewed,
}
SCREENS: "dict[str, Callable[[Model, dict[str, Any]], None]]" = {
    "history": lambda model, place: show_history(model, navigate=False),
    "stats": lambda model, place: show_stats(model, navigate=False),
    "replay": replay_again,
}
core.ACTIONS.update(ACTIONS)
core.SCREENS.update(SCREENS)
core.EVENTS.update(EVENTS)
core.ANSWERS.update(ANSWERS)
core.KEY_HOOKS.append(on_key)
core.CHANGE_HOOKS.append(on_change)
