"""Bourré's charts: the best declaration by hand class and place, one option's worth with
its interval, chips per deal by place over sessions, and the pot's sizes. Every estimate
is drawn with its 95% interval or has it written in the cell."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.patches import Patch

from pedro_sim.report.plots import error_bars, plt, save

# pass, then draw 0..5: grey, then from dark (stand pat) to light (draw five)
DECISION_COLOURS = ("#bdbdbd", "#08306b", "#2171b5", "#4292c6", "#6baed6", "#9ecae1",
                    "#deebf7")
TITLE_SIZE = 9
CHAR_WIDTH = 0.65  # a character's width in ems, a little above DejaVu Sans' digits (0.64)
# how the decision chart reads (docs/bourre.md, `bourre chart`)
DECISION_KEY = (
    "Rows: the hand's class: its trumps (1T: one trump; 0T: none), the highest of them (A, "
    "K, Q, or J-: the jack or lower) and +A: an ace of another suit. Columns: the place "
    "after the dealer (1: its left, the first to declare). A white cell: fewer than {min} "
    "hands of that class at that place, too few to tell, left out.")


def fit(fig, text: str, size: float = TITLE_SIZE, share: float = 1.0) -> str:
    """``text`` wrapped to ``share`` of the figure's width at ``size`` points, so that a
    title or a note never runs past the figure's edges."""
    chars = int(share * fig.get_figwidth() * 72 / (CHAR_WIDTH * size)) - 2
    return "\n".join(textwrap.fill(line, chars) for line in text.split("\n"))


def _finish(fig: plt.Figure, ax: plt.Axes, title: str, path: Path) -> None:
    """A one-panel chart's title fitted to its width, the layout tightened, and saved."""
    ax.set_title(fit(fig, title), fontsize=TITLE_SIZE)
    fig.tight_layout()
    save(fig, path)


def decision_chart(frame: pd.DataFrame, title: str, path: Path, min_deals: int) -> None:
    """One heat map per table size: rows the hand classes, columns the places after the
    dealer; a cell's colour is the best option (pass, or play drawing k), its text the
    draw ('-' for pass) and the best play's chips per deal; a legend of the colours and a
    note on how rows, columns and white cells (fewer than ``min_deals`` hands) read."""
    sizes = sorted(set(frame["players"]))
    fig, axes = plt.subplots(1, len(sizes), figsize=(4.2 + 0.9 * max(sizes) * len(sizes), 12),
                             squeeze=False)
    cmap = ListedColormap(DECISION_COLOURS)
    for ax, n in zip(axes.flat, sizes, strict=True):
        g = frame[frame["players"] == n]
        classes = sorted(set(g["class_id"]))
        places = list(dict.fromkeys(g["place"]))
        grid = np.full((len(classes), len(places)), np.nan)
        for r in g.itertuples():
            i, j = classes.index(r.class_id), places.index(r.place)
            grid[i, j] = r.best_draw + 1
            text = ("-" if r.best_draw < 0 else str(r.best_draw)) + f"\n{r.play_chips:+.1f}"
            ax.text(j, i, text, ha="center", va="center", fontsize=6,
                    color="white" if 1 <= r.best_draw + 1 <= 3 else "black")
        ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=6.5, aspect="auto")
        labels = dict(zip(g["class_id"], g["class"], strict=False))
        ax.set_yticks(range(len(classes)), [labels[c] for c in classes], fontsize=7)
        ax.set_xticks(range(len(places)), places)
        ax.set_xlabel("place after the dealer")
        ax.set_title(f"{n} players, pot {int(g['pot'].iloc[0])} chips")
    fig.suptitle(fit(fig, title + "\ncell: cards to draw ('-': pass) and the best play's "
                     "chips a deal"), fontsize=TITLE_SIZE)
    keys = [Patch(color=c, label="pass" if k == 0 else f"play, draw {k - 1}")
            for k, c in enumerate(DECISION_COLOURS)]
    fig.legend(handles=keys, loc="lower center", ncol=len(keys), fontsize=7,
               bbox_to_anchor=(0.5, 0.045), frameon=False)
    fig.text(0.5, 0.005, fit(fig, DECISION_KEY.format(min=min_deals), 7, 0.95), ha="center",
             va="bottom", fontsize=7)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    save(fig, path)


def option_chart(table: pd.DataFrame, title: str, path: Path) -> None:
    """Each option's chips per deal with its 95% interval."""
    fig, ax = plt.subplots(figsize=(7, 3.8))
    y = np.arange(len(table))
    error_bars(ax, y, table["chips"], table["chips_lo"], table["chips_hi"], horizontal=True,
               fmt="o", capsize=3)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, table["option"])
    ax.invert_yaxis()
    ax.set_xlabel("chips a deal (95% interval)")
    _finish(fig, ax, title, path)


def places_chart(frame: pd.DataFrame, title: str, path: Path) -> None:
    """Chips per deal by place after the dealer, with 95% intervals over sessions."""
    fig, ax = plt.subplots(figsize=(7, 3.8))
    x = np.arange(len(frame))
    ax.bar(x, frame["chips_per_deal"], color="#6baed6")
    error_bars(ax, x, frame["chips_per_deal"], frame["chips_lo"], frame["chips_hi"], fmt="none",
               color="black", capsize=3)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(x, frame["place"])
    ax.set_xlabel("place after the dealer")
    ax.set_ylabel("chips a deal")
    _finish(fig, ax, title, path)


def pot_chart(pots: pd.DataFrame, title: str, path: Path) -> None:
    """The share of deals by the pot's size after the antes (binary size classes)."""
    fig, ax = plt.subplots(figsize=(7, 3.8))
    labels = [f"{a}" if a == b else f"{a}-{b}" for a, b in zip(pots["pot_from"], pots["pot_to"],
                                                               strict=True)]
    ax.bar(range(len(pots)), pots["share"], color="#9ecae1")
    ax.set_xticks(range(len(pots)), labels, rotation=45, ha="right", fontsize=7)
    ax.set_xlabel("chips in the pot after the antes")
    ax.set_ylabel("share of deals")
    _finish(fig, ax, title, path)
