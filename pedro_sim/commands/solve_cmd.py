"""`pedro-sim solve`: perfect-information values of positions (docs/trace-format.md)."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from pedro_sim.errors import PedroError
from pedro_sim.report.files import check_writable_file, write_atomic
from pedro_sim.rules import Variant
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.solving import Solver, parse_position, solution_dict


def read_positions(path: Path) -> list[dict]:
    """Every JSON object of a JSON Lines file (blank lines skipped), or a one-line error."""
    if not path.is_file():
        raise PedroError(f"--in {path}: no such file")
    objects = []
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                objects.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise PedroError(f"{path} line {n}: not JSON ({e.msg})") from None
    return objects


def run_solve(in_path: Path, out_path: Path, rule: list[str] | None, rules_file: Path | None,
              console: Console) -> None:
    """Solve every position of ``in_path`` (house rules on top of each one's preset)."""
    objects = read_positions(in_path)
    check_writable_file(out_path)
    variants: dict[str, Variant] = {}
    solvers: dict[str, Solver] = {}
    positions = []
    for n, obj in enumerate(objects, start=1):  # every position checked before any solve
        try:
            name = str(obj.get("variant", "cinch")) if isinstance(obj, dict) else "cinch"
            if name not in variants:
                variants[name] = resolve_variant(name, rule, rules_file)
            pos = parse_position(obj, variants[name])
            if name not in solvers:
                solvers[name] = Solver(pos.variant)
            solvers[name].check(pos)  # a seat without a legal play has no value
            positions.append(pos)
        except PedroError as e:
            raise PedroError(f"{in_path} line {n}: {e}") from None
    answers = []
    nodes = 0
    for n, (obj, pos) in enumerate(zip(objects, positions, strict=True), start=1):
        name = str(obj.get("variant", "cinch"))
        try:
            sol = solvers[name].solve(pos)
        except PedroError as e:
            raise PedroError(f"{in_path} line {n}: {e}") from None
        nodes += sol.nodes
        answers.append(json.dumps(solution_dict(obj, sol), separators=(",", ":")))

    def write(tmp: Path) -> None:
        tmp.write_text("".join(a + "\n" for a in answers), encoding="utf-8")

    write_atomic(out_path, write)
    console.print(f"solved {len(answers):,} positions ({nodes:,} nodes) into {out_path}")
