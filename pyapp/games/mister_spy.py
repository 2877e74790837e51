"""Before I Kill You, Mister Spy... : build a Lair, catch Spies, gloat.

2-6 players share a 54-card deck of Lair cards, Spies and Doublers. You build
one Lair in front of you; anybody may send a Spy into anybody's Lair. A Spy no
larger than the Lair is captured and its owner scores it, doubled once for
every taunt ("Before I kill you, Mister Spy...") that nobody foils with the
partner Doubler. A larger Spy, or a foiled taunt, escapes and destroys the
whole Lair. What is unusual: the owner of the Lair decides even when it is not
their turn, and the card backs are public, so everybody knows how many Spies
each hand holds and whether the deck's top card is one.

Rulebook (rules/mister-spy.txt) -> code
    How to Begin .................. _setup, _hand_size (5 cards, 6 with 2-3)
    On Every Turn, first .......... _begin_turn (draw; skipped on an empty deck),
                                    _turn_has_a_choice
    On Every Turn, second ......... _may_build_with, action "lair"
    On Every Turn, third .......... _spy_targets, _spy_source_options,
                                    _team_is_allowed, _can_take_blind,
                                    _pick_blind_spy, SOURCES, _send_spy
    ... captured or escapes ....... _is_captured
    To Kill the Spy ............... kill_points, _kill
    To Taunt the Spy .............. _letter_is_fresh (rule one), _taunt
    Foiling a Taunt ............... _foil_window (rule two: only the newest
                                    taunt is ever open), _can_foil, _foil
    When A Spy Escapes ............ _escape
    Winning ....................... _score (30 at once), _spies_out,
                                    _end_turn (the idle round), _finish_on_scores
    The log ....................... EVENTS (each event's fields), event_text

Actions (every step has the same to_act until the step's decision is made):
    {"type": "lair", "card": "L3"}     turn start only: add a Lair card from
                                       your hand to your own Lair
    {"type": "spy_target", "seat": 2}  declare the Lair a Spy goes into, before
                                       anyone sees the Spy (turn start, or
                                       after a Lair card)
    {"type": "end_turn"}               play no (more) cards this turn
    {"type": "spy_source", "source": "hand", "cards": ["S3"]}
    {"type": "spy_source", "source": "hand", "cards": ["S2", "S4"]}  a team
    {"type": "spy_source", "source": "blind", "seat": 1}  a random Spy of seat 1
    {"type": "spy_source", "source": "deck"}   the deck's top card, a Spy
    {"type": "kill"}                   the Lair's owner (to_act even off-turn)
    {"type": "taunt", "card": "D-C"}   the owner plays a Doubler
    {"type": "foil", "card": "D-C"}    a seat holding the partner foils
    {"type": "let_stand"}              a seat asked in the foil window passes

    Dispatch: MOVES declares each action type's check, options, effect and
    words. check() refuses an action with its reason: its type's phases and
    keys (ACTION_KINDS, in _check_open), then its type's check for its
    fields. legal_actions() joins the options of the phase's types, built
    from the same rule functions, so an action is legal exactly when check()
    passes it.

    The log: every event is typed (EVENTS: a TypedDict per kind) and its
    sentence is rendered from its fields by event_text. A "spy" event says
    where the Spy came from in "source" ("hand", "blind" with "from_seat",
    or "deck"), and every event about a captured Spy names it ("names").

    view(seat) adds to the shared keys: hand, phase, lairs [{cards, total}],
    scores, hand_sizes, hand_spies (the public backs), deck_count,
    deck_top_is_spy, discard, target, capture (the capture in progress: its
    Spies and their names, value, taunts and the lines said with them, points
    now and if a taunt stands), idle_turns, win_score,
    all_spies, spies_out, prompt, and for the table: log_since_decision,
    recent_points (per seat, killed since then), hand_labels /
    discard_labels (a Spy's name, a Doubler's text, per card), taunt_offers
    (the owner's taunts: card, line, whether nobody can foil it),
    team_refusal (why no team is offered, when that is the question) and
    rule_note (the rule behind the decision, for the seat to act).

    There is no separate "skip the Lair" step: a turn's first decision offers
    the Lair cards, the targets and end_turn together, so the steps a player
    is shown never depend on whether their hand holds a Lair card.

Table rules (docs/rules-decisions.md, and our own where marked "ours")
    - Deck: six Lair cards each of 2, 3, 4; three Spies each of 1-6; two
      Doublers of each letter A-I. Names and taunt lines are ours.
    - Deal 5 (6 with 2-3 players). The dealer comes from the seed and play
      starts on the dealer's left, at seat dealer + 1 (ours).
    - Card backs are public: the view shows each hand's Spy count and whether
      the deck's top card is a Spy.
    - Sources: a Spy from your hand into any Lair; a random Spy from another
      hand into any Lair (that player's own included); the deck's top card if
      it is a Spy. A team is two or more Spies from your own hand into another
      player's Lair, treated as one Spy of their total value.
    - The target is declared before the Spy is seen and cannot be taken back.
    - Kill scores the Spy's value times 2 for each taunt that stood.
    - A taunt may not use a letter already played on this capture. Then the
      other players are asked in turn order, starting left of the owner
      (ours); only the newest taunt can be foiled.
    - Ours: every other player who holds at least one card that is not a Spy
      is asked, whether or not they hold the partner, so who is asked never
      reveals a hand. Nobody is asked when the partner copy is already in the
      discard pile, which everybody can see.
    - An owner who holds both copies of a letter may taunt with one; nobody
      can foil it.
    - A foil: the Spy, the whole Lair, the played Doublers and the foiling
      card are discarded; nobody scores.
    - Played Doublers are discarded when the capture ends.
    - 30 points win the moment they are scored. Otherwise the game ends when
      the last Spy reaches the discard pile, or when the deck is empty and a
      full round of turns passes with no card played (the idle round; the turn
      that drew the last card counts). The highest score wins; ties share.
    - Ours: a Spy's name depends on how many copies of its code are already
      in the discard pile, so every copy of "S3" gets its own name in turn.
    - Ours: a blind Spy is drawn uniformly from that hand's Spies by the
      game's generator; its holder has no say.
    - Ours: a turn whose only option is end_turn, as everybody can see (a
      hand of nothing but Spies, and no Spy that can be played), passes by
      itself; it still counts toward the idle round.

Usage:

    >>> from pyapp.games.mister_spy import MisterSpyState
    >>> state = MisterSpyState.create(players=3, seed=7)
    >>> view = state.view(state.to_act)
    >>> len(view["hand"]), view["deck_count"]
    (7, 35)
    >>> state.apply({"type": "end_turn"})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import exp
from typing import Any, Literal, NamedTuple, TypedDict

from ..engine.protocol import (Action, GameState, IllegalAction, Move, Term, View, check_keys,
                               excerpt)
from ..engine.registry import register
from ..engine.rng import Rng

# ---------------------------------------------------------------------------
# The card table. The rulebook prints no values or names: all of these are
# our choice (docs/rules-decisions.md fixes the values and copies).

LAIR_VALUES = {"L2": 2, "L3": 3, "L4": 4}  # six copies of each
LAIR_COPIES = 6

# Spy code -> the names of its three copies, in the order they are played.
SPY_NAMES = {
    "S1": ("Agent Teaspoon", "Corporal Puddle", "Little Miss Whisper"),
    "S2": ("Doctor Noodle", "Baroness Fizz", "Agent Marmalade"),
    "S3": ("Captain Velvet", "Mister Crumpet", "Madame Periscope"),
    "S4": ("Professor Quill", "Countess Dynamo", "Agent Zigzag"),
    "S5": ("Commander Sleet", "Lady Nightjar", "Mister Fogbottom"),
    "S6": ("Double-Oh-Nothing", "The Grey Fox", "Dame Stiletto"),
}
SPY_VALUES = {code: int(code[1:]) for code in SPY_NAMES}

# Doubler code -> its taunt line; two copies of each letter.
DOUBLER_LINES = {
    "D-A": "have you met my piranhas? They live under your chair.",
    "D-B": "does this volcano make my Lair look big?",
    "D-C": "would you like to hear my plan in full? I made slides.",
    "D-D": "is my laugh menacing enough? Mwa-ha-ha. No, wait: MWAAA-ha-ha.",
    "D-E": "be honest with me. Is the eyepatch too much?",
    "D-F": "say hello to Sir Fluffington. He has read your file.",
    "D-G": "please sign my guestbook. Everyone who dies here does.",
    "D-H": "shall I skip the part of my monologue about my childhood?",
    "D-I": "did you like the shark? He is new. He is also hungry.",
}
# What a Doubler's face says.
DOUBLER_TEXTS = {code: "Before I kill you, Mister Spy... " + line
                 for code, line in DOUBLER_LINES.items()}
DOUBLER_COPIES = 2
SPY_COPIES = 3

WIN_SCORE = 30
ALL_SPIES = len(SPY_NAMES) * SPY_COPIES

FULL_DECK = sorted(
    [code for code in LAIR_VALUES for _ in range(LAIR_COPIES)]
    + [code for code in SPY_NAMES for _ in range(SPY_COPIES)]
    + [code for code in DOUBLER_LINES for _ in range(DOUBLER_COPIES)]
)

# Phases of the pending decision.
PLAY = "play"        # turn start: Lair card, Spy target or end the turn
SPY = "spy"          # after a Lair card: Spy target or end the turn
SOURCE = "source"    # target declared: where the Spy comes from
CAPTURE = "capture"  # the Lair's owner: kill or taunt
FOIL = "foil"        # a seat in the foil window: foil or let stand
OVER = "over"

# What the player to act must do, said when an action comes at the wrong time.
WAITING = {
    PLAY: "%s must play a Lair card, declare a Spy's target or end the turn",
    SPY: "%s must declare a Spy's target or end the turn",
    SOURCE: "%s must choose where the Spy comes from",
    CAPTURE: "%s must kill the captured Spy or taunt it",
    FOIL: "%s must foil the taunt or let it stand",
}
TEAM_RULE = "a team can only go into another player's Lair"
NO_SPY = "no hand holds a Spy and the deck's top card is not one"


class ActionKind(NamedTuple):
    """When an action type may be played, and the keys it carries."""

    phases: tuple[str, ...]
    keys: tuple[str, ...]  # besides "type"
    out_of_phase: str      # how a refusal at the wrong time begins


NOT_NOW = "not now: "
# Every action type, in the order legal_actions() lists them.
ACTION_KINDS = {
    "lair": ActionKind((PLAY,), ("card",),
                       "a Lair card can only be played at the start of the turn; "),
    "spy_target": ActionKind((PLAY, SPY), ("seat",),
                             "a Spy's target is declared once, before the Spy; "),
    "end_turn": ActionKind((PLAY, SPY), (), NOT_NOW),
    "spy_source": ActionKind((SOURCE,), ("source",), NOT_NOW),  # and its source's keys
    "kill": ActionKind((CAPTURE,), (), NOT_NOW),
    "taunt": ActionKind((CAPTURE,), ("card",), NOT_NOW),
    "foil": ActionKind((FOIL,), ("card",), NOT_NOW),
    "let_stand": ActionKind((FOIL,), (), NOT_NOW),
}
KINDS_IN_PHASE = {phase: tuple(kind for kind, spec in ACTION_KINDS.items() if phase in spec.phases)
                  for phase in WAITING}


def is_spy(code: str) -> bool:
    """Whether a card code is a Spy."""
    return code[0] == "S"


def is_lair(code: str) -> bool:
    """Whether a card code is a Lair card."""
    return code[0] == "L"


def is_doubler(code: str) -> bool:
    """Whether a card code is a Doubler."""
    return code[0] == "D"


def _spy_count(cards: list[str]) -> int:
    return sum(1 for code in cards if code[0] == "S")


def _hand_size(players: int) -> int:
    """How to Begin: 5 cards each, 6 with only 2 or 3 players."""
    return 6 if players <= 3 else 5


def _player(seat: int) -> str:
    return "Player %d" % (seat + 1)


def _seat(seat: int | None) -> int:
    """A seat that the phase guarantees is set (the target, the capture's owner)."""
    assert seat is not None
    return seat


def _lair_of(owner: int, actor: int) -> str:
    """A Lair as the acting player's log line names it."""
    return "their own Lair" if owner == actor else "%s's Lair" % _player(owner)


def _sub_multisets(counts: list[tuple[str, int]], index: int = 0) -> list[list[str]]:
    """Every sub-multiset of [(code, count), ...] as a sorted list of codes."""
    if index == len(counts):
        return [[]]
    code, count = counts[index]
    rest = _sub_multisets(counts, index + 1)
    return [[code] * k + tail for k in range(count + 1) for tail in rest]


# ---------------------------------------------------------------------------
# The log's events: each kind's facts, and its sentence rendered from them
# (event_text). Bots and the table read the fields; "text" is for people.


class DealEvent(TypedDict):
    kind: Literal["deal"]
    seat: int  # the dealer
    hand_size: int


class PassEvent(TypedDict):
    """A turn with nothing to play, as everybody can see, passes by itself."""

    kind: Literal["pass"]
    seat: int


class NoDrawEvent(TypedDict):
    """A turn starts without a draw: the deck is empty."""

    kind: Literal["no_draw"]
    seat: int


class DrawEvent(TypedDict):
    kind: Literal["draw"]
    seat: int
    spy: bool  # the card's back is red: everybody sees whether it is a Spy


class LairEvent(TypedDict):
    kind: Literal["lair"]
    seat: int
    card: str
    total: int  # the Lair's size after it


class TargetEvent(TypedDict):
    kind: Literal["target"]
    seat: int
    target: int  # whose Lair the Spy goes into


class SpyEvent(TypedDict):
    kind: Literal["spy"]
    seat: int
    target: int
    source: Literal["hand", "blind", "deck"]  # the sender's hand, another hand, the deck
    from_seat: int | None  # whose hand a blind Spy came from; None for the other sources
    cards: list[str]  # the Spy, or the team
    names: list[str]
    value: int
    lair_value: int


class CaptureEvent(TypedDict):
    kind: Literal["capture"]
    seat: int  # the Lair's owner
    value: int
    names: list[str]


class EscapeEvent(TypedDict):
    kind: Literal["escape"]
    seat: int  # the owner of the destroyed Lair
    lair: list[str]
    cards: list[str]
    names: list[str]
    foiled: bool  # a foiled taunt, or a Spy larger than the Lair


class KillEvent(TypedDict):
    kind: Literal["kill"]
    seat: int
    points: int
    names: list[str]


class TauntEvent(TypedDict):
    kind: Literal["taunt"]
    seat: int
    card: str
    line: str
    multiplier: int  # if the taunt stands


class TauntStandsEvent(TypedDict):
    kind: Literal["taunt_stands"]
    seat: int  # the owner, who decides again
    points: int  # a kill is worth now
    names: list[str]


class FoilEvent(TypedDict):
    kind: Literal["foil"]
    seat: int
    card: str
    owner: int


class LetStandEvent(TypedDict):
    kind: Literal["let_stand"]
    seat: int


class EndEvent(TypedDict):
    kind: Literal["end"]
    winners: list[int]
    scores: list[int]
    # "score": the first winner reached WIN_SCORE; "last_spy": the last Spy
    # was discarded; "idle_round": a full round with an empty deck and no card
    reason: Literal["score", "last_spy", "idle_round"]


MisterSpyEvent = (DealEvent | PassEvent | NoDrawEvent | DrawEvent | LairEvent | TargetEvent
                  | SpyEvent | CaptureEvent | EscapeEvent | KillEvent | TauntEvent
                  | TauntStandsEvent | FoilEvent | LetStandEvent | EndEvent)
EVENTS: dict[str, type] = {
    "deal": DealEvent, "pass": PassEvent, "no_draw": NoDrawEvent, "draw": DrawEvent,
    "lair": LairEvent, "target": TargetEvent, "spy": SpyEvent, "capture": CaptureEvent,
    "escape": EscapeEvent, "kill": KillEvent, "taunt": TauntEvent,
    "taunt_stands": TauntStandsEvent, "foil": FoilEvent, "let_stand": LetStandEvent,
    "end": EndEvent,
}
END_REASONS = {"last_spy": "The last Spy has reached the discard pile.",
               "idle_round": "A full round passed with an empty deck and no card played."}


def event_text(event: MisterSpyEvent) -> str:
    """The log's sentence for an event, from its fields alone."""
    if event["kind"] == "end":
        return _end_text(event)
    who = _player(event["seat"])
    if event["kind"] == "deal":
        return "%s deals %d cards each." % (who, event["hand_size"])
    if event["kind"] == "pass":
        return "%s has nothing to play." % who
    if event["kind"] == "no_draw":
        return "%s cannot draw: the deck is empty." % who
    if event["kind"] == "draw":
        return "%s draws %s." % (who, "a Spy" if event["spy"] else "a card")
    if event["kind"] == "lair":
        return "%s adds a %d to their Lair, now %d." % (who, LAIR_VALUES[event["card"]],
                                                       event["total"])
    if event["kind"] == "target":
        return "%s declares a Spy for %s." % (who, _lair_of(event["target"], event["seat"]))
    if event["kind"] == "spy":
        return _spy_text(event)
    if event["kind"] == "capture":
        return "%s's Lair captures %s!" % (who, " and ".join(event["names"]))
    if event["kind"] == "escape":
        lair = event["lair"]
        team = len(event["names"]) > 1  # a team is one Spy, named by all its members
        how = ("escape" if team else "escapes") + ("" if event["foiled"] else
                                                   " from the Lair of %d"
                                                   % sum(LAIR_VALUES[code] for code in lair))
        return "%s %s and %s %s's Lair (%s)." % (
            " and ".join(event["names"]), how, "destroy" if team else "destroys", who,
            " + ".join(str(LAIR_VALUES[code]) for code in lair))
    if event["kind"] == "kill":
        points = event["points"]
        return "Bang. %s kills %s for %d point%s." % (who, " and ".join(event["names"]), points,
                                                     "" if points == 1 else "s")
    if event["kind"] == "taunt":
        return '%s taunts with %s: "%s"' % (who, event["card"], event["line"])
    if event["kind"] == "taunt_stands":
        return "The taunt stands: %s %s now worth %d." % (
            " and ".join(event["names"]), "are" if len(event["names"]) > 1 else "is",
            event["points"])
    if event["kind"] == "foil":
        return "%s foils the taunt with the matching %s!" % (who, event["card"])
    return "%s lets the taunt stand." % who


def _spy_text(event: SpyEvent) -> str:
    seat, cards = event["seat"], event["cards"]
    source = event["source"]
    if source == "hand":
        how = "as a team from their hand" if len(cards) > 1 else "from their hand"
    elif source == "blind":
        how = "taken blind from %s's hand" % _player(_seat(event["from_seat"]))
    else:
        how = "from the top of the deck"
    spies = " and ".join("%s (%d)" % (name, SPY_VALUES[code])
                         for name, code in zip(event["names"], cards))
    return "%s sends %s %s into %s of %d." % (_player(seat), spies, how,
                                            _lair_of(event["target"], seat), event["lair_value"])


def _end_text(event: EndEvent) -> str:
    winners, scores = event["winners"], event["scores"]
    best = scores[winners[0]]
    if event["reason"] == "score":
        return "%s reaches %d points and wins!" % (_player(winners[0]), best)
    return "%s %s %s with %d point%s." % (
        END_REASONS[event["reason"]], " and ".join(_player(s) for s in winners),
        "win" if len(winners) > 1 else "wins", best, "" if best == 1 else "s")


RULES = {  # the rules sheet: a short rulebook, then our Table rules
    "rules": [
        "You are a super-villain. Build a Lair, catch Spies in it and kill them for points "
        "\u2014 after a little gloating.",
        "54 cards: 18 Lair cards, 18 Spies and 18 Doublers. Spies are printed on red paper, "
        "so everybody can see how many Spies each hand holds and whether the deck's top "
        "card is one.",
        "On your turn: draw a card (not when the deck is empty); you may add one Lair card "
        "to your Lair (its size is the total of its cards); then you may play one Spy into "
        "any Lair, your own included.",
        "The Spy may come from your hand, blind from another player's hand, or from the top "
        "of the deck. Declare the Lair first: you see the Spy only after.",
        "A team of two or more Spies from your own hand may go into another player's Lair; "
        "it counts as one Spy of their total value.",
        "A Spy no larger than the Lair is captured. Its owner, whoever's turn it is, kills "
        "it for its value, or taunts it with a Doubler to double the points.",
        "Another player holding the Doubler with the same letter may foil a taunt: the Spy "
        "escapes. A taunt that stands may be followed by another, with another letter; "
        "older taunts can no longer be foiled.",
        "A Spy larger than the Lair escapes, and so does a foiled one: it destroys the whole "
        "Lair on the way out.",
        "The first to 30 points wins at once. Otherwise the highest score wins when the last "
        "Spy is discarded, or when nobody can (or will) play any more.",
        "Some games are very low-scoring: with 5\u20136 players a game nearly always ends on "
        "the last Spy rather than at 30 (under 4% of games reach 30).",
    ],
    "table": [
        "Deck (the rulebook gives no values): six Lair cards each of 2, 3 and 4; three Spies "
        "each of 1\u20136, each with its own spy name; two Doublers of each letter A\u2013I, "
        "each with its own taunt line. Names and taunt lines are ours.",
        "Deal 5 cards each, 6 with 2\u20133 players. The dealer comes from the seed and play "
        "starts on the dealer's left.",
        "A turn: draw (skipped on an empty deck); optionally play one Lair card to your own "
        "Lair; optionally play one Spy.",
        "Card backs are public: the table shows each hand's number of Spies and whether the "
        "deck's top card is a Spy.",
        "A Spy may come from your hand into any Lair, your own included; a random Spy from "
        "another player's hand into any Lair, that player's own included; or the deck's top "
        "card if it is a Spy.",
        "A team is two or more Spies from your own hand into another player's Lair, treated "
        "as one Spy of their total value. A captured team is killed for its combined value "
        "times the multiplier.",
        "The target is declared before the Spy is seen and cannot be taken back.",
        "A Spy no larger than the Lair is captured; the Lair's owner decides, even off-turn.",
        "Kill: score the Spy's value \u00d7 2 for each taunt that stood.",
        "Taunt: play a Doubler whose letter was not already played on this capture. Then the "
        "other players are asked in turn order, starting left of the owner; only the newest "
        "taunt can be foiled.",
        "Every other player who holds at least one card that is not a Spy is asked, whether "
        "or not they hold the partner, so who is asked never reveals a hand. Nobody is asked "
        "when the partner copy is already in the discard pile.",
        "An owner who holds both copies of a letter may taunt with one; nobody can foil it.",
        "A foil: the Spy, the whole Lair, the played Doublers and the foiling card are "
        "discarded; nobody scores. Without a foil the taunt stands and the owner decides "
        "again.",
        "Played Doublers are discarded when the capture ends.",
        "Escape (a Spy larger than the Lair, or a foiled taunt): the Spy and every card of "
        "that Lair go to the discard pile.",
        "30 points win the moment they are scored. Otherwise the game ends when the last Spy "
        "reaches the discard pile, or when the deck is empty and a full round of turns passes "
        "with no card played (the idle round; the turn that drew the last card counts). The "
        "highest score wins; ties share.",
        "With 5\u20136 players games nearly always end on the last Spy rather than at 30 "
        "(measured: under 4% reach 30), as the rulebook warns: some games are very "
        "low-scoring.",
        "A Spy's name depends on how many copies of its value are already discarded, so each "
        "copy gets its own name in turn.",
        "A blind Spy is drawn at random from that hand's Spies; its holder has no say.",
        "A turn whose only option is to end it, as everybody can see (a hand of nothing but "
        "Spies and no Spy that can be played), passes by itself; it still counts toward the "
        "idle round.",
    ],
}



@register
class MisterSpyState(GameState):
    """A game of Before I Kill You, Mister Spy..."""

    game_id = "mister-spy"
    title = "Before I Kill You, Mister Spy..."
    rules = RULES
    blurb = "Build a Lair, catch Spies, and taunt them for double points - if nobody foils you."
    min_players = 2
    max_players = 6
    order = 4

    deck: list[str]  # the top card is deck[-1]
    hands: list[list[str]]
    lairs: list[list[str]]
    scores: list[int]
    discard: list[str]
    phase: str
    target: int | None         # the declared Lair of the Spy being played
    capture_owner: int | None  # whose Lair holds the capture
    captured: list[str]        # the captured Spy (or team) being dealt with
    taunts: list[str]          # Doublers played on the current capture
    foil_queue: list[int]      # seats still to be asked, after to_act
    played: bool               # whether the turn has played a card
    idle_turns: int
    decided: list[int]         # the log's length when each seat last decided (for the view)

    # -- setup ---------------------------------------------------------------

    def _setup(self) -> None:
        deck = list(FULL_DECK)
        self.rng.shuffle(deck)
        n = self.num_players
        self.deck = deck
        self.hands = [[] for _ in range(n)]
        for _ in range(_hand_size(n)):
            for seat in range(n):
                self.hands[seat].append(deck.pop())
        for hand in self.hands:
            hand.sort()
        self.lairs = [[] for _ in range(n)]
        self.scores = [0] * n
        self.discard = []
        self.phase = PLAY
        self.target = None
        self.capture_owner = None
        self.captured = []
        self.taunts = []
        self.foil_queue = []
        self.played = False
        self.idle_turns = 0
        self.decided = [0] * n
        dealer = self.rng.below(n)
        self.tell(DealEvent(kind="deal", seat=dealer, hand_size=_hand_size(n)))
        self._begin_turn((dealer + 1) % n)

    # -- the turn ------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        """On Every Turn, first: draw, unless the deck is empty."""
        while True:
            self.turn = seat
            self.to_act = seat
            self.phase = PLAY
            self.played = False
            self._draw(seat)
            if self._turn_has_a_choice(seat):
                return
            # Nothing to decide, and everybody can see it: the turn ends itself.
            self.tell(PassEvent(kind="pass", seat=seat))
            if self._count_idle_turn():
                return
            seat = (seat + 1) % self.num_players

    def _draw(self, seat: int) -> None:
        if not self.deck:
            self.tell(NoDrawEvent(kind="no_draw", seat=seat))
            return
        card = self.deck.pop()
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.tell(DrawEvent(kind="draw", seat=seat, spy=is_spy(card)))

    def _turn_has_a_choice(self, seat: int) -> bool:
        """Whether a turn offers more than end_turn, judged from public facts
        (a hand with no non-Spy card holds no Lair card), so skipping a turn
        never reveals a hand."""
        hand = self.hands[seat]
        return _spy_count(hand) < len(hand) or bool(self._spy_targets())

    def _end_turn(self) -> None:
        if not self._count_idle_turn():
            self._begin_turn((self.turn + 1) % self.num_players)

    def _count_idle_turn(self) -> bool:
        """Winning: a full round with an empty deck and no card played ends
        the game. Returns True when it did."""
        if self.deck or self.played:
            self.idle_turns = 0
            return False
        self.idle_turns += 1
        if self.idle_turns < self.num_players:
            return False
        self._finish_on_scores("idle_round")
        return True

    # -- rules: Lairs and Spies ------------------------------------------------

    def _may_build_with(self, seat: int, card: Any) -> bool:
        """On Every Turn, second: a Lair card from your own hand."""
        return type(card) is str and card in self.hands[seat] and is_lair(card)

    def lair_total(self, seat: int) -> int:
        """The size of a seat's Lair: the total of its Lair cards."""
        return sum(LAIR_VALUES[code] for code in self.lairs[seat])

    def _a_spy_can_be_had(self) -> bool:
        """Some hand holds a Spy, or the deck's top card is one: every source
        but a team fits any Lair, and a team's Spies could go alone."""
        return any(_spy_count(hand) for hand in self.hands) or self._deck_top_is_spy()

    def _deck_top_is_spy(self) -> bool:
        return bool(self.deck) and is_spy(self.deck[-1])

    def _spy_targets(self) -> list[int]:
        """The Lairs a Spy can go into now: every built Lair, if a Spy can be had."""
        if not self._a_spy_can_be_had():
            return []
        return [t for t in range(self.num_players) if self.lairs[t]]

    def _spies_not_in_hand(self, seat: int, cards: list[Any]) -> list[Any]:
        """The named cards that are not Spies of the hand (counting copies)."""
        hand = self.hands[seat]
        return [code for code in cards if type(code) is not str
                or hand.count(code) < cards.count(code) or not is_spy(code)]

    @staticmethod
    def _team_is_allowed(seat: int, target: int | None) -> bool:
        """A team comes from your own hand and only into another player's Lair."""
        return target != seat

    def _can_take_blind(self, seat: int, other: int) -> bool:
        """A blind Spy comes from another player's hand that holds one."""
        return other != seat and _spy_count(self.hands[other]) > 0

    def _pick_blind_spy(self, other: int) -> str:
        """A Spy from another hand is taken at random: its owner cannot choose."""
        spies = [code for code in self.hands[other] if is_spy(code)]
        return spies[self.rng.below(len(spies))]

    @staticmethod
    def _is_captured(spy_value: int, lair_value: int) -> bool:
        """A Spy equal to or smaller than the Lair is captured."""
        return spy_value <= lair_value

    def _spy_names(self, cards: list[str]) -> list[str]:
        """Each copy of a code is named after the copies already discarded."""
        names = []
        for i, code in enumerate(cards):
            copy = self.discard.count(code) + cards[:i].count(code)
            names.append(SPY_NAMES[code][min(copy, SPY_COPIES - 1)])
        return names

    def _send_spy(self, cards: list[str], source: Literal["hand", "blind", "deck"],
                  from_seat: int | None = None) -> None:
        seat, target = self.turn, _seat(self.target)
        value = sum(SPY_VALUES[code] for code in cards)
        lair_value = self.lair_total(target)
        names = self._spy_names(cards)
        self.played = True
        self.target = None
        self.tell(SpyEvent(kind="spy", seat=seat, target=target, source=source,
                           from_seat=from_seat, cards=list(cards), names=names, value=value,
                           lair_value=lair_value))
        if self._is_captured(value, lair_value):
            self.captured = list(cards)
            self.taunts = []
            self.phase = CAPTURE
            self.to_act = target
            self.tell(CaptureEvent(kind="capture", seat=target, value=value, names=names))
        else:
            self._escape(cards, target, foiled=False)

    # -- rules: captures ---------------------------------------------------------

    def captured_value(self) -> int:
        """The value of the captured Spy (a team's total)."""
        return sum(SPY_VALUES[code] for code in self.captured)

    def kill_points(self) -> int:
        """Kill: the captured Spy's value, doubled once for each taunt that stood."""
        return self.captured_value() << len(self.taunts)

    def _letter_is_fresh(self, code: Any) -> bool:
        """Rule one: no Doubler whose letter was already played on this capture."""
        return code not in self.taunts

    def _holds_doubler(self, seat: int, code: Any) -> bool:
        return type(code) is str and code in self.hands[seat] and is_doubler(code)

    def _taunt_letters(self, seat: int) -> list[str]:
        """The Doublers `seat` may taunt with now, one per letter."""
        return sorted(set(code for code in self.hands[seat]
                          if is_doubler(code) and self._letter_is_fresh(code)))

    def _taunt_line(self, code: str) -> str:
        """What the owner says to the captured Spy when taunting with `code`."""
        address = " and ".join(self._spy_names(self.captured))
        return "Before I kill you, %s... %s" % (address, DOUBLER_LINES[code])

    def _foil_window(self, owner: int, code: str) -> list[int]:
        """The seats asked, in turn order from the owner's left. Only the
        newest taunt is open (rule two), and it is closed to all when its
        partner copy is already in the discard pile."""
        if code in self.discard:
            return []
        n = self.num_players
        seats = [(owner + k) % n for k in range(1, n)]
        return [s for s in seats if _spy_count(self.hands[s]) < len(self.hands[s])]

    def _can_foil(self, seat: int) -> bool:
        """A seat can foil the newest taunt with the partner card, same code."""
        return self.taunts[-1] in self.hands[seat]

    def _kill(self) -> None:
        owner = self._acting()
        points = self.kill_points()
        names = self._spy_names(self.captured)
        self.discard.extend(self.captured)
        self.discard.extend(self.taunts)
        self.captured, self.taunts = [], []
        self.tell(KillEvent(kind="kill", seat=owner, points=points, names=names))
        self._score(owner, points)

    def _taunt(self, code: str) -> None:
        owner = self._acting()
        self.hands[owner].remove(code)
        line = self._taunt_line(code)
        self.taunts.append(code)
        self.tell(TauntEvent(kind="taunt", seat=owner, card=code, line=line,
                             multiplier=1 << len(self.taunts)))
        self.foil_queue = self._foil_window(owner, code)
        self._next_in_foil_window()

    def _next_in_foil_window(self) -> None:
        if self.foil_queue:
            self.phase = FOIL
            self.to_act = self.foil_queue.pop(0)
            return
        owner = _seat(self.capture_owner)
        self.phase = CAPTURE
        self.to_act = owner
        self.tell(TauntStandsEvent(kind="taunt_stands", seat=owner, points=self.kill_points(),
                                   names=self._spy_names(self.captured)))

    def _foil(self, code: str) -> None:
        foiler = self._acting()
        owner = _seat(self.capture_owner)
        self.hands[foiler].remove(code)
        self.discard.append(code)
        self.tell(FoilEvent(kind="foil", seat=foiler, card=code, owner=owner))
        cards = self.captured
        self.discard.extend(self.taunts)
        self.captured, self.taunts, self.foil_queue = [], [], []
        self._escape(cards, owner, foiled=True)

    def _escape(self, cards: list[str], owner: int, foiled: bool) -> None:
        """When A Spy Escapes: the Spy and every card of the Lair are discarded."""
        lair = self.lairs[owner]
        names = self._spy_names(cards)  # before the Spy joins the discard pile
        self.discard.extend(cards)
        self.discard.extend(lair)
        self.lairs[owner] = []
        self.tell(EscapeEvent(kind="escape", seat=owner, lair=list(lair), cards=list(cards),
                              names=names, foiled=foiled))
        self._after_spy_leaves()

    def _score(self, seat: int, points: int) -> None:
        """Winning: 30 points win at once, whoever's turn it is."""
        self.scores[seat] += points
        if self.scores[seat] >= WIN_SCORE:
            self.finish(EndEvent(kind="end", winners=[seat], scores=list(self.scores),
                                 reason="score"))
            self.phase = OVER
            return
        self._after_spy_leaves()

    def _spies_out(self) -> int:
        """The Spies not yet in the discard pile."""
        return ALL_SPIES - _spy_count(self.discard)

    def _after_spy_leaves(self) -> None:
        if not self._spies_out():
            self._finish_on_scores("last_spy")
        else:
            self._end_turn()

    def _finish_on_scores(self, reason: Literal["last_spy", "idle_round"]) -> None:
        best = max(self.scores)
        winners = [s for s in range(self.num_players) if self.scores[s] == best]
        self.phase = OVER
        self.finish(EndEvent(kind="end", winners=winners, scores=list(self.scores),
                             reason=reason))

    # -- the moves: each action type's check, options, effect and words -----------
    # check() is GameState's: _check_open (the type, its phase and its keys),
    # then the type's check in MOVES; legal_actions() joins the options of the
    # phase's types (KINDS_IN_PHASE), each built from the same rule functions.

    def _open_kinds(self) -> Sequence[str]:
        return KINDS_IN_PHASE[self.phase]

    def _check_open(self, action: Action) -> None:
        kind = action.get("type")
        spec = ACTION_KINDS.get(kind) if type(kind) is str else None
        if spec is None:
            raise IllegalAction("unknown action type %s; %s" % (excerpt(kind), self._waiting()))
        if self.phase not in spec.phases:
            raise IllegalAction(spec.out_of_phase + self._waiting())
        if kind != "spy_source":  # its keys depend on its source: its check knows them
            check_keys(action, spec.keys)

    def _perform(self, action: Action) -> None:
        self.decided[self._acting()] = len(self.log)
        super()._perform(action)

    def _acting(self) -> int:
        """The seat whose decision is pending (the game is not over)."""
        return _seat(self.to_act)

    def _waiting(self) -> str:
        return WAITING[self.phase] % _player(self._acting())

    def _checked_seat(self, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise IllegalAction("there is no seat %s" % excerpt(seat))
        return seat

    def _no_fields(self, action: Action) -> None:
        """A type without fields is legal whenever its phase is (_check_open)."""

    # lair: On Every Turn, second

    def _check_lair(self, action: Action) -> None:
        card = action["card"]
        if not self._may_build_with(self._acting(), card):
            raise IllegalAction("%s is not a Lair card in %s's hand"
                                % (excerpt(card), _player(self._acting())))

    def _lair_options(self) -> list[Action]:
        # Every card of the hand is in it: only the kind of card is left to ask.
        return [{"type": "lair", "card": code} for code in sorted(set(self.hands[self._acting()]))
                if is_lair(code)]

    def _do_lair(self, action: Action) -> None:
        seat, card = self._acting(), action["card"]
        self.hands[seat].remove(card)
        self.lairs[seat].append(card)
        self.played = True
        self.phase = SPY
        self.tell(LairEvent(kind="lair", seat=seat, card=card, total=self.lair_total(seat)))

    def _describe_lair(self, action: Action) -> str:
        value = LAIR_VALUES[action["card"]]
        return "add your %d to your Lair (making it %d)" % (
            value, self.lair_total(self._acting()) + value)

    # spy_target: On Every Turn, third (the Lair is declared first)

    def _check_spy_target(self, action: Action) -> None:
        target = self._checked_seat(action["seat"])
        if not self.lairs[target]:
            raise IllegalAction("%s has no Lair, so no Spy can go there" % _player(target))
        if not self._a_spy_can_be_had():
            raise IllegalAction("no Spy can be played: " + NO_SPY)

    def _spy_target_options(self) -> list[Action]:
        return [{"type": "spy_target", "seat": target} for target in self._spy_targets()]

    def _do_spy_target(self, action: Action) -> None:
        seat = self._acting()
        self.target = self.capture_owner = action["seat"]
        self.phase = SOURCE
        self.tell(TargetEvent(kind="target", seat=seat, target=action["seat"]))

    def _describe_spy_target(self, action: Action) -> str:
        target = action["seat"]
        lair = "your own Lair" if target == self._acting() else "%s's Lair" % _player(target)
        return "send a Spy into %s (%d)" % (lair, self.lair_total(target))

    # end_turn

    def _end_turn_options(self) -> list[Action]:
        return [{"type": "end_turn"}]

    def _do_end_turn(self, action: Action) -> None:
        self._end_turn()

    def _describe_end_turn(self, action: Action) -> str:
        return "end your turn" if self.played else "play nothing and end your turn"

    # spy_source: where the declared Spy comes from (SOURCES)

    def _check_spy_source(self, action: Action) -> None:
        source = action.get("source")
        if type(source) is not str or source not in SOURCES:
            raise IllegalAction("a Spy's source is \"hand\", \"blind\" or \"deck\"")
        check_keys(action, SOURCES[source].keys)
        SOURCES[source].check(self, action)

    def _check_from_hand(self, action: Action) -> None:
        seat, cards = self._acting(), action["cards"]
        if type(cards) is not list or not cards:
            raise IllegalAction("name the Spies from your hand, e.g. [\"S3\"]")
        missing = self._spies_not_in_hand(seat, cards)
        if missing:
            raise IllegalAction("%s is not a Spy in %s's hand" % (excerpt(missing[0]), _player(seat)))
        if len(cards) > 1 and not self._team_is_allowed(seat, self.target):
            raise IllegalAction(TEAM_RULE)
        if cards != sorted(cards):
            raise IllegalAction("list the team's cards in sorted order: %r" % sorted(cards))

    def _check_blind(self, action: Action) -> None:
        seat, other = self._acting(), self._checked_seat(action["seat"])
        if other == seat:
            raise IllegalAction("a blind Spy comes from another player's hand; use source \"hand\"")
        if not self._can_take_blind(seat, other):
            raise IllegalAction("%s holds no Spy" % _player(other))

    def _check_deck(self, action: Action) -> None:
        if not self._deck_top_is_spy():
            raise IllegalAction("the deck's top card is not a Spy" if self.deck
                                else "the deck is empty")

    def _spy_source_options(self) -> list[Action]:
        """On Every Turn, third: the Spies the player may send into the declared Lair."""
        seat = self._acting()
        hand_spies = [code for code in self.hands[seat] if is_spy(code)]
        distinct = sorted(set(hand_spies))
        teams: list[list[str]] = [[code] for code in distinct]
        if len(hand_spies) >= 2 and self._team_is_allowed(seat, self.target):
            counts = [(code, hand_spies.count(code)) for code in distinct]
            teams += [team for team in _sub_multisets(counts) if len(team) >= 2]
        sources: list[Action] = [{"type": "spy_source", "source": "hand", "cards": team}
                                 for team in teams]
        sources += [{"type": "spy_source", "source": "blind", "seat": other}
                    for other in range(self.num_players) if self._can_take_blind(seat, other)]
        if self._deck_top_is_spy():
            sources.append({"type": "spy_source", "source": "deck"})
        return sources

    def _do_spy_source(self, action: Action) -> None:
        SOURCES[action["source"]].send(self, action)

    def _send_from_hand(self, action: Action) -> None:
        cards = list(action["cards"])
        for code in cards:
            self.hands[self._acting()].remove(code)
        self._send_spy(cards, "hand")

    def _send_blind(self, action: Action) -> None:
        other = action["seat"]
        card = self._pick_blind_spy(other)
        self.hands[other].remove(card)
        self._send_spy([card], "blind", from_seat=other)

    def _send_from_deck(self, action: Action) -> None:
        self._send_spy([self.deck.pop()], "deck")

    def _describe_spy_source(self, action: Action) -> str:
        source = action["source"]
        if source == "blind":
            return "send a Spy taken blind from %s's hand" % _player(action["seat"])
        if source == "deck":
            return "send the Spy on top of the deck"
        cards = action["cards"]
        if len(cards) == 1:
            return "send your %d Spy" % SPY_VALUES[cards[0]]
        return "send a team of %s (worth %d)" % (
            " + ".join(str(SPY_VALUES[c]) for c in cards), sum(SPY_VALUES[c] for c in cards))

    # kill: To Kill the Spy

    def _kill_options(self) -> list[Action]:
        return [{"type": "kill"}]

    def _do_kill(self, action: Action) -> None:
        self._kill()

    def _describe_kill(self, action: Action) -> str:
        return "kill the Spy for %d" % self.kill_points()

    # taunt: To Taunt the Spy

    def _check_taunt(self, action: Action) -> None:
        card = action["card"]
        if not self._letter_is_fresh(card):
            raise IllegalAction("%s was already played on this Spy; save its partner for the "
                                "next one" % card)
        if not self._holds_doubler(self._acting(), card):
            raise IllegalAction("%s is not a Doubler in %s's hand"
                                % (excerpt(card), _player(self._acting())))

    def _taunt_options(self) -> list[Action]:
        return [{"type": "taunt", "card": code} for code in self._taunt_letters(self._acting())]

    def _do_taunt(self, action: Action) -> None:
        self._taunt(action["card"])

    def _describe_taunt(self, action: Action) -> str:
        return "taunt with %s (worth %d if it stands)" % (action["card"], self.kill_points() * 2)

    # foil and let_stand: Foiling a Taunt

    def _check_foil(self, action: Action) -> None:
        card = action["card"]
        if card != self.taunts[-1]:
            raise IllegalAction("only the newest taunt, %s, can be foiled, and only with its "
                                "partner" % self.taunts[-1])
        if not self._can_foil(self._acting()):
            raise IllegalAction("%s does not hold the other %s" % (_player(self._acting()), card))

    def _foil_options(self) -> list[Action]:
        return [{"type": "foil", "card": self.taunts[-1]}] if self._can_foil(self._acting()) else []

    def _do_foil(self, action: Action) -> None:
        self._foil(action["card"])

    def _describe_foil(self, action: Action) -> str:
        return "foil the taunt with your %s: the Spy escapes and destroys %s's Lair" % (
            action["card"], _player(_seat(self.capture_owner)))

    def _let_stand_options(self) -> list[Action]:
        return [{"type": "let_stand"}]

    def _do_let_stand(self, action: Action) -> None:
        self.tell(LetStandEvent(kind="let_stand", seat=self._acting()))
        self._next_in_foil_window()

    def _describe_let_stand(self, action: Action) -> str:
        return "let the taunt stand"

    # Every action type, in the order legal_actions() lists them.
    MOVES = {
        "lair": Move(_check_lair, _do_lair, _lair_options, _describe_lair),
        "spy_target": Move(_check_spy_target, _do_spy_target, _spy_target_options,
                           _describe_spy_target),
        "end_turn": Move(_no_fields, _do_end_turn, _end_turn_options, _describe_end_turn),
        "spy_source": Move(_check_spy_source, _do_spy_source, _spy_source_options,
                           _describe_spy_source),
        "kill": Move(_no_fields, _do_kill, _kill_options, _describe_kill),
        "taunt": Move(_check_taunt, _do_taunt, _taunt_options, _describe_taunt),
        "foil": Move(_check_foil, _do_foil, _foil_options, _describe_foil),
        "let_stand": Move(_no_fields, _do_let_stand, _let_stand_options, _describe_let_stand),
    }
    EVENTS = EVENTS
    event_text = staticmethod(event_text)

    # -- what the players read ----------------------------------------------------

    def capture_view(self) -> dict[str, Any] | None:
        """The capture in progress as the table shows it, or None."""
        if self.phase not in (CAPTURE, FOIL):
            return None
        value = self.captured_value()
        multiplier = 1 << len(self.taunts)
        if self.phase == FOIL:  # the newest taunt is not yet standing
            multiplier //= 2
        return {
            "owner": self.capture_owner,
            "spies": list(self.captured),
            "names": self._spy_names(self.captured),
            "spy_value": value,
            "lair_value": self.lair_total(_seat(self.capture_owner)),
            "taunts": list(self.taunts),
            "taunt_lines": [self._taunt_line(code) for code in self.taunts],
            "open_taunt": self.taunts[-1] if self.phase == FOIL else None,
            "multiplier": multiplier,
            "points": value * multiplier,
            "points_if_taunt_stands": value * multiplier * 2,
        }

    def view(self, seat: int) -> View:
        """Everything `seat` may know: its hand, and the table's public faces and backs."""
        view: View = self.base_view(seat)
        view.update({
            "hand": list(self.hands[seat]),
            "phase": self.phase,
            "lairs": [{"cards": list(lair), "total": self.lair_total(s)}
                      for s, lair in enumerate(self.lairs)],
            "scores": list(self.scores),
            "hand_sizes": [len(hand) for hand in self.hands],
            "hand_spies": [_spy_count(hand) for hand in self.hands],
            "deck_count": len(self.deck),
            "deck_top_is_spy": self._deck_top_is_spy(),
            "discard": list(self.discard),
            "target": self.target,
            "capture": self.capture_view(),
            "idle_turns": self.idle_turns,
            "win_score": WIN_SCORE,
            "all_spies": ALL_SPIES,
            "spies_out": self._spies_out(),
            "prompt": self._prompt(seat),
        })
        view.update(self._table_view(seat))
        return view

    def _table_view(self, seat: int) -> dict[str, Any]:
        """For the table: what the seat has seen since its last decision, the
        words on the cards it sees (a Spy's name, a taunt line) and the rule
        that closes a choice it might look for."""
        return {
            "log_since_decision": len(self.log) - self.decided[seat],
            "recent_points": self._recent_points(seat),
            "hand_labels": self._labels(self.hands[seat], upcoming=True),
            "discard_labels": self._labels(self.discard),
            "taunt_offers": self._taunt_offers(seat),
            "team_refusal": self._team_refusal(seat),
            "rule_note": self._rule_note() if seat == self.to_act else None,
        }

    def _recent_points(self, seat: int) -> list[int]:
        """Per seat, the points killed since `seat`'s last decision."""
        points = [0] * self.num_players
        for event in self.log[self.decided[seat]:]:
            if event.get("kind") == "kill":
                points[event["seat"]] += event["points"]
        return points

    def _labels(self, cards: list[str], upcoming: bool = False) -> list[str | None]:
        """Per card: a Spy's name, a Doubler's text, None for a Lair card.
        A Spy in a hand gets the name it would carry if played now."""
        labels: list[str | None] = []
        earlier: dict[str, int] = {}  # copies of each Spy met so far in `cards`
        for code in cards:
            if is_spy(code):
                copy = self.discard.count(code) if upcoming else earlier.get(code, 0)
                earlier[code] = earlier.get(code, 0) + 1
                labels.append(SPY_NAMES[code][min(copy, SPY_COPIES - 1)])
            else:
                labels.append(DOUBLER_TEXTS.get(code))  # None for a Lair card
        return labels

    def _taunt_offers(self, seat: int) -> list[dict[str, Any]]:
        """The owner's taunts: each one's line, and whether nobody can foil it
        (the partner is discarded, or the owner holds both copies: only the
        owner's own view says so)."""
        if self.phase != CAPTURE or seat != self.to_act:
            return []
        hand = self.hands[seat]
        return [{"card": code, "line": self._taunt_line(code),
                 "safe": code in self.discard or hand.count(code) == DOUBLER_COPIES}
                for code in self._taunt_letters(seat)]

    def _team_refusal(self, seat: int) -> str | None:
        """Why `seat`, choosing a Spy's source with two or more Spies in hand,
        is offered no team; None when a team is open or not in question."""
        if (self.phase != SOURCE or seat != self.to_act or _spy_count(self.hands[seat]) < 2
                or self._team_is_allowed(seat, self.target)):
            return None
        return TEAM_RULE

    def _rule_note(self) -> str:
        """The rule behind the pending decision, in a sentence for its player."""
        if self.phase in (PLAY, SPY):
            if self._spy_targets():
                return "Choose the Lair first; you see the Spy only after."
            if not any(self.lairs):
                return "No Lair is built yet, so no Spy can be played."
            return "No Spy can be played now: %s." % NO_SPY
        if self.phase == SOURCE:
            lair = self.lair_total(_seat(self.target))
            return ("a Spy of %d or less is captured, a larger one escapes and destroys it."
                    % lair)
        if self.phase == CAPTURE:
            return ("Kill it now for %d, or taunt it with a Doubler: if nobody foils the taunt "
                    "it is worth %d; if somebody does, it escapes and destroys your Lair."
                    % (self.kill_points(), self.kill_points() * 2))
        return "Foiling takes the other %s." % self.taunts[-1]

    def _prompt(self, viewer: int) -> str:
        """The decision on show, to the seat deciding ("Player 2: send …")
        or, to any other seat, of the one deciding ("Player 2 may send …")."""
        if self.is_over:
            return str(self.result()["summary"])
        acting = self._acting()
        who = _player(acting)
        mine = viewer == acting
        your, may = ("your", ": ") if mine else ("their", " may ")
        if self.phase == PLAY:
            return "%s%splay a Lair card, send a Spy into a Lair, or end the turn." % (who, may)
        if self.phase == SPY:
            return "%s%ssend a Spy into a Lair, or end the turn." % (who, may)
        if self.phase == SOURCE:
            target = _seat(self.target)
            lair = ("%s own Lair" % your if target == acting else
                    "your Lair" if target == viewer else "%s's Lair" % _player(target))
            return ("%s%ssend a Spy into %s from %s hand, from another hand "
                    "or from the deck." % (who, may, lair, your))
        points = self.kill_points()
        if self.phase == CAPTURE:
            return ("%s%skill the captured Spy for %d, or taunt it with a Doubler for %d."
                    % (who, may, points, points * 2))
        return ("%s%sfoil the taunt with %s matching %s, or let it stand."  # (whoever holds it)
                % (who, may, "your" if mine else "the", self.taunts[-1]))

    # -- bots ------------------------------------------------------------------

    def unseen_cards(self, seat: int) -> list[str]:
        """The cards `seat` cannot see, as a sorted list (other hands and the deck)."""
        pool = list(FULL_DECK)
        for visible in (self.hands[seat], self.discard, self.captured, self.taunts):
            for code in visible:
                pool.remove(code)
        for lair in self.lairs:
            for code in lair:
                pool.remove(code)
        return pool

    def determinize(self, seat: int, rng: Rng,
                    weights: dict[int, dict[str, float]] | None = None) -> MisterSpyState:
        """Re-deal the cards `seat` cannot see, keeping every public back:
        each hand's Spy count and whether the deck's top card is a Spy.

        weights (for bots that read the table): {seat: {card: weight}} deals
        each card of that seat's hand with a chance in proportion to its
        weight (1 for a card not named) rather than uniformly."""
        pool = self.unseen_cards(seat)
        spies = [code for code in pool if is_spy(code)]
        others = [code for code in pool if not is_spy(code)]
        rng.shuffle(spies)
        rng.shuffle(others)
        twin = self.clone()
        for s in range(self.num_players):
            if s == seat:
                continue
            size, n_spies = len(self.hands[s]), _spy_count(self.hands[s])
            leaning = weights.get(s) if weights else None
            if leaning:
                hand = [_weighted_pop(spies, leaning, rng) for _ in range(n_spies)]
                hand += [_weighted_pop(others, leaning, rng) for _ in range(size - n_spies)]
            else:
                hand = [spies.pop() for _ in range(n_spies)]
                hand += [others.pop() for _ in range(size - n_spies)]
            hand.sort()
            twin.hands[s] = hand
        deck: list[str] = []
        if self.deck:
            top = spies.pop() if is_spy(self.deck[-1]) else others.pop()
            deck = spies + others
            rng.shuffle(deck)
            deck = deck[:len(self.deck) - 1] + [top]
        twin.deck = deck
        twin.rng = Rng(rng.derive_seed())
        return twin

    def clone(self) -> MisterSpyState:
        """An independent copy, written out by hand for speed."""
        twin = MisterSpyState.__new__(MisterSpyState)
        self._copy_base_into(twin)
        twin.deck = list(self.deck)
        twin.hands = [list(hand) for hand in self.hands]
        twin.lairs = [list(lair) for lair in self.lairs]
        twin.scores = list(self.scores)
        twin.discard = list(self.discard)
        twin.phase = self.phase
        twin.target = self.target
        twin.capture_owner = self.capture_owner
        twin.captured = list(self.captured)
        twin.taunts = list(self.taunts)
        twin.foil_queue = list(self.foil_queue)
        twin.played = self.played
        twin.idle_turns = self.idle_turns
        twin.decided = list(self.decided)
        return twin

    def evaluate(self, seat: int) -> float:
        """A rough chance to win: each seat's score plus what its Lair and
        hand promise while Spies remain, compared through a softmax whose
        temperature shrinks as the Spies run out. The weights were fitted to
        the winners of 1,500 games between normal bots (log loss 0.973,
        against 1.001 for scores and Lairs alone). A capture in progress
        counts for its owner."""
        if self.is_over:
            winners = self.result()["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        temperature = 1.65 + 0.36 * self._spies_out()
        strengths = self._strengths()
        top = max(strengths)
        weights = [exp((x - top) / temperature) for x in strengths]
        return weights[seat] / sum(weights)

    def evaluation_terms(self, seat: int) -> list[Term]:
        strengths = self._strengths()
        ahead = strengths[seat] - max(x for s, x in enumerate(strengths) if s != seat)
        return [("your score and what your Lair and hand promise, less the best rival's",
                 ahead, 1.0, "%+.1f")]

    def _strengths(self) -> list[float]:
        """Each seat's strength for evaluate(): its score, plus its promise
        while Spies remain, plus a capture in progress."""
        share = self._spies_out() / ALL_SPIES
        strengths = [self.scores[s] + self._promise(s) * share for s in range(self.num_players)]
        if self.phase == CAPTURE or self.phase == FOIL:
            # A captured Spy is as good as scored: its owner may kill it now,
            # for the value the standing taunts fixed (a search cut off
            # mid-capture would otherwise see no gain in the capture).
            standing = len(self.taunts) - (self.phase == FOIL)
            strengths[_seat(self.capture_owner)] += self.captured_value() << standing
        return strengths

    def _promise(self, seat: int) -> float:
        """What a seat's Lair and hand are worth to evaluate() while Spies remain."""
        lair = self.lair_total(seat)
        doublers = lairs = spies = catchable = 0
        for code in self.hands[seat]:
            kind = code[0]
            if kind == "D":
                doublers += 1
            elif kind == "L":
                lairs += 1
            else:
                spies += 1
                catchable += SPY_VALUES[code] <= lair
        return (2.5 * min(lair, 5) + 1.9 * doublers + 2.5 * lairs
                + 0.85 * spies + 0.4 * catchable)


def _weighted_pop(cards: list[str], weights: dict[str, float], rng: Rng) -> str:
    """Take one of `cards` at random, each with a chance in proportion to its
    weight (1 when not named); for determinize."""
    total = sum(weights.get(code, 1.0) for code in cards)
    point = rng.random() * total
    for index, code in enumerate(cards):
        point -= weights.get(code, 1.0)
        if point < 0:
            return cards.pop(index)
    return cards.pop()


class Source(NamedTuple):
    """Where a Spy comes from: the keys of its spy_source action besides
    "type", its check, and how it is taken and sent into the declared Lair."""

    keys: tuple[str, ...]
    check: Callable[[MisterSpyState, Action], None]
    send: Callable[[MisterSpyState, Action], None]


SOURCES = {
    "hand": Source(("source", "cards"), MisterSpyState._check_from_hand,
                   MisterSpyState._send_from_hand),
    "blind": Source(("source", "seat"), MisterSpyState._check_blind, MisterSpyState._send_blind),
    "deck": Source(("source",), MisterSpyState._check_deck, MisterSpyState._send_from_deck),
}
