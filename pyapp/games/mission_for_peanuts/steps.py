"""The steps of a turn, in one table: who acts, which action types, the
prompt and the rule behind it.

Each action type's rules are its entry in the state's MOVES (state.py):
its check, options, effect and words. A step's actions are legal exactly
when their type is one of the step's `kinds` and its check passes;
`legal_actions()` joins the options of the step's kinds, in order. A
"target" action's effect depends on the targeting step (effects.TARGETS).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ASSASSIN, POLICE


class Step(NamedTuple):
    """One step of the turn machine."""

    who: str  # "turn": the turn's player; "target": the Agent's target; "each": every
    # seat in turn from the round's first player (who starts it)
    kinds: tuple[str, ...]  # the action types open at this step, in the order listed
    prompt: str  # what `to_act` must do, as an instruction ({by}: the effect's player)
    how: str = ""  # a line that explains the step's rule to the person deciding
    immunity: str | None = None  # at a targeting step: the IMMUNITY entry that shields
    self_allowed: bool = False  # at a targeting step: may the turn's player choose themself


def targeting(prompt: str, immunity: str, self_allowed: bool = False, how: str = "") -> Step:
    """A step where the turn's player chooses a player: a "target" action that
    `immunity` may shield against."""
    return Step("turn", ("target",), prompt, how, immunity, self_allowed)


STEPS = {
    "role": Step("each", ("choose_role",),
                 "choose one of your two cards as your Role",
                 "Your Role stays face down until everybody has chosen; the other card is "
                 "your secret hand."),
    "act": Step("turn", ("assist", "deploy"),
                "discard a card for its ASSIST, or DEPLOY a card as your new Role",
                "You drew a card. ASSIST: discard it for its action. DEPLOY: make it your "
                "new Role (your old Role is discarded) and do its DEPLOY."),
    "swap_first": targeting("choose the first of two players to trade hands (Informant)",
                            "swap", self_allowed=True),
    "swap_second": targeting("choose the second player to trade hands (Informant)",
                             "swap", self_allowed=True,
                             how="{first} will swap hands with the player you choose now."),
    "agent_target": targeting("choose a player to discard their hand (Agent)", "agent"),
    "agent_pick": Step("target", ("pick",),
                       "pick one of {by}'s face-down cards (Agent)",
                       "Your hand was discarded. {by}'s cards are shuffled face down: "
                       "pick one blind."),
    "police_target": targeting("choose a player whose hand you look at (Secret Police)",
                               "police"),
    "trade_target": targeting("choose a player to trade their hand with the top card (Handler)",
                              "trade", self_allowed=True),
    "copy": Step("turn", ("copy",),
                 "choose another player whose Role's ASSIST you use (Agent)", immunity="copy"),
    "direction": Step("turn", ("direction",),
                      "choose the direction to pass every Role (Handler)"),
    "seer_discard": Step("turn", ("discard_face_down",),
                         "discard one of the cards you see face down (Seer)",
                         "The others go back on the deck in the same order."),
    "bury": Step("turn", ("bury",),
                 "put a card from your hand on the bottom of the deck (Seer)",
                 "{left} to go. Each card goes under the whole deck, so the last one you put "
                 "there is the bottom card."),
    "return": Step("turn", ("return",),
                   "put a card from your hand on top of the deck (Informant)",
                   "The card you put back will be the next one drawn."),
    "recall": Step("turn", ("recall",),
                   "choose a discarded card to shuffle into the deck (Handler)"),
}

# The keys of each action type besides "type" (see the package docstring).
ACTION_FIELDS = {
    "choose_role": ("card",), "assist": ("card",), "deploy": ("card",),
    "target": ("seat",), "copy": ("seat",), "direction": ("dir",),
    "discard_face_down": ("index",), "bury": ("card",), "return": ("card",),
    "recall": ("seat", "index"), "pick": ("index",),
}
# "left" is the next seat, "right" the previous one.
DIRECTIONS = {"left": 1, "right": -1}
# Why a player cannot be chosen, per targeting step (shown by the UI).
IMMUNITY = {
    "swap": (ASSASSIN, "Assassin Role: cannot be chosen for a swap"),
    "agent": (ASSASSIN, "Assassin Role: cannot be made to discard their hand"),
    "trade": (ASSASSIN, "Assassin Role: cannot be chosen to trade their hand"),
    "police": (POLICE, "Secret Police Role: cannot be targeted by the Secret Police"),
    "copy": (ASSASSIN, "Assassin Role: the Agent cannot copy it"),
}
