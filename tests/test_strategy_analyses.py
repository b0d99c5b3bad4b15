"""The strategy analyses: paired statistics, holdings, techniques, advise, charts, report."""

from __future__ import annotations

import re
import subprocess

import numpy as np
import pandas as pd
import pytest
from in_process import run_cli

from pedro_sim import api
from pedro_sim.analysis.paired import paired_difference
from pedro_sim.analysis.stats import Z95
from pedro_sim.errors import PedroError
from pedro_sim.parsers import parse_score
from pedro_sim.rules import get_preset

HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"


def test_paired_difference_equals_direct_computation():
    rng = np.random.default_rng(1)
    a = rng.integers(0, 15, 5000)
    b = np.clip(a + rng.integers(-2, 3, 5000), 0, 14)
    joint = np.zeros((15, 15), dtype=np.int64)
    np.add.at(joint, (a, b), 1)
    values = np.arange(15.0)
    s = paired_difference(joint, values, values)
    d = a - b
    half = Z95 * d.std(ddof=1) / np.sqrt(len(d))
    assert s["diff"] == pytest.approx(d.mean())
    assert s["diff_hi"] - s["diff"] == pytest.approx(half)
    indep = Z95 * np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    assert s["indep_hi"] - s["diff"] == pytest.approx(indep)
    assert s["width_ratio"] == pytest.approx(half / indep)


def test_advise_agrees_with_bid():
    kw = {"deals": 6000, "seed": 4}
    advice = api.advise(HAND, seat="third", score="30-40", games=300, **kw)
    for trump in ("S", "H"):
        bid = api.bid(HAND, trump=trump, seat="third", **kw)
        rows = advice[advice.trump == trump].reset_index(drop=True)
        cols = ["bid", "n", "made", "p_make", "p_make_lo", "p_make_hi", "expected_score"]
        pd.testing.assert_frame_equal(rows[cols], bid[cols])
    assert (advice.games == 300).all() and (advice.unfinished == 0).all()


def test_advise_game_from_the_edge():
    """One point from the target, any made bid wins at once: P(win) >= P(make) per bid."""
    advice = api.advise(HAND, score="61-30", games=2000, deals=2000)
    assert (advice.p_win >= advice.p_make - 1e-12).all()
    assert (advice.p_win_lo <= advice.p_win).all() and (advice.p_win <= advice.p_win_hi).all()


@pytest.mark.parametrize("text,fragment", [("40", "expected US-THEM"),
                                           ("62-0", "already reached the target 62"),
                                           ("a-b", "expected US-THEM")])
def test_bad_score(text, fragment):
    with pytest.raises(PedroError, match=fragment):
        parse_score(text, get_preset("cinch"))


def test_pairing_pays_for_every_technique_that_changes_play():
    frame = api.technique("all", "all", deals=20_000)
    assert len(frame) == 15 and set(frame.side) == {"bidders", "defenders", "both"}
    moved = frame[frame.points_diff.abs() > 0.01]
    assert len(moved) >= 10
    assert (moved.points_width_ratio < 1).all(), moved[["technique", "side",
                                                        "points_width_ratio"]]
    assert ((frame.points_diff_lo <= frame.points_diff)
            & (frame.points_diff <= frame.points_diff_hi)).all()
    ranks = frame.groupby("side").gain_rank.apply(sorted)
    assert all(r == [1, 2, 3, 4, 5] for r in ranks)


def test_technique_needs_the_heuristic():
    with pytest.raises(PedroError, match="use --policy heuristic"):
        api.technique("cinch", deals=10, policy="random")


def test_holdings_tables_add_up():
    values = api.card_values(seat="dealer", deals=3000)
    assert list(dict.fromkeys(values.holding)) == [
        "A", "K", "Q", "J", "T", "9", "8", "7", "6", "pedro", "off-five", "4", "3", "2"]
    assert (values.n == 3000).all() and set(values.bid) == set(range(7, 15))
    patterns = api.holding_patterns(seat="eldest", deals=5000)
    at7 = patterns[patterns.bid == 7].set_index("pattern")
    assert at7.loc["any hand", "n"] == 5000
    lengths = at7[at7.index.str.startswith("trump length")]
    assert lengths.n.sum() == 5000
    # hands are classed by what they hold, so the pattern shares follow from the deck alone
    assert at7.loc["both pedros", "share"] == pytest.approx(9 * 8 / (52 * 51), abs=0.01)


def test_charts_tables():
    grid = api.bid_chart("pedros", deals=3000)
    assert set(grid.pedros) == {0, 1, 2} and grid.groupby("seat").n.sum().nunique() == 1
    rates = api.make_rate_by_length(deals=3000)
    assert (rates.groupby(["seat", "bid"]).n.sum() == 3000).all()


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args)


@pytest.mark.slow  # 2 min, the whole report: in `make test-all` (tests/test_fuzz.py runs it small)
def test_report_links_every_table_and_figure(tmp_path):
    out = tmp_path / "report"
    r = cli("report", "--deals", "500", "--games", "20", "--out", str(out))
    assert r.returncode == 0, r.stderr
    page = (out / "index.html").read_text()
    links = set(re.findall(r"(?:href|src)='([^']+)'", page))
    for link in links:
        assert (out / link).is_file(), link
    made = [p for p in out.rglob("*") if p.suffix in (".png", ".csv")]
    assert len(made) >= 25
    for path in made:
        assert path.relative_to(out).as_posix() in links, path
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "scratch left over"


@pytest.mark.parametrize("args,fragment", [
    (["technique", "juggling"], "unknown technique 'juggling'"),
    (["technique", "bury-low", "--deals", "5"], "bury-low: not a thinking player's decision"),
    (["technique", "cinch", "--side", "left"], "unknown side 'left'"),
    (["chart", "pie"], "unknown chart 'pie'"),
    (["chart", "bids", "--by", "colour"], "--by 'colour'"),
    (["advise", HAND, "--score", "70-3"], "already reached the target"),
    (["advise", HAND, "--seat", "all"], "--seat all: seats are 1..4 counted from the "
     "dealer's left (1 eldest, 4 dealer), or eldest, second, third, dealer"),
    (["advise", HAND, "--seat", "0"], "--seat 0: seats are 1..4"),
    (["holdings", "--bid", "30"], "bid 30 is outside cinch's range"),
])
def test_bad_input_one_line(tmp_path, args, fragment):
    r = run_cli(*args, "--deals", "10", cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and fragment in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


def test_precision_stops_at_the_first_look_that_reaches_it():
    """--precision: the same rows as a fixed run of the deals it reports, every make-rate
    half-width within the target, and fewer deals than the cap."""
    from pedro_sim.analysis.strategy import techniques
    from pedro_sim.analysis.study import build_study

    study = build_study(deals=1_000_000, precision=0.004)
    frame = techniques.techniques(study, ["save-pedro"], ["bidders"])
    used = study.used["save-pedro, bidders: on and off"]
    assert used in (8192, 16384, 32768, 65536, 131072) and not study.missed
    halves = (frame.make_rate_diff_hi - frame.make_rate_diff_lo) / 2
    assert (halves <= 0.004).all()
    fixed = api.technique("save-pedro", "bidders", deals=used)
    cols = ["n", "points_diff", "points_diff_lo", "make_rate_diff", "make_rate_diff_hi"]
    pd.testing.assert_frame_equal(frame[cols], fixed[cols])
    smaller = build_study(deals=1_000_000, precision=0.004 * 1.5)
    techniques.techniques(smaller, ["save-pedro"], ["bidders"])
    assert smaller.used["save-pedro, bidders: on and off"] <= used


def test_precision_cap_is_reported():
    values = api.card_values(seat="eldest", deals=9000, precision=0.0001)
    assert (values.n == 9000).all()  # 8,192 then the cap
    from pedro_sim.analysis.study import build_study

    study = build_study(deals=9000, precision=0.0001)
    from pedro_sim.analysis.strategy import holdings

    holdings.patterns(study, ["dealer"])
    assert study.missed == ["dealer: random hands"]
    assert "NOT reached in 1 of 1" in study.precision_line()


def test_duel_precision():
    from pedro_sim.analysis.players.duel import duel
    from pedro_sim.engine_inputs import EngineInputs, technique_flags

    inputs = EngineInputs.for_variant("cinch")
    row = duel(inputs, "heuristic", "random", 200_000, 3, technique_flags(),
               show_progress=False, precision=0.02).iloc[0]
    n = int(row.deals)
    assert n < 200_000 and n % 8192 == 0
    assert max(row.a_make_hi - row.a_make_lo, row.b_make_hi - row.b_make_lo) / 2 <= 0.02
    fixed = duel(inputs, "heuristic", "random", n, 3, technique_flags(), show_progress=False)
    pd.testing.assert_frame_equal(fixed, duel(inputs, "heuristic", "random", 200_000, 3,
                                              technique_flags(), show_progress=False,
                                              precision=0.02))
