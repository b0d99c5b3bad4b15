"""Run numba's compiler on one big block of Python's frame stack.

CPython 3.11 keeps the frames of running Python functions in 16 KiB chunks, allocated
with mmap when a call overflows the current chunk and unmapped as soon as the frame
that opened it returns. numba's compiler recurses deeply and its depth goes up and down
across a chunk boundary millions of times: in `pedro-sim warmup` 45% of the time went
to mmap, munmap and the page faults after them (perf; the boundary's place depends on
how deep the compiler is entered, so a first run through the CLI suffered most).

``outermost_on_big_chunk`` (called by pedro-sim's own dispatchers, compiler/dispatcher.py:
numba itself is not changed) makes the outermost compilation on each thread start in a
frame whose
declared stack size is about 2 MiB: CPython then opens a 4 MiB chunk for that frame,
whose unused rest holds the compiler's frames (the stack slots are never touched, so
this costs address space, not memory). The code run is unchanged.
"""

from __future__ import annotations

import threading
import types
from typing import Any

SLOTS = 270_000  # 2.1 MiB of stack slots: the chunk becomes 4 MiB, about 1.9 MiB left free


def _call(func, *args):
    return func(*args)


call_on_big_chunk = types.FunctionType(_call.__code__.replace(co_stacksize=SLOTS),
                                       _call.__globals__, "call_on_big_chunk")
_state = threading.local()


def outermost_on_big_chunk(compile_sig: Any, sig: Any) -> Any:
    """``compile_sig(sig)``, on the big chunk when no compilation runs on this thread yet
    (the compiler's nested compilations stay in the frame the outermost one opened)."""
    if getattr(_state, "inside", False):
        return compile_sig(sig)
    _state.inside = True
    try:
        return call_on_big_chunk(compile_sig, sig)
    finally:
        _state.inside = False
