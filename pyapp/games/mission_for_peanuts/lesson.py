"""The Mission for Peanuts lesson (see pyapp/lesson.py): deal 7, three
players, the first round told move by move. It brings the rulebook's
"Setup" (Roles chosen face down, flipped together), "Gameplay" (a draw, then
an ASSIST or a DEPLOY), "Elimination" (the Secret Police finds the Spy),
"Ending the Round" and "Scoring" (a showdown of pairs), and fourteen of the
cards' sixteen powers: every ASSIST (the Assassin and the Spy have none)
and the DEPLOY of the Informant, Telepath, Seer, Handler, Secret Police and
Assassin. The Spy's and the Agent's DEPLOY do not come up this round; the
coach explains them. About five minutes."""

from ...lesson import Lesson, bot, do, say

LESSON: Lesson = {
    "game": "mission-for-peanuts",
    "seed": 7,
    "players": 3,
    "levels": [None, "normal", "normal"],
    "options": {},
    "minutes": 5,
    "steps": [
        say("Bring the Forger family together: hold the Spy, the Telepath and the Assassin at "
            "once after a draw, and you win the round. Otherwise the last player standing wins "
            "it, or the best pair when the deck runs out."),
        say("Each player has a face-up Role and one hidden card in hand. On your turn you draw, "
            "then either discard a hand card for its ASSIST, or make a hand card your new Role "
            "and use its DEPLOY. Each card shows both."),
        bot("Every round starts with each player choosing one of two cards as their Role, face "
            "down."),
        do({"type": "choose_role", "card": "seer"},
           "Make the Seer your Role: tap the button under it. The Telepath stays hidden in your "
           "hand.",
           "the Telepath is one of the family: keep it in your hand."),
        bot("An Assassin Role means nobody can swap or discard that player's hand."),
        bot("The Informant's DEPLOY: draw a card, then put one from your hand back on top."),
        bot("The card you just drew is the one Player 3 put back."),
        do({"type": "assist", "card": "handler"},
           "Discard the Handler for its ASSIST: every Role passes one seat, left or right.",
           "passing right brings you Player 2's Assassin Role, which protects your hand."),
        do({"type": "direction", "dir": "right"},
           "Pass the Roles right, to the previous player: Player 2's Assassin becomes your "
           "Role.",
           "while the Assassin is your Role, nobody can swap or discard your hand, which "
           "holds the Telepath."),
        bot("The Informant's ASSIST makes two players swap hands."),
        bot("It chooses the two players."),
        bot("Your Assassin Role kept your hand out of it."),
        bot("The Agent's ASSIST: a player discards their hand and picks one of Player 3's cards "
            "blind."),
        bot("Anyone handed the Assassin by an action is eliminated."),
        bot("It was not the Assassin."),
        do({"type": "deploy", "card": "telepath"},
           "Drawing the Assassin is safe: only a card put into your hand by an action "
           "eliminates. Now DEPLOY the Telepath as your new Role.",
           "as your Role the Telepath shields you from the Assassin, and you keep two of the "
           "family."),
        bot("Another swap."),
        bot("It chooses the two players."),
        bot("Again it leaves you out."),
        bot("The Secret Police's ASSIST looks at a player's hand: a Spy there is eliminated."),
        bot("The Spy goes back into the deck, and Player 3 takes another turn."),
        bot("The Telepath's ASSIST: every other player shows Player 3 their hand, then it "
            "takes another turn. It now knows yours."),
        bot("The Seer's DEPLOY: draw two cards, then put two on the bottom of the deck."),
        bot("The first of the two."),
        bot("The second. Your turn."),
        do({"type": "deploy", "card": "handler"},
           "The Spy is back in a deck of three. DEPLOY the Handler: a discarded card is "
           "shuffled in, then a player swaps their hand with the top card.",
           "a swap with the deck may bring you the Spy."),
        do({"type": "recall", "seat": 2, "index": 1},
           "Choose the discarded card to shuffle into the deck: Player 3's Agent.",
           "one more card in the deck is one more turn before the round ends."),
        do({"type": "target", "seat": 0},
           "Now choose who swaps their hand with the top card: yourself.",
           "your lone Assassin makes no pair at the end; the top card may do better."),
        bot("The Seer's ASSIST: look at the top three cards and discard one face down, even "
            "the Spy."),
        bot("The deck is nearly empty: this is your last turn of the round."),
        do({"type": "deploy", "card": "secret-police"},
           "You hold the Spy and the Secret Police. DEPLOY the Secret Police as your Role and "
           "keep the Spy in hand for the showdown.",
           "a Spy in hand keeps the best pairs within reach, and nobody's Secret Police can "
           "choose you."),
        bot("The deck is out: Roles and hands are shown. Player 3's Assassin and Secret Police "
            "make a pair and yours do not, so Player 3 wins the round and a Peanut Point."),
        say("Pairs, best first: Spy with Telepath or Assassin, Telepath with Assassin, Spy with "
            "Informant, Telepath with Seer, Handler with Agent, Assassin with Secret Police; "
            "without one, the fewest notches win. Two powers did not come up: the Spy's DEPLOY "
            "trades it for the top card, and the Agent's uses another player's Role's ASSIST."),
    ],
}
