"""The lesson on the page (pyapp/ui/coach.py), driven under CPython as the
browser would: Learn in the lobby, the coach's box and its pointer, a click
on the control it points at, a click elsewhere that makes no move, and a
lesson left and resumed where it was."""

import json
import re
from html.parser import HTMLParser

import pytest

from pyapp import bots
from pyapp.games.lessons import LESSONS
from pyapp.ui.lobby import lobby_html

from page import Page

ATTRIBUTE = re.compile(r'\[([a-z-]+)(?:(\^?=)(?:"([^"]*)"|\'([^\']*)\'))?\]')


class Controls(HTMLParser):
    """Every element of a piece of HTML with its attributes."""

    def __init__(self, html):
        super().__init__()
        self.found = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append({name: value or "" for name, value in attrs})


def matches(attrs, selector):
    """`attrs` (one element's) match a selector made of [name], [name="v"]
    and [name^="v"] parts, as the coach's are."""
    parts = ATTRIBUTE.findall(selector)
    assert parts, selector
    for name, op, double, single in parts:
        value = double or single
        if name not in attrs or (op == "=" and attrs[name] != value) or \
                (op == "^=" and not attrs[name].startswith(value)):
            return False
    return True


def learning(game="deck-of-spies"):
    page = Page()
    page.boot()
    page.click("learn", game=game)
    page.settle()
    return page


def click_target(page):
    """Click what the coach points at, as the browser's edge would send it."""
    for container in ("coach", "table"):
        selector = page.marks.get((container, "data-coach-target"))
        if not selector or selector == "[data-coach-none]":
            continue
        found = [attrs for attrs in Controls(page.html[container]).found
                 if matches(attrs, selector)]
        assert found, (container, selector)
        event = {"type": "click", "in_table": container == "table",
                 "action": found[0]["data-action"]}
        event.update((name, value) for name, value in found[0].items()
                     if name.startswith("data-") or name == "aria-disabled")
        page.send(event)
        page.settle()
        return
    raise AssertionError("the coach points at nothing")


def test_learn_is_offered_beside_play_for_each_game_with_a_lesson():
    html = lobby_html(bots.catalogue())
    for game in LESSONS:
        assert re.search(r'data-action="learn"[^>]* data-game="%s">Learn<' % game, html)


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_a_lesson_is_followed_to_its_end_by_clicking_what_the_coach_points_at(game):
    page = learning(game)
    assert page.screen == "table" and page.body["data-tutorial"] == "on"
    assert page.hidden["coach"] is False and "step 1 of" in page.html["coach"]
    clicks = 0
    while page.body.get("data-tutorial") == "on":
        click_target(page)
        clicks += 1
        assert page.message() is None, page.message()
        assert clicks < 200
    assert page.body["data-tutorial"] == "done"
    assert "Lesson complete" in page.html["coach"] and 'data-action="play"' in page.html["coach"]
    assert page.marks[("table", "data-coach-target")] == "[data-coach-none]"


def test_a_click_the_lesson_does_not_want_makes_no_move_and_the_coach_says_why():
    page = learning()
    while page.marks[("coach", "data-coach-target")] == '[data-action="coach-next"]':
        click_target(page)
    target = page.payload["coach"]["target"]
    other = next(action for action in page.payload["legal"] if action != target)
    moves = page.payload["moves"]
    page.click("do", in_table=True, act=json.dumps(other))
    page.settle()
    assert page.payload["moves"] == moves
    assert "The lesson wants you to" in page.message()
    assert page.payload["coach"]["target"] == target


def test_the_bots_wait_while_the_coach_speaks():
    page = learning()
    assert page.payload["coach"]["next"]
    page.key("n")  # Skip: nothing moves under a note
    page.settle()
    assert page.payload["moves"] == 0 and not page.calls


def test_a_lesson_left_is_resumed_where_it_was_and_leaves_no_coach_behind():
    page = learning()
    for _ in range(4):
        click_target(page)
    step = page.payload["coach"]["step"]
    page.click("lobby")
    page.settle()
    assert page.screen == "lobby" and "data-tutorial" not in page.body
    assert page.hidden["coach"] is True
    page.click("learn", game="deck-of-spies")
    page.settle()
    assert page.payload["coach"]["step"] == step and page.body["data-tutorial"] == "on"
