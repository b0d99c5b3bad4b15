"""When pedro-sim's patches of numba's internals are in force: only while pedro-sim
compiles (or loads from its cache) one of its own kernels, only on a numba version each
patch was tested on, and never with ``PEDRO_SIM_NUMBA_PATCHES=off``.

A program that imports pedro-sim keeps numba as it was: the patches go in when one of
pedro-sim's dispatchers starts compiling (under numba's own compiler lock, so no other
thread compiles meanwhile) and come out when the outermost such compilation ends. A
patch that does not apply leaves compilation slower, never different: the kernels are
the same results either way (tests/test_numba_patches.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import numba
from numba.core.compiler_lock import global_compiler_lock

from pedro_sim.compiler import cache_lock, inline_copy, numba_speedups, shared_link
from pedro_sim.compiler.swaps import Swaps

# PEDRO_SIM_NUMBA_PATCHES: "off" (or 0, no, false): numba exactly as it is; unset or "on":
# every patch that applies; or a comma-separated list of the patches to use (measurements)
SWITCH = "PEDRO_SIM_NUMBA_PATCHES"
PATCHES: dict[str, ModuleType] = {
    "inline_copy": inline_copy,  # inlining copies a callee's IR once, not once per block
    "numba_speedups": numba_speedups,  # liveness, SSA, LLVM function passes, flags
    "shared_link": shared_link,  # big phases: machine code made once, called by symbol
    "cache_lock": cache_lock,  # processes compiling side by side save the cache safely
}
_swaps = Swaps()
_depth = 0
_installed: list[str] = []


def chosen() -> set[str]:
    """The patches the environment allows (PEDRO_SIM_NUMBA_PATCHES)."""
    value = os.environ.get(SWITCH, "on").strip().lower()
    if value in {"off", "0", "no", "false", "none"}:
        return set()
    if value in {"on", "1", "yes", "true", "all", ""}:
        return set(PATCHES)
    return {name.strip() for name in value.split(",")} & set(PATCHES)


def applies(name: str) -> bool:
    """Whether patch ``name`` goes in while pedro-sim compiles, on this numba."""
    return name in chosen() and numba.__version__ in PATCHES[name].TESTED_NUMBA


def installed() -> list[str]:
    """The patches in force right now (none outside a compilation)."""
    return list(_installed)


@contextmanager
def compiling() -> Iterator[None]:
    """The patches that apply, in force for the duration (re-entrant)."""
    global _depth
    with global_compiler_lock:
        if _depth == 0:
            for name, module in PATCHES.items():
                if applies(name) and module.install(_swaps):
                    _installed.append(name)
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
            if _depth == 0:
                _swaps.undo()
                _installed.clear()
