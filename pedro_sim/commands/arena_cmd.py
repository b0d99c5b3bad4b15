"""`duel` and `trace` (and, through analysis/players/ladder.py, `ladder`) with an outside
program at the table (exec:COMMAND): played in the arena (pedro_sim/arena), where the
reference engine deals and rules and each seat's player answers from its view. A program
that fails stops the run with one line naming the seat, the deal and what went wrong; the
deals finished before it are written."""

from __future__ import annotations

import json
import time
from pathlib import Path

from rich.console import Console

from pedro_sim.analysis.runner import ProgressLines
from pedro_sim.arena.duel import arena_duel
from pedro_sim.arena.play import SeatFault, arena_traces, check_arena_spec
from pedro_sim.commands.players_cmd import made_rates
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.report.files import (
    check_writable_dir,
    check_writable_file,
    run_metadata,
    write_atomic,
    write_csv,
    write_json,
)
from pedro_sim.rules import Variant


def failed(fault: SeatFault, kept: str, console: Console) -> None:
    console.print(f"kept {kept}")
    raise fault


def nothing_finished(fault: SeatFault | None, finished: int) -> None:
    """A program that failed before any deal finished: its one line alone, no summary of
    nothing and no empty file."""
    if fault is not None and not finished:
        raise fault


def run_arena_duel(a: str, b: str, deals: int, seed: int, rules: Variant, timeout: float,
                   out_dir: Path, console: Console, worlds: int | None = None,
                   evaluator: str | None = None) -> None:
    a, b = (check_arena_spec(a, worlds, evaluator, rules),
            check_arena_spec(b, worlds, evaluator, rules))
    inputs = EngineInputs.for_variant(rules)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    result = arena_duel(inputs, a, b, deals, seed, timeout, ProgressLines(deals, always=True))
    elapsed = time.perf_counter() - started
    r = result.summary.iloc[0]
    nothing_finished(result.fault, int(r.deals))
    console.print(
        f"{inputs.label} in the arena, {int(r.deals):,} deals each played in every "
        f"arrangement of A and B\n  A = {a}\n  B = {b}\n"
        f"  points per deal, A minus B: {r.points_diff:+.3f} "
        f"(95% {r.points_diff_lo:+.3f} to {r.points_diff_hi:+.3f})\n"
        f"  net score per deal, A minus B: {r.score_diff:+.3f} "
        f"(95% {r.score_diff_lo:+.3f} to {r.score_diff_hi:+.3f})\n"
        f"  make rate as bidders: {made_rates(r)}")
    write_csv(out_dir / "duel.csv", result.summary)
    write_csv(out_dir / "deals.csv", result.rows)
    write_json(out_dir / "run.json", run_metadata(seed, deals, rules, f"{a} vs {b}",
                                                  elapsed, a=a, b=b, arena=True,
                                                  deals_used=int(r.deals)))
    console.print(f"wrote {out_dir}/duel.csv, deals.csv and run.json ({elapsed:.1f} s)")
    if result.fault is not None:
        failed(result.fault, f"the {int(r.deals):,} deals finished before it", console)


def run_arena_trace(policy: str, rules: Variant, deals: int, seed: int, first: int,
                    timeout: float, out_path: Path, console: Console, worlds: int | None = None,
                    evaluator: str | None = None) -> None:
    spec = check_arena_spec(policy, worlds, evaluator, rules)
    inputs = EngineInputs.for_variant(rules)
    check_writable_file(out_path)
    lines: list[str] = []
    progress = ProgressLines(deals, always=True)

    def done(trace: dict) -> None:
        lines.append(json.dumps(trace, separators=(",", ":")))
        progress(len(lines))

    fault = None
    try:
        arena_traces(inputs, seed, range(first, first + deals), [spec] * rules.players, spec,
                     timeout, done)
    except SeatFault as exc:
        fault = exc
    nothing_finished(fault, len(lines))
    write_atomic(out_path, lambda tmp: tmp.write_text("".join(f"{x}\n" for x in lines),
                                                      encoding="utf-8"))
    console.print(f"wrote {len(lines):,} deals of {inputs.label} to {out_path}")
    if fault is not None:
        failed(fault, f"the {len(lines):,} deals finished before it", console)


def run_arena_bid(hand_text: str, bid_value: int | None, trump: str, seat: str,
                  deals: int | None, seed: int, specs: tuple[str, str | None, str | None],
                  rules: Variant, timeout: float, out_dir: Path, console: Console,
                  worlds: int | None = None, evaluator: str | None = None,
                  bids_text: str | None = None) -> None:
    """`bid` with an outside program at the table (``specs``: --policy, --bidders,
    --defenders): every reported bid played in a run of its own, with that bid in force,
    1,000 deals per seat unless --deals says otherwise. A program's fault writes the
    deals finished before it."""
    import pandas as pd

    from pedro_sim.analysis.bid import BidReport, bid_analysis
    from pedro_sim.arena.bid import FixedHandTable
    from pedro_sim.cards import format_cards
    from pedro_sim.commands.bid_cmd import bid_inputs, check_28_56, print_report, write_report
    from pedro_sim.parsers import parse_bids

    hand, bid_value, suit, seats = bid_inputs(hand_text, bid_value, trump, seat, rules)
    policy, bidders, defenders = specs
    b_spec = check_arena_spec(bidders or policy, worlds, evaluator, rules)
    d_spec = check_arena_spec(defenders or policy, worlds, evaluator, rules)
    label = b_spec if b_spec == d_spec else f"bidders {b_spec}, defenders {d_spec}"
    bids = sorted(set(parse_bids(bids_text, rules)) | {bid_value}) if bids_text else [bid_value]
    check_28_56(rules, bids, hand, suit, seats, "--bids")
    check_writable_dir(out_dir)
    deals = 1000 if deals is None else deals
    inputs = EngineInputs.for_variant(rules)
    started = time.perf_counter()
    table = FixedHandTable(inputs, seed, b_spec, d_spec, timeout)
    runs: list[tuple[int, BidReport]] = []
    try:
        for b in bids:
            for s in seats:
                histogram = table.histogram(hand, b, deals,
                                            ProgressLines(deals, f"{s}, bid {b}", always=True))
                report = bid_analysis(inputs, hand, [s], suit, deals, seed, 0, label, None,
                                      bids=[b], histogram=histogram)
                if int(report.summary.n.iloc[0]) > 0:
                    report.table["played_at_bid"] = b
                    runs.append((b, report))
                if table.fault is not None:
                    break
            if table.fault is not None:
                break
    finally:
        table.close()
    elapsed = time.perf_counter() - started
    nothing_finished(table.fault, len(runs))
    main = [r for b, r in runs if b == bid_value] or [runs[0][1]]
    report = BidReport(pd.concat([r.table for _, r in runs], ignore_index=True),
                       pd.concat([r.points for r in main], ignore_index=True),
                       pd.concat([r.summary for r in main], ignore_index=True))
    text = format_cards(hand)
    print_report(report, text, bid_value, console, rules.partnerships)
    console.print(f"Played in the arena with {label}: each bid's row comes from deals played "
                  f"at that bid ({', '.join(map(str, bids))}).")
    write_report(report, text, out_dir, seed, deals, rules, label, elapsed, bid_value)
    console.print(f"wrote {out_dir}/bid.csv, points.csv, run.json, make_rate.png, points.png "
                  f"({elapsed:.1f} s)")
    if table.fault is not None:
        failed(table.fault, "the deals finished before it", console)
