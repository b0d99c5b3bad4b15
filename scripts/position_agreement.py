"""Do a preset's positions read as its traces? For each card decision of tricks 1-3 of
pimc's deals (seed 11), pimc's value of every legal card explained from the trace (the
engine's own knowledge, replayed) and from the seat's view written as a position
(`explain --position`'s reader); a decision disagrees where some card's two values differ
by more than twice their two 95% half-widths together. With --blind the positions drop
the discards and the trump counts (a check that the comparison can see a difference).

    python scripts/position_agreement.py lipton            (from the repository's top)
    python scripts/position_agreement.py cinch --blind
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import numpy as np

from pedro_sim.analysis.decisions.explain import explain_position_file, explain_trace
from pedro_sim.analysis.decisions.position import decision_from_trace
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.traces import record_deals, trace_dict

SPEC = "pimc:worlds=6,bid_worlds=8,keep_worlds=4"  # the traces explained
WORLDS = 400


def traces(variant: str, deals: int, seed: int) -> list[dict]:
    inputs = EngineInputs.for_variant(variant)
    who = players(SPEC, inputs.variant)
    recs = record_deals(inputs, seed, np.arange(deals), who.policy, who.flags)
    return [trace_dict(r, inputs, seed, i, who.label) for i, r in enumerate(recs)]


def disagrees(trace: dict, trick: int, seat: int, path: Path, blind: bool) -> bool | None:
    """Whether the two explanations differ (None: no choice there)."""
    view = decision_from_trace(trace, trick, seat)
    if blind:
        view.update(discarded=[], min_trumps=[0] * len(view["hand_sizes"]))
        view.pop("shown", None)
    path.write_text(json.dumps(view))
    try:
        a = explain_trace(trace, trick, seat, worlds=WORLDS).frame.set_index("card")
    except PedroError:
        return None
    _, b = explain_position_file(path, trace["policy"], worlds=WORLDS, seed=8)
    b = b.frame.set_index("card").loc[a.index]
    half = (a.value_hi - a.value_lo) / 2 + (b.value_hi - b.value_lo) / 2
    return bool(((a.value - b.value).abs() > 2 * half).any())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--blind", action="store_true")
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp()) / "decision.json"
    n = off = 0
    for trace in traces(args.variant, args.deals, 11):
        if trace["bidder"] is None:
            continue
        for trick in range(1, min(4, len(trace["tricks"]))):
            for seat, _ in trace["tricks"][trick]["plays"]:
                result = disagrees(trace, trick, seat, path, args.blind)
                if result is not None:
                    n += 1
                    off += result
    print(f"{args.variant}{' (blind)' if args.blind else ''}: {n} decisions, {off} disagree")


if __name__ == "__main__":
    main()
