"""The round as it is played: dealing, Roles, turns, every card's ASSIST and
DEPLOY (by its name: ASSISTS and DEPLOYS at the end), the effect of a
"target" action at each targeting step (TARGETS), immunities, elimination,
the family, the round's end, and the card movements that keep each seat's
knowledge true. Every event goes to the log typed (events.py).
`MissionForPeanuts` (state.py) adds the protocol: the MOVES table, what a
seat sees and the copies the bots search."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.protocol import GameState
from .cards import (AGENT, ASSASSIN, FAMILY, HANDLER, INFORMANT, NOTCHES, POLICE, SEER, SPY,
                    TELEPATH, best_combination, player, round_deck, showdown_key,
                    without_one_of_each)
from .events import (AgentDiscardEvent, ByEvent, CardEvent, CopyEvent, DecidedBy, DeployEvent,
                     DrawEvent, Elimination, EliminationEvent, EndEvent, FamilyEvent, HowWon,
                     NoEffect, NoEffectEvent, PassRolesEvent, PlayEvent, PoliceEvent,
                     RecallEvent, RoleChosenEvent, RolesEvent, RoundEndEvent, RoundStartEvent,
                     RoundVoidEvent, SeatEvent, SeerLookEvent, ShowdownEvent, ShowdownHand,
                     SpyShuffledEvent, SwapEvent, verdict)
from .steps import DIRECTIONS, IMMUNITY, STEPS

if TYPE_CHECKING:  # the protocol's aliases, for annotations only
    from ...engine.protocol import Action


class Effects(GameState):
    """A round of Mission for Peanuts being played; the rules of play."""

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

    @property
    def _actor(self) -> int:
        """The seat to act, while the game is on."""
        assert self.to_act is not None, "nobody acts once the game is over"
        return self.to_act

    def _enter(self, step: str) -> None:
        """Go to `step`; its (first) player, by steps.py's "who", is to act."""
        self.step = step
        self.to_act = self.pending["target"] if STEPS[step].who == "target" else self.turn

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
        self.tell(RoundStartEvent(kind="round_start", round=self.round, first=first))

    # -- Roles at round start ------------------------------------------------

    def _choose_role(self, action: Action) -> None:
        """Each seat puts a Role face down; all Roles flip together at the end."""
        seat, card = self._actor, action["card"]
        self.hands[seat].remove(card)
        self.roles[seat] = card
        self.tell(RoleChosenEvent(kind="role_chosen", seat=seat))
        following = (seat + 1) % self.num_players
        if following != self.first:
            self.to_act = following
            return
        self.revealed = True
        self.tell(RolesEvent(kind="roles", roles=list(self.roles)))
        self._start_turn(self.first)

    # -- a turn ------------------------------------------------------------------

    def _start_turn(self, seat: int) -> None:
        """Draw a card, check for the family, then choose one action."""
        self.turn = seat
        self.pending = {}
        self._enter("act")
        self.tell(DrawEvent(kind="draw", seat=seat, count=1, card=None))
        self._draw(seat)
        self._check_family(seat)

    def _spy_may_be_discarded(self, card: str) -> bool:
        """Table rule: with an empty deck the Spy's blank ASSIST would loop forever."""
        return card != SPY or bool(self.deck)

    def _assist_card(self, action: Action) -> None:
        """Discard a hand card face up, then do its ASSIST."""
        seat, card = self.turn, action["card"]
        self._take_public(seat, card)
        self.tell(PlayEvent(kind="assist", seat=seat, card=card))
        self._discard_face_up(seat, card)
        self._assist(seat, card)

    def _deploy_card(self, action: Action) -> None:
        """Discard the Role face up (no effect), make `card` the Role, do its DEPLOY."""
        seat, card = self.turn, action["card"]
        old = self.roles[seat]
        self._take_public(seat, card)
        self.roles[seat] = card
        self.tell(DeployEvent(kind="deploy", seat=seat, card=card, old_role=old))
        self._discard_face_up(seat, old)
        self._deploy(seat, card)

    def _end_action(self) -> None:
        """The action is done: end the round, or pass the turn (or take another)."""
        living = self._living()
        if len(living) == 1:
            self._award_round(living, "last_standing")
            return
        if not living:
            self.tell(RoundVoidEvent(kind="round_void"))
            self._deal_round(self.first)
            return
        if not self.deck:
            self._showdown()
            return
        seat = self.turn
        if self.extra:
            self.extra = False
            self.tell(SeatEvent(kind="extra_turn", seat=seat))
            self._start_turn(seat)
        else:
            self._start_turn(self._next_living(seat))

    def _no_effect(self, seat: int, why: NoEffect) -> None:
        """FAQ: if any part of an action cannot be done, the whole action is ignored."""
        self.tell(NoEffectEvent(kind="no_effect", seat=seat, reason=why))
        self._end_action()

    def _top_cards(self, seat: int, most: int) -> int:
        """How many of the deck's top `most` cards an effect gets; 0 for an empty
        deck, and then the whole effect does nothing."""
        count = min(most, len(self.deck))
        if not count:
            self._no_effect(seat, "empty_deck")
        return count

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
        self._no_effect(seat, "blank_spy")

    def _assist_assassin(self, seat: int) -> None:
        """The Assassin's ASSIST is blank."""
        self._no_effect(seat, "blank_assassin")

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
            self._no_effect(seat, "no_player")

    def _assist_telepath(self, seat: int) -> None:
        """Every other player shows you their hand; then you take another turn."""
        self.tell(SeatEvent(kind="mind_read", seat=seat))
        for other in self._living():
            if other != seat:
                self._learn_hand(seat, other)
        self.extra = True
        self._end_action()

    def _assist_seer(self, seat: int) -> None:
        """Look at the top three cards; one of them will go face down."""
        count = self._top_cards(seat, 3)
        if not count:
            return
        for i in range(count):
            self.deck_seen[seat][i] = self.deck[i]
        self._enter("seer_discard")
        self.pending["count"] = count
        self.tell(SeerLookEvent(kind="seer_look", seat=seat, count=count))

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
        self.tell(SeatEvent(kind="face_down", seat=seat))
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
        self.tell(SwapEvent(kind="swap", seats=[a, b]))
        self._learn_hand(a, b)
        self._learn_hand(b, a)
        for s in (a, b):
            self._assassin_strikes(s)
        self._end_action()

    def _assist_agent(self, seat: int) -> None:
        """Draw (safely), then a target discards their hand and picks blind from yours."""
        if not self.deck:
            self._no_effect(seat, "agent_cannot_draw")
            return
        self._enter("agent_target")
        if not self._candidates("agent_target"):
            self._no_effect(seat, "no_target")
            return
        self.tell(DrawEvent(kind="draw", seat=seat, count=1, card=AGENT))
        self._draw(seat)
        self._check_family(seat)

    def _agent_discards_hand(self, action: Action) -> None:
        """Agent ASSIST, part 2: the target discards their hand, then picks blind."""
        seat, target = self.turn, action["seat"]
        cards = self.hands[target]
        self.hands[target] = []
        self._forget_hand(target)
        self.tell(AgentDiscardEvent(kind="agent_discard", seat=target, cards=list(cards), by=seat))
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
        self.tell(ByEvent(kind="agent_pick", seat=target, by=seat))
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
        self.tell(PassRolesEvent(kind="pass_roles", seat=seat, dir=direction,
                                 roles=list(self.roles)))
        self._end_action()

    def _police_look(self, action: Action) -> None:
        """Secret Police ASSIST: see a hand; a Spy there eliminates its holder."""
        seat, target = self.turn, action["seat"]
        self.tell(PoliceEvent(kind="police_look", seat=seat, target=target))
        self._learn_hand(seat, target)
        if SPY in self.hands[target]:
            self._eliminate(target, "police")
            self.extra = True
        else:
            self.tell(PoliceEvent(kind="police_miss", seat=seat, target=target))
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
        self.tell(CardEvent(kind="protected_role", seat=seat, card=card))
        self._end_action()

    _deploy_telepath = _deploy_assassin = _deploy_police = _deploy_shield

    def _deploy_agent(self, seat: int) -> None:
        """Use the ASSIST of another player's Role: ask whose."""
        self._ask_target(seat, "copy", 1)

    def _deploy_spy(self, seat: int) -> None:
        """Trade the Spy Role for the top card; the Spy goes on top of the deck."""
        if not self._top_cards(seat, 1):
            return
        card = self.deck[0]
        self.deck[0] = SPY
        self.roles[seat] = card
        for seen in self.deck_seen:
            seen[0] = SPY
        self.tell(CardEvent(kind="spy_trade", seat=seat, card=card))
        self._end_action()

    def _deploy_seer(self, seat: int) -> None:
        """Draw up to two cards, then bury as many from the hand."""
        count = self._top_cards(seat, 2)
        if not count:
            return
        self.tell(DrawEvent(kind="draw", seat=seat, count=count, card=SEER))
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
        self.tell(SeatEvent(kind="bury", seat=seat))
        self.pending["left"] -= 1
        if not self.pending["left"]:
            self._end_action()

    def _deploy_informant(self, seat: int) -> None:
        """Draw one card, then put one hand card on top of the deck."""
        if not self._top_cards(seat, 1):
            return
        self.tell(DrawEvent(kind="draw", seat=seat, count=1, card=INFORMANT))
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
        self.tell(SeatEvent(kind="return", seat=seat))
        self._end_action()

    def _deploy_handler(self, seat: int) -> None:
        if not any(self.piles):
            self._no_effect(seat, "no_discard")
            return
        self._enter("recall")

    def _recall(self, action: Action) -> None:
        """Handler DEPLOY, part 1: any discarded card is shuffled into the deck."""
        seat, owner, index = self.turn, action["seat"], action["index"]
        card, face_down = self.piles[owner].pop(index)
        self.tell(RecallEvent(kind="recall", seat=seat, owner=owner, index=index,
                              card=None if face_down else card))
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
        self.tell(ByEvent(kind="trade", seat=target, by=seat))
        for o in range(self.num_players):
            if self.know[o][target] and o != target:
                self.memory[o][target] = (list(self.know[o][target]), len(self.log) - 1)
        self._assassin_strikes(target)
        self._end_action()

    def _copy_role(self, action: Action) -> None:
        """Agent DEPLOY: the ASSIST of another player's Role, as if discarded."""
        seat, other = self.turn, action["seat"]
        card = self.roles[other]
        self.tell(CopyEvent(kind="copy", seat=seat, other=other, card=card))
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
            self.tell(SeatEvent(kind="protected", seat=seat))
            return
        self._eliminate(seat, "assassin")

    def _eliminate(self, seat: int, why: Elimination) -> None:
        """The hand goes face up to the pile (a Spy into the deck); no more turns."""
        cards = self.hands[seat]
        self.hands[seat] = []
        self.alive[seat] = False
        self._forget_hand(seat)
        self.tell(EliminationEvent(kind="elimination", seat=seat, reason=why, cards=list(cards)))
        for card in cards:
            self._discard_face_up(seat, card)

    def _has_family(self, seat: int) -> bool:
        cards = self.hands[seat] + [self.roles[seat]]
        return all(card in cards for card in FAMILY)

    def _check_family(self, seat: int) -> None:
        """After a draw: the Spy, the Telepath and the Assassin together win the round."""
        if self._has_family(seat):
            self.tell(FamilyEvent(kind="family", seat=seat, role=self.roles[seat],
                                  hand=list(self.hands[seat])))
            self._award_round([seat], "family")

    # -- the end of a round and of the match --------------------------------------------------

    def _pile_notches(self, seat: int) -> int:
        return sum(NOTCHES[card] for card, _ in self.piles[seat])

    def _showdown(self) -> None:
        """The deck is out: the best Role-and-hand pair wins, then the tie-breaks."""
        entries: list[ShowdownHand] = []
        keys = []
        for s in self._living():
            role, hand = self.roles[s], self.hands[s]
            rank, name = best_combination([role] + hand)
            entries.append(ShowdownHand(
                seat=s, role=role, hand=list(hand), combination=name, rank=rank,
                notches=NOTCHES[role] + sum(NOTCHES[c] for c in hand),
                discard_notches=self._pile_notches(s)))
            keys.append(showdown_key(role, hand, self._pile_notches(s)))
        best = min(keys)
        winners = [e["seat"] for e, key in zip(entries, keys) if key == best]
        decided_by = self._deciding_stage(keys, best)
        tied = len(winners) > 1
        self.tell(ShowdownEvent(kind="showdown", hands=entries, winners=winners,
                                decided_by=decided_by, tied=tied,
                                verdict=verdict(decided_by, tied)))
        self._award_round(winners, "showdown")

    @staticmethod
    def _deciding_stage(keys: list[tuple[int, int, int]],
                        best: tuple[int, int, int]) -> DecidedBy | None:
        """Which comparison set the winners apart from the rest: "combination",
        "notches", "discard_notches", or None when every player tied."""
        others = [key for key in keys if key != best]
        if not others:
            return None
        runner_up = min(others)
        if runner_up[0] != best[0]:
            return "combination"
        if runner_up[1] != best[1]:
            return "notches"
        return "discard_notches"

    def _award_round(self, winners: list[int], how: HowWon) -> None:
        """One Peanut Point per round winner; the match ends at the target."""
        for w in winners:
            self.scores[w] += 1
        self.tell(RoundEndEvent(kind="round_end", round=self.round, winners=list(winners),
                                how=how, scores=list(self.scores)))
        champions = [s for s in range(self.num_players) if self.scores[s] >= self.target]
        if champions:
            self.finish(EndEvent(kind="end", winners=champions, scores=list(self.scores),
                                 target=self.target))
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
            self.tell(SpyShuffledEvent(kind="spy_shuffled"))
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


# Every card's ASSIST and DEPLOY, found by its name.
ASSISTS: dict[str, Callable[[Effects, int], None]] = {
    SPY: Effects._assist_spy, TELEPATH: Effects._assist_telepath,
    ASSASSIN: Effects._assist_assassin, SEER: Effects._assist_seer,
    INFORMANT: Effects._assist_informant, HANDLER: Effects._assist_handler,
    AGENT: Effects._assist_agent, POLICE: Effects._assist_police,
}
DEPLOYS: dict[str, Callable[[Effects, int], None]] = {
    SPY: Effects._deploy_spy, TELEPATH: Effects._deploy_telepath,
    ASSASSIN: Effects._deploy_assassin, SEER: Effects._deploy_seer,
    INFORMANT: Effects._deploy_informant, HANDLER: Effects._deploy_handler,
    AGENT: Effects._deploy_agent, POLICE: Effects._deploy_police,
}
# The effect of a "target" action, by the targeting step that asks for it.
TARGETS: dict[str, Callable[[Effects, Action], None]] = {
    "swap_first": Effects._choose_first_swapper, "swap_second": Effects._swap_with_first,
    "agent_target": Effects._agent_discards_hand, "police_target": Effects._police_look,
    "trade_target": Effects._trade_with_deck,
}
