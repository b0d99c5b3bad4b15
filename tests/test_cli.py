"""The command line as a user meets it: reports, bad input, threads, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from in_process import run_cli

from pedro_sim import reference

HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args, env=env)


def process_cli(*args: str, env: dict | None = None, cwd: Path | None = None,
                timeout: float = 600) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in a process of its own, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "pedro_sim.cli", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd, env={**os.environ, **(env or {})})


def test_bid_writes_a_whole_report(tmp_path):
    out = tmp_path / "rep"
    r = cli("bid", HAND, "--bid", "8", "--trump", "H", "--deals", "20000", "--policy",
            "heuristic", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "P(make)" in r.stdout and "eldest, trumps H" in r.stdout
    assert sorted(p.name for p in out.iterdir()) == [
        "bid.csv", "make_rate.png", "points.csv", "points.png", "run.json"]
    table = pd.read_csv(out / "bid.csv")
    assert list(table.bid) == list(range(7, 15))
    assert (table.n == 20000).all()
    assert (table.p_make.diff().dropna() <= 0).all(), "P(make) never rises with the bid"
    assert ((table.p_make_lo <= table.p_make) & (table.p_make <= table.p_make_hi)).all()
    assert ((table.expected_net_lo <= table.expected_net)
            & (table.expected_net <= table.expected_net_hi)).all()
    # cinch: every point is won, so net = score - defenders' points
    assert np.allclose(table.expected_net, table.expected_score - table.mean_defender_points)
    meta = json.loads((out / "run.json").read_text())
    assert meta["seed"] == 12345 and meta["deals"] == 20000 and meta["variant"] == "cinch"
    assert meta["policy"] == "heuristic" and meta["threads"] >= 1 and "elapsed_seconds" in meta
    assert HAND in meta["command"]


def test_foster_bid_scores_by_difference(tmp_path):
    """At bid 1 (always made) foster's bidders score the difference of the two sides'
    points when positive, not their points: the expected score is below the mean points."""
    r = cli("bid", HAND, "--variant", "foster", "--trump", "H", "--deals", "5000",
            "--policy", "heuristic", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    row = pd.read_csv(tmp_path / "bid.csv").set_index("bid").loc[1]
    assert row.p_make == 1.0
    assert row.expected_score < row.mean_bidder_points - 1
    assert row.expected_net <= row.expected_score + 1e-9  # the defenders never lose


def test_seats_and_best_trump(tmp_path):
    r = cli("bid", HAND, "--seat", "all", "--deals", "3000", "--policy", "random",
            "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    table = pd.read_csv(tmp_path / "bid.csv")
    assert list(pd.unique(table.seat)) == ["eldest", "second", "third", "dealer"]
    assert set(table.trump) == {"H"}, "the heuristic names hearts with this hand"


def test_same_seed_same_bytes_whatever_the_threads(tmp_path):
    outs = []
    for threads in ("1", "2"):
        out = tmp_path / f"t{threads}"
        r = cli("bid", HAND, "--deals", "70000", "--seat", "dealer", "--policy", "heuristic",
                "--out", str(out),
                env={"NUMBA_NUM_THREADS": threads})
        assert r.returncode == 0, r.stderr
        outs.append(out)
    for name in ("bid.csv", "points.csv"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes()
    other = tmp_path / "other-seed"
    assert cli("bid", HAND, "--deals", "70000", "--seat", "dealer", "--seed", "7",
               "--policy", "heuristic",
               "--out", str(other)).returncode == 0
    assert (other / "bid.csv").read_bytes() != (outs[0] / "bid.csv").read_bytes()


@pytest.mark.parametrize("args,fragment", [
    (["bid", "AH KH 5H 2H 9C 4D JS 7S"], "needs 9 cards, got 8"),
    (["bid", "AH KH 5H 2H 9C 4D JS 7S AH"], "duplicate card 'AH'"),
    (["bid", "XH KH 5H 2H 9C 4D JS 7S 3C"], "'XH'"),
    (["bid", HAND, "--bid", "15"], "bid 15 is outside cinch's range 7..14"),
    (["bid", HAND, "--seat", "fifth"], "--seat fifth: seats are 1..4 counted from the "
     "dealer's left (1 eldest, 4 dealer), or eldest, second, third, dealer, or all"),
    (["bid", HAND, "--seat", "0"], "--seat 0: seats are 1..4"),
    (["bid", HAND, "--seat", "-1"], "--seat -1: seats are 1..4"),
    (["bid", HAND, "--seat", "5"], "--seat 5: seats are 1..4"),
    (["bid", "AH KH 5H 2H 9C 4D JS 7S", "--variant", "cinch@6", "--seat", "7"],
     "--seat 7: seats are 1..6 counted "
     "from the dealer's left (1 eldest, 6 dealer), or eldest, second, third, fourth, fifth, "
     "dealer, or all"),
    (["bid", HAND, "--deals", "-5"], "--deals"),
    (["bid", HAND, "--trump", "X"], "'X' is not a suit"),
    (["bid", HAND, "--policy", "genius"], "unknown player 'genius'"),
    (["bid", HAND, "--variant", "bridge"], "unknown preset 'bridge'"),
    (["bid", HAND, "--out", "/proc/nope"], "cannot write to --out /proc/nope"),
    (["bid", HAND, "--frobnicate"], "No such option"),
    (["trace", "--deals", "0"], "--deals"),
    (["trace", "--out", "/proc/x/deals.jsonl"], "cannot write to --out"),
    (["show", "--deal", "-1"], "--deal"),
    # refused by the option, its range named (the shared declarations, both games)
    (["bid", HAND, "--threads", "9999"], "'--threads': must be 0.."),
    (["bid", HAND, "--workers", "0"], "'--workers': must be 1..1024"),
    (["bid", HAND, "--out", ""], "'--out': is empty"),
    # a table size: each preset's own range, before any work
    (["bid", HAND, "--variant", "cinch@9"], "players=9: cinch is played individually by 2..6"),
    # the estimator: named, and control only where a cheaper player exists
    (["bid", HAND, "--estimator", "median"], "unknown --estimator 'median'"),
    (["bid", HAND, "--estimator", "control", "--policy", "heuristic"],
     "it is for thinking players"),
    (["advise", HAND, "--estimator", "control", "--policy", "heuristic"],
     "it is for thinking players"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, fragment):
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], r.stderr
    assert "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == [], "nothing is written on bad input"


def test_a_process_says_bad_input_in_one_line_and_writes_nothing(tmp_path):
    """The same, in a process of its own: what the user sees, no traceback."""
    r = process_cli("bid", "AH KH", "--policy", "heuristic", cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "hand" in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


def test_out_that_is_a_file(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    r = cli("bid", HAND, "--deals", "10", "--out", str(target))
    assert r.returncode == 2 and "is not a directory" in r.stderr


def test_ctrl_c_stops_fast_and_leaves_nothing(tmp_path):
    out = tmp_path / "rep"
    proc = subprocess.Popen([sys.executable, "-m", "pedro_sim.cli", "bid", HAND,
                             "--deals", "500000000", "--policy", "heuristic",
                             "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    assert proc.poll() is None, proc.communicate()
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=10)
    assert time.perf_counter() - sent < 1.0
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert not out.exists()


def test_trace_file_checks_with_the_reference(tmp_path):
    path = tmp_path / "deals.jsonl"
    r = cli("trace", "--deals", "2000", "--seed", "8", "--policy", "heuristic",
            "--out", str(path))
    assert r.returncode == 0, r.stderr
    lines = path.read_text().splitlines()
    assert len(lines) == 2000
    for line in lines:
        d = json.loads(line)
        assert reference.check_trace(d) == [], d["deal"]
    assert [p.name for p in tmp_path.iterdir()] == ["deals.jsonl"]


def test_show_prints_the_deal():
    r = cli("show", "--seed", "3", "--deal", "5", "--policy", "random")
    assert r.returncode == 0, r.stderr
    d = reference.random_deal(3, 5)
    assert f"bids {d['bid']} in {d['trump']}" in r.stdout
    assert r.stdout.count("trick ") == len(d["tricks"])
    assert f"team 0 {d['points'][0]}, team 1 {d['points'][1]}" in r.stdout


def test_help_lists_the_commands():
    r = cli("--help")
    assert r.returncode == 0
    for name in ("bid", "trace", "show"):
        assert name in r.stdout


def test_no_arguments_shows_help_with_exit_2():
    r = process_cli()
    assert r.returncode == 2 and (r.stdout + r.stderr).count("Usage") == 1
