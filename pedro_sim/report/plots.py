"""Figures of the `bid` report (matplotlib, Agg backend, written atomically)."""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
# a chart whose labels leave no room (a ladder of long exec: commands) keeps matplotlib's
# own layout: no warning of it on a run's standard error
warnings.filterwarnings("ignore", message="Tight layout not applied", category=UserWarning)
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from pedro_sim.analysis.stats import wilson  # noqa: E402
from pedro_sim.report.files import write_atomic  # noqa: E402
from pedro_sim.rules.variant import bid_text  # noqa: E402
from pedro_sim.specs import short_label  # noqa: E402


def save(fig: plt.Figure, path: Path) -> None:
    """Write ``fig`` as a PNG atomically (no half-written chart is left) and free it."""
    write_atomic(path, lambda tmp: fig.savefig(tmp, format="png", dpi=110))
    plt.close(fig)


def error_span(value, lo, hi, clip: bool = False) -> list:
    """matplotlib's ``xerr``/``yerr`` for estimates ``value`` with intervals ``lo``..``hi``:
    the distances below and above (``clip``: never negative, for a Wilson interval that
    may not hold its rate of 0 or 1 after rounding).

    >>> [float(e[0]) for e in error_span(np.array([0.5]), np.array([0.25]), np.array([1.0]))]
    [0.25, 0.5]
    """
    if clip:
        return [np.clip(value - lo, 0, None), np.clip(hi - value, 0, None)]
    return [value - lo, hi - value]


def error_bars(ax: plt.Axes, at, value, lo, hi, horizontal: bool = False, **style) -> None:
    """Draw estimates ``value`` at positions ``at`` with their 95% intervals ``lo``..``hi``
    (``horizontal``: the values along x, at heights ``at``); ``style`` goes to
    matplotlib's errorbar (fmt, capsize, colours, label)."""
    err = error_span(value, lo, hi)
    if horizontal:
        ax.errorbar(value, at, xerr=err, **style)
    else:
        ax.errorbar(at, value, yerr=err, **style)


def count_text(n: int) -> str:
    """A count of bids in a few characters: 3, 950, 12k, 1.2M.

    >>> [count_text(n) for n in (3, 950, 1_234, 12_345, 1_234_567)]
    ['3', '950', '1.2k', '12k', '1.2M']
    """
    for size, unit in ((1_000_000, "M"), (1_000, "k")):
        if n >= size:
            value = n / size
            return f"{value:.1f}{unit}" if value < 10 else f"{value:.0f}{unit}"
    return str(int(n))


N_NOTE = "n: the bids each rate rests on"  # said under every make-rate chart


def label_counts(ax: plt.Axes, x, y, n, color: str | None = None) -> None:
    """Write over each bar or point of a make-rate chart the number of bids it rests on
    (``n=3``; "no bids" for none, at 0): a 100% of 3 bids is not one of 3,000."""
    for xi, yi, ni in zip(x, y, n, strict=True):
        text = f"n={count_text(ni)}" if ni else "no bids"
        ax.annotate(text, (xi, yi if ni and yi == yi else 0.0), textcoords="offset points",
                    xytext=(0, 3), ha="center", va="bottom", fontsize=6, color=color,
                    gid="n")


def _title(table: pd.DataFrame, what: str, each: str = "line") -> str:
    """``what`` over the variant, the players (short names: specs.short_name) and the deals;
    a long line (two players' settings) wraps."""
    row = table.iloc[0]
    who = (f"{row['variant']}, {short_label(row['policy'])} players, {int(row['n']):,} deals "
           f"per {each}")
    return f"{what}\n" + textwrap.fill(who, 75)


def make_rate_figure(table: pd.DataFrame, hand_text: str, path: Path) -> plt.Figure:
    """P(make) against the bid, one line per seat and trump, with 95% Wilson bands; with a
    single bid (players that play for the score, --bid alone) a labelled bar per seat and
    trump instead, as a lone dot on a line chart says little. Returns the figure."""
    if table["bid"].nunique() == 1:
        return _one_bid_figure(table, hand_text, path)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (seat, trump), g in table.groupby(["seat", "trump"], sort=False):
        same = g["n"].nunique() == 1  # one run priced every bid: its n once, in the legend
        label = f"{seat}, trumps {trump}" + (f" (n={count_text(g['n'].iloc[0])} each)"
                                             if same else "")
        line, = ax.plot(g["bid"], g["p_make"], marker="o", label=label)
        ax.fill_between(g["bid"], g["p_make_lo"], g["p_make_hi"], alpha=0.25)
        if not same:  # over each point: lines close together would overlap their labels
            label_counts(ax, g["bid"], g["p_make"], g["n"], line.get_color())
    ax.set_xlabel(f"bid (points); {N_NOTE}")
    ax.set_ylabel("P(make) (probability)")
    ax.set_ylim(0, 1.08)  # room for the counts over a point near 1
    ax.set_yticks(np.linspace(0, 1, 6))
    ticks = table.drop_duplicates("bid").sort_values("bid")
    ax.set_xticks(ticks["bid"], [_bid_name(r) for r in ticks.itertuples()])
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(_title(table, f"P(make) by bid for {hand_text} (95% intervals)"), fontsize=10)
    fig.tight_layout()
    save(fig, path)
    return fig


def _bid_name(row) -> str:
    """A row's bid as a label: a special bid named (its ``special`` column: ``14 (moon)``,
    ``28-56``)."""
    return bid_text(int(row.bid), getattr(row, "special", "") or "")


def _one_bid_figure(table: pd.DataFrame, hand_text: str, path: Path) -> plt.Figure:
    """One bid: a bar per seat and trump with its 95% Wilson interval, the value and the
    interval written above it."""
    bid = _bid_name(next(table.itertuples()))
    fig, ax = plt.subplots(figsize=(max(4.5, 1.3 * len(table) + 2), 4.5))
    x = np.arange(len(table))
    p, lo, hi = (table[c].to_numpy(dtype=float) for c in ("p_make", "p_make_lo", "p_make_hi"))
    ax.bar(x, p, width=0.6, color="tab:blue", alpha=0.8,
           yerr=error_span(p, lo, hi, clip=True), capsize=6,
           error_kw={"lw": 1})
    for k, n in enumerate(table["n"]):
        ax.text(x[k], hi[k] + 0.02, f"{p[k]:.3f}\n({lo[k]:.3f}–{hi[k]:.3f})\nn={count_text(n)}",
                ha="center", va="bottom", fontsize=8)
    ax.set_xticks(x, [f"{r.seat}, trumps {r.trump}" for r in table.itertuples()],
                  rotation=20 if len(table) > 2 else 0, ha="right" if len(table) > 2 else "center")
    ax.set_xlabel(f"seat and trumps (bid {bid}); {N_NOTE}")
    ax.set_ylabel(f"P(make {bid}) (probability)")
    ax.set_ylim(0, 1.25)  # room for the labels above a bar near 1
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.grid(alpha=0.3, axis="y")
    ax.set_title(_title(table, f"P(make) of bid {bid} for {hand_text} (95% intervals)", "bar"),
                 fontsize=10)
    fig.tight_layout()
    save(fig, path)
    return fig


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
               yerr=error_span(share, lo, hi, clip=True),
               capsize=1.5, error_kw={"lw": 0.7},
               label=f"{seat}, trumps {trump}")
    ax.set_xlabel("bidder team's points in the deal (points)")
    ax.set_ylabel("share of deals (fraction, 95% error bars)")
    ax.set_xticks(sorted(points["points"].unique()))
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize=8)
    ax.set_title(_title(table, f"Bidders' points with {hand_text}"), fontsize=10)
    fig.tight_layout()
    save(fig, path)
