"""The replay screen: a finished game move by move, as the human seat saw it.

The engine worker deals the game again and answers one step at a time (the
"replay" call: the payload of that step, every seat's hand, and once the
list of moves). Here that payload goes through the game's own table module,
read-only: it has no legal actions, and the felt is inert. The frame and the
move list are built once per replay; each step redraws only the felt and
moves the highlight, so no step is a long main-thread task.
"""

from .html import button, el, key_label, raw, render
from .endgame import player_cell
from .history import outcome_text
from .tables import TABLES

LOSS_POINTS = 10  # a decision that gave up more win chance than this is a finding
FINDINGS = 5  # the worst ones listed

# {key: what it does} on the replay screen.
KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}


def target_step(move, step, steps):
    """The step a control or key asks for, kept within 0..steps."""
    wanted = {"back": step - 1, "next": step + 1, "first": 0, "last": steps}[move]
    return max(0, min(steps, wanted))


def where_text(step, steps):
    if step == 0:
        return "The deal (before move 1 of %d)" % steps
    return "After move %d of %d" % (step, steps)


def control(label, key, move, title):
    return button(key_label(label, key), "replay-step", [("data-move", move)],
                  classes="btn", title=title)


def controls_html(players):
    """Start, Back, where we are, Next, End, and (with other seats) every hand."""
    hands = el("label", el("input", type="checkbox", data_setting="replay-hands"),
               " Show every hand", class_="auto-answer") if players > 1 else None
    return el("div", control("Start", "Home", "first", "The deal"),
              control("Back", "Left", "back", "One move back (the left arrow key)"),
              el("output", id="replay-where", aria_live="polite"),
              control("Next", "Right", "next", "One move on (the right arrow key)"),
              control("End", "End", "last", "The end of the game"),
              hands, class_="replay-bar", role="group", aria_label="Replay controls")


def move_item(step, move):
    return el("li", el("button", el("b", "%d." % step), " ", move["text"], type="button",
                       class_="replay-move", data_action="replay-to", data_step=str(step)),
              data_step=str(step))


def moves_html(moves, first):
    """Lines of the move list, the first of them move number `first`."""
    return render([move_item(step, move) for step, move in enumerate(moves, first)])


def replay_html(record, moves):
    """The frame of a replay: head, controls, an empty felt and the move list
    beginning with `moves` (the page core adds the rest a few at a time: screens.list_moves)."""
    items = [el("li", el("button", "The deal", type="button", class_="replay-move",
                         data_action="replay-to", data_step="0"), data_step="0")]
    items.append(raw(moves_html(moves, 1)))
    outcome = outcome_text(record, "you won", "you lost")
    return render(el(
        "div",
        el("div", el("h1", "Replay: " + record["title"]),
           el("p", "Deal #%s \u00b7 %s" % (record["seed"], outcome), class_="seed"),
           el("div", button("Close the replay", "replay-close", classes="btn ghost"), class_="tools"),
           class_="table-head"),
        controls_html(record["players"]),
        el("section", review_start_html(), id="replay-review", class_="replay-review",
           aria_live="polite", aria_label="Review of your decisions"),
        el("div", el("div", el("div", id="replay-felt", class_="replay-felt", inert=True),
                     el("div", id="replay-hands", class_="replay-hands", hidden=True),
                     class_="felt"),
           el("aside", el("h2", "Moves"), el("ol", items, id="replay-moves"), class_="log",
              aria_label="Moves of the game"),
           class_="table-body"),
        class_="archive replay"))


def step_html(payload):
    """The table at one step, read-only, as the human seat saw it: as the
    worker drew it, else drawn here."""
    drawn = payload.get("table_html")
    if drawn is not None:
        return drawn
    return TABLES[payload["game"]].table_html(dict(payload, replay=True), [], None)


def hands_html(answer):
    """Every seat's hand at one step (the game is over, so nothing is secret now)."""
    payload = answer["payload"]
    table = TABLES[payload["game"]]
    rows = [el("li", el("strong", player_cell(seat, payload)),
               el("span", [table.face_html(code, payload) for code in hand] or "no cards",
                  class_="replay-hand"))
            for seat, hand in answer["hands"]]
    return render([el("h2", "Every hand"), el("ul", rows)])


# -- the review of the human's decisions ------------------------------------------------


def review_start_html(note=None):
    return [button("Review my decisions", "review", classes="btn",
                   title="The strongest bot's search judges each of your choices from "
                         "what you knew then"),
            el("span", note, class_="note") if note else None]


def review_progress_html(done, total):
    """While the worker reviews: how far, and Cancel."""
    return render([
        el("label", "Reviewing decision %d of %d " % (min(done + 1, total), total),
           el("progress", max=str(total), value=str(done))),
        button("Cancel", "review-cancel", classes="btn ghost")])


def finding_html(step, review):
    """One decision that gave up win chance: "win chance 30%, against 55% for
    the bot's move", by the bot's estimate, in the hint's words (an arrow
    read as the chance rising)."""
    return el("li",
              el("p", el("strong", "Move %d: win chance %s, against %s for the bot's move. "
                         % (step + 1, percent(review["chance"]), percent(review["best_chance"]))),
                 "You chose: %s. The bot's move: %s (the hint at that moment)."
                 % (review["chosen_text"].rstrip("."), review["best_text"].rstrip("."))),
              button("Show move %d" % (step + 1), "replay-to", [("data-step", str(step))],
                     classes="btn ghost"),
              data_review_item=True, data_loss=str(review["loss"]))


def percent(chance):
    return "%d%%" % round(100 * chance)


def review_result_html(reviews):
    """The decisions that gave up the most; `reviews` are (step, review or
    None) for each decision reviewed."""
    judged = [(step, review) for step, review in reviews if review is not None]
    if not judged:
        return render(review_start_html(
            "This game's strongest bot keeps no estimates to review with."))
    worst = sorted([pair for pair in judged if pair[1]["loss"] > LOSS_POINTS],
                   key=lambda pair: -pair[1]["loss"])[:FINDINGS]
    heading = el("h2", "Review: %d of your decisions judged" % len(judged))
    if not worst:
        return render([heading, el("p", "None of them lowered your win chance by more than "
                                        "%d%%, by the bot's estimate." % LOSS_POINTS,
                                   data_review_empty=True)])
    return render([heading, el("ol", [finding_html(step, review) for step, review in worst],
                               class_="review-findings")])
