"""The Spy Tricks lesson (see pyapp/lesson.py): deal 225, three players, the
first round, whose five tricks bring every rule of a round (rulebook, "Trick
Flow" and "Round End"): leading, following suit and failing to, the
strongest card winning and the weakest losing whatever was led, the
winner's then the loser's pawn on a card, rank or suit space, a pass, the
secret revealed and paid, a catch-up pawn, and collaborators handed to the
lowest totals. Collaborators are used from the second round on, so the
coach explains them. About four minutes."""

from ..engine.protocol import Action
from ..lesson import Lesson, bot, do, say


def place(space: str) -> Action:
    return {"type": "place", "space": space, "collaborator": False}


LESSON: Lesson = {
    "game": "spy-tricks",
    "seed": 225,
    "players": 3,
    "levels": [None, "normal", "normal"],
    "options": {},
    "minutes": 4,
    "steps": [
        say("Each round one card is hidden as the secret. Tricks win you the right to bet "
            "pawns on it: its card pays 10 coins, its rank 5, its suit 2. The richest player "
            "after three rounds wins."),
        say("With three players the 1s and 2s are out of play, and R5 and B4 lie face up: "
            "none of them can be the secret. Cards rank red over blue over white, then by "
            "number."),
        do({"type": "play", "card": "B3"},
           "You lead the first trick: play any card. Tap B3, your weakest blue.",
           "the weakest card of a trick loses it, and the loser places a pawn too: only the "
           "middle player gets nothing."),
        bot("It follows blue, as everyone must who can, with its strongest blue."),
        bot("The strongest card wins the trick and the weakest loses it, whatever suit was "
            "led."),
        bot("The winner places first: a pawn on the rank 7 space bets that the secret is a 7, "
            "worth 5 coins if it is."),
        do(place("R3"),
           "Now you, the loser: tap the R3 space on the board to bet on that card.",
           "R3 is a card nobody has shown, and a card space pays the most."),
        bot("Player 2 won the last trick, so it leads the next one, with any card."),
        bot("It follows white."),
        do(place("R4"),
           "W9 was your only white, so it was played for you, and it won the trick. Place "
           "first: tap R4.",
           "R4 is still unseen and free, and the winner chooses before the loser."),
        bot("The loser bets on a whole suit: 2 coins if the secret is red."),
        do({"type": "play", "card": "R9"},
           "You lead again. Play R9: no card left can beat it.",
           "R9 is the strongest card of the game, so it wins the trick and a pawn for you."),
        bot("It has no red, so it may play any card."),
        bot("R3 now lies on the board: your pawn on R3 can no longer pay."),
        do({"type": "pass"},
           "Placing is never a must: tap Pass this time.",
           "you have only five pawns a round, and the board tells you little yet."),
        bot("You hold R6, so you know this bet cannot pay; Player 2 cannot know that."),
        do({"type": "play", "card": "R6"},
           "Lead R6.",
           "it spends a card that no bet of yours needs."),
        bot("No red again."),
        bot("Its R7 beats your R6."),
        bot("You hold R8: another bet you know is lost."),
        bot("And B7 is in your hand too."),
        bot("Player 3 won, so it leads the last trick."),
        bot("Your R8 was your only red, so it was played for you, and it wins."),
        do(place("B8"),
           "The last pawn of the round. Of all the cards, you have not seen only B8, W3 and W7: "
           "one of them is the secret. Tap B8.",
           "the secret is one of the three cards you have not seen, and B8's space is free."),
        bot("Another of the three."),
        bot("At the round's end, a player whose pawns all miss may place one catch-up pawn "
            "anywhere, even on a space already taken."),
        say("The secret was B8: your pawn there earns 10 coins. The players with the lowest "
            "total get a collaborator: a black pawn placed beside your own pawn that doubles "
            "what it earns."),
    ],
}
