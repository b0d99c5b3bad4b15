"""One place that decides the jit options of every kernel (compiled by pedro-sim's own
dispatcher, compiler/dispatcher.py, with the patches of compiler/patches.py in force).

- ``kernel``: per-card helpers, inlined into their callers at numba's IR level.
- ``phase``: one phase of a deal (deal, auction, fill, play, a whole deal or game),
  compiled once and called, so the drivers do not each recompile the engine.
  Phases never allocate, and run without numba's reference counting
  (``_nrt=False``): with it, the increments and decrements on every array
  argument halved the speed of the play loop (measured: 0.7 M against 1.2 M
  heuristic deals per second on one thread).
- ``shared_phase``: a big phase (the deal phase, the trick loop, the thinking players'
  phases, the solver's search) whose callers call it by symbol instead of carrying a copy
  of its code (compiler/shared_link.py: each driver used to recompile the deal phase);
  also the helpers that many kernels reached inlined, where a call costs nothing that
  counts (scoring a deal, settling a game, the thinking players' play: ``*_once``).
- ``linked``: a big piece of the heuristic's deal (the trick loop; the heuristic's places,
  which play_from inlines too), compiled once as a function of its own and always
  inlined by LLVM into its callers (``forceinline``): the same machine code as numba's
  IR-level inlining, for a fraction of numba's front-end work. A real call there would
  cost: it passes the tables' arrays field by field, and calling dealing, exchange,
  shuffle and the suit values out of line cost about a quarter of its deals per second
  (docs/changelog.md, 2026-12-03).
- ``shared_linked``: ``linked`` pieces the thinking players call too (dealing, the
  exchange): called by symbol from their phases, inlined by LLVM into the deal phase
  that ``hot`` marks (compiler/shared_link.py).
- ``loop``: the drivers' compiled loops over chunks (serial, GIL released: a thread
  pool runs them side by side); they allocate the scratch arrays.
- Every kind but ``linked`` sets ``forceinline=False``: numba otherwise passes the option
  on to the functions first compiled while a ``linked`` one compiles.

Kernels take their arrays in named bundles: ``tab`` (encoding/tables.py Tables: options,
masks, beats, card info), ``work`` (engine/deal_buffers.py Work: a thread's deal arrays) and the
solver's ``Search``; numba passes a named tuple of arrays as cheaply as the arrays. Two
numba 0.68 pitfalls the engine keeps clear of (tests/test_seats.py checks the first):

- a tuple assignment from a tuple display (``a, b = x.a, x.b``) in a function that also
  inlines an ``overload(..., inline="always")`` (the gates of contract.py, bidding.py and
  whole_deal.py) was miscompiled: variables read garbage. Assign one name at a time.
- bundles are put together in Python, never inside a kernel (a Work built in a kernel
  and passed through an inlined overload lost its arrays the same way).
"""

from pathlib import Path

from pedro_sim.compiler import shared_link
from pedro_sim.compiler.cache_stamp import drop_stale
from pedro_sim.compiler.dispatcher import jit

# what the kernels are built from: a change in any of it drops the whole cache, since
# numba checks a cached kernel against its own file only (compiler/cache_stamp.py)
KERNEL_SOURCES = ("engine", "encoding", "compiler", "rules", "cards.py", "errors.py",
                  "games/*/kernels", "games/*/rules.py")
drop_stale(Path(__file__).resolve().parent.parent, KERNEL_SOURCES)

shared = shared_link.shared
hot = shared_link.hot

kernel = jit(cache=True, nogil=True, inline="always", forceinline=False)
phase = jit(cache=True, nogil=True, _nrt=False, forceinline=False)
linked = jit(cache=True, nogil=True, _nrt=False, forceinline=True)
loop = jit(cache=True, nogil=True, forceinline=False)


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
    """A phase big enough to be worth calling by symbol (compiler/shared_link.py)."""
    return shared(phase(func))


def shared_linked(func):
    """A piece of the heuristic's deal that the thinking players' phases call too: compiled
    once, called by symbol from those, inlined by LLVM into the deal (``hot``)."""
    return shared(linked(func))
