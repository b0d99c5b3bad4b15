"""One place that decides the jit options of every kernel.

- ``kernel``: per-card helpers, inlined into their callers at numba's IR level.
- ``phase``: one phase of a deal (deal, auction, fill, play, a whole deal or game),
  compiled once and called, so the drivers do not each recompile the engine.
  Phases never allocate, and run without numba's reference counting
  (``_nrt=False``): with it, the increments and decrements on every array
  argument halved the speed of the play loop (measured: 0.7 M against 1.2 M
  heuristic deals per second on one thread).
- ``shared_phase``: a big phase (the deal phase, the trick loop, the thinking players'
  phases, the solver's search) whose callers call it by symbol instead of carrying a copy
  of its code (engine/shared_link.py: each driver used to recompile the deal phase).
- ``scratch``: builds the scratch arrays a thread reuses (compiled once, not inlined).
- ``loop``: the drivers' compiled loops over chunks (serial, GIL released: a thread
  pool runs them side by side); they allocate the scratch arrays.
"""

from numba import njit

from pedro_sim.engine import (
    cache_lock,
    frame_stack,
    inline_copy,
    numba_speedups,
    shared_link,
)

inline_copy.install()  # before any kernel compiles: numba's inlining copies IR quadratically
numba_speedups.install()  # liveness, SSA, LLVM function passes, flags: less work, same code
shared_link.install()  # big phases: machine code made once, called by symbol
cache_lock.install()  # processes compiling side by side (warmup, Dask) save safely
frame_stack.install()  # the compiler's deep recursion on one block of frame stack
shared = shared_link.shared

kernel = njit(cache=True, nogil=True, inline="always")
phase = njit(cache=True, nogil=True, _nrt=False)
loop = njit(cache=True, nogil=True)
scratch = njit(cache=True, nogil=True)  # allocates a thread's scratch arrays, compiled once


def fewer_collections() -> None:
    """Make Python's cyclic garbage collector run rarely. numba's compiler makes millions
    of short-lived objects, and with the default thresholds full collections over every
    live object (pandas, matplotlib, Dask loaded) took a quarter of a first run's
    compilation (53 s against 40 s for the first `bid`, measured). Compilation then
    peaks near 0.9 GB instead of 0.7 GB; warm runs make little garbage either way."""
    import gc

    gc.freeze()  # what is alive now (the imported modules) is never scanned again
    gc.set_threshold(100_000, 50, 1000)


def shared_phase(func):
    """A phase big enough to be worth calling by symbol (engine/shared_link.py)."""
    return shared(phase(func))
