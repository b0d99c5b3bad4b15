"""What a run says when there is little to say (issue 48): a preset or player named twice,
a malformed scheduler, a run that finished no deal, a player that never bid (never nan,
never a numpy warning), deals thrown in kept off make rates, the bids behind every
make-rate point, and progress lines when standard error is a log."""

from __future__ import annotations

import re
import sys
import textwrap
import time
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_cli import HAND, cli

from pedro_sim import parsers
from pedro_sim.errors import PedroError

BID = (HAND, "--bid", "8", "--trump", "H")

# --- a preset or a player named twice, an empty list ------------------------------------


@pytest.mark.parametrize("text,says", [
    ("cinch,cinch", "--presets names cinch twice"),
    ("cinch, CINCH", "--presets names cinch twice"),
    ("all,sancho", "names sancho twice (all or individual includes it)"),
    ("", "is empty"), (" , ,", "is empty"),
])
def test_a_preset_list_names_each_game_once(text, says):
    with pytest.raises(PedroError, match=says.replace("(", r"\(").replace(")", r"\)")):
        parsers.parse_presets(text)
    every = parsers.parse_presets("all")
    assert parsers.parse_presets(None) == every  # the option not given: every preset


@pytest.mark.parametrize("args,says", [
    (["variants", "--presets", "cinch,cinch"], "--presets names cinch twice"),
    (["variants", "--presets", ""], "--presets '' is empty"),
    (["ladder", "--presets", "cinch,cinch"], "--presets names cinch twice"),
    (["calibrate", "--presets", "sancho,sancho"], "--presets names sancho twice"),
    (["ladder", "--presets", "cinch", "--player", "heuristic", "--player", "heuristic"],
     "--player names heuristic twice"),
    (["ladder", "--presets", "cinch", "--player", "pimc", "--player", "pimc:worlds=20"],
     "(as pimc and pimc:worlds=20)"),
    (["ladder", "--presets", "pidro,cinch", "--player", "pimc:worlds=20,solve_worlds=0",
      "--player", "pimc:solve_worlds=0,worlds=20"],
     "(as pimc:worlds=20,solve_worlds=0 and pimc:solve_worlds=0,worlds=20)"),
])
def test_named_twice_is_one_line_and_exit_2(tmp_path, args, says):
    r = cli(*args, "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert says in r.stderr and not (tmp_path / "x").exists()


# --- the scheduler's address --------------------------------------------------------------

def test_scheduler_addresses():
    for good in ("tcp://10.0.0.5:8786", "localhost:8786", "tls://sched.example:8786",
                 "tcp://[::1]:8786"):
        assert parsers.parse_scheduler(good) == good
    for bad in ("nonsense", "tcp://host", "tcp://host:0", "tcp://host:99999", "http://h:1",
                "tcp://:8786", ""):
        with pytest.raises(PedroError, match="expected tcp://HOST:PORT"):
            parsers.parse_scheduler(bad)


@pytest.mark.parametrize("args", [["bid", *BID], ["variants", "--presets", "cinch"],
                                  ["holdings", "--seat", "third"]])
def test_a_malformed_scheduler_is_one_line_and_exit_2(tmp_path, args):
    r = cli(*args, "--scheduler", "nonsense", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert "--scheduler 'nonsense': expected tcp://HOST:PORT" in r.stderr


# --- no deal finished; a player that never bids ---------------------------------------------

BOT = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({{"type": "ready"}}), flush=True)
    elif m["type"] == "decide":
        {act}
        print(json.dumps({{"action": action}}), flush=True)
"""
FAULT_AT_ONCE = "sys.exit(3)"
NEVER_BIDS = 'action = 0 if m["decision"] == "bid" else m["legal"][0]'
NO_FORCED_DEALER = ("--rule", "dealer_forced=none")  # so that everyone may pass (as in
# king-pedro, the ladder's game below)


def bot(tmp_path: Path, act: str) -> str:
    path = tmp_path / f"bot{abs(hash(act))}.py"
    path.write_text(textwrap.dedent(BOT.format(act=act)))
    return f"exec:{sys.executable} {path}"


def test_a_run_that_finished_no_deal_says_only_its_fault(tmp_path):
    out = tmp_path / "duel"
    r = cli("duel", "--a", bot(tmp_path, FAULT_AT_ONCE), "--b", "heuristic", "--deals", "4",
            "--out", str(out))
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, r.stderr
    assert "deal 0" in r.stderr and "exited" in r.stderr
    assert r.stdout == "" and not (out / "duel.csv").exists()
    trace = tmp_path / "t.jsonl"
    r = cli("trace", "--policy", bot(tmp_path, FAULT_AT_ONCE), "--deals", "2", "--out",
            str(trace))
    assert r.returncode == 1 and r.stdout == "" and not trace.exists(), r.stdout


def no_nan(r) -> None:
    assert r.returncode == 0, r.stderr
    assert not re.search(r"\bnan\b", r.stdout, re.I), r.stdout
    assert "RuntimeWarning" not in r.stderr, r.stderr


def test_a_player_that_never_bids_has_no_make_rate_in_a_duel(tmp_path):
    r = cli("duel", "--a", bot(tmp_path, NEVER_BIDS), "--b", "heuristic", "--deals", "6",
            *NO_FORCED_DEALER, "--out", str(tmp_path / "d"))
    no_nan(r)
    assert "make rate as bidders: A no bids, B " in r.stdout
    row = pd.read_csv(tmp_path / "d" / "duel.csv").iloc[0]
    assert row.a_bids == 0 and np.isnan(row.a_make_rate)  # an empty cell in duel.csv


def test_a_player_that_never_bids_has_no_make_rate_in_a_ladder(tmp_path):
    with warnings.catch_warnings(record=True) as seen:  # the bot's long path fits the chart
        warnings.simplefilter("always")
        r = cli("ladder", "--player", bot(tmp_path, NEVER_BIDS), "--player", "heuristic",
                "--presets", "king-pedro", "--deals", "6", "--out",
                str(tmp_path / "l"))
    assert not [w for w in seen if "layout" in str(w.message)]
    no_nan(r)
    assert "no bids" in r.stdout
    stand = pd.read_csv(tmp_path / "l" / "standings.csv")
    assert stand.bids.iloc[0] == 0 and np.isnan(stand.make_rate.iloc[0])


def test_no_bids_is_no_warning_and_no_rate():
    from pedro_sim.analysis.stats import rate, wilson

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert all(np.isnan(x) for x in wilson(0, 0))
        assert np.isnan(rate(0, 0)) and rate(3, 4) == 0.75
        lo, hi = wilson(np.array([0, 3]), np.array([0, 4]))
    assert np.isnan(lo[0]) and 0 < lo[1] < 0.75 < hi[1] < 1


def test_the_engine_duel_and_ladder_print_no_bids():
    from rich.console import Console

    from pedro_sim.commands.players_cmd import made_rates, print_standings

    row = pd.Series({"a_bids": 0, "a_make_rate": float("nan"), "a_make_lo": float("nan"),
                     "a_make_hi": float("nan"), "b_bids": 40, "b_make_rate": 0.5,
                     "b_make_lo": 0.35, "b_make_hi": 0.65})
    assert made_rates(row) == "A no bids, B 0.500 (0.350–0.650, 40 bids)"
    assert made_rates(row, interval=False) == "no bids / 0.500"
    stand = pd.DataFrame({"variant": ["cinch"], "player": ["random"], "score_vs_field": [-1.0],
                          "score_vs_field_half": [0.2], "points_vs_field": [-1.0], "bids": [0],
                          "make_rate": [float("nan")], "make_lo": [float("nan")],
                          "make_hi": [float("nan")]})
    console = Console(width=80, record=True)
    print_standings(stand, console)
    text = console.export_text()
    assert "no bids" in text and "nan" not in text


# --- make-rate charts: no thrown-in deals, the bids behind every point ----------------------

def counts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts if "n=" in t.get_text() or "no bids" in t.get_text()]


def variants_bids() -> pd.DataFrame:
    rows = [("lipton", 0, 5000, 0), ("lipton", 7, 3000, 2100), ("lipton", 8, 3, 3),
            ("lipton", 9, 900, 500)]
    frame = pd.DataFrame(rows, columns=["preset", "bid", "n", "made"])
    frame["p_make"] = frame.made / frame.n.clip(lower=1)
    frame["p_make_lo"], frame["p_make_hi"] = frame.p_make - 0.01, frame.p_make + 0.01
    return frame


def test_variants_make_rate_leaves_out_thrown_in_deals_and_counts_bids(tmp_path):
    from pedro_sim.report import variant_plots

    fig = variant_plots.make_rate_figure(variants_bids(), {"lipton": 10}, "heuristic", 9000,
                                         tmp_path / "make_rate.png")
    ax = fig.axes[0]
    x = np.concatenate([line.get_xdata() for line in ax.lines])
    assert sorted(x) == [70.0, 90.0]  # bid 0 (all passed) is no bid; bid 8 (3 bids) too rare
    assert sorted(counts(ax)) == ["n=3.0k", "n=900"]


def test_variants_csv_gives_thrown_in_deals_no_make_rate():
    from pedro_sim.analysis.variants import variants_analysis
    from pedro_sim.encoding import layout as L
    from pedro_sim.engine_inputs import EngineInputs, technique_flags

    report = variants_analysis([EngineInputs.for_variant("king-pedro")], 4000, 0, 1,
                               L.P_HEURISTIC, technique_flags(), show_progress=False)
    thrown = report.bids[report.bids.bid == 0].iloc[0]
    assert thrown.n > 0 and thrown.share > 0
    assert thrown[["p_make", "p_make_lo", "p_make_hi"]].isna().all()
    assert report.bids[report.bids.bid > 0].p_make.notna().all()


def test_bid_make_rate_charts_count_each_point(tmp_path):
    from pedro_sim.report import plots

    rows = [("eldest", "H", b, 200, 0.9 - 0.1 * k) for k, b in enumerate((7, 8, 9))]
    table = pd.DataFrame(rows, columns=["seat", "trump", "bid", "n", "p_make"])
    table["p_make_lo"], table["p_make_hi"] = table.p_make - 0.05, table.p_make + 0.05
    table["variant"], table["policy"] = "cinch", "heuristic"
    fig = plots.make_rate_figure(table, HAND, tmp_path / "a.png")  # one n a line: in its key
    assert counts(fig.axes[0]) == []
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == \
        ["eldest, trumps H (n=200 each)"]
    table.loc[2, "n"] = 50  # runs of their own (--precision): each point its n
    fig = plots.make_rate_figure(table, HAND, tmp_path / "c.png")
    assert counts(fig.axes[0]) == ["n=200", "n=200", "n=50"]
    fig = plots.make_rate_figure(table.iloc[:1], HAND, tmp_path / "b.png")  # one bid: a bar
    assert len(counts(fig.axes[0])) == 1 and "n=200" in counts(fig.axes[0])[0]


def test_ladder_make_rate_chart_counts_each_bar(tmp_path):
    from pedro_sim.report import ladder_plots

    stand = pd.DataFrame({"variant": ["cinch", "cinch"], "player": ["never", "heuristic"],
                          "make_rate": [float("nan"), 0.6], "make_lo": [float("nan"), 0.5],
                          "make_hi": [float("nan"), 0.7], "bids": [0, 1234]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = ladder_plots.make_rate_figure(stand, 10, tmp_path / "m.png")
    assert counts(fig.axes[0]) == ["no bids", "n=1.2k"]


# --- progress when standard error is a log ------------------------------------------------

def slow_step(first: int, count: int, chunk: int, out: np.ndarray) -> None:
    time.sleep(0.05)
    out[:, 0] = 1


def test_progress_lines_when_stderr_is_not_a_terminal(monkeypatch, capsys):
    from pedro_sim.analysis import runner

    monkeypatch.setattr(runner, "LINE_SECONDS", 0.1)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    acc = runner.run_chunked(slow_step, 40, (1,), "bid, eldest", chunk=1)
    assert acc[0] == 40
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(x.startswith("bid, eldest: ") and " of 40 deals" in x for x in lines)
    runner.run_chunked(slow_step, 20, (1,), "sessions", chunk=1, unit="sessions")  # Bourré's
    assert " of 20 sessions" in capsys.readouterr().err
    runner.run_chunked(slow_step, 40, (1,), "quiet", show_progress=False, chunk=1)
    assert capsys.readouterr().err == ""  # asked for none: none
    monkeypatch.setattr(runner, "LINE_SECONDS", 60.0)
    runner.run_chunked(slow_step, 10, (1,), "short", chunk=1)
    assert capsys.readouterr().err == ""  # a short run: no line


def test_progress_counts_what_a_run_counts_with_precision_too(monkeypatch, capsys):
    """advise's games (Study.run, with or without --precision) count games, not deals."""
    from pedro_sim.analysis import runner

    monkeypatch.setattr(runner, "LINE_SECONDS", 0.1)
    monkeypatch.setattr(runner, "PRECISION_START", 20)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    acc, done, met = runner.run_precise(slow_step, 40, (1,), "eldest, trumps H: games", None,
                                        1, 0.0, lambda counts: 1.0, unit="games")
    assert (acc[0], done, met) == (40, 40, False)
    err = capsys.readouterr().err
    assert " of 20 games" in err and "deals" not in err
