"""The `variants` analysis: kernel summaries against the recorded deals, and the command."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from in_process import run_cli

from pedro_sim.analysis.stats import Z95
from pedro_sim.analysis.variants import variants_analysis
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()


@pytest.mark.parametrize("preset", ["cinch", "sancho"])
def test_summary_counts_match_the_deals(preset):
    inputs = EngineInputs.for_variant(preset)
    n = 3000
    report = variants_analysis([inputs], n, 0, 6, L.P_HEURISTIC, FLAGS, show_progress=False)
    recs = record_deals(inputs, 6, np.arange(n), L.P_HEURISTIC, FLAGS)
    deals = pd.DataFrame([trace_dict(r, inputs, 6, i, "heuristic") for i, r in enumerate(recs)])
    deals["bidder_points"] = [p[b % 2] for p, b in zip(deals.points, deals.bidder, strict=True)]
    by_bid = deals.groupby("bid").agg(n=("made", "size"), made=("made", "sum"),
                                      pts=("bidder_points", "mean"))
    got = report.bids.set_index("bid")
    assert list(got.index) == list(by_bid.index)
    assert (got.n == by_bid.n).all() and (got.made == by_bid.made).all()
    assert np.allclose(got.bidder_points, by_bid.pts)
    forced = sum(all(b == 0 for _, b in d[:3]) for d in deals.bids)
    seats = report.seats.set_index("seat")
    assert seats.loc["dealer", "forced"] * n == pytest.approx(forced)
    dealer_team = [s[d % 2] for s, d in zip(deals.score, deals.dealer, strict=True)]
    assert seats.loc["dealer", "team_score"] == pytest.approx(np.mean(dealer_team))
    # the balance, from the traces: each side's net score per deal over the deal's points
    total = inputs.variant.total_points
    edge = np.array([s[d % 2] - s[1 - d % 2] for s, d in zip(deals.score, deals.dealer,
                                                               strict=True)]) / total
    net = np.array([s[b % 2] - s[1 - b % 2] if b >= 0 else 0
                    for s, b in zip(deals.score, deals.bidder, strict=True)]) / total
    bal = report.balance.iloc[0]
    half = Z95 * edge.std(ddof=1) / np.sqrt(n)
    assert bal.dealer_edge_share == pytest.approx(edge.mean())
    assert bal.dealer_edge_share_hi - bal.dealer_edge_share == pytest.approx(half, rel=1e-6)
    assert bal.eldest_edge_share == pytest.approx(-edge.mean())
    assert bal.bidders_net_share == pytest.approx(net.mean())
    assert bal.bidders_net_share_lo < bal.bidders_net_share < bal.bidders_net_share_hi
    held = deals[deals.bid > 0]
    assert bal.make_rate == pytest.approx(held.made.mean())


def test_games_summary():
    inputs = EngineInputs.for_variant("catch-five")
    report = variants_analysis([inputs], 1000, 300, 2, L.P_HEURISTIC, FLAGS, show_progress=False)
    g = report.games.iloc[0]
    assert g.games == 300 and g.end_target + g.end_bidder_out + g.end_unfinished == 1
    assert g.deals_per_game_lo < g.deals_per_game < g.deals_per_game_hi
    assert 0 <= g.first_dealer_team_wins_lo <= g.first_dealer_team_wins_hi <= 1


def test_variants_command(tmp_path):
    r = run_cli("variants", "--presets", "cinch,catch-five", "--deals", "5000", "--games", "50",
                "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert {p.name for p in tmp_path.iterdir()} == {
        "variants.csv", "seats.csv", "points.csv", "games.csv", "run.json", "make_rate.png",
        "points.png", "deals_per_game.png", "seat_advantage.png", "seat_edge.png",
        "balance.csv", "balance.png"}
    balance = pd.read_csv(tmp_path / "balance.csv")
    assert list(balance.dealer_edge_share) == sorted(balance.dealer_edge_share)
    assert set(pd.read_csv(tmp_path / "variants.csv").preset) == {"cinch", "catch-five"}


@pytest.mark.many_sides
def test_variants_at_any_table():
    """Individual play: a row per seat of each table, each seat's edge over the others'
    mean; with two teams the eldest's edge is the dealer's turned round."""
    tables = [EngineInputs.for_variant(p) for p in ("cinch", "cinch@3", "sancho@7")]
    report = variants_analysis(tables, 20_000, 40, 3, L.P_HEURISTIC, FLAGS,
                               show_progress=False)
    seats = report.seats.groupby("preset", sort=False).seat.apply(list).to_dict()
    assert seats == {"cinch": ["dealer", "eldest", "second", "third"],
                     "cinch@3": ["dealer", "eldest", "second"],
                     "sancho@7": ["dealer", "eldest", "second", "third", "fourth", "fifth",
                                  "sixth"]}
    for name, g in report.seats.groupby("preset"):
        # the seats' leads over the others' means add up to nothing, deal by deal
        assert abs(g.edge_share.sum()) < 1e-9, name
        assert (g.edge_share_lo <= g.edge_share).all() and (g.edge_share <= g.edge_share_hi).all()
    b = report.balance.set_index("preset")
    assert b.loc["cinch", "eldest_edge_share"] == pytest.approx(-b.loc["cinch",
                                                                      "dealer_edge_share"])
    dealer = report.seats.set_index(["preset", "seat"]).loc[("cinch@3", "dealer")]
    assert b.loc["cinch@3", "dealer_edge_share"] == pytest.approx(dealer.edge_share)
    assert set(report.games.preset) == {"cinch", "cinch@3", "sancho@7"}


@pytest.mark.parametrize("presets,fragment", [("cinch,bridge", "unknown preset 'bridge'"),
                                              (",", "name at least one preset")])
def test_variants_bad_presets(tmp_path, presets, fragment):
    r = run_cli("variants", "--presets", presets, "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and fragment in r.stderr and len(r.stderr.splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_precision_runs_each_preset_to_its_own_size():
    from pedro_sim.analysis.variants import RARE_BID

    presets = [EngineInputs.for_variant(p) for p in ("cinch", "king-pedro")]
    report = variants_analysis(presets, 2_000_000, 0, 3, L.P_HEURISTIC, FLAGS,
                               show_progress=False, precision=0.01)
    used = report.seats.groupby("preset").deals.first()
    for name, n in used.items():
        assert n % 8192 == 0 and (n // 8192) & (n // 8192 - 1) == 0, (name, n)
        rows = report.bids[report.bids.preset == name]
        assert ((rows.share_hi - rows.share_lo) / 2 <= 0.01).all()
        common = rows[rows.share >= RARE_BID]
        assert ((common.p_make_hi - common.p_make_lo) / 2 <= 0.01).all()
    fixed = variants_analysis([presets[0]], int(used["cinch"]), 0, 3, L.P_HEURISTIC, FLAGS,
                              show_progress=False)
    pd.testing.assert_frame_equal(fixed.bids, report.bids[report.bids.preset == "cinch"]
                                  .reset_index(drop=True))


def test_each_preset_plays_its_own_default_pimc(tmp_path):
    """pimc's tuning by preset (cinch solves five tricks, pidro draws 28 worlds) is each
    preset's in `variants`: run.json names each preset's player, and a preset's rows are
    those of its own run."""
    import json

    from pedro_sim.engine_inputs import players

    spec = "pimc:bid_worlds=8,keep_worlds=4"
    r = run_cli("variants", "--presets", "cinch,pidro", "--policy", spec, "--deals", "24",
                "--games", "0", "--seed", "5", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    run = json.loads((tmp_path / "run.json").read_text())
    want = {n: players(spec, EngineInputs.for_variant(n).variant).label
            for n in ("cinch", "pidro")}
    assert run["players"] == want and want["cinch"] != want["pidro"]
    assert "eval=solver" in want["pidro"] and "solve_tricks=5" in want["cinch"]
    assert run["policy"].startswith(spec) and "run.json: players" in run["policy"]
    pidro = EngineInputs.for_variant("pidro")
    alone = variants_analysis([pidro], 24, 0, 5, L.PL_PIMC * 17,
                              players(spec, pidro.variant).flags, show_progress=False)
    both = pd.read_csv(tmp_path / "variants.csv")
    mine = both[both.preset == "pidro"].reset_index(drop=True)
    assert mine[["bid", "n", "made"]].equals(alone.bids[["bid", "n", "made"]])
