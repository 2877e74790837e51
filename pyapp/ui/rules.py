"""The rules sheet of a game: the rulebook in short and our Table rules (how
Safehouse settles what the rulebook leaves open), both written in the game's
engine module and carried here by its catalogue entry."""

from .html import el, render


def rules_html(entry):
    """The rules sheet for a catalogue entry."""
    rules = entry["rules"]
    return render([
        el("h2", entry["title"]),
        el("h3", "The rules"), el("ul", [el("li", line) for line in rules["rules"]]),
        el("h3", "Table rules"),
        el("p", "How Safehouse settles what the rulebook leaves open.", class_="note"),
        el("ul", [el("li", line) for line in rules["table"]]),
    ])
