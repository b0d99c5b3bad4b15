"""What a bid is worth, from the engine's own scoring of each deal.

The analyses count deals by the points the bidders and the defenders took (a joint
histogram). The engine's scoring (``deal_score``, engine/game/whole_deal.py) depends on nothing
else, so scoring every cell of that histogram at a bid scores every deal in it: one
simulation prices every bid for players that ignore the bid's value. No second formula:
difference scoring (`foster`), doubled bids (`california`'s 16, "83 double") and the moon
come out of the same code that scores a played deal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pedro_sim.analysis.stats import mean_ci_from_hist, wilson
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.rules import Variant


def bid_levels(variant: Variant) -> list[int]:
    """Every bid a side can hold: min_bid..max_bid, and "83 double" (recorded as twice
    the maximum) where the preset has it."""
    levels = list(range(variant.min_bid, variant.max_bid + 1))
    if variant.top_bid > variant.max_bid:
        levels.append(variant.top_bid)
    return levels


@dataclass(frozen=True)
class ScoreGrid:
    """made[k, b, d], bidders[k, b, d], defenders[k, b, d]: the deal's result at bid
    ``bids[k]`` when the bidders took b points and the defenders d."""

    bids: tuple[int, ...]
    made: np.ndarray
    bidders: np.ndarray
    defenders: np.ndarray

    def at(self, bid: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        k = self.bids.index(bid)
        return self.made[k], self.bidders[k], self.defenders[k]


def score_grid(inputs: EngineInputs, bids: list[int] | None = None) -> ScoreGrid:
    """The engine's scoring of every (bidders' points, defenders' points) at each bid."""
    levels = tuple(bid_levels(inputs.variant) if bids is None else bids)
    key = (inputs.opts.tobytes(), levels)
    if key not in _GRIDS:
        if len(_GRIDS) >= 64:
            _GRIDS.pop(next(iter(_GRIDS)))
        _GRIDS[key] = _grid(inputs, levels)
    return _GRIDS[key]


_GRIDS: dict[tuple[bytes, tuple[int, ...]], ScoreGrid] = {}  # by the options and bids


def _grid(inputs: EngineInputs, bids: tuple[int, ...]) -> ScoreGrid:
    total = inputs.variant.total_points
    shape = (len(bids), total + 1, total + 1)
    made, mine, theirs = (np.zeros(shape, dtype=np.int64) for _ in range(3))
    drivers.score_grid(np.array(bids, dtype=np.int64), inputs.tables, made, mine, theirs)
    return ScoreGrid(bids, made.astype(bool), mine, theirs)


def bid_rows(joint: np.ndarray, inputs: EngineInputs,
             bids: list[int] | None = None) -> pd.DataFrame:
    """Per bid (every level, or ``bids``: a 28-56 is no level of the others'), named where
    it is special ("28-56", "moon": Variant.special_bid_name): P(make)
    with its Wilson interval, the bidders' expected score change and the expected net
    change (bidders' minus defenders'; in individual play the bidder's less the mean of
    the others', as scoring.net_of; in five-handed its partner among them, scoring as
    it), each with its 95% interval. ``joint[b, d]`` counts
    deals by the bidders' points b and the defenders' d (all the others' together)."""
    grid = score_grid(inputs, bids)
    n = int(joint.sum())
    counts = joint.ravel()
    rows = []
    for bid in grid.bids:
        made_at, mine, net_at = deal_values(inputs, grid, bid)
        made = int(joint[made_at].sum())
        lo, hi = wilson(made, n)
        score, score_lo, score_hi = mean_ci_from_hist(mine.ravel(), counts)
        net, net_lo, net_hi = mean_ci_from_hist(net_at.ravel(), counts)
        rows.append({"bid": bid, "special": inputs.variant.special_bid_name(bid),
                     "n": n, "made": made, "p_make": made / n,
                     "p_make_lo": float(lo), "p_make_hi": float(hi),
                     "expected_score": score, "expected_score_lo": score_lo,
                     "expected_score_hi": score_hi, "expected_net": net,
                     "expected_net_lo": net_lo, "expected_net_hi": net_hi})
    return pd.DataFrame(rows)


def deal_values(inputs: EngineInputs, grid: ScoreGrid,
                bid: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What a deal is worth at ``bid``, by (bidders' points b, defenders' points d): made,
    the bidders' score and the net change (bid_rows' three measures)."""
    made_at, mine, theirs = grid.at(bid)
    others = inputs.sides - 1  # the defenders' scores add up to ``theirs``
    against = theirs if others == 1 else theirs / others  # their mean in individual play
    if inputs.variant.called_partner:  # five-handed: the partner scores as the bidder
        against = (mine + theirs) / others
    return made_at, mine, mine - against


def widest_make_half(joint: np.ndarray, inputs: EngineInputs,
                     bids: list[int] | None = None) -> float:
    """The largest 95% half-width of P(make) over the bids (the --precision rule): every
    bid, or ``bids``."""
    grid = score_grid(inputs, bids)
    n = int(joint.sum())
    made = np.array([joint[grid.at(b)[0]].sum() for b in grid.bids])
    lo, hi = wilson(made, n)
    return float(np.max(hi - lo) / 2)
