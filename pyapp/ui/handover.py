"""Pass and play: the screen that hides the table while the device goes
from one person to the next, so no one sees another's hand."""

from .html import button, el, render
from .seats import seat_name


def pass_html(seat):
    """"Pass the device to Player 3", and Continue for that person."""
    name = seat_name(seat)
    return render(el(
        "div",
        el("h1", "Pass the device to %s" % name),
        el("p", "%s, tap Continue when no one else can see the screen. The table, and "
                "your hand, stay hidden until then." % name),
        el("div", button("Continue as %s" % name, "continue", classes="btn primary"),
           class_="end-actions"),
        class_="archive pass-screen"))
