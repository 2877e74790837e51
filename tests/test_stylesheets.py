"""The stylesheets keep to the type scale written at the top of app.css.

A browser looks up and sets up a font for each size (and weight) the first
time it lays it out; a table that brought some thirty sizes the lobby had
not used spent most of its first frame on that, so every font-size is one
of a few steps of one scale, in rem.
"""

import re

import pytest

from tools import ROOT

STYLESHEETS = sorted((ROOT / "static").glob("*.css"))


def type_scale():
    """The steps listed in app.css's "Type scale (rem):" comment."""
    line = re.search(r"Type scale \(rem\):([\d. ]+)", (ROOT / "static" / "app.css").read_text())
    return {float(step) for step in line.group(1).split()}


def test_the_scale_has_few_steps():
    assert 8 <= len(type_scale()) <= 16


@pytest.mark.parametrize("sheet", STYLESHEETS, ids=lambda path: path.name)
def test_every_font_size_is_a_step_of_the_scale(sheet):
    scale = type_scale()
    off = []
    for number, line in enumerate(sheet.read_text().splitlines(), 1):
        for value in re.findall(r"font-size:\s*([^;}]+)", line) + [
                size for shorthand in re.findall(r"\bfont:\s*([^;}]+)", line)
                for size in re.findall(r"[\d.]+(?:rem|em|px)\b", shorthand)]:
            size = re.fullmatch(r"([\d.]+)rem(\s*!important)?", value.strip())
            if not size or float(size.group(1)) not in scale:
                off.append("%s:%d: font-size: %s" % (sheet.name, number, value.strip()))
    assert not off, "off the type scale in app.css:\n" + "\n".join(off)
