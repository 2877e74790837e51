"""In-app rules: a short rulebook for each game and our Table rules
(docs/rules-decisions.md), so a player is never surprised."""

from .html import esc

RULES = {
    "deck-of-spies": {
        "title": "Deck of Spies",
        "rules": [
            "The spy deck lies face up: 5\u20137s on top, then 8\u201310s, then J\u2013Ks. "
            "Each turn you must deal with its top card.",
            "Counter: discard cards from your hand totalling at least the spy's value "
            "(A=1, J=11, Q=12, K=13). The spy goes to the spy discard.",
            "Recruit: as a counter, but every card must be of the spy's suit. The spy "
            "joins your draw discard, and so your deck.",
            "An Ace of the spy's suit changes the suit of all your chosen cards, and may "
            "join a recruit for that power even when its 1 point is not needed.",
            "Assassinate: only when your whole hand is below the spy's value. Give up any "
            "Ace from your hand, draw deck or draw discard; the spy goes to the spy "
            "discard and your hand to the draw discard. With no Ace left, you lose.",
            "Retire: once, after a counter or recruit, put 2\u20134 cards of one rank from "
            "your hand into the spy discard, thinning your deck.",
            "Refill your hand to 5, shuffling the draw discard into a new draw deck when "
            "you need a card.",
            "When the last spy is dealt with, you win with more of the 12 key spies "
            "(J, Q, K) in your hand, draw deck and draw discard than in the spy discard: "
            "at least 7.",
        ],
        "table": [
            "No chosen card may be superfluous: leaving any one out must drop the total "
            "below the spy's value. Only the Ace of the spy's suit is exempt in a recruit.",
            "An Ace of another suit cannot help a recruit: it would change the cards to a "
            "suit that does not match.",
            "Assassination is never a free choice. An Ace taken from the draw deck means "
            "the draw deck is shuffled. No retire follows an assassination.",
            "Face cards may be retired; they then count for the spies.",
            "If fewer than 5 cards exist to draw, your hand stays smaller.",
            "When no two cards in your hand share a rank after a counter or recruit, "
            "there is nothing to retire and the turn ends by itself.",
        ],
    },
}


def rules_html(game_id):
    """The rules dialog's content for a game."""
    entry = RULES.get(game_id)
    if entry is None:
        return "<p>No rules are written for this game yet.</p>"
    return ("<h2>%s</h2><h3>The rules</h3><ul>%s</ul><h3>Table rules</h3>"
            "<p class=\"note\">How Safehouse settles what the rulebook leaves open.</p>"
            "<ul>%s</ul>" % (esc(entry["title"]),
                             "".join("<li>%s</li>" % esc(r) for r in entry["rules"]),
                             "".join("<li>%s</li>" % esc(r) for r in entry["table"])))
