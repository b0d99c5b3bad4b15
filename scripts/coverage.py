"""Are `bid`'s intervals honest? The share of 95% intervals that hold the truth (issue 51).

    python scripts/coverage.py [--player pimc] [--preset cinch] [--hand "AH KH ..."]
        [--bid 8] [--trump H] [--seat eldest] [--deals 256] [--reps 400] [--seed 1]
        [--threads 2] [--precision P --cap N]

The truth: the plain mean of P(make), the expected score and the expected net over a
run 100 times the small one's size (its own seed). Then ``--reps`` small runs of
``--deals`` deals each (seeds seed+1, seed+2, ...) are estimated both ways, the plain mean
and the control variates `bid` uses for thinking players (analysis/controlled_bid.py),
and the script counts the 95% intervals that hold the truth. Honest intervals hold it in
about 95% of the runs; with 400 runs the count itself is uncertain by about ±2.1 points
(its Wilson interval is printed). The truth's own uncertainty, a tenth of a small run's,
is printed beside it. docs/performance.md records a run.

With ``--precision P`` each small run instead stops as `bid --precision P` does with
control variates (run_controlled: a first look after CONTROL_START deals, then next_look,
at most ``--cap`` deals), so the count checks the intervals at a stopping point chosen
from the data; the truth still comes from 100 times ``--deals``.
"""

from __future__ import annotations

import argparse
import sys
import time

import numba
import numpy as np

from pedro_sim.analysis.controlled_bid import (
    PairedDeals,
    controlled_rows,
    run_controlled,
    values_at,
)
from pedro_sim.analysis.seat_words import seat_place
from pedro_sim.analysis.stats import plain_estimate, wilson
from pedro_sim.cards import parse_hand, parse_suit
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError

MEASURES = ("p_make", "expected_score", "expected_net")


def main() -> None:
    a = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a.add_argument("--player", default="pimc")
    a.add_argument("--preset", default="cinch")
    a.add_argument("--hand", default="AH KH 5H 2H 9C 4D JS 7S 3C")
    a.add_argument("--bid", type=int, default=8)
    a.add_argument("--trump", default="H")
    a.add_argument("--seat", default="eldest")
    a.add_argument("--deals", type=int, default=256)
    a.add_argument("--reps", type=int, default=400)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--threads", type=int, default=2)
    a.add_argument("--precision", type=float, default=None)
    a.add_argument("--cap", type=int, default=10_000)
    args = a.parse_args()
    numba.set_num_threads(args.threads)
    inputs = EngineInputs.for_variant(args.preset)
    hand = np.array(parse_hand(args.hand, size=inputs.variant.hand), dtype=np.int64)
    who = players(args.player, inputs.variant).at_bid(args.bid)
    offset = seat_place(args.seat, inputs.variant.players)

    def paired(seed: int) -> PairedDeals:
        return PairedDeals(inputs, hand, offset, parse_suit(args.trump), seed, who)

    started = time.perf_counter()
    truth_deals = paired(args.seed)
    truth_deals.grow(100 * args.deals, "truth", None)
    values = values_at(inputs, args.bid)
    truth = {m: plain_estimate(values[m][truth_deals.pairs[:, 0], truth_deals.pairs[:, 1]])
             for m in MEASURES}
    print(f"{args.preset}, {args.player}, {args.hand}, bid {args.bid} in {args.trump}, "
          f"{args.seat}: truth from {100 * args.deals:,} deals, seed {args.seed} "
          f"({time.perf_counter() - started:.0f} s)")
    for m in MEASURES:
        t = truth[m]
        print(f"  {m}: {t.mean:.4f} (95% {t.lo:.4f} to {t.hi:.4f})")
    held = {(m, e): 0 for m in MEASURES for e in ("plain", "control")}
    widths = {(m, e): 0.0 for m in MEASURES for e in ("plain", "control")}
    used = []
    for r in range(args.reps):
        deals = paired(args.seed + 1 + r)
        if args.precision is None:
            deals.grow(args.deals, f"run {r + 1}", False)
        else:
            run_controlled(deals, [args.bid], args.cap, args.precision, f"run {r + 1}", False)
        used.append(len(deals.pairs))
        row = controlled_rows(deals, [args.bid]).iloc[0]
        for m in MEASURES:
            y = values[m][deals.pairs[:, 0], deals.pairs[:, 1]]
            plain = plain_estimate(y)
            for e, (lo, hi) in (("plain", (plain.lo, plain.hi)),
                                ("control", (row[f"{m}_lo"], row[f"{m}_hi"]))):
                held[m, e] += int(lo <= truth[m].mean <= hi)
                widths[m, e] += (hi - lo) / 2
        if (r + 1) % 50 == 0:
            print(f"  {r + 1} runs, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    size = f"{args.deals} deals" if args.precision is None else \
        f"--precision {args.precision} (deals {min(used):,} to {max(used):,}, mean " \
        f"{np.mean(used):,.0f})"
    print(f"{args.reps} runs of {size}: the share of 95% intervals holding the "
          "truth (Wilson 95% of that share), mean half-width")
    for m in MEASURES:
        for e in ("plain", "control"):
            k = held[m, e]
            lo, hi = wilson(k, args.reps)
            print(f"  {m:15s} {e:8s} {100 * k / args.reps:5.1f}% ({100 * float(lo):.1f}–"
                  f"{100 * float(hi):.1f}), half-width {widths[m, e] / args.reps:.4f}")
    print(f"({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    try:
        main()
    except PedroError as e:  # a bad preset, hand, trump or player: one line, exit 2
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
