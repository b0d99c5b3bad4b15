"""Parts of numba's compiler made faster, with the same results.

A first run spends most of its compile time in numba's Python front end, not in LLVM,
and two of its analyses grow with the product of the IR's size and its variable count
on this engine's large inlined phases (docs/changelog.md, 2026-11-30, "issue 6, sixth session"):

- ``analysis.compute_live_map`` (run after every inlining, on the whole caller) unions
  Python sets of thousands of variable names along every edge of the control-flow graph,
  pass after pass until nothing changes. Here the sets are bit sets held in Python ints:
  the same fixed-point iteration, in the same block order, with the same result.
- SSA reconstruction (``ssa._run_ssa``) rewrites the whole function once per variable
  assigned more than once, visiting every statement each time. Here a statement is only
  visited in blocks that mention the variable; every other block is copied as it is,
  which is what the rewrite does to it anyway.

Two more, smaller:

- ``CPUCodeLibrary._optimize_functions`` built a new LLVM pass builder and function pass
  manager for every function of every module, declarations included (a declaration has
  no body to optimize; each module declares dozens of callees). Here one is built per
  module and run on each function with a body: the same passes on the same functions.
- ``TargetConfig.values`` (numba's compile flags, compared and hashed in its typing
  caches some 100,000 times per first `bid`) read each option through a property. Here
  the defaults are gathered once per class and the options set are laid over them: the
  same dict, in the same order.

``install`` patches numba while pedro-sim compiles (compiler/patches.py). If numba's
internals are not as expected, or its version is not one in TESTED_NUMBA, nothing is
patched and compilation is merely slower. tests/test_numba_speedups.py checks the
results against numba's own functions.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from pedro_sim.compiler.swaps import Swaps

TESTED_NUMBA = ("0.68.1",)  # the numba versions these patches were tested on
ORIGINAL: dict[str, object] = {}  # numba's own functions, as found (tests compare)
_DEFAULTS: dict[type, dict] = {}  # each TargetConfig class's option defaults


def _bits(names, index: dict[str, int]) -> int:
    """The bit set of ``names``, numbering names not seen yet."""
    where = [index.setdefault(name, len(index)) for name in names]
    if not where:
        return 0
    flags = np.zeros(max(where) + 1, dtype=np.uint8)
    flags[where] = 1
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def _names(bits: int, names: list[str]) -> set[str]:
    """The set of names whose bits are set."""
    if not bits:
        return set()
    raw = np.frombuffer(bits.to_bytes((bits.bit_length() + 7) // 8, "little"), np.uint8)
    return {names[i] for i in np.flatnonzero(np.unpackbits(raw, bitorder="little"))}


def compute_live_map(cfg, blocks, var_use_map, var_def_map):
    """numba's ``analysis.compute_live_map`` on bit sets: the variables that must be
    alive at the entry of each block."""
    index: dict[str, int] = {}
    use = {k: _bits(v, index) for k, v in var_use_map.items()}
    define = {k: _bits(v, index) for k, v in var_def_map.items()}
    topo_order = cfg.topo_order()
    reach: dict = defaultdict(int)
    changed = True
    while changed:  # definitions (and uses) reachable at the entry of each block
        changed = False
        for offset in topo_order:
            here = reach[offset] | define[offset] | use[offset]
            changed |= here != reach[offset]
            reach[offset] = here
            for out_blk, _ in cfg.successors(offset):
                grown = reach[out_blk] | here
                changed |= grown != reach[out_blk]
                reach[out_blk] = grown
    live = {offset: use[offset] for offset in blocks.keys()}
    changed = True
    while changed:  # uses pushed backward to where they are reachable and not defined
        changed = False
        for offset in reversed(topo_order):
            here = live[offset]
            for inc_blk, _ in cfg.predecessors(offset):
                grown = live[inc_blk] | (here & reach[inc_blk] & ~define[inc_blk])
                changed |= grown != live[inc_blk]
                live[inc_blk] = grown
    names = list(index)
    return {offset: _names(bits, names) for offset, bits in live.items()}


class _Mentions:
    """The blocks that mention each variable, for the SSA rewrite of the current
    function (None outside ``_run_ssa``)."""

    labels: dict[str, set] | None = None


def _find_defs_violators(ssa, blocks, cfg):
    """numba's ``ssa._find_defs_violators``, also noting where each variable appears."""
    defs = defaultdict(list)
    uses = defaultdict(set)
    ssa._run_block_analysis(blocks, dict(defs=defs, uses=uses), ssa._GatherDefsHandler())
    violators = ssa.OrderedSet([k for k, vs in defs.items() if len(vs) > 1])
    doms = cfg.dominators()
    for k, use_blocks in uses.items():
        if k not in violators:
            for label in use_blocks:
                def_labels = {label for _assign, label in defs[k]}
                if not def_labels.intersection(doms[label]):
                    violators.add(k)
                    break
    mentions = {k: set(uses.get(k, ())) | {label for _a, label in defs[k]} for k in violators}
    return violators, mentions


def _install_ssa(ssa, swaps: Swaps) -> None:
    ir = ssa.ir
    rewrite_all = ORIGINAL["_run_block_rewrite"]
    run_ssa = ORIGINAL["_run_ssa"]

    def _run_block_rewrite(blocks, states, handler):
        mentions = _Mentions.labels
        labels = None if mentions is None else mentions.get(states.get("varname"))
        if labels is None:
            return rewrite_all(blocks, states, handler)
        newblocks = {}
        for label, blk in blocks.items():
            if label in labels:
                newblocks.update(rewrite_all({label: blk}, states, handler))
            else:  # no statement here mentions the variable: each is kept as it is
                newblk = ir.Block(scope=blk.scope, loc=blk.loc)
                newblk.body = list(blk.body)
                newblocks[label] = newblk
        return newblocks

    def _find_defs_violators_noting(blocks, cfg):
        violators, _Mentions.labels = _find_defs_violators(ssa, blocks, cfg)
        return violators

    def _run_ssa(blocks):
        try:
            return run_ssa(blocks)
        finally:
            _Mentions.labels = None

    swaps.set(ssa, "_run_block_rewrite", _run_block_rewrite)
    swaps.set(ssa, "_find_defs_violators", _find_defs_violators_noting)
    swaps.set(ssa, "_run_ssa", _run_ssa)


def optimize_functions(self, ll_module) -> None:
    """The function passes over each function of ``ll_module`` that has a body."""
    ll_module.data_layout = self._codegen._data_layout
    fpm = pb = None
    for func in ll_module.functions:
        if func.is_declaration:
            continue
        if fpm is None:
            fpm, pb = self._codegen._function_pass_manager()
        with self._recorded_timings.record(f"Function passes on {func.name!r}", pb):
            fpm.run(func, pb)


def option_values(self) -> dict:
    """Every option of a TargetConfig: its defaults, then what is set."""
    cls = type(self)
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {k: o.default for k, o in cls.options.items()}
    values = dict(defaults)
    values.update(self._values)
    return values


def install(swaps: Swaps) -> bool:
    """Patch numba (undone by ``swaps``); False if its internals are not as expected."""
    try:
        from numba.core import analysis, ir_utils, postproc, ssa, targetconfig
        from numba.core.codegen import CPUCodeLibrary
        found = {"compute_live_map": analysis.compute_live_map,
                 "_optimize_functions": CPUCodeLibrary._optimize_functions,
                 "values": targetconfig.TargetConfig.values,
                 **{name: getattr(ssa, name) for name in ("_run_block_rewrite",
                                                          "_find_defs_violators", "_run_ssa")}}
        for name in ("_GatherDefsHandler", "_run_block_analysis", "OrderedSet"):
            getattr(ssa, name)
        if ir_utils.compute_live_map is not found["compute_live_map"] \
                or postproc.analysis is not analysis or found["values"] is option_values:
            return False
    except (ImportError, AttributeError):
        return False
    ORIGINAL.update(found)
    swaps.set(analysis, "compute_live_map", compute_live_map)
    swaps.set(ir_utils, "compute_live_map", compute_live_map)
    swaps.set(CPUCodeLibrary, "_optimize_functions", optimize_functions)
    swaps.set(targetconfig.TargetConfig, "values", option_values)
    _install_ssa(ssa, swaps)
    return True
