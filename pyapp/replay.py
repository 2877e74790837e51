"""A saved game, move by move, for the page's replay screen.

A save is seed + actions, so the engine deals the game again and applies
its actions one at a time; step k is the state after k moves (0: the deal).
At each step the page gets what the human seat saw then: the session's
payload built from that seat's `view`, read-only (no legal actions). Since a
replayed game is over, `hands` may show every seat's hand too.

>>> from pyapp.session import Session
>>> session = Session.start({"game": "deck-of-spies", "seed": 3})
>>> _ = session.act(session.state.legal_actions()[0])
>>> replay = Replay(session.save())
>>> replay.steps, replay.payload(1)["view"] == session.state.view(0)
(1, True)
"""

from typing import Any

from .engine.protocol import GameState, IllegalAction
from .games import load_game
from .session import Payload, Session, game_facts, payload_of
# A move that wrote nothing in the public log; seats count from 1, as the engines say.
NO_EVENT = "Player %d decided."


class Replay:
    """Every state of a saved game, and what its human seat saw of each."""

    def __init__(self, saved: object) -> None:
        final = Session.restore(saved)  # refuses a bad save, with its reason
        assert isinstance(saved, dict)
        self.saved = saved
        self.human = final.human
        self.levels = final.levels
        game = final.state.save()
        self.states = [load_game(dict(game, actions=[]))]
        for action in game["actions"]:
            state = self.states[-1].clone()
            try:
                state.apply(action)
            except IllegalAction as err:  # Session.restore replayed it, so never
                raise ValueError("this game cannot be replayed: %s" % err) from None
            self.states.append(state)

    @property
    def steps(self) -> int:
        """The number of moves: steps run from 0 (the deal) to this."""
        return len(self.states) - 1

    def state(self, step: object) -> GameState:
        if type(step) is not int or not 0 <= step <= self.steps:
            raise ValueError("a replay's step is a whole number from 0 to %d" % self.steps)
        return self.states[step]

    def payload(self, step: object) -> Payload:
        """The page's payload at `step`, as the human seat saw it, with no
        legal actions (a replay only shows); "replay" tells the table to show
        the result as a panel, not as the end screen's dialog."""
        state = self.state(step)
        saved = self.saved  # Session.restore took it: "humans" is absent or valid seats
        facts = game_facts(state, self.levels, saved.get("humans") or [self.human], saved)
        return payload_of(facts, state, self.human,
                          {"allowed": False, "reason": "This is a replay."}, replay=True)

    def hands(self, step: object) -> list[list[Any]]:
        """Every seat's hand at `step`, as [seat, [cards]] pairs."""
        state = self.state(step)
        return [[seat, state.view(seat)["hand"]] for seat in range(state.num_players)]

    def moves(self) -> list[dict[str, Any]]:
        """Each move as the public log told it: {"seat", "text"}, in order."""
        found = []
        for before, after in zip(self.states, self.states[1:]):
            seat = before.to_act
            assert seat is not None  # a move was made, so someone was to act
            events = after.log[len(before.log):]
            text = " ".join(event["text"] for event in events) or NO_EVENT % (seat + 1)
            found.append({"seat": seat, "text": text})
        return found
