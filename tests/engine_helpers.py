"""What the tests of the numba engine against the reference engine share: the kernels'
traces of a few deals, deal for deal against the reference's random deals, every trace
through the reference checker, and the `trace` command's traces and one-line refusals.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from in_process import run_cli
from typer.testing import CliRunner

from pedro_sim import reference
from pedro_sim.cli import app
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, trace_dict

FLAGS = technique_flags()


def inputs_fixture(variant: str):
    """A module's fixture ``inputs``: the engine inputs of ``variant``, built once."""

    @pytest.fixture(scope="module")
    def inputs() -> EngineInputs:
        return EngineInputs.for_variant(variant)

    return inputs


def kernel_traces(inputs: EngineInputs, seed: int, n: int, policy: int = L.P_RANDOM,
                  name: str = "random", flags: np.ndarray = FLAGS) -> list[dict]:
    """The kernels' traces of deals 0..n-1 of ``seed``, as a trace file holds them."""
    recs = record_deals(inputs, seed, np.arange(n), policy, flags)
    return [trace_dict(r, inputs, seed, i, name) for i, r in enumerate(recs)]


def assert_checked(traces: list[dict]) -> None:
    """Every trace passes the reference checker (the first that does not: its errors)."""
    for t in traces:
        errors = reference.check_trace(t)
        assert errors == [], (t["variant"], t["seed"], t["deal"], errors)


def reference_deals(inputs: EngineInputs, seed: int, n: int, variant: str,
                    rules: dict | None = None) -> list[dict]:
    """The kernels' random deals 0..n-1 of ``seed``, each found key for key the reference
    engine's (``variant`` and ``rules`` as the reference reads them) and passing its
    checker; returned for the checks a test adds."""
    traces = kernel_traces(inputs, seed, n)
    for i, kernel in enumerate(traces):
        ref = reference.random_deal(seed, i, variant=variant, rules=rules)
        diff = next((k for k in ref if kernel.get(k) != ref[k]), None)
        assert diff is None, (variant, seed, i, diff, kernel.get(diff), ref[diff])
    assert_checked(traces)
    return traces


def cli_traces(variant: str, spec: str, deals: int, tmp_path: Path) -> list[dict]:
    """`pedro-sim trace` of ``deals`` deals of ``variant`` by the players ``spec``, run in
    this process: the traces it wrote, one a deal."""
    out = tmp_path / "t.jsonl"
    result = CliRunner().invoke(app, ["trace", "--variant", variant, "--policy", spec,
                                      "--deals", str(deals), "--out", str(out)])
    assert result.exit_code == 0, result.output
    traces = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(traces) == deals
    return traces


def assert_trace_refused(args: list[str], message: str, tmp_path: Path) -> None:
    """`pedro-sim trace ARGS` (tests/in_process.py): exit code 2, ``message`` in one line on
    stderr, and no trace file written."""
    r = run_cli("trace", *args, "--deals", "2", "--out", str(tmp_path / "t.jsonl"))
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "t.jsonl").exists()
