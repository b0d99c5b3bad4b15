#!/usr/bin/env python
"""Soak: play N full deals and check every one against docs/rules.md section 6 inside the
compiled kernels (pedro_sim/engine/checks/invariants.py), in constant memory.

Prints deals per second, the deals with a violation of each kind (all must be zero) and
the peak RSS after 100,000 deals and at the end, with their ratio. Exits with status 1
if any deal broke an invariant.

    .venv/bin/python scripts/soak.py [--deals N] [--preset P] [--policy P] [--seed S]
                                     [--rule KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time

import numba

from pedro_sim.engine.checks.invariants import KIND_NAMES
from pedro_sim.engine.drivers.soak import soak_counts
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.rules.overrides import resolve_variant

FIRST_MARK = 100_000  # peak RSS is read after this many deals, and at the end
BATCH = 1 << 22  # deals per call after the first mark
REPORT_EVERY = 30.0  # seconds between progress lines


def cpu_model() -> str:
    """The processor's name as Linux reports it (platform.processor() is often empty)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def peak_rss_mb() -> float:
    """This process's peak resident set so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def batches(total: int):
    """(first, count) pieces of 0..total-1: the first ends at FIRST_MARK."""
    first = 0
    while first < total:
        count = min(total - first, FIRST_MARK if first == 0 else BATCH)
        yield first, count
        first += count


def add(totals: dict[str, int], part: dict[str, int]) -> None:
    """Sum counts; keep the lowest index of a deal that broke an invariant."""
    for key in ("deals", *KIND_NAMES):
        totals[key] = totals.get(key, 0) + part[key]
    bad = [x for x in (totals.get("first_bad", -1), part["first_bad"]) if x >= 0]
    totals["first_bad"] = min(bad) if bad else -1


def soak(args: argparse.Namespace) -> tuple[dict[str, int], float, float, float]:
    """Run every batch; returns (totals, seconds, RSS at the first mark, RSS at the end)."""
    inputs = EngineInputs.for_variant(resolve_variant(args.preset, args.rule))
    who = players(args.policy, inputs.variant)  # the spec's settings, the preset's tuning
    policy, flags = who.policy, who.flags
    soak_counts(inputs.tables, args.seed, 0, 1000, policy, flags)  # compile or load
    totals: dict[str, int] = {}
    started = last = time.perf_counter()
    rss_mark = float("nan")
    for first, count in batches(args.deals):
        add(totals, soak_counts(inputs.tables, args.seed, first, count, policy, flags))
        now = time.perf_counter()
        if first == 0:
            rss_mark = peak_rss_mb()
            print(f"{totals['deals']:>13,} deals: peak RSS {rss_mark:.1f} MB", flush=True)
        elif now - last >= REPORT_EVERY:
            last = now
            print(f"{totals['deals']:>13,} deals, {totals['deals'] / (now - started):,.0f}/s,"
                  f" violations {sum(totals[k] for k in KIND_NAMES)}", flush=True)
    return totals, time.perf_counter() - started, rss_mark, peak_rss_mb()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000_000)
    parser.add_argument("--preset", default="cinch")
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", action="append", default=[],
                        help="a house rule KEY=VALUE, as --rule of the commands (repeatable)")
    args = parser.parse_args()
    print(f"soak: {args.deals:,} {args.preset} deals, {args.policy} players, seed {args.seed}; "
          f"{cpu_model()}, {os.cpu_count()} cores, {numba.get_num_threads()} threads, "
          f"Python {platform.python_version()}, numba {numba.__version__}")
    totals, seconds, rss_mark, rss_end = soak(args)
    bad = sum(totals[k] for k in KIND_NAMES)
    print(f"deals checked: {totals['deals']:,} in {seconds:.1f} s: "
          f"{totals['deals'] / seconds:,.0f} deals/s")
    print("deals with a violation: " + ", ".join(f"{k} {totals[k]}" for k in KIND_NAMES)
          + f" (total {bad})")
    if bad:
        print(f"first deal with a violation: index {totals['first_bad']} (seed {args.seed}; "
              f"`pedro-sim trace` shows it)")
    print(f"peak RSS: {rss_mark:.1f} MB at {min(args.deals, FIRST_MARK):,} deals, "
          f"{rss_end:.1f} MB at {totals['deals']:,}: ratio {rss_end / rss_mark:.3f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
