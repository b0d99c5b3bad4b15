"""Digests of deal traces: every preset, every individual table and Bourré at 2..8 seats,
played by random, heuristic and pimc players, through the command line a user runs.

Run it before and after a change that must not alter play (a move of modules, a speed-up):
equal digests mean the same deals, card for card. Prints one line a trace and a last line
with the digest of them all; ``--json FILE`` also writes them as a JSON object.

    python scripts/trace_digests.py                 # about a minute on 2 cores, warm
    python scripts/trace_digests.py --quick         # random and heuristic only
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from pedro_sim.cli import app
from pedro_sim.rules.presets import PRESETS
from pedro_sim.rules.table_size import individual_tables

SEED = 2026
DEALS = {"random": 1000, "heuristic": 1000, "pimc:worlds=8": 20}
# Bourré: short sessions (a random table's pot outgrows 2^52 chips in some hundred deals)
SESSIONS = {"random": (100, 10), "heuristic": (100, 10), "pimc:worlds=8": (4, 5)}


def traced(args: list[str], out: Path) -> str:
    """Run one trace command and return the sha256 of the file it wrote."""
    result = CliRunner().invoke(app, [*args, "--out", str(out)])
    if result.exit_code != 0:
        raise SystemExit(f"{' '.join(args)} failed ({result.exit_code}): {result.output}")
    return hashlib.sha256(out.read_bytes()).hexdigest()


def pedro_runs(policies: list[str]) -> list[tuple[str, list[str]]]:
    tables = list(PRESETS) + individual_tables()
    return [(f"{table} {policy}",
             ["trace", "--variant", table, "--policy", policy, "--deals", str(DEALS[policy]),
              "--seed", str(SEED), "--threads", "1"])
            for table in tables for policy in policies]


def bourre_runs(policies: list[str]) -> list[tuple[str, list[str]]]:
    return [(f"bourre@{n} {policy}",
             ["bourre", "trace", "--players", str(n), "--policy", policy,
              "--sessions", str(SESSIONS[policy][0]), "--deals", str(SESSIONS[policy][1]),
              "--seed", str(SEED),
              "--threads", "1"])
            for n in range(2, 9) for policy in policies]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="random and heuristic only")
    parser.add_argument("--json", type=Path, help="also write the digests to this file")
    args = parser.parse_args()
    policies = ["random", "heuristic"] + ([] if args.quick else ["pimc:worlds=8"])
    digests: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, cmd in pedro_runs(policies) + bourre_runs(policies):
            digests[name] = traced(cmd, Path(tmp) / "trace.jsonl")
            print(f"{name:<28} {digests[name][:16]}", flush=True)
    whole = hashlib.sha256(json.dumps(digests, sort_keys=True).encode()).hexdigest()
    print(f"{'all ' + str(len(digests)) + ' traces':<28} {whole[:16]}")
    if args.json:
        args.json.write_text(json.dumps({"all": whole, **digests}, indent=1) + "\n")
    sys.exit(0)


if __name__ == "__main__":
    main()
