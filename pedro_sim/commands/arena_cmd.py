"""`duel` and `trace` (and, through analysis/players/ladder.py, `ladder`) with an outside
program at the table (exec:COMMAND): played in the arena (pedro_sim/arena), where the
reference engine deals and rules and each seat's player answers from its view. A program
that fails stops the run with one line naming the seat, the deal and what went wrong; the
deals finished before it are written."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from rich.console import Console

from pedro_sim.arena.duel import arena_duel
from pedro_sim.arena.play import SeatFault, arena_traces, check_arena_spec
from pedro_sim.report.files import (
    check_writable_dir,
    check_writable_file,
    run_metadata,
    write_atomic,
    write_csv,
    write_json,
)
from pedro_sim.rules import Variant
from pedro_sim.setup import EngineInputs


def outside(*specs: str | None) -> bool:
    """Whether any of the specs names an outside program."""
    return any(s is not None and s.strip().startswith("exec:") for s in specs)


class Progress:
    """A line on standard error every few seconds of a long run."""

    def __init__(self, total: int, what: str) -> None:
        self.total, self.what, self.last = total, what, time.monotonic()

    def __call__(self, done: int) -> None:
        if time.monotonic() - self.last > 5 or done == self.total:
            self.last = time.monotonic()
            print(f"{done:,} of {self.total:,} {self.what}", file=sys.stderr, flush=True)


def failed(fault: SeatFault, kept: str, console: Console) -> None:
    console.print(f"kept {kept}")
    raise fault


def run_arena_duel(a: str, b: str, deals: int, seed: int, rules: Variant, timeout: float,
                   out_dir: Path, console: Console, worlds: int | None = None,
                   evaluator: str | None = None) -> None:
    a, b = check_arena_spec(a, worlds, evaluator), check_arena_spec(b, worlds, evaluator)
    inputs = EngineInputs.for_variant(rules)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    result = arena_duel(inputs, a, b, deals, seed, timeout, Progress(deals, "deals"))
    elapsed = time.perf_counter() - started
    r = result.summary.iloc[0]
    console.print(
        f"{inputs.label} in the arena, {int(r.deals):,} deals each played in every "
        f"arrangement of A and B\n  A = {a}\n  B = {b}\n"
        f"  points per deal, A minus B: {r.points_diff:+.3f} "
        f"(95% {r.points_diff_lo:+.3f} to {r.points_diff_hi:+.3f})\n"
        f"  net score per deal, A minus B: {r.score_diff:+.3f} "
        f"(95% {r.score_diff_lo:+.3f} to {r.score_diff_hi:+.3f})\n"
        f"  make rate as bidders: A {r.a_make_rate:.3f} ({int(r.a_bids):,} bids), "
        f"B {r.b_make_rate:.3f} ({int(r.b_bids):,} bids)")
    write_csv(out_dir / "duel.csv", result.summary)
    write_csv(out_dir / "deals.csv", result.rows)
    write_json(out_dir / "run.json", run_metadata(seed, deals, rules.name, f"{a} vs {b}",
                                                  elapsed, a=a, b=b, arena=True,
                                                  deals_used=int(r.deals)))
    console.print(f"wrote {out_dir}/duel.csv, deals.csv and run.json ({elapsed:.1f} s)")
    if result.fault is not None:
        failed(result.fault, f"the {int(r.deals):,} deals finished before it", console)


def run_arena_trace(policy: str, rules: Variant, deals: int, seed: int, first: int,
                    timeout: float, out_path: Path, console: Console, worlds: int | None = None,
                    evaluator: str | None = None) -> None:
    spec = check_arena_spec(policy, worlds, evaluator)
    inputs = EngineInputs.for_variant(rules)
    check_writable_file(out_path)
    lines: list[str] = []
    progress = Progress(deals, "deals")

    def done(trace: dict) -> None:
        lines.append(json.dumps(trace, separators=(",", ":")))
        progress(len(lines))

    fault = None
    try:
        arena_traces(inputs, seed, range(first, first + deals), [spec] * rules.players, spec,
                     timeout, done)
    except SeatFault as exc:
        fault = exc
    write_atomic(out_path, lambda tmp: tmp.write_text("".join(f"{x}\n" for x in lines),
                                                      encoding="utf-8"))
    console.print(f"wrote {len(lines):,} deals to {out_path}")
    if fault is not None:
        failed(fault, f"the {len(lines):,} deals finished before it", console)
