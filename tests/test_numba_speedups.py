"""compiler/numba_speedups.py computes what numba's own functions compute."""

from __future__ import annotations

import copy

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit
from numba.core import analysis, ir_utils, ssa
from numba.core.controlflow import CFGraph

from pedro_sim.compiler import numba_speedups as faster
from pedro_sim.compiler import patches

with patches.compiling():  # ORIGINAL holds numba's own functions once installed
    pass


def test_installed_only_while_compiling() -> None:
    numba_own = analysis.compute_live_map
    assert numba_own is not faster.compute_live_map
    with patches.compiling():
        assert "numba_speedups" in patches.installed()
        assert analysis.compute_live_map is faster.compute_live_map
        assert ir_utils.compute_live_map is faster.compute_live_map
    assert analysis.compute_live_map is numba_own and ir_utils.compute_live_map is numba_own
    assert patches.installed() == []
    assert set(faster.ORIGINAL) == {
        "compute_live_map", "_run_block_rewrite", "_find_defs_violators", "_run_ssa",
        "_optimize_functions", "values"}


@st.composite
def _flow_graphs(draw):
    """A random control-flow graph (entry 0, loops allowed) with random uses and defs."""
    n = draw(st.integers(1, 12))
    names = [f"v{k}" for k in range(draw(st.integers(1, 30)))]
    cfg = CFGraph()
    for node in range(n):
        cfg.add_node(node)
    for a, b in draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                              max_size=3 * n)):
        cfg.add_edge(a, b)
    cfg.set_entry_point(0)
    cfg.process()
    subsets = st.sets(st.sampled_from(names), max_size=len(names))
    uses = {node: draw(subsets) for node in range(n)}
    defs = {node: draw(subsets) for node in range(n)}
    return cfg, dict.fromkeys(range(n)), uses, defs


@settings(max_examples=300, deadline=None)
@given(_flow_graphs())
def test_live_map_matches_numba_on_random_graphs(graph) -> None:
    cfg, blocks, uses, defs = graph
    numba_own = faster.ORIGINAL["compute_live_map"]
    assert faster.compute_live_map(cfg, blocks, uses, defs) == numba_own(
        cfg, blocks, uses, defs)


@njit(inline="always")
def _step(x, k):
    if k % 3 == 0:
        x = x * 2 + k
    elif k % 3 == 1:
        x = x - k
    return x


def _busy(a, n):
    """Variables assigned on several paths, loops and an inlined helper: work for SSA and
    liveness."""
    total = 0
    best = -1
    for i in range(n):
        v = a[i % a.shape[0]]
        if v > best:
            best = v
        else:
            v = _step(v, i)
        j = 0
        while j < i % 4:
            total += _step(v, j)
            j += 1
        if total > 1000:
            total -= best
    return total, best


def _statements(blocks) -> dict:
    return {label: [str(stmt) for stmt in block.body] for label, block in blocks.items()}


def test_compiles_the_same_as_numba(monkeypatch) -> None:
    """Every live map and SSA rewrite made while compiling _busy equals numba's own, run
    on a copy of the same IR."""
    original = faster.ORIGINAL
    live_checks, ssa_checks = [], []
    with patches.compiling():
        _compile_comparing(monkeypatch, original, live_checks, ssa_checks)
    assert live_checks and all(live_checks)
    assert ssa_checks and all(ssa_checks)


def _compile_comparing(monkeypatch, original, live_checks, ssa_checks) -> None:
    def live_map_both(cfg, blocks, uses, defs):
        ours = faster.compute_live_map(cfg, blocks, uses, defs)
        live_checks.append(ours == original["compute_live_map"](cfg, blocks, uses, defs))
        return ours

    patched = {name: getattr(ssa, name) for name in
               ("_run_block_rewrite", "_find_defs_violators", "_run_ssa")}

    def run_ssa_both(blocks):
        theirs_in = copy.deepcopy(blocks)  # its own scope: fresh names made the same way
        with monkeypatch.context() as m:
            for name in patched:
                m.setattr(ssa, name, original[name])
            theirs = original["_run_ssa"](theirs_in)
        ours = patched["_run_ssa"](blocks)
        ssa_checks.append(_statements(ours) == _statements(theirs))
        return ours

    monkeypatch.setattr(analysis, "compute_live_map", live_map_both)
    monkeypatch.setattr(ir_utils, "compute_live_map", live_map_both)
    monkeypatch.setattr(ssa, "_run_ssa", run_ssa_both)
    busy = njit(_busy)  # not cached: compiled here
    a = np.arange(7, dtype=np.int64)
    assert busy(a, 50) == _busy(a, 50)


_MODULE = """
declare i64 @callee(i64)

define i64 @twice(i64 %x) {
entry:
  %slot = alloca i64
  store i64 %x, i64* %slot
  %a = load i64, i64* %slot
  %b = add i64 %a, %a
  %c = call i64 @callee(i64 %b)
  ret i64 %c
}

define i64 @count(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%j, %loop]
  %s = phi i64 [0, %entry], [%t, %loop]
  %t = add i64 %s, 3
  %j = add i64 %i, 1
  %done = icmp sge i64 %j, %n
  br i1 %done, label %out, label %loop
out:
  ret i64 %t
}
"""


def test_function_passes_optimize_as_numba() -> None:
    import llvmlite.binding as ll
    from numba.core.registry import cpu_target

    library = cpu_target.target_context.codegen().create_library("function_passes_test")
    ours, theirs = ll.parse_assembly(_MODULE), ll.parse_assembly(_MODULE)
    faster.optimize_functions(library, ours)
    faster.ORIGINAL["_optimize_functions"](library, theirs)
    assert str(ours) == str(theirs)
    assert "alloca" not in str(ours)  # the passes ran


def test_option_values_as_numba() -> None:
    from numba.core.compiler import Flags
    from numba.core.cpu import CPUTargetOptions  # noqa: F401  (more TargetConfig classes)

    flags = Flags()
    numba_own = faster.ORIGINAL["values"]
    assert list(faster.option_values(flags).items()) == list(numba_own(flags).items())
    flags.nrt = True
    flags.error_model = "numpy"
    flags.enable_ssa = False
    assert list(faster.option_values(flags).items()) == list(numba_own(flags).items())
    assert flags == Flags(flags) and flags != Flags()
