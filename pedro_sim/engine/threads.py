"""Thread sharing for every game's drivers: a call's work split into consecutive pieces,
each piece run on a thread of a pool with a scratch of its own.

The compiled loops are serial (no prange) and release the GIL, so a thread pool runs them
side by side. Each piece of work is a pure function of (seed, its deal or session
numbers), so results are the same whatever the thread count or the pieces. This module
knows no game: Pedro's drivers (engine/drivers) and every wing's use it alike.

>>> piece(Span(seed=7, first=100, count=10, chunk=4), 1, 3)
Span(seed=7, first=104, count=6, chunk=4)
>>> seen = []
>>> share(10, lambda a, b: seen.append((a, b)))
>>> sorted(seen)[0][0], sorted(seen)[-1][1]
(0, 10)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numba
import numpy as np

from pedro_sim.engine.jit import kernel


class Span(NamedTuple):
    """The deals a driver call plays: seed, first index, how many, and per chunk."""

    seed: int
    first: int
    count: int
    chunk: int


@kernel
def chunk_deals(span, ch):
    """The deal indices of chunk ``ch``."""
    lo = span.first + ch * span.chunk
    return range(lo, min(lo + span.chunk, span.first + span.count))


def piece(span: Span, a: int, b: int) -> Span:
    """The deals of ``span``'s chunks a..b-1, as a span of their own."""
    return Span(span.seed, span.first + a * span.chunk,
                min(span.count - a * span.chunk, (b - a) * span.chunk), span.chunk)


def share(n: int, run: Callable[[int, int], None], parts_per_thread: int = 1) -> None:
    """Call ``run(a, b)`` on consecutive pieces of 0..n-1, on numba's thread count
    (``parts_per_thread`` pieces a thread, where pieces are uneven in cost)."""
    threads = max(1, numba.get_num_threads())
    parts = min(n, threads * parts_per_thread)
    if parts <= 1:
        run(0, n)
        return
    bounds = [n * k // parts for k in range(parts + 1)]
    with ThreadPoolExecutor(threads) as pool:
        for f in [pool.submit(run, bounds[k], bounds[k + 1]) for k in range(parts)]:
            f.result()


def share_chunks(span: Span, out: np.ndarray, run: Callable[..., None],
                 scratch: Callable[[], tuple]) -> None:
    """Share ``span``'s chunks (a row of ``out`` each) among threads: each thread calls
    ``run(its piece of the span, its rows of out, *scratch())``, a scratch of its own."""
    def one(a: int, b: int) -> None:
        run(piece(span, a, b), out[a:b], *scratch())
    share(out.shape[0], one)
