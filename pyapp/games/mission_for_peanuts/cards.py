"""The cards of Mission for Peanuts: codes, copies, names and what each does.

`CARDS` is the card table, the one source of all a card face shows (the page
gets it as `TABLE`): every card's ASSIST and DEPLOY is found by its name here,
in a hint's words and in its face's; the effects themselves are
`_assist_<card>` and `_deploy_<card>` in effects.py, listed by card in its
ASSISTS and DEPLOYS.
"""

from __future__ import annotations

from typing import Any, NamedTuple

SPY = "spy"
TELEPATH = "telepath"
ASSASSIN = "assassin"
SEER = "seer"
INFORMANT = "informant"
HANDLER = "handler"
AGENT = "agent"
POLICE = "secret-police"


class Card(NamedTuple):
    """One character card: its copies are its notches (our choice, the
    rulebook prints no counts); `assist` and `deploy` phrase its effects as a
    hint says them, `face_assist`/`face_deploy` as its card face prints them
    ("" for none), `note` a rule of its own."""

    code: str
    copies: int
    name: str
    character: str
    assist: str
    deploy: str
    face_assist: str
    face_deploy: str
    note: str = ""


CARDS = (
    Card(SPY, 1, "Spy", "Loid Forger", "it has none",
         "it trades places with the top card of the deck",
         "", "Trade it for the top card; the Spy goes on top.",
         "Never rests face up in a pile."),
    Card(TELEPATH, 2, "Telepath", "Anya Forger",
         "see every other hand, then take another turn",
         "the Assassin cannot eliminate you while it is your Role",
         "See every other hand, then go again.", "Shield: the Assassin cannot eliminate you."),
    Card(ASSASSIN, 3, "Assassin", "Yor Forger",  # one copy out with 3-4 players
         "it has none",
         "nobody can swap or discard your hand while it is your Role",
         "", "Shield: your hand cannot be swapped or discarded.",
         "Put into a hand by an action: Eliminated."),
    Card(SEER, 3, "Seer", "Bond Forger",
         "look at the top three cards and discard one face down",
         "draw two, then put two hand cards on the bottom of the deck",
         "Look at the top 3; discard 1 face down.", "Draw 2, then put 2 on the bottom."),
    Card(INFORMANT, 3, "Informant", "Franky Franklin",
         "two players of your choice swap hands",
         "draw one, then put a hand card on top of the deck",
         "Any two players swap hands.", "Draw 1, then put 1 on top of the deck."),
    Card(HANDLER, 3, "Handler", "Sylvia Sherwood",
         "every Role passes left or right",
         "shuffle a discarded card into the deck, then a player swaps hands with the top",
         "Every Role passes left or right.",
         "Shuffle a discard in; a player swaps hands with the top card."),
    Card(AGENT, 2, "Agent", "Fiona Frost",
         "draw, then a player discards their hand and picks one of yours blind",
         "use the ASSIST of another player's Role",
         "Draw 1; a player discards their hand and picks one of yours blind.",
         "Use another player's Role ASSIST."),
    Card(POLICE, 3, "Secret Police", "Yuri Briar",
         "look at a hand; a Spy there is Eliminated and you go again",
         "the Secret Police cannot choose you while it is your Role",
         "See a hand: a Spy there is Eliminated; go again.",
         "Shield: the Secret Police cannot choose you."),
)
# The card table as the page gets it (GameState.cards): plain dicts, JSON-ready.
TABLE: list[dict[str, Any]] = [dict(card._asdict()) for card in CARDS]
CARD = {card.code: card for card in CARDS}
NOTCHES = {card.code: card.copies for card in CARDS}
NAMES = {card.code: card.name for card in CARDS}
FAMILY = (SPY, TELEPATH, ASSASSIN)

# Scoring, from highest to lowest: (rank, pair, name); a lower rank is better.
COMBINATIONS = (
    (1, (SPY, TELEPATH), "Spy x Telepath"),
    (1, (SPY, ASSASSIN), "Spy x Assassin"),
    (2, (TELEPATH, ASSASSIN), "Telepath x Assassin"),
    (3, (SPY, INFORMANT), "Spy x Informant"),
    (4, (TELEPATH, SEER), "Telepath x Seer"),
    (5, (HANDLER, AGENT), "Handler x Agent"),
    (6, (ASSASSIN, POLICE), "Assassin x Secret Police"),
)
NO_COMBINATION = 99
# What a protecting Role does while it is kept (said when it is DEPLOYed).
ROLE_SHIELDS = {
    TELEPATH: "cannot be Eliminated by the Assassin",
    ASSASSIN: "cannot be chosen to swap or discard their hand",
    POLICE: "cannot be chosen by the Secret Police",
}
ORDINALS = ("first", "second", "third")


def round_deck(players: int) -> list[str]:
    """Every card of a round, in table order; one Assassin fewer below 5 players."""
    cards = []
    for card in CARDS:
        copies = card.copies - 1 if card.code == ASSASSIN and players <= 4 else card.copies
        cards.extend([card.code] * copies)
    return cards


def best_combination(cards: list[str]) -> tuple[int, str | None]:
    """(rank, name) of the best combination among `cards`, or (NO_COMBINATION, None)."""
    for rank, (a, b), name in COMBINATIONS:
        if a in cards and b in cards:
            return rank, name
    return NO_COMBINATION, None


def showdown_key(role: str, hand: list[str], pile_notches: int) -> tuple[int, int, int]:
    """Lower is better: combination, then (only without one) notches, then pile."""
    cards = [role] + list(hand)
    rank, _ = best_combination(cards)
    notches = sum(NOTCHES[c] for c in cards) if rank == NO_COMBINATION else 0
    return (rank, notches, pile_notches)


def distinct(cards: list[str]) -> list[str]:
    """Each code once, sorted: one action per kind of card, not per copy."""
    return sorted(set(cards))


def player(seat: int) -> str:
    """A seat as every Safehouse text names it: seat 0 is "Player 1"."""
    return "Player %d" % (seat + 1)


def the(card: str) -> str:
    """"the Informant": a card as the log and prompts name it."""
    return "the " + NAMES[card]


def listing(cards: list[str]) -> str:
    """"the Seer and the Spy"; "nothing" for no card."""
    names = [the(card) for card in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def without_one_of_each(known: list[str]) -> list[str]:
    """What is certainly left of a known part of a hand after one unseen card leaves it."""
    kept = list(known)
    for code in distinct(known):
        kept.remove(code)
    return kept
