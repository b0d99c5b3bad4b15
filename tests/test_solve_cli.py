"""`pedro-sim solve` reads positions and writes answers per docs/trace-format.md."""

from __future__ import annotations

import json
import random

import pytest
from bruteforce import brute_root_values, brute_value, random_small_position
from test_cli import cli, process_cli
from test_solver import as_object


def test_solve_file_matches_brute_force(tmp_path):
    rng = random.Random(11)
    raws = [random_small_position(rng, name, 3) for name in ("cinch", "sancho", "nicaragua")
            for _ in range(10)]
    src = tmp_path / "positions.jsonl"
    src.write_text("".join(json.dumps(as_object(r)) + "\n" for r in raws))
    dst = tmp_path / "solved.jsonl"
    r = cli("solve", "--in", str(src), "--out", str(dst))
    assert r.returncode == 0, r.stderr
    answers = [json.loads(line) for line in dst.read_text().splitlines()]
    assert len(answers) == len(raws)
    for raw, ans in zip(raws, answers, strict=True):
        args = (raw["variant"], raw["trump"], raw["leader"], raw["bidder"], raw["hands"])
        assert ans["value"] == brute_value(*args)
        assert ans["hands"] == as_object(raw)["hands"] and ans["nodes"] >= 0
        roots = brute_root_values(*args)
        names = {tuple(p) for p in ans["best"]}
        assert len(names) == sum(1 for v in roots.values() if v == ans["value"])


def test_bad_position_file_is_one_line_and_exit_2(tmp_path):
    src = tmp_path / "bad.jsonl"
    src.write_text('{"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0, '
                   '"hands": [["AH"], ["AH"], [], []]}\n')
    r = cli("solve", "--in", str(src), "--out", str(tmp_path / "out.jsonl"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "line 1" in r.stderr and "AH appears twice" in r.stderr
    assert not (tmp_path / "out.jsonl").exists()
    src.write_text("not json\n")
    r = cli("solve", "--in", str(src), "--out", str(tmp_path / "out.jsonl"))
    assert r.returncode == 2 and "not JSON" in r.stderr


GOOD = {"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0,
        "hands": [["QC", "JS", "KD", "JH", "4S", "AD"], ["8H", "KS", "JD", "7S", "5D", "AC"],
                  ["6C", "4H", "QH", "9C", "TC", "TH"], ["3C", "2C", "AS", "KC", "8D", "9H"]]}
TOO_BIG = [  # hands the solver has no legal play for: no internal value may come out
    [["2C", "QH", "JS", "TS", "QS", "3S", "9H"], ["8S", "6S", "QD", "9D", "2S", "AD", "TC"],
     ["2D", "4C", "KC", "4D", "5S", "5H", "3H"], ["TD", "6C", "5D", "KH", "JH", "6H", "AC"]],
    [["3S", "9H", "7S", "9S", "6S", "TH", "2D", "QH"], ["8C", "4S", "JC", "KD", "AS", "8H", "JS",
                                                        "QC"],
     ["QS", "4D", "7D", "2C", "7C", "3C", "6C", "4H"], ["AC", "5H", "8S", "5C", "7H", "KS", "4C",
                                                        "6D"]],
    [["3H", "7C", "JD", "6C", "5C", "KC", "AC", "6D", "4S", "TH", "QH", "8D", "AH"], ["3D"],
     ["KH"], ["9H"]],
]


@pytest.mark.parametrize("hands", TOO_BIG)
def test_a_position_beyond_the_solver_is_refused_in_one_line(tmp_path, hands):
    """Hands over the preset's count whose surplus cannot be played under a card as the
    preset allows (cinch: non-scoring trumps) leave a seat without a legal play: refused
    with the line and exit 2, nothing written, where the search's sentinels came out."""
    src = tmp_path / "big.jsonl"
    src.write_text(json.dumps(GOOD) + "\n" + json.dumps({**GOOD, "hands": hands}) + "\n")
    out = tmp_path / "out.jsonl"
    r = cli("solve", "--in", str(src), "--out", str(out))
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "line 2" in r.stderr and "Traceback" not in r.stderr
    assert "has no legal play" in r.stderr and "cards in trick 0" in r.stderr, r.stderr
    assert not out.exists()


def test_a_hand_over_the_move_lists_is_refused(tmp_path):
    """More than 16 cards in a hand overflow the search's move lists: refused by the reader."""
    cards = [f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA"]
    pos = {**GOOD, "hands": [cards[:20], cards[20:21], cards[21:22], cards[22:23]],
           "trick_index": 1}
    src = tmp_path / "big.jsonl"
    src.write_text(json.dumps(pos) + "\n")
    r = cli("solve", "--in", str(src), "--out", str(tmp_path / "out.jsonl"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "line 1" in r.stderr and "at most 16" in r.stderr
    assert not (tmp_path / "out.jsonl").exists()


def test_a_robbing_dealer_with_more_than_six_trumps_is_solved(tmp_path):
    """The hand over the count that play gives (the robbing dealer: all trumps, enough
    non-scoring ones to bury) is solved, its stacks in the best plays."""
    pos = {"variant": "cinch", "trump": "H", "leader": 3, "bidder": 3,
           "hands": [["QC", "JS", "KD", "4S", "AD", "5C"], ["KS", "JD", "7S", "5D", "AC", "3S"],
                     ["6C", "9C", "TC", "3C", "2C", "AS"],
                     ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]]}
    src = tmp_path / "rob.jsonl"
    src.write_text(json.dumps(pos) + "\n")
    dst = tmp_path / "out.jsonl"
    r = cli("solve", "--in", str(src), "--out", str(dst))
    assert r.returncode == 0, r.stderr
    ans = json.loads(dst.read_text())
    assert 0 <= ans["value"] <= 14 and ans["best"] and all(len(p) == 3 for p in ans["best"])


def test_a_position_without_cards_is_worth_nothing(tmp_path):
    """No card left: nobody plays (the search of first plays looked for a seat to move
    for ever)."""
    src = tmp_path / "empty.jsonl"
    src.write_text(json.dumps({**GOOD, "hands": [[], [], [], []]}) + "\n")
    dst = tmp_path / "out.jsonl"
    r = process_cli("solve", "--in", str(src), "--out", str(dst), timeout=60)  # (a hang)
    assert r.returncode == 0, r.stderr
    ans = json.loads(dst.read_text())
    assert ans["value"] == 0 and ans["best"] == []
