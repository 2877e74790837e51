"""Spy Tricks: a trick-taking game in which the tricks are only a way to bet.

Each round one card of 27 (1-9 in red, blue and white) is hidden as the
secret. Tricks are played to earn the right to place pawns on the board's
spaces: a card space, a rank space or a suit space. Every played card is laid
on its space, so the board slowly narrows down the secret. At the end of the
round the secret is revealed and pawns on its card, rank or suit pay 10, 5 or
2 coins; a collaborator pawn beside a pawn doubles its payout. The richest
player after as many rounds as players wins.

What is unusual: the trick is won by the globally strongest card (red beats
blue beats white, then the higher number), whatever suit was led, and the
trick's loser, its weakest card, places a pawn too. Only the middle players
go empty-handed.

Rulebook section -> code:
    Setup ........................ _setup, _deck_for, _start_round
    Game Flow (deal) ............. _start_round
    Trick Flow: follow suit ...... _playable, _led_suit, _note_void
    Trick Flow: winner and loser . strength, _trick_winner, _trick_loser,
                                   _resolve_trick
    Trick Flow: pawn placement ... _closed_spaces, _open_spaces,
                                   _may_place, _place, _advance
    Round End: catch-up pawns .... is_miss, _may_catch_up, _catch_up_order
    Round End: scoring ........... pawn_value, _payout, _end_round
    Round End: collaborators ..... _hand_out_collaborators
    Rounds and winner ............ _end_round, _finish_game
    Legality and effects ......... MOVES: per action type its check
                                   (_check_play, _check_place, _check_pass),
                                   its options (what the check accepts, from
                                   the same predicates), its effect, its words
    The log ...................... EVENTS (each event's fields), event_text

Table rules used (docs/rules-decisions.md, "Spy Tricks"):
    - strength is global: red > blue > white, then the higher number; the
      strongest card of a trick wins it and the weakest loses it, whatever
      suit was led; follow the led suit if able;
    - three players: the six 1s and 2s are out of play, face up on their
      spaces; 21 cards remain (6 each, 1 secret, 2 face up);
    - everyone starts with 0 coins; coins of 10, 5 and 2 from an unlimited
      supply; a collaborator pays the same coins again (a doubled 5 is two
      5-coins); a final tie goes to the most coins, then is shared;
    - placing is optional, winner first, then loser; a card space is empty
      only with no card and no pawn on it, a rank or suit space only needs no
      pawn; a collaborator stands on its pawn's space;
    - a pawn is a miss when the visible cards already rule it out (its card
      is visible; all three cards of its rank are; all cards of its suit are);
      a catch-up pawn may go on any space, covered or occupied; a player with
      no pawn left places none;
    - after each round the lowest total gets a collaborator (a tie: every
      tied player if the supply has enough, else nobody); unused
      collaborators are kept;
    - as many rounds as players; the start player moves left (seat + 1), the
      first one comes from the seed.
Our own, where the tables are silent:
    - "visible" for a miss means lying face up on the board (played cards,
      the two face-up leftovers, and in a 3-player game the 1s and 2s); the
      card in the placer's own hand does not make a miss, as nobody else can
      see it;
    - a placer with no pawn left or no open space is skipped, and a
      catch-up player may also pass, since the rulebook says "may";
    - catch-up eligibility is judged when the round's last placement is done;
      catch-up pawns cannot change it, as the board does not change then;
    - no collaborators are handed out after the last round: none could be
      used;
    - a seat is "void" in a suit, for the view and for determinize, once it
      failed to follow that suit in this round.

Actions (engine-api.md):
    {"type": "play", "card": "R7"}
    {"type": "place", "space": "B4" | "rank:4" | "suit:B", "collaborator": bool}
    {"type": "pass"}

View keys beyond the protocol's: "trick", "last_trick", "pawns", "board",
"coins", "coin_counts", "collaborators", "round" (engine-api.md), and
"phase" ("play", "place", "catch-up" or "over"), "rounds", "tricks_played",
"start_player", "winner_card" and "loser_card" (their holders; no loser card
before a round's first trick), "led_suit", "hand_counts", "pawns_left",
"collaborator_supply", "leftovers" (the two face-up cards, also in "board"),
"secret" (None while it lies face down; its code once the game is over),
"unseen" (per suit letter the ranks whose card's location the seat does not
know; ranks, not codes, since a view names a code only where its seat knows
where the card is) and "voids" (per seat, the suits it failed to follow this
round) and "setup" (the fixed facts: "suits" as [code, name] strongest
first, "ranks", "out_of_play" codes, "tricks_per_round", "pawns_per_round").
The board's fixed layout is `SPACES`. At a round's end the log gets a
"reveal" event, then one "payout" event per pawn ("seat", "space",
"collaborator", "coins", "value"), then "scores", which sums the round end
up: "round", "secret", "paying" (the secret's card, rank and suit spaces), "payouts" (those of
the payout events), "earned" (per seat) and the totals "coins" and "coin_counts" after it. A past
round's secret is named only there: the view names a code only where its
seat knows where that card is now.
Every event is typed (EVENTS: a TypedDict per kind) and its sentence is
rendered from its fields by event_text; a "collaborators" event names the
"seats" that get one, how many "tied" for the lowest total, and the "supply"
before any was handed out.

Example:
    >>> from pyapp.games.spy_tricks import SPACES
    >>> from pyapp.engine.registry import new_game
    >>> state = new_game("spy-tricks", players=3, seed=7)
    >>> view = state.view(state.to_act)
    >>> len(SPACES), len(view["hand"]), len(view["board"]), view["secret"]
    (39, 6, 8, None)
    >>> state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from ..engine.protocol import GameState, IllegalAction, Move, Term, check_keys, excerpt
from ..engine.registry import register
from ..engine.rng import Rng

if TYPE_CHECKING:  # the protocol's aliases, for annotations only
    from ..engine.protocol import Action, View

# -- the card table ---------------------------------------------------------

SUITS = ["R", "B", "W"]                      # strongest first
SUIT_NAMES = {"R": "red", "B": "blue", "W": "white"}
RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9]
CARDS = [suit + str(rank) for suit in SUITS for rank in RANKS]
OUT_OF_PLAY: dict[int, list[str]] = {
    3: [suit + str(rank) for suit in SUITS for rank in (1, 2)], 4: []}
# The cards shuffled each round, by player count.
DECKS = {players: tuple(card for card in CARDS if card not in out)
         for players, out in OUT_OF_PLAY.items()}
COLLABORATOR_SUPPLY = {3: 2, 4: 3}
HAND_SIZE = 6
TRICKS_PER_ROUND = 5
PAWNS_PER_ROUND = 5
CARD_COIN, RANK_COIN, SUIT_COIN = 10, 5, 2
# What evaluate() counts a collaborator in hand as worth, in coins (our
# estimate: it doubles a pawn, which pays 2-4 coins on average).
COLLABORATOR_WORTH = 3.0

# The board's 39 spaces, in the order the UI lays them out: 27 card spaces,
# then the 9 rank spaces, then the 3 suit spaces.
SPACES = CARDS + ["rank:%d" % rank for rank in RANKS] + ["suit:" + suit for suit in SUITS]

SPACE_SET = frozenset(SPACES)

# The table's fixed facts as the view sends them (the UI lays the board out
# from them and holds no card table of its own), per player count.
SETUP: dict[int, dict[str, Any]] = {players: {"suits": [[suit, SUIT_NAMES[suit]] for suit in SUITS],
                   "ranks": list(RANKS),
                   "out_of_play": list(OUT_OF_PLAY[players]),
                   "tricks_per_round": TRICKS_PER_ROUND,
                   "pawns_per_round": PAWNS_PER_ROUND}
         for players in OUT_OF_PLAY}

CARD_ORDER = {card: index for index, card in enumerate(CARDS)}

Counts = tuple[int, ...]  # cards per suit, in SUITS order
Holder = tuple[int, Sequence[str]]  # (how many cards it takes, the suits it lacks)
Counter = Callable[[int, Counts], int]  # ways(index, left): see count_deals
Split = tuple[Counts, int, Counts]  # (cards taken per suit, ways, cards left): see _splits


def suit_of(card: str) -> str:
    return card[0]


def rank_of(card: str) -> int:
    return int(card[1:])


def strength(card: str) -> int:
    """Global strength: any red beats any blue beats any white, then the number."""
    return (len(SUITS) - 1 - SUITS.index(card[0])) * len(RANKS) + int(card[1:])


STRENGTH = {card: strength(card) for card in CARDS}


def pawn_value(space: str, secret: str) -> int:
    """The coin a pawn on `space` earns when `secret` is revealed (0: nothing)."""
    if space == secret:
        return CARD_COIN
    if space == "rank:" + secret[1:]:
        return RANK_COIN
    if space == "suit:" + secret[0]:
        return SUIT_COIN
    return 0


# Per secret card, the spaces that pay for it in board order: its card, rank and suit.
PAYING_SPACES = {secret: [space for space in SPACES if pawn_value(space, secret)]
                 for secret in CARDS}


def is_miss(space: str, visible: set[str] | frozenset[str]) -> bool:
    """Whether the visible cards already rule out a pawn on `space`."""
    if space.startswith("rank:"):
        rank = space[5:]
        return all(suit + rank in visible for suit in SUITS)
    if space.startswith("suit:"):
        suit = space[5:]
        return all(suit + str(rank) in visible for rank in RANKS)
    return space in visible


def count_deals(suit_counts: Sequence[int], holders: Sequence[Holder]) -> tuple[int, Counter]:
    """How many ways the unseen cards can be dealt consistently with voids.

    suit_counts: the number of unseen cards of each suit, in SUITS order.
    holders: [(capacity, void suits)], where the cards must all go; e.g. the
        other players' hands and the secret. The cards are distinct, so each
        way to split a suit's cards among holders counts as its binomials.
    Returns the count and `ways(index, left)`, the count for holders[index:]
    sharing the cards `left` (per suit). Used by `determinize` to sample
    uniformly and by bots for the odds of the secret's suit, which vary when
    some players are void.
    """
    deals = _deals_for(tuple((capacity, tuple(void)) for capacity, void in holders))
    return deals.ways(0, tuple(suit_counts)), deals.ways


def _deals_for(holders: tuple[Holder, ...]) -> _Deals:
    """The shared _Deals of these holders (void suits as tuples)."""
    deals = _DEALS.get(holders)
    if deals is None:
        if len(_DEALS) > 4096:  # a bound on memory; the counts are cheap to redo
            _DEALS.clear()
        deals = _DEALS[holders] = _Deals(holders)
    return deals


class _Deals:
    """The deals of unseen cards to some holders, counted once: a search asks
    for the same holders thousands of times, with many suit counts that share
    their memo's entries. Pure functions of the holders, so sharing is safe."""

    def __init__(self, holders: tuple[Holder, ...]) -> None:
        self.holders = holders
        self.memo: dict[tuple[int, Counts], int] = {}
        # (index, left) -> the branches of a deal there and their total: see branches()
        self.choices: dict[tuple[int, Counts], tuple[list[Split], int]] = {}

    def ways(self, index: int, left: Counts) -> int:
        """The deals of the cards `left` (per suit) to holders[index:]."""
        if index == len(self.holders):
            return 1 if not any(left) else 0
        key = (index, left)
        memo = self.memo
        if key in memo:
            return memo[key]
        total = 0
        for _, weight, rest in _splits(left, self.holders[index]):
            total += weight * self.ways(index + 1, rest)
        memo[key] = total
        return total

    def branches(self, index: int, left: Counts) -> tuple[list[Split], int]:
        """[(split, deals, rest)]: each split of `left` that holders[index]
        can take, with the deals of all holders[index:] that start with it;
        and their total, ways(index, left)."""
        key = (index, left)
        found = self.choices.get(key)
        if found is None:
            branches = [(split, weight * self.ways(index + 1, rest), rest)
                        for split, weight, rest in _splits(left, self.holders[index])]
            found = self.choices[key] = (branches, sum(deals for _, deals, _ in branches))
        return found


# Deal counts by holders: see _Deals.
_DEALS: dict[tuple[Holder, ...], _Deals] = {}


def _splits(left: Counts, holder: Holder) -> list[Split]:
    """Each (cards taken per suit) that fills `holder`, with its number of
    ways and the cards per suit left after it."""
    capacity, void = holder
    limits = [0 if suit in void else n for suit, n in zip(SUITS, left)]
    reds, blues, whites = _CHOOSE[left[0]], _CHOOSE[left[1]], _CHOOSE[left[2]]
    found: list[Split] = []
    for red in range(min(limits[0], capacity) + 1):
        for blue in range(min(limits[1], capacity - red) + 1):
            white = capacity - red - blue
            if white <= limits[2]:
                found.append(((red, blue, white), reds[red] * blues[blue] * whites[white],
                              (left[0] - red, left[1] - blue, left[2] - white)))
    return found


# _CHOOSE[n][k] = comb(n, k), for every count of cards a suit can have.
_CHOOSE = [[comb(n, k) for k in range(n + 1)] for n in range(len(RANKS) + 1)]


def _name(seat: int) -> str:
    return "Player %d" % (seat + 1)


def space_name(space: str) -> str:
    """A space as the move log says it: "B4", "rank 4" or "the blue suit"."""
    if space.startswith("rank:"):
        return "rank " + space[5:]
    if space.startswith("suit:"):
        return "the %s suit" % SUIT_NAMES[space[5:]]
    return space


# -- the log's events: each kind's facts, and its sentence (event_text) --------


class RoundEvent(TypedDict):
    kind: Literal["round"]
    round: int
    start: int
    leftovers: list[str]  # the two cards that lie face up


class PlayEvent(TypedDict):
    kind: Literal["play"]
    seat: int
    card: str


class TrickEvent(TypedDict):
    kind: Literal["trick"]
    winner: int
    loser: int
    cards: list[list[Any]]  # [seat, card] in play order


class PlaceEvent(TypedDict):
    kind: Literal["place"]
    seat: int
    space: str
    collaborator: bool
    catch_up: bool


class SkipEvent(TypedDict):
    """A placer with no pawn left is skipped."""

    kind: Literal["skip"]
    seat: int


class PassEvent(TypedDict):
    kind: Literal["pass"]
    seat: int


class RevealEvent(TypedDict):
    kind: Literal["reveal"]
    secret: str
    cards: list[list[Any]]  # [seat, card]: the hands laid down


class Payout(TypedDict):
    """What one pawn earned at a round's end."""

    seat: int
    space: str
    collaborator: bool
    coins: list[int]
    value: int


class PayoutEvent(Payout):
    kind: Literal["payout"]


class ScoresEvent(TypedDict):
    """The round end summed up: see the module's docstring."""

    kind: Literal["scores"]
    coins: list[int]
    coin_counts: list[int]
    round: int
    secret: str
    payouts: list[Payout]
    earned: list[int]
    paying: list[str]


class CollaboratorsEvent(TypedDict):
    kind: Literal["collaborators"]
    seats: list[int]  # who gets one: none when more tie than the supply holds
    tied: int  # the seats tied for the lowest total
    supply: int  # collaborators in the supply before any is handed out


class EndEvent(TypedDict):
    kind: Literal["end"]
    winners: list[int]
    scores: list[int]  # coins in value


SpyTricksEvent = (RoundEvent | PlayEvent | TrickEvent | PlaceEvent | SkipEvent | PassEvent
                  | RevealEvent | PayoutEvent | ScoresEvent | CollaboratorsEvent | EndEvent)
EVENTS: dict[str, type] = {
    "round": RoundEvent, "play": PlayEvent, "trick": TrickEvent, "place": PlaceEvent,
    "skip": SkipEvent, "pass": PassEvent, "reveal": RevealEvent, "payout": PayoutEvent,
    "scores": ScoresEvent, "collaborators": CollaboratorsEvent, "end": EndEvent,
}


def event_text(event: SpyTricksEvent) -> str:
    """The log's sentence for an event, from its fields alone."""
    if event["kind"] == "round":
        return "Round %d: %s starts; %s and %s lie face up." % (
            event["round"], _name(event["start"]), event["leftovers"][0], event["leftovers"][1])
    if event["kind"] == "play":
        return "%s plays %s." % (_name(event["seat"]), event["card"])
    if event["kind"] == "trick":
        return "%s wins the trick and %s loses it." % (_name(event["winner"]),
                                                       _name(event["loser"]))
    if event["kind"] == "place":
        return "%s places a %spawn%s on %s." % (
            _name(event["seat"]), "catch-up " if event["catch_up"] else "",
            " and a collaborator" if event["collaborator"] else "", space_name(event["space"]))
    if event["kind"] == "skip":
        return "%s has no pawn left to place." % _name(event["seat"])
    if event["kind"] == "pass":
        return "%s places no pawn." % _name(event["seat"])
    if event["kind"] == "reveal":
        return "The last cards are laid down; the secret card is %s." % event["secret"]
    if event["kind"] == "payout":
        coins = event["coins"]
        return "%s's pawn%s on %s %s %s." % (
            _name(event["seat"]), " and collaborator" if event["collaborator"] else "",
            space_name(event["space"]), "earn" if event["collaborator"] else "earns",
            " + ".join(str(c) for c in coins) if coins else "nothing")
    if event["kind"] == "scores":
        return "Totals: %s." % ", ".join(
            "%s has %d" % (_name(seat), coins) for seat, coins in enumerate(event["coins"]))
    if event["kind"] == "collaborators":
        seats = event["seats"]
        if not seats:
            return ("%d players tie for the lowest total, and the supply has only %d "
                    "collaborators: nobody gets one." % (event["tied"], event["supply"]))
        return "%s %s a collaborator." % (" and ".join(_name(seat) for seat in seats),
                                          "gets" if len(seats) == 1 else "each get")
    winners = event["winners"]
    return "%s %s with %d coins in value." % (
        " and ".join(_name(seat) for seat in winners),
        "wins" if len(winners) == 1 else "share the win", event["scores"][winners[0]])


RULES = {  # the rules sheet: a short rulebook, then our Table rules
    "rules": [
        "27 cards: 1\u20139 in red, blue and white. Each round one card is the hidden "
        "secret; find it by betting pawns on the board.",
        "As many rounds as players. Each round: deal 6 cards each, one card goes face down "
        "as the secret, the other two lie face up on their spaces. Five tricks are played.",
        "The holder of the winner card leads any card; then, to the left, each player "
        "plays one card, following the led suit if able.",
        "Red beats blue beats white, then the higher number. The strongest card wins the "
        "trick (and the winner card), the weakest loses it (and gets the loser card).",
        "Played cards go face up onto their spaces on the board, narrowing down the secret.",
        "After each trick the winner, then the loser, may place one of their five pawns on "
        "an empty card space, a rank space or a suit space. A collaborator may go with it.",
        "After the fifth trick, from the last trick's winner clockwise, a player who placed "
        "no pawn, or only pawns that can no longer score, may place one pawn on any space.",
        "The last cards are laid down and the secret is revealed. A pawn on its card earns "
        "10, on its rank 5, on its suit 2; a collaborator doubles its pawn's coins.",
        "The lowest total then gets a collaborator. The start player moves left. After the "
        "last round the highest total wins; a tie goes to the most coins.",
    ],
    "table": [
        "Strength is global: red > blue > white, then the higher number. The trick's winner "
        "is its strongest card and its loser its weakest, whatever suit was led. Each "
        "player must follow the led suit if able.",
        "Three players: the six 1s and 2s are out of play and lie face up on their spaces, "
        "since everybody knows which cards they are. 21 cards remain: 6 each are dealt, 1 "
        "is secret and 2 lie face up.",
        "Everyone starts with 0 coins. Coins of 10, 5 and 2 are paid from an unlimited "
        "supply. The score is the sum of coin values. A final tie is broken by the number "
        "of coins; if still tied, the win is shared.",
        "Placing a pawn is optional. The trick winner places first, then the loser.",
        "A card space is \u201cempty\u201d only if no card and no pawn is on it. A rank or "
        "suit space needs only to have no pawn.",
        "A collaborator is placed on the same space as the player's pawn and doubles that "
        "pawn's payout: it pays the same coins again, so a doubled 5 is two 5-coins.",
        "Round-end placement: a pawn is a \u201cmiss\u201d when the cards visible before the "
        "last cards are revealed already rule it out: a card space whose card is visible, "
        "a rank space whose three cards are all visible, a suit space whose cards are all "
        "visible.",
        "\u201cVisible\u201d means lying face up on the board: played cards, the two face-up "
        "cards and, with three players, the 1s and 2s. A card in your own hand does not "
        "make a miss, as nobody else can see it.",
        "The round-end catch-up pawn may go on any space, covered or occupied, with a "
        "collaborator if you hold one. It may also be declined. A player with no pawn "
        "left places none.",
        "Catch-up eligibility is judged after the round's last placement; catch-up pawns "
        "do not change it.",
        "A placer with no pawn left, or no open space, is skipped.",
        "After each round the lowest total (ties: every tied player, if enough "
        "collaborators are in the supply, else none) receives a collaborator. Unused "
        "collaborators are kept into the next round. None are handed out after the last "
        "round.",
        "There are as many rounds as players; the start player moves left (to the next "
        "player) each round. The first round's start player comes from the seed.",
        "A player is shown as lacking a suit (for the deduction aid) once they failed to "
        "follow it this round.",
    ],
}


@register
class SpyTricksState(GameState):
    """A game of Spy Tricks for 3-4 players."""

    game_id = "spy-tricks"
    title = "Spy Tricks"
    rules = RULES
    blurb = "Win or lose tricks to place pawns where you think the secret card hides."
    min_players = 3
    max_players = 4
    order = 3
    # Whether moves write their sentences to the log: a world from
    # determinize is not narrated, as only bots play it out and none reads
    # what it would add (writing it was about a twentieth of a rollout).
    narrated = True

    # The game's fields, set by _setup and _start_round.
    coins: list[int]  # each seat's total, in value
    coin_counts: list[int]
    collaborators: list[int]  # in hand, per seat
    supply: int  # collaborators left to hand out
    round: int
    hands: list[list[str]]
    secret: str
    leftovers: list[str]
    on_board: set[str]  # the cards lying face up on their spaces
    start_player: int
    winner_card: int  # the seats holding the winner and loser cards
    loser_card: int | None
    tricks_played: int
    trick: list[tuple[int, str]]  # (seat, card) in play order
    last_trick: dict[str, Any] | None
    pawns: list[tuple[int, str, bool]]  # (seat, space, with a collaborator)
    taken: set[str]  # spaces with a pawn
    pawns_left: list[int]
    voids: list[list[str]]  # per seat, the suits it failed to follow this round
    placers: list[int]  # the seats still to place, the one acting first
    phase: str  # "play", "place", "catch-up" or "over"

    @property
    def _seat(self) -> int:
        """The seat to act (asked only while the game runs)."""
        seat = self.to_act
        assert seat is not None
        return seat

    # -- setup and dealing --------------------------------------------------

    def _setup(self) -> None:
        players = self.num_players
        self.coins = [0] * players
        self.coin_counts = [0] * players
        self.collaborators = [0] * players
        self.supply = COLLABORATOR_SUPPLY[players]
        self.round = 0
        self._start_round(self.rng.below(players))

    def _deck_for(self) -> list[str]:
        """The cards shuffled each round: all 27, or 21 with three players."""
        return list(DECKS[self.num_players])

    def _start_round(self, start: int) -> None:
        players = self.num_players
        cards = self._deck_for()
        self.rng.shuffle(cards)
        self.hands = [sorted(cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE],
                             key=CARD_ORDER.__getitem__)
                      for seat in range(players)]
        dealt = players * HAND_SIZE
        self.secret = cards[dealt]
        self.leftovers = sorted(cards[dealt + 1:dealt + 3], key=CARD_ORDER.__getitem__)
        self.on_board = set(OUT_OF_PLAY[players]) | set(self.leftovers)
        self.round += 1
        self.start_player = start
        self.winner_card = start
        self.loser_card = None
        self.tricks_played = 0
        self.trick = []
        self.last_trick = None
        self.pawns = []
        self.taken = set()
        self.pawns_left = [PAWNS_PER_ROUND] * players
        self.voids = [[] for _ in range(players)]
        self.placers = []
        self.phase = "play"
        self.to_act = self.turn = start
        if self.narrated:
            self.tell(RoundEvent(kind="round", round=self.round, start=start,
                                 leftovers=list(self.leftovers)))

    # -- the protocol ---------------------------------------------------------

    def _open_kinds(self) -> Sequence[str]:
        """Cards to play, or spaces to place a pawn on followed by pass."""
        return ("play",) if self.phase == "play" else ("place", "pass")

    def _check_open(self, action: Action) -> None:
        """A known type; its check judges the moment and the keys, so that
        a play out of turn hears what to do instead."""
        kind = action["type"]
        if not isinstance(kind, str) or kind not in self.MOVES:
            raise IllegalAction("Spy Tricks has no %s action; use play, place or pass."
                                % excerpt(kind))

    def _check_play(self, action: Action) -> None:
        """A card from the hand, following the led suit if the hand holds it."""
        if self.phase != "play":
            raise IllegalAction("The trick is over: place a pawn or pass before playing a card.")
        check_keys(action, ("card",))
        card = action["card"]
        if not isinstance(card, str) or card not in CARD_ORDER:
            raise IllegalAction("%s is not a Spy Tricks card; cards run from R1 to W9."
                                % excerpt(card))
        if card not in self.hands[self._seat]:
            raise IllegalAction("%s is not in your hand." % card)
        follow = self._suit_to_follow(self._seat)
        if follow is not None and suit_of(card) != follow:
            raise IllegalAction("You hold %s, so you must follow %s instead of playing %s." % (
                SUIT_NAMES[follow], SUIT_NAMES[follow], card))

    def _check_place(self, action: Action) -> None:
        """A pawn left, a collaborator if one goes with it, an open space."""
        seat = self._seat
        if self.phase == "play":
            raise IllegalAction(
                "Pawns are placed after a trick, by its winner and loser: play a card now.")
        check_keys(action, ("space", "collaborator"))
        space = action["space"]
        if not isinstance(space, str) or space not in SPACE_SET:
            raise IllegalAction("%s is not a space; use a card like \"B4\", \"rank:4\" or "
                                "\"suit:B\"." % excerpt(space))
        if type(action["collaborator"]) is not bool:
            raise IllegalAction("A placement says yes or no to whether a collaborator goes "
                                "with the pawn.")
        collaborator = action["collaborator"]
        if not self._has_pawn_left(seat):
            raise IllegalAction("You have no pawn left this round.")
        if collaborator and not self._has_collaborator(seat):
            raise IllegalAction("You have no collaborator to place with your pawn on %s." % space)
        if space in self._closed_spaces():
            raise IllegalAction(self._why_not_empty(space))

    def _check_pass(self, action: Action) -> None:
        """Only a placement can be declined."""
        if self.phase == "play":
            raise IllegalAction(
                "You must play a card to the trick; only placing a pawn can be declined.")
        check_keys(action, ())

    def _play_options(self) -> list[Action]:
        return [{"type": "play", "card": card} for card in self._playable(self._seat)]

    def _place_options(self) -> list[Action]:
        seat = self._seat
        choices = [False, True] if self._has_collaborator(seat) else [False]
        return [{"type": "place", "space": space, "collaborator": collaborator}
                for space in self._open_spaces(seat) for collaborator in choices]

    def _pass_options(self) -> list[Action]:
        return [{"type": "pass"}]

    def _do_pass(self, action: Action) -> None:
        if self.narrated:
            self.tell(PassEvent(kind="pass", seat=self._seat))
        self.placers.pop(0)
        self._advance()

    # -- trick flow -----------------------------------------------------------

    def _led_suit(self) -> str | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    def _suit_to_follow(self, seat: int) -> str | None:
        """The led suit if the seat's hand holds it (then it must be followed), else None."""
        led = self._led_suit()
        if led is not None:
            for card in self.hands[seat]:
                if suit_of(card) == led:
                    return led
        return None

    def _playable(self, seat: int) -> list[str]:
        """The hand's cards of the led suit if it holds any, else the whole hand."""
        follow = self._suit_to_follow(seat)
        if follow is None:
            return list(self.hands[seat])
        return [card for card in self.hands[seat] if suit_of(card) == follow]

    def _note_void(self, seat: int, card: str) -> None:
        """A card off the led suit shows the seat has none of that suit left."""
        led = self._led_suit()
        if led is not None and suit_of(card) != led and led not in self.voids[seat]:
            self.voids[seat] = [suit for suit in SUITS if suit in self.voids[seat] or suit == led]

    def _do_play(self, action: Action) -> None:
        seat, card = self._seat, action["card"]
        self._note_void(seat, card)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if self.narrated:
            self.tell(PlayEvent(kind="play", seat=seat, card=card))
        if len(self.trick) == self.num_players:
            self._resolve_trick()
        else:
            self.to_act = self.turn = (seat + 1) % self.num_players

    @staticmethod
    def _trick_winner(trick: list[tuple[int, str]]) -> int:
        """The seat that played the strongest card, whatever suit was led."""
        return max(trick, key=lambda play: STRENGTH[play[1]])[0]

    @staticmethod
    def _trick_loser(trick: list[tuple[int, str]]) -> int:
        """The seat that played the weakest card, whatever suit was led."""
        return min(trick, key=lambda play: STRENGTH[play[1]])[0]

    def _resolve_trick(self) -> None:
        trick = self.trick
        winner, loser = self._trick_winner(trick), self._trick_loser(trick)
        self.on_board.update(card for _, card in trick)
        self.last_trick = {"cards": [[seat, card] for seat, card in trick],
                           "winner": winner, "loser": loser}
        self.trick = []
        self.tricks_played += 1
        self.winner_card, self.loser_card = winner, loser
        if self.narrated:
            self.tell(TrickEvent(kind="trick", winner=winner, loser=loser,
                                 cards=[[seat, card] for seat, card in trick]))
        self.phase = "place"
        self.placers = [winner, loser]
        self._advance()

    # -- pawns ------------------------------------------------------------------

    def _closed_spaces(self) -> set[str]:
        """The spaces a pawn may not go on now. At catch-up none; otherwise
        every space that is not empty: with a pawn, or for a card space with
        its card (rank and suit spaces never hold a card)."""
        if self.phase == "catch-up":
            return set()
        return self.taken | self.on_board

    def _why_not_empty(self, space: str) -> str:
        if space in self.on_board:
            return "%s lies on its space already, so the space is not empty." % space
        return "A pawn already stands on %s." % space

    def _has_pawn_left(self, seat: int) -> bool:
        return self.pawns_left[seat] > 0

    def _has_collaborator(self, seat: int) -> bool:
        return self.collaborators[seat] > 0

    def _open_spaces(self, seat: int) -> list[str]:
        """Where `seat` may put a pawn now: any space at catch-up, else empty ones."""
        if not self._has_pawn_left(seat):
            return []
        closed = self._closed_spaces()
        return [space for space in SPACES if space not in closed]

    def _may_place(self, seat: int) -> bool:
        """Whether `_open_spaces(seat)` has any, without listing them: asked
        after every trick and placement."""
        return self._has_pawn_left(seat) and not SPACE_SET <= self._closed_spaces()

    def _do_place(self, action: Action) -> None:
        seat, space, collaborator = self._seat, action["space"], action["collaborator"]
        self.pawns_left[seat] -= 1
        if collaborator:
            self.collaborators[seat] -= 1
        self.pawns.append((seat, space, bool(collaborator)))
        self.taken.add(space)
        if self.narrated:
            self.tell(PlaceEvent(kind="place", seat=seat, space=space,
                                 collaborator=bool(collaborator),
                                 catch_up=self.phase == "catch-up"))
        self.placers.pop(0)
        self._advance()

    def _advance(self) -> None:
        """Hand the decision to the next placer, the next trick, or the round end."""
        while True:
            while self.placers and not self._may_place(self.placers[0]):
                skipped = self.placers.pop(0)
                if self.pawns_left[skipped] == 0 and self.phase == "place" and self.narrated:
                    self.tell(SkipEvent(kind="skip", seat=skipped))
            if self.placers:
                self.to_act = self.turn = self.placers[0]
                return
            if self.phase == "place":
                if self.tricks_played < TRICKS_PER_ROUND:
                    self.phase = "play"
                    self.to_act = self.turn = self.winner_card
                    return
                self.phase = "catch-up"
                self.placers = self._catch_up_order()
                continue
            self._end_round()
            return

    # -- round end --------------------------------------------------------------


    def _may_catch_up(self, seat: int) -> bool:
        """No pawn played, or only misses, and a pawn left to play."""
        if self.pawns_left[seat] == 0:
            return False
        return all(is_miss(space, self.on_board) for owner, space, _ in self.pawns if owner == seat)

    def _catch_up_order(self) -> list[int]:
        """Catch-up placers, from the last trick's winner clockwise."""
        first = self.winner_card
        seats = [(first + step) % self.num_players for step in range(self.num_players)]
        return [seat for seat in seats if self._may_catch_up(seat)]

    @staticmethod
    def _payout(space: str, collaborator: bool, secret: str) -> list[int]:
        """The coins one pawn earns: a collaborator pays the same coins again."""
        value = pawn_value(space, secret)
        if value == 0:
            return []
        return [value, value] if collaborator else [value]

    def _end_round(self) -> None:
        """Reveal the last cards and the secret, pay every pawn, start the next round."""
        if self.narrated:
            self.tell(RevealEvent(kind="reveal", secret=self.secret,
                                  cards=[[seat, card] for seat in range(self.num_players)
                                         for card in self.hands[seat]]))
        for hand in self.hands:
            self.on_board.update(hand)
        self.hands = [[] for _ in range(self.num_players)]
        payouts = [self._pay_pawn(seat, space, collaborator)
                   for seat, space, collaborator in self.pawns]
        self.supply += sum(1 for _, _, collaborator in self.pawns if collaborator)
        self.pawns = []
        self.taken = set()
        self.placers = []
        if self.narrated:
            self._say_totals(payouts)
        if self.round < self.num_players:
            self._hand_out_collaborators()
            self._start_round((self.start_player + 1) % self.num_players)
        else:
            self._finish_game()

    def _pay_pawn(self, seat: int, space: str, collaborator: bool) -> Payout:
        """Pay one pawn against the secret, log it, and return its payout."""
        coins = self._payout(space, collaborator, self.secret)
        self.coins[seat] += sum(coins)
        self.coin_counts[seat] += len(coins)
        payout = Payout(seat=seat, space=space, collaborator=collaborator, coins=coins,
                        value=sum(coins))
        if self.narrated:
            self.tell(PayoutEvent(kind="payout", **payout))
        return payout

    def _say_totals(self, payouts: list[Payout]) -> None:
        """Log the totals with the whole round end, so a table can show it
        without adding anything up: the secret, each payout, each seat's gain."""
        earned = [0] * self.num_players
        for payout in payouts:
            earned[payout["seat"]] += payout["value"]
        self.tell(ScoresEvent(kind="scores", coins=list(self.coins),
                              coin_counts=list(self.coin_counts), round=self.round,
                              secret=self.secret, payouts=payouts, earned=earned,
                              paying=list(PAYING_SPACES[self.secret])))

    def _hand_out_collaborators(self) -> None:
        """The lowest total gets one; tied lowest all get one only if enough remain."""
        lowest = min(self.coins)
        seats = [seat for seat in range(self.num_players) if self.coins[seat] == lowest]
        supply = self.supply
        if len(seats) > supply:
            if self.narrated:
                self.tell(CollaboratorsEvent(kind="collaborators", seats=[], tied=len(seats),
                                             supply=supply))
            return
        for seat in seats:
            self.collaborators[seat] += 1
        self.supply -= len(seats)
        if self.narrated:
            self.tell(CollaboratorsEvent(kind="collaborators", seats=seats, tied=len(seats),
                                         supply=supply))

    def _finish_game(self) -> None:
        """Highest total wins; a tie goes to the most coins, then is shared."""
        best = max((self.coins[seat], self.coin_counts[seat]) for seat in range(self.num_players))
        winners = [seat for seat in range(self.num_players)
                   if (self.coins[seat], self.coin_counts[seat]) == best]
        self.phase = "over"
        self.finish(EndEvent(kind="end", winners=winners, scores=list(self.coins)))

    # -- naming actions ---------------------------------------------------------

    # An action as a hint names it: "play R7", "place a pawn on rank 4".

    def _describe_play(self, action: Action) -> str:
        return "play %s" % action.get("card")

    def _describe_place(self, action: Action) -> str:
        return "place a pawn%s on %s" % (" and a collaborator" if action.get("collaborator")
                                         else "", space_name(action.get("space", "")))

    def _describe_pass(self, action: Action) -> str:
        return "place no pawn (pass)"

    # -- what a seat sees ---------------------------------------------------------

    def _unseen(self, seat: int) -> list[str]:
        """The cards whose location `seat` does not know: other hands and the secret."""
        known = set(self.hands[seat])
        known.update(self.on_board)
        known.update(card for _, card in self.trick)
        return [card for card in DECKS[self.num_players] if card not in known]

    def view(self, seat: int) -> View:
        """Everything `seat` may know, JSON-ready."""
        unseen = self._unseen(seat)
        view = self.base_view(seat)
        view.update({
            "hand": list(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "prompt": self._prompt(seat),
            "phase": self.phase,
            "round": self.round,
            "rounds": self.num_players,
            "tricks_played": self.tricks_played,
            "start_player": self.start_player,
            "winner_card": self.winner_card,
            "loser_card": self.loser_card,
            "led_suit": self._led_suit(),
            "trick": [[s, card] for s, card in self.trick],
            "last_trick": None if self.last_trick is None else {
                "cards": [list(play) for play in self.last_trick["cards"]],
                "winner": self.last_trick["winner"], "loser": self.last_trick["loser"]},
            "pawns": [{"seat": s, "space": space, "collaborator": collaborator}
                      for s, space, collaborator in self.pawns],
            "pawns_left": list(self.pawns_left),
            "board": sorted(self.on_board, key=CARD_ORDER.__getitem__),
            "leftovers": list(self.leftovers),
            "secret": self.secret if self.is_over else None,
            "coins": list(self.coins),
            "coin_counts": list(self.coin_counts),
            "collaborators": list(self.collaborators),
            "collaborator_supply": self.supply,
            "unseen": {suit: [rank_of(card) for card in unseen if suit_of(card) == suit]
                       for suit in SUITS},
            "voids": [list(void) for void in self.voids],
            "setup": SETUP[self.num_players],
        })
        return view

    def _prompt(self, seat: int) -> str:
        if self.is_over:
            summary: str = self.result()["summary"]
            return summary
        actor = self._seat
        if seat != actor:
            doing = "play a card" if self.phase == "play" else "place a pawn"
            return "Waiting for %s to %s." % (_name(actor), doing)
        if self.phase == "play":
            led = self._led_suit()
            if led is None:
                return "Lead the trick: play any card."
            return "Play a card; follow %s if you can." % SUIT_NAMES[led]
        if self.phase == "catch-up":
            return "None of your pawns can score: you may place one pawn on any space, or pass."
        assert self.last_trick is not None  # a placement follows a finished trick
        won = actor == self.last_trick["winner"]
        return "You %s the trick: place a pawn on an empty space, or pass." % (
            "won" if won else "lost")

    # -- for bots -----------------------------------------------------------------

    def determinize(self, seat: int, rng: Rng) -> SpyTricksState:
        """A copy with the other hands and the secret re-dealt from the unseen
        cards, uniformly among the deals that respect every shown void. Its
        moves write no sentences to its log (`narrated`)."""
        twin = self.clone()
        twin.rng = Rng(rng.derive_seed())
        twin.narrated = False
        if self.is_over:
            return twin
        pools: dict[str, list[str]] = {suit: [] for suit in SUITS}
        for card in self._unseen(seat):  # canonical order, then shuffled
            pools[suit_of(card)].append(card)
        for suit in SUITS:
            rng.shuffle(pools[suit])
        others = [s for s in range(self.num_players) if s != seat]
        deals = _deals_for(tuple((len(self.hands[s]), tuple(self.voids[s])) for s in others)
                           + ((1, ()),))
        dealt = []
        left = tuple(len(pools[suit]) for suit in SUITS)
        for index in range(len(deals.holders)):
            branches, total = deals.branches(index, left)
            pick = rng.below(total)
            for split, weight, rest in branches:
                if pick < weight:
                    break
                pick -= weight
            cards = []
            for suit, k in zip(SUITS, split):
                cards.extend(pools[suit][:k])
                pools[suit] = pools[suit][k:]
            dealt.append(cards)
            left = rest
        for s, cards in zip(others, dealt):
            twin.hands[s] = sorted(cards, key=CARD_ORDER.__getitem__)
        twin.secret = dealt[-1][0]
        return twin

    def evaluate(self, seat: int) -> float:
        """The seat's share of a softmax over projected totals.

        The projection adds what the pawns on the board earn against this
        state's secret (exact in a determinized world) to the coins held,
        and COLLABORATOR_WORTH for each collaborator still in hand (our
        estimate of a doubled pawn's gain). The softmax temperature grows
        with the rounds still to play, since a lead means less early on.
        """
        if self.is_over:
            winners = self.result()["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        projected = self._projected()
        to_play = (self.num_players - self.round
                   + (TRICKS_PER_ROUND - self.tricks_played) / TRICKS_PER_ROUND)
        temperature = 4.0 + 6.0 * to_play
        top = max(projected)
        weights: list[float] = [2.718281828459045 ** ((p - top) / temperature) for p in projected]
        return weights[seat] / sum(weights)

    def evaluation_terms(self, seat: int) -> list[Term]:
        projected = self._projected()
        ahead = projected[seat] - max(p for s, p in enumerate(projected) if s != seat)
        return [("your projected coins, less the best rival's", ahead, 1.0, "%+.0f")]

    def _projected(self) -> list[float]:
        """Each seat's projected total for evaluate(): coins held, what its
        pawns earn against this state's secret, and its collaborators' worth."""
        projected = [coins + COLLABORATOR_WORTH * held
                     for coins, held in zip(self.coins, self.collaborators)]
        for owner, space, collaborator in self.pawns:
            projected[owner] += sum(self._payout(space, collaborator, self.secret))
        return projected

    def clone(self) -> SpyTricksState:
        """A fast, independent copy."""
        twin = SpyTricksState.__new__(SpyTricksState)
        self._copy_base_into(twin)
        twin.coins = list(self.coins)
        twin.coin_counts = list(self.coin_counts)
        twin.collaborators = list(self.collaborators)
        twin.supply = self.supply
        twin.round = self.round
        twin.hands = [list(hand) for hand in self.hands]
        twin.secret = self.secret
        twin.leftovers = self.leftovers  # never mutated, only replaced
        twin.on_board = set(self.on_board)
        twin.start_player = self.start_player
        twin.winner_card = self.winner_card
        twin.loser_card = self.loser_card
        twin.tricks_played = self.tricks_played
        twin.trick = list(self.trick)
        twin.last_trick = self.last_trick  # replaced whole, never mutated
        twin.pawns = list(self.pawns)
        twin.taken = set(self.taken)
        twin.pawns_left = list(self.pawns_left)
        twin.voids = list(self.voids)  # each seat's list is replaced, never mutated
        twin.placers = list(self.placers)
        twin.phase = self.phase
        twin.narrated = self.narrated
        return twin

    # Every action type, in the order legal_actions() lists them.
    MOVES = {
        "play": Move(_check_play, _do_play, _play_options, _describe_play),
        "place": Move(_check_place, _do_place, _place_options, _describe_place),
        "pass": Move(_check_pass, _do_pass, _pass_options, _describe_pass),
    }
    EVENTS = EVENTS
    event_text = staticmethod(event_text)
