"""`pedro-sim holdings`: what each trump and each holding pattern is worth to the bidder."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.analysis.charts import length_rows
from pedro_sim.analysis.strategy import holdings
from pedro_sim.analysis.study import Study
from pedro_sim.report.console_tables import narrow_table, plus_minus, span
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.report.strategy_plots import card_value_chart, make_rate_chart
from pedro_sim.rules.describe import point_name
from pedro_sim.specs import short_label


def run_holdings(study: Study, seats: list[str], out_dir: Path, console: Console,
                 bid: int | None = None) -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    """Card values and patterns into ``out_dir``; returns them and each seat's hand-class
    counts (which the charts also draw from)."""
    v = study.inputs.variant
    bid = v.check_bid(min(v.min_bid + 1, v.max_bid) if bid is None else bid)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    values = holdings.card_values(study, seats)
    patterns, counts = holdings.patterns(study, seats)
    elapsed = time.perf_counter() - started
    print_holdings(values, patterns, bid,
                   f"{study.inputs.label}, {short_label(study.who.label)}", console)
    write_csv(out_dir / "card_values.csv", values)
    write_csv(out_dir / "patterns.csv", patterns)
    card_value_chart(values, bid, study.deals, out_dir / "card_values.png")
    lengths = length_rows(study, counts)
    write_csv(out_dir / "make_rate_by_length.csv", lengths)
    make_rate_chart(lengths, list(range(v.min_bid, min(v.min_bid + 4, v.max_bid + 1))),
                    study.deals, out_dir / "make_rate_by_length.png")
    if study.precision is not None:
        console.print(study.precision_line())
    if study.bid_note():
        console.print(study.bid_note())
    write_json(out_dir / "run.json", run_metadata(study.seed, study.deals, v,
                                                  study.who.label, elapsed, seats=seats,
                                                  trumps="H", chart_bid=bid,
                                                  **study.meta()))
    console.print(f"wrote {out_dir}/card_values.csv, patterns.csv, make_rate_by_length.csv, "
                  f"card_values.png, make_rate_by_length.png, run.json ({elapsed:.1f} s)")
    return values, patterns, counts


def print_holdings(values: pd.DataFrame, patterns: pd.DataFrame, bid: int, player: str,
                   console: Console) -> None:
    """The console tables: each trump's paired value, then the holding patterns, each
    naming the game and the player that played the deals (``player``)."""
    for seat, g in values[values["bid"] == bid].groupby("seat", sort=False):
        table = narrow_table(f"Value of each trump to the bidder, {seat} (trumps hearts; "
                             f"{int(g['n'].iloc[0]):,} paired deals per card; {player})",
                             ("trump", "Δ points", "paired 95%", "indep. 95%",
                              f"Δ P(make {bid})", "paired 95%"), labels=1)
        for r in g.itertuples():
            table.add_row(point_name(r.holding), f"{r.points_diff:+.3f}",
                          span(r.points_diff_lo, r.points_diff_hi, 2, signed=True),
                          span(r.points_indep_lo, r.points_indep_hi, 2, signed=True),
                          f"{r.p_make_diff:+.3f}",
                          span(r.p_make_diff_lo, r.p_make_diff_hi, 3, signed=True))
        console.print(table)
    for seat, g in patterns[patterns["bid"] == bid].groupby("seat", sort=False):
        table = narrow_table(f"Holding patterns, {seat}: bidders' points and P(make {bid}) "
                             f"({player})", ("pattern", "share", "hands", "points ± 95%",
                                             f"P(make {bid})", "95% CI"),
                             labels=1)
        for r in g.itertuples():
            table.add_row(r.pattern, f"{r.share:.3f}", f"{r.n:,}",
                          plus_minus(r.mean_points, r.mean_points_lo, r.mean_points_hi, 2,
                                     signed=False),
                          f"{r.p_make:.3f}", span(r.p_make_lo, r.p_make_hi, 3))
        console.print(table)
