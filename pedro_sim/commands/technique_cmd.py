"""`pedro-sim technique`: each heuristic technique on and off, on the same deals."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console
from rich.table import Table

from pedro_sim.analysis.study import Study
from pedro_sim.analysis.techniques import techniques
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.report.strategy_plots import technique_chart


def run_technique(study: Study, names: list[str], sides: list[str], out_dir: Path,
                  console: Console) -> pd.DataFrame:
    check_writable_dir(out_dir)
    started = time.perf_counter()
    frame = techniques(study, names, sides)
    elapsed = time.perf_counter() - started
    print_techniques(frame, console)
    write_csv(out_dir / "techniques.csv", frame)
    technique_chart(frame, study.deals, out_dir / "techniques.png")
    if study.precision is not None:
        console.print(study.precision_line())
    write_json(out_dir / "run.json", run_metadata(study.seed, study.deals,
                                                  study.inputs.variant.name, study.who.label,
                                                  elapsed, techniques=names, sides=sides,
                                                  **study.meta()))
    console.print(f"wrote {out_dir}/techniques.csv, techniques.png, run.json "
                  f"({elapsed:.1f} s)")
    return frame


def print_techniques(frame: pd.DataFrame, console: Console) -> None:
    n = int(frame["n"].iloc[0])
    table = Table(title=f"Techniques on minus off, same deals ({n:,} deals each; "
                        f"{frame['variant'].iloc[0]}, {frame['policy'].iloc[0]})")
    for col in ("#", "technique", "off for", "Δ points", "paired 95%", "independent 95%",
                "Δ make", "paired 95% "):
        table.add_column(col, justify="right")
    for r in frame.itertuples():
        table.add_row(str(r.gain_rank), r.technique, r.side, f"{r.points_diff:+.3f}",
                      f"{r.points_diff_lo:+.3f}…{r.points_diff_hi:+.3f}",
                      f"{r.points_indep_lo:+.3f}…{r.points_indep_hi:+.3f}",
                      f"{r.make_rate_diff:+.4f}",
                      f"{r.make_rate_diff_lo:+.4f}…{r.make_rate_diff_hi:+.4f}")
    table.caption = ("Δ points: of the side the technique is switched off for (the bidders' "
                     "for both); Δ make: the bidders' make rate; on minus off.")
    console.print(table)
