"""Deck of Spies: a solitaire of deck-building with a standard 52-card deck.

The player thins a draw deck of A-4s while the 36 "spies" (5-K) come at them
one a turn from a face-up spy deck. Each spy must be countered (its points
met), recruited (met in its suit, joining the player's deck) or, when the hand
cannot meet it, assassinated by removing an Ace from the game. The player
wins by owning more of the 12 key spies (J, Q, K) than the spy discard holds.

Rulebook section -> code (each rule is one predicate; an action type's
options keep the candidates it passes, and its check refuses with the reason
when it fails; MOVES declares each type's check, options, effect and words):
    Setup ........................ _setup, _spy_deck_in_segments
    Counter ...................... _counter_is_minimal, _counters, _check_counter
    Recruit (and the Ace's power)  _recruit_suit_ok, _recruit_is_minimal, _recruits,
                                   _check_recruit
    Assassinate .................. _must_assassinate, _can_give_up, _check_assassinate
    Retire ....................... _is_retire_set, _retire_sets, _check_retire
    Turn end (refill, reshuffle) . _end_turn, _draw_one
    Game end ..................... _key_spies, _finish_game
    The log ...................... EVENTS (each event's fields), event_text

Table rules used (docs/rules-decisions.md, "Deck of Spies"):
    - the spy deck is 5-7, then 8-10, then J-K, each segment shuffled;
    - no chosen card may be superfluous; the Ace of the spy's suit may join a
      recruit for its suit power alone;
    - assassination only when the hand's total is below the spy; the Ace comes
      from the hand, draw deck (which is then shuffled) or draw discard; with
      no Ace left the game is lost at once;
    - retire 2-4 cards of one rank once, after a counter or recruit; retired
      face cards count for the spies;
    - refill to 5, reshuffling the draw discard when a card is needed; a
      smaller hand if the cards run out;
    - win with at least 7 of the 12 key spies.
Our own, where the tables are silent:
    - when no two hand cards share a rank after a counter or recruit, there is
      nothing to retire and the turn ends by itself.

Actions (engine-api.md):
    {"type": "counter", "cards": [...]}      {"type": "recruit", "cards": [...]}
    {"type": "assassinate", "ace": "AH"}     {"type": "retire", "cards": [...]}
    {"type": "end_turn"}

Example:
    >>> from pyapp.games import new_game
    >>> state = new_game("deck-of-spies", seed=7)
    >>> view = state.view(0)
    >>> view["spy_deck_count"], view["draw_deck_count"], len(view["hand"])
    (36, 11, 5)
    >>> state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, Literal, TypedDict, TypeGuard

from ..engine.protocol import (Action, GameState, IllegalAction, Move, Term, View, check_keys,
                               excerpt)
from ..engine.registry import register
from ..engine.rng import Rng

Card = str

# -- the card table ---------------------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RED_SUITS = ["H", "D"]
VALUE = {rank: number for number, rank in enumerate(RANKS, 1)}  # A=1 ... K=13
DRAW_RANKS = ["A", "2", "3", "4"]
SPY_SEGMENTS = [  # the spy deck, top segment first
    ("5\u20137", ["5", "6", "7"]),
    ("8\u201310", ["8", "9", "10"]),
    ("J\u2013K", ["J", "Q", "K"]),
]
KEY_RANKS = ["J", "Q", "K"]
HAND_SIZE = 5
KEY_SPIES = len(KEY_RANKS) * len(SUITS)  # 12
KEY_SPIES_TO_WIN = 7  # more than half of the 12
SPY_COUNT = sum(len(ranks) for _, ranks in SPY_SEGMENTS) * len(SUITS)  # 36: one a turn
RETIRE_SIZES = (2, 4)  # fewest and most cards of one rank a retire takes
ACTION_KEYS = {  # action type -> the keys its dict has besides "type", exactly
    "counter": ("cards",),
    "recruit": ("cards",),
    "assassinate": ("ace",),
    "retire": ("cards",),
    "end_turn": (),
}

ACES = ["A" + suit for suit in SUITS]  # in card order
SEGMENT_OF_RANK = {rank: label for label, ranks in SPY_SEGMENTS for rank in ranks}

ALL_CARDS = [rank + suit for suit in SUITS for rank in RANKS]
CARD_ORDER = {card: index for index, card in enumerate(
    rank + suit for rank in RANKS for suit in SUITS)}


def rank_of(card: Card) -> str:
    return card[:-1]


def suit_of(card: Card) -> str:
    return card[-1]


def value_of(card: Card) -> int:
    return VALUE[rank_of(card)]


def is_key_spy(card: Card) -> bool:
    return rank_of(card) in KEY_RANKS


def segment_of(card: Card) -> str | None:
    return SEGMENT_OF_RANK.get(rank_of(card))


def sort_cards(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


def card_name(card: Card) -> str:
    return rank_of(card) + SUIT_SYMBOLS[suit_of(card)]


def cards_text(cards: list[Card]) -> str:
    return " + ".join(card_name(c) for c in cards)


def _is_card(value: object) -> TypeGuard[Card]:
    """A card code; a list or a number is not, and neither is an unknown string."""
    return isinstance(value, str) and value in CARD_ORDER


# -- the rules, one function each ----------------------------------------------
# legal_actions() generates candidates and keeps those these predicates pass;
# check() asks the same predicates and words the reason when one fails.


def _total(cards: list[Card]) -> int:
    return sum(value_of(c) for c in cards)


def _superfluous_card(cards: list[Card], target: int, exempt: Card | None = None) -> Card | None:
    """A chosen card that could be left out with the rest still reaching the
    target, or None. `exempt` is the Ace that joins a recruit for its power."""
    total = _total(cards)
    for card in cards:
        if card != exempt and total - value_of(card) >= target:
            return card
    return None


def _recruit_ace(spy: Card) -> Card:
    """The Ace whose power turns every chosen card to the spy's suit."""
    return "A" + suit_of(spy)


def _counter_is_minimal(cards: list[Card], spy: Card) -> bool:
    target = value_of(spy)
    return _total(cards) >= target and _superfluous_card(cards, target) is None


def _recruit_suit_ok(cards: list[Card], spy: Card) -> bool:
    """All of the spy's suit, or the Ace of its suit turns them all to it."""
    suit = suit_of(spy)
    return _recruit_ace(spy) in cards or all(suit_of(c) == suit for c in cards)


def _recruit_is_minimal(cards: list[Card], spy: Card) -> bool:
    target = value_of(spy)
    return (_total(cards) >= target
            and _superfluous_card(cards, target, _recruit_ace(spy)) is None)


def _subsets(cards: list[Card]) -> Iterator[list[Card]]:
    """Every non-empty subset of `cards`, each in the order of `cards`."""
    for mask in range(1, 1 << len(cards)):
        yield [c for i, c in enumerate(cards) if mask >> i & 1]


def _counters(hand: list[Card], spy: Card) -> list[list[Card]]:
    return [s for s in _subsets(hand) if _counter_is_minimal(s, spy)]


def _recruits(hand: list[Card], spy: Card) -> list[list[Card]]:
    return [s for s in _subsets(hand)
            if _recruit_suit_ok(s, spy) and _recruit_is_minimal(s, spy)]


def _must_assassinate(hand: list[Card], spy: Card) -> bool:
    return _total(hand) < value_of(spy)


def _is_retire_set(cards: list[Card]) -> bool:
    """2-4 cards, all of one rank."""
    fewest, most = RETIRE_SIZES
    return (fewest <= len(cards) <= most
            and all(rank_of(c) == rank_of(cards[0]) for c in cards))


def _retire_sets(hand: list[Card]) -> list[list[Card]]:
    """Every choice of 2-4 cards of one rank from the hand, rank by rank."""
    sets: list[list[Card]] = []
    for rank in RANKS:
        same = [c for c in hand if rank_of(c) == rank]
        sets.extend(s for s in _subsets(same) if _is_retire_set(s))
    return sets


def _spy_deck_in_segments(rng: Rng) -> list[Card]:
    """5-7s on top, then 8-10s, then J-Ks, each segment shuffled."""
    deck = []
    for _, ranks in SPY_SEGMENTS:
        segment = sort_cards([r + s for r in ranks for s in SUITS])
        rng.shuffle(segment)
        deck.extend(segment)
    return deck


# -- the log's events: each kind's facts, and its sentence (event_text) --------


class DealEvent(TypedDict):
    kind: Literal["deal"]


class BeatEvent(TypedDict):
    """A counter or a recruit: the spy met, and the hand cards spent on it."""

    kind: Literal["counter", "recruit"]
    spy: Card
    cards: list[Card]


class AssassinateEvent(TypedDict):
    kind: Literal["assassinate"]
    spy: Card
    ace: Card
    place: str  # where the Ace was: "hand", "draw deck" or "draw discard"


class RetireEvent(TypedDict):
    kind: Literal["retire"]
    cards: list[Card]


class EndTurnEvent(TypedDict):
    kind: Literal["end_turn"]


class ReshuffleEvent(TypedDict):
    kind: Literal["reshuffle"]


class EndEvent(TypedDict):
    kind: Literal["end"]
    winners: list[int]
    scores: list[int]  # the key spies the player owns
    # "won" or "lost" on the key spies; "no_ace": no Ace left to assassinate
    reason: Literal["won", "lost", "no_ace"]
    theirs: int  # the key spies in the spy discard
    spy: Card | None  # for "no_ace": the spy the hand could not reach
    hand_total: int | None  # for "no_ace"


DeckOfSpiesEvent = (DealEvent | BeatEvent | AssassinateEvent | RetireEvent | EndTurnEvent
                    | ReshuffleEvent | EndEvent)
EVENTS: dict[str, type] = {
    "deal": DealEvent, "counter": BeatEvent, "recruit": BeatEvent,
    "assassinate": AssassinateEvent, "retire": RetireEvent, "end_turn": EndTurnEvent,
    "reshuffle": ReshuffleEvent, "end": EndEvent,
}
BEATEN = {"counter": "countered", "recruit": "recruited"}


def event_text(event: DeckOfSpiesEvent) -> str:
    """The log's sentence for an event, from its fields alone."""
    if event["kind"] == "deal":
        return "A new deal: the spies come at you from the 5\u20137s up."
    if event["kind"] == "counter" or event["kind"] == "recruit":
        return "You %s the %s with %s." % (BEATEN[event["kind"]], card_name(event["spy"]),
                                           cards_text(event["cards"]))
    if event["kind"] == "assassinate":
        return "You assassinated the %s, giving up the %s from your %s." % (
            card_name(event["spy"]), card_name(event["ace"]), event["place"])
    if event["kind"] == "retire":
        return "You retired %s." % cards_text(event["cards"])
    if event["kind"] == "end_turn":
        return "You end your turn."
    if event["kind"] == "reshuffle":
        return "Your draw discard is shuffled into a new draw deck."
    return _end_text(event)


def _end_text(event: EndEvent) -> str:
    if event["reason"] == "no_ace":
        assert event["spy"] is not None and event["hand_total"] is not None
        return ("You lost: your hand totals %d against the %s and no Ace is left to "
                "assassinate it." % (event["hand_total"], card_name(event["spy"])))
    yours, theirs = event["scores"][0], event["theirs"]
    if event["reason"] == "won":
        return "You won: you hold %d of the 12 key spies, the spies keep %d." % (yours, theirs)
    return "You lost: you hold %d of the 12 key spies, the spies keep %d; you needed %d." % (
        yours, theirs, KEY_SPIES_TO_WIN)


SUIT_TABLE = {  # what the table shows of each suit, sent in the view
    suit: {"symbol": SUIT_SYMBOLS[suit], "name": SUIT_NAMES[suit] + "s",
           "red": suit in RED_SUITS} for suit in SUITS}


RULES = {  # the rules sheet: a short rulebook, then our Table rules
    "rules": [
        "The spy deck lies face up: 5\u20137s on top, then 8\u201310s, then J\u2013Ks. "
        "Each turn you must deal with its top card.",
        "Counter: discard cards from your hand totalling at least the spy's value "
        "(A=1, J=11, Q=12, K=13). The spy goes to the spy discard.",
        "Recruit: as a counter, but every card must be of the spy's suit. The spy "
        "joins your draw discard, and so your deck.",
        "An Ace of the spy's suit changes the suit of all your chosen cards, and may "
        "join a recruit for that power even when its 1 point is not needed.",
        "Assassinate: only when your whole hand is below the spy's value. Give up any "
        "Ace from your hand, draw deck or draw discard; the spy goes to the spy "
        "discard and your hand to the draw discard. With no Ace left, you lose.",
        "Retire: once, after a counter or recruit, put 2\u20134 cards of one rank from "
        "your hand into the spy discard, thinning your deck.",
        "Refill your hand to 5, shuffling the draw discard into a new draw deck when "
        "you need a card.",
        "When the last spy is dealt with, you win with more of the 12 key spies "
        "(J, Q, K) in your hand, draw deck and draw discard than in the spy discard: "
        "at least 7.",
    ],
    "table": [
        "No chosen card may be superfluous: leaving any one out must drop the total "
        "below the spy's value. Only the Ace of the spy's suit is exempt in a recruit.",
        "An Ace of another suit cannot help a recruit: it would change the cards to a "
        "suit that does not match.",
        "Assassination is never a free choice. An Ace taken from the draw deck means "
        "the draw deck is shuffled. No retire follows an assassination.",
        "Face cards may be retired; they then count for the spies.",
        "If fewer than 5 cards exist to draw, your hand stays smaller.",
        "When no two cards in your hand share a rank after a counter or recruit, "
        "there is nothing to retire and the turn ends by itself.",
    ],
}


@register
class DeckOfSpies(GameState):
    """One solitaire game. Seat 0 is the only player."""

    game_id = "deck-of-spies"
    title = "Deck of Spies"
    rules = RULES
    blurb = "Solitaire: counter, recruit and retire your way to 7 of the 12 key spies."
    min_players = 1
    max_players = 1
    order = 0

    spy_deck: list[Card]
    draw_deck: list[Card]
    hand: list[Card]
    draw_discard: list[Card]
    spy_discard: list[Card]
    removed: list[Card]
    phase: str
    turn_number: int

    def _setup(self) -> None:
        self.spy_deck = _spy_deck_in_segments(self.rng)  # index 0 is face up
        self.draw_deck = sort_cards([r + s for r in DRAW_RANKS for s in SUITS])
        self.rng.shuffle(self.draw_deck)  # the last card is the top
        self.hand = []
        self.draw_discard = []
        self.spy_discard = []
        self.removed = []
        self.phase = "act"
        self.turn_number = 0
        self._refill()
        self.tell(DealEvent(kind="deal"))
        self._start_turn()

    # -- protocol ------------------------------------------------------------

    def _open_kinds(self) -> Sequence[str]:
        """Retire or end the turn after meeting a spy; else meet it, or
        assassinate it when the hand cannot."""
        if self.phase == "retire":
            return ("retire", "end_turn")
        if _must_assassinate(self.hand, self.spy_deck[0]):
            return ("assassinate",)
        return ("counter", "recruit")

    def _check_open(self, action: Action) -> None:
        """A known type with exactly its keys; its check judges the moment."""
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in ACTION_KEYS:
            raise IllegalAction("unknown action %s: Deck of Spies knows %s"
                                % (excerpt(kind), ", ".join(ACTION_KEYS)))
        check_keys(action, ACTION_KEYS[kind])

    def view(self, seat: int = 0) -> View:
        """What the player sees: every pile but the hidden orders, and the
        card and segment facts the table shows."""
        view: View = self.base_view(seat)
        spy = self.spy_deck[0] if self.spy_deck else None
        yours, theirs = self._key_spies()
        segments = self._segments()
        view.update({
            "hand": list(self.hand),
            "hand_total": _total(self.hand),
            "spy_top": spy,
            "spy_value": value_of(spy) if spy else None,
            "spy_deck_count": len(self.spy_deck),
            "spy_count": SPY_COUNT,
            "segment": segment_of(spy) if spy else None,
            "segment_left": sum(s["left"] for s in segments if s["state"] == "now"),
            "segments": segments,
            "draw_deck_count": len(self.draw_deck),
            # What the player put into the draw deck, but not its order: without
            # it, the view could not tell a recruited spy that a reshuffle
            # buried in the draw deck from one still to come in the spy deck.
            "draw_deck_cards": sort_cards(self.draw_deck),
            "draw_discard": list(self.draw_discard),
            "spy_discard": list(self.spy_discard),
            "removed": list(self.removed),
            "aces_available": self._ace_places(),
            "phase": self.phase,
            "turn_number": self.turn_number,
            "key_spies": {"yours": yours, "spies": theirs, "need": KEY_SPIES_TO_WIN},
            "suits": {suit: dict(facts) for suit, facts in SUIT_TABLE.items()},
            "prompt": self._prompt(),
        })
        return view

    def determinize(self, seat: int, rng: Rng) -> DeckOfSpies:
        """Re-deal what the player cannot see: the draw deck's order and the
        order of the spy deck below its face-up card (within its segments)."""
        world = self.clone()
        world.draw_deck = sort_cards(self.draw_deck)
        rng.shuffle(world.draw_deck)
        if self.spy_deck:
            hidden = self.spy_deck[1:]
            world.spy_deck = [self.spy_deck[0]]
            for label, _ in SPY_SEGMENTS:
                segment = sort_cards([c for c in hidden if segment_of(c) == label])
                rng.shuffle(segment)
                world.spy_deck.extend(segment)
        world.rng = Rng(rng.derive_seed())
        return world

    def clone(self) -> DeckOfSpies:
        """An independent copy, field by field."""
        twin = DeckOfSpies.__new__(DeckOfSpies)
        self._copy_base_into(twin)
        twin.spy_deck = list(self.spy_deck)
        twin.draw_deck = list(self.draw_deck)
        twin.hand = list(self.hand)
        twin.draw_discard = list(self.draw_discard)
        twin.spy_discard = list(self.spy_discard)
        twin.removed = list(self.removed)
        twin.phase = self.phase
        twin.turn_number = self.turn_number
        return twin

    def evaluate(self, seat: int = 0) -> float:
        """A rough chance of winning, for bots: key spies owned against lost,
        the deck's average value (what thinning and recruiting buy), and the
        Aces kept (suit power, and no loss at the next assassination). In the
        retire step, the low pairs still in hand count as retired already, so
        a play that leaves one scores its retire. Weights tuned with the
        generic GreedyBot over seeds 1-100 (bench/deck_of_spies.py)."""
        if self.is_over:
            return 1.0 if self.result()["winners"] else 0.0
        lead, strength, aces = self._standing()
        score = (1.0 * lead + 0.6 * (strength - 4.0) + 0.25 * min(aces, 4)
                 - (1.5 if aces == 0 else 0.0))
        return 1.0 / (1.0 + math.exp(-score))

    def evaluation_terms(self, seat: int = 0) -> list[Term]:
        lead, strength, aces = self._standing()
        return [("key spies yours, less those lost", lead, 1.0, "%+d"),
                ("your cards' average value", strength, 0.6, "%.1f"),
                ("Aces kept", min(aces, 4), 0.25, "%d")]

    def _standing(self) -> tuple[int, float, int]:
        """What evaluate() weighs: key spies owned less those lost, the owned
        cards' average value, and the Aces owned."""
        yours, theirs = self._key_spies()
        owned = self.hand + self.draw_deck + self.draw_discard
        if self.phase == "retire":
            ranks = [rank_of(c) for c in self.hand]
            owned = [c for c in owned if not (c in self.hand and rank_of(c) in "234"
                                              and ranks.count(rank_of(c)) >= 2)]
        aces = sum(1 for c in owned if rank_of(c) == "A")
        return yours - theirs, _total(owned) / max(1, len(owned)), aces

    # -- the checks, one per action kind ---------------------------------------

    def _check_counter(self, action: Action) -> None:
        spy = self._check_spy_to_meet(action["cards"])
        if not _counter_is_minimal(action["cards"], spy):
            raise IllegalAction(_why_not_minimal(action["cards"], spy, None))

    def _check_recruit(self, action: Action) -> None:
        cards = action["cards"]
        spy = self._check_spy_to_meet(cards)
        if not _recruit_suit_ok(cards, spy):
            stray = [c for c in cards if suit_of(c) != suit_of(spy)][0]
            raise IllegalAction(
                "to recruit the %s every card must be a %s, or the A%s must join: the %s "
                "is not" % (card_name(spy), SUIT_NAMES[suit_of(spy)],
                            SUIT_SYMBOLS[suit_of(spy)], card_name(stray)))
        if not _recruit_is_minimal(cards, spy):
            raise IllegalAction(_why_not_minimal(cards, spy, _recruit_ace(spy)))

    def _check_assassinate(self, action: Action) -> None:
        self._check_phase("act")
        ace, spy = action["ace"], self.spy_deck[0]
        if not _must_assassinate(self.hand, spy):
            raise IllegalAction(
                "you may assassinate only when your hand is below the spy: yours totals "
                "%d against the %s's %d" % (_total(self.hand), card_name(spy), value_of(spy)))
        if ace in self.removed:
            raise IllegalAction("the %s was already removed from the game" % card_name(ace))
        if ace in self.spy_discard:
            raise IllegalAction("the %s was retired to the spy discard" % card_name(ace))
        if not self._can_give_up(ace):
            raise IllegalAction("%s is not an Ace you can give up" % excerpt(ace))

    def _check_retire(self, action: Action) -> None:
        self._check_phase("retire")
        cards = action["cards"]
        self._check_cards_from_hand(cards)
        if not _is_retire_set(cards):
            raise IllegalAction("retire takes 2\u20134 cards of one rank, not %s"
                                % cards_text(cards))

    def _check_end_turn(self, action: Action) -> None:
        self._check_phase("retire")

    # -- the options of each action kind: the candidates its rules pass ----------

    def _counter_options(self) -> list[Action]:
        return [{"type": "counter", "cards": s} for s in _counters(self.hand, self.spy_deck[0])]

    def _recruit_options(self) -> list[Action]:
        return [{"type": "recruit", "cards": s} for s in _recruits(self.hand, self.spy_deck[0])]

    def _assassinate_options(self) -> list[Action]:
        return [{"type": "assassinate", "ace": ace} for ace in self._aces_available()]

    def _retire_options(self) -> list[Action]:
        return [{"type": "retire", "cards": s} for s in _retire_sets(self.hand)]

    def _end_turn_options(self) -> list[Action]:
        return [{"type": "end_turn"}]

    # -- the words of each action kind, for hints -----------------------------------

    def _spy_name(self) -> str:
        return card_name(self.spy_deck[0]) if self.spy_deck else ""

    def _describe_counter(self, action: Action) -> str:
        return "Counter the %s with %s." % (self._spy_name(), cards_text(action["cards"]))

    def _describe_recruit(self, action: Action) -> str:
        return "Recruit the %s with %s." % (self._spy_name(), cards_text(action["cards"]))

    def _describe_assassinate(self, action: Action) -> str:
        return "Assassinate the %s, giving up the %s from your %s." % (
            self._spy_name(), card_name(action["ace"]), self._place_of(action["ace"]))

    def _describe_retire(self, action: Action) -> str:
        return "Retire %s." % cards_text(action["cards"])

    def _describe_end_turn(self, action: Action) -> str:
        return "End your turn without retiring."

    # -- the effect of each action kind ---------------------------------------------

    def _do_counter(self, action: Action) -> None:
        self._beat_spy(action["cards"], "counter", self.spy_discard)

    def _do_recruit(self, action: Action) -> None:
        # A recruited Spy joins the draw pile's discard: it can be drawn later.
        self._beat_spy(action["cards"], "recruit", self.draw_discard)

    def _do_end_turn(self, action: Action) -> None:
        self.tell(EndTurnEvent(kind="end_turn"))
        self._end_turn()

    def _check_phase(self, phase: str) -> None:
        if self.phase == phase:
            return
        if phase == "act":
            raise IllegalAction("you have already dealt with this turn's spy: retire cards "
                                "or end your turn")
        raise IllegalAction("first counter or recruit the spy (retiring comes after)")

    def _check_spy_to_meet(self, cards: object) -> Card:
        """The face-up spy, once the cards are from the hand and the hand may
        meet it rather than assassinate it."""
        self._check_phase("act")
        self._check_cards_from_hand(cards)
        spy = self.spy_deck[0]
        if _must_assassinate(self.hand, spy):
            raise IllegalAction(
                "your whole hand totals %d, below the %s's %d: you must assassinate it"
                % (_total(self.hand), card_name(spy), value_of(spy)))
        return spy

    def _check_cards_from_hand(self, cards: object) -> None:
        if not isinstance(cards, list) or not cards:
            raise IllegalAction("choose at least one card from your hand")
        for card in cards:
            if not _is_card(card):
                raise IllegalAction("%s is not a card" % excerpt(card))
            if card not in self.hand:
                raise IllegalAction("the %s is not in your hand" % card_name(card))
        if len(set(cards)) != len(cards):
            raise IllegalAction("a card is chosen twice")

    def _can_give_up(self, ace: object) -> bool:
        """An Ace still in the hand, the draw deck or the draw discard."""
        return _is_card(ace) and rank_of(ace) == "A" and self._place_of(ace) is not None

    # -- turn sequence -----------------------------------------------------

    def _start_turn(self) -> None:
        self.turn_number += 1
        self.phase = "act"
        spy = self.spy_deck[0]
        if _must_assassinate(self.hand, spy) and not self._aces_available():
            self._finish_game(spy)

    def _beat_spy(self, cards: list[Card], kind: Literal["counter", "recruit"],
                  spy_pile: list[Card]) -> None:
        """Spend `cards` from the hand on the current Spy, which goes to `spy_pile`."""
        spy = self.spy_deck.pop(0)
        self._take_from_hand(cards)
        self.draw_discard.extend(cards)
        spy_pile.append(spy)
        self.tell(BeatEvent(kind=kind, spy=spy, cards=cards))
        self._offer_retire()

    def _do_assassinate(self, action: Action) -> None:
        ace = action["ace"]
        spy = self.spy_deck.pop(0)
        place = self._remove_ace(ace)
        self.removed.append(ace)
        self.spy_discard.append(spy)
        self.draw_discard.extend(self.hand)
        self.hand = []
        if place == "draw deck":
            self.rng.shuffle(self.draw_deck)
        self.tell(AssassinateEvent(kind="assassinate", spy=spy, ace=ace, place=place))
        self._end_turn()

    def _do_retire(self, action: Action) -> None:
        cards = action["cards"]
        self._take_from_hand(cards)
        self.spy_discard.extend(cards)
        self.tell(RetireEvent(kind="retire", cards=cards))
        self._end_turn()

    def _offer_retire(self) -> None:
        if _retire_sets(self.hand):
            self.phase = "retire"
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self._refill()
        if self.spy_deck:
            self._start_turn()
        else:
            self._finish_game()

    def _refill(self) -> None:
        while len(self.hand) < HAND_SIZE and self._draw_one():
            pass
        self.hand = sort_cards(self.hand)

    def _draw_one(self) -> bool:
        """Draw a card, reshuffling the draw discard when the deck is empty."""
        if not self.draw_deck and self.draw_discard:
            self.draw_deck = self.draw_discard
            self.draw_discard = []
            self.rng.shuffle(self.draw_deck)
            self.tell(ReshuffleEvent(kind="reshuffle"))
        if not self.draw_deck:
            return False
        self.hand.append(self.draw_deck.pop())
        return True

    def _finish_game(self, unmet: Card | None = None) -> None:
        """The end: on the key spies, or lost at once when no Ace is left to
        assassinate the `unmet` spy."""
        yours, theirs = self._key_spies()
        won = unmet is None and yours >= KEY_SPIES_TO_WIN
        self.finish(EndEvent(kind="end", winners=[0] if won else [], scores=[yours],
                             reason="no_ace" if unmet else "won" if won else "lost",
                             theirs=theirs, spy=unmet,
                             hand_total=_total(self.hand) if unmet else None))

    # -- helpers -------------------------------------------------------------

    def _key_spies(self) -> tuple[int, int]:
        yours = sum(1 for c in self.hand + self.draw_deck + self.draw_discard if is_key_spy(c))
        theirs = sum(1 for c in self.spy_discard if is_key_spy(c))
        return yours, theirs

    def _aces_available(self) -> list[Card]:
        """The Aces that could be given up, in card order."""
        return [ace for ace in ACES if self._can_give_up(ace)]

    def _ace_places(self) -> list[dict[str, Any]]:
        """Where each Ace that could be given up lies, for the table to show."""
        return [{"card": ace, "place": self._place_of(ace)} for ace in self._aces_available()]

    def _place_of(self, card: Card) -> str | None:
        for place, pile in (("hand", self.hand), ("draw deck", self.draw_deck),
                            ("draw discard", self.draw_discard)):
            if card in pile:
                return place
        return None

    def _segments(self) -> list[dict[str, Any]]:
        """Each segment of the spy deck, top first: its label, how many of its
        spies are left and whether it is done, now or still to come."""
        left: dict[str | None, int] = {}
        for card in self.spy_deck:
            label = segment_of(card)
            left[label] = left.get(label, 0) + 1
        current = segment_of(self.spy_deck[0]) if self.spy_deck else None
        labels = [label for label, _ in SPY_SEGMENTS]
        now = labels.index(current) if current else len(labels)
        return [{"label": label, "left": left.get(label, 0),
                 "state": "done" if index < now else "now" if index == now else "next"}
                for index, label in enumerate(labels)]

    def _take_from_hand(self, cards: list[Card]) -> None:
        for card in cards:
            self.hand.remove(card)

    def _remove_ace(self, ace: Card) -> str:
        place = self._place_of(ace)
        assert place is not None  # check() made sure the Ace can be given up
        {"hand": self.hand, "draw deck": self.draw_deck,
         "draw discard": self.draw_discard}[place].remove(ace)
        return place

    def _prompt(self) -> str:
        if self.is_over:
            return str(self.result()["summary"])
        if self.phase == "retire":  # before the spy: the last one may be gone already
            return "Retire 2\u20134 cards of one rank, or end your turn."
        spy = card_name(self.spy_deck[0])
        if _must_assassinate(self.hand, self.spy_deck[0]):
            return ("Your hand cannot reach the %s: assassinate it by giving up an Ace."
                    % spy)
        return "Counter or recruit the %s (value %d)." % (spy, value_of(self.spy_deck[0]))

    def canonical(self, action: Action) -> Action:
        """Card lists may come in any order; legal_actions() lists them sorted."""
        if isinstance(action.get("cards"), list):
            cards = action["cards"]
            if all(_is_card(c) for c in cards):
                action = dict(action)
                action["cards"] = sort_cards(cards)
        return action

    # Every action type, in the order legal_actions() lists them.
    MOVES = {
        "counter": Move(_check_counter, _do_counter, _counter_options, _describe_counter),
        "recruit": Move(_check_recruit, _do_recruit, _recruit_options, _describe_recruit),
        "assassinate": Move(_check_assassinate, _do_assassinate, _assassinate_options,
                            _describe_assassinate),
        "retire": Move(_check_retire, _do_retire, _retire_options, _describe_retire),
        "end_turn": Move(_check_end_turn, _do_end_turn, _end_turn_options, _describe_end_turn),
    }
    EVENTS = EVENTS
    event_text = staticmethod(event_text)

def _why_not_minimal(cards: list[Card], spy: Card, exempt: Card | None) -> str:
    """Why chosen cards do not meet the spy exactly: short of it, or with a
    card that could be left out (`exempt` is a recruit's own suit's Ace)."""
    target = value_of(spy)
    if _total(cards) < target:
        return "%s make%s %d, short of the %s's %d" % (
            cards_text(cards), "s" if len(cards) == 1 else "", _total(cards),
            card_name(spy), target)
    extra = _superfluous_card(cards, target, exempt)
    assert extra is not None  # reaching the target without being minimal leaves one
    rest = [c for c in cards if c != extra]
    return "the %s is not needed: %s already reach%s %d" % (
        card_name(extra), cards_text(rest), "es" if len(rest) == 1 else "", target)


__all__ = ["DeckOfSpies", "IllegalAction"]
