"""Calibration of the bidding-by-expected-value players (think=bid, think=all): per bid
level, the make rate the bidder predicted when it bid against the make rate it achieved.

The prediction is the share of the bidder's own simulated deals (engine/thinking/
bidding.py) that made the bid in the suit it named, recorded with the deal; the
achievement is the deal played out by the players themselves. The dealer's forced bids
are counted with the others (their prediction is made the same way, when it names trumps).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.runner import chunk_for, run_chunked
from pedro_sim.analysis.stats import wilson
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, Players
from pedro_sim.errors import PedroError
from pedro_sim.traces import record_deals

SCALE = 10_000  # predictions are recorded in 1/10000


def calibration(inputs: EngineInputs, who: Players, deals: int, seed: int,
                show_progress: bool | None = None) -> pd.DataFrame:
    """A row per bid level the players took: bids, mean predicted and achieved make rate
    (95% Wilson interval), and the gap, achieved minus predicted, with the same interval
    (gap_lo, gap_hi: the achieved rate's interval less the prediction, which is the
    bidder's own mean and carries no sampling error of the outcomes); a normal
    approximation would give a level taken once, or always made, ± 0."""
    top = inputs.variant.top_bid
    width = 3  # per bid: count, made, sum of predictions

    def step(first: int, count: int, chunk: int, out: np.ndarray) -> None:
        for k in range(len(out)):
            idx = np.arange(first + k * chunk, min(first + (k + 1) * chunk, first + count))
            recs = record_deals(inputs, seed, idx, who.policy, who.flags)
            for r in recs[(recs[:, L.R_BIDDER] >= 0) & (recs[:, L.R_PREDICTED] >= 0)]:
                b = int(r[L.R_BID])
                out[k, b, 0] += 1
                out[k, b, 1] += int(r[L.R_MADE] != 0)
                out[k, b, 2] += int(r[L.R_PREDICTED])

    acc = run_chunked(step, deals, (top + 1, width), "calibration", show_progress,
                      chunk_for(who.policy))
    rows = []
    for b in np.nonzero(acc[:, 0])[0]:
        n, made, pred = (int(x) for x in acc[b])
        lo, hi = wilson(made, n)
        p_pred, p_made = pred / SCALE / n, made / n
        rows.append({"variant": inputs.label, "policy": who.label, "bid": int(b), "n": n,
                     "predicted": p_pred, "achieved": p_made, "achieved_lo": float(lo),
                     "achieved_hi": float(hi), "gap": p_made - p_pred,
                     "gap_lo": float(lo) - p_pred, "gap_hi": float(hi) - p_pred})
    if not rows:
        raise PedroError(f"{who.label} made no predictions: only players that bid by expected "
                         "value (think=bid or think=all) record them")
    return pd.DataFrame(rows)
