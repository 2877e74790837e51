"""In-app rules: each table module's RULES, a short rulebook and our Table
rules (docs/rules-decisions.md), so a player is never surprised."""

from .html import esc
from .tables import TABLES


def rules_html(game_id):
    """The rules sheet of a game."""
    entry = TABLES[game_id].RULES
    return ("<h2>%s</h2><h3>The rules</h3><ul>%s</ul><h3>Table rules</h3>"
            "<p class=\"note\">How Safehouse settles what the rulebook leaves open.</p>"
            "<ul>%s</ul>" % (esc(entry["title"]),
                             "".join("<li>%s</li>" % esc(r) for r in entry["rules"]),
                             "".join("<li>%s</li>" % esc(r) for r in entry["table"])))
