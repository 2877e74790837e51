"""The public log of Mission for Peanuts: every event kind with its fields
(a TypedDict each, listed in EVENTS), and `event_text`, the one function that
renders an event's sentence from those fields. Bots and the table read the
fields; the sentence, stored under "text", is for people.

Seats are 0-based; a sentence names seat s "Player s+1" and a card by its
name ("the Informant")."""

from __future__ import annotations

from typing import Literal, TypedDict

from .cards import AGENT, INFORMANT, NAMES, ROLE_SHIELDS, SEER, listing, player, the

HowWon = Literal["family", "showdown", "last_standing"]
DecidedBy = Literal["combination", "notches", "discard_notches"]
# Why an ASSIST or DEPLOY does nothing at all (FAQ: the entire action is ignored).
NoEffect = Literal["blank_spy", "blank_assassin", "no_player", "empty_deck",
                   "agent_cannot_draw", "no_target", "no_discard"]
Elimination = Literal["assassin", "police"]

HOW_WON = {"family": "Finding the Family", "showdown": "showdown",
           "last_standing": "last player standing"}
DECIDED_BY = {
    "combination": "the best combination",
    "notches": "the fewest notches in Role and hand (no combination)",
    "discard_notches": "the fewest notches in the discard pile",
}
NO_EFFECT = {
    "blank_spy": "the Spy has no ASSIST",
    "blank_assassin": "the Assassin has no ASSIST",
    "no_player": "there is no player who can be chosen",
    "empty_deck": "the deck is empty",
    "agent_cannot_draw": "the deck is empty, so the Agent cannot draw",
    "no_target": "no other player can be made to discard their hand",
    "no_discard": "no discarded card can be shuffled back",
}
ELIMINATED_BY = {"assassin": "received the Assassin",
                 "police": "the Secret Police found the Spy"}


class RoundStartEvent(TypedDict):
    kind: Literal["round_start"]
    round: int
    first: int


class RoleChosenEvent(TypedDict):
    kind: Literal["role_chosen"]
    seat: int


class RolesEvent(TypedDict):
    """All Roles flip together."""

    kind: Literal["roles"]
    roles: list[str]


class DrawEvent(TypedDict):
    kind: Literal["draw"]
    seat: int
    count: int
    card: str | None  # the card whose effect draws (Agent, Seer, Informant); None: the turn's


class PlayEvent(TypedDict):
    """A hand card discarded face up for its ASSIST."""

    kind: Literal["assist"]
    seat: int
    card: str


class DeployEvent(TypedDict):
    kind: Literal["deploy"]
    seat: int
    card: str
    old_role: str


class RoundVoidEvent(TypedDict):
    """Everybody still in was eliminated at once: the round is dealt again."""

    kind: Literal["round_void"]


class SeatEvent(TypedDict):
    """A seat did something whose only fact is who: "extra_turn" (takes
    another turn), "mind_read" (Telepath ASSIST), "face_down" (Seer ASSIST's
    discard), "bury" and "return" (a hand card under or on the deck),
    "protected" (the Telepath Role stopped the Assassin)."""

    kind: Literal["extra_turn", "mind_read", "face_down", "bury", "return", "protected"]
    seat: int


class NoEffectEvent(TypedDict):
    kind: Literal["no_effect"]
    seat: int
    reason: NoEffect


class SeerLookEvent(TypedDict):
    kind: Literal["seer_look"]
    seat: int
    count: int


class SwapEvent(TypedDict):
    kind: Literal["swap"]
    seats: list[int]


class AgentDiscardEvent(TypedDict):
    kind: Literal["agent_discard"]
    seat: int  # the target, who discards
    cards: list[str]
    by: int  # the Agent's player


class ByEvent(TypedDict):
    """A seat's hand changed by another's effect: "agent_pick" (took one of
    the Agent's cards blind), "trade" (swapped hands with the deck's top)."""

    kind: Literal["agent_pick", "trade"]
    seat: int
    by: int


class PassRolesEvent(TypedDict):
    kind: Literal["pass_roles"]
    seat: int
    dir: str
    roles: list[str]


class PoliceEvent(TypedDict):
    """The Secret Police looks at a hand: "police_look", then "police_miss"
    when it holds no Spy."""

    kind: Literal["police_look", "police_miss"]
    seat: int
    target: int


class CardEvent(TypedDict):
    """A seat's DEPLOY and the card it concerns: "protected_role" (a
    shielding Role), "spy_trade" (the top card the Spy traded for)."""

    kind: Literal["protected_role", "spy_trade"]
    seat: int
    card: str


class RecallEvent(TypedDict):
    kind: Literal["recall"]
    seat: int
    owner: int  # whose pile
    index: int
    card: str | None  # None for a face-down card


class CopyEvent(TypedDict):
    kind: Literal["copy"]
    seat: int
    other: int
    card: str


class EliminationEvent(TypedDict):
    kind: Literal["elimination"]
    seat: int
    reason: Elimination
    cards: list[str]


class FamilyEvent(TypedDict):
    kind: Literal["family"]
    seat: int
    role: str
    hand: list[str]


class ShowdownHand(TypedDict):
    seat: int
    role: str
    hand: list[str]
    combination: str | None
    rank: int
    notches: int
    discard_notches: int


class ShowdownEvent(TypedDict):
    kind: Literal["showdown"]
    hands: list[ShowdownHand]
    winners: list[int]
    decided_by: DecidedBy | None  # None: every player tied
    tied: bool
    verdict: str  # what settled it, in words (_verdict)


class RoundEndEvent(TypedDict):
    kind: Literal["round_end"]
    round: int
    winners: list[int]
    how: HowWon
    scores: list[int]


class SpyShuffledEvent(TypedDict):
    kind: Literal["spy_shuffled"]


class EndEvent(TypedDict):
    kind: Literal["end"]
    winners: list[int]
    scores: list[int]
    target: int  # the Peanut Points that win


MissionEvent = (RoundStartEvent | RoleChosenEvent | RolesEvent | DrawEvent | PlayEvent
                | DeployEvent | RoundVoidEvent | SeatEvent | NoEffectEvent | SeerLookEvent
                | SwapEvent | AgentDiscardEvent | ByEvent | PassRolesEvent | PoliceEvent
                | CardEvent | RecallEvent | CopyEvent | EliminationEvent | FamilyEvent
                | ShowdownEvent | RoundEndEvent | SpyShuffledEvent | EndEvent)
EVENTS: dict[str, type] = {
    "round_start": RoundStartEvent, "role_chosen": RoleChosenEvent, "roles": RolesEvent,
    "draw": DrawEvent, "assist": PlayEvent, "deploy": DeployEvent,
    "round_void": RoundVoidEvent, "extra_turn": SeatEvent, "mind_read": SeatEvent,
    "face_down": SeatEvent, "bury": SeatEvent, "return": SeatEvent, "protected": SeatEvent,
    "no_effect": NoEffectEvent, "seer_look": SeerLookEvent, "swap": SwapEvent,
    "agent_discard": AgentDiscardEvent, "agent_pick": ByEvent, "trade": ByEvent,
    "pass_roles": PassRolesEvent, "police_look": PoliceEvent, "police_miss": PoliceEvent,
    "protected_role": CardEvent, "spy_trade": CardEvent, "recall": RecallEvent,
    "copy": CopyEvent, "elimination": EliminationEvent, "family": FamilyEvent,
    "showdown": ShowdownEvent, "round_end": RoundEndEvent, "spy_shuffled": SpyShuffledEvent,
    "end": EndEvent,
}
# The sentences of the events whose only fact is their seat.
SEAT_SENTENCES = {
    "extra_turn": "%s takes another turn.",
    "mind_read": "%s reads every other player's hand.",
    "face_down": "%s discards one of them face down and puts the rest back in order.",
    "bury": "%s puts a card on the bottom of the deck.",
    "return": "%s puts a card on top of the deck.",
    "protected": "%s receives the Assassin, but the Telepath Role protects them.",
}
# Whose effect draws, as a draw's sentence ends.
DRAWN_FOR = {None: "", AGENT: " for the Agent", SEER: " for the Seer",
             INFORMANT: " for the Informant"}


def event_text(event: MissionEvent) -> str:
    """The log's sentence for an event, from its fields alone."""
    if event["kind"] == "round_start":
        return "Round %d: each player chooses a Role; %s will go first." % (
            event["round"], player(event["first"]))
    if event["kind"] == "role_chosen":
        return "%s chooses a Role face down." % player(event["seat"])
    if event["kind"] == "roles":
        return "The Roles flip: " + ", ".join(
            "%s has %s" % (player(s), the(r)) for s, r in enumerate(event["roles"])) + "."
    if event["kind"] == "draw":
        count = event["count"]
        return "%s draws %s%s." % (player(event["seat"]),
                                   "a card" if count == 1 else "%d cards" % count,
                                   DRAWN_FOR[event["card"]])
    if event["kind"] == "assist":
        return "%s discards %s for its ASSIST." % (player(event["seat"]), the(event["card"]))
    if event["kind"] == "deploy":
        return "%s discards the %s Role and DEPLOYs %s." % (
            player(event["seat"]), NAMES[event["old_role"]], the(event["card"]))
    if event["kind"] == "round_void":
        return "Everybody is Eliminated at once: nobody scores and the round is dealt again."
    if event["kind"] == "no_effect":
        return "Nothing happens: %s." % NO_EFFECT[event["reason"]]
    if event["kind"] == "seer_look":
        count = event["count"]
        return "%s looks at the top %s of the deck." % (
            player(event["seat"]), "card" if count == 1 else "%d cards" % count)
    if event["kind"] == "swap":
        first, second = event["seats"]
        return "%s and %s swap hands." % (player(first), player(second))
    if event["kind"] == "agent_discard":
        return "%s discards their hand (%s) and must pick one of %s's cards blind." % (
            player(event["seat"]), listing(event["cards"]), player(event["by"]))
    if event["kind"] == "agent_pick":
        return "%s takes one of %s's cards." % (player(event["seat"]), player(event["by"]))
    if event["kind"] == "trade":
        return "%s swaps their hand with the top card of the deck." % player(event["seat"])
    if event["kind"] == "pass_roles":
        return "%s has every Role passed %s." % (player(event["seat"]), event["dir"])
    if event["kind"] == "police_look":
        return "%s looks at %s's hand." % (player(event["seat"]), player(event["target"]))
    if event["kind"] == "police_miss":
        return "%s is not holding the Spy." % player(event["target"])
    if event["kind"] == "protected_role":
        card = event["card"]
        return "While %s is their Role, %s %s." % (the(card), player(event["seat"]),
                                                   ROLE_SHIELDS[card])
    if event["kind"] == "spy_trade":
        return ("%s trades the Spy for the top card, %s, as their Role; the Spy is now on top "
                "of the deck." % (player(event["seat"]), the(event["card"])))
    if event["kind"] == "recall":
        return _recall_text(event)
    if event["kind"] == "copy":
        return "%s uses the ASSIST of %s's %s Role." % (
            player(event["seat"]), player(event["other"]), NAMES[event["card"]])
    if event["kind"] == "elimination":
        return "%s is Eliminated (%s) and discards %s." % (
            player(event["seat"]), ELIMINATED_BY[event["reason"]], listing(event["cards"]))
    if event["kind"] == "family":
        return ("%s has found the family: the Spy, the Telepath and the Assassin!"
                % player(event["seat"]))
    if event["kind"] == "showdown":
        return "Showdown: " + "; ".join(
            "%s shows %s and %s (%s)" % (player(e["seat"]), the(e["role"]), listing(e["hand"]),
                                         e["combination"] or "%d notches" % e["notches"])
            for e in event["hands"]) + "."
    if event["kind"] == "round_end":
        return "Round %d goes to %s (%s)." % (
            event["round"], " and ".join(player(w) for w in event["winners"]),
            HOW_WON[event["how"]])
    if event["kind"] == "spy_shuffled":
        return "The Spy is shuffled back into the deck."
    if event["kind"] == "end":
        return _end_text(event)
    return SEAT_SENTENCES[event["kind"]] % player(event["seat"])


def _recall_text(event: RecallEvent) -> str:
    seat, owner, card = event["seat"], event["owner"], event["card"]
    what = "a face-down card" if card is None else the(card)
    pile = "their own" if owner == seat else player(owner) + "'s"
    return "%s shuffles %s from %s pile into the deck." % (player(seat), what, pile)


def _end_text(event: EndEvent) -> str:
    champions, target = event["winners"], event["target"]
    return "%s %s the mission with %d Peanut Point%s." % (
        " and ".join(player(s) for s in champions),
        "completes" if len(champions) == 1 else "complete", target, "" if target == 1 else "s")


def verdict(decided_by: DecidedBy | None, tied: bool) -> str:
    """What settled a showdown, as the table says it."""
    if decided_by is None:
        return "Every player tied: all score."
    return "Decided by %s%s." % (DECIDED_BY[decided_by],
                                 "; still tied, all of them score" if tied else "")
