"""The Deck of Spies lesson (see pyapp/lesson.py): deal 82, whose first three
turns bring every action a turn can hold (rulebook, "Gameplay"): a counter,
ending a turn, a recruit, a retire, an Ace changing a suit, and the draw
discard shuffled into a new draw deck ("Turn End"). Assassination cannot be
forced this early (five cards always make a 5-7), so the coach explains it.
About three minutes."""

from ..lesson import Lesson, do, say

LESSON: Lesson = {
    "game": "deck-of-spies",
    "seed": 82,
    "players": 1,
    "levels": [None],
    "options": {},
    "minutes": 3,
    "steps": [
        say("Deck of Spies is solitaire. Spies come at you one at a time from the Spy Deck: "
            "36 of them, the 5\u20137s first, then the 8\u201310s, then 12 Key Spies (J, Q, K). "
            "You win if, at the end, your own deck holds 7 or more of the Key Spies."),
        say("Your hand holds five cards from your Draw Deck, which starts with the A\u20134s. "
            "Each turn you must counter or recruit the spy on top of the Spy Deck: now the "
            "7\u2665, worth 7."),
        do({"type": "counter", "cards": ["AC", "2H", "4D"]},
           "Counter it: discard cards worth 7 or more in all (an A is worth 1). Select A\u2663, "
           "2\u2665 and 4\u2666, then press Counter.",
           "A\u2663 + 2\u2665 + 4\u2666 make exactly 7 and keep your two 3s together, a pair "
           "you can retire later."),
        do({"type": "end_turn"},
           "After a counter or a recruit you may retire two or more cards of one rank, or end "
           "your turn. End it now: you then draw back up to five cards.",
           "your 3\u2666 and 3\u2663 still pay for spies; retiring comes next turn."),
        say("A counter only sends a spy away. A recruit takes it into your deck, which grows "
            "stronger: pay its value with cards that are all of the spy's suit."),
        do({"type": "recruit", "cards": ["3C", "4C"]},
           "Recruit the 5\u2663 with 3\u2663 + 4\u2663: both clubs, and 7 is at least 5. "
           "Select them, then press Recruit.",
           "a recruit adds the 5\u2663 to your deck, where a counter would only throw it away."),
        do({"type": "retire", "cards": ["2S", "2D"]},
           "Now retire your pair of 2s: retired cards leave the game, so your deck draws its "
           "stronger cards more often. Select both 2s, then press Retire.",
           "the 2s are your weakest cards; the Key Spies later cost 11 to 13."),
        do({"type": "recruit", "cards": ["AS", "4H"]},
           "Aces are your Double Agents: an A played in a recruit turns the other cards to its "
           "suit. A\u2660 + 4\u2665 count as spades, worth 5: recruit the 5\u2660 with them.",
           "the A\u2660 lets a heart pay for a spade, and the recruited 5\u2660 strengthens "
           "your deck."),
        say("Keep your Aces for the worst moment too: when your hand cannot counter a spy, you "
            "must assassinate it by removing an A from the game. With no A left then, you lose."),
        do({"type": "retire", "cards": ["3H", "3D"]},
           "Retire the pair of 3s as well: a thinner deck of strong cards wins the late game.",
           "the 3s would soon be too weak for the 8\u201310s."),
        do({"type": "counter", "cards": ["AD", "AH", "3S"]},
           "Your Draw Deck is empty. Counter the 5\u2665 with A\u2665 + A\u2666 + 3\u2660: when "
           "you next draw, your Draw Discard pile is shuffled into a new Draw Deck.",
           "it spends your low cards and keeps 4\u2660 for the next spy."),
        say("Your discard pile, with the 5\u2663 and 5\u2660 you recruited, is now your Draw "
            "Deck. Play on the same way: the 8\u201310s come next, then the Key Spies. Count "
            "the Key Spies you hold on the table's score line."),
    ],
}
