"""The worker draws most tables under CPython (pyapp/worker.py `_with_table`),
the page draws the rest under MicroPython (a card selected, a hint shown).
Both must give the very same markup: a control is found again after a redraw
by its attributes, and a card that looks new is animated. Every payload of a
seeded game of each game, drawn both ways (the page's way under the vendored
MicroPython, run by Node), must match."""

import json
import subprocess

import pytest

from pyapp import worker
from tools import ROOT
from tools.snapshot import find_node

from playthrough import payloads

GAMES = [("deck-of-spies", 1, 5), ("mission-for-peanuts", 5, 6), ("spy-tricks", 4, 7),
         ("mister-spy", 6, 8)]


def micropython_tables(site_dist, tmp_path, sent):
    (tmp_path / "in.json").write_text(json.dumps(sent))
    subprocess.run([find_node(), str(ROOT / "tests" / "mp_tables.mjs"), str(site_dist), str(ROOT),
                    str(tmp_path / "in.json"), str(tmp_path / "out.json")],
                   check=True, timeout=300)
    return json.loads((tmp_path / "out.json").read_text())


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_the_worker_draws_each_table_as_the_page_would(site_dist, tmp_path, game, players,
                                                       seed):
    answers = [json.loads(worker._reply(worker._with_table(payload)))
               for payload in payloads(game, players, seed)[1]]
    drawn = [answer.pop("table_html") for answer in answers]
    assert micropython_tables(site_dist, tmp_path, answers) == drawn


def test_a_payload_without_a_game_gets_no_table():
    assert "table_html" not in worker._with_table({"ok": False, "error": "x", "view": None})


def micropython_core(site_dist, tmp_path, catalogue, events):
    (tmp_path / "core-in.json").write_text(json.dumps({"catalogue": catalogue, "events": events}))
    subprocess.run([find_node(), str(ROOT / "tests" / "mp_core.mjs"), str(site_dist), str(ROOT),
                    str(tmp_path / "core-in.json"), str(tmp_path / "core-out.json")],
                   check=True, timeout=300)
    return json.loads((tmp_path / "core-out.json").read_text())


def comparable(effects):
    """Effects with their JSON texts read: MicroPython's dicts may write their
    keys in another order."""
    return [[json.loads(value) if index == 2 and effect[0] == "call" and value else value
             for index, value in enumerate(effect)] for effect in effects]


def test_the_page_core_decides_the_same_under_micropython(site_dist, tmp_path):
    """A session of the page core under CPython (tests/page.py: a deal, moves,
    bots at their pace, a hint, undo, a finished game's replay and review),
    its events replayed into the core under the page's MicroPython: every
    event gives the very same effects."""
    from page import Page, catalogue

    page = Page(query="?game=mister-spy&players=3&seed=5&level=easy")
    page.boot()
    page.settle()
    page.click("hint")
    page.settle()
    page.click("do", act=json.dumps(page.payload["legal"][0]))
    page.settle()
    page.click("undo")
    page.settle()
    page.click("lobby")
    page.send({"type": "deal", "spec": {"game": "deck-of-spies", "seed": 9}, "fresh": True})
    page.settle()
    page.change(setting="pace", value="instant")
    page.click("autoplay")
    page.settle()
    page.click("replay")
    page.settle()
    for key in ("ArrowRight", "ArrowRight", "End", "Home"):
        page.key(key)
    page.settle()
    page.click("review")
    page.settle()
    events = [event for event, _ in page.events]
    assert len(events) > 100
    under_micropython = micropython_core(site_dist, tmp_path, catalogue(), events)
    for (event, effects), theirs in zip(page.events, under_micropython):
        assert comparable(theirs) == comparable(effects), event["type"]
