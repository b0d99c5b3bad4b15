#!/usr/bin/env python
"""Throughput of pedro-sim against the C yardstick, measured side by side in one run.

Prints deals per second for full `cinch` deals (random and heuristic players,
1 thread and all threads), the C yardstick's figures on the same machine (when
--yardstick names the folder of its C sources and gcc is there), the wall time of the `bid` command,
pimc deals per second, exact solves per second (with the yardstick's solver), the
Dask overhead against local threads for the same `bid`; then the first-run compile
time (`pedro-sim warmup` on an empty numba cache), warm start-up times, the peak memory
of a small and a large `bid`, and a short soak of deals checked against docs/rules.md
section 6; and each other game's deals per second (`--games-only`: those alone).

    .venv/bin/python scripts/bench.py [--deals N] [--yardstick PATH] [--memory-deals N]
        [--soak-deals N] [--no-cold-compile] [--games-only]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

import numba
import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.games import GAMES
from pedro_sim.specs import BEFORE_17_PIMC, ROLLOUT_PIMC

ROOT = Path(__file__).resolve().parent.parent
HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"
CHUNK = 8192


def pedro_rate(policy: int, threads: int, deals: int, repeats: int = 3) -> float:
    """Best of ``repeats`` runs, in deals per second."""
    inputs = EngineInputs.for_variant("cinch")
    flags = technique_flags()
    numba.set_num_threads(threads)
    shape = (inputs.variant.top_bid + 1, inputs.variant.total_points + 1)
    warm = np.zeros((1, *shape), dtype=np.int64)
    drivers.deal_stats(drivers.Span(1, 0, 100, CHUNK), policy, flags, inputs.tables, warm)
    best = 0.0
    for r in range(repeats):
        hist = np.zeros((-(-deals // CHUNK), *shape), dtype=np.int64)
        t0 = time.perf_counter()
        drivers.deal_stats(drivers.Span(r, 0, deals, CHUNK), policy, flags, inputs.tables, hist)
        best = max(best, deals / (time.perf_counter() - t0))
        assert hist.sum() == deals
    return best


def games_figures(cores: int) -> None:
    """Each other game's deals per second beside Pedro's (its wing's bench.figures)."""
    for game in GAMES:
        import_module(f"{game.package}.bench").figures(cores)


def build_yardstick(source: Path) -> Path | None:
    if not (source / "pedro.c").exists() or not shutil.which("gcc"):
        return None
    work = Path(tempfile.mkdtemp(prefix="yardstick-"))
    shutil.copytree(source, work, dirs_exist_ok=True)
    subprocess.run(["make", "-C", str(work), "CC=gcc"], check=True, capture_output=True)
    return work


def c_rate(work: Path, policy: int, threads: int, deals: int, repeats: int = 3) -> float:
    if threads == 1:
        cmd = [str(work / "pedro"), "sim", str(deals), "12345", str(policy)]
    else:
        cmd = [str(work / "pedro_omp"), "par", str(deals), "12345", str(policy), "64"]
    env = {**os.environ, "OMP_NUM_THREADS": str(threads)}
    best = 0.0
    for _ in range(repeats):
        out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
        best = max(best, float(re.search(r"= (\d+) deals/s", out).group(1)))
    return best


def c_solves(work: Path, n: int = 2000) -> float:
    """The C yardstick's double-dummy solves per second (cinch deals after the fill)."""
    out = subprocess.run([str(work / "pedro"), "dd", str(n), "12345"], check=True,
                         capture_output=True, text=True).stdout
    return float(re.search(r"= (\d+) solves/s", out).group(1))


def pedro_solves(n: int = 2000) -> tuple[float, float]:
    """(exact solves per second on one thread, mean nodes) over the start positions of
    heuristic-played cinch deals."""
    from pedro_sim.solving import Position, Solver
    from pedro_sim.traces import record_deals

    inputs = EngineInputs.for_variant("cinch")
    recs = record_deals(inputs, 7, np.arange(n), L.P_HEURISTIC, technique_flags())
    positions = [Position(inputs.variant, int(r[L.R_TRUMP]), int(r[L.R_BIDDER]),
                          int(r[L.R_BIDDER]), tuple(int(x) for x in r[L.R_START:L.R_START + 4]))
                 for r in recs if r[L.R_BIDDER] >= 0]
    solver = Solver("cinch")
    solver.value(positions[0])
    started = time.perf_counter()
    nodes = [solver.value(p)[1] for p in positions]
    return len(positions) / (time.perf_counter() - started), float(np.mean(nodes))


def pimc_rate(threads: int, deals: int = 400, spec: str = "pimc",
              variant: str = "cinch") -> float:
    """Deals per second of ``variant`` with the player ``spec`` at every seat, bidding
    included."""
    from pedro_sim.engine_inputs import players
    from pedro_sim.traces import record_deals

    inputs = EngineInputs.for_variant(variant)
    numba.set_num_threads(threads)
    who = players(spec, inputs.variant)
    policy, flags = who.policy, who.flags
    record_deals(inputs, 1, np.arange(4), policy, flags)
    started = time.perf_counter()
    record_deals(inputs, 2, np.arange(deals), policy, flags)
    return deals / (time.perf_counter() - started)


def pedro_sim_exe() -> str:
    """The venv's command (beside the running interpreter)."""
    return str(Path(sys.executable).with_name("pedro-sim"))


def bid_args(deals: int, out: str) -> list[str]:
    """The example `bid` (hearts, eldest, bid 8) on ``deals`` deals, heuristic players."""
    return [pedro_sim_exe(), "bid", HAND, "--bid", "8", "--trump", "H", "--deals", str(deals),
            "--policy", "heuristic", "--out", out]


def example_question(spec: str, precision: float,
                     estimator: str = "auto") -> tuple[float, int]:
    """Wall seconds (warm cache, all cores) and deals of the example question answered to
    ``precision`` by the player ``spec``: `bid HAND --bid 8 --trump H --precision P`
    (``estimator``: its --estimator; auto is control variates for thinking players)."""
    with tempfile.TemporaryDirectory() as out:
        args = [pedro_sim_exe(), "bid", HAND, "--bid", "8", "--trump", "H", "--policy", spec,
                "--estimator", estimator, "--precision", str(precision), "--out", out]
        subprocess.run([*args[:-4], "--deals", "16", "--out", out], check=True,
                       capture_output=True)  # compiled and cached before the clock starts
        started = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        took = time.perf_counter() - started
        deals = json.loads((Path(out) / "run.json").read_text())["deals_per_seat"][0]
    return took, deals


def advise_time(extra: list[str]) -> float:
    """Wall seconds (warm cache, all cores) of `advise HAND` with the default player and
    ``extra`` options: [] is the default (control variates, the suits screened, P(make)
    to ±0.02); the method of before is ``--estimator plain --deals 10000``."""
    with tempfile.TemporaryDirectory() as out:
        args = [pedro_sim_exe(), "advise", HAND, *extra, "--out", out]
        subprocess.run([pedro_sim_exe(), "advise", HAND, "--deals", "16", "--games", "2",
                        "--out", out], check=True, capture_output=True)  # compiled first
        started = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        return time.perf_counter() - started


def dask_overhead() -> tuple[float, float]:
    """Wall times of the same `bid` (4 seats x 100,000 deals) on local threads and on a
    2-worker local Dask cluster (its start-up included)."""
    walls = []
    for extra in ([], ["--workers", "2"]):
        with tempfile.TemporaryDirectory() as out:
            started = time.perf_counter()
            subprocess.run([pedro_sim_exe(), "bid", HAND,
                            "--deals", "100000", "--seat", "all", "--out", out, *extra],
                           check=True, capture_output=True)
            walls.append(time.perf_counter() - started)
    return walls[0], walls[1]


def bid_wall_time(deals: int) -> float:
    """Wall time of the example `bid`, run once first so the kernels are cached."""
    with tempfile.TemporaryDirectory() as out:
        args = bid_args(deals, out)
        subprocess.run(args, check=True, capture_output=True)  # warm the cache
        t0 = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        return time.perf_counter() - t0


def cold_compile_time(args: list[str]) -> tuple[float, int]:
    """(wall seconds, cache index files written) of a command with numba's cache pointed
    at a fresh empty directory (NUMBA_CACHE_DIR: numba then neither reads nor writes the
    package's own __pycache__), so every kernel it needs is compiled."""
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        started = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, env=env)
        wall = time.perf_counter() - started
        written = len(list(Path(cache).rglob("*.nbi")))
    if not written:
        raise RuntimeError("numba wrote nothing under NUMBA_CACHE_DIR: the compile was not cold")
    return wall, written


def warm_wall_time(args: list[str], repeats: int = 3) -> float:
    """Best wall time of a command over ``repeats`` runs, after one run to warm up."""
    subprocess.run(args, check=True, capture_output=True)
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        best = min(best, time.perf_counter() - started)
    return best


_PEAK_RSS = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
if done.returncode:
    sys.exit(done.stderr.decode()[-2000:])
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def child_peak_rss_mb(args: list[str]) -> float:
    """Peak resident memory of one run of a command. It is started from a small Python
    process: a child forked from this one (large after the benchmarks above) would count
    this process's pages in its own peak (measured: 651.7 MB for a `bid` that peaks at
    234 MB)."""
    done = subprocess.run([sys.executable, "-c", _PEAK_RSS, *args], capture_output=True,
                          text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)} failed: {done.stderr}")
    return int(done.stdout) / 1024  # Linux: kilobytes


def bid_peak_rss_mb(deals: int) -> float:
    with tempfile.TemporaryDirectory() as out:
        return child_peak_rss_mb(bid_args(deals, out))


def soak_check(deals: int) -> tuple[float, int]:
    """(deals per second, deals with a violation) of heuristic cinch deals checked
    against docs/rules.md section 6 inside the kernels."""
    from pedro_sim.engine.checks.invariants import KIND_NAMES
    from pedro_sim.engine.drivers.soak import soak_counts

    inputs = EngineInputs.for_variant("cinch")
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    soak_counts(inputs.tables, 1, 0, 1000, L.P_HEURISTIC, technique_flags())
    started = time.perf_counter()
    totals = soak_counts(inputs.tables, 1, 0, deals, L.P_HEURISTIC, technique_flags())
    return deals / (time.perf_counter() - started), sum(totals[k] for k in KIND_NAMES)


def startup_and_memory(args: argparse.Namespace) -> None:
    """Compile and start-up times, peak memory against the number of deals, the soak."""
    if not args.no_cold_compile:
        with tempfile.TemporaryDirectory() as out:
            wall, files = cold_compile_time(bid_args(100_000, out))
        print(f"first run of `pedro-sim bid \"{HAND}\" --bid 8 --trump H --deals 100000` "
              f"on an empty numba cache: {wall:.1f} s ({files} cache index files)")
        for what, args_ in (
                ("`bid` with thinking players, `--policy pimc --deals 20`",
                 [pedro_sim_exe(), "bid", HAND, "--policy", "pimc", "--deals", "20", "--out"]),
                ("`report --deals 2000 --games 20`",
                 [pedro_sim_exe(), "report", "--deals", "2000", "--games", "20", "--out"])):
            with tempfile.TemporaryDirectory() as out:
                wall, _ = cold_compile_time([*args_, out])
            print(f"first run of {what} on an empty numba cache: {wall:.1f} s")
        for jobs in ("2", "1"):
            wall, files = cold_compile_time([pedro_sim_exe(), "warmup", "--jobs", jobs])
            print(f"first-run compile of everything, `pedro-sim warmup --jobs {jobs}` on an "
                  f"empty numba cache: {wall:.1f} s ({files} cache index files)")
    print(f"`pedro-sim --help`: {warm_wall_time([pedro_sim_exe(), '--help']):.2f} s wall "
          f"(warm, best of 3)")
    print(f"`pedro-sim bid \"{HAND}\" --bid 8 --trump H --deals 100000`: "
          f"{bid_wall_time(100_000):.2f} s wall (warm cache)")
    small, large = bid_peak_rss_mb(100_000), bid_peak_rss_mb(args.memory_deals)
    print(f"peak RSS of that `bid`: {small:.1f} MB with 100,000 deals, {large:.1f} MB with "
          f"{args.memory_deals:,} deals: ratio {large / small:.3f}")
    if args.soak_deals:
        rate, bad = soak_check(args.soak_deals)
        print(f"soak, {args.soak_deals:,} heuristic cinch deals checked against docs/rules.md "
              f"section 6: {rate:,.0f} deals/s, {bad} with a violation")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4_000_000)
    parser.add_argument("--yardstick", type=Path, default=None,
                        help="the folder of the C yardstick's sources (built here with gcc); "
                             "without it the ratios to it are not measured")
    parser.add_argument("--memory-deals", type=int, default=100_000_000,
                        help="deals of the large `bid` whose peak memory is measured "
                             "(about 40 s for the default 10^8)")
    parser.add_argument("--soak-deals", type=int, default=1_000_000, help="0: no soak")
    parser.add_argument("--no-cold-compile", action="store_true",
                        help="skip the first-run compiles (about 2 minutes)")
    parser.add_argument("--games-only", action="store_true",
                        help="only the other games' deals per second (Bourré's)")
    args = parser.parse_args()
    cores = numba.config.NUMBA_NUM_THREADS
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, numba {numba.__version__}")
    if args.games_only:
        games_figures(cores)
        return
    work = build_yardstick(args.yardstick) if args.yardstick else None
    if work is None:
        print(f"C yardstick: not found at {args.yardstick} (or no gcc): the ratios to it are "
              "not measured (nan); give its folder with --yardstick DIR")
    print(f"{'work':<34}{'threads':>8}{'pedro-sim deals/s':>20}{'C deals/s':>14}{'ratio':>8}")
    scaling = {}
    for name, policy, c_policy in (("random", L.P_RANDOM, 1), ("heuristic", L.P_HEURISTIC, 0)):
        for threads in sorted({1, cores}):
            rate = pedro_rate(policy, threads, args.deals)
            scaling[(name, threads)] = rate
            c = c_rate(work, c_policy, threads, args.deals) if work else float("nan")
            print(f"{'full cinch deals, ' + name:<34}{threads:>8}{rate:>20,.0f}{c:>14,.0f}"
                  f"{rate / c:>8.2f}")
    for name in ("random", "heuristic"):
        print(f"scaling {name}: {scaling[(name, cores)] / scaling[(name, 1)]:.2f}x "
              f"with {cores} threads")
    games_figures(cores)
    print(f"`pedro-sim bid \"{HAND}\" --bid 8 --trump H --deals 1000000`: "
          f"{bid_wall_time(1_000_000):.2f} s wall (warm cache)")
    for threads in sorted({1, cores}):
        rates = {spec: pimc_rate(threads, spec=spec)
                 for spec in ("pimc", ROLLOUT_PIMC, BEFORE_17_PIMC)}
        for spec, rate in rates.items():
            print(f"{spec} deals, {threads} thread(s): {rate:,.0f} deals/s")
        print(f"the default's cost against {ROLLOUT_PIMC}: "
              f"{rates[ROLLOUT_PIMC] / rates['pimc']:.2f}x")
    for spec in ("pimc", ROLLOUT_PIMC):
        for precision in (0.01, 0.005):
            for estimator in ("control", "plain"):
                took, deals = example_question(spec, precision, estimator)
                print(f"example question, {spec}, --precision {precision}, --estimator "
                      f"{estimator}: {took:.1f} s wall, {deals:,} deals")
    for extra in ([], ["--estimator", "plain", "--deals", "10000"]):
        print(f"`pedro-sim advise \"{HAND}\" {' '.join(extra)}` (pimc): "
              f"{advise_time(extra):.1f} s wall")
    rate, nodes = pedro_solves()
    c = c_solves(work) if work else float("nan")
    print(f"exact solves of cinch start positions, 1 thread: {rate:,.0f}/s (mean {nodes:,.0f} "
          f"nodes); C yardstick: {c:,.0f}/s (its own positions: deals after the fill)")
    local, dask = dask_overhead()
    print(f"bid, 4 seats x 100,000 deals: {local:.2f} s on local threads, {dask:.2f} s on a "
          f"2-worker local Dask cluster (start-up included)")
    if work:
        shutil.rmtree(work, ignore_errors=True)
    startup_and_memory(args)


if __name__ == "__main__":
    main()
