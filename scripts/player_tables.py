"""Markdown tables of docs/players.md from the reports that measured them:

    pedro-sim ladder --deals 2000 --out L
    pedro-sim duel --variant V --a A --b B --deals 2000 --out D/abl_<what>_V   (ablations)
    pedro-sim calibrate --deals 2000 --out C
    python scripts/player_tables.py --ladder L --ablations D --calibration C
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from pedro_sim.engine_inputs import PLAYED_PRESETS
from pedro_sim.specs import BEFORE_17_PIMC

OLD = BEFORE_17_PIMC
ABLATIONS = (("score", "objective=score (card play for the net score)"),
             ("bid", "think=bid (bids and trumps by expected value)"),
             ("keep", "think=all (keeps, discards, stack tops)"))


def interval(r: pd.Series, name: str) -> str:
    return f"{r[name]:+.2f} ({r[name + '_lo']:+.2f} to {r[name + '_hi']:+.2f})"


def pair(table: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """Rows of ``a`` against ``b``, turned so that A is ``a``."""
    rows = []
    for _, r in table.iterrows():
        if (r.a_label, r.b_label) == (a, b):
            rows.append(r)
        elif (r.a_label, r.b_label) == (b, a):
            f = r.copy()
            for k in ("score_diff", "points_diff"):
                f[k], f[k + "_lo"], f[k + "_hi"] = -r[k], -r[k + "_hi"], -r[k + "_lo"]
            f["a_make_rate"], f["b_make_rate"] = r.b_make_rate, r.a_make_rate
            rows.append(f)
    return pd.DataFrame(rows)


def versus(table: pd.DataFrame, a: str, b: str) -> str:
    lines = ["| preset | net score a deal | points a deal | make rate |", "|---|---|---|---|"]
    for _, r in pair(table, a, b).iterrows():
        lines.append(f"| {r.variant} | {interval(r, 'score_diff')} | "
                     f"{interval(r, 'points_diff')} | {r.a_make_rate:.3f} / "
                     f"{r.b_make_rate:.3f} |")
    return "\n".join(lines)


def standings_table(stand: pd.DataFrame) -> str:
    names = list(dict.fromkeys(stand.player))
    lines = ["| preset | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for preset, g in stand.groupby("variant", sort=False):
        g = g.set_index("player")
        cells = [f"{g.loc[n, 'score_vs_field']:+.2f} ± {g.loc[n, 'score_vs_field_half']:.2f} "
                 f"({g.loc[n, 'make_rate']:.2f})" for n in names]
        lines.append(f"| {preset} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ablation_table(folder: Path) -> str:
    lines = ["| preset | " + " | ".join(label for _, label in ABLATIONS) + " |",
             "|---" * (len(ABLATIONS) + 1) + "|"]
    for preset in PLAYED_PRESETS:
        if not any((folder / f"abl_{what}_{preset}").exists() for what, _ in ABLATIONS):
            continue
        cells = []
        for what, _ in ABLATIONS:
            csv = folder / f"abl_{what}_{preset}" / "duel.csv"
            cells.append(interval(pd.read_csv(csv).iloc[0], "score_diff") if csv.exists()
                         else "-")
        lines.append(f"| {preset} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def calibration_table(table: pd.DataFrame, min_bids: int = 30) -> str:
    lines = ["| preset | bid | bids | predicted | achieved (95%) |", "|---|---|---|---|---|"]
    for r in table[table.n >= min_bids].itertuples():
        lines.append(f"| {r.variant} | {r.bid} | {r.n:,} | {r.predicted:.3f} | "
                     f"{r.achieved:.3f} ({r.achieved_lo:.3f}–{r.achieved_hi:.3f}) |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ladder", type=Path)
    ap.add_argument("--ablations", type=Path)
    ap.add_argument("--calibration", type=Path)
    args = ap.parse_args()
    if args.ladder:
        table = pd.read_csv(args.ladder / "ladder.csv")
        print("### pimc against the pimc of before\n")
        print(versus(table, "pimc", OLD))
        print("\n### pimc against the heuristic\n")
        print(versus(table, "pimc", "heuristic"))
        print("\n### Standings\n")
        print(standings_table(pd.read_csv(args.ladder / "standings.csv")))
    if args.ablations:
        print("\n### Ablations\n")
        print(ablation_table(args.ablations))
    if args.calibration:
        print("\n### Calibration\n")
        print(calibration_table(pd.read_csv(args.calibration / "calibration.csv")))


if __name__ == "__main__":
    main()
