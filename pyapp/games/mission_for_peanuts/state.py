"""Mission for Peanuts (SPY x FAMILY): bring the Forger family together.

Each round every player holds a face-up Role and one hidden card. On a turn
you draw, then either discard a hand card for its ASSIST or discard your Role
and DEPLOY a hand card as your new Role. Holding the Spy, the Telepath and the
Assassin at once after a draw wins the round at once ("Finding the Family");
otherwise the last player standing, or the best pair of Role and hand when
the deck runs out, wins it. A round is worth one Peanut Point, and a game is
a whole match: the first to the target (3 with 3 players, 2 with 4-5) wins.

What is unusual: the Assassin eliminates whoever has it *put into* their hand
by an action, yet drawing it is safe, and the Spy must never rest face up in
a discard pile, so it keeps coming back into the deck.

Rulebook section -> code:
    Card Breakdown / notches ..... CARDS, NOTCHES, round_deck
    Setup ........................ _setup, _deal_round
    Setup (Roles flip together) .. _choose_role
    Gameplay (draw, one action) .. _start_turn, _act_actions, _assist_card,
                                   _deploy_card, _spy_may_be_discarded
    Discard pile / the Spy ....... _discard_face_up, _shuffle_into_deck
    The characters' ASSIST ....... _assist (one _assist_<card> per card)
    The characters' DEPLOY ....... _deploy (one _deploy_<card> per card)
    Immunities ................... _candidates, _immunities, IMMUNITY
    Elimination .................. _assassin_strikes, _eliminate
    Finding the Family ........... _has_family, _check_family
    Ending the Round ............. _end_action, _showdown, _award_round
    Scoring (combinations) ....... COMBINATIONS, best_combination,
                                   showdown_key
    Completing the Mission ....... _award_round, default_option
    FAQ (immune targets, Ex 1-2) . _candidates, _no_effect

Table rules used (docs/rules-decisions.md, "Mission for Peanuts"):
    - deck of 20: spy 1, telepath 2, assassin 3, seer 3, informant 3,
      handler 3, agent 2, secret-police 3; one Assassin leaves with 3-4
      players (it still shows 3 notches); a card's notches are its copies;
    - remove the Spy, deal 2 each, shuffle the Spy back in; being dealt the
      Assassin never eliminates; only a card put into a hand by an action
      does, drawing never does; a Telepath Role ignores that elimination;
    - the family is checked after every draw by the active player: the
      turn's draw and the draws of Seer DEPLOY, Informant DEPLOY, Agent
      ASSIST;
    - Spy DEPLOY: the top card becomes your Role (its DEPLOY does not
      trigger) and the Spy goes on top of the deck; empty deck: nothing;
      a Spy that would land face up in a pile is shuffled into the deck; it
      cannot be discarded for its blank ASSIST while the deck is empty;
    - Seer ASSIST: look at the top min(3, deck), discard exactly one face
      down to your own pile, keep the rest in order; Seer DEPLOY: draw
      min(2, deck), put that many hand cards on the bottom in your order;
    - Informant ASSIST: any two players, yourself allowed, swap hands;
      Informant DEPLOY: draw 1, put 1 hand card on top;
    - Handler ASSIST: left or right, every player still in passes their Role;
      Handler DEPLOY: shuffle any discarded card (face down ones too) into
      the deck, then a player (yourself allowed) swaps hands with the top;
    - Agent ASSIST: draw 1 (safe), then choose the target, who discards
      their hand and picks one of your hand cards blind; an empty deck
      cancels it all; Agent DEPLOY: the ASSIST of another player's Role as
      if you had discarded it; the card stays put; Assassin Roles and
      eliminated players cannot be chosen;
    - Secret Police ASSIST: see another hand; a Spy there eliminates its
      holder, the Spy is shuffled in and you take another turn;
      Telepath ASSIST: see every other hand, then another turn;
    - protections hold while the card is the Role: Telepath (no Assassin
      elimination), Assassin (no swap, no hand discard), Secret Police (not
      by the Secret Police); with no valid player the action does nothing;
    - an eliminated hand goes face up to its pile (a Spy is shuffled in);
      its Role stays on the table out of any Handler pass;
    - an extra turn is lost if the deck is empty when the turn ends;
    - everybody eliminated at once: nobody scores, the round is dealt again
      with the same first player;
    - showdown when the deck is empty at the end of a turn: best
      combination, else fewest notches in Role and hand; then fewest notches
      in the discard pile (face down ones too); still tied: all score;
    - the round winner goes first next round (a shared win: one of them,
      by the seed); the first round's first player is random; reaching the
      target together is a shared match win.
Our own, where the tables are silent:
    - "left" is seat + 1, "right" is seat - 1, as in every Safehouse game;
    - Roles are chosen one seat at a time from the round's first player;
      nobody sees another's choice until all Roles flip together;
    - an ASSIST or DEPLOY whose every part cannot be done does nothing at
      all (FAQ: "the entire action is ignored"): Handler DEPLOY with no
      discarded card anywhere, Informant ASSIST with fewer than two
      swappable players, Seer/Informant/Spy DEPLOY on an empty deck;
    - Seer DEPLOY buries one card at a time, each under the whole deck, so
      the last card buried is the bottom card;
    - the Agent's target picks "the first" or "the second" face-down card;
      the Agent's cards are shuffled just before, so the pick is blind;
    - the Secret Police may choose an Assassin Role: looking is neither a
      swap nor a hand discard, and the elimination is not a targeted one;
    - a Handler DEPLOY may recall a card from an eliminated player's pile;
    - the showdown reveals Role and hand, and each player's discard-pile
      notches, face-down cards included, for the tie-break.

Actions (JSON dicts; "seat" is 0-based):
    {"type": "choose_role", "card": "seer"}   pick your Role at round start
    {"type": "assist", "card": "informant"}   discard a hand card, its ASSIST
    {"type": "deploy", "card": "seer"}        make a hand card your Role
    {"type": "target", "seat": 2}             the player for the pending
                                              effect (swap, Agent, Secret
                                              Police, Handler trade)
    {"type": "copy", "seat": 2}               Agent DEPLOY: whose Role to copy
    {"type": "direction", "dir": "left"}      Handler ASSIST ("left"/"right")
    {"type": "discard_face_down", "index": 1} Seer ASSIST: which of the cards
                                              seen (0 = top) goes face down
    {"type": "bury", "card": "spy"}           Seer DEPLOY: next card under
                                              the deck
    {"type": "return", "card": "spy"}         Informant DEPLOY: card on top
    {"type": "recall", "seat": 1, "index": 0} Handler DEPLOY: a card of a
                                              discard pile, shuffled in
    {"type": "pick", "index": 0}              the Agent's target: which of
                                              the Agent's face-down cards

View (beyond the protocol's keys): "round", "first_player", "scores",
"target", "step", "hand", "roles" (None while still face down, except your
own), "roles_revealed", "role_chosen", "hand_sizes", "discards" (per seat,
[{"card": code or "back", "face_down": bool}]; your own face-down cards show
their code), "eliminated", "deck_count", "deck_known" ([{"pos": 0 = top,
"card"}] that you placed or saw), "known_hands" ([{"seat", "cards", "since":
log index, "stale"}]: what you were shown, following public trades; stale
once the hand changed unseen), "extra_turn", "pending" (the effect in
progress: "step", "by", "card", and "peek" for the Seer who looks), "immune"
([{"seat", "reason"}] at a targeting step), "prompt" and "log_since_decision"
(how many log events came since the seat began its last decision, so a table
can show what happened since then).
Texts name seat s "Player s+1" and a card by its Role ("the Informant");
`describe(action)` phrases an action for a hint, to the player taking it.
Log events carry a "kind"; "showdown" lists every hand with its
"combination", "notches" and "discard_notches", the "winners", what
"decided_by" (combination, notches, discard_notches) and "tied";
"elimination" and "family" name the seat and cards.

Usage:

    >>> from pyapp.engine.registry import new_game
    >>> state = new_game("mission-for-peanuts", players=3, seed=7)
    >>> state.options["target"]
    3
    >>> state.legal_actions()[0]["type"]
    'choose_role'
"""

from ..engine.protocol import GameState, excerpt
from ..engine.registry import register
from ..engine.rng import Rng

SPY = "spy"
TELEPATH = "telepath"
ASSASSIN = "assassin"
SEER = "seer"
INFORMANT = "informant"
HANDLER = "handler"
AGENT = "agent"
POLICE = "secret-police"

# code, copies (= notches; our choice, the rulebook prints no counts), Role, character.
CARDS = (
    (SPY, 1, "Spy", "Loid Forger"),
    (TELEPATH, 2, "Telepath", "Anya Forger"),
    (ASSASSIN, 3, "Assassin", "Yor Forger"),  # one copy out with 3-4 players
    (SEER, 3, "Seer", "Bond Forger"),
    (INFORMANT, 3, "Informant", "Franky Franklin"),
    (HANDLER, 3, "Handler", "Sylvia Sherwood"),
    (AGENT, 2, "Agent", "Fiona Frost"),
    (POLICE, 3, "Secret Police", "Yuri Briar"),
)
NOTCHES = {code: copies for code, copies, _, _ in CARDS}
NAMES = {code: name for code, _, name, _ in CARDS}
CHARACTERS = {code: character for code, _, _, character in CARDS}
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

# Why a player cannot be chosen, per targeting step (shown by the UI).
IMMUNITY = {
    "swap": (ASSASSIN, "Assassin Role: cannot be chosen for a swap"),
    "agent": (ASSASSIN, "Assassin Role: cannot be made to discard their hand"),
    "trade": (ASSASSIN, "Assassin Role: cannot be chosen to trade their hand"),
    "police": (POLICE, "Secret Police Role: cannot be targeted by the Secret Police"),
    "copy": (ASSASSIN, "Assassin Role: the Agent cannot copy it"),
}
# What a protecting Role does while it is kept (said when it is DEPLOYed).
ROLE_SHIELDS = {
    TELEPATH: "cannot be Eliminated by the Assassin",
    ASSASSIN: "cannot be chosen to swap or discard their hand",
    POLICE: "cannot be chosen by the Secret Police",
}
# What each card does, in a hint's words (the table's card faces say the same).
ASSIST_TEXTS = {
    SPY: "it has none",
    TELEPATH: "see every other hand, then take another turn",
    ASSASSIN: "it has none",
    SEER: "look at the top three cards and discard one face down",
    INFORMANT: "two players of your choice swap hands",
    HANDLER: "every Role passes left or right",
    AGENT: "draw, then a player discards their hand and picks one of yours blind",
    POLICE: "look at a hand; a Spy there is Eliminated and you go again",
}
DEPLOY_TEXTS = {
    SPY: "it trades places with the top card of the deck",
    TELEPATH: "the Assassin cannot eliminate you while it is your Role",
    ASSASSIN: "nobody can swap or discard your hand while it is your Role",
    SEER: "draw two, then put two hand cards on the bottom of the deck",
    INFORMANT: "draw one, then put a hand card on top of the deck",
    HANDLER: "shuffle a discarded card into the deck, then a player swaps hands with the top",
    AGENT: "use the ASSIST of another player's Role",
    POLICE: "the Secret Police cannot choose you while it is your Role",
}
ORDINALS = ("first", "second", "third")
HOW_WON = {"family": "Finding the Family", "showdown": "showdown",
           "last_standing": "last player standing"}
TARGET_STEPS = {"swap_first": "swap", "swap_second": "swap", "agent_target": "agent",
                "trade_target": "trade", "police_target": "police", "copy": "copy"}


def round_deck(players):
    """Every card of a round, in table order; one Assassin fewer below 5 players."""
    cards = []
    for code, copies, _, _ in CARDS:
        if code == ASSASSIN and players <= 4:
            copies -= 1
        cards.extend([code] * copies)
    return cards


def best_combination(cards):
    """(rank, name) of the best combination among `cards`, or (NO_COMBINATION, None)."""
    for rank, (a, b), name in COMBINATIONS:
        if a in cards and b in cards:
            return rank, name
    return NO_COMBINATION, None


def showdown_key(role, hand, pile_notches):
    """Lower is better: combination, then (only without one) notches, then pile."""
    cards = [role] + list(hand)
    rank, _ = best_combination(cards)
    notches = sum(NOTCHES[c] for c in cards) if rank == NO_COMBINATION else 0
    return (rank, notches, pile_notches)


def _distinct(cards):
    return sorted(set(cards))


def player(seat):
    """A seat as every Safehouse text names it: seat 0 is "Player 1"."""
    return "Player %d" % (seat + 1)


def the(card):
    """"the Informant": a card as the log and prompts name it."""
    return "the " + NAMES[card]


def listing(cards):
    """"the Seer and the Spy"; "nothing" for no card."""
    names = [the(card) for card in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _without_one_of_each(known):
    """What is certainly left of a known part of a hand after one unseen card leaves it."""
    kept = list(known)
    for code in _distinct(known):
        kept.remove(code)
    return kept


RULES = {  # the rules sheet: a short rulebook, then our Table rules
    "rules": [
        "Each round: the Spy is set aside, everyone is dealt 2 cards, and the Spy is shuffled "
        "back into the deck. Everyone chooses one card as their Role, face down; all Roles "
        "flip together. The other card is your secret hand.",
        "On your turn draw a card, then either discard a hand card face up for its ASSIST, "
        "or discard your Role and DEPLOY a hand card as your new Role (its DEPLOY happens).",
        "Finding the Family: holding the Spy, the Telepath and the Assassin (hand and Role) "
        "after you draw wins the round at once.",
        "The Assassin eliminates whoever has it put into their hand by an action; drawing it "
        "is safe. An eliminated player's hand goes face up to their pile.",
        "The last player standing wins the round. When the deck is empty at the end of a "
        "turn, the showdown: the best pair of Role and hand wins: Spy \u00d7 Telepath or "
        "Spy \u00d7 Assassin, Telepath \u00d7 Assassin, Spy \u00d7 Informant, Telepath \u00d7 "
        "Seer, Handler \u00d7 Agent, Assassin \u00d7 Secret Police. Without one, the fewest "
        "notches; then the fewest notches in the discard pile.",
        "A round is worth one Peanut Point and its winner goes first next round. The first "
        "to the target (3 with 3 players, 2 with 4\u20135) wins the match.",
        "Protections while the card is your Role: Telepath (the Assassin cannot eliminate "
        "you), Assassin (your hand cannot be swapped or discarded), Secret Police (the "
        "Secret Police cannot choose you). A player immune to an action cannot be chosen.",
        "What the Telepath and the Secret Police show you is yours alone: it appears in "
        "Your notes.",
    ],
    "table": [
        "Deck (the rulebook gives no counts): Spy 1, Telepath 2, Assassin 3, Seer 3, "
        "Informant 3, Handler 3, Agent 2, Secret Police 3; a card's notches are its copies. "
        "One Assassin leaves with 3\u20134 players (it still shows 3 notches): 19 or 20 cards.",
        "Being dealt the Assassin never eliminates. Only a card put into a hand by an action "
        "does, and drawing never does. A Telepath Role ignores that elimination.",
        "The family is checked after every draw by the active player: the turn's draw and "
        "the draws of the Seer DEPLOY, the Informant DEPLOY and the Agent ASSIST.",
        "Spy DEPLOY: the top card becomes your Role (its DEPLOY does not trigger) and the "
        "Spy goes on top of the deck; with an empty deck nothing happens. A Spy that would "
        "land face up in a pile is shuffled into the deck instead. While the deck is empty "
        "the Spy cannot be discarded for its blank ASSIST.",
        "Seer ASSIST: look at the top min(3, deck) cards, discard exactly one face down to "
        "your own pile, keep the rest in order. Seer DEPLOY: draw min(2, deck), then put "
        "that many hand cards on the bottom one at a time, each under the whole deck, so "
        "the last one you put there is the bottom card.",
        "Informant ASSIST: any two players, yourself allowed, swap hands. Informant DEPLOY: "
        "draw 1, then put 1 hand card on top of the deck.",
        "Handler ASSIST: choose left or right; every player still in passes their Role that "
        "way. \u201cLeft\u201d is the next player (Player 1 to Player 2), \u201cright\u201d "
        "the previous one.",
        "Handler DEPLOY: shuffle any discarded card (face down ones too, and from an "
        "eliminated player's pile) into the deck; then a player, yourself allowed, swaps "
        "their hand with the top card.",
        "Agent ASSIST: draw 1 (safe, and it may find the family), then choose the target, "
        "who discards their hand and picks one of your cards blind: \u201cthe first\u201d or "
        "\u201cthe second\u201d, after your cards are shuffled face down. An empty deck "
        "cancels it all.",
        "Agent DEPLOY: the ASSIST of another player's Role as if you had discarded it; the "
        "card stays where it is. Assassin Roles and eliminated players cannot be chosen.",
        "Secret Police ASSIST: see another hand; a Spy there eliminates its holder, the Spy "
        "is shuffled in and you take another turn. It may choose an Assassin Role: looking "
        "is neither a swap nor a hand discard. Telepath ASSIST: see every other hand, then "
        "take another turn.",
        "An action with no valid player to choose, or any part that cannot be done, does "
        "nothing at all: a Handler DEPLOY with no discarded card, an Informant ASSIST with "
        "fewer than two swappable players, a Seer, Informant or Spy DEPLOY on an empty deck.",
        "An eliminated hand goes face up to its pile (a Spy is shuffled in instead). The "
        "Role stays on the table but takes no part in a Handler pass.",
        "An extra turn is lost if the deck is empty when the turn ends: the showdown comes "
        "first.",
        "If everybody still in is eliminated at once, nobody scores and the round is dealt "
        "again with the same first player.",
        "Roles are chosen one player at a time from the round's first player; nobody sees "
        "another's choice until all Roles flip together.",
        "Showdown, when the deck is empty at the end of a turn: the best combination, else "
        "the fewest notches in Role and hand; then the fewest notches in the discard pile, "
        "face-down cards included (they are revealed for it). Still tied: every tied player "
        "scores.",
        "The round winner goes first next round (after a shared win, one of them, by the "
        "seed); the first round's first player is random. The target may be changed before "
        "the match; reaching it together is a shared match win.",
    ],
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

    @classmethod
    def default_option(cls, name, players):
        """The rulebook's target: 3 Peanut Points with 3 players, 2 with 4-5."""
        return 3 if players == 3 else 2

    # -- setup ---------------------------------------------------------------

    def _setup(self):
        self.target = self.options["target"]
        self.scores = [0] * self.num_players
        self.round = 0
        # decided[s]: the log's length when s last began a decision (for the view).
        self.decided = [0] * self.num_players
        self._deal_round(self.rng.below(self.num_players))

    def _deal_round(self, first):
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
        self.step = "role"
        self.pending = {}
        # know[o][s]: the cards of s's hand that o is sure of (a sorted list);
        # memory[o][s]: (cards, log index) o was last shown, kept when stale;
        # deck_seen[o][i]: the card o knows at deck position i (0 = top).
        self.know = [[[] for _ in range(n)] for _ in range(n)]
        self.memory = [[None] * n for _ in range(n)]
        self.deck_seen = [[None] * len(self.deck) for _ in range(n)]
        self.turn = first
        self.to_act = first
        self.say("Round %d: each player chooses a Role; %s will go first."
                 % (self.round, player(first)), kind="round_start", round=self.round, first=first)

    # -- the protocol ----------------------------------------------------------

    def legal_actions(self):
        """The actions open to `to_act`, in a fixed order."""
        if self.is_over:
            return []
        step = self.step
        seat = self.to_act
        if step == "role":
            return [{"type": "choose_role", "card": c} for c in _distinct(self.hands[seat])]
        if step == "act":
            return self._act_actions()
        if step in TARGET_STEPS:
            kind = "copy" if step == "copy" else "target"
            return [{"type": kind, "seat": s} for s in self._candidates(step)]
        if step == "direction":
            return [{"type": "direction", "dir": "left"}, {"type": "direction", "dir": "right"}]
        if step == "seer_discard":
            return [{"type": "discard_face_down", "index": i} for i in range(self.pending["count"])]
        if step == "bury":
            return [{"type": "bury", "card": c} for c in _distinct(self.hands[seat])]
        if step == "return":
            return [{"type": "return", "card": c} for c in _distinct(self.hands[seat])]
        if step == "recall":
            return [{"type": "recall", "seat": p, "index": i}
                    for p in range(self.num_players) for i in range(len(self.piles[p]))]
        if step == "agent_pick":
            return [{"type": "pick", "index": i}
                    for i in range(len(self.hands[self.pending["by"]]))]
        raise AssertionError("unknown step %r" % step)

    def _perform(self, action):
        self.decided[self.to_act] = len(self.log)
        kind = action["type"]
        if kind == "choose_role":
            self._choose_role(self.to_act, action["card"])
        elif kind == "assist":
            self._assist_card(self.turn, action["card"])
        elif kind == "deploy":
            self._deploy_card(self.turn, action["card"])
        elif kind == "target":
            self._target(action["seat"])
        elif kind == "copy":
            self._copy_role(self.turn, action["seat"])
        elif kind == "direction":
            self._pass_roles(self.turn, action["dir"])
        elif kind == "discard_face_down":
            self._seer_discard(self.turn, action["index"])
        elif kind == "bury":
            self._bury(self.turn, action["card"])
        elif kind == "return":
            self._return_on_top(self.turn, action["card"])
        elif kind == "recall":
            self._recall(self.turn, action["seat"], action["index"])
        else:
            self._agent_pick(self.pending["by"], self.to_act, action["index"])

    def _explain_illegal(self, action):
        kind = action.get("type")
        step = self.step
        seat = self.to_act
        expected = {"role": "choose_role", "act": "assist or deploy", "direction": "direction",
                    "seer_discard": "discard_face_down", "bury": "bury", "return": "return",
                    "recall": "recall", "agent_pick": "pick", "copy": "copy"}.get(step, "target")
        if kind not in expected.split(" or "):
            return "%s must now %s, not a %s action" % (
                player(seat), self._prompt_task(), excerpt(kind))
        card = action.get("card")
        if kind in ("choose_role", "assist", "deploy", "bury", "return"):
            if card not in self.hands[seat]:
                name = NAMES[card] if isinstance(card, str) and card in NAMES else excerpt(card)
                return "%s has no %s in hand" % (player(seat), name)
            if kind == "assist" and card == SPY:
                return "the Spy cannot be discarded for its blank ASSIST while the deck is empty"
        if kind in ("target", "copy"):
            target = action.get("seat")
            for immune in self._immunities():
                if immune["seat"] == target:
                    return "%s cannot be chosen: %s" % (player(target), immune["reason"])
            if isinstance(target, int) and 0 <= target < self.num_players:
                if not self.alive[target]:
                    return "%s is Eliminated this round" % player(target)
                if target == self.turn:
                    return "you must choose another player, not yourself"
                if step == "swap_second":
                    return "%s is already one of the two players to swap" % player(target)
                return "%s cannot be chosen now" % player(target)
            return "seat %s is not a player at this table" % excerpt(target)
        if kind == "direction":
            return "the direction is \"left\" or \"right\", not %s" % excerpt(action.get("dir"))
        if kind == "recall":
            return "there is no card %s in the discard pile of seat %s" % (
                excerpt(action.get("index")), excerpt(action.get("seat")))
        if kind in ("discard_face_down", "pick"):
            return "index %s is not one of the cards on offer" % excerpt(action.get("index"))
        return "%s is not a legal action now" % excerpt(action)

    def describe(self, action):
        """An action as a hint names it, to the player about to take it:
        "discard the Informant for its ASSIST: two players swap hands"."""
        kind = action.get("type")
        seat = self.to_act

        def who(other):
            return "you" if other == seat else player(other)

        def whose(other):
            return "your" if other == seat else player(other) + "'s"

        card = action.get("card")
        if kind == "choose_role":
            return "make %s your Role" % the(card)
        if kind == "assist":
            return "discard %s for its ASSIST: %s" % (the(card), ASSIST_TEXTS[card])
        if kind == "deploy":
            return "DEPLOY %s as your new Role (discarding %s): %s" % (
                the(card), the(self.roles[seat]), DEPLOY_TEXTS[card])
        if kind in ("target", "copy"):
            other = action.get("seat")
            step = self.step
            if step == "swap_first":
                return "choose %s as one of the two players who swap hands" % who(other)
            if step == "swap_second":
                first = self.pending.get("first")
                if seat in (first, other):
                    return "swap your hand with %s's" % player(other if first == seat else first)
                return "swap %s's and %s's hands" % (player(first), player(other))
            if step == "agent_target":
                return "make %s discard their hand and pick one of your cards" % player(other)
            if step == "police_target":
                return "look at %s's hand with the Secret Police" % player(other)
            if step == "trade_target":
                return "swap %s hand with the top card of the deck" % whose(other)
            return "use the ASSIST of %s's %s Role" % (player(other), NAMES[self.roles[other]])
        if kind == "direction":
            return "pass every Role %s (%s)" % (
                action.get("dir"), "to the next player" if action.get("dir") == "left"
                else "to the previous player")
        if kind == "discard_face_down":
            index = action.get("index")
            return "discard the %s card from the top (%s) face down" % (
                ORDINALS[index], the(self.deck[index]))
        if kind == "bury":
            return "put %s on the bottom of the deck" % the(card)
        if kind == "return":
            return "put %s on top of the deck" % the(card)
        if kind == "recall":
            owner, index = action.get("seat"), action.get("index")
            card, face_down = self.piles[owner][index]
            what = the(card) if not face_down or owner == seat else "a face-down card"
            return "shuffle %s from %s pile into the deck" % (what, whose(owner))
        if kind == "pick":
            return "take the %s of %s's face-down cards" % (
                ORDINALS[action.get("index")], player(self.pending["by"]))
        return GameState.describe(self, action)

    # -- Roles at round start ------------------------------------------------

    def _choose_role(self, seat, card):
        """Each seat puts a Role face down; all Roles flip together at the end."""
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

    def _start_turn(self, seat):
        """Draw a card, check for the family, then choose one action."""
        self.turn = seat
        self.to_act = seat
        self.step = "act"
        self.pending = {}
        self.say("%s draws a card." % player(seat), kind="draw", seat=seat)
        self._draw(seat)
        self._check_family(seat)

    def _act_actions(self):
        hand = self.hands[self.turn]
        actions = [{"type": "assist", "card": c} for c in _distinct(hand)
                   if self._spy_may_be_discarded(c)]
        actions.extend({"type": "deploy", "card": c} for c in _distinct(hand))
        return actions

    def _spy_may_be_discarded(self, card):
        """Table rule: with an empty deck the Spy's blank ASSIST would loop forever."""
        return card != SPY or bool(self.deck)

    def _assist_card(self, seat, card):
        """Discard a hand card face up, then do its ASSIST."""
        self._take_public(seat, card)
        self.say("%s discards %s for its ASSIST." % (player(seat), the(card)),
                 kind="assist", seat=seat, card=card)
        self._discard_face_up(seat, card)
        self._assist(seat, card)

    def _deploy_card(self, seat, card):
        """Discard the Role face up (no effect), make `card` the Role, do its DEPLOY."""
        old = self.roles[seat]
        self._take_public(seat, card)
        self.roles[seat] = card
        self.say("%s discards the %s Role and DEPLOYs %s." % (player(seat), NAMES[old], the(card)),
                 kind="deploy", seat=seat, card=card, old_role=old)
        self._discard_face_up(seat, old)
        self._deploy(seat, card)

    def _end_action(self):
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

    def _no_effect(self, seat, why):
        """FAQ: if any part of an action cannot be done, the whole action is ignored."""
        self.say("Nothing happens: %s." % why, kind="no_effect", seat=seat)
        self._end_action()

    def _living(self):
        return [s for s in range(self.num_players) if self.alive[s]]

    def _next_living(self, seat, step=1):
        n = self.num_players
        other = (seat + step) % n
        while not self.alive[other]:
            other = (other + step) % n
        return other

    # -- ASSIST actions ---------------------------------------------------------

    def _assist(self, seat, card):
        """Do `card`'s ASSIST for `seat` (also when the Agent DEPLOY copies it)."""
        self.pending = {"by": seat, "card": card}
        if card == TELEPATH:
            self._assist_telepath(seat)
        elif card == SEER:
            self._assist_seer(seat)
        elif card == INFORMANT:
            self._ask_target(seat, "swap_first", 2)
        elif card == HANDLER:
            self.step = "direction"
        elif card == AGENT:
            self._assist_agent(seat)
        elif card == POLICE:
            self._ask_target(seat, "police_target", 1)
        else:
            self._no_effect(seat, "%s has no ASSIST" % the(card))

    def _ask_target(self, seat, step, needed):
        self.step = step
        if len(self._candidates(step)) < needed:
            self._no_effect(seat, "there is no player who can be chosen")

    def _assist_telepath(self, seat):
        """Every other player shows you their hand; then you take another turn."""
        self.say("%s reads every other player's hand." % player(seat), kind="mind_read", seat=seat)
        for other in self._living():
            if other != seat:
                self._learn_hand(seat, other)
        self.extra = True
        self._end_action()

    def _assist_seer(self, seat):
        """Look at the top three cards; one of them will go face down."""
        count = min(3, len(self.deck))
        if not count:
            self._no_effect(seat, "the deck is empty")
            return
        for i in range(count):
            self.deck_seen[seat][i] = self.deck[i]
        self.step = "seer_discard"
        self.pending["count"] = count
        self.say("%s looks at the top %s of the deck." % (
            player(seat), "card" if count == 1 else "%d cards" % count),
            kind="seer_look", seat=seat, count=count)

    def _seer_discard(self, seat, index):
        card = self.deck.pop(index)
        count = self.pending["count"]
        for other in range(self.num_players):
            seen = self.deck_seen[other]
            if other == seat:
                seen.pop(index)
            else:  # which one went is hidden, so the rest of those cards are too
                self.deck_seen[other] = [None] * (count - 1) + seen[count:]
        self.piles[seat].append((card, True))
        self.say("%s discards one of them face down and puts the rest back in order."
                 % player(seat),
                 kind="face_down", seat=seat)
        self._end_action()

    def _swap_hands(self, a, b):
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

    def _assist_agent(self, seat):
        """Draw (safely), then a target discards their hand and picks blind from yours."""
        if not self.deck:
            self._no_effect(seat, "the deck is empty, so the Agent cannot draw")
            return
        self.step = "agent_target"
        if not self._candidates("agent_target"):
            self._no_effect(seat, "no other player can be made to discard their hand")
            return
        self.say("%s draws a card for the Agent." % player(seat), kind="draw", seat=seat)
        self._draw(seat)
        self._check_family(seat)

    def _agent_discards_hand(self, seat, target):
        cards = self.hands[target]
        self.hands[target] = []
        self._forget_hand(target)
        self.say("%s discards their hand (%s) and must pick one of %s's cards blind."
                 % (player(target), listing(cards), player(seat)), kind="agent_discard",
                 seat=target, cards=list(cards), by=seat)
        for card in cards:
            self._discard_face_up(target, card)
        self.step = "agent_pick"
        self.pending["target"] = target
        self.to_act = target

    def _agent_pick(self, seat, target, index):
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
                self.know[o][seat] = _without_one_of_each(self.know[o][seat])
        self.say("%s takes one of %s's cards." % (player(target), player(seat)),
                 kind="agent_pick", seat=target, by=seat)
        self._learn_hand(seat, target)
        self.to_act = seat
        self._assassin_strikes(target)
        self._end_action()

    def _pass_roles(self, seat, direction):
        """Handler ASSIST: every player still in passes their Role that way."""
        step = 1 if direction == "left" else -1
        living = self._living()
        old = list(self.roles)
        for s in living:
            self.roles[self._next_living(s, step)] = old[s]
        self.say("%s has every Role passed %s." % (player(seat), direction),
                 kind="pass_roles", seat=seat, dir=direction, roles=list(self.roles))
        self._end_action()

    def _police_look(self, seat, target):
        """Secret Police ASSIST: see a hand; a Spy there eliminates its holder."""
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

    def _target(self, target):
        """Resolve the pending targeted step with the chosen player."""
        seat = self.turn
        step = self.step
        if step == "swap_first":
            self.pending["first"] = target
            self.step = "swap_second"
        elif step == "swap_second":
            self._swap_hands(self.pending["first"], target)
        elif step == "agent_target":
            self._agent_discards_hand(seat, target)
        elif step == "police_target":
            self._police_look(seat, target)
        else:
            self._trade_with_deck(seat, target)

    # -- DEPLOY actions ---------------------------------------------------------

    def _deploy(self, seat, card):
        self.pending = {"by": seat, "card": card}
        if card == SPY:
            self._deploy_spy(seat)
        elif card == SEER:
            self._deploy_seer(seat)
        elif card == INFORMANT:
            self._deploy_informant(seat)
        elif card == HANDLER:
            self._deploy_handler(seat)
        elif card == AGENT:
            self._ask_target(seat, "copy", 1)
        else:
            self.say("While %s is their Role, %s %s." % (the(card), player(seat),
                                                          ROLE_SHIELDS[card]),
                     kind="protected_role", seat=seat, card=card)
            self._end_action()

    def _deploy_spy(self, seat):
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

    def _deploy_seer(self, seat):
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
        self.step = "bury"
        self.pending["left"] = count
        self._check_family(seat)

    def _bury(self, seat, card):
        self._take_hidden(seat, card)
        self.deck.append(card)
        for o in range(self.num_players):
            self.deck_seen[o].append(card if o == seat else None)
        self.say("%s puts a card on the bottom of the deck." % player(seat), kind="bury",
                 seat=seat)
        self.pending["left"] -= 1
        if not self.pending["left"]:
            self._end_action()

    def _deploy_informant(self, seat):
        """Draw one card, then put one hand card on top of the deck."""
        if not self.deck:
            self._no_effect(seat, "the deck is empty")
            return
        self.say("%s draws a card for the Informant." % player(seat), kind="draw", seat=seat)
        self._draw(seat)
        self.step = "return"
        self._check_family(seat)

    def _return_on_top(self, seat, card):
        self._take_hidden(seat, card)
        self.deck.insert(0, card)
        for o in range(self.num_players):
            self.deck_seen[o].insert(0, card if o == seat else None)
        self.say("%s puts a card on top of the deck." % player(seat), kind="return", seat=seat)
        self._end_action()

    def _deploy_handler(self, seat):
        if not any(self.piles):
            self._no_effect(seat, "no discarded card can be shuffled back")
            return
        self.step = "recall"

    def _recall(self, seat, owner, index):
        """Handler DEPLOY, part 1: any discarded card is shuffled into the deck."""
        card, face_down = self.piles[owner].pop(index)
        what = "a face-down card" if face_down else the(card)
        pile = "their own" if owner == seat else player(owner) + "'s"
        self.say("%s shuffles %s from %s pile into the deck." % (player(seat), what, pile),
                 kind="recall", seat=seat, owner=owner, index=index,
                 card=None if face_down else card)
        self._shuffle_into_deck(card)
        self.step = "trade_target"

    def _trade_with_deck(self, seat, target):
        """Handler DEPLOY, part 2: the target swaps their hand with the top card."""
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
                self.know[o][target] = [] if tops[o] is None else [tops[o]]
        self.say("%s swaps their hand with the top card of the deck." % player(target),
                 kind="trade", seat=target, by=seat)
        for o in range(self.num_players):
            if self.know[o][target] and o != target:
                self.memory[o][target] = (list(self.know[o][target]), len(self.log) - 1)
        self._assassin_strikes(target)
        self._end_action()

    def _copy_role(self, seat, other):
        """Agent DEPLOY: the ASSIST of another player's Role, as if discarded."""
        card = self.roles[other]
        self.say("%s uses the ASSIST of %s's %s Role." % (player(seat), player(other), NAMES[card]),
                 kind="copy", seat=seat, other=other, card=card)
        self._assist(seat, card)

    # -- immunities ------------------------------------------------------------------

    def _candidates(self, step):
        """The players who may be chosen at a targeting step (FAQ: immune ones may not)."""
        seat = self.turn
        role, _ = IMMUNITY[TARGET_STEPS[step]]
        self_allowed = step in ("swap_first", "swap_second", "trade_target")
        chosen = self.pending.get("first") if step == "swap_second" else None
        return [s for s in range(self.num_players)
                if self.alive[s] and self.roles[s] != role and s != chosen
                and (self_allowed or s != seat)]

    def _immunities(self):
        """[{"seat", "reason"}] for living players shielded by their Role right now."""
        kind = TARGET_STEPS.get(self.step)
        if kind is None:
            return []
        role, reason = IMMUNITY[kind]
        return [{"seat": s, "reason": reason} for s in range(self.num_players)
                if self.alive[s] and self.roles[s] == role]

    # -- elimination and the family ------------------------------------------------------

    def _assassin_strikes(self, seat):
        """An Assassin put into a hand by an action eliminates, unless the Role is the Telepath."""
        if ASSASSIN not in self.hands[seat]:
            return
        if self.roles[seat] == TELEPATH:
            self.say("%s receives the Assassin, but the Telepath Role protects them."
                     % player(seat), kind="protected", seat=seat)
            return
        self._eliminate(seat, "received the Assassin")

    def _eliminate(self, seat, why):
        """The hand goes face up to the pile (a Spy into the deck); no more turns."""
        cards = self.hands[seat]
        self.hands[seat] = []
        self.alive[seat] = False
        self._forget_hand(seat)
        self.say("%s is Eliminated (%s) and discards %s." % (player(seat), why, listing(cards)),
                 kind="elimination", seat=seat, reason=why, cards=list(cards))
        for card in cards:
            self._discard_face_up(seat, card)

    def _has_family(self, seat):
        cards = self.hands[seat] + [self.roles[seat]]
        return all(card in cards for card in FAMILY)

    def _check_family(self, seat):
        """After a draw: the Spy, the Telepath and the Assassin together win the round."""
        if self._has_family(seat):
            self.say("%s has found the family: the Spy, the Telepath and the Assassin!"
                     % player(seat),
                     kind="family", seat=seat, role=self.roles[seat], hand=list(self.hands[seat]))
            self._award_round([seat], "family")

    # -- the end of a round and of the match --------------------------------------------------

    def _pile_notches(self, seat):
        return sum(NOTCHES[card] for card, _ in self.piles[seat])

    def _showdown(self):
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
            decided_by=decided_by, tied=tied)
        self._award_round(winners, "showdown")

    @staticmethod
    def _deciding_stage(entries, best):
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

    def _award_round(self, winners, how):
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

    def _draw(self, seat):
        card = self.deck.pop(0)
        for o in range(self.num_players):
            top = self.deck_seen[o].pop(0)
            if top is not None and o != seat:
                self.know[o][seat] = sorted(self.know[o][seat] + [top])
                self.memory[o][seat] = (list(self.know[o][seat]), len(self.log) - 1)
        self.hands[seat] = sorted(self.hands[seat] + [card])
        return card

    def _take_public(self, seat, card):
        """A hand card leaves face up: whoever knew a copy of it crosses that one off."""
        self.hands[seat].remove(card)
        for o in range(self.num_players):
            if card in self.know[o][seat]:
                self.know[o][seat].remove(card)

    def _take_hidden(self, seat, card):
        """A hand card leaves unseen: the others can no longer be sure of any one copy."""
        self.hands[seat].remove(card)
        for o in range(self.num_players):
            if o != seat:
                self.know[o][seat] = _without_one_of_each(self.know[o][seat])

    def _discard_face_up(self, seat, card):
        """The Spy never rests face up in a pile: it is shuffled into the deck instead."""
        if card == SPY:
            self.say("The Spy is shuffled back into the deck.", kind="spy_shuffled")
            self._shuffle_into_deck(SPY)
        else:
            self.piles[seat].append((card, False))

    def _shuffle_into_deck(self, card):
        self.deck.append(card)
        self.rng.shuffle(self.deck)
        self.deck_seen = [[None] * len(self.deck) for _ in range(self.num_players)]

    def _learn_hand(self, seer, seat):
        """`seer` is shown `seat`'s whole hand; remember it and when (the last log event)."""
        self.know[seer][seat] = list(self.hands[seat])
        self.memory[seer][seat] = (list(self.hands[seat]), len(self.log) - 1)

    def _forget_hand(self, seat):
        for o in range(self.num_players):
            self.know[o][seat] = []
            self.memory[o][seat] = None

    # -- what a seat sees -----------------------------------------------------------------

    def view(self, seat):
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
        return view

    def _known_hands(self, seat):
        known = []
        for s in range(self.num_players):
            if s == seat or not self.alive[s] or self.memory[seat][s] is None:
                continue
            cards, since = self.memory[seat][s]
            live = self.know[seat][s]
            if live:
                known.append({"seat": s, "cards": list(live), "since": since, "stale": False})
            else:
                known.append({"seat": s, "cards": list(cards), "since": since, "stale": True})
        return known

    def _pending_view(self, seat):
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

    def _prompt_text(self):
        return "%s: %s." % (player(self.to_act), self._prompt_task())

    def _prompt_task(self):
        """What `to_act` must do now, as an instruction to them."""
        step = self.step
        texts = {
            "role": "choose one of your two cards as your Role",
            "act": "discard a card for its ASSIST, or DEPLOY a card as your new Role",
            "swap_first": "choose the first of two players to trade hands (Informant)",
            "swap_second": "choose the second player to trade hands (Informant)",
            "agent_target": "choose a player to discard their hand (Agent)",
            "agent_pick": "pick one of %s's face-down cards (Agent)" % player(
                self.pending.get("by", 0)),
            "police_target": "choose a player whose hand you look at (Secret Police)",
            "trade_target": "choose a player to trade their hand with the top card (Handler)",
            "copy": "choose another player whose Role's ASSIST you use (Agent)",
            "direction": "choose the direction to pass every Role (Handler)",
            "seer_discard": "discard one of the cards you see face down (Seer)",
            "bury": "put a card from your hand on the bottom of the deck (Seer)",
            "return": "put a card from your hand on top of the deck (Informant)",
            "recall": "choose a discarded card to shuffle into the deck (Handler)",
        }
        return texts[step]

    # -- for bots ---------------------------------------------------------------------------

    def clone(self):
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

    def determinize(self, seat, rng):
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

    def _cards_seen_by(self, seat):
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

    def evaluate(self, seat):
        """The seat's chance to win the match: this round's odds, then a race to the target."""
        if self.is_over:
            return 1.0 / len(self._result["winners"]) if seat in self._result["winners"] else 0.0
        odds = self._round_odds()
        n = self.num_players
        value = 0.0
        for winner, p in enumerate(odds):
            if p:
                scores = list(self.scores)
                scores[winner] += 1
                value += p * _race(scores, seat, self.target, n)
        return value

    def _round_odds(self):
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


def _race(scores, seat, target, players):
    """The seat's chance to reach the target first if every later round is a fair coin."""
    if scores[seat] >= target:
        return 1.0
    if max(scores) >= target:
        return 0.0
    weights = [(1.0 / players) ** (target - s) for s in scores]
    return weights[seat] / sum(weights)
