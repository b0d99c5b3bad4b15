"""Where heuristic deals spend their time, by source line of the kernels: a sampling
profile (perf) of the compiled code, mapped to lines through numba's debug info.

numba's debug info names the outermost function's file for code inlined into it but keeps
each line's own number. The script therefore profiles a copy of the package whose engine
modules are shifted down by 1000 lines each (module k starts at line 1000 k), so that a
line number names its module too. The copy compiles from an empty cache (a compiled
object is only kept by a fresh compile), in a temporary folder; nothing is written in the
repository. Needs ``perf`` and ``objdump``. Found the cost of reading the player count
from the option array (docs/changelog.md, 2026-12-02).

    python scripts/profile_lines.py [--deals N] [--top K] [--variant cinch] [--policy SPEC]
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHIFT = 1000

CHILD = r'''
import gc, sys
sys.path.insert(0, sys.argv[1])
import numpy as np
from numba.core.registry import CPUDispatcher
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine_inputs import EngineInputs, players
inputs = EngineInputs.for_variant(sys.argv[3])
n = int(sys.argv[2])
who = players(sys.argv[5], inputs.variant)
chunk = 4096 if sys.argv[5] == "heuristic" else 16
shape = (inputs.variant.top_bid + 1, inputs.variant.total_points + 1)
hist = np.zeros((-(-n // chunk), *shape), dtype=np.int64)
drivers.deal_stats(drivers.Span(1, 0, n, chunk), who.policy, who.flags, inputs.tables, hist)
with open(sys.argv[4], "w") as out:
    k = 0
    for o in gc.get_objects():
        if not isinstance(o, CPUDispatcher):
            continue
        for cres in list(o.overloads.values()):
            try:
                addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
                obj = cres.library._get_compiled_object()
            except Exception:
                continue
            path = f"{sys.argv[4]}.{k}.o"
            open(path, "wb").write(obj)
            out.write(f"{addr:x} {path} {cres.fndesc.llvm_func_name}\n")
            k += 1
'''


def shifted_copy(work: Path) -> dict[int, str]:
    """The package copied into ``work`` with its engine modules shifted; module number ->
    its path under pedro_sim/."""
    shutil.copytree(REPO / "pedro_sim", work / "pedro_sim",
                    ignore=shutil.ignore_patterns("__pycache__"))
    modules = {}
    for k, path in enumerate(sorted((work / "pedro_sim" / "engine").rglob("*.py")), start=1):
        path.write_text("\n" * (k * SHIFT) + path.read_text())
        modules[k] = str(path.relative_to(work / "pedro_sim"))
    return modules


def samples(work: Path, deals: int, variant: str,
            policy: str) -> tuple[list[int], list[tuple]]:
    """perf's sampled addresses, and (address, object file, symbol) per compiled function."""
    (work / "child.py").write_text(CHILD)
    funcs = work / "funcs.txt"
    env = {**os.environ, "NUMBA_DEBUGINFO": "1"}
    subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "4000", "-o",
                    str(work / "perf.data"), sys.executable, str(work / "child.py"), str(work),
                    str(deals), variant, str(funcs), policy], check=True, env=env,
                   stderr=subprocess.DEVNULL)
    ips = subprocess.run(["perf", "script", "-i", str(work / "perf.data"), "-F", "ip"],
                         check=True, capture_output=True, text=True).stdout.split()
    rows = [line.split(maxsplit=2) for line in funcs.read_text().splitlines()]
    return [int(x, 16) for x in ips], [(int(a, 16), o, s) for a, o, s in rows]


def line_counts(ips: list[int], funcs: list[tuple]) -> collections.Counter:
    """Samples per (shifted) source line, over every compiled function's instructions."""
    counts = collections.Counter()
    for addr, obj, symbol in funcs:
        dis = subprocess.run(["objdump", "-d", "-l", "--no-show-raw-insn", obj], check=True,
                             capture_output=True, text=True).stdout
        offsets = []
        line, inside = 0, False
        for text in dis.splitlines():
            head = re.match(r"^([0-9a-f]+) <(.*)>:", text)
            if head:
                inside = head.group(2) == symbol
                base = int(head.group(1), 16)
                continue
            loc = re.match(r"^/\S+:(\d+)", text)
            if loc:
                line = int(loc.group(1))
                continue
            ins = re.match(r"^\s+([0-9a-f]+):", text)
            if ins and inside:
                offsets.append((int(ins.group(1), 16) - base, line))
        if not offsets:
            continue
        end = addr + offsets[-1][0] + 16
        hits = collections.Counter(x - addr for x in ips if addr <= x < end)
        for off, ln in offsets:
            counts[ln] += hits.get(off, 0)
    return counts


def report(counts: collections.Counter, modules: dict[int, str], work: Path, top: int) -> None:
    total = sum(counts.values()) or 1
    sources: dict[str, list[str]] = {}

    def where(line: int) -> tuple[str, int, str]:
        module = modules.get(line // SHIFT, "?")
        if module not in sources:
            path = work / "pedro_sim" / module
            sources[module] = path.read_text().splitlines() if path.exists() else []
        text = sources[module][line - 1].strip() if 0 < line <= len(sources[module]) else ""
        return module, line % SHIFT, text

    by_module = collections.Counter()
    for line, n in counts.items():
        by_module[where(line)[0]] += n
    print(f"{total} samples in the compiled kernels")
    for module, n in by_module.most_common():
        print(f"{100 * n / total:5.1f}%  {module}")
    print()
    for line, n in counts.most_common(top):
        module, number, text = where(line)
        print(f"{100 * n / total:5.1f}%  {module}:{number}  {text[:80]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=None,
                        help="deals to play (8,000,000 for the heuristic and random players, "
                        "4,000 for the thinking ones)")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--variant", default="cinch")
    parser.add_argument("--policy", default="heuristic",
                        help="the players' spec, e.g. pimc")
    args = parser.parse_args()
    if args.deals is None:
        fast = args.policy.partition(":")[0].strip().lower() in ("heuristic", "random")
        args.deals = 8_000_000 if fast else 4_000
    if args.deals < 1 or args.top < 1:
        parser.error("--deals and --top must be at least 1")
    sys.path.insert(0, str(REPO))
    from pedro_sim.rules.presets import PRESETS

    if args.variant not in PRESETS:
        parser.error(f"unknown preset {args.variant!r} (one of {', '.join(PRESETS)})")
    for tool in ("perf", "objdump"):
        if not shutil.which(tool):
            sys.exit(f"profile_lines: {tool} is not installed")
    with tempfile.TemporaryDirectory(prefix="pedro-profile-") as tmp:
        work = Path(tmp)
        modules = shifted_copy(work)
        ips, funcs = samples(work, args.deals, args.variant, args.policy)
        report(line_counts(ips, funcs), modules, work, args.top)


if __name__ == "__main__":
    main()
