"""`bid` for thinking players by control variates: fewer thinking deals for the same
precision.

Most of the spread of a thinking player's result over deals is the cards, and the
heuristic player, some thousand times cheaper, sees the same cards. Each deal a thinking
player plays is played again by the heuristic (the same deal index: the same cards), and
the heuristic also plays CHEAP_FACTOR times as many deals of its own, disjoint from them,
whose mean is then known far better. With Y a thinking deal's value (made at a bid, the
score, the net) and X the heuristic's values on the same deal (the same quantity, its
bidders' points, its defenders' points), the estimate

    mean(Y) - beta . (mean(X) - mu)

(beta fitted by least squares on the deals, mu the heuristic's own larger run) is unbiased
to order 1/n, and its variance is the regression's residual variance over n plus
beta' Cov(mu) beta: what the heuristic explains of the cards is taken out, what it
cannot explain stays in the interval. docs/performance.md records the deals it saves
and scripts/coverage.py the coverage of its intervals.

With --precision it looks after CONTROL_START deals and then where the interval's width
says the precision should be met (next_look), so the seed alone fixes the deals used
(not the threads). The estimator itself is stats.controlled_estimate."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from pedro_sim.analysis.fixed_hand import points_histogram
from pedro_sim.analysis.runner import run_rows
from pedro_sim.analysis.scores import bid_levels, deal_values, score_grid
from pedro_sim.analysis.stats import cell_moments, controlled_estimate, proportion
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine_inputs import EngineInputs, Players, players

CHEAP_FACTOR = 32  # the heuristic's own deals per thinking deal (at least CHEAP_MIN)
CHEAP_MIN = 65_536
ESTIMATORS = ("control", "plain")  # bid --estimator: heuristic control variates, plain mean
CONTROL_START = 1024  # thinking deals before the first look at the intervals (--precision)
CHEAP_FIRST = 1 << 40  # the heuristic's own deals: indices from here, apart from the others'


@dataclass
class PairedDeals:
    """The deals of one seat and trump: ``pairs[i]`` = (thinking bidders' points, their
    defenders', the heuristic's bidders' points, its defenders') of deal i, and
    ``cheap[b, d]`` the heuristic's own deals counted by points."""

    inputs: EngineInputs
    hand: np.ndarray
    offset: int
    trump: int
    seed: int
    who: Players
    pairs: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), dtype=np.int64))
    cheap: np.ndarray | None = None
    keep: int = 0  # the first deals whose whole points are kept (advise's games go on)
    priced: np.ndarray = field(
        default_factory=lambda: np.zeros((0, drivers.PRICED_WIDTH - 2), dtype=np.int64))

    @property
    def heuristic(self) -> Players:
        return players("heuristic", self.inputs.variant)

    def grow(self, total: int, label: str, show_progress: bool | None) -> None:
        """Play deals len(pairs)..total-1 both ways, and the heuristic's own deals to
        CHEAP_FACTOR times ``total``."""
        have = len(self.pairs)
        if total > have:
            width = drivers.PRICED_WIDTH if have < self.keep else 2
            rows = run_rows(lambda a, n: self._points(self.who, have + a, n, width),
                            total - have, width, f"{label} (deals {have + 1:,} to {total:,})",
                            show_progress, 16, "deals")
            if width > 2:
                self.priced = np.concatenate([self.priced, rows[:self.keep - have, 2:]])
            cheap = self._points(self.heuristic, have, total - have)
            self.pairs = np.concatenate([self.pairs, np.hstack([rows[:, :2], cheap])])
        self._grow_cheap(max(CHEAP_MIN, CHEAP_FACTOR * total))

    def _points(self, who: Players, first: int, count: int, width: int = 2) -> np.ndarray:
        out = np.zeros((count, width), dtype=np.int64)
        drivers.fixed_points(self.seed, np.arange(first, first + count, dtype=np.int64),
                             self.hand, self.offset, self.trump, who.policy, who.flags,
                             self.inputs.tables, out)
        return out

    def _grow_cheap(self, total: int) -> None:
        have = 0 if self.cheap is None else int(self.cheap.sum())
        if total <= have:
            return
        h = self.heuristic
        more = points_histogram(self.inputs, list(self.hand), self.offset, self.trump,
                                total - have, self.seed, h.policy, h.flags,
                                show_progress=False, first=CHEAP_FIRST + have)
        self.cheap = more if self.cheap is None else self.cheap + more

    def joint(self) -> np.ndarray:
        """The thinking deals counted by (bidders' points, defenders' points)."""
        span = self.inputs.variant.total_points + 1
        out = np.zeros((span, span), dtype=np.int64)
        np.add.at(out, (self.pairs[:, 0], self.pairs[:, 1]), 1)
        return out


def values_at(inputs: EngineInputs, bid: int) -> dict[str, np.ndarray]:
    """scores.deal_values at ``bid`` by the names of bid_rows' columns, as floats."""
    made_at, mine, net = deal_values(inputs, score_grid(inputs, [bid]), bid)
    return {"p_make": made_at.astype(float), "expected_score": mine.astype(float),
            "expected_net": net.astype(float)}


def controlled_rows(deals: PairedDeals, bids: list[int]) -> pd.DataFrame:
    """bid_rows' table (P(make), expected score and net, 95% intervals) by control
    variates, with each estimate's variance over the plain mean's (var_ratio_*)."""
    p = deals.pairs
    span = deals.inputs.variant.total_points + 1
    b_cells, d_cells = np.divmod(np.arange(span * span), span)
    counts = deals.cheap.ravel()
    rows = []
    for bid in bids:
        row = {"bid": bid, "special": deals.inputs.variant.special_bid_name(bid),
               "n": len(p)}
        for name, grid in values_at(deals.inputs, bid).items():
            y = grid[p[:, 0], p[:, 1]]
            x = np.column_stack([grid[p[:, 2], p[:, 3]], p[:, 2], p[:, 3]]).astype(float)
            mu, cov = cell_moments(np.vstack([grid.ravel(), b_cells, d_cells]), counts)
            est = controlled_estimate(y, x, mu, cov)
            if name == "p_make":
                est = proportion(est, y)
                row["made"] = int(y.sum())
            row.update({name: est.mean, f"{name}_lo": est.lo, f"{name}_hi": est.hi,
                        f"var_ratio_{name.split('_')[-1]}": est.ratio})
        rows.append(row)
    return pd.DataFrame(rows)


def widest_controlled(deals: PairedDeals, bids: list[int]) -> float:
    """The largest 95% half-width of P(make) over ``bids`` (the --precision rule)."""
    return widest_of(controlled_rows(deals, bids))


def widest_of(rows: pd.DataFrame) -> float:
    """The largest 95% half-width of P(make) in controlled_rows' ``rows``."""
    return float(((rows.p_make_hi - rows.p_make_lo) / 2).max())


def next_look(n: int, widest: float, precision: float, cap: int) -> int:
    """The deal count --precision looks at after ``n`` deals whose widest half-width was
    ``widest``: where the half-width, shrinking as 1/sqrt(deals), should meet
    ``precision``, 5% beyond it; at least 64 deals more, at most twice as many, a multiple
    of 64, at most ``cap``.

    >>> next_look(1024, 0.0215, 0.02, 10_000)  # 1024 * 1.156 * 1.05 = 1242.4
    1280
    >>> next_look(1024, 0.0201, 0.02, 10_000), next_look(1024, 0.05, 0.02, 10_000)
    (1088, 2048)
    >>> next_look(1024, 0.0201, 0.02, 1050)
    1050
    """
    want = min(max(n * (widest / precision) ** 2 * 1.05, n + 64), 2 * n)
    return min(cap, -(-int(want) // 64) * 64)


def next_count(n: int, widest: float, precision: float, cap: int) -> int | None:
    """--precision's rule after a look at ``n`` deals: None once every half-width is
    within ``precision`` or the cap is played, else the next look (next_look)."""
    if widest <= precision or n >= cap:
        return None
    return next_look(n, widest, precision, cap)


def run_controlled(deals: PairedDeals, bids: list[int], count: int, precision: float | None,
                   label: str, show_progress: bool | None) -> bool:
    """Play ``count`` deals (without precision), or from CONTROL_START deals on, looking
    at the intervals each time (next_look), until every bid's P(make) is within
    ``precision`` (``count``: the most). Returns whether it was reached (True without
    precision). The looks depend on the deals alone, so the seed fixes the deals used."""
    n = count if precision is None else min(CONTROL_START, count)
    while True:
        deals.grow(n, label, show_progress)
        if precision is None:
            return True
        widest = widest_controlled(deals, bids)
        following = next_count(n, widest, precision, count)
        if following is None:
            return widest <= precision
        n = following


def controlled_seat(inputs: EngineInputs, hand: list[int], offset: int, suit: int,
                    deals: int, seed: int, who: Players, precision: float | None,
                    bids: list[int] | None, label: str,
                    show_progress: bool | None) -> tuple[np.ndarray, pd.DataFrame]:
    """One seat's `bid` deals by control variates (``deals``: the count, or with
    ``precision`` the most): the thinking players' joint points and the rows."""
    paired = PairedDeals(inputs, np.array(hand, dtype=np.int64), offset, suit, seed, who)
    levels = bid_levels(inputs.variant) if bids is None else bids
    run_controlled(paired, levels, deals, precision, label, show_progress)
    return paired.joint(), controlled_rows(paired, levels)
