"""The state of a Mission for Peanuts match: setup, the checks and the turn
machine of steps.py, every card's ASSIST and DEPLOY, the round's end, what a
seat sees, and the copies the bots search."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from ...engine.protocol import GameState, IllegalAction, excerpt
from ...engine.registry import register
from ...engine.rng import Rng
from .cards import (AGENT, ASSASSIN, CARD, FAMILY, HANDLER, INFORMANT, NAMES, NO_COMBINATION,
                    NOTCHES, ORDINALS, POLICE, ROLE_SHIELDS, SEER, SPY, TELEPATH,
                    best_combination, distinct, listing, player, round_deck, showdown_key, the,
                    without_one_of_each)
from .rules import RULES
from .steps import ACTION_FIELDS, DIRECTIONS, IMMUNITY, STEPS

if TYPE_CHECKING:  # the protocol's aliases, for annotations only
    from ...engine.protocol import Action, View

HOW_WON = {"family": "Finding the Family", "showdown": "showdown",
           "last_standing": "last player standing"}
DECIDED_BY = {
    "combination": "the best combination",
    "notches": "the fewest notches in Role and hand (no combination)",
    "discard_notches": "the fewest notches in the discard pile",
}


@register
class MissionForPeanuts(GameState):
    """A match of Mission for Peanuts rounds."""

    game_id = "mission-for-peanuts"
    title = "Mission for Peanuts"
    rules = RULES
    blurb = "Gather the Spy, the Telepath and the Assassin before anyone else."
    min_players = 3
    max_players = 5
    order = 1
    OPTIONS = {"target": (None, tuple(range(1, 11)))}

    target: int  # Peanut Points that win the match
    scores: list[int]
    decided: list[int]  # the log's length when each seat last began a decision
    round: int
    first: int  # the round's first player
    hands: list[list[str]]  # sorted
    deck: list[str]  # top first
    roles: list[Any]  # a card code, or None until chosen at round start
    revealed: bool  # have the Roles flipped
    piles: list[list[tuple[str, bool]]]  # (card, face down) per seat
    alive: list[bool]
    extra: bool  # another turn after this one
    step: str  # a key of STEPS
    pending: dict[str, Any]  # the effect in progress: "by", "card", and the step's own
    know: list[list[list[str]]]
    memory: list[list[tuple[list[str], int] | None]]
    deck_seen: list[list[str | None]]

    @classmethod
    def default_option(cls, name: str, players: int) -> int:
        """The rulebook's target: 3 Peanut Points with 3 players, 2 with 4-5."""
        return 3 if players == 3 else 2

    # -- setup ---------------------------------------------------------------

    def _setup(self) -> None:
        self.target = self.options["target"]
        self.scores = [0] * self.num_players
        self.round = 0
        # decided[s]: the log's length when s last began a decision (for the view).
        self.decided = [0] * self.num_players
        self._deal_round(self.rng.below(self.num_players))

    def _deal_round(self, first: int) -> None:
        """Remove the Spy, deal 2 each, shuffle the Spy back in; Roles next."""
        n = self.num_players
        self.round += 1
        self.first = first
        cards = [c for c in round_deck(n) if c != SPY]
        self.rng.shuffle(cards)
        self.hands = [sorted(cards[2 * s:2 * s + 2]) for s in range(n)]
        self.deck = cards[2 * n:] + [SPY]
        self.rng.shuffle(self.deck)
        self.roles = [None] * n
        self.revealed = False
        self.piles = [[] for _ in range(n)]
        self.alive = [True] * n
        self.extra = False
        self.pending = {}
        # know[o][s]: the cards of s's hand that o is sure of (a sorted list);
        # memory[o][s]: (cards, log index) o was last shown, kept when stale;
        # deck_seen[o][i]: the card o knows at deck position i (0 = top).
        self.know = [[[] for _ in range(n)] for _ in range(n)]
        self.memory = [[None] * n for _ in range(n)]
        self.deck_seen = [[None] * len(self.deck) for _ in range(n)]
        self.turn = first
        self._enter("role")
        self.say("Round %d: each player chooses a Role; %s will go first."
                 % (self.round, player(first)), kind="round_start", round=self.round, first=first)

    # -- the protocol ----------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions open to `to_act`, in a fixed order."""
        if self.is_over:
            return []
        actions = []
        for kind in STEPS[self.step].resolves:
            actions.extend(getattr(self, "_options_" + kind)())
        return actions

    def check(self, action: Action) -> None:
        """Raise IllegalAction(reason) unless `action` is legal now."""
        if self.is_over:
            raise IllegalAction("the game is over")
        kind = action["type"]
        if not isinstance(kind, str) or kind not in ACTION_FIELDS:
            raise IllegalAction("Mission for Peanuts has no %s action (actions: %s)"
                                % (excerpt(kind), ", ".join(ACTION_FIELDS)))
        if kind not in STEPS[self.step].resolves:
            raise IllegalAction("%s must now %s, not a %s action"
                                % (player(self._actor), self._prompt_task(), kind))
        _check_fields(action, ACTION_FIELDS[kind])
        getattr(self, "_check_" + kind)(action)

    def _perform(self, action: Action) -> None:
        self.decided[self._actor] = len(self.log)
        getattr(self, STEPS[self.step].resolves[action["type"]])(action)

    @property
    def _actor(self) -> int:
        """The seat to act, while the game is on."""
        assert self.to_act is not None, "nobody acts once the game is over"
        return self.to_act

    def _enter(self, step: str) -> None:
        """Go to `step`; its (first) player, by steps.py's "who", is to act."""
        self.step = step
        self.to_act = self.pending["target"] if STEPS[step].who == "target" else self.turn

    # -- each action kind: its candidates and its check, from the same rules ----------------

    def _options_choose_role(self) -> list[Action]:
        return [{"type": "choose_role", "card": c} for c in distinct(self.hands[self._actor])]

    def _check_choose_role(self, action: Action) -> None:
        self._check_holds(action["card"])

    def _options_assist(self) -> list[Action]:
        return [{"type": "assist", "card": c} for c in distinct(self.hands[self.turn])
                if self._spy_may_be_discarded(c)]

    def _check_assist(self, action: Action) -> None:
        self._check_holds(action["card"])
        if not self._spy_may_be_discarded(action["card"]):
            raise IllegalAction(
                "the Spy cannot be discarded for its blank ASSIST while the deck is empty")

    def _options_deploy(self) -> list[Action]:
        return [{"type": "deploy", "card": c} for c in distinct(self.hands[self.turn])]

    def _check_deploy(self, action: Action) -> None:
        self._check_holds(action["card"])

    def _options_bury(self) -> list[Action]:
        return [{"type": "bury", "card": c} for c in distinct(self.hands[self.turn])]

    _check_bury = _check_return = _check_deploy

    def _options_return(self) -> list[Action]:
        return [{"type": "return", "card": c} for c in distinct(self.hands[self.turn])]

    def _check_holds(self, card: str) -> None:
        """The card must be in the hand of the player to act."""
        if not isinstance(card, str) or card not in self.hands[self._actor]:
            name = NAMES[card] if isinstance(card, str) and card in NAMES else excerpt(card)
            raise IllegalAction("%s has no %s in hand" % (player(self._actor), name))

    def _options_target(self) -> list[Action]:
        return [{"type": "target", "seat": s} for s in self._candidates(self.step)]

    def _check_target(self, action: Action) -> None:
        seat = action["seat"]
        if not _is_whole(seat) or not 0 <= seat < self.num_players:
            raise IllegalAction("seat %s is not a player at this table" % excerpt(seat))
        refusal = self._refusal(self.step, seat)
        if refusal:
            raise IllegalAction(refusal)

    def _options_copy(self) -> list[Action]:
        return [{"type": "copy", "seat": s} for s in self._candidates(self.step)]

    _check_copy = _check_target

    def _options_direction(self) -> list[Action]:
        return [{"type": "direction", "dir": d} for d in DIRECTIONS]

    def _check_direction(self, action: Action) -> None:
        if not isinstance(action["dir"], str) or action["dir"] not in DIRECTIONS:
            raise IllegalAction("the direction is \"left\" or \"right\", not %s"
                                % excerpt(action["dir"]))

    def _options_discard_face_down(self) -> list[Action]:
        return [{"type": "discard_face_down", "index": i} for i in range(self.pending["count"])]

    def _check_discard_face_down(self, action: Action) -> None:
        _check_index(action["index"], self.pending["count"])

    def _options_recall(self) -> list[Action]:
        return [{"type": "recall", "seat": p, "index": i}
                for p in range(self.num_players) for i in range(len(self.piles[p]))]

    def _check_recall(self, action: Action) -> None:
        owner, index = action["seat"], action["index"]
        if not (_is_whole(owner) and 0 <= owner < self.num_players and _is_whole(index)
                and 0 <= index < len(self.piles[owner])):
            raise IllegalAction("there is no card %s in the discard pile of seat %s" % (
                excerpt(index), excerpt(owner)))

    def _options_pick(self) -> list[Action]:
        return [{"type": "pick", "index": i} for i in range(len(self.hands[self.pending["by"]]))]

    def _check_pick(self, action: Action) -> None:
        _check_index(action["index"], len(self.hands[self.pending["by"]]))

    def describe(self, action: Action) -> str:
        """An action as a hint names it, to the player about to take it:
        "discard the Informant for its ASSIST: two players swap hands"."""
        phrase = getattr(self, "_describe_" + str(action.get("type")), None)
        return phrase(action) if phrase else GameState.describe(self, action)

    def _you(self, seat: int) -> str:
        return "you" if seat == self._actor else player(seat)

    def _your(self, seat: int) -> str:
        return "your" if seat == self._actor else player(seat) + "'s"

    def _describe_choose_role(self, action: Action) -> str:
        return "make %s your Role" % the(action["card"])

    def _describe_assist(self, action: Action) -> str:
        card = action["card"]
        return "discard %s for its ASSIST: %s" % (the(card), CARD[card].assist)

    def _describe_deploy(self, action: Action) -> str:
        card = action["card"]
        return "DEPLOY %s as your new Role (discarding %s): %s" % (
            the(card), the(self.roles[self._actor]), CARD[card].deploy)

    def _describe_target(self, action: Action) -> str:
        other, step = action["seat"], self.step
        if step == "swap_first":
            return "choose %s as one of the two players who swap hands" % self._you(other)
        if step == "swap_second":
            return self._describe_swap(self.pending["first"], other)
        if step == "agent_target":
            return "make %s discard their hand and pick one of your cards" % player(other)
        if step == "police_target":
            return "look at %s's hand with the Secret Police" % player(other)
        return "swap %s hand with the top card of the deck" % self._your(other)

    def _describe_swap(self, first: int, second: int) -> str:
        if self._actor in (first, second):
            return "swap your hand with %s's" % player(second if first == self._actor else first)
        return "swap %s's and %s's hands" % (player(first), player(second))

    def _describe_copy(self, action: Action) -> str:
        other = action["seat"]
        return "use the ASSIST of %s's %s Role" % (player(other), NAMES[self.roles[other]])

    def _describe_direction(self, action: Action) -> str:
        way = "to the next player" if action["dir"] == "left" else "to the previous player"
        return "pass every Role %s (%s)" % (action["dir"], way)

    def _describe_discard_face_down(self, action: Action) -> str:
        index = action["index"]
        return "discard the %s card from the top (%s) face down" % (
            ORDINALS[index], the(self.deck[index]))

    def _describe_bury(self, action: Action) -> str:
        return "put %s on the bottom of the deck" % the(action["card"])

    def _describe_return(self, action: Action) -> str:
        return "put %s on top of the deck" % the(action["card"])

    def _describe_recall(self, action: Action) -> str:
        owner = action["seat"]
        card, face_down = self.piles[owner][action["index"]]
        what = the(card) if not face_down or owner == self._actor else "a face-down card"
        return "shuffle %s from %s pile into the deck" % (what, self._your(owner))

    def _describe_pick(self, action: Action) -> str:
        return "take the %s of %s's face-down cards" % (
            ORDINALS[action["index"]], player(self.pending["by"]))

    # -- Roles at round start ------------------------------------------------

    def _choose_role(self, action: Action) -> None:
        """Each seat puts a Role face down; all Roles flip together at the end."""
        seat, card = self._actor, action["card"]
        self.hands[seat].remove(card)
        self.roles[seat] = card
        self.say("%s chooses a Role face down." % player(seat), kind="role_chosen", seat=seat)
        following = (seat + 1) % self.num_players
        if following != self.first:
            self.to_act = following
            return
        self.revealed = True
        self.say("The Roles flip: " + ", ".join(
            "%s has %s" % (player(s), the(r)) for s, r in enumerate(self.roles)) + ".",
            kind="roles", roles=list(self.roles))
        self._start_turn(self.first)

    # -- a turn ------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        """Draw a card, check for the family, then choose one action."""
        self.turn = seat
        self.pending = {}
        self._enter("act")
        self.say("%s draws a card." % player(seat), kind="draw", seat=seat)
        self._draw(seat)
        self._check_family(seat)

    def _spy_may_be_discarded(self, card: str) -> bool:
        """Table rule: with an empty deck the Spy's blank ASSIST would loop forever."""
        return card != SPY or bool(self.deck)

    def _assist_card(self, action: Action) -> None:
        """Discard a hand card face up, then do its ASSIST."""
        seat, card = self.turn, action["card"]
        self._take_public(seat, card)
        self.say("%s discards %s for its ASSIST." % (player(seat), the(card)),
                 kind="assist", seat=seat, card=card)
        self._discard_face_up(seat, card)
        self._assist(seat, card)

    def _deploy_card(self, action: Action) -> None:
        """Discard the Role face up (no effect), make `card` the Role, do its DEPLOY."""
        seat, card = self.turn, action["card"]
        old = self.roles[seat]
        self._take_public(seat, card)
        self.roles[seat] = card
        self.say("%s discards the %s Role and DEPLOYs %s." % (player(seat), NAMES[old], the(card)),
                 kind="deploy", seat=seat, card=card, old_role=old)
        self._discard_face_up(seat, old)
        self._deploy(seat, card)

    def _end_action(self) -> None:
        """The action is done: end the round, or pass the turn (or take another)."""
        living = self._living()
        if len(living) == 1:
            self._award_round(living, "last_standing")
            return
        if not living:
            self.say("Everybody is Eliminated at once: nobody scores and the round "
                     "is dealt again.", kind="round_void")
            self._deal_round(self.first)
            return
        if not self.deck:
            self._showdown()
            return
        seat = self.turn
        if self.extra:
            self.extra = False
            self.say("%s takes another turn." % player(seat), kind="extra_turn", seat=seat)
            self._start_turn(seat)
        else:
            self._start_turn(self._next_living(seat))

    def _no_effect(self, seat: int, why: str) -> None:
        """FAQ: if any part of an action cannot be done, the whole action is ignored."""
        self.say("Nothing happens: %s." % why, kind="no_effect", seat=seat)
        self._end_action()

    def _living(self) -> list[int]:
        return [s for s in range(self.num_players) if self.alive[s]]

    def _next_living(self, seat: int, step: int = 1) -> int:
        n = self.num_players
        other = (seat + step) % n
        while not self.alive[other]:
            other = (other + step) % n
        return other

    # -- ASSIST actions ---------------------------------------------------------

    def _assist(self, seat: int, card: str) -> None:
        """Do `card`'s ASSIST for `seat` (also when the Agent DEPLOY copies it)."""
        self.pending = {"by": seat, "card": card}
        ASSISTS[card](self, seat)

    def _assist_spy(self, seat: int) -> None:
        """The Spy's ASSIST is blank."""
        self._no_effect(seat, "the Spy has no ASSIST")

    def _assist_assassin(self, seat: int) -> None:
        """The Assassin's ASSIST is blank."""
        self._no_effect(seat, "the Assassin has no ASSIST")

    def _assist_informant(self, seat: int) -> None:
        """Two players, yourself allowed, swap hands: ask for the first."""
        self._ask_target(seat, "swap_first", 2)

    def _assist_handler(self, seat: int) -> None:
        """Every Role passes left or right: ask which way."""
        self._enter("direction")

    def _assist_police(self, seat: int) -> None:
        """See another hand: ask whose."""
        self._ask_target(seat, "police_target", 1)

    def _ask_target(self, seat: int, step: str, needed: int) -> None:
        self._enter(step)
        if len(self._candidates(step)) < needed:
            self._no_effect(seat, "there is no player who can be chosen")

    def _assist_telepath(self, seat: int) -> None:
        """Every other player shows you their hand; then you take another turn."""
        self.say("%s reads every other player's hand." % player(seat), kind="mind_read", seat=seat)
        for other in self._living():
            if other != seat:
                self._learn_hand(seat, other)
        self.extra = True
        self._end_action()

    def _assist_seer(self, seat: int) -> None:
        """Look at the top three cards; one of them will go face down."""
        count = min(3, len(self.deck))
        if not count:
            self._no_effect(seat, "the deck is empty")
            return
        for i in range(count):
            self.deck_seen[seat][i] = self.deck[i]
        self._enter("seer_discard")
        self.pending["count"] = count
        self.say("%s looks at the top %s of the deck." % (
            player(seat), "card" if count == 1 else "%d cards" % count),
            kind="seer_look", seat=seat, count=count)

    def _seer_discard(self, action: Action) -> None:
        """Seer ASSIST, part 2: one of the cards seen goes face down to your own pile."""
        seat, index = self.turn, action["index"]
        card = self.deck.pop(index)
        count = self.pending["count"]
        for other in range(self.num_players):
            seen = self.deck_seen[other]
            if other == seat:
                seen.pop(index)
            else:  # which one went is hidden, so the rest of those cards are too
                hidden: list[str | None] = [None] * (count - 1)
                self.deck_seen[other] = hidden + seen[count:]
        self.piles[seat].append((card, True))
        self.say("%s discards one of them face down and puts the rest back in order."
                 % player(seat),
                 kind="face_down", seat=seat)
        self._end_action()

    def _swap_hands(self, a: int, b: int) -> None:
        """Informant ASSIST: two players trade hands; receiving the Assassin eliminates."""
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        for o in range(self.num_players):
            know, memory = self.know[o], self.memory[o]
            know[a], know[b] = know[b], know[a]
            memory[a], memory[b] = memory[b], memory[a]
        for s in (a, b):  # nobody keeps notes on their own hand
            self.know[s][s] = []
            self.memory[s][s] = None
        self.say("%s and %s swap hands." % (player(a), player(b)), kind="swap", seats=[a, b])
        self._learn_hand(a, b)
        self._learn_hand(b, a)
        for s in (a, b):
            self._assassin_strikes(s)
        self._end_action()

    def _assist_agent(self, seat: int) -> None:
        """Draw (safely), then a target discards their hand and picks blind from yours."""
        if not self.deck:
            self._no_effect(seat, "the deck is empty, so the Agent cannot draw")
            return
        self._enter("agent_target")
        if not self._candidates("agent_target"):
            self._no_effect(seat, "no other player can be made to discard their hand")
            return
        self.say("%s draws a card for the Agent." % player(seat), kind="draw", seat=seat)
        self._draw(seat)
        self._check_family(seat)

    def _agent_discards_hand(self, action: Action) -> None:
        """Agent ASSIST, part 2: the target discards their hand, then picks blind."""
        seat, target = self.turn, action["seat"]
        cards = self.hands[target]
        self.hands[target] = []
        self._forget_hand(target)
        self.say("%s discards their hand (%s) and must pick one of %s's cards blind."
                 % (player(target), listing(cards), player(seat)), kind="agent_discard",
                 seat=target, cards=list(cards), by=seat)
        for card in cards:
            self._discard_face_up(target, card)
        self.pending["target"] = target
        self._enter("agent_pick")

    def _agent_pick(self, action: Action) -> None:
        """Agent ASSIST, part 3: the target takes one of the Agent's cards, unseen."""
        seat, target, index = self.pending["by"], self._actor, action["index"]
        blind = list(self.hands[seat])
        self.rng.shuffle(blind)  # the Agent's cards are offered face down
        card = blind[index]
        full = self.know[target][seat] == self.hands[seat]
        self.hands[seat].remove(card)
        self.hands[target] = [card]
        for o in range(self.num_players):
            if o == target and full:
                self.know[o][seat] = list(self.hands[seat])
            elif o != seat:
                self.know[o][seat] = without_one_of_each(self.know[o][seat])
        self.say("%s takes one of %s's cards." % (player(target), player(seat)),
                 kind="agent_pick", seat=target, by=seat)
        self._learn_hand(seat, target)
        self._assassin_strikes(target)
        self._end_action()

    def _pass_roles(self, action: Action) -> None:
        """Handler ASSIST: every player still in passes their Role that way."""
        seat, direction = self.turn, action["dir"]
        step = DIRECTIONS[direction]
        living = self._living()
        old = list(self.roles)
        for s in living:
            self.roles[self._next_living(s, step)] = old[s]
        self.say("%s has every Role passed %s." % (player(seat), direction),
                 kind="pass_roles", seat=seat, dir=direction, roles=list(self.roles))
        self._end_action()

    def _police_look(self, action: Action) -> None:
        """Secret Police ASSIST: see a hand; a Spy there eliminates its holder."""
        seat, target = self.turn, action["seat"]
        self.say("%s looks at %s's hand." % (player(seat), player(target)),
                 kind="police_look", seat=seat, target=target)
        self._learn_hand(seat, target)
        if SPY in self.hands[target]:
            self._eliminate(target, "the Secret Police found the Spy")
            self.extra = True
        else:
            self.say("%s is not holding the Spy." % player(target), kind="police_miss",
                     seat=seat, target=target)
        self._end_action()

    def _choose_first_swapper(self, action: Action) -> None:
        """Informant ASSIST, part 1: the first of the two players who swap."""
        self.pending["first"] = action["seat"]
        self._enter("swap_second")

    def _swap_with_first(self, action: Action) -> None:
        """Informant ASSIST, part 2: the second player swaps with the first."""
        self._swap_hands(self.pending["first"], action["seat"])

    # -- DEPLOY actions ---------------------------------------------------------

    def _deploy(self, seat: int, card: str) -> None:
        """Do `card`'s DEPLOY for `seat`, whose new Role it is."""
        self.pending = {"by": seat, "card": card}
        DEPLOYS[card](self, seat)

    def _deploy_shield(self, seat: int) -> None:
        """Telepath, Assassin and Secret Police DEPLOY: the Role protects while kept."""
        card = self.roles[seat]
        self.say("While %s is their Role, %s %s." % (the(card), player(seat), ROLE_SHIELDS[card]),
                 kind="protected_role", seat=seat, card=card)
        self._end_action()

    _deploy_telepath = _deploy_assassin = _deploy_police = _deploy_shield

    def _deploy_agent(self, seat: int) -> None:
        """Use the ASSIST of another player's Role: ask whose."""
        self._ask_target(seat, "copy", 1)

    def _deploy_spy(self, seat: int) -> None:
        """Trade the Spy Role for the top card; the Spy goes on top of the deck."""
        if not self.deck:
            self._no_effect(seat, "the deck is empty")
            return
        card = self.deck[0]
        self.deck[0] = SPY
        self.roles[seat] = card
        for seen in self.deck_seen:
            seen[0] = SPY
        self.say("%s trades the Spy for the top card, %s, as their Role; the Spy "
                 "is now on top of the deck." % (player(seat), the(card)),
                 kind="spy_trade", seat=seat, card=card)
        self._end_action()

    def _deploy_seer(self, seat: int) -> None:
        """Draw up to two cards, then bury as many from the hand."""
        count = min(2, len(self.deck))
        if not count:
            self._no_effect(seat, "the deck is empty")
            return
        self.say("%s draws %s for the Seer." % (player(seat), "a card" if count == 1 else
                                                 "%d cards" % count),
                 kind="draw", seat=seat, count=count)
        for _ in range(count):
            self._draw(seat)
        self._enter("bury")
        self.pending["left"] = count
        self._check_family(seat)

    def _bury(self, action: Action) -> None:
        """Seer DEPLOY, part 2: a hand card goes under the whole deck."""
        seat, card = self.turn, action["card"]
        self._take_hidden(seat, card)
        self.deck.append(card)
        for o in range(self.num_players):
            self.deck_seen[o].append(card if o == seat else None)
        self.say("%s puts a card on the bottom of the deck." % player(seat), kind="bury",
                 seat=seat)
        self.pending["left"] -= 1
        if not self.pending["left"]:
            self._end_action()

    def _deploy_informant(self, seat: int) -> None:
        """Draw one card, then put one hand card on top of the deck."""
        if not self.deck:
            self._no_effect(seat, "the deck is empty")
            return
        self.say("%s draws a card for the Informant." % player(seat), kind="draw", seat=seat)
        self._draw(seat)
        self._enter("return")
        self._check_family(seat)

    def _return_on_top(self, action: Action) -> None:
        """Informant DEPLOY, part 2: a hand card goes on top of the deck."""
        seat, card = self.turn, action["card"]
        self._take_hidden(seat, card)
        self.deck.insert(0, card)
        for o in range(self.num_players):
            self.deck_seen[o].insert(0, card if o == seat else None)
        self.say("%s puts a card on top of the deck." % player(seat), kind="return", seat=seat)
        self._end_action()

    def _deploy_handler(self, seat: int) -> None:
        if not any(self.piles):
            self._no_effect(seat, "no discarded card can be shuffled back")
            return
        self._enter("recall")

    def _recall(self, action: Action) -> None:
        """Handler DEPLOY, part 1: any discarded card is shuffled into the deck."""
        seat, owner, index = self.turn, action["seat"], action["index"]
        card, face_down = self.piles[owner].pop(index)
        what = "a face-down card" if face_down else the(card)
        pile = "their own" if owner == seat else player(owner) + "'s"
        self.say("%s shuffles %s from %s pile into the deck." % (player(seat), what, pile),
                 kind="recall", seat=seat, owner=owner, index=index,
                 card=None if face_down else card)
        self._shuffle_into_deck(card)
        self._enter("trade_target")

    def _trade_with_deck(self, action: Action) -> None:
        """Handler DEPLOY, part 2: the target swaps their hand with the top card."""
        seat, target = self.turn, action["seat"]
        card = self.deck.pop(0)
        old = self.hands[target]
        self.hands[target] = [card]
        tops = [seen.pop(0) for seen in self.deck_seen]
        self.deck[0:0] = old
        for o in range(self.num_players):
            # A single card's place is certain to whoever knew it; an order is not.
            sure = o == target or (len(old) == 1 and self.know[o][target] == old)
            self.deck_seen[o][0:0] = list(old) if sure else [None] * len(old)
            if o != target:
                top = tops[o]
                self.know[o][target] = [] if top is None else [top]
        self.say("%s swaps their hand with the top card of the deck." % player(target),
                 kind="trade", seat=target, by=seat)
        for o in range(self.num_players):
            if self.know[o][target] and o != target:
                self.memory[o][target] = (list(self.know[o][target]), len(self.log) - 1)
        self._assassin_strikes(target)
        self._end_action()

    def _copy_role(self, action: Action) -> None:
        """Agent DEPLOY: the ASSIST of another player's Role, as if discarded."""
        seat, other = self.turn, action["seat"]
        card = self.roles[other]
        self.say("%s uses the ASSIST of %s's %s Role." % (player(seat), player(other), NAMES[card]),
                 kind="copy", seat=seat, other=other, card=card)
        self._assist(seat, card)

    # -- immunities ------------------------------------------------------------------

    def _candidates(self, step: str) -> list[int]:
        """The players who may be chosen at a targeting step (FAQ: immune ones may not)."""
        return [s for s in range(self.num_players) if self._refusal(step, s) is None]

    def _refusal(self, step: str, seat: int) -> str | None:
        """Why `seat` may not be chosen at the targeting `step`, or None if it may."""
        rules = STEPS[step]
        assert rules.immunity is not None, "only a targeting step has candidates"
        role, reason = IMMUNITY[rules.immunity]
        if self.alive[seat] and self.roles[seat] == role:
            return "%s cannot be chosen: %s" % (player(seat), reason)
        if not self.alive[seat]:
            return "%s is Eliminated this round" % player(seat)
        if seat == self.turn and not rules.self_allowed:
            return "you must choose another player, not yourself"
        if step == "swap_second" and seat == self.pending["first"]:
            return "%s is already one of the two players to swap" % player(seat)
        return None

    def _immunities(self) -> list[dict[str, Any]]:
        """[{"seat", "reason"}] for living players shielded by their Role right now."""
        kind = STEPS[self.step].immunity
        if kind is None:
            return []
        role, reason = IMMUNITY[kind]
        return [{"seat": s, "reason": reason} for s in range(self.num_players)
                if self.alive[s] and self.roles[s] == role]

    # -- elimination and the family ------------------------------------------------------

    def _assassin_strikes(self, seat: int) -> None:
        """An Assassin put into a hand by an action eliminates, unless the Role is the Telepath."""
        if ASSASSIN not in self.hands[seat]:
            return
        if self.roles[seat] == TELEPATH:
            self.say("%s receives the Assassin, but the Telepath Role protects them."
                     % player(seat), kind="protected", seat=seat)
            return
        self._eliminate(seat, "received the Assassin")

    def _eliminate(self, seat: int, why: str) -> None:
        """The hand goes face up to the pile (a Spy into the deck); no more turns."""
        cards = self.hands[seat]
        self.hands[seat] = []
        self.alive[seat] = False
        self._forget_hand(seat)
        self.say("%s is Eliminated (%s) and discards %s." % (player(seat), why, listing(cards)),
                 kind="elimination", seat=seat, reason=why, cards=list(cards))
        for card in cards:
            self._discard_face_up(seat, card)

    def _has_family(self, seat: int) -> bool:
        cards = self.hands[seat] + [self.roles[seat]]
        return all(card in cards for card in FAMILY)

    def _check_family(self, seat: int) -> None:
        """After a draw: the Spy, the Telepath and the Assassin together win the round."""
        if self._has_family(seat):
            self.say("%s has found the family: the Spy, the Telepath and the Assassin!"
                     % player(seat),
                     kind="family", seat=seat, role=self.roles[seat], hand=list(self.hands[seat]))
            self._award_round([seat], "family")

    # -- the end of a round and of the match --------------------------------------------------

    def _pile_notches(self, seat: int) -> int:
        return sum(NOTCHES[card] for card, _ in self.piles[seat])

    def _showdown(self) -> None:
        """The deck is out: the best Role-and-hand pair wins, then the tie-breaks."""
        entries = []
        for s in self._living():
            role, hand = self.roles[s], self.hands[s]
            rank, name = best_combination([role] + hand)
            entries.append({"seat": s, "role": role, "hand": list(hand), "combination": name,
                            "rank": rank, "notches": NOTCHES[role] + sum(NOTCHES[c] for c in hand),
                            "discard_notches": self._pile_notches(s),
                            "key": showdown_key(role, hand, self._pile_notches(s))})
        best = min(e["key"] for e in entries)
        winners = [e["seat"] for e in entries if e["key"] == best]
        decided_by = self._deciding_stage(entries, best)
        for e in entries:
            del e["key"]
        tied = len(winners) > 1
        self.say("Showdown: " + "; ".join(
            "%s shows %s and %s (%s)" % (player(e["seat"]), the(e["role"]), listing(e["hand"]),
                                         e["combination"] or "%d notches" % e["notches"])
            for e in entries) + ".", kind="showdown", hands=entries, winners=winners,
            decided_by=decided_by, tied=tied, verdict=_verdict(decided_by, tied))
        self._award_round(winners, "showdown")

    @staticmethod
    def _deciding_stage(entries: list[dict[str, Any]], best: tuple[int, int, int]) -> str | None:
        """Which comparison set the winners apart from the rest: "combination",
        "notches", "discard_notches", or None when every player tied."""
        others = [e["key"] for e in entries if e["key"] != best]
        if not others:
            return None
        runner_up = min(others)
        if runner_up[0] != best[0]:
            return "combination"
        if runner_up[1] != best[1]:
            return "notches"
        return "discard_notches"

    def _award_round(self, winners: list[int], how: str) -> None:
        """One Peanut Point per round winner; the match ends at the target."""
        for w in winners:
            self.scores[w] += 1
        names = " and ".join(player(w) for w in winners)
        self.say("Round %d goes to %s (%s)." % (self.round, names, HOW_WON[how]),
                 kind="round_end", winners=list(winners), how=how, scores=list(self.scores))
        champions = [s for s in range(self.num_players) if self.scores[s] >= self.target]
        if champions:
            who = " and ".join(player(s) for s in champions)
            verb = "completes" if len(champions) == 1 else "complete"
            points = "%d Peanut Point%s" % (self.target, "" if self.target == 1 else "s")
            self.finish(champions, list(self.scores),
                        "%s %s the mission with %s." % (who, verb, points))
            return
        self._deal_round(winners[0] if len(winners) == 1 else self.rng.choice(winners))

    # -- card movements (each keeps every seat's knowledge true) ----------------------------

    def _draw(self, seat: int) -> str:
        card = self.deck.pop(0)
        for o in range(self.num_players):
            top = self.deck_seen[o].pop(0)
            if top is not None and o != seat:
                self.know[o][seat] = sorted(self.know[o][seat] + [top])
                self.memory[o][seat] = (list(self.know[o][seat]), len(self.log) - 1)
        self.hands[seat] = sorted(self.hands[seat] + [card])
        return card

    def _take_public(self, seat: int, card: str) -> None:
        """A hand card leaves face up: whoever knew a copy of it crosses that one off."""
        self.hands[seat].remove(card)
        for o in range(self.num_players):
            if card in self.know[o][seat]:
                self.know[o][seat].remove(card)

    def _take_hidden(self, seat: int, card: str) -> None:
        """A hand card leaves unseen: the others can no longer be sure of any one copy."""
        self.hands[seat].remove(card)
        for o in range(self.num_players):
            if o != seat:
                self.know[o][seat] = without_one_of_each(self.know[o][seat])

    def _discard_face_up(self, seat: int, card: str) -> None:
        """The Spy never rests face up in a pile: it is shuffled into the deck instead."""
        if card == SPY:
            self.say("The Spy is shuffled back into the deck.", kind="spy_shuffled")
            self._shuffle_into_deck(SPY)
        else:
            self.piles[seat].append((card, False))

    def _shuffle_into_deck(self, card: str) -> None:
        self.deck.append(card)
        self.rng.shuffle(self.deck)
        self.deck_seen = [[None] * len(self.deck) for _ in range(self.num_players)]

    def _learn_hand(self, seer: int, seat: int) -> None:
        """`seer` is shown `seat`'s whole hand; remember it and when (the last log event)."""
        self.know[seer][seat] = list(self.hands[seat])
        self.memory[seer][seat] = (list(self.hands[seat]), len(self.log) - 1)

    def _forget_hand(self, seat: int) -> None:
        for o in range(self.num_players):
            self.know[o][seat] = []
            self.memory[o][seat] = None

    # -- what a seat sees -----------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Everything `seat` may know, JSON-ready."""
        n = self.num_players
        view = self.base_view(seat)
        view.update({
            "players": n,
            "round": self.round,
            "first_player": self.first,
            "scores": list(self.scores),
            "target": self.target,
            "step": self.step,
            "hand": list(self.hands[seat]),
            "roles": [r if self.revealed or s == seat else None
                      for s, r in enumerate(self.roles)],
            "roles_revealed": self.revealed,
            "role_chosen": [r is not None for r in self.roles],
            "hand_sizes": [len(h) for h in self.hands],
            "discards": [[{"card": c if not down or p == seat else "back", "face_down": down}
                          for c, down in self.piles[p]] for p in range(n)],
            "eliminated": [s for s in range(n) if not self.alive[s]],
            "deck_count": len(self.deck),
            "deck_known": [{"pos": i, "card": c} for i, c in enumerate(self.deck_seen[seat])
                           if c is not None],
            "known_hands": self._known_hands(seat),
            "extra_turn": self.extra,
            "pending": self._pending_view(seat),
            "immune": self._immunities(),
            "prompt": self._prompt_text() if not self.is_over else "The match is over.",
            "log_since_decision": len(self.log) - self.decided[seat],
        })
        if not self.is_over:  # the rule behind the decision in progress
            view["how"] = self._how(seat)
        return view

    def _known_hands(self, seat: int) -> list[dict[str, Any]]:
        known = []
        for s in range(self.num_players):
            memory = self.memory[seat][s]
            if s == seat or not self.alive[s] or memory is None:
                continue
            cards, since = memory
            live = self.know[seat][s]
            if live:
                known.append({"seat": s, "cards": list(live), "since": since, "stale": False})
            else:
                known.append({"seat": s, "cards": list(cards), "since": since, "stale": True})
        return known

    def _pending_view(self, seat: int) -> dict[str, Any] | None:
        if self.step in ("role", "act") or self.is_over:
            return None
        pending = {"step": self.step, "by": self.pending["by"], "card": self.pending["card"]}
        if self.step == "swap_second":
            pending["first"] = self.pending["first"]
        if self.step == "bury":
            pending["left"] = self.pending["left"]
        if self.step == "agent_pick":
            pending["target"] = self.pending["target"]
            pending["blind_count"] = len(self.hands[self.pending["by"]])
        if self.step == "seer_discard":
            pending["count"] = self.pending["count"]
            if seat == self.pending["by"]:
                pending["peek"] = self.deck[:self.pending["count"]]
        return pending

    def _prompt_text(self) -> str:
        return "%s: %s." % (player(self._actor), self._prompt_task())

    def _prompt_task(self) -> str:
        """What `to_act` must do now, as an instruction to them."""
        return STEPS[self.step].prompt.format(by=player(self.pending.get("by", 0)))

    def _how(self, seat: int) -> str:
        """The step's rule in a line, for the seat deciding it."""
        pending = self.pending
        first = pending.get("first", 0)
        left = pending.get("left", 0)
        return STEPS[self.step].how.format(
            by=player(pending.get("by", 0)), first="You" if first == seat else player(first),
            left="%d card%s" % (left, "" if left == 1 else "s"))

    # -- for bots ---------------------------------------------------------------------------

    def clone(self) -> MissionForPeanuts:
        """An independent copy (hand-written: about 20x faster than deepcopy)."""
        twin = MissionForPeanuts.__new__(MissionForPeanuts)
        self._copy_base_into(twin)
        twin.target = self.target
        twin.scores = list(self.scores)
        twin.decided = list(self.decided)
        twin.round = self.round
        twin.first = self.first
        twin.hands = [list(h) for h in self.hands]
        twin.deck = list(self.deck)
        twin.roles = list(self.roles)
        twin.revealed = self.revealed
        twin.piles = [list(p) for p in self.piles]
        twin.alive = list(self.alive)
        twin.extra = self.extra
        twin.step = self.step
        twin.pending = dict(self.pending)
        twin.know = [[list(k) for k in row] for row in self.know]
        twin.memory = [list(row) for row in self.memory]
        twin.deck_seen = [list(seen) for seen in self.deck_seen]
        return twin

    def determinize(self, seat: int, rng: Rng) -> MissionForPeanuts:
        """A full state agreeing with `seat`'s view, the unseen cards re-dealt by `rng`."""
        n = self.num_players
        twin = self.clone()
        pool = round_deck(n)
        for card in self._cards_seen_by(seat):
            pool.remove(card)
        rng.shuffle(pool)  # round_deck is in table order: canonical
        for s in range(n):
            if s == seat:
                continue
            known = self.know[seat][s]
            unseen = len(self.hands[s]) - len(known)
            twin.hands[s] = sorted(known + [pool.pop() for _ in range(unseen)])
            if not self.revealed and self.roles[s] is not None:
                twin.roles[s] = pool.pop()
            twin.piles[s] = [(pool.pop() if down else card, down) for card, down in self.piles[s]]
        twin.deck = [pool.pop() if c is None else c for c in self.deck_seen[seat]]
        # The other seats' knowledge belongs to the real cards; start them afresh.
        for o in range(n):
            if o != seat:
                twin.know[o] = [[] for _ in range(n)]
                twin.memory[o] = [None] * n
                twin.deck_seen[o] = [None] * len(twin.deck)
        twin.rng = Rng(rng.derive_seed())
        return twin

    def _cards_seen_by(self, seat: int) -> list[str]:
        """Every card whose place `seat` knows: own cards, face-up ones, what it was shown."""
        cards = list(self.hands[seat])
        for s in range(self.num_players):
            if self.roles[s] is not None and (self.revealed or s == seat):
                cards.append(self.roles[s])
            cards.extend(c for c, down in self.piles[s] if not down or s == seat)
            if s != seat:
                cards.extend(self.know[seat][s])
        cards.extend(c for c in self.deck_seen[seat] if c is not None)
        return cards

    def evaluate(self, seat: int) -> float:
        """The seat's chance to win the match: this round's odds, then a race to the target."""
        if self.is_over:
            winners = self.result()["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        odds = self._round_odds()
        n = self.num_players
        value = 0.0
        for winner, p in enumerate(odds):
            if p:
                scores = list(self.scores)
                scores[winner] += 1
                value += p * _race(scores, seat, self.target, n)
        return value

    def _round_odds(self) -> list[float]:
        """A guess at each seat's chance to take this round, from the cards in this world."""
        n = self.num_players
        living = self._living()
        if not self.revealed:
            return [1.0 / n] * n
        keys = {s: showdown_key(self.roles[s], self.hands[s], self._pile_notches(s))
                for s in living}
        best = min(keys.values())
        # The fuller the deck, the less today's best pair says about the showdown.
        weight = 6.0 / (6.0 + len(self.deck))
        police = self.deck.count(POLICE)
        odds = [0.0] * n
        for s in living:
            odds[s] = 1.0 - weight + (weight * 3.0 if keys[s] == best else 0.0)
            if keys[s][0] != NO_COMBINATION:
                odds[s] += weight * (7 - keys[s][0]) / 6.0
            hand = self.hands[s]
            if SPY in hand:  # a Secret Police still in play may find it
                seen = police + sum(h.count(POLICE) for o, h in enumerate(self.hands) if o != s)
                odds[s] *= 0.75 if seen else 1.0
            if ASSASSIN in hand:  # a weapon for swaps and the Agent
                odds[s] *= 1.15
            if self.roles[s] in (TELEPATH, ASSASSIN):  # shielded from the Assassin
                odds[s] *= 1.4
            if self._has_family(s):
                odds[s] += 2.0
        total = sum(odds)
        return [p / total for p in odds]


def _verdict(decided_by: str | None, tied: bool) -> str:
    """What settled a showdown, as the table says it."""
    if decided_by is None:
        return "Every player tied: all score."
    return "Decided by %s%s." % (DECIDED_BY[decided_by],
                                 "; still tied, all of them score" if tied else "")


def _race(scores: list[int], seat: int, target: int, players: int) -> float:
    """The seat's chance to reach the target first if every later round is a fair coin."""
    if scores[seat] >= target:
        return 1.0
    if max(scores) >= target:
        return 0.0
    weights = [(1.0 / players) ** (target - s) for s in scores]
    return weights[seat] / sum(weights)


def _is_whole(value: object) -> TypeGuard[int]:
    """An int, and not a bool (True == 1 in Python, but True is no seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_index(index: object, count: int) -> None:
    if not _is_whole(index) or not 0 <= index < count:
        raise IllegalAction("index %s is not one of the cards on offer" % excerpt(index))


def _check_fields(action: Action, fields: tuple[str, ...]) -> None:
    """The action has exactly its type's keys."""
    missing = [f for f in fields if f not in action]
    extra = sorted(str(k) for k in action if k != "type" and k not in fields)
    if missing or extra:
        raise IllegalAction("a %s action has the keys %s, not %s" % (
            action["type"], ", ".join(("type",) + fields), excerpt(sorted(map(str, action)))))


# Every card's ASSIST and DEPLOY, found by its name.
ASSISTS = {
    SPY: MissionForPeanuts._assist_spy, TELEPATH: MissionForPeanuts._assist_telepath,
    ASSASSIN: MissionForPeanuts._assist_assassin, SEER: MissionForPeanuts._assist_seer,
    INFORMANT: MissionForPeanuts._assist_informant, HANDLER: MissionForPeanuts._assist_handler,
    AGENT: MissionForPeanuts._assist_agent, POLICE: MissionForPeanuts._assist_police,
}
DEPLOYS = {
    SPY: MissionForPeanuts._deploy_spy, TELEPATH: MissionForPeanuts._deploy_telepath,
    ASSASSIN: MissionForPeanuts._deploy_assassin, SEER: MissionForPeanuts._deploy_seer,
    INFORMANT: MissionForPeanuts._deploy_informant, HANDLER: MissionForPeanuts._deploy_handler,
    AGENT: MissionForPeanuts._deploy_agent, POLICE: MissionForPeanuts._deploy_police,
}
