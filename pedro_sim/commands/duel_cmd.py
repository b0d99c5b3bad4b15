"""`pedro-sim duel`: two players compared on the same deals, swapping sides."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console

from pedro_sim.analysis.duel import duel
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.rules import Variant
from pedro_sim.setup import EngineInputs, duel_players


def run_duel(a: str, b: str, deals: int, seed: int, worlds: int | None, evaluator: str | None,
             rules: Variant, out_dir: Path, console: Console,
             precision: float | None = None) -> None:
    spec_a, spec_b, flags = duel_players(a, b, worlds, evaluator)  # validates both
    a, b = str(spec_a), str(spec_b)
    inputs = EngineInputs.for_variant(rules)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    table = duel(inputs, a, b, deals, seed, flags, precision=precision)
    elapsed = time.perf_counter() - started
    r = table.iloc[0]
    console.print(
        f"{rules.name}, {r.deals:,} deals each played twice, the players swapping sides\n"
        f"  A = {a}\n  B = {b}\n"
        f"  points per deal, A minus B: {r.points_diff:+.3f} "
        f"(95% {r.points_diff_lo:+.3f} to {r.points_diff_hi:+.3f})\n"
        f"  net score per deal, A minus B: {r.score_diff:+.3f} "
        f"(95% {r.score_diff_lo:+.3f} to {r.score_diff_hi:+.3f})\n"
        f"  make rate as bidders: A {r.a_make_rate:.3f} ({r.a_make_lo:.3f}-{r.a_make_hi:.3f}, "
        f"{r.a_bids:,} bids), B {r.b_make_rate:.3f} ({r.b_make_lo:.3f}-{r.b_make_hi:.3f}, "
        f"{r.b_bids:,} bids); difference {r.make_rate_diff:+.3f}")
    write_csv(out_dir / "duel.csv", table)
    if precision is not None:
        console.print(f"--precision {precision}: {r.deals:,} deals (cap {deals:,})")
    write_json(out_dir / "run.json", run_metadata(seed, deals, rules.name, f"{a} vs {b}",
                                                  elapsed, a=a, b=b, precision=precision,
                                                  deals_used=int(r.deals)))
    console.print(f"wrote {out_dir}/duel.csv and run.json ({elapsed:.1f} s)")
