"""What each patch of numba's internals (pedro_sim/compiler/) is worth: the one-process
compile of everything `pedro-sim warmup --jobs 1` compiles, on an empty cache, with every
patch, with none, and with all but one. Each run is a fresh process with its own cache
folder. Results go to docs/performance.md and docs/architecture.md.

    .venv/bin/python scripts/patch_worth.py            # about 15 minutes on 2 cores
    .venv/bin/python scripts/patch_worth.py --only all,none
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pedro_sim.compiler.patches import PATCHES

BIN = Path(sys.executable).with_name("pedro-sim")


def configurations() -> dict[str, str]:
    """name -> the PEDRO_SIM_NUMBA_PATCHES value."""
    every = list(PATCHES)
    out = {"all": "on", "none": "off"}
    for name in every:
        if name != "cache_lock":  # a lock for concurrent saves, not a speed-up
            out[f"all but {name}"] = ",".join(n for n in every if n != name)
    return out


def compile_seconds(value: str) -> float:
    with tempfile.TemporaryDirectory(prefix="patch-worth-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PEDRO_SIM_NUMBA_PATCHES": value}
        started = time.perf_counter()
        subprocess.run([str(BIN), "warmup", "--jobs", "1"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated configuration names")
    args = parser.parse_args()
    configs = configurations()
    names = list(configs) if not args.only else [n.strip() for n in args.only.split(",")]
    for name in names:
        seconds = compile_seconds(configs[name])
        print(f"{name:28s} {seconds:7.1f} s", flush=True)


if __name__ == "__main__":
    main()
