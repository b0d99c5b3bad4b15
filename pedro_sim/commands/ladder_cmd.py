"""`pedro-sim ladder`: every pair of players dueled, preset by preset."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
from rich.console import Console
from rich.table import Table

from pedro_sim.analysis.ladder import ladder, standings
from pedro_sim.errors import PedroError
from pedro_sim.parsers import parse_presets
from pedro_sim.report import ladder_plots as plots
from pedro_sim.report.files import check_writable_dir, run_metadata, write_csv, write_json
from pedro_sim.setup import duel_players

DEFAULT_PLAYERS = ("random", "heuristic", "pimc:objective=points,think=play", "pimc", "dd")


def run_ladder(presets: str | None, specs: list[str] | None, deals: int, seed: int,
               worlds: int | None, evaluator: str | None, out_dir: Path,
               console: Console) -> None:
    names = parse_presets(presets)
    specs = list(specs or DEFAULT_PLAYERS)
    if len(specs) < 2:
        raise PedroError("--player: a ladder needs at least two players")
    if len(set(specs)) < len(specs):
        raise PedroError("--player: a player is named twice")
    for a in specs:  # every spec checked before the first duel
        duel_players(a, specs[0], worlds, evaluator)
    check_writable_dir(out_dir)
    started = time.perf_counter()
    table = ladder(names, specs, deals, seed, worlds, evaluator,
                   on_duel=lambda row: console.print(_line(row.iloc[0])))
    stand = standings(table)
    elapsed = time.perf_counter() - started
    print_standings(stand, console)
    write_csv(out_dir / "ladder.csv", table)
    write_csv(out_dir / "standings.csv", stand)
    plots.score_matrix_figure(table, deals, out_dir / "ladder.png")
    plots.make_rate_figure(stand, deals, out_dir / "make_rates.png")
    write_json(out_dir / "run.json", run_metadata(seed, deals, ",".join(names), " | ".join(
        dict.fromkeys(list(table.a) + list(table.b))), elapsed, players=specs))
    console.print(f"wrote {out_dir}/ladder.csv, standings.csv, ladder.png, make_rates.png, "
                  f"run.json ({elapsed:.1f} s)")


def _line(r: pd.Series) -> str:
    return (f"{r.variant}: {r.a_label} minus {r.b_label}: net score {r.score_diff:+.2f} "
            f"({r.score_diff_lo:+.2f} to {r.score_diff_hi:+.2f}) per deal, make rates "
            f"{r.a_make_rate:.3f} / {r.b_make_rate:.3f}")


def print_standings(stand: pd.DataFrame, console: Console) -> None:
    table = Table(title="Net score per deal against the field (approximate 95%), make rate")
    for col in ("preset", "player", "net score vs field", "points vs field", "make rate",
                "bids"):
        table.add_column(col, justify="right")
    for r in stand.itertuples():
        table.add_row(r.variant, r.player,
                      f"{r.score_vs_field:+.2f} ± {r.score_vs_field_half:.2f}",
                      f"{r.points_vs_field:+.2f}",
                      f"{r.make_rate:.3f} ({r.make_lo:.3f}–{r.make_hi:.3f})", f"{r.bids:,}")
    console.print(table)
