"""Run an analysis's chunks on a Dask cluster instead of local threads.

A chunk is a pure function of (seed, its deal indices), so a worker computes exactly
what a local thread would, and integer counts sum to the same totals in any order:
the results are identical, bit for bit. Workers run one numba thread each and load
the kernels from the shared on-disk cache (run `pedro-sim warmup` once per machine).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from pedro_sim.errors import PedroError

_client: Any = None


def client() -> Any:
    """The Dask client analyses run on, or None for local threads."""
    return _client


@contextlib.contextmanager
def dask_backend(scheduler: str | None, workers: int | None) -> Iterator[None]:
    """Within the block, chunks go to the cluster at ``scheduler`` or to a local cluster of
    ``workers`` processes (one thread each); with neither, nothing changes."""
    global _client
    if scheduler is None and workers is None:
        yield
        return
    if scheduler is not None and workers is not None:
        raise PedroError("give --scheduler or --workers, not both")
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask is a dependency
        raise PedroError("Dask is not installed (pip install 'dask[distributed]')") from None
    cluster = None
    try:
        if workers is not None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=None)
            _client = Client(cluster)
        else:
            _client = Client(scheduler, timeout="5s")
    except (OSError, TimeoutError) as e:
        if cluster is not None:
            cluster.close()
        raise PedroError(f"cannot reach the Dask scheduler {scheduler or ''}: {e}") from None
    try:
        yield
    finally:
        _client.close()
        _client = None
        if cluster is not None:
            cluster.close()


def _chunk(step: Callable, first: int, count: int, chunk: int,
           row_shape: tuple[int, ...]) -> np.ndarray:
    """One chunk on a worker, on one numba thread."""
    import numba

    numba.set_num_threads(1)
    out = np.zeros((1, *row_shape), dtype=np.int64)
    step(first, count, chunk, out)
    return out[0]


def _rows(rows_of: Callable[[int, int], np.ndarray], first: int, count: int) -> np.ndarray:
    """One task of rows on a worker, on one numba thread."""
    import numba

    numba.set_num_threads(1)
    return rows_of(first, count)


def _gather(futures: dict, take: Callable[[np.ndarray, int], None], total: int, chunk: int,
            progress: Callable[[int], None] | None) -> None:
    """Each finished task's result to ``take`` with its first index, as they finish; Ctrl-C
    (or a failure) cancels the tasks still queued."""
    from dask.distributed import as_completed

    done = 0
    try:
        for future in as_completed(futures):
            first = futures[future]
            take(future.result(), first)
            done += min(chunk, total - first)
            if progress is not None:
                progress(done)
    except BaseException:
        _client.cancel(list(futures))
        raise


def run_on_cluster(step: Callable, total: int, row_shape: tuple[int, ...], chunk: int,
                   progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Sum the chunks of deals 0..total-1 computed by the cluster's workers."""
    futures = {_client.submit(_chunk, step, first, min(chunk, total - first), chunk, row_shape,
                              pure=False): first for first in range(0, total, chunk)}
    acc = np.zeros(row_shape, dtype=np.int64)
    _gather(futures, lambda part, first: np.add(acc, part, out=acc), total, chunk, progress)
    return acc


def rows_on_cluster(rows_of: Callable[[int, int], np.ndarray], total: int, width: int,
                    chunk: int, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Rows 0..total-1 (runner.run_rows) computed by the cluster's workers, ``chunk`` items
    a task, put in order."""
    futures = {_client.submit(_rows, rows_of, first, min(chunk, total - first),
                              pure=False): first for first in range(0, total, chunk)}
    rows = np.zeros((total, width), dtype=np.int64)

    def put(part: np.ndarray, first: int) -> None:
        rows[first:first + len(part)] = part

    _gather(futures, put, total, chunk, progress)
    return rows
