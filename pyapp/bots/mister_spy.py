"""Bots for Before I Kill You, Mister Spy...

    easy    random legal play, minus the plain blunders: it never hands a
            known Spy of its own to another Lair that captures it, and never
            throws its own Spy into its own Lair to escape.
    normal  the plan of docs/bots.md: build the Lair to 6 or more, feed it
            Spies that it surely captures (its own, or unseen ones when the
            odds are good), taunt when the partner letter is probably not in
            another hand, foil whenever it can, and break the leader's big
            Lair with a team.
    hard    reads the public log for what the other seats' choices say
            about their hands (inference, below), and deals the hidden
            cards by it. It plays the normal plan, checked in those deals
            (see SOURCE_WORLDS): the Spy for its own Lair taken from the
            source that catches the most, and any decision of the plan
            overturned when another sensible action (always foil, take a
            winning kill, no gift or self-wrecking Spy, only the cheapest
            breaking team), played out in the same deals by the plan in
            every seat, clearly does better.

Measured with bench/mister_spy.py: normal wins 92.9% of 2-player games
against random bots and 57.2% at 6 (seeds 1-1000; docs/bots.md: 92% and
47%). The hard bot's current shares against normals are in
docs/benchmarks.md ("Bot strength", from bench/bots.py).

Every bot reads only `state.view(seat)`, `state.legal_actions()` and
`state.determinize(seat, rng)`. Inside a sampled world the rollout policy may
read the world freely: it is a guess, not the truth.

    >>> from pyapp.engine.rng import Rng
    >>> from pyapp.games.mister_spy import MisterSpyState
    >>> state = MisterSpyState.create(players=2, seed=3)
    >>> action = LEVELS["normal"]().choose(state, state.to_act, Rng(1))
    >>> action in state.legal_actions()
    True
"""

from __future__ import annotations

from math import inf, sqrt
from typing import Any, Callable, cast

from ..engine.bots import Levels
from ..engine.protocol import Action, GameState, View
from ..engine.rng import Rng
from ..engine.search import Ranked
from ..games.mister_spy import FULL_DECK, LAIR_VALUES, SPY_VALUES, WIN_SCORE, MisterSpyState

# (worth, action) of a way to play a Spy; the planned play also names its target.
Option = tuple[float, Action]

# A Lair of 6 captures any single Spy (bots.md); the normal bot builds to it.
SAFE_LAIR = 6
# Past SAFE_LAIR, Lair cards still go down while one is kept back to rebuild.
BIG_LAIR = 10
# A Spy handed to another Lair is worth about this many times its value to
# its captor, taunts included.
GIFT = 2.0
# Taunt only when the partner is (nearly) surely not in another hand. A
# Doubler whose partner may be out is worth more kept, as the card that foils
# that partner (measured: 94.5% of 2-player games against random play with
# this rule, 90% when taunting whenever the expected points favour it).
TAUNT_RISK = 0.05
# The hard bot plays the plan, and the Spy for its own Lair is the source
# whose Spy catches the most on average over SOURCE_WORLDS deals dealt by the
# log's evidence (tuning seeds 1000-1999, 1000 games each, against normals:
# 28.1% at 4 players, 23.8% at 5, 20.0% at 6, where the plan itself takes
# 26.6%, 21.8% and 15.8%; at 5 players 21.5% with uniform deals).
SOURCE_WORLDS = 40
# ... and it checks each decision of the plan (_plan_checked): every sensible
# action is played out in the same CHECK_WORLDS deals, by the plan in every
# seat for CHECK_DEPTH moves, then evaluate(); another action than the plan's
# is taken only when it leads by more than CHECK_MARGIN standard errors of
# the deal-by-deal difference. Paired deals, not a tree, because the gaps
# are small: each deal's luck cancels out. Tuning seeds 1000-1599 (600
# games each, against normals; the plan with its source alone: 27.8% at 4
# players, 25.7% at 5): 24 deals, depth 12, margin 0.5: 34.2% at 4 players,
# 25.8% at 5, 22.8% at 6; margin 2: 33.1%, margin 0: 31.1% (4 players);
# depth 6: 30.1% (4 players), depth 18: 23.1% (5 players); 48 deals: 26.9%
# at 5 players at twice the time, and depth 20 with them 32.3% at 4.
# It replaced an information-set MCTS (pyapp.engine.search: 300 iterations
# over the sensible actions, the plan as a 4-move rollout, then evaluate())
# at 2-3 players too. The search's estimates are noisy next to the small
# gaps between moves: at 4-6 players it won no more than the plan (tuning
# seeds 1000-1099, 5 players: 18.0% and 20.0%, fair 20%), and at 2-3 the
# check wins more at about half its time: seeds 7000-7299, 300 games, 70.7%
# against 65.8% at 2 players, 42.2% against 41.1% at 3; fresh seeds
# 500000-500599, 600 games, 71.1% (67.3-74.6) against 65.5% (61.6-69.2) at
# 2 players, CPU p95 59 ms against 106; 41.8% (38.0-45.8) at 3, p95 76 ms.
# Against OpenSpiel's ISMCTS at 100 simulations (bench/arena.py, 2 players,
# seeds 1000000-1000299) the check as set here took 70.0%; not kept: 64
# deals with depth 24, 67.0%; play-outs to depth 40, 63.8%; opponents that
# play a random sensible action 30% of the time in the play-outs (a model
# less sure they are the plan), 69.0%. Normal took 55.3% there.
CHECK_WORLDS = 32
CHECK_DEPTH = 12
CHECK_MARGIN = 0.5


def _is_spy(code: str) -> bool:
    return code[0] == "S"


class Knowledge:
    """What the table tells `seat`: the unseen cards and where they may be."""

    def __init__(self, view: View) -> None:
        self.view = view
        seat = view["seat"]
        unseen = list(FULL_DECK)
        seen = list(view["hand"]) + list(view["discard"])
        for lair in view["lairs"]:
            seen += lair["cards"]
        capture = view["capture"]
        if capture:
            seen += capture["spies"] + capture["taunts"]
        for code in seen:
            unseen.remove(code)
        self.unseen_spies = [SPY_VALUES[c] for c in unseen if _is_spy(c)]
        # Non-Spy cards in other hands, against those anywhere unseen.
        self.other_hand_non_spies = sum(
            view["hand_sizes"][s] - view["hand_spies"][s]
            for s in range(len(view["scores"])) if s != seat)
        self.unseen_non_spies = len(unseen) - len(self.unseen_spies)

    def capture_chance(self, lair: int) -> float:
        """The chance that an unseen Spy is no larger than `lair`."""
        if not self.unseen_spies:
            return 0.0
        return sum(1 for v in self.unseen_spies if v <= lair) / len(self.unseen_spies)

    def expected_catch(self, lair: int) -> float:
        """Expected points of an unseen Spy sent into a Lair of `lair` (0 if it escapes)."""
        if not self.unseen_spies:
            return 0.0
        return sum(v for v in self.unseen_spies if v <= lair) / len(self.unseen_spies)

    def unseen_into_own(self, lair: int) -> float:
        """The plan's worth of an unseen Spy sent into one's own Lair of `lair`."""
        return self.expected_catch(lair) - (1 - self.capture_chance(lair)) * 0.6 * lair

    def foil_risk(self, code: str) -> float:
        """The chance that another hand holds the partner of Doubler `code`."""
        view = self.view
        if code in view["discard"] or view["hand"].count(code) >= 2:
            return 0.0
        if not self.unseen_non_spies:
            return 0.0
        return float(self.other_hand_non_spies / self.unseen_non_spies)


class EasyBot:
    """Random legal play without the plain blunders."""

    name = "easy"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """A random legal action that is no plain blunder."""
        view = state.view(seat)
        actions = state.legal_actions()
        sensible = [a for a in actions if not _is_blunder(view, a)]
        return rng.choice(sensible or actions)


def _is_blunder(view: View, action: Action) -> bool:
    """Sending a known Spy of one's own where it gifts points or simply escapes."""
    if action["type"] != "spy_source" or action["source"] != "hand":
        return False
    value = sum(SPY_VALUES[c] for c in action["cards"])
    lair: int = view["lairs"][view["target"]]["total"]
    if view["target"] == view["seat"]:
        return value > lair
    return value <= lair


class NormalBot:
    """The Lair-building plan of docs/bots.md, from the view alone."""

    name = "normal"

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The plan's action, from the seat's view."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return plan(state.view(seat), actions)


def plan(view: View, actions: list[Action]) -> Action:
    """The normal bot's choice among `actions`, given `view`."""
    phase = view["phase"]
    if phase == "capture":
        return _capture_choice(view, actions)
    if phase == "foil":
        return actions[0]  # a foil, if the hand holds the partner, comes first
    if phase == "source":
        return _best_source(view, actions)
    lair_cards = [a["card"] for a in actions if a["type"] == "lair"]
    if lair_cards:
        card = _lair_card_to_play(view, lair_cards)
        if card:
            return {"type": "lair", "card": card}
    best = _best_planned_spy(view)
    if best is not None:
        return {"type": "spy_target", "seat": best["target"]}
    return {"type": "end_turn"}


def _lair_card_to_play(view: View, cards: list[str]) -> str | None:
    lair = view["lairs"][view["seat"]]["total"]
    return lair_choice(lair, cards, sum(1 for c in view["hand"] if c[0] == "L"))


def lair_choice(lair: int, cards: list[str], in_hand: int) -> str | None:
    """The Lair card the plan plays on a Lair of `lair`, of `cards` (with
    `in_hand` Lair cards in hand), or None: build to SAFE_LAIR with the card
    that gets there with the least to spare; past it, keep growing only
    while another Lair card stays in hand."""
    if not cards:
        return None
    if lair < SAFE_LAIR:
        reaching = [c for c in cards if lair + LAIR_VALUES[c] >= SAFE_LAIR]
        if reaching:
            return min(reaching, key=lambda c: LAIR_VALUES[c])
        return max(cards, key=lambda c: LAIR_VALUES[c])
    if lair < BIG_LAIR and in_hand >= 2:
        return max(cards, key=lambda c: LAIR_VALUES[c])
    return None


def _threat(view: View, seat: int) -> float:
    """How much breaking `seat`'s Lair is worth to the viewer, in points."""
    scores = view["scores"]
    me = view["seat"]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    lead = scores[seat] - max(scores[me], best_other if seat != me else 0)
    lair = view["lairs"][seat]["total"]
    return float(0.8 * min(lair, 8) + max(0.0, lead) * 0.3)


def _spy_options(view: View, seat: int, target: int, know: Knowledge) -> list[Option]:
    """(worth, source action) for every way to send a Spy into `target`."""
    hand = view["hand"]
    lair = view["lairs"][target]["total"]
    options: list[Option] = []
    hand_spies = sorted(c for c in hand if _is_spy(c))
    unknown_mine = know.unseen_into_own(lair)
    unknown_theirs = (1 - know.capture_chance(lair)) * _threat(view, target) \
        - GIFT * know.expected_catch(lair)
    for code in sorted(set(hand_spies)):
        value = SPY_VALUES[code]
        if target == seat:
            worth = value + 0.5 if value <= lair else -lair
        else:
            worth = _threat(view, target) - value * 0.7 if value > lair else -value - 1
        options.append((worth, {"type": "spy_source", "source": "hand", "cards": [code]}))
    if target != seat and len(hand_spies) >= 2:
        team = _cheapest_team_over(hand_spies, lair)
        if team:
            worth = _threat(view, target) - 0.7 * sum(SPY_VALUES[c] for c in team)
            options.append((worth, {"type": "spy_source", "source": "hand", "cards": team}))
    blind_worth = unknown_mine if target == seat else unknown_theirs
    for other in range(len(view["scores"])):
        if other != seat and view["hand_spies"][other]:
            # Taking from a hand with its own Lair denies that player a Spy.
            denial = 0.3 if view["lairs"][other]["total"] else 0.0
            options.append((blind_worth + denial,
                            {"type": "spy_source", "source": "blind", "seat": other}))
    if view["deck_top_is_spy"]:
        options.append((blind_worth + 0.1, {"type": "spy_source", "source": "deck"}))
    return options


def _cheapest_team_over(spies: list[str], lair: int) -> list[str] | None:
    """The team of the fewest points that still beats `lair`, if any: a
    subset-sum over the hand's Spies, one team kept per total (one of two or
    more cards where there is one)."""
    teams: dict[int, list[str]] = {0: []}
    for code in spies:
        for total, team in list(teams.items()):
            grown = total + SPY_VALUES[code]
            if grown not in teams or len(teams[grown]) < 2 <= len(team) + 1:
                teams[grown] = team + [code]
    over = [total for total, team in teams.items() if total > lair and len(team) >= 2]
    return sorted(teams[min(over)]) if over else None


def _best_source(view: View, sources: list[Action]) -> Action:
    """The best of the legal `sources` of a Spy for the declared target."""
    options = _spy_options(view, view["seat"], view["target"], Knowledge(view))
    legal = [s for s in options if s[1] in sources]
    if not legal:
        return sources[0]
    return max(legal, key=lambda pair: pair[0])[1]


def _best_planned_spy(view: View) -> Action | None:
    """The best Spy play worth making, as {"target", "source"}, or None."""
    know = Knowledge(view)
    seat = view["seat"]
    best: tuple[float, Action | None] = (0.0, None)
    for target, lair in enumerate(view["lairs"]):
        if not lair["total"]:
            continue
        for worth, source in _spy_options(view, seat, target, know):
            if worth > best[0]:
                best = (worth, {"target": target, "source": source})
    return best[1]


def _capture_choice(view: View, actions: list[Action]) -> Action:
    """Kill, or taunt with the safest letter when the odds pay."""
    capture = view["capture"]
    points = capture["points"]
    if view["scores"][view["seat"]] + points >= WIN_SCORE:
        return {"type": "kill"}
    know = Knowledge(view)
    taunts = [(know.foil_risk(a["card"]), a) for a in actions if a["type"] == "taunt"]
    if not taunts:
        return {"type": "kill"}
    risk, action = min(taunts, key=lambda pair: pair[0])
    return action if risk <= TAUNT_RISK else {"type": "kill"}


# -- the hard bot ---------------------------------------------------------------


def sensible_actions(actions: list[Action], seat: int, phase: str, target: int | None,
                     target_lair: int, winning_kill: bool) -> list[Action]:
    """`actions` without the plainly bad ones, for the search to weigh.

    Judged from facts the acting seat sees (its own hand is in `actions`):
    a foil is always made (it wrecks the taunter's Lair and costs one card);
    a kill that reaches WIN_SCORE ends the game, so nothing else is weighed;
    a Spy from one's own hand never goes where it plainly helps nobody (the
    blunders of the easy bot), and of the teams that break the Lair only the
    cheapest stay, as a bigger team only throws Spies away.
    """
    if phase == "foil":
        return actions[:1]  # the foil comes first when the hand holds the partner
    if phase == "capture":
        return actions[:1] if winning_kill else actions
    if phase != "source":
        return actions
    kept: list[Action] = []
    cheapest: tuple[int, Action] | None = None
    for action in actions:
        if action["source"] != "hand":
            kept.append(action)
            continue
        value = sum(SPY_VALUES[c] for c in action["cards"])
        if target == seat:
            if value <= target_lair:
                kept.append(action)
        elif value > target_lair:
            if len(action["cards"]) == 1:
                kept.append(action)
            elif cheapest is None or value < cheapest[0]:
                cheapest = (value, action)
    if cheapest:
        kept.append(cheapest[1])
    return kept or actions


def _sensible_in_view(view: View, actions: list[Action]) -> list[Action]:
    capture = view["capture"]
    winning = bool(capture) and view["scores"][view["seat"]] + capture["points"] >= WIN_SCORE
    target = view["target"]
    lair = view["lairs"][target]["total"] if target is not None else 0
    return sensible_actions(actions, view["seat"], view["phase"], target, lair, winning)


def rollout_policy(world: GameState, rng: Rng) -> Action:
    """A fast in-world version of the normal plan, for the check's play-outs."""
    actions = world.legal_actions()
    if len(actions) == 1:
        return actions[0]
    return plan(_plan_view(cast(MisterSpyState, world), cast(int, world.to_act)), actions)


def _plan_view(world: MisterSpyState, seat: int) -> View:
    """The keys of `world.view(seat)` that plan() reads, and only those: the
    full view also words prompts and labels, which a playout never shows."""
    capture = None
    if world.phase in ("capture", "foil"):
        capture = {"spies": world.captured, "taunts": world.taunts,
                   "points": world.kill_points()}
    hands = world.hands
    return {
        "seat": seat, "phase": world.phase, "hand": hands[seat], "target": world.target,
        "lairs": [{"cards": lair, "total": world.lair_total(s)}
                  for s, lair in enumerate(world.lairs)],
        "scores": world.scores, "discard": world.discard, "capture": capture,
        "hand_sizes": [len(hand) for hand in hands],
        "hand_spies": [sum(1 for c in hand if c[0] == "S") for hand in hands],
        "deck_top_is_spy": bool(world.deck) and _is_spy(world.deck[-1]),
    }


# -- inference: what the other seats' choices say about their hands ----------
#
# The hard bot models every other seat as the normal plan. It reads the
# public log for the choices that plan makes only when a card is missing from
# the hand (or present), and weights each card in each other hand by them;
# the search's deals are then dealt with those weights (determinize's
# `weights`) instead of uniformly. Spies are left out: no choice read here
# depends on them.
#
# Steps of a seat's record, oldest first:
#   ("draw",)                         it drew a card that is not a Spy
#   ("play", card)                    a card of its hand went to the table
#   ("absent", code)                  it let a taunt stand: holds no partner
#   ("lair", total, card or None)     its turn's Lair card on a Lair of total
#   ("no_safe_taunt", taunts, gone)   it killed: holds no Doubler safe to taunt
#   ("pair", code)                    it taunted with an unsafe letter: held both

# Every Spy's value, one entry a copy.
ALL_SPY_VALUES = sorted(SPY_VALUES[code] for code in FULL_DECK if _is_spy(code))
# The chance that a seat makes a choice the normal plan would not (a person,
# or a habit the model lacks): a deal that contradicts a choice is unlikely,
# not impossible.
SLACK = 0.05
# Checks older than this many of a seat's draws are not read: by then the
# hand has mostly changed.
DRAWS_BACK = 3


class _LogReader:
    """Reads the public log into each seat's record of steps (see above)."""

    def __init__(self, players: int) -> None:
        self.steps: list[list[tuple[Any, ...]]] = [[] for _ in range(players)]
        self.lairs = [0] * players
        self.scores = [0] * players
        self.gone: set[str] = set()  # Doublers in the discard pile
        self.taunts: list[str] = []  # on the capture in progress
        self.value = 0               # of the capture in progress
        self.starting: int | None = None  # a seat whose turn's first choice is next
        self.owner: int | None = None     # a Lair owner whose kill-or-taunt is next
        self.spent: list[int] = []        # the values of the Spies played so far
        # The turn in progress: [seat, its Lair, the value of a Spy of its
        # hand it sent into that Lair or None].
        self.turn: list[Any] | None = None

    def read(self, log: list[dict[str, Any]]) -> list[list[tuple[Any, ...]]]:
        for event in log:
            kind, seat = event.get("kind"), event.get("seat")
            if self.starting is not None:
                self._turn_start(kind, seat, event)
            if self.owner is not None:
                self._owner_choice(kind, seat, event)
            update = self._UPDATES.get(kind)
            if update is not None:
                update(self, seat, event)
        return self.steps

    def _turn_start(self, kind: Any, seat: Any, event: dict[str, Any]) -> None:
        """The first choice of a turn: a Lair card, or none."""
        starting, self.starting = self.starting, None
        assert starting is not None
        if kind == "lair" and seat == starting:
            card = event["card"]
            self.steps[seat].append(("lair", event["total"] - LAIR_VALUES[card], card))
        elif not (kind == "pass" and seat == starting):  # a pass had no choice
            self.steps[starting].append(("lair", self.lairs[starting], None))

    def _owner_choice(self, kind: Any, seat: Any, event: dict[str, Any]) -> None:
        """A Lair owner's kill or taunt on a capture."""
        owner, self.owner = self.owner, None
        if seat != owner:
            return
        if kind == "kill" and self.scores[seat] + (self.value << len(self.taunts)) < WIN_SCORE:
            self.steps[seat].append(("no_safe_taunt", tuple(self.taunts), frozenset(self.gone)))
        elif kind == "taunt" and event["card"] not in self.gone:
            self.steps[seat].append(("pair", event["card"]))

    def _on_draw(self, seat: int, event: dict[str, Any]) -> None:
        self._on_no_draw(seat, event)
        self.steps[seat].append(("spy_draw",) if event["spy"] else ("draw",))

    def _on_no_draw(self, seat: int, event: dict[str, Any]) -> None:
        self._close_turn()
        self.starting = seat
        self.turn = [seat, self.lairs[seat], None]

    def _on_pass(self, seat: int, event: dict[str, Any]) -> None:
        self.turn = None  # nothing to choose

    def _close_turn(self) -> None:
        """A finished turn with a Lair: the Spies its hand lacked, by the
        plan's choice of what to send into it (the biggest Spy of the hand
        that it captures, unless an unseen Spy is worth more)."""
        if self.turn is None or not self.turn[1]:
            return
        seat, lair, sent = self.turn
        if sent is None:
            know = Knowledge.__new__(Knowledge)
            know.unseen_spies = list(ALL_SPY_VALUES)
            for value in self.spent:
                know.unseen_spies.remove(value)
            floor = max(0.0, know.unseen_into_own(lair)) - 0.5
        else:
            floor = sent
        lacked = tuple(code for code, value in SPY_VALUES.items() if floor < value <= lair)
        if lacked:
            self.steps[seat].append(("no_spies", lacked))

    def _on_spy(self, seat: int, event: dict[str, Any]) -> None:
        from_hand = event["source"] == "hand"
        if from_hand:
            self.steps[seat] += [("spy_play",)] * len(event["cards"])
        if self.turn is not None and event["target"] == seat:
            self.turn[2] = event["value"] if from_hand else None
        self.spent += [SPY_VALUES[code] for code in event["cards"]]

    def _on_lair(self, seat: int, event: dict[str, Any]) -> None:
        self.lairs[seat] = event["total"]
        self.steps[seat].append(("play", event["card"]))
        if self.turn is not None:
            self.turn[1] = event["total"]

    def _on_capture(self, seat: int, event: dict[str, Any]) -> None:
        self.taunts, self.value, self.owner = [], event["value"], seat

    def _on_taunt_stands(self, seat: int, event: dict[str, Any]) -> None:
        self.owner = seat

    def _on_taunt(self, seat: int, event: dict[str, Any]) -> None:
        self.taunts.append(event["card"])
        self.steps[seat].append(("play", event["card"]))

    def _on_let_stand(self, seat: int, event: dict[str, Any]) -> None:
        self.steps[seat].append(("absent", self.taunts[-1]))

    def _on_foil(self, seat: int, event: dict[str, Any]) -> None:
        self.steps[seat].append(("play", event["card"]))
        self.gone.update(self.taunts + [event["card"]])
        self.taunts = []

    def _on_kill(self, seat: int, event: dict[str, Any]) -> None:
        self.scores[seat] += event["points"]
        self.gone.update(self.taunts)
        self.taunts = []

    def _on_escape(self, seat: int, event: dict[str, Any]) -> None:
        self.lairs[seat] = 0

    _UPDATES: dict[Any, Callable[[_LogReader, Any, dict[str, Any]], None]] = {
        "draw": _on_draw, "no_draw": _on_no_draw, "pass": _on_pass, "spy": _on_spy,
        "lair": _on_lair, "capture": _on_capture,
        "taunt_stands": _on_taunt_stands, "taunt": _on_taunt, "let_stand": _on_let_stand,
        "foil": _on_foil, "kill": _on_kill, "escape": _on_escape,
    }


def card_weights(log: list[dict[str, Any]], seat: int,
                 view: View) -> dict[int, dict[str, float]]:
    """{other seat: {card: weight}}: how much likelier (above 1) or less
    likely (below 1) the seat is to hold each card now than a uniform deal
    says, by the choices in the public log that the normal plan makes only
    without (or with) that card. The card a check is about may since have
    been drawn: of the m cards (not Spies) a seat held or played since, k
    drawn after the check, the check held for a share q = 1 - k/m of them.
    The strongest check about a card counts, not their product: one
    absence seen twice is still one absence."""
    weights: dict[int, dict[str, float]] = {}
    steps_by_seat = _LogReader(len(view["scores"])).read(log)
    for other, steps in enumerate(steps_by_seat):
        spies = view["hand_spies"][other]
        if other != seat:
            weights[other] = _seat_weights(steps, view["hand_sizes"][other] - spies, spies)
    return weights


def _seat_weights(steps: list[tuple[Any, ...]], held: int, spies: int) -> dict[str, float]:
    """One seat's card weights (see card_weights), its steps read newest
    first; `held` cards other than Spies and `spies` Spies in hand now.
    Spies and other cards are counted apart: a check about Spies is blurred
    by the Spies drawn since, and the others by the other cards."""
    weights: dict[str, float] = {}
    counts = {"draw": 0, "play": 0, "spy_draw": 0, "spy_play": 0}
    for step in reversed(steps):
        kind = step[0]
        if kind in counts:
            counts[kind] += 1
            if counts["draw"] > DRAWS_BACK or counts["spy_draw"] > DRAWS_BACK:
                break
            continue
        if kind == "no_spies":
            share = 1.0 - counts["spy_draw"] / max(1, spies + counts["spy_play"])
        else:
            share = 1.0 - counts["draw"] / max(1, held + counts["play"])
        _weigh(weights, _check_cards(step), max(0.0, share))
    return weights


def _weigh(weights: dict[str, float], cards: list[tuple[str, int]], share: float) -> None:
    """Fold one check, true of a `share` of the seat's cards, into `weights`."""
    for code, sign in cards:
        factor = (1.0 - share) + share * (SLACK if sign < 0 else 1.0 / SLACK)
        now = weights.get(code, 1.0)
        weights[code] = min(now, factor) if sign < 0 else max(now, factor)


def _check_cards(step: tuple[Any, ...]) -> list[tuple[str, int]]:
    """[(card, -1 if the check says it was absent, +1 if present)]."""
    kind = step[0]
    if kind == "absent":
        return [(step[1], -1)]
    if kind == "pair":
        return [(step[1], +1)]
    if kind == "lair":
        return [(code, -1) for code in _preferred_lair_cards(step[1], step[2])]
    if kind == "no_spies":
        return [(code, -1) for code in step[1]]
    taunts, gone = step[1], step[2]
    return [(code, -1) for code in sorted(gone) if code not in taunts]


def _preferred_lair_cards(lair: int, played: str | None) -> list[str]:
    """The Lair cards the plan would have played on a Lair of `lair` rather
    than `played` (rather than none, when None): the ones the hand lacked."""
    if played is None:
        return [code for code in LAIR_VALUES if lair_choice(lair, [code], 1) is not None]
    return [code for code in LAIR_VALUES if code != played
            and lair_choice(lair, [played, code], 2) == code]


class HardBot:
    """The normal plan, checked: each decision of the plan is played out
    against every other sensible action in deals weighted by the log, and
    overturned only when another clearly does better (_plan_checked).

    inference: weight the sampled deals by the other seats' past choices.
    """

    name = "hard"

    def __init__(self, inference: bool = True) -> None:
        self.inference = inference
        # The check's figures, [(action, deals, mean value)], for the hint
        # and review.
        self.stats: dict[str, Ranked] = {}

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The plan's action, checked in deals read from the log."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat)
        weights = card_weights(state.log, seat, view) if self.inference else None
        action, weighed = _plan_checked(cast(MisterSpyState, state), seat, view, actions,
                                        weights, rng)
        self.stats = {"root": weighed} if weighed else {}
        return action


def _plan_checked(state: MisterSpyState, seat: int, view: View, actions: list[Action],
                  weights: dict[int, dict[str, float]] | None,
                  rng: Rng) -> tuple[Action, Ranked]:
    """The plan's action, unless another sensible action clearly does better
    when each is played out in the same CHECK_WORLDS deals (weighted by the
    log when `weights`): the plan in every seat for CHECK_DEPTH moves, then
    evaluate(). Every action meets the same deals, draws and shuffles, so
    the comparison is paired and a deal's luck cancels out. Also each
    action weighed, with its deals and mean value (none when only one)."""
    if view["phase"] == "source" and view["target"] == seat:
        planned = _own_lair_source(state, seat, actions, weights, rng)
    else:
        planned = plan(view, actions)
    options = _sensible_in_view(view, actions)
    if len(options) < 2:
        return planned, []
    if planned not in options:
        options.append(planned)
    worlds = [state.determinize(seat, rng, weights) for _ in range(CHECK_WORLDS)]
    values = [[_played_out(world, action, seat) for world in worlds] for action in options]
    chosen = options[clear_improvement(values, options.index(planned), CHECK_MARGIN)]
    return chosen, [(action, len(row), sum(row) / len(row)) for action, row in zip(options, values)]


def clear_improvement(values: list[list[float]], planned: int, margin: float) -> int:
    """The index of the row of `values` (an action's value in each world)
    whose lead over row `planned`, world by world, is largest in standard
    errors, if that is more than `margin`; else `planned`."""
    best, best_score = planned, margin
    for index, row in enumerate(values):
        gains = [value - base for value, base in zip(row, values[planned])]
        mean = sum(gains) / len(gains)
        if mean <= 0:
            continue
        spread = sqrt(sum((gain - mean) ** 2 for gain in gains) / max(1, len(gains) - 1))
        score = mean / (spread / sqrt(len(gains))) if spread else inf
        if score > best_score:
            best, best_score = index, score
    return best


def _played_out(world: MisterSpyState, action: Action, seat: int) -> float:
    """evaluate(seat) after `action` and CHECK_DEPTH moves of the plan in every seat."""
    sim = world.clone()
    sim.apply(action)
    for _ in range(CHECK_DEPTH):
        if sim.is_over:
            break
        sim.apply(rollout_policy(sim, _PLAN_RNG))
    return sim.evaluate(seat)


_PLAN_RNG = Rng(0)  # rollout_policy's generator: the plan never draws on it


def _own_lair_source(state: MisterSpyState, seat: int, sources: list[Action],
                     weights: dict[int, dict[str, float]] | None, rng: Rng) -> Action:
    """The Spy to send into one's own Lair that catches the most on average
    over SOURCE_WORLDS deals (weighted by the log when `weights`): a Spy
    that escapes costs 0.6 times the Lair, as in the plan. Ties go to the
    earlier source. (Choosing so the Spy for another's Lair too gained
    nothing: tuning seeds 1000-2999, 6 players, 20.3% against 20.4%.)"""
    lair = state.lair_total(seat)
    worlds = [state.determinize(seat, rng, weights) for _ in range(SOURCE_WORLDS)]
    best, best_worth = sources[0], None
    for source in sources:
        worth = 0.0
        for world in worlds:
            values = _source_values(world, source)
            worth += sum(v if v <= lair else -0.6 * lair for v in values) / len(values)
        if best_worth is None or worth > best_worth:
            best, best_worth = source, worth
    return best


def _source_values(world: MisterSpyState, source: Action) -> list[int]:
    """The values the Spy from `source` may have in `world`, equally likely."""
    if source["source"] == "hand":
        return [sum(SPY_VALUES[code] for code in source["cards"])]
    if source["source"] == "blind":
        return [SPY_VALUES[code] for code in world.hands[source["seat"]] if _is_spy(code)]
    return [SPY_VALUES[world.deck[-1]]]


LEVELS: Levels = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}
