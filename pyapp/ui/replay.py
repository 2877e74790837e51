"""The replay screen: a finished game move by move, as the human seat saw it.

The engine worker deals the game again and answers one step at a time (the
"replay" call: the payload of that step, every seat's hand, and once the
list of moves). Here that payload goes through the game's own table module,
read-only: it has no legal actions, and the felt is inert. The frame and the
move list are built once per replay; each step redraws only the felt and
moves the highlight, so no step is a long main-thread task.
"""

from . import deck_of_spies, mission_for_peanuts, mister_spy, spy_tricks
from .html import button, el, key_label, raw, render
from .seats import seat_name
from .tables import TABLES

# {key: what it does} on the replay screen.
KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}

# How each game draws a card of a hand that its table shows face down.
HAND_CARDS = {
    "deck-of-spies": lambda code, view: deck_of_spies.card_html(code, view["suits"], small=True),
    "mission-for-peanuts": lambda code, view: mission_for_peanuts.pill(code),
    "mister-spy": lambda code, view: mister_spy.card_face(code, size="ms-mini"),
    "spy-tricks": lambda code, view: spy_tricks.card_html(code, spy_tricks.suit_names(view)),
}


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
    beginning with `moves` (archive.py adds the rest a few at a time)."""
    outcome = "won" if record["won"] else "lost"
    items = [el("li", el("button", "The deal", type="button", class_="replay-move",
                         data_action="replay-to", data_step="0"), data_step="0")]
    items.append(raw(moves_html(moves, 1)))
    return render(el(
        "div",
        el("div", el("h1", "Replay: " + record["title"]),
           el("p", "Deal #%s \u00b7 you %s" % (record["seed"], outcome), class_="seed"),
           el("div", button("Close the replay", "replay-close", classes="btn ghost"), class_="tools"),
           class_="table-head"),
        controls_html(record["players"]),
        el("div", el("div", el("div", id="replay-felt", class_="replay-felt", inert=True),
                     el("div", id="replay-hands", class_="replay-hands", hidden=True),
                     class_="felt"),
           el("aside", el("h2", "Moves"), el("ol", items, id="replay-moves"), class_="log",
              aria_label="Moves of the game"),
           class_="table-body"),
        class_="archive replay"))


def step_html(payload):
    """The table at one step, read-only, as the human seat saw it."""
    shown = dict(payload, replay=True)
    return TABLES[payload["game"]].table_html(shown, [], None)


def hands_html(answer):
    """Every seat's hand at one step (the game is over, so nothing is secret now)."""
    payload = answer["payload"]
    draw = HAND_CARDS[payload["game"]]
    view = payload["view"]
    rows = [el("li", el("strong", seat_name(seat) + (" (you)" if seat == view["seat"] else "")),
               el("span", [draw(code, view) for code in hand] or "no cards",
                  class_="replay-hand"))
            for seat, hand in answer["hands"]]
    return render([el("h2", "Every hand"), el("ul", rows)])
