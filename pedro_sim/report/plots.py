"""Figures of the `bid` report (matplotlib, Agg backend, written atomically)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from pedro_sim.analysis.stats import wilson  # noqa: E402
from pedro_sim.report.files import write_atomic  # noqa: E402


def _save(fig: plt.Figure, path: Path) -> None:
    write_atomic(path, lambda tmp: fig.savefig(tmp, format="png", dpi=110))
    plt.close(fig)


def _title(table: pd.DataFrame, what: str) -> str:
    row = table.iloc[0]
    who = f"{row['variant']}, {row['policy']} players, {int(row['n']):,} deals per line"
    return f"{what}\n" + textwrap.fill(who, 75)  # a long player spec on two lines


def make_rate_figure(table: pd.DataFrame, hand_text: str, path: Path) -> None:
    """P(make) against the bid, one line per seat and trump, with 95% Wilson bands."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (seat, trump), g in table.groupby(["seat", "trump"], sort=False):
        ax.plot(g["bid"], g["p_make"], marker="o", label=f"{seat}, trumps {trump}")
        ax.fill_between(g["bid"], g["p_make_lo"], g["p_make_hi"], alpha=0.25)
        if len(g) == 1:  # one bid reported: its interval as a bar (a band needs two)
            ax.errorbar(g["bid"], g["p_make"], yerr=[g["p_make"] - g["p_make_lo"],
                                                     g["p_make_hi"] - g["p_make"]],
                        fmt="none", capsize=4, color=ax.lines[-1].get_color())
    ax.set_xlabel("bid (points)")
    ax.set_ylabel("P(make) (probability)")
    ax.set_ylim(0, 1)
    ax.set_xticks(sorted(table["bid"].unique()))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(_title(table, f"P(make) by bid for {hand_text} (95% intervals)"), fontsize=10)
    fig.tight_layout()
    _save(fig, path)


def points_figure(points: pd.DataFrame, table: pd.DataFrame, hand_text: str, path: Path) -> None:
    """Distribution of the bidder team's points in a deal."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    groups = list(points.groupby(["seat", "trump"], sort=False))
    width = 0.8 / len(groups)
    for k, ((seat, trump), g) in enumerate(groups):
        n = g["count"].sum()
        share = g["count"] / n
        lo, hi = wilson(g["count"].to_numpy(), n)
        ax.bar(g["points"] - 0.4 + width * (k + 0.5), share, width=width,
               yerr=[np.clip(share - lo, 0, None), np.clip(hi - share, 0, None)],
               capsize=1.5, error_kw={"lw": 0.7},
               label=f"{seat}, trumps {trump}")
    ax.set_xlabel("bidder team's points in the deal (points)")
    ax.set_ylabel("share of deals (fraction, 95% error bars)")
    ax.set_xticks(sorted(points["points"].unique()))
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize=8)
    ax.set_title(_title(table, f"Bidders' points with {hand_text}"), fontsize=10)
    fig.tight_layout()
    _save(fig, path)
