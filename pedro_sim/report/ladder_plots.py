"""Figures of the `ladder` report (matplotlib, Agg backend, written atomically)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from pedro_sim.report.plots import N_NOTE, error_span, label_counts, save  # noqa: E402
from pedro_sim.specs import short_label  # noqa: E402


def _grid(n: int) -> tuple[int, int]:
    cols = min(n, 3)
    return (n + cols - 1) // cols, cols


LONGEST_NAME = 40  # characters a chart's axis gives a player (an outside program's path)


def shown_names(names: list[str]) -> list[str]:
    """The players as a chart names them: short names (specs.short_name), or the names as
    given where two would shorten alike (``pimc`` and ``pimc:worlds=20``); a name longer
    than LONGEST_NAME loses its middle where the names stay apart, so that the axes leave
    the chart room (an outside program named by a long path).

    >>> shown_names(["exec:python /a/very/long/folder/name/of/some/test/bot.py", "heuristic"])
    ['exec:python /a/very…of/some/test/bot.py', 'heuristic']
    """
    short = [short_label(n) for n in names]
    named = short if len(set(short)) == len(short) else list(names)
    half = (LONGEST_NAME - 1) // 2
    cut = [n if len(n) <= LONGEST_NAME else f"{n[:half]}…{n[-half:]}" for n in named]
    return cut if len(set(cut)) == len(cut) else named


def score_matrix_figure(table: pd.DataFrame, deals: int, path: Path) -> plt.Figure:
    """Per preset, the net score per deal of each row's player minus each column's, with its
    95% half-width (duplicate duels), the players named on both axes. Returns the figure."""
    presets = list(dict.fromkeys(table.variant))
    names = list(dict.fromkeys(list(table.a_label) + list(table.b_label)))
    shown = shown_names(names)
    rows, cols = _grid(len(presets))
    k = len(names)
    fig, axes = plt.subplots(rows, cols, figsize=((0.55 * k + 2.6) * cols + 1.6,
                                                  (0.55 * k + 2.2) * rows + 0.8),
                             squeeze=False)
    for ax, preset in zip(axes.flat, presets, strict=False):
        m = np.full((k, k), np.nan)
        half = np.full((k, k), np.nan)
        for r in table[table.variant == preset].itertuples():
            i, j = names.index(r.a_label), names.index(r.b_label)
            m[i, j], m[j, i] = r.score_diff, -r.score_diff
            half[i, j] = half[j, i] = (r.score_diff_hi - r.score_diff_lo) / 2
        # colours saturate at the median gap, so that a weak player's rout does not wash
        # out the differences among the strong
        lim = max(float(np.nanmedian(np.abs(m))), 1e-9)
        ax.imshow(m, cmap="RdBu", vmin=-lim, vmax=lim)
        for i in range(k):
            for j in range(k):
                if i != j and not np.isnan(m[i, j]):
                    ax.text(j, i, f"{m[i, j]:+.1f}\n±{half[i, j]:.1f}", ha="center",
                            va="center", fontsize=7,
                            color="white" if abs(m[i, j]) > 0.7 * lim else "black")
        ax.set_xticks(range(k), shown, rotation=35, ha="right", fontsize=7)
        ax.set_yticks(range(k), shown, fontsize=7)
        ax.set_title(preset, fontsize=10)
    for ax in list(axes.flat)[len(presets):]:
        ax.axis("off")
    fig.suptitle(f"Net score per deal, row player minus column player\n({deals:,} deals per "
                 "duel, each played twice)", fontsize=9)
    fig.tight_layout()
    save(fig, path)
    return fig


def make_rate_figure(stand: pd.DataFrame, deals: int, path: Path) -> plt.Figure:
    """Each player's make rate as bidder per preset, over all its duels, with 95% Wilson
    intervals. Returns the figure."""
    presets = list(dict.fromkeys(stand.variant))
    names = list(dict.fromkeys(stand.player))
    shown = shown_names(names)
    fig, ax = plt.subplots(figsize=(min(14, max(7, 0.22 * len(presets) * len(names))), 5))
    width = 0.8 / len(names)
    for k, name in enumerate(names):
        g = stand[stand.player == name].set_index("variant").reindex(presets)
        lo, hi = g.make_lo.to_numpy(), g.make_hi.to_numpy()
        x = np.arange(len(presets)) + (k - (len(names) - 1) / 2) * width
        rate = np.nan_to_num(g.make_rate.to_numpy())  # no bids: no bar, "no bids" over it
        lo, hi = np.nan_to_num(lo, nan=0.0), np.nan_to_num(hi, nan=0.0)
        bars = ax.bar(x, rate, width, label=shown[k],
                      yerr=error_span(rate, lo, hi, clip=True),
                      capsize=2)
        label_counts(ax, x, hi, g.bids.fillna(0).astype(int), bars.patches[0].get_facecolor())
    ax.set_xticks(range(len(presets)), presets, rotation=30, ha="right")
    ax.set_xlabel(N_NOTE)
    ax.set_ylabel("make rate as bidder")
    ax.set_ylim(0, 1.1)  # room for the counts over a bar near 1
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_title(f"Make rate of each player's bids over its duels ({deals:,} deals per duel)",
                 fontsize=10)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.22),
              ncol=min(len(names), 3))
    fig.tight_layout()
    save(fig, path)
    return fig
