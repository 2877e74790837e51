"""The rules sheet of a game: the rulebook in short and our Table rules (how
Safehouse settles what the rulebook leaves open), both written in the game's
engine module and carried here by its catalogue entry."""

from .html import esc


def rules_html(entry):
    """The rules sheet for a catalogue entry."""
    rules = entry["rules"]
    return ("<h2>%s</h2><h3>The rules</h3><ul>%s</ul><h3>Table rules</h3>"
            "<p class=\"note\">How Safehouse settles what the rulebook leaves open.</p>"
            "<ul>%s</ul>" % (esc(entry["title"]),
                             "".join("<li>%s</li>" % esc(r) for r in rules["rules"]),
                             "".join("<li>%s</li>" % esc(r) for r in rules["table"])))
