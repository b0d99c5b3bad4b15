"""numba's per-function LLVM optimization, with one pass manager per module.

``CPUCodeLibrary._optimize_functions`` (numba 0.68) builds a new LLVM pass builder and
function pass manager for every function of every module it is given, declarations
included, though a declaration has no body to optimize. Each module lowered for this
engine declares dozens of callees, so building the pass managers cost more than running
them: about 1 s of a first `bid`'s 15 s (docs/performance.md, "Issue 6, sixth
session"). ``install`` builds one pass manager per module, on its first function with a
body, and runs it on each function with a body: the same passes on the same functions.
tests/test_faster_analyses.py checks that the optimized module is the same text.
"""

from __future__ import annotations

ORIGINAL: dict[str, object] = {}


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


def install() -> bool:
    """Patch numba once; True if patched (now or earlier)."""
    try:
        from numba.core.codegen import CPUCodeLibrary
        original = CPUCodeLibrary._optimize_functions
    except (ImportError, AttributeError):
        return False
    if not ORIGINAL:
        ORIGINAL["_optimize_functions"] = original
        CPUCodeLibrary._optimize_functions = optimize_functions
    return True
