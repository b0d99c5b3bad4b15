"""Figures comparing the presets (the `variants` report)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd

from pedro_sim.analysis.stats import wilson
from pedro_sim.report.plots import N_NOTE, error_bars, error_span, label_counts, plt, save
from pedro_sim.specs import short_label

MIN_DEALS_PER_POINT = 200  # bids seen less often than this are left off the make-rate plot


def _subtitle(policy: str, deals: int | str, games: int | None = None) -> str:
    """``deals``: a count, or a text (the deals --precision used, per preset); the players
    by their short names (specs.short_name); a long line wraps."""
    count = f"{deals:,} deals per preset" if isinstance(deals, int) else deals
    text = f"{short_label(policy)} players, {count}"
    return textwrap.fill(text + (f", {games:,} games" if games else ""), 80)


def _style(k: int) -> dict:
    """The line of the k-th preset: ten colours, then the same dashed (twelve presets
    would otherwise share colours)."""
    return {"color": f"C{k % 10}", "linestyle": "-" if k < 10 else "--"}


def make_rate_points(bids: pd.DataFrame) -> pd.DataFrame:
    """The rows the make-rate chart draws: the bids seen in MIN_DEALS_PER_POINT deals or
    more, never bid 0 (a deal thrown in, everyone passed: no bid to make; the console's
    "thrown in" column counts those)."""
    return bids[(bids.bid > 0) & (bids.n >= MIN_DEALS_PER_POINT)]


def make_rate_figure(bids: pd.DataFrame, totals: dict[str, int], policy: str, deals: int,
                     path: Path) -> plt.Figure:
    """P(make) against the bid as a share of the deal's points, a line per preset, each
    point labelled with the bids it rests on. Returns the figure."""
    fig, ax = plt.subplots(figsize=(8, 5))
    for k, (preset, g) in enumerate(make_rate_points(bids).groupby("preset", sort=False)):
        x = 100 * g.bid / totals[preset]
        ax.plot(x, g.p_make, marker=".", label=preset, **_style(k))
        ax.fill_between(x, g.p_make_lo, g.p_make_hi, alpha=0.2, color=_style(k)["color"])
        label_counts(ax, x, g.p_make, g.n, _style(k)["color"])
    ax.set_xlabel(f"bid (% of the points in a deal); {N_NOTE}")
    ax.set_ylabel("P(make) (probability)")
    ax.set_ylim(0, 1.08)  # room for the counts over a point near 1
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:  # no curve when no bid had enough deals
        ax.legend(fontsize=8)
    else:
        ax.text(0.5, 0.5, f"no bid was made in {MIN_DEALS_PER_POINT} deals or more",
                ha="center", transform=ax.transAxes)
    which = "the presets" if len(totals) > 1 else next(iter(totals), "no preset")
    ax.set_title(f"Make rate by bid, {which} (95% Wilson bands)\n"
                 + _subtitle(policy, deals), fontsize=10)
    fig.tight_layout()
    save(fig, path)
    return fig


def points_figure(points: pd.DataFrame, policy: str, deals: int, path: Path) -> None:
    fig, ax = plt.subplots(figsize=(8, 5))
    for k, (preset, g) in enumerate(points[points.side == "bidders"].groupby("preset",
                                                                             sort=False)):
        n = g["count"].sum()
        lo, hi = wilson(g["count"].to_numpy(), n)
        ax.step(100 * g.share_of_total, g["count"] / n, where="mid", label=preset, **_style(k))
        ax.fill_between(100 * g.share_of_total, lo, hi, step="mid", alpha=0.2,
                        color=_style(k)["color"])
    ax.set_xlabel("bidders' points (% of the points in a deal)")
    ax.set_ylabel("share of deals (fraction, 95% bands)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("Distribution of the bidders' points\n" + _subtitle(policy, deals), fontsize=10)
    fig.tight_layout()
    save(fig, path)


def deals_per_game_figure(games: pd.DataFrame, policy: str, deals: int, n_games: int,
                          path: Path) -> None:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    x = np.arange(len(games))
    err = error_span(games.deals_per_game, games.deals_per_game_lo, games.deals_per_game_hi)
    ax.bar(x, games.deals_per_game, yerr=err, capsize=4, color="tab:blue", alpha=0.8,
           label="mean (95% interval)")
    ax.errorbar(x + 0.25, games.deals_per_game, yerr=games.deals_per_game_sd, fmt="o",
                color="black", label="± one standard deviation of a game")
    ax.set_xticks(x, games.preset, rotation=30, ha="right")
    ax.set_xlabel("preset")
    ax.set_ylabel("deals per game (deals)")
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize=8)
    ax.set_title("Length of a game\n" + _subtitle(policy, deals, n_games), fontsize=10)
    fig.tight_layout()
    save(fig, path)


def seat_figure(seats: pd.DataFrame, policy: str, deals: int, path: Path) -> None:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    presets = list(pd.unique(seats.preset))
    names = list(pd.unique(seats.seat))
    width = 0.8 / len(names)
    for k, seat in enumerate(names):
        g = seats[seats.seat == seat].set_index("preset").reindex(presets)  # NaN: no such seat
        x = np.arange(len(presets)) - 0.4 + width * (k + 0.5)
        ax.bar(x, g.team_score, width=width, label=seat,
               yerr=error_span(g.team_score, g.team_score_lo, g.team_score_hi), capsize=2)
    ax.set_xticks(np.arange(len(presets)), presets, rotation=30, ha="right")
    ax.set_xlabel("preset")
    ax.set_ylabel("expected score of the seat's team per deal (points)")
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize=8, title="seat (from the dealer)")
    ax.set_title("Seat advantage (95% intervals)\n" + _subtitle(policy, deals), fontsize=10)
    fig.tight_layout()
    save(fig, path)


def seat_edge_figure(seats: pd.DataFrame, policy: str, deals: int | str, path: Path) -> None:
    """Each seat's edge per deal (its side's score less the others' mean, as a share of the
    deal's points; 95% intervals), seat by seat from the dealer's left round to the
    dealer, a line per game: where at the table the deals pay, at any table size."""
    fig, ax = plt.subplots(figsize=(9, 5))
    for k, (preset, g) in enumerate(seats.groupby("preset", sort=False)):
        order = list(g.seat[1:]) + list(g.seat[:1])  # eldest first, the dealer last
        g = g.set_index("seat").loc[order]
        x = np.arange(len(g))
        y = 100 * g.edge_share
        error_bars(ax, x + 0.04 * (k % 7 - 3), y, 100 * g.edge_share_lo, 100 * g.edge_share_hi,
                   marker="o", ms=3, capsize=2, label=preset, **_style(k))
    ax.axhline(0, color="black", lw=0.8)
    places = max(seats.groupby("preset").size())
    ax.set_xticks(range(places), [str(k + 1) for k in range(places)])
    ax.set_xlabel("seat: places after the dealer (1: eldest; each line's last point is its "
                  "dealer)")
    ax.set_ylabel("seat's edge (% of the deal's points per deal)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    ax.set_title("Edge of each seat over the others (95% intervals)\n"
                 + _subtitle(policy, deals), fontsize=10)
    fig.tight_layout()
    save(fig, path)


BALANCE = (("dealer_edge_share", "dealer's side's edge"),
           ("eldest_edge_share", "first bidder's (eldest's) side's edge"),
           ("bidders_net_share", "bidders' net score"))


def balance_figure(balance: pd.DataFrame, policy: str, deals: int | str, path: Path) -> None:
    """Each preset's edges per deal as a share of its deal's points, sorted by the dealer's
    side's edge, with 95% intervals: comparable across 14- and 83-point games alike."""
    fig, axes = plt.subplots(1, len(BALANCE), figsize=(12, 0.45 * len(balance) + 2),
                             sharey=True)
    y = np.arange(len(balance))
    for ax, (key, label) in zip(axes, BALANCE, strict=True):
        v = 100 * balance[key]
        err = error_span(v, 100 * balance[key + "_lo"], 100 * balance[key + "_hi"])
        ax.barh(y, v, xerr=err, capsize=3, color="tab:blue", alpha=0.8)
        ax.axvline(0, color="black", lw=0.8)
        ax.set_xlabel(f"{label}\n(% of the deal's points per deal)")
        ax.grid(alpha=0.3, axis="x")
    axes[0].set_yticks(y, balance.preset)
    axes[0].set_ylabel("preset")
    fig.suptitle("Balance of the presets (95% intervals)\n" + _subtitle(policy, deals),
                 fontsize=10)
    fig.tight_layout()
    save(fig, path)
