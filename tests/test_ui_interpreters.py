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
