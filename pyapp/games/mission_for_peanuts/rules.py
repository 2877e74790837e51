"""The rules sheet of Mission for Peanuts: a short rulebook, then our Table rules
(sent to the page through `catalogue()`)."""

RULES = {
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
