"""Figures of the `ladder` report (matplotlib, Agg backend, written atomically)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from pedro_sim.report.plots import _save  # noqa: E402


def _grid(n: int) -> tuple[int, int]:
    cols = min(n, 3)
    return (n + cols - 1) // cols, cols


def score_matrix_figure(table: pd.DataFrame, deals: int, path: Path) -> None:
    """Per preset, the net score per deal of each row's player minus each column's, with its
    95% half-width (duplicate duels)."""
    presets = list(dict.fromkeys(table.variant))
    names = list(dict.fromkeys(list(table.a_label) + list(table.b_label)))
    rows, cols = _grid(len(presets))
    k = len(names)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols + 1, 3.6 * rows + 0.8),
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
        ax.set_xticks(range(k), [str(n + 1) for n in range(k)])
        ax.set_yticks(range(k), [str(n + 1) for n in range(k)])
        ax.set_title(preset, fontsize=10)
    for ax in list(axes.flat)[len(presets):]:
        ax.axis("off")
    key = "; ".join(f"{i + 1} = {n}" for i, n in enumerate(names))
    fig.suptitle(f"Net score per deal, row player minus column player ({deals:,} deals per duel, "
                 f"each played twice)\n{key}", fontsize=9)
    fig.tight_layout()
    _save(fig, path)


def make_rate_figure(stand: pd.DataFrame, deals: int, path: Path) -> None:
    """Each player's make rate as bidder per preset, over all its duels, with 95% Wilson
    intervals."""
    presets = list(dict.fromkeys(stand.variant))
    names = list(dict.fromkeys(stand.player))
    fig, ax = plt.subplots(figsize=(min(14, max(7, 0.22 * len(presets) * len(names))), 5))
    width = 0.8 / len(names)
    for k, name in enumerate(names):
        g = stand[stand.player == name].set_index("variant").reindex(presets)
        lo, hi = g.make_lo.to_numpy(), g.make_hi.to_numpy()
        x = np.arange(len(presets)) + (k - (len(names) - 1) / 2) * width
        rate = g.make_rate.to_numpy()
        ax.bar(x, rate, width, label=f"{k + 1} = {name}",
               yerr=[rate - lo, hi - rate], capsize=2)
    ax.set_xticks(range(len(presets)), presets, rotation=30, ha="right")
    ax.set_ylabel("make rate as bidder")
    ax.set_ylim(0, 1)
    ax.set_title(f"Make rate of each player's bids over its duels ({deals:,} deals per duel)",
                 fontsize=10)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=len(names))
    fig.tight_layout()
    _save(fig, path)
