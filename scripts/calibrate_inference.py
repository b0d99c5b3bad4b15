"""Fit the model of the bidders that pimc's inference uses (engine/thinking/inference.py):
P(a seat bids | its dealt hand worth est points, the lowest bid open to it need) =
sigmoid(slope * (est - need) + offset), est the heuristic's value of the hand in its best
suit (players/bid_values.py), by logistic regression over the calls of deal traces.

    pedro-sim trace --policy pimc --deals 3000 --out deals.jsonl
    python scripts/calibrate_inference.py deals.jsonl [--variant cinch]

Forced dealers' bids are left out (not a choice)."""

from __future__ import annotations

import argparse
import json

import numpy as np

from pedro_sim.cards import parse_card
from pedro_sim.engine.players.bid_values import suit_values
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.rules.presets import PRESETS


def calls(path: str, name: str) -> tuple[np.ndarray, np.ndarray]:
    """(est - need, 1 for a bid and 0 for a pass) of every call that was a choice."""
    v = PRESETS[name]
    tab = EngineInputs.for_variant(name).tables

    def best(cards: list[str]) -> float:
        mask = 0
        for c in cards:
            mask |= 1 << parse_card(c)
        packed = int(suit_values.py_func(np.uint64(mask), tab))
        return max(((packed >> (16 * t)) & 0xFFFF) / 10 for t in range(4))

    x, y = [], []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            trace = json.loads(line)
            standing, n = 0, len(trace["bids"])
            for i, (seat, bid) in enumerate(trace["bids"]):
                last = i == n - 1 and seat == trace["dealer"]
                if last and standing == 0 and v.dealer_forced != "none":
                    continue
                equal = last and v.dealer_may_equal and standing > 0
                need = max(v.min_bid, standing if equal else standing + 1)
                if need > v.max_bid:
                    continue
                x.append(best(trace["hands"][seat]) - need)
                y.append(1.0 if bid > 0 else 0.0)
                if bid > 0:
                    standing = max(standing, min(bid, v.max_bid))
    return np.array(x), np.array(y)


def fit(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(slope, offset) by damped Newton steps on the log-likelihood."""
    a, c = 0.3, -1.0
    for _ in range(80):
        p = 1 / (1 + np.exp(-(a * x + c)))
        w = p * (1 - p)
        g = np.array([((y - p) * x).sum(), (y - p).sum()])
        h = np.array([[(w * x * x).sum(), (w * x).sum()], [(w * x).sum(), w.sum()]])
        a, c = np.array([a, c]) + 0.5 * np.linalg.solve(h + 1e-6 * np.eye(2), g)
    return float(a), float(c)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces")
    parser.add_argument("--variant", default="cinch")
    args = parser.parse_args()
    x, y = calls(args.traces, args.variant)
    a, c = fit(x, y)
    print(f"{args.variant}: {len(x)} calls, {y.mean():.2f} of them bids; slope {a:.3f}, "
          f"offset {c:.3f} (a toss-up at est = need {-c / a:+.2f})")


if __name__ == "__main__":
    main()
