"""The strategy charts: bid heat maps, make-rate curves, card values, techniques.

Every chart's title names the variant, the players and the deals; every estimate is
drawn with its 95% interval (bands, error bars, or the half-width written in the cell).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd

from pedro_sim.analysis.charts import BY, MIN_CELL
from pedro_sim.analysis.seat_words import SEAT_WORDS
from pedro_sim.report.plots import error_bars, error_span, plt, save
from pedro_sim.specs import short_label

SEAT_ORDER = (*SEAT_WORDS, "dealer")  # from the dealer's left, at any table


def _title(what: str, frame: pd.DataFrame, deals: str) -> str:
    """``what`` over the variant (with its table and house rules), the players (short
    names: specs.short_name) and ``deals``; a long line wraps."""
    row = frame.iloc[0]
    return f"{what}\n" + textwrap.fill(
        f"{row['variant']}, {short_label(row['policy'])} players, {deals}", 90)


def _seat_axes(seats: list[str], width: float = 5.2, height: float = 4.2):
    n = len(seats)
    cols = min(n, 2)
    rows = -(-n // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width * cols, height * rows), squeeze=False)
    for ax in axes.flat[n:]:
        ax.set_visible(False)
    return fig, list(axes.flat[:n])


def bid_chart(best: pd.DataFrame, by: str, min_bid: int, deals: int, path: Path) -> None:
    """One heat map per seat by trump length and ``by``: the highest bid whose expected
    score change is positive, with its P(make) and 95% half-width in the cell (cells of
    fewer than MIN_CELL hands blank)."""
    seats = [s for s in SEAT_ORDER if s in set(best["seat"])]
    fig, axes = _seat_axes(seats, 6.4, 4.6)
    lengths = np.arange(best["trump_length"].max() + 1)
    ks = np.arange(best[by].max() + 1)
    top = max(int(best["bid_up_to"].max()), min_bid)
    for ax, seat in zip(axes, seats, strict=True):
        g = best[(best["seat"] == seat) & (best["n"] >= MIN_CELL)]
        grid = np.full((len(ks), len(lengths)), np.nan)
        for r in g.itertuples():
            grid[getattr(r, by), r.trump_length] = r.bid_up_to or min_bid - 1
            half = (r.p_make_hi - r.p_make_lo) / 2
            text = (f"{r.bid_up_to}\n{r.p_make:.2f}\n±{half:.2f}" if r.bid_up_to else "pass")
            ax.text(r.trump_length, getattr(r, by), text, ha="center", va="center",
                    fontsize=6)
        image = ax.imshow(grid, origin="lower", cmap="YlGn", vmin=min_bid - 1, vmax=top,
                          aspect="auto")
        ax.set_xticks(lengths)
        ax.set_yticks(ks)
        ax.set_xlabel("trump length (cards)")
        ax.set_ylabel(f"{BY[by]} (cards)")
        ax.set_title(f"{seat}", fontsize=9)
        fig.colorbar(image, ax=ax, label=f"bid up to (points; {min_bid - 1}: pass)")
    fig.suptitle(_title("Bid up to: the highest bid of positive expected score, its P(make) "
                        "± 95% half-width", best, f"{deals:,} random hands per seat"),
                 fontsize=10)
    fig.tight_layout()
    save(fig, path)


def make_rate_chart(rows: pd.DataFrame, bids: list[int], deals: int, path: Path) -> None:
    """P(make) against trump length, a line per bid with its 95% band, a panel per seat."""
    seats = [s for s in SEAT_ORDER if s in set(rows["seat"])]
    fig, axes = _seat_axes(seats)
    for ax, seat in zip(axes, seats, strict=True):
        for b in bids:
            g = rows[(rows["seat"] == seat) & (rows["bid"] == b) & (rows["n"] >= MIN_CELL)]
            ax.plot(g["trump_length"], g["p_make"], marker="o", label=f"bid {b}")
            ax.fill_between(g["trump_length"], g["p_make_lo"], g["p_make_hi"], alpha=0.2)
        ax.set_xlabel("trump length (cards)")
        ax.set_ylabel("P(make) (probability)")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        ax.set_title(seat, fontsize=9)
        ax.legend(fontsize=7)
    fig.suptitle(_title("P(make) by trump length (95% bands)", rows,
                        f"{deals:,} random hands per seat"), fontsize=10)
    fig.tight_layout()
    save(fig, path)


def card_value_chart(values: pd.DataFrame, bid: int, deals: int, path: Path) -> None:
    """Bars: what holding each trump adds to the bidders' mean points and to P(make)
    at ``bid``, per seat, with paired 95% error bars."""
    seats = [s for s in SEAT_ORDER if s in set(values["seat"])]
    at = values[values["bid"] == bid]
    cards = list(dict.fromkeys(at["holding"]))
    x = np.arange(len(cards))
    width = 0.8 / len(seats)
    fig, (top, low) = plt.subplots(2, 1, figsize=(9, 7), sharex=True)
    for k, seat in enumerate(seats):
        g = at[at["seat"] == seat].set_index("holding").loc[cards]
        pos = x - 0.4 + width * (k + 0.5)
        for ax, col in ((top, "points"), (low, "p_make")):
            err = error_span(g[f"{col}_diff"], g[f"{col}_diff_lo"], g[f"{col}_diff_hi"])
            ax.bar(pos, g[f"{col}_diff"], width=width, yerr=err, capsize=2, label=seat)
    top.set_ylabel("change in bidders' mean points (points)")
    low.set_ylabel(f"change in P(make {bid}) (probability)")
    low.set_xlabel("trump held (against a random card not held, same deal)")
    low.set_xticks(x, cards)
    for ax in (top, low):
        ax.axhline(0, color="black", lw=0.6)
        ax.grid(alpha=0.3, axis="y")
    top.legend(fontsize=7, ncol=len(seats))
    top.set_title(_title("Value of each trump to the bidder (paired deals, 95% intervals)",
                         values, f"{deals:,} paired deals per card and seat"), fontsize=10)
    fig.tight_layout()
    save(fig, path)


def technique_chart(frame: pd.DataFrame, deals: int, path: Path) -> None:
    """Horizontal bars: points gained by each technique per side, paired 95% intervals
    (black) beside the intervals of independent runs of the same size (grey)."""
    labels = [f"{r.technique} ({r.side})" for r in frame.itertuples()]
    y = np.arange(len(frame))
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(frame) + 1.8))
    ax.barh(y, frame["points_diff"], color="tab:blue", alpha=0.6)
    _error_bars(ax, frame, "points_diff", "points_indep", y + 0.18, "grey",
                "independent runs, 95%")
    _error_bars(ax, frame, "points_diff", "points_diff", y - 0.18, "black", "paired, 95%")
    ax.set_yticks(y, labels, fontsize=8)
    _finish_bars(fig, ax, "technique on minus off: mean points per deal (points)\n(of the "
                 "side it is switched for; the bidders' for both)",
                 _title("What each heuristic technique is worth", frame,
                        f"{deals:,} deals per comparison"), path)


def _finish_bars(fig: plt.Figure, ax: plt.Axes, xlabel: str, title: str, path: Path) -> None:
    """A chart of horizontal bars about 0 completed and saved: first row on top, the 0
    line, the x label, the grid, the legend and the title."""
    ax.invert_yaxis()
    ax.axvline(0, color="black", lw=0.6)
    ax.set_xlabel(xlabel)
    ax.grid(alpha=0.3, axis="x")
    ax.legend(fontsize=7)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    save(fig, path)


def _error_bars(ax, frame: pd.DataFrame, value: str, interval: str, y, colour: str,
                label: str) -> None:
    """Horizontal error bars at ``y``: frame[value] from frame[interval_lo] to _hi."""
    error_bars(ax, y, frame[value], frame[f"{interval}_lo"], frame[f"{interval}_hi"],
               horizontal=True, fmt="none", ecolor=colour, capsize=3, label=label)


def steered_chart(frame: pd.DataFrame, deals: int, path: Path) -> None:
    """Horizontal bars per technique and side: forbidden minus free and forced minus free
    in the bidders' net score per deal, paired 95% intervals; the share of situations in
    which the free player takes the action written beside each technique."""
    fig, ax = plt.subplots(figsize=(8.5, 0.45 * len(frame) + 2))
    y = np.arange(len(frame))
    colours = frame["arm"].map({"forbid": "tab:red", "force": "tab:green"})
    ax.barh(y, frame["bidders_net_diff"], color=colours, alpha=0.6)
    _error_bars(ax, frame, "bidders_net_diff", "bidders_net_diff", y, "black", "paired, 95%")
    labels = [f"{r.arm} {r.technique} ({r.side}); chosen {r.chosen:.0%} of "
              f"{r.situations_per_deal:.2f}/deal" for r in frame.itertuples()]
    ax.set_yticks(y, labels, fontsize=7)
    _finish_bars(fig, ax, "forbidden (red) or forced (green) minus free: the bidders' net "
                 "score per deal (points)",
                 _title("What each technique is worth to the thinking player", frame,
                        f"{deals:,} auctioned deals, each played free, forbidden and forced"),
                 path)
