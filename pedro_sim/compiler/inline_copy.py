"""Make numba's IR-level inlining copy a callee's IR in linear time, not quadratic.

numba (0.59 to 0.68 at least) inlines an ``inline="always"`` function by deep-copying the
callee's IR block by block, each block with its own ``copy.deepcopy`` call: every block
then copies the callee's whole variable scope again, and after nested inlining that
scope holds thousands of variables. For this engine that was three quarters of the
first `bid`'s compilation (copy.deepcopy: 48 of 84 s under cProfile; 37 s against 21.5 s
without profiling, measured on the development machine, docs/changelog.md, 2026-11-30).

``install`` gives the blocks copied by one ``InlineWorker.inline_ir`` call one shared
memo per source scope, so the scope is copied once and the copied blocks share it, as
the callee's own blocks do (``inline_ir`` asserts that they share one). The IR produced,
and so the machine code, is the same; only the time changes. If numba's internals are
not as expected (or not a version in TESTED_NUMBA), nothing is patched and compilation
is merely slower.

numba also rebuilds the callee's IR (bytecode, then its whole untyped pipeline, with the
callee's own inlining) at every call site it inlines, so a kernel inlined in 20 places
was translated 20 times, and each time its inlined kernels again. ``install`` keeps the
IR built for a callee and hands it to each later call site of a caller compiled with the
same flags; ``inline_ir`` copies the callee's IR before it changes anything, so the
kept IR is never altered. The inlined variables' names differ (numba numbers them in the
caller's scope); the code does not.
"""

from __future__ import annotations

import copy
from typing import Any

from pedro_sim.compiler.swaps import Swaps


class _SharedMemoCopy:
    """Stands in for the ``copy`` module inside numba.core.inline_closurecall."""

    def __init__(self, block_type: type) -> None:
        self.block_type = block_type
        self.memos: dict[int, dict] = {}
        self.made: set[int] | None = None  # blocks copied this session, when set

    def deepcopy(self, x: Any, memo: dict | None = None) -> Any:
        if memo is None and isinstance(x, self.block_type):
            if self.made is None:
                return copy.deepcopy(x, self.memos.setdefault(id(x.scope), {}))
            if id(x) in self.made:  # the copy of a copy that inline_function discards
                return x
            new = copy.deepcopy(x, self.memos.setdefault(id(x.scope), {}))
            self.made.add(id(new))
            return new
        return copy.deepcopy(x, memo)

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)


TESTED_NUMBA = ("0.68.1",)  # the numba versions this patch was tested on
_KEPT: dict[tuple, Any] = {}  # each callee's IR, built once per process (never altered)


def install(swaps: Swaps) -> bool:
    """Patch numba (undone by ``swaps``); False if its internals are not as expected."""
    try:
        from numba.core import inline_closurecall as icc
        from numba.core import ir
        worker = icc.InlineWorker
        original = worker.inline_ir
        original_function = worker.inline_function
    except (ImportError, AttributeError):
        return False
    if getattr(icc, "copy", None) is not copy:
        return False
    shim = _SharedMemoCopy(ir.Block)

    def inline_ir(self, *args, **kwargs):
        shim.memos = {}  # one copy session per inlined call site
        try:
            return original(self, *args, **kwargs)
        finally:
            shim.memos = {}

    swaps.set(icc, "copy", shim)
    swaps.set(worker, "inline_ir", inline_ir)
    swaps.set(worker, "inline_function", _callee_ir_kept(original_function, shim))
    return True


def _callee_ir_kept(original, shim: _SharedMemoCopy):
    """numba's ``InlineWorker.inline_function``, building each callee's IR once. Its one
    caller (numba's InlineInlinables pass) discards the untouched copy of the callee's IR
    that ``inline_ir`` returns first, so that copy is not made: ``inline_ir`` copies the
    callee's blocks, then copies the copies, and the shim hands those back as they are."""
    kept = _KEPT

    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        if self.locals:  # typed locals may shape the IR: numba's own way
            return original(self, caller_ir, block, i, function, arg_typs)
        self.flags.enable_ssa = False  # as run_untyped_passes builds it (and leaves it)
        key = (function, repr(sorted(self.flags.values().items())))
        callee_ir = kept.get(key)
        if callee_ir is None:
            callee_ir = kept[key] = self.run_untyped_passes(function)
        shim.made = set()
        try:
            _, *rest = self.inline_ir(caller_ir, block, i, callee_ir,
                                      function.__code__.co_freevars, arg_typs=arg_typs)
        finally:
            shim.made = None
        return (None, *rest)

    return inline_function
