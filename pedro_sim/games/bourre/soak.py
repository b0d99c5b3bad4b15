#!/usr/bin/env python
"""Soak for Bourré: play sessions on the compiled engine and check every deal with the
independent reference checker (pedro_sim/reference/bourre.py: every card legal under
rules 4 and 5, every trick's winner, the draws, the payment, the antes and the pot
carried across the session, chips conserved). Exits with status 1 on any violation.

    .venv/bin/python -m pedro_sim.games.bourre.soak [--deals N] [--players 2-8] [--policy P]
        [--seed S] [--session-deals D] [--rule NAME=VALUE ...]
"""

from __future__ import annotations

import argparse
import sys
import time

from pedro_sim.games.bourre.analysis.seating import seated
from pedro_sim.games.bourre.analysis.traces import session_traces
from pedro_sim.games.bourre.commands import table_rules
from pedro_sim.reference.bourre import check_session

REPORT_EVERY = 30.0  # seconds between progress lines


def sizes(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per table size")
    parser.add_argument("--players", default="2-8")
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--session-deals", type=int, default=20)
    parser.add_argument("--rule", action="append", default=[])
    args = parser.parse_args()
    bad = checked = 0
    started = last = time.perf_counter()
    for n in sizes(args.players):
        rules = table_rules(n, args.rule)
        table = seated(args.policy, n)
        for g in range(-(-args.deals // args.session_deals)):
            traces = session_traces(rules, args.seed, g, args.session_deals, table.pol,
                                    table.worlds, table.label)
            errors = check_session(traces)
            checked += len(traces)
            if errors:
                bad += 1
                print(f"{rules.label} session {g}: {errors[:3]}", flush=True)
            if time.perf_counter() - last > REPORT_EVERY:
                last = time.perf_counter()
                print(f"  {checked:,} deals checked, {bad} sessions with violations",
                      flush=True)
        print(f"{rules.label}, {table.label}: done", flush=True)
    took = time.perf_counter() - started
    print(f"{checked:,} deals checked in {took:.0f} s ({checked / took:,.0f}/s): {bad} "
          "sessions with violations")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
