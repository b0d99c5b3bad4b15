"""`pedro-sim chart KIND`: a strategy chart as PNG, with the CSV behind it."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd
from rich.console import Console

from pedro_sim.analysis.charts import best_bids, grid_rows, length_rows
from pedro_sim.analysis.seat_words import seat_names
from pedro_sim.analysis.strategy import holdings
from pedro_sim.analysis.strategy.techniques import arising, techniques
from pedro_sim.analysis.study import Study
from pedro_sim.engine_inputs import TECHNIQUES
from pedro_sim.parsers import SIDES
from pedro_sim.report.files import check_writable_dir, write_csv
from pedro_sim.report.strategy_plots import (
    bid_chart,
    card_value_chart,
    make_rate_chart,
    technique_chart,
)


class ChartMaker:
    """Draws charts into one directory, measuring each seat's hand classes only once."""

    def __init__(self, study: Study, out_dir: Path, bid: int | None = None,
                 counts: dict[str, np.ndarray] | None = None) -> None:
        v = study.inputs.variant
        self.study = study
        self.out_dir = out_dir
        self.bid = v.check_bid(min(v.min_bid + 1, v.max_bid) if bid is None else bid)
        self._counts = counts  # each seat's hand classes, when already measured
        self.written: list[Path] = []

    def counts(self) -> dict[str, np.ndarray]:
        if self._counts is None:
            self._counts = {s: holdings.class_counts(self.study, s)
                            for s in seat_names(self.study.inputs.variant.players)}
        return self._counts

    def _write(self, name: str, frame, draw) -> None:
        write_csv(self.out_dir / f"{name}.csv", frame)
        draw(self.out_dir / f"{name}.png")
        self.written += [self.out_dir / f"{name}.png", self.out_dir / f"{name}.csv"]

    def bids(self, by: str = "tops") -> tuple[pd.DataFrame, pd.DataFrame]:
        """The chart by ``by``; returns every bid's rows per cell and the chart's."""
        grid = grid_rows(self.study, self.counts(), by)
        best = best_bids(grid, by)
        write_csv(self.out_dir / f"bid_chart_{by}_all_bids.csv", grid)
        self._write(f"bid_chart_{by}", best,
                    lambda p: bid_chart(best, by, self.study.inputs.variant.min_bid,
                                          self.study.deals, p))
        return grid, best

    def make_rate(self) -> None:
        rows = length_rows(self.study, self.counts())
        v = self.study.inputs.variant
        bids = list(range(v.min_bid, min(v.min_bid + 4, v.max_bid + 1)))
        self._write("make_rate_by_length", rows,
                    lambda p: make_rate_chart(rows, bids, self.study.deals, p))

    def cards(self, seats: list[str] | None = None) -> pd.DataFrame:
        """Card values for ``seats`` (default every seat); returns the chart's rows."""
        values = holdings.card_values(self.study,
                                      seats or seat_names(self.study.inputs.variant.players))
        self._write("card_values", values,
                    lambda p: card_value_chart(values, self.bid, self.study.deals, p))
        return values

    def techniques(self) -> None:
        names = arising(self.study.inputs.variant, list(TECHNIQUES))
        frame = techniques(self.study, names, list(SIDES))
        self._write("techniques", frame,
                    lambda p: technique_chart(frame, self.study.deals, p))


def run_chart(study: Study, kinds: list[str], by: str, bid: int | None, out_dir: Path,
              console: Console) -> list[Path]:
    check_writable_dir(out_dir)
    started = time.perf_counter()
    maker = ChartMaker(study, out_dir, bid)
    for kind in kinds:
        if kind == "bids":
            maker.bids(by)
        elif kind == "make-rate":
            maker.make_rate()
        elif kind == "cards":
            maker.cards()
        else:
            maker.techniques()
    if study.precision is not None:
        console.print(study.precision_line())
    names = ", ".join(p.name for p in maker.written)
    console.print(f"wrote {out_dir}/ {names} ({study.inputs.label}, "
                  f"{time.perf_counter() - started:.1f} s)")
    return maker.written
