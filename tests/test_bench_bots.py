"""bench/bots.py, the one bot benchmark (the issue's command for the
solitaire), bench/arena.py, which shares its levels and RESULT lines, and
bench/hint_odds.py and bench/hint_chances.py, which check the hint's
chances against what came of them."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_bench(*args, script="bots.py"):
    done = subprocess.run([sys.executable, os.path.join(ROOT, "bench", script), *args],
                          capture_output=True, text=True, timeout=120, check=False)
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_the_solitaire_needs_no_others_and_prints_no_fair_share():
    code, lines, errors = run_bench("--game", "deck-of-spies", "--level", "greedy",
                                    "--games", "2", "--first-seed", "1")
    assert code == 0, errors
    assert re.fullmatch(
        r"RESULT game=deck-of-spies players=1 level=greedy games=2 share=\d+\.\d% "
        r"lo=\d+\.\d% hi=\d+\.\d% p50_ms=\d+ p95_ms=\d+", lines[-1]), lines[-1]


def test_an_unknown_level_is_refused_with_the_known_ones():
    code, _, errors = run_bench("--game", "deck-of-spies", "--level", "hard", "--games", "1")
    assert code != 0
    assert "deck-of-spies has no level 'hard' (levels: greedy, expert, random)" in errors


def test_the_arena_switches_the_levels_inference_off_and_names_it():
    code, lines, errors = run_bench("--game", "mister-spy", "--players", "2", "--level", "hard",
                                    "--no-inference", "--sims", "5", "--games", "1",
                                    "--first-seed", "3", script="arena.py")
    assert code == 0, errors
    assert lines[-2].startswith("RESULT game=mister-spy players=2 level=ismcts-5 "
                                "others=hard-noinference games=1 "), lines[-2]
    assert lines[-1].startswith("RESULT game=mister-spy players=2 level=hard-noinference "
                                "others=ismcts-5 games=1 "), lines[-1]


def test_the_arena_refuses_to_switch_an_inference_a_level_lacks():
    code, _, errors = run_bench("--game", "spy-tricks", "--level", "hard", "--no-inference",
                                "--games", "1", script="arena.py")
    assert code != 0
    assert "spy-tricks's hard level has no inference to switch" in errors


def test_the_hint_odds_bench_prints_both_tables_and_every_scored_power_and_mix():
    code, lines, errors = run_bench("--players", "3", "--games", "2", "--first-seed", "5",
                                    "--powers", "1,0.5", "--mixes", "0,0.5",
                                    script="hint_odds.py")
    assert code == 0, errors
    head = r"3 players, normal in every seat, 2 matches \(seeds 5-6\): \d+ positions"
    assert re.fullmatch(head, lines[0]), lines[0]
    assert [line for line in lines if line.startswith("| said")] == [
        "| said (power 1, mix 0) | positions | mean said | took the round |",
        "| said (power 0.5, mix 0.5) | positions | mean said | took the round |"]
    scored = [line.split(" | ")[:3] for line in lines
              if re.match(r"\| [\d.]+ \| [\d.]+ \| ", line)]
    assert scored == [["| %s" % power, mix, parity] for power in ("1", "0.5")
                      for mix in ("0", "0.5") for parity in ("even", "odd")]


def test_the_hint_chances_bench_scores_the_stated_chances_beside_the_best_constant():
    code, lines, errors = run_bench("--game", "mister-spy", "--players", "2", "--games", "2",
                                    "--first-seed", "4", script="hint_chances.py")
    assert code == 0, errors
    assert re.fullmatch(r"mister-spy, 2 players, the others normal, 2 games \(seeds 4-5\): "
                        r"\d+ hinted decisions; the hint's follower won \d+\.\d% "
                        r"\(\d+\.\d-\d+\.\d\)", lines[0]), lines[0]
    assert lines[1] == "| stated win chance | positions | mean said | won |"
    assert re.fullmatch(r"\| stated \| \d\.\d{4} \| \d\.\d{4} \|", lines[-2]), lines[-2]
    assert re.fullmatch(r"\| constant \d+\.\d% \| \d\.\d{4} \| \d\.\d{4} \|", lines[-1]), lines[-1]
