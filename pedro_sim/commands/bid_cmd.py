"""`pedro-sim bid`: the make rate of every bid for a fixed hand."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console
from rich.table import Table

from pedro_sim.analysis.bid import BidReport, bid_analysis, widest_interval_of
from pedro_sim.cards import format_cards, parse_hand, parse_suit
from pedro_sim.parsers import parse_seats
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.report.plots import make_rate_figure, points_figure
from pedro_sim.rules import Variant
from pedro_sim.setup import EngineInputs, Players


def run_bid(hand_text: str, bid_value: int | None, trump: str, seat: str, deals: int, seed: int,
            who: Players, rules: Variant, out_dir: Path, console: Console,
            precision: float | None = None) -> None:
    hand = parse_hand(hand_text, size=rules.hand, allow_joker=rules.deck == 53)
    bid_value = rules.check_bid(rules.min_bid if bid_value is None else bid_value)
    suit = None if trump.strip().lower() == "best" else parse_suit(trump)
    seats = parse_seats(seat)
    check_writable_dir(out_dir)
    who = who.at_bid(bid_value)  # players that play for the score play this bid

    started = time.perf_counter()
    inputs = EngineInputs.for_variant(rules)
    report = bid_analysis(inputs, hand, seats, suit, deals, seed, who.policy, who.label,
                          who.flags, precision=precision)
    elapsed = time.perf_counter() - started
    text = format_cards(hand)
    print_report(report, text, bid_value, console)
    if who.plays_for_the_score:
        console.print(f"Every deal was played at bid {bid_value}: these players play for the "
                      "score, so the other bids' rows price deals played at this one (run "
                      "--bid B to play bid B).")
    used = [int(n) for n in report.summary.n]
    if precision is not None:
        reached = all(widest_interval_of(report, s) <= precision for s in report.summary.seat)
        console.print(f"--precision {precision}: {', '.join(f'{n:,}' for n in used)} deals "
                      f"per seat ({'reached' if reached else 'NOT reached: --deals cap hit'})")
    write_report(report, text, out_dir, seed, deals if precision is None else max(used),
                 rules.name, who.label, elapsed, bid_value, precision)
    console.print(f"wrote {out_dir}/bid.csv, points.csv, run.json, make_rate.png, points.png "
                  f"({elapsed:.1f} s)")


def print_report(report: BidReport, hand_text: str, bid_value: int, console: Console) -> None:
    for _, s in report.summary.iterrows():
        rows = report.table[(report.table.seat == s.seat) & (report.table.trump == s.trump)]
        at = rows[rows.bid == bid_value].iloc[0]
        table = Table(title=f"{hand_text} — {s.seat}, trumps {s.trump}, {s.n:,} deals "
                            f"({s.variant}, {s.policy})")
        for col in ("bid", "P(make)", "95% interval", "E[Δscore]", "95% interval ",
                    "E[net]", "95% interval  "):
            table.add_column(col, justify="right")
        for _, r in rows.iterrows():
            style = "bold yellow" if r.bid == bid_value else None
            table.add_row(str(r.bid), f"{r.p_make:.4f}", f"{r.p_make_lo:.4f}–{r.p_make_hi:.4f}",
                          f"{r.expected_score:+.3f}",
                          f"{r.expected_score_lo:+.3f}–{r.expected_score_hi:+.3f}",
                          f"{r.expected_net:+.3f}",
                          f"{r.expected_net_lo:+.3f}–{r.expected_net_hi:+.3f}", style=style)
        table.caption = (
            f"mean points: bidders {s.mean_bidder_points:.3f} "
            f"({s.mean_bidder_points_lo:.3f}–{s.mean_bidder_points_hi:.3f}), defenders "
            f"{s.mean_defender_points:.3f}; bid {bid_value}: expected score change "
            f"{float(at.expected_score):+.3f}, net (bidders' minus defenders') "
            f"{float(at.expected_net):+.3f}. Scores by the preset's own scoring."
        )
        console.print(table)


def write_report(report: BidReport, hand_text: str, out_dir: Path, seed: int, deals: int,
                 variant: str, policy: str, elapsed: float, bid_value: int,
                 precision: float | None = None) -> None:
    table = report.table.merge(report.summary[["seat", "trump", "mean_bidder_points",
                                               "mean_defender_points"]], on=["seat", "trump"])
    table["played_at_bid"] = bid_value  # the bid in force while the deals were played
    write_csv(out_dir / "bid.csv", table)
    write_csv(out_dir / "points.csv", report.points)
    make_rate_figure(report.table, hand_text, out_dir / "make_rate.png")
    points_figure(report.points, report.table, hand_text, out_dir / "points.png")
    meta = run_metadata(seed, deals, variant, policy, elapsed, hand=hand_text, bid=bid_value,
                        played_at_bid=bid_value,
                        precision=precision,
                        deals_per_seat=[int(n) for n in report.summary.n],
                        seats=list(pd.unique(report.table.seat)),
                        trumps=list(pd.unique(report.table.trump)))
    write_json(out_dir / "run.json", meta)
