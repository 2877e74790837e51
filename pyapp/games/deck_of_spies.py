"""Deck of Spies: a solitaire of deck-building with a standard 52-card deck.

The player thins a draw deck of A-4s while the 36 "spies" (5-K) come at them
one a turn from a face-up spy deck. Each spy must be countered (its points
met), recruited (met in its suit, joining the player's deck) or, when the hand
cannot meet it, assassinated by removing an Ace from the game. The player
wins by owning more of the 12 key spies (J, Q, K) than the spy discard holds.

Rulebook section -> code:
    Setup ........................ _setup, _spy_deck_in_segments
    Counter ...................... _counter_is_minimal, _counters
    Recruit (and the Ace's power)  _recruit_suit_ok, _recruits
    Assassinate .................. _must_assassinate, _assassinations
    Retire ....................... _retire_sets
    Turn end (refill, reshuffle) . _end_turn, _draw_one
    Game end ..................... _key_spies, _finish_game

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

import math

from ..engine.protocol import GameState, IllegalAction, excerpt
from ..engine.registry import register
from ..engine.rng import Rng

# -- the card table ---------------------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
VALUE = {rank: number for number, rank in enumerate(RANKS, 1)}  # A=1 ... K=13
DRAW_RANKS = ["A", "2", "3", "4"]
SPY_SEGMENTS = [  # the spy deck, top segment first
    ("5\u20137", ["5", "6", "7"]),
    ("8\u201310", ["8", "9", "10"]),
    ("J\u2013K", ["J", "Q", "K"]),
]
KEY_RANKS = ["J", "Q", "K"]
HAND_SIZE = 5
KEY_SPIES_TO_WIN = 7  # more than half of the 12

ALL_CARDS = [rank + suit for suit in SUITS for rank in RANKS]
CARD_ORDER = {card: index for index, card in enumerate(
    rank + suit for rank in RANKS for suit in SUITS)}


def rank_of(card):
    return card[:-1]


def suit_of(card):
    return card[-1]


def value_of(card):
    return VALUE[rank_of(card)]


def is_key_spy(card):
    return rank_of(card) in KEY_RANKS


def segment_of(card):
    for label, ranks in SPY_SEGMENTS:
        if rank_of(card) in ranks:
            return label
    return None


def sort_cards(cards):
    return sorted(cards, key=CARD_ORDER.__getitem__)


def card_name(card):
    return rank_of(card) + SUIT_SYMBOLS[suit_of(card)]


def cards_text(cards):
    return " + ".join(card_name(c) for c in cards)


# -- the rules, one function each ----------------------------------------------


def _total(cards):
    return sum(value_of(c) for c in cards)


def _superfluous_card(cards, target, exempt=None):
    """A chosen card that could be left out with the rest still reaching the
    target, or None. `exempt` is the Ace that joins a recruit for its power."""
    total = _total(cards)
    for card in cards:
        if card != exempt and total - value_of(card) >= target:
            return card
    return None


def _counter_is_minimal(cards, spy):
    target = value_of(spy)
    return _total(cards) >= target and _superfluous_card(cards, target) is None


def _recruit_suit_ok(cards, spy):
    """All of the spy's suit, or the Ace of its suit turns them all to it."""
    suit = suit_of(spy)
    return "A" + suit in cards or all(suit_of(c) == suit for c in cards)


def _recruit_is_minimal(cards, spy):
    exempt = "A" + suit_of(spy)
    target = value_of(spy)
    return _total(cards) >= target and _superfluous_card(cards, target, exempt) is None


def _subsets(cards):
    """Every non-empty subset of `cards`, each in the order of `cards`."""
    for mask in range(1, 1 << len(cards)):
        yield [c for i, c in enumerate(cards) if mask >> i & 1]


def _counters(hand, spy):
    return [s for s in _subsets(hand) if _counter_is_minimal(s, spy)]


def _recruits(hand, spy):
    return [s for s in _subsets(hand)
            if _recruit_suit_ok(s, spy) and _recruit_is_minimal(s, spy)]


def _must_assassinate(hand, spy):
    return _total(hand) < value_of(spy)


def _retire_sets(hand):
    """Every choice of 2-4 cards of one rank from the hand."""
    sets = []
    for rank in RANKS:
        same = [c for c in hand if rank_of(c) == rank]
        sets.extend(s for s in _subsets(same) if len(s) >= 2)
    return sets


def _spy_deck_in_segments(rng):
    """5-7s on top, then 8-10s, then J-Ks, each segment shuffled."""
    deck = []
    for _, ranks in SPY_SEGMENTS:
        segment = sort_cards([r + s for r in ranks for s in SUITS])
        rng.shuffle(segment)
        deck.extend(segment)
    return deck


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

    def _setup(self):
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
        self.say("A new deal: the spies come at you from the 5\u20137s up.", kind="deal")
        self._start_turn()

    # -- protocol ------------------------------------------------------------

    def legal_actions(self):
        if self.is_over:
            return []
        if self.phase == "retire":
            return [{"type": "retire", "cards": s} for s in _retire_sets(self.hand)] + [
                {"type": "end_turn"}]
        spy = self.spy_deck[0]
        if _must_assassinate(self.hand, spy):
            return [{"type": "assassinate", "ace": ace} for ace in self._aces_available()]
        return ([{"type": "counter", "cards": s} for s in _counters(self.hand, spy)]
                + [{"type": "recruit", "cards": s} for s in _recruits(self.hand, spy)])

    def _perform(self, action):
        kind = action["type"]
        if kind == "counter":
            self._counter(action["cards"])
        elif kind == "recruit":
            self._recruit(action["cards"])
        elif kind == "assassinate":
            self._assassinate(action["ace"])
        elif kind == "retire":
            self._retire(action["cards"])
        else:
            self.say("You end your turn.", kind="end_turn")
            self._end_turn()

    def view(self, seat=0):
        view = self.base_view(seat)
        spy = self.spy_deck[0] if self.spy_deck else None
        yours, theirs = self._key_spies()
        view.update({
            "hand": list(self.hand),
            "hand_total": _total(self.hand),
            "spy_top": spy,
            "spy_value": value_of(spy) if spy else None,
            "spy_deck_count": len(self.spy_deck),
            "segment": segment_of(spy) if spy else None,
            "segment_left": self._segment_left(),
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
            "prompt": self._prompt(),
        })
        return view

    def determinize(self, seat, rng):
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

    def clone(self):
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

    def evaluate(self, seat=0):
        """A rough chance of winning, for bots: key spies owned against lost,
        the deck's average value (what thinning and recruiting buy), and the
        Aces kept (suit power, and no loss at the next assassination). In the
        retire step, the low pairs still in hand count as retired already, so
        a play that leaves one scores its retire. Weights tuned with the
        generic GreedyBot over seeds 1-100 (bench/deck_of_spies.py)."""
        if self.is_over:
            return 1.0 if self._result["winners"] else 0.0
        yours, theirs = self._key_spies()
        owned = self.hand + self.draw_deck + self.draw_discard
        if self.phase == "retire":
            ranks = [rank_of(c) for c in self.hand]
            owned = [c for c in owned if not (c in self.hand and rank_of(c) in "234"
                                              and ranks.count(rank_of(c)) >= 2)]
        aces = sum(1 for c in owned if rank_of(c) == "A")
        strength = _total(owned) / max(1, len(owned))
        score = (1.0 * (yours - theirs) + 0.6 * (strength - 4.0) + 0.25 * min(aces, 4)
                 - (1.5 if aces == 0 else 0.0))
        return 1.0 / (1.0 + math.exp(-score))

    # -- turn sequence -----------------------------------------------------

    def _start_turn(self):
        self.turn_number += 1
        self.phase = "act"
        spy = self.spy_deck[0]
        if _must_assassinate(self.hand, spy) and not self._aces_available():
            self._finish_game(
                "You lost: your hand totals %d against the %s and no Ace is left to "
                "assassinate it." % (_total(self.hand), card_name(spy)))

    def _counter(self, cards):
        spy = self.spy_deck.pop(0)
        self._take_from_hand(cards)
        self.draw_discard.extend(cards)
        self.spy_discard.append(spy)
        self.say("You countered the %s with %s." % (card_name(spy), cards_text(cards)),
                 kind="counter", spy=spy, cards=cards)
        self._offer_retire()

    def _recruit(self, cards):
        spy = self.spy_deck.pop(0)
        self._take_from_hand(cards)
        self.draw_discard.extend(cards)
        self.draw_discard.append(spy)
        self.say("You recruited the %s with %s." % (card_name(spy), cards_text(cards)),
                 kind="recruit", spy=spy, cards=cards)
        self._offer_retire()

    def _assassinate(self, ace):
        spy = self.spy_deck.pop(0)
        place = self._remove_ace(ace)
        self.removed.append(ace)
        self.spy_discard.append(spy)
        self.draw_discard.extend(self.hand)
        self.hand = []
        if place == "draw deck":
            self.rng.shuffle(self.draw_deck)
        self.say("You assassinated the %s, giving up the %s from your %s."
                 % (card_name(spy), card_name(ace), place),
                 kind="assassinate", spy=spy, ace=ace, place=place)
        self._end_turn()

    def _retire(self, cards):
        self._take_from_hand(cards)
        self.spy_discard.extend(cards)
        self.say("You retired %s." % cards_text(cards), kind="retire", cards=cards)
        self._end_turn()

    def _offer_retire(self):
        if _retire_sets(self.hand):
            self.phase = "retire"
        else:
            self._end_turn()

    def _end_turn(self):
        self._refill()
        if self.spy_deck:
            self._start_turn()
        else:
            self._finish_game(None)

    def _refill(self):
        while len(self.hand) < HAND_SIZE and self._draw_one():
            pass
        self.hand = sort_cards(self.hand)

    def _draw_one(self):
        """Draw a card, reshuffling the draw discard when the deck is empty."""
        if not self.draw_deck and self.draw_discard:
            self.draw_deck = self.draw_discard
            self.draw_discard = []
            self.rng.shuffle(self.draw_deck)
            self.say("Your draw discard is shuffled into a new draw deck.", kind="reshuffle")
        if not self.draw_deck:
            return False
        self.hand.append(self.draw_deck.pop())
        return True

    def _finish_game(self, loss_reason):
        yours, theirs = self._key_spies()
        if loss_reason:
            self.finish([], [yours], loss_reason)
        elif yours >= KEY_SPIES_TO_WIN:
            self.finish([0], [yours], "You won: you hold %d of the 12 key spies, the spies "
                        "keep %d." % (yours, theirs))
        else:
            self.finish([], [yours], "You lost: you hold %d of the 12 key spies, the spies "
                        "keep %d; you needed %d." % (yours, theirs, KEY_SPIES_TO_WIN))

    # -- helpers -------------------------------------------------------------

    def _key_spies(self):
        yours = sum(1 for c in self.hand + self.draw_deck + self.draw_discard if is_key_spy(c))
        theirs = sum(1 for c in self.spy_discard if is_key_spy(c))
        return yours, theirs

    def _aces_available(self):
        return sort_cards([c for c in self.hand + self.draw_deck + self.draw_discard
                           if rank_of(c) == "A"])

    def _ace_places(self):
        """Where each Ace that could be given up lies, for the table to show."""
        return [{"card": ace, "place": self._place_of(ace)} for ace in self._aces_available()]

    def _place_of(self, card):
        for place, pile in (("hand", self.hand), ("draw deck", self.draw_deck),
                            ("draw discard", self.draw_discard)):
            if card in pile:
                return place
        return None

    def _segment_left(self):
        if not self.spy_deck:
            return 0
        label = segment_of(self.spy_deck[0])
        return sum(1 for c in self.spy_deck if segment_of(c) == label)

    def _take_from_hand(self, cards):
        for card in cards:
            self.hand.remove(card)

    def _remove_ace(self, ace):
        place = self._place_of(ace)
        {"hand": self.hand, "draw deck": self.draw_deck,
         "draw discard": self.draw_discard}[place].remove(ace)
        return place

    def _prompt(self):
        if self.is_over:
            return self._result["summary"]
        if self.phase == "retire":  # before the spy: the last one may be gone already
            return "Retire 2\u20134 cards of one rank, or end your turn."
        spy = card_name(self.spy_deck[0])
        if _must_assassinate(self.hand, self.spy_deck[0]):
            return ("Your hand cannot reach the %s: assassinate it by giving up an Ace."
                    % spy)
        return "Counter or recruit the %s (value %d)." % (spy, value_of(self.spy_deck[0]))

    def canonical(self, action):
        """Card lists may come in any order; legal_actions() lists them sorted."""
        if isinstance(action.get("cards"), list):
            cards = action["cards"]
            if all(isinstance(c, str) and c in CARD_ORDER for c in cards):
                action = dict(action)
                action["cards"] = sort_cards(cards)
        return action

    def describe(self, action):
        kind = action["type"]
        spy = card_name(self.spy_deck[0]) if self.spy_deck else ""
        if kind == "counter":
            return "Counter the %s with %s." % (spy, cards_text(action["cards"]))
        if kind == "recruit":
            return "Recruit the %s with %s." % (spy, cards_text(action["cards"]))
        if kind == "assassinate":
            return "Assassinate the %s, giving up the %s from your %s." % (
                spy, card_name(action["ace"]), self._place_of(action["ace"]))
        if kind == "retire":
            return "Retire %s." % cards_text(action["cards"])
        return "End your turn without retiring."

    # -- why an action is not legal ------------------------------------------

    def _explain_illegal(self, action):
        kind = action.get("type")
        known = ("counter", "recruit", "assassinate", "retire", "end_turn")
        if kind not in known:
            return "unknown action %s: Deck of Spies knows %s" % (excerpt(kind), ", ".join(known))
        keys = {"assassinate": {"type", "ace"}, "end_turn": {"type"}}.get(kind, {"type", "cards"})
        if set(action) != keys:
            return "a %s action has exactly the keys %s" % (kind, ", ".join(sorted(keys)))
        if self.phase == "retire" and kind in ("counter", "recruit", "assassinate"):
            return "you have already dealt with this turn's spy: retire cards or end your turn"
        if self.phase == "act" and kind in ("retire", "end_turn"):
            return "first counter or recruit the spy (retiring comes after)"
        if kind == "assassinate":
            return self._why_not_assassinate(action.get("ace"))
        cards = action.get("cards")
        problem = self._card_list_problem(cards)
        if problem:
            return problem
        if kind == "retire":
            return "retire takes 2\u20134 cards of one rank, not %s" % cards_text(cards)
        return self._why_not_meet(kind, cards)

    def _card_list_problem(self, cards):
        if not isinstance(cards, list) or not cards:
            return "choose at least one card from your hand"
        for card in cards:
            if not isinstance(card, str) or card not in CARD_ORDER:
                return "%s is not a card" % excerpt(card)
            if card not in self.hand:
                return "the %s is not in your hand" % card_name(card)
        if len(set(cards)) != len(cards):
            return "a card is chosen twice"
        return None

    def _why_not_meet(self, kind, cards):
        spy = self.spy_deck[0]
        target = value_of(spy)
        if _must_assassinate(self.hand, spy):
            return ("your whole hand totals %d, below the %s's %d: you must assassinate it"
                    % (_total(self.hand), card_name(spy), target))
        if kind == "recruit" and not _recruit_suit_ok(cards, spy):
            stray = [c for c in cards if suit_of(c) != suit_of(spy)][0]
            return ("to recruit the %s every card must be a %s, or the A%s must join: the %s "
                    "is not" % (card_name(spy), SUIT_NAMES[suit_of(spy)],
                                SUIT_SYMBOLS[suit_of(spy)], card_name(stray)))
        if _total(cards) < target:
            return "%s make%s %d, short of the %s's %d" % (
                cards_text(cards), "s" if len(cards) == 1 else "", _total(cards),
                card_name(spy), target)
        exempt = "A" + suit_of(spy) if kind == "recruit" else None
        extra = _superfluous_card(cards, target, exempt)
        rest = [c for c in cards if c != extra]
        return "the %s is not needed: %s already reach%s %d" % (
            card_name(extra), cards_text(rest), "es" if len(rest) == 1 else "", target)

    def _why_not_assassinate(self, ace):
        spy = self.spy_deck[0]
        if not _must_assassinate(self.hand, spy):
            return ("you may assassinate only when your hand is below the spy: yours totals "
                    "%d against the %s's %d" % (_total(self.hand), card_name(spy),
                                               value_of(spy)))
        if ace in self.removed:
            return "the %s was already removed from the game" % card_name(ace)
        if ace in self.spy_discard:
            return "the %s was retired to the spy discard" % card_name(ace)
        return "%s is not an Ace you can give up" % excerpt(ace)


__all__ = ["DeckOfSpies", "IllegalAction"]
