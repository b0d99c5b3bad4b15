"""How often think=all keeps otherwise than the heuristic, seat by seat (docs/players.md):

    python scripts/keep_changes.py nicaragua eighty-three --deals 300

For each preset, the same deals (seed 3) played by pimc:worlds=2 and pimc:worlds=2,think=bid;
among deals with the same bidder and trump, the share where a seat's start hand differs
(and, where players may pass their trumps and fold, ukrainian, the share where the seats
that folded differ), and every think=all deal with a bidder checked by the reference
engine.
"""

from __future__ import annotations

import argparse

import numpy as np

from pedro_sim import reference
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.traces import record_deals, trace_dict


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("presets", nargs="+")
    ap.add_argument("--deals", type=int, default=300)
    args = ap.parse_args()
    idx = np.arange(args.deals)
    for preset in args.presets:
        inputs = EngineInputs.for_variant(preset)
        a = players("pimc:worlds=2", inputs.variant)
        b = players("pimc:worlds=2,think=bid", inputs.variant)
        ra = record_deals(inputs, 3, idx, a.policy, a.flags)
        rb = record_deals(inputs, 3, idx, b.policy, b.flags)
        same = (ra[:, L.R_BIDDER] == rb[:, L.R_BIDDER]) & (ra[:, L.R_TRUMP] == rb[:, L.R_TRUMP])
        shares = [(same & (ra[:, L.R_START + s] != rb[:, L.R_START + s])).sum() / same.sum()
                  for s in range(L.SEATS)]
        fa, fb = (sum((r[:, L.R_START + s] == 0).astype(np.int64) << s for s in range(L.SEATS))
                  for r in (ra, rb))
        fold_share = (same & (fa != fb)).sum() / same.sum()
        bad = sum(bool(reference.check_trace(trace_dict(r, inputs, 3, i, "pimc")))
                  for i, r in enumerate(ra) if r[L.R_BIDDER] >= 0)
        print(f"{preset}: {same.sum()} of {args.deals} deals with the same contract; keeps "
              "otherwise, by seat: " + ", ".join(f"{100 * x:.1f}%" for x in shares)
              + (f"; folds otherwise: {100 * fold_share:.1f}%"
                 if inputs.variant.discard == "fold-or-pass" else "")
              + f"; reference checker errors: {bad}")


if __name__ == "__main__":
    main()
