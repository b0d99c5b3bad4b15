"""Two players' duels against one opponent on the same duplicate deals, paired deal by deal.

    python scripts/paired_duel.py --variant pidro --a1 pimc --a2 pimc:eval=solver,worlds=60 \
        --b heuristic --deals 3000 --seed 314

Each of A1 and A2 plays `pedro-sim duel --a Ai --b B --deals N --seed S` (the same deals,
each played twice with the sides swapped; analysis/players/duel.py); the script prints
each one's net score a deal over B and the difference A1 minus A2, deal by deal, with 95%
intervals. The difference's interval is much narrower than the two duels' intervals
compared side by side, as the cards are the same. docs/players.md uses it to ask whether
a stronger pimc against pimc players is weaker against the heuristic, a player built
another way. Four-seat presets (partnerships) only.
"""

from __future__ import annotations

import argparse

import numpy as np

from pedro_sim.analysis.players.duel import divisor, duel_plays, lead
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, duel_players, team_policy
from pedro_sim.traces import record_deals


def leads(inputs: EngineInputs, a: str, b: str, deals: int, seed: int) -> np.ndarray:
    """A's lead in net score over B on each duplicate deal (both arrangements)."""
    sa, sb, flags = duel_players(a, b, variant=inputs.variant)
    ab = team_policy(str(sa), str(sb), (0, 1))
    ba = team_policy(str(sb), str(sa), (1, 0))
    idx = np.arange(deals)
    total = np.zeros(deals)
    for where, word, lone in duel_plays(inputs, ab, ba):
        recs = record_deals(where, seed, idx, word, flags)
        total += (1 if word == ab else -1) * lead(recs, L.R_SCORE, lone, inputs.variant.players)
    return total / divisor(inputs)


def summary(name: str, x: np.ndarray) -> str:
    m, half = x.mean(), 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    return f"{name}: {m:+.3f} (95% {m - half:+.3f} to {m + half:+.3f}), {len(x):,} deals"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="cinch")
    p.add_argument("--a1", required=True)
    p.add_argument("--a2", required=True)
    p.add_argument("--b", default="heuristic")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=12345)
    args = p.parse_args()
    inputs = EngineInputs.for_variant(args.variant)
    if not inputs.variant.partnerships:
        p.error(f"{args.variant}: partnerships only (four seats in two sides)")
    x = leads(inputs, args.a1, args.b, args.deals, args.seed)
    y = leads(inputs, args.a2, args.b, args.deals, args.seed)
    print(f"{inputs.label}, B = {args.b}")
    print(summary(f"A1 = {args.a1} over B", x))
    print(summary(f"A2 = {args.a2} over B", y))
    print(summary("A1 minus A2", x - y))


if __name__ == "__main__":
    main()
