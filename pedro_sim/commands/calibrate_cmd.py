"""`pedro-sim calibrate`: the make rate a thinking bidder predicts against what it makes."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console
from rich.table import Table

from pedro_sim.analysis.calibration import calibration
from pedro_sim.parsers import parse_presets
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.setup import EngineInputs, players


def run_calibrate(presets: str | None, policy: str, worlds: int | None, evaluator: str | None,
                  deals: int, seed: int, out_dir: Path, console: Console) -> None:
    names = parse_presets(presets)
    inputs = [EngineInputs.for_variant(n) for n in names]
    who = [players(policy, i.variant, worlds=worlds, evaluator=evaluator) for i in inputs]
    check_writable_dir(out_dir)
    started = time.perf_counter()
    table = pd.concat([calibration(i, w, deals, seed) for i, w in zip(inputs, who, strict=True)],
                      ignore_index=True)
    elapsed = time.perf_counter() - started
    print_calibration(table, console)
    write_csv(out_dir / "calibration.csv", table)
    write_json(out_dir / "run.json", run_metadata(seed, deals, ",".join(names), who[0].label,
                                                  elapsed))
    console.print(f"wrote {out_dir}/calibration.csv, run.json ({elapsed:.1f} s)")


def print_calibration(table: pd.DataFrame, console: Console) -> None:
    t = Table(title=f"Predicted against achieved make rate by bid ({table.policy.iloc[0]})")
    for col in ("preset", "bid", "bids", "predicted", "achieved (95%)", "gap"):
        t.add_column(col, justify="right")
    for r in table.itertuples():
        t.add_row(r.variant, str(r.bid), f"{r.n:,}", f"{r.predicted:.3f}",
                  f"{r.achieved:.3f} ({r.achieved_lo:.3f}–{r.achieved_hi:.3f})",
                  f"{r.gap:+.3f} ± {1.96 * r.gap_se:.3f}")
    console.print(t)
