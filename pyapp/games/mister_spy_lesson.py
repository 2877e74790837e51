"""The Mister Spy lesson (see pyapp/lesson.py): deal 16, two players, the
first nine turns, which bring every rule of the rulebook ("On Every Turn",
"When a Spy is Captured", "When A Spy Escapes"): a Lair card, a Spy sent
from one's own hand, a team, a Spy taken blind from another hand and one
from the top of the deck; captures and kills; Spies that escape and destroy
a Lair; a taunt let stand, a second taunt, and a third one foiled by the
other Doubler of its letter. About five minutes."""

from ..lesson import Lesson, bot, do, say

LESSON: Lesson = {
    "game": "mister-spy",
    "seed": 16,
    "players": 2,
    "levels": [None, "normal"],
    "options": {},
    "minutes": 5,
    "steps": [
        say("You are a super-villain. Each turn: draw a card, then you may add one Lair card to "
            "your Lair, then send one Spy into any Lair. The first to 30 points wins."),
        say("A Spy worth no more than the Lair's size is captured, and its captor scores it. "
            "A bigger Spy escapes and destroys the Lair. Spies have red backs, so everyone "
            "sees who holds them."),
        bot("A Lair card adds its value to the Lair: Spies up to 4 can now be captured there."),
        bot("The Lair is chosen before the Spy: here, its own."),
        bot("A 4 fits a Lair of 4 exactly."),
        bot("The safe choice: the Spy's value in points, at once."),
        do({"type": "lair", "card": "L3"},
           "Your turn. Start a Lair: tap your 3 Lair card.",
           "a Lair is where you capture Spies, and a bigger one captures bigger Spies."),
        do({"type": "spy_target", "seat": 1},
           "Now attack: choose Player 2's Lair of 4 as your Spy's target.",
           "a Spy bigger than a Lair destroys it, and you hold a 6."),
        do({"type": "spy_source", "source": "hand", "cards": ["S6"]},
           "Send your 6 Spy from your hand.",
           "6 is more than 4: the Spy escapes and takes Player 2's Lair with it."),
        bot("It builds again."),
        bot("Its own Lair again."),
        bot("Captured: its Lair holds 4."),
        bot("Another 4 points."),
        do({"type": "spy_target", "seat": 1},
           "Attack its Lair of 4 again.",
           "your Spies can still break that Lair."),
        do({"type": "spy_source", "source": "hand", "cards": ["S2", "S3"]},
           "Your Spies may go as a team into another player's Lair: tap your 2 and 3 Spies, "
           "then Send team.",
           "together they are worth 5, more than the Lair of 4."),
        bot("A new Lair of 4."),
        bot("Its own Lair."),
        bot("A Spy may come blind from another player's hand: it took your 1."),
        bot("1 point for it."),
        do({"type": "lair", "card": "L3"},
           "Grow your Lair: add your other 3, making it 6.",
           "a Lair of 6 captures any Spy from 1 to 6."),
        do({"type": "spy_target", "seat": 0},
           "Send a Spy into your own Lair.",
           "a capture in your own Lair scores for you."),
        do({"type": "spy_source", "source": "blind", "seat": 1},
           "Take a Spy blind from Player 2's hand: no Spy is worth more than 6, so your Lair "
           "captures whatever comes.",
           "a Spy from Player 2's hand is likely worth more than your 2, and it is captured all "
           "the same."),
        do({"type": "kill"},
           "Captured! Kill it for 5 points.",
           "you have only one Doubler, and a sure 5 points is a good start."),
        bot("Its Lair now holds 6."),
        bot("Its own Lair again."),
        bot("A blind Spy from your hand, captured."),
        bot("2 points."),
        do({"type": "end_turn"},
           "You hold no Spy, and Lair cards can wait: end your turn.",
           "your 2s are worth keeping for later."),
        bot("A Lair of 10 is hard to break."),
        bot("It ends its turn, so you draw."),
        do({"type": "end_turn"},
           "End your turn again.",
           "no Spy is in reach for your Lair this turn."),
        bot("Its own Lair."),
        bot("A Spy may also come from the top of the deck, unseen until it lands."),
        bot("Player 2 has 16 points now."),
        do({"type": "spy_target", "seat": 0},
           "Your Lair of 6: send a Spy into it.",
           "only the deck has a Spy for you now, and a deck Spy is captured by a Lair of 6."),
        do({"type": "spy_source", "source": "deck"},
           "Take the Spy from the top of the deck: you will see it only as it lands.",
           "no hand holds a Spy you could send."),
        say("Before a kill you may taunt the Spy with a Doubler card: if it stands, the Spy is "
            "worth double. But each Doubler letter has a twin, and the player who holds it may "
            "foil your taunt: the Spy escapes and destroys your Lair."),
        do({"type": "taunt", "card": "D-I"},
           "Taunt with D-I: worth 6 if it stands.",
           "Player 2 has shown no Doubler, so the taunt will likely stand."),
        bot("Player 2 did not hold the other D-I, or chose not to use it."),
        do({"type": "taunt", "card": "D-B"},
           "Taunt again with D-B: worth 12. Player 2 can no longer foil the D-I.",
           "each taunt that stands doubles the Spy again."),
        bot("The D-I is safe now: only the newest taunt can be foiled."),
        do({"type": "taunt", "card": "D-C"},
           "Now feel the risk: taunt a third time with D-C, for 24.",
           "the lesson shows what a foiled taunt costs."),
        bot("Foiled: the other D-C cancels your taunt, the Spy escapes, and your Lair is gone."),
        say("That is every rule: build Lairs, send Spies alone, as a team, blind or from the "
            "deck, and kill or taunt. Taunt when the twin Doubler is likely gone."),
    ],
}
