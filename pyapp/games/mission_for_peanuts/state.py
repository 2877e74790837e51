"""The state of a Mission for Peanuts match as the protocol sees it: setup,
the MOVES table (each action type's check, options, effect and a hint's
words; the steps table says which types are open), what a seat sees, and the
copies the bots search. The rules of play are in effects.py, the log's
events in events.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from ...engine.protocol import IllegalAction, Move, Term, check_keys, excerpt
from ...engine.registry import register
from ...engine.rng import Rng
from .cards import (ASSASSIN, CARD, NAMES, NO_COMBINATION, ORDINALS, POLICE, SPY, TABLE,
                    TELEPATH, distinct, player, round_deck, showdown_key, the)
from .effects import TARGETS, Effects
from .events import EVENTS, event_text
from .rules import RULES
from .steps import ACTION_FIELDS, DIRECTIONS, STEPS

if TYPE_CHECKING:  # the protocol's aliases, for annotations only
    from ...engine.protocol import Action, View


@register
class MissionForPeanuts(Effects):
    """A match of Mission for Peanuts rounds."""

    game_id = "mission-for-peanuts"
    title = "Mission for Peanuts"
    rules = RULES
    blurb = "Gather the Spy, the Telepath and the Assassin before anyone else."
    min_players = 3
    max_players = 5
    order = 1
    OPTIONS = {"target": (None, tuple(range(1, 11)))}
    cards = TABLE
    # _spy_clues' last answer, by (seat, log length, deck size): a search
    # determinizes one state hundreds of times, and the log only grows.
    _clues_memo: tuple[tuple[int, int, int], SpyClues] | None = None

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

    # -- the protocol ----------------------------------------------------------

    def _open_kinds(self) -> Sequence[str]:
        return STEPS[self.step].kinds

    def _check_open(self, action: Action) -> None:
        """A known type, open at this step, with exactly its keys (ACTION_FIELDS)."""
        kind = action["type"]
        if not isinstance(kind, str) or kind not in ACTION_FIELDS:
            raise IllegalAction("Mission for Peanuts has no %s action (actions: %s)"
                                % (excerpt(kind), ", ".join(ACTION_FIELDS)))
        if kind not in STEPS[self.step].kinds:
            raise IllegalAction("Not now: first %s." % self._prompt_task())
        check_keys(action, ACTION_FIELDS[kind])

    def _perform(self, action: Action) -> None:
        self.decided[self._actor] = len(self.log)
        super()._perform(action)

    def _do_target(self, action: Action) -> None:
        """A chosen player: what for, the targeting step says (effects.TARGETS)."""
        TARGETS[self.step](self, action)

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

    # -- each action kind in a hint's words, to the player about to take it:
    # "discard the Informant for its ASSIST: two players swap hands" ----------------------

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

    # Every action type: its check, its options, its effect (effects.py) and its words.
    MOVES = {
        "choose_role": Move(_check_choose_role, Effects._choose_role, _options_choose_role,
                            _describe_choose_role),
        "assist": Move(_check_assist, Effects._assist_card, _options_assist, _describe_assist),
        "deploy": Move(_check_deploy, Effects._deploy_card, _options_deploy, _describe_deploy),
        "target": Move(_check_target, _do_target, _options_target, _describe_target),
        "copy": Move(_check_copy, Effects._copy_role, _options_copy, _describe_copy),
        "direction": Move(_check_direction, Effects._pass_roles, _options_direction,
                          _describe_direction),
        "discard_face_down": Move(_check_discard_face_down, Effects._seer_discard,
                                  _options_discard_face_down, _describe_discard_face_down),
        "bury": Move(_check_bury, Effects._bury, _options_bury, _describe_bury),
        "return": Move(_check_return, Effects._return_on_top, _options_return,
                       _describe_return),
        "recall": Move(_check_recall, Effects._recall, _options_recall, _describe_recall),
        "pick": Move(_check_pick, Effects._agent_pick, _options_pick, _describe_pick),
    }
    EVENTS = EVENTS
    event_text = staticmethod(event_text)

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

    def determinize(self, seat: int, rng: Rng,
                    weights: dict[int, dict[str, float]] | None = None) -> MissionForPeanuts:
        """A full state agreeing with `seat`'s view, the unseen cards re-dealt
        by `rng`, and the Spy placed as the public log says it may be
        (`_place_spy`).

        weights (for bots that read the table): {seat: {card: weight}} deals
        each unseen card of that seat's hand with a chance in proportion to
        its weight (1 for a card not named) rather than uniformly."""
        n = self.num_players
        twin = self.clone()
        pool = round_deck(n)
        for card in self._cards_seen_by(seat):
            pool.remove(card)
        spy_unseen = SPY in pool
        rng.shuffle(pool)  # round_deck is in table order: canonical
        for s in range(n):
            if s == seat:
                continue
            known = self.know[seat][s]
            unseen = len(self.hands[s]) - len(known)
            leaning = weights.get(s) if weights else None
            dealt = [_weighted_pop(pool, leaning, rng) if leaning else pool.pop()
                     for _ in range(unseen)]
            twin.hands[s] = sorted(known + dealt)
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
        if spy_unseen and SPY not in pool:  # (a laid-out test table may deal fewer cards)
            self._place_spy(twin, seat, rng, weights)
        twin.rng = Rng(rng.derive_seed())
        return twin

    def _place_spy(self, twin: MissionForPeanuts, seat: int, rng: Rng,
                   weights: dict[int, dict[str, float]] | None = None) -> None:
        """Move the Spy, dealt into `twin` among the places `seat` cannot
        see, to where the log says it is: in the deck with the chance
        `_spy_clues` gives, else elsewhere but not in a hand that cannot hold
        it nor in a face-down card discarded before the Spy last went into
        the deck. It swaps places with the card of a place of the right
        kind, chosen uniformly (by the hands' Spy `weights` when given),
        which keeps the rest of the deal as it was."""
        clues = self._spy_clues(seat)
        slots = self._unseen_slots(seat, clues)
        region = slots[0] if rng.random() < clues.in_deck else slots[1]
        here = _find_spy(twin, seat)
        if not region or here in region:
            return
        there = _pick_slot(region, weights, rng) if weights else region[rng.below(len(region))]
        card = _slot_card(twin, seat, there)
        _set_slot(twin, seat, there, SPY)
        _set_slot(twin, seat, here, card)

    def _spy_clues(self, seat: int) -> SpyClues:
        """`_read_spy_clues`, remembered while the log and the deck stay as they are."""
        key = (seat, len(self.log), len(self.deck))
        if self._clues_memo is None or self._clues_memo[0] != key:
            self._clues_memo = (key, self._read_spy_clues(seat))
        return self._clues_memo[1]

    def _read_spy_clues(self, seat: int) -> SpyClues:
        """What the public log of this round says of the Spy (see SpyClues).
        Each round starts with the Spy shuffled into the deck, as does every
        Spy that would land face up; of the d0 cards then in the deck, the
        others took k and `seat` took k_own (not the Spy, or `seat` would
        know where it is): the Spy is still there with the chance
        1 - k / (d0 - k_own). Only a hand that took a card from the deck
        since then (or was handed one that did), and only a card discarded
        face down since then, may hold it."""
        n = self.num_players
        taken = [0, 0]  # by the others, by `seat`
        added = 0
        may_hold, face_down = [False] * n, [0] * n  # the hands are dealt without the Spy
        for event in self.log[round_log_start(self.log):]:
            kind = str(event.get("kind"))
            if kind == "spy_shuffled":
                taken, added, may_hold, face_down = [0, 0], 0, [False] * n, [0] * n
            taken[event.get("seat") == seat] += SPY_CLUE_TAKEN.get(kind, 0) * event.get("count", 1)
            added += SPY_CLUE_ADDED.get(kind, 0)
            if kind == "face_down":
                face_down[event["seat"]] += 1
            _follow_spy(may_hold, kind, event)
        left = len(self.deck) + taken[0] - added  # d0 - k_own
        in_deck = max(0.0, 1.0 - taken[0] / left) if left > 0 else 0.0
        return SpyClues(in_deck, {s for s in range(n) if not may_hold[s]}, face_down)

    def _unseen_slots(self, seat: int, clues: SpyClues) -> tuple[list[Slot], list[Slot]]:
        """The places `seat` cannot see where the Spy may be: ([deck
        positions], [the others]), the hands the clues cleared and the
        face-down cards older than the Spy's last shuffle left out."""
        deck: list[Slot] = [("deck", 0, i) for i, c in enumerate(self.deck_seen[seat]) if c is None]
        others: list[Slot] = []
        for s in range(self.num_players):
            if s == seat:
                continue
            if s not in clues.cleared:
                unseen = len(self.hands[s]) - len(self.know[seat][s])
                others += [("hand", s, i) for i in range(unseen)]
            if not self.revealed and self.roles[s] is not None:
                others.append(("role", s, 0))
            downs = [("pile", s, i) for i, (_, down) in enumerate(self.piles[s]) if down]
            # (a recalled card may make this count too high: a place too many, never too few)
            others += downs[len(downs) - min(clues.face_down[s], len(downs)):]
        return deck, others

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
        return self.evaluate_all()[seat]

    def evaluate_all(self) -> list[float]:
        """evaluate(seat) for every seat, the round's odds worked out once
        (the search scores every seat of every world it plays)."""
        n = self.num_players
        if self.is_over:
            winners = self.result()["winners"]
            return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
        values = [0.0] * n
        for winner, p in enumerate(self._round_odds()):
            if p:
                scores = list(self.scores)
                scores[winner] += 1
                races = _races(scores, self.target, n)
                for seat in range(n):
                    values[seat] += p * races[seat]
        return values

    def evaluation_terms(self, seat: int) -> list[Term]:
        if self.is_over:
            return []
        # Told, not raw: the raw odds rank the seats but are far too sure.
        told = told_odds(self._round_odds(), self._living())
        return [("your chance to take this round", 100 * told[seat], 1.0, "%.0f%%")]

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


class SpyClues(NamedTuple):
    """What the public log of a round says of the Spy's whereabouts, for determinize."""

    in_deck: float        # the chance that it is in the deck
    cleared: set[int]     # seats whose hands cannot hold it (see _follow_spy)
    face_down: list[int]  # per seat: its newest face-down discards that may hide it


# A place a card may be dealt to in determinize: ("deck", 0, position),
# ("hand", seat, k) for the k-th card of the hand that the determinizing
# seat does not know, ("role", seat, 0) or ("pile", seat, position).
Slot = tuple[str, int, int]
# The public log's events that take cards off the deck, and those that put
# one back, for determinize's clues about the Spy (a draw event says how
# many it took when more than one).
SPY_CLUE_TAKEN = {"draw": 1, "face_down": 1, "trade": 1}
SPY_CLUE_ADDED = {"bury": 1, "return": 1, "trade": 1, "recall": 1}
# How the round odds are told in a hint (told_odds): tempered and blended
# with the fair share, fitted to how often the named chance came true.
TOLD_POWER = 0.5
TOLD_MIX = 0.5


def round_log_start(log: list[dict[str, Any]]) -> int:
    """The index of the last round_start event in the log: where this round's events begin."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].get("kind") == "round_start":
            return index
    return 0


def _follow_spy(may_hold: list[bool], kind: str, event: dict[str, Any]) -> None:
    """Which hands may hold the Spy after this event of the log, by which
    ones took cards from the deck or were handed a hand that may."""
    if kind in ("draw", "trade"):
        may_hold[event["seat"]] = True
    elif kind == "swap":
        a, b = event["seats"]
        may_hold[a], may_hold[b] = may_hold[b], may_hold[a]
    elif kind == "agent_pick":  # the target took one of the Agent's cards
        may_hold[event["seat"]] = may_hold[event["by"]]
    elif kind in ("agent_discard", "elimination"):
        may_hold[event["seat"]] = False
    elif kind == "police_miss":
        may_hold[event["target"]] = False


def _dealt(twin: MissionForPeanuts, seat: int, other: int) -> list[str]:
    """The cards of `other`'s hand in `twin` that `seat` does not know, in order."""
    dealt = list(twin.hands[other])
    for card in twin.know[seat][other]:
        dealt.remove(card)
    return dealt


def _find_spy(twin: MissionForPeanuts, seat: int) -> Slot:
    """Where determinize dealt the Spy (somewhere `seat` cannot see)."""
    if SPY in twin.deck:
        return ("deck", 0, twin.deck.index(SPY))
    for s in range(twin.num_players):
        if twin.roles[s] == SPY:
            return ("role", s, 0)
        if SPY in twin.hands[s]:
            return ("hand", s, _dealt(twin, seat, s).index(SPY))
        for i, (card, _) in enumerate(twin.piles[s]):
            if card == SPY:
                return ("pile", s, i)
    raise AssertionError("the Spy was dealt nowhere")


def _slot_card(twin: MissionForPeanuts, seat: int, slot: Slot) -> str:
    kind, s, i = slot
    if kind == "deck":
        return twin.deck[i]
    if kind == "hand":
        return _dealt(twin, seat, s)[i]
    if kind == "role":
        return str(twin.roles[s])
    return twin.piles[s][i][0]


def _set_slot(twin: MissionForPeanuts, seat: int, slot: Slot, card: str) -> None:
    kind, s, i = slot
    if kind == "deck":
        twin.deck[i] = card
    elif kind == "hand":
        hand = twin.hands[s]
        hand.remove(_dealt(twin, seat, s)[i])
        hand.append(card)
        hand.sort()
    elif kind == "role":
        twin.roles[s] = card
    else:
        twin.piles[s][i] = (card, True)


def _weighted_pop(cards: list[str], weights: dict[str, float], rng: Rng) -> str:
    """Take one of `cards` at random, each with a chance in proportion to its
    weight (1 when not named); for determinize."""
    return cards.pop(_weighted_index([weights.get(card, 1.0) for card in cards], rng))


def _pick_slot(slots: list[Slot], weights: dict[int, dict[str, float]], rng: Rng) -> Slot:
    """One of `slots` for the Spy, a hand's in proportion to that seat's Spy
    weight (1 for any other place)."""
    return slots[_weighted_index([weights.get(s, {}).get(SPY, 1.0) if kind == "hand" else 1.0
                                  for kind, s, _ in slots], rng)]


def _weighted_index(chances: list[float], rng: Rng) -> int:
    """An index drawn with a chance in proportion to its entry."""
    point = rng.random() * sum(chances)
    for index, chance in enumerate(chances):
        point -= chance
        if point < 0:
            return index
    return len(chances) - 1


def told_odds(odds: list[float], living: list[int], power: float = TOLD_POWER,
              mix: float = TOLD_MIX) -> list[float]:
    """Round odds as a person may take them: each raised to `power` and
    renormalised (the order stays; a power under 1 pulls them together), then
    a share `mix` of the fair 1/len(living) blended in (nothing is certain
    while cards can still change hands)."""
    tempered = [p ** power for p in odds]
    total = sum(tempered)
    fair = 1.0 / len(living)
    return [(1 - mix) * (tempered[s] / total if total else fair) + mix * fair
            if s in living else 0.0 for s in range(len(odds))]


def _races(scores: list[int], target: int, players: int) -> list[float]:
    """Each seat's chance to reach the target first if every later round is a fair coin."""
    if max(scores) >= target:
        return [1.0 if s >= target else 0.0 for s in scores]
    weights = [(1.0 / players) ** (target - s) for s in scores]
    total = sum(weights)
    return [weight / total for weight in weights]


def _is_whole(value: object) -> TypeGuard[int]:
    """An int, and not a bool (True == 1 in Python, but True is no seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_index(index: object, count: int) -> None:
    if not _is_whole(index) or not 0 <= index < count:
        raise IllegalAction("index %s is not one of the cards on offer" % excerpt(index))
