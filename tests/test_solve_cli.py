"""`pedro-sim solve` reads positions and writes answers per docs/trace-format.md."""

from __future__ import annotations

import json
import random

from bruteforce import brute_root_values, brute_value, random_small_position
from test_cli import cli
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
