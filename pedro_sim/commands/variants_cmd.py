"""`pedro-sim variants`: the presets side by side."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pedro_sim.analysis.stats import wilson
from pedro_sim.analysis.variants import VariantsReport, variants_analysis
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.parsers import parse_presets
from pedro_sim.report import variant_plots as plots
from pedro_sim.report.console_tables import rate_span
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json


def run_variants(presets: str | None, deals: int, games: int, seed: int, player_options: tuple,
                 out_dir: Path, console: Console, precision: float | None = None) -> None:
    """``player_options``: (policy, bidders, defenders, worlds, evaluator) as given."""
    names = parse_presets(presets)
    inputs = [EngineInputs.for_variant(n) for n in names]  # refuses what is not played yet
    # each preset's own player: its pimc tuning fills what the spec leaves out
    chosen = [players(player_options[0], i.variant, *player_options[1:]) for i in inputs]
    labels = {i.label: who.label for i, who in zip(inputs, chosen, strict=True)}
    policy = player_label(player_options[0], labels)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    report = variants_analysis(inputs, deals, games, seed, chosen[0].policy,
                               [who.flags for who in chosen], precision=precision)
    elapsed = time.perf_counter() - started
    print_report(report, console)
    totals = {i.label: i.variant.total_points for i in inputs}
    used = report.seats.groupby("preset", sort=False)["deals"].first().to_dict()
    shown = deals if precision is None else \
        f"{min(used.values()):,}–{max(used.values()):,} deals per preset (--precision {precision})"
    write_csv(out_dir / "variants.csv", report.bids)
    write_csv(out_dir / "seats.csv", report.seats)
    write_csv(out_dir / "points.csv", report.points)
    write_csv(out_dir / "balance.csv", report.balance)
    if games:
        write_csv(out_dir / "games.csv", report.games)
        plots.deals_per_game_figure(report.games, policy, shown, games,
                                    out_dir / "deals_per_game.png")
    plots.make_rate_figure(report.bids, totals, policy, shown, out_dir / "make_rate.png")
    plots.points_figure(report.points, policy, shown, out_dir / "points.png")
    plots.seat_figure(report.seats, policy, shown, out_dir / "seat_advantage.png")
    plots.seat_edge_figure(report.seats, policy, shown, out_dir / "seat_edge.png")
    plots.balance_figure(report.balance, policy, shown, out_dir / "balance.png")
    if precision is not None:
        console.print(f"--precision {precision}: " + ", ".join(
            f"{name} {int(n):,}" for name, n in used.items()) + " deals")
    write_json(out_dir / "run.json", run_metadata(seed, deals, ",".join(names), policy, elapsed,
                                                  games=games, precision=precision,
                                                  deals_used={k: int(n) for k, n in
                                                              used.items()},
                                                  players=labels))
    console.print(f"wrote {out_dir}/variants.csv, seats.csv, points.csv, balance.csv"
                  + (", games.csv" if games else "") + f", run.json and figures "
                  f"({elapsed:.1f} s)")


def player_label(spec: str, labels: dict[str, str]) -> str:
    """The players' label of a run over presets: their spec in full where every preset
    plays the same, else the spec as given, each preset's in run.json (``players``).

    >>> player_label("heuristic", {"cinch": "heuristic", "pidro": "heuristic"})
    'heuristic'
    >>> player_label("pimc", {"cinch": "pimc:a", "pidro": "pimc:b"})
    "pimc (each preset's default settings; run.json: players)"
    """
    if len(set(labels.values())) == 1:
        return next(iter(labels.values()))
    return f"{spec} (each preset's default settings; run.json: players)"


def print_report(report: VariantsReport, console: Console) -> None:
    """The presets' deals side by side, their whole games, then their balance. P(make) is
    over the bids won in both deal tables (a deal thrown in when all pass, bid 0 in
    variants.csv, has no bidder to make it); the share thrown in is a column of its own."""
    table = Table(title="Presets side by side, per deal (95% intervals)")
    table.add_column("preset", justify="right", no_wrap=True)
    for col in ("P(make), bids won", "thrown in", "dealer forced",
                "dealer's side's edge (points)"):  # a narrow terminal wraps, never cuts
        table.add_column(col, justify="right", overflow="fold")
    balance_of = report.balance.set_index("preset")
    held = report.bids[report.bids.bid > 0]  # bid 0: thrown in, no bid
    won_of = held.groupby("preset", sort=False).n.sum()
    for preset, bids in report.bids.groupby("preset", sort=False):
        b = balance_of.loc[preset]
        deals = int(bids.deals.iloc[0])
        thrown = int(bids[bids.bid == 0].n.sum())
        dealer = report.seats[report.seats.preset == preset].set_index("seat").loc["dealer"]
        # the dealer's side's mean net score (= its team's score less eldest's, seats.csv)
        edge = [b.points_in_deal * b[f"dealer_edge_share{k}"] for k in ("", "_lo", "_hi")]
        table.add_row(preset, rate_span(b.make_rate, b.make_rate_lo, b.make_rate_hi,
                                        won_of.get(preset, 0)),
                      rate_span(thrown / deals, *wilson(thrown, deals), deals),
                      rate_span(dealer.forced, dealer.forced_lo, dealer.forced_hi, deals),
                      f"{edge[0]:+.3f} ± {(edge[2] - edge[1]) / 2:.3f}")
    table.caption = ("P(make): of the deals someone bid, as in the balance table; thrown in: "
                     "deals all passed (presets with no forced dealer bid).")
    console.print(table)
    if len(report.games):
        games = Table(title=f"Whole games ({int(report.games.games.iloc[0]):,} per preset; "
                            "95% intervals)")
        for col in ("preset", "first dealer's team wins", "deals per game"):
            games.add_column(col, justify="right", overflow="fold")
        for g in report.games.itertuples():
            games.add_row(g.preset, rate_span(g.first_dealer_team_wins,
                                              g.first_dealer_team_wins_lo,
                                              g.first_dealer_team_wins_hi, g.games),
                          f"{g.deals_per_game:.1f} ± "
                          f"{(g.deals_per_game_hi - g.deals_per_game_lo) / 2:.1f}")
        console.print(games)
    balance = Table(title="Balance per deal, as a share of the deal's points (95% intervals; "
                          "sorted by the dealer's side's edge)")
    for col in ("preset", "points", "dealer's side's edge", "bidders' net score",
                "make rate, bids won"):
        balance.add_column(col, justify="right")
    for r in report.balance.itertuples():
        balance.add_row(r.preset, str(r.points_in_deal),
                        f"{100 * r.dealer_edge_share:+.1f}% ({100 * r.dealer_edge_share_lo:+.1f}"
                        f" to {100 * r.dealer_edge_share_hi:+.1f})",
                        f"{100 * r.bidders_net_share:+.1f}% ({100 * r.bidders_net_share_lo:+.1f}"
                        f" to {100 * r.bidders_net_share_hi:+.1f})",
                        rate_span(r.make_rate, r.make_rate_lo, r.make_rate_hi,
                                  won_of.get(r.preset, 0)))
    console.print(balance)
