"""Partners raising each other in the auction (issue 50), counted on traces and priced by duel.

    python scripts/partner_raises.py deals.jsonl [more.jsonl ...]
    python scripts/partner_raises.py --duel ukrainian [--policy heuristic] [--deals N] [--seed S]

The first form reads `pedro-sim trace` JSON Lines (docs/trace-format.md) and prints, per
file: the deals, the auctions in which a seat bid over its own partner's standing bid, the
auctions in which partners raised each other (their side did so more than once), and the
raises in all. Partners are the seats of one side (``seat % sides`` where a trace has fewer
sides than seats); individual play and five-handed (whose partner is called after the
auction) have none.

The second duels the heuristic with raise-partner off (A: the preset's other rule) against
the heuristic as it plays by default (B: the preset's rule, rules/presets.py PARTNERS_RAISE:
partners raising each other round after round in king-pedro, sixty-three and lipton, a side
taking the bid from a partner once at most elsewhere): each deal played twice, the sides
swapped, as `pedro-sim duel` does (docs/heuristic.md).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable


def partner_raises(deal: dict) -> tuple[int, int]:
    """(calls in ``deal`` that bid over the caller's partner's standing bid, the most such
    calls by one side)."""
    seats, sides = len(deal["hands"]), len(deal["points"])
    if sides >= seats or deal.get("variant") == "five-handed":
        return 0, 0
    by_side = [0] * sides
    holder = -1
    for seat, call in deal["bids"]:
        if call > 0:
            if holder >= 0 and holder != seat and holder % sides == seat % sides:
                by_side[seat % sides] += 1
            holder = seat
    return sum(by_side), max(by_side)


def count(lines: Iterable[str]) -> tuple[int, int, int, int]:
    """(deals, auctions with a partner raise, auctions in which partners raised each other,
    partner raises) over trace lines."""
    deals = auctions = mutual = raises = 0
    for line in lines:
        if line.strip():
            n, most = partner_raises(json.loads(line))
            deals += 1
            auctions += n > 0
            mutual += most > 1
            raises += n
    return deals, auctions, mutual, raises


def duel_old_rule(variant: str, policy: str, deals: int, seed: int) -> None:
    """Print the duel of ``policy`` with raise-partner off (the preset's other rule) against
    itself with it on (the default: the preset's rule), as A minus B."""
    from pedro_sim.analysis.players.duel import duel
    from pedro_sim.encoding import layout as L
    from pedro_sim.engine_inputs import EngineInputs, duel_players
    from pedro_sim.rules import get_preset
    from pedro_sim.rules.presets import PARTNERS_RAISE

    a, b, flags = duel_players(policy, policy)
    raising = variant in PARTNERS_RAISE
    other = ("partners take the bid from each other once at most" if raising else
             "partners raise each other round after round")
    r = duel(EngineInputs.for_variant(get_preset(variant)), str(a), str(b), deals, seed, flags,
             show_progress=False, off_b=L.F_RAISE_PARTNER).iloc[0]  # B: raise-partner off
    print(f"{variant}, {r.deals:,} deals each played twice; A = {a} with raise-partner off "
          f"({other}), B = {b} as it plays by default\n"
          f"  net score a deal, A minus B: {-r.score_diff:+.3f} "
          f"(95% {-r.score_diff_hi:+.3f} to {-r.score_diff_lo:+.3f})\n  points a deal: "
          f"{-r.points_diff:+.3f} (95% {-r.points_diff_hi:+.3f} to {-r.points_diff_lo:+.3f})"
          f"\n  bids, make rate: A {r.b_bids:,} {r.b_make_rate:.3f}, "
          f"B {r.a_bids:,} {r.a_make_rate:.3f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("traces", nargs="*", help="pedro-sim trace JSON Lines files")
    p.add_argument("--duel", metavar="PRESET", help="duel the rule against the old one")
    p.add_argument("--policy", default="heuristic")
    p.add_argument("--deals", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args()
    if args.duel:
        duel_old_rule(args.duel, args.policy, args.deals, args.seed)
    for path in args.traces:
        with open(path, encoding="utf-8") as f:
            deals, auctions, mutual, raises = count(f)
        print(f"{path}: {deals} deals, {auctions} auctions with a partner raise, {mutual} in "
              f"which partners raised each other, {raises} partner raises")


if __name__ == "__main__":
    main()
