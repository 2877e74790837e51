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

Rulebook section -> code (modules of this package):
    Card Breakdown / notches ..... cards.CARDS (each card's ASSIST and DEPLOY
                                   in a hint's words and on its face; the
                                   page gets it as payload["cards"]),
                                   cards.round_deck
    Setup ........................ state._setup, effects._deal_round
    Setup (Roles flip together) .. effects._choose_role
    Gameplay (draw, one action) .. effects: _start_turn, _assist_card,
                                   _deploy_card, _spy_may_be_discarded
    The turn's steps ............. steps.STEPS: who acts, which action types,
                                   the prompt; state.MOVES: each type's check
                                   (_check_<kind>), options (_options_<kind>),
                                   effect (effects; a "target" by its step:
                                   effects.TARGETS) and words (_describe_<kind>)
    Discard pile / the Spy ....... effects: _discard_face_up, _shuffle_into_deck
    The characters' ASSIST ....... effects.ASSISTS (one _assist_<card> per card)
    The characters' DEPLOY ....... effects.DEPLOYS (one _deploy_<card> per card)
    Immunities ................... steps.IMMUNITY; effects: _refusal, _candidates
    Elimination .................. effects: _assassin_strikes, _eliminate
    Finding the Family ........... effects: _has_family, _check_family
    Ending the Round ............. effects: _end_action, _showdown, _award_round
    Scoring (combinations) ....... cards: COMBINATIONS, best_combination,
                                   showdown_key
    Completing the Mission ....... effects._award_round, state.default_option
    FAQ (immune targets, Ex 1-2) . effects: _refusal, _no_effect
    The rules sheet .............. rules.RULES
    The log ...................... events: EVENTS (each kind's fields), event_text

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
([{"seat", "reason"}] at a targeting step), "prompt", "how" (while the match
is on: the rule behind the step in a line, or ""), and "log_since_decision"
(how many log events came since the seat began its last decision, so a table
can show what happened since then).
Texts name seat s "Player s+1" and a card by its Role ("the Informant");
`describe(action)` phrases an action for a hint, to the player taking it.
Log events are typed (events.py: a TypedDict per "kind", and event_text
renders each sentence from the fields). "showdown" lists every hand with
its "combination", "notches" and "discard_notches", the "winners", what
"decided_by" (combination, notches, discard_notches), "tied" and the
"verdict" in words; "elimination" and "family" name the seat and cards,
"elimination" and "no_effect" give their "reason" as a code, and "draw"
says how many cards ("count") and for which effect ("card", None for the
turn's own draw).

Usage:

    >>> from pyapp.engine.registry import new_game
    >>> state = new_game("mission-for-peanuts", players=3, seed=7)
    >>> state.options["target"]
    3
    >>> state.legal_actions()[0]["type"]
    'choose_role'
"""

from .cards import (AGENT, ASSASSIN, CARD, CARDS, COMBINATIONS, FAMILY, HANDLER, INFORMANT, NAMES,
                    NO_COMBINATION, NOTCHES, POLICE, SEER, SPY, TELEPATH, best_combination,
                    listing, player, round_deck, showdown_key, the)
from .rules import RULES
from .state import MissionForPeanuts
from . import steps
from .steps import IMMUNITY, STEPS

__all__ = ["AGENT", "ASSASSIN", "CARD", "CARDS", "COMBINATIONS", "FAMILY", "HANDLER", "IMMUNITY",
           "INFORMANT", "NAMES", "NO_COMBINATION", "NOTCHES", "POLICE", "RULES", "SEER", "SPY",
           "STEPS", "TELEPATH", "MissionForPeanuts", "best_combination", "listing", "player",
           "round_deck", "showdown_key", "steps", "the"]
