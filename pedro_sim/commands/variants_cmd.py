"""`pedro-sim variants`: the presets side by side."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pedro_sim.analysis.variants import VariantsReport, variants_analysis
from pedro_sim.parsers import parse_presets
from pedro_sim.report import variant_plots as plots
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.rules import PRESETS, get_preset
from pedro_sim.setup import EngineInputs, players


def run_variants(presets: str | None, deals: int, games: int, seed: int, player_options: tuple,
                 out_dir: Path, console: Console, precision: float | None = None) -> None:
    """``player_options``: (policy, bidders, defenders, worlds, evaluator) as given."""
    names = parse_presets(presets)
    who = players(player_options[0], get_preset("cinch"), *player_options[1:])
    inputs = [EngineInputs.for_variant(n) for n in names]  # refuses what is not played yet
    for i in inputs:
        players(player_options[0], i.variant, *player_options[1:])
    policy = who.label
    check_writable_dir(out_dir)
    started = time.perf_counter()
    report = variants_analysis(inputs, deals, games, seed, who.policy, who.flags,
                               precision=precision)
    elapsed = time.perf_counter() - started
    print_report(report, console)
    totals = {n: PRESETS[n].total_points for n in names}
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
    plots.balance_figure(report.balance, policy, shown, out_dir / "balance.png")
    if precision is not None:
        console.print(f"--precision {precision}: " + ", ".join(
            f"{name} {int(n):,}" for name, n in used.items()) + " deals")
    write_json(out_dir / "run.json", run_metadata(seed, deals, ",".join(names), policy, elapsed,
                                                  games=games, precision=precision,
                                                  deals_used={k: int(n) for k, n in
                                                              used.items()}))
    console.print(f"wrote {out_dir}/variants.csv, seats.csv, points.csv, balance.csv"
                  + (", games.csv" if games else "") + f", run.json and figures "
                  f"({elapsed:.1f} s)")


def print_report(report: VariantsReport, console: Console) -> None:
    table = Table(title="Presets side by side (95% intervals)")
    for col in ("preset", "P(make)", "dealer forced", "dealer team edge/deal",
                "first dealer's team wins", "deals/game"):
        table.add_column(col, justify="right")
    for preset, bids in report.bids.groupby("preset", sort=False):
        made, n = bids.made.sum(), bids.n.sum()
        seats = report.seats[report.seats.preset == preset].set_index("seat")
        edge = seats.loc["dealer", "team_score"] - seats.loc["eldest", "team_score"]
        forced = seats.loc["dealer", "forced"]
        game = report.games[report.games.preset == preset] if len(report.games) else None
        wins = (f"{game.first_dealer_team_wins.iloc[0]:.3f}" if game is not None and len(game)
                else "-")
        length = (f"{game.deals_per_game.iloc[0]:.1f}" if game is not None and len(game)
                  else "-")
        table.add_row(preset, f"{made / n:.3f}", f"{forced:.3f}", f"{edge:+.3f}", wins, length)
    console.print(table)
    balance = Table(title="Balance per deal, as a share of the deal's points (95% intervals; "
                          "sorted by the dealer's side's edge)")
    for col in ("preset", "points", "dealer's side's edge", "bidders' net score",
                "make rate"):
        balance.add_column(col, justify="right")
    for r in report.balance.itertuples():
        balance.add_row(r.preset, str(r.points_in_deal),
                        f"{100 * r.dealer_edge_share:+.1f}% ({100 * r.dealer_edge_share_lo:+.1f}"
                        f" to {100 * r.dealer_edge_share_hi:+.1f})",
                        f"{100 * r.bidders_net_share:+.1f}% ({100 * r.bidders_net_share_lo:+.1f}"
                        f" to {100 * r.bidders_net_share_hi:+.1f})",
                        f"{r.make_rate:.3f} ({r.make_rate_lo:.3f}–{r.make_rate_hi:.3f})")
    console.print(balance)
