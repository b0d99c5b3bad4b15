"""`pedro-sim technique`: what a technique is worth, on the same deals: the heuristic's on
and off, or a thinking player's free, forbidden and forced."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console

from pedro_sim.analysis.strategy.technique_worth import steerable, steered_techniques
from pedro_sim.analysis.strategy.techniques import arising as techniques_arising
from pedro_sim.analysis.strategy.techniques import cannot_arise, techniques
from pedro_sim.analysis.study import Study
from pedro_sim.report.console_tables import narrow_table, plus_minus
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.report.strategy_plots import steered_chart, technique_chart
from pedro_sim.rules import Variant
from pedro_sim.specs import short_label


def run_technique(study: Study, names: list[str], sides: list[str], out_dir: Path,
                  console: Console) -> pd.DataFrame:
    check_writable_dir(out_dir)
    names = arising(study.inputs.variant, names, console)
    started = time.perf_counter()
    if study.who.thinks:
        kept = steerable(names)
        if len(kept) < len(names):
            console.print("bury-low left out: a thinking player buries under a stack by the "
                          "heuristic's rule (compare it with --policy heuristic)")
        names = kept
        frame = steered_techniques(study, names, sides)
        print_steered(frame, console)
        chart = steered_chart
    else:
        frame = techniques(study, names, sides)
        print_techniques(frame, console)
        chart = technique_chart
    elapsed = time.perf_counter() - started
    write_csv(out_dir / "techniques.csv", frame)
    chart(frame, study.deals, out_dir / "techniques.png")
    if study.precision is not None:
        console.print(study.precision_line())
    write_json(out_dir / "run.json", run_metadata(study.seed, study.deals,
                                                  study.inputs.variant, study.who.label,
                                                  elapsed, techniques=names, sides=sides,
                                                  **study.meta()))
    console.print(f"wrote {out_dir}/techniques.csv, techniques.png, run.json "
                  f"({elapsed:.1f} s)")
    return frame


def arising(variant: Variant, names: list[str], console: Console) -> list[str]:
    """``names`` less the techniques whose situation cannot arise in ``variant``, each said
    (techniques.cannot_arise: bury-low where nothing is buried, pass-trumps outside
    ukrainian); one asked alone that cannot is refused in one line."""
    kept = techniques_arising(variant, names)
    for name in names:
        if name not in kept:
            console.print(f"{name} cannot arise in {variant.name}: "
                          f"{cannot_arise(variant, name)}; left out")
    return kept


def print_techniques(frame: pd.DataFrame, console: Console) -> None:
    n = int(frame["n"].iloc[0])
    table = narrow_table(f"Techniques on minus off, same deals ({n:,} deals each; "
                         f"{frame['variant'].iloc[0]}, {short_label(frame['policy'].iloc[0])})",
                         ("#", "technique", "off for", "Δ points ± paired", "± indep.",
                          "Δ make ± paired"))
    for r in frame.itertuples():
        table.add_row(str(r.gain_rank), r.technique, r.side, _plus_minus(r, "points_diff", 2),
                      f"± {(r.points_indep_hi - r.points_indep_lo) / 2:.2f}",
                      _plus_minus(r, "make_rate_diff", 3))
    table.caption = ("Δ points: of the side the technique is switched off for (the bidders' "
                     "for both); Δ make: the bidders' make rate; on minus off; ± the 95% "
                     "half-width, paired (same deals) or as if independent.")
    console.print(table)


def print_steered(frame: pd.DataFrame, console: Console) -> None:
    n = int(frame["n"].iloc[0])
    table = narrow_table(f"Forbidden and forced minus free, same deals ({n:,} auctioned "
                         f"deals; {frame['variant'].iloc[0]}, {frame['policy'].iloc[0]})",
                         ("technique, for: arm", "arises", "chosen", "Δ points", "Δ net",
                          "Δ make"), labels=1)
    for r in frame.itertuples():
        table.add_row(f"{r.technique}, {r.side}: {r.arm}", f"{r.deals_with_situation:.0%}",
                      _share(r.chosen, r.chosen_lo, r.chosen_hi),
                      _plus_minus(r, "points_diff", 2, "±"),
                      _plus_minus(r, "bidders_net_diff", 2, "±"),
                      _plus_minus(r, "make_rate_diff", 3, "±"))
    table.caption = ("arises: the auctioned deals where the situation arises for the side; "
                     "chosen: the share of those decisions where the free player takes the "
                     "action; Δ: the arm minus free, ± the paired 95% half-width, in the "
                     "points of the side it is steered for (the bidders' for both), the "
                     "bidders' net score and their make rate (techniques.csv: the intervals "
                     "and the frequencies in full).")
    console.print(table)


def _plus_minus(row, name: str, digits: int, sep: str = " ± ") -> str:
    value, lo, hi = (getattr(row, f"{name}{k}") for k in ("", "_lo", "_hi"))
    return plus_minus(value, lo, hi, digits, sep=sep)


def _share(p: float, lo: float, hi: float) -> str:
    return "—" if p != p else f"{p:.0%}±{(hi - lo) / 2:.0%}"
